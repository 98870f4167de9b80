"""DEVELOPING.md, principle 1 — scorekeeper/rules imports nothing from the web stack nor the rest of the app; and\nnothing below the pages (the engine, the stores, the tournament domain) imports Flask or writes words."""
import ast
from pathlib import Path

import scorekeeper.rules
from scorekeeper.rules import VIOLATION_CODES

RULES = Path(scorekeeper.rules.__file__).resolve().parent
FORBIDDEN = ("flask", "flask_babel", "wtforms", "flask_wtf", "sqlite_utils", "weasyprint")


def _imports(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                yield "scorekeeper.rules" if node.level == 1 else "scorekeeper"
            else:
                yield node.module or ""


def test_rules_imports_are_pure():
    """DEVELOPING.md, principle 1 — a test walks the imports of every module in scorekeeper/rules."""
    files = sorted(RULES.glob("*.py"))
    assert len(files) >= 8
    for path in files:
        for name in _imports(path):
            top = name.split(".")[0]
            assert top not in FORBIDDEN, f"{path.name} imports {name}"
            if top == "scorekeeper":
                assert name == "scorekeeper.rules" or name.startswith("scorekeeper.rules."), \
                    f"{path.name} imports {name}"


PACKAGE = RULES.parent
#: Below the pages, the API, the PDF and the command line: the engine, the stores (games, tournaments, the bin) and
#: the tournament domain. They hand up facts (docs/DEVELOPING.md, "Languages in the engine, the stores and the pages").
BELOW = ("rules", "stores", "tournaments", "bin.py")
#: The web stack, and the web app's own language module (Flask-Babel's request catalogue).
WEB = ("flask", "flask_babel", "flask_wtf", "wtforms", "weasyprint", "jinja2")
#: What writes words now; below the top layers only the rules pages (worded while their page is made) use it.
WORDS_NOW = {"gettext", "gettext_plural", "number", "signed"}
RULES_PAGES = {"explain.py", "explain_rows.py", "explain_words.py", "explain_cards.py", "explain_melds.py",
               "explain_opening.py", "explain_pile.py", "explain_going_out.py", "explain_game.py"}


def _below_the_top() -> list[Path]:
    files = []
    for name in BELOW:
        path = PACKAGE / name
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path] if path.exists() else [])
    return files


def _absolute(path: Path, node: ast.ImportFrom) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    package = parts[:-1]  # the package a module (or a package's __init__) is in
    base = package[:len(package) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def test_nothing_below_the_pages_imports_flask_or_writes_words():
    """docs/DEVELOPING.md, "Layers" — no module of the engine, the stores or the tournament domain imports Flask,
    Flask-Babel or the web app's language module, and none but the rules pages writes words now: they hand up
    facts (``rules.i18n.Text``), worded where a page, a PDF, an API answer or the command line is made."""
    files = _below_the_top()
    assert len(files) >= 30 and any("tournaments" in str(f) for f in files)
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                names = [(alias.name, ()) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [(_absolute(path, node) if node.level else node.module or "", [a.name for a in node.names])]
            else:
                continue
            where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
            for module, imported in names:
                assert module.split(".")[0] not in WEB, f"{where} imports {module}"
                assert module != "scorekeeper.i18n" and not module.startswith("scorekeeper.i18n."), \
                    f"{where} imports {module}"
                if module == "scorekeeper.rules.i18n" and path.name not in RULES_PAGES:
                    assert not WORDS_NOW & set(imported), f"{where} writes words now: {WORDS_NOW & set(imported)}"


def test_violation_codes_are_dotted_lower_case():
    """DEVELOPING.md, principle 3 — codes are dotted and lower case; every code used in the source is registered."""
    import re
    for code in VIOLATION_CODES:
        assert re.fullmatch(r"[a-z_]+\.[a-z_]+", code), code
    used = set()
    for path in RULES.glob("*.py"):
        used |= set(re.findall(r'"((?:meld|pile|go_out|deal)\.[a-z_]+)"', path.read_text()))
    used.discard("deal.impossible")
    assert used <= set(VIOLATION_CODES), used - set(VIOLATION_CODES)


def test_engine_branches_on_fields_never_on_the_profile_id():
    """DEVELOPING.md, principle 2 — the engine branches on fields and options, never on a profile's name: outside the
    profile definitions no rules module names a profile or reads ``.id``."""
    ids = {"bicycle", "yahoo", "modern-american", "silhill", "classic"}
    for path in sorted(RULES.glob("*.py")):
        if path.name in ("profiles.py", "rule_profile.py", "explain.py"):  # the definitions and their texts
            continue
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value not in ids, f"{path.name}:{node.lineno} names profile {node.value!r}"
            if isinstance(node, ast.Attribute):
                assert node.attr != "id", f"{path.name}:{node.lineno} reads .id"


def test_profiles_compare_ids_only_to_check_themselves():
    """DEVELOPING.md, principle 2 — in profiles.py an id is compared only when a profile checks itself."""
    tree = ast.parse((RULES / "profiles.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Attribute) and side.attr == "id":
                    assert isinstance(node.ops[0], ast.NotIn), ast.dump(node)
