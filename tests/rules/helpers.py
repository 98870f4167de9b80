"""Small helpers for the rule tests: one-line hands and the codes of a verdict."""
from scorekeeper.rules import Situation, get_profile, parse_cards


def P(pid, **options):
    return get_profile(pid).with_options(options)


def S(score=0, opened=False, player_melded=False, table=()):
    return Situation(score, opened, player_melded, tuple(parse_cards(m) for m in table))


def codes(verdict):
    return {v.code for v in verdict.violations}
