"""Write docs/RULES.md: the project's reading of the rule documents, from the profiles' own description.

Run `make docs` after changing a profile, an option or a reading; tests/test_docs.py fails while the committed
file differs from what this script writes, and when a citation of docs/RULES.md anywhere in the repository names
a section or reading this file does not have.

What can be generated is: the profiles, every rule field with each profile's value and the heading it is cited
from, the penalties, and every club option (each a reading of an unclear passage, with its id). What cannot is
written here in the project's own words: the conventions, the modern-american rules taken from outside sources
(§3), the Canasta family's sources (§7, ``FAMILY_SOURCES``) and the readings that are fixed rather than switchable
(``FIXED_READINGS``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.rules import PROFILES  # noqa: E402
from scorekeeper.rules.explain import option_value_text, source_text  # noqa: E402
from scorekeeper.rules.family import PAGES  # noqa: E402
from scorekeeper.rules.profiles import MODERN_AMERICAN, TOPICS, rule_fields  # noqa: E402

OUT = ROOT / "docs/RULES.md"
READING_ID = re.compile(r"\b([BYMSC]|SA|BO|HF)-A(\d+)\b")

CONVENTIONS = """\
- Cards are written as the engine reads them: `K K 2 JK`; `10` (or `T`) is a ten, `JK` a joker, and a three
  always carries its suit (`3H`, `3D` red; `3S`, `3C` black). Jokers and twos are wild; every other card but a
  three is natural. Where the rules meld sequences of one suit (`samba`, `bolivia`) every card keeps the suit
  written after it (`7H 8H 9H`), and a sequence on the table is named by its lowest and highest cards (`7H-9H`);
  elsewhere a suit on any card but a three is read and dropped.
- A side has *opened* once it made its initial meld in the current deal.
- Every card value, bonus and penalty is a multiple of 5, so every score is too: a table that stops at 1,495 and
  one that stops at 1,499 mean the same, but a gap such as "below 2,995 / from 3,000" leaves a real score
  (2,995) without a rule, and such gaps are settled in §4.
- A citation such as `bicycle: Melds` names the profile's document and the heading in it. A reading of an unclear
  passage has an id (`B-A1` for the first one in the bicycle document; `SA-`, `BO-` and `HF-` for Samba, Bolivia
  and Hand and Foot) and is listed in §4 with the option that switches it, when a club may switch it. The Canasta
  family cites the pages of §7 by their keys (`hand-and-foot: GOCC; GS` names two of them).
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


FAMILY_READINGS: dict[str, dict[str, str]] = {
    "samba": {
        "SA-A1": (
            "BCA-S and HSW-S ask 160 of a side with 7,000 or more; BCA-B, describing the Samba table it keeps, says "
            "the minimum \"stays at 150 from 7,000 points up\". Samba follows its own page (160), Bolivia its own "
            "(150); the option switches either."),
        "SA-A2": (
            "HSW-S deducts the red threes of a side without two canastas (\"if two canastas have not been made by "
            "the end of play\"); RG-S lists every difference from the four-hand game and red threes are not among "
            "them, which leaves the four-hand rule: minus only for a side that melded nothing. The engine follows "
            "HSW-S, the page that speaks to the point."),
        "SA-A3": (
            "Where the Samba pages are silent (card values, black threes, the frozen pile, the stock running out), "
            "play follows the four-hand game (RG-S: Samba \"follows the rules of Canasta in most regards\"; "
            "WIKI-DE-S: the four-hand laws apply with the changes listed): the engine takes the bicycle profile's "
            "rules for those points (a discarded black three freezes the pile, as bicycle: Frozen Pile)."),
        "SA-A4": (
            "The first card of the pile is turned again while it is a wild card or a three (NHF-S, Dealing the "
            "cards)."),
        "SA-A5": (
            "\"A side may have two canastas in the same rank and may combine its melds in the same rank at any "
            "time\" (BCA-S, Canastas; RG-S: no limit of melds per rank): a side may lay a second meld of a rank it "
            "has; the referee judges each meld as laid, and a side that joins two of its melds gives them as one."),
        "SA-A6": (
            "No wild card joins a finished canasta (RG-S; WIKI-DE-S: \"keine wilde Karte darf einem Canasta "
            "hinzugefügt werden\"); HSW-S's \"at the most only two wild cards can be added to any mixed canasta\" "
            "says the same within the two-wild limit. Natural cards of its rank still join a finished canasta; a "
            "samba is closed at seven (BCA-S, Sequence Meld; WIKI-DE-S: a sequence is limited to seven cards)."),
        "SA-A7": (
            "\"No bonus is awarded for a concealed hand\" (BCA-S, Scoring): going out concealed scores as any "
            "going out, so the profile has no concealed going out."),
        "SA-A8": (
            "Red threes score 100 each, and \"1,000\" when one side holds all six (BCA-S, Scoring); five score "
            "500, 100 each, since the page names a bonus for all six only."),
    },
    "bolivia": {
        "BO-A1": (
            "\"This is the same game as Samba with the following changes\" (BCA-B): every rule the page does not "
            "change is Samba's (SA-A3 to SA-A8 included)."),
        "BO-A2": (
            "The escalera is Samba's samba under another name (\"an escalera rather than a samba\", BCA-B Going "
            "Out), so it keeps the 1,500 of BCA-S; like the samba it is closed at seven. The page does not say "
            "whether a bolivia takes more wild cards: the engine closes it at seven as well."),
        "BO-A3": (
            "\"A black three left in the hand when any other player (including a partner) goes out counts minus "
            "100\" (BCA-B, Black Threes): the engine charges 100 for a black three in any hand when the deal "
            "ends; by totals a side gives how many it held as `black_threes`, apart from its other cards in hand. "
            "Melded in going out a black three counts 5."),
    },
    "hand-and-foot": {
        "HF-A1": (
            "The first deal's minimum: 50 (GOCC, RV, TWR: 50, 90, 120, 150) or 60 (FB: \"Round 1 - 60 Points\"; "
            "PO; KL asks 60 every deal)."),
        "HF-A2": (
            "Books to go out: two clean and two dirty (GS: \"Two red books and two black books are required to go "
            "out\"; TS for pagat's usual version, with a wild-card book besides), or one of each (TS for another "
            "of pagat's versions)."),
        "HF-A3": (
            "More natural than wild cards in every meld (GOCC: \"at least one more real card than wild cards\"; "
            "GS; NWP) or as many as natural cards (KL: \"at least as many natural cards as wild cards\")."),
        "HF-A4": (
            "A red three caught in a hand or foot: minus 500 (GS, RP, KL, RV, TWR) or minus 100 (TS)."),
        "HF-A5": (
            "Nines and eights count 10 (JC, RP, TS) or 5 (GS: \"9 through 4 – 5 points\"; KL, RV, TWR)."),
        "HF-A6": (
            "Cards taken from the pile with a natural pair: the top five (FB: the top card \"plus the next 4\"; "
            "PO), three (TWR), six (GS) or seven."),
        "HF-A7": (
            "A natural pair takes the pile (GOCC, NWP, PO); some tables let one natural and one wild card do "
            "(NWP: \"House rules may allow 1 wild and 1 matching card\"; TWR)."),
        "HF-A8": (
            "A side's cards left in hand are those of its players' hands and feet together (GS: \"all cards in "
            "remaining player's hands are counted against them (including partner's hands)\"); card by card each "
            "player's list holds both, and a red three among them costs what `red_three_in_hand_points` says."),
        "HF-A9": (
            "The 100 some tables give a player who takes exactly 22 cards when dealing a hand and a foot to "
            "himself (PG-HF's copy, GS, PO) is not scored: the deal has no line for it yet."),
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
    lines = ["## §1 The documents", "",
             "One profile follows each of the five club documents, and one each of the Canasta family's three games "
             "(Samba, Bolivia, Hand and Foot, read from the published pages of §7); a club plays one of them with "
             "its own options.", "",
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
comes from the engine, and the scorepad, the deal form and the score sheets give one column to each side. In
cut-throat, once who took the pile first is chosen, the deal form (the scorepad's, the table phone's and the
director's correction's) shows that player's block, one block for the partnership's figures and each partner's
own red threes, so nothing the partners share can be entered twice; the deal list, the correction page, the
score sheet, the exports and the game's history say who played alone (§5.3)."""

#: The outside descriptions the table options cite, by the keys used in their sources.
TABLE_SOURCES = (
    ("BCA-2", "Two-hand canasta on the Bicycle (Canada) game-rules site: 15 cards each, draw two and discard one, "
              "two canastas to go out; the penalties \"for red cards\" (read: red threes) and for insufficient "
              "melds do not apply.",
     "http://www.bicyclecards.ca/game-rules/two-hand-canasta/115.php?page_id=32"),
    ("WIKI-23", "Encyclopaedia entry on canasta for two or three players (a mirror of it): each plays alone; 13 "
                "cards each for three, 15 for two with two drawn and one discarded, and then usually two "
                "canastas to go out.",
     "https://www.liquisearch.com/canasta/canasta_for_two_or_three_players"),
    ("BC-3", "Cutthroat Canasta on the publisher's own site (bicyclecards.com), whose four-hand rules are the "
             "bicycle document: draw two, discard one; the first to take the pile plays alone and the other two "
             "are partners, and a player who goes out before anyone took it plays alone; each player's minimum "
             "follows his own score; a red three counts for its owner only, plus or minus as his side melded, and "
             "each partner receives everything else the partnership scores; game 7,500, a column per player; when "
             "the stock runs out and nobody ever took the pile, each scores for himself.",
     "http://www.bicyclecards.com/card-games/rule/cutthroat-canasta"),
    ("RG-3", "Canasta for three on rummy-games.com: each alone with 13 cards; or cut-throat: 13 cards, draw two, the "
             "first to take the pile plays alone, so does a player who goes out before it was taken, each "
             "player's own minimum, the lone hand scores his own points and each partner the partnership's total, "
             "red threes counted for each player apart from that total, two canastas to go out, game 7,500, "
             "everyone alone when the stock runs out and nobody took the pile.",
     "http://www.rummy-games.com/rules/canasta-for-three.html"),
    ("LR-3", "Three-player canasta on loverummy.com, agreeing with BC-3 and RG-3: 13 cards (some play 11), draw "
             "two, the lone hand as they say, the partnership's score for cards and canastas added to both "
             "partners and each partner's own red threes, each player's own minimum, game 7,500. It does not "
             "mention two canastas to go out.",
     "http://loverummy.com/rummy-rules-three-player-canasta/"),
    ("RG-5", "Canasta for five on rummy-games.com: two against three, the three taking turns to sit out (its "
             "example: A and B play the first deal, A and C the second, B and C the third; the app sits the three "
             "out in seat order from the first, the same turn taken in another order), the two sides playing "
             "partnership canasta, a score for each side.", "http://www.rummy-games.com/rules/canasta-for-five.html"),
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
)

CUT_THROAT = """\
How cut-throat is scored was read two ways in this project, and the published sources settle it. Earlier rounds
kept the partners' cards left in hand apart (each partner lost only his own hand), resting that on RG-3, with a
club option `cut_throat_pools_hands` to add them up as BC-3 does. RG-3 does not say so: "his opponents score the
total made by the partnership", and only red threes are "not part of the partnership total". BC-3: "All other
scores made by the partnership are totaled", each partner receiving the total "plus or minus his own red
threes". LR-3 adds the partnership's score "for cards and canastas" to both. No published description found keeps
the partners' hands apart, so the engine has one reading and no option:

- The lone hand scores alone. Everything the partnership scores but red threes (going out and the concealed extra,
  canastas, cards melded, the cards left in both partners' hands, penalties) is added up, and each partner
  receives that total plus or minus his own red threes, counted minus when the partnership melded nothing (BC-3,
  Scoring). In a partner's breakdown each shared line says it is the partnership's.
- The lone hand is the player marked as the first to take the pile. With nobody marked, a player who went out did
  so before anyone took the pile and plays alone all the same (BC-3, RG-3, LR-3); with nobody marked and nobody
  out, everyone scores alone. Two lone hands, and a lone hand who melded nothing (taking the pile puts its top
  card into a meld, and going out needs melds), are refused as deals that cannot have happened, the same way on
  every path a deal arrives by.
- The withdrawn option: a game, club rule set, tournament or file saved with `cut_throat_pools_hands` still opens,
  whatever value it holds; the name is passed over (`RETIRED_OPTIONS` in `scorekeeper/rules/options.py`), it is
  never offered or listed again, and the game is scored as above. A game's totals are always worked out from its
  deals, so one played under the old reading shows the published scores as soon as it is opened (its partners'
  totals move by the other partner's cards left in hand), and the running totals kept with its deals, which carry
  the engine's stamp, are written again at its next save. Its deals themselves are not touched."""


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
    lines += ["", "### §5.3 Cut-throat: the partnership and the lone hand", "", CUT_THROAT]
    return lines


def _option_entry(p, opt) -> str:
    values = ("a positive multiple of 5" if opt.kind == "int"
              else "a whole number from 0 to 99" if opt.kind == "count"
              else "a list of multiples of 5, one for each deal" if opt.kind == "minimums"
              else " or ".join(option_value_text(opt, c) for c in opt.choices))
    cite = re.sub(r" \(docs/RULES\.md[^)]*\)", "", opt.source)
    return (f"club option `{opt.name}`, “{opt.label}”: {option_value_text(opt, opt.default)} unless the club "
            f"chooses otherwise ({values}). {opt.help} Rests on {source_text(p, cite)}.")


FAMILY_INTRO = """\
The classic rules document calls Bolivia and Samba variations of Canasta, and Hand and Foot is the family game of
North American households. None of the five documents describes them, so each profile follows published pages,
listed below with the key they are cited by. pagat.com's Samba, Bolivia and Hand and Foot pages were not in the
stored corpus this project can read: no value rests on pagat.com directly; where a value comes from pagat's Hand and
Foot page it is read through the two copies named under PG-HF and marked as second-hand."""

#: The pages the family is read from: key and what the page says that the profiles use; each page's name and address
#: are the engine's (scorekeeper.rules.family.PAGES), which the rules pages list.
FAMILY_SOURCES = (
    ("BCA-S", "Bicycle (Canada) game rules finder, Samba. Four in two partnerships; three packs and six jokers, 162 "
              "cards; 15 cards each; draw two, discard one; the pile is taken only with a natural pair, or while "
              "not frozen by the top card alone onto a meld below a canasta, a sequence included, never to start "
              "a sequence or join one with a card from the hand (The Deal); sequences of three or more of one suit, "
              "ace high and four low, up to seven, the samba, 1,500 (Sequence Meld); wild cards never alone, at "
              "most two in a meld, none in a sequence (Wild Cards); two canastas to go out, two canastas of a rank "
              "allowed (Canastas); minimums 15 below zero, 50, 90 from 1,500, 120 from 3,000, 160 from 7,000; game "
              "10,000; 200 for going out; no concealed bonus; red threes 100 each, 1,000 for all six (Scoring)."),
    ("BCA-B", "Bicycle (Canada) game rules finder, Bolivia: the same game as Samba with these changes: three or more "
              "wild cards may be melded, seven make a bolivia, 2,500, and a pile topped by a wild card cannot be "
              "taken; game 15,000; the minimum \"stays at 150 from 7,000 points up\" (Wild Cards); one of the two "
              "canastas to go out is a sequence canasta, the escalera (Going Out); a black three left in a hand "
              "when another player goes out costs 100, melded in going out it counts 5 (Black Threes)."),
    ("RG-S", "rummy-games.com, Samba Rules: the differences from the four-hand game: sequences without threes or "
             "wild cards, two wild cards at most in a meld with two natural cards at least, no wild card added to "
             "a finished canasta, no limit of melds per rank, five natural cards in a canasta, no natural and wild "
             "card pickup, no pickup onto a finished canasta but onto a sequence; red threes are not among the "
             "differences."),
    ("HSW-S", "HowStuffWorks, How to Play Canasta, Samba: 120 from 3,000 to 6,995 and 160 from 7,000; every samba "
              "holds the eight, nine and ten of its suit; two canastas needed \"to go out and receive credit for "
              "your red 3s\", red threes deducted \"if two canastas have not been made\"; 200 for going out."),
    ("WIKI-DE-S", "German Wikipedia, Samba-Canasta, after the Official Canasta Laws of the Regency Whist Club: the "
                  "four-hand laws apply with these changes: sequences without wild cards or threes, limited to "
                  "seven, 1,500; two wild cards at most in a meld; none added to a canasta; several melds of a "
                  "rank."),
    ("NHF-S", "Naipes Heraclio Fournier, Samba: the first card of the pile is turned again while it is a wild card "
              "or a three."),
)

HAND_AND_FOOT_INTRO = """\
Hand and Foot has no standard rules: every page says so and each describes its own table. The profile takes the
values most of the pages below agree on (four players in two partnerships, five packs with their jokers, a hand and
a foot of 11 cards each, draw two, melds of three or more with more natural than wild cards and three wild cards at
most, books of seven worth 500 clean and 300 dirty, no wild card added to a finished book, threes never melded, four
deals with minimums 50, 90, 120 and 150, the pile taken with a natural pair, two clean and two dirty books to go
out, from the foot, with a last discard, 100 for going out, red threes 100 laid out and 500 caught in a hand or
foot) and makes each common variation a club option, citing the pages on both sides (HF-A1 to HF-A7)."""

HAND_AND_FOOT_SOURCES = (
    ("PG-HF", "pagat.com, Hand and Foot (its four-player partnership rules, \"the most usual version\"), read "
              "second-hand through two copies: rversofidaho.org's text of them (five packs with jokers, 270 cards; "
              "a hand and a foot of 11; 100 to the side that goes out; melds of three to seven belong to the "
              "partnership; wild cards and threes never melded on their own; a discarded wild card freezes the "
              "pile) and the summary in the public TableScore engine (TS). Copy read: "
              "https://rversofidaho.org/gamerules/3."),
    ("TS", "TableScore, a public Hand and Foot scorer's rules engine summarising pagat's page: books 500 clean, "
           "300 dirty and 1,500 of wild cards; red threes plus 100 laid out and minus 100 caught; two clean, two "
           "dirty and one wild-card book to go out in the usual version, one clean and one dirty in another."),
    ("GOCC", "GOCC Hand and Foot card game rules: partnerships, four rounds, a hand and a foot of eleven; a card of "
             "the pile only with two others of its rank laid down with it; minimums 50, 90, 120, 150 met by the "
             "partnership's first player; at least one more natural card than wild cards; no meld of wild cards "
             "or threes; natural cards but no wild cards added to a finished book; clean books red, dirty black."),
    ("GS", "Good Sams (Florida), Hand and Foot: draw two, or take six from the pile with two natural cards; one "
           "more natural than wild cards; no wild card on a closed book; a black book holds four natural and up "
           "to three wild cards; \"Two red books and two black books are required to go out\"; a last discard; "
           "100 for going out; both partners' cards count against; red book 500, black 300; nine to four 5; black "
           "three 0; red three minus 500."),
    ("NWP", "Hand and Foot game overview (northwestpages): a hand and a foot of 11, one card to the pile; a pile "
            "card needs two matching cards in hand, and none is taken under a three or a wild card; \"House rules "
            "may allow 1 wild and 1 matching card\"; fewer wild than natural cards, three at most; going out "
            "needs the books, hand and foot played and a last discard."),
    ("KL", "klassa.com, Hand and Foot: draw two, discard one; \"at least as many natural cards as wild cards\"; "
           "nine and below 5, ten and above 10; red three minus 500."),
    ("JC", "jerrycolby.com, Hand and Foot: four rounds; red threes 100; joker 50, twos and aces 20, eight to king "
           "10, four to seven 5, black three 5; going out 100, clean 500, dirty 300."),
    ("RP", "rarepike.com, Hand and Foot scoring guide: values as JC; a red three caught in hand or foot minus 500; "
           "clean 500, dirty 300; no wild card on a finished book; going out 100."),
    ("TWR", "Hand & Foot, Tanglewood version: minimums 50, 90, 120, 150; four to nine 5; a red three caught minus "
            "500; the top three cards taken with two natural cards or one natural and one wild card."),
    ("FB", "A Hand and Foot score sheet: minimums 60, 90, 120, 150; red threes 100 each; the top card and the next "
           "four taken from the pile."),
    ("PO", "positivelyorganic.blogspot.com, Hand and Foot: draw two, discard one; the top five cards of the pile "
           "taken with two of the top card in hand."),
    ("RV", "ronveenstra.com, Hand and Foot: four rounds with minimums 50, 90, 120, 150; four to nine 5; red three "
           "minus 500."),
    ("OP", "ourpastimes.com, Hand and Foot: five packs with ten jokers, 270 cards, for four."),
    ("CH", "The Roth family's Hand and Foot rules (GitHub, chantastic/sites): a game played to 10,000 points, the "
           "target a club uses once it sets the number of deals to 0."),
)


def _page_line(key: str, what: str) -> str:
    address = PAGES[key][1]
    return f"- **{key}**: {what}" + (f" <{address}>" if address else "")


def _family_section() -> list[str]:
    lines = ["## §7 The Canasta family: Samba, Bolivia and Hand and Foot", "", FAMILY_INTRO, "",
             "### §7.1 The pages Samba and Bolivia are read from", ""]
    lines += [_page_line(key, what) for key, what in FAMILY_SOURCES]
    lines += ["", "### §7.2 Samba and Bolivia where the pages leave a point to the four-hand game", "",
              "Where the pages say nothing the four-hand game decides, as the bicycle profile plays it (SA-A3); "
              "each such rule cites `the four-hand game` beside the page, and the readings are listed under "
              "`samba` and `bolivia` in §4. Samba and Bolivia differ only where BCA-B says so.", "",
              "### §7.3 Hand and Foot", "", HAND_AND_FOOT_INTRO, ""]
    lines += [_page_line(key, what) for key, what in HAND_AND_FOOT_SOURCES]
    lines += ["", "### §7.4 Where the pages disagree", "",
              "Each disagreement is a club option whose default is the reading above; both readings are cited in "
              "§4 under the profile: `samba` SA-A1 (the minimum from 7,000: 160 in BCA-S and HSW-S, 150 as BCA-B "
              "says the Samba table goes) and SA-A2 (red threes against a side: \"if two canastas have not been "
              "made\", HSW-S, or only without a meld, as RG-S leaves it to the four-hand game), the same two under "
              "`bolivia`, and `hand-and-foot` HF-A1 to HF-A7."]
    return lines


def _reading_order(rid: str) -> tuple[str, int]:
    letter, number = READING_ID.fullmatch(rid).groups()
    return letter, int(number)


def _profile_readings(profile) -> list[str]:
    """The profile's readings, fixed ones and club options by their ids, then its other club options."""
    fixed = {**FIXED_READINGS.get(profile.id, {}), **FAMILY_READINGS.get(profile.id, {})}
    readings: dict[str, list[str]] = {rid: [text] for rid, text in fixed.items()}
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
        "Five club rule documents and the three games of the Canasta family, one profile each. This page says what "
        "each profile decides, which club options it offers and why, and which document and section each rule "
        "rests on. The rules pages of the app (`/referee/rules`) explain the same rules in sentences.",
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
        "",
        *_family_section(),
    ]
    return "\n".join(lines).rstrip("\n") + "\n"


if __name__ == "__main__":
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
