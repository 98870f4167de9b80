"""Who sits where: the movements of a club tournament, as pure functions.

Two formats:

* **Partnerships** (``pairs_round``): each entry is a fixed partnership. One line, North-South, stays at its
  table all afternoon; the other line, East-West, moves one table up after every round (a Mitchell movement),
  so every round an East-West pair meets a new North-South pair. When entries arrive late or withdraw, or the
  afternoon has more rounds than tables, the East-West seats are chosen by a minimum-cost assignment that
  first avoids meeting the same pair again, then spreads sitting out, then avoids a table already visited, and
  otherwise keeps the regular one-table-up step.
* **Individuals** (``individuals_round``): everyone changes partner every round. The players who sit out are
  those who sat out least; partners are chosen so nobody has the same partner twice (a backtracking search,
  exact whenever such a choice exists), and partnerships are then put together at tables so that players meet
  an opponent again as little as possible (several randomised tries, each improved by swapping opponents
  between tables; the best is kept). The search is seeded, so the same input always gives the same round.

Nothing here knows about the database or the web: entries are plain integer ids, and a round is a value.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

#: A moving pair that meets a pair again costs this much; everything else is far cheaper.
REPEAT_OPPONENT = 1_000_000
#: Sitting out more often than the others.
EXTRA_SIT_OUT = 10_000
#: Coming back to a table already played at.
REVISIT_TABLE = 100
#: Leaving the regular one-table-up step.
OFF_MOVEMENT = 1


@dataclass(frozen=True)
class Seating:
    """One table of a round: the entries of each side (one partnership, or two players each)."""

    table: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]

    @property
    def entries(self) -> tuple[int, ...]:
        return self.ns + self.ew


@dataclass(frozen=True)
class RoundPlan:
    """Where everyone sits in one round, and who sits out."""

    number: int
    tables: tuple[Seating, ...]
    sit_out: tuple[int, ...] = ()

    def seated(self) -> list[int]:
        return [e for t in self.tables for e in t.entries]

    def table_of(self, entry: int) -> Seating | None:
        for t in self.tables:
            if entry in t.entries:
                return t
        return None


@dataclass
class History:
    """What earlier rounds did, counted: meetings as partners and opponents, sit-outs, tables visited."""

    partners: Counter = field(default_factory=Counter)  # frozenset({a, b}) -> times
    opponents: Counter = field(default_factory=Counter)  # frozenset({a, b}) -> times
    sit_outs: Counter = field(default_factory=Counter)  # entry -> times
    tables: Counter = field(default_factory=Counter)  # (entry, table) -> times

    @classmethod
    def of(cls, rounds: Iterable[RoundPlan]) -> "History":
        history = cls()
        for plan in rounds:
            history.add(plan)
        return history

    def add(self, plan: RoundPlan) -> None:
        for entry in plan.sit_out:
            self.sit_outs[entry] += 1
        for t in plan.tables:
            for side in (t.ns, t.ew):
                for a, b in combinations(side, 2):
                    self.partners[frozenset((a, b))] += 1
            for a in t.ns:
                for b in t.ew:
                    self.opponents[frozenset((a, b))] += 1
            for entry in t.entries:
                self.tables[(entry, t.table)] += 1

    def met(self, a: int, b: int) -> int:
        return self.opponents[frozenset((a, b))]

    def partnered(self, a: int, b: int) -> int:
        return self.partners[frozenset((a, b))]


# --- Partnerships: a Mitchell movement -------------------------------------------------------------------


def pairs_lines(active: Sequence[int], previous: Sequence[RoundPlan]) -> tuple[list[int], list[int]]:
    """Split the partnerships into the stationary North-South line and the moving East-West line.

    A pair keeps the line it played in last; newcomers fill the North-South line first. With an odd number
    of pairs, the North-South line is one short: the East-West pair that reaches the empty table sits out.
    Returns ``(ns, ew)``: North-South in table order, East-West in movement order.
    """
    active = list(dict.fromkeys(active))
    count = len(active)
    want_ns = count // 2
    last_ns: dict[int, int] = {}  # entry -> table, from the latest round it played North-South
    last_ew: dict[int, int] = {}
    for plan in previous:
        for t in plan.tables:
            for e in t.ns:
                last_ns[e] = t.table
                last_ew.pop(e, None)
            for e in t.ew:
                last_ew[e] = t.table
                last_ns.pop(e, None)
        for e in plan.sit_out:
            # A sit-out faced the empty North-South seat: it belongs to the moving line.
            if e not in last_ns:
                last_ew.setdefault(e, 0)
    ns = sorted((e for e in active if e in last_ns), key=lambda e: (last_ns[e], e))
    ew = sorted((e for e in active if e in last_ew), key=lambda e: (last_ew[e], e))
    newcomers = [e for e in active if e not in last_ns and e not in last_ew]
    while len(ns) < want_ns and newcomers:
        ns.append(newcomers.pop(0))
    ew.extend(newcomers)
    while len(ns) < want_ns:
        ns.append(ew.pop())
    while len(ns) > want_ns:
        ew.insert(0, ns.pop())
    return ns, ew


def pairs_round(active: Sequence[int], previous: Sequence[RoundPlan] = ()) -> RoundPlan:
    """The next round for fixed partnerships: North-South stays, East-West moves one table up.

    ``active`` lists the partnerships playing this round (in entry order); ``previous`` the rounds already
    played, oldest first. With N pairs there are ceil(N/2) tables; an odd pair out sits out at the empty table.
    """
    number = len(previous) + 1
    ns, ew = pairs_lines(active, previous)
    if not ew:
        return RoundPlan(number, (), tuple(ns))
    tables = len(ew)  # ns has len(ew) or len(ew) - 1 pairs: the last table may be empty
    history = History.of(previous)
    regular = regular_slots(ew, previous[-1] if previous else None, tables)
    cost = []
    for e in ew:
        row = []
        for slot in range(tables):
            c = 0
            if slot < len(ns):
                c += REPEAT_OPPONENT * history.met(e, ns[slot])
            else:
                c += EXTRA_SIT_OUT * history.sit_outs[e]
            c += REVISIT_TABLE * history.tables[(e, slot + 1)]
            if slot != regular[e]:
                c += OFF_MOVEMENT
            row.append(c)
        cost.append(row)
    assignment = min_cost_assignment(cost)
    seats: list[Seating] = []
    sit_out: list[int] = []
    for i, slot in enumerate(assignment):
        if slot < len(ns):
            seats.append(Seating(slot + 1, (ns[slot],), (ew[i],)))
        else:
            sit_out.append(ew[i])
    seats.sort(key=lambda s: s.table)
    return RoundPlan(number, tuple(seats), tuple(sit_out))


def regular_slots(ew: Sequence[int], last: RoundPlan | None, tables: int) -> dict[int, int]:
    """Where the regular movement sends each East-West pair (0-based table): one table up from where it
    played last round, from the last table back to the first. A pair that sat out last round was at the empty
    table, the last one. A pair new to the moving line takes the free tables in line order."""
    were: dict[int, int] = {}
    if last is not None:
        for t in last.tables:
            for e in t.ew:
                were[e] = t.table - 1
        for e in last.sit_out:
            were[e] = len(last.tables)
    regular = {e: (were[e] + 1) % tables for e in ew if e in were}
    free = [slot for slot in range(tables) if slot not in regular.values()]
    for e in ew:
        if e not in regular:
            regular[e] = free.pop(0) if free else 0
    return regular


def min_cost_assignment(cost: Sequence[Sequence[int]]) -> list[int]:
    """Assign each row a distinct column at the least total cost (Hungarian algorithm, square matrix).

    Returns ``assignment[row] = column``.
    """
    n = len(cost)
    if n == 0:
        return []
    inf = float("inf")
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    p = [0] * (n + 1)  # p[column] = row assigned, 1-based; 0 = none
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = p[j0]
            delta = inf
            j1 = 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    assignment = [0] * n
    for j in range(1, n + 1):
        assignment[p[j] - 1] = j - 1
    return assignment


# --- Individuals: new partners every round --------------------------------------------------------------


def choose_sit_outs(active: Sequence[int], previous: Sequence[RoundPlan], count: int) -> list[int]:
    """The ``count`` players who sit out: those who sat out least, taking turns down the entry list."""
    history = History.of(previous)
    number = len(previous) + 1
    order = list(active)
    # Rotate so that, among equals, the turn passes down the list from round to round.
    start = (number - 1) * count % len(order) if order else 0
    rotated = order[start:] + order[:start]
    rotated.reverse()  # later entries first: the latest arrivals are the first to rest
    return sorted(rotated, key=lambda e: history.sit_outs[e])[:count]


def _partner_matchings(players: list[int], history: History, rng: random.Random, limit: int = 4_000):
    """Yield perfect matchings of ``players`` in which nobody meets a former partner again.

    Backtracking on the most constrained player first; yields nothing when no such matching exists within
    ``limit`` steps.
    """
    steps = 0

    def allowed(a: int, b: int) -> bool:
        return history.partnered(a, b) == 0

    def search(left: list[int]):
        nonlocal steps
        if not left:
            yield []
            return
        steps += 1
        if steps > limit:
            return
        # The player with the fewest possible partners goes first.
        options = {a: [b for b in left if b != a and allowed(a, b)] for a in left}
        a = min(left, key=lambda x: (len(options[x]), x))
        choices = options[a]
        rng.shuffle(choices)
        for b in choices:
            rest = [x for x in left if x != a and x != b]
            for tail in search(rest):
                yield [(a, b)] + tail

    yield from search(sorted(players))


def _opponent_cost(history: History, side1: tuple[int, int], side2: tuple[int, int]) -> int:
    return sum(history.met(a, b) for a in side1 for b in side2)


def _group_tables(sides: list[tuple[int, int]], history: History, rng: random.Random):
    """Pair partnerships into tables with as few repeated opponents as possible; return (cost, tables)."""
    order = sides[:]
    rng.shuffle(order)
    tables: list[list[tuple[int, int]]] = []
    while order:
        first = order.pop(0)
        best = min(range(len(order)), key=lambda i: _opponent_cost(history, first, order[i]))
        tables.append([first, order.pop(best)])
    # Improve by swapping a partnership between two tables while that lowers the cost.
    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(len(tables)), 2):
            (a, b), (c, d) = tables[i], tables[j]
            now = _opponent_cost(history, a, b) + _opponent_cost(history, c, d)
            for x, y in (((a, c), (b, d)), ((a, d), (b, c))):
                if _opponent_cost(history, *x) + _opponent_cost(history, *y) < now:
                    tables[i], tables[j] = list(x), list(y)
                    improved = True
                    break
    cost = sum(_opponent_cost(history, a, b) for a, b in tables)
    return cost, tables


def individuals_round(active: Sequence[int], previous: Sequence[RoundPlan] = (), tries: int = 300) -> RoundPlan:
    """The next round for individuals: tables of four, nobody with a former partner, few repeated opponents.

    Players beyond a multiple of four sit out (those who sat out least). If no choice of partners avoids a
    repeat (a small field late in the afternoon), partners who met least often are put together instead.
    """
    number = len(previous) + 1
    active = list(dict.fromkeys(active))
    history = History.of(previous)
    sit_out = choose_sit_outs(active, previous, len(active) % 4)
    players = [p for p in active if p not in sit_out]
    if not players:
        return RoundPlan(number, (), tuple(sit_out))
    rng = random.Random(number * 7919 + sum(players) * 31 + len(players))
    best: tuple[int, list] | None = None
    for _ in range(tries):
        matching = next(_partner_matchings(players, history, rng), None)
        if matching is None:
            # No choice of partners avoids a repeat: take the least repeated ones, once.
            best = _group_tables(_least_repeated_partners(players, history), history, rng)
            break
        cost, tables = _group_tables(matching, history, rng)
        if best is None or cost < best[0]:
            best = (cost, tables)
        if cost == 0:
            break
    assert best is not None
    seats = []
    for number_at, (ns, ew) in enumerate(sorted(best[1], key=lambda t: min(t[0] + t[1])), start=1):
        seats.append(Seating(number_at, tuple(sorted(ns)), tuple(sorted(ew))))
    return RoundPlan(number, tuple(seats), tuple(sorted(sit_out)))


def _least_repeated_partners(players: list[int], history: History) -> list[tuple[int, int]]:
    """Greedy fallback when a repeat cannot be avoided: join the players who partnered least often."""
    left = sorted(players)
    pairs = []
    while left:
        a = left.pop(0)
        b = min(left, key=lambda x: (history.partnered(a, x), x))
        left.remove(b)
        pairs.append((a, b))
    return pairs


def next_round(format: str, active: Sequence[int], previous: Sequence[RoundPlan] = ()) -> RoundPlan:
    """The next round for a tournament of ``format`` "pairs" or "individuals"."""
    if format == "pairs":
        return pairs_round(active, previous)
    if format == "individuals":
        return individuals_round(active, previous)
    raise ValueError(f"unknown tournament format {format!r}")  # i18n: not for people

