"""Errors (input the engine cannot understand) and violations (plays against the rules).

An error is raised; a violation is a value returned by the checks. Both carry a
stable dotted code that tests, templates and stored deals may refer to.
"""
from __future__ import annotations

from dataclasses import dataclass


class RulesError(ValueError):
    """Base of every "cannot understand the input" error of the engine."""

    code = "rules.error"

    def __init__(self, message: str, *, code: str | None = None, field: str | None = None):
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        self.field = field

    def to_dict(self) -> dict:
        return {"error": {"code": self.code, "message": self.message, "field": self.field}}

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
    """A deal that cannot have happened with one 108-card pack."""

    code = "deal.impossible"


@dataclass(frozen=True, slots=True)
class Violation:
    """A play that is understood but breaks a rule (or, in deal warnings, looks unlikely)."""

    code: str
    message: str
    source: str

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "source": self.source}


ERROR_CODES: dict[str, str] = {
    "request.invalid_json": "the body is not JSON (raised by the API layer)",
    "request.missing_field": "a required field is missing",
    "request.invalid_field": "a field has a value of the wrong kind, or contradicts another field",
    "cards.unknown_token": "a token is not a card",
    "cards.three_needs_suit": "a three was written without its suit",
    "cards.too_many": "more copies of a card than the 108-card pack holds",
    "rules.unknown": "no profile has this id",
    "rules.unknown_option": "the profile has no such option, or not with this value",
    "deal.impossible": "the deal cannot have happened",
}
