"""The seats of a table on the new-game form and the sheets: its sides as the engine seats them, the target the
table plays to before a club sets its own, and a key for the seats a page shows."""

from __future__ import annotations

from scorekeeper.rules.i18n import _

from ..rules import RuleProfile, get_profile


def side_layout(profile: RuleProfile) -> list[dict]:
    """The sides a game under ``profile`` has, as the engine seats its table: players alone, two sides (two
    partnerships, or two against three, or two teams of three) or three partnerships."""
    sizes = profile.side_sizes
    if all(size == 1 for size in sizes):
        return [{"key": f"p{i + 1}", "name": _("Player %(i)s", i=i + 1), "size": 1} for i in range(len(sizes))]
    if len(sizes) == 2:
        return [{"key": "we", "name": _("We"), "size": sizes[0]}, {"key": "they", "name": _("They"), "size": sizes[1]}]
    return [{"key": f"s{i + 1}", "name": _("Partnership %(i)s", i=i + 1), "size": size} for i, size in enumerate(sizes)]


def table_target(profile: RuleProfile) -> int:
    """The target ``profile``'s table plays to before a club sets its own (7,500 for cut-throat): its rules with
    every option it has but the target."""
    values = {name: value for name, value in profile.option_values().items() if name != "target"}
    return get_profile(profile.id).with_options(values).target


def layout_key(form) -> str:
    """The seats a new-game form shows, as text (``we2-they2``): the page keeps it to notice a changed table."""
    return "-".join(f"{side['key']}{side['size']}" for side in form.layout)
