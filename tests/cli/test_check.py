"""`scorekeeper check meld|pile|go-out`: the referee from a terminal, with exit status 0, 1 or 2."""

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main

from ..api.cases import PROFILE_IDS, going_out_table


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_meld_not_legal_lists_each_broken_rule_with_its_source():
    result = run("check", "meld", "--rules", "silhill", "K K 2 2")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "NOT LEGAL under Silhill u3a rules"
    assert "meld.wilds_equal_naturals, from silhill: §7a" in result.stdout
    assert "more natural cards than wild cards" in result.stdout
    assert result.stderr == ""


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_meld_legal_under_every_profile(rules):
    result = run("check", "meld", "-r", rules, "--table", "Q Q Q", "--add", "Q=Q", "K K K")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("LEGAL under ")
    assert "meld K K K: 3 natural, 0 wild, 30 points" in result.stdout
    assert "meld Q Q Q Q" in result.stdout


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_meld_illegal_under_every_profile(rules):
    result = run("check", "meld", "-r", rules, "K K 2 2 JK JK")
    assert result.exit_code == 1
    assert "meld.too_many_wilds" in result.stdout


def test_meld_score_sets_the_minimum():
    result = run("check", "meld", "-r", "bicycle", "--score", "3000", "A A A")
    assert result.exit_code == 1
    assert "counts 60 toward an initial-meld minimum of 120" in result.stdout
    assert "meld.below_minimum" in result.stdout


def test_meld_opened_drops_the_minimum():
    result = run("check", "meld", "-r", "bicycle", "--opened", "5 5 5")
    assert result.exit_code == 0
    assert "minimum" not in result.stdout


def test_meld_add_repeated_for_one_rank_and_several_tables():
    result = run("check", "meld", "-r", "classic", "-t", "Q Q Q", "-t", "9 9 9", "--add", "Q=2", "--add", "Q=Q",
                 "--add", "9=9")
    assert result.exit_code == 0, result.output
    assert "meld Q Q Q 2 Q" in result.stdout


def test_meld_option_switches_a_club_reading():
    args = ["check", "meld", "-r", "modern-american", "-t", "8 8 8", "--add", "8=2"]
    assert run(*args).exit_code == 0
    result = run(*args, "--option", "rule_of_five=true")
    assert result.exit_code == 1
    assert "meld.rule_of_five" in result.stdout


def test_meld_going_out_flag_and_player_melded_are_accepted():
    result = run("check", "meld", "-r", "bicycle", "--opened", "--player-melded", "--going-out", "6 6 6")
    assert result.exit_code in (0, 1)
    assert result.stdout.startswith(("LEGAL", "NOT LEGAL"))


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_pile_legal_and_illegal(rules):
    legal = run("check", "pile", "-r", rules, "-t", "Q Q Q", "--pile", "9 4 7", "--uses", "9 9")
    assert legal.exit_code == 0, legal.output
    assert "takes 2 cards from the pile" in legal.stdout
    illegal = run("check", "pile", "-r", rules, "--top", "2", "--uses", "9 9")
    assert illegal.exit_code == 1
    assert "pile.wild_on_top" in illegal.stdout


def test_pile_frozen_top():
    result = run("check", "pile", "-r", "bicycle", "-t", "Q Q Q", "--top", "9", "--frozen", "--uses", "9 2",
                 "--hand-size", "8")
    assert result.exit_code == 1
    assert "pile.frozen_needs_natural_pair" in result.stdout


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_go_out_legal_and_illegal(rules):
    table = [arg for meld in going_out_table(rules) for arg in ("-t", meld)]
    legal = run("check", "go-out", "-r", rules, *table, "--player-melded", "-d", "5", "8 8 8")
    assert legal.exit_code == 0, legal.output
    assert "concealed: no; going-out bonus" in legal.stdout
    illegal = run("check", "go-out", "-r", rules, "-t", "K K K", "-d", "5", "8 8 8")
    assert illegal.exit_code == 1
    assert "go_out.too_few_canastas" in illegal.stdout


def test_go_out_concealed():
    result = run("check", "go-out", "-r", "classic", "--drew", "stock", "K K K K K K K", "8 8 8")
    assert result.exit_code == 0, result.output
    assert "concealed: yes; going-out bonus 200" in result.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["check", "meld", "K K K"], "Say which rules to use"),
        (["check", "meld", "-r", "poker", "K K K"], "There are no rules called 'poker'"),
        (["check", "meld", "-r", "bicycle", "K K Z"], "'Z' is not a card"),
        (["check", "meld", "-r", "bicycle", "3 3 3"], "A three needs its suit"),
        (["check", "meld", "-r", "bicycle", "JK JK JK", "JK JK"], "The pack holds only 4 jokers"),
        (["check", "meld", "-r", "bicycle", "--score", "lots", "K K K"], "'--score' must be a whole number"),
        (["check", "meld", "-r", "bicycle", "-o", "target", "K K K"], "Write an option as NAME=VALUE"),
        (["check", "meld", "-r", "bicycle", "-o", "nope=1", "K K K"], "no option 'nope'"),
        (["check", "meld", "-r", "bicycle", "-o", "target=4999", "K K K"], "cannot be 4999"),
        (["check", "meld", "-r", "bicycle", "-t", "Q Q Q", "--add", "Q2", "K K K"], "Write an addition"),
        (["check", "pile", "-r", "bicycle", "--uses", "9 9"], "Give the pile"),
        (["check", "pile", "-r", "bicycle", "--top", "9 9"], "exactly one card"),
        (["check", "pile", "-r", "bicycle", "--top", "9", "--hand-size", "x"], "'--hand-size' must be"),
        (["check", "go-out", "-r", "bicycle", "-d", "5 6"], "exactly one card"),
    ],
)
def test_bad_input_exits_2_with_one_plain_line(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("Error: ")
    assert message in lines[0]


def test_help_names_the_exit_status():
    result = run("check", "--help")
    assert result.exit_code == 0
    assert "0 legal, 1 not legal, 2" in result.stdout


def test_hand_and_foot_goes_out_only_from_the_foot():
    """hand-and-foot: PG-HF; NWP (docs/RULES.md §7.3) — a player still in the hand may not go out."""
    table = [arg for meld in going_out_table("hand-and-foot") for arg in ("-t", meld)]
    refused = run("check", "go-out", "-r", "hand-and-foot", *table, "--player-melded", "-d", "5", "--in-hand")
    assert refused.exit_code == 1 and "go_out.foot_not_played" in refused.stdout
    allowed = run("check", "go-out", "-r", "hand-and-foot", *table, "--player-melded", "-d", "5", "--in-foot")
    assert allowed.exit_code == 0, allowed.output


def test_samba_sequence_from_the_command():
    """samba: Sequence Meld; Wild Cards (BCA-S) — suits are read where sequences are melded."""
    assert run("check", "meld", "-r", "samba", "--opened", "7H 8H 9H").exit_code == 0
    refused = run("check", "meld", "-r", "samba", "--opened", "7H 8H 2")
    assert refused.exit_code == 1 and "meld.sequence_wild" in refused.stdout
