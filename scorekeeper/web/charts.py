"""A small chart of each side's running total, drawn on the server as SVG (no script; the page's strict CSP holds).

The same drawing goes on the scorepad and on the PDF score sheet. Lines are told apart by their dash as well as
their colour, so the chart reads in black and white too; the target is a dashed line across. On the scorepad the
legend is HTML under the chart (``chart_legend``), so the sides' names grow with the phone's text size and wrap
instead of running into each other; the PDF draws it inside the SVG. Numbers are written as everywhere else
(``|number``): "5,000", "5000" in Spanish.
"""

from __future__ import annotations

from scorekeeper.rules.i18n import _, ngettext
from markupsafe import Markup, escape

from scorekeeper.i18n import format_number

WIDTH, HEIGHT = 320, 140
LEFT, RIGHT, TOP, BOTTOM = 52, 8, 10, 22
DASHES = ("", "6 3", "2 3", "8 3 2 3")


def _scale(values: list[int], target: int | None) -> tuple[int, int]:
    low = min(0, *values)
    high = max(target or 0, *values)
    return low, (high if high > low else low + 1)


def _dash(i: int) -> str:
    dash = DASHES[i % len(DASHES)]
    return f' stroke-dasharray="{dash}"' if dash else ""


def running_totals_svg(names: dict[str, str], totals: dict[str, list[int]], target: int | None,
                       title: str | None = None, legend: bool = True) -> Markup:
    """The SVG of ``totals`` (each side's total after every deal, from 0) against ``target`` (None: a game of a
    fixed number of deals, which has no target to draw); ``legend``: the sides' names drawn under the lines (the
    PDF), else left to ``chart_legend``."""
    title = title or _("Running totals")
    values = [v for series in totals.values() for v in series]
    low, high = _scale(values, target)
    deals = max((len(series) for series in totals.values()), default=1) - 1
    bottom = BOTTOM if legend else 8
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - bottom

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
                 f'fill="currentColor">{escape(format_number(target))}</text>')),
             f'<text x="{LEFT - 4}" y="{y(0) + 4:.1f}" text-anchor="end" font-size="10" fill="currentColor">0</text>',
             f'<text x="{WIDTH - RIGHT}" y="{TOP + 8}" text-anchor="end" font-size="10" fill="currentColor">'
             f'{escape(ngettext("%(num)d deal", "%(num)d deals", deals))}</text>']
    for i, (key, series) in enumerate(totals.items()):
        points = " ".join(f"{x(n):.1f},{y(v):.1f}" for n, v in enumerate(series))
        parts.append(f'<polyline class="chart-side chart-side-{i}" data-side="{escape(key)}" points="{points}" '
                     f'fill="none" stroke="currentColor" stroke-width="2"{_dash(i)}/>')
        if legend:
            lx, ly = LEFT + 70 * i, HEIGHT - 6
            parts.append(f'<line x1="{lx}" y1="{ly - 3}" x2="{lx + 14}" y2="{ly - 3}" stroke="currentColor" '
                         f'stroke-width="2"{_dash(i)}/>')
            # str(): a default name ("We") is worded in the reader's language before it is cut to fit.
            parts.append(f'<text x="{lx + 18}" y="{ly}" font-size="10" fill="currentColor">'
                         f'{escape(str(names.get(key, key))[:9])}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def summary_chart(summary, legend: bool = True) -> Markup:
    """The running-totals chart of a game's summary."""
    names = {side.key: side.name for side in summary.game.sides}
    profile = summary.profile
    return running_totals_svg(names, summary.running_totals(), None if profile.deals_in_game else profile.target,
                              legend=legend)


def chart_legend(summary) -> Markup:
    """The chart's legend as HTML: each side's line (its dash) and its whole name."""
    items = []
    for i, side in enumerate(summary.game.sides):
        swatch = (f'<svg class="chart-swatch chart-side-{i}" viewBox="0 0 24 6" aria-hidden="true"><line x1="0" y1="3" '
                  f'x2="24" y2="3" stroke="currentColor" stroke-width="2"{_dash(i)}/></svg>')
        items.append(f"<li>{swatch}<bdi>{escape(side.name)}</bdi></li>")
    return Markup(f'<ul class="chart-legend">{"".join(items)}</ul>')
