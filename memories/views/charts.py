"""Server-rendered SVG charts: geometry computed here, drawn by templates/dashboard/charts/*.html.

No JavaScript and no inline styles (CSP): series colours come from CSS classes ``s0``…``s5``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

WIDTH, HEIGHT = 600, 220
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 10, 28


@dataclass
class Rect:
    x: float
    y: float
    w: float
    h: float
    css: str
    title: str


@dataclass
class Line:
    points: str
    css: str
    label: str
    dots: list[tuple[float, float, str]] = field(default_factory=list)


@dataclass
class Tick:
    pos: float
    label: str


@dataclass
class Chart:
    title: str
    legend: list[tuple[str, str]]  # (css, label)
    rects: list[Rect] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    x_ticks: list[Tick] = field(default_factory=list)
    y_ticks: list[Tick] = field(default_factory=list)
    empty: bool = False
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    bottom_y: int = HEIGHT - BOTTOM
    right_x: int = WIDTH - RIGHT


def _nice_max(value: float) -> float:
    if value <= 0:
        return 1.0
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000, 50000, 100000):
        if value <= step * 4:
            return float(step * 4)
    return float(value)


def _y(value: float, top: float) -> float:
    plot = HEIGHT - TOP - BOTTOM
    return round(HEIGHT - BOTTOM - plot * (value / top), 1)


def _x_ticks(days: list[date], x_of: list[float]) -> list[Tick]:
    every = max(1, len(days) // 6)
    return [Tick(x, d.strftime("%m-%d")) for i, (d, x) in enumerate(zip(days, x_of, strict=True)) if i % every == 0]


def _y_ticks(top: float, percent: bool) -> list[Tick]:
    return [Tick(_y(top * i / 4, top), f"{round(100 * top * i / 4)}%" if percent else f"{top * i / 4:g}")
            for i in range(5)]


def stacked_bars(title: str, days: list[date], series: list[tuple[str, list[int]]]) -> Chart:
    """One bar per day, stacked by series (label, values per day)."""
    chart = Chart(title, [(f"s{i % 6}", label) for i, (label, _) in enumerate(series)])
    totals = [sum(values[i] for _, values in series) for i in range(len(days))]
    if not days or not any(totals):
        chart.empty = True
        return chart
    top = _nice_max(max(totals))
    slot = (WIDTH - LEFT - RIGHT) / len(days)
    xs = [LEFT + slot * i for i in range(len(days))]
    for i, day in enumerate(days):
        base = 0
        for n, (label, values) in enumerate(series):
            if values[i]:
                y0, y1 = _y(base, top), _y(base + values[i], top)
                chart.rects.append(Rect(round(xs[i] + slot * 0.15, 1), y1, round(slot * 0.7, 1), round(y0 - y1, 1),
                                        f"s{n % 6}", f"{day.isoformat()} · {label}: {values[i]}"))
                base += values[i]
    chart.x_ticks = _x_ticks(days, [x + slot / 2 for x in xs])
    chart.y_ticks = _y_ticks(top, percent=False)
    return chart


def lines(title: str, days: list[date], series: list[tuple[str, list[float | None]]], percent: bool = False) -> Chart:
    """One polyline per series; ``None`` values (no data that day) are skipped."""
    chart = Chart(title, [(f"s{i % 6}", label) for i, (label, _) in enumerate(series)])
    known = [v for _, values in series for v in values if v is not None]
    if not days or not known:
        chart.empty = True
        return chart
    top = 1.0 if percent else _nice_max(max(known))
    step = (WIDTH - LEFT - RIGHT) / max(1, len(days) - 1)
    xs = [round(LEFT + step * i, 1) for i in range(len(days))]
    for n, (label, values) in enumerate(series):
        points = [(xs[i], _y(v, top), f"{days[i].isoformat()} · {label}: "
                   + (f"{round(100 * v)}%" if percent else f"{v:g}")) for i, v in enumerate(values) if v is not None]
        chart.lines.append(Line(" ".join(f"{x},{y}" for x, y, _ in points), f"s{n % 6}", label, points))
    chart.x_ticks = _x_ticks(days, xs)
    chart.y_ticks = _y_ticks(top, percent)
    return chart
