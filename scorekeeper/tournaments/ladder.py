"""A season's ladder: each player's evenings turned into season points, counted and ranked by the rules the
club chose for the season.

Pure functions over plain values (no database, no words): the season's page, its PDF, the API and the tests
read the same ``LadderRow``s. An evening's figures come from that evening's standings (``standings.compute``,
kept once it finishes): a player has, on an evening, the figures of the entry they played in. Which of a player's
evenings count and their sum are worked out by the database, in one statement over the kept standings
(``stores.tournaments.kept.season_totals``, written once there), so a year's ladder reads a row a player; this
module ranks those rows.

What a player earns on an evening (``RANKINGS``):

* **VP**: the victory points of the evening (``Standing.vp``, a round sat out included at its 10 VP);
* **match points**: 2 for each game won, 1 for each game level on points and for each round sat out, 0 for a
  game lost (``match_points``);
* **total points**: the evening's total of points (``Standing.points``, a round sat out at the round's average).

Which evenings count (``COUNTS``): all of them, or the best N of the season's M evenings (a player's N
highest; the season holds M evenings at most). A player ranks once they have played ``minimum`` evenings;
below that they are listed after the ranked players, unranked.

Ties (``TIE_BREAKS``), when two players' season points are equal: the better best single evening; or more
evenings played; or none (they share the place). Players still equal after the tie-break share the place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

COUNTS = ("all", "best")
RANKINGS = ("vp", "match", "points")
TIE_BREAKS = ("best_evening", "evenings", "shared")
#: Match points of a game won, level, or lost, and of a round sat out.
MATCH_WIN, MATCH_LEVEL, MATCH_LOSS, MATCH_SAT_OUT = 2, 1, 0, 1


class LadderRulesError(ValueError):
    """Season rules that cannot work; ``code`` names the field at fault (the web layer words it)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Rules:
    """How a season's ladder counts and ranks."""

    count: str = "all"  # "all" | "best"
    best: int | None = None  # N, for "best"
    of: int | None = None  # M, the season's evenings, for "best"
    minimum: int = 1  # evenings a player needs to be ranked
    ranking: str = "vp"  # "vp" | "match" | "points"
    tie_break: str = "best_evening"  # "best_evening" | "evenings" | "shared"

    def check(self) -> Rules:
        """These rules, or LadderRulesError naming what cannot work."""
        if self.count not in COUNTS:
            raise LadderRulesError("count")
        if self.ranking not in RANKINGS:
            raise LadderRulesError("ranking")
        if self.tie_break not in TIE_BREAKS:
            raise LadderRulesError("tie_break")
        if self.count == "best":
            if not self.of or not 1 <= self.of <= 100:
                raise LadderRulesError("of")
            if not self.best or not 1 <= self.best <= self.of:
                raise LadderRulesError("best")
        if not 1 <= self.minimum <= (self.of if self.count == "best" else 100):
            raise LadderRulesError("minimum")
        return self


@dataclass
class LadderRow:
    player: int
    name: str
    rank: int | None = None  # None: fewer evenings than the minimum
    shared: bool = False
    evenings: int = 0  # evenings played
    counted: tuple[int, ...] = ()  # the evenings that count, by tournament id
    points: float = 0  # the season points: the sum of the counted evenings' figures
    best: float = 0  # the best single evening's figure
    scores: dict[int, float] = field(default_factory=dict)  # every evening's figure, by tournament id

    @property
    def ranked(self) -> bool:
        return self.rank is not None


def match_points(games: Iterable) -> float:
    """An evening's match points from its games (``standings.Game``: ``won`` 1, ½ or 0, or ``sat_out``)."""
    total = 0.0
    for game in games:
        if game.sat_out:
            total += MATCH_SAT_OUT
        elif game.won == 1:
            total += MATCH_WIN
        elif game.won == 0.5:
            total += MATCH_LEVEL
        else:
            total += MATCH_LOSS
    return total


def ladder(rules: Rules, totals: Iterable[Sequence], cells: Iterable[Sequence] = ()) -> list[LadderRow]:
    """The season's ladder, ranked: a row for each player of ``totals`` (player id, name, evenings played, season
    points, best evening's figure: what the database added up under ``rules``, ``kept.season_totals``), with each
    evening's figure and whether it counts from ``cells`` (player id, evening id, figure, counts, in the order the
    evenings were played: ``kept.season_cells``), for the pages that show them."""
    rules.check()
    rows = {player: LadderRow(player=player, name=name or "", evenings=evenings, points=_tidy(points),
                              best=_tidy(best)) for player, name, evenings, points, best in totals}
    counted: dict[int, list[int]] = {}
    for player, evening, figure, counts in cells:
        rows[player].scores[evening] = _tidy(figure)
        if counts:
            counted.setdefault(player, []).append(evening)
    for player, evenings in counted.items():
        rows[player].counted = tuple(evenings)
    return rank(rules, list(rows.values()))


def _key(rules: Rules, row: LadderRow) -> tuple:
    if rules.tie_break == "best_evening":
        return (row.points, row.best)
    if rules.tie_break == "evenings":
        return (row.points, row.evenings)
    return (row.points,)


def rank(rules: Rules, rows: list[LadderRow]) -> list[LadderRow]:
    """Ranked players first, by season points then the tie-break (equal keys share the place); then the
    players short of the minimum, by season points, unranked."""
    ranked = sorted((r for r in rows if r.evenings >= rules.minimum),
                    key=lambda r: tuple(-k for k in _key(rules, r)) + (r.name.casefold(), r.player))
    previous = None
    for index, row in enumerate(ranked, start=1):
        if previous is not None and _key(rules, row) == _key(rules, previous):
            row.rank, row.shared, previous.shared = previous.rank, True, True
        else:
            row.rank = index
        previous = row
    unranked = sorted((r for r in rows if r.evenings < rules.minimum),
                      key=lambda r: (-r.points, r.name.casefold(), r.player))
    for row in unranked:
        row.rank = None
    return ranked + unranked


def _tidy(value: float) -> float | int:
    """A whole number as an int (VP and match points add up in halves at most)."""
    value = float(value)
    return int(value) if value.is_integer() else round(value, 2)
