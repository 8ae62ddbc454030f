"""The tile tracker (記牌器, issue 28): how many copies of every kind the seat on screen has
not seen, from that seat's view alone (its own hand, the rivers, melds, bonus tiles and the
wild's indicator; never the wall or another hand, not even the hands shown at a hand's end).
"""

from __future__ import annotations

import pygame

from game.client.i18n import t
from game.client.table.layout import TableLayout, full_height
from game.client.ui.fonts import Fonts
from game.client.ui.tile_art import TileArt
from game.client.ui.widgets import ACCENT, HIGHLIGHT, MUTED, PANEL, TEXT
from game.view import SeatView

ROWS: tuple[tuple[int, ...], ...] = (tuple(range(0, 9)), tuple(range(9, 18)),
                                     tuple(range(18, 27)), tuple(range(27, 34)))
"""The kinds a row: characters, dots, bamboo, then the winds and dragons."""

GONE = (110, 120, 116)
"""A kind with no copy left to come: its count is drawn dim."""


def tracker_counts(view: SeatView) -> list[int]:
    """Per kind 0-33, the copies this seat has not seen (4 less those it has)."""
    # the view's own count (the hints' unseen waits read the same): it knows only what the
    # seat was shown; `revealed` (every hand, at the hand's end) is never read here
    return view.unseen()


def tracker_rect(layout: TableLayout, fonts: Fonts) -> pygame.Rect:
    """The panel's place: over the middle of the felt, as wide as 9 tiles and their counts."""
    tile_w = layout.river_w
    size = layout.text_px()
    cell = tile_w + fonts.size("×4", size)[0] + layout.gap * 2
    row = full_height(tile_w) + layout.gap
    title = fonts.font(size, bold=True).get_linesize()
    rect = pygame.Rect(0, 0, 9 * cell + 2 * layout.gap + 8,
                       title + len(ROWS) * row + 2 * layout.gap + 8)
    rect.center = layout.center.center
    return rect.clamp(pygame.Rect((0, 0), layout.size))


def draw_tracker(surface: pygame.Surface, layout: TableLayout, view: SeatView, fonts: Fonts,
                 art: TileArt) -> list[tuple[int, int, pygame.Rect]]:
    """Draw the panel; returns each kind drawn with its count and where (for tests)."""
    counts = tracker_counts(view)
    box = tracker_rect(layout, fonts)
    pygame.draw.rect(surface, PANEL, box, border_radius=max(6, layout.gap * 2))
    pygame.draw.rect(surface, ACCENT, box, 2, border_radius=max(6, layout.gap * 2))
    size = layout.text_px()
    title = fonts.render(t("tracker.title"), size, ACCENT, bold=True)
    x0, y = box.x + layout.gap + 4, box.y + layout.gap + 4
    surface.blit(title, (x0, y))
    keys = fonts.render(t("tracker.key"), fonts.fit(t("tracker.key"), size,
                                                    box.w - title.get_width() - 3 * layout.gap),
                        MUTED)
    surface.blit(keys, keys.get_rect(topright=(box.right - layout.gap - 4, y)))
    y += fonts.font(size, bold=True).get_linesize()
    tile_w = layout.river_w
    cell = tile_w + fonts.size("×4", size)[0] + layout.gap * 2
    row_h = full_height(tile_w) + layout.gap
    drawn: list[tuple[int, int, pygame.Rect]] = []
    for kinds in ROWS:
        x = x0
        for kind in kinds:
            face = art.face(kind, tile_w, wild=kind == view.wild)
            spot = face.get_rect(topleft=(x, y))
            surface.blit(face, spot)
            left = counts[kind]
            if not left:
                shade = pygame.Surface(spot.size, pygame.SRCALPHA)
                shade.fill((0, 0, 0, 120))
                surface.blit(shade, spot)
            color = GONE if not left else (HIGHLIGHT if left < 4 else TEXT)
            img = fonts.render(f"×{left}", size, color)
            surface.blit(img, img.get_rect(midleft=(spot.right + 2, spot.centery)))
            drawn.append((kind, left, spot))
            x += cell
        y += row_h
    return drawn
