"""No request, however malformed, makes any page of the app answer 500.

Every route of every blueprint is walked from ``app.url_map``: its path parameters are replaced by ids that exist,
ids that do not, 0, negative and huge numbers and odd strings; it is sent GET and POST (CSRF off) with the real
field names of its forms filled with garbage, with and without htmx's headers.
"""

from __future__ import annotations

import re

import pytest
from werkzeug.datastructures import MultiDict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.games import create_game, get_game, list_deals
from scorekeeper.db import connect
from scorekeeper.stores import club_access, club_log, club_tables, clubs, players, rule_sets, seasons
from scorekeeper.stores.tournaments import records, rounds
from scorekeeper.tournaments.ladder import Rules

from ..tournaments.conftest import create_tournament, enter
from tests.recording import tournament_path
from tests.worlds import Worlds

#: Field names the app's forms post (deal forms, the new-game and new-tournament forms, the referee, login ...).
FIELD_NAMES = [
    "version", "mode", "who", "reason", "confirm", "deal_id", "action", "then", "side", "code", "next", "ask",
    "rules", "first_dealer", "refresh", "we_name", "they_name", "we_player0", "we_player1", "they_player0",
    "they_player1", "p1_player0", "p2_player0", "opt_target", "opt_players", "opt_draw", "opt_canastas_to_go_out",
    "opt_rule_of_five", "name", "date", "format", "rounds", "round_end", "round_limit", "scoring", "password",
    "password_again", "player1", "player2", "kind", "we", "they", "paper", "v", "score", "opened",
    "player_melded", "table", "melds", "add", "going_out", "pile", "top", "frozen", "uses", "hand_size", "discard",
    "drew", "add_rank", "add_cards", "initials", "other", "season", "count", "best", "of", "minimum", "ranking",
    "tie_break", "file", "base", "note", "shown_base", "data", "opt_team_up", "opt_deals_in_game",
    "opt_minimum_by_deal", "lone_hand", "table_target", "shown_layout", "director", "shown", "evening", "meets",
    "tables", "club", "entry-0-1", "entry-0-2",
]
for _key in ("we", "they", "p1", "p2", "p3"):
    FIELD_NAMES += [f"{_key}-{name}" for name in (
        "went_out", "red_threes", "black_threes", "custom_points", "custom_reason", "meld_points", "hand_points",
        "canasta_natural", "canasta_mixed", "canasta_sevens", "canasta_wild_twos", "melds", "hand_0", "hand_1",
        "penalty_failed_to_meld", "penalty_bad_go_out")]

ODD_TEXT = ["", " ", "0", "-1", "-999999999", "9" * 40, "1e309", "nan", "inf", "1.5", "yes", "no", "concealed",
            "cards", "totals", "K K 2 JK", "3h", "modern-american", "bicycle", "a4", "letter", "\x00", "a\x00b",
            "é☃🂡", "<script>", "' OR 1=1 --", "x" * 5000, "45+30-5", "+" * 40, "1" + "+1" * 40, "clear", "next",
            "we", "they", "corrected", "adjusted", "target", "minutes", "deals", "pairs", "individuals", "2026-13-45"]

field_values = st.one_of(
    st.sampled_from(ODD_TEXT),
    st.text(max_size=30),
    st.integers(min_value=-(10**25), max_value=10**25).map(str),
)
form_data = st.lists(st.tuples(st.sampled_from(FIELD_NAMES) | st.text(max_size=8), field_values), max_size=14)
htmx_headers = st.sampled_from([{}, {"HX-Request": "true"}, {"HX-Request": "true", "HX-Target": "scorepad"},
                                {"HX-Request": "true", "HX-Boosted": "true"}])

#: Garbage forms per route: the generated garbage is the same on both engines, so PostgreSQL gets a quarter of
#: SQLite's share besides every odd path (what reaches its columns, NULs and numbers past 64 bits included, is
#: also sent to every known form by test_huge_and_nul_values_in_known_forms on both).
EXAMPLES = {"sqlite": 40, "postgresql": 10}
#: PDF routes render with WeasyPrint: seconds each, so they get fewer examples.
SLOW = {"sheets.blank_sheet", "sheets.game_sheet", "tournaments.cards_pdf", "tournaments.results_pdf",
        "seasons.ladder_pdf", "results.season_pdf", "clubs.ladders_pdf", "club_tables.cards_pdf",
        "tournaments.event_cards_pdf"}


def _world(app, client) -> dict:
    """A game with deals, a one-off tournament with a round being played, and a club (``client`` signed in as its
    director) with a season, a rule set, an evening with players, a table card, an invitation and a log, so real
    ids and links exist."""
    db = connect(app.config["DATABASE"])
    try:
        sides = [{"key": "we", "name": "We", "players": ["Ann", "Bob"]},
                 {"key": "they", "name": "They", "players": ["Cy", "Di"]}]
        game_id = create_game(db, rules="bicycle", options={}, sides=sides)
        deal = {"meld_points": 120, "canastas": {"natural": 1}, "hand_points": 0, "went_out": True}
        other = {"meld_points": 60, "hand_points": 40}
        add_deal(db, game_id, {"we": deal, "they": other}, mode="totals", expected_version=1)
        game = get_game(db, game_id)
        deal_id = list_deals(db, game_id)[0].id
        club, first = clubs.create_club(db, name="Fuzz Club", director="Fay", password="green baize")
        rules = rule_sets.save(db, club.id, base="classic", name="Tuesday rules", options={"players": 3}, note="")
        season = seasons.create_season(db, club.id, name="Autumn", rules=Rules())
        evening = records.create_tournament(db, name="Club night", date="2026-11-26", rules="bicycle", options={},
                                            format="pairs", rounds=1, round_end="deals", round_limit=2,
                                            scoring="vp", password=None, club_id=club.id)
        records.add_entry(db, evening, ["Ann", "Bob"], who="Fay")
        seasons.attach(db, season, [records.get_tournament(db, evening).link])
        player = players.list_players(db, club.id)[0]
        card = club_tables.card(db, club.id, 1)
        invitation = club_access.invite(db, club.id, first)
        item = club_log.list_log(db, club.id)[0]
    finally:
        db.close()
    assert client.post(f"/director/{club.link}/login", data={"director": "Fay", "password": "green baize"}
                       ).status_code == 303
    tournament_id = create_tournament(client)
    for name in ("N1", "N2", "N3", "N4", "N5"):
        enter(client, tournament_id, name)
    assert client.post(f"{tournament_path(client, tournament_id)}/rounds").status_code == 303
    db = connect(app.config["DATABASE"])
    try:
        table = rounds.list_tables(db, tournament_id)[0]
        entry_id = records.list_entries(db, tournament_id)[0].id
        link = records.get_tournament(db, tournament_id).results_token
    finally:
        db.close()
    # A game or tournament is named by its link in every address (the number answers 404, tried below).
    return {"game_id": game.link, "deal_id": deal_id, "code": game.code, "tournament_id": tournament_path(
            client, tournament_id).rsplit("/", 1)[1], "numbers": [str(game_id), str(tournament_id), str(season.id)],
            "table_id": table.id, "entry_id": entry_id, "number": 1, "token": table.token,
            "profile_id": "bicycle", "filename": "css/app.css", "link": link, "ident": tournament_id,
            "rules_id": rules.id, "club_id": club.link, "public": club.public_link, "item_id": item.id,
            "director_id": first.id,
            # What a parameter names on the routes of one blueprint, where the name means something else there.
            "seasons:token": season.results_token, "club_tables:token": card.token, "directors:token": invitation,
            "players:link": player.link}


def _fuzz_world(app) -> dict:
    """The module's world (``_world``), built once per engine (building one per endpoint was most of the fuzzing's
    time) and copied for each test (tests/worlds.py): its ids and links, and its director's client."""
    director = app.test_client()
    return {"ids": _world(app, director), "director": director}


WORLDS = Worlds(kept=_fuzz_world)  # every test asking for ``world`` or ``client`` asks for ``kept``
database, kept = WORLDS.database, WORLDS.world


@pytest.fixture
def world(kept) -> dict:
    return kept["ids"]


@pytest.fixture
def client(kept):
    """The test client of this test's app, signed in as the director of the world's club and tournament (the
    client that built the world was)."""
    return kept["director"]


INT_VALUES = ["0", "999999", "-1", "9" * 30, "abc", "1.5"]
STR_VALUES = ["nope", "%00", "..%2F..%2Fetc", "%C3%A9%E2%98%83", "x" * 300, "1", "%20"]


def _real(rule, name: str, world: dict) -> str:
    """A real value of the rule's parameter ``name``: the club's public link for a public club page, the value of
    that name on the rule's blueprint, else the world's."""
    if rule._converters[name].__class__.__name__ == "PublicClubLink":
        return world["public"]
    blueprint = rule.endpoint.split(".")[0]
    if rule.endpoint == "api.club":
        return world["public"]
    return str(world.get(f"{blueprint}:{name}", world[name]))


def _paths(rule, world: dict) -> list[str]:
    """The rule's path with its parameters set to real values, then each one in turn to odd ones."""
    real = {name: _real(rule, name, world) for name in rule.arguments}
    paths = [_fill(rule.rule, real)]
    for name in rule.arguments:
        converter = rule._converters[name].__class__.__name__
        odd = INT_VALUES if converter == "IntegerConverter" else STR_VALUES
        if converter in ("GameLink", "TournamentLink", "ClubLink", "PublicClubLink"):
            odd = odd + INT_VALUES + world["numbers"] + [str(world["token"])[:22], world["public"], world["club_id"]]
        if name == "token":
            odd = odd + [str(world["code"])]  # a game's share code is not a table's token
        if name == "code":
            odd = odd + [str(world["token"])]
        for value in odd:
            paths.append(_fill(rule.rule, {**real, name: value}))
    return paths


def _fill(pattern: str, values: dict[str, str]) -> str:
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", lambda m: values[m.group(1)], pattern)


def _routes():
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "DATABASE": ":memory:", "SECRET_KEY": "t"})
    rules = sorted(app.url_map.iter_rules(), key=lambda r: r.rule)
    return [pytest.param(r.endpoint, id=r.endpoint) for r in rules]


ROUTES = _routes()


def test_every_blueprint_is_walked():
    walked = {endpoint.values[0].split(".")[0] for endpoint in ROUTES}
    assert {"games", "deals", "referee", "sheets", "tournaments", "home", "api", "clubs", "directors", "evenings",
            "club_tables", "players", "seasons", "results", "rule_sets"} <= walked


def _check(response, method, path):
    response.close()
    assert response.status_code < 500, f"{method} {path[:120]} -> {response.status_code}"


#: A request bare, and as htmx sends it.
BOTH_WAYS = ({}, {"HX-Request": "true"})


@pytest.mark.fuzz
@pytest.mark.parametrize("endpoint", ROUTES)
def test_route_never_answers_500(no_csrf_app, client, world, endpoint, engine):
    rule = next(r for r in no_csrf_app.url_map.iter_rules() if r.endpoint == endpoint)
    paths = _paths(rule, world)
    methods = sorted(rule.methods - {"HEAD", "OPTIONS"}) + (["POST"] if "POST" not in rule.methods else [])
    # Every odd path by every method, the real path bare and with htmx's headers and the odd ones with each in
    # turn (a fragment and a page answer the same lookup); then garbage forms on the real path.
    for number, path in enumerate(paths[: 3 if endpoint in SLOW else None]):
        for method in methods:
            for headers in BOTH_WAYS if number == 0 else BOTH_WAYS[number % 2:][:1]:
                _check(client.open(path, method=method, headers=headers), method, path)

    @settings(max_examples=4 if endpoint in SLOW else EXAMPLES[engine], deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(data=form_data, headers=htmx_headers, method=st.sampled_from(methods),
           path=st.sampled_from(paths[:1] + paths[1:3]))
    def fuzz(data, headers, method, path):
        data = MultiDict(data)  # repeated keys stay repeated
        if method == "GET":
            response = client.get(path, query_string=data, headers=headers)
        else:
            response = client.post(path, data=data, headers=headers)
        _check(response, method, path)

    fuzz()


@pytest.mark.slow
def test_huge_and_nul_values_in_known_forms(client, world):
    """The values most likely to reach SQLite or int(): a number past 64 bits and a NUL byte in each field."""
    for path in [f"{'/games/' + world['game_id']}/deals", f"{'/games/' + world['game_id']}/deals/{world['deal_id']}/edit",
                 f"{'/games/' + world['game_id']}/deals/{world['deal_id']}/delete", f"{'/games/' + world['game_id']}/undo",
                 f"{'/games/' + world['game_id']}/deals/preview", f"{'/games/' + world['game_id']}/delete",
                 f"/tournaments/table/{world['token']}/deals", f"/tournaments/table/{world['token']}/undo",
                 f"/tournaments/table/{world['token']}/confirm",
                 f"{'/tournaments/' + world['tournament_id']}/tables/{world['table_id']}/result",
                 f"{'/tournaments/' + world['tournament_id']}/entries", "/tournaments/new", "/games/new",
                 "/referee/meld", "/referee/pile", "/referee/go-out"]:
        for value in ("9" * 30, "-" + "9" * 30, "\x00", "1\x00"):
            data = {name: value for name in FIELD_NAMES}
            data["mode"] = "totals"
            _check(client.post(path, data=data), "POST", path)
            _check(client.post(path, data={"version": value, "deal_id": value}), "POST", path)


def test_a_huge_penalty_count_is_refused_next_to_its_field(client, world):
    """A count is listed once per penalty: 10^8 of them once hung the request, 10^12 was a 500."""
    game = f"/games/{world['game_id']}"
    data = {"version": "2", "mode": "totals", "we-meld_points": "100", "we-went_out": "yes",
            "we-canasta_natural": "1", "they-meld_points": "50"}
    for count in ("100000000", "9" * 30, "-1"):
        for path in (f"{game}/deals", f"{game}/deals/preview"):
            response = client.post(path, data={**data, "we-penalty_illegal-meld": count})
            assert response.status_code in (200, 422)
            assert "A whole number from 0 to 99." in response.get_data(as_text=True)


def test_a_directors_total_past_what_sqlite_holds_is_refused_next_to_its_field(client, world):
    path = f"{'/tournaments/' + world['tournament_id']}/tables/{world['table_id']}/result"
    for total in ("9" * 30, "-" + "9" * 30, "1000000"):
        response = client.post(path, data={"kind": "corrected", "we": total, "they": "10", "reason": "typo"})
        assert response.status_code == 422
        assert "A total between -999,999 and 999,999." in response.get_data(as_text=True)


def test_a_version_past_what_sqlite_holds_is_a_conflict(client, world):
    game = f"/games/{world['game_id']}"
    huge = "9" * 30
    data = {"version": huge, "mode": "totals", "we-meld_points": "100", "they-meld_points": "50"}
    assert client.post(f"{game}/deals", data=data).status_code == 409
    assert client.post(f"{game}/undo", data={"version": huge}).status_code == 303
    assert client.post(f"{game}/delete", data={"version": huge}).status_code == 303
    assert client.get(f"/games/{huge}").status_code == 404
    assert client.get(f"/tournaments/{huge}/standings").status_code == 404
