"""Write docs/REFERENCE.md from the rules engine: profiles, club options, penalties and every code.

Run `make docs` after changing a profile, an option, a penalty or a code; tests/test_docs.py fails while
the committed file differs from what this script writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.rules import ERROR_CODES, PROFILES, VIOLATION_CODES, profile_options  # noqa: E402

OUT = ROOT / "docs" / "REFERENCE.md"


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def render() -> str:
    lines = [
        "# Rules reference",
        "",
        "Written by `docs/make_reference.py` from the rules engine (`make docs`); do not edit by hand.",
        "Every rule is explained in plain words on the app's rules pages (`/referee/rules`).",
        "",
        "## Profiles",
        "",
        "| id | name | source | game target |",
        "|---|---|---|---|",
    ]
    for profile in PROFILES.values():
        lines.append(f"| `{profile.id}` | {_cell(profile.name)} | {_cell(profile.source)} | {profile.target} |")
    for profile in PROFILES.values():
        lines += ["", f"## `{profile.id}`: club options", ""]
        lines += ["| option | values | default | what it decides | source |", "|---|---|---|---|---|"]
        for option in profile_options(profile):
            values = "a positive multiple of 5" if option.kind == "int" else ", ".join(_value(v) for v in option.choices)
            lines.append(
                f"| `{option.name}` | {_cell(values)} | {_cell(_value(option.default))} | "
                f"{_cell(option.label)}: {_cell(option.help)} | {_cell(option.source)} |"
            )
        lines += ["", f"Penalties of `{profile.id}`:", ""]
        if profile.penalties:
            lines += ["| code | what | points | source |", "|---|---|---|---|"]
            for penalty in profile.penalties:
                lines.append(
                    f"| `{penalty.code}` | {_cell(penalty.label)} | {penalty.points} | {_cell(penalty.source)} |"
                )
        else:
            lines.append("none in its document; a custom penalty with a reason can still be recorded.")
    lines += ["", "## Violation and warning codes", "", "A code never changes once shipped.", ""]
    lines += ["| code | meaning |", "|---|---|"]
    for code, meaning in sorted(VIOLATION_CODES.items()):
        lines.append(f"| `{code}` | {_cell(meaning)} |")
    lines += ["", "## Error codes of the API and the `scorekeeper` command", ""]
    lines += ["| code | meaning |", "|---|---|"]
    for code, meaning in sorted(ERROR_CODES.items()):
        lines.append(f"| `{code}` | {_cell(meaning)} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
