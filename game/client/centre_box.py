"""The centre box of the table: the wall around it, a name plate per seat (wind, name, score,
dealer mark, bot badge) and the middle (hand number, tiles left, stake, dice, wild indicator).

Its geometry is shared with the animations, which start at a seat and float over a plate.
"""

from __future__ import annotations

import pygame

from game.client.context import Context
from game.client.dice import draw_dice
from game.client.fonts import Fonts
from game.client.i18n import t
from game.client.layout import TableLayout
from game.client.wall_view import draw_wall
from game.client.widgets import ACCENT, FELT_DARK, HIGHLIGHT, MUTED, PANEL, TEXT
from game.view import SeatView


def wall_thickness(layout: TableLayout) -> int:
    return max(8, layout.center.h // 12)


def name_plates(layout: TableLayout) -> list[pygame.Rect]:
    """Per relative position, the plate inside the wall: wide at bottom and top, tall at sides."""
    thick = wall_thickness(layout)
    c = layout.center.inflate(-2 * thick - 2, -2 * thick - 2)
    ph = max(20, c.h // 5)
    pw = max(c.w // 4, 70)
    sh = max(3 * 12, c.h - 2 * ph - 12)
    return [
        pygame.Rect(c.x + 2, c.bottom - ph - 2, c.w - 4, ph),
        pygame.Rect(c.right - pw - 2, c.centery - sh // 2, pw, sh),
        pygame.Rect(c.x + 2, c.y + 2, c.w - 4, ph),
        pygame.Rect(c.x + 2, c.centery - sh // 2, pw, sh),
    ]


def seat_anchor(layout: TableLayout, rel: int) -> tuple[int, int]:
    """The middle of a seat's area; the centre of the table for no seat (rel < 0)."""
    if rel < 0:
        return layout.center.center
    rect = layout.seats[rel]
    return rect.center


def plate_pos(layout: TableLayout, rel: int) -> tuple[int, int]:
    return name_plates(layout)[rel % 4].center


def draw_centre(layer: pygame.Surface, ctx: Context, view: SeatView, viewer: int,
                layout: TableLayout, tags: list[str], dice_still: bool) -> None:
    """The whole centre box. `tags`: a badge per player ('' for none); `dice_still`: the dice
    rest in the middle (while they roll, the animation draws them instead)."""
    fonts, c = ctx.fonts, layout.center
    pygame.draw.rect(layer, FELT_DARK, c, border_radius=max(6, c.w // 30))
    pygame.draw.rect(layer, (70, 120, 100), c, width=2, border_radius=max(6, c.w // 30))
    thick = wall_thickness(layout)
    draw_wall(layer, c.inflate(-4, -4), thick, view, viewer)
    plates = name_plates(layout)
    for seat in range(4):
        rel = (seat - viewer) % 4
        rect = plates[rel]
        tag = tags[view.players[seat]] if view.players else ""
        active = seat in view.to_act or (view.phase == "discard" and seat == view.current)
        if active and view.phase != "over":
            pygame.draw.rect(layer, (60, 100, 70), rect, border_radius=6)
            pygame.draw.rect(layer, HIGHLIGHT, rect, width=2, border_radius=6)
        wind = fonts.render(t(f"wind.mark.{seat}"),
                            max(12, rect.h * 2 // 3 if rel % 2 == 0 else rect.h // 3),
                            ACCENT if seat == 0 else TEXT, bold=True)
        name = view.names[seat] if view.names else ""
        score = f"{view.scores[seat]}" if view.scores else ""
        if rel % 2 == 0:
            layer.blit(wind, wind.get_rect(midleft=(rect.x + 6, rect.centery)))
            x = rect.x + 12 + wind.get_width()
            size = fonts.fit(name, max(12, rect.h // 2), rect.w // 2)
            label = fonts.render(name, size, TEXT)
            layer.blit(label, label.get_rect(midleft=(x, rect.centery)))
            sc = fonts.render(score, max(12, rect.h // 2), HIGHLIGHT)
            layer.blit(sc, sc.get_rect(midright=(rect.right - 8, rect.centery)))
            if seat == 0:
                _dealer_mark(layer, fonts, (x + label.get_width() + rect.h // 2, rect.centery),
                             rect.h // 3)
            if tag:
                right = rect.right - 16 - sc.get_width()
                _plate_tag(layer, fonts, tag, (right, rect.centery), "midright",
                           max(10, rect.h * 2 // 5))
        else:
            # a marked plate gives its badge a row of its own between name and score; each
            # line's size keeps its glyphs inside its row
            rows = 4 if tag else 3
            line_h = rect.h // rows
            row_size = _row_size(fonts, line_h)
            wind = fonts.render(t(f"wind.mark.{seat}"), row_size, ACCENT if seat == 0 else TEXT,
                                bold=True)
            layer.blit(wind, wind.get_rect(midtop=(rect.centerx, rect.y)))
            size = fonts.fit(name, row_size, rect.w - 6)
            label = fonts.render(name, size, TEXT)
            layer.blit(label, label.get_rect(midtop=(rect.centerx, rect.y + line_h)))
            sc = fonts.render(score, row_size, HIGHLIGHT)
            layer.blit(sc, sc.get_rect(midtop=(rect.centerx, rect.y + (rows - 1) * line_h)))
            if seat == 0:
                _dealer_mark(layer, fonts, (rect.right - line_h // 2, rect.y + line_h // 2),
                             line_h // 2)
            if tag:
                _plate_tag(layer, fonts, tag, (rect.centerx, rect.y + 2 * line_h + 1),
                           "midtop", _row_size(fonts, line_h - 3), rect.w - 4)
    # middle: wall count, hand, stake, dice, wild indicator
    wt = 2 * thick
    mid = pygame.Rect(0, 0, c.w - 2 * plates[1].w - 12 - wt, c.h - 2 * plates[0].h - 12 - wt)
    mid.center = c.center
    small = max(11, mid.h // 6)
    lines = [t("table.hand", n=view.hand_no), t("table.wall", n=view.wall_left)]
    if view.stake:
        lines.append(t("table.stake", n=view.stake))
    y = mid.y
    for line in lines:
        img = fonts.render(line, small, TEXT)
        layer.blit(img, (mid.x, y))
        y += img.get_height()
    if dice_still:
        draw_dice(layer, view.dice, (mid.x, y + 2), max(10, small))
    if view.indicator is not None:
        tw = max(16, min(layout.river_w, mid.h * 2 // 3))
        face = ctx.art.face(view.indicator, tw)
        spot = face.get_rect(topright=(mid.right, mid.y))
        layer.blit(face, spot)
        label = fonts.render(t("table.wild"), max(10, small * 4 // 5), ACCENT)
        layer.blit(label, label.get_rect(midtop=(spot.centerx, spot.bottom + 1)))


def _row_size(fonts: Fonts, height: int) -> int:
    """The largest text size whose lines fit in `height` pixels."""
    size = max(9, height)
    while size > 9 and fonts.font(size).get_linesize() > height + 2:
        size -= 1
    return size


def _plate_tag(layer: pygame.Surface, fonts: Fonts, text: str, at: tuple[int, int],
               anchor: str, size: int, width: int = 0) -> None:
    """A small badge on a name plate: a bot plays this place now."""
    if width:
        size = fonts.fit(text, size, width - 8)
    img = fonts.render(text, size, PANEL, bold=True)
    box = img.get_rect().inflate(8, 2)
    setattr(box, anchor, at)
    pygame.draw.rect(layer, MUTED, box, border_radius=box.h // 3)
    layer.blit(img, img.get_rect(center=box.center))


def _dealer_mark(layer: pygame.Surface, fonts: Fonts, center: tuple[int, int], r: int) -> None:
    r = max(r, 7)
    pygame.draw.circle(layer, (200, 50, 40), center, r)
    img = fonts.render(t("table.dealer_mark"),
                       max(9, r * 3 // 2), TEXT, bold=True)
    layer.blit(img, img.get_rect(center=center))
