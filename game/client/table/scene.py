"""The table scene: reads SeatViews and events from a Session, never engine internals.

TableScene keeps the input (own hand, keys, the action bar's clicks), the flow (the hot-seat
curtain, bots paced on scene time, results, continue) and the wiring. What it draws and
animates lives beside it: layers (the still layer, drawn once per change of view),
centre_box, motion (flights, floaters, banners, dice) and action_bar.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from typing import cast

import pygame

from game.actions import Action, ActionKind
from game.client import i18n
from game.client.context import Context
from game.client.i18n import t
from game.client.sessions.local import Session
from game.client.table.action_bar import KIND_KEYS, Callback, action_buttons
from game.client.table.action_bar import TileButton as _TileButton
from game.client.table.action_bar import label_width as _label_width
from game.client.table.coach import coach_for
from game.client.table.hand_view import HandView
from game.client.table.hints import NO_HINTS, Advisor, Hints
from game.client.table.host_places import HostSeat, place_actions, place_buttons
from game.client.table.hud import draw_hints, draw_timer
from game.client.table.lan_overlay import LanOverlay, lan_feed
from game.client.table.layers import Drawn, StillLayer, meld_width
from game.client.table.layout import TableLayout, full_height, table_layout
from game.client.table.menu import TableMenu
from game.client.table.motion import PLAYED, Callout, Flight, Floater, Move, TableMotion
from game.client.table.results import ResultsPanel, StandingsScene
from game.client.table.toggles import AUTO_DELAY, TableToggles
from game.client.table.tracker import draw_tracker
from game.client.table.vote_prompt import VotePrompt, Voter
from game.client.table.why_view import draw_why_line, draw_why_panel, is_why_key
from game.client.ui.tween import Tween, Tweens
from game.client.ui.widgets import ACCENT, HIGHLIGHT, MUTED, PANEL, TEXT, Button, ButtonGroup
from game.client.wording import illegal_text
from game.errors import IllegalAction
from game.events import Event
from game.melds import Meld
from game.tiles import Tile
from game.view import SeatView

# KIND_KEYS, _TileButton and _label_width are imported from here by the action-bar tests
__all__ = [
    "KIND_KEYS",
    "RESULT_DELAY_DEMO",
    "THINK_DELAY",
    "TableScene",
    "_TileButton",
    "_label_width",
]

THINK_DELAY = 0.45
"""Seconds a bot 'thinks' at speed 1, so people can follow the play."""
RESULT_DELAY_DEMO = 3.0


class TableScene(TableMotion):
    """A match at the table: local (solo, hot-seat, demo), LAN, or a replay (a subclass)."""

    def __init__(self, ctx: Context, session: Session, demo: bool = False) -> None:
        super().__init__(ctx)
        self.toggles = TableToggles(getattr(getattr(session, "match", None), "seed", 0))
        """Auto-win, pass every claim, discard the drawn tile, sort and 托管, per local player."""
        self.next_auto_at = 0.0
        self.hand = HandView()
        """The own hand's hover, selection, drag, tile rects and arrangement."""
        self.now = 0.0
        """Scene time in seconds, advanced by `update(dt)`: pacing never reads the wall clock,
        so tests that drive `update` are deterministic."""
        self.session = session
        self.demo = demo
        self.layout: TableLayout = table_layout(ctx.size, ctx.settings.large_tiles)
        self.shown_player: int | None = None
        """The human whose concealed tiles are on screen (hot-seat); None: no one yet."""
        self.curtain: int | None = None
        """Player the screen must be passed to before their tiles show."""
        self.tracker_open = False
        """The tile tracker (T) is over the table."""
        self.viewer = self._pick_viewer()
        self.view: SeatView = self.session.view(self.viewer)
        self.queue: deque[Event] = deque()
        self.flights: list[Flight] = []
        self.floaters: list[Floater] = []
        self.banner: tuple[str, Tween] | None = None
        self.callouts: list[Callout] = []
        self.hold: Tween | None = None
        self.moves: list[Move] = []
        self.flip: tuple[Tile, Tween] | None = None
        self.first_roll: tuple[str, tuple[int, int], Tween] | None = None
        self.wall_pos = [0, 0]
        self.deal_tiles: tuple[Tile, ...] = ()
        self.deal_turn: Tween | None = None
        self.solo = not demo and len(session.humans) == 1
        self.intro = 0.0
        self.deal_end = 0.0
        match = getattr(session, "match", None)
        dice = getattr(match, "first_dice", None)
        self.first_dice: tuple[int, int] | None = (
            (int(dice[0]), int(dice[1])) if dice is not None and not getattr(
                match, "history", ()) else None)
        self.tweens = Tweens()
        self.dice_roll: Tween | None = None
        self.still = StillLayer(self)
        """The still layer (felt, centre box, other hands, melds, rivers), drawn once per change."""
        self.actions = ButtonGroup()
        self.result_buttons = ButtonGroup()
        self.result_shown = False
        self.sheet_page = 0
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
        self.shown_second = -1
        feed = lan_feed(session)
        self.lan = LanOverlay(ctx, feed) if feed is not None else None
        self.vote_prompted: object = None
        """The proposal to end the match last put to the player (issue 28)."""
        self.voted_end = False
        """The match was voted to an end and its standings opened."""
        """Chat, notices, bot marks and wall warnings: only at a LAN table."""
        self.why_open = False
        """The "why not?" panel is open (the ? key): the view's refusals in words."""
        self._poll()
        self.coach = coach_for(self)
        """The lesson's words, spotlight and answers: only at a lesson's table (issue 27)."""

    # ------------------------------------------------------------ whose screen it is

    @property
    def layer(self) -> pygame.Surface | None:
        """The still layer's cached surface (None: drawn again on the next frame)."""
        return self.still.surface

    @property
    def drawn(self) -> Drawn:
        """Per seat, the screen rects drawn in the last frame (what --layout-json reports)."""
        return self.still.drawn

    def others_view(self) -> SeatView:
        """The view the other seats' hands are drawn from: the own seat's."""
        return self.view

    def _pick_viewer(self) -> int:
        humans = self.session.humans
        if not humans or self.demo:
            return self.session.seat_of(0)  # the demo watches over player 0's shoulder
        if len(humans) == 1:
            self.shown_player = humans[0]
            return self.session.seat_of(humans[0])
        # the public view hides who may claim; the local session knows its own humans
        # a player whose toggles answer for them is not called to the screen
        acting = [p for p in self.session.humans_to_act() if self._auto_intent(p) is None]
        player = acting[0] if acting else (self.shown_player if self.shown_player is not None
                                           else humans[0])
        self.curtain = player if player != self.shown_player else None
        return self.session.seat_of(player)

    def _refresh_view(self) -> None:
        seat = self._pick_viewer()
        if seat != self.viewer:
            self.finish_deal()  # hot-seat: the dealt tiles shown were the last player's own
            self.viewer = seat
        self.view = self.session.view(self.viewer)
        self.still.invalidate()
        self._build_actions()
        self.dirty = True

    # ------------------------------------------------------------ events from the session

    def _poll(self) -> None:
        events = self.session.poll(self.viewer)
        if events:
            if self.dealing and any(e.kind in PLAYED for e in events):
                self.finish_deal()  # the game moved past the deal: every hand whole
            self.queue.extend(events)
            self._refresh_view()
        elif self.still.surface is None:
            self._refresh_view()

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if self._handle_why(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not (
                self.result_shown or (self.lan is not None and self.lan.composing)):
            self.open_menu()  # every table: resume, rules, settings, leave (issue 11)
            return
        if self.coach is not None and self.coach.handle(event):
            self.dirty = True
            return
        if self.curtain is not None:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.shown_player = self.curtain
                self.curtain = None
                self._refresh_view()
            return
        if self._toggle_input(event):
            return
        if self.lan is not None and self.lan.handle(event, may_open=not self.result_shown):
            self.dirty = True
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self.animating:
            self.skip_motion()  # Tab: skip the animations; the game never waited for them
            self.dirty = True
            return
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_t
                and not self.result_shown):
            self.tracker_open = not self.tracker_open  # T: the tile tracker (issue 28)
            self.dirty = True
            return
        if self.dealing and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            # acting on the hand mid-deal shows it whole first: what is clicked is what shows
            self.finish_deal()
            self.dirty = True
        if self.result_shown:
            if self.result_buttons.handle(event):
                self.dirty = True
            elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN,
                                                                pygame.K_PAGEUP):
                # the score sheet's pages (it never shrinks its text to fit)
                self.sheet_page += 1 if event.key == pygame.K_PAGEDOWN else -1
                self.dirty = True
            return
        if self.actions.handle(event):
            self.dirty = True
            return
        hand = self.hand
        if event.type == pygame.MOUSEMOTION:
            if hand.drag is not None:
                moved = abs(event.pos[0] - hand.drag[1][0]) + abs(event.pos[1] - hand.drag[1][1])
                if hand.drag_pos is not None or moved > self.layout.hand_w // 3:
                    hand.drag_pos = event.pos
                    self.dirty = True
            hover = hand.tile_at(event.pos)
            if hover != hand.hover:
                hand.hover = hover
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = hand.tile_at(event.pos)
            if index >= 0:
                hand.drag = (index, event.pos)
                hand.drag_pos = None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and hand.drag is not None:
            index, _start = hand.drag
            dragged = hand.drag_pos is not None
            hand.drag = None
            hand.drag_pos = None
            self.dirty = True
            if dragged:
                self._drop(index, event.pos[0])
            elif 0 <= index < len(hand.rects) and hand.tile_at(event.pos) == index:
                self._discard(hand.rects[index][1])
        elif event.type == pygame.KEYDOWN and hand.rects:
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and shift:
                step = -1 if event.key == pygame.K_LEFT else 1
                if 0 <= hand.selected < len(self._order()):
                    self._reorder(hand.selected, hand.selected + step)
                    hand.selected = max(0, min(hand.selected + step, len(self._order()) - 1))
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = -1 if event.key == pygame.K_LEFT else 1
                start = hand.selected if hand.selected >= 0 else len(hand.rects) - 1
                hand.selected = (start + step) % len(hand.rects)
                self.dirty = True
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_d):
                index = hand.selected if hand.selected >= 0 else len(hand.rects) - 1
                self._discard(hand.rects[index][1])

    # ------------------------------------------------------------ toggles and 托管

    def _me(self) -> int | None:
        """The local player on screen, whose toggles the keys flip (None: nobody's)."""
        if self.demo or self.curtain is not None or not self.view.players:
            return None
        player = self.view.players[self.viewer]
        return player if player in self.session.humans else None

    def _toggle_input(self, event: pygame.event.Event) -> bool:
        """A toggle's key or badge click flips it; under 托管 any key or click takes the
        seat back. True if the event was used."""
        me = self._me()
        if me is None or (self.lan is not None and self.lan.composing):
            return False
        toggles = self.toggles
        name = toggles.key_toggle(event) or toggles.click_toggle(event)
        if toggles.of(me).autoplay and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self._set_toggle(me, "autoplay", False)  # the same key, or any other: back
            return True
        if name is None:
            return False
        self._set_toggle(me, name, not getattr(toggles.of(me), name))
        return True

    def _set_toggle(self, player: int, name: str, on: bool) -> None:
        if bool(getattr(self.toggles.of(player), name)) != on:
            self.toggles.flip(player, name)
        if name == "sort":
            self.hand.set_sorting(player, on)
        elif name == "autoplay":
            tell = getattr(self.session, "set_auto", None)
            if tell is not None:  # a LAN table: the others see the seat is on auto
                tell(on)
        self.next_auto_at = 0.0
        self.dirty = True

    def _auto_intent(self, player: int) -> Action | None:
        """What `player`'s toggles take now, read from that player's own view."""
        if self.demo or player not in self.session.humans:
            return None
        toggles = self.toggles.of(player)
        if not (toggles.auto_win or toggles.no_claims or toggles.draw_discard
                or toggles.autoplay):
            return None
        seat = self.session.seat_of(player)
        view = self.view if seat == self.viewer else self.session.view(seat)
        return self.toggles.intent(view, player)

    def _auto_act(self) -> None:
        """After a short pause, send what the toggles chose, as a click would."""
        due = None
        if not (self.session.hand_over or self.result_shown or self.flights or self.settling
                or self.dealing):
            due = next(((p, a) for p in self.session.humans_to_act()
                        if (a := self._auto_intent(p)) is not None), None)
        if due is None:
            self.next_auto_at = 0.0
            return
        if self.next_auto_at == 0.0:
            self.next_auto_at = self.now + AUTO_DELAY / self.ctx.speed
        if self.now < self.next_auto_at:
            return
        self.next_auto_at = 0.0
        player, action = due
        seat = self.session.seat_of(player)
        if seat == self.viewer and self.curtain is None:
            self._submit(action)
            return
        try:  # hot-seat: a player not on screen, answered from their own view
            self.session.submit(seat, action)
        except IllegalAction:
            return
        self._poll()

    def _draw_toggles(self, surface: pygame.Surface) -> None:
        me = self._me()
        if me is None:
            return
        lay = self.layout
        height = max(18, lay.hints.h * 4 // 5)
        right = lay.rivers[0].x - lay.gap if lay.rivers[0].x > lay.hints.x else lay.hints.right
        self.toggles.draw(surface, self.ctx.fonts, me, lay.hints.x, lay.hints.y - lay.gap,
                          height, right - lay.hints.x)
    def _handle_why(self, event: pygame.event.Event) -> bool:
        """The "why not?" panel: ? opens and closes it (W too while no win is offered); while
        open, any other key or a click closes it. True when the event was its own."""
        if self.why_open:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.why_open = False
                self.dirty = True
                return True
            return False
        if (self.curtain is None and not self.result_shown and not self.demo
                and not (self.lan is not None and self.lan.composing)
                and is_why_key(event, self.view.legal if self._my_turn() else ())):
            self.why_open = True
            self.dirty = True
            return True
        return False

    # ------------------------------------------------------------ own arrangement

    def _order(self) -> list[Tile]:
        """The concealed tiles (the drawn one aside) in the player's own order."""
        return self.hand.order(self.view, self.viewer)

    def _reorder(self, source: int, target: int) -> None:
        self.hand.reorder(self.view, self.viewer, source, target)
        self.dirty = True

    def _drop(self, index: int, x: int) -> None:
        """A dragged tile let go at `x`: it goes to the slot there (the drawn tile stays out)."""
        target = self.hand.drop_target(self.view, self.viewer, index, x)
        if target is not None:
            self._reorder(index, target)

    def _my_turn(self) -> bool:
        return self.viewer in self.view.to_act and not self.demo and self.curtain is None

    def _discard(self, tile: Tile) -> None:
        action = Action(ActionKind.DISCARD, tile)
        if self._my_turn() and action in self.view.legal:
            self._submit(action)

    def _submit(self, action: Action) -> None:
        self.finish_deal()
        try:
            self.session.submit(self.viewer, action)
        except IllegalAction as exc:
            self.error = illegal_text(exc)
        else:
            self.error = ""
            self.hand.selected = -1
            self.hand.hover = -1
        self._poll()
        self.next_bot_at = self.now + THINK_DELAY / self.ctx.speed

    def _build_actions(self) -> None:
        if not self._my_turn():
            self.actions.set([])
            return
        area = self.layout.actions
        buttons = action_buttons(self.view.legal, area, self.ctx.fonts, self.ctx.art,
                                 self._submitter)
        shown = [b.rect for b in buttons if b.rect.w]
        if shown:
            # the prompt ends just past the own hand's right end (at a wide window the band's
            # end is far from a centred hand), never past the band's start
            x, row = self._hand_row()
            target = max(x + row + self.layout.hand_w // 2, area.x + area.w // 3)
            shift = max(0, min(area.right - target, min(r.x for r in shown) - area.x))
            for rect in shown:
                rect.x -= shift
        self.actions.set(buttons)

    def _hand_row(self) -> tuple[int, int]:
        """The own concealed row's left end and length (the drawn tile set apart): centred
        in front of the player, clear of the melds at the row's right end."""
        view, lay = self.view, self.layout
        w = lay.hand_w
        concealed, drawn = self._hand_tiles()
        count = len(concealed) + (1 if drawn is not None else 0)
        row = count * w + (w // 2 if drawn is not None else 0)
        melds_w = meld_width(self.ctx.art, view.melds[self.viewer], self.viewer, lay.meld_w)
        rect = lay.hand
        return max(rect.x, min(rect.centerx - row // 2, rect.right - melds_w - w // 2 - row)), row

    def _submitter(self, action: Action) -> Callback:
        return lambda: self._submit(action)

    # ------------------------------------------------------------ update

    def update(self, dt: float) -> bool:
        self._advance_motion(dt)
        self.now += dt
        now = self.now
        if self.lan is not None:
            changed, plates = self.lan.update(now)
            if plates:
                self.still.invalidate()
                if self.result_shown:  # the places changed: the host's buttons follow
                    page = self.sheet_page
                    self._show_result()
                    self.sheet_page = page
            self.dirty |= changed
            self.check_votes()
        timer = self.session.timer()
        if timer is not None:
            if self.session.check_timeout():  # M11: the session played for the player
                self._poll()
            elif math.ceil(timer[0]) != self.shown_second:
                self.shown_second = math.ceil(timer[0])
                self.dirty = True
        if self.curtain is None and not self._my_turn() and self.session.humans_to_act():
            # a LAN session may have taken in the state that calls us (its timer and
            # waiting_on_others read the network's queue) after the last poll: show it
            self._poll()
        self._auto_act()
        if (self.session.hand_over and not self.result_shown and not self.flights
                and self.hold is None):  # a win's call and open hands come first
            self._show_result()
            self.result_at = now + RESULT_DELAY_DEMO / self.ctx.speed
        if self.result_shown and self.demo and now >= self.result_at:
            self._continue()
        elif (not self.session.hand_over and self.curtain is None and not self.flights
              and not self.settling and not self.paused):
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

    @property
    def paused(self) -> bool:
        """--until-wall N with --demo: play stops once the wall holds N tiles or fewer."""
        limit = self.ctx.options.until_wall
        return self.demo and limit is not None and self.view.wall_left <= limit

    def wake_in(self) -> float | None:
        wake = self._wake_in()
        if self.next_auto_at:  # a toggle is about to act for a local player
            auto = max(0.0, self.next_auto_at - self.now)
            wake = auto if wake is None else min(wake, auto)
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
        if not self.session.hand_over and self.curtain is None and not self.paused and (
            self.session.waiting_on_others()
        ):
            return max(0.0, self.next_bot_at - now) if self.next_bot_at else 0.0
        return None

    def _show_result(self) -> None:
        self.result_shown = True
        self.sheet_page = 0
        self.hand.selected = -1
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
        buttons += self._host_place_buttons(pygame.Rect(w // 2 + bw + 30, y,
                                                        w - (w // 2 + bw + 30) - 10, bh))
        self.result_buttons.set(buttons)
        self.dirty = True

    def _host_place_buttons(self, row: pygame.Rect) -> list[Button]:
        """At the host's own LAN table, between hands: a bot into an empty place, or a bot's
        place opened for a newcomer."""
        if self.lan is None or self.session.match_over:
            return []
        screen = cast("HostSeat | None", self.ctx.stack.find("host"))
        if screen is None or screen.host is None or screen.net is None:
            return []
        net = screen.net
        # the host's loop makes the change; the seats message it sends back redraws these
        actions = place_actions(screen.host, net.call, lambda: None)
        return place_buttons(actions, row, row.h)

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
        voted = getattr(session, "end_reason", None) == "voted"
        self.ctx.stack.push(StandingsScene(self.ctx, session.history, session.player_names,
                                           self.start_scores, self._to_menu,
                                           self._reviewer(),
                                           t("standings.voted") if voted else ""))

    def check_votes(self) -> None:
        """A LAN table (issue 28): the prompt when the others ask us to end the match, and
        the standings at once when the vote ended it (mid-hand, no result comes)."""
        session = self.session
        if getattr(session, "end_reason", None) is not None and session.match_over:
            if not self.voted_end:
                self.voted_end = True
                self._standings()
            return
        ask = getattr(session, "asked_to_vote", None)
        vote = ask() if ask is not None else None
        if vote is not None and vote.get("id") != self.vote_prompted:
            self.vote_prompted = vote.get("id")
            names = self.lan.names() if self.lan is not None else ["", "", "", ""]
            self.ctx.stack.push(VotePrompt(self.ctx, cast("Voter", session), vote, names))

    def _reviewer(self) -> Callable[[], None] | None:
        """Opens the Review screen of the local human's own decisions (the first of them at
        a hot-seat table; Tab reaches the others), when this table keeps a log."""
        recorder = getattr(self.session, "recorder", None)
        humans = self.session.humans
        if recorder is None or not humans:
            return None
        log_path = recorder.log

        def review() -> None:
            self.ctx.stack.open("review", log=log_path, player=humans[0], players=humans,
                                own=True)

        return review

    def open_menu(self) -> None:
        self.ctx.stack.push(TableMenu(self))

    @property
    def keeps_save(self) -> bool:
        """A solo or hot-seat match saved as it is played (Continue picks it up)."""
        return getattr(self.session, "recorder", None) is not None

    def leave(self) -> None:
        """Leave the table: a LAN table goes back to its screen (which leaves the table
        there); a local one to the main menu, its save kept for Continue."""
        if self.lan is not None:
            if self.ctx.stack.top is self:
                self.ctx.stack.pop()
            return
        self._to_menu()

    def end_match(self) -> None:
        """Hot-seat: end the match now; the standings so far, and no save left to continue."""
        recorder = getattr(self.session, "recorder", None)
        if recorder is not None:
            recorder.files.save.unlink(missing_ok=True)
            self.session.recorder = None  # type: ignore[attr-defined]
        self._standings()

    def on_enter(self) -> None:
        super().on_enter()
        # back from the menu, the rules or the settings: the language, hints or tile size may
        # differ
        if self.layout != table_layout(self.ctx.size, self.ctx.settings.large_tiles):
            self.resize(self.ctx.size)
        self.still.invalidate()
        self._result_cache = None
        self._build_actions()
        if self.result_shown:
            self._show_result()

    def _to_menu(self) -> None:
        while len(self.ctx.stack) > 1:
            self.ctx.stack.pop()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout = table_layout(size, self.ctx.settings.large_tiles)
        if self.lan is not None:
            self.lan.layout = self.layout
        self.still.invalidate()
        self._build_actions()
        if self.result_shown:
            self._show_result()

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain is not None:
            self._draw_curtain(surface)
            self.dirty = False
            return
        surface.blit(self.still.at_size(surface.get_size()), (0, 0))
        self.still.cover_flying(surface)
        self._draw_hand(surface)
        self._draw_hints(surface)
        if not self.demo:  # a win the shape makes, refused: why, in the action bar
            band = self.layout.actions
            lefts = [b.rect.x for b in self.actions.buttons if b.rect.w]
            right = min(lefts) - self.layout.margin if lefts else band.right
            draw_why_line(surface, pygame.Rect(band.x, band.y, right - band.x, band.h),
                          self.view, self.ctx.fonts)
        self.actions.draw(surface, self.ctx.fonts)
        timer = self.session.timer()
        if timer is not None:
            band = self.layout.actions
            r = band.h // 2 - 2
            shown = [b.rect for b in self.actions.buttons if b.rect.w]
            # on the claim prompt itself, left of its first button; else at the band's start
            x = min(rect.x for rect in shown) - r - 6 if shown else band.x + r + 4
            draw_timer(surface, (x, band.centery), r, timer[0], timer[1], self.ctx.fonts)
        self._draw_status(surface)
        self._draw_toggles(surface)
        if self.lan is not None:
            self.lan.draw_chat(surface)
        self._draw_moving(surface)
        if self.tracker_open and not self.result_shown and self.curtain is None:
            draw_tracker(surface, self.layout, self.view, self.ctx.fonts, self.ctx.art)
        if self.result_shown:
            self._draw_result(surface)
        if self.lan is not None:  # notices and warnings stay readable over the results
            self.lan.draw_notes(surface, self._alert_box() if self.result_shown else None)
        if self.coach is not None:
            self.coach.draw(surface)
        if self.why_open:
            draw_why_panel(surface, self.layout.center, self.view, self.ctx.fonts)
        self._draw_on_top(surface)
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

    def _hand_tiles(self) -> tuple[list[Tile], Tile | None]:
        return self._order(), self.view.drawn

    def _draw_hand(self, surface: pygame.Surface) -> None:
        view, art, lay, hand = self.view, self.ctx.art, self.layout, self.hand
        rect = lay.hand
        w = lay.hand_w
        lift = w // 3
        base_y = rect.bottom - full_height(w)
        hand.rects = []
        own_rects: list[pygame.Rect] = []
        meld_rects: list[pygame.Rect] = []
        dragged: pygame.Surface | None = None
        concealed, drawn = self._hand_tiles()
        my_turn = self._my_turn() and view.phase == "discard"
        entries = [(tile, False) for tile in concealed]
        if drawn is not None:
            entries.append((drawn, True))
        x, _row = self._hand_row()
        if self.dealing:  # only the landed blocks, in the order dealt, then turned over
            own_rects = self._draw_dealt_hand(surface, x, base_y, len(entries))
            entries = []
        for i, (tile, is_drawn) in enumerate(entries):
            if is_drawn:
                x += w // 2
            raised = i == hand.selected or (my_turn and i == hand.hover)
            y = base_y - (lift if raised else 0)
            face = art.face(tile, w, wild=view.wild is not None and tile == view.wild)
            held = hand.drag is not None and hand.drag_pos is not None and hand.drag[0] == i
            if held:
                dragged = face
            else:
                surface.blit(face, (x, y))
            hit = pygame.Rect(x, base_y - lift, w, full_height(w) + lift)
            hand.rects.append((hit, tile))
            own_rects.append(pygame.Rect(x, y, w, full_height(w)))
            x += w
        # own melds, right-aligned on the same row
        mx = rect.right
        for meld in reversed(view.melds[self.viewer]):
            right = mx
            mx = self.still.meld_row(surface, meld, self.viewer, mx,
                                     rect.bottom - full_height(lay.meld_w), lay.meld_w,
                                     leftward=True)
            meld_rects.append(pygame.Rect(mx, rect.bottom - full_height(lay.meld_w),
                                          right - mx, full_height(lay.meld_w)))
            mx -= lay.meld_w // 3
        won = self.still.win_index(self.viewer, [tile for tile, _drawn in entries])
        if 0 <= won < len(own_rects):  # the winning tile, ringed while the hand lies open
            pygame.draw.rect(surface, HIGHLIGHT, own_rects[won].inflate(4, 4), 3,
                             border_radius=4)
        mine = self.drawn.setdefault(self.viewer, {})
        mine["hand"] = own_rects
        mine["melds"] = meld_rects
        if dragged is not None and hand.drag_pos is not None:
            surface.blit(dragged, dragged.get_rect(center=hand.drag_pos))

    def _draw_dealt_hand(self, surface: pygame.Surface, x: int, y: int,
                         size: int) -> list[pygame.Rect]:
        """The own hand while the deal shows: its landed tiles face up as dealt, or, once the
        last block is in, all face down for a moment; none of it answers clicks yet."""
        art, w = self.ctx.art, self.layout.hand_w
        unlanded = self.unlanded(0)
        landed = len(self.deal_tiles) - unlanded
        turned = self.deal_turn is not None and self.deal_turn.progress > 0.0
        shown: list[pygame.Surface]
        if turned or not self.deal_tiles:
            shown = [art.back(w)] * (size if turned else max(0, size - unlanded))
        else:
            shown = [art.face(tile, w) for tile in self.deal_tiles[:landed]]
        rects: list[pygame.Rect] = []
        for i, face in enumerate(shown):
            if turned and i == size - 1 and self.view.drawn is not None:
                x += w // 2  # the dealer's last tile set apart, as it will show
            surface.blit(face, (x, y))
            rects.append(pygame.Rect(x, y, w, full_height(w)))
            x += w
        return rects

    @property
    def hints_on(self) -> bool:
        # a lesson says what to do itself: a suggestion of another tile would confuse it
        return (self.ctx.settings.hints and not self.demo and self.curtain is None
                and getattr(self, "coach", None) is None)

    def current_hints(self) -> Hints:
        """The hints for the seat on screen, the waits assuming the focused tile goes."""
        if not self.hints_on or self.view.phase == "over":
            return NO_HINTS
        if self.dealing or self.first_roll is not None or self.dice_roll is not None:
            return NO_HINTS  # issue 28: no "Not ready yet" over a hand not yet dealt
        focus = self.hand.hover if self.hand.hover >= 0 else self.hand.selected
        tile = self.hand.rects[focus][1] if 0 <= focus < len(self.hand.rects) else None
        return self.advisor.hints(self.view, tile if self._my_turn() else None)

    def _draw_hints(self, surface: pygame.Surface) -> None:
        hints = self.current_hints()
        if hints is NO_HINTS:
            return
        draw_hints(surface, self.layout.hints, hints, self.ctx.fonts, self.ctx.art,
                   self.layout.suggest)
        suggestion = hints.suggestion
        if (suggestion is not None and suggestion.kind is ActionKind.DISCARD
                and self._my_turn()):
            for rect, tile in reversed(self.hand.rects):
                if tile == suggestion.tile:
                    r = max(3, self.layout.hand_w // 10)
                    pygame.draw.circle(surface, ACCENT, (rect.centerx, rect.y + r), r)
                    break

    def _draw_status(self, surface: pygame.Surface) -> None:
        view, fonts = self.view, self.ctx.fonts
        rect = self.layout.bonus_self
        problem = self.save_problem()
        if view.bonus[self.viewer] and not problem:
            return  # the bonus strip is in use; the prompt shows in the action area instead
        text = ""
        if self.error:
            text = self.error
        elif problem:
            text = problem
        elif self._my_turn():
            text = t("table.your_turn") if view.phase == "discard" else t("table.claim")
        elif view.phase != "over" and view.to_act and not self.demo:
            seat = view.to_act[0]
            text = t("table.waiting", name=view.names[seat])
        if text:
            size = max(14, fonts.fit(text, max(14, rect.h // 2), rect.w))
            img = fonts.render(text, size, (255, 140, 120) if self.error or problem else TEXT)
            surface.blit(img, img.get_rect(midleft=(rect.x, rect.centery)))

    def save_problem(self) -> str:
        """The save or log that could not be written, for the status line (the game goes on;
        nothing is lost silently). Empty when saving works or the table keeps no files."""
        recorder = getattr(self.session, "recorder", None)
        error = getattr(recorder, "error", "")
        return t("save.failed", error=error) if error else ""

    def results_panel(self) -> ResultsPanel:
        def meld_row(surface: pygame.Surface, meld: object, seat: int, x: int, y: int,
                     w: int) -> int:
            assert isinstance(meld, Meld)
            return self.still.meld_row(surface, meld, seat, x, y, w, leftward=False)

        return ResultsPanel(self.ctx, self.view, self.result_buttons, meld_row,
                            page=self.sheet_page, scores=self.score_series())

    def score_series(self) -> list[list[int]]:
        """Per player: the score before the first hand, then after each finished hand."""
        history = self.session.history
        return [[self.start_scores[p], *(rec.scores[p] for rec in history)] for p in range(4)]

    def _draw_result(self, surface: pygame.Surface) -> None:
        # the panel is drawn once per result and language; frames blit it and the buttons
        key = (id(self.view), surface.get_size(), i18n.language(), self.sheet_page)
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

