"""Every door shut: no route of the app hands a visitor a name, a total or a link the visitor was not given.

One small world is built once for the module, through the app's own forms, by an owner's phone: a casual game
with deals, a game in the bin, and a club (its director area, public page, a season, a rule set, an invitation
for a second director) whose evening, made from the club's template, has a round being played and a deal at a
table, counts in the season and prints the club's permanent table cards. Then every rule of the app's URL map (read from ``app.url_map``, so a new route is walked
without editing this file) is asked, with small numbers and the ids next to the world's own in every place an id
can go (the path, and the query or form fields that name a game, a season, a tournament, a player...), by:

- a stranger with no cookie at all;
- a second phone with a cookie of its own, which started a game, a tournament and a club of its own (so it holds
  links and is a director, of an evening and of a club), and tries its own links with the owner's numbers beside
  them.

An answer fails when its body, its headers (a redirect's ``Location``) or, for a PDF, its text shows one of the
owner's names, totals, links, codes or tokens. Afterwards the owner's rows must be as they were: nothing a
visitor posted changed them. How a new route passes: ``docs/DEVELOPING.md``, "Private by link".
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field

import pytest
from flask import Flask
from werkzeug.datastructures import ImmutableMultiDict

from scorekeeper import create_app
from scorekeeper.db import connect
from scorekeeper.stores.summary import game_summary
from tests.recording import started_id, tournament_path
from tests.tournaments.conftest import create_tournament, deal_form, enter
from tests.web.formparse import form_values
from tests.web.scorepad_helpers import option_values, totals_form

#: The owner's words: each is a secret the visitors were never given.
OWNER_NAMES = {"we_name": "Wolfhound", "they_name": "Marigold", "we_player0": "Ottoline", "we_player1": "Bertrand",
               "they_player0": "Philippa", "they_player1": "Quenby"}
BINNED_NAMES = {"we_name": "Haverford", "they_name": "Kestrelby", "we_player0": "Ysolde", "we_player1": "Fenwick",
                "they_player0": "Gwendolyn", "they_player1": "Aldous"}
EVENING = "Thistlewood Open"
PAIRS = [("Evangeline", "Montgomery"), ("Cordelia", "Peregrine"), ("Wilhelmina", "Barnabus"), ("Clementine", "Horatio")]
ENTRANTS = [name for pair in PAIRS for name in pair]
CLUB, DIRECTOR, PASSWORD = "Foxglove Whist Club", "Octavia", "green baize 42"
SEASON = "Juniper Ladder"
RULE_SET, RULE_NOTE = "Larkspur Rules", "Larkspur note on the pile"
#: The second phone's own words (it was given them: they may show to it).
SECOND_NAMES = {"we_name": "Pemberton", "they_name": "Rosalind", "we_player0": "Tobias", "we_player1": "Ursula",
                "they_player0": "Valentin", "they_player1": "Winifred"}

#: The query and form fields that name a row somewhere in the app: each is sent a number the visitor was not given.
ID_FIELDS = ("game", "season", "tournament", "player", "other", "entry", "entry_id", "table", "table_id", "deal_id",
             "id", "ident", "from", "rules", "link", "token", "code", "evening", "club", "version")
#: Which of the world's ids a path parameter of this name is: its neighbours are tried.
ID_KINDS = {"deal_id": "deals", "table_id": "tables", "entry_id": "entries", "player_id": "players",
            "season_id": "seasons", "number": "rounds", "game_id": "games", "tournament_id": "tournaments",
            "club_id": "clubs", "director_id": "directors", "item_id": "log"}
PLAIN_CONVERTERS = {"IntegerConverter", "RowIdConverter", "UnicodeConverter", "PathConverter", "AnyConverter"}
SMALL = (1, 2, 3)


@dataclass
class World:
    app: object
    owner: object
    second: object
    stranger: object
    secrets: dict[str, str] = field(default_factory=dict)  # what it is -> the text that must never show
    pattern: re.Pattern | None = None  # any one of the secrets, as a word of its own
    ids: dict[str, list[int]] = field(default_factory=dict)
    own_links: dict[str, str] = field(default_factory=dict)  # the second phone's own, by converter
    owner_games: list[int] = field(default_factory=list)
    owner_tournament: int = 0
    owner_season: int = 0
    owner_club: int = 0
    owner_area: str = ""
    invitation: str = ""


def _start_game(phone, names: dict) -> str:
    data = {"rules": "bicycle", "first_dealer": "0", **option_values("bicycle"), **names}
    response = phone.post("/games/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return response.headers["Location"]


def _build(app) -> World:
    owner, second = app.test_client(), app.test_client()
    world = World(app, owner, second, app.test_client(use_cookies=False))
    # A casual game with two deals of totals no page shows by chance.
    game = _start_game(owner, OWNER_NAMES)
    assert owner.post(f"{game}/deals", data=totals_form(1, **{"we-meld_points": "400",
                                                               "they-meld_points": "305"})).status_code == 303
    assert owner.post(f"{game}/deals", data=totals_form(2, **{"we-meld_points": "385", "they-meld_points": "290"})).status_code == 303
    binned = _start_game(owner, BINNED_NAMES)
    assert owner.post(f"{binned}/delete", data={"version": "1"}).status_code == 303
    # A club: its season, its rule set, an invitation for a second director.
    made = owner.post("/clubs/new", data={"name": CLUB, "director": DIRECTOR, "password": PASSWORD,
                                          "password_again": PASSWORD})
    assert made.status_code == 303, made.get_data(as_text=True)[:500]
    area = world.owner_area = made.headers["Location"]
    season = owner.post(f"{area}/seasons/new", data={"name": SEASON, "count": "all", "minimum": "1",
                                                     "ranking": "vp", "tie_break": "best_evening"})
    assert season.status_code == 303, season.get_data(as_text=True)[:500]
    season_token = season.headers["Location"].rsplit("/", 1)[1]
    ruled = owner.post(f"{area}/rules/new", data={"base": "bicycle", "shown_base": "bicycle", "name": RULE_SET,
                                                  "note": RULE_NOTE, **option_values("bicycle")})
    assert ruled.status_code == 303, ruled.get_data(as_text=True)[:500]
    invited = owner.post(f"{area}/directors/invite")
    assert invited.status_code == 303
    world.invitation = re.search(r"/clubs/join/([\w-]+)", owner.get(invited.headers["Location"]).get_data(
        as_text=True)).group(1)
    # The club's evening from its template, in the season: a round being played and a deal at table 1.
    values = form_values(owner.get(f"{area}/evenings/new").get_data(as_text=True), "new-tournament")
    values.update(name=EVENING, season=season_token, rounds="2", round_end="deals", round_limit="3")
    for n, (first, second_name) in enumerate(PAIRS):
        values.update({f"entry-{n}-1": first, f"entry-{n}-2": second_name})
    evening = owner.post(f"{area}/evenings/new", data=values)
    assert evening.status_code == 303, evening.get_data(as_text=True)[:500]
    tid = started_id(app, evening.headers["Location"])
    assert owner.post(f"{tournament_path(owner, tid)}/rounds").status_code == 303
    assert owner.get(f"{tournament_path(owner, tid)}/cards.pdf").status_code == 200  # the club's table cards
    db = connect(app.config["DATABASE"])
    table = db.execute("SELECT t.token, t.game_id, g.version FROM tournament_tables t JOIN games g ON g.id = "
                       "t.game_id WHERE tournament_id = ? ORDER BY number", [tid]).fetchone()
    answer = owner.post(f"/tournaments/table/{table[0]}/deals",
                        data=deal_form(table[2], {"meld": 415, "natural": 1, "out": "yes"}, {"meld": 315}))
    assert answer.status_code == 303, answer.get_data(as_text=True)[:500]
    world.owner_season = db.execute("SELECT id FROM seasons WHERE name = ?", [SEASON]).fetchone()[0]
    world.owner_club = db.execute("SELECT id FROM clubs WHERE name = ?", [CLUB]).fetchone()[0]
    assert db.execute("SELECT season_id FROM tournaments WHERE id = ?", [tid]).fetchone()[0] == world.owner_season
    # The second phone: a game, a tournament and a club of its own (it directs them), a round of it begun.
    world.own_links["GameLink"] = _start_game(second, SECOND_NAMES).rsplit("/", 1)[1]
    theirs = second.post("/clubs/new", data={"name": "Second Club", "director": "Sebastian", "password": PASSWORD,
                                             "password_again": PASSWORD})
    assert theirs.status_code == 303, theirs.get_data(as_text=True)[:500]
    world.own_links["ClubLink"] = theirs.headers["Location"].rsplit("/", 1)[1]
    world.own_links["PublicClubLink"] = db.execute("SELECT public_link FROM clubs WHERE link = ?",
                                                   [world.own_links["ClubLink"]]).fetchone()[0]
    own = create_tournament(second, format="individuals", name="Second Evening", **{"rules": "bicycle"})
    for name in ("Xanthe", "Yannick", "Zinnia", "Barnaby"):
        enter(second, own, name)
    assert second.post(f"{tournament_path(second, own)}/rounds").status_code == 303
    world.own_links["TournamentLink"] = tournament_path(second, own).rsplit("/", 1)[1]
    world.owner_games = [started_id(app, game), started_id(app, binned), table[1]]
    world.owner_tournament = tid
    _secrets(world, db)
    db.close()
    return world


def _secrets(world: World, db) -> None:
    tid, sid = world.owner_tournament, world.owner_season
    words = [*OWNER_NAMES.values(), *BINNED_NAMES.values(), EVENING, *ENTRANTS, SEASON, RULE_SET, RULE_NOTE, CLUB,
             DIRECTOR]
    found = {f"name {w}": w for w in words}
    for game_id in world.owner_games:
        link, code = db.execute("SELECT link, code FROM games WHERE id = ?", [game_id]).fetchone()
        found[f"game {game_id}'s link"], found[f"game {game_id}'s code"] = link, code
        binned = db.execute("SELECT 1 FROM games WHERE id = ? AND deleted_at IS NOT NULL", [game_id]).fetchone()
        for key, total in ({} if binned else game_summary(db, game_id).totals).items():
            if abs(total) >= 1000:  # a total of three figures could be any number on a page
                found[f"game {game_id}'s total of {key}"] = str(total)
                found[f"game {game_id}'s total of {key}, grouped"] = f"{total:,}"
    row = db.execute("SELECT link, results_token FROM tournaments WHERE id = ?", [tid]).fetchone()
    found["the tournament's link"], found["the tournament's results link"] = row
    for number, token, code in db.execute("SELECT number, token, code FROM tournament_tables WHERE tournament_id = ?",
                                          [tid]).fetchall():
        found[f"table {number}'s token"], found[f"table {number}'s code"] = token, code
    for number, token, code in db.execute("SELECT number, token, code FROM tournament_devices WHERE tournament_id = ?",
                                          [tid]).fetchall():
        found[f"table card {number}'s token"], found[f"table card {number}'s code"] = token, code
    season = dict(db.execute("SELECT * FROM seasons WHERE id = ?", [sid]).fetchone())
    found["the season's results link"] = season["results_token"]
    if season.get("link"):
        found["the season's link"] = season["link"]
    for (key,) in db.execute("SELECT DISTINCT key FROM rule_sets").fetchall():
        found[f"the rule set's id club-{key}"] = f"club-{key}"
    club = world.owner_club
    found["the club's director area link"], found["the club's public link"] = db.execute(
        "SELECT link, public_link FROM clubs WHERE id = ?", [club]).fetchone()
    found["the invitation to direct the club"] = world.invitation
    for name, link in db.execute("SELECT name, link FROM club_players WHERE club_id = ?", [club]).fetchall():
        found[f"{name}'s player link"] = link
    for number, token, code in db.execute("SELECT number, token, code FROM club_tables WHERE club_id = ?",
                                          [club]).fetchall():
        found[f"the club's table {number}'s token"], found[f"the club's table {number}'s code"] = token, code
    world.secrets = found
    texts = sorted(set(found.values()), key=len, reverse=True)
    world.pattern = re.compile(rf"(?<![\w.,-])(?:{'|'.join(map(re.escape, texts))})(?![\w,-])")
    world.ids = {
        "games": world.owner_games,
        "deals": [r[0] for r in db.execute("SELECT id FROM deals").fetchall()],
        "tables": [r[0] for r in db.execute("SELECT id FROM tournament_tables").fetchall()],
        "entries": [r[0] for r in db.execute("SELECT id FROM tournament_entries").fetchall()],
        "players": [r[0] for r in db.execute("SELECT id FROM club_players").fetchall()],
        "seasons": [sid],
        "rounds": [r[0] for r in db.execute("SELECT number FROM tournament_rounds WHERE tournament_id = ?",
                                            [tid]).fetchall()],
        "tournaments": [tid],
        "clubs": [world.owner_club],
        "directors": [r[0] for r in db.execute("SELECT id FROM club_directors").fetchall()],
        "log": [r[0] for r in db.execute("SELECT id FROM club_log").fetchall()],
    }


def _snapshot(world: World) -> dict:
    """The owner's rows, to compare after the walk: no visitor may have changed them."""
    db = connect(world.app.config["DATABASE"])
    games = ",".join(str(i) for i in world.owner_games)
    tid, sid = world.owner_tournament, world.owner_season
    queries = {
        # (the bin's clock marks a binned game when the bin is next read: bookkeeping, not a change)
        "games": f"SELECT id, code, link, rules, options, sides, status, version, locked, deleted_at, language "
                 f"FROM games WHERE id IN ({games}) ORDER BY id",
        "deals": f"SELECT * FROM deals WHERE game_id IN ({games}) ORDER BY id",
        "tournament": f"SELECT * FROM tournaments WHERE id = {tid}",
        "entries": f"SELECT * FROM tournament_entries WHERE tournament_id = {tid} ORDER BY id",
        "season": f"SELECT * FROM seasons WHERE id = {sid}",
        "evenings": f"SELECT id FROM tournaments WHERE season_id = {sid} ORDER BY id",
        "rule sets": "SELECT * FROM rule_sets ORDER BY key, version",
        "players": "SELECT * FROM club_players WHERE id IN (SELECT player_id FROM entry_players ep JOIN "
                   f"tournament_entries e ON e.id = ep.entry_id WHERE e.tournament_id = {tid}) ORDER BY id",
        "club": f"SELECT id, name, link, public_link, meets, template FROM clubs WHERE id = {world.owner_club}",
        "directors": "SELECT id, name, key, password_hash, invite_hash, revoked_at FROM club_directors "
                     f"WHERE club_id = {world.owner_club} ORDER BY id",
        "club players": f"SELECT * FROM club_players WHERE club_id = {world.owner_club} ORDER BY id",
        "club tables": f"SELECT * FROM club_tables WHERE club_id = {world.owner_club} ORDER BY id",
        "club log": f"SELECT id, action, subject, undone_at FROM club_log WHERE club_id = {world.owner_club} "
                    "ORDER BY id",
    }
    try:
        return {what: [tuple(r) for r in db.execute(sql).fetchall()] for what, sql in queries.items()}
    finally:
        db.close()


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> World:
    database = str(tmp_path_factory.mktemp("walk") / "walk.sqlite")
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "DATABASE": database, "SECRET_KEY": "walk"})
    return _build(app)


def _numbers(world: World, kind: str | None) -> list[str]:
    """Small numbers and the ids next to the world's own of that kind (all kinds when unknown)."""
    ids = world.ids.get(kind) if kind else [i for values in world.ids.values() for i in values]
    chosen = set(SMALL)
    for i in ids or ():
        chosen.update((i - 1, i, i + 1))
    return [str(n) for n in sorted(n for n in chosen if n >= 0)]


def _paths(world: World, rule, visitor: str) -> list[str]:
    """The rule's path with each parameter in turn set to each number, the others to what the visitor holds (its
    own link, else a number); a link the visitor does not hold is only ever tried as a number."""
    converters = {name: type(conv).__name__ for name, conv in rule._converters.items()}
    held = {}
    for name, kind in converters.items():
        own = world.own_links.get(kind) if visitor == "second" else None
        held[name] = own or ("1" if kind in PLAIN_CONVERTERS else None)
    paths = [_fill(rule.rule, held)] if all(v is not None for v in held.values()) else []
    for name in converters:
        for number in _numbers(world, ID_KINDS.get(name)):
            values = {**held, name: number}
            if all(v is not None for v in values.values()):
                paths.append(_fill(rule.rule, values))
    return list(dict.fromkeys(paths))


def _fill(pattern: str, values: dict[str, str]) -> str:
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", lambda m: values[m.group(1)], pattern)


def _text(response) -> str:
    body = response.get_data()
    if response.mimetype == "application/pdf" and response.status_code == 200:
        return subprocess.run(["pdftotext", "-", "-"], input=body, capture_output=True, check=True).stdout.decode()
    return body.decode("utf-8", "replace")


def _shown(world: World, response) -> list[str]:
    """What of the owner's this answer shows (its body, every header)."""
    text = _text(response) + "\n" + "\n".join(f"{k}: {v}" for k, v in response.headers.items())
    found = set(world.pattern.findall(text))
    return [what for what, secret in world.secrets.items() if secret in found]


class Asked(ImmutableMultiDict):
    """The query and form of a request, noting each name the app looks up (``ASKED``)."""

    def __getitem__(self, key):
        ASKED.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None, type=None):
        ASKED.add(key)
        return super().get(key, default, type)

    def getlist(self, key, type=None):
        ASKED.add(key)
        return super().getlist(key, type)

    def __contains__(self, key):
        ASKED.add(key)
        return super().__contains__(key)


ASKED: set[str] = set()


class AskedRequest(Flask.request_class):
    parameter_storage_class = Asked


def _walk(world: World, visitor: str) -> list[str]:
    """Every route, every path; where the app looked up a field naming a row, again with each number in it."""
    client = world.stranger if visitor == "stranger" else world.second
    world.app.request_class = AskedRequest
    leaks: dict[tuple, str] = {}

    def ask(method: str, path: str, data=None, as_json=False) -> set[str]:
        ASKED.clear()
        if method == "GET":
            response = client.get(path, query_string=data)
        else:
            response = client.post(path, json=data) if as_json else client.post(path, data=data)
        shown = _shown(world, response)
        response.close()
        if shown:
            what = f"{visitor}: {method} {path}" + (f" with {data['rules']} in its id fields" if data else "")
            leaks.setdefault((method, path.split("?")[0], tuple(shown)), f"{what} -> {response.status_code} "
                                                                          f"shows {', '.join(shown)}")
        return set(ASKED)

    for rule in sorted(world.app.url_map.iter_rules(), key=lambda r: r.rule):
        if rule.endpoint == "static":
            continue
        for path in _paths(world, rule, visitor):
            for method in sorted((rule.methods or set()) & {"GET", "POST"}):
                as_json = method == "POST" and rule.endpoint.startswith("api.")  # the API reads JSON bodies
                if not (ask(method, path) & set(ID_FIELDS) or as_json):
                    continue
                for number in _numbers(world, None):
                    # (the API refuses a field it does not know before anything else: only its ``rules``)
                    ask(method, path, {"rules": number} if as_json else {
                        **{name: number for name in ID_FIELDS}, "side": "we"}, as_json)
    return list(leaks.values())


@pytest.mark.slow
def test_the_world_holds_what_the_walk_looks_for(world):
    """The owner itself sees its names, totals and links: the walk looks for things that are really there."""
    game = world.owner.get(f"/games/{world.secrets[f'game {world.owner_games[0]}' + chr(39) + 's link']}")
    page = _text(game)
    assert "Wolfhound" in page and "Ottoline" in page
    assert any("total" in what for what in _shown(world, game)), "no total of the owner shown"
    assert world.owner.get("/games/").status_code == 200
    area = _text(world.owner.get(world.owner_area))
    assert CLUB in area and SEASON in area and RULE_SET in area and EVENING in area
    public = world.secrets["the club's public link"]
    assert {"the club's public link", "name Evangeline", "name Juniper Ladder"} <= set(_shown(world, world.stranger.get(
        f"/clubs/{public}"))), "the club's public page, given its link, shows the club"
    assert len(world.secrets) > 30


@pytest.mark.parametrize("visitor", ["stranger", "second"])
@pytest.mark.slow
def test_no_route_shows_a_visitor_what_it_was_not_given(world, visitor):
    before = _snapshot(world)
    leaks = _walk(world, visitor)
    assert not leaks, f"{len(leaks)} answers show what the visitor was not given:\n" + "\n".join(leaks[:40])
    after = _snapshot(world)
    changed = [what for what in before if before[what] != after[what]]
    assert not changed, f"a {visitor} changed the owner's {', '.join(changed)}"
