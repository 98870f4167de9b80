"""The tree shows the architecture (docs/DEVELOPING.md, "Layers" and "The tree"): a handful of modules at the top of
the package and a package per layer; no import cycle at run time, whether the import sits at the top of a module
or inside a function; SQL only in the stores, the database module and its migrations."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"

#: The modules that may sit at the top of the package: the factory, where files are, the migrations, the clock,
#: the rows' base (the database connection is the ``db`` package). Everything else lives in the package of its layer.
TOP_MODULES = {"__init__.py", "paths.py", "migrations.py", "clock.py", "rows.py"}
#: Imports of the package's own modules inside a function, each with its reason. The factory imports the app's
#: layers when it builds an app, so that importing the engine (or the command line) does not load the web app.
LAZY_IMPORTS = {("scorekeeper", "create_app")}
#: Where SQL may be written: the stores, the connection (``db/``: SQLite, PostgreSQL, the copy between them) and
#: the schema.
SQL_HOMES = ("stores/", "db/", "migrations.py")
SQL = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|WITH)\b", re.IGNORECASE)


@functools.cache
def modules() -> tuple[tuple[str, bool, Path, ast.Module], ...]:
    """Every module of the package: (dotted name, whether it is a package, its path, its tree), parsed once for all
    the checks of this file (the trees are only read)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts = parts[:-1]
        found.append((".".join(parts), package, path, ast.parse(path.read_text(), str(path))))
    return tuple(found)


def _absolute(node: ast.ImportFrom, name: str, package: bool) -> str:
    if node.level == 0:
        return node.module or ""
    base = name.split(".") if package else name.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _typing_only(tree: ast.Module) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:`` (never run)."""
    return {id(inner) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for inner in ast.walk(node)}


@functools.cache
def import_graph() -> tuple[dict[str, set[str]], list[tuple[str, str, int]]]:
    """Each module's imports of the package's own modules, and the ones made inside a function."""
    known = {name: package for name, package, _, _ in modules()}
    graph: dict[str, set[str]] = {name: set() for name in known}
    inside: list[tuple[str, str, int]] = []
    for name, package, _, tree in modules():
        skip = _typing_only(tree)
        functions = [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
        nested = {id(inner) for function in functions for inner in ast.walk(function)}
        for node in ast.walk(tree):
            if id(node) in skip or not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = _absolute(node, name, package)
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
            for target in targets:
                while target not in known and "." in target:
                    target = target.rsplit(".", 1)[0]
                if target in known and target != name and target.startswith("scorekeeper"):
                    graph[name].add(target)
                    if id(node) in nested:
                        inside.append((name, target, node.lineno))
    return graph, inside


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                on.discard(other)
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_itself_back_through_others():
    graph, _ = import_graph()
    assert cycles(graph) == []


def test_the_cycle_check_finds_a_cycle():
    """The check above can fail: a planted cycle is found."""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_of_the_package_hides_inside_a_function():
    _, inside = import_graph()
    functions = {}
    for name, _, path, tree in modules():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)):
                        functions[(name, inner.lineno)] = node.name
    hidden = [(name, target, functions[(name, line)]) for name, target, line in inside
              if (name, functions[(name, line)]) not in LAZY_IMPORTS]
    assert hidden == []


def test_the_top_of_the_package_holds_only_the_factory_paths_database_clock_and_rows():
    loose = {path.name for path in PACKAGE.glob("*.py")}
    assert loose == TOP_MODULES


def test_sql_is_written_only_in_the_stores():
    """A statement is SQL wherever it is written as a string; the database file's own checks (``PRAGMA``) are
    the only exception, in the backups and the trouble reports of ``ops/``."""
    found = []
    for _, _, path, tree in modules():
        where = str(path.relative_to(PACKAGE))
        if where.startswith(SQL_HOMES):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL.match(node.value) \
                    and re.search(r"\b(FROM|INTO|SET|TABLE)\b", node.value):
                if "sqlite_master" in node.value:
                    continue
                found.append(f"{where}:{node.lineno}: {node.value[:60]}")
    assert found == []


#: The floors, from the ground up (docs/DEVELOPING.md, "Layers"): a module imports only its own floor or those
#: below it. The game's rules and the pure domains of the scorepad and the tournament know nothing of storage; the stores know nothing of
#: pages, answers or commands; the factory gathers the web layers, and the command line stands on top.
FLOORS = [
    {"scorekeeper.paths", "scorekeeper.clock", "scorekeeper.rows", "scorekeeper.migrations"},
    {"scorekeeper.rules"},
    {"scorekeeper.tournaments", "scorekeeper.scorepad", "scorekeeper.i18n", "scorekeeper.ops"},
    {"scorekeeper.db", "scorekeeper.stores", "scorekeeper.sheets"},
    {"scorekeeper.web", "scorekeeper.api"},
    {"scorekeeper"},
    {"scorekeeper.cli"},
]


def floor_of(module: str) -> int:
    for level, members in reversed(list(enumerate(FLOORS))):
        if any(module == m or module.startswith(m + ".") for m in members if m != "scorekeeper"):
            return level
    assert module == "scorekeeper", f"{module} stands on no floor: add its package to FLOORS"
    return FLOORS.index({"scorekeeper"})


def upward(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted((name, target) for name, targets in graph.items() for target in targets
                  if floor_of(target) > floor_of(name))


def test_every_import_points_down_the_floors():
    graph, _ = import_graph()
    assert upward(graph) == []


def test_the_floor_check_finds_an_import_that_points_up():
    assert upward({"scorekeeper.rules.scoring": {"scorekeeper.stores.games"}, "scorekeeper.web.games":
                   {"scorekeeper.stores.games"}}) == [("scorekeeper.rules.scoring", "scorekeeper.stores.games")]


def view_modules() -> set[str]:
    """The modules that answer addresses themselves (a function under ``@bp.get``, ``@bp.post``, ``@bp.route``)."""
    found = set()
    for name, _, _, tree in modules():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                    re.match(r"bp\.(get|post|route|put|delete|patch)\b", ast.unparse(d)) for d in node.decorator_list):
                found.add(name)
                break
    return found


def views_importing_views(graph: dict[str, set[str]], views: set[str]) -> list[tuple[str, str]]:
    """Imports of a view module by any module but its own package's ``__init__`` (which registers the views)."""
    return sorted((name, target) for name, targets in graph.items() for target in targets & views
                  if not (target.rsplit(".", 1)[0] == name))


def test_no_view_imports_another_view():
    """Views share what they need through modules of their own (``web/scorepad.py``, ``web/club.py``,
    ``web/ladder_sheet.py``, ``web/tournaments/common.py``...), never through another blueprint's views
    (docs/DEVELOPING.md, "Layers")."""
    graph, _ = import_graph()
    views = view_modules()
    assert {"scorekeeper.web.games", "scorekeeper.web.deals", "scorekeeper.api.views"} <= views
    assert views_importing_views(graph, views) == []


def test_the_view_check_finds_a_view_importing_another():
    graph = {"scorekeeper.web.deals": {"scorekeeper.web.games", "scorekeeper.web.scorepad"},
             "scorekeeper.web.tournaments": {"scorekeeper.web.tournaments.public"}}
    views = {"scorekeeper.web.games", "scorekeeper.web.deals", "scorekeeper.web.tournaments.public"}
    assert views_importing_views(graph, views) == [("scorekeeper.web.deals", "scorekeeper.web.games")]


#: SQL that SQLite reads and PostgreSQL does not, with the form both read (the stores run on both, db/postgres.py).
SQLITE_ONLY = {
    r"\bINSERT\s+OR\s+(IGNORE|REPLACE)\b": "INSERT ... ON CONFLICT DO NOTHING / DO UPDATE",
    r"\bREPLACE\s+INTO\b": "INSERT ... ON CONFLICT DO UPDATE",
    r"\bjulianday\s*\(|\bstrftime\s*\(|\bdatetime\s*\(": "a time computed in Python (clock.stamp)",
    r"\bCOLLATE\s+NOCASE\b": "ORDER BY lower(...)",
    r"\bGROUP_CONCAT\s*\(|\bIFNULL\s*\(|\bjson_extract\s*\(": "Python, or COALESCE",
    r"\b(MAX|MIN)\s*\([^()]*,": "CASE WHEN (a two-argument MAX is SQLite's own)",
    r"\[[a-z_{}]+\]": 'a name in double quotes ("games")',
    r"\browid\b": "the id column",
}


def test_the_stores_write_sql_both_engines_read():
    """Every store runs on SQLite and on PostgreSQL through one set of SQL: no statement of SQLite's own dialect
    (``PRAGMA`` only where a SQLite file is asked about itself, and ``lastrowid``, which psycopg has not:
    ``RETURNING id``)."""
    found = []
    for _, _, path, tree in modules():
        where = str(path.relative_to(PACKAGE))
        if not where.startswith("stores/"):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "lastrowid":
                found.append(f"{where}:{node.lineno}: lastrowid (use RETURNING id)")
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL.match(node.value):
                for pattern, instead in SQLITE_ONLY.items():
                    if re.search(pattern, node.value, re.IGNORECASE):
                        found.append(f"{where}:{node.lineno}: {node.value[:50]!r}: {instead}")
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
                if SQL.match(text):
                    for pattern, instead in SQLITE_ONLY.items():
                        if re.search(pattern, text, re.IGNORECASE):
                            found.append(f"{where}:{node.lineno}: {text[:50]!r}: {instead}")
    assert sorted(set(found)) == []


def _defined_private_names(trees) -> set[str]:
    """Every name starting with one underscore that the package itself defines: functions, classes, variables,
    attributes it assigns, parameters."""
    found = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                found.add(node.name)
            elif isinstance(node, ast.arg):
                found.add(node.arg)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                found.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                found.add(node.attr)
    return {name for name in found if name.startswith("_")}


#: Names with a leading underscore that are public all the same: a named tuple's methods (the standard library's
#: ``collections.namedtuple`` documents them so, to keep them apart from field names).
PUBLIC_UNDERSCORED = {"_replace", "_asdict", "_make"}


def private_reads(trees: dict[str, ast.Module]) -> list[str]:
    """Reads of a name a dependency keeps to itself: ``from lib import _name``, ``import lib._module``, and
    ``thing._name`` (not ``self._name``) where the package defines no ``_name`` of its own."""
    own = _defined_private_names(trees.values()) | PUBLIC_UNDERSCORED
    found = []
    for where, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module != "__future__" and not (
                    node.module or "").startswith("scorekeeper"):
                parts = (node.module or "").split(".") + [alias.name for alias in node.names]
                found += [f"{where}:{node.lineno}: {node.module} {part}" for part in parts
                          if part.startswith("_") and not part.startswith("__")]
            elif isinstance(node, ast.Import):
                found += [f"{where}:{node.lineno}: {alias.name}" for alias in node.names
                          if any(p.startswith("_") and not p.startswith("__") for p in alias.name.split("."))]
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.attr.startswith("_") \
                    and not node.attr.startswith("__") and node.attr not in own \
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_code_reads_a_private_name_of_a_dependency():
    """What a library keeps to itself (a name with one leading underscore) may change in any release, pinned or
    not: the package reads only what its dependencies publish (issue 32)."""
    trees = {str(path.relative_to(PACKAGE)): tree for _, _, path, tree in modules()}
    assert private_reads(trees) == []


def test_the_private_name_check_finds_one():
    planted = ast.parse("from flask_babel import _get_current_context\nimport psycopg_pool._acompat\n"
                        "def words(text):\n    return text._args[0]\n")
    assert private_reads({"planted.py": planted}) == [
        "planted.py:1: flask_babel _get_current_context", "planted.py:2: psycopg_pool._acompat",
        "planted.py:4: text._args"]


#: What stores written before the storage contract called, and the contract's call instead (docs/DEVELOPING.md,
#: "The storage contract": porting older store code).
BEFORE_THE_CONTRACT = {
    "import sqlite_utils": "scorekeeper.db.contract's Database", "import sqlite3": "the contract's errors",
    "import psycopg": "the contract's errors", ".atomic()": "db.write(<what it writes>)",
    ".conn": "db.in_transaction, db.close()", ".last_pk": "db.insert(table, row)", ".query(": "db.all(sql, params)",
}


def contract_breaches(trees: dict[str, ast.Module]) -> list[str]:
    found = []
    for where, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                found += [f"{where}:{node.lineno}: import {name}" for name in names
                          if name.split(".")[0] in ("sqlite_utils", "sqlite3", "psycopg", "psycopg_pool")]
            elif isinstance(node, ast.Attribute) and (node.attr in ("atomic", "last_pk") or (
                    node.attr in ("conn", "query") and isinstance(node.value, ast.Name) and node.value.id == "db")):
                found.append(f"{where}:{node.lineno}: .{node.attr}")
            elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "db":
                found.append(f"{where}:{node.lineno}: db[...]")
    return found


def test_the_stores_speak_only_the_storage_contract():
    """A store imports no database library and calls only the contract (``db.execute``, ``one``, ``all``,
    ``insert``, ``write``, ``read``, ``after_commit``): sqlite-utils' table calls, ``atomic()`` (no lock on
    PostgreSQL) or sqlite3's errors would work on one engine only (issue 32)."""
    trees = {str(path.relative_to(PACKAGE)): tree for _, _, path, tree in modules()
             if str(path.relative_to(PACKAGE)).startswith(("stores/", "web/", "api/", "cli/", "sheets/"))}
    assert contract_breaches(trees) == [], BEFORE_THE_CONTRACT


def test_the_contract_check_finds_older_calls():
    planted = ast.parse("from sqlite_utils import Database\nimport sqlite3\n"
                        "def save(db):\n    with db.atomic():\n        return db['games'].insert({}).last_pk\n")
    assert sorted(contract_breaches({"planted.py": planted})) == [
        "planted.py:1: import sqlite_utils", "planted.py:2: import sqlite3", "planted.py:4: .atomic",
        "planted.py:5: .last_pk", "planted.py:5: db[...]"]
