"""The tests' own reckoning of a season's ladder, to hold the database's against: which of a player's evenings
count and their sum, worked out in Python from each player's figures on each evening (as the app did before the
database added them up: ``stores.tournaments.kept.season_totals``). It is an oracle for the tests only; the app
counts in one place, its SQL. The ranking of the rows is the app's own (``tournaments.ladder.rank``), which these
tests do not re-derive."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from scorekeeper.tournaments.ladder import LadderRow, Rules, ladder


class EveningScore(NamedTuple):
    """One player's figures on one evening of the season."""

    evening: int  # the tournament's id
    date: str  # ISO date, for the order of evenings
    player: int
    vp: float
    match: float
    points: int

    def value(self, ranking: str) -> float:
        return {"vp": self.vp, "match": self.match, "points": self.points}[ranking]


def counted(rules: Rules, own: Sequence[EveningScore]) -> list[EveningScore]:
    """The evenings that count for one player: all, or their best N (the earlier evening first on a tie)."""
    if rules.count == "all":
        return list(own)
    return sorted(own, key=lambda s: (-s.value(rules.ranking), s.date, s.evening))[: rules.best]


def worked_out(rules: Rules, scores: Sequence[EveningScore], names: dict) -> list[LadderRow]:
    """The ladder of ``scores`` by ``rules``, counted and added up here, then ranked by the app."""
    by_player: dict = {}
    for score in scores:
        by_player.setdefault(score.player, []).append(score)
    totals, cells = [], []
    for player, own in by_player.items():
        counting = set(counted(rules, own))
        figures = [s.value(rules.ranking) for s in own]
        totals.append((player, names.get(player, ""), len(own), sum(s.value(rules.ranking) for s in counting),
                       max(figures)))
        cells += [(s.date, s.evening, player, s.value(rules.ranking), s in counting) for s in own]
    in_order = sorted(cells, key=lambda cell: (cell[0], cell[1]))
    return ladder(rules, totals, [(player, evening, figure, counts)
                                  for _date, evening, player, figure, counts in in_order])
