"""Options drawn as bars of their expected value (the Review screen, the discard drill): a
label column as wide as the longest label, a bar from a little under the worst value to the
best, the value at the right; the best option(s) in their own colour, the one picked ringed
and marked."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.client.ui.fonts import Fonts
from game.client.ui.widgets import HIGHLIGHT, MUTED, TEXT, TextBoxes

BEST = (120, 200, 250)
"""The bar of the ranking's best option (each of them, when several tie)."""
CHOSEN = HIGHLIGHT
"""The outline and tag of the option picked."""
BAR = (70, 120, 100)


def tall(size: int) -> int:
    """The height of a line of text of `size` px (the fonts' line spacing, CJK included)."""
    return size * 3 // 2


def amount(x: float) -> str:
    """A value or loss for the screen: one decimal, two under 1 (never "0.0" for a loss)."""
    return f"{x:.2f}" if abs(x) < 1 else f"{x:.1f}"


@dataclass(frozen=True)
class BarRow:
    """One option: its words, its value, whether it is (as good as) the best, and whether it
    is the one picked."""

    label: str
    value: float
    best: bool = False
    chosen: bool = False


@dataclass
class DrawnBars:
    """Where the bars went: each row's bar, the picked row's outline, the y under the last."""

    bars: list[pygame.Rect]
    chosen: pygame.Rect | None
    bottom: int


def least_row(line: int) -> int:
    """The smallest row a bar of text size `line` needs (how many fit: room // this)."""
    return tall(line) + 4


def draw_bars(surface: pygame.Surface, boxes: TextBoxes, fonts: Fonts, rows: Sequence[BarRow],
              values: Sequence[float], box: pygame.Rect, line: int) -> DrawnBars:
    """The `rows` top down in `box`, scaled over `values` (every option's, shown or not)."""
    put = boxes.put
    if not rows:
        return DrawnBars([], None, box.y)
    least = least_row(line)
    row = max(least, min(box.h // len(rows), line * 2))
    # the labels' column as wide as the longest (a chow names three tiles: never cut),
    # the bars after it keep a sixth of the box at least
    widest = max(fonts.size(r.label, line, bold=True)[0] for r in rows)
    value_w = line * 3
    label_w = min(box.w - value_w - box.w // 6, max(box.w // 4, widest + line * 2))
    bar_x = box.x + label_w + line // 2
    bar_w = max(10, box.right - value_w - bar_x - line // 2)
    values = list(values) or [r.value for r in rows]
    # from a little under the worst option's value to the best's: the differences are
    # what a decision is about (the values themselves are relative, docs/bots.md)
    spread = (max(values) - min(values)) or 1.0
    low = min(values) - spread / 4
    span = max(values) - low
    out = DrawnBars([], None, box.y + len(rows) * row)
    for i, r in enumerate(rows):
        y = box.y + i * row
        rect = pygame.Rect(box.x, y, box.w, row - 4)
        bar = pygame.Rect(bar_x, y + row // 6, max(3, round((r.value - low) / span * bar_w)),
                          row - 4 - row // 3)
        pygame.draw.rect(surface, BEST if r.best else BAR, bar, border_radius=3)
        put(surface, r.label, pygame.Rect(box.x + line, y, label_w - line, row - 4), line,
            CHOSEN if r.chosen else TEXT, bold=r.chosen)
        shown_value = f"{r.value:.2f}" if spread < 5 else amount(r.value)
        put(surface, shown_value, pygame.Rect(box.right - value_w - line // 2, y, value_w,
                                              row - 4), line, MUTED, align="right")
        out.bars.append(bar)
        if r.chosen:
            out.chosen = rect
            pygame.draw.rect(surface, CHOSEN, rect, 2, border_radius=4)
            # a marker before the label: the player's own choice
            cy = rect.centery
            pygame.draw.polygon(surface, CHOSEN, [(rect.x + 4, cy - line // 3),
                                                  (rect.x + 4, cy + line // 3),
                                                  (rect.x + 4 + line // 2, cy)])
    return out
