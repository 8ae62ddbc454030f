"""What moves on the table: the game's events turned into flights, floaters, banners and the
dice roll, their tween bookkeeping, and drawing them over everything else.

Events start animations but never hold the game back: the view is always the current state,
and a flying tile only hides its river spot until it lands.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

import pygame

from game.client.centre_box import plate_pos, seat_anchor
from game.client.dice import draw_dice
from game.client.i18n import t
from game.client.layout import TableLayout, river_grid, river_rotation
from game.client.scene import Scene
from game.client.tile_names import tile_name
from game.client.tween import Tween, Tweens, ease_out_cubic
from game.client.widgets import ACCENT, HIGHLIGHT
from game.events import Event
from game.tiles import Tile
from game.view import SeatView

FLIGHT_TIME = 0.28
BANNER_TIME = 0.9
FLOAT_TIME = 1.4
CALL_TIME = 1.2
"""A call (吃 碰 槓 胡 自摸 搶槓) stays this long at the caller's seat."""
REVEAL_TIME = 1.3
"""After a win's call, the open hands (the winning tile marked) show this long before the
score panel."""
BACKLOG = 4
"""More queued events than this and animations run faster to catch up."""


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


@dataclass
class Callout:
    """A call announced in large type over the caller's river, with a dark backing."""

    text: str
    rel: int
    color: tuple[int, int, int]
    tween: Tween


def linear_ease(t: float) -> float:
    return t


WIN_CALLS = {"self_draw": "call.self_draw", "robbing": "call.robbing",
             "kuaizhao": "call.kuaizhao"}
"""A win's call by how it was won; any other way is a plain 胡."""


class TableMotion(Scene):
    """The table scene's animations; TableScene sets these attributes up."""

    view: SeatView
    viewer: int
    layout: TableLayout
    layer: pygame.Surface | None
    """The cached table layer; None: redraw it (a flight landed, the dice stopped)."""
    result_shown: bool
    counted_hand: int
    queue: deque[Event]
    flights: list[Flight]
    floaters: list[Floater]
    banner: tuple[str, Tween] | None
    tweens: Tweens
    dice_roll: Tween | None
    callouts: list[Callout]
    hold: Tween | None
    """Set while a won hand lies open before its score panel."""

    def _speed(self) -> float:
        return self.ctx.speed * (3.0 if len(self.queue) > BACKLOG else 1.0)

    def _animate(self, event: Event, delay: float) -> None:
        speed = self._speed()
        rel = (event.seat - self.viewer) % 4 if event.seat >= 0 else -1
        if event.kind == "hand_start":
            self.dice_roll = Tween(0.0, 1.0, 0.9 / speed, ease_out_cubic, delay)
            self.result_shown = False
            if event.amount and self.view.ruleset == "mazhan":  # 底注 shown at each hand's start
                # over the (still empty) own river, clear of the dice in the centre box
                river = self.layout.rivers[0]
                self._float(t("table.stake", n=event.amount), river.center, ACCENT,
                            delay + 0.3 / speed, speed / 2, big=True)
        elif event.kind == "discard" and event.tile is not None and rel >= 0:
            self.ctx.sounds.play("tile")
            self.flights.append(Flight(event.seat, event.tile,
                                       Tween(0.0, 1.0, FLIGHT_TIME / speed, ease_out_cubic,
                                             delay), self.layout.river_w))
            self.layer = None
        elif event.kind == "meld" and event.meld is not None:
            self.ctx.sounds.play("claim")
            self._call(t("action." + event.meld.kind.value), rel, ACCENT, delay, speed)
        elif event.kind == "bonus" and event.tile is not None:
            self._float(tile_name(event.tile), seat_anchor(self.layout, rel), HIGHLIGHT, delay,
                        speed)
        elif event.kind == "payment" and event.amount and self.view.phase != "over":
            # money paid during the hand (Nanjing kong money, penalties) floats at the seats;
            # what a hand's end settles is read on the results panel
            if event.seat >= 0:
                self._float(f"+{event.amount}", plate_pos(self.layout, rel), (140, 230, 140),
                            delay, speed)
            if event.other >= 0:
                other_rel = (event.other - self.viewer) % 4
                self._float(f"-{event.amount}", plate_pos(self.layout, other_rel),
                            (240, 130, 120), delay, speed)
        elif event.kind == "win":
            # the end of a hand queues many events at once: the win's call keeps its pace
            speed = self.ctx.speed
            self.ctx.sounds.play("win")
            self._call(t(WIN_CALLS.get(event.info, "action.win")), rel, HIGHLIGHT, delay, speed)
            self.hold = Tween(0.0, 1.0, (CALL_TIME + REVEAL_TIME) / speed, linear_ease, delay)
            self.layer = None
        elif event.kind == "exhausted":
            self.banner = (t("result.exhausted"), Tween(0.0, 1.0, BANNER_TIME / speed,
                                                        linear_ease, delay))
        elif event.kind == "hand_end" and self.counted_hand != self.view.hand_no:
            self.counted_hand = self.view.hand_no
            self.ctx.hands_completed += 1

    def _call(self, text: str, rel: int, color: tuple[int, int, int], delay: float,
              speed: float) -> None:
        self.callouts.append(Callout(text, rel, color,
                                     Tween(0.0, 1.0, CALL_TIME / speed, linear_ease, delay)))

    def _float(self, text: str, pos: tuple[int, int], color: tuple[int, int, int],
               delay: float, speed: float, big: bool = False) -> None:
        size = round(self.layout.hand_w * (0.9 if big else 0.55))
        # a second floater at the same place goes below the first instead of over it
        while any(f.pos == pos and f.tween.progress < 0.5 for f in self.floaters):
            pos = (pos[0], pos[1] + size)
        self.floaters.append(Floater(text, pos, color,
                                     Tween(0.0, 1.0, FLOAT_TIME / speed, ease_out_cubic, delay),
                                     size))

    @property
    def animating(self) -> bool:
        return bool(self.flights or self.floaters or self.banner or self.tweens.active
                    or self.callouts or self.hold is not None
                    or (self.dice_roll is not None))

    def _advance_motion(self, dt: float) -> None:
        """Start the queued events' animations (staggered) and move every tween on by `dt`."""
        speed = self._speed()
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
        for callout in list(self.callouts):
            if not callout.tween.update(dt):
                self.callouts.remove(callout)
        if self.hold is not None and not self.hold.update(dt):
            self.hold = None
        if self.dice_roll is not None and not self.dice_roll.update(dt):
            self.dice_roll = None
            self.layer = None
        self.tweens.update(dt)

    def _draw_moving(self, surface: pygame.Surface) -> None:
        fonts = self.ctx.fonts
        for flight in self.flights:
            rel = (flight.seat - self.viewer) % 4
            river = self.view.rivers[flight.seat]
            width, spots = river_grid(self.layout.rivers[rel], rel, len(river),
                                      self.layout.river_w)
            target = spots[-1] if spots else self.layout.center.center
            start = seat_anchor(self.layout, rel)
            p = flight.tween.progress
            x = start[0] + (target[0] - start[0]) * p
            y = start[1] + (target[1] - start[1]) * p
            surface.blit(self.ctx.art.face(flight.tile, width, rotate=river_rotation(rel)),
                         (round(x), round(y)))
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
            draw_dice(surface, faces, (c.centerx - size, c.centery - size // 2), size)

    def _draw_on_top(self, surface: pygame.Surface) -> None:
        """Calls and floaters (payments, the stake, flowers): over everything else."""
        fonts = self.ctx.fonts
        for callout in self.callouts:
            self._draw_callout(surface, callout)
        for floater in self.floaters:
            p = floater.tween.progress
            img = fonts.render(floater.text, floater.size, floater.color, bold=True)
            img.set_alpha(round(255 * (1 - p) if p > 0.5 else 255))
            x, y = floater.pos
            surface.blit(img, img.get_rect(center=(x, round(y - p * self.layout.hand_w))))

    def _draw_callout(self, surface: pygame.Surface, callout: Callout) -> None:
        p = callout.tween.progress
        if p <= 0.0:
            return
        lay = self.layout
        size = max(40, round(lay.hand_w * 1.4))
        if p < 0.15:  # it pops in, then holds, then fades
            size = round(size * (0.6 + 0.4 * p / 0.15))
        img = self.ctx.fonts.render(callout.text, size, callout.color, bold=True)
        rel = callout.rel
        at = lay.rivers[rel].center if rel >= 0 else lay.center.center
        box = img.get_rect(center=at).inflate(size // 2, size // 5)
        box.clamp_ip(surface.get_rect())
        alpha = round(255 * min(1.0, (1.0 - p) / 0.3))
        back = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(back, (10, 24, 20, min(220, alpha)), back.get_rect(),
                         border_radius=box.h // 4)
        pygame.draw.rect(back, (*callout.color, alpha), back.get_rect(), 3,
                         border_radius=box.h // 4)
        surface.blit(back, box)
        img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=box.center))
