"""The centre box of the table: the wall around it, a name plate per seat (wind, name, score,
dealer mark, bot badge) and the middle (hand number, tiles left, stake, dice, wild indicator).

Its geometry is shared with the animations, which start at a seat and float over a plate.
"""

from __future__ import annotations

import pygame

from game.client.context import Context
from game.client.i18n import t
from game.client.table.dice import draw_dice
from game.client.table.layout import MIN_TEXT, TableLayout, full_height
from game.client.table.wall_view import draw_wall
from game.client.ui.fonts import Fonts
from game.client.ui.widgets import ACCENT, FELT_DARK, HIGHLIGHT, MUTED, PANEL, TEXT
from game.view import SeatView

__all__ = ["dice_spot", "draw_centre", "name_plates", "plate_pos", "seat_anchor", "wall_thickness"]


def _fit(fonts: Fonts, text: str, size: int, width: int) -> int:
    """The largest size up to `size` at which `text` fits `width`, but never below MIN_TEXT."""
    return max(MIN_TEXT, fonts.fit(text, max(size, MIN_TEXT), width))


def _blit_clipped(layer: pygame.Surface, img: pygame.Surface, spot: pygame.Rect,
                  bounds: pygame.Rect) -> None:
    """Blit `img` at `spot`, cut to `bounds` (a long name at the floor size)."""
    clip = spot.clip(bounds)
    if clip.w and clip.h:
        layer.blit(img, clip, area=pygame.Rect(clip.x - spot.x, clip.y - spot.y, clip.w, clip.h))


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
                layout: TableLayout, tags: list[str], dice_still: bool,
                you: bool = False) -> None:
    """The whole centre box. `tags`: a badge per player ('' for none); `dice_still`: the dice
    rest in the middle (while they roll, the animation draws them instead); `you`: one
    person sits at this screen, and their own plate says so (not "Host" or "Player 1")."""
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
                            max(MIN_TEXT, rect.h * 2 // 3 if rel % 2 == 0 else rect.h // 3),
                            ACCENT if seat == 0 else TEXT, bold=True)
        name = view.names[seat] if view.names else ""
        if you and rel == 0:
            name = f"{name} ({t('table.you')})" if name else t("table.you")
        score = f"{view.scores[seat]}" if view.scores else ""
        if rel % 2 == 0:
            layer.blit(wind, wind.get_rect(midleft=(rect.x + 6, rect.centery)))
            x = rect.x + 12 + wind.get_width()
            sc = fonts.render(score, max(MIN_TEXT, rect.h * 3 // 5), HIGHLIGHT)
            room = rect.right - 8 - sc.get_width() - 6 - x - rect.h
            label = fonts.render(name, _fit(fonts, name, rect.h * 3 // 5, room), TEXT)
            _blit_clipped(layer, label, label.get_rect(midleft=(x, rect.centery)),
                          pygame.Rect(x, rect.y, max(0, room), rect.h))
            layer.blit(sc, sc.get_rect(midright=(rect.right - 8, rect.centery)))
            if seat == 0:
                _dealer_mark(layer, fonts, (x + min(label.get_width(), max(0, room))
                                            + rect.h // 2, rect.centery), rect.h // 3)
            if tag:
                right = rect.right - 16 - sc.get_width()
                _plate_tag(layer, fonts, tag, (right, rect.centery), "midright",
                           max(MIN_TEXT, rect.h * 2 // 5))
        else:
            # a marked plate gives its badge a row of its own between name and score; each
            # line's size keeps its glyphs inside its row
            rows = 4 if tag else 3
            line_h = rect.h // rows
            row_size = _row_size(fonts, line_h)
            wind = fonts.render(t(f"wind.mark.{seat}"), row_size, ACCENT if seat == 0 else TEXT,
                                bold=True)
            layer.blit(wind, wind.get_rect(midtop=(rect.centerx, rect.y)))
            label = fonts.render(name, _fit(fonts, name, row_size, rect.w - 6), TEXT)
            _blit_clipped(layer, label, label.get_rect(midtop=(rect.centerx, rect.y + line_h)),
                          rect.inflate(-4, 0))
            sc = fonts.render(score, row_size, HIGHLIGHT)
            layer.blit(sc, sc.get_rect(midtop=(rect.centerx, rect.y + (rows - 1) * line_h)))
            if seat == 0:
                _dealer_mark(layer, fonts, (rect.right - line_h // 2, rect.y + line_h // 2),
                             line_h // 2)
            if tag:
                _plate_tag(layer, fonts, tag, (rect.centerx, rect.y + 2 * line_h + 1),
                           "midtop", _row_size(fonts, line_h - 3), rect.w - 4)
    # middle: hand and wall count, stake and dice, the wild indicator at the right
    mid, small, text_w = _middle(fonts, view, layout)
    if view.indicator is not None:
        tw = indicator_width(fonts, layout, mid)
        face = ctx.art.face(view.indicator, tw)
        label = fonts.render(t("table.wild"), layout.text_px(0.8), ACCENT)
        spot = face.get_rect(topright=(mid.right, mid.y))
        layer.blit(face, spot)
        layer.blit(label, label.get_rect(midtop=(spot.centerx, spot.bottom + 1)))
    y = mid.y
    for line in _middle_lines(view):
        img = fonts.render(line, _fit(fonts, line, small, text_w), TEXT)
        _blit_clipped(layer, img, img.get_rect(topleft=(mid.x, y)),
                      pygame.Rect(mid.x, mid.y, text_w, c.bottom - mid.y))
        y += img.get_height()
    if dice_still:
        at, die = dice_spot(fonts, view, layout)
        draw_dice(layer, view.dice, at, die)


def _middle_lines(view: SeatView) -> list[str]:
    lines = [f"{t('table.hand', n=view.hand_no)}  {t('table.wall', n=view.wall_left)}"]
    if view.stake:
        lines.append(t("table.stake", n=view.stake))
    return lines


def _middle(fonts: Fonts, view: SeatView, layout: TableLayout) -> tuple[pygame.Rect, int, int]:
    """The centre's middle area between the plates, its text size and the text's width (the
    rest of the width holds the wild indicator)."""
    c = layout.center
    plates = name_plates(layout)
    wt = 2 * wall_thickness(layout)
    mid = pygame.Rect(0, 0, c.w - 2 * plates[1].w - 12 - wt, c.h - 2 * plates[0].h - 12 - wt)
    mid.center = c.center
    small = min(layout.text_px(), max(MIN_TEXT, mid.h // 3))
    indicator_w = 0
    if view.indicator is not None:
        label_w = fonts.size(t("table.wild"), layout.text_px(0.8))[0]
        indicator_w = max(indicator_width(fonts, layout, mid), label_w) + 6
    return mid, small, mid.w - indicator_w


def indicator_width(fonts: Fonts, layout: TableLayout, mid: pygame.Rect) -> int:
    """The wild indicator's tile width: a river tile's, less where the tile and its label
    under it would run onto the own plate below (a small window)."""
    room = name_plates(layout)[0].top - 1 - mid.y - fonts.size(t("table.wild"),
                                                               layout.text_px(0.8))[1]
    tw = max(16, min(layout.river_w, mid.h * 2 // 3))
    while tw > 16 and full_height(tw) > room:
        tw -= 1
    return tw


def dice_spot(fonts: Fonts, view: SeatView, layout: TableLayout) -> tuple[tuple[int, int], int]:
    """Where the dice rest in the centre box, and their size: after the last middle line,
    never over its words (issue 28: the rolling dice covered Wall and Stake), never down over
    the bottom plate."""
    mid, small, text_w = _middle(fonts, view, layout)
    die = max(12, min(small, fonts.font(small).get_linesize() - 4))
    y = mid.y
    x = mid.x
    for line in _middle_lines(view):
        width, height = fonts.size(line, _fit(fonts, line, small, text_w))
        x = mid.x + width + 8
        y += height
    if x + 2 * die + 4 > mid.x + text_w:
        x = mid.x + text_w - 2 * die - 4
    return (x, y - die - 2), die


def _row_size(fonts: Fonts, height: int) -> int:
    """The largest text size whose lines fit in `height` pixels."""
    size = max(MIN_TEXT, height)
    while size > MIN_TEXT and fonts.font(size).get_linesize() > height + 2:
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
    r = max(r, 10)
    pygame.draw.circle(layer, (200, 50, 40), center, r)
    img = fonts.render(t("table.dealer_mark"),
                       max(MIN_TEXT, r * 3 // 2), TEXT, bold=True)
    layer.blit(img, img.get_rect(center=center))
