"""The referee's pages: three questions under every profile, bad input, htmx fragments, setup from a game,
and the rules pages. Every verdict on the page is the engine's (checked against the engine where it matters)."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.games import create_game
from scorekeeper.stores.summary import game_summary
from scorekeeper.rules import PROFILES, Situation, check_meld, get_profile, parse_cards, profile_options
from scorekeeper.rules.cards import pack_limits
from scorekeeper.rules.explain import TOPICS
from tests.recording import game_path

from ..api.cases import going_out_table
from scorekeeper.web.wording import citation, document_title

PROFILE_IDS = list(PROFILES)
HX = {"HX-Request": "true"}


def text(response) -> str:
    return re.sub(r"\s+", " ", unescape(response.get_data(as_text=True)))


def words(response) -> str:
    """The page's text without its tags."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))


def verdict_word(response) -> str:
    match = re.search(r'data-legal="(yes|no)"', response.get_data(as_text=True))
    assert match, "no verdict on the page"
    return "LEGAL" if match.group(1) == "yes" else "NOT LEGAL"


def error_next_to(response, name: str) -> str:
    html = unescape(response.get_data(as_text=True))
    match = re.search(rf'<p id="error-{re.escape(name)}" class="field-error"[^>]*>([^<]*)</p>', html)
    assert match, f"no error slot for {name}"
    return match.group(1)


def violation_codes(response) -> list[str]:
    return re.findall(r'<li data-code="([^"]+)"', response.get_data(as_text=True))


# ---------------------------------------------------------------------------------------------
# Is this meld legal?
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_meld_of_three_queens_after_opening_is_legal_everywhere(client, pid):
    response = client.post("/referee/meld", data={"rules": pid, "opened": "1", "melds-0": "Q Q Q"})
    assert response.status_code == 200
    assert verdict_word(response) == "LEGAL"
    assert "LEGAL" in text(response) and "Q Q Q" in text(response)


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_meld_with_four_wild_cards_is_not_legal_anywhere(client, pid):
    """Every document caps the wild cards in a meld (three, or two under modern-american)."""
    response = client.post("/referee/meld", data={"rules": pid, "opened": "1", "melds-0": "K K 2 2 2 2"})
    assert response.status_code == 200
    assert verdict_word(response) == "NOT LEGAL"
    assert "meld.too_many_wilds" in violation_codes(response)
    page = text(response)
    profile = get_profile(pid)
    verdict = check_meld(profile, Situation(opened=True), melds=[parse_cards("K K 2 2 2 2")])
    for violation in verdict.violations:
        assert str(violation.message) in page
        assert citation(profile, violation.source) in page


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_opening_below_the_minimum_shows_points_against_minimum(client, pid):
    profile = get_profile(pid)
    response = client.post("/referee/meld", data={"rules": pid, "score": "1500", "melds-0": "K K K"})
    assert response.status_code == 200
    assert verdict_word(response) == "NOT LEGAL"
    assert "meld.below_minimum" in violation_codes(response)
    page = text(response)
    assert re.search(r'class="big-number">30<', response.get_data(as_text=True))
    assert f'class="minimum-figure">{profile.minimum(1500)}<' in response.get_data(as_text=True)
    assert "points count toward the initial meld" in page


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_two_kings_with_three_wilds_follows_each_document(client, pid):
    """bicycle and classic: no ratio rule (legal); yahoo, silhill: too many wilds for two naturals;
    modern-american: at most two wild cards."""
    response = client.post("/referee/meld", data={"rules": pid, "opened": "1", "melds-0": "K K 2 2 JK"})
    expected = check_meld(get_profile(pid), Situation(opened=True), melds=[parse_cards("K K 2 2 JK")]).legal
    assert expected == (pid in ("bicycle", "classic"))
    assert verdict_word(response) == ("LEGAL" if expected else "NOT LEGAL")


def test_other_reading_is_shown_where_the_club_option_would_decide_otherwise(client):
    response = client.post("/referee/meld", data={"rules": "bicycle", "opened": "1", "melds-0": "K K 2 2 JK"})
    page = text(response)
    assert "If your club reads the rules differently" in page
    assert "Wild cards may outnumber natural cards: no" in page
    assert "the answer would be NOT LEGAL" in words(response)


def test_cards_added_to_a_meld_on_the_table_and_a_canasta_with_its_bonus(client):
    response = client.post("/referee/meld", data={
        "rules": "bicycle", "opened": "1", "table-0": "K K K K K", "add-0": "K 2"})
    assert verdict_word(response) == "LEGAL"
    page = text(response)
    assert "K K K K K K 2" in page
    assert "Mixed canasta: bonus 300" in page


def test_meld_going_out_with_black_threes(client):
    """bicycle: Melds — black threes only when going out."""
    data = {"rules": "bicycle", "opened": "1", "melds-0": "3S 3S 3C"}
    assert verdict_word(client.post("/referee/meld", data=data)) == "NOT LEGAL"
    assert verdict_word(client.post("/referee/meld", data={**data, "going_out": "1"})) == "LEGAL"


# ---------------------------------------------------------------------------------------------
# May I take the pile?
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_natural_pair_takes_an_unfrozen_pile_everywhere(client, pid):
    response = client.post("/referee/pile", data={"rules": pid, "opened": "1", "top": "Q", "uses": "Q Q",
                                                  "below": "7 9 K"})
    assert response.status_code == 200
    assert verdict_word(response) == "LEGAL"
    assert "takes <strong>3</strong> cards" in response.get_data(as_text=True)


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_a_wild_card_on_top_cannot_be_taken(client, pid):
    response = client.post("/referee/pile", data={"rules": pid, "opened": "1", "top": "2", "uses": "2 2"})
    assert verdict_word(response) == "NOT LEGAL"
    assert "pile.wild_on_top" in violation_codes(response)


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_frozen_pile_refuses_a_natural_and_a_wild(client, pid):
    response = client.post("/referee/pile", data={"rules": pid, "opened": "1", "top": "Q", "uses": "Q 2",
                                                  "frozen": "1"})
    assert verdict_word(response) == "NOT LEGAL"
    codes = violation_codes(response)
    assert "pile.frozen_needs_natural_pair" in codes or "pile.needs_natural_pair" in codes


def test_pile_opening_counts_toward_the_minimum(client):
    """bicycle: Taking the Pile — the top card counts toward the minimum."""
    response = client.post("/referee/pile", data={"rules": "bicycle", "score": "0", "top": "K", "uses": "K K",
                                                  "melds-0": "A A A"})
    assert verdict_word(response) == "LEGAL"
    assert re.search(r'class="big-number">90<', response.get_data(as_text=True))


# ---------------------------------------------------------------------------------------------
# May I go out?
# ---------------------------------------------------------------------------------------------

TWO_CANASTAS = {"table-0": "K K K K K K K", "table-1": "Q Q Q Q Q Q Q"}


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_going_out_with_two_canastas_and_a_discard_is_legal_everywhere(client, pid):
    """The canastas going out needs (an escalera among two under bolivia, two clean and two dirty books under
    hand-and-foot, from the foot) and a discard make going out legal under every profile."""
    table = {f"table-{i}": meld for i, meld in enumerate(going_out_table(pid))}
    data = {"rules": pid, "opened": "1", "player_melded": "1", **table, "melds-0": "9 9 9",
            "discard": "5", "drew": "stock", "in_foot": "1"}
    response = client.post("/referee/go-out", data=data)
    assert response.status_code == 200
    assert verdict_word(response) == "LEGAL"
    profile = get_profile(pid)
    assert f"a bonus of <strong>{profile.going_out_bonus}</strong>" in response.get_data(as_text=True)


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_going_out_without_a_canasta_is_not_legal(client, pid):
    data = {"rules": pid, "opened": "1", "table-0": "K K K", "melds-0": "9 9 9", "discard": "5"}
    response = client.post("/referee/go-out", data=data)
    assert verdict_word(response) == "NOT LEGAL"
    assert {"go_out.too_few_canastas", "go_out.too_few_canastas_of_kind"} & set(violation_codes(response))


def test_modern_american_needs_a_last_discard(client):
    """modern-american: END OF PLAY — going out ends with a discard."""
    data = {"rules": "modern-american", "opened": "1", **TWO_CANASTAS, "melds-0": "9 9 9"}
    response = client.post("/referee/go-out", data=data)
    assert "go_out.discard_required" in violation_codes(response)


def test_concealed_going_out_earns_the_extra_bonus(client):
    """bicycle: Concealed Hand — the whole hand in one turn with a canasta: 100 + 100."""
    data = {"rules": "bicycle", "melds-0": "K K K K K K K", "melds-1": "A A A", "drew": "stock"}
    response = client.post("/referee/go-out", data=data)
    assert verdict_word(response) == "LEGAL"
    assert "Concealed going out" in text(response)
    assert "a bonus of <strong>200</strong>" in response.get_data(as_text=True)


# ---------------------------------------------------------------------------------------------
# Bad input: a clear message next to the field, status 422, never a 500
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pid", PROFILE_IDS)
@pytest.mark.parametrize(
    "url, data, field, words",
    [
        ("/referee/meld", {"melds-0": "K K Z"}, "melds-0", "'Z' is not a card"),
        ("/referee/meld", {"opened": "1", "melds-0": "3 3 3"}, "melds-0", "three needs its suit"),
        # one king more than the profile's pack holds (8 in two packs, 12 in three, 20 in five)
        ("/referee/meld", {"opened": "1", "table-0": "{kings}", "add-0": "K"}, "add-0", "only {limit} kings"),
        ("/referee/pile", {"top": "X"}, "top", "'X' is not a card"),
        ("/referee/pile", {"top": "K Q", "uses": "K K"}, "top", "single card"),
        ("/referee/pile", {"uses": "K K"}, "top", "top card"),
        ("/referee/go-out", {"discard": "3"}, "discard", "three needs its suit"),
        ("/referee/go-out", {"melds-0": "{jokers}"}, "melds-0", "only {jokers_limit} jokers"),
        ("/referee/meld", {"score": "lots", "melds-0": "K K K"}, "score", "whole number"),
        ("/referee/meld", {"table-0": "K K K", "add-0": "K"}, "opened", "already opened"),
    ],
)
def test_bad_input_is_answered_next_to_its_field(client, pid, url, data, field, words):
    limits = pack_limits(get_profile(pid).packs)
    fill = {"kings": " ".join(["K"] * limits["K"]), "limit": limits["K"],
            "jokers": " ".join(["JK"] * (limits["JK"] + 1)), "jokers_limit": limits["JK"]}
    data = {key: value.format(**fill) for key, value in data.items()}
    words = words.format(**fill)
    response = client.post(url, data={"rules": pid, **data})
    assert response.status_code == 422
    assert words in error_next_to(response, field)
    assert "could not read everything" in text(response)
    # htmx: the message arrives out of band into the same slot
    fragment = client.post(url, data={"rules": pid, **data}, headers=HX)
    assert fragment.status_code == 422
    assert "<html" not in fragment.get_data(as_text=True)
    assert re.search(rf'<p id="error-{field}" class="field-error" role="alert" hx-swap-oob="true">[^<]*{re.escape(words)}',
                     unescape(fragment.get_data(as_text=True)))


# ---------------------------------------------------------------------------------------------
# Page or fragment
# ---------------------------------------------------------------------------------------------


def test_htmx_gets_the_verdict_fragment_and_clears_old_errors(client):
    response = client.post("/referee/meld", data={"rules": "yahoo", "opened": "1", "melds-0": "J J J"}, headers=HX)
    body = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in body and 'id="question-form"' not in body
    assert 'data-legal="yes"' in body
    assert '<p id="error-melds-0" class="field-error" hx-swap-oob="true"></p>' in body
    assert "HX-Request" in response.headers.get("Vary", "")


def test_plain_post_gets_the_whole_page_with_the_verdict_and_the_form(client):
    response = client.post("/referee/meld", data={"rules": "yahoo", "opened": "1", "melds-0": "J J J"})
    body = response.get_data(as_text=True)
    assert "<html" in body and 'id="question-form"' in body and 'data-legal="yes"' in body
    assert 'value="J J J"' in body
    assert "hx-swap-oob" not in body


def test_another_meld_adds_a_slot_without_a_verdict(client):
    response = client.post("/referee/meld", data={"rules": "classic", "melds-0": "K K K", "more": "melds"})
    body = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'name="melds-1"' in body and 'value="K K K"' in body
    assert "data-legal" not in body
    table = client.post("/referee/go-out", data={"rules": "classic", "more": "table"}, headers=HX)
    assert 'name="table-1"' in table.get_data(as_text=True) and 'id="question-form"' in table.get_data(as_text=True)


def test_every_question_page_shows_a_card_picker_with_a_plain_text_input(client):
    for url in ("/referee/meld", "/referee/pile", "/referee/go-out"):
        body = client.get(url + "?rules=silhill").get_data(as_text=True)
        assert "data-card-picker" in body and 'class="card-picker-input"' in body
        assert 'type="text"' in body
        assert "/static/js/cardpicker." in body and "/static/css/cardpicker." in body
        for token in ("A", "K", "10", "4", "3♥", "3♣", "2", "JK"):
            assert f'data-card="{token}"' in body


# ---------------------------------------------------------------------------------------------
# Where the referee starts
# ---------------------------------------------------------------------------------------------


def test_index_asks_for_a_profile_first(client):
    body = client.get("/referee/").get_data(as_text=True)
    for pid, profile in PROFILES.items():
        assert f'href="/referee/?rules={pid}"' in body
        assert profile.name in body
    assert client.get("/referee/meld").status_code == 303
    response = client.get("/referee/meld")
    assert response.headers["Location"].endswith("/referee/?ask=meld")
    chosen = client.get("/referee/?rules=yahoo&ask=meld")
    assert chosen.status_code == 303 and chosen.headers["Location"].endswith("/referee/meld?rules=yahoo")


def test_home_page_links_the_referee(client):
    body = client.get("/").get_data(as_text=True)
    assert 'href="/referee/"' in body and 'href="/referee/rules"' in body


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_query_parameters_set_profile_and_minimum(client, pid):
    profile = get_profile(pid)
    body = text(client.get(f"/referee/?rules={pid}&score=3000"))
    assert profile.name in body
    assert f'id="minimum">{profile.minimum(3000) or "none"}<' in body
    for endpoint in ("meld", "pile", "go-out"):
        assert f"/referee/{endpoint}?rules={pid}&amp;score=3000" in client.get(
            f"/referee/?rules={pid}&score=3000").get_data(as_text=True)
    page = words(client.get(f"/referee/meld?rules={pid}&score=3000"))
    minimum = profile.minimum(3000)
    if minimum:
        assert f"At 3,000 the initial-meld minimum is {minimum}" in page
    else:
        assert "At 3,000 there is no initial-meld minimum" in page


def test_options_as_json_or_repeated_parameters(client):
    as_json = client.get("/referee/go-out?rules=yahoo&options=" + json.dumps({"canastas_to_go_out": 2}))
    repeated = client.get("/referee/go-out?rules=yahoo&opt.canastas_to_go_out=2")
    for response in (as_json, repeated):
        assert response.status_code == 200
        assert "Canastas needed to go out: 2" in text(response)
        assert 'name="options" value="{&#34;canastas_to_go_out&#34;:2}"' in response.get_data(as_text=True)
    data = {"rules": "yahoo", "options": '{"canastas_to_go_out":2}', "opened": "1",
            "table-0": "K K K K K K K", "melds-0": "9 9 9"}
    response = client.post("/referee/go-out", data=data)
    assert verdict_word(response) == "NOT LEGAL"
    assert {"go_out.too_few_canastas", "go_out.too_few_canastas_of_kind"} & set(violation_codes(response))
    assert "Canastas needed to go out: 1" in text(response)  # the other reading


def test_bad_setup_parameters_get_a_clear_error_page(client):
    assert client.get("/referee/?rules=poker").status_code == 404
    bad_option = client.get("/referee/meld?rules=bicycle&opt.no_such=1")
    assert bad_option.status_code == 400 and "no option" in text(bad_option)
    assert client.get("/referee/meld?rules=bicycle&options={oops").status_code == 400
    assert client.get("/referee/?rules=bicycle&score=many").status_code == 400
    assert client.get("/referee/meld?game=999").status_code == 404


SIDES = [
    {"key": "we", "name": "We", "players": ["Ann", "Cy"]},
    {"key": "they", "name": "They", "players": ["Bo", "Di"]},
]


def test_opening_from_a_game_uses_its_profile_options_and_side_total(client, db):
    game_id = create_game(db, rules="yahoo", options={"canastas_to_go_out": 2}, sides=SIDES)
    deal = {
        "we": {"meld_points": 1000, "canastas": {"natural": 1}, "hand_points": 0, "red_threes": 0,
               "went_out": True},
        "they": {"meld_points": 50, "canastas": {}, "hand_points": 0, "red_threes": 0},
    }
    add_deal(db, game_id, deal, mode="totals", expected_version=1)
    summary = game_summary(db, game_id)
    total = summary.totals["we"]
    link = summary.game.link
    assert client.get(f"/referee/?game={game_id}&side=we").status_code == 404  # its number is no address
    response = client.get(f"/referee/?game={link}&side=we")
    page = text(response)
    assert response.status_code == 200
    assert "Yahoo! Games rules" in page and "Canastas needed to go out: 2" in page
    assert f'value="{total}"' in response.get_data(as_text=True)
    assert f'id="minimum">{summary.minimums["we"]}<' in page
    assert f'href="{game_path(client, game_id)}"' in page  # "Back to the game"
    form = client.get(f"/referee/meld?game={link}&side=we").get_data(as_text=True)
    assert f'name="game" value="{link}"' in form and 'name="side" value="we"' in form
    assert f'value="{total}"' in form
    answer = client.post("/referee/meld", data={"game": link, "side": "we", "score": str(total),
                                                "melds-0": "K K K"})
    assert verdict_word(answer) == "NOT LEGAL"
    assert f'class="minimum-figure">{summary.minimums["we"]}<' in answer.get_data(as_text=True)
    assert client.get(f"/referee/?game={link}&side=nobody").status_code == 404
    for number in (game_id, game_id + 1, 0):
        assert client.post("/referee/meld", data={"game": str(number), "melds-0": "K K K"}).status_code == 404


# ---------------------------------------------------------------------------------------------
# The rules pages
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_rules_page_has_every_topic_each_with_a_source(client, pid):
    profile = get_profile(pid)
    response = client.get(f"/referee/rules/{pid}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    for key, title in TOPICS:
        section = re.search(rf'<section class="card rules-topic" id="topic-{key}">(.*?)</section>', html, re.S)
        assert section, key
        assert title in section.group(1)
        assert '<span class="source">' in section.group(1)
        assert document_title(profile) in unescape(section.group(1))
    for option in profile_options(profile):
        assert f'data-option="{option.name}"' in html


def test_rules_page_of_unknown_profile_is_404(client):
    assert client.get("/referee/rules/poker").status_code == 404


def test_rules_page_applies_club_options(client):
    page = text(client.get("/referee/rules/modern-american?opt.rule_of_five=true"))
    assert "a wild card may only join a meld that already holds five natural cards" in page


def test_comparison_page_shows_each_topic_with_every_profiles_value(client):
    response = client.get("/referee/rules")
    assert response.status_code == 200
    html = unescape(response.get_data(as_text=True))
    for key, title in TOPICS:
        assert f'id="topic-{key}"' in html and title in html
    melds = re.search(r'id="topic-melds">(.*?)</section>', html, re.S).group(1)
    point = re.search(r"<h3>Wild cards against natural cards</h3>(.*?)</dl>", melds, re.S).group(1)
    for profile in PROFILES.values():
        assert profile.name in point
    assert "natural > wild" in point and "wild ≤ natural" in point
    assert "The same in every rule set" in html
    for pid in PROFILES:
        assert f'href="/referee/rules/{pid}"' in html
