"""Server-drawn SVG bar charts: geometry computed here, drawn by templates/dashboard/charts/chart.html.

No JavaScript and no inline styles (CSP): a series' colour is a CSS class named after what it counts
(``c-status-active``, ``c-type-fact``…), the same colours as the badges of those values. Bars, never
lines, so no series hides another: stacked when the series add up (memories by status), side by side
when they do not (opened and resolved). Each chart is drawn twice, for a wide and a narrow screen (its
labels stay readable on a phone), and carries its numbers as a table for screen readers and for reading
exact values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date


@dataclass
class Series:
    label: str
    values: list[float | None]
    css: str


@dataclass
class Rect:
    x: float
    y: float
    w: float
    h: float
    css: str
    title: str


@dataclass
class Tick:
    pos: float
    label: str


@dataclass
class Svg:
    width: int
    height: int
    left: int
    bottom_y: int
    right_x: int
    rects: list[Rect] = field(default_factory=list)
    x_ticks: list[Tick] = field(default_factory=list)
    y_ticks: list[Tick] = field(default_factory=list)


@dataclass
class Chart:
    title: str
    legend: list[tuple[str, str]]  # (css, label)
    days: list[date]
    series: list[Series]
    percent: bool = False
    empty: bool = False
    wide: Svg | None = None
    narrow: Svg | None = None

    @property
    def table(self) -> list[tuple[date, list[str]]]:
        """The numbers behind the bars, a row per day."""
        return [(day, [_value(s.values[i], self.percent) for s in self.series]) for i, day in enumerate(self.days)]


WIDE, NARROW = (640, 230), (340, 210)
LEFT, RIGHT, TOP, BOTTOM = 40, 8, 10, 26


def _value(v: float | None, percent: bool) -> str:
    if v is None:
        return "–"
    return f"{round(100 * v)}%" if percent else f"{v:g}"


def _nice_max(value: float) -> float:
    if value <= 0:
        return 1.0
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000, 50000, 100000):
        if value <= step * 4:
            return float(step * 4)
    return float(value)


def _geometry(chart: Chart, size: tuple[int, int], stacked: bool, top: float) -> Svg:
    width, height = size
    svg = Svg(width, height, LEFT, height - BOTTOM, width - RIGHT)
    plot_h = height - TOP - BOTTOM

    def y(value: float) -> float:
        return round(height - BOTTOM - plot_h * (value / top), 1)

    n = len(chart.days)
    slot = (width - LEFT - RIGHT) / n
    groups = 1 if stacked else len(chart.series)
    bar_w = slot * 0.76 / groups
    for i, day in enumerate(chart.days):
        x0 = LEFT + slot * i + slot * 0.12
        base = 0.0
        for k, s in enumerate(chart.series):
            value = s.values[i]
            if not value:
                continue
            low = base if stacked else 0.0
            y0, y1 = y(low), y(low + value)
            x = x0 if stacked else x0 + k * bar_w
            svg.rects.append(Rect(round(x, 1), y1, round(max(bar_w - 0.6, 0.8), 1), round(max(y0 - y1, 0.8), 1),
                                  s.css, f"{day.isoformat()} · {s.label}: {_value(value, chart.percent)}"))
            if stacked:
                base += value
    every = max(1, -(-n // (4 if width < 400 else 7)))  # at most 4 day labels on a phone, 7 on a screen
    svg.x_ticks = [Tick(round(LEFT + slot * (i + 0.5), 1), d.strftime("%m-%d")) for i, d in enumerate(chart.days)
                   if i % every == 0]
    svg.y_ticks = [Tick(y(top * i / 4), _value(top * i / 4, chart.percent)) for i in range(5)]
    return svg


def bars(title: str, days: list[date], series: list[Series], *, stacked: bool = True,
         percent: bool = False) -> Chart:
    """A bar per day: the series stacked (they add up to a whole) or side by side (they do not)."""
    chart = Chart(title, [(s.css, s.label) for s in series], days, series, percent)
    known = [v for s in series for v in s.values if v]
    if not days or not known:
        chart.empty = True
        return chart
    if percent:
        top = 1.0
    elif stacked:
        top = _nice_max(max(sum(s.values[i] or 0 for s in series) for i in range(len(days))))
    else:
        top = _nice_max(max(known))
    chart.wide = _geometry(chart, WIDE, stacked, top)
    chart.narrow = _geometry(chart, NARROW, stacked, top)
    return chart
