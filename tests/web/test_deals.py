"""Deals: recording by totals and card by card, preview, plausibility, corrections, undo, conflicts."""

from __future__ import annotations

import json
import re
import threading

import pytest

from scorekeeper.stores.changes import list_changes
from scorekeeper.stores.games import game_version, list_deals
from scorekeeper.stores.summary import game_summary
from scorekeeper.web.forms import parse_sum
from tests.recording import Phone, game_path, started_id

from .scorepad_helpers import counts, start_game, totals_form

HX = {"HX-Request": "true"}


@pytest.fixture
def game_id(client):
    return start_game(client, target=3000)


@pytest.mark.parametrize("text, value", [("45+30+20", 95), (" 100 - 5 ", 95), ("", 0), ("+70", 70), ("0", 0)])
def test_sums_as_paper_scorers_write_them(text, value):
    assert parse_sum(text) == value


@pytest.mark.parametrize("text", ["45*2", "__import__('os')", "1e3", "45++30", "abc", "4 5"])
def test_anything_but_digits_plus_and_minus_is_refused(text):
    with pytest.raises(ValueError):
        parse_sum(text)


def test_save_by_totals_with_plain_post_redirects(client, db, game_id):
    response = client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1))
    assert response.status_code == 303
    assert response.headers["Location"].startswith(game_path(client, game_id))
    summary = game_summary(db, game_id)
    assert summary.totals == {"we": 1185, "they": 375}
    stored = list_deals(db, game_id)[0]
    assert stored.sides["we"] == {"meld_points": 185, "canastas": {"natural": 1, "mixed": 1}, "hand_points": 0,
                                     "red_threes": 1, "went_out": True, "concealed": False, "penalties": []}
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert "Deal 1 saved." in page
    assert "Deal 2" in page and "Bo deals." in page


def test_save_with_htmx_returns_the_updated_scorepad(client, db, game_id):
    response = client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1), headers=HX)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="scorepad"')
    assert 'data-total="we">1,185<' in html and 'data-minimum="we">50<' in html
    assert "Deal 2" in html and 'name="version" type="hidden" value="2"' in html
    assert json.loads(response.headers["HX-Trigger"])["deal-saved"]["game"] == game_id
    assert "HX-Request" in response.headers["Vary"]


def test_minimum_grows_with_the_total(client, db, game_id):
    data = totals_form(1, **{"we-meld_points": "185+500"})
    html = client.post(f"{game_path(client, game_id)}/deals", data=data, headers=HX).get_data(as_text=True)
    total = game_summary(db, game_id).totals["we"]
    assert total == 1685
    minimum = game_summary(db, game_id).profile.minimum(total)
    assert f'data-minimum="we">{minimum}<' in html and minimum != 50


def test_preview_shows_the_breakdown_without_saving(client, db, game_id):
    response = client.post(f"{game_path(client, game_id)}/deals/preview", data=totals_form(1), headers=HX)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "+1,185" in html and "1 natural canasta" in html and "Cards left in hand" in html
    assert counts(db)[1] == 0


def test_field_error_is_422_next_to_the_field_and_nothing_written(client, db, game_id):
    before = counts(db)
    response = client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1, **{"they-hand_points": "45*2"}),
                           headers=HX)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert re.search(r'id="they-hand_points-error"[^>]*>Write a number, or a sum', html)
    assert 'value="45*2"' in html  # the entry is kept to be corrected
    assert counts(db) == before


def test_engine_refusal_is_shown_next_to_the_field(client, db, game_id):
    before = counts(db)
    response = client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1, **{"we-meld_points": "183"}))
    assert response.status_code == 422
    assert re.search(r'id="we-meld_points-error"[^>]*>[^<]*multiple of 5', response.get_data(as_text=True))
    assert counts(db) == before


def test_two_sides_out_cannot_happen(client, db, game_id):
    before = counts(db)
    response = client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1, **{"they-went_out": "yes"}))
    assert response.status_code == 422
    assert "Only one side can go out" in response.get_data(as_text=True)
    assert counts(db) == before


def test_more_red_threes_than_the_pack_cannot_happen(client, db, game_id):
    before = counts(db)
    response = client.post(f"{game_path(client, game_id)}/deals",
                           data=totals_form(1, **{"we-red_threes": "3", "they-red_threes": "2"}))
    assert response.status_code == 422
    assert "4 red threes" in response.get_data(as_text=True)
    assert counts(db) == before


def test_unlikely_deal_needs_a_second_look(client, db, game_id):
    data = totals_form(1, **{"we-canasta_natural": "0", "we-canasta_mixed": "0"})
    first = client.post(f"{game_path(client, game_id)}/deals", data=data)
    assert first.status_code == 422
    html = first.get_data(as_text=True)
    assert "Worth a second look" in html and "went out with 0 canasta" in html
    assert 'name="confirm"' in html and "Tick the box" in html
    assert counts(db)[1] == 0
    second = client.post(f"{game_path(client, game_id)}/deals", data={**data, "confirm": "y"})
    assert second.status_code == 303
    assert counts(db)[1] == 1


def test_custom_penalty_needs_a_reason(client, db, game_id):
    response = client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1, **{"they-custom_points": "100"}))
    assert response.status_code == 422
    assert re.search(r'id="they-custom_reason-error"[^>]*>Say what', response.get_data(as_text=True))
    ok = client.post(f"{game_path(client, game_id)}/deals",
                     data=totals_form(1, **{"they-custom_points": "100", "they-custom_reason": "talked across"}))
    assert ok.status_code == 303
    assert list_deals(db, game_id)[0].sides["they"]["penalties"] == [
        {"points": 100, "reason": "talked across"}]
    assert game_summary(db, game_id).totals["they"] == 275


def test_profile_penalty_by_count(client, db, game_id):
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1, **{"they-penalty_illegal-meld": "1"}))
    assert list_deals(db, game_id)[0].sides["they"]["penalties"] == ["illegal-meld"]


def test_card_by_card_deal_and_meld_checks(client, db, game_id):
    data = {"version": "1", "mode": "cards",
            "we-went_out": "yes", "we-melds": "K K K K K K K\n7 7 2", "we-hand_0": "", "we-hand_1": "",
            "we-red_threes": "1",
            "they-went_out": "no", "they-melds": "Q Q Q\n5 5 2 2 2 2", "they-hand_0": "5 9", "they-hand_1": "4"}
    preview = client.post(f"{game_path(client, game_id)}/deals/preview", data=data, headers=HX).get_data(as_text=True)
    assert "a natural canasta" in preview or "natural canasta" in preview
    assert "at most three wild cards" in preview  # the illegal meld flagged with its rule
    assert "Canasta General Rules" in preview  # ... and the document the rule comes from, by its title
    data["they-melds"] = "Q Q Q"
    response = client.post(f"{game_path(client, game_id)}/deals", data=data)
    assert response.status_code == 303
    stored = list_deals(db, game_id)[0]
    assert stored.mode == "cards"
    assert stored.sides["they"]["melds"] == ["Q Q Q"] and stored.sides["they"]["hands"] == ["5 9", "4"]
    assert game_summary(db, game_id).totals["they"] == 10


def test_unreadable_card_is_shown_next_to_the_melds(client, db, game_id):
    data = {"version": "1", "mode": "cards", "we-went_out": "yes", "we-melds": "K K X", "they-went_out": "no"}
    response = client.post(f"{game_path(client, game_id)}/deals", data=data)
    assert response.status_code == 422
    assert re.search(r'id="we-melds-error"[^>]*>[^<]*not a card', response.get_data(as_text=True))
    assert counts(db)[1] == 0


def test_correct_an_earlier_deal_recomputes_later_totals(client, db, game_id):
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1))
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(2))
    first = list_deals(db, game_id)[0].id
    form = client.get(f"{game_path(client, game_id)}/deals/{first}/edit").get_data(as_text=True)
    assert 'value="185"' in form and "Correct deal 1" in form
    response = client.post(f"{game_path(client, game_id)}/deals/{first}/edit",
                           data=totals_form(3, **{"we-meld_points": "285", "reason": "recounted"}))
    assert response.status_code == 303
    summary = game_summary(db, game_id)
    assert [r.sides["we"].total for r in summary.rows] == [1285, 2470]
    assert summary.minimums["we"] == summary.profile.minimum(2470)
    change = list_changes(db, game_id)[-1]
    assert change.action == "edit" and change.reason == "recounted"
    assert change.before["sides"]["we"]["meld_points"] == 185 and change.after["sides"]["we"]["meld_points"] == 285


def test_correction_on_an_old_version_is_refused(client, db, game_id):
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1))
    deal = list_deals(db, game_id)[0].id
    response = client.post(f"{game_path(client, game_id)}/deals/{deal}/edit", data=totals_form(1, **{"we-meld_points": "95"}))
    assert response.status_code == 409
    assert "Someone else saved" in response.get_data(as_text=True)
    assert list_deals(db, game_id)[0].sides["we"]["meld_points"] == 185


def test_delete_after_confirmation_then_undo(client, db, game_id):
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1))
    deal = list_deals(db, game_id)[0].id
    confirm = client.get(f"{game_path(client, game_id)}/deals/{deal}/delete").get_data(as_text=True)
    assert "Delete deal 1?" in confirm
    assert counts(db)[1] == 1
    assert client.post(f"{game_path(client, game_id)}/deals/{deal}/delete", data={"version": "2"}).status_code == 303
    assert counts(db)[1] == 0
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert "Undo the deletion of deal 1" in page
    assert client.post(f"{game_path(client, game_id)}/undo", data={"version": "3"}).status_code == 303
    assert game_summary(db, game_id).totals["we"] == 1185
    assert "The deleted deal is back." in client.get(game_path(client, game_id)).get_data(as_text=True)


def test_undo_the_last_save(client, db, game_id):
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1))
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(2))
    client.post(f"{game_path(client, game_id)}/undo", data={"version": "3"})
    assert len(list_deals(db, game_id)) == 1
    assert [c.action for c in list_changes(db, game_id)][-1] == "undo"


def test_two_saves_on_the_same_version_second_gets_409_and_keeps_the_entry(client, db, game_id):
    first = client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1, who="Ann"), headers=HX)
    assert first.status_code == 200
    mine = totals_form(1, **{"we-went_out": "no", "they-went_out": "yes", "they-meld_points": "300",
                             "deal_number": "1"})
    second = client.post(f"{game_path(client, game_id)}/deals", data=mine, headers=HX)
    assert second.status_code == 409
    html = second.get_data(as_text=True)
    assert "Another phone saved a deal first" in html
    assert "Your entry was meant to be deal 1." in html  # which deal it was meant to be
    assert "The other phone saved deal 1 first (Ann): Us +1,185, Them +375." in html  # ... and what was saved
    assert 'data-total="we">1,185<' in html  # the current state
    assert 'value="300"' in html  # their entry kept
    assert 'name="version" type="hidden" value="1"' in html  # still based on what it saw
    assert 'name="as_next" value="2"' in html and "Save mine as deal 2" in html and "Discard mine" in html
    assert len(list_deals(db, game_id)) == 1
    # A hurried "save" again does not record the same deal twice ...
    assert client.post(f"{game_path(client, game_id)}/deals", data=mine, headers=HX).status_code == 409
    assert len(list_deals(db, game_id)) == 1
    # ... "save mine as deal 2" does.
    again = client.post(f"{game_path(client, game_id)}/deals", data={**mine, "as_next": "2"}, headers=HX)
    assert again.status_code == 200
    assert len(list_deals(db, game_id)) == 2


def test_game_over_shows_the_winner_and_no_form(client, db):
    game_id = start_game(client, target=1000)
    client.post(f"{game_path(client, game_id)}/deals", data=totals_form(1))
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert "Us won" in page and 'id="deal-form"' not in page
    response = client.post(f"{game_path(client, game_id)}/deals", data=totals_form(2))
    assert response.status_code == 422  # asked first
    assert "This game is over" in response.get_data(as_text=True)
    assert len(list_deals(db, game_id)) == 1
    response = client.post(f"{game_path(client, game_id)}/deals", data=totals_form(2, confirm="y"))
    assert response.status_code == 303  # played on by choice
    assert len(list_deals(db, game_id)) == 2


def test_modern_american_form_has_special_canastas_and_black_threes(client, db):
    game_id = start_game(client, rules="modern-american", target=3000)
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    for name in ("canasta_sevens", "canasta_aces", "canasta_wild_twos", "canasta_wild_jokers", "black_threes"):
        assert f'name="we-{name}"' in page
    data = {"version": "1", "mode": "totals", "we-went_out": "yes", "we-canasta_natural": "2", "we-canasta_sevens": "1",
            "we-meld_points": "400", "we-red_threes": "1", "we-black_threes": "1", "they-went_out": "no",
            "they-meld_points": "60", "they-hand_points": "30"}
    response = client.post(f"{game_path(client, game_id)}/deals", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    stored = list_deals(db, game_id)[0].sides["we"]
    assert stored["canastas"] == {"natural": 2, "sevens": 1} and stored["black_threes"] == 1


def test_bicycle_form_has_no_black_threes(client, game_id):
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    assert "black_threes" not in page and "canasta_sevens" not in page


def test_simultaneous_saves_on_the_live_server_never_lose_an_entry(live_server):
    """Eight phones save on the same version at once: one wins, the others get 409 and nothing is lost."""
    from .scorepad_helpers import option_values

    host = Phone(live_server.url)
    data = {"csrf_token": host.token("/games/new"), "rules": "bicycle", "first_dealer": "0",
            **option_values("bicycle", target=5000), "we_name": "Us", "they_name": "Them"}
    status, _, headers = host.call("/games/new", data)
    assert status == 303
    path = headers["Location"]
    game_id = started_id(live_server, path)

    phones = [Phone(live_server.url) for _ in range(8)]
    tokens = [phone.token(path) for phone in phones]
    barrier = threading.Barrier(len(phones))
    results: list[int] = []

    def save(phone: Phone, token: str, n: int):
        form = totals_form(1, **{"they-hand_points": str(5 * n), "csrf_token": token})
        barrier.wait()
        results.append(phone.call(f"{path}/deals", form)[0])

    threads = [threading.Thread(target=save, args=(p, t, n)) for n, (p, t) in enumerate(zip(phones, tokens))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(results) == [303] + [409] * 7
    from scorekeeper.db import connect

    db = connect(live_server.app.config["DATABASE"])
    try:
        assert len(list_deals(db, game_id)) == 1
        assert [c.action for c in list_changes(db, game_id)] == ["create", "add"]
        assert game_version(db, game_id) == 2
    finally:
        db.close()


def test_csrf_is_checked_on_the_live_server(live_server):
    phone = Phone(live_server.url)
    status, html, _ = phone.call("/games/new", {"rules": "bicycle"})
    assert status == 400 and "Reload the page" in html


def test_hand_fields_carry_no_leftover_picker_attributes(no_csrf_app):
    """The card picker finds its fields by itself; the old class="card-text" and data-picker hooks are gone."""
    from scorekeeper.rules import get_profile
    from scorekeeper.scorepad.rows import Side
    from scorekeeper.web.forms import deal_form

    class Game:
        sides = (Side("we", "We", ("Ann", "Cy")), Side("they", "They", ("Bo", "Di")))

    game = Game()
    with no_csrf_app.test_request_context():
        form = deal_form(get_profile("bicycle"), game, "cards")
        html = str(form["we"]["hand_0"]())
    assert 'name="we-hand_0"' in html
    assert "card-text" not in html and "data-picker" not in html


def test_points_fields_open_the_number_pad_with_plus_and_minus(client, game_id):
    """Points are typed as sums (45+30+20): those boxes ask the phone for its telephone pad, which has + and -;
    counts ask for the plain number pad. Nothing on the by-totals form needs the letter keyboard but the reason."""
    page = client.get(game_path(client, game_id)).get_data(as_text=True)
    inputs = {m["name"]: m[0] for m in re.finditer(r'<input[^>]*name="(?P<name>(?:we|they)-[^"]+)"[^>]*>', page)}
    for side in ("we", "they"):
        for name in ("meld_points", "hand_points", "custom_points"):
            assert 'inputmode="tel"' in inputs[f"{side}-{name}"], name
        for name in ("canasta_natural", "canasta_mixed", "red_threes"):
            assert 'inputmode="numeric"' in inputs[f"{side}-{name}"], name
        letters = [name for name, tag in inputs.items()
                   if name.startswith(f"{side}-") and 'type="text"' in tag and "inputmode" not in tag]
        assert letters == [f"{side}-custom_reason"]
