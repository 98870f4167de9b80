"""The rules engine: cards, profiles, the referee checks and deal scoring. Pure Python."""
from .cards import RANKS, Card, CardTally, check_pack, format_cards, parse_cards
from .deal_io import parse_deal
from .deal_io import to_dict as deal_to_dict
from .errors import (
    ERROR_CODES, VIOLATION_CODES, ImpossibleDeal, InvalidCards, InvalidRequest, RulesError, UnknownOption,
    UnknownRules, Violation,
)
from .going_out import check_go_out
from .melds import MeldInfo, Situation, Verdict, meld_key
from .pile import check_pile
from .profiles import (
    DEFAULT_PROFILE, PROFILES, Option, Penalty, RuleProfile, get_profile, profile_options, profile_parameters,
)
from .readings import other_readings
from .scoring import DealResult, Line, SideResult, game_state, listable_penalties, score_deal, scores_black_threes
from .side_deal import CustomPenalty, SideDeal
from .turn import check_meld

__all__ = [
    "RANKS", "Card", "CardTally", "check_pack", "format_cards", "parse_cards",
    "ERROR_CODES", "VIOLATION_CODES", "ImpossibleDeal", "InvalidCards", "InvalidRequest", "RulesError",
    "UnknownOption", "UnknownRules", "Violation",
    "check_go_out", "MeldInfo", "Situation", "Verdict", "check_meld", "check_pile", "meld_key",
    "DEFAULT_PROFILE", "PROFILES", "Option", "Penalty", "RuleProfile", "get_profile", "profile_options",
    "profile_parameters",
    "other_readings",
    "CustomPenalty", "DealResult", "Line", "SideDeal", "SideResult", "game_state", "parse_deal", "deal_to_dict",
    "score_deal", "listable_penalties", "scores_black_threes",
]
