"""Club options: a reading of the rules (or a table setting) a club may switch on its profile.

An Option names the RuleProfile field it is about; switching it is ``dataclasses.replace`` of the profile
(``RuleProfile.with_options``). A few options set more than one field, or read one field another way
(``players`` also sets the partnerships and the cards dealt): they carry ``to_fields`` and ``from_profile``.
The option builders at the end are the options several profiles share, each with its own source.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from .errors import UnknownOption
from .i18n import N_, Words, _, amount, joined, listed

#: How people read the values of the options that are words (the value itself stays the API's).
_VALUE_WORDS = {
    "block_one_turn": N_("blocks the pile for one turn"),
    "freeze": N_("freezes the pile"),
    "three": N_("at most three"),
    "unlimited": N_("no limit"),
    "more_naturals": N_("more natural cards than wild cards"),
    "not_more_wilds": N_("no more wild cards than natural cards"),
    "standard": N_("standard"),
    "cut_throat": N_("cut-throat"),
    "two_teams": N_("two teams of three"),
    "going_out_canastas": N_("until the side has the canastas to go out"),
    "melds": N_("only when the side melded nothing"),
    "two_each": N_("two clean and two dirty books"),
    "one_each": N_("one clean and one dirty book"),
    "two_each_and_wild": N_("two clean, two dirty and one wild-card book"),
}

if TYPE_CHECKING:  # pragma: no cover
    from .rule_profile import RuleProfile

#: Options a profile once had and no longer has, passed over wherever options are applied
#: (``RuleProfile.with_options``), so that a game, a club rule set or a file saved with one still opens; each is
#: scored the one way left (docs/RULES.md §5.3). ``cut_throat_pools_hands`` chose whether cut-throat partners
#: shared the cards left in their hands; every published description adds them up, as the engine now always does.
RETIRED_OPTIONS = frozenset({"cut_throat_pools_hands"})


def without_retired(options: dict) -> dict:
    """``options`` as saved, without the withdrawn ones (``RETIRED_OPTIONS``): what a stored row hands up."""
    return {name: value for name, value in options.items() if name not in RETIRED_OPTIONS}

#: Words read as yes and as no wherever an option's value arrives as text (forms, links, the command line).
TRUE_WORDS = ("true", "1", "yes", "on")
FALSE_WORDS = ("false", "0", "no", "off")


@dataclass(frozen=True)
class Option:
    """A club option of a profile: a reading a club may switch."""

    name: str
    label: str
    kind: str  # "bool" | "choice" | "int" | "count" (a whole number 0 to 99) | "minimums" (multiples of 5, by deal)
    choices: tuple
    default: object
    help: str
    source: str
    reading: bool = True  # a reading of the rules (compared by other_readings), not a table setting
    #: The profile field the option is about (its topic on the rules pages); the option's own name by default.
    field: str = ""
    #: For an option that is not simply one field: the fields a value sets, and the value a profile has.
    to_fields: Callable[[Any], dict] | None = None
    from_profile: Callable[["RuleProfile"], Any] | None = None
    #: A setting of the table (the number of players and how they team up): applied before every other
    #: option, so that a club's own choice of target, draw or canastas given beside it still stands.
    table: bool = False
    #: For an option that only means something at some tables: whether the profile being built is one
    #: (it reads the profile's fields, ``applies(profile)``), and plain words saying which ones. A value
    #: other than the default is refused at any other table.
    applies: Callable[[Any], bool] | None = None
    applies_words: str = ""
    #: The other options a value of this one needs to apply (``{"players": 3}`` for cut-throat).
    needs: Callable[[Any], dict] | None = None

    def setting(self, value) -> dict:
        """The options to give for ``value`` to apply: this one, and the table it needs (``needs``)."""
        extra = self.needs(value) if self.needs is not None and value != self.default else {}
        return {**extra, self.name: value}

    @property
    def field_name(self) -> str:
        return self.field or self.name

    def to_dict(self) -> dict:
        return {
            "name": self.name, "label": self.label, "kind": self.kind, "choices": list(self.choices),
            "default": self.default, "help": self.help, "source": self.source,
        }

    def describe(self, value) -> Words:
        """Plain words for one value of this option, shown in the reader's language."""
        return joined(": ", (_(self.label), self.value_words(value)))

    def value_words(self, value) -> Words | str:
        """One value in words: yes, no, a choice's name, a number in the reader's digits (shown in the reader's
        language)."""
        if self.kind == "bool":
            return _("yes") if value else _("no")
        if self.kind == "minimums":
            return joined(" / ", [amount(v) for v in value]) if value else _("by the total")
        if self.kind == "count" and value == 0:
            return _("play to the target")
        if isinstance(value, int) and not isinstance(value, bool):
            return amount(value)
        return _(_VALUE_WORDS[value]) if value in _VALUE_WORDS else str(value).replace("_", " ")

    def read(self, value, number: Callable[[str], int] | None = None):
        """The value from text (a form, a link, the command line); any other value is returned as it is.

        Text that is none of the allowed values comes back unchanged, for ``with_options`` to refuse with
        a message that says what is allowed. ``number`` reads the text of a number option instead of the
        plain whole number (the forms read sums such as ``4000+500``; its ValueError passes through)."""
        if not isinstance(value, str):
            return value
        if self.kind == "int" and number is not None:
            return number(value)
        text = value.strip()
        if self.kind == "minimums":  # "125 155 180", "125/155/180", "[125, 155, 180]", "()" or nothing
            parts = [p for p in re.split(r"[\s,;/]+", text.strip("()[] ")) if p]
            return tuple(int(p) for p in parts) if all(re.fullmatch(r"\d{1,5}", p) for p in parts) else text
        if self.kind == "count":
            return int(text) if re.fullmatch(r"\d{1,3}", text) else text
        if self.kind == "bool":
            if text.lower() in TRUE_WORDS:
                return True
            if text.lower() in FALSE_WORDS:
                return False
            return text
        if self.kind == "int":
            return int(text) if re.fullmatch(r"-?\d+", text) else text
        for choice in self.choices:
            if str(choice) == text:
                return choice
        return text

    def value_of(self, profile: "RuleProfile"):
        """The value this option has on ``profile``."""
        if self.from_profile is not None:
            return self.from_profile(profile)
        return getattr(profile, self.name)

    def allows(self, value) -> bool:
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "int":
            return isinstance(value, int) and not isinstance(value, bool) and value > 0 and value % 5 == 0
        if self.kind == "count":
            return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 99
        if self.kind == "minimums":
            return (isinstance(value, (list, tuple)) and len(value) <= 12
                    and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10000 and v % 5 == 0
                            for v in value))
        return any(value == c and type(value) is type(c) for c in self.choices)

    def changes(self, value) -> dict:
        """The profile fields ``value`` sets; raises UnknownOption when the value is not allowed."""
        if not self.allows(value):
            if self.kind == "bool":
                allowed = _("true or false")
            elif self.kind == "int":
                allowed = _("a positive multiple of 5")
            elif self.kind == "count":
                allowed = _("a whole number from 0 to 99")
            elif self.kind == "minimums":
                allowed = _("up to 12 multiples of 5, one for each deal, such as 125 155 180")
            else:
                allowed = listed((str(c) for c in self.choices), "or")
            raise UnknownOption(_("The option '%(name)s' cannot be %(value)r; allowed: %(allowed)s.", name=self.name,
                                  value=value, allowed=allowed), field=f"options.{self.name}")
        if self.to_fields is not None:
            return self.to_fields(value)
        if self.kind == "minimums":
            return {self.name: tuple(value)}
        return {self.name: value}


# --------------------------------------------------------------------------------------
# Options several profiles share (each profile gives its own default and source)
# --------------------------------------------------------------------------------------

_TARGET_HELP = N_("The total a side must reach to win the game; any positive multiple of 5.")


def target(default: int, source: str) -> Option:
    return Option("target", N_("Game target"), "int", (), default, _TARGET_HELP, source, reading=False)


def deals_in_game(source: str, default: int = 0) -> Option:
    """A game of a fixed number of deals (docs/RULES.md §6); Hand and Foot is one of four deals."""
    return Option(
        "deals_in_game", N_("Deals in a game"), "count", (0, 4), default,
        N_("0: the game goes on until a side reaches the target. Any other number: the game is that many deals; "
           "the side with the most points wins, and if the leaders are level one more deal is played."),
        source, reading=False)


def minimum_by_deal(source: str, default: tuple = (), choices: tuple = ((), (125, 155, 180))) -> Option:
    """An initial-meld minimum that follows the deal number instead of the total (docs/RULES.md §6)."""
    return Option(
        "minimum_by_deal", N_("Initial-meld minimum by deal number"), "minimums", choices, default,
        N_("Empty: the minimum follows the side's total, as the rules say. A list such as 125 155 180: the first "
           "deal needs 125, the second 155, the third and every later deal 180, whatever the totals."),
        source, reading=False)


def wild_cap(default: str, source: str) -> Option:
    return Option(
        "wild_cap_after_canasta", N_("Wild cards on a finished canasta"), "choice", ("unlimited", "three"), default,
        N_("No limit: once seven cards make a canasta, any number of further wild cards may join it "
        "(it then scores as mixed). At most three: no meld ever holds more than three wild cards."),
        source,
    )


def one_per_rank(source: str) -> Option:
    return Option(
        "one_meld_per_rank", N_("One meld per rank for each side"), "bool", (True, False), True,
        N_("yes: a side keeps a single meld of each rank and new cards of that rank join it. "
        "no: a side may lay a second, separate meld of a rank it already has."),
        source,
    )


def black_three_effect(default: str, source: str) -> Option:
    return Option(
        "black_three_effect", N_("What a discarded black three does"), "choice", ("freeze", "block_one_turn"), default,
        N_("Freezes the pile: a black three in the pile freezes it like a wild card, so it can only be taken with a "
        "natural pair. Blocks the pile for one turn: it only stops the next player from taking the pile; once "
        "covered it has no effect."),
        source,
    )


def black_three_melds(source: str) -> Option:
    return Option(
        "black_three_melds_without_wilds", N_("Black-three melds are three or four black threes only"), "bool",
        (True, False), True,
        N_("yes: a meld of black threes, allowed only when going out, holds three or four black threes and no wild "
        "card. no: wild cards may join it under the usual limits."),
        source,
    )


def complete_when_out(source: str) -> Option:
    return Option(
        "canastas_may_complete_when_going_out", N_("A canasta finished while going out counts"), "bool", (True, False),
        True,
        N_("yes: the canastas needed to go out may be completed during the going-out turn itself. "
        "no: they must already be on the table before that turn."),
        source,
    )
