"""The in-game menu Esc opens at every table: resume, the rules, the settings, leave (a solo
or hot-seat match is saved as it is played, so leaving keeps it for Continue), at a
hot-seat table "end the match" (standings now; the save is dropped), and at a LAN table
"propose ending the match" (the other people seated vote, issue 28).

The table is paused underneath: only the top scene is updated, so bots and animations wait.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import t
from game.client.scene import Scene
from game.client.table.layout import MIN_TEXT
from game.client.ui.widgets import ACCENT, TEXT, Button, ButtonGroup, column, framed_panel

if TYPE_CHECKING:
    from game.client.table.scene import TableScene


class TableMenu(Scene):
    """An overlay over the table with the menu's buttons in a column."""

    opaque = False

    def __init__(self, table: TableScene) -> None:
        super().__init__(table.ctx)
        self.table = table
        self.group = ButtonGroup()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.note = ""
        """Under the buttons at a LAN table: the table's fingerprint, to compare with what a
        joiner's screen shows."""
        self.layout()

    def update(self, dt: float) -> bool:
        # The table underneath is not updated while this menu is open (only the top scene
        # is): a LAN proposal to end the match is put to the player over the menu at once.
        if self.table.lan is not None:
            self.table.check_votes()
        return False

    def items(self) -> list[tuple[str, Callable[[], None], int | None, str]]:
        """(label, action, key, key hint) per button, top to bottom."""
        table = self.table
        out: list[tuple[str, Callable[[], None], int | None, str]] = [
            (t("game_menu.resume"), self.resume, pygame.K_ESCAPE, "Esc"),
            (t("menu.rules"), self.rules, pygame.K_r, "R"),
            (t("menu.settings"), self.settings, pygame.K_s, "S"),
        ]
        if table.lan is not None:
            out.append((t("game_menu.leave_table"), self.leave, None, ""))
        elif table.keeps_save:
            out.append((t("game_menu.save_leave"), self.leave, None, ""))
        else:
            out.append((t("game_menu.leave"), self.leave, None, ""))
        if table.lan is None and len(table.session.humans) > 1:
            out.append((t("game_menu.end_match"), self.end_match, None, ""))
        if table.lan is not None and getattr(table.session, "can_propose_end", False):
            out.append((t("game_menu.propose_end"), self.propose_end, None, ""))
        if table.lan is not None and getattr(table.session, "can_leave", False):
            out.append((t("game_menu.leave_match"), self.leave_match, None, ""))
        return out

    def layout(self) -> None:
        w, h = self.ctx.size
        items = self.items()
        bh = max(36, min(54, h // 14))
        bw = max(280, w // 4)
        title_h = bh
        fingerprint = str(getattr(self.table.session, "fingerprint", "") or "")
        self.note = (f"{t('lan.fingerprint')}: {fingerprint}" if self.table.lan is not None
                     and fingerprint else "")
        height = title_h + len(items) * bh + (len(items) - 1) * (bh // 4) + bh
        note_h = bh * 2 // 3 if self.note else 0
        height += note_h
        self.panel = pygame.Rect(0, 0, bw + bh, height)
        self.panel.center = (w // 2, h // 2)
        area = pygame.Rect(self.panel.x + bh // 2, self.panel.y + title_h + bh // 2, bw,
                           height - title_h - bh - note_h)
        rects = column(area, len(items), bh, bh // 4)
        self.group.set([Button(r, label, act, key, hint=hint)
                        for r, (label, act, key, hint) in zip(rects, items, strict=True)])
        self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout()

    def on_enter(self) -> None:
        super().on_enter()
        self.layout()  # the language may have changed in the settings

    def handle(self, event: pygame.event.Event) -> None:
        if self.group.handle(event):
            self.dirty = True

    def resume(self) -> None:
        self.ctx.stack.pop()

    def rules(self) -> None:
        self.ctx.stack.open("rules", ruleset=self.table.view.ruleset)

    def settings(self) -> None:
        self.ctx.stack.open("settings")

    def leave(self) -> None:
        self.ctx.stack.pop()
        self.table.leave()

    def end_match(self) -> None:
        self.ctx.stack.pop()
        self.table.end_match()

    def leave_match(self) -> None:
        """Leave the LAN match for good: a bot takes the place (a flee mid-hand with the
        flee option, M12); back to the menu."""
        self.ctx.stack.pop()
        self.table.session.leave_match()  # type: ignore[attr-defined]
        self.table.leave()

    def propose_end(self) -> None:
        """Ask the others at the LAN table; the host tells everyone how the vote goes."""
        self.ctx.stack.pop()
        self.table.session.propose_end()  # type: ignore[attr-defined]

    def draw(self, surface: pygame.Surface) -> None:
        framed_panel(surface, self.panel, shade=True)
        fonts = self.ctx.fonts
        bh = self.group.buttons[0].rect.h if self.group.buttons else 40
        title = fonts.render(t("game_menu.title"), max(18, bh * 3 // 5), ACCENT, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + bh // 3)))
        self.group.draw(surface, fonts)
        if self.note:
            size = max(MIN_TEXT, fonts.fit(self.note, max(MIN_TEXT, bh * 2 // 5),
                                           self.panel.w - 16))
            img = fonts.render(self.note, size, TEXT)
            surface.blit(img, img.get_rect(midbottom=(self.panel.centerx,
                                                      self.panel.bottom - bh // 3)))
        self.dirty = False
