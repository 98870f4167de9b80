"""A small chart of each side's running total, drawn on the server as SVG (no script; the page's strict CSP holds).

The same drawing goes on the scorepad and on the PDF score sheet. Lines are told apart by their dash as well as
their colour, so the chart reads in black and white too; the target is a dashed line across.
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup, escape

WIDTH, HEIGHT = 320, 140
LEFT, RIGHT, TOP, BOTTOM = 40, 8, 10, 22
DASHES = ("", "6 3", "2 3", "8 3 2 3")


def _scale(values: list[int], target: int | None) -> tuple[int, int]:
    low = min(0, *values)
    high = max(target or 0, *values)
    return low, (high if high > low else low + 1)


def running_totals_svg(names: dict[str, str], totals: dict[str, list[int]], target: int | None,
                       title: str | None = None) -> Markup:
    """The SVG of ``totals`` (each side's total after every deal, from 0) against ``target`` (None: a game of a
    fixed number of deals, which has no target to draw)."""
    title = title or _("Running totals")
    values = [v for series in totals.values() for v in series]
    low, high = _scale(values, target)
    deals = max((len(series) for series in totals.values()), default=1) - 1
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (inner_w * i / deals if deals else 0)

    def y(v: int) -> float:
        return TOP + inner_h * (high - v) / (high - low)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="totals-chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
             f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>',
             f'<line class="chart-axis" x1="{LEFT}" y1="{y(0):.1f}" x2="{WIDTH - RIGHT}" y2="{y(0):.1f}" '
             'stroke="#888" stroke-width="1"/>',
             *(() if target is None else (
                 f'<line class="chart-target" x1="{LEFT}" y1="{y(target):.1f}" x2="{WIDTH - RIGHT}" '
                 f'y2="{y(target):.1f}" stroke="#c0392b" stroke-width="1" stroke-dasharray="4 4"/>',
                 f'<text x="{LEFT - 4}" y="{y(target) + 4:.1f}" text-anchor="end" font-size="10" '
                 f'fill="currentColor">{target}</text>')),
             f'<text x="{LEFT - 4}" y="{y(0) + 4:.1f}" text-anchor="end" font-size="10" fill="currentColor">0</text>',
             f'<text x="{WIDTH - RIGHT}" y="{TOP + 8}" text-anchor="end" font-size="10" fill="currentColor">'
             f'{escape(ngettext("%(num)d deal", "%(num)d deals", deals))}</text>']
    for i, (key, series) in enumerate(totals.items()):
        points = " ".join(f"{x(n):.1f},{y(v):.1f}" for n, v in enumerate(series))
        dash = DASHES[i % len(DASHES)]
        parts.append(f'<polyline class="chart-side chart-side-{i}" data-side="{escape(key)}" points="{points}" '
                     f'fill="none" stroke="currentColor" stroke-width="2"'
                     + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
        lx, ly = LEFT + 70 * i, HEIGHT - 6
        parts.append(f'<line x1="{lx}" y1="{ly - 3}" x2="{lx + 14}" y2="{ly - 3}" stroke="currentColor" '
                     'stroke-width="2"' + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
        parts.append(f'<text x="{lx + 18}" y="{ly}" font-size="10" fill="currentColor">'
                     f'{escape(names.get(key, key)[:9])}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def summary_chart(summary) -> Markup:
    """The running-totals chart of a game's summary."""
    names = {side.key: side.name for side in summary.game.sides}
    profile = summary.profile
    return running_totals_svg(names, summary.running_totals(), None if profile.deals_in_game else profile.target)
