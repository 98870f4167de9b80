"""Every page a person opens in a club evening and a family game, on a small phone with its text at 200%, in
English and in Spanish (issue 34): no sideways scroll, no number broken over two lines or drawn over another, no
target under 44×44 px, no internal name (an option code, a document number, an English default side name on a
Spanish page), and axe-core finds no violation.

One served evening and one family game (``served``, built once for the module) and one browser for every page,
size and language: each page is loaded once per language at 360 px, checked, then narrowed to 320 px and checked
again, and axe-core runs once on it (in Spanish, light; the pages marked ``dark`` also in English, dark), so the
whole walk costs tens of seconds. A new page joins by adding a ``Page`` to ``PAGES`` (its path may name any fact
of ``served``, such as ``{evening}`` or ``{game}``); ``director=True`` opens it signed in as the director of the
club whose evening, season, rule set and players they are (issue 30).

The large text is a phone's text-size setting (tests/browser/reading.py): ``html { font-size: 200% }`` added by
the browser (``bypass_csp``), never by the app."""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass

import pytest

from scorekeeper import create_app
from scorekeeper.db import connect
from scorekeeper.stores import clubs, seasons
from scorekeeper.stores.deals import add_deal
from scorekeeper.scorepad.rows import dealer_name
from scorekeeper.stores.games import create_game, game_version, get_game
from scorekeeper.stores import rule_sets
from scorekeeper.stores.tournaments import access, play, records, rounds, running
from scorekeeper.tournaments.ladder import Rules
from tests.conftest import open_page, stop_server
from tests.recording import game_path, tournament_path
from tests.seasons.helpers import PASSWORD, evening

from .reading import AXE, LARGE_TEXT, PREPARE, READ_WHOLE

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DIRECTOR = "Carol Chen"  # the club's director, who signs in at the club's own sign-in page


@dataclass(frozen=True)
class Page:
    name: str
    path: str  # may name facts of ``served``: "{evening}/round/1"
    director: bool = False  # opened signed in as a director of the evening's club
    dark: bool = False  # axe-core also checks it in the dark colour scheme


#: Every page reachable in a club evening and a family game.
PAGES = [
    # A family game: the scorepad and everything around it.
    Page("home", "/"),
    Page("games", "/games/"),
    Page("new game", "/games/new"),
    Page("scorepad", "{game}", dark=True),
    Page("scorepad of three sides", "{three}"),
    Page("scorepad with the default names", "{defaults}"),
    Page("history", "{game}/changes"),
    Page("correct a deal", "{game}/deals/{deal}/edit"),
    Page("delete a deal", "{game}/deals/{deal}/delete"),
    Page("options", "{game}/options"),
    Page("undo", "{game}/undo"),
    Page("delete the game", "{game}/delete"),
    Page("bin", "/games/bin"),
    Page("import a game", "/games/import"),
    Page("paper sheets", "/sheets/"),
    # The referee and the rules.
    Page("referee", "/referee/"),
    Page("referee for a game", "/referee/?game={game_link}&side=we", dark=True),
    Page("is this meld legal", "/referee/meld?rules=classic"),
    Page("may I take the pile", "/referee/pile?rules=classic"),
    Page("may I go out", "/referee/go-out?rules=classic"),
    Page("the rule sets", "/referee/rules"),
    Page("rules", "/referee/rules/classic", dark=True),
    Page("new club rule set", "{club}/rules/new", director=True),
    Page("club rule set", "/rules/{rule_set}"),
    # A club evening: the tables, the director, the projector, and the results from home.
    Page("tournaments", "/tournaments/"),
    Page("new tournament", "/tournaments/new"),
    Page("join a table", "{evening}/join"),
    Page("table phone waiting", "/tournaments/phone/{phone}"),
    Page("table phone", "/tournaments/table/{table}", dark=True),
    Page("evening", "{evening}", director=True),
    Page("round", "{evening}/round/1", director=True),
    Page("table result", "{evening}/tables/{table_id}/result", director=True),
    Page("correct a table's deal", "{evening}/tables/{table_id}/deals/{table_deal}", director=True),
    Page("log", "{evening}/log", director=True),
    Page("director's password", "{evening}/password", director=True),
    Page("entry", "{evening}/players/{entry}"),
    Page("projector", "{evening}/standings", dark=True),
    Page("public results", "/results/{results}", dark=True),
    Page("public ladder", "/results/season/{ladder}"),
    # The club (issue 30): its director area, seasons, players, and its public pages.
    Page("club area", "{club}", director=True),
    Page("new season", "{club}/seasons/new", director=True),
    Page("season", "{club}/seasons/{ladder}", director=True),
    Page("players", "{club}/players", director=True),
    Page("player", "{club}/players/{player}", director=True),
    Page("public club page", "/clubs/{public}", dark=True),
    Page("member's page", "/clubs/{public}/players/{player}"),
]

# Long names, as a club's members have them; totals past 1,000 on every page.
PAIRS = [("Carol Chen", "Dave Dunn"), ("Margarita Ibáñez", "Bartolomé Oyarzún"), ("Eve Ek", "Fay Fox"),
         ("Gus Gómez", "Hal Hu")]
DEAL = {"we": {"went_out": True, "canastas": {"natural": 1}, "meld_points": 180, "red_threes": 1},
        "they": {"canastas": {"mixed": 1}, "meld_points": 120, "hand_points": 45}}
# Three players each alone, two deals: 4,160, 2,290 and 1,430.
THREE_DEAL = {"a": {"went_out": True, "canastas": {"natural": 2, "mixed": 1}, "meld_points": 480, "red_threes": 2},
              "b": {"canastas": {"natural": 1, "mixed": 1}, "meld_points": 345},
              "c": {"canastas": {"mixed": 2}, "meld_points": 200, "hand_points": 85}}


@dataclass
class Served:
    url: str
    facts: dict[str, str]

    def __call__(self, path: str) -> str:
        return self.url + path.format(**self.facts)


def _seed(app) -> dict[str, str]:
    """A family game three deals in and one of three sides, and a club with a rule set and a season of two finished
    evenings and a third being played (round 1, two deals at table 1): what ``PAGES`` opens."""
    db = connect(app.config["DATABASE"])
    facts = {}
    try:
        with app.test_request_context():
            game = create_game(db, rules="classic", options={}, sides=[
                {"key": "we", "name": "Margarita & Bartolomé", "players": ["Margarita", "Bartolomé"]},
                {"key": "they", "name": "Cy & Di", "players": ["Cy", "Di"]}])
            for _ in range(3):
                add_deal(db, game, DEAL, mode="totals", expected_version=game_version(db, game))
            three = create_game(db, rules="classic", options={"players": 3}, sides=[
                {"key": key, "name": name, "players": [name]} for key, name in
                (("a", "Ana"), ("b", "Beto"), ("c", "Carla"))])
            for _ in range(2):
                add_deal(db, three, THREE_DEAL, mode="totals", expected_version=game_version(db, three))
            defaults = create_game(db, rules="bicycle", options={}, sides=[
                {"key": "we", "name": "We", "players": ["Ann", "Cy"]},
                {"key": "they", "name": "They", "players": ["Bo", "Di"]}])
            add_deal(db, defaults, DEAL, mode="totals", expected_version=1)
            offline = create_game(db, rules="classic", options={}, sides=[
                {"key": "we", "name": "Ann & Cy", "players": ["Ann", "Cy"]},
                {"key": "they", "name": "Bo & Di", "players": ["Bo", "Di"]}])
            for _ in range(2):
                add_deal(db, offline, DEAL, mode="totals", expected_version=game_version(db, offline))
            club, _director = clubs.create_club(db, name="Monday Club", director=DIRECTOR, password=PASSWORD)
            rule_set = rule_sets.save(db, club.id, base="bicycle", name="Tuesday rules", options={"target": 7500},
                                      note="Play to 7,500.")
            season = seasons.create_season(db, club.id, name="Autumn 2026", rules=Rules(
                count="best", best=2, of=3, minimum=1, ranking="vp", tie_break="best_evening")).id
            names = [" & ".join(pair) for pair in PAIRS]
            done = [evening(db, f"Monday {n}", f"2026-10-{5 + 7 * n:02d}", PAIRS, [
                {frozenset(names[::2]): {names[0]: 2600 - 700 * n, names[2]: 1200 + 800 * n},
                 frozenset(names[1::2]): {names[1]: 2020, names[3]: 2020}}], season_id=season, club_id=club.id)
                    for n in (1, 2)]
            tid = records.create_tournament(
                db, name="Monday 3", date="2026-10-26", rules="bicycle", options={}, format="pairs", rounds=3,
                round_end="deals", round_limit=4, scoring="vp", password=PASSWORD,
                club_id=club.id)
            db.execute("UPDATE tournaments SET season_id = ? WHERE id = ?", [season, tid])
            for pair in PAIRS:
                records.add_entry(db, tid, list(pair), who="director")
            running.start_round(db, tid, who="director")
            table = rounds.list_tables(db, tid, 1)[0]
            for _ in range(2):
                play.table_add_deal(db, table, DEAL, side="we", who="Carol",
                                    expected_version=game_version(db, table.game_id))
            facts.update(
                game=game_path(app, game), game_link=game_path(app, game).rsplit("/", 1)[1], three=game_path(app, three),
                defaults=game_path(app, defaults), offline=game_path(app, offline),
                fifth_dealer=dealer_name(get_game(db, offline), 4), rule_set=rule_sets.PREFIX + rule_set.key,
                deal=str(db.execute("SELECT id FROM deals WHERE game_id = ? ORDER BY seq DESC", [game]).fetchone()[0]),
                evening=tournament_path(app, tid), table=table.token, table_id=str(table.id),
                table_deal=str(db.execute("SELECT id FROM deals WHERE game_id = ? ORDER BY seq DESC",
                                          [table.game_id]).fetchone()[0]),
                phone=access.device(db, tid, 2).token,
                entry=str(records.list_entries(db, tid)[0].id),
                results=db.execute("SELECT results_token FROM tournaments WHERE id = ?", [done[0]]).fetchone()[0],
                ladder=seasons.get_season(db, season).results_token, club=f"/director/{club.link}",
                public=club.public_link,
                player=db.execute("SELECT link FROM club_players WHERE club_id = ? ORDER BY id",
                                  [club.id]).fetchone()[0])
    finally:
        db.close()
    return facts


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from waitress.server import create_server

    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("every-page") / "club.sqlite"),
                      "SECRET_KEY": "every-page"})
    facts = _seed(app)
    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield Served(f"http://127.0.0.1:{server.effective_port}", facts)
    stop_server(server, thread)


def _sign_in(page, served: Served) -> None:
    """Sign this browser in as a director of the evening's club, through the club's own sign-in page."""
    page.goto(served("{club}/login"))
    page.fill('input[name="director"]', DIRECTOR)
    page.fill('input[name="password"]', PASSWORD)
    page.locator('form:has(input[name="password"]) button[type="submit"]').click()
    page.wait_for_load_state()


# Words no person should read: an option code, a rule document's number, the English default side names on a
# Spanish page.
INTERNAL = re.compile(r"\b[a-z]+_[a-z]+(?:_[a-z]+)*\b|(?<![\d.,])\b\d{3} [A-Z][a-z]+ [A-Z]")
ENGLISH_ON_SPANISH = re.compile(r"\b(We|They|Canasta Scorekeeper)\b")


AXE_RUN = ("axe.run(document, {resultTypes: ['violations'], selectors: %s, ancestry: false, xpath: false, "
           "iframes: false})")


def _axe(page) -> list:
    """axe-core's violations; it is run without working out selectors (the costliest part), and again with them
    only to say where a violation is."""
    if not page.evaluate(AXE_RUN % "false")["violations"]:
        return []
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in page.evaluate(AXE_RUN % "true")["violations"]]


def _problems(page, language: str) -> dict:
    """What reading.py's checks find on the page as it is now, in one round trip to the page."""
    read = page.evaluate(READ_WHOLE)
    found = read["found"]
    names = INTERNAL.findall(read["text"]) + (ENGLISH_ON_SPANISH.findall(read["text"]) if language == "es" else [])
    found["internal names"] = sorted(set(names))
    return {kind: value for kind, value in found.items() if value}


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_page_reads_whole_on_a_small_phone_at_200_percent_text(browser, served, language):
    found = {}
    for page in open_page(browser, viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True,
                          device_scale_factor=2, bypass_csp=True, locale="es-ES" if language == "es" else "en-GB",
                          color_scheme="light" if language == "es" else "dark"):
        # axe-core (650 kB of script) is in every page of the Spanish walk, which it checks whole, added before the
        # page's own scripts as it loads; the English walk adds it only to the pages it checks in the dark scheme.
        axe_everywhere = language == "es"
        if axe_everywhere:
            page.add_init_script(path=str(AXE))
        _sign_in(page, served)
        for each in PAGES:
            page.set_viewport_size({"width": 360, "height": 640})
            answer = page.goto(served(each.path))
            if answer.status != 200:
                found[each.name] = {"answered": answer.status}
                continue
            page.evaluate(PREPARE, LARGE_TEXT)
            for width in (360, 320):
                page.set_viewport_size({"width": width, "height": 640})
                problems = _problems(page, language)
                if width == 360 and (axe_everywhere or each.dark):
                    if not axe_everywhere:
                        page.evaluate("source => { (0, eval)(source); }", AXE.read_text())
                    if violations := _axe(page):
                        problems["axe"] = violations
                if problems:
                    found[f"{each.name}, {width} px"] = problems
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


def test_a_deal_kept_offline_looks_kept(browser, served):
    """Issue 34: a deal saved with no connection is listed as not sent yet with the figures typed for it; the form
    after it is the next deal with its own dealer; the note of the deal saved before it goes; and Undo says which
    saved deal it takes back. Once the connection returns, the deal is sent and the page shows it saved."""
    for page in open_page(browser, viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True,
                          bypass_csp=True, locale="en-GB"):
        page.goto(served("{offline}"))
        page.wait_for_function("window.htmx !== undefined")
        page.fill("#we-meld_points", "150")
        page.fill("#they-meld_points", "60")
        page.locator("#deal-form button.save").tap()
        page.wait_for_selector("li[data-deal='3']")
        assert "Deal 3 saved." in page.inner_text("#saved-note")

        page.context.set_offline(True)
        page.fill("#we-meld_points", "180")
        page.fill("#we-hand_points", "5")
        page.fill("#they-meld_points", "120")
        page.fill("#they-hand_points", "45")
        page.locator("#deal-form button.save").tap()
        page.wait_for_selector("[data-unsent] li")
        kept = " ".join(page.inner_text("[data-unsent] li").split())
        found = {}
        if not all(figure in kept for figure in ("Ann & Cy", "180", "5", "Bo & Di", "120", "45")):
            found["kept deal"] = kept
        if "Deal 3 saved." in page.inner_text("#saved-note"):
            found["stale note"] = page.inner_text("#saved-note")
        head = " ".join(page.inner_text("#deal-form .deal-head").split())
        if head != f"Deal 5 {served.facts['fifth_dealer']} deals.":
            found["next deal"] = head
        undo = page.inner_text("#undo-redo")
        if "deal 3" not in undo.lower():
            found["undo"] = undo
        assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)

        page.context.set_offline(False)
        page.wait_for_selector("li[data-deal='4']", timeout=15000)
        page.wait_for_selector("[data-unsent] li", state="detached")
        assert "deal 4" in page.inner_text("#undo-redo").lower()
