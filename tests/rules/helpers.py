"""Small helpers for the rule tests: one-line hands and the codes of a verdict."""
from scorekeeper.rules import SideDeal, Situation, get_profile, parse_cards


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
