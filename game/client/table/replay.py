"""The replay viewer: a table that steps through one match log.

The viewer is a table scene over a ReplaySession, so the table is drawn exactly as in play.
With all hands open it shows every seat's own concealed tiles, read from that seat's view: the
one place in the window where other seats' tiles are shown, since a log is of a finished game or
of the user's own table.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.actions import ActionKind
from game.client.context import Context
from game.client.i18n import t
from game.client.scene import Scene
from game.client.sessions.replay_data import (
    ReplayLog,
    ReplaySession,
    problem_text,
)
from game.client.table.hud import action_text
from game.client.table.scene import TableScene
from game.client.ui.notice import NoticeScene
from game.client.ui.widgets import ACCENT, MUTED, TEXT, Button, ButtonGroup, TextBoxes
from game.errors import MahjongError
from game.tiles import Tile
from game.view import SeatView

STEP_TIME = 0.7
"""Seconds per action while playing at ×1."""
PASS_TIME = 0.12
"""Passes carry no tile: playback moves over them quickly."""
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)


def replay_or_notice(ctx: Context, path: Path) -> Scene:
    """The viewer for the log at `path`, or a screen saying why it cannot be opened."""
    try:
        log = ReplayLog.open(path)
    except (MahjongError, KeyError, TypeError, ValueError, IndexError) as exc:
        return NoticeScene(ctx, t("replay.failed"), f"{path.name}\n{problem_text(exc)}")
    return ReplayScene(ctx, ReplaySession(log))


def open_replay(ctx: Context, path: Path) -> bool:
    """Push the viewer for the log at `path`, or a screen saying why it cannot be opened;
    True if the viewer opened."""
    return isinstance(ctx.stack.open("replay", path=path), ReplayScene)


class ReplayScene(TableScene):
    """The table as it stood after each action of a log; step, play, jump, change the seat."""

    def __init__(self, ctx: Context, session: ReplaySession) -> None:
        self.replay = session
        self.watch: int | None = None
        """The player whose seat is watched; None: every hand open, player 1 at the bottom."""
        self.playing = False
        self.speed_index = SPEEDS.index(1.0)
        self.next_step_at = 0.0
        self.hide_result = False
        self.controls = ButtonGroup()
        self.text = TextBoxes(ctx.fonts)
        """Where the status line went, so tests can check it fits."""
        super().__init__(ctx, session, demo=True)
        self._build_controls()

    # ------------------------------------------------------------ seat and open hands

    def _pick_viewer(self) -> int:
        return self.session.seat_of(0 if self.watch is None else self.watch)

    def set_watch(self, player: int | None) -> None:
        self.watch = player
        self.hand.orders.clear()
        self._refresh_view()
        self._build_controls()

    def cycle_watch(self) -> None:
        order: list[int | None] = [None, 0, 1, 2, 3]
        self.set_watch(order[(order.index(self.watch) + 1) % len(order)])

    def open_hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Each seat's concealed tiles, read from that seat's own view."""
        return tuple(tuple(self.session.view(seat).concealed) for seat in range(4))

    def others_view(self) -> SeatView:
        # the table draws revealed hands face up at a hand's end; open hands are drawn the same
        if self.watch is not None or self.view.phase == "over":
            return self.view
        return self.view._replace(phase="over", revealed=self.open_hands())

    # ------------------------------------------------------------ moving through the log

    def _moved(self, animate: bool) -> None:
        if not animate:
            self.queue.clear()
            self.flights.clear()
            self.floaters.clear()
            self.banner = None
            self.dice_roll = None
            self.callouts.clear()
            self.hold = None
        self.result_shown = False
        self.hide_result = False
        self.result_buttons.set([])
        self._poll()
        self._refresh_view()
        self._build_controls()

    def forward(self) -> None:
        self.playing = False
        if self.replay.forward():
            self._moved(animate=True)
        self._build_controls()

    def back(self) -> None:
        self.playing = False
        if self.replay.back():
            self._moved(animate=False)
        self._build_controls()

    def goto_hand(self, hand: int) -> None:
        self.playing = False
        if 0 <= hand < self.replay.hand_count:
            self.replay.goto(hand, 0)
            self._moved(animate=True)
        self._build_controls()

    def to_results(self) -> None:
        self.playing = False
        self.replay.to_results()
        self._moved(animate=False)

    def toggle_play(self) -> None:
        self.playing = not self.playing
        self.next_step_at = self.now
        self._build_controls()

    def cycle_speed(self) -> None:
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)
        self._build_controls()

    def close(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    def _interval(self) -> float:
        upcoming = (self.replay.log.hands[self.replay.hand][self.replay.done]
                    if self.replay.done < self.replay.steps else None)
        base = PASS_TIME if upcoming is not None and upcoming[1].kind is ActionKind.PASS \
            else STEP_TIME
        return base / (SPEEDS[self.speed_index] * self.ctx.speed)

    # ------------------------------------------------------------ the table's hooks

    def _continue(self) -> None:
        """The table moves on after a result by itself in a demo; a replay moves on by play."""

    def _show_result(self) -> None:
        self.result_shown = True
        w, h = self.ctx.size
        bw, bh = max(150, w // 7), max(36, h // 18)
        y = int(h * 0.84)
        labels: list[tuple[str, Callable[[], None], int, str]] = [
            (t("replay.table"), self.show_table, pygame.K_t, "T")]
        if self.replay.hand + 1 < self.replay.hand_count:
            labels.append((t("replay.next_hand"), lambda: self.goto_hand(self.replay.hand + 1),
                           pygame.K_RETURN, "Enter"))
        labels.append((t("replay.exit"), self.close, pygame.K_ESCAPE, "Esc"))
        x = w // 2 - (len(labels) * (bw + 20) - 20) // 2
        buttons = []
        for label, act, key, hint in labels:
            buttons.append(Button(pygame.Rect(x, y, bw, bh), label, act, key, hint=hint))
            x += bw + 20
        self.result_buttons.set(buttons)
        self.dirty = True

    def show_table(self) -> None:
        self.hide_result = not self.hide_result
        self._build_controls()

    def results_button(self) -> None:
        """To the hand's end, or back to its result panel from the table under it."""
        if self.result_shown and self.hide_result:
            self.show_table()
        else:
            self.to_results()

    @property
    def result_visible(self) -> bool:
        return self.result_shown and not self.hide_result

    def _draw_result(self, surface: pygame.Surface) -> None:
        if not self.hide_result:
            super()._draw_result(surface)

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._key(event.key):
            self.dirty = True
            return
        group = self.result_buttons if self.result_visible else self.controls
        if group.handle(event):
            self.dirty = True

    def _key(self, key: int) -> bool:
        """The viewer's keys; True if the key was one of them."""
        digits = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3}
        actions: dict[int, Callable[[], None]] = {
            pygame.K_RIGHT: self.forward,
            pygame.K_LEFT: self.back,
            pygame.K_SPACE: self.toggle_play,
            pygame.K_PAGEUP: lambda: self.goto_hand(self.replay.hand - 1),
            pygame.K_PAGEDOWN: lambda: self.goto_hand(self.replay.hand + 1),
            pygame.K_HOME: lambda: self.goto_hand(self.replay.hand),
            pygame.K_END: self.to_results,
            pygame.K_r: self.to_results,
            pygame.K_TAB: self.cycle_watch,
            pygame.K_v: self.cycle_watch,
            pygame.K_0: lambda: self.set_watch(None),
            pygame.K_o: lambda: self.set_watch(None),
            pygame.K_s: self.cycle_speed,
            pygame.K_ESCAPE: self.close,
        }
        if self.result_shown:  # T flips between the result panel and the table under it
            actions[pygame.K_t] = self.show_table
        if key in digits:
            self.set_watch(digits[key])
            return True
        act = actions.get(key)
        if act is None:
            return False
        act()
        return True

    # ------------------------------------------------------------ update

    def update(self, dt: float) -> bool:
        moving = super().update(dt)
        if self.playing:
            now = self.now
            waiting_result = self.replay.hand_over and (not self.result_shown
                                                        or now < self.result_at)
            if not self.flights and not waiting_result and now >= self.next_step_at:
                if self.replay.forward():
                    self._moved(animate=True)
                    self.next_step_at = now + self._interval()
                else:
                    self.playing = False
                    self._build_controls()
                self.dirty = True
        return moving

    def wake_in(self) -> float | None:
        if not self.playing:
            return None
        now = self.now
        at = max(self.next_step_at, self.result_at if self.replay.hand_over else 0.0)
        return max(0.0, at - now)

    # ------------------------------------------------------------ controls and status

    def watch_label(self) -> str:
        if self.watch is None:
            return t("replay.open")
        seat = self.session.seat_of(self.watch)
        return f"{t(f'wind.{seat}')} {self.replay.player_names[self.watch]}"

    def _build_controls(self) -> None:
        r = self.replay
        at_start = r.hand == 0 and r.done == 0
        at_end = r.hand + 1 == r.hand_count and r.done == r.steps
        # the keys are listed beside the bar (the buttons are too narrow for key hints)
        specs: list[tuple[str, Callable[[], None], bool]] = [
            (t("replay.prev_hand"), lambda: self.goto_hand(r.hand - 1), r.hand > 0),
            (t("replay.back"), self.back, not at_start),
            (t("replay.pause") if self.playing else t("replay.play"), self.toggle_play,
             self.playing or not at_end),
            (t("replay.forward"), self.forward, not at_end),
            (t("replay.next_hand"), lambda: self.goto_hand(r.hand + 1),
             r.hand + 1 < r.hand_count),
            (t("replay.results"), self.results_button, r.done < r.steps or self.hide_result),
            (f"×{SPEEDS[self.speed_index]:g}", self.cycle_speed, True),
            (self.watch_label(), self.cycle_watch, True),
            (t("review.open"), self.open_review, True),
            (t("replay.exit"), self.close, True),
        ]
        band = self.layout.actions
        gap = 4
        bw = (band.w - gap * (len(specs) - 1)) // len(specs)
        buttons = []
        for i, (label, act, enabled) in enumerate(specs):
            rect = pygame.Rect(band.x + i * (bw + gap), band.y, bw, band.h)
            buttons.append(Button(rect, label, act, None, enabled))
        self.controls.set(buttons)
        self.dirty = True

    def open_review(self) -> None:
        """The Review screen of the player watched (player 1 with every hand open): a log
        here is of the user's own table, so any of its players may be reviewed."""
        self.playing = False
        self.ctx.stack.open("review", log=self.replay.log.text,
                            player=0 if self.watch is None else self.watch)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self._build_controls()

    def status_text(self) -> str:
        r = self.replay
        text = t("replay.status", hand=r.hand + 1, hands=r.hand_count, step=r.done,
                 steps=r.steps)
        last = r.last_action
        if last is None:
            return f"{text}  {t('replay.dealt')}"
        seat, action = last
        return f"{text}  {t(f'wind.{seat}')} {self.view.names[seat]} {action_text(action)}"

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.text.placed.clear()
        if self.result_visible:  # the panel's title says where the replay stands
            return
        self.controls.draw(surface, self.ctx.fonts)
        box = self.layout.hints
        self.text.put(surface, self.status_text(), box, max(12, box.h * 4 // 5),
                      ACCENT if self.playing else TEXT)
        side = self.layout.bonus_self
        if not self.view.bonus[self.viewer]:  # the own flower strip is free: list the keys
            half = side.h // 2
            for i, key in enumerate(("replay.keys1", "replay.keys2")):
                line = pygame.Rect(side.x, side.y + i * half, side.w, half)
                self.text.put(surface, t(key), line, half, MUTED)
