"""The Lessons screen: the ruleset's lessons in order, each ticked once finished (issue 27)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client.context import Context
from game.client.i18n import labelled, t
from game.client.options import RULESETS
from game.client.ui.menu_scene import MenuScene
from game.client.ui.notice import wrap
from game.client.ui.widgets import MUTED
from game.lessons import lessons_of
from game.lessons.progress import load, progress_path


class LessonsScene(MenuScene):
    """A ruleset switch, one button per lesson (✓ when done), and Back."""

    title_key = "lessons.title"

    def __init__(self, ctx: Context, ruleset: str | None = None) -> None:
        self.ruleset = ruleset if ruleset in RULESETS else ctx.options.ruleset
        super().__init__(ctx)

    def done(self) -> set[str]:
        data = self.ctx.data_dir
        return load(progress_path(data)) if data is not None else set()

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        done = self.done()
        rows: list[tuple[str, Callable[[], None]]] = [
            (labelled(t("lessons.ruleset"), t("ruleset." + self.ruleset)), self.switch)]
        for lesson in lessons_of(self.ruleset):
            title = t(lesson.title)
            label = t("lessons.done_mark", title=title) if lesson.name in done else title
            rows.append((label, self.opener(lesson.name)))
        rows.append((t("back"), self.back))
        return rows

    def layout(self) -> None:
        super().layout()
        w = self.ctx.size[0]
        width = min(w - 40, max(420, w // 3))  # lesson titles are longer than menu entries
        for button in self.group.buttons:
            button.rect.w = max(button.rect.w, width)
            button.rect.centerx = w // 2

    def opener(self, name: str) -> Callable[[], None]:
        def start() -> None:
            from game.client.sessions.lesson import open_lesson  # the engine loads when asked

            open_lesson(self.ctx, name)

        return start

    def switch(self) -> None:
        self.ruleset = RULESETS[(RULESETS.index(self.ruleset) + 1) % len(RULESETS)]
        focus = self.group.focus
        self.layout()
        self.group.focus = focus
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, h = surface.get_size()
        lessons = lessons_of(self.ruleset)
        focus = self.group.focus
        size = max(14, h // 40)
        fonts = self.ctx.fonts
        if 1 <= focus <= len(lessons):  # the focused lesson's summary, under the list
            text = t(lessons[focus - 1].summary)
        else:
            done = len(self.done() & {lesson.name for lesson in lessons})
            text = t("lessons.progress", done=done, of=len(lessons))
        y = max(b.rect.bottom for b in self.group.buttons) + size
        for line in wrap(fonts, text, size, w * 2 // 3):
            img = fonts.render(line, size, MUTED)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += fonts.font(size).get_linesize()
        self.dirty = False
