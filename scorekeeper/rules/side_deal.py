"""What a side declares for one deal, the input of the scoring (``scoring.score_deal``) and of the checks of what
cannot happen (``deal_checks``): its melds and hands card by card or its totals, its red and black threes,
going out, and penalties. Read from JSON by ``deal_io``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .cards import Card


@dataclass(frozen=True)
class CustomPenalty:
    """A penalty not in the profile's list: ``points`` are deducted."""

    points: int
    reason: str


@dataclass(frozen=True)
class SideDeal:
    """One side's deal, card by card (melds, hands) or by totals (meld_points, canastas, hand_points)."""

    melds: tuple[tuple[Card, ...], ...] | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None
    meld_points: int | None = None
    canastas: Mapping[str, int] | None = None
    hand_points: int | None = None
    red_threes: int = 0
    black_threes: int = 0
    went_out: bool = False
    concealed: bool = False
    penalties: tuple = ()
    #: Cut-throat: this player took the pile first (or went out before anyone took it) and plays alone against
    #: the other two as partners for this deal; with no lone hand everyone scores alone.
    lone_hand: bool = False

    @property
    def by_cards(self) -> bool:
        return self.melds is not None or self.hands is not None
