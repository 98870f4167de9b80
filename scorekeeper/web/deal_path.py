"""The one path a deal takes from a posted form to what the store records.

``read_deal`` reads a deal form (by totals or card by card), asks the engine, and returns a ``DealReading``:
the form, the deal as it will be stored, the engine's result (the one the store records: a deal is scored
once per save), the messages by field, the engine's verdict on each meld, and the questions that ask for the
"save anyway" tick. The scorepad's add, correction and preview and the tournament table phone all read a
deal here, so they give the same answer to the same entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import render_template, request
from scorekeeper.rules.i18n import _, gettext

from ..rules.cards import shown_cards
from ..rules import DealResult, RulesError, Situation, check_meld, parse_cards, parse_deal, score_deal
from ..scorepad.rows import side_names
from ..scorepad.summary import GameSummary, totals_before_row
from .form_errors import error_map
from .partnership import carried
from .forms import deal_form, sides_from_deal_form, validate_custom_reason


@dataclass(frozen=True)
class Question:
    """Something the entry does that the rules or the game's state advise against: saved only when ticked."""

    message: str
    source: str | None = None  # "bicycle: Melds" for a rule, None for the game's own state


@dataclass(frozen=True)
class DealReading:
    form: object
    sides: dict | None
    result: DealResult | None
    errors: dict[str, list[str]] = field(default_factory=dict)
    meld_checks: dict[str, dict] = field(default_factory=dict)
    questions: tuple[Question, ...] = ()
    before: dict[str, int] = field(default_factory=dict)

    @property
    def confirmed(self) -> bool:
        return bool(self.form.confirm.data)

    @property
    def needs_confirm(self) -> bool:
        """There are questions and the "save anyway" box is not ticked."""
        return bool(self.questions) and not self.confirmed

    @property
    def can_save(self) -> bool:
        return not self.errors and self.result is not None and not self.needs_confirm

    def context(self, *, preview: bool = False) -> dict:
        """What the deal form and its preview show about this reading."""
        return {"form": self.form, "errors": self.errors, "result": self.result, "meld_checks": self.meld_checks,
                "questions": self.questions, "needs_confirm": self.needs_confirm and not preview}


def score_entry(summary: GameSummary, sides_data: dict, before: dict[str, int],
                deal_number: int | None = None) -> DealResult:
    """The engine's scoring of a deal as entered (deal number ``deal_number``, by default the next one), on the
    totals ``before`` it; raises RulesError. Every check of what cannot happen is the engine's (``score_deal``), so
    the API, an import and the command refuse the same deals."""
    sides, before = parse_deal({"sides": sides_data, "before": before}, summary.profile)
    number = deal_number or len(summary.rows) + 1
    return score_deal(summary.profile, sides, before, names=side_names(summary.game), deal_number=number)


def read_deal(summary: GameSummary, formdata, mode: str = "totals", *, deal_id: int | None = None) -> DealReading:
    """Read a posted deal form for ``summary``'s game: a new deal, or a correction of ``deal_id``. A cut-throat
    form posted under other blocks than the lone hand it chose (``partnership.carried``) is shown again under
    the right ones, its figures carried over, to be checked before it is saved."""
    formdata, reshaped = carried(summary.profile, summary.game, mode, formdata)
    form = deal_form(summary.profile, summary.game, mode, formdata=formdata)
    before = totals_before_row(summary, deal_id)
    if reshaped:
        return DealReading(form, None, None, {"lone_hand": [_reshaped(form)]}, before=before)
    form.validate()
    validate_custom_reason(form)
    errors = error_map(form)
    for hidden in ("csrf_token", "version", "mode"):
        errors.pop(hidden, None)
    if errors:
        return DealReading(form, None, None, errors, before=before)
    sides = sides_from_deal_form(form)
    checks = meld_checks(form, sides, before)
    try:
        row = summary.row_of(deal_id) if deal_id is not None else None
        result = score_entry(summary, sides, before, row.number if row else None)
    except RulesError as error:
        return DealReading(form, sides, None, error_map(form, error), checks, before=before)
    questions = _questions(summary, result, checks, new=deal_id is None)
    return DealReading(form, sides, result, {}, checks, questions, before)


def _questions(summary: GameSummary, result: DealResult, checks: dict, *, new: bool) -> tuple[Question, ...]:
    questions = [Question(w.message, w.source) for w in result.warnings]
    for key, check in checks.items():
        name = summary.side_name(key)
        for item in check["melds"]:
            for message, source in item["problems"]:
                questions.append(Question(_("%(side)s, meld %(meld)s: %(message)s", side=name, meld=item["text"], message=message), source))
        for message, source in check["together"]:
            questions.append(Question(f"{name}: {message}", source))
    if all(not side.breakdown for side in result.sides.values()):
        questions.append(Question(gettext("Nothing was entered for this deal: every side scores 0.")))
    if new and summary.game_over:
        winner = summary.side_name(summary.winner)
        ended = (gettext("%(name)s reached the target", name=winner) if winner
                 else gettext("the totals reached the target"))
        questions.append(Question(gettext("This game is over: %(ended)s. Save this deal only to play on by choice.",
                                          ended=ended)))
    return tuple(questions)


def meld_checks(form, sides_data: dict, before: dict[str, int]) -> dict[str, dict]:
    """Card by card: the engine's verdict on every meld as entered, side by side."""
    if form.deal_mode != "cards":
        return {}
    checks = {}
    for key, side in sides_data.items():
        try:
            checks[key] = _side_checks(form.profile, Situation(score=before.get(key, 0), opened=True), side)
        except RulesError:
            continue
    return checks


def _side_checks(profile, situation, side: dict) -> dict:
    going_out = bool(side.get("went_out"))
    items, parsed = [], []
    for text in side.get("melds") or []:
        try:
            cards = parse_cards(text, suits=profile.sequences)
        except RulesError as error:
            items.append({"text": shown_cards(text), "legal": False, "problems": [(error.message, None)], "canasta": None})
            continue
        verdict = check_meld(profile, situation, melds=[cards], going_out=going_out)
        info = verdict.melds[0] if verdict.melds else None
        items.append({"text": shown_cards(text), "legal": verdict.legal,
                      "problems": [(v.message, v.source) for v in verdict.violations],
                      "canasta": info.canasta if info else None})
        parsed.append(cards)
    together = []
    if len(parsed) > 1:
        seen = {problem for item in items for problem in item["problems"]}
        verdict = check_meld(profile, situation, melds=parsed, going_out=going_out)
        together = [(v.message, v.source) for v in verdict.violations if (v.message, v.source) not in seen]
    return {"melds": items, "together": together}


def _reshaped(form) -> str:
    if form.partners:
        return _("Now one block holds the partners' figures, those typed so far added up, and each partner "
                 "keeps his own red threes: check them, then save.")
    return _("Now each player has a block of his own again: check the figures, then save.")


def render_preview(summary: GameSummary, formdata, mode: str = "totals", *, deal_id: int | None = None) -> str:
    """The live preview of a deal being entered (``deals/_preview.html``), for the scorepad, the table phone and
    the director's correction alike; asked with ``reshape`` (cut-throat, who took the pile first changed), the
    deal's fields under the blocks of the lone hand chosen, with what was typed carried over."""
    if formdata.get("reshape"):
        formdata, _changed = carried(summary.profile, summary.game, mode, formdata)
        reading = read_deal(summary, formdata, mode, deal_id=deal_id)
        return render_template("deals/_fields.html", game=summary.game, preview_url=request.path,
                               **{**reading.context(preview=True), "errors": {}})
    reading = read_deal(summary, formdata, mode, deal_id=deal_id)
    return render_template("deals/_preview.html", game=summary.game, preview=True, **reading.context(preview=True))
