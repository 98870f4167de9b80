"""A player's evenings over time as a small SVG chart drawn on the server (no script; the strict CSP holds),
drawn like the scorepad's running totals: victory points a game at each evening, on the 0-20 scale with the
even line (10) dashed across, the first and last evenings' dates under it."""

from __future__ import annotations

from scorekeeper.rules.i18n import _
from markupsafe import Markup, escape

from ..i18n import format_when
from ..tournaments.standings import SIT_OUT_VP, VP_TOTAL

WIDTH, HEIGHT = 320, 150
LEFT, RIGHT, TOP, BOTTOM = 30, 10, 10, 26


def evenings_svg(points: list[tuple[str, float]]) -> Markup:
    """The chart of ``points`` ((ISO date, VP a game) per evening, in order); empty when there are none."""
    if not points:
        return Markup("")
    title = _("Victory points a game, evening by evening")
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    last = len(points) - 1

    def x(i: int) -> float:
        return LEFT + (inner_w * i / last if last else inner_w / 2)

    def y(v: float) -> float:
        return TOP + inner_h * (VP_TOTAL - v) / VP_TOTAL

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="player-chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
             f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>']
    for value in (0, SIT_OUT_VP, VP_TOTAL):
        dash = ' stroke-dasharray="4 4"' if value == SIT_OUT_VP else ""
        parts.append(f'<line x1="{LEFT}" y1="{y(value):.1f}" x2="{WIDTH - RIGHT}" y2="{y(value):.1f}" '
                     f'stroke="#888" stroke-width="1"{dash}/>')
        parts.append(f'<text x="{LEFT - 4}" y="{y(value) + 4:.1f}" text-anchor="end" font-size="10" '
                     f'fill="currentColor">{int(value)}</text>')
    coords = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, (_date, v) in enumerate(points))
    parts.append(f'<polyline class="chart-player" points="{coords}" fill="none" stroke="currentColor" '
                 'stroke-width="2"/>')
    for i, (_date, v) in enumerate(points):
        parts.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3" fill="currentColor"/>')
    first, end = format_when(points[0][0], "date"), format_when(points[-1][0], "date")
    parts.append(f'<text x="{LEFT}" y="{HEIGHT - 6}" font-size="10" fill="currentColor">{escape(first)}</text>')
    if last:
        parts.append(f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 6}" text-anchor="end" font-size="10" '
                     f'fill="currentColor">{escape(end)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
