"""One deal form everywhere (issue 23): the scorepad, the tournament table phone and the director's correction
of a table's deal render the same fields in the same order, with the same +/- buttons and the same live
preview; a table whose round is complete offers no next deal."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.tournaments.conftest import tables_of
from tests.tournaments.test_pages import four_players_in_round_one, play_simple_deal
from tests.web.scorepad_helpers import start_game
from tests.recording import game_path, tournament_path


VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr"}


class Controls(HTMLParser):
    """The controls inside a page's ``.deal-fields``, in order: each input by its name without the side's key
    (``went_out=no``, ``canasta_natural``), each +/- button by the field it steps, and where the preview is
    asked for and shown."""

    def __init__(self):
        super().__init__()
        self.depth = 0
        self.controls: list[str] = []
        self.preview_url: str | None = None
        self.preview_box = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "deal-fields" in (attrs.get("class") or "").split():
            self.depth = 1
            self.preview_url = attrs.get("hx-post")
            return
        if attrs.get("id") == "deal-preview":
            self.preview_box = True
        if not self.depth:
            return
        if tag not in VOID:
            self.depth += 1
        name = re.sub(r"^[a-z]+-", "", attrs.get("name") or attrs.get("aria-controls") or "")
        if tag == "button":
            self.controls.append(f"step{attrs.get('data-step')}:{name}")
        elif tag in ("details", "summary"):
            self.controls.append(tag)
        elif tag == "input" and attrs.get("type") == "radio":
            self.controls.append(f"{name}={attrs.get('value')}")
        elif tag in ("input", "textarea", "select"):
            self.controls.append(name)

    def handle_endtag(self, tag):
        if self.depth and tag not in VOID:
            self.depth -= 1


def controls(html: str) -> Controls:
    parser = Controls()
    parser.feed(html)
    assert parser.controls, "no deal fields on the page"
    return parser


@pytest.fixture
def three_forms(no_csrf_app):
    """The scorepad's form for a bicycle game, and the table phone's and the director's correction's for a
    bicycle tournament table with one deal."""
    client = no_csrf_app.test_client()
    game_id = start_game(client, "bicycle")
    director, tid = four_players_in_round_one(no_csrf_app)
    table = tables_of(no_csrf_app, tid, 1)[0]
    play_simple_deal(no_csrf_app, table, 120, 90)
    result_page = director.get(f"{tournament_path(client, tid)}/tables/{table.id}/result").get_data(as_text=True)
    deal_id = re.search(rf"{tournament_path(client, tid)}/tables/{table.id}/deals/(\d+)", result_page).group(1)
    pages = {
        "scorepad": client.get(f"{game_path(client, game_id)}"),
        "table phone": client.get(f"/tournaments/table/{table.token}"),
        "correction": director.get(f"{tournament_path(client, tid)}/tables/{table.id}/deals/{deal_id}"),
    }
    assert {name: page.status_code for name, page in pages.items()} == dict.fromkeys(pages, 200)
    forms = {name: controls(page.get_data(as_text=True)) for name, page in pages.items()}
    forms["clients"] = {"scorepad": client, "table phone": client, "correction": director}
    return forms


def test_the_scorepad_the_table_phone_and_the_correction_show_one_form(three_forms):
    three_forms.pop("clients")
    scorepad = three_forms["scorepad"]
    assert "step1:canasta_natural" in scorepad.controls and "step-1:red_threes" in scorepad.controls
    assert "details" in scorepad.controls and "custom_points" in scorepad.controls
    for name in ("table phone", "correction"):
        assert three_forms[name].controls == scorepad.controls, name
        assert three_forms[name].preview_box and three_forms[name].preview_url, f"{name}: no live preview"


def test_the_table_phone_and_the_correction_preview_a_deal_as_the_scorepad_does(three_forms):
    clients = three_forms.pop("clients")
    entry = {"mode": "totals", "we-went_out": "yes", "we-canasta_natural": "1", "we-meld_points": "200",
             "they-went_out": "no", "they-meld_points": "90", "they-hand_points": "30"}
    shown = {name: clients[name].post(three_forms[name].preview_url, data=entry) for name in three_forms}
    assert {name: r.status_code for name, r in shown.items()} == dict.fromkeys(shown, 200)
    points = {name: re.findall(r'class="preview-deal[^"]*">([^<]+)<', r.get_data(as_text=True))
              for name, r in shown.items()}
    assert points == dict.fromkeys(shown, ["+800", "+60"])


def test_a_complete_round_offers_no_next_deal_and_once_confirmed_no_dispute(no_csrf_app):
    """A round of two deals (the tournament's round_limit), both recorded and confirmed by both sides."""
    director, tid = four_players_in_round_one(no_csrf_app)
    table = tables_of(no_csrf_app, tid, 1)[0]
    client = no_csrf_app.test_client()
    play_simple_deal(no_csrf_app, table, 120, 90)
    play_simple_deal(no_csrf_app, table, 60, 40)
    page = client.get(f"/tournaments/table/{table.token}").get_data(as_text=True)
    assert "Record deal" not in page and "deal-fields" not in page
    assert "All deals of the round are played: confirm the score." in page
    for side in ("we", "they"):
        version = re.search(r'name="version" value="(\d+)"', page).group(1)
        answer = client.post(f"/tournaments/table/{table.token}/confirm", data={"side": side, "version": version})
        assert answer.status_code == 200
        page = client.get(f"/tournaments/table/{table.token}").get_data(as_text=True)
    assert "✓ North-South confirmed" in page and "✓ East-West confirmed" in page
    assert "We disagree" not in page and "Record deal" not in page
