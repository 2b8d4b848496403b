"""Line charts drawn as SVG on the server: no JavaScript, no chart library, no CDN.

Every chart scales to its container (viewBox, width 100%) and is drawn for a 360-unit width, so on
a 390 px phone one unit is about one pixel and the 12-unit text stays readable. Each chart has a
<title> and a <desc> that lists every value (role="img", aria-labelledby/-describedby), and the
lines differ by colour (Okabe–Ito, safe for colour-blind readers), dash pattern and marker shape.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field

from flask_babel import gettext
from markupsafe import Markup, escape

from ..text.game_words import game_name, game_word

WIDTH = 360
PLOT_TOP, PLOT_HEIGHT = 40, 170
LEFT, RIGHT = 46, 14
LEGEND_ROW = 20
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#7F6A00", "#888888")
DASHES = ("", "7 4", "2 3", "9 3 2 3", "4 2", "1 2", "12 4", "5 2 1 2")
MARKERS = ("circle", "square", "triangle", "diamond")


@dataclass
class Chart:
    """A chart's data and its SVG; `labels` are the x positions, `series` (name, values) per line."""

    title: str
    x_title: str
    y_title: str
    labels: list[str]
    series: list[tuple[str, list[int]]]
    chart_id: str = ""
    svg: Markup = field(default=Markup(""))
    from_zero: bool = True  # False: the axis spans the values only (ratings sit near 1500)


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def nice_ticks(low: float, high: float, most: int = 7, from_zero: bool = True) -> list[int]:
    """Whole-number ticks covering [low, high] and 0: the smallest step of 1, 2 or 5 × 10^k giving ≤ `most`.

    >>> nice_ticks(-50, 135), nice_ticks(0, 217)
    ([-50, 0, 50, 100, 150], [0, 50, 100, 150, 200, 250])
    """
    if from_zero:
        low, high = min(low, 0), max(high, 0)
    low, high = math.floor(low), math.ceil(high)
    if low == high:
        high = low + 10
    for step in (m * 10**e for e in range(16) for m in (1, 2, 5)):
        start, end = math.floor(low / step) * step, math.ceil(high / step) * step
        if (end - start) // step + 1 <= most:
            return list(range(start, end + step, step))
    return [low, high]


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "square":
        return f'<rect x="{_fmt(x - 3.5)}" y="{_fmt(y - 3.5)}" width="7" height="7" fill="{colour}"/>'
    if kind == "triangle":
        points = f"{_fmt(x)},{_fmt(y - 4.5)} {_fmt(x + 4.5)},{_fmt(y + 3.5)} {_fmt(x - 4.5)},{_fmt(y + 3.5)}"
        return f'<polygon points="{points}" fill="{colour}"/>'
    if kind == "diamond":
        points = f"{_fmt(x)},{_fmt(y - 5)} {_fmt(x + 5)},{_fmt(y)} {_fmt(x)},{_fmt(y + 5)} {_fmt(x - 5)},{_fmt(y)}"
        return f'<polygon points="{points}" fill="{colour}"/>'
    return f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="3.8" fill="{colour}"/>'


def describe(chart: Chart) -> str:
    """The text alternative: every line's values in order, e.g. "Ana: 0, 55, 5, 40 (last 40)."."""
    parts = [gettext("%(values)s by %(steps)s (%(labels)s).", values=chart.y_title, steps=chart.x_title.lower(),
                     labels=", ".join(chart.labels))]
    for name, values in chart.series:
        parts.append(gettext("%(name)s: %(values)s (last %(last)s).", name=name,
                             values=", ".join(str(v) for v in values), last=values[-1] if values else 0))
    return " ".join(parts)


def render(chart: Chart) -> Chart:
    """Draw the chart; the id is derived from its content so a page's charts never share ids."""
    digest = hashlib.sha1(repr((chart.title, chart.labels, chart.series)).encode(),
                          usedforsecurity=False).hexdigest()[:8]
    chart.chart_id = chart.chart_id or f"chart-{digest}"
    cid = chart.chart_id
    values = [v for _, line in chart.series for v in line] or [0]
    ticks = nice_ticks(min(values), max(values), from_zero=chart.from_zero)
    low, high = ticks[0], ticks[-1]
    plot_width = WIDTH - LEFT - RIGHT
    n = len(chart.labels)

    def x_at(i: int) -> float:
        return LEFT + (plot_width * i / (n - 1) if n > 1 else plot_width / 2)

    def y_at(v: float) -> float:
        return PLOT_TOP + PLOT_HEIGHT * (high - v) / (high - low)

    legend_rows = math.ceil(len(chart.series) / 2)
    height = PLOT_TOP + PLOT_HEIGHT + 44 + legend_rows * LEGEND_ROW
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart-svg" viewBox="0 0 {WIDTH} {height}" width="100%" '
        f'preserveAspectRatio="xMidYMid meet" role="img" aria-labelledby="{cid}-title" '
        f'aria-describedby="{cid}-desc" font-family="system-ui, sans-serif" font-size="12" fill="currentColor">',
        f'<title id="{cid}-title">{escape(chart.title)}</title>',
        f'<desc id="{cid}-desc">{escape(describe(chart))}</desc>',
        f'<text x="{WIDTH / 2}" y="16" text-anchor="middle" font-size="14" font-weight="600" '
        f'aria-hidden="true">{escape(chart.title)}</text>',
        f'<text x="4" y="{PLOT_TOP - 10}" font-size="11" aria-hidden="true">{escape(chart.y_title)}</text>',
        '<g aria-hidden="true">',
    ]
    for tick in ticks:
        y = _fmt(y_at(tick))
        opacity = "0.55" if tick == 0 else "0.18"
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y}" y2="{y}" stroke="currentColor" '
                   f'stroke-opacity="{opacity}"/>')
        out.append(f'<text x="{LEFT - 6}" y="{_fmt(y_at(tick) + 4)}" text-anchor="end" font-size="11">{tick}</text>')
    every = max(1, math.ceil(n / 10))
    base = PLOT_TOP + PLOT_HEIGHT
    for i, label in enumerate(chart.labels):
        if i % every == 0 or i == n - 1:
            out.append(f'<text x="{_fmt(x_at(i))}" y="{base + 16}" text-anchor="middle" font-size="11">'
                       f'{escape(label)}</text>')
    out.append(f'<text x="{LEFT + plot_width / 2}" y="{base + 32}" text-anchor="middle" font-size="11">'
               f'{escape(chart.x_title)}</text>')
    show_markers = n <= 24
    for k, (name, line) in enumerate(chart.series):
        colour, dash, marker = COLOURS[k % len(COLOURS)], DASHES[k % len(DASHES)], MARKERS[k % len(MARKERS)]
        points = " ".join(f"{_fmt(x_at(i))},{_fmt(y_at(v))}" for i, v in enumerate(line))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5" '
                   f'stroke-linejoin="round"{dash_attr}/>')
        if show_markers:
            out.extend(_marker(marker, x_at(i), y_at(v), colour) for i, v in enumerate(line))
        lx = 8 + (k % 2) * (WIDTH / 2)
        ly = base + 44 + (k // 2) * LEGEND_ROW + 6
        out.append(f'<line x1="{lx}" x2="{lx + 26}" y1="{ly}" y2="{ly}" stroke="{colour}" stroke-width="2.5"'
                   f'{dash_attr}/>')
        out.append(_marker(marker, lx + 13, ly, colour))
        last = line[-1] if line else 0
        label = f"{name} ({last})"
        if len(label) > 24:
            label = f"{name[:18]}… ({last})"
        out.append(f'<text x="{lx + 32}" y="{ly + 4}">{escape(label)}</text>')
    out.append("</g></svg>")
    # Every text put into `out` went through escape().
    chart.svg = Markup("".join(out))  # nosec B704
    return chart


def running_totals_chart(state, hand_word: str = "hand") -> Chart:
    """Each player's running total after every hand of a game (a rules GameState), its steps named by the
    game's own word for a deal (``Words.hand``: Contract's "round").

    Manipulation's end bonuses appear as a last "End" step once the game is over.
    """
    labels = ["0"] + [str(h.number) for h in state.hands]
    series = []
    for player in state.players:
        running, line = 0, [0]
        for outcome in state.hands:
            running += outcome.result(player.player_id).score
            line.append(running)
        series.append((player.name, line))
    if state.finished and any(p.end_bonus for p in state.players):
        labels.append(gettext("End"))
        for (_, line), player in zip(series, state.players, strict=True):
            line.append(player.total)
    steps = game_word(hand_word)
    return render(Chart(gettext("Running totals"), steps[:1].upper() + steps[1:], gettext("Total"), labels, series))


def season_points_chart(entry: dict, season_name: str = "") -> Chart:
    """League points summed game by game, for one variant of a season (standings.season_points_series)."""
    labels = ["0"] + [str(i) for i in range(1, len(entry["games"]) + 1)]
    series = [(p["name"], [0] + list(p["points"])) for p in entry["players"]]
    title = gettext("League points · %(game)s", game=game_name(entry["variant_name"]))
    if season_name:
        title += f" · {season_name}"
    return render(Chart(title, gettext("Games finished"), gettext("Points"), labels, series))
