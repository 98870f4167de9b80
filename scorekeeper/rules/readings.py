"""Would another reading of the rules decide differently?"""
from __future__ import annotations

from typing import Callable

from .profiles import RuleProfile, profile_options


def other_readings(profile: RuleProfile, check: Callable, **kwargs) -> list[dict]:
    """Re-run ``check`` (check_meld, check_pile or check_go_out) under every other value of each club
    reading of ``profile``; list the values that decide ``legal`` differently.

    The game target and table settings (players, draw) are not readings and are skipped.
    """
    base = check(profile, **kwargs).legal
    current = profile.option_values()
    found = []
    for opt in profile_options(profile):
        if not opt.reading or opt.kind not in ("bool", "choice"):
            continue
        for value in opt.choices:
            if value == current[opt.name]:
                continue
            legal = check(profile.with_options({opt.name: value}), **kwargs).legal
            if legal != base:
                found.append({"option": opt.name, "value": value, "label": opt.describe(value), "legal": legal})
    return found
