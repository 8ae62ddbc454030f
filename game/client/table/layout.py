"""Where everything sits on the table for a window size (any size from 1024×640 up).

Relative positions: 0 is the viewer (bottom), 1 the next seat in turn order (right), 2 across
(top), 3 the previous seat (left); turn order E→S→W→N runs counterclockwise (RULINGS).

Like a real table: each seat's hand lies at its edge, its melds and bonus tiles beside the
hand, and its river directly in front of it in rows of 6 growing toward the centre box. The
four river blocks form a cross round the centre box, so no two ever touch, and each block
starts right at its own seat: every river tile is nearer its own hand than any other.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client.ui.tile_art import depth_of, tile_height

HAND_SLOTS = 21
"""Own-row width in tile widths: 17 concealed + drawn-tile gap, or melds at 0.72 scale."""
RIVER_COLS = 6
"""Tiles per river row, as at a real table."""
RIVER_ROWS = 4
"""Rows each river block holds at full size (24 tiles; more shrink the tiles to fit)."""
RIVER_SHARE = 0.62
"""A river tile's height as a share of a hand tile's where the window has room (issue 28:
at least 60% from 1920×1080 up)."""
CENTRE_SHARE = 0.18
"""The centre box's least height as a share of the window height."""
LARGE_HAND = 0.078
"""With large tiles: the own hand tile's height bound as a share of the window height."""
LARGE_RIVER = 1.06
"""With large tiles: the river tiles' share grows by this much more."""
SIDE_SLOTS = 18
"""A side seat's hand column in small-tile widths: 17 tiles and the drawn-tile gap."""
TOP_SLOTS = 30
"""The top seat's row in small-tile widths: hand, melds and bonus tiles side by side."""
TOP_BONUS_SLOTS = 6
"""The top seat's bonus strip in small-tile widths (more tiles overlap to fit)."""
MELD_SHARE = 0.6
"""Of a side seat's outer column, the part for melds (the rest holds its bonus tiles)."""
MIN_TEXT = 14
"""No text on the table is drawn smaller (issue 11); what does not fit is cut, not shrunk."""
TEXT_SHARE = 0.02
"""The table's body text as a share of the window height (16 px at 800 high, 43 at 4K), so
the text grows with the tiles and the name plates instead of staying small at large sizes."""


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    margin: int
    gap: int
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
    """Per relative position: the strip of that seat's concealed tiles (0 = own row; the top
    seat's strip holds its melds too, after its concealed tiles)."""
    melds: tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]
    """Per relative position: where that seat's melds go."""
    bonus: tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]
    labels: tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]
    """Per relative position: the tag with the seat's wind and name, and in Nanjing its hard
    flowers (empty for one's own)."""
    center: pygame.Rect
    rivers: tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]
    """Each river's whole block: RIVER_ROWS rows of RIVER_COLS at `river_w`."""
    hints: pygame.Rect
    """A strip above the action band, left of the own river: waits and unseen counts."""
    suggest: pygame.Rect
    """The same strip's part right of the own river: the suggested play."""

    def text_px(self, scale: float = 1.0) -> int:
        """The one size rule for the table's text: `scale` times the body size, which follows
        the window height, never under MIN_TEXT. Callers may fit a text down to its room (not
        below MIN_TEXT), never up past this."""
        return max(MIN_TEXT, round(self.size[1] * TEXT_SHARE * scale))

    def all_rects(self) -> dict[str, pygame.Rect]:
        out = {"hand": self.hand, "actions": self.actions, "center": self.center,
               "hints": self.hints, "suggest": self.suggest}
        for i in range(4):
            out[f"seat{i}"] = self.seats[i]
            out[f"river{i}"] = self.rivers[i]
            out[f"bonus{i}"] = self.bonus[i]
            if i in (1, 3):  # own and top melds share their seat's strip
                out[f"melds{i}"] = self.melds[i]
            if i:
                out[f"label{i}"] = self.labels[i]
        return out

    def corner(self, bottom: bool) -> pygame.Rect:
        """The felt left of the centre box, below (or above) the left river: free of tiles."""
        g = self.gap
        left = self.rivers[3].x
        right = min(self.center.x, self.rivers[0].x, self.rivers[2].x) - g
        if bottom:
            top, end = self.rivers[3].bottom + g, min(self.rivers[0].bottom, self.hints.top - g)
        else:
            top, end = self.rivers[2].y, self.labels[3].y - g
        return pygame.Rect(left, top, max(right - left, 0), max(end - top, 0))


    def notice_area(self) -> pygame.Rect:
        """The felt right of the own river, below the right river: where notices go, over
        no river, hand or plate."""
        g = self.gap
        left = self.rivers[0].right + g
        top = max(self.rivers[1].bottom, self.center.bottom) + g
        right = self.seats[1].x - g
        return pygame.Rect(left, top, max(right - left, 0), max(self.hints.top - g - top, 0))


def full_height(width: int) -> int:
    """A face-up tile's height including its edge."""
    return tile_height(width) + depth_of(width)


def label_height(h: int) -> int:
    """A seat tag's height: room for 14 px text at the smallest window."""
    return max(21, round(h * 0.03))


def table_layout(size: tuple[int, int], large: bool = False) -> TableLayout:
    """The table's rectangles for a window of `size`; `large`: the Settings' large tiles
    (bigger hand and river tiles, the same room for everything else)."""
    w, h = size
    m = max(6, round(min(w, h) * 0.012))
    g = max(4, m // 2)
    hand_w = max(24, min(round((w - 2 * m) / HAND_SLOTS),
                         round(h * (LARGE_HAND if large else 0.07))))
    meld_w = round(hand_w * 0.72)
    hand_h = full_height(hand_w) + hand_w // 4  # room to lift a hovered tile
    hand = pygame.Rect(m, h - m - hand_h, w - 2 * m, hand_h)
    band_h = max(38, round(hand_w * 0.9))  # the claim prompt's large buttons
    band = pygame.Rect(m, hand.top - g - band_h, w - 2 * m, band_h)
    actions = pygame.Rect(band.x + band.w * 0.35, band.y, band.w * 0.65, band.h)
    bonus_self = pygame.Rect(band.x, band.y, band.w * 0.33, band.h)

    # the other seats: a row at the top, two columns (hand inside, melds and bonus outside)
    # at the sides, each with a tag naming the seat
    lab_h = label_height(h)
    side_top = m
    side_len = band.top - g - side_top
    small_w = max(14, min(round(hand_w * 0.56), side_len // SIDE_SLOTS,
                          (w - 2 * m) // (TOP_SLOTS + 10)))
    col = full_height(small_w) + 2  # a tile on its side is as wide as an upright one is tall
    block = 2 * col + g
    left_out = pygame.Rect(m, side_top, col, side_len)
    left_in = pygame.Rect(m + col + g, side_top, col, side_len)
    right_out = pygame.Rect(w - m - col, side_top, col, side_len)
    right_in = pygame.Rect(right_out.x - g - col, side_top, col, side_len)
    meld_len = round(side_len * MELD_SHARE)
    # a side seat's bonus tiles above its melds, both gathered at the line between them
    # (layers.py), level with the seat's tag above its river: read with the seat's name,
    # not from the window's corners
    left_melds = pygame.Rect(left_out.x, left_out.bottom - meld_len, col, meld_len)
    left_bonus = pygame.Rect(left_out.x, left_out.y, col, side_len - meld_len - g)
    right_melds = pygame.Rect(right_out.x, right_out.bottom - meld_len, col, meld_len)
    right_bonus = pygame.Rect(right_out.x, right_out.y, col, side_len - meld_len - g)

    row_h = full_height(small_w) + 2
    row_x = m + block + m
    row_w = w - 2 * row_x
    top_bonus = pygame.Rect(row_x, m, TOP_BONUS_SLOTS * small_w, row_h)
    top_strip = pygame.Rect(top_bonus.right + m, m, row_x + row_w - top_bonus.right - m, row_h)

    hints_h = max(22, round(hand_w * 0.5))
    inner_x = m + block + g
    hints_y = band.top - g - hints_h

    # rivers: the own river comes down beside the hint line (which keeps the felt left of
    # it), so the rivers can be large: a river tile at least RIVER_SHARE of a hand tile's
    # height where four rows above and below still leave a centre box CENTRE_SHARE of the
    # window tall; the side rivers run past the centre box's ends, beside the other rivers
    top_edge = top_strip.bottom + g
    bottom_edge = band.top - g
    span = bottom_edge - top_edge - 2 * g
    tag_h = 2 * lab_h
    want = RIVER_SHARE * full_height(hand_w) * (LARGE_RIVER if large else 1.0)
    river_w = 12
    while full_height(river_w) < want:
        river_w += 1
    centre_min = max(round(h * CENTRE_SHARE), 5 * lab_h)
    while river_w > 12 and (
        span - 2 * RIVER_ROWS * full_height(river_w) < centre_min
        or RIVER_COLS * river_w + 2 * (tag_h + g) > span
        or 2 * (col + g + RIVER_ROWS * full_height(river_w) + g) + RIVER_COLS * river_w
        + 2 * g > w - 2 * (m + block)
    ):
        river_w -= 1
    depth = RIVER_ROWS * full_height(river_w)
    along = RIVER_COLS * river_w
    cx = w // 2
    river_top = pygame.Rect(cx - along // 2, top_edge, along, depth)
    river_bottom = pygame.Rect(cx - along // 2, bottom_edge - depth, along, depth)
    hints = pygame.Rect(inner_x, hints_y, max(1, river_bottom.x - g - inner_x), hints_h)
    suggest = pygame.Rect(river_bottom.right + g, hints_y,
                          max(1, w - inner_x - river_bottom.right - g), hints_h)
    centre_h = river_bottom.top - g - (river_top.bottom + g)
    cy = river_top.bottom + g + centre_h // 2
    river_left = pygame.Rect(left_in.right + g, cy - along // 2, depth, along)
    river_right = pygame.Rect(right_in.x - g - depth, cy - along // 2, depth, along)
    room = river_right.x - g - (river_left.right + g)
    centre_w = max(along + 2 * g, min(room, round(centre_h * 3.2)))
    center = pygame.Rect(0, 0, centre_w, centre_h)
    center.center = (cx, cy)
    # the seats' tags (two lines: wind and name, then Nanjing's hard flowers) on the felt
    # between the rivers: the top seat's right of its river, a side seat's above its river
    left_x = left_in.right + g
    top_label = pygame.Rect(river_top.right + g, top_edge, right_in.x - g - river_top.right - g,
                            tag_h)
    side_w = min(river_top.x, center.x) - g - left_x
    left_label = pygame.Rect(left_x, river_left.y - g - tag_h, side_w, tag_h)
    right_label = pygame.Rect(right_in.x - g - side_w, max(top_label.bottom + g,
                                                          river_right.y - g - tag_h),
                              side_w, tag_h)
    return TableLayout(
        size=size,
        margin=m,
        gap=g,
        hand_w=hand_w,
        meld_w=meld_w,
        small_w=small_w,
        river_w=river_w,
        hand=hand,
        actions=actions,
        bonus_self=bonus_self,
        seats=(hand, right_in, top_strip, left_in),
        melds=(hand, right_melds, top_strip, left_melds),
        bonus=(bonus_self, right_bonus, top_bonus, left_bonus),
        labels=(pygame.Rect(0, 0, 0, 0), right_label, top_label, left_label),
        center=center,
        rivers=(river_bottom, river_right, river_top, river_left),
        hints=hints,
        suggest=suggest,
    )


def river_rotation(rel: int) -> int:
    """Side seats' discards lie across their rows, turned to face their seat."""
    return {1: 90, 3: -90}.get(rel, 0)


def river_grid(rect: pygame.Rect, rel: int, count: int, tile_w: int) -> tuple[int, list[tuple[
        int, int]]]:
    """The tile width for `count` discards in the block `rect`, and each tile's top-left.

    Rows of RIVER_COLS run from the seat's left to its right; the first row lies nearest the
    seat and later rows grow toward the centre. A river longer than the block holds shrinks
    its tiles so every row still fits (side seats' tiles are turned: see river_rotation).
    """
    rows = max(1, -(-count // RIVER_COLS))
    depth_room = rect.w if rel in (1, 3) else rect.h
    width = tile_w
    while width > 8 and rows * full_height(width) > depth_room:
        width -= 1
    th = full_height(width)
    spots: list[tuple[int, int]] = []
    for i in range(count):
        row, col = divmod(i, RIVER_COLS)
        if rel == 0:  # rows upward from the bottom, left to right
            spots.append((rect.x + col * width, rect.bottom - (row + 1) * th))
        elif rel == 2:  # rows downward from the top, the top seat's left is the screen's right
            spots.append((rect.right - (col + 1) * width, rect.y + row * th))
        elif rel == 3:  # columns rightward from the left edge, the seat's left is the top
            spots.append((rect.x + row * th, rect.y + col * width))
        else:  # columns leftward from the right edge, the seat's left is the bottom
            spots.append((rect.right - (row + 1) * th, rect.bottom - (col + 1) * width))
    return width, spots


def river_tile_rect(spot: tuple[int, int], rel: int, width: int) -> pygame.Rect:
    """The screen rect of a river tile at `spot` of tile width `width`."""
    th = full_height(width)
    size = (th, width) if rel in (1, 3) else (width, th)
    return pygame.Rect(spot, size)
