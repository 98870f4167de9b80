"""Standings: each game's result turned into points, games won and victory points, then ranked.

Pure functions over plain values; the pages, the CSV and the PDF all read the same ``Standing`` lines. The
figures of a game (each side's total) come from the scorepad, which asks the rules engine; this module only
compares two totals, it never scores a deal.

How a tournament counts (the standings page prints this):

* **Points**: the final total of your side in each game, added up over the rounds.
* **Games won**: 1 for a game your side finished ahead, ½ for a game level on points, 0 otherwise. A round that
  ends on time or after a number of deals is won by the side ahead when it ends.
* **Victory points** (when the tournament uses them): each game shares 20 VP between the two sides according
  to the difference of their totals (``VP_SCALE``): level games give 10-10, a difference of 4,000 or more
  gives 20-0.
* **Sitting out** (an odd number of entries): the entry that rests scores the round's average, the mean of
  every side's total in that round's games, rounded to the nearest point, with a difference of 0 and 10 VP
  (half of the scale). It counts as neither won nor lost, and not as a game played.
* A round missed by arriving late or after withdrawing scores nothing.
* While a round is played, the projector counts its games at their scores so far (``TableResult.finished``
  False): their points and VP, provisionally, but not as won or played until the game is over.

Ranking and tie-breaks:

* with points: total points, then games won, then point difference (own totals minus opponents');
* with victory points: VP, then games won, then point difference, then total points.

Entries equal on every key share the place.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from scorekeeper.rules.i18n import _

#: The 20-VP scale: (smallest difference of totals, VP of the side ahead). The side behind gets 20 minus it.
VP_SCALE: tuple[tuple[int, int], ...] = (
    (0, 10),
    (100, 11),
    (300, 12),
    (500, 13),
    (800, 14),
    (1100, 15),
    (1500, 16),
    (2000, 17),
    (2500, 18),
    (3000, 19),
    (4000, 20),
)
VP_TOTAL = 20
SIT_OUT_VP = VP_TOTAL / 2

TIE_BREAKS = {
    "points": ("points", "won", "difference"),
    "vp": ("vp", "won", "difference", "points"),
}
TIE_BREAK_LABELS = {
    "points": _("total points"),
    "won": _("games won"),
    "difference": _("point difference"),
    "vp": _("victory points"),
}


def vp_bands() -> list[dict]:
    """The scale as rows for a page: difference from/to and the VP of each side."""
    rows = []
    for i, (low, ahead) in enumerate(VP_SCALE):
        high = VP_SCALE[i + 1][0] - 5 if i + 1 < len(VP_SCALE) else None
        rows.append({"low": low, "high": high, "ahead": ahead, "behind": VP_TOTAL - ahead})
    return rows


def victory_points(own: int, other: int) -> float:
    """The VP one side earns from its total ``own`` against the other side's ``other``."""
    difference = abs(own - other)
    ahead = VP_SCALE[0][1]
    for low, vp in VP_SCALE:
        if difference >= low:
            ahead = vp
    return ahead if own >= other else VP_TOTAL - ahead


def game_won(own: int, other: int) -> float:
    if own > other:
        return 1.0
    if own == other:
        return 0.5
    return 0.0


@dataclass(frozen=True)
class TableResult:
    """One game of a tournament as the standings need it."""

    round: int
    table: int
    we: tuple[int, ...]  # entry ids on side "we"
    they: tuple[int, ...]
    we_points: int
    they_points: int
    finished: bool = True  # False: a game still being played, counted at its score so far but not as won or played


@dataclass
class Game:
    """One line of an entry's record: a game played, or a round sat out."""

    round: int
    table: int | None
    points: int
    against: int
    vp: float
    won: float
    partners: tuple[int, ...] = ()
    opponents: tuple[int, ...] = ()
    sat_out: bool = False
    finished: bool = True


@dataclass
class Standing:
    entry: int
    name: str
    played: int = 0
    won: float = 0.0
    points: int = 0
    against: int = 0
    vp: float = 0.0
    sat_out: int = 0
    place: int = 0
    shared: bool = False
    games: list[Game] = field(default_factory=list)

    @property
    def difference(self) -> int:
        return self.points - self.against

    def key(self, scoring: str) -> tuple:
        return tuple(getattr(self, name) for name in TIE_BREAKS[scoring])


def round_average(results: Iterable[TableResult]) -> int | None:
    """The mean of every side's total in a round, rounded half up; None when nothing was played."""
    totals = [p for r in results for p in (r.we_points, r.they_points)]
    if not totals:
        return None
    return math.floor(sum(totals) / len(totals) + 0.5)


def compute(
    names: dict[int, str],
    results: Sequence[TableResult],
    sit_outs: dict[int, Sequence[int]] | None = None,
    scoring: str = "points",
) -> list[Standing]:
    """Rank every entry in ``names`` from the games in ``results`` and the rests in ``sit_outs`` (round -> ids)."""
    if scoring not in TIE_BREAKS:
        raise ValueError(f"unknown scoring {scoring!r}")  # i18n: not for people
    lines = {entry: Standing(entry, name) for entry, name in names.items()}
    for r in results:
        for own, other, mine, theirs in (
            (r.we_points, r.they_points, r.we, r.they),
            (r.they_points, r.we_points, r.they, r.we),
        ):
            for entry in mine:
                line = lines.get(entry)
                if line is None:
                    continue
                game = Game(
                    round=r.round, table=r.table, points=own, against=other, vp=victory_points(own, other),
                    won=game_won(own, other) if r.finished else 0.0, partners=tuple(e for e in mine if e != entry),
                    opponents=theirs, finished=r.finished,
                )
                line.games.append(game)
    by_round: dict[int, list[TableResult]] = {}
    for r in results:
        by_round.setdefault(r.round, []).append(r)
    for number, resting in (sit_outs or {}).items():
        average = round_average(by_round.get(number, []))
        if average is None:
            continue
        for entry in resting:
            if entry in lines:
                lines[entry].games.append(
                    Game(round=number, table=None, points=average, against=average, vp=SIT_OUT_VP, won=0.0,
                         sat_out=True)
                )
    for line in lines.values():
        line.games.sort(key=lambda g: g.round)
        for g in line.games:
            line.points += g.points
            line.against += g.against
            line.vp += g.vp
            line.won += g.won
            if g.sat_out:
                line.sat_out += 1
            elif g.finished:
                line.played += 1
    return rank(list(lines.values()), scoring)


def rank(lines: list[Standing], scoring: str) -> list[Standing]:
    """Order by the tie-break keys of ``scoring`` (each descending); equal keys share a place."""
    ordered = sorted(lines, key=lambda s: tuple(-k for k in s.key(scoring)) + (s.name.casefold(), s.entry))
    previous = None
    for index, line in enumerate(ordered, start=1):
        key = line.key(scoring)
        if previous is not None and key == previous.key(scoring):
            line.place = previous.place
            line.shared = previous.shared = True
        else:
            line.place = index
        previous = line
    return ordered
