"""The engine's words in Spanish: the rules engine stays pure (stdlib gettext objects, chosen through a context
variable), the JSON API answers in English unless Accept-Language asks, and the command follows the terminal."""

from __future__ import annotations

from babel.support import Translations
from click.testing import CliRunner

from scorekeeper.i18n.catalogues import TRANSLATIONS
from scorekeeper.cli import main
from scorekeeper.rules import check_meld, get_profile, parse_cards, score_deal
from scorekeeper.rules import i18n as rules_i18n
from scorekeeper.rules.melds import Situation

SPANISH = Translations.load(str(TRANSLATIONS), ["es"])


def kings_with_two_wilds():
    return check_meld(get_profile("silhill"), Situation(opened=True), melds=[parse_cards("K K 2 2")])


def test_the_engine_writes_english_unless_told_otherwise():
    """silhill: §7a — a meld of kings needs more naturals than wilds; the message is English by default."""
    verdict = kings_with_two_wilds()
    assert str(verdict.violations[0].message) == "A meld of kings must hold more natural cards than wild cards."


def test_the_engine_hands_up_facts_that_are_worded_where_they_are_shown():
    """docs/DEVELOPING.md, "Languages in the engine" — a message is the catalogue's id and values, not words: made
    under Spanish it reads English where English is asked, and the other way round."""
    with rules_i18n.using(SPANISH, "es"):
        verdict = kings_with_two_wilds()
    violation = verdict.violations[0]
    assert str(violation.message) == "A meld of kings must hold more natural cards than wild cards."
    with rules_i18n.using(SPANISH, "es"):
        assert str(violation.message) == "Un juego de reyes tiene que tener más cartas naturales que comodines."
    assert violation.code == "meld.wilds_equal_naturals"  # codes stay as they are: they are the API
    assert violation == kings_with_two_wilds().violations[0]  # the same fact, whatever language was current


def test_the_engine_counts_canastas_with_the_catalogues_plural_and_spanish_numbers():
    from scorekeeper.rules import parse_deal

    sides, before = parse_deal({"sides": {"we": {"went_out": True, "canastas": {"natural": 2}, "meld_points": 700,
                                                 "hand_points": 0},
                                          "they": {"canastas": {"mixed": 1}, "meld_points": 300, "hand_points": 40}}})
    result = score_deal(get_profile("classic"), sides, before)
    with rules_i18n.using(SPANISH, "es"):
        labels = [str(line.label) for line in result.sides["we"].breakdown + result.sides["they"].breakdown]
        assert rules_i18n.number(10500) == "10.500" and rules_i18n.number(8500) == "8500"
    assert "2 canastas limpias" in labels and "1 canasta sucia" in labels
    assert "Cartas bajadas" in labels and "Cartas que quedaron en la mano" in labels


def test_the_api_answers_in_english_unless_accept_language_asks(client):
    body = {"rules": "silhill", "opened": True, "melds": ["K K 2 2"]}
    english = client.post("/api/v1/check/meld", json=body).get_json()
    spanish = client.post("/api/v1/check/meld", json=body, headers={"Accept-Language": "es-AR,es;q=0.9"}).get_json()
    assert english["violations"][0]["message"].startswith("A meld of kings")
    assert spanish["violations"][0]["message"].startswith("Un juego de reyes")
    assert spanish["violations"][0]["code"] == english["violations"][0]["code"] == "meld.wilds_equal_naturals"
    client.post("/language", data={"language": "es", "next": "/"})
    cookie_only = client.post("/api/v1/check/meld", json=body).get_json()
    assert cookie_only["violations"][0]["message"].startswith("A meld of kings")


def test_the_command_speaks_the_terminals_language():
    runner = CliRunner()
    spanish = runner.invoke(main, ["check", "meld", "--rules", "silhill", "K K 2 2"],
                            env={"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "es_ES.UTF-8"})
    assert spanish.exit_code == 1
    assert "NO VALE según" in spanish.output
    assert "Un juego de reyes tiene que tener más cartas naturales que comodines." in spanish.output
    english = runner.invoke(main, ["check", "meld", "--rules", "silhill", "K K 2 2"],
                            env={"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"})
    assert "NOT LEGAL under" in english.output


def test_a_text_is_a_frozen_fact_worded_only_when_shown(client):
    """docs/DEVELOPING.md, "Languages in the engine, the stores and the pages" — a Text compares, hashes, copies
    and pickles by what it holds, cannot change, escapes as any text in a page and reaches JSON as its words."""
    import copy
    import pickle

    import pytest
    from markupsafe import escape

    from scorekeeper.rules.i18n import _, amount, joined, ngettext

    text = _("%(names)s went out with %(canastas)s; these rules need %(canastas_to_go_out)s.", names="Ann & 'Cy'",
             canastas=ngettext("%(num)d canasta", "%(num)d canastas", 0), canastas_to_go_out=amount(10500))
    assert text == copy.deepcopy(text) == pickle.loads(pickle.dumps(text)) and hash(text) == hash(copy.copy(text))
    with pytest.raises(AttributeError):
        text.msgid = "something else"
    assert str(text) == "Ann & 'Cy' went out with 0 canastas; these rules need 10,500."
    assert text.render(SPANISH, "es") == "Ann & 'Cy': se cerró con 0 canastas; este reglamento exige 10.500."
    assert str(escape(text)) == str(escape(str(text)))  # {{ text }} in a template
    assert str(joined(", ", ["a", _("Went out")])) == "a, Went out" and str("x " + _("Went out")) == "x Went out"
    from flask import json
    with client.application.test_request_context(headers={"Accept-Language": "es"}):
        assert json.loads(json.dumps({"message": text})) == {"message": text.render(SPANISH, "es")}


def test_words_kept_as_data_read_back_equal_and_worded_alike_in_every_language():
    """docs/DEVELOPING.md, "One write path for a game" (5) — a breakdown's labels and a deal's warnings are kept with
    the deal as JSON (``rules.i18n.to_data``): every kind of words the engine makes (a message with values that are
    words themselves, a plural, pieces joined, a list, numbers, a default side name, plain text) comes back from
    JSON equal, and reads the same in English and Spanish as before it was kept."""
    import json

    from scorekeeper.rules.i18n import DefaultWords, from_data, joined, listed, ngettext, signed_amount, to_data

    words = [
        rules_i18n._("%(names)s went out with %(canastas)s; these rules need %(canastas_to_go_out)s.",
                     names=DefaultWords("We", "We"), canastas=ngettext("%(num)d canasta", "%(num)d canastas", 1),
                     canastas_to_go_out=2),
        rules_i18n._("Partnership: %(item)s", item=rules_i18n._("Went out")),
        ngettext("%(num)d red three", "%(num)d red threes", 3) + " (x2)",
        joined(", ", [rules_i18n.amount(10500), signed_amount(-90), "Ann"]),
        listed(["Ann", DefaultWords("Nosotros", "We")], "names"),
        "a reason the players typed",
    ]
    for item in words:
        back = from_data(json.loads(json.dumps(to_data(item))))
        assert back == item and type(back) is type(item)
        assert str(back) == str(item)
        with rules_i18n.using(SPANISH, "es"):
            assert str(back) == str(item)
    with rules_i18n.using(SPANISH, "es"):
        assert str(from_data(to_data(words[0]))).startswith("Nosotros")
