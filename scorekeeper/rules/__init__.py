"""The rules engine: cards, profiles, the referee checks and deal scoring. Pure Python."""
from .cards import RANKS, Card, check_pack, format_cards, parse_cards
from .errors import (
    ERROR_CODES, ImpossibleDeal, InvalidCards, InvalidRequest, RulesError, UnknownOption, UnknownRules, Violation,
)
from .profiles import (
    PROFILES, Option, Penalty, RuleProfile, get_profile, profile_options, profile_parameters,
)

__all__ = [
    "RANKS", "Card", "check_pack", "format_cards", "parse_cards",
    "ERROR_CODES", "ImpossibleDeal", "InvalidCards", "InvalidRequest", "RulesError", "UnknownOption",
    "UnknownRules", "Violation",
    "PROFILES", "Option", "Penalty", "RuleProfile", "get_profile", "profile_options", "profile_parameters",
]
