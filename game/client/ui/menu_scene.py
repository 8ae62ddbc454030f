"""The menu screens' base: a title, a column of buttons, a felt background."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client.context import Context
from game.client.i18n import t
from game.client.scene import Scene
from game.client.ui.widgets import ACCENT, MUTED, Button, ButtonGroup, column, felt_background


class MenuScene(Scene):
    """A title, a column of buttons, a felt background cached per window size."""

    title_key = "title"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.group = ButtonGroup()

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        return []

    def on_enter(self) -> None:
        super().on_enter()
        self.layout()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout()

    def layout(self) -> None:
        w, h = self.ctx.size
        items = self.items()
        bh = max(34, min(56, h // (len(items) + 6)))
        bw = max(260, w // 4)
        area = pygame.Rect((w - bw) // 2, int(h * 0.26), bw, int(h * 0.7))
        # a long list (Continue on top of the main menu) shrinks its buttons to stay inside
        while bh > 24 and len(items) * bh + (len(items) - 1) * (bh // 4) > area.h:
            bh -= 1
        rects = column(area, len(items), bh, bh // 4)
        pairs = zip(rects, items, strict=True)
        self.group.set([Button(r, label, act) for r, (label, act) in pairs])

    def handle(self, event: pygame.event.Event) -> None:
        if self.group.handle(event):
            self.dirty = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        if len(self.ctx.stack) > 1:
            self.ctx.stack.pop()

    def draw_title(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        title = self.ctx.fonts.render(t(self.title_key), max(28, h // 11), ACCENT, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * 0.06))))
        if self.title_key == "title":
            sub = self.ctx.fonts.render(t("subtitle"), max(16, h // 32), MUTED)
            surface.blit(sub, sub.get_rect(midtop=(w // 2, int(h * 0.06) + title.get_height())))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        self.draw_title(surface)
        self.group.draw(surface, self.ctx.fonts)
        self.dirty = False
