"""The Spanish catalogue keeps one word for one thing (issues 23 and 34): every entry is checked against the rules
of docs/GLOSSARY_ES.md: the canasta words (pareja only for partners, par for two cards, treses rojos, canasta
limpia/sucia, pozo, levantar el pozo, cerrar, bajada inicial and never abrir, uno contra dos and never a degüello,
puntos por resultado, joker, the cards in the hand never "una mano"), one register (tú, never vosotros nor voseo),
one regional choice (neutral Latin American: neither Spain's words nor the Río de la Plata's), a computer is a
computadora, no English and no internal name left, a side's name never the subject of a verb, pairs with "y" and
lists without a comma before the last "y" / "o", no "=" for a shared place, suits as symbols, a capital after a
full stop, and no calque of the English. Every rule of the glossary has a planted bad entry here that it must
catch, so each check is shown to fail."""

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
            "levantar el pozo", "cerrar", "a player's cards are not a mano", "uno contra dos, never a degüello",
            "a side name is not a subject", "no calques", "suits as symbols, never letters",
            "a capital after a full stop", "no English left", "no internal names"} <= names


def test_every_catalogue_entry_keeps_the_glossary():
    found = [(english[:70], rules) for english, spanish in entries() if (rules := broken(RULES, english, spanish))]
    assert found == []


#: A bad entry for every rule of the glossary, as the native reader found them (issue 34) or as they could be written.
PLANTED = [
    ("Show a natural pair matching the top card", "Muestra una pareja natural igual a la carta de arriba",
     "a pair of cards is a par"),
    ("Red threes", "Tres rojos", "treses rojos"),
    ("Black threes", "Tres negros", "treses negros"),
    ("Deal %(deal)s started: you may still finish it", "Mano %(deal)s empezada: si se acaba el tiempo, podéis terminarla",
     "tú, never vosotros"),
    ("Write what you hold", "Escribí lo que tenés", "tú, never voseo"),
    ("%(player)s's hand", "Mano de %(player)s", "a player's cards are not a mano"),
    ("Three aces in one hand", "Tres ases en una mano", '"in a hand" is not "en una mano" (a deal)'),
    ("A natural canasta", "Una canasta pura", "canasta limpia"),
    ("A mixed canasta", "Una canasta mixta", "canasta sucia"),
    ("The discard pile", "El montón", "pozo"),
    ("May I take the pile?", "¿Puedo llevarme el pozo?", "levantar el pozo"),
    ("May I go out?", "¿Puedo cortar?", "cerrar"),
    ("A meld", "Una combinación", "juego, not combinación"),
    ("Listening on %(host)s only: only this computer can open it.", "Escucha solo en %(host)s: solo este ordenador puede "
     "abrirlo.", "neutral Latin American, not Spain only"),
    ("Check the laptop's disk", "Revisa el disco del portátil", "neutral Latin American, not Spain only"),
    ("Smallest meld", "Juego más chico", "neutral Latin American, not Río de la Plata only"),
    ("A player who goes out concealed still has to reach the side's minimum.",
     "Quien cierra de mano igual tiene que llegar al mínimo de su equipo.", "neutral Latin American, not Río de la Plata only"),
    ("The Yahoo rules also play two.", "El de Yahoo también se juega de a dos.",
     "neutral Latin American, not Río de la Plata only"),
    ("A game's file imports on another computer.", "El archivo se puede importar en otro equipo.",
     "a computer is a computadora"),
    ("A club rule set · Canasta Scorekeeper", "Un reglamento del club · Canasta Scorekeeper", "no English left"),
    ("standard: three players each play alone.", "standard: tres jugadores juegan cada uno por su cuenta.",
     "no English left"),
    ("two_teams (six players): two teams of three.", "two_teams (seis jugadores): dos equipos de tres.",
     "no internal names"),
    ("Source: %(source)s", "Fuente: 000 Canasta General Rules", "no internal names"),
    ("cut-throat (three players)", "a degüello (tres jugadores)", "uno contra dos, never a degüello"),
    ("A wild-card meld may open alone", "Un juego de comodines puede abrir solo", "bajada inicial, never abrir"),
    ("Match points", "Puntos de partido", "puntos por resultado"),
    ("Joker (wild)", "Comodín (joker)", "joker is joker"),
    ("%(names)s cannot go out concealed without going out.", "%(names)s no puede cerrar de mano sin cerrar.",
     "a side name is not a subject"),
    ("%(names)s entered.", "%(names)s inscritos.", "a side name is not a subject"),
    ("%(names)s went out, yet %(hands)s still holds cards.", "%(names)s cerró, pero %(hands)s todavía tiene cartas.",
     "a side name is not a subject"),
    ('Paste a list: one partnership a line, "Ann & Bob"', "Pega una lista: una pareja por línea, «Ana & Beto»",
     "pairs with y, never &"),
    ("Players: 2, 3, 5, or 6", "Jugadores: 2, 3, 5, o 6", "lists without a comma before the last y / o"),
    (", or ", ", o ", "lists without a comma before the last y / o"),
    ("%(place)s=", "%(place)s=", "a tied place is not ="),
    ("Best place: %(place)s of %(field)s", "Mejor puesto: 1= de 12", "a tied place is not ="),
    ("A three needs its suit: write 3H or 3D for a red three, 3S or 3C for a black three.",
     "Un tres necesita su palo: escribe 3H o 3D para un tres rojo, 3S o 3C para un tres negro.",
     "suits as symbols, never letters"),
    ("no: a three turned up and covered has no effect. yes: a red three anywhere freezes it.",
     "no: un tres que salió y se tapó no afecta al pozo. sí: un tres rojo en cualquier lugar lo congela.",
     "a capital after a full stop"),
    ("Also written:", "También escrito:", "no calques"),
    ("Open: the ladder follows its evenings.", "Abierta: la clasificación sigue a sus jornadas.", "no calques"),
    ("%(gone)s is now a record of %(name)s.", "%(gone)s es ahora un registro de %(name)s.", "no calques"),
    ("Seats go clockwise, partners opposite each other.", "Los asientos van en el sentido de las agujas del reloj, cada "
     "pareja enfrentada.", "no calques"),
]


@pytest.mark.parametrize("english, spanish, rule", PLANTED)
def test_a_planted_bad_entry_is_caught(english, spanish, rule):
    assert rule in broken(RULES, english, [spanish])


def test_every_rule_of_the_glossary_has_a_planted_bad_entry():
    """A rule with no planted entry could match nothing at all and pass for ever: each must be shown to fail."""
    assert {rule.name for rule in RULES} - {rule for _english, _spanish, rule in PLANTED} == set()
