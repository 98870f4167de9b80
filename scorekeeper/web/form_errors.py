"""Messages next to their fields: a form's own and the engine's, a field key or option key turned into the words
the screen shows (``in_words``), an engine field path (``sides.we.melds[1]``) turned into the deal form's field."""

from __future__ import annotations

import re

from wtforms import FormField

_QUOTED_KEY = re.compile(r"'([a-z][a-z0-9]*(?:_[a-z0-9]+)*)'")
_SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


def in_words(text: str, labels: dict[str, str] | None = None) -> str:
    """A message as a person reads it: a quoted or snake_case key becomes the label of what it names on the
    screen (``labels``: key -> label), else plain words ("'meld_points' cannot be negative." reads
    "Card points melded cannot be negative.")."""
    labels = labels or {}

    def word(match) -> str:
        key = match.group(1) if match.re is _QUOTED_KEY else match.group(0)
        return str(labels.get(key) or key.replace("_", " "))

    text = _SNAKE.sub(word, _QUOTED_KEY.sub(word, str(text)))
    return text[:1].upper() + text[1:]


def field_labels(form) -> dict[str, str]:
    """Every field's key and its label as the form shows it (the sides' fields by their short names)."""
    labels = {}
    for field in form:
        if isinstance(field, FormField):
            for sub in field:
                labels.setdefault(sub.short_name, sub.label.text)
        elif field.label and field.label.text:
            labels[field.short_name] = field.label.text
    return labels


def error_map(form, engine_error=None) -> dict[str, list[str]]:
    """Messages by form field name ("we-hand_points"), from WTForms and from the engine.

    ``"_"`` holds messages that belong to no single field.
    """
    errors: dict[str, list[str]] = {}
    for field in form:
        if isinstance(field, FormField):
            for sub in field:
                if sub.errors:
                    errors.setdefault(sub.name, []).extend(sub.errors)
        elif field.errors:
            errors.setdefault(field.name, []).extend(field.errors)
    if engine_error is not None:
        message = in_words(engine_error.message, field_labels(form))
        errors.setdefault(engine_field(form, getattr(engine_error, "field", None)), []).append(message)
    return errors


def engine_field(form, path: str | None) -> str:
    """The form field an engine field path such as ``sides.we.melds[1]`` points at."""
    if not path or not path.startswith("sides."):
        return "_"
    parts = path.split(".")
    key = parts[1]
    if key not in {s.key for s in form.game.sides}:
        return "_"
    if len(parts) < 3:
        return key
    name = parts[2]
    index = None
    match = re.match(r"^(\w+)\[(\d+)\]$", name)
    if match:
        name, index = match.group(1), int(match.group(2))
    if name == "lone_hand" and "lone_hand" in form:
        return "lone_hand"
    partners = [side.key for side in getattr(form, "partners", ())]
    if key in partners and name not in ("red_threes", "black_threes"):  # the partnership's figures, entered once
        key, index = "partnership", partners.index(key) if name == "hands" else index
    if name == "hands" and index is not None:
        return f"{key}-hand_{index}"
    if name == "canastas" and len(parts) > 3:
        return f"{key}-canasta_{parts[3]}"
    if name == "concealed":
        name = "went_out"
    candidate = f"{key}-{name}"
    return candidate if candidate in {f.name for f in form[key]} else key
