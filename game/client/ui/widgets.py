"""Buttons and small drawing helpers shared by the menus and the table."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.client.ui.fonts import Fonts

Color = tuple[int, int, int]
FELT: Color = (22, 84, 62)
FELT_DARK: Color = (14, 60, 44)
PANEL: Color = (16, 40, 34)
TEXT: Color = (236, 236, 226)
MUTED: Color = (160, 180, 170)
ACCENT: Color = (240, 190, 60)
BUTTON: Color = (40, 96, 78)
BUTTON_HOT: Color = (62, 132, 104)
BUTTON_OFF: Color = (44, 60, 56)
HIGHLIGHT: Color = (255, 214, 90)
RIGHT: Color = (140, 220, 140)
WRONG: Color = (250, 140, 120)
"""A drill's answer: right, or not."""


@dataclass
class Button:
    """A clickable label. `key` is an optional keyboard shortcut (pygame key code)."""

    rect: pygame.Rect
    label: str
    action: Callable[[], None]
    key: int | None = None
    enabled: bool = True
    hint: str = ""

    def draw(self, surface: pygame.Surface, fonts: Fonts, hot: bool = False) -> None:
        color = BUTTON_OFF if not self.enabled else BUTTON_HOT if hot else BUTTON
        radius = max(4, self.rect.h // 5)
        pygame.draw.rect(surface, color, self.rect, border_radius=radius)
        pygame.draw.rect(surface, ACCENT if hot else FELT_DARK, self.rect, width=2,
                         border_radius=radius)
        size = fonts.fit(self.label, int(self.rect.h * 0.5), self.rect.w - 12)
        img = fonts.render(self.label, size, TEXT if self.enabled else MUTED)
        surface.blit(img, img.get_rect(center=self.rect.center))
        if self.hint:
            tip = fonts.render(self.hint, max(11, self.rect.h // 4), MUTED)
            surface.blit(tip, tip.get_rect(bottomright=(self.rect.right - 6, self.rect.bottom - 2)))


class ButtonGroup:
    """Buttons with mouse hover, click and keyboard focus (arrows + Enter)."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.focus = -1

    def set(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.focus = min(self.focus, len(buttons) - 1)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was used (the caller should redraw)."""
        if event.type == pygame.MOUSEMOTION:
            hot = self.at(event.pos)
            if hot != self.focus:
                self.focus = hot
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.at(event.pos)
            if index >= 0 and self.buttons[index].enabled:
                self.buttons[index].action()
                return True
        elif event.type == pygame.KEYDOWN:
            for button in self.buttons:
                if button.key is not None and event.key == button.key and button.enabled:
                    button.action()
                    return True
            if event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP) and self.buttons:
                step = -1 if event.key == pygame.K_UP else 1
                self.focus = (self.focus + step) % len(self.buttons)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and (
                0 <= self.focus < len(self.buttons)
            ):
                button = self.buttons[self.focus]
                if button.enabled:
                    button.action()
                return True
        return False

    def at(self, pos: tuple[int, int]) -> int:
        for i, button in enumerate(self.buttons):
            if button.rect.collidepoint(pos):
                return i
        return -1

    def draw(self, surface: pygame.Surface, fonts: Fonts) -> None:
        for i, button in enumerate(self.buttons):
            button.draw(surface, fonts, hot=i == self.focus)


class TextField:
    """A one-line text being edited with the keyboard: typed text (TEXTINPUT), an input
    method's composition shown while it is under way (TEXTEDITING), Backspace, and paste with
    Ctrl+V (Cmd+V on macOS) from the system clipboard."""

    def __init__(self, text: str, limit: int) -> None:
        self.text = text
        self.limit = limit
        self.active = False
        self.composition = ""
        """What the input method holds before it commits (pinyin, zhuyin, candidates)."""

    def start(self) -> None:
        self.active = True
        self.composition = ""
        pygame.key.start_text_input()

    def stop(self) -> None:
        self.active = False
        self.composition = ""
        pygame.key.stop_text_input()

    def place(self, rect: pygame.Rect) -> None:
        """Tell the input method where the field is, so its candidate list opens beside it."""
        if self.active:
            pygame.key.set_text_input_rect(rect)

    def handle(self, event: pygame.event.Event) -> bool:
        """Take a key or text event; True if it was for this field."""
        if not self.active:
            return False
        if event.type == pygame.TEXTEDITING:
            self.composition = event.text
        elif event.type == pygame.TEXTINPUT:
            self.composition = ""
            self.insert(event.text)
        elif event.type == pygame.KEYDOWN:
            if self.composition:  # the input method is using the keys (Backspace, Enter)
                return True
            if event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.paste()
            elif event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.stop()
        else:
            return False
        return True

    def insert(self, text: str) -> None:
        """Add `text` at the end: one line of printable characters, cut to the limit."""
        kept = "".join(c if c.isprintable() else " " for c in text.replace("\n", " "))
        self.text = (self.text + kept)[: self.limit]

    def paste(self) -> None:
        try:
            clip = pygame.scrap.get_text()
        except pygame.error:  # no clipboard on this system: nothing to paste
            return
        self.insert(clip.strip())

    def shown(self) -> str:
        """The text as drawn: with the composition in progress and a caret while editing."""
        return self.text + self.composition + ("_" if self.active else "")


@functools.lru_cache(maxsize=4)
def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: a vertical gradient, drawn once per window size and shared by every
    scene (callers blit it or copy it, never draw on it)."""
    w, h = size
    surf = pygame.Surface(size)
    for y in range(h):
        t = y / max(h - 1, 1)
        color = tuple(round(a + (b - a) * t) for a, b in zip(FELT, FELT_DARK, strict=True))
        pygame.draw.line(surf, color, (0, y), (w, y))
    return surf


def framed_panel(surface: pygame.Surface, panel: pygame.Rect, shade: bool = False) -> None:
    """A panel over the scene beneath: dark, rounded, an accent frame; with `shade`, the
    scene dimmed first (a menu or a question that waits for an answer)."""
    if shade:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 120))
        surface.blit(dim, (0, 0))
    pygame.draw.rect(surface, PANEL, panel, border_radius=10)
    pygame.draw.rect(surface, ACCENT, panel, 2, border_radius=10)


def column(rect: pygame.Rect, count: int, height: int, gap: int) -> list[pygame.Rect]:
    """`count` rects of `height` stacked and centred in `rect`."""
    total = count * height + (count - 1) * gap
    y = rect.centery - total // 2
    return [pygame.Rect(rect.x, y + i * (height + gap), rect.w, height) for i in range(count)]


ButtonSpec = tuple[str, Callable[[], None], int | None, str, bool]
"""(label, action, key, key hint, enabled) of one button of a row."""


def button_row(specs: Sequence[ButtonSpec], x: int, y: int, width: int, height: int,
               gap: int) -> list[Button]:
    """Buttons of `width` side by side from `x`, `gap` apart."""
    return [Button(pygame.Rect(x + i * (width + gap), y, width, height), label, act, key,
                   enabled, hint)
            for i, (label, act, key, hint, enabled) in enumerate(specs)]


class TextBoxes:
    """Blits text into boxes and remembers each (text rect, box) so tests can check the fit."""

    def __init__(self, fonts: Fonts, floor: int = 8) -> None:
        self.fonts = fonts
        self.floor = floor
        """The smallest size text shrinks to; longer text is cut at its box's edge."""
        self.placed: list[tuple[str, pygame.Rect, pygame.Rect]] = []

    def put(self, surface: pygame.Surface, text: str, box: pygame.Rect, size: int,
            color: tuple[int, int, int], align: str = "left", bold: bool = False) -> pygame.Rect:
        size = max(min(size, self.fonts.fit(text, size, box.w)), self.floor)
        while size > self.floor and self.fonts.font(size, bold=bold).get_linesize() > box.h + 2:
            size -= 1
        img = self.fonts.render(text, size, color, bold=bold)
        if img.get_width() > box.w:  # at the floor size and still too long: cut it
            img = img.subsurface(pygame.Rect(0, 0, max(1, box.w), img.get_height()))
        rect = img.get_rect()
        rect.centery = box.centery
        if align == "right":
            rect.right = box.right
        elif align == "center":
            rect.centerx = box.centerx
        else:
            rect.x = box.x
        surface.blit(img, rect)
        self.placed.append((text, rect, box))
        return rect
