"""A simple line chart drawn with pygame: the results panel's scores over the hands and the
Statistics screen's score per match. Its texts go through a TextBoxes (results.py) so the
tests can check they fit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from game.client.ui.widgets import FELT_DARK, MUTED

GRID = (40, 96, 78)
ZERO = (120, 150, 140)

Color = tuple[int, int, int]


class Puts(Protocol):
    """What the chart needs of results.TextBoxes: put a text in a box."""

    def put(self, surface: pygame.Surface, text: str, box: pygame.Rect, size: int,
            color: Color, align: str = "left", bold: bool = False) -> pygame.Rect: ...


@dataclass
class Chart:
    """Where the last draw put things, for tests: the plot area and each line's points."""

    box: pygame.Rect
    plot: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    points: list[list[tuple[int, int]]] = field(default_factory=list)


def ticks(count: int, most: int) -> list[int]:
    """The indices 0..count-1 to label on the x axis: every one when they fit, else evenly
    spaced ones, always the first and the last."""
    if count <= most:
        return list(range(count))
    step = -(-(count - 1) // max(most - 1, 1))
    out = list(range(0, count, step))
    if out[-1] != count - 1:
        if count - 1 - out[-1] < step / 2:
            out.pop()
        out.append(count - 1)
    return out


def line_chart(surface: pygame.Surface, box: pygame.Rect, series: Sequence[Sequence[int]],
               colors: Sequence[Color], boxes: Puts, small: int, first_x: int = 0,
               line_width: int = 3, include_zero: bool = False) -> Chart:
    """Lines of `series` (each a value per x step, all the same length) in `box`: three value
    grid lines labelled at the left, the x steps numbered from `first_x` below, a zero line
    when the values cross zero (`include_zero`: the range always holds zero), dots while there
    are few points."""
    chart = Chart(box)
    pygame.draw.rect(surface, FELT_DARK, box, border_radius=6)
    values = [v for s in series for v in s]
    if not values or box.w < small * 8 or box.h < small * 4:
        return chart
    low, high = min(values), max(values)
    if include_zero:
        low, high = min(low, 0), max(high, 0)
    if high == low:
        low, high = low - 1, high + 1
    label_w = max(boxes_width(str(v), small) for v in (low, high, (low + high) // 2))
    plot = pygame.Rect(box.x + label_w + small, box.y + small // 2 + 2,
                       box.w - label_w - small * 2, box.h - small * 2 - 4)
    chart.plot = plot
    count = max(len(s) for s in series)
    n = max(1, count - 1)

    def at(i: int, v: float) -> tuple[int, int]:
        x = plot.centerx if count == 1 else plot.x + round(plot.w * i / n)
        return (x, plot.bottom - round((v - low) / (high - low) * plot.h))

    def label(v: int, y: int) -> None:
        boxes.put(surface, str(v), pygame.Rect(box.x + 2, y - small // 2 - 1, label_w + small // 2,
                                               small + 2), small, MUTED, align="right")

    grid = (low, (low + high) // 2, high)
    for v in grid:
        y = at(0, v)[1]
        pygame.draw.line(surface, GRID, (plot.x, y), (plot.right, y))
        label(v, y)
    if low < 0 < high or (include_zero and low < high):
        y = at(0, 0)[1]
        pygame.draw.line(surface, ZERO, (plot.x, y), (plot.right, y), 2)
        if all(abs(y - at(0, v)[1]) > small + 2 for v in grid):  # the line says what it is
            label(0, y)
    most = max(2, plot.w // (small * 3))
    for i in ticks(count, most):
        x = at(i, low)[0]
        text = str(i + first_x)
        half = small * 3 // 2
        boxes.put(surface, text, pygame.Rect(x - half, plot.bottom + 2, half * 2, small + 2),
                  small, MUTED, align="center")
    dots = n <= plot.w // 12
    for values_, color in zip(series, colors, strict=False):
        points = [at(i, v) for i, v in enumerate(values_)]
        chart.points.append(points)
        if len(points) > 1:
            pygame.draw.lines(surface, color, False, points, line_width)
        if dots or len(points) == 1:
            radius = max(3, line_width + 1) * (2 if len(points) == 1 else 1)
            for p in points:
                pygame.draw.circle(surface, color, p, radius)
    return chart


def boxes_width(text: str, small: int) -> int:
    """About how wide `text` is drawn at `small` px (digits and a sign: 0.6 em each)."""
    return max(small, round(len(text) * small * 0.6))
