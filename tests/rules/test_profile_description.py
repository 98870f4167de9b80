"""A profile describes itself: every rule field reaches the parameter list, the rules pages and the OpenAPI schema.

DEVELOPING.md, principle 2 (club differences are fields of one RuleProfile; options are replacements of a profile).
A new field without a label, source and topic fails here; so does a field the views forget.
"""
import ast
import dataclasses
from pathlib import Path

import pytest

from scorekeeper.rules.rule_profile import ALL_CANASTAS

from scorekeeper.api.openapi import openapi_document
from scorekeeper.rules import PROFILES, RuleProfile, get_profile, profile_parameters
from scorekeeper.rules.explain import TOPICS, explain, option_topic
from scorekeeper.rules.options import Option, target
from scorekeeper.rules.profiles import DEFAULT_PROFILE, rule_fields

NOT_RULES = {"id", "name", "source", "options", "penalties", "sources"}
RULES = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules"


def test_every_field_is_a_described_rule_or_named_here():
    described = {f.name for f in rule_fields()}
    assert described | NOT_RULES == {f.name for f in dataclasses.fields(RuleProfile)}
    assert not described & NOT_RULES
    for f in rule_fields():
        assert f.metadata["label"] and f.metadata["source"]
        assert f.metadata["topic"] in dict(TOPICS), f.name


@pytest.mark.parametrize("pid", list(PROFILES))
def test_the_parameter_list_holds_every_rule_field(pid):
    """docs/API.md GET /api/v1/rules/{id} — every parameter, with its label, value and source."""
    params = profile_parameters(get_profile(pid))
    assert [p["name"] for p in params] == [f.name for f in rule_fields()]


def test_the_openapi_schema_names_every_parameter_and_option():
    profile = openapi_document()["components"]["schemas"]["Profile"]["properties"]
    parameter = profile["parameters"]["items"]["properties"]["name"]
    assert parameter["enum"] == [f.name for f in rule_fields()]
    for f in rule_fields():
        assert f"{f.name}: {f.metadata['label']}" in parameter["description"]
    option = profile["options"]["items"]["properties"]["name"]
    assert set(option["enum"]) == {o.name for p in PROFILES.values() for o in p.options}


@pytest.mark.parametrize("pid", list(PROFILES))
def test_every_option_sits_on_the_rules_page_under_its_fields_topic(pid):
    profile = get_profile(pid)
    topics = {t.key: t for t in explain(profile)}
    topic_of = {f.name: f.metadata["topic"] for f in rule_fields()}
    for option in profile.options:
        assert option_topic(option) == topic_of[option.field_name]
        assert option.name in {r.option for r in topics[option_topic(option)].rules}


def test_fixed_choices_are_checked_from_the_field_types():
    """One routine checks every Literal-typed field: a value outside its type is refused."""
    for f in rule_fields():
        from scorekeeper.rules.rule_profile import field_choices
        choices = field_choices(f.name)
        if not choices or isinstance(getattr(get_profile("bicycle"), f.name), tuple):
            continue
        with pytest.raises(ValueError):
            dataclasses.replace(get_profile("bicycle"), **{f.name: "not-a-choice"})


def test_a_sixth_club_is_one_instance():
    """A club not among the five needs nothing but its RuleProfile: options, parameters and rules pages work."""
    club = RuleProfile(
        id="riverside", name="Riverside club rules", source="Riverside house rules",
        target=3000, draw=2,
        options=(target(3000, "riverside: House rules"),
                 Option("draw", "Cards drawn from the stock", "choice", (1, 2), 2, "How many cards a turn draws.",
                        "riverside: House rules", reading=False)),
        sources=(("general", "riverside: House rules"),),
    )
    assert club.with_options({"target": 2000, "draw": 1}).draw == 1
    assert club.option_values() == {"target": 3000, "draw": 2}
    assert {p["name"] for p in profile_parameters(club)} >= {"target", "draw"}
    assert any(r.option == "draw" for t in explain(club) for r in t.rules)


def test_a_club_cites_its_own_document():
    """Renaming a profile without its sources is refused: every citation names the profile's own document."""
    with pytest.raises(ValueError):
        dataclasses.replace(get_profile("silhill"), id="my-club")


def test_special_canastas_is_one_property():
    assert [p.id for p in PROFILES.values() if p.special_canastas] == ["modern-american"]


def test_the_default_profile_is_one_of_the_profiles():
    assert DEFAULT_PROFILE in PROFILES


def _messages(tree: ast.AST):
    """String constants that are not docstrings."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node


def test_no_engine_message_names_a_profile():
    """A message says which rule or option applies, never which profile ("only under modern-american")."""
    for path in sorted(RULES.glob("*.py")):
        if path.name in ("profiles.py", "family.py", "rule_profile.py", "explain.py"):
            continue
        for node in _messages(ast.parse(path.read_text(), filename=str(path))):
            for pid in PROFILES:
                if pid in ALL_CANASTAS:  # "samba", "bolivia": also the names of canastas, the kinds a deal counts
                    continue
                assert pid not in node.value, f"{path.name}:{node.lineno} names {pid}: {node.value!r}"


@pytest.mark.parametrize("pid", list(PROFILES))
@pytest.mark.slow
def test_every_combination_of_club_options_is_consistent(pid):
    """A profile's own consistency checks (``_field_problems``, ``_consistency_problems``) speak to programmers, in
    English: no choice a club can make reaches them. Every combination of the table's options (players, how they
    team up and the variants of a table) with the others all at their default or all switched, and every
    combination of the other options (two targets for the number option) at the default table, builds a profile;
    a value an option does not allow, or a variant given at a table it does not apply to, is refused as
    UnknownOption first."""
    import itertools

    from scorekeeper.rules import UnknownOption

    profile = get_profile(pid)
    table = [opt for opt in profile.options if opt.table or opt.applies]
    others = [opt for opt in profile.options if opt not in table]

    def values(opt):
        return (5, 100_000) if opt.kind == "int" else opt.choices

    def build(chosen: dict) -> bool:
        try:
            assert isinstance(profile.with_options(chosen), RuleProfile)
            return True
        except UnknownOption as refused:  # only a variant at a table it does not apply to
            name = refused.field.removeprefix("options.")
            assert next(opt for opt in table if opt.name == name).applies is not None, refused.message
            return False

    built = 0
    switched = {opt.name: next(v for v in values(opt) if v != opt.default) for opt in others}
    for combination in itertools.product(*(values(opt) for opt in table)):
        chosen = {opt.name: value for opt, value in zip(table, combination)}
        built += build(chosen) + build({**chosen, **switched})
    for combination in itertools.product(*(values(opt) for opt in others)):
        built += build({opt.name: value for opt, value in zip(others, combination)})
    assert built >= 2 ** (len(others) - 1)
    with pytest.raises(UnknownOption):
        profile.with_options({"target": 7})
