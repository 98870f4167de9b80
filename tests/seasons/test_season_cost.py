"""A season's cost stays flat in a club's history (issue 32): once an evening is finished its standings are a fact
of the store, so reading a season (its JSON, its page, its ladder PDF) or a member's page scores no deal of a
finished evening; every write that can change a finished evening's results rewrites that fact, and the database
adds the ladder up from those facts and the roster as it stands, so the ladder read after any write (a result, an
evening finished or reopened, evenings attached or detached, a merge and its undo, a name corrected, a player's
choice of how they are shown, an archive) is the one worked out from every deal (``live_ladder``), under every
season rule (all evenings, or the best N)."""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest

from scorekeeper.db import connect
from scorekeeper.db.postgres import PostgreSQL
from scorekeeper.db.sqlite import SQLite
from scorekeeper.stores import player_merge, players, season_transfer, seasons
from scorekeeper.stores.club_log import get_item
from scorekeeper.stores.games import list_deals
from scorekeeper.stores.summary import summary_cache
from scorekeeper.stores.tournaments import play, records, results, rounds, running
from scorekeeper.tournaments.ladder import Rules, match_points
from tests.clubs.helpers import Club
from tests.worlds import Worlds

from .ladder_oracle import EveningScore, worked_out
from .long_season import ALL_EVENINGS, file_bytes, played_evening

#: A statement that reads a game's deals (to score them): none may run to read a finished evening.
READS_DEALS = re.compile(r'\bFROM\s+"?deals"?\b', re.IGNORECASE)


@contextmanager
def deals_read(monkeypatch):
    """The statements reading deals while the block runs, on either engine, with the summary cache emptied."""
    seen: list[str] = []
    summary_cache.clear()
    with monkeypatch.context() as patch:
        for engine in (SQLite, PostgreSQL):
            def counting(self, sql, params=(), _execute=engine.execute):
                if READS_DEALS.search(sql):
                    seen.append(sql)
                return _execute(self, sql, params)
            patch.setattr(engine, "execute", counting)
        yield seen


def live_ladder(db, season) -> list[tuple]:
    """The ladder worked out from every deal of every finished evening, as the app did before standings were kept,
    counted and added up by the tests' own reckoning (``ladder_oracle``)."""
    scores, ids = [], set()
    for tournament in seasons.evenings(db, season.id):
        if tournament.status != "finished":
            continue
        outcome = results.results(db, tournament.id)
        people = players.player_ids(db, outcome.entries)
        for line in outcome.standings:
            for player in people.get(line.entry, ()) if line.games else ():
                ids.add(player)
                scores.append(EveningScore(evening=tournament.id, date=tournament.date, player=player, vp=line.vp,
                                           match=match_points(line.games), points=line.points))
    return shown(worked_out(season.rules, scores, players.names(db, ids)))


def shown(rows) -> list[tuple]:
    return [(r.rank, r.name, r.evenings, r.points, r.best, tuple(sorted(r.scores.items()))) for r in rows]


def kept_ladder(db, season) -> list[tuple]:
    return shown(seasons.season_ladder(db, seasons.get_season(db, season.id)))


#: A season that counts each player's better evening of its two, by match points (``ROW_NUMBER`` in the database).
BEST_BY_MATCH = Rules(count="best", best=1, of=2, minimum=1, ranking="match", tie_break="evenings")


@pytest.fixture
def rules():
    return ALL_EVENINGS


def _season(app, rules) -> dict:
    """A club's season of two evenings played deal by deal (8 pairs, 3 rounds of 4 deals), its director signed in;
    its ladder's rules are ``rules`` (built once for each, tests/worlds.py)."""
    club = Club(app, "Monday Club", "Ana")
    db = connect(app.config["DATABASE"])
    try:
        with app.test_request_context():
            found = seasons.create_season(db, club.id, name="Winter", rules=rules)
            ids = [played_evening(db, club.id, found.id, name, date)
                   for name, date in (("Monday one", "2026-01-05"), ("Monday two", "2026-01-12"))]
    finally:
        db.close()
    return {"club": club, "season": found, "ids": ids}


WORLDS = Worlds(season=_season, by=("rules",))
database, world = WORLDS.database, WORLDS.world


@pytest.fixture
def season(no_csrf_app, world):
    """The season's world in this test's database (every evening by VP, unless a test says otherwise): its
    connection, with the club, the season and its evenings' ids."""
    db = connect(no_csrf_app.config["DATABASE"])
    with no_csrf_app.test_request_context():
        db.club, db.season, db.ids = world["club"], world["season"], world["ids"]
        yield db
    db.close()


def test_reading_a_season_and_a_members_page_scores_no_deal_of_a_finished_evening(season, monkeypatch):
    club, token = season.club, season.season.results_token
    pages = [f"/api/v1/seasons/{token}", f"/results/season/{token}", f"/results/season/{token}/ladder.pdf",
             f"/clubs/{club.public}/players/{club.player('Ana')}",
             f"{club.area}/players/{club.player('Ana')}", f"/clubs/{club.public}"]
    for page in pages:
        with deals_read(monkeypatch) as seen:
            answer = club.client.get(page)
        assert answer.status_code == 200, page
        assert seen == [], f"{page} read the deals {len(seen)} times"
    assert kept_ladder(season, season.season) == live_ladder(season, season.season)


def _table(db, tournament_id: int, round_number: int = 1, number: int = 1):
    return next(t for t in rounds.list_tables(db, tournament_id, round_number) if t.number == number)


@pytest.mark.parametrize("rules", [ALL_EVENINGS, BEST_BY_MATCH], ids=["all_by_vp", "best_by_match"])
def test_every_change_to_a_finished_evening_is_read_in_the_ladder_afterwards(season, rules):
    db, found, (first, second) = season, season.season, season.ids
    before = kept_ladder(db, found)
    assert before == live_ladder(db, found)
    changes = []

    def read():  # the ladder the database adds up, and the one worked out from every deal, after each write
        changes.append(kept_ladder(db, found))
        assert changes[-1] == live_ladder(db, found), f"after write {len(changes)}"

    # The director corrects one deal of a table of the finished first evening.
    table = _table(db, first)
    deal = list_deals(db, table.game_id)[0]
    sides = {"we": {"meld_points": 1000, "hand_points": 0, "canastas": {"natural": 0, "mixed": 0}, "red_threes": 0,
                    "went_out": False},
             "they": {"meld_points": 50, "hand_points": 0, "canastas": {"natural": 0, "mixed": 0}, "red_threes": 0,
                      "went_out": False}}
    play.correct_deal(db, table, deal.id, sides, reason="misread", who="director")
    read()
    # ... sets another table's score, then takes it back to the game's own.
    other = _table(db, second, 2, 2)
    results.set_result(db, other, kind="corrected", we=5000, they=0, reason="misread", who="director")
    read()
    results.clear_result(db, rounds.get_table(db, second, other.id), reason="it was right", who="director")
    read()
    # ... reopens the second evening (it no longer counts), and finishes it again.
    running.reopen_tournament(db, second, who="director")
    read()
    running.finish_tournament(db, second, who="director")
    read()
    # ... corrects a name (the entry's player is another person of the roster).
    entry = next(e for e in records.list_entries(db, first) if e.name == "Ana & Bea")
    records.rename_entry(db, first, entry.id, ["Ana", "Zoe"], who="director")
    read()

    assert changes[0] != before and changes[1] != changes[0] and changes[2] == changes[0]
    assert len(changes[3]) == len(before) and all(row[2] == 1 for row in changes[3])  # one evening counts
    assert changes[4] == changes[2]
    assert "Zoe" in {row[1] for row in changes[5]}


def test_evenings_attached_and_detached_join_and_leave_the_ladder(season):
    db, club = season, season.club
    found = seasons.get_season(db, season.season.id)
    third = played_evening(db, club.id, None, "Monday three", "2026-01-19")  # finished, in no season
    before = kept_ladder(db, found)
    link = db.execute("SELECT link FROM tournaments WHERE id = ?", [third]).fetchone()[0]
    seasons.attach(db, found, [link])
    attached = kept_ladder(db, found)
    assert attached == live_ladder(db, found) and {row[2] for row in attached} == {3}
    seasons.detach(db, found, [link])
    assert kept_ladder(db, found) == before == live_ladder(db, found)


def test_a_players_choice_of_how_they_are_shown_is_read_at_once(season):
    db, club, token = season, season.club, season.season.results_token
    ana = players.by_link(db, club.id, club.player("Ana"))

    def names():
        return {name for row in club.client.get(f"/api/v1/seasons/{token}").get_json()["rows"]
                for name in row["players"]}

    assert "Ana" in names()
    players.set_shown(db, club.id, ana, "initials", director=None)
    assert "A." in names() and "Ana" not in names()
    players.set_shown(db, club.id, players.get_player(db, club.id, ana.id), "hidden", director=None)
    assert "A." not in names() and "Name not shown" in names()
    assert "Ana" not in club.client.get(f"/results/season/{token}").get_data(as_text=True)


def test_a_merge_and_its_undo_keep_the_ladder_right(season):
    db, found, club = season, season.season, season.club
    # Ana and Zoe: one person written two ways (Zoe plays for Ana on the second evening).
    entry = next(e for e in records.list_entries(db, season.ids[1]) if e.name == "Ana & Bea")
    records.rename_entry(db, season.ids[1], entry.id, ["Zoe", "Bea"], who="director")
    before = kept_ladder(db, found)
    assert before == live_ladder(db, found) and {"Ana", "Zoe"} <= {row[1] for row in before}
    ana, zoe = (players.by_link(db, club.id, club.player(name)) for name in ("Ana", "Zoe"))
    item = player_merge.merge(db, club.id, ana.id, zoe.id, director=None)
    merged = kept_ladder(db, found)
    assert merged == live_ladder(db, found)
    assert "Zoe" not in {row[1] for row in merged} and next(r for r in merged if r[1] == "Ana")[2] == 2
    player_merge.undo_merge(db, club.id, get_item(db, club.id, item), director=None)
    assert kept_ladder(db, found) == before == live_ladder(db, found)


def test_an_evening_finished_before_its_standings_were_kept_is_kept_at_its_first_read(season, monkeypatch):
    """Migration 0016 keeps no standings for the evenings finished before it, and standings kept by another version
    of the engine are not read: the first read works them out and keeps them, and the reads after it score no
    deal."""
    db, club, token = season, season.club, season.season.results_token
    db.execute("UPDATE evening_standings SET engine = 'older', vp = 0, points = 0 WHERE tournament_id = ?",
               [season.ids[0]])
    assert kept_ladder(db, season.season) == live_ladder(db, season.season)
    db.execute("DELETE FROM evening_standings")
    assert club.client.get(f"/api/v1/seasons/{token}").status_code == 200
    kept_rows = db.execute("SELECT COUNT(*) FROM evening_standings").fetchone()[0]
    assert kept_rows == 2 * 8
    with deals_read(monkeypatch) as seen:
        assert club.client.get(f"/results/season/{token}").status_code == 200
    assert seen == []
    assert kept_ladder(db, season.season) == live_ladder(db, season.season)
    # Archiving keeps them inside its own write, and the ladder it keeps is the one of the deals.
    live = live_ladder(db, season.season)
    db.execute("DELETE FROM evening_standings")
    seasons.archive(db, season.season.id)
    assert db.execute("SELECT COUNT(*) FROM evening_standings").fetchone()[0] == 2 * 8
    assert kept_ladder(db, season.season) == live


def test_an_imported_season_keeps_the_running_totals_of_its_deals(season, no_csrf_app):
    """Each deal of an imported evening has the running totals a save keeps, written by the import, so that no
    first read of its games scores them (a file never brings them: the server scores the deals itself)."""
    db = season
    document = season_transfer.export_season(db, season.season.id)
    document["season"]["results_token"] = "another-season-link"
    for tournament in document["tournaments"]:
        tournament["row"]["results_token"] += "-again"
    other = Club(no_csrf_app, "Tuesday Club", "Ana")
    season_transfer.import_season(db, file_bytes(document), other.id)
    here, there = running_totals(db, season.club.id), running_totals(db, other.id)
    assert there == here and len(there) == 2 * 3 * 4 * 4  # evenings, rounds, tables, deals


def running_totals(db, club_id: int) -> list[tuple]:
    """The running totals kept with each deal of the club's evenings, by evening, table and deal."""
    return [tuple(row) for row in db.execute(
        "SELECT t.date, tt.round_number, tt.number, d.seq, d.running FROM deals d JOIN tournament_tables tt "
        "ON tt.game_id = d.game_id JOIN tournaments t ON t.id = tt.tournament_id WHERE t.club_id = ? "
        "ORDER BY 1, 2, 3, 4", [club_id]).fetchall()]
