"""The endpoints of the JSON API. Each one reads its request, asks the engine and answers JSON."""

from __future__ import annotations

import json

from flask import jsonify, request

from scorekeeper.rules import (
    PROFILES,
    RulesError,
    UnknownRules,
    get_profile,
    profile_options,
    profile_parameters,
)

from scorekeeper.db import get_db
from scorekeeper.rules.i18n import _
from scorekeeper.stores import rule_sets
from scorekeeper.web.devices import current_device

from .blueprint import bp
from .openapi import openapi_document
from .parsing import answer, club_profile, invalid_json, missing, parse_int_text


@bp.errorhandler(RulesError)
def rules_error(error: RulesError):
    """Input the engine cannot understand: 400 with the error's code, message and field."""
    return jsonify({"error": {"code": error.code, "message": error.message, "field": error.field}}), 400


def _not_found(error: UnknownRules):
    return jsonify({"error": {"code": error.code, "message": error.message, "field": error.field}}), 404


def _body():
    """The request body as parsed JSON; every way it can be unreadable is a request.invalid_json."""
    if not request.is_json:
        raise invalid_json(_("Send the request as JSON, with the header 'Content-Type: application/json'."))
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise invalid_json(_("The request body is empty; send a JSON object."))
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise invalid_json(_("The request body is not valid JSON.")) from None


# --- profiles -----------------------------------------------------------------------------


@bp.get("/rules")
def rules():
    """The profiles, in their fixed order, then the club rule sets in the list of the phone
    asking (its session cookie): never every club's sets of the server. A club's own sets are listed by the
    club's answer (``GET /api/v1/clubs/{public link}``); each answers here by its id."""
    clubs = [{"id": found.id, "name": found.name, "source": found.profile.source, "target": found.profile.target,
              "base": found.base, "version": found.version}
             for found in rule_sets.latest(get_db(), (), device=current_device())]
    return jsonify(
        {
            "profiles": [
                {"id": p.id, "name": p.name, "source": p.source, "target": p.target} for p in PROFILES.values()
            ] + clubs
        }
    )


@bp.get("/rules/<profile_id>")
def rule(profile_id: str):
    """One whole profile (or a club's rule set): its parameters, its club options and its penalties."""
    found = rule_sets.by_id(get_db(), profile_id)
    try:
        profile = found.profile if found else get_profile(profile_id)
    except UnknownRules as err:
        return _not_found(err)
    values = profile.option_values()
    club = {"base": found.base, "version": found.version, "note": found.note} if found else {}
    return jsonify(
        {
            **club,
            "id": found.id if found else profile.id,
            "name": profile.name,
            "source": profile.source,
            "target": profile.target,
            "canasta_kinds": list(profile.canasta_kinds),
            "sides": list(profile.side_sizes),
            "parameters": profile_parameters(profile),
            "options": [{**opt.to_dict(), "value": values.get(opt.name, opt.default)}
                        for opt in profile_options(profile)],
            "penalties": [
                pen.to_dict()  # code, label, points, source, derived
                for pen in profile.penalties
            ],
        }
    )


@bp.get("/rules/<profile_id>/minimum")
def minimum(profile_id: str):
    """The initial-meld minimum of a side whose total before the deal is ``score``."""
    found = rule_sets.by_id(get_db(), profile_id)
    try:
        profile = found.profile if found else get_profile(profile_id)
    except UnknownRules as err:
        return _not_found(err)
    text = request.args.get("score")
    if text is None:
        raise missing(_("Give the side's total before the deal as ?score=N."), "score")
    score = parse_int_text(text, "score")
    deal = parse_int_text(request.args["deal"], "deal") if request.args.get("deal") else None
    options = {name: value for name, value in request.args.items() if name not in ("score", "deal")}
    if found:
        profile = club_profile(found.id, {**found.options, **profile.read_options(options)})
    else:
        profile = profile.with_options(profile.read_options(options))  # ?players=6&team_up=two_teams
    return jsonify({"rules": found.id if found else profile.id, "score": score,
                    "minimum": profile.minimum(score, deal)})


# --- the referee and the scorer -----------------------------------------------------------


def _verdict(kind: str):
    verdict = answer(kind, _body())
    out = verdict.to_dict()
    out.setdefault("warnings", [w.to_dict() for w in getattr(verdict, "warnings", ())])
    return jsonify(out)


@bp.post("/check/meld")
def check_meld():
    """Is this meld legal?"""
    return _verdict("meld")


@bp.post("/check/pile")
def check_pile():
    """May I take the pile?"""
    return _verdict("pile")


@bp.post("/check/go-out")
def check_go_out():
    """May I go out?"""
    return _verdict("go-out")


@bp.post("/score/deal")
def score_deal():
    """What does this deal score?"""
    return jsonify(answer("deal", _body()).to_dict())


@bp.get("/openapi.json")
def openapi():
    """This API described as an OpenAPI 3.1 document."""
    return jsonify(openapi_document())
