"""WTForms for starting a game and recording a deal.

The forms only read what was typed. Which canasta kinds, penalties and options exist comes
from the game's profile; whether a deal can have happened is the engine's answer.
"""

from __future__ import annotations

import re
from functools import lru_cache

from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, Form, FormField, HiddenField, IntegerField, RadioField, StringField
from wtforms import TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional
from wtforms.widgets import TextInput
from flask_babel import get_locale
from scorekeeper.rules.i18n import _

from ..i18n import wtforms_words
from ..rules import DEFAULT_PROFILE, PROFILES, RuleProfile, listable_penalties, profile_options, scores_black_threes
from ..rules.cards import shown_cards
from ..rules.explain import option_value_text
from ..rules.tables import offered_choices, offered_options, seat_order
from . import partnership
from .form_errors import in_words
from .kind_words import canasta_word
from .seats import layout_key, side_layout, table_target  # noqa: F401  (the new-game form's table)

SUM_RE = re.compile(r"^[+-]?\d{1,6}(?:[+-]\d{1,6}){0,30}$")
TERM_RE = re.compile(r"[+-]?\d+")

WENT_OUT_CHOICES = [SelectChoice("no", _("No")), SelectChoice("yes", _("Went out")), SelectChoice("concealed", _("Concealed"))]


def parse_sum(text: str | None) -> int:
    """Read "45+30-5" as 70: digits, plus and minus only, never evaluated as code."""
    text = re.sub(r"\s*([+-])\s*", r"\1", (text or "").strip())
    if not text:
        return 0
    if not SUM_RE.match(text):
        raise ValueError(_("Write a number, or a sum such as 45+30+20 (digits, + and - only)."))
    return sum(int(term) for term in TERM_RE.findall(text))


#: The largest number SQLite stores in an integer column.
SQLITE_MAX_INT = 2**63 - 1


def whole_number(text, *, below: int) -> int | None:
    """A whole number typed into an address or a form: ASCII digits only (``str.isdigit`` also takes "²" and
    "٣"), surrounding spaces aside, from 0 up to ``below`` (excluded); None for anything else."""
    text = str(text if text is not None else "").strip()
    if not text or not text.isascii() or not text.isdigit() or len(text) > len(str(below)):
        return None
    value = int(text)
    return value if value < below else None


def read_version(text, missing: int | None = -1) -> int | None:
    """The game version a form was based on. ``missing`` when absent; -1, which no game ever has (so the
    write is refused as stale), when it is not a whole number SQLite can hold."""
    if text is None or str(text).strip() == "":
        return missing
    try:
        value = int(str(text).strip())
    except ValueError:
        return -1
    return value if 0 <= value <= SQLITE_MAX_INT else -1


class SumInput(TextInput):
    """A text box that opens the phone's number pad with + and - on it."""

    def __call__(self, field, **kwargs):
        kwargs.setdefault("inputmode", "tel")
        kwargs.setdefault("autocomplete", "off")
        kwargs.setdefault("enterkeyhint", "next")
        return super().__call__(field, **kwargs)


class SumField(Field):
    """A points field that accepts a sum as paper scorers add up: ``45+30+20``."""

    widget = SumInput()

    def process_formdata(self, valuelist):
        self.raw = valuelist[0] if valuelist else ""
        self.data = None
        if valuelist:
            try:
                self.data = parse_sum(valuelist[0])
            except ValueError as error:
                raise ValueError(str(error)) from None

    def process_data(self, value):
        self.data = value
        self.raw = "" if value in (None, 0) else str(value)

    def _value(self):
        return getattr(self, "raw", "") or ""


class CountInput(TextInput):
    input_type = "number"

    def __call__(self, field, **kwargs):
        kwargs.setdefault("inputmode", "numeric")
        kwargs.setdefault("min", "0")
        kwargs.setdefault("class", "stepper-value")
        return super().__call__(field, **kwargs)


#: The largest count a count field takes: far more canastas, threes or penalties than any deal has, and small
#: enough that a count is never a cost (penalties are listed once per count).
COUNT_MAX = 99


class CountField(IntegerField):
    """A small count (canastas, threes, penalties), shown with - and + buttons."""

    widget = CountInput()

    def __init__(self, label=None, validators=None, **kwargs):
        bounds = NumberRange(0, COUNT_MAX, _("A whole number from 0 to %(most)s.", most=COUNT_MAX))
        super().__init__(label, [bounds, *(validators or [])], **kwargs)

    def process_formdata(self, valuelist):
        if valuelist and not valuelist[0].strip():
            self.data = 0
            return
        try:
            super().process_formdata(valuelist)
        except ValueError:
            raise ValueError(_("Write a whole number.")) from None


# --------------------------------------------------------------------------------------
# Starting a game
# --------------------------------------------------------------------------------------


def option_value_name(option, value) -> str:
    """An option's value in words for people, in the request's language (the engine words it)."""
    return option_value_text(option, value)


def option_field(option, choices: tuple | None = None):
    """The form field of a club option; ``choices``: the values offered (all by default)."""
    label = _(option.label)
    if option.kind == "bool":
        return RadioField(label, choices=[SelectChoice("yes", _("Yes")), SelectChoice("no", _("No"))],
                          default="yes" if option.default else "no", description=_(option.help))
    if option.kind == "choice":
        shown = option.choices if choices is None else choices
        choices = [SelectChoice(str(c), option_value_text(option, c)) for c in shown]
        return RadioField(label, choices=choices, default=str(option.default), description=_(option.help))
    if option.kind in ("count", "minimums"):  # optional: empty means none (play to the target, by the total)
        return StringField(label, default=option_text(option, option.default), description=_(option.help),
                           render_kw={"inputmode": "numeric", "autocomplete": "off"})
    return StringField(label, default=str(option.default), description=_(option.help),
                       validators=[InputRequired(_("Give a number."))], widget=SumInput())


def option_text(option, value) -> str:
    """An option's value as its form field holds it (the inverse of ``option_value``)."""
    if option.kind == "bool":
        return "yes" if value else "no"
    if option.kind == "minimums":
        return " ".join(str(v) for v in value)
    return str(value)


def option_value(option, raw: str):
    """The option value from its form text, read by the option itself (the engine checks it is allowed); a
    number may be written as a sum, like every number on the forms."""
    if option.kind == "count" and not (raw or "").strip():
        return 0
    return option.read(raw, number=parse_sum)


def read_options(form) -> dict | None:
    """The club options a form's ``opt_`` fields hold, or None with each unreadable one's message on its field."""
    options, valid = {}, True
    for option in form.option_list:
        field = form[f"opt_{option.name}"]
        try:
            options[option.name] = option_value(option, field.data)
        except ValueError as error:
            field.errors = [str(error)]
            valid = False
    return options if valid else None


def option_error(form, error) -> None:
    """Put the engine's refusal of an option next to that option's field (else next to the form's first)."""
    name = (getattr(error, "field", None) or "").removeprefix("options.")
    target = form[f"opt_{name}"] if f"opt_{name}" in form else form[form._first]
    target.errors = [in_words(error.message, {o.name: o.label for o in form.option_list})]


class OptionsBase(FlaskForm):
    version = HiddenField()
    who = StringField(_("Your name (optional)"), validators=[Optional(), Length(max=60)],
                      render_kw={"autocomplete": "nickname"})


def options_form(base: RuleProfile, current: RuleProfile, formdata=None) -> FlaskForm:
    """The club options of a game under way: ``base``'s options, showing ``current``'s values."""
    options = offered_options(current)
    attrs = {f"opt_{option.name}": option_field(option, offered_choices(current, option)) for option in options}
    values = current.option_values()
    data = {f"opt_{o.name}": option_text(o, values.get(o.name, o.default)) for o in options}
    form = type("OptionsForm", (OptionsBase,), attrs)(formdata=formdata, data=data)
    form.option_list = options
    form._first = f"opt_{options[0].name}" if options else "who"
    return form


class NewGameBase(FlaskForm):
    rules = RadioField(_("Rules"), choices=[SelectChoice(pid, _(p.name)) for pid, p in PROFILES.items()],
                         default=DEFAULT_PROFILE)
    first_dealer = RadioField(_("Who deals first"), default="0")


def new_game_form(profile: RuleProfile, formdata=None, data=None) -> FlaskForm:
    """The start-a-game form for ``profile``: the options its table offers and its sides."""
    attrs = {}
    options = offered_options(profile)
    for option in options:
        attrs[f"opt_{option.name}"] = option_field(option, offered_choices(profile, option))
    for side in side_layout(profile):
        if side["size"] > 1:
            attrs[f"{side['key']}_name"] = StringField(
                _("Side name"), default=side["name"], validators=[InputRequired(_("Give the side a name.")), Length(max=40)])
        for i in range(side["size"]):
            attrs[f"{side['key']}_player{i}"] = StringField(
                _("Player"), validators=[Optional(), Length(max=40)],
                render_kw={"placeholder": f"{side['name']} {i + 1}" if side["size"] > 1 else side["name"],
                           "autocomplete": "off"})
    cls = type("NewGameForm", (NewGameBase,), attrs)
    form = cls(formdata=formdata, data=data)
    form.profile = profile
    form.option_list = options
    form.layout = side_layout(profile)
    form.seat_of = {seat: index for index, seat in enumerate(seat_order(profile.side_sizes))}
    form.table_target = table_target(profile)
    form.layout_key = layout_key(form)
    form._first = "rules"
    return form


def sides_from_form(form) -> list[dict]:
    """The ``sides`` of ``create_game`` from a filled-in new-game form."""
    sides = []
    for side in form.layout:
        players = []
        for i in range(side["size"]):
            value = (form[f"{side['key']}_player{i}"].data or "").strip()
            default = f"{side['name']} {i + 1}" if side["size"] > 1 else side["name"]
            players.append(value or default)
        if side["size"] > 1:
            name = form[f"{side['key']}_name"].data.strip() or side["name"]
        else:
            name = players[0]
        sides.append({"key": side["key"], "name": name, "players": players})
    return sides


def seat_labels(form) -> list[SelectChoice]:
    """Dealer choices in clockwise order, as the engine seats the table (the sides alternate)."""
    sides = sides_from_form(form)
    return [SelectChoice(str(index), sides[side]["players"][player])
            for index, (side, player) in enumerate(seat_order(form.profile.side_sizes))]


# --------------------------------------------------------------------------------------
# Recording a deal
# --------------------------------------------------------------------------------------


def offered_penalties(profile: RuleProfile, mode: str) -> tuple:
    """The profile's penalties the deal form offers: those the engine lets a side list in this mode."""
    return listable_penalties(profile, by_cards=mode == "cards")


def _side_form(profile: RuleProfile, side, mode: str, *, threes: bool = True) -> type[Form]:
    """The fields of one block of the deal form: a side's, or (``threes`` False) a cut-throat partnership's,
    whose red threes stay each partner's own (``web/partnership.py``)."""
    attrs = {
        "went_out": RadioField(_("Went out"), choices=WENT_OUT_CHOICES, default="no"),
        "custom_points": SumField(_("Other penalty, points")),
        "custom_reason": StringField(_("What for"), validators=[Optional(), Length(max=120)]),
    }
    if threes:
        attrs.update(_threes_fields(profile, mode))
    for penalty in offered_penalties(profile, mode):
        attrs[f"penalty_{penalty.code}"] = CountField(_(penalty.label), default=0)
    if mode == "totals":
        for kind in profile.canasta_kinds:
            attrs[f"canasta_{kind}"] = CountField(canasta_word(profile, kind), default=0)
        attrs["meld_points"] = SumField(_("Card points melded"))
        attrs["hand_points"] = SumField(_("Hand and foot points") if profile.foot_cards
                                        else _("Card points left in hands"))
    else:
        attrs["melds"] = TextAreaField(_("Melds, one per line"), render_kw={
            "rows": 4, "autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false",
            "placeholder": "K K K 2\n7H 8H 9H" if profile.sequences else "K K K 2\n7 7 7"})
        for i, player in enumerate(side.players):
            label = (_("Left in %(player)s's hand and foot", player=player) if profile.foot_cards
                     else _("Left in %(player)s's hand", player=player))
            attrs[f"hand_{i}"] = StringField(label, render_kw={
                "autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"})
    return type(f"Side_{side.key}", (Form,), attrs)


def _threes_fields(profile: RuleProfile, mode: str, owner: str | None = None) -> dict:
    """A block's threes; ``owner``: a cut-throat partner's own, named for him."""
    fields = {"red_threes": CountField(_("%(player)s's red threes", player=owner) if owner else _("Red threes"),
                                       default=0)}
    if scores_black_threes(profile, by_cards=mode == "cards"):
        fields["black_threes"] = CountField(_("Black threes left in hands") if profile.black_threes_in_hand_apart
                                            else _("Black threes"), default=0)
    return fields


class DealBase(FlaskForm):
    class Meta:
        def get_translations(self, form):
            """WTForms' own messages, each language's catalogue read once per process (``i18n.wtforms_words``),
            not at every save."""
            return wtforms_words

    version = HiddenField()
    mode = HiddenField()
    who = StringField(_("Your name (optional)"), validators=[Optional(), Length(max=60)],
                      render_kw={"autocomplete": "nickname"})
    reason = StringField(_("Reason for the change (optional)"), validators=[Optional(), Length(max=200)])
    confirm = BooleanField(_("I checked: save it anyway"))


def deal_form(profile: RuleProfile, game, mode: str, formdata=None, data=None) -> FlaskForm:
    """The deal form of ``game``: a block per side, or in cut-throat once a player plays alone (``lone_hand`` in
    ``formdata``, else in ``data``) his block, the partnership's and each partner's red threes."""
    lone = partnership.lone_of(profile, game, formdata if formdata is not None else data)
    form = _deal_form_class(profile, tuple(game.sides), mode, str(get_locale()), lone)(formdata=formdata, data=data)
    form.mode.data = mode
    form.profile, form.game, form.deal_mode, form.penalties = profile, game, mode, offered_penalties(profile, mode)
    form.lone = lone
    form.partners = tuple(side for side in game.sides if lone and side.key != lone)
    if "shown_lone" in form:
        form.shown_lone.data = lone
    return form


def empty_form_class(profile: RuleProfile, game, mode: str) -> type[FlaskForm]:
    """The class of ``game``'s empty deal form in ``mode``: one per setup (the profile, the sides with their names
    and players, the mode and the reader's language), shared by every game of that setup."""
    return _deal_form_class(profile, tuple(game.sides), mode, str(get_locale()), "")


@lru_cache(maxsize=256)
def _deal_form_class(profile: RuleProfile, sides: tuple, mode: str, locale: str, lone: str = "") -> type[FlaskForm]:
    """The deal form's class for a game's setup, mode, language and (cut-throat) lone hand (its labels are worded
    when it is made): made once, not at every save; a class holds no request's data."""
    attrs = {side.key: FormField(_side_form(profile, side, mode) if not lone or side.key == lone
                                 else type(f"Partner_{side.key}", (Form,), _threes_fields(profile, mode, side.name)),
                                 label=side.name)
             for side in sides}
    if profile.cut_throat:  # who played alone this deal (docs/RULES.md §5.3)
        attrs.update(partnership.form_fields(profile, sides, mode, lone, _side_form))
    return type("DealForm", (DealBase,), attrs)


def blocks(form) -> list[tuple[str, object]]:
    """The blocks of figures the form shows, as (key, subform): every side's, or the lone hand's and the
    partnership's (``"partnership"``); a partner's own block holds only his threes."""
    shown = [(side.key, form[side.key]) for side in form.game.sides if side not in form.partners]
    return shown + ([("partnership", form["partnership"])] if form.partners else [])


def _entry(form, sub, hands: int) -> dict:
    """One block's figures in the API ``sides`` shape (its threes aside)."""
    profile = form.profile
    went = sub["went_out"].data or "no"
    entry: dict = {}
    if form.deal_mode == "totals":
        entry["meld_points"] = sub["meld_points"].data or 0
        entry["canastas"] = {k: sub[f"canasta_{k}"].data for k in profile.canasta_kinds if sub[f"canasta_{k}"].data}
        entry["hand_points"] = sub["hand_points"].data or 0
    else:
        entry["melds"] = [line.strip() for line in (sub["melds"].data or "").splitlines() if line.strip()]
        entry["hands"] = [(sub[f"hand_{i}"].data or "").strip() for i in range(hands)]
    entry["went_out"] = went in ("yes", "concealed")
    entry["concealed"] = went == "concealed"
    penalties: list = []
    for penalty in form.penalties:
        penalties.extend([penalty.code] * max(0, sub[f"penalty_{penalty.code}"].data or 0))
    if sub["custom_points"].data:
        penalties.append({"points": sub["custom_points"].data, "reason": (sub["custom_reason"].data or "").strip()})
    entry["penalties"] = penalties
    return entry


def _threes(form, sub) -> dict:
    entry = {"red_threes": sub["red_threes"].data or 0}
    if scores_black_threes(form.profile, by_cards=form.deal_mode == "cards"):
        entry["black_threes"] = sub["black_threes"].data or 0
    return entry


def sides_from_deal_form(form) -> dict:
    """The deal in the API ``sides`` shape, exactly as it will be stored: in cut-throat with a lone hand, the
    partnership's figures on the first partner and each partner's own threes (``partnership.split``)."""
    out = {}
    for side in form.game.sides:
        if side in form.partners:
            out[side.key] = _threes(form, form[side.key])
            continue
        out[side.key] = {**_entry(form, form[side.key], len(side.players)), **_threes(form, form[side.key])}
        if side.key == form.lone:
            out[side.key]["lone_hand"] = True
    if form.partners:
        partnership.split(out, form.partners, _entry(form, form["partnership"], len(form.partners)))
    return out


def data_entry(profile: RuleProfile, stored: dict, mode: str) -> dict:
    """The form values of one stored side's figures (its threes aside), for a correction."""
    entry: dict = {"went_out": "concealed" if stored.get("concealed") else ("yes" if stored.get("went_out") else "no")}
    if mode == "totals":
        entry["meld_points"] = stored.get("meld_points", 0)
        entry["hand_points"] = stored.get("hand_points", 0)
        for kind in profile.canasta_kinds:
            entry[f"canasta_{kind}"] = (stored.get("canastas") or {}).get(kind, 0)
    else:
        entry["melds"] = "\n".join(shown_cards(meld) for meld in stored.get("melds") or [])
        for i, hand in enumerate(stored.get("hands") or []):
            entry[f"hand_{i}"] = shown_cards(hand)
    for penalty in offered_penalties(profile, mode):
        entry[f"penalty_{penalty.code}"] = sum(1 for p in stored.get("penalties", []) if p == penalty.code)
    for p in stored.get("penalties", []):
        if isinstance(p, dict):
            entry["custom_points"] = p.get("points")
            entry["custom_reason"] = p.get("reason", "")
    return entry


def form_data_from_deal(profile: RuleProfile, game, deal) -> dict:
    """The form values that show a stored deal again, for a correction."""
    lone = next((key for key, side in deal.sides.items() if side.get("lone_hand")), "")
    data: dict = {"mode": deal.mode, "who": deal.who or "", "lone_hand": lone}
    black = scores_black_threes(profile, by_cards=deal.mode == "cards")
    for side in game.sides:
        stored = deal.sides.get(side.key, {})
        data[side.key] = {**data_entry(profile, stored, deal.mode), "red_threes": stored.get("red_threes", 0),
                          **({"black_threes": stored.get("black_threes", 0)} if black else {})}
    if profile.cut_throat and lone:
        data["partnership"] = partnership.joined_data(profile, game, deal, lone, data_entry)
    return data


def validate_custom_reason(form) -> None:
    """A custom penalty needs a reason: the other players will ask."""
    for _key, sub in blocks(form):
        if sub["custom_points"].data and not (sub["custom_reason"].data or "").strip():
            sub["custom_reason"].errors = list(sub["custom_reason"].errors) + [_("Say what this penalty was for.")]

