"""The table scene: reads SeatViews and events from a Session, never engine internals.

The table layer (felt, centre box, other seats, rivers) is drawn once per change of view and
blitted each frame; the own hand, the action bar and moving things are drawn on top. Events
start animations but never hold the game back: the view is always the current state, and a
moving tile only hides its final spot until it lands.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeAlias

import pygame

from game.actions import Action, ActionKind
from game.client import i18n
from game.client.context import Context
from game.client.hand_order import move, reconcile
from game.client.hints import NO_HINTS, Advisor, Hints
from game.client.hud import draw_hints, draw_timer
from game.client.i18n import t
from game.client.lan_table import LanOverlay, lan_feed
from game.client.layout import TableLayout, full_height, river_grid, table_layout
from game.client.results import ResultsPanel, StandingsScene
from game.client.scene import Scene
from game.client.session import Session
from game.client.tween import Tween, Tweens, ease_out_cubic
from game.client.wall_view import draw_wall
from game.client.widgets import (
    ACCENT,
    FELT_DARK,
    HIGHLIGHT,
    MUTED,
    PANEL,
    TEXT,
    Button,
    ButtonGroup,
    felt_background,
)
from game.errors import IllegalAction
from game.events import Event
from game.melds import Meld, MeldKind
from game.tiles import Tile
from game.view import SeatView

THINK_DELAY = 0.45
"""Seconds a bot 'thinks' at speed 1, so people can follow the play."""
RESULT_DELAY_DEMO = 3.0
FLIGHT_TIME = 0.28
BANNER_TIME = 0.9
FLOAT_TIME = 1.4
BACKLOG = 4
"""More queued events than this and animations run faster to catch up."""

_Callback: TypeAlias = Callable[[], None]

KIND_KEYS = {
    ActionKind.WIN: pygame.K_w,
    ActionKind.PONG: pygame.K_p,
    ActionKind.KONG: pygame.K_k,
    ActionKind.ADDED_KONG: pygame.K_k,
    ActionKind.CONCEALED_KONG: pygame.K_k,
    ActionKind.CHOW: pygame.K_c,
    ActionKind.PASS: pygame.K_x,
}
KIND_ORDER = {
    ActionKind.WIN: 0,
    ActionKind.KONG: 1,
    ActionKind.ADDED_KONG: 1,
    ActionKind.CONCEALED_KONG: 1,
    ActionKind.PONG: 2,
    ActionKind.CHOW: 3,
    ActionKind.PASS: 4,
}


@dataclass
class Flight:
    """A tile moving to a river spot; the river hides its last tile while this runs."""

    seat: int
    tile: Tile
    tween: Tween
    width: int


@dataclass
class Floater:
    """Text that rises and fades (payments, claims)."""

    text: str
    pos: tuple[int, int]
    color: tuple[int, int, int]
    tween: Tween
    size: int


def open_table(
    ctx: Context,
    *,
    ruleset: str,
    seats: list[str],
    levels: list[str],
    names: list[str] | None,
    hands: int | None,
    seed: int | None,
    replace: bool,
    options: dict[str, Any] | None = None,
) -> None:
    """Start a local match and show it (solo, hot-seat or --demo). `options`: the ruleset's
    table options chosen on the setup screen (the timers setting is added here)."""
    from game.client.session import LocalSession

    if names is None:
        zh = i18n.language() == "zh"
        # neutral names: seat winds rotate, so a wind in a name would soon be wrong
        human = "玩家" if zh else "Player "
        bot = "電腦" if zh else "Bot "
        names = [(human if k == "human" else bot) + str(i + 1) for i, k in enumerate(seats)]
    match_seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
    table = dict(options or {})
    if ctx.settings.timers and "human" in seats:
        table["timers"] = True
    demo = ctx.options.demo or "human" not in seats
    files = None
    if ctx.data_dir is not None and not demo:  # solo and hot-seat keep a log and a save
        from game.client.match_files import MatchFiles

        files = MatchFiles(ctx.data_dir)
    session = LocalSession(ruleset, seats, levels, names, match_seed, hands, table or None,
                           files=files)
    scene = TableScene(ctx, session, demo=demo)
    if replace:
        ctx.stack.replace(scene)
    else:
        ctx.stack.push(scene)


class TableScene(Scene):
    def __init__(self, ctx: Context, session: Session, demo: bool = False) -> None:
        super().__init__(ctx)
        self.now = 0.0
        """Scene time in seconds, advanced by `update(dt)`: pacing never reads the wall clock,
        so tests that drive `update` are deterministic."""
        self.session = session
        self.demo = demo
        self.layout: TableLayout = table_layout(ctx.size)
        self.shown_player: int | None = None
        """The human whose concealed tiles are on screen (hot-seat); None: no one yet."""
        self.curtain: int | None = None
        """Player the screen must be passed to before their tiles show."""
        self.viewer = self._pick_viewer()
        self.view: SeatView = self.session.view(self.viewer)
        self.queue: deque[Event] = deque()
        self.flights: list[Flight] = []
        self.floaters: list[Floater] = []
        self.banner: tuple[str, Tween] | None = None
        self.tweens = Tweens()
        self.dice_roll: Tween | None = None
        self.layer: pygame.Surface | None = None
        self._bg: pygame.Surface | None = None
        self.hover = -1
        self.selected = -1
        self.hand_rects: list[tuple[pygame.Rect, Tile]] = []
        self.actions = ButtonGroup()
        self.result_buttons = ButtonGroup()
        self.result_shown = False
        self.next_bot_at = 0.0
        self.result_at = 0.0
        self.error = ""
        self.counted_hand = -1
        self.advisor = Advisor()
        self.panel: ResultsPanel | None = None
        self._result_cache: tuple[object, pygame.Surface, pygame.Rect] | None = None
        first = self.session.view(-1)
        self.start_scores = [0] * 4
        for seat, player in enumerate(first.players):
            self.start_scores[player] = first.scores[seat]
        # a resumed match or a replay knows the match's own start (the chart begins there)
        known = getattr(self.session, "start_scores", None)
        if known is not None:
            self.start_scores = list(known)
        self.orders: dict[int, list[Tile]] = {}
        """Each local player's own arrangement of their concealed tiles."""
        self.drag: tuple[int, tuple[int, int]] | None = None
        """(hand index, press position) while the mouse button is held on a tile."""
        self.drag_pos: tuple[int, int] | None = None
        self.shown_second = -1
        feed = lan_feed(session)
        self.lan = LanOverlay(ctx, feed) if feed is not None else None
        """Chat, notices, bot marks and wall warnings: only at a LAN table."""
        self._poll()

    # ------------------------------------------------------------ whose screen it is

    def _pick_viewer(self) -> int:
        humans = self.session.humans
        if not humans or self.demo:
            return self.session.seat_of(0)  # the demo watches over player 0's shoulder
        if len(humans) == 1:
            self.shown_player = humans[0]
            return self.session.seat_of(humans[0])
        # the public view hides who may claim; the local session knows its own humans
        acting = list(self.session.humans_to_act())
        player = acting[0] if acting else (self.shown_player if self.shown_player is not None
                                           else humans[0])
        self.curtain = player if player != self.shown_player else None
        return self.session.seat_of(player)

    def _refresh_view(self) -> None:
        seat = self._pick_viewer()
        if seat != self.viewer:
            self.viewer = seat
        self.view = self.session.view(self.viewer)
        self.layer = None
        self._build_actions()
        self.dirty = True

    # ------------------------------------------------------------ events → animations

    def _poll(self) -> None:
        events = self.session.poll(self.viewer)
        if events:
            self.queue.extend(events)
            self._refresh_view()
        elif self.layer is None:
            self._refresh_view()

    def _animate(self, event: Event, delay: float) -> None:
        speed = self.ctx.speed * (3.0 if len(self.queue) > BACKLOG else 1.0)
        rel = (event.seat - self.viewer) % 4 if event.seat >= 0 else -1
        if event.kind == "hand_start":
            self.dice_roll = Tween(0.0, 1.0, 0.9 / speed, ease_out_cubic, delay)
            self.result_shown = False
            if event.amount and self.view.ruleset == "mazhan":  # 底注 shown at each hand's start
                c = self.layout.center
                self._float(t("table.stake", n=event.amount), (c.centerx, c.y + c.h // 4),
                            ACCENT, delay + 0.3 / speed, speed / 2, big=True)
        elif event.kind == "discard" and event.tile is not None and rel >= 0:
            self.ctx.sounds.play("tile")
            self.flights.append(Flight(event.seat, event.tile,
                                       Tween(0.0, 1.0, FLIGHT_TIME / speed, ease_out_cubic,
                                             delay), self.layout.river_w))
            self.layer = None
        elif event.kind == "meld" and event.meld is not None:
            self.ctx.sounds.play("claim")
            label = t("action." + event.meld.kind.value)
            self._float(label, self._seat_anchor(rel), ACCENT, delay, speed, big=True)
        elif event.kind == "bonus" and event.tile is not None:
            self._float(event.tile.zh, self._seat_anchor(rel), HIGHLIGHT, delay, speed)
        elif event.kind == "payment" and event.amount:
            if event.seat >= 0:
                self._float(f"+{event.amount}", self._plate_pos(rel), (140, 230, 140), delay,
                            speed)
            if event.other >= 0:
                other_rel = (event.other - self.viewer) % 4
                self._float(f"-{event.amount}", self._plate_pos(other_rel), (240, 130, 120),
                            delay, speed)
        elif event.kind == "win":
            self.ctx.sounds.play("win")
            self.banner = (t("action.win"), Tween(0.0, 1.0, BANNER_TIME / speed, linear_ease,
                                                  delay))
        elif event.kind == "exhausted":
            self.banner = (t("result.exhausted"), Tween(0.0, 1.0, BANNER_TIME / speed,
                                                        linear_ease, delay))
        elif event.kind == "hand_end" and self.counted_hand != self.view.hand_no:
            self.counted_hand = self.view.hand_no
            self.ctx.hands_completed += 1

    def _float(self, text: str, pos: tuple[int, int], color: tuple[int, int, int],
               delay: float, speed: float, big: bool = False) -> None:
        size = round(self.layout.hand_w * (0.9 if big else 0.55))
        self.floaters.append(Floater(text, pos, color,
                                     Tween(0.0, 1.0, FLOAT_TIME / speed, ease_out_cubic, delay),
                                     size))

    @property
    def animating(self) -> bool:
        return bool(self.flights or self.floaters or self.banner or self.tweens.active
                    or (self.dice_roll is not None))

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if self.curtain is not None:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.shown_player = self.curtain
                self.curtain = None
                self._refresh_view()
            return
        if self.lan is not None and self.lan.handle(event, may_open=not self.result_shown):
            self.dirty = True
            return
        if self.result_shown:
            if self.result_buttons.handle(event):
                self.dirty = True
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.demo:
            self.ctx.stack.pop()
            return
        if self.actions.handle(event):
            self.dirty = True
            return
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                moved = abs(event.pos[0] - self.drag[1][0]) + abs(event.pos[1] - self.drag[1][1])
                if self.drag_pos is not None or moved > self.layout.hand_w // 3:
                    self.drag_pos = event.pos
                    self.dirty = True
            hover = self._tile_at(event.pos)
            if hover != self.hover:
                self.hover = hover
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self._tile_at(event.pos)
            if index >= 0:
                self.drag = (index, event.pos)
                self.drag_pos = None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            index, _start = self.drag
            dragged = self.drag_pos is not None
            self.drag = None
            self.drag_pos = None
            self.dirty = True
            if dragged:
                self._drop(index, event.pos[0])
            elif 0 <= index < len(self.hand_rects) and self._tile_at(event.pos) == index:
                self._discard(self.hand_rects[index][1])
        elif event.type == pygame.KEYDOWN and self.hand_rects:
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and shift:
                step = -1 if event.key == pygame.K_LEFT else 1
                if 0 <= self.selected < len(self._order()):
                    self._reorder(self.selected, self.selected + step)
                    self.selected = max(0, min(self.selected + step, len(self._order()) - 1))
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = -1 if event.key == pygame.K_LEFT else 1
                start = self.selected if self.selected >= 0 else len(self.hand_rects) - 1
                self.selected = (start + step) % len(self.hand_rects)
                self.dirty = True
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_d):
                index = self.selected if self.selected >= 0 else len(self.hand_rects) - 1
                self._discard(self.hand_rects[index][1])

    # ------------------------------------------------------------ own arrangement

    def _order(self) -> list[Tile]:
        """The concealed tiles (the drawn one aside) in the player's own order."""
        concealed = list(self.view.concealed)
        drawn = self.view.drawn
        if drawn is not None and drawn in concealed:
            concealed.remove(drawn)
        player = self.view.players[self.viewer] if self.view.players else 0
        order = reconcile(self.orders.get(player, ()), concealed)
        self.orders[player] = order
        return order

    def _reorder(self, source: int, target: int) -> None:
        player = self.view.players[self.viewer]
        self.orders[player] = move(self._order(), source, target)
        self.dirty = True

    def _drop(self, index: int, x: int) -> None:
        """A dragged tile let go at `x`: it goes to the slot there (the drawn tile stays out)."""
        order = self._order()
        if index >= len(order):
            return
        slots = [rect.centerx for rect, _tile in self.hand_rects[: len(order)]]
        target = sum(1 for i, cx in enumerate(slots) if cx < x and i != index)
        self._reorder(index, target)

    def _tile_at(self, pos: tuple[int, int]) -> int:
        for i, (rect, _tile) in enumerate(self.hand_rects):
            if rect.collidepoint(pos):
                return i
        return -1

    def _my_turn(self) -> bool:
        return self.viewer in self.view.to_act and not self.demo and self.curtain is None

    def _discard(self, tile: Tile) -> None:
        action = Action(ActionKind.DISCARD, tile)
        if self._my_turn() and action in self.view.legal:
            self._submit(action)

    def _submit(self, action: Action) -> None:
        try:
            self.session.submit(self.viewer, action)
        except IllegalAction as exc:
            self.error = str(exc)
        else:
            self.error = ""
            self.selected = -1
            self.hover = -1
        self._poll()
        self.next_bot_at = self.now + THINK_DELAY / self.ctx.speed

    def _build_actions(self) -> None:
        buttons: list[Button] = []
        if self._my_turn():
            legal = sorted((a for a in self.view.legal if a.kind is not ActionKind.DISCARD),
                           key=lambda a: KIND_ORDER.get(a.kind, 9))
            area = self.layout.actions
            bh = area.h
            x = area.right
            for n, action in reversed(list(enumerate(legal))):
                label = t("action." + action.kind.value)
                tiles = action.tiles or ((action.tile,) if action.tile is not None
                                         and action.kind is not ActionKind.WIN else ())
                label_w = _label_width(self.ctx.fonts, label, bh) if tiles else 0
                key = pygame.K_1 + n if n < 9 else None
                letter = KIND_KEYS.get(action.kind)
                hint = f"{n + 1}" + (f"/{pygame.key.name(letter).upper()}" if letter else "")
                # the key hint sits in the bottom-right corner: the tiles stop short of it
                hint_w = (self.ctx.fonts.font(max(10, bh // 4)).size(hint)[0] + 8 if tiles
                          else 0)
                bw = max(bh * 2, label_w + len(tiles) * round(bh * 0.6) + bh // 6 + hint_w)
                x -= bw + 6
                buttons.append(_TileButton(pygame.Rect(x, area.y, bw, bh), label,
                                           self._submitter(action), key, hint=hint,
                                           tiles=tuple(tiles), art=self.ctx.art))
                if letter is not None and not any(b.key == letter for b in buttons[:-1]):
                    buttons.append(Button(pygame.Rect(0, 0, 0, 0), "", self._submitter(action),
                                          letter))
        self.actions.set(buttons)

    def _submitter(self, action: Action) -> _Callback:
        return lambda: self._submit(action)

    # ------------------------------------------------------------ update

    def update(self, dt: float) -> bool:
        speed = self.ctx.speed * (3.0 if len(self.queue) > BACKLOG else 1.0)
        delay = 0.0
        while self.queue:
            self._animate(self.queue.popleft(), delay)
            delay += 0.05 / speed
        for flight in list(self.flights):
            if not flight.tween.update(dt):
                self.flights.remove(flight)
                self.layer = None
        for floater in list(self.floaters):
            if not floater.tween.update(dt):
                self.floaters.remove(floater)
        if self.banner is not None and not self.banner[1].update(dt):
            self.banner = None
        if self.dice_roll is not None and not self.dice_roll.update(dt):
            self.dice_roll = None
            self.layer = None
        self.tweens.update(dt)
        self.now += dt
        now = self.now
        if self.lan is not None:
            changed, plates = self.lan.update(now)
            if plates:
                self.layer = None
            self.dirty |= changed
        timer = self.session.timer()
        if timer is not None:
            if self.session.check_timeout():  # M11: the session played for the player
                self._poll()
            elif math.ceil(timer[0]) != self.shown_second:
                self.shown_second = math.ceil(timer[0])
                self.dirty = True
        if self.session.hand_over and not self.result_shown and not self.flights:
            self._show_result()
            self.result_at = now + RESULT_DELAY_DEMO / self.ctx.speed
        if self.result_shown and self.demo and now >= self.result_at:
            self._continue()
        elif not self.session.hand_over and self.curtain is None and not self.flights:
            if self.session.waiting_on_others():
                if self.next_bot_at == 0.0:
                    self.next_bot_at = now + THINK_DELAY / self.ctx.speed
                if now >= self.next_bot_at:
                    self.session.step()
                    self.next_bot_at = now + THINK_DELAY / self.ctx.speed
                    self._poll()
            else:
                self.next_bot_at = 0.0
        moving = self.animating
        if moving:
            self.dirty = True
        return moving

    def wake_in(self) -> float | None:
        wake = self._wake_in()
        if self.lan is not None:  # chat and notices arrive from the network at any time
            return self.lan.wake_in() if wake is None else min(wake, self.lan.wake_in())
        return wake

    def _wake_in(self) -> float | None:
        now = self.now
        timer = self.session.timer()
        if timer is not None:  # redraw as each second of the countdown goes
            return min(timer[0] % 1.0 or 1.0, 1.0)
        if self.result_shown and self.demo:
            return max(0.0, self.result_at - now)
        if not self.session.hand_over and self.curtain is None and (
            self.session.waiting_on_others()
        ):
            return max(0.0, self.next_bot_at - now) if self.next_bot_at else 0.0
        return None

    def _show_result(self) -> None:
        self.result_shown = True
        self.selected = -1
        w, h = self.ctx.size
        bw, bh = max(160, w // 7), max(36, h // 18)
        y = int(h * 0.84)
        buttons = []
        if not self.session.match_over:
            buttons.append(Button(pygame.Rect(w // 2 - bw - 10, y, bw, bh), t("result.next"),
                                  self._continue, pygame.K_RETURN, hint="Enter"))
        else:
            buttons.append(Button(pygame.Rect(w // 2 - bw - 10, y, bw, bh),
                                  t("result.standings"), self._standings, pygame.K_RETURN,
                                  hint="Enter"))
        buttons.append(Button(pygame.Rect(w // 2 + 10, y, bw, bh), t("result.menu"),
                              self._to_menu, pygame.K_ESCAPE, hint="Esc"))
        self.result_buttons.set(buttons)
        self.dirty = True

    def _continue(self) -> None:
        if self.session.match_over:
            if self.demo:
                self._to_menu()
            return
        self.session.next_hand()
        self.result_shown = False
        self.result_buttons.set([])
        self._poll()
        self.next_bot_at = self.now + THINK_DELAY / self.ctx.speed

    def _standings(self) -> None:
        session = self.session
        self.ctx.stack.push(StandingsScene(self.ctx, session.history, session.player_names,
                                           self.start_scores, self._to_menu))

    def _to_menu(self) -> None:
        while len(self.ctx.stack) > 1:
            self.ctx.stack.pop()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout = table_layout(size)
        if self.lan is not None:
            self.lan.layout = self.layout
        self.layer = None
        self._bg = None
        self._build_actions()
        if self.result_shown:
            self._show_result()

    # ------------------------------------------------------------ geometry helpers

    def _seat_anchor(self, rel: int) -> tuple[int, int]:
        if rel < 0:
            return self.layout.center.center
        rect = self.layout.seats[rel]
        return rect.center

    def _plate_pos(self, rel: int) -> tuple[int, int]:
        return self._plates()[rel % 4].center

    @property
    def wall_thickness(self) -> int:
        return max(8, self.layout.center.h // 12)

    def _plates(self) -> list[pygame.Rect]:
        c = self.layout.center.inflate(-2 * self.wall_thickness - 2,
                                       -2 * self.wall_thickness - 2)
        ph = max(20, c.h // 5)
        pw = max(c.w // 4, 70)
        sh = max(3 * 12, c.h - 2 * ph - 12)
        return [
            pygame.Rect(c.x + 2, c.bottom - ph - 2, c.w - 4, ph),
            pygame.Rect(c.right - pw - 2, c.centery - sh // 2, pw, sh),
            pygame.Rect(c.x + 2, c.y + 2, c.w - 4, ph),
            pygame.Rect(c.x + 2, c.centery - sh // 2, pw, sh),
        ]

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain is not None:
            self._draw_curtain(surface)
            self.dirty = False
            return
        if self.layer is None or self.layer.get_size() != surface.get_size():
            self.layer = self._draw_layer(surface.get_size())
        surface.blit(self.layer, (0, 0))
        self._draw_hand(surface)
        self._draw_hints(surface)
        self.actions.draw(surface, self.ctx.fonts)
        timer = self.session.timer()
        if timer is not None:
            band = self.layout.actions
            r = band.h // 2 - 2
            draw_timer(surface, (band.x + r + 4, band.centery), r, timer[0], timer[1],
                       self.ctx.fonts)
        self._draw_status(surface)
        if self.lan is not None:
            self.lan.draw_chat(surface)
        self._draw_moving(surface)
        if self.result_shown:
            self._draw_result(surface)
        if self.lan is not None:  # notices and warnings stay readable over the results
            self.lan.draw_notes(surface, self._alert_box() if self.result_shown else None)
        self.dirty = False

    def _alert_box(self) -> pygame.Rect | None:
        """Under the results panel, left of its buttons: the warning's place while it shows."""
        if self.panel is None or not self.result_buttons.buttons:
            return None
        m = self.layout.margin
        top = self.panel.rect.bottom + m
        right = min(b.rect.x for b in self.result_buttons.buttons) - 2 * m
        return pygame.Rect(m, top, right - m, self.ctx.size[1] - m - top)

    def _draw_curtain(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(PANEL)
        assert self.curtain is not None
        name = self.view.names[self.session.seat_of(self.curtain)] if self.view.names else "?"
        title = self.ctx.fonts.render(t("table.pass_to", name=name), max(28, h // 12), ACCENT,
                                      bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, h // 2 - h // 20)))
        tip = self.ctx.fonts.render(t("table.curtain_hint"), max(16, h // 36), MUTED)
        surface.blit(tip, tip.get_rect(center=(w // 2, h // 2 + h // 12)))

    def _draw_layer(self, size: tuple[int, int]) -> pygame.Surface:
        if self._bg is None or self._bg.get_size() != size:
            self._bg = felt_background(size)
        layer = self._bg.copy()
        self._draw_center(layer)
        for seat in range(4):
            rel = (seat - self.viewer) % 4
            if rel != 0:
                self._draw_other(layer, seat, rel)
            self._draw_bonus(layer, seat, rel)
            self._draw_river(layer, seat, rel)
        return layer

    def _draw_center(self, layer: pygame.Surface) -> None:
        view, fonts, c = self.view, self.ctx.fonts, self.layout.center
        pygame.draw.rect(layer, FELT_DARK, c, border_radius=max(6, c.w // 30))
        pygame.draw.rect(layer, (70, 120, 100), c, width=2, border_radius=max(6, c.w // 30))
        draw_wall(layer, c.inflate(-4, -4), self.wall_thickness, view, self.viewer)
        plates = self._plates()
        tags = self.lan.tags() if self.lan is not None else ["", "", "", ""]
        for seat in range(4):
            rel = (seat - self.viewer) % 4
            rect = plates[rel]
            tag = tags[view.players[seat]] if view.players else ""
            active = seat in view.to_act or (view.phase == "discard" and seat == view.current)
            if active and view.phase != "over":
                pygame.draw.rect(layer, (60, 100, 70), rect, border_radius=6)
                pygame.draw.rect(layer, HIGHLIGHT, rect, width=2, border_radius=6)
            wind = fonts.render(t(f"wind.{seat}") if i18n.language() == "zh" else "ESWN"[seat],
                                max(12, rect.h * 2 // 3 if rel % 2 == 0 else rect.h // 3),
                                ACCENT if seat == 0 else TEXT, bold=True)
            name = view.names[seat] if view.names else ""
            score = f"{view.scores[seat]}" if view.scores else ""
            if rel % 2 == 0:
                layer.blit(wind, wind.get_rect(midleft=(rect.x + 6, rect.centery)))
                x = rect.x + 12 + wind.get_width()
                size = fonts.fit(name, max(12, rect.h // 2), rect.w // 2)
                label = fonts.render(name, size, TEXT)
                layer.blit(label, label.get_rect(midleft=(x, rect.centery)))
                sc = fonts.render(score, max(12, rect.h // 2), HIGHLIGHT)
                layer.blit(sc, sc.get_rect(midright=(rect.right - 8, rect.centery)))
                if seat == 0:
                    self._dealer_mark(layer, (x + label.get_width() + rect.h // 2, rect.centery),
                                      rect.h // 3)
                if tag:
                    right = rect.right - 16 - sc.get_width()
                    self._plate_tag(layer, tag, (right, rect.centery), "midright",
                                    max(10, rect.h * 2 // 5))
            else:
                # a marked plate gives its badge a row of its own between name and score; each
                # line's size keeps its glyphs inside its row
                rows = 4 if tag else 3
                line_h = rect.h // rows
                row_size = self._row_size(line_h)
                wind = fonts.render(t(f"wind.{seat}") if i18n.language() == "zh"
                                    else "ESWN"[seat], row_size, ACCENT if seat == 0 else TEXT,
                                    bold=True)
                layer.blit(wind, wind.get_rect(midtop=(rect.centerx, rect.y)))
                size = fonts.fit(name, row_size, rect.w - 6)
                label = fonts.render(name, size, TEXT)
                layer.blit(label, label.get_rect(midtop=(rect.centerx, rect.y + line_h)))
                sc = fonts.render(score, row_size, HIGHLIGHT)
                layer.blit(sc, sc.get_rect(midtop=(rect.centerx, rect.y + (rows - 1) * line_h)))
                if seat == 0:
                    self._dealer_mark(layer, (rect.right - line_h // 2, rect.y + line_h // 2),
                                      line_h // 2)
                if tag:
                    self._plate_tag(layer, tag, (rect.centerx, rect.y + 2 * line_h + 1),
                                    "midtop", self._row_size(line_h - 3), rect.w - 4)
        # middle: wall count, hand, stake, dice, wild indicator
        wt = 2 * self.wall_thickness
        mid = pygame.Rect(0, 0, c.w - 2 * plates[1].w - 12 - wt, c.h - 2 * plates[0].h - 12 - wt)
        mid.center = c.center
        small = max(11, mid.h // 6)
        lines = [t("table.hand", n=view.hand_no), t("table.wall", n=view.wall_left)]
        if view.stake:
            lines.append(t("table.stake", n=view.stake))
        y = mid.y
        for line in lines:
            img = fonts.render(line, small, TEXT)
            layer.blit(img, (mid.x, y))
            y += img.get_height()
        if self.dice_roll is None:
            self._draw_dice(layer, view.dice, (mid.x, y + 2), max(10, small))
        if view.indicator is not None:
            tw = max(16, min(self.layout.river_w, mid.h * 2 // 3))
            face = self.ctx.art.face(view.indicator, tw)
            spot = face.get_rect(topright=(mid.right, mid.y))
            layer.blit(face, spot)
            label = fonts.render(t("table.wild"), max(10, small * 4 // 5), ACCENT)
            layer.blit(label, label.get_rect(midtop=(spot.centerx, spot.bottom + 1)))

    def _row_size(self, height: int) -> int:
        """The largest text size whose lines fit in `height` pixels."""
        size = max(9, height)
        while size > 9 and self.ctx.fonts.font(size).get_linesize() > height + 2:
            size -= 1
        return size

    def _plate_tag(self, layer: pygame.Surface, text: str, at: tuple[int, int], anchor: str,
                   size: int, width: int = 0) -> None:
        """A small badge on a name plate: a bot plays this place now."""
        fonts = self.ctx.fonts
        if width:
            size = fonts.fit(text, size, width - 8)
        img = fonts.render(text, size, PANEL, bold=True)
        box = img.get_rect().inflate(8, 2)
        setattr(box, anchor, at)
        pygame.draw.rect(layer, MUTED, box, border_radius=box.h // 3)
        layer.blit(img, img.get_rect(center=box.center))

    def _dealer_mark(self, layer: pygame.Surface, center: tuple[int, int], r: int) -> None:
        r = max(r, 7)
        pygame.draw.circle(layer, (200, 50, 40), center, r)
        img = self.ctx.fonts.render(t("table.dealer") if i18n.language() == "zh" else "D",
                                    max(9, r * 3 // 2), TEXT, bold=True)
        layer.blit(img, img.get_rect(center=center))

    def _draw_dice(self, layer: pygame.Surface, dice: tuple[int, ...], pos: tuple[int, int],
                   size: int) -> None:
        x, y = pos
        for value in dice:
            rect = pygame.Rect(x, y, size, size)
            pygame.draw.rect(layer, (245, 245, 240), rect, border_radius=max(2, size // 5))
            pips = _PIPS.get(value, ())
            for px, py in pips:
                color = (200, 30, 30) if value in (1, 4) else (30, 30, 30)
                pygame.draw.circle(layer, color, (x + px * size, y + py * size),
                                   max(1, size // 9))
            x += size + 4

    def _draw_other(self, layer: pygame.Surface, seat: int, rel: int) -> None:
        view, art = self.view, self.ctx.art
        rect = self.layout.seats[rel]
        sw = self.layout.small_w
        count = view.hand_sizes[seat]
        melds = view.melds[seat]
        over = view.phase == "over" and view.revealed
        if rel == 2:
            x = rect.right
            tiles = view.revealed[seat] if over else ()
            for i in range(count):
                surf = art.face(tiles[i], sw) if over and i < len(tiles) else art.back(sw)
                x -= sw
                layer.blit(surf, (x, rect.y))
            x -= sw // 2
            for meld in melds:
                x = self._draw_meld_row(layer, meld, seat, x, rect.y, sw, leftward=True)
                x -= sw // 3
        else:
            step = sw
            y = rect.y
            tiles = view.revealed[seat] if over else ()
            angle = 90 if rel == 1 else -90
            for i in range(count):
                surf = (art.face(tiles[i], sw, rotate=angle) if over and i < len(tiles)
                        else art.back(sw, rotate=angle))
                layer.blit(surf, (rect.x, y))
                y += step
            y += sw // 2
            for meld in melds:
                for tile in meld.tiles:
                    face = (art.back(sw) if meld.kind is MeldKind.CONCEALED_KONG
                            and tile == meld.tiles[0] else art.face(tile, sw))
                    layer.blit(face, (rect.centerx - sw // 2, y))
                    if meld.claimed is not None and tile == meld.claimed:
                        pygame.draw.rect(layer, ACCENT, (rect.centerx - sw // 2, y, sw,
                                                         full_height(sw)), 2)
                    y += full_height(sw) - sw // 4
                y += sw // 3

    def _draw_meld_row(self, surface: pygame.Surface, meld: Meld, seat: int, x: int, y: int,
                       w: int, leftward: bool) -> int:
        """Draw a meld with the claimed tile turned toward its source; returns the new x."""
        art = self.ctx.art
        tiles = list(meld.tiles)
        turned = -1
        if meld.claimed is not None and meld.source is not None and meld.kind is not (
            MeldKind.CONCEALED_KONG
        ):
            src_rel = (meld.source - seat) % 4
            turned = {3: 0, 2: 1, 1: len(tiles) - 1}.get(src_rel, -1)
        pieces: list[pygame.Surface] = []
        for i, tile in enumerate(tiles):
            if meld.kind is MeldKind.CONCEALED_KONG and i in (0, 3):
                pieces.append(art.back(w))
            elif i == turned:
                pieces.append(art.face(tile, w, rotate=90))
            else:
                pieces.append(art.face(tile, w))
        height = full_height(w)
        order = list(reversed(pieces)) if leftward else pieces
        for piece in order:
            if leftward:
                x -= piece.get_width()
            py = y + height - piece.get_height()
            surface.blit(piece, (x, py))
            if not leftward:
                x += piece.get_width()
        return x

    def _draw_bonus(self, layer: pygame.Surface, seat: int, rel: int) -> None:
        tiles = self.view.bonus[seat]
        if not tiles:
            return
        rect = self.layout.bonus[rel]
        w = self.layout.small_w
        if rel in (0, 2):
            x = rect.x
            for tile in tiles:
                layer.blit(self.ctx.art.face(tile, w), (x, rect.y))
                x += w + 1
        else:
            cols = 2
            for i, tile in enumerate(tiles):
                col, row = i % cols, i // cols
                x = rect.x + col * (w + 2) if rel == 3 else rect.right - (col + 1) * (w + 2)
                layer.blit(self.ctx.art.face(tile, w), (x, rect.y + row * full_height(w)))

    def _draw_river(self, layer: pygame.Surface, seat: int, rel: int) -> None:
        river = self.view.rivers[seat]
        hidden = sum(1 for f in self.flights if f.seat == seat)
        shown = river[: len(river) - hidden] if hidden else river
        if not river:
            return
        width, spots = river_grid(self.layout.rivers[rel], rel, len(river), self.layout.river_w)
        last = self.view.last_discard
        for i, ((tile, claimed), spot) in enumerate(zip(shown, spots, strict=False)):
            face = self.ctx.art.face(tile, width)
            if claimed:
                face = face.copy()
                face.fill((120, 120, 120), special_flags=pygame.BLEND_RGB_MULT)
            layer.blit(face, spot)
            if last is not None and last[0] == seat and i == len(river) - 1 and not claimed:
                rect = pygame.Rect(spot, (width, full_height(width)))
                pygame.draw.rect(layer, HIGHLIGHT, rect.inflate(4, 4), 3, border_radius=4)

    def _hand_tiles(self) -> tuple[list[Tile], Tile | None]:
        return self._order(), self.view.drawn

    def _draw_hand(self, surface: pygame.Surface) -> None:
        view, art, lay = self.view, self.ctx.art, self.layout
        rect = lay.hand
        w = lay.hand_w
        lift = w // 3
        base_y = rect.bottom - full_height(w)
        self.hand_rects = []
        dragged: pygame.Surface | None = None
        concealed, drawn = self._hand_tiles()
        x = rect.x
        my_turn = self._my_turn() and view.phase == "discard"
        entries = [(tile, False) for tile in concealed]
        if drawn is not None:
            entries.append((drawn, True))
        for i, (tile, is_drawn) in enumerate(entries):
            if is_drawn:
                x += w // 2
            raised = i == self.selected or (my_turn and i == self.hover)
            y = base_y - (lift if raised else 0)
            face = art.face(tile, w, wild=view.wild is not None and tile == view.wild)
            held = self.drag is not None and self.drag_pos is not None and self.drag[0] == i
            if held:
                dragged = face
            else:
                surface.blit(face, (x, y))
            hit = pygame.Rect(x, base_y - lift, w, full_height(w) + lift)
            self.hand_rects.append((hit, tile))
            x += w
        # own melds, right-aligned on the same row
        mx = rect.right
        for meld in reversed(view.melds[self.viewer]):
            mx = self._draw_meld_row(surface, meld, self.viewer, mx,
                                     rect.bottom - full_height(lay.meld_w), lay.meld_w,
                                     leftward=True)
            mx -= lay.meld_w // 3
        if dragged is not None and self.drag_pos is not None:
            surface.blit(dragged, dragged.get_rect(center=self.drag_pos))

    @property
    def hints_on(self) -> bool:
        return self.ctx.settings.hints and not self.demo and self.curtain is None

    def current_hints(self) -> Hints:
        """The hints for the seat on screen, the waits assuming the focused tile goes."""
        if not self.hints_on or self.view.phase == "over":
            return NO_HINTS
        focus = self.hover if self.hover >= 0 else self.selected
        tile = self.hand_rects[focus][1] if 0 <= focus < len(self.hand_rects) else None
        return self.advisor.hints(self.view, tile if self._my_turn() else None)

    def _draw_hints(self, surface: pygame.Surface) -> None:
        hints = self.current_hints()
        if hints is NO_HINTS:
            return
        draw_hints(surface, self.layout.hints, hints, self.ctx.fonts, self.ctx.art)
        suggestion = hints.suggestion
        if (suggestion is not None and suggestion.kind is ActionKind.DISCARD
                and self._my_turn()):
            for rect, tile in reversed(self.hand_rects):
                if tile == suggestion.tile:
                    r = max(3, self.layout.hand_w // 10)
                    pygame.draw.circle(surface, ACCENT, (rect.centerx, rect.y + r), r)
                    break

    def _draw_status(self, surface: pygame.Surface) -> None:
        view, fonts = self.view, self.ctx.fonts
        rect = self.layout.bonus_self
        if view.bonus[self.viewer]:
            return  # the bonus strip is in use; the prompt shows in the action area instead
        text = ""
        if self.error:
            text = self.error
        elif self._my_turn():
            text = t("table.your_turn") if view.phase == "discard" else t("table.claim")
        elif view.phase != "over" and view.to_act and not self.demo:
            seat = view.to_act[0]
            text = t("table.waiting", name=view.names[seat])
        if text:
            size = fonts.fit(text, max(12, rect.h // 2), rect.w)
            img = fonts.render(text, size, (255, 140, 120) if self.error else TEXT)
            surface.blit(img, img.get_rect(midleft=(rect.x, rect.centery)))

    def _draw_moving(self, surface: pygame.Surface) -> None:
        fonts = self.ctx.fonts
        for flight in self.flights:
            rel = (flight.seat - self.viewer) % 4
            river = self.view.rivers[flight.seat]
            width, spots = river_grid(self.layout.rivers[rel], rel, len(river),
                                      self.layout.river_w)
            target = spots[-1] if spots else self.layout.center.center
            start = self._seat_anchor(rel)
            p = flight.tween.progress
            x = start[0] + (target[0] - start[0]) * p
            y = start[1] + (target[1] - start[1]) * p
            surface.blit(self.ctx.art.face(flight.tile, width), (round(x), round(y)))
        for floater in self.floaters:
            p = floater.tween.progress
            img = fonts.render(floater.text, floater.size, floater.color, bold=True)
            img.set_alpha(round(255 * (1 - p) if p > 0.5 else 255))
            x, y = floater.pos
            surface.blit(img, img.get_rect(center=(x, round(y - p * self.layout.hand_w))))
        if self.banner is not None:
            text, tween = self.banner
            c = self.layout.center
            size = max(40, c.h // 2)
            img = fonts.render(text, size, ACCENT, bold=True)
            img.set_alpha(round(255 * min(1.0, (1 - tween.progress) * 3)))
            surface.blit(img, img.get_rect(center=c.center))
        if self.dice_roll is not None:
            c = self.layout.center
            p = self.dice_roll.progress
            rng = random.Random(int(p * 12))
            faces = self.view.dice if p >= 0.99 else (rng.randint(1, 6), rng.randint(1, 6))
            size = max(18, c.h // 4)
            self._draw_dice(surface, faces, (c.centerx - size, c.centery - size // 2), size)

    def results_panel(self) -> ResultsPanel:
        def meld_row(surface: pygame.Surface, meld: object, seat: int, x: int, y: int,
                     w: int) -> int:
            assert isinstance(meld, Meld)
            return self._draw_meld_row(surface, meld, seat, x, y, w, leftward=False)

        return ResultsPanel(self.ctx, self.view, self.result_buttons, meld_row)

    def _draw_result(self, surface: pygame.Surface) -> None:
        # the panel is drawn once per result and language; frames blit it and the buttons
        key = (id(self.view), surface.get_size(), i18n.language())
        if self._result_cache is None or self._result_cache[0] != key:
            panel = self.results_panel()
            panel.buttons = ButtonGroup()  # the live buttons are drawn on top each frame
            image = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            panel.draw(image)
            self.panel = panel
            self._result_cache = (key, image.subsurface(panel.rect).copy(), panel.rect)
        _key, image, rect = self._result_cache
        surface.blit(image, rect)
        self.result_buttons.draw(surface, self.ctx.fonts)


def linear_ease(t: float) -> float:
    return t



_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.28, 0.28), (0.72, 0.72)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    6: ((0.3, 0.22), (0.7, 0.22), (0.3, 0.5), (0.7, 0.5), (0.3, 0.78), (0.7, 0.78)),
}


def _label_width(fonts: object, label: str, height: int) -> int:
    """Room for a tile button's label at half the button's height, padded, at least square."""
    from game.client.fonts import Fonts

    assert isinstance(fonts, Fonts)
    text_w = fonts.font(int(height * 0.5)).size(label)[0]
    return max(height, text_w + height // 3)


class _TileButton(Button):
    """An action button that shows its tiles (each chow option as tiles)."""

    def __init__(self, rect: pygame.Rect, label: str, action: _Callback, key: int | None,
                 hint: str, tiles: tuple[Tile, ...], art: object) -> None:
        super().__init__(rect, label, action, key, hint=hint)
        self.tiles = tiles
        self.art = art

    def draw(self, surface: pygame.Surface, fonts: object, hot: bool = False) -> None:
        from game.client.fonts import Fonts
        from game.client.tile_art import TileArt

        assert isinstance(fonts, Fonts) and isinstance(self.art, TileArt)
        if not self.tiles:
            super().draw(surface, fonts, hot)
            return
        text_rect = pygame.Rect(self.rect.x, self.rect.y, _label_width(fonts, self.label,
                                                                       self.rect.h),
                                self.rect.h)
        saved = self.label
        self.label = ""
        super().draw(surface, fonts, hot)
        self.label = saved
        img = fonts.render(self.label, int(self.rect.h * 0.5), TEXT)
        surface.blit(img, img.get_rect(center=text_rect.center))
        tw = max(10, round(self.rect.h * 0.6) - 2)
        x = text_rect.right
        y = self.rect.centery - full_height(tw) // 2
        for tile in self.tiles:
            surface.blit(self.art.face(tile, tw), (x, y))
            x += tw + 1

