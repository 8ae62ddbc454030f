"""The lesson overlay on the table scene: the step's words, a spotlight on its target (all
else dimmed), answer buttons, the note when a try was wrong, and the end of the lesson.

It reads the table (its hand rects, action buttons, layout, results panel) and never plays:
actions go through the table's own input and the lesson session checks them (issue 27).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import t
from game.client.ui.fonts import Fonts
from game.client.ui.notice import wrap
from game.client.ui.text_wrap import wrap_text
from game.client.ui.widgets import ACCENT, HIGHLIGHT, TEXT, Button, ButtonGroup, framed_panel
from game.lessons import Step, lessons_of
from game.lessons.model import CHOICE, CLICK
from game.lessons.progress import mark_done, progress_path

if TYPE_CHECKING:
    from game.client.sessions.lesson import LessonSession
    from game.client.table.scene import TableScene

WRONG: tuple[int, int, int] = (255, 150, 120)
DIM = 150
"""Alpha of the shade over everything but the spotlight."""


def panel_width(w: int) -> int:
    """The words' panel's width in a window `w` pixels wide."""
    return min(w - 40, max(480, w * 3 // 5))


def heading_lines(fonts: Fonts, heading: str, size: int, width: int) -> tuple[int, list[str]]:
    """The panel's heading in bold, a fifth bigger than the words when it fits in `width`,
    else shrunk down to the words' `size` and then wrapped: (its size, its lines)."""
    head = fonts.fit(heading, max(size, size * 6 // 5), width, bold=True, least=size)
    return head, wrap_text(heading, width, lambda s: fonts.size(s, head, bold=True)[0])


def choice_label(step: Step, n: int) -> str:
    """What the answer button of the step's `n`th choice says."""
    return t(step.labels[n]) if step.labels else str(step.choices[n])


def coach_for(table: TableScene) -> Coach | None:
    """The overlay for a lesson's table; None at any other table."""
    if getattr(table.session, "run", None) is None:
        return None
    return Coach(table)


class Coach:
    """The lesson's overlay. `handle` takes the events it answers (answers, clicks on the
    spotlight, the end buttons) and lets the table have the rest."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.session: LessonSession = table.session  # type: ignore[assignment]
        self.run = self.session.run
        self.buttons = ButtonGroup()
        self.saved = False
        self.save_error = ""
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._shown: tuple[int, bool, tuple[int, int]] | None = None
        self._button_y = 0

    # ------------------------------------------------------------ state

    @property
    def step(self) -> Step | None:
        return self.run.step

    def waiting(self) -> bool:
        """The hand ended but its results are not shown yet: an answer about them waits."""
        return self.session.hand_over and not self.table.result_shown

    def _finish(self) -> None:
        """Keep the finished lesson in the progress file, once."""
        if self.saved or not self.run.done:
            return
        self.saved = True
        data = self.table.ctx.data_dir
        if data is None:
            return
        try:
            mark_done(progress_path(data), self.run.lesson.name)
        except OSError as exc:
            self.save_error = t("save.failed", error=str(exc))

    # ------------------------------------------------------------ where things are

    def target_rect(self) -> pygame.Rect | None:
        """The spotlight: the screen rect of the step's target, if it shows now."""
        step = self.step
        if step is None:
            return None
        table = self.table
        kind, _, arg = step.target.partition(" ")
        if kind == "tile":
            for rect, tile in reversed(table.hand.rects):
                if str(tile) == arg:
                    return rect
            return None
        if kind == "button":
            label = t("action." + arg)
            for button in table.actions.buttons:
                if button.rect.w and button.label == label:
                    return button.rect
            return None
        if kind in ("indicator", "scores"):
            return table.layout.center  # the indicator and every seat's score are in it
        if kind == "bonus":
            spots = table.drawn.get(table.viewer, {}).get("bonus", [])
            if spots:
                return spots[0].unionall(spots[1:])
            return table.layout.bonus_self
        if kind == "result":
            return table.panel.rect if table.result_shown and table.panel is not None else None
        return None

    def _layout(self) -> None:
        """Answer or end buttons under the step's words, for the window's size."""
        w, h = self.table.ctx.size
        key = (self.run.index, self.run.done, (w, h))
        if self._shown == key:
            return
        self._shown = key
        bh = max(34, h // 18)
        step = self.step
        buttons: list[Button] = []
        actions: list[tuple[str, Callable[[], None]]] = []
        if self.run.done:
            after = self._next_lesson()
            if after is not None:
                actions.append((t("lesson.next"), lambda: self._open(after)))
            actions.append((t("lesson.again"), lambda: self._open(self.run.lesson.name)))
            actions.append((t("lesson.back"), self._back))
        elif step is not None and step.kind == CHOICE:
            for n, value in enumerate(step.choices):
                actions.append((choice_label(step, n), self._chooser(value)))
        room = panel_width(w) - 24  # the buttons stay inside the words' panel
        gaps = 12 * max(0, len(actions) - 1)
        bw = max(60, min(260, w // 7, (room - gaps) // max(1, len(actions))))
        total = len(actions) * bw + (len(actions) - 1) * 12
        x = (w - total) // 2
        for n, (label, act) in enumerate(actions):
            key_code = pygame.K_1 + n if n < 9 else None
            # at the height the last frame drew them (the words above may change it)
            buttons.append(Button(pygame.Rect(x, self._button_y, bw, bh), label, act, key_code,
                                  hint=str(n + 1)))
            x += bw + 12
        self.buttons.set(buttons)

    def _chooser(self, value: int) -> Callable[[], None]:
        return lambda: self._choose(value)

    def _choose(self, value: int) -> None:
        self.run.choose(value)
        self._finish()

    def _next_lesson(self) -> str | None:
        names = [lesson.name for lesson in lessons_of(self.run.lesson.ruleset)]
        at = names.index(self.run.lesson.name)
        return names[at + 1] if at + 1 < len(names) else None

    def _open(self, name: str) -> None:
        from game.client.sessions.lesson import open_lesson  # a sibling package: load late

        open_lesson(self.table.ctx, name, replace=True)

    def _back(self) -> None:
        stack = self.table.ctx.stack
        if stack.find("lessons") is not None:
            while stack.top is not None and stack.top is not stack.find("lessons"):
                stack.pop()
        else:
            stack.open("lessons", replace=True, ruleset=self.run.lesson.ruleset)

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the overlay used the event (the table must not see it)."""
        if self.table.dealing:
            return False  # the table shows the hand whole first
        self._layout()
        step = self.step
        showing_buttons = self.run.done or (step is not None and step.kind == CHOICE
                                            and not self.waiting())
        if showing_buttons and self.buttons.handle(event):
            return True
        if step is not None and step.kind == CLICK and not self.waiting() and (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            spot = self.target_rect()
            if spot is not None and spot.collidepoint(event.pos):
                if self._turn_sheet(step):
                    return True
                self.run.click(step.target)
                self._finish()
                return True
            self.run.wrong = "lesson.wrong_click"
            return True
        if showing_buttons or self.session.hand_over:
            # answers and the end: the table's own buttons (next hand, menu) wait
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        return False

    def _turn_sheet(self, step: Step) -> bool:
        """A click on a score sheet of several pages turns to its next page first, so the
        step is done only once every line was shown (the cap lesson's 辣子 line is on the
        second page); True if it turned."""
        table = self.table
        panel = table.panel
        if step.target != "result" or panel is None or panel.page >= panel.pages - 1:
            return False
        table.sheet_page = panel.page + 1
        table.dirty = True
        return True

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self._finish()
        self._layout()
        w, h = surface.get_size()
        fonts = self.table.ctx.fonts
        step = self.step
        spot = None if self.waiting() else self.target_rect()
        if step is not None and not self.waiting():
            shade = pygame.Surface((w, h), pygame.SRCALPHA)
            shade.fill((0, 0, 0, DIM))
            if spot is not None:
                hole = spot.inflate(10, 10)
                shade.fill((0, 0, 0, 0), hole)
            surface.blit(shade, (0, 0))
            if spot is not None:
                pygame.draw.rect(surface, HIGHLIGHT, spot.inflate(10, 10), 3, border_radius=6)
        # the words: at the top, or at the bottom when the spotlight is up there
        size = max(16, min(30, h // 30))
        width = panel_width(w)
        lesson = self.run.lesson
        steps = len(lesson.steps)
        if self.run.done:
            head = t("lesson.done", title=t(lesson.title))  # the title once, not twice
            body = t("lesson.done_body")
        else:
            assert step is not None
            head = f'{t(lesson.title)} · {t("lesson.step", n=self.run.index + 1, of=steps)}'
            body = t("lesson.wait") if self.waiting() else t(step.text, **step.values)
        lines = wrap(fonts, body, size, width - 24)
        note = t(self.run.wrong) if self.run.wrong and not self.run.done else ""
        note_lines = wrap(fonts, note, size, width - 24) if note else []
        if self.save_error:
            note_lines += wrap(fonts, self.save_error, size, width - 24)
        line_h = fonts.font(size).get_linesize()
        head_size, head_lines = heading_lines(fonts, head, size, width - 24)
        head_step = fonts.font(head_size).get_linesize()
        head_h = head_step * len(head_lines)
        buttons = [b for b in self.buttons.buttons
                   if self.run.done or (step is not None and step.kind == CHOICE
                                        and not self.waiting())]
        bh = buttons[0].rect.h + 12 if buttons else 0
        height = 12 + head_h + line_h * (len(lines) + len(note_lines)) + bh + 12
        panel = pygame.Rect((w - width) // 2, max(8, h // 40), width, height)
        if self.session.hand_over:
            # over the hand and the sheet's own buttons (which wait): the sheet stays readable
            panel.bottom = h - 8
        if spot is not None and panel.colliderect(spot.inflate(10, 10)):
            panel.bottom = min(h - 8, spot.y - 16) if spot.y - 16 - height > 8 else panel.bottom
            if panel.colliderect(spot.inflate(10, 10)):
                panel.top = spot.bottom + 16
                if panel.bottom > h - 8:
                    panel.bottom = h - 8
        self.panel = panel
        framed_panel(surface, panel)
        y = panel.y + 12
        for part in head_lines:
            surface.blit(fonts.render(part, head_size, ACCENT, bold=True), (panel.x + 12, y))
            y += head_step
        for line in lines:
            surface.blit(fonts.render(line, size, TEXT), (panel.x + 12, y))
            y += line_h
        for line in note_lines:
            surface.blit(fonts.render(line, size, WRONG), (panel.x + 12, y))
            y += line_h
        self._button_y = y + 6
        for button in buttons:
            button.rect.y = y + 6
        for n, button in enumerate(buttons):
            button.draw(surface, fonts, hot=n == self.buttons.focus)
