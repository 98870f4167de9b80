"""The director's forms: a new tournament, signing in, an entry, a table's result."""

from __future__ import annotations

from datetime import date as date_type

from flask_wtf import FlaskForm
from wtforms import DateField, IntegerField, PasswordField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import EqualTo, InputRequired, Length, NumberRange, Optional, StopValidation
from scorekeeper.rules.i18n import _, amount

from ...rules import DEFAULT_PROFILE, PROFILES, get_profile, profile_options
from scorekeeper.stores.tournaments import records
from ..forms import option_field, option_value


def _choices(labels: dict[str, str]) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in labels.items()]


def visible(message: str):
    """A validator for a field filtered by ``clean_name``: nothing visible left is as good as empty."""

    def check(form, field):
        if not field.data:
            raise StopValidation(message)

    return check


class TournamentBase(FlaskForm):
    name = StringField(_("Name"), filters=[records.clean_name], validators=[
        InputRequired(_("Give the tournament a name.")), visible(_("Give the tournament a name.")), Length(max=80)])
    date = DateField(_("Date"), validators=[InputRequired(_("Give the date."))], default=date_type.today)
    rules = RadioField(_("Rules"), choices=[SelectChoice(pid, _(p.name)) for pid, p in PROFILES.items()],
                         default=DEFAULT_PROFILE)
    format = RadioField(_("Format"), choices=_choices(records.FORMATS), default="pairs")
    rounds = IntegerField(_("Rounds"), default=4, validators=[
        InputRequired(_("How many rounds?")), NumberRange(1, 30, _("Between 1 and 30 rounds."))])
    round_end = RadioField(_("A round ends"), choices=_choices(records.ROUND_ENDS), default="minutes")
    round_limit = IntegerField(_("Minutes or deals per round"), default=45, validators=[
        Optional(), NumberRange(1, 600, _("Between 1 and 600."))])
    scoring = RadioField(_("Standings by"), choices=_choices(records.SCORINGS), default="points")
    password = PasswordField(_("Director's password"), validators=[
        InputRequired(_("Choose a password for the director.")), Length(min=6, max=128, message=_("At least 6 characters."))])
    password_again = PasswordField(_("The password again"), validators=[EqualTo("password", _("The two passwords differ."))])


class ClubEveningBase(TournamentBase):
    """A club's evening (issue 30): its directors direct it, so a password is only for a visiting director; it may
    count in one of the club's seasons."""

    password = PasswordField(_("A password for a visiting director (optional)"), validators=[
        Optional(), Length(min=6, max=128, message=_("At least 6 characters."))],
        description=_("The club's directors need none. Give one only to let someone else direct this evening."),
        render_kw={"autocomplete": "new-password"})
    password_again = PasswordField(_("The password again"), validators=[EqualTo("password", _("The two passwords differ."))],
                                   render_kw={"autocomplete": "new-password"})
    season = SelectField(_("Season"), choices=[], default="")


def tournament_options(profile) -> tuple:
    """The club options a tournament offers: all but the table's (a tournament seats four, two partnerships or
    two pairs of individuals, at every table)."""
    return tuple(o for o in profile_options(profile) if not (o.table or o.applies))


def chosen_options(form, profile) -> dict:
    """The options a new tournament keeps: a club set's own first, then the form's, and of those only what differs
    from the profile copied, so the game pages show the club's choices (the version it starts under is then the
    tournament's for good)."""
    options = {o.name: option_value(o, form[f"opt_{o.name}"].data) for o in form.option_list}
    if form.club_set:
        options = {**form.club_set.options, **options}
    defaults = get_profile(profile.id).option_values()
    return {k: v for k, v in options.items() if defaults.get(k) != v}


def tournament_form(profile, formdata=None, data=None, base=TournamentBase):
    options = tournament_options(profile)
    attrs = {f"opt_{o.name}": option_field(o) for o in options}
    cls = type("TournamentForm", (base,), attrs)
    form = cls(formdata=formdata, data=data)
    form.option_list = options
    form.profile = profile
    return form


class LoginForm(FlaskForm):
    name = StringField(_("Your name (for the log)"), validators=[Optional(), Length(max=40)])
    password = PasswordField(_("Director's password"))


class EntryForm(FlaskForm):
    player1 = StringField(_("Player"), validators=[Optional(), Length(max=40)],
                          render_kw={"list": "club-roster", "autocomplete": "off", "dir": "auto"})
    player2 = StringField(_("Partner"), validators=[Optional(), Length(max=40)],
                          render_kw={"list": "club-roster", "autocomplete": "off", "dir": "auto"})


#: A director's total for a side: far past any game's score, and always a number SQLite can store.
RESULT_MAX = 999_999
RESULT_RANGE = _("A total between -%(most)s and %(most)s.", most=amount(RESULT_MAX))


class ResultForm(FlaskForm):
    kind = RadioField(_("What is it"), choices=[
        SelectChoice("corrected", _("Correction: the score entered was wrong")),
        SelectChoice("adjusted", _("Adjusted score: the table could not finish")),
    ], default="corrected")
    we = IntegerField(_("North-South total"), validators=[
        InputRequired(_("Give North-South's total.")), NumberRange(-RESULT_MAX, RESULT_MAX, RESULT_RANGE)])
    they = IntegerField(_("East-West total"), validators=[
        InputRequired(_("Give East-West's total.")), NumberRange(-RESULT_MAX, RESULT_MAX, RESULT_RANGE)])
    reason = StringField(_("Reason"), validators=[InputRequired(_("Give the reason; it goes in the log.")),
                                               Length(max=300)])


class PasswordForm(FlaskForm):
    current = PasswordField(_("Current password"), validators=[InputRequired(_("Type the current password."))])
    password = PasswordField(_("New password"), validators=[
        InputRequired(_("Choose the new password.")), Length(min=6, max=128, message=_("At least 6 characters."))])
    password_again = PasswordField(_("The new password again"), validators=[
        EqualTo("password", _("The two passwords differ."))])
