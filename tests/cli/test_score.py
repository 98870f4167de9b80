"""`scorekeeper score DEAL.json`: a deal's breakdown, totals, next minimums and the end of the game."""

import json

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main

from ..api.cases import DEAL_EXAMPLE, PROFILE_IDS, card_deal


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def write(tmp_path, body, name="deal.json"):
    path = tmp_path / name
    path.write_text(json.dumps(body) if not isinstance(body, str) else body, encoding="utf-8")
    return str(path)


def test_score_the_example_deal(tmp_path):
    result = run("score", write(tmp_path, DEAL_EXAMPLE))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Deal scored under Bicycle (Hoyle) rules")
    we, they = out.split("\nwe\n")[1].split("\nthey\n")
    assert "1 natural canasta" in we and "+500" in we
    assert "Deal" in we and "+785" in we
    assert "1985" in we
    assert "Next initial-meld minimum" in we and "90" in we
    assert "-130" in they and "2970" in they
    assert "Illegal meld" in they or "-100" in they
    assert out.rstrip().endswith("The game goes on.")


def test_score_reads_standard_input():
    result = run("score", "-", input=json.dumps(DEAL_EXAMPLE))
    assert result.exit_code == 0, result.output
    assert "+785" in result.stdout


@pytest.mark.parametrize("rules", PROFILE_IDS)
def test_score_every_profile(tmp_path, rules):
    result = run("score", write(tmp_path, card_deal(rules)))
    assert result.exit_code == 0, result.output
    assert "\nwe\n" in result.stdout and "\nthey\n" in result.stdout


def test_score_rules_option_fills_a_missing_profile(tmp_path):
    body = {key: value for key, value in DEAL_EXAMPLE.items() if key != "rules"}
    assert run("score", write(tmp_path, body)).exit_code == 2
    result = run("score", "--rules", "bicycle", write(tmp_path, body))
    assert result.exit_code == 0
    assert "+785" in result.stdout


def test_score_game_over_names_the_winner(tmp_path):
    body = {"rules": "classic", "before": {"ann": 4900, "bob": 100},
            "sides": {"ann": {"meld_points": 200, "went_out": True}, "bob": {}}}
    result = run("score", write(tmp_path, body))
    assert result.exit_code == 0
    assert "Game over: ann wins." in result.stdout


def test_score_game_over_on_a_tie(tmp_path):
    body = {"rules": "classic", "before": {"a": 5000, "b": 5000}, "sides": {"a": {}, "b": {}}}
    result = run("score", write(tmp_path, body))
    assert "Game over: a tie." in result.stdout


def test_score_prints_warnings(tmp_path):
    body = {"rules": "yahoo", "options": {"canastas_to_go_out": 2},
            "sides": {"we": {"melds": ["K K K K K K K", "8 8 8"], "hands": [""], "went_out": True}, "they": {}}}
    result = run("score", write(tmp_path, body))
    assert result.exit_code == 0, result.output
    assert "Note: " in result.stdout


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "is not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"rules": "bicycle"}', "Give each side's deal"),
        ('{"rules": "bicycle", "sides": {"a": {"went_out": true}, "b": {"went_out": true}}}', "Only one side"),
        ('{"rules": "bicycle", "sides": {"a": {"hands": ["3"]}, "b": {}}}', "A three needs its suit"),
    ],
)
def test_score_bad_input_exits_2(tmp_path, content, message):
    result = run("score", write(tmp_path, content))
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ")
    assert message in lines[0]


def test_score_missing_file_exits_2(tmp_path):
    result = run("score", str(tmp_path / "nowhere.json"))
    assert result.exit_code == 2
    assert "Cannot read" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_existing_commands_are_still_there():
    result = run("--help")
    assert result.exit_code == 0
    for name in ("serve", "init-db", "check", "score"):
        assert name in result.stdout
