"""Small helpers for the rule tests: one-line hands and the codes of a verdict."""
import dataclasses

from scorekeeper.rules import SideDeal, Situation, get_profile, parse_cards
from scorekeeper.rules.floors import melded_floor


def P(pid, **options):
    return get_profile(pid).with_options(options)


def S(score=0, opened=False, player_melded=False, table=()):
    return Situation(score, opened, player_melded, tuple(parse_cards(m) for m in table))


def codes(verdict):
    return {v.code for v in verdict.violations}


def by_cards(melds=(), hands=(), **kw):
    """A side's deal card by card: each meld and each player's hand as one line of cards."""
    return SideDeal(melds=tuple(parse_cards(m) for m in melds), hands=tuple(parse_cards(h) for h in hands), **kw)


def totals(**kw):
    """A side's deal by totals, with nothing melded, no canasta and an empty hand unless given."""
    kw.setdefault("meld_points", 0)
    kw.setdefault("hand_points", 0)
    kw.setdefault("canastas", {})
    return SideDeal(**kw)


def possible(profile, side: SideDeal) -> SideDeal:
    """A side by totals whose canastas are declared with no card points melded (as a test about bonuses writes
    it), given the least card points those canastas hold: below that floor the deal cannot have happened and the
    engine refuses it (rules/floors.py). The "Cards melded" line this adds is left out by ``bonuses``."""
    if side.by_cards or not side.canastas:
        return side
    try:
        floor = melded_floor(profile, side.canastas)
    except TypeError:
        return side  # a malformed count: refused by the engine with its own message
    return dataclasses.replace(side, meld_points=max(side.meld_points or 0, floor))


def bonuses(result, name="we") -> int:
    """A side's deal without its "Cards melded" line: what its bonuses and penalties made."""
    side = result.sides[name]
    return side.deal - sum(line.points for line in side.breakdown if line.code == "melded")
