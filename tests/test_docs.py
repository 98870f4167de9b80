"""The documentation stays honest: every profile, option, penalty and code is documented."""

from __future__ import annotations

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
