"""Words a person reads about stored games, chosen here (the stores hand over facts, never sentences)."""

from __future__ import annotations


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 canasta``, ``2 canastas``."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def side_words(cell) -> str:
    """A few words for a side's cell of a scorepad row: "2 canastas, went out"."""
    parts = []
    if cell.canastas:
        parts.append(plural(cell.canastas, "canasta"))
    if cell.concealed:
        parts.append("went out concealed")
    elif cell.went_out:
        parts.append("went out")
    if cell.red_threes:
        parts.append(plural(cell.red_threes, "red three"))
    return ", ".join(parts) or "no canasta"
