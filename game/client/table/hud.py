"""Small table overlays: the hint strip and the turn timer."""

from __future__ import annotations

import math

import pygame

from game.actions import Action, ActionKind
from game.client.i18n import labelled, t
from game.client.table.hints import Hints
from game.client.table.layout import full_height
from game.client.tile_names import tile_name, tiles_text
from game.client.ui.fonts import Fonts
from game.client.ui.tile_art import TileArt
from game.client.ui.widgets import ACCENT, HIGHLIGHT, MUTED, TEXT

WARN = (240, 130, 120)


def action_text(action: Action) -> str:
    """'碰 五萬' / 'Pong 5 Character': the action's label with its tiles named."""
    label = t("action." + action.kind.value)
    if action.kind is ActionKind.CHOW and action.tiles:
        return f"{label} {tiles_text(action.tiles)}"
    if action.tile is not None:
        return f"{label} {tile_name(action.tile)}"
    return label


def draw_hints(surface: pygame.Surface, rect: pygame.Rect, hints: Hints, fonts: Fonts,
               art: TileArt, suggest: pygame.Rect | None = None) -> pygame.Rect:
    """Draw the waits (tile faces with the unseen count) and the suggestion (at the right of
    `suggest` if given, else of `rect`); returns the area used, so tests can check it fits."""
    size = max(14, rect.h * 3 // 5)  # issue 11: no table text under 14 px
    tw = max(10, round((rect.h - 2) / 1.5))
    x, cy = rect.x, rect.centery
    used = pygame.Rect(rect.x, rect.y, 0, rect.h)
    if hints.waits:
        head = (t("hint.after", tile=tile_name(hints.after)) if hints.after is not None
                else t("hint.waits"))
        img = fonts.render(head, size, MUTED)
        surface.blit(img, img.get_rect(midleft=(x, cy)))
        x += img.get_width() + 6
        for tile, left in hints.waits:
            face = art.face(tile, tw)
            surface.blit(face, (x, rect.y + (rect.h - full_height(tw)) // 2))
            x += tw + 2
            count = fonts.render(f"×{left}", size, HIGHLIGHT if left else WARN)
            surface.blit(count, count.get_rect(midleft=(x, cy)))
            x += count.get_width() + 8
    elif hints.after is not None or hints.suggestion is not None:
        img = fonts.render(t("hint.not_ready"), size, MUTED)
        surface.blit(img, img.get_rect(midleft=(x, cy)))
        x += img.get_width() + 8
    used.w = x - rect.x
    if suggest is not None:
        rect, x = suggest, suggest.x
    if hints.suggestion is not None:
        action = hints.suggestion
        tiles = action.tiles or ((action.tile,) if action.tile is not None else ())
        width = len(tiles) * (tw + 1)
        text = labelled(t('hint.suggest'), t('action.' + action.kind.value))
        img = fonts.render(text, fonts.fit(text, size, max(40, rect.right - x - width - 8)),
                           ACCENT)
        right = rect.right - width
        spot = img.get_rect(midright=(right - 4, cy))
        surface.blit(img, spot)
        used.union_ip(spot)
        for tile in tiles:
            surface.blit(art.face(tile, tw), (right, rect.y + (rect.h - full_height(tw)) // 2))
            right += tw + 1
        used.union_ip(pygame.Rect(spot.right, rect.y, right - spot.right, rect.h))
    return used


def draw_timer(surface: pygame.Surface, center: tuple[int, int], radius: int, left: float,
               total: float, fonts: Fonts) -> None:
    """A ring that empties as the time runs out, with the whole seconds left inside."""
    share = max(0.0, min(1.0, left / total)) if total > 0 else 0.0
    color = WARN if left <= 3 else HIGHLIGHT
    pygame.draw.circle(surface, (20, 40, 34), center, radius)
    if share > 0:
        rect = pygame.Rect(0, 0, radius * 2, radius * 2)
        rect.center = center
        start = math.pi / 2
        pygame.draw.arc(surface, color, rect, start, start + share * 2 * math.pi,
                        max(3, radius // 4))
    img = fonts.render(str(math.ceil(max(left, 0.0))), max(14, radius), TEXT, bold=True)
    surface.blit(img, img.get_rect(center=center))
