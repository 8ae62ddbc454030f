"""What moves on the table: the game's events turned into flights, floaters, banners and the
dice roll, their tween bookkeeping, and drawing them over everything else.

Events start animations but never hold the game back: the view is always the current state,
and a flying tile only hides its river spot until it lands.
"""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.client.i18n import t
from game.client.scene import Scene
from game.client.table.centre_box import dice_spot, plate_pos, seat_anchor, wall_thickness
from game.client.table.dice import draw_dice
from game.client.table.layout import TableLayout, river_grid, river_rotation, river_tile_rect
from game.client.table.wall_view import (
    dealt_blocks,
    draw_stack,
    ring_position,
    stack_rects,
    wall_heights,
)
from game.client.tile_names import tile_name
from game.client.ui.tween import Tween, Tweens, ease_out_cubic
from game.client.ui.widgets import ACCENT, HIGHLIGHT
from game.events import Event
from game.tiles import Tile
from game.view import SeatView

if TYPE_CHECKING:
    from game.client.table.layers import StillLayer

FLIGHT_TIME = 0.28
BANNER_TIME = 0.9
FLOAT_TIME = 1.4
CALL_TIME = 1.2
"""A call (吃 碰 槓 胡 自摸 搶槓) stays this long at the caller's seat."""
DEAL_STEP = 0.05
"""Seconds between two blocks of the deal (four tiles each, as at a real table)."""
DEAL_FLIGHT = 0.25
DRAW_FLIGHT = 0.3
DRAW_STEP = 0.15
"""Seconds between the deal's flower replacements, drawn one by one from the tail."""
DICE_TIME = 0.9
"""The hand's roll, which breaks the wall."""
FLIP_TIME = 0.8
"""The wild indicator turning face up (Mazhan)."""
FIRST_ROLL_TIME = 2.0
"""The match's first roll, which picks the first dealer, stays this long."""
DEAL_TURN = 0.3
"""Once the own hand's last block has landed, its tiles lie face down this long before they
show sorted (the turn a player gives a freshly dealt hand)."""
REVEAL_TIME = 1.3
"""After a win's call, the open hands (the winning tile marked) show this long before the
score panel."""
PLAYED = frozenset({"discard", "meld", "win", "exhausted", "hand_end"})
"""Events that play on past the deal: once one arrives, the deal's hands show whole."""
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


@dataclass
class Move:
    """Face-down tiles moving from the wall to a seat (a block of the deal, or a draw from
    the head or, for a replacement, the tail). Purely to show what happened: the hand they
    join is already in the view, and nothing waits for them."""

    count: int
    start: tuple[int, int]
    end: tuple[int, int]
    rel: int
    tween: Tween
    tile: Tile | None = None
    """A face-up tile (a claimed discard going into a meld); None: face-down tiles."""
    stacks: tuple[tuple[int, int], ...] = ()
    """(side, stack) of each tile taken from the wall: the wall shows them until the move
    starts (the still layer already draws the wall as it is after the deal)."""


def linear_ease(t: float) -> float:
    return t


def wall_take(event: Event) -> tuple[int, int]:
    """Tiles `event` takes from the wall's head and from its tail."""
    if event.kind == "deal":
        return len(event.tiles) or event.amount, 0
    if event.kind == "draw":
        return (0, 1) if event.info == "tail" else (1, 0)
    if event.kind == "wild" and event.tile is not None:
        return 1 + len(event.tiles), 0
    return 0, 0


def floater_spot(floater: Floater, size: tuple[int, int], rise: int,
                 screen: pygame.Rect) -> pygame.Rect:
    """Where a floater's text of `size` is drawn: risen `rise` pixels at the end, and kept
    on screen (one at the top seat would rise past the window's edge)."""
    x, y = floater.pos
    spot = pygame.Rect((0, 0), size)
    spot.center = (x, round(y - floater.tween.progress * rise))
    return spot.clamp(screen)


WIN_CALLS = {"self_draw": "call.self_draw", "robbing": "call.robbing",
             "kuaizhao": "call.kuaizhao"}
"""A win's call by how it was won; any other way is a plain 胡."""


class TableMotion(Scene):
    """The table scene's animations; TableScene sets these attributes up."""

    view: SeatView
    viewer: int
    layout: TableLayout
    still: StillLayer
    """The table's still layer: invalidated when a flight lands or the dice stop."""
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
    moves: list[Move]
    flip: tuple[Tile, Tween] | None
    first_roll: tuple[str, tuple[int, int], Tween] | None
    intro: float
    """While a hand's first events start: the delay the deal waits for (the rolls)."""
    deal_end: float
    """While a hand's first events start: when the deal (and the wild's flip) will have
    shown, so the deal's flower replacements follow it; 0 otherwise."""
    solo: bool
    """One person plays here: the first roll tells them their seat."""
    first_dice: tuple[int, int] | None
    """The match's first roll (who deals first), shown before its first hand; None once
    shown or when the session does not know it."""
    deal_tiles: tuple[Tile, ...]
    """The own seat's dealt tiles in the order they were dealt, shown block by block while
    the deal flies; () once the deal has shown."""
    deal_turn: Tween | None
    """The own hand turned face down after its last block landed, then shown sorted."""
    wall_pos: list[int]
    """Tiles taken from the wall's head and tail before the event being animated (the view
    is already past the whole batch, so each draw's stack is counted back from it)."""

    def _speed(self) -> float:
        return self.ctx.speed * (3.0 if len(self.queue) > BACKLOG else 1.0)

    def _animate(self, event: Event, delay: float) -> None:
        speed = self._speed()
        rel = (event.seat - self.viewer) % 4 if event.seat >= 0 else -1
        for which, n in enumerate(wall_take(event)):  # counted before its stack is found
            self.wall_pos[which] += n
        if event.kind == "hand_start":
            if self.first_dice is not None and self.view.hand_no == 1:
                dealer = self.view.names[0] if self.view.names else ""
                text = (t("table.first_roll", wind=t(f"wind.name.{self.viewer}"), name=dealer)
                        if self.solo else t("table.first_roll_all", name=dealer))
                # read at its own pace, however many events the deal queued behind it
                pace = self.ctx.speed
                self.first_roll = (text, self.first_dice,
                                   Tween(0.0, 1.0, FIRST_ROLL_TIME / pace, linear_ease, delay))
                delay += FIRST_ROLL_TIME / pace
            self.first_dice = None
            self.wall_pos = [0, 0]
            # the roll that breaks the wall keeps its own pace too, however many events the
            # deal queued behind it; the deal and the wild's flip follow it
            pace = self.ctx.speed
            self.dice_roll = Tween(0.0, 1.0, DICE_TIME / pace, ease_out_cubic, delay)
            self.intro = delay + DICE_TIME / pace
            self.result_shown = False
            if event.amount and self.view.ruleset == "mazhan":  # 底注 shown at each hand's start
                # over the (still empty) own river, clear of the dice in the centre box
                river = self.layout.rivers[0]
                self._float(t("table.stake", n=event.amount), river.center, ACCENT,
                            delay + 0.3 / speed, speed / 2, big=True)
        elif event.kind == "deal" and rel >= 0:
            # the deal keeps its own pace, however many events a hand's start queues, and
            # times every seat's blocks from one start so they leave the wall in its order
            self._deal(event, rel, self.intro, self.ctx.speed)
        elif event.kind == "draw" and rel >= 0:
            tail = event.info == "tail"
            taken = self.wall_pos[1 if tail else 0]
            at = delay + self.intro
            if self.deal_end:  # the deal's flower replacements, one by one after the deal
                at = max(at, self.deal_end)
                self.deal_end = at + DRAW_STEP / self.ctx.speed
            self.moves.append(Move(1, self._wall_spot(tail, taken), self._seat_spot(rel), rel,
                                   Tween(0.0, 1.0, DRAW_FLIGHT / speed, ease_out_cubic, at)))
        elif event.kind == "wild" and event.tile is not None:
            # after the deal's blocks; the flowers are replaced once it has turned
            pace = self.ctx.speed
            after = max(self.deal_end, delay + self.intro)
            self.flip = (event.tile, Tween(0.0, 1.0, FLIP_TIME / pace, linear_ease, after))
            self.deal_end = after + FLIP_TIME / pace
        elif event.kind == "discard" and event.tile is not None and rel >= 0:
            self.ctx.sounds.play("tile")
            self.flights.append(Flight(event.seat, event.tile,
                                       Tween(0.0, 1.0, FLIGHT_TIME / speed, ease_out_cubic,
                                             delay), self.layout.river_w))
            self.still.invalidate()
        elif event.kind == "meld" and event.meld is not None:
            self.ctx.sounds.play("claim")
            self._call(t("action." + event.meld.kind.value), rel, ACCENT, delay, speed)
            claimed = event.meld.claimed
            if event.other >= 0 and claimed is not None and rel >= 0:
                # the claimed discard leaves its river for the claimer's melds
                src = (event.other - self.viewer) % 4
                river = self.layout.rivers[src]
                count = len(self.view.rivers[event.other])
                width, spots = river_grid(river, src, max(count, 1), self.layout.river_w)
                start = river_tile_rect(spots[-1], src, width).center if spots else river.center
                end = (self.layout.melds[rel].center if rel else
                       (self.layout.hand.right - self.layout.hand_w * 2,
                        self.layout.hand.centery))
                self.moves.append(Move(1, start, end, rel, Tween(
                    0.0, 1.0, DRAW_FLIGHT / speed, ease_out_cubic, delay), tile=claimed))
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
            result = self.view.result
            key = WIN_CALLS.get(event.info, "action.win")
            if key == "action.win" and result is not None and result.cut:
                key = "call.cut"  # 截胡: a later seat declared a win on this tile too (M7, N2)
            self._call(t(key), rel, HIGHLIGHT, delay, speed)
            self.hold = Tween(0.0, 1.0, (CALL_TIME + REVEAL_TIME) / speed, linear_ease, delay)
            self.still.invalidate()
        elif event.kind == "exhausted":
            self.banner = (t("result.exhausted"), Tween(0.0, 1.0, BANNER_TIME / speed,
                                                        linear_ease, delay))
        elif event.kind == "hand_end" and self.counted_hand != self.view.hand_no:
            self.counted_hand = self.view.hand_no
            self.ctx.hands_completed += 1

    def _deal(self, event: Event, rel: int, delay: float, speed: float) -> None:
        """A seat's dealt tiles in blocks of four, the seats taking turns from the dealer,
        each block flying from the wall's stacks it is taken from: the head, which starts at
        the break (ruling M4)."""
        count = len(event.tiles) or event.amount
        landed = 0
        spot = self._seat_spot(rel)
        left = self._hand_row()[0] if rel == 0 else 0
        # the deal is the hand's first take from the head: offsets count from the break
        for offset, n in dealt_blocks(event.seat, count):
            stacks = tuple(self._head_stack(offset + i) for i in range(n))
            at = delay + (0.3 + offset / 4 * DEAL_STEP) / speed
            end = spot
            if rel == 0:  # the own hand grows from its left end: each block lands after it
                end = (left + round((landed + n / 2) * self.layout.hand_w), spot[1])
            landed += n
            self.moves.append(Move(n, self._stacks_centre(stacks), end, rel,
                                   Tween(0.0, 1.0, DEAL_FLIGHT / speed, ease_out_cubic, at),
                                   stacks=stacks))
            self.deal_end = max(self.deal_end, at + DEAL_FLIGHT / speed)
            if rel == 0:  # the own hand turns over once its last block has landed
                self.deal_turn = Tween(0.0, 1.0, DEAL_TURN / speed, linear_ease,
                                       at + DEAL_FLIGHT / speed)
        if rel == 0:
            self.deal_tiles = event.tiles

    @property
    def dealing(self) -> bool:
        """The deal still shows: some hands are drawn with only their landed blocks."""
        return self.deal_turn is not None or any(m.stacks for m in self.moves)

    def unlanded(self, rel: int) -> int:
        """Tiles of the deal still on their way to the seat at `rel` (or still in the wall):
        its hand is drawn without them until they land (the view already holds them)."""
        return sum(m.count for m in self.moves if m.stacks and m.rel == rel)

    def finish_deal(self) -> None:
        """Show every hand whole at once: the player acted, or the game moved past the deal
        (it never waits for the animation)."""
        if not self.dealing:
            return
        self.moves = [m for m in self.moves if not m.stacks]
        self.deal_turn = None
        self.deal_tiles = ()
        self.still.invalidate()

    def _hand_row(self) -> tuple[int, int]:
        """The own concealed row's left end and length (TableScene lays the hand out)."""
        raise NotImplementedError

    def _head_stack(self, index: int) -> tuple[int, int]:
        """(side, stack) of the head's tile `index` (0: the first after the break)."""
        return ring_position(*self.view.wall_break, index // 2)

    def _stacks_centre(self, stacks: tuple[tuple[int, int], ...]) -> tuple[int, int]:
        """The middle of the wall stacks a block is taken from, on screen."""
        cells = [self._stack_rect(side, stack) for side, stack in stacks]
        return (sum(c.centerx for c in cells) // len(cells),
                sum(c.centery for c in cells) // len(cells))

    def _stack_rect(self, side: int, stack: int) -> pygame.Rect:
        thick = wall_thickness(self.layout)
        rel = (side - self.viewer) % 4
        return stack_rects(self.layout.center.inflate(-4, -4), thick, rel)[stack]

    def _sync_wall(self) -> None:
        """Count back from the view (already past the queued events) to where the wall stood
        before them; a batch holding a hand's start begins from that start instead."""
        if any(e.kind == "hand_start" for e in self.queue):
            return  # the hand's start sets the count to nothing taken
        takes = [wall_take(e) for e in self.queue]
        head, tail = sum(h for h, _t in takes), sum(t for _h, t in takes)
        taken_head, taken_tail = self.view.wall_taken
        self.wall_pos = [max(0, taken_head - head), max(0, taken_tail - tail)]

    def _seat_spot(self, rel: int) -> tuple[int, int]:
        """Where tiles arriving at a seat's hand go."""
        return self.layout.hand.center if rel == 0 else self.layout.seats[rel].center

    def _wall_spot(self, tail: bool, taken: int | None = None) -> tuple[int, int]:
        """The wall stack the `taken`-th tile from the head (or, for a replacement, the tail)
        came from; by default the last one the view has taken."""
        if taken is None:
            head_taken, tail_taken = self.view.wall_taken
            taken = tail_taken if tail else head_taken
        if taken <= 0:
            return self.layout.center.center
        step = -1 - (taken - 1) // 2 if tail else (taken - 1) // 2
        return self._stack_rect(*ring_position(*self.view.wall_break, step)).center

    def skip_motion(self) -> None:
        """Finish every animation at once (a key for people who would rather not watch)."""
        self.finish_deal()
        self.flights.clear()
        self.moves.clear()
        self.floaters.clear()
        self.callouts.clear()
        self.banner = None
        self.hold = None
        self.flip = None
        self.first_roll = None
        self.dice_roll = None
        self.still.invalidate()

    def _call(self, text: str, rel: int, color: tuple[int, int, int], delay: float,
              speed: float) -> None:
        self.callouts.append(Callout(text, rel, color,
                                     Tween(0.0, 1.0, CALL_TIME / speed, linear_ease, delay)))

    def _float(self, text: str, pos: tuple[int, int], color: tuple[int, int, int],
               delay: float, speed: float, big: bool = False) -> None:
        size = round(self.layout.hand_w * (0.9 if big else 0.55))
        # a second floater at the same place goes beside the first instead of over it (issue
        # 28: "White Dragon" and "Bonus" drawn over each other): a line nearer the table's
        # middle, so the window's edge never pushes it back onto the first
        step = self.ctx.fonts.font(size, bold=True).get_linesize() + self.layout.hand_w
        step = -step if pos[1] > self.layout.size[1] // 2 else step
        while any(f.pos == pos and not f.tween.done for f in self.floaters):
            pos = (pos[0], pos[1] + step)
        self.floaters.append(Floater(text, pos, color,
                                     Tween(0.0, 1.0, FLOAT_TIME / speed, ease_out_cubic, delay),
                                     size))

    @property
    def animating(self) -> bool:
        return bool(self.flights or self.floaters or self.banner or self.tweens.active
                    or self.callouts or self.hold is not None or self.moves
                    or self.flip is not None or self.first_roll is not None
                    or self.deal_turn is not None
                    or (self.dice_roll is not None))

    @property
    def settling(self) -> bool:
        """The rolls, the deal, a draw or the wild's flip still shows: bots wait to play
        (the engine does not: its state is already complete, and Tab skips all this)."""
        return bool(self.first_roll is not None or self.dice_roll is not None or self.moves
                    or self.flip is not None)

    def _advance_motion(self, dt: float) -> None:
        """Start the queued events' animations (staggered) and move every tween on by `dt`."""
        speed = self._speed()
        delay = 0.0
        if self.queue:
            self._sync_wall()
        while self.queue:
            self._animate(self.queue.popleft(), delay)
            delay += 0.05 / speed
        self.intro = 0.0
        self.deal_end = 0.0
        for flight in list(self.flights):
            if not flight.tween.update(dt):
                self.flights.remove(flight)  # the layer already holds it: nothing to redraw
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
        for move in list(self.moves):
            if not move.tween.update(dt):
                self.moves.remove(move)
                if move.stacks and move.rel:  # a block landed: that hand grows by it
                    self.still.invalidate()
        if self.deal_turn is not None and not self.deal_turn.update(dt):
            self.deal_turn = None
            self.deal_tiles = ()
        if self.flip is not None and not self.flip[1].update(dt):
            self.flip = None
        if self.first_roll is not None and not self.first_roll[2].update(dt):
            self.first_roll = None
        if self.dice_roll is not None and not self.dice_roll.update(dt):
            self.dice_roll = None
            self.still.invalidate()
        self.tweens.update(dt)

    def _draw_waiting_stacks(self, surface: pygame.Surface) -> None:
        """The wall's stacks whose tiles have not left yet (the deal's later blocks): the
        still layer draws the wall as it stands after them."""
        waiting: dict[tuple[int, int], int] = {}
        for move in self.moves:
            if move.stacks and move.tween.elapsed <= move.tween.delay:
                for spot in move.stacks:
                    waiting[spot] = waiting.get(spot, 0) + 1
        if not waiting:
            return
        heights = wall_heights(self.view)
        for (side, stack), n in waiting.items():
            rel = (side - self.viewer) % 4
            draw_stack(surface, self._stack_rect(side, stack), rel,
                       min(2, n + heights[side][stack]))

    def _draw_moving(self, surface: pygame.Surface) -> None:
        fonts = self.ctx.fonts
        self._draw_waiting_stacks(surface)
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
        for move in self.moves:
            p = move.tween.progress
            if p <= 0.0:
                continue
            w = self.layout.small_w
            back = (self.ctx.art.face(move.tile, self.layout.river_w) if move.tile is not None
                    else self.ctx.art.back(w, rotate=river_rotation(move.rel)))
            x = move.start[0] + (move.end[0] - move.start[0]) * p
            y = move.start[1] + (move.end[1] - move.start[1]) * p
            across = move.rel in (0, 2)
            step = back.get_width() if across else back.get_height()
            for i in range(move.count):
                off = (i - (move.count - 1) / 2) * step
                spot = (round(x + off), round(y)) if across else (round(x), round(y + off))
                surface.blit(back, back.get_rect(center=spot))
        if self.flip is not None:
            tile, tween = self.flip
            p = tween.progress
            if p > 0.0:
                w = max(24, self.layout.river_w * 2)
                face = self.ctx.art.face(tile, w) if p >= 0.5 else self.ctx.art.back(w)
                width = max(1, round(face.get_width() * abs(math.cos(math.pi * p))))
                img = pygame.transform.smoothscale(face, (width, face.get_height()))
                surface.blit(img, img.get_rect(center=self.layout.center.center))
        if self.first_roll is not None:
            text, dice, tween = self.first_roll
            box = self.layout.rivers[2].union(self.layout.rivers[0]).clip(
                self.layout.center.inflate(0, 2 * self.layout.rivers[2].h))
            size = max(28, self.layout.river_w * 2)
            p = tween.progress
            rng = random.Random(int(p * 20))
            faces = dice if p >= 0.4 else (rng.randint(1, 6), rng.randint(1, 6))
            img = fonts.render(text, max(18, size * 2 // 3), ACCENT, bold=True)
            panel = pygame.Rect(0, 0, max(img.get_width(), 2 * size + 4) + size,
                                size + img.get_height() + size // 2)
            panel.midtop = (box.centerx, self.layout.rivers[2].y)
            pygame.draw.rect(surface, (10, 24, 20), panel, border_radius=size // 4)
            pygame.draw.rect(surface, ACCENT, panel, 2, border_radius=size // 4)
            draw_dice(surface, faces, (panel.centerx - size - 2, panel.y + size // 4), size)
            if p >= 0.4:
                surface.blit(img, img.get_rect(midbottom=(panel.centerx,
                                                          panel.bottom - size // 6)))
        if self.banner is not None:
            text, tween = self.banner
            c = self.layout.center
            size = max(40, c.h // 2)
            img = fonts.faded(text, size, ACCENT, round(255 * min(1.0, (1 - tween.progress) * 3)),
                              bold=True)
            surface.blit(img, img.get_rect(center=c.center))
        if self.dice_roll is not None:
            p = self.dice_roll.progress
            rng = random.Random(int(p * 12))
            faces = self.view.dice if p >= 0.99 else (rng.randint(1, 6), rng.randint(1, 6))
            # where they come to rest, beside the stake line: never over Wall or Stake
            at, size = dice_spot(fonts, self.view, self.layout)
            draw_dice(surface, faces, at, size)

    def _draw_on_top(self, surface: pygame.Surface) -> None:
        """Calls and floaters (payments, the stake, flowers): over everything else."""
        fonts = self.ctx.fonts
        for callout in self.callouts:
            self._draw_callout(surface, callout)
        for floater in self.floaters:
            if floater.tween.elapsed < floater.tween.delay:
                continue  # not yet: the tile it names has not come
            p = floater.tween.progress
            img = fonts.faded(floater.text, floater.size, floater.color,
                              round(255 * (1 - p) if p > 0.5 else 255), bold=True)
            surface.blit(img, floater_spot(floater, img.get_size(), self.layout.hand_w,
                                           surface.get_rect()))

    def _draw_callout(self, surface: pygame.Surface, callout: Callout) -> None:
        p = callout.tween.progress
        if p <= 0.0:
            return
        lay = self.layout
        size = max(40, round(lay.hand_w * 1.4))
        if p < 0.15:  # it pops in, then holds, then fades
            size = round(size * (0.6 + 0.4 * p / 0.15))
        alpha = round(255 * min(1.0, (1.0 - p) / 0.3))
        img = self.ctx.fonts.faded(callout.text, size, callout.color, alpha, bold=True)
        rel = callout.rel
        at = lay.rivers[rel].center if rel >= 0 else lay.center.center
        box = img.get_rect(center=at).inflate(size // 2, size // 5)
        box.clamp_ip(surface.get_rect())
        back = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(back, (10, 24, 20, min(220, alpha)), back.get_rect(),
                         border_radius=box.h // 4)
        pygame.draw.rect(back, (*callout.color, alpha), back.get_rect(), 3,
                         border_radius=box.h // 4)
        surface.blit(back, box)
        surface.blit(img, img.get_rect(center=box.center))
