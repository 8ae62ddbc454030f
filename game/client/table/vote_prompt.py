"""The question a LAN table puts to each other person seated when one proposes ending the
match (issue 28): Accept (Y) or Refuse (N), with the seconds left. It closes by itself when
the vote ends (someone refused, the time ran out, a voter left, or everyone accepted).

The table is paused underneath as under the menu; the host's clock runs on, and an answer not
given in time counts as a refusal.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import pygame

from game.client.context import Context
from game.client.i18n import t
from game.client.scene import Scene
from game.client.table.layout import MIN_TEXT
from game.client.ui.widgets import (
    ACCENT,
    MUTED,
    TEXT,
    Button,
    ButtonGroup,
    column,
    framed_panel,
)


class Voter(Protocol):
    """The part of RemoteSession the prompt reads and answers through."""

    def asked_to_vote(self) -> dict[str, Any] | None: ...

    def answer_end(self, yes: bool) -> None: ...


class VotePrompt(Scene):
    """An overlay with the proposal, who made it, the time left and two buttons."""

    opaque = False

    def __init__(self, ctx: Context, session: Voter, vote: Mapping[str, Any],
                 names: Sequence[str], clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(ctx)
        self.session = session
        self.vote = dict(vote)
        self.names = list(names)
        self.clock = clock
        self.until = clock() + float(vote.get("within") or 0)
        self.group = ButtonGroup()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shown_second = -1
        self.layout()

    def question(self) -> str:
        by = self.vote.get("by")
        name = self.names[by] if isinstance(by, int) and 0 <= by < len(self.names) else "?"
        return t("vote.question", name=name or "?")

    def seconds_left(self) -> int:
        return max(0, math.ceil(self.until - self.clock()))

    def layout(self) -> None:
        w, h = self.ctx.size
        bh = max(36, min(54, h // 14))
        bw = max(320, w // 3)
        height = bh * 3 + 2 * bh + bh // 4 + bh
        self.panel = pygame.Rect(0, 0, bw + bh, height)
        self.panel.center = (w // 2, h // 2)
        area = pygame.Rect(self.panel.x + bh // 2, self.panel.y + bh * 3, bw, 2 * bh + bh // 4)
        rects = column(area, 2, bh, bh // 4)
        self.group.set([Button(rects[0], t("vote.accept"), self.accept, pygame.K_y, hint="Y"),
                        Button(rects[1], t("vote.refuse"), self.refuse, pygame.K_n, hint="N")])
        self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout()

    def handle(self, event: pygame.event.Event) -> None:
        if self.group.handle(event):
            self.dirty = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.refuse()

    def accept(self) -> None:
        self.session.answer_end(True)
        self.ctx.stack.pop()

    def refuse(self) -> None:
        self.session.answer_end(False)
        self.ctx.stack.pop()

    def update(self, dt: float) -> bool:
        asked = self.session.asked_to_vote()
        if asked is None or asked.get("id") != self.vote.get("id"):
            self.ctx.stack.pop()  # decided without us (or answered elsewhere): nothing to ask
            return True
        second = self.seconds_left()
        if second != self.shown_second:
            self.shown_second = second
            self.dirty = True
        return False

    def wake_in(self) -> float | None:
        return 0.25  # the vote may end at the host at any time; the seconds count down

    def draw(self, surface: pygame.Surface) -> None:
        framed_panel(surface, self.panel, shade=True)
        fonts = self.ctx.fonts
        bh = self.group.buttons[0].rect.h if self.group.buttons else 40
        width = self.panel.w - bh
        title = t("vote.title")
        img = fonts.render(title, max(MIN_TEXT, fonts.fit(title, max(18, bh * 3 // 5), width)),
                           ACCENT, bold=True)
        surface.blit(img, img.get_rect(midtop=(self.panel.centerx, self.panel.y + bh // 3)))
        for text, y, colour in ((self.question(), self.panel.y + bh * 5 // 4, TEXT),
                                (t("vote.time_left", seconds=self.seconds_left()),
                                 self.panel.y + bh * 2, MUTED)):
            size = max(MIN_TEXT, fonts.fit(text, max(MIN_TEXT, bh * 2 // 5), width))
            line = fonts.render(text, size, colour)
            surface.blit(line, line.get_rect(midtop=(self.panel.centerx, y)))
        self.group.draw(surface, fonts)
        self.dirty = False
