"""Errors (input the engine cannot understand) and violations (plays against the rules).

An error is raised; a violation is a value returned by the checks. Both carry a
stable dotted code that tests, templates and stored deals may refer to, and a message kept as a fact
(``i18n.Text``) that becomes words in the reader's language only where it is shown.
"""
from __future__ import annotations

from dataclasses import dataclass

from .i18n import Words


class RulesError(ValueError):
    """Base of every "cannot understand the input" error of the engine."""

    code = "rules.error"

    def __init__(self, message: Words | str, *, code: str | None = None, field: str | None = None):
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        self.field = field

    def to_dict(self) -> dict:
        """The API's error body, its message in the reader's language (asked while the answer is made)."""
        return {"error": {"code": self.code, "message": str(self.message), "field": self.field}}

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r}, field={self.field!r})"


class InvalidCards(RulesError):
    """Card notation that cannot be read, or more copies of a card than the pack holds."""

    code = "cards.unknown_token"


class UnknownRules(RulesError):
    """A profile id that does not exist."""

    code = "rules.unknown"


class UnknownOption(RulesError):
    """A club option that the profile does not have, or a value it does not allow."""

    code = "rules.unknown_option"


class InvalidRequest(RulesError):
    """A missing or malformed field, or a contradictory situation."""

    code = "request.invalid_field"


class ImpossibleDeal(RulesError):
    """A deal that cannot have happened with the profile's pack."""

    code = "deal.impossible"


@dataclass(frozen=True, slots=True)
class Violation:
    """A play that is understood but breaks a rule (or, in deal warnings, looks unlikely)."""

    code: str
    message: Words  # a fact (the catalogue's id and values), shown in the reader's language
    source: str

    def to_dict(self) -> dict:
        return {"code": self.code, "message": str(self.message), "source": self.source}


ERROR_CODES: dict[str, str] = {
    "request.invalid_json": "the body is not JSON (raised by the API layer)",
    "request.missing_field": "a required field is missing",
    "request.invalid_field": "a field has a value of the wrong kind, or contradicts another field",
    "cards.unknown_token": "a token is not a card",
    "cards.three_needs_suit": "a three was written without its suit",
    "cards.too_many": "more copies of a card than the pack holds (108 cards; 162 with three packs, 270 with five)",
    "rules.unknown": "no profile has this id",
    "rules.unknown_option": "the profile has no such option, or not with this value",
    "deal.impossible": "the deal cannot have happened",
}


VIOLATION_CODES: dict[str, str] = {
    # melds
    "meld.too_few_cards": "a new meld has fewer cards than the profile allows",
    "meld.too_few_naturals": "a meld has too few natural cards",
    "meld.too_many_wilds": "a meld holds more wild cards than the profile allows",
    "meld.wilds_outnumber_naturals": "a meld holds more wild cards than natural cards",
    "meld.wilds_equal_naturals": "a meld holds as many wild cards as natural cards where naturals must be more",
    "meld.all_wild": "a meld of wild cards only, where the profile has none",
    "meld.too_large": "a meld grows beyond the largest size the profile allows",
    "meld.mixed_ranks": "a meld mixes natural cards of different ranks",
    "meld.red_three": "a red three put into a meld (red threes are bonus cards)",
    "meld.duplicate_rank": "a second meld of a rank the side already has",
    "meld.dead_rank": "a meld of a rank closed by a finished canasta",
    "meld.canasta_closed": "cards added to a canasta that the profile closes at seven cards",
    "meld.no_such_meld": "cards added to a meld the side does not have",
    "meld.black_threes_only_going_out": "black threes melded on a turn that does not go out",
    "meld.black_threes_never": "black threes melded where they are bonus cards",
    "meld.black_three_wilds": "wild cards in a meld of black threes",
    "meld.sevens_no_wilds": "a wild card with sevens",
    "meld.aces_no_wilds": "a wild card with aces outside the opening",
    "meld.rule_of_five": "a wild card joins a meld with fewer than five natural cards after the opening",
    "meld.wild_meld_incomplete": "wild cards put on other melds while the side's wild-card meld is unfinished",
    "meld.below_minimum": "the opening does not reach the side's initial-meld minimum",
    "meld.needs_pure_meld": "the opening has no meld of natural cards only",
    "meld.canasta_no_wilds": "a wild card added to a finished canasta that takes only natural cards",
    "meld.sequence_needs_suits": "a sequence given without the suit of every card",
    "meld.sequence_one_suit": "a sequence mixes suits",
    "meld.sequence_three": "a three in a sequence",
    "meld.sequence_not_in_order": "a sequence with a gap, a rank twice, or a two",
    "meld.sequence_wild": "a wild card in a sequence",
    # taking the pile
    "pile.empty": "there is no pile to take",
    "pile.wild_on_top": "a wild card on top of the pile",
    "pile.black_three_on_top": "a black three on top of the pile",
    "pile.red_three_on_top": "a red three on top of the pile",
    "pile.frozen_needs_natural_pair": "a frozen pile taken without a natural pair matching the top card",
    "pile.needs_natural_pair": "the profile always needs a natural pair to take the pile",
    "pile.needs_matching_cards": "the cards shown do not meld with the top card",
    "pile.wrong_cards": "the cards shown are not of the top card's rank nor wild",
    "pile.not_opened": "the top card laid on a meld before the side has any",
    "pile.no_matching_meld": "the top card laid on a meld the side does not have",
    "pile.layoff_onto_canasta": "the top card alone laid on a canasta",
    "pile.layoff_not_allowed": "the profile does not let the top card alone go onto a meld",
    "pile.existing_meld_too_large": "a pair taken to a meld that already has too many cards",
    "pile.dead_rank": "the top card's rank is closed by a finished canasta",
    "pile.one_card_pile": "a one-card pile taken with a single card in hand",
    "pile.hand_too_small": "more cards shown than the hand holds",
    "pile.sequence_from_pile": "the top card taken to start a sequence, or to join one with cards from the hand",
    # going out
    "go_out.too_few_canastas": "going out without the canastas the profile requires",
    "go_out.discard_required": "going out without the last discard the profile requires",
    "go_out.red_three_discard": "a red three as the last discard",
    "go_out.too_few_canastas_of_kind": "going out without the canastas of a kind the profile requires",
    "go_out.foot_not_played": "going out before picking up the foot (Hand and Foot)",
    # deal warnings
    "deal.went_out_without_canastas": "a side went out with fewer canastas than the profile requires",
    "deal.went_out_with_cards": "the side that went out still has a card in every hand",
    "deal.concealed_without_bonus": "concealed going out under a profile without a concealed bonus",
    "deal.red_three_in_hand": "a red three listed among the cards left in a hand",
    "deal.illegal_meld": "a meld of the deal breaks the profile's meld rules",
}
