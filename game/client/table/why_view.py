"""Why, at the table (issue 27): the view's refusals in words. A line above the action bar when
a tile that completes the player's shape is not offered as a win, and a panel (the ? key, or
W when no win is offered) listing every refusal of the latest tile and answer.

The reasons are the rules' own (`SeatView.refusals`, worded by `game.catalogue`); only the
frame around them is the window's (game/client/i18n.py).
"""

from __future__ import annotations

import pygame

from game.actions import Action, ActionKind
from game.catalogue import refusal_words
from game.client.i18n import language, t
from game.client.tile_names import tile_name
from game.client.ui.fonts import Fonts
from game.client.ui.text_wrap import wrap_text
from game.client.ui.widgets import ACCENT, MUTED, PANEL, TEXT
from game.rules.base import Refusal
from game.view import SeatView

WHY_COLOR = (250, 170, 120)


def reason(refusal: Refusal) -> str:
    """The rule's words for a refusal, in the window's language."""
    return refusal_words(refusal, language())


def refusal_line(refusal: Refusal) -> str:
    """"碰 一萬：…" / "Pong 1 Character: …": what was refused, on which tile, and why."""
    what = t("action." + refusal.action)
    if refusal.tile is not None:
        what = f"{what} {tile_name(refusal.tile)}"
    return t("labelled", label=what, value=reason(refusal))


def win_refused(view: SeatView) -> Refusal | None:
    """The refused win on the view's latest tile, if its shape was complete."""
    return next((r for r in view.refusals if r.action == ActionKind.WIN.value), None)


def is_why_key(event: pygame.event.Event, legal: tuple[Action, ...]) -> bool:
    """? (or / with or without shift), or W while no win is offered."""
    if event.type != pygame.KEYDOWN:
        return False
    if getattr(event, "unicode", "") == "?" or event.key in (pygame.K_SLASH,
                                                             pygame.K_QUESTION):
        return True
    return event.key == pygame.K_w and not any(a.kind is ActionKind.WIN for a in legal)


def draw_why_line(surface: pygame.Surface, rect: pygame.Rect, view: SeatView,
                  fonts: Fonts) -> pygame.Rect | None:
    """The refused win's words in at most two lines, right-aligned in `rect` (the action
    bar's room left of its buttons); returns where they went, or None when no win was
    refused."""
    refused = win_refused(view)
    if refused is None or rect.w <= 0:
        return None
    tile = tile_name(refused.tile) if refused.tile is not None else ""
    text = t("table.why_win_line", tile=tile, reason=reason(refused))
    size = max(14, rect.h * 2 // 5)

    def wrapped(size: int) -> list[str]:
        return wrap_text(text, rect.w, lambda s: fonts.size(s, size)[0])

    lines = wrapped(size)
    while len(lines) > 2 and size > 14:  # issue 11: no table text under 14 px
        size -= 1
        lines = wrapped(size)
    images = [fonts.render(line, size, WHY_COLOR) for line in lines[:2]]
    height = sum(img.get_height() for img in images)
    y = rect.centery - height // 2
    box = pygame.Rect(rect.right, y, 0, height)
    for img in images:
        placed = img.get_rect(topright=(rect.right, y))
        surface.blit(img, placed)
        box.union_ip(placed)
        y += img.get_height()
    return box


def draw_why_panel(surface: pygame.Surface, area: pygame.Rect, view: SeatView,
                   fonts: Fonts) -> pygame.Rect:
    """Every refusal of the latest tile in a panel centred on `area`; returns its rect."""
    size = max(16, surface.get_height() // 40)  # the window's text size, not the box's
    width = max(200, area.w - 2 * size)
    lines: list[tuple[str, tuple[int, int, int], int]] = [(t("table.why_title"), ACCENT, 0)]
    found = view.refusals
    for refusal in found:
        parts = wrap_text(refusal_line(refusal), width - 3 * size,
                          lambda s: fonts.size(s, size)[0])
        # a refusal's further lines indented, so each refusal reads as one
        lines += [(part, TEXT, size if n else 0) for n, part in enumerate(parts)]
    if not found:
        lines.append((t("table.why_none"), TEXT, 0))
    lines.append((t("table.why_close"), MUTED, 0))
    step = round(size * 1.35)
    panel = pygame.Rect(0, 0, width, step * len(lines) + size)
    panel.center = area.center
    pygame.draw.rect(surface, PANEL, panel, border_radius=8)
    pygame.draw.rect(surface, ACCENT, panel, 2, border_radius=8)
    y = panel.y + size // 2
    for text, color, indent in lines:
        surface.blit(fonts.render(text, size, color), (panel.x + size + indent, y))
        y += step
    return panel
