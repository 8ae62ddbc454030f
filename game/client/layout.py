"""Where everything sits on the table for a window size (any size from 1024×640 up).

Relative positions: 0 is the viewer (bottom), 1 the next seat in turn order (right), 2 across
(top), 3 the previous seat (left); turn order E→S→W→N runs counterclockwise (RULINGS).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client.tile_art import depth_of, tile_height

HAND_SLOTS = 21
"""Own-row width in tile widths: 17 concealed + drawn-tile gap, or melds at 0.72 scale."""
SIDE_RIVER_ROWS = 6
"""Side rivers fill short columns beside the centre box, like a row turned on its side."""
SIDE_SLOTS = 23
"""Side columns in small-tile widths: a 17-tile hand and melds beside it."""


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    margin: int
    hand_w: int
    """Own concealed tile width."""
    meld_w: int
    """Own meld tile width."""
    small_w: int
    """Other seats' hand and meld tile width."""
    river_w: int
    """River tile width before any shrink to fit."""
    hand: pygame.Rect
    """Own row (concealed, drawn, melds)."""
    actions: pygame.Rect
    bonus_self: pygame.Rect
    seats: tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]
    """Per relative position: the area of that seat's hand and melds (0 = hand)."""
    bonus: tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]
    center: pygame.Rect
    rivers: tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]
    hints: pygame.Rect
    """A strip above the action band: waits, unseen counts, the suggested play, the timer."""

    def all_rects(self) -> dict[str, pygame.Rect]:
        out = {"hand": self.hand, "actions": self.actions, "center": self.center,
               "hints": self.hints}
        for i in range(4):
            out[f"seat{i}"] = self.seats[i]
            out[f"river{i}"] = self.rivers[i]
            out[f"bonus{i}"] = self.bonus[i]
        return out


def full_height(width: int) -> int:
    """A face-up tile's height including its edge."""
    return tile_height(width) + depth_of(width)


def table_layout(size: tuple[int, int]) -> TableLayout:
    w, h = size
    m = max(6, round(min(w, h) * 0.012))
    hand_w = max(24, min(round((w - 2 * m) / HAND_SLOTS), round(h * 0.075)))
    meld_w = round(hand_w * 0.72)
    hand_h = full_height(hand_w) + hand_w // 3  # room to lift a hovered tile
    hand = pygame.Rect(m, h - m - hand_h, w - 2 * m, hand_h)
    band_h = max(30, round(hand_w * 0.8))
    band = pygame.Rect(m, hand.top - m - band_h, w - 2 * m, band_h)
    actions = pygame.Rect(band.x + band.w * 0.35, band.y, band.w * 0.65, band.h)
    bonus_self = pygame.Rect(band.x, band.y, band.w * 0.33, band.h)

    top_space = band.top - m - m  # from the top margin down to the band above own hand
    small_w = max(14, min(round(hand_w * 0.56), round(top_space / (SIDE_SLOTS + 4))))
    small_h = full_height(small_w)
    side_col = small_h + 4  # a rotated tile is as wide as an upright one is tall
    top = pygame.Rect(m + side_col + m, m, w - 2 * (m + side_col + m), small_h)
    left = pygame.Rect(m, m, side_col, band.top - 2 * m)
    right = pygame.Rect(w - m - side_col, m, side_col, band.top - 2 * m)
    bonus_top = pygame.Rect(top.x, top.bottom + 2, top.w, small_h)
    below_top = bonus_top.bottom + 2
    bonus_left = pygame.Rect(left.right + 2, below_top, small_w * 2 + 4, left.bottom - below_top)
    bonus_right = pygame.Rect(right.x - 2 - (small_w * 2 + 4), below_top, small_w * 2 + 4,
                              right.bottom - below_top)

    area = pygame.Rect(bonus_left.right + m, bonus_top.bottom + m, 0, 0)
    area.w = bonus_right.left - m - area.x
    hints_h = max(20, round(hand_w * 0.5))
    hints = pygame.Rect(area.x, band.top - m // 2 - hints_h, area.w, hints_h)
    area.h = hints.top - m // 2 - area.y
    river_w = max(14, min(round(hand_w * 0.62), round(area.h / 13)))
    center_w = max(round(area.w * 0.34), 10 * river_w)
    center_h = max(round(area.h * 0.40), 5 * river_w)
    center = pygame.Rect(0, 0, center_w, center_h)
    center.center = area.center
    gap = max(3, m // 2)
    river_top = pygame.Rect(center.x, area.y, center.w, center.top - gap - area.y)
    river_bottom = pygame.Rect(center.x, center.bottom + gap, center.w,
                               area.bottom - center.bottom - gap)
    river_left = pygame.Rect(area.x, area.y, center.left - gap - area.x, area.h)
    river_right = pygame.Rect(center.right + gap, area.y, area.right - center.right - gap, area.h)
    return TableLayout(
        size=size,
        margin=m,
        hand_w=hand_w,
        meld_w=meld_w,
        small_w=small_w,
        river_w=river_w,
        hand=hand,
        actions=actions,
        bonus_self=bonus_self,
        seats=(hand, right, top, left),
        bonus=(bonus_self, bonus_right, bonus_top, bonus_left),
        center=center,
        rivers=(river_bottom, river_right, river_top, river_left),
        hints=hints,
    )


def river_grid(rect: pygame.Rect, rel: int, count: int, tile_w: int) -> tuple[int, list[tuple[
        int, int]]]:
    """A tile width that fits `count` tiles in `rect`, and each tile's top-left.

    Bottom and top rivers fill rows outward from the centre; side rivers fill columns outward.
    """
    width = tile_w
    while True:
        th = full_height(width)
        cols = max(1, rect.w // width)
        rows = max(1, rect.h // th)
        if rel in (1, 3):
            rows = min(rows, SIDE_RIVER_ROWS)
        if cols * rows >= count or width <= 10:
            break
        width -= 1
    spots: list[tuple[int, int]] = []
    for i in range(count):
        if rel in (0, 2):
            row, col = divmod(i, cols)
            x = rect.x + (rect.w - cols * width) // 2 + col * width
            y = rect.y + row * th if rel == 0 else rect.bottom - (row + 1) * th
        else:
            col, row = divmod(i, rows)
            y = rect.y + (rect.h - rows * th) // 2 + row * th
            x = rect.x + col * width if rel == 1 else rect.right - (col + 1) * width
        spots.append((x, y))
    return width, spots
