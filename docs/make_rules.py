"""Write docs/RULES.md: the project's reading of the five rule documents, from the profiles' own description.

Run `make docs` after changing a profile, an option or a reading; tests/test_docs.py fails while the committed
file differs from what this script writes, and when a citation of docs/RULES.md anywhere in the repository names
a section or reading this file does not have.

What can be generated is: the profiles, every rule field with each profile's value and the heading it is cited
from, the penalties, and every club option (each a reading of an unclear passage, with its id). What cannot is
written here in the project's own words: the conventions, the modern-american rules taken from outside sources
(§3) and the readings that are fixed rather than switchable (``FIXED_READINGS``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.rules import PROFILES  # noqa: E402
from scorekeeper.rules.explain import option_value_text, source_text  # noqa: E402
from scorekeeper.rules.profiles import MODERN_AMERICAN, TOPICS, rule_fields  # noqa: E402

OUT = ROOT / "docs/RULES.md"
READING_ID = re.compile(r"\b([BYMSC])-A(\d+)\b")

CONVENTIONS = """\
- Cards are written as the engine reads them: `K K 2 JK`; `10` (or `T`) is a ten, `JK` a joker, and a three
  always carries its suit (`3H`, `3D` red; `3S`, `3C` black). Jokers and twos are wild; every other card but a
  three is natural.
- A side has *opened* once it made its initial meld in the current deal.
- Every card value, bonus and penalty is a multiple of 5, so every score is too: a table that stops at 1,495 and
  one that stops at 1,499 mean the same, but a gap such as "below 2,995 / from 3,000" leaves a real score
  (2,995) without a rule, and such gaps are settled in §4.
- A citation such as `bicycle: Melds` names the profile's document and the heading in it. A reading of an unclear
  passage has an id (`B-A1` for the first one in the bicycle document) and is listed in §4 with the option that
  switches it, when a club may switch it.
- Every rule the engine applies is a field of `RuleProfile` (`scorekeeper/rules/rule_profile.py`); the tables of
  §2 are written from those fields, so they say what the engine does, not what it was meant to do."""

MODERN_AMERICAN_INTRO = """\
The modern-american document is a class handout whose last page, the scoring sheet, is missing: it keeps the
game target and the table of opening minimums, and says nothing of what canastas, threes, unfinished melds and
cards left in hand are worth. The project takes those values from published descriptions of the same game
(canasta club and league pages, a research compilation and encyclopaedia entries) where they agree with one
another, and makes every point where they do not agree a club option."""


def _scoring_sheet() -> str:
    p = MODERN_AMERICAN
    return f"""\
- Canastas: natural {p.natural_canasta_bonus}, mixed {p.mixed_canasta_bonus}, sevens {p.sevens_canasta_bonus},
  aces {p.aces_canasta_bonus}; wild-card canastas {p.wild_twos_canasta_bonus} for seven twos,
  {p.wild_jokers_canasta_bonus} for four jokers with three twos and {p.wild_canasta_bonus} for any other mix.
- Threes are bonus cards of both colours, counted per colour: {", ".join(str(v) for v in p.threes_table[1:])}
  for one to four of a colour. They count plus for a side with two canastas or more, nothing with one, minus
  with none. A three stuck in a hand counts {p.black_three_points} against, red or black.
- A meld of sevens or aces not finished costs {p.incomplete_sevens_penalty} (sevens) or
  {p.incomplete_aces_penalty} (aces; an aces meld that took wild cards at the opening does not, unless the club
  says so), an unfinished wild-card meld {p.incomplete_wild_penalty}. Three or more sevens or aces left in one
  player's hand cost {p.sevens_in_hand_penalty} each time (per player and per rank, M-A9).
- A team that ends the deal without a canasta counts its melded cards minus as well as its hand (M-A15; the
  option `melds_count_minus_without_canasta`).
- Going out earns {p.going_out_bonus}; there is no concealed going out, hence no extra for it."""


SPECIAL_RULES = """\
What the handout states and the engine enforces: two wild cards at most in a meld of natural cards, melds of
seven cards at most, sevens never with wild cards, aces with wild cards only in the opening, wild-card melds
(the only melds without natural cards, M-A4) that keep wild cards off every other meld until finished, two
canastas to go out with a last discard, and a finished canasta closing its rank for both teams (M-A11).
The *rule of five* (after the opening, a wild card may join only a meld with five natural cards) comes from
outside descriptions and is not in the handout: it is off by default and a club switches it on with the option
`rule_of_five` (M-A5)."""

#: Readings the engine applies without an option (nothing for a club to switch), by profile, in the project's
#: words.
FIXED_READINGS: dict[str, dict[str, str]] = {
    "bicycle": {
        "B-A8": (
            "A red three the player failed to lay down costs the penalty `undeclared-red-three` (bicycle: Red"
            " Threes) and nothing else: it earns no bonus and is not counted again as a card left in hand."),
        "B-A9": (
            "When both sides pass the target in the same deal, the higher total wins (bicycle: Scoring the "
            "Game); with equal totals the game is over without a winner."),
        "B-A10": (
            "The first card of the pile is turned again while it is a joker, a two or any three; the cards "
            "turned past stay in the pile, so a wild card or red three among them keeps it frozen (bicycle: "
            "The Deal)."),
    },
    "yahoo": {
        "Y-A2": (
            '"Each red three (up to 3)" means 100 for each of one to three red threes; all four score 800 '
            "together (yahoo: Canasta¶)."),
        "Y-A3": (
            "Going out earns 100, or 200 in all when concealed: the two numbers of the table are "
            "alternatives, not a sum (yahoo: Canasta¶)."),
    },
    "modern-american": {
        "M-A2": (
            "The table leaves exactly 2,995 without a minimum; the engine asks 125 for every total below "
            "3,000, negative totals included (modern-american: SCORING)."),
        "M-A4": (
            'Melds of wild cards only are the one exception to "at least two natural cards": three to seven '
            "wild cards (modern-american: Melds, CANASTA)."),
        "M-A5": (
            "The handout does not state the rule of five; see §3.2 and the option `rule_of_five`."),
        "M-A8": (
            "An opening made with a natural canasta, of any rank (sevens and aces included), needs neither "
            "the count nor a separate natural meld (modern-american: TWO OTHER WAYS)."),
        "M-A9": (
            '"Three or more in a hand at the end" means at the end of the deal, and is charged per player and'
            " per rank (modern-american: SEVENS AND ACES)."),
        "M-A11": (
            "A rank whose canasta is finished is closed for both teams, which is what makes those cards safe "
            "discards (modern-american: CANASTA)."),
        "M-A15": (
            "The handout does not say what a team without a canasta does with its melded cards; the engine "
            "counts them minus, and the option `melds_count_minus_without_canasta` turns that off (§3.1)."),
    },
    "silhill": {
        "S-A3": (
            "The table leaves exactly 3,000 between two rows; the engine asks 120 from 3,000 on (silhill: "
            "§5d)."),
        "S-A12": (
            "A pile with a wild card on top cannot be taken: taking a frozen pile needs its top card with two"
            " natural cards of the same rank (silhill: §7b)."),
    },
    "classic": {
        "C-A3": (
            "The first row of the minimum table, which has no score written next to it, is the minimum of a "
            "side below zero: 15 (classic: Minimum Count)."),
        "C-A7": (
            "Only jokers and twos are turned again at the start, so a red three may lie on top; nobody may "
            "take the pile then, and the first player draws from the stock (classic: The Deal)."),
    },
}


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ", ".join("–".join(str(x) for x in v) if isinstance(v, tuple) else str(v) for v in value)
    return str(value).replace("_", " ")


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _profiles_section() -> list[str]:
    lines = ["## §1 The five documents", "",
             "One profile follows each document; a club plays one of them with its own options.", "",
             "| id | profile | document | game target |", "|---|---|---|---|"]
    for p in PROFILES.values():
        lines.append(f"| `{p.id}` | {_cell(p.name)} | {_cell(p.source)} | {p.target} |")
    return lines


def _fields_section() -> list[str]:
    ids = list(PROFILES)
    lines = ["## §2 What each profile decides", "",
             "### §2.1 Every rule, profile by profile", "",
             "Each row is a field of the profile; the cell is the value the engine uses (before any club option). "
             "Where the value is written is given under each table.", ""]
    for topic, title in TOPICS:
        chosen = [f for f in rule_fields() if f.metadata["topic"] == topic]
        lines += [f"#### {title}", "", "| rule | field | " + " | ".join(f"`{i}`" for i in ids) + " |",
                  "|---|---|" + "---|" * len(ids)]
        for f in chosen:
            values = " | ".join(_cell(_value(getattr(p, f.name))) for p in PROFILES.values())
            lines.append(f"| {_cell(f.metadata['label'])} | `{f.name}` | {values} |")
        keys = list(dict.fromkeys(f.metadata["source"] for f in chosen))
        cites = "; ".join(
            f"{p.id}: " + ", ".join(dict.fromkeys(p.cite(k).split(": ", 1)[-1] for k in keys))
            for p in PROFILES.values()
        )
        lines += ["", f"Written in: {_cell(cites)}.", ""]
    lines += ["### §2.2 Penalties", "",
              "Penalties a scorer may charge by name; a penalty marked *from the cards* is worked out by the "
              "engine when a side is given card by card.", "",
              "| profile | code | what | points | source |", "|---|---|---|---|---|"]
    for p in PROFILES.values():
        for pen in p.penalties:
            derived = " (from the cards)" if pen.derived else ""
            lines.append(f"| `{p.id}` | `{pen.code}` | {_cell(pen.label)}{derived} | {pen.points} | "
                         f"{_cell(pen.source)} |")
    return lines


FORMATS = """\
Two formats club and tournament play uses, beside the documents' game to a target, are club options of every
profile (and so of a club rule set made from it):

- `deals_in_game`: a game of a fixed number of deals instead of a target. After that many deals the side with the
  most points wins; if the leaders are level, one more deal is played, and so on until one leads. 0, the default,
  plays to the target as the document says.
- `minimum_by_deal`: an initial-meld minimum that follows the deal number instead of the side's total, as some
  tournaments of Modern American canasta play it (125, 155 and 180 for deals 1, 2 and 3): the list gives deal 1,
  2, 3 and so on, its last value every later deal. Empty, the default, keeps the
  document's table by total. Where a deal's number is not known (a referee question asked without a game), the
  total decides."""

TABLES_INTRO = """\
The Bicycle and classic documents both say Canasta is also played by two, three, five and six (bicycle: Number of
Players; classic: Number of Players) and describe only the four-hand game. Their club options `players` and
`team_up` set up those tables as published descriptions of the variants play them; where those descriptions
disagree, the other reading is one more club option. The Yahoo document offers two or four players only (yahoo:
Basics). A table option is applied before a club's other options, so a target, draw or number of canastas the
club gives beside it stands. Under each of these tables every side's minimum, dealer, sitter-out and score
comes from the engine, and the scorepad, the deal form and the score sheets give one column to each side."""

#: The outside descriptions the table options cite, by the keys used in their sources.
TABLE_SOURCES = (
    ("BCA-2", "Two-hand canasta on the Bicycle (Canada) game-rules site: 15 cards each, draw two and discard one, "
              "two canastas to go out; the red-three and insufficient-meld penalties do not apply.",
     "http://www.bicyclecards.ca/game-rules/two-hand-canasta/115.php?page_id=32"),
    ("WIKI-23", "Encyclopaedia entry on canasta for two or three players (a mirror of it).",
     "https://www.liquisearch.com/canasta/canasta_for_two_or_three_players"),
    ("RG-3", "Canasta for three on rummy-games.com: each alone with 13 cards, or cut-throat: draw two, the first "
             "to take the pile plays alone, each player's own minimum, red threes for each player, two canastas "
             "to go out, game 7,500, everyone alone when nobody took the pile.",
     "http://www.rummy-games.com/rules/canasta-for-three.html"),
    ("LR-3", "Three-player canasta on loverummy.com, agreeing with RG-3.",
     "http://loverummy.com/rummy-rules-three-player-canasta/"),
    ("RG-5", "Canasta for five on rummy-games.com: two against three, one of the three sitting out each deal in "
             "turn, a score for each side.", "http://www.rummy-games.com/rules/canasta-for-five.html"),
    ("RG-6", "Canasta for six on rummy-games.com: three packs and six jokers (162 cards), 13 cards each, two "
             "canastas to go out; three partnerships of two play to 7,500, two teams of three to 10,000 with a "
             "150 minimum once a side has 7,500; red threes 100 each up to four, five 1,000, six 1,200.",
     "http://www.rummy-games.com/rules/canasta-for-six.html"),
    ("canastarules.org", "Plays two teams of three with the usual two packs, 11 cards each, draw two (a "
                         "low-quality source): the option `six_player_packs`.",
     "https://canastarules.org/blog/how-to-play-canasta-with-6-players-a-quick-guide-on-the-rules"),
    ("Card Games For Dummies", "Describes six as three against three with one of each team sitting out in turn "
                               "(a scraped copy): the option `six_sit_out`.", ""),
    ("Hoyle", "Often quoted for a 150 minimum from 7,000 rather than 7,500; not confirmed: the option "
              "`minimum_150_from`.", ""),
    ("bicyclecards.com Cutthroat Canasta", "The publisher's cut-throat page adds up everything the partners "
                                           "score but their red threes, hands included: the option "
                                           "`cut_throat_pools_hands`.",
     "http://www.bicyclecards.com/card-games/rule/cutthroat-canasta"),
)


def _tables_section() -> list[str]:
    from scorekeeper.rules.profiles import BICYCLE

    lines = ["## §5 Tables of two, three, five and six players", "", TABLES_INTRO, "",
             "### §5.1 Where the variants come from", "",
             "Disagreements between them are the options named below each source.", ""]
    for key, what, url in TABLE_SOURCES:
        lines.append(f"- **{key}**: {what}" + (f" <{url}>" if url else ""))
    lines += ["", "### §5.2 The table options", "",
              "The same under `bicycle` and `classic`; each cites the sources of §5.1 it rests on.", ""]
    for opt in BICYCLE.options:
        if opt.table or opt.applies is not None:
            note = opt.source.split(" (", 1)[1].rstrip(")").replace("docs/RULES.md ", "")
            lines.append(f"- {_option_entry(BICYCLE, opt)} Sources: {note}.")
    return lines


def _option_entry(p, opt) -> str:
    values = ("a positive multiple of 5" if opt.kind == "int"
              else "a whole number from 0 to 99" if opt.kind == "count"
              else "a list of multiples of 5, one for each deal" if opt.kind == "minimums"
              else " or ".join(option_value_text(opt, c) for c in opt.choices))
    cite = re.sub(r" \(docs/RULES\.md[^)]*\)", "", opt.source)
    return (f"club option `{opt.name}`, “{opt.label}”: {option_value_text(opt, opt.default)} unless the club "
            f"chooses otherwise ({values}). {opt.help} Rests on {source_text(p, cite)}.")


def _reading_order(rid: str) -> tuple[str, int]:
    letter, number = READING_ID.fullmatch(rid).groups()
    return letter, int(number)


def _profile_readings(profile) -> list[str]:
    """The profile's readings, fixed ones and club options by their ids, then its other club options."""
    readings: dict[str, list[str]] = {rid: [text] for rid, text in FIXED_READINGS.get(profile.id, {}).items()}
    others = []
    for opt in profile.options:
        ids = [f"{letter}-A{number}" for letter, number in READING_ID.findall(opt.source)]
        for rid in ids:
            readings.setdefault(rid, []).append(_option_entry(profile, opt))
        if not ids:
            others.append(opt)
    lines = [f"- **{rid}**: {text}" for rid in sorted(readings, key=_reading_order) for text in readings[rid]]
    if others:
        lines += ["", f"Other club options of `{profile.id}`:", ""]
        lines += [f"- {_option_entry(profile, opt)}" for opt in others]
    return lines


def _readings_section() -> list[str]:
    lines = ["## §4 Readings of unclear passages", "",
             "Where a document is silent, ambiguous or contradicts itself, the engine follows one reading. A reading "
             "a club may see otherwise is a club option, with the document's likeliest meaning as its default; the "
             "others are fixed. Under each profile, its other club options follow: table settings such as the game "
             "target, and readings taken from outside sources (§3).", ""]
    for profile in PROFILES.values():
        lines += [f"### {profile.id}", "", *_profile_readings(profile), ""]
    return lines


def render() -> str:
    lines = [
        "# How this project reads the rules",
        "",
        "Written by `docs/make_rules.py` from the rules engine (`make docs`); do not edit by hand.",
        "Five club rule documents, one profile each. This page says what each profile decides, which club options "
        "it offers and why, and which document and section each rule rests on. The rules pages of the app "
        "(`/referee/rules`) explain the same rules in sentences.",
        "",
        "## Conventions",
        "",
        CONVENTIONS,
        "",
        *_profiles_section(),
        "",
        *_fields_section(),
        "",
        "## §3 modern-american: what the document leaves out",
        "",
        MODERN_AMERICAN_INTRO,
        "",
        "### §3.1 The scoring sheet, from outside sources",
        "",
        _scoring_sheet(),
        "",
        "### §3.2 The rule of five and the other special rules",
        "",
        SPECIAL_RULES,
        "",
        *_readings_section(),
        "",
        *_tables_section(),
        "",
        "## §6 Formats clubs use",
        "",
        FORMATS,
    ]
    return "\n".join(lines).rstrip("\n") + "\n"


if __name__ == "__main__":
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
