"""The least card points the canastas a side declares can hold: a floor under "card points melded".

A canasta is at least ``canasta_size`` cards (seven under every built-in profile: docs/RULES.md §2.1, "Canastas",
resting on bicycle: Canastas; yahoo: Canasta¶; modern-american: CANASTA; silhill: §3; classic: Melds¶), and its
cards count their values in the side's melded cards (the same documents' scoring headings). So a side that declares
canastas by totals has melded at least what its cheapest possible canastas are worth; fewer points cannot have
happened.
"""

from __future__ import annotations

from collections.abc import Mapping

from .cards import RANKS, SEQUENCE_RANKS, Card
from .errors import ImpossibleDeal
from .i18n import _
from .profiles import RuleProfile
from .rule_profile import SEQUENCE_CANASTAS


def _natural_ranks(profile: RuleProfile, kind: str) -> tuple[str, ...]:
    if kind == "sevens":
        return ("7",)
    if kind == "aces":
        return ("A",)
    own = {"sevens": "7", "aces": "A"}
    # Where sevens and aces are kinds of their own, a natural or mixed canasta is of another rank.
    return tuple(r for r in RANKS if r not in {own[k] for k in own if k in profile.canasta_kinds})


def canasta_floor(profile: RuleProfile, kind: str) -> int:
    """The fewest card points a canasta of ``kind`` can hold under ``profile``."""
    size = profile.canasta_size
    two, joker = profile.card_points(Card("2")), profile.card_points(Card("JK"))
    if kind in SEQUENCE_CANASTAS:  # seven cards of one suit in order: the cheapest run of seven
        values = [profile.card_points(Card(rank)) for rank in SEQUENCE_RANKS]
        return min(sum(values[i:i + size]) for i in range(len(values) - size + 1))
    if kind == "bolivia":
        return size * min(two, joker)
    if kind == "wild_twos":
        return size * two
    if kind == "wild_jokers":
        return 4 * joker + (size - 4) * two
    if kind == "wild":
        return size * min(two, joker)
    natural = min(profile.card_points(Card(rank)) for rank in _natural_ranks(profile, kind))
    if kind == "mixed":
        return (size - 1) * natural + min(two, joker)
    return size * natural


def melded_floor(profile: RuleProfile, canastas: Mapping[str, int]) -> int:
    """The fewest card points a side's declared canastas (count per kind) can hold together."""
    return sum(canasta_floor(profile, kind) * count for kind, count in canastas.items()
               if kind in profile.canasta_kinds and isinstance(count, int) and count > 0)


def check_melded_floors(profile: RuleProfile, sides: Mapping, who) -> None:
    """Refuse a side given by totals whose card points melded are fewer than its canastas hold at the least
    (``score_deal`` runs it with the other checks of ``deal_checks.py``).

    ``sides``: the deal's ``SideDeal`` values by key; ``who(key)``: how a message names a side."""
    for name, side in sides.items():
        if side.by_cards or not side.canastas:
            continue
        floor = melded_floor(profile, side.canastas)
        melded = side.meld_points or 0
        if melded < floor:
            count = sum(n for n in side.canastas.values() if isinstance(n, int) and n > 0)
            canastas = _("canasta holds") if count == 1 else _("%(count)s canastas hold", count=count)
            raise ImpossibleDeal(
                _("%(name)s: a canasta is at least %(canasta_size)s cards, so the %(canastas)s at least %(floor)s points of cards; the card points melded cannot be %(melded)s.", name=who(name), canasta_size=profile.canasta_size, canastas=canastas, floor=floor, melded=melded),
                field=f"sides.{name}.meld_points")
