"""No function in scorekeeper/ over 60 lines and no module over 500, except the declarative tables that
docs/DEVELOPING.md names under "Declarative tables" (data written out as tables on purpose)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FUNCTION_LINES = 60
MODULE_LINES = 500


def declarative_tables() -> set[str]:
    """The modules the "Declarative tables" section of docs/DEVELOPING.md names."""
    text = (ROOT / "docs" / "DEVELOPING.md").read_text(encoding="utf-8")
    section = text.split("## Declarative tables", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"`(scorekeeper/[\w/]+\.py)`", section))


def modules() -> list[tuple[str, str]]:
    return [(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
            for path in sorted((ROOT / "scorekeeper").rglob("*.py"))]


def test_the_declarative_tables_named_in_developing_md_exist():
    tables = declarative_tables()
    assert tables, "docs/DEVELOPING.md names no declarative table"
    assert all((ROOT / name).is_file() for name in tables), sorted(tables)


def test_no_function_in_scorekeeper_is_over_60_lines():
    tables = declarative_tables()
    long = []
    for name, source in modules():
        if name in tables:
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                start = min([node.lineno] + [d.lineno for d in node.decorator_list])
                if node.end_lineno - start + 1 > FUNCTION_LINES:
                    long.append(f"{name}:{node.lineno} {node.name} ({node.end_lineno - start + 1} lines)")
    assert long == []


def test_no_module_in_scorekeeper_is_over_500_lines():
    tables = declarative_tables()
    long = [f"{name} ({len(source.splitlines())} lines)" for name, source in modules()
            if name not in tables and len(source.splitlines()) > MODULE_LINES]
    assert long == []
