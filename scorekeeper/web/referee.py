"""The referee at the table: is this meld legal, may I take the pile, may I go out; and the rules themselves.

Every verdict, violation, point count and minimum comes from the rules engine; this module only reads the
forms into the engine's terms and shows its answers.

Where a page starts (query parameters of every referee page):
- ``game=<link>&side=<key>``: a game in progress, named by its link like its own address (``/games/<link>``): a
  row number is no address, so the referee tells a stranger counting up nothing of anyone's game. The profile,
  the club options and the side's total come from the store (``game_summary``);
- otherwise ``rules=<profile id>``, ``options=<JSON object>`` and/or repeated ``opt.<name>=<value>``,
  ``score=<the side's total before the deal>``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace

from flask import Blueprint, abort, redirect, render_template, request, url_for
from scorekeeper.rules.i18n import _

from scorekeeper.rules import (
    PROFILES,
    Card,
    CardTally,
    RulesError,
    RuleProfile,
    Situation,
    UnknownOption,
    check_go_out,
    check_meld,
    check_pile,
    get_profile,
    meld_key,
    other_readings,
    profile_options,
)
from scorekeeper.rules.explain import compare, explain, option_value_text, source_text
from scorekeeper.rules.family import pages_cited

from .errors import error_response
from .htmx import is_htmx, render
from scorekeeper.db import get_db
from scorekeeper.stores import devices, rule_sets
from scorekeeper.web.club import offered_sets
from scorekeeper.stores.errors import GameNotFound
from scorekeeper.stores.summary import game_summary

bp = Blueprint("referee", __name__, url_prefix="/referee")

QUESTIONS = {
    "meld": _("Is this meld legal?"),
    "pile": _("May I take the pile?"),
    "go_out": _("May I go out?"),
}
MAX_SLOTS = 8


class BadStart(Exception):
    """The query parameters that should set the referee up cannot be used."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Setup:
    """What the referee knows before the question: the rules, the club options and the side's score."""

    base: RuleProfile
    options: dict
    profile: RuleProfile
    score: int = 0
    game: dict | None = None
    side: str | None = None
    side_name: str = ""
    params: dict = field(default_factory=dict)  # what links carry forward
    deal: int | None = None  # the number of the deal in play, when asked from a game

    @property
    def options_json(self) -> str:
        return json.dumps(self.options, sort_keys=True, separators=(",", ":")) if self.options else ""

    @property
    def minimum(self) -> int:
        return self.profile.minimum(self.score, self.deal)

    def option_texts(self) -> list[str]:
        known = {opt.name: opt for opt in profile_options(self.base)}
        return [f"{_(known[n].label)}: {option_value_text(known[n], v)}" for n, v in sorted(self.options.items())
                if n in known]

    def link(self, endpoint: str, **extra) -> str:
        return url_for(endpoint, **{**self.params, **extra})


def read_options(base: RuleProfile, values) -> dict:
    """Club options from ``options=<JSON>`` and repeated ``opt.<name>=<value>``; raises UnknownOption."""
    raw: dict = {}
    text = (values.get("options") or "").strip()
    if text:
        try:
            data = json.loads(text)
        except ValueError:
            raise UnknownOption(_("The club options could not be read; they must be a JSON object."),
                                field="options") from None
        if not isinstance(data, dict):
            raise UnknownOption(_("The club options must be names with values."), field="options")
        raw.update(data)
    for key in values.keys():
        if key.startswith("opt.") and values.get(key, "") != "":
            raw[key[4:]] = values.get(key)
    options = base.read_options(raw)
    base.with_options(options)  # the engine refuses unknown names and values
    return changed_options(base, options)


def changed_options(base: RuleProfile, options: dict) -> dict:
    """The options that differ from ``base``'s own values: an empty list read from JSON is the empty minimum by
    deal number, not a change; a withdrawn option (``rules.options.RETIRED_OPTIONS``) is none."""
    defaults = base.option_values()
    return {name: value for name, value in options.items()
            if name in defaults and _same(defaults[name]) != _same(value)}


def _same(value):
    return tuple(value) if isinstance(value, list) else value


def read_score(text) -> int | None:
    text = (text or "").strip().replace(" ", "").replace(",", "")
    if not re.fullmatch(r"-?\d+", text) or len(text) > 7:
        return None
    return int(text)


def read_setup(values, lenient: bool = False) -> Setup | None:
    """The referee's setup from a game or from rules/options/score; None when no profile is chosen yet.

    ``lenient``: an unreadable score counts as 0 (a question's form reports it next to its field).
    """
    link = (values.get("game") or "").strip()
    if link:
        number = devices.id_for_link(get_db(), "game", link) if re.fullmatch(devices.LINK_PATTERN, link) else None
        if number is None:
            raise BadStart(404, _("There is no such game."))
        try:
            summary = game_summary(get_db(), number)
        except GameNotFound as error:
            raise BadStart(404, error.message) from None
        game = summary.game
        side = (values.get("side") or "").strip() or summary.side_keys[0]
        if side not in summary.side_keys:
            raise BadStart(404, _("That game has no such side."))
        base = get_profile(game.rules)
        try:
            options = read_options(base, {"options": json.dumps(game.options or {})})
        except RulesError as error:
            raise BadStart(400, error.message) from None
        score = summary.totals.get(side, 0)
        if "score" in values and read_score(values.get("score")) is not None:
            score = read_score(values.get("score"))
        return Setup(base, options, base.with_options(options), score, game, side, summary.side_name(side),
                     {"game": game.link, "side": side}, deal=len(summary.rows) + 1)
    rules = (values.get("rules") or "").strip()
    if not rules:
        return None
    try:
        found = club_set(rules)  # a club's rule set: its profile, its options under the ones given here
        base = get_profile(found.base if found else rules)
        options = read_options(base, values)
        if found:
            options = {**changed_options(base, found.options), **options}
    except RulesError as error:
        raise BadStart(404 if error.code == "rules.unknown" else 400, error.message) from None
    score = 0
    if (values.get("score") or "").strip():
        score = read_score(values.get("score"))
        if score is None:
            if not lenient:
                raise BadStart(400, _("The score must be a whole number, such as 1250 or -300."))
            score = 0
    setup = Setup(base, options, base.with_options(options), score)
    setup.params = {"rules": base.id}
    if options:
        setup.params["options"] = setup.options_json
    if score:
        setup.params["score"] = score
    return setup


# --------------------------------------------------------------------------------------------------
# The home of the referee
# --------------------------------------------------------------------------------------------------


@bp.get("/")
def index():
    try:
        setup = read_setup(request.args)
    except BadStart as error:
        return error_response(error.status, error.message)
    ask = request.args.get("ask") if request.args.get("ask") in QUESTIONS else None
    if setup is not None and ask:
        return redirect(setup.link(f"referee.{ask}"), 303)
    return render_template("referee/index.html", setup=setup, profiles=list(PROFILES.values()), ask=ask,
                           club_sets=club_sets(),
                           questions=QUESTIONS, options=_option_choices(setup))


def _option_choices(setup: Setup | None) -> list[dict]:
    """The club options of the chosen profile, for the options form on the referee's home."""
    if setup is None:
        return []
    current = setup.profile.option_values()
    result = []
    for opt in profile_options(setup.base):
        if opt.kind == "int":
            continue
        result.append({"option": opt, "value": current[opt.name],
                       "choices": [(str(c), option_value_text(opt, c)) for c in opt.choices]})
    return result


# --------------------------------------------------------------------------------------------------
# The three questions
# --------------------------------------------------------------------------------------------------


class FormError(Exception):
    def __init__(self, field_name: str, message: str):
        super().__init__(message)
        self.field = field_name
        self.message = message


@dataclass
class Form:
    """The raw values of a question's form, and the slots (numbered fields) it shows."""

    values: dict
    question: str = "meld"
    table_slots: int = 1
    meld_slots: int = 1
    errors: dict = field(default_factory=dict)

    def get(self, name: str, default: str = "") -> str:
        return self.values.get(name, default)

    def checked(self, name: str) -> bool:
        return self.values.get(name, "") in ("1", "on", "true", "yes")

    @property
    def slot_names(self) -> list[str]:
        """Every field that has an error slot on the page (``error-<name>``)."""
        names = ["score", "opened"] + [f"table-{i}" for i in range(self.table_slots)]
        if self.question != "pile":
            names += [f"add-{i}" for i in range(self.table_slots)]
        names += [f"melds-{i}" for i in range(self.meld_slots)]
        return names + EXTRA_FIELDS[self.question]


def _slots(values, prefix: str) -> int:
    numbers = [int(m.group(1)) for key in values.keys() if (m := re.fullmatch(prefix + r"-(\d+)", key))]
    return min(max(numbers) + 1, MAX_SLOTS) if numbers else 1


def read_form(values, question: str) -> Form:
    plain = {key: values.get(key, "") for key in values.keys()}
    form = Form(plain, question, _slots(values, "table"), _slots(values, "melds"))
    more = values.get("more")
    if more == "table":
        form.table_slots = min(form.table_slots + 1, MAX_SLOTS)
    elif more == "melds":
        form.meld_slots = min(form.meld_slots + 1, MAX_SLOTS)
    return form


class Reader(CardTally):
    """Reads the form's card fields by name (the engine's CardTally checks the pack across all of them), keeping
    every card's suit where the rules meld sequences."""

    def __init__(self, form: Form, profile: RuleProfile):
        super().__init__(suits=profile.sequences)
        self.form = form

    def cards(self, name: str) -> tuple[Card, ...]:
        return self.read(self.form.get(name), name)


def read_situation(form: Form, reader: Reader, *, with_add: bool, deal: int | None = None):
    """The side's situation, and the cards added to its melds on the table (as ``add``), from the form."""
    score = read_score(form.get("score", "0") or "0")
    if score is None:
        raise FormError("score", _("Write the side's total as a whole number, such as 1250 or -300."))
    table: list[tuple[Card, ...]] = []
    add: dict[str, tuple[Card, ...]] = {}
    engine_fields = {}
    for i in range(form.table_slots):
        cards = reader.cards(f"table-{i}")
        added = reader.cards(f"add-{i}") if with_add else ()
        if not cards:
            if added:
                raise FormError(f"add-{i}", _("First enter the meld on the table that these cards are added to."))
            continue
        engine_fields[f"table[{len(table)}]"] = f"table-{i}"
        table.append(cards)
        if added:
            key = meld_key(cards)
            engine_fields[f"add.{key}"] = f"add-{i}"
            add[key] = add.get(key, ()) + added
    opened = form.checked("opened")
    player_melded = form.checked("player_melded")
    if table and not opened:
        raise FormError("opened", _("Melds on the table mean the side has already opened: tick this box, or clear "
                                    "the melds on the table."))
    if player_melded and not opened:
        raise FormError("opened", _("You have melded earlier in this deal, so your side has opened: tick this box."))
    situation = Situation(score=score, opened=opened, player_melded=player_melded, table=tuple(table),
                          deal=deal)
    return situation, add, engine_fields


def read_melds(form: Form, reader: Reader, engine_fields: dict) -> tuple[tuple[Card, ...], ...]:
    melds = []
    for i in range(form.meld_slots):
        cards = reader.cards(f"melds-{i}")
        if cards:
            engine_fields[f"melds[{len(melds)}]"] = f"melds-{i}"
            melds.append(cards)
    return tuple(melds)


def meld_request(form: Form, setup: Setup):
    reader = Reader(form, setup.profile)
    situation, add, fields_map = read_situation(form, reader, with_add=True, deal=setup.deal)
    melds = read_melds(form, reader, fields_map)
    reader.check_pack(setup.profile.packs)
    if not melds and not add:
        raise FormError("melds-0", _("Choose the cards of the meld, or the cards added to a meld on the table."))
    return check_meld, {"situation": situation, "melds": melds, "add": add,
                        "going_out": form.checked("going_out")}, fields_map


def pile_request(form: Form, setup: Setup):
    reader = Reader(form, setup.profile)
    situation, _opened, fields_map = read_situation(form, reader, with_add=False, deal=setup.deal)
    top = reader.cards("top")
    below = reader.cards("below")
    uses = reader.cards("uses")
    melds = read_melds(form, reader, fields_map)
    reader.check_pack(setup.profile.packs)
    if not top:
        raise FormError("top", _("Choose the top card of the pile."))
    if len(top) > 1:
        raise FormError("top", _("The top of the pile is a single card; put the others under “cards below it”."))
    hand_size = None
    if form.get("hand_size").strip():
        hand_size = read_score(form.get("hand_size"))
        if hand_size is None or hand_size < 0:
            raise FormError("hand_size", _("Write the number of cards in the hand, such as 6."))
    kwargs = {"situation": situation, "uses": uses, "melds": melds, "hand_size": hand_size}
    if below:
        kwargs["pile"] = top + below
        if form.checked("frozen"):
            kwargs["frozen"] = True
    else:
        kwargs["top"] = top[0]
        kwargs["frozen"] = form.checked("frozen")
    fields_map.update({"pile": "below" if below else "top"})
    return check_pile, kwargs, fields_map


def go_out_request(form: Form, setup: Setup):
    reader = Reader(form, setup.profile)
    situation, add, fields_map = read_situation(form, reader, with_add=True, deal=setup.deal)
    melds = read_melds(form, reader, fields_map)
    discard = reader.cards("discard")
    reader.check_pack(setup.profile.packs)
    if len(discard) > 1:
        raise FormError("discard", _("The last discard is a single card."))
    drew = form.get("drew", "stock")
    if drew not in ("stock", "pile"):
        raise FormError("drew", _("Say whether you drew from the stock or took the pile."))
    if setup.profile.foot_cards:  # Hand and Foot: a player goes out only from the foot
        situation = replace(situation, in_foot=form.checked("in_foot"))
    return check_go_out, {"situation": situation, "melds": melds, "add": add,
                          "discard": discard[0] if discard else None, "drew": drew}, fields_map


REQUESTS = {"meld": meld_request, "pile": pile_request, "go_out": go_out_request}
EXTRA_FIELDS = {"meld": [], "pile": ["top", "below", "uses", "hand_size"], "go_out": ["discard", "drew"]}


def _engine_field(error: RulesError, fields_map: dict, form: Form) -> str:
    name = error.field or "form"
    if name in form.slot_names:
        return name
    if name in fields_map:
        return fields_map[name]
    for engine_name, form_name in fields_map.items():
        if name.startswith(engine_name):
            return form_name
    if name in ("table", "player_melded"):
        return "opened"
    return "form"


def ask(question: str):
    values = request.form if request.method == "POST" else request.args
    try:
        setup = read_setup(values, lenient=request.method == "POST")
    except BadStart as error:
        return error_response(error.status, error.message)
    if setup is None:
        return redirect(url_for("referee.index", ask=question), 303)
    form = read_form(values, question)
    page = f"referee/{question}.html"
    context = {"setup": setup, "form": form, "question": question, "title": QUESTIONS[question],
               "verdict": None, "readings": [], "source_text": source_text,
               "as_fragment": is_htmx() and request.method == "POST" and not values.get("more")}
    if request.method == "GET" or values.get("more"):
        # A fresh form, or the same form with one more slot (htmx picks the form out of the whole page).
        return render(page, None, **context)
    fields_map: dict = {}
    status = 200
    try:
        check, kwargs, fields_map = REQUESTS[question](form, setup)
        verdict = check(setup.profile, **kwargs)
        context["verdict"] = verdict
        context["readings"] = other_readings(setup.profile, check, **kwargs)
    except FormError as error:
        form.errors[error.field] = error.message
        status = 422
    except RulesError as error:
        form.errors[_engine_field(error, fields_map, form)] = error.message
        status = 422
    return render(page, "referee/_verdict.html", status=status, **context)


@bp.route("/meld", methods=["GET", "POST"])
def meld():
    return ask("meld")


@bp.route("/pile", methods=["GET", "POST"])
def pile():
    return ask("pile")


@bp.route("/go-out", methods=["GET", "POST"])
def go_out():
    return ask("go_out")


# --------------------------------------------------------------------------------------------------
# The rules in our own words
# --------------------------------------------------------------------------------------------------


@bp.get("/rules")
def rules_index():
    return render_template("referee/rules_index.html", comparisons=compare(), profiles=list(PROFILES.values()),
                           source_text=source_text, club_sets=club_sets())


@bp.get("/rules/<profile_id>")
def rules(profile_id: str):
    found = club_set(profile_id)
    if profile_id not in PROFILES and found is None:
        abort(404)
    base = get_profile(found.base if found else profile_id)
    try:
        given = read_options(base, request.args)
        options = {**(found.options if found else {}), **given}
        profile = base.with_options(options)
    except RulesError as error:
        return error_response(400, error.message)
    if found:
        profile = replace(profile, name=found.name)
    # The referee asked from this page asks under the same rules: the club's set by its id, the options given.
    ask = {"rules": found.id if found else profile.id,
           "options": json.dumps(given, sort_keys=True, separators=(",", ":")) if given else None}
    return render_template("referee/rules.html", profile=profile, topics=explain(profile), options=options,
                           source_text=source_text, profiles=list(PROFILES.values()), club=found, ask=ask,
                           pages=pages_cited(profile))


def club_set(rules_id):
    """The club rule set ``rules_id`` names (``club-...``), or None."""
    return rule_sets.by_id(get_db(), rules_id)


def club_sets() -> list:
    """The sets of the clubs this browser directs and of its phone's list (never every club's of the server)."""
    return offered_sets()
