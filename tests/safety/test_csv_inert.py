"""CSV cells are inert in every export: a cell a spreadsheet would read as a formula is written as text.

A side's name, a player's name or the "who" of a deal is typed by anyone at the table; opened in a spreadsheet,
a cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return runs as a formula (CSV injection). Every
CSV the app writes goes through one writer that neutralises such cells (``transfer.csv_writer``).
"""

from __future__ import annotations

import ast
import csv
import inspect
import io
from pathlib import Path

import pytest

from scorekeeper.stores.games import create_game

from .helpers import add
from tests.recording import game_path

ROOT = Path(__file__).resolve().parents[2]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

HOSTILE_SIDES = [
    {"key": "we", "name": '=HYPERLINK("http://x.invalid","open me")', "players": ["=1+1", "@SUM(A1)"]},
    {"key": "they", "name": "+cmd|' /C calc'!A0", "players": ["-2+3", "\tTab"]},
]


def _cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def _looks_like_a_formula(cell: str) -> bool:
    if not cell.startswith(FORMULA_STARTS):
        return False
    try:
        float(cell)  # a negative number stays a number
    except ValueError:
        return True
    return not cell.lstrip("+-").replace(".", "", 1).isdigit()


def test_a_games_csv_writes_hostile_names_and_who_as_text(client, db):
    game = create_game(db, rules="bicycle", options={}, sides=HOSTILE_SIDES, first_dealer=0)
    add(db, game, who="=WEBSERVICE(\"http://x.invalid\")")
    add(db, game, who="@me")
    response = client.get(f"{game_path(client, game)}/export.csv")
    assert response.status_code == 200
    cells = _cells(response.get_data(as_text=True))
    assert not [cell for cell in cells if _looks_like_a_formula(cell)]
    # The names are all there, as text a spreadsheet shows as typed.
    assert "'=WEBSERVICE(\"http://x.invalid\")" in cells and "'@me" in cells
    assert "'=1+1" in cells  # the first dealer, in the dealer column
    assert any(cell.startswith("'=HYPERLINK(") for cell in cells)
    assert any(cell.startswith("'+cmd|") for cell in cells)


@pytest.mark.parametrize("cell, written", [
    ("=1+1", "'=1+1"), ("+1+1", "'+1+1"), ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"), ("\rx", "'\rx"),
    ("-2+3", "'-2+3"), ("-inf", "'-inf"), ("-1_0", "'-1_0"), ("-150", "-150"), ("-2.5", "-2.5"), (-150, -150),
    ("Ann", "Ann"), ("", ""), (None, None),
])
def test_the_shared_writer_neutralises_formulas_and_keeps_numbers(cell, written):
    from scorekeeper.stores.transfer import inert

    assert inert(cell) == written


def test_every_csv_in_the_app_is_written_through_the_one_inert_writer():
    """No module but the one that holds the shared writer builds a ``csv.writer`` of its own."""
    from scorekeeper.stores.transfer import csv_writer

    shared = Path(inspect.getfile(csv_writer)).relative_to(ROOT).as_posix()
    own = []
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr in ("writer", "DictWriter")
                    and isinstance(node.value, ast.Name) and node.value.id == "csv"):
                own.append(path.relative_to(ROOT).as_posix())
    assert own == [shared], own
