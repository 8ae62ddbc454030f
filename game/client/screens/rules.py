"""The rules of both rulesets in the project's own words (assets/text/rules), scrollable."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.assets import asset_path, read_asset_text
from game.client import i18n
from game.client.context import Context
from game.client.i18n import t
from game.client.scene import Scene
from game.client.ui.fonts import Fonts
from game.client.ui.text_wrap import wrap_text
from game.client.ui.widgets import (
    ACCENT,
    HIGHLIGHT,
    PANEL,
    TEXT,
    Button,
    ButtonGroup,
    felt_background,
)

RULESETS = ("mazhan", "nanjing")


def rules_name(ruleset: str, language: str) -> str:
    """The file name of `ruleset`'s rules text in `language` (the Traditional source is `.zh`)."""
    code = i18n.normalize(language) or language
    return f"{ruleset}.{'zh' if code == 'zh-Hant' else code}.txt"


def rules_path(ruleset: str, language: str) -> Path:
    """The rules text of `ruleset` in `language`: `.zh.txt` is the Traditional source, the
    Simplified `.zh-Hans.txt` is made from it by tools/make_zh_hans.py."""
    return asset_path("text", "rules", rules_name(ruleset, language))


def wrap(text: str, fonts: Fonts, size: int, width: int, bold: bool = False) -> list[str]:
    """Break `text` into lines no wider than `width` (the one wrapper, `text_wrap`)."""
    return wrap_text(text, width, lambda s: fonts.size(s, size, bold=bold)[0])


class RulesScene(Scene):
    def __init__(self, ctx: Context, ruleset: str = "mazhan") -> None:
        super().__init__(ctx)
        self.ruleset = ruleset
        self.scroll = 0
        self.group = ButtonGroup()
        self._page: pygame.Surface | None = None
        self._page_key: tuple[str, str, int, int] | None = None
        self.lines: list[tuple[str, pygame.Rect]] = []
        self.layout()

    def text_rect(self) -> pygame.Rect:
        w, h = self.ctx.size
        top = max(60, h // 8)
        return pygame.Rect(w // 10, top, w * 8 // 10, h - top - max(20, h // 30))

    def layout(self) -> None:
        w, h = self.ctx.size
        bh = max(30, h // 20)
        bw = max(140, w // 8)
        y = max(10, h // 40)
        buttons = [Button(pygame.Rect(w // 10 + i * (bw + 10), y, bw, bh),
                          t("ruleset." + name), self.chooser(name)) for i, name in
                   enumerate(RULESETS)]
        buttons.append(Button(pygame.Rect(w * 9 // 10 - bw, y, bw, bh), t("back"), self.back,
                              pygame.K_ESCAPE, hint="Esc"))
        self.group.set(buttons)

    def chooser(self, ruleset: str) -> Callable[[], None]:
        def choose() -> None:
            self.ruleset = ruleset
            self.scroll = 0
            self._page = None
            self.dirty = True

        return choose

    def back(self) -> None:
        self.ctx.stack.pop()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self._page = None
        self.layout()

    def on_enter(self) -> None:
        super().on_enter()
        self._page = None
        self.layout()

    def page(self) -> pygame.Surface:
        """The whole text drawn once into a tall surface; frames only blit a window of it."""
        box = self.text_rect()
        key = (self.ruleset, i18n.language(), box.w, box.h)
        if self._page is not None and self._page_key == key:
            return self._page
        fonts = self.ctx.fonts
        body = max(14, self.ctx.size[1] // 40)
        try:
            text = read_asset_text("text", "rules", rules_name(self.ruleset, i18n.language()))
        except OSError:
            text = t("rules.missing")
        items: list[tuple[str, int, tuple[int, int, int], bool, int]] = []
        for raw in text.splitlines():
            if not raw.strip():
                items.append(("", body, TEXT, False, 0))
                continue
            size, color, bold, indent, content = body, TEXT, False, 0, raw
            if raw.startswith("# "):
                size, color, bold, content = body * 2, ACCENT, True, raw[2:]
            elif raw.startswith("## "):
                size, color, bold, content = body * 5 // 4, HIGHLIGHT, True, raw[3:]
            elif raw.startswith("- "):
                indent, content = body, "• " + raw[2:]
            for piece in wrap(content, fonts, size, box.w - indent - 8, bold):
                items.append((piece, size, color, bold, indent))
        height = sum(fonts.font(s, bold=b).get_linesize() for _, s, _, b, _ in items) + body
        page = pygame.Surface((box.w, max(height, box.h)), pygame.SRCALPHA)
        y = 0
        self.lines = []
        for piece, size, color, bold, indent in items:
            step = fonts.font(size, bold=bold).get_linesize()
            if piece:
                img = fonts.render(piece, size, color, bold=bold)
                page.blit(img, (indent, y))
                self.lines.append((piece, pygame.Rect(indent, y, img.get_width(),
                                                      img.get_height())))
            y += step
        self._page, self._page_key = page, key
        return page

    @property
    def max_scroll(self) -> int:
        return max(0, self.page().get_height() - self.text_rect().h)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.scroll + dy, self.max_scroll))
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if self.group.handle(event):
            self.dirty = True
            return
        step = max(20, self.ctx.size[1] // 20)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step * 2)
        elif event.type == pygame.KEYDOWN:
            page = self.text_rect().h - step
            moves = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_j: step,
                     pygame.K_k: -step, pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in moves:
                self.scroll_by(moves[event.key])
            elif event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                index = RULESETS.index(self.ruleset) + (1 if event.key == pygame.K_RIGHT else -1)
                self.chooser(RULESETS[index % len(RULESETS)])()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        box = self.text_rect()
        shade = pygame.Surface(box.inflate(16, 12).size, pygame.SRCALPHA)
        shade.fill((*PANEL, 200))
        surface.blit(shade, box.inflate(16, 12))
        page = self.page()
        surface.blit(page, box.topleft, pygame.Rect(0, self.scroll, box.w, box.h))
        if self.max_scroll:
            bar_h = max(20, box.h * box.h // page.get_height())
            y = box.y + (box.h - bar_h) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, ACCENT, (box.right + 4, y, 4, bar_h), border_radius=2)
        for i, button in enumerate(self.group.buttons):
            button.draw(surface, self.ctx.fonts,
                        hot=i == self.group.focus or (i < 2 and RULESETS[i] == self.ruleset))
        self.dirty = False
