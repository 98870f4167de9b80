"""The rule texts are written from the profiles' fields and options, topic by topic, each with a source."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorekeeper.rules import PROFILES, get_profile, profile_options
from scorekeeper.rules.explain import TOPICS, compare, explain, option_value_text, source_text

PROFILE_IDS = list(PROFILES)


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_every_topic_has_rules_and_every_rule_a_source(pid):
    profile = get_profile(pid)
    topics = explain(profile)
    assert [t.key for t in topics] == [key for key, _ in TOPICS]
    for topic in topics:
        assert topic.rules, topic.key
        for rule in topic.rules:
            assert rule.text.strip()
            assert rule.source.startswith(f"{pid}: "), rule.source


@pytest.mark.parametrize("pid", PROFILE_IDS)
def test_every_option_of_every_profile_is_explained_with_its_value(pid):
    profile = get_profile(pid)
    rules = [rule for topic in explain(profile) for rule in topic.rules]
    by_option = {rule.option: rule for rule in rules if rule.option}
    for option in profile_options(profile):
        rule = by_option.get(option.name)
        assert rule is not None, option.name
        assert option.label in rule.text
        assert option_value_text(option, profile.option_values()[option.name]) in rule.text
        assert rule.source == option.source


def test_texts_follow_the_profile_fields_not_the_profile_name():
    """bicycle: Melds — wild cards may outnumber naturals; switching the club option changes the text."""
    bicycle = get_profile("bicycle")
    strict = bicycle.with_options({"wilds_may_exceed_naturals": False})
    melds = {t.key: t for t in explain(bicycle)}["melds"]
    strict_melds = {t.key: t for t in explain(strict)}["melds"]
    assert any("two natural cards may carry three wild cards" in r.text for r in melds.rules)
    assert any("never has more wild cards than natural cards" in r.text for r in strict_melds.rules)


def test_minimum_table_is_written_from_the_profile():
    """modern-american: SCORING — 125 / 155 / 180 by total."""
    mac = {t.key: t for t in explain(get_profile("modern-american"))}["initial_meld"]
    text = mac.rules[0].text
    assert "0 to 2,995, 125 points" in text and "3,000 to 4,995, 155 points" in text and "5,000 or more, 180" in text
    silhill = {t.key: t for t in explain(get_profile("silhill"))}["initial_meld"]
    assert "below 0, no minimum" in silhill.rules[0].text


def test_an_option_switched_by_a_club_shows_its_new_value():
    yahoo = get_profile("yahoo").with_options({"canastas_to_go_out": 2})
    going_out = {t.key: t for t in explain(yahoo)}["going_out"]
    assert any("side has two canastas" in r.text for r in going_out.rules)
    assert any(r.option == "canastas_to_go_out" and ": 2 here" in r.text for r in going_out.rules)


def test_comparison_covers_every_topic_and_shows_where_profiles_differ():
    comparisons = compare()
    assert [c.key for c in comparisons] == [key for key, _ in TOPICS]
    for comparison in comparisons:
        for point in comparison.points:
            assert [v.profile.id for v in point.values] == PROFILE_IDS
            assert all(v.source for v in point.values)
    melds = {c.key: c for c in comparisons}["melds"]
    ratio = next(p for p in melds.points if p.label == "Wild cards against natural cards")
    assert ratio.differs
    assert {v.profile.id: v.text for v in ratio.values}["silhill"] == "natural > wild"
    wild = next(p for p in {c.key: c for c in comparisons}["cards"].points if p.label == "Wild cards")
    assert not wild.differs


def test_source_text_names_the_document():
    bicycle = get_profile("bicycle")
    assert source_text(bicycle, "bicycle: Melds") == "000 Canasta General Rules, Melds"


def test_explain_imports_only_the_rules_package():
    path = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules" / "explain.py"
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 1 or (node.module or "").startswith(("scorekeeper.rules", "__future__",
                                                                      "dataclasses", "typing")), node.module
        elif isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name in ("dataclasses", "typing"), alias.name
