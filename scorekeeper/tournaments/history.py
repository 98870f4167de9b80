"""A player's record over time: the figures of each evening and casual game turned into averages, a trend and
best results.

Pure functions over plain values (no database, no words): the player's page, its chart and the tests read the
same ``Record``. The figures of an evening come from that evening's standings (``standings.compute``): this
module never scores a game.

* **Averages** are per game played: victory points and points over the evenings' games (a round sat out counts
  as neither), games won over games played, and the average place as a share of the field (1st of 8 is the
  top eighth).
* **Trend**: the average VP a game of the last ``TREND_EVENINGS`` evenings against the evenings before them;
  a change under ``TREND_STEADY`` VP is "steady". Too few evenings to compare give no trend.
* **Best results**: the best place (the earliest when repeated), the evening with most VP a game, the highest
  score in one game (evenings and casual games alike).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

TREND_EVENINGS = 3
TREND_STEADY = 0.5


@dataclass(frozen=True)
class EveningLine:
    """One evening as a player lived it: the standing of the entry they played in."""

    tournament_id: int
    name: str  # the tournament's name
    date: str  # ISO date
    finished: bool
    entry_id: int
    entry_name: str
    partners: tuple[str, ...]  # whom they played with: a partnership's other player, or each partner
    place: int
    shared: bool
    field: int  # entries ranked that evening
    played: int  # games played (rounds sat out aside)
    won: float
    points: int
    against: int
    vp: float
    sat_out: int
    high_game: int | None  # the player's side's best score in one game that evening

    @property
    def vp_per_game(self) -> float | None:
        games = self.played + self.sat_out
        return self.vp / games if games else None


@dataclass(frozen=True)
class CasualLine:
    """One casual game (not part of a tournament): the player's side against the others."""

    game_id: int
    date: str  # ISO date it was started
    rules: str  # profile id
    partners: tuple[str, ...]
    opponents: tuple[str, ...]
    own: int  # the player's side's total
    best_other: int  # the best total among the other sides
    finished: bool
    won: bool | None  # None while the game is being played
    deals: int


@dataclass(frozen=True)
class Record:
    evenings: int
    games: int  # games played in evenings and casual games
    won: float
    casual: int
    average_vp: float | None  # per evening game
    average_points: float | None  # per evening game
    win_share: float | None  # games won (evenings and finished casual games) over those games
    average_field_share: float | None  # mean of place / field: smaller is better
    trend: str | None  # "up", "down" or "steady"; None with too few evenings
    trend_change: float | None  # VP a game, recent minus earlier
    best_place: EveningLine | None
    best_evening: EveningLine | None  # most VP a game
    high_game: int | None


def trend(lines: Sequence[EveningLine]) -> tuple[str | None, float | None]:
    """("up" | "down" | "steady", change in VP a game) of the last evenings against the ones before."""
    rated = [line.vp_per_game for line in sorted(lines, key=lambda e: (e.date, e.tournament_id))
             if line.finished and line.vp_per_game is not None]
    if len(rated) <= TREND_EVENINGS:
        return None, None
    recent, earlier = rated[-TREND_EVENINGS:], rated[:-TREND_EVENINGS]
    change = sum(recent) / len(recent) - sum(earlier) / len(earlier)
    if abs(change) < TREND_STEADY:
        return "steady", change
    return ("up" if change > 0 else "down"), change


def record(evenings: Sequence[EveningLine], casual: Sequence[CasualLine]) -> Record:
    """The player's averages, trend and best results from their evenings and casual games."""
    counted = [e for e in evenings if e.played or e.sat_out]
    games = sum(e.played + e.sat_out for e in counted)
    played = sum(e.played for e in counted)
    finished_casual = [c for c in casual if c.won is not None]
    won = sum(e.won for e in counted) + sum(1 for c in finished_casual if c.won)
    decided = played + len(finished_casual)
    change = trend(counted)
    by_place = sorted(counted, key=lambda e: (e.place, e.date, e.tournament_id))
    rated = [e for e in counted if e.vp_per_game is not None]
    highs = [e.high_game for e in counted if e.high_game is not None] + [c.own for c in casual if c.deals]
    return Record(
        evenings=len(counted), games=played + len(casual), won=won, casual=len(casual),
        average_vp=sum(e.vp for e in counted) / games if games else None,
        average_points=sum(e.points for e in counted) / games if games else None,
        win_share=won / decided if decided else None,
        average_field_share=(sum(e.place / e.field for e in counted) / len(counted)) if counted else None,
        trend=change[0], trend_change=change[1],
        best_place=by_place[0] if by_place else None,
        best_evening=max(rated, key=lambda e: (e.vp_per_game, e.date)) if rated else None,
        high_game=max(highs) if highs else None,
    )


def chart_points(evenings: Sequence[EveningLine]) -> list[tuple[str, float]]:
    """(date, VP a game) of each evening in the order played, for the chart over time."""
    ordered = sorted(evenings, key=lambda e: (e.date, e.tournament_id))
    return [(e.date, round(e.vp_per_game, 2)) for e in ordered if e.vp_per_game is not None]
