"""The rule texts are written from the profiles' fields and options, topic by topic, each with a source."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from scorekeeper.rules import PROFILES, RuleProfile, get_profile, profile_options
from scorekeeper.rules.profiles import SPECIAL_CANASTAS
from scorekeeper.rules.rule_profile import field_choices
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


# --- every field the engine reads shows in the texts --------------------------------------------

#: Fields that are not rules: who the profile is and where its texts come from. Changing them changes
#: no check and no score, so the rule texts need not (and do not) mention them.
DESCRIPTIVE_FIELDS = {
    "id": "the profile's key; a club keeps it (the profile refuses any other)",
    "name": "the title shown above the rules page, not a rule",
    "source": "the document's name, used in citations rather than in the rule sentences",
    "sources": "the heading each rule cites; it changes Rule.source, not Rule.text",
    "options": "the club options: each is a rule line of its own (test_every_option_is_explained_with_its_value)",
}

#: When a field has no effect because another field switches its rule off, flipping it may leave the
#: texts alone. Each entry says when the engine ignores the field (checked against the engine's code) and
#: the change that switches the rule on, so the field is still tested on every profile.
#: A profile with modern-american's special canastas (their bonuses are scored only there).
SPECIAL = {"canasta_kinds": SPECIAL_CANASTAS, "all_wild_melds": True, "closed_canasta_kinds": (),
           "canastas_of_kind_to_go_out": ()}

INERT_WHEN = {
    # melds.py: the rule of five is only applied when rule_of_five is on.
    "rule_of_five_naturals": (lambda p: not p.rule_of_five, {"rule_of_five": True}),
    # melds.py: only an unfinished all-wild meld blocks wild cards; without all-wild melds there is none.
    "wild_meld_blocks_other_wilds": (lambda p: not p.all_wild_melds, {"all_wild_melds": True}),
    # melds.py: black threes that are never melded have no meld composition.
    "black_three_melds_without_wilds": (lambda p: p.black_threes_meld == "never", {"black_threes_meld": "going_out"}),
    # profiles.canasta_bonus: a kind the profile does not have is never scored.
    "sevens_canasta_bonus": (lambda p: "sevens" not in p.canasta_kinds, SPECIAL),
    "aces_canasta_bonus": (lambda p: "aces" not in p.canasta_kinds, SPECIAL),
    "wild_twos_canasta_bonus": (lambda p: "wild_twos" not in p.canasta_kinds, SPECIAL),
    "wild_jokers_canasta_bonus": (lambda p: "wild_jokers" not in p.canasta_kinds, SPECIAL),
    "wild_canasta_bonus": (lambda p: "wild" not in p.canasta_kinds, SPECIAL),
    # scoring._threes_lines: per-colour threes use threes_table; red-each threes use the two below.
    # (all four only with two packs, which hold four red threes: rule_profile.red_threes_value)
    "red_three_bonus": (lambda p: p.threes_scoring == "per_colour", {"threes_scoring": "red_each"}),
    "all_four_red_threes_bonus": (lambda p: p.threes_scoring == "per_colour" or p.packs != 2,
                                  {"threes_scoring": "red_each", "packs": 2}),
    "threes_table": (lambda p: p.threes_scoring == "red_each", {"threes_scoring": "per_colour", "packs": 2}),
    # scoring._threes_lines: threes signed by canastas do not look at melds.
    "red_threes_negative_without_meld": (lambda p: p.threes_sign_by != "melds", {"threes_sign_by": "melds"}),
    "all_four_red_threes_negative": (
        lambda p: p.threes_sign_by != "melds" or p.threes_scoring == "per_colour" or p.packs != 2
        or not p.red_threes_negative_without_meld,
        {"threes_sign_by": "melds", "threes_scoring": "red_each", "red_threes_negative_without_meld": True,
         "packs": 2}),
    # melds.judge_turn: a natural-canasta waiver never counts a pile meld anyway; no waiver, nothing to limit.
    "canasta_waiver_with_pile": (lambda p: p.complete_canasta_waives != "any", {"complete_canasta_waives": "any"}),
    # melds.judge_turn: the size of a pure meld matters only when the opening needs one.
    "pure_meld_min_cards": (lambda p: not p.opening_requires_pure_meld, {"opening_requires_pure_meld": True}),
    # pile.check_pile: "always a natural pair" is checked before the natural-and-wild way.
    "natural_and_wild_takes_pile": (lambda p: p.pile_always_needs_natural_pair,
                                    {"pile_always_needs_natural_pair": False}),
    # pile.check_pile: without a top-card layoff there is nothing to lay on a canasta.
    "top_card_layoff_onto_canasta": (lambda p: not p.top_card_layoff, {"top_card_layoff": True}),
    # melds.concealed_play, scoring: without concealed going out none of its terms apply.
    "concealed_extra_bonus": (lambda p: not p.concealed_allowed, {"concealed_allowed": True}),
    "concealed_needs_canasta": (lambda p: not p.concealed_allowed, {"concealed_allowed": True}),
    "concealed_allows_additions": (lambda p: not p.concealed_allowed, {"concealed_allowed": True}),
    # scoring._threes_lines: five and six red threes exist only in three packs, scored red three by red three.
    "five_red_threes_bonus": (lambda p: p.packs != 3 or p.threes_scoring == "per_colour",
                              {"packs": 3, "threes_scoring": "red_each"}),
    "six_red_threes_bonus": (lambda p: p.packs != 3 or p.threes_scoring == "per_colour",
                             {"packs": 3, "threes_scoring": "red_each"}),
    # RuleProfile.minimum: a minimum by deal number decides wherever the deal is known (the rules pages).
    "minimum_table": (lambda p: bool(p.minimum_by_deal), {"minimum_by_deal": ()}),
    "minimum_below_zero": (lambda p: bool(p.minimum_by_deal), {"minimum_by_deal": ()}),
    # melds.judge_turn: a wild-card meld opening alone matters only where the opening needs a pure meld.
    "wild_meld_may_open_alone": (lambda p: not p.opening_requires_pure_meld, {"opening_requires_pure_meld": True}),
    # scoring.game_state: a game of a fixed number of deals (Hand and Foot's four) never looks at the target.
    "target": (lambda p: p.deals_in_game > 0, {"deals_in_game": 0}),
    # melds: black threes that are never melded are never worth their melded value.
    "black_three_melded_points": (lambda p: p.black_threes_meld == "never", {"black_threes_meld": "going_out"}),
    # scoring._threes_lines: per-colour black threes are bonus cards, never counted as left in hand apart.
    "black_threes_in_hand_apart": (lambda p: p.threes_scoring == "per_colour", {"threes_scoring": "red_each"}),
    # pile._takes: where only the cards above a wild card are taken, that rule decides first.
    "pile_take_count": (lambda p: p.only_cards_above_wild, {"only_cards_above_wild": False}),
    # profiles.canasta_bonus: the family's kinds are scored only where the profile counts them.
    "samba_canasta_bonus": (lambda p: "samba" not in p.canasta_kinds,
                            {"canasta_kinds": ("natural", "mixed", "samba"), "canastas_of_kind_to_go_out": ()}),
    "escalera_canasta_bonus": (lambda p: "escalera" not in p.canasta_kinds,
                               {"canasta_kinds": ("natural", "mixed", "escalera"), "canastas_of_kind_to_go_out": ()}),
    "bolivia_canasta_bonus": (lambda p: "bolivia" not in p.canasta_kinds,
                              {"canasta_kinds": ("natural", "mixed", "bolivia"), "all_wild_melds": True,
                               "canastas_of_kind_to_go_out": ()}),
    # RuleProfile.side_sizes: only a team of three has someone to sit out; only three or six players team up.
    "trio_sits_out": (lambda p: 3 not in p.side_sizes, {"players": 5, "partnerships": True}),
    "teams": (lambda p: p.players != 6, {"players": 6, "partnerships": True}),
    # scoring._facts_by_cards: mixed aces only matter when unfinished aces cost anything.
    "incomplete_mixed_aces_penalised": (lambda p: not p.incomplete_aces_penalty, {"incomplete_aces_penalty": 2500}),
}


def _field_text(profile):
    """The sentences written from the fields (club-option lines echo the value, so they are left out)."""
    return "\n".join(r.text for t in explain(profile) for r in t.rules if r.option is None)


def _other_values(profile, f):
    """Other legal values of field ``f``: the other profiles' values and small changes of this one."""
    value = getattr(profile, f.name)
    candidates = [getattr(other, f.name) for other in PROFILES.values()]
    if isinstance(value, bool):
        candidates.append(not value)
    elif isinstance(value, int):
        steps = (value + 5, value - 5, value + 1, value - 1, value + 2, value - 2, value * 2, value // 2)
        candidates += [v for v in steps if v >= 0]
        candidates.append(None)
    elif value is None:
        candidates += [4, 5, 6]
    elif isinstance(value, str):
        candidates.append(value + " (as a club plays it)")
    elif isinstance(value, tuple) and value and all(type(v) is int for v in value):
        candidates.append(value[:-1] + (value[-1] + 5,))
    elif value == () and f.metadata.get("points"):
        candidates.append((125, 155, 180))  # an empty list of points (minimum_by_deal): one with values
    if not isinstance(value, tuple):
        candidates += list(field_choices(f.name))  # every fixed choice of the field (Literal)
    result = []
    for candidate in candidates:
        if candidate == value or any(candidate == seen for seen, _ in result):
            continue
        try:
            result.append((candidate, dataclasses.replace(profile, **{f.name: candidate})))
        except (TypeError, ValueError):
            continue  # not a legal value of this field
    return result


def test_allow_lists_name_real_fields():
    names = {f.name for f in dataclasses.fields(RuleProfile)}
    assert set(DESCRIPTIVE_FIELDS) <= names and set(INERT_WHEN) <= names
    assert not set(DESCRIPTIVE_FIELDS) & set(INERT_WHEN)


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(RuleProfile) if f.name not in DESCRIPTIVE_FIELDS])
def test_flipping_any_rule_field_changes_the_texts(name):
    """Every field the engine reads is written into explain(): another legal value, another text.

    A new RuleProfile field fails here until explain.py says what it does (or it is listed above, with why).
    """
    f = next(f for f in dataclasses.fields(RuleProfile) if f.name == name)
    inert, enable = INERT_WHEN.get(name, (lambda p: False, {}))
    flipped = 0
    for pid, profile in PROFILES.items():
        if inert(profile):
            profile = dataclasses.replace(profile, **enable)
        base = _field_text(profile)
        for value, other in _other_values(profile, f):
            if inert(other):
                continue
            flipped += 1
            assert _field_text(other) != base, f"{pid}: {name} = {value!r} leaves the rule texts unchanged"
    assert flipped, f"no profile could take another value of {name}"


def _topic(profile, key):
    return " ".join(r.text for r in {t.key: t for t in explain(profile)}[key].rules if r.option is None)


def test_silhill_buried_red_three_does_not_freeze_in_the_texts():
    """silhill: §4f, §7b (docs/RULES.md S-A11) — only wild cards freeze; the club option turns red threes on."""
    silhill = get_profile("silhill")
    pile = _topic(silhill, "pile")
    assert "red three in it" not in pile and "a red three anywhere" not in pile
    assert "A red three that was covered by later cards does not freeze it." in pile
    switched = _topic(silhill.with_options({"red_three_freezes_pile": True}), "pile")
    assert "a wild card or a red three anywhere in it is frozen" in switched
    assert "a wild card, a red three, or a black three anywhere in it is frozen" in _topic(get_profile("bicycle"),
                                                                                         "pile")


def test_concealed_texts_follow_the_profile():
    """yahoo: Canasta¶ — all melds laid at once, no canasta of its own; bicycle: Concealed Hand — one needed."""
    yahoo = _topic(get_profile("yahoo"), "going_out")
    assert "need not include a canasta of their own" in yahoo and "must be a canasta" not in yahoo
    assert "still counts as concealed" in yahoo
    bicycle = _topic(get_profile("bicycle"), "going_out")
    assert "must be a canasta" in bicycle and "spoils it" in bicycle
    assert "no concealed going out" in _topic(get_profile("modern-american"), "going_out")


def _citations():
    for profile in PROFILES.values():
        cited = [s for _, s in profile.sources] + [o.source for o in profile.options]
        cited += [pen.source for pen in profile.penalties]
        yield from ((profile, c) for c in cited)


def test_a_citation_holds_no_words_of_the_project_outside_its_translated_notes():
    """A citation is the document's heading as written; a note of the project's own in brackets either is only a
    reference (docs/RULES.md B-A1) or is one of CITATION_NOTES, which the rules pages show translated."""
    import re

    from scorekeeper.rules.explain import CITATION_NOTES

    for profile, cite in _citations():
        heading = cite.split(": ", 1)[1]
        if " (" not in heading:
            continue
        note = heading.split(" (", 1)[1].rstrip(")")
        bare = re.sub(r"docs/RULES\.md|§[\d.]+|\b[A-Z]{1,2}-A\d+\b|[,\s]", "", note)
        assert note in CITATION_NOTES or not bare, (profile.id, cite)
    notes = {c.split(" (", 1)[1].rstrip(")") for _, c in _citations() if " (" in c}
    assert CITATION_NOTES <= notes  # every note listed is used


def test_a_citation_note_is_translated_and_the_heading_kept():
    from babel.support import Translations

    from scorekeeper.i18n.catalogues import TRANSLATIONS
    from scorekeeper.rules import i18n

    mac = get_profile("modern-american")
    cite = "modern-american: scoring (docs/RULES.md §3.1, outside sources)"
    assert source_text(mac, cite) == "002 Modern American Canasta, scoring (docs/RULES.md §3.1, outside sources)"
    with i18n.using(Translations.load(str(TRANSLATIONS), ["es"]), "es"):
        spanish = source_text(mac, cite)
        assert source_text(get_profile("bicycle"), "bicycle: Melds") == "000 Canasta General Rules, Melds"
    assert spanish.startswith("002 Modern American Canasta, scoring (docs/RULES.md §3.1, ")
    assert "outside sources" not in spanish
