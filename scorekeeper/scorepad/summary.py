"""A game's summary (its scorepad rows, totals, minimums and winner), computed from its deals: pure, no storage.

Totals, minimums and the winner are never stored as truth: ``summarise`` scores the deals in order each time, so
correcting an early deal corrects everything after it. A summary holds facts, not words (a breakdown line's label,
a warning, a problem are ``rules.i18n`` texts, worded in each reader's language where shown), so one computed for
one reader serves every other (``stores.summary`` caches them by the game's version).

Each deal keeps its running totals (``running_of``, written with it by ``stores.deals``): each side's points,
total, minimum and canastas, and the row's breakdown lines and warnings as data (``rules.i18n.to_data``), so
``from_running`` gives back the very rows ``summarise`` would, scoring nothing, in whichever process reads them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from scorekeeper.rows import Row

from .. import rules as rules_package
from ..rules import DealResult, Line, RuleProfile, RulesError, Violation, game_state, parse_deal, score_deal
from ..rules.i18n import Words, _, from_data, to_data
from .rows import Deal, Game, dealer_name, game_profile, side_names, sitting_out_names


@dataclass(frozen=True)
class RowSide(Row):
    """One side's cell of a scorepad row: the deal's points, the running total and what made them."""

    deal: int
    total: int
    minimum: int
    breakdown: tuple[Line, ...] = ()
    canastas: int = 0
    went_out: bool = False
    concealed: bool = False
    red_threes: int = 0
    #: Cut-throat: a partner of the lone hand this deal; ``went_out`` and ``concealed`` are then the partnership's.
    partner: bool = False


@dataclass(frozen=True)
class ScorepadRow(Row):
    """One deal on the scorepad; ``error`` is the engine's refusal when a stored deal counts nothing."""

    number: int
    deal_id: int
    dealer: str
    mode: str
    who: str | None
    sides: dict[str, RowSide] = field(hash=False)
    warnings: tuple[Violation, ...] = ()
    error: Words | str | None = None
    after_end: bool = False  # played after a side had already reached the target
    sits_out: tuple[str, ...] = ()  # who sat this deal out (one of a team of three, in turn)
    #: Cut-throat: the side that played alone this deal, the other two scoring as partners (None: nobody did).
    lone_hand: str | None = None
    #: False for a row read from the running totals without its breakdown (not asked for, or kept by an older version
    #: of the app): its points, totals, minimums and canastas, without the breakdown lines and warnings.
    scored: bool = True


#: How many deals past the next one a scorepad names the dealer of, for deals kept on a phone without a connection.
LATER_DEALS = 6


@dataclass(frozen=True)
class GameSummary(Row):
    """Everything a scorepad, a sheet or a tournament shows about a game, computed from its deals."""

    game: Game
    profile: RuleProfile
    rows: tuple[ScorepadRow, ...] = ()
    totals: dict[str, int] = field(default_factory=dict, hash=False)
    minimums: dict[str, int] = field(default_factory=dict, hash=False)
    game_over: bool = False
    winner: str | None = None
    next_dealer: str = ""
    next_sits_out: tuple[str, ...] = ()
    problems: tuple[Words, ...] = ()  # facts, worded where shown: a cached summary reads right in every language
    ended_at: int | None = None  # the number of the deal in which a side first reached the target
    #: Every deal's running totals are kept as this engine writes them (``running_of``); False for a summary scored
    #: from deals whose kept totals are missing, stale or without breakdowns: the next write keeps them again.
    kept: bool = field(default=True, compare=False)

    def to_go(self, key: str) -> int:
        """How far a side still is from the target (0 once there)."""
        return max(0, self.profile.target - self.totals.get(key, 0))

    def running_totals(self) -> dict[str, list[int]]:
        """Each side's total after every deal, from 0 before the first."""
        return {key: [0] + [row.sides[key].total for row in self.rows] for key in self.side_keys}

    @property
    def version(self) -> int:
        return self.game.version

    @property
    def side_keys(self) -> list[str]:
        return [s.key for s in self.game.sides]

    def side_name(self, key: str | None) -> str:
        for side in self.game.sides:
            if side.key == key:
                return side.name
        return ""

    def later_deals(self, count: int = LATER_DEALS) -> list[dict]:
        """Who deals, and who sits out, each of the ``count`` deals after the next one: a phone that keeps deals
        it could not send counts on past them and names the right dealer (static/js/offline.js)."""
        return [{"dealer": dealer_name(self.game, len(self.rows) + i),
                 "sits_out": sitting_out_names(self.game, len(self.rows) + i)} for i in range(1, count + 1)]

    def row_of(self, deal_id: int | None) -> ScorepadRow | None:
        return next((row for row in self.rows if row.deal_id == deal_id), None)

    @property
    def complete(self) -> bool:
        """Every row with its breakdown: what a whole scorepad, a sheet or an export shows. A summary read from the
        running totals for its totals alone (``from_running(breakdowns=False)``), or kept without breakdowns by an
        older version, is incomplete: enough to add a deal and to answer with what it changed."""
        return all(row.scored for row in self.rows)


def score(profile: RuleProfile, sides_data: dict, before: dict[str, int], names: dict[str, str] | None = None,
          deal_number: int | None = None):
    """Score one deal as entered (deal number ``deal_number``); raises the engine's RulesError when it cannot be
    scored."""
    sides, before = parse_deal({"sides": sides_data, "before": before}, profile)
    return score_deal(profile, sides, before, names=names, deal_number=deal_number)


def _facts(sides: dict, key: str, lone: str | None = None) -> dict:
    """What a scorepad row repeats from side ``key`` as entered (the canastas come from the engine); a partner of
    the lone hand ``lone`` (cut-throat) went out when either partner did."""
    entered = sides.get(key, {})
    shared = [side for k, side in sides.items() if k != lone] if lone and key != lone else [entered]
    return {"went_out": any(bool(s.get("went_out")) for s in shared),
            "concealed": any(bool(s.get("concealed")) for s in shared),
            "red_threes": int(entered.get("red_threes") or 0), "partner": bool(lone) and key != lone}


def _base(game: Game, index: int, deal: Deal) -> dict:
    return {"number": index + 1, "deal_id": deal.id, "dealer": dealer_name(game, index), "mode": deal.mode,
            "who": deal.who, "sits_out": sitting_out_names(game, index)}


def score_row(game: Game, profile: RuleProfile, index: int, deal: Deal, totals: dict[str, int],
              minimums: dict[str, int], result: DealResult | None = None) -> tuple[ScorepadRow, Words | None]:
    """Deal number ``index + 1`` scored on top of ``totals``/``minimums`` (updated in place): its row, and the
    engine's refusal (None when it scored). ``result``: the deal already scored on these totals by the caller."""
    base = _base(game, index, deal)
    try:
        if result is None:
            result = score(profile, deal.sides, totals, side_names(game), index + 1)
    except RulesError as error:
        # A stored deal the engine no longer accepts counts nothing, visibly.
        sides = {k: RowSide(0, totals[k], minimums[k]) for k in totals}
        return ScorepadRow(**base, sides=sides, error=error.message), error.message
    sides = {}
    for k in totals:
        side = result.sides[k]
        totals[k] = side.total
        minimums[k] = side.minimum
        sides[k] = RowSide(side.deal, side.total, side.minimum, tuple(side.breakdown), side.canastas,
                           **_facts(deal.sides, k, result.lone_hand))
    return ScorepadRow(**base, sides=sides, warnings=tuple(result.warnings), lone_hand=result.lone_hand), None


def _ends(profile: RuleProfile, row: ScorepadRow) -> bool:
    """Whether a side had reached the target after ``row``."""
    return game_state(profile, {k: side.total for k, side in row.sides.items()}, row.number)[0]


def _finish(game: Game, profile: RuleProfile, rows: list[ScorepadRow], totals, minimums, problems,
            ended_at: int | None = None) -> GameSummary:
    """The summary of ``rows``, whose deal number ``ended_at`` first reached the target."""
    game_over, winner = game_state(profile, totals, len(rows))
    return GameSummary(game=game, profile=profile, rows=tuple(rows), totals=totals, minimums=minimums,
                       game_over=game_over, winner=winner, next_dealer=dealer_name(game, len(rows)),
                       next_sits_out=sitting_out_names(game, len(rows)),
                       problems=tuple(problems), ended_at=ended_at)


def summarise(game: Game, deals: list[Deal], profile: RuleProfile | None = None) -> GameSummary:
    """Re-score every deal in order and carry the totals forward (under ``profile``, by default the game's)."""
    profile = profile or game_profile(game)
    totals = {k: 0 for k in game.side_keys}
    minimums = {k: profile.minimum(0, 1) for k in totals}
    rows, problems, ended_at = [], [], None
    for index, deal in enumerate(deals):
        row, problem = score_row(game, profile, index, deal, totals, minimums)
        if ended_at is not None:
            row = row.replace(after_end=True)
        elif _ends(profile, row):
            ended_at = row.number
        rows.append(row)
        if problem:
            problems.append(_("Deal %(index)s: %(problem)s", index=index + 1, problem=problem))
    return _finish(game, profile, rows, totals, minimums, problems, ended_at)


def _engine_stamp() -> str:
    """A fingerprint of the rules engine's source: running totals are only read back by the engine that wrote them.
    After an upgrade that changes how a deal scores (or any file of ``rules/``), a game's kept totals no longer
    match its stamp, so its next write scores it from its deals and writes them again (``from_running``)."""
    digest = hashlib.sha256()
    for path in sorted(Path(rules_package.__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


ENGINE = _engine_stamp()


def running_of(row: ScorepadRow) -> dict:
    """The running totals kept with a deal (``deals.running``): each side's [deal, total, minimum, canastas], its
    breakdown lines ([code, label, points] under ``lines``) and the row's warnings ([code, message, source]), the
    labels and messages as data (``rules.i18n.to_data``), and the stamp of the engine that scored them. A row whose
    words cannot be kept as data is kept without them (read back, it is scored again where breakdowns are needed)."""
    running: dict = {"sides": {k: [side.deal, side.total, side.minimum, side.canastas] for k, side in row.sides.items()},
                     "engine": ENGINE}
    if row.error is not None:
        running["error"] = True
    if row.lone_hand is not None:
        running["lone"] = row.lone_hand
    if row.scored and row.error is None:
        try:
            running["lines"] = {k: [[line.code, to_data(line.label), line.points] for line in side.breakdown]
                                for k, side in row.sides.items()}
            running["warnings"] = [[w.code, to_data(w.message), w.source] for w in row.warnings]
        except TypeError:
            running.pop("lines", None)
    return running


def _kept_row(game: Game, index: int, deal: Deal, running: dict, totals: dict, minimums: dict,
              breakdowns: bool) -> ScorepadRow:
    """Deal number ``index + 1`` as its running totals keep it (``totals``/``minimums`` updated in place), with its
    breakdown and warnings when they are kept and ``breakdowns`` asks for them."""
    lines = running.get("lines") if breakdowns else None
    sides = {}
    for k in totals:
        points, totals[k], minimums[k], canastas = running["sides"][k][:4]
        breakdown = tuple(Line(code, from_data(label), value) for code, label, value in lines[k]) if lines else ()
        sides[k] = RowSide(points, totals[k], minimums[k], breakdown, canastas,
                           **_facts(deal.sides, k, running.get("lone")))
    warnings = tuple(Violation(code, from_data(message), source)
                     for code, message, source in running.get("warnings", ())) if lines else ()
    return ScorepadRow(**_base(game, index, deal), sides=sides, warnings=warnings, lone_hand=running.get("lone"),
                       scored=lines is not None)


def from_running(game: Game, deals: list[Deal], profile: RuleProfile | None = None, *,
                 breakdowns: bool = True) -> GameSummary | None:
    """The summary the running totals kept with the deals give, scoring nothing: rows with their breakdowns and
    warnings, or without them (``scored=False``) when ``breakdowns`` is not asked (adding a deal needs the totals
    alone, and a long game's breakdowns take a while to read) or for deals kept by an older version of the app
    (``kept`` is then False). None when a deal's running totals are not known, were kept by another version of the
    engine, or its scoring was refused (the refusal's words are only had by scoring it)."""
    profile = profile or game_profile(game)
    totals = {k: 0 for k in game.side_keys}
    minimums = {k: profile.minimum(0, 1) for k in totals}
    rows, ended_at, kept = [], None, True
    try:
        for index, deal in enumerate(deals):
            running = deal.running or {}
            if not running.get("sides") or running.get("error") or running.get("engine") != ENGINE:
                return None
            kept = kept and "lines" in running
            row = _kept_row(game, index, deal, running, totals, minimums, breakdowns)
            if ended_at is not None:
                row = row.replace(after_end=True)
            elif _ends(profile, row):
                ended_at = row.number
            rows.append(row)
    except (KeyError, TypeError, ValueError, AttributeError):  # kept by an older or foreign writer: score instead
        return None
    return _finish(game, profile, rows, totals, minimums, [], ended_at).replace(kept=kept)


def extended(summary: GameSummary, game: Game, deal: Deal, result: DealResult | None = None) -> GameSummary:
    """The summary after appending ``deal`` as the last deal, for the game row ``game``; exactly what
    ``summarise(game, deals + [deal])`` gives, scoring only the new deal (``result``: already scored on
    ``summary.totals``)."""
    totals, minimums = dict(summary.totals), dict(summary.minimums)
    row, problem = score_row(game, summary.profile, len(summary.rows), deal, totals, minimums, result)
    problems = list(summary.problems) + ([_("Deal %(number)s: %(problem)s", number=row.number, problem=problem)]
                                         if problem else [])
    ended_at = summary.ended_at
    if ended_at is not None:
        row = row.replace(after_end=True)
    elif _ends(summary.profile, row):
        ended_at = row.number
    return _finish(game, summary.profile, [*summary.rows, row], totals, minimums, problems, ended_at)


def totals_before_row(summary: GameSummary, deal_id: int | None) -> dict[str, int]:
    """Each side's total before deal ``deal_id`` (before a new deal when None), read from the summary."""
    if deal_id is not None:
        for index, row in enumerate(summary.rows):
            if row.deal_id == deal_id:
                if index == 0:
                    return {k: 0 for k in summary.side_keys}
                return {k: side.total for k, side in summary.rows[index - 1].sides.items()}
    return dict(summary.totals)
