"""Replays: the list of logs in the data folder, a page at a time (the viewer, opened by
name, is game/client/table/replay.py)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pygame

from game.client.context import Context
from game.client.i18n import t
from game.client.sessions.match_files import MatchFiles
from game.client.sessions.replay_data import LogSummary, summarize
from game.client.ui.menu_scene import MenuScene
from game.client.ui.notice import ConfirmScene, NoticeScene
from game.client.ui.widgets import TEXT

PAGE = 7
"""Logs per page of the list."""
log = logging.getLogger(__name__)


class ReplayListScene(MenuScene):
    """The logs in the data folder, newest first, a page at a time."""

    title_key = "replay.title"

    def __init__(self, ctx: Context) -> None:
        self.page = 0
        self.deleting = False
        """Delete mode: choosing an entry asks to delete it instead of opening it."""
        self.paths: list[Path] = (MatchFiles(ctx.data_dir).list_logs()
                                  if ctx.data_dir is not None else [])
        self._summaries: dict[Path, LogSummary] = {}
        super().__init__(ctx)

    def summary(self, path: Path) -> LogSummary:
        if path not in self._summaries:
            self._summaries[path] = summarize(path)
        return self._summaries[path]

    def entry(self, path: Path) -> str:
        s = self.summary(path)
        stamp = path.stem[:13]  # YYYYMMDD-HHMM of the match's start
        date = (f"{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[9:11]}:{stamp[11:13]}"
                if len(stamp) == 13 and stamp[:8].isdigit() else path.stem)
        if s.error:
            return f"{date}  {t('replay.damaged')}"
        text = t("replay.entry", date=date, ruleset=t(f"ruleset.{s.ruleset}"), n=s.hands)
        return text if s.complete else f"{text} {t('replay.unfinished')}"

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        start = self.page * PAGE
        shown = self.paths[start:start + PAGE]
        out: list[tuple[str, Callable[[], None]]] = [
            (self.entry(p), self.deleter(p) if self.deleting else self.opener(p))
            for p in shown]
        if self.page > 0:
            out.append((t("replay.prev_page"), lambda: self.turn(-1)))
        if start + PAGE < len(self.paths):
            out.append((t("replay.next_page"), lambda: self.turn(1)))
        if self.paths:
            out.append((t("replay.delete_done" if self.deleting else "replay.delete_mode"),
                        self.toggle_delete))
        out.append((t("back"), self.back))
        return out

    def toggle_delete(self) -> None:
        self.deleting = not self.deleting
        self.layout()
        self.dirty = True

    def deleter(self, path: Path) -> Callable[[], None]:
        def ask() -> None:
            self.ctx.stack.push(ConfirmScene(self.ctx, t("replay.delete_title"),
                                             self.entry(path), t("replay.delete"),
                                             lambda: self.delete(path)))

        return ask

    def delete(self, path: Path) -> None:
        """Remove one log (after the player confirmed) and show the list without it."""
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            self.ctx.stack.push(NoticeScene(self.ctx, t("replay.delete_title"),
                                            t("replay.delete_failed", error=exc)))
            return
        log.info("replay %s deleted by the player", path)
        self.paths.remove(path)
        self._summaries.pop(path, None)
        self.page = min(self.page, max(0, (len(self.paths) - 1) // PAGE))
        self.deleting = self.deleting and bool(self.paths)
        self.layout()
        self.dirty = True

    def opener(self, path: Path) -> Callable[[], None]:
        def open_it() -> None:
            self.ctx.stack.open("replay", path=path)

        return open_it

    def turn(self, pages: int) -> None:
        self.page = max(0, self.page + pages)
        self.layout()
        self.dirty = True

    def layout(self) -> None:
        super().layout()
        w, _h = self.ctx.size
        for button in self.group.buttons:  # dates and names need more room than menu words
            button.rect.w = max(button.rect.w, min(w * 3 // 5, 620))
            button.rect.centerx = w // 2

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.paths:
            w, h = surface.get_size()
            size = self.ctx.fonts.fit(t("replay.none"), max(16, h // 32), w * 9 // 10)
            img = self.ctx.fonts.render(t("replay.none"), size, TEXT)
            surface.blit(img, img.get_rect(center=(w // 2, int(h * 0.3))))
