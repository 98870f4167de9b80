"""The Spanish catalogue keeps one word for one thing (issue 23): every entry is checked against the rules of
docs/GLOSSARY_ES.md (pareja only for partners, par for two cards, treses rojos, canasta limpia/sucia, pozo,
levantar el pozo, cerrar, the cards in the hand never "una mano"), and against the register (tú, never
vosotros nor voseo). A planted bad entry shows the check can fail."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "GLOSSARY_ES.md"
CATALOGUE = ROOT / "scorekeeper" / "translations" / "es" / "LC_MESSAGES" / "messages.po"


@dataclass(frozen=True)
class Rule:
    name: str
    english: re.Pattern | None  # None: every entry
    use: re.Pattern | None
    avoid: re.Pattern | None


def _pattern(cell: str) -> re.Pattern | None:
    cell = cell.strip().replace("\\|", "|")
    if not cell:
        return None
    assert cell.startswith("`") and cell.endswith("`"), cell
    return re.compile(cell[1:-1])


def glossary_rules(text: str) -> list[Rule]:
    """The rows of the glossary's table of rules (the one under "The rules the catalogue is checked against")."""
    section = text.split("## The rules the catalogue is checked against", 1)[1]
    rules = []
    for line in section.splitlines():
        cells = [c for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) != 4 or cells[0].strip() in ("Rule", "") or set(cells[0].strip()) <= {"-"}:
            continue
        english = None if cells[1].strip() == "`*`" else _pattern(cells[1])
        rules.append(Rule(cells[0].strip(), english, _pattern(cells[2]), _pattern(cells[3])))
    return rules


def broken(rules: list[Rule], english: str, spanish: list[str]) -> list[str]:
    """The names of the rules an entry breaks."""
    found = []
    for rule in rules:
        if rule.english is not None and not rule.english.search(english):
            continue
        for text in spanish:
            if (rule.use is not None and not rule.use.search(text)) or (rule.avoid and rule.avoid.search(text)):
                found.append(rule.name)
                break
    return found


def entries():
    """(English, [Spanish]) of each entry of the catalogue; a plural entry gives its singular with its first form
    and its plural with the others, so "1 tres rojo" and "2 treses rojos" are each read against their English."""
    with CATALOGUE.open("rb") as handle:
        catalogue = read_po(handle, locale="es")
    for message in catalogue:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            forms = [s for s in message.string if s]
            yield message.id[0], forms[:1]
            yield message.id[1], forms[1:]
        else:
            yield message.id, [message.string] if message.string else []


RULES = glossary_rules(GLOSSARY.read_text(encoding="utf-8"))


def test_the_glossary_holds_its_rules():
    names = {rule.name for rule in RULES}
    assert {"tú, never vosotros", "a pair of cards is a par", "treses rojos", "canasta limpia", "pozo",
            "levantar el pozo", "cerrar", "a player's cards are not a mano"} <= names


def test_every_catalogue_entry_keeps_the_glossary():
    found = [(english[:70], rules) for english, spanish in entries() if (rules := broken(RULES, english, spanish))]
    assert found == []


@pytest.mark.parametrize("english, spanish, rule", [
    ("Show a natural pair matching the top card", "Muestra una pareja natural igual a la carta de arriba",
     "a pair of cards is a par"),
    ("Red threes", "Tres rojos", "treses rojos"),
    ("Deal %(deal)s started: you may still finish it", "Mano %(deal)s empezada: si se acaba el tiempo, podéis terminarla",
     "tú, never vosotros"),
    ("Write what you hold", "Escribí lo que tenés", "tú, never voseo"),
    ("%(player)s's hand", "Mano de %(player)s", "a player's cards are not a mano"),
    ("A natural canasta", "Una canasta pura", "canasta limpia"),
])
def test_a_planted_bad_entry_is_caught(english, spanish, rule):
    assert rule in broken(RULES, english, [spanish])
