"""A screen that says what went wrong (a damaged log, a save that will not load) and goes back.

The detail is wrapped to the window's width; a person reads it, no traceback ever shows.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client.context import Context
from game.client.i18n import t
from game.client.scene import Scene
from game.client.ui.fonts import Fonts
from game.client.ui.text_wrap import wrap_text
from game.client.ui.widgets import ACCENT, TEXT, Button, ButtonGroup, TextBoxes, felt_background


def wrap(fonts: Fonts, text: str, size: int, width: int) -> list[str]:
    """`text` cut into lines no wider than `width` at `size` (the one wrapper, `text_wrap`)."""
    return wrap_text(text, width, lambda s: fonts.size(s, size)[0])


class NoticeScene(Scene):
    """A title, a wrapped message and a Back button (Enter or Esc)."""

    def __init__(self, ctx: Context, title: str, body: str) -> None:
        super().__init__(ctx)
        self.title = title
        self.body = body
        self.group = ButtonGroup()
        self.boxes = TextBoxes(ctx.fonts)
        self.layout()

    def layout(self) -> None:
        w, h = self.ctx.size
        bw, bh = max(180, w // 6), max(36, h // 18)
        self.group.set([Button(pygame.Rect((w - bw) // 2, h - bh - h // 12, bw, bh), t("back"),
                               self.close, pygame.K_RETURN, hint="Enter")])

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout()

    def close(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if self.group.handle(event):
            self.dirty = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        self.boxes.placed.clear()
        w, h = surface.get_size()
        big = max(24, h // 14)
        title_box = pygame.Rect(w // 12, h // 8, w * 10 // 12, big * 3 // 2)
        self.boxes.put(surface, self.title, title_box, big, ACCENT, align="center", bold=True)
        size = max(15, h // 32)
        width = w * 3 // 4
        y = h // 8 + big * 2
        for line in wrap(self.ctx.fonts, self.body, size, width):
            box = pygame.Rect((w - width) // 2, y, width, size * 3 // 2)
            self.boxes.put(surface, line, box, size, TEXT, align="center")
            y += size * 3 // 2
        self.group.draw(surface, self.ctx.fonts)
        self.dirty = False


class ConfirmScene(NoticeScene):
    """A question with two answers: `confirm_label` (Enter) runs `on_confirm`, Back (Esc)
    leaves everything as it was."""

    def __init__(self, ctx: Context, title: str, body: str, confirm_label: str,
                 on_confirm: Callable[[], None]) -> None:
        self.confirm_label = confirm_label
        self.on_confirm = on_confirm
        super().__init__(ctx, title, body)

    def layout(self) -> None:
        w, h = self.ctx.size
        bw, bh = max(180, w // 5), max(36, h // 18)
        y, gap = h - bh - h // 12, max(16, w // 40)
        self.group.set([
            Button(pygame.Rect(w // 2 - gap // 2 - bw, y, bw, bh), self.confirm_label,
                   self.confirm, pygame.K_RETURN, hint="Enter"),
            Button(pygame.Rect(w // 2 + gap // 2, y, bw, bh), t("back"), self.close,
                   hint="Esc"),
        ])

    def confirm(self) -> None:
        self.close()
        self.on_confirm()
