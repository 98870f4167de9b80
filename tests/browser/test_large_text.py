"""Large text on a small phone (issue 23): a phone's text-size setting scales the root font size, emulated
here with ``html { font-size: 200% }`` injected by the browser (never in the app) at 320 and 360 px.

On the scorepad of a game past 1,000 points, the table phone, the referee and a rules page: every number stays
whole on one line, nothing scrolls sideways, no two pieces of text overlap, no text is cut off, and every
control a finger must hit is at least 44 px both ways (DEVELOPING.md, "Pages": "every control at least 44 px").
axe-core (npm, pinned in package.json) finds no serious or critical violation on them, light and dark."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.db import connect
from scorekeeper.stores.deals import add_deal
from scorekeeper.stores.games import create_game, game_version
from scorekeeper.stores.tournaments import play as tournament_play
from tests.conftest import open_page

from tests.tournaments.test_browser import start_tournament
from tests.recording import game_path

pytestmark = [pytest.mark.browser, pytest.mark.slow]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
LARGE_TEXT = "html { font-size: 200% !important; }"

SIDES = [{"key": "we", "name": "Margarita & Bartolomé", "players": ["Margarita", "Bartolomé"]},
         {"key": "they", "name": "Cy & Di", "players": ["Cy", "Di"]}]
# We go out with a natural canasta and a red three; they hold a mixed one: 880 to 375 under the classic rules.
DEAL = {"we": {"went_out": True, "canastas": {"natural": 1}, "meld_points": 180, "red_threes": 1},
        "they": {"canastas": {"mixed": 1}, "meld_points": 120, "hand_points": 45}}


def play(db, game_id: int, deals: int) -> None:
    for _ in range(deals):
        add_deal(db, game_id, DEAL, mode="totals", expected_version=game_version(db, game_id))


@pytest.fixture
def pages(live_server) -> dict[str, str]:
    """A classic game three deals in (2,640 to 1,125), a tournament table with a deal, the referee for that
    game, and the rules page it links to."""
    db = connect(live_server.app.config["DATABASE"])
    try:
        game_id = create_game(db, rules="classic", options={}, sides=SIDES)
        play(db, game_id, 3)
    finally:
        db.close()
    table, _card = start_tournament(live_server.app)
    db = connect(live_server.app.config["DATABASE"])
    try:
        for _ in range(2):
            tournament_play.table_add_deal(db, table, DEAL, side="we", who="Ann",
                                           expected_version=game_version(db, table.game_id))
    finally:
        db.close()
    return {"scorepad": f"{game_path(live_server, game_id)}", "table phone": f"/tournaments/table/{table.token}",
            "referee": f"/referee/?game={game_path(live_server, game_id).rsplit('/', 1)[1]}&side=we", "rules": "/referee/rules/classic"}


def large_text_page(browser, width: int, scheme: str = "light"):
    """A phone ``width`` px wide with its text at 200%. ``bypass_csp`` lets the test, not the app, add the
    style and axe's script (the app's Content-Security-Policy forbids inline styles and foreign scripts)."""
    return open_page(browser, viewport={"width": width, "height": 640}, has_touch=True, is_mobile=True,
                     device_scale_factor=2, bypass_csp=True, color_scheme=scheme)


def open_large(page, url: str) -> None:
    page.goto(url)
    page.add_style_tag(content=LARGE_TEXT)
    page.wait_for_function("window.htmx !== undefined")
    page.evaluate("document.fonts.ready")


# Every number in the page's text (a signed deal, a total with its group separator), with where it is.
BROKEN_NUMBERS = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.parentElement.checkVisibility()) continue;
    for (const m of node.data.matchAll(/[+\\u2212-]?\\d(?:[\\d.,\\u00a0\\u202f]*\\d)?/g)) {
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.bottom)));
      if (lines.size > 1) found.push(`${m[0]} (in .${node.parentElement.className})`);
    }
  }
  return found;
}"""

# Pairs of text boxes (one per line of each visible text) that cover one another. A box is the font's whole
# height, taller than a tight line: boxes of two lines count as overlapping when they share over a third of it.
OVERLAPS = """() => {
  const boxes = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.data.trim() || !node.parentElement.checkVisibility()) continue;
    const range = document.createRange(); range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (r.width > 1 && r.height > 1)
      boxes.push({r, text: node.data.trim().slice(0, 25), node});
  }
  const found = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.node === b.node) continue;
    const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (w > 2 && h > Math.min(a.r.height, b.r.height) / 3) found.push(`"${a.text}" / "${b.text}"`);
  }
  return found;
}"""

# Elements whose text is cut off: wider than their box, with the rest hidden.
CLIPPED = """() => [...document.querySelectorAll('main *')]
  .filter(el => !['INPUT', 'TEXTAREA', 'SELECT', 'svg'].includes(el.tagName) && el.checkVisibility()
                && el.textContent.trim() && getComputedStyle(el).overflowX !== 'visible'
                && el.scrollWidth > el.clientWidth + 1)
  .map(el => `${el.tagName}.${el.className}: ${el.textContent.trim().slice(0, 30)}`)"""

# Controls a finger must hit under 44 px. A link is exempt only inside a sentence (WCAG 2.5.8's inline
# exception): a link that is the whole of its paragraph or list item, or one of a row of links, is a target
# like any button.
SMALL_TARGETS = """() => {
  const targets = new Set();
  for (const el of document.querySelectorAll('a, button, input, select, textarea, summary, [role=button]')) {
    if (el.type === 'hidden') continue;
    if (el.tagName === 'A') {
      const block = el.closest('p, li, td, dd');
      const links = block ? [...block.querySelectorAll('a')].map(a => a.textContent.trim().length) : [];
      if (block && block.textContent.replace(/\\s+/g, ' ').trim().length - links.reduce((x, y) => x + y, 0) > 12) continue;
    }
    if ((el.type === 'checkbox' || el.type === 'radio') && el.closest('label')) { targets.add(el.closest('label')); continue; }
    targets.add(el);
  }
  return [...targets].filter(el => el.checkVisibility()).map(el => {
      const r = el.getBoundingClientRect();
      return {text: (el.innerText || el.name || el.id || '').trim().slice(0, 30), w: Math.round(r.width), h: Math.round(r.height)};
    }).filter(x => x.w > 0 && (x.w < 44 || x.h < 44));
}"""


def problems(page) -> dict:
    return {
        "sideways scroll": page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"),
        "numbers broken over lines": page.evaluate(BROKEN_NUMBERS),
        "overlapping text": page.evaluate(OVERLAPS),
        "text cut off": page.evaluate(CLIPPED),
        "targets under 44 px": page.evaluate(SMALL_TARGETS),
    }


@pytest.mark.parametrize("width", [320, 360])
def test_the_scorepad_of_a_long_game_reads_whole_at_200_percent_text(browser, pages, live_server, width):
    for page in large_text_page(browser, width):
        open_large(page, live_server(pages["scorepad"]))
        assert page.inner_text("[data-total='we']") == "2,640"
        # Every deal opened, so its breakdown is checked too.
        page.evaluate("document.querySelectorAll('.deal-row details').forEach(d => d.open = true)")
        found = problems(page)
        assert found == {"sideways scroll": 0, "numbers broken over lines": [], "overlapping text": [],
                         "text cut off": [], "targets under 44 px": []}


@pytest.mark.parametrize("width", [320, 360])
@pytest.mark.parametrize("name", ["table phone", "referee", "rules"])
def test_the_other_pages_players_read_fit_at_200_percent_text(browser, pages, live_server, width, name):
    for page in large_text_page(browser, width):
        open_large(page, live_server(pages[name]))
        found = problems(page)
        assert found == {"sideways scroll": 0, "numbers broken over lines": [], "overlapping text": [],
                         "text cut off": [], "targets under 44 px": []}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_on_the_pages_players_read(browser, pages, live_server, scheme):
    for page in large_text_page(browser, 360, scheme):
        for name, path in pages.items():
            open_large(page, live_server(path))
            page.add_script_tag(path=str(AXE))
            results = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
            serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:4])
                       for v in results["violations"] if v["impact"] in ("serious", "critical")]
            assert serious == [], f"{name} ({scheme}): {serious}"
