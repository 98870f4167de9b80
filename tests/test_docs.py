"""The documentation stays honest: every profile, option, penalty and code is documented."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

from scorekeeper.rules import ERROR_CODES, PROFILES, VIOLATION_CODES, profile_options

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "REFERENCE.md"


def test_reference_is_up_to_date_with_the_engine():
    render = runpy.run_path(str(ROOT / "docs" / "make_reference.py"))["render"]
    assert REFERENCE.read_text(encoding="utf-8") == render(), "run `make docs` and commit docs/REFERENCE.md"


def test_every_profile_option_penalty_and_code_is_documented():
    text = REFERENCE.read_text(encoding="utf-8")
    for profile in PROFILES.values():
        assert f"## `{profile.id}`: club options" in text
        for option in profile_options(profile):
            assert f"| `{option.name}` |" in text
        for penalty in profile.penalties:
            assert f"| `{penalty.code}` |" in text
    for code in [*VIOLATION_CODES, *ERROR_CODES]:
        assert f"| `{code}` |" in text


def test_readme_shows_the_two_commands_and_links_the_reference():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make run" in readme and "make test" in readme
    assert "docs/REFERENCE.md" in readme
    for profile_id in PROFILES:
        assert f"`{profile_id}`" in readme


RULES = ROOT / "docs/RULES.md"
LABEL = r"(?:§\d+(?:\.\d+)?|(?:[BYMSC]|SA|BO|HF)-A\d+|conventions)"
CITATION = re.compile(rf"docs/RULES\.md,? \(?({LABEL}(?:(?:,| and) {LABEL})*)")


def _repo_texts():
    for folder in ("scorekeeper", "tests", "docs", "templates", "bench"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".md", ".html") and path != RULES:
                yield path, path.read_text(encoding="utf-8")
    yield ROOT / "README.md", (ROOT / "README.md").read_text(encoding="utf-8")


def test_rules_reading_is_up_to_date_with_the_engine():
    render = runpy.run_path(str(ROOT / "docs" / "make_rules.py"))["render"]
    assert RULES.read_text(encoding="utf-8") == render(), "run `make docs` and commit docs/RULES.md"


def test_the_rules_reading_names_every_rule_field_and_every_option():
    from scorekeeper.rules.profiles import rule_fields

    text = RULES.read_text(encoding="utf-8")
    for f in rule_fields():
        assert f"`{f.name}`" in text, f.name
    for profile in PROFILES.values():
        for option in profile_options(profile):
            assert f"club option `{option.name}`" in text, (profile.id, option.name)


def test_every_citation_of_the_rules_reading_names_a_section_it_has():
    """Tests and code cite docs/RULES.md by section (§3.1) or reading id (S-A11): each must exist there."""
    text = RULES.read_text(encoding="utf-8")
    cited = 0
    for path, content in _repo_texts():
        for match in CITATION.finditer(content):
            for label in re.findall(LABEL, match.group(1)):
                cited += 1
                if label == "conventions":
                    assert "## Conventions" in text
                elif label.startswith("§"):
                    assert re.search(rf"^#+ {re.escape(label)} ", text, re.M), f"{path.name} cites {label}"
                else:
                    assert f"**{label}**" in text, f"{path.name} cites {label}"
    assert cited > 100


def test_the_repository_cites_only_documents_it_holds():
    """The rules reading and the API contract are cited by their place in the repository, under docs/."""
    bare = re.compile(r"(?<![\w/.])(RULES|API)\.md")
    for path, content in _repo_texts():
        assert not bare.search(content), f"{path} cites a rules or API document outside docs/"
    assert (ROOT / "docs/API.md").exists() and RULES.exists()
