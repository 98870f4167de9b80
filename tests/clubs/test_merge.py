"""Merging two records of one person, safely (issue 30): the page chooses no name in advance and says what will
change; the merge is refused for two who played in the same evening, as partners or as opponents; it is logged,
and undone from the log, after which the ladder and each player's evenings are exactly as before."""

from __future__ import annotations

import re

from scorekeeper.db import connect
from tests.seasons.helpers import evening

from .helpers import Club, ladder

# Best 2 of 3, by VP (20-VP scale):
#   Oct 1: Ann Smith & Bea 2600 against Cris & Dani 1200: 15 VP to 5.
#   Oct 8: Anne Smith & Cris 1800 against Bea & Dani 2000: 9 VP to 11 (Anne Smith is Ann, written another way).
#   Oct 15: Ann Smith & Dani 3000 against Cris & Eva 500: 18 VP to 2.
EVENINGS = [
    ("One", "2026-10-01", [("Ann Smith", "Bea"), ("Cris", "Dani")], {"Ann Smith & Bea": 2600, "Cris & Dani": 1200}),
    ("Two", "2026-10-08", [("Anne Smith", "Cris"), ("Bea", "Dani")], {"Anne Smith & Cris": 1800, "Bea & Dani": 2000}),
    ("Three", "2026-10-15", [("Ann Smith", "Dani"), ("Cris", "Eva")], {"Ann Smith & Dani": 3000, "Cris & Eva": 500}),
]
# Two records: Ann Smith 15 and 18 (33, two evenings), Anne Smith 9 (one evening). Bea 15, 11 -> 26; Cris 5, 9, 2
# -> best two 14; Dani 5, 11, 18 -> 29; Eva 2. As one person, Ann Smith's best two of 15, 9, 18 are 33 still, over
# three evenings.
BEFORE = [(1, ("Ann Smith",), 2, 33), (2, ("Dani",), 3, 29), (3, ("Bea",), 2, 26), (4, ("Cris",), 3, 14),
          (5, ("Anne Smith",), 1, 9), (6, ("Eva",), 1, 2)]
AFTER = [(1, ("Ann Smith",), 3, 33), (2, ("Dani",), 3, 29), (3, ("Bea",), 2, 26), (4, ("Cris",), 3, 14),
         (5, ("Eva",), 1, 2)]


def selected(page: str) -> list[str]:
    """The values of the merge page's select that a browser would send: the option marked selected."""
    select = re.search(r'<select id="merge-other".*?</select>', page, re.S).group(0)
    return re.findall(r'<option value="([^"]*)" selected', select)


def test_a_safe_merge_its_refusal_and_its_undo(no_csrf_app):
    club = Club(no_csrf_app, "Thursday Club", "Ana")
    token = club.season(name="Autumn", count="best", best="2", of="3", minimum="1")
    db = connect(no_csrf_app.config["DATABASE"])
    with no_csrf_app.test_request_context():
        for name, date, pairs, score in EVENINGS:
            evening(db, name, date, pairs, [{frozenset(score): score}], club_id=club.id,
                    season_id=club.season_id(token))
    db.close()
    director = club.client
    assert ladder(director, token) == BEFORE
    ann, anne, cris, eva = (club.player(n) for n in ("Ann Smith", "Anne Smith", "Cris", "Eva"))
    merge = f"{club.area}/players/{ann}/merge"

    # The page first: nothing chosen in advance, then what will change.
    page = director.get(merge).get_data(as_text=True)
    assert selected(page) == [""] and "What will change" not in page
    plan = director.get(f"{merge}?other={anne}").get_data(as_text=True)
    assert "Anne Smith's 1 evening becomes Ann Smith's." in plan and "Ann Smith then has 3 evenings." in plan
    assert ladder(director, token) == BEFORE  # looking changed nothing

    # Refused for two who played in the same evening: partners (Ann Smith and Dani), opponents (Ann Smith and Cris).
    for other, evening_name in ((club.player("Dani"), "Three"), (cris, "One")):
        refused = director.get(f"{merge}?other={other}")
        assert refused.status_code == 422 and "they cannot be merged" in refused.get_data(as_text=True)
        assert evening_name in refused.get_data(as_text=True)
        answer = director.post(merge, data={"other": other}, follow_redirects=True)
        assert "they cannot be merged" in answer.get_data(as_text=True)
    assert ladder(director, token) == BEFORE

    # The merge, written in the log, and the ladder as one person.
    done = director.post(merge, data={"other": anne})
    assert done.status_code == 303
    assert ladder(director, token) == AFTER
    log = director.get(f"{club.area}/log").get_data(as_text=True)
    assert "merged Anne Smith into Ann Smith" in log
    undo = re.search(r'action="([^"]+/undo)"', log).group(1)

    # Undone from the log: two people again, the ladder as it was, and the line cannot be undone twice.
    assert director.post(undo).status_code == 303
    assert ladder(director, token) == BEFORE
    log = director.get(f"{club.area}/log").get_data(as_text=True)
    assert "undid the merge: Anne Smith and Ann Smith are two players again" in log and "(undone by Ana)" in log
    assert director.post(undo, follow_redirects=True).get_data(as_text=True).count("This was already undone.") == 1
    assert ladder(director, token) == BEFORE
    assert eva  # Eva, never merged, is untouched throughout
