"""The five profiles, their consistency and their club options (docs/RULES.md §2.1)."""
import dataclasses

import pytest

from scorekeeper.rules import (
    PROFILES, Card, UnknownOption, UnknownRules, get_profile, profile_options, profile_parameters,
)


def test_the_profiles_in_order():
    """docs/API.md Profiles — the five ids, in file order, then the Canasta family's three (docs/RULES.md §7)."""
    assert list(PROFILES) == ["bicycle", "yahoo", "modern-american", "silhill", "classic", "samba", "bolivia",
                              "hand-and-foot"]


def test_unknown_profile():
    """docs/API.md Errors — rules.unknown."""
    with pytest.raises(UnknownRules) as info:
        get_profile("hoyle")
    assert info.value.code == "rules.unknown"


@pytest.mark.parametrize("pid,target", [("bicycle", 5000), ("yahoo", 5000), ("modern-american", 8500),
                                        ("silhill", 5000), ("classic", 5000)])
def test_game_targets(pid, target):
    """docs/RULES.md §2.1 Game target — 5,000, and 8,500 for modern-american (002 SCORING)."""
    assert get_profile(pid).target == target


@pytest.mark.parametrize("pid,table", [
    ("bicycle", {-5: 0, 0: 50, 1495: 50, 1500: 90, 2995: 90, 3000: 120, 9000: 120}),
    ("yahoo", {-5: 15, 0: 50, 1495: 50, 1500: 90, 2995: 90, 3000: 120}),
    ("modern-american", {-500: 125, 0: 125, 2995: 125, 3000: 155, 4995: 155, 5000: 180}),
    ("silhill", {-5: 0, 0: 50, 1495: 50, 1500: 90, 2995: 90, 3000: 120}),
    ("classic", {-5: 15, 0: 50, 1495: 50, 1500: 90, 2995: 90, 3000: 120}),
])
def test_initial_meld_tables(pid, table):
    """docs/RULES.md §2.1 Initial-meld table — bicycle: Melds; yahoo: Initial Meld Req.; modern-american: SCORING
    (2995 read as 125, M-A2); silhill: §5d (3000 read as 120, S-A3); classic: Minimum Count."""
    profile = get_profile(pid)
    for score, minimum in table.items():
        assert profile.minimum(score) == minimum, score


@pytest.mark.parametrize("pid", list(PROFILES))
def test_card_values(pid):
    """docs/RULES.md §2.1 card values — joker 50, two and ace 20, K to 8 ten, 7 to 4 five, black three 5."""
    p = get_profile(pid)
    values = {"JK": 50, "2": 20, "A": 20, "K": 10, "8": 10, "7": 5, "4": 5}
    for rank, value in values.items():
        assert Card(rank).points(p) == value
    # bolivia: Black Threes (BCA-B) — a black three caught in a hand costs 100; melded when going out it counts 5
    assert Card("3", "S").points(p) == (100 if pid == "bolivia" else 5)
    assert p.melded_points((Card("3", "S"),)) == 5


def test_profile_checks_its_target():
    """DEVELOPING.md, principle 2 — a profile checks its own consistency when built."""
    with pytest.raises(ValueError):
        dataclasses.replace(get_profile("bicycle"), target=4999)
    with pytest.raises(ValueError):
        dataclasses.replace(get_profile("bicycle"), target=0)


def test_profile_checks_its_minimum_table():
    """DEVELOPING.md, principle 2 — the minimum table must be sorted."""
    with pytest.raises(ValueError):
        dataclasses.replace(get_profile("bicycle"), minimum_table=((0, 50), (3000, 120), (1500, 90)))
    with pytest.raises(ValueError):
        dataclasses.replace(get_profile("bicycle"), minimum_table=((0, 52),))


REQUIRED = {
    "bicycle": {"target"},
    "yahoo": {"target", "players", "draw", "canastas_to_go_out"},
    "modern-american": {"target", "rule_of_five", "melds_count_minus_without_canasta"},
    "silhill": {"target"},
    "classic": {"target"},
    "samba": {"target", "minimum_from_7000", "threes_sign_by"},
    "bolivia": {"target", "minimum_from_7000", "threes_sign_by"},
    "hand-and-foot": {"deals_in_game", "minimum_by_deal", "books_to_go_out", "red_three_in_hand_points"},
}


@pytest.mark.parametrize("pid", list(PROFILES))
def test_required_options_exist(pid):
    """docs/API.md Profiles — the options table."""
    names = {o.name for o in profile_options(get_profile(pid))}
    assert REQUIRED[pid] <= names


@pytest.mark.parametrize("pid", list(PROFILES))
def test_options_defaults_are_profile_values(pid):
    """docs/RULES.md — every rec. reading is the default of its option."""
    p = get_profile(pid)
    values = p.option_values()
    for opt in profile_options(p):
        assert values[opt.name] == opt.default
        assert opt.label and opt.help and opt.source.startswith(pid + ":")
        assert opt.kind in ("bool", "choice", "int", "count", "minimums")


@pytest.mark.parametrize("pid", list(PROFILES))
def test_every_option_value_builds_a_profile(pid):
    """DEVELOPING.md, principle 2 — a club's options are dataclasses.replace of a profile, checked when built."""
    p = get_profile(pid)
    for opt in profile_options(p):
        values = opt.choices if opt.kind != "int" else (5, 10000)
        for value in values:
            changed = p.with_options(opt.setting(value))  # with the table the value needs, if any
            assert changed.option_values()[opt.name] == value


def test_yahoo_two_players():
    """yahoo: Basics, The Deal — two players play alone with 15 cards."""
    p = get_profile("yahoo").with_options({"players": 2, "draw": 2, "canastas_to_go_out": 2})
    assert (p.players, p.partnerships, p.cards_dealt, p.draw, p.canastas_to_go_out) == (2, False, 15, 2, 2)


@pytest.mark.parametrize("options", [{"nope": True}, {"target": 5001}, {"target": -5}, {"target": True},
                                     {"target": "5000"}])
def test_unknown_option(options):
    """docs/API.md Profiles — an unknown name or a bad value is rules.unknown_option."""
    with pytest.raises(UnknownOption) as info:
        get_profile("bicycle").with_options(options)
    assert info.value.code == "rules.unknown_option"


@pytest.mark.parametrize("pid,options", [("yahoo", {"players": 3}), ("yahoo", {"draw": "2"}),
                                         ("modern-american", {"rule_of_five": "yes"}),
                                         ("bicycle", {"rule_of_five": True}),
                                         ("silhill", {"all_four_red_threes_negative": 600})])
def test_option_value_outside_choices(pid, options):
    """docs/API.md Profiles — a value outside the allowed ones is rules.unknown_option."""
    with pytest.raises(UnknownOption):
        get_profile(pid).with_options(options)


def test_target_option():
    """docs/API.md Profiles — target is a positive multiple of 5 on every profile."""
    for p in PROFILES.values():
        assert p.with_options({"target": 3000}).target == 3000


@pytest.mark.parametrize("pid", list(PROFILES))
def test_parameters_have_sources(pid):
    """docs/API.md GET /api/v1/rules/{id} — each parameter with its value and source."""
    params = profile_parameters(get_profile(pid))
    assert len(params) > 40
    for item in params:
        assert set(item) == {"name", "label", "value", "source"}
        assert item["source"].startswith(pid + ":")


def test_penalties():
    """bicycle: Red Threes / Meld Restrictions; modern-american: scoring (docs/RULES.md §3.1)."""
    assert get_profile("bicycle").penalty("undeclared-red-three").points == 500
    assert get_profile("modern-american").penalty("incomplete-sevens").points == 2500
    assert get_profile("yahoo").penalties == ()


@pytest.mark.parametrize("changes", [
    {"wild_ratio": "half"},
    {"wild_cap_after_canasta": "two"},
    {"black_three_effect": "melt"},
    {"black_threes_meld": "always"},
    {"complete_canasta_waives": "mixed"},
    {"threes_scoring": "per_suit"},
    {"threes_sign_by": "moon"},
    {"threes_table": (0, 100, 300)},
    {"threes_table": (0, 100, 300, 500, 999)},
    {"all_four_red_threes_negative": 600},
    {"players": 3},
    {"players": 7, "partnerships": False},
    {"draw": 3},
    {"canastas_to_go_out": 7},
    {"min_naturals": 0},
    {"max_meld_size": 6},
    {"wild_meld_may_open_alone": True},
    {"canasta_kinds": ("natural",)},
    {"canasta_kinds": ("natural", "mixed", "sevens")},
    {"canasta_kinds": ("natural", "mixed", "samba", "escalera")},
    {"canasta_kinds": ("natural", "mixed", "bolivia")},  # a canasta of wild cards where none may be melded
    {"canastas_of_kind_to_go_out": (("samba", 1),)},
    {"canastas_of_kind_to_go_out": (("natural", 2),)},  # more than the one canasta bicycle needs
    {"pile_take_count": 1},
    {"foot_cards": 100},
    {"natural_canasta_bonus": -500},
    {"going_out_bonus": 101},
    {"joker_points": 52},
    {"minimum_below_zero": 12},
    {"minimum_table": ((500, 50),)},
    {"minimum_table": ((0, 50), (1500, 90), (1500, 120))},
    {"min_meld_size": 1},
    {"canasta_size": 2},
    {"max_wilds": -1},
    {"pile_existing_meld_max": 7},
    {"cards_dealt": 0},
    {"id": "my-club"},
    {"penalties": (get_profile("bicycle").penalties[0].__class__("x", "X", 33, "bicycle: Melds"),)},
])
def test_bad_replacement_raises(changes):
    """DEVELOPING.md, principle 2 — a profile checks its own consistency when built: a bad dataclasses.replace raises."""
    with pytest.raises(ValueError):
        dataclasses.replace(get_profile("bicycle"), **changes)


@pytest.mark.parametrize("pid", list(PROFILES))
def test_every_profile_replaces_itself(pid):
    """DEVELOPING.md, principle 2 — the five profiles pass their own checks (replace with no change builds again)."""
    p = get_profile(pid)
    assert dataclasses.replace(p) == p


def test_new_fields_have_parameters_and_sources():
    """docs/API.md GET /api/v1/rules/{id} — the fields added in review are listed with a source."""
    names = {item["name"] for item in profile_parameters(get_profile("silhill"))}
    assert {"red_three_freezes_pile", "concealed_needs_canasta", "concealed_allows_additions"} <= names


@pytest.mark.parametrize("pid,value", [("bicycle", True), ("yahoo", True), ("modern-american", True),
                                       ("silhill", False), ("classic", True)])
def test_red_three_freezes_pile_by_profile(pid, value):
    """bicycle: Frozen Pile (B-A10); yahoo: Taking; classic: Freezing; silhill: §4f (S-A11)."""
    assert get_profile(pid).red_three_freezes_pile is value


@pytest.mark.parametrize("pid,needs,additions", [("bicycle", True, False), ("yahoo", False, True),
                                                 ("silhill", True, False), ("classic", True, False)])
def test_concealed_definitions(pid, needs, additions):
    """bicycle, classic: Concealed Hand; silhill: §6e; yahoo: Canasta¶ — what makes going out concealed."""
    p = get_profile(pid)
    assert (p.concealed_allowed, p.concealed_needs_canasta, p.concealed_allows_additions) == (True, needs, additions)


def test_an_option_reads_its_value_from_text():
    """docs/API.md Profiles — forms, links and the command line give option values as text; each option reads
    its own (one reader for all three), and leaves what it cannot read for with_options to refuse."""
    yahoo = get_profile("yahoo")
    options = {o.name: o for o in profile_options(yahoo)}
    assert yahoo.read_options({"players": "2", "draw": " 1 ", "target": "3000"}) == {
        "players": 2, "draw": 1, "target": 3000}
    flag = options["concealed_exempt_from_minimum"]
    assert [flag.read(t) for t in ("yes", "TRUE", "1", "on", "no", "false", "0", "off")] == [True] * 4 + [False] * 4
    assert flag.read("maybe") == "maybe" and flag.read(True) is True
    assert options["black_three_effect"].read("freeze") == "freeze"
    assert options["target"].read("50x0") == "50x0"
    assert options["target"].read("4000+500", number=lambda text: 4500) == 4500
    assert yahoo.read_options({"nope": "1"}) == {"nope": "1"}
    with pytest.raises(UnknownOption):
        yahoo.with_options(yahoo.read_options({"players": "3"}))
