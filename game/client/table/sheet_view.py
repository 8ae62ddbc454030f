"""The score sheet drawn: each row's name, the tiles it counts and its value in columns sized
to what the sheet holds. The results panel pages it; the drills set it in one or two columns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.client.score_sheet import SheetRow, row_label
from game.client.table.layout import full_height
from game.client.ui.fonts import Fonts
from game.client.ui.tile_art import TileArt
from game.client.ui.widgets import ACCENT, HIGHLIGHT, MUTED, TEXT, TextBoxes
from game.tiles import Tile


def row_metrics(size: int) -> tuple[int, int]:
    """(tile width, row height) of a sheet whose text is `size`: a tile beside a name fits
    its row."""
    tw = max(12, round(size * 0.95))
    row_h = max(size + 6, full_height(tw) + 2)
    while full_height(tw) > row_h - 2:
        tw -= 1
    return tw, row_h


@dataclass(frozen=True, slots=True)
class Columns:
    """Where a line row's parts go, from its cell's left edge."""

    indent: int
    name_w: int
    tiles_w: int
    value_w: int


def columns(fonts: Fonts, rows: Sequence[SheetRow], width: int, size: int, tw: int) -> Columns:
    """Columns sized to the rows (all of them, so every page lines up), each value near its
    name."""
    named = [row_label(r) for r in rows if r.kind in ("line", "subtotal")]
    name_w = min(width // 2, max(fonts.size(label, size)[0] for label in named) + size // 2
                 if named else width // 3)  # the name as drawn, its note "(1 wild)" too
    tiles_w = min(width // 3, max((len(r.tiles) * tw for r in rows), default=0) + size // 2)
    value_w = min(max(size * 4, width - size - name_w - tiles_w), size * 6)
    return Columns(size, name_w, tiles_w, value_w)


def draw_rows(surface: pygame.Surface, boxes: TextBoxes, art: TileArt, rows: Sequence[SheetRow],
              box: pygame.Rect, size: int, cols: Columns, wild: Tile | None = None) -> int:
    """`rows` from the top of `box`, one a row; returns the y below the last."""
    put, fonts = boxes.put, boxes.fonts
    tw, row_h = row_metrics(size)
    indent, name_w, tiles_w, value_w = cols.indent, cols.name_w, cols.tiles_w, cols.value_w
    y = box.y
    for row in rows:
        cell = pygame.Rect(box.x, y, box.w, row_h)
        if row.kind in ("head", "seat"):
            label_w = box.w * 2 // 3
            if row.value:  # right-aligned with the values of the lines it heads
                right = min(box.right, box.x + indent + name_w + tiles_w + value_w)
                vw = fonts.size(row.value, size)[0]
                label_w = max(size, min(label_w, right - vw - size // 2 - cell.x))
                put(surface, row.value, pygame.Rect(right - vw, y, vw, row_h), size,
                    ACCENT, align="right")
            put(surface, row.label, pygame.Rect(cell.x, y, label_w, row_h), size,
                ACCENT, bold=True)
        elif row.kind in ("formula", "total"):
            label_w = fonts.font(size, bold=True).size(row.label)[0] + size
            color = HIGHLIGHT if row.kind == "total" else TEXT
            put(surface, row.label, pygame.Rect(cell.x, y, label_w, row_h), size, ACCENT,
                bold=True)
            text = row.value + (f"  ({row.note})" if row.note else "")
            put(surface, text, pygame.Rect(cell.x + label_w, y, box.w - label_w, row_h),
                size, color, bold=row.kind == "total")
        else:
            x = cell.x + indent
            color = MUTED if row.kind == "subtotal" else TEXT
            put(surface, row_label(row), pygame.Rect(x, y, name_w, row_h), size, color)
            x += name_w
            for tile in row.tiles:
                face = art.face(tile, tw, wild=tile == wild)
                surface.blit(face, face.get_rect(midleft=(x, cell.centery)))
                x += tw
            vx = cell.x + indent + name_w + tiles_w
            put(surface, row.value, pygame.Rect(vx, y, value_w, row_h), size,
                MUTED if row.kind == "subtotal" else HIGHLIGHT, align="right")
        y += row_h
    return y
