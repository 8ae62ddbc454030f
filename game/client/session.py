"""What the table scene talks to: a Session. LocalSession plays a Match here, with bots.

The table reads SeatViews and events only; a LAN session (later) gives the same interface over
the network, so the scene never touches engine internals.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from game.actions import PASS, Action, ActionKind
from game.bots import Bot, make_bot
from game.events import Event
from game.match import HandRecord, Match
from game.view import SeatView, events_for

DISCARD_TIME = 15.0
"""Seconds to discard before the system plays for the player (ruling M11)."""
CLAIM_TIME = 8.0
"""Seconds to answer a claim offer before it is passed (ruling M11)."""


class Session(Protocol):
    ruleset: str

    @property
    def humans(self) -> tuple[int, ...]:
        """Player numbers played by people at this screen."""

    @property
    def hand_over(self) -> bool: ...

    @property
    def match_over(self) -> bool: ...

    def seat_of(self, player: int) -> int:
        """The seat a player holds in the current hand."""

    def view(self, seat: int) -> SeatView:
        """What `seat` may know now (-1: a spectator)."""

    def submit(self, seat: int, action: Action) -> None:
        """A local human's decision; raises game.errors.IllegalAction with a readable message."""

    def poll(self, viewer: int) -> list[Event]:
        """Events since the last poll, as `viewer` may see them."""

    def waiting_on_others(self) -> bool:
        """Whether someone who is not a local human must act (a bot, or a remote player)."""

    def humans_to_act(self) -> tuple[int, ...]:
        """Player numbers of the local humans who must act now, claim offers included."""

    def step(self) -> bool:
        """Let one waiting bot act; True if something happened."""

    def next_hand(self) -> None:
        """Deal the next hand (after the results were seen)."""

    @property
    def history(self) -> tuple[HandRecord, ...]:
        """The finished hands, for running totals and the standings chart."""

    @property
    def player_names(self) -> tuple[str, ...]:
        """Names by player number."""

    def timer(self) -> tuple[float, float] | None:
        """(seconds left, seconds allowed) for the local human decision now due, if timed."""

    def check_timeout(self) -> bool:
        """Act for a local human whose time ran out (M11); True if it did."""


class LocalSession:
    """A Match on this machine: human seats answer through submit(), bots through step()."""

    def __init__(
        self,
        ruleset: str,
        kinds: Sequence[str],
        levels: Sequence[str],
        names: Sequence[str],
        seed: int,
        hands: int | None = None,
        options: dict[str, Any] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if len(kinds) != 4 or len(levels) != 4 or len(names) != 4:
            raise ValueError("a table has four players: kinds, levels and names need four each")
        self.ruleset = ruleset
        table = dict(options or {})
        if hands:
            table["hands"] = hands
        self.match = Match(ruleset, seed, table or None, names)
        self.timed = bool(self.match.rules.options.get("timers"))
        self.clock = clock
        self._turn = 0
        """Counts decisions applied, so a timer restarts whenever the table moves on."""
        self._timer: tuple[int, float, float] | None = None
        self._fallback = make_bot("normal", seed)
        self.kinds = tuple(kinds)
        self.bots: dict[int, Bot] = {
            p: make_bot(levels[p], seed * 7919 + p) for p in range(4) if kinds[p] != "human"
        }
        self._events: list[Event] = list(self.match.start_hand())

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(p for p in range(4) if self.kinds[p] == "human")

    @property
    def hand_over(self) -> bool:
        return self.match.hand_over

    @property
    def match_over(self) -> bool:
        return self.match.match_over

    def seat_of(self, player: int) -> int:
        return self.view(-1).players.index(player)

    def view(self, seat: int) -> SeatView:
        return self.match.view(seat)

    def submit(self, seat: int, action: Action) -> None:
        player = self.view(-1).players[seat]
        if player in self.bots:
            raise ValueError(f"seat {seat} is played by a bot")
        self._events += self.match.apply(seat, action)
        self._turn += 1

    def poll(self, viewer: int) -> list[Event]:
        out = events_for(self._events, viewer)
        self._events = []
        return out

    def _bot_seats(self) -> list[int]:
        if self.match.hand_over:
            return []
        players = self.view(-1).players
        return [s for s in self.match.to_act() if players[s] in self.bots]

    def waiting_on_others(self) -> bool:
        return bool(self._bot_seats())

    def humans_to_act(self) -> tuple[int, ...]:
        players = self.view(-1).players
        return tuple(players[s] for s in self._human_seats_due())

    def step(self) -> bool:
        seats = self._bot_seats()
        if not seats:
            return False
        seat = seats[0]
        player = self.view(-1).players[seat]
        action = self.bots[player].choose(self.match.view(seat))
        self._events += self.match.apply(seat, action)
        self._turn += 1
        return True

    def next_hand(self) -> None:
        if self.match.match_over:
            return
        self._events += self.match.next_hand()
        self._turn += 1

    @property
    def history(self) -> tuple[HandRecord, ...]:
        return tuple(self.match.history)

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.match.names

    def _human_seats_due(self) -> list[int]:
        if self.match.hand_over:
            return []
        players = self.view(-1).players
        return [s for s in self.match.to_act() if players[s] not in self.bots]

    def timer(self) -> tuple[float, float] | None:
        if not self.timed:
            return None
        due = self._human_seats_due()
        if not due:
            self._timer = None
            return None
        if self._timer is None or self._timer[0] != self._turn:
            total = DISCARD_TIME if self.match.view(due[0]).phase == "discard" else CLAIM_TIME
            self._timer = (self._turn, self.clock() + total, total)
        _turn, deadline, total = self._timer
        return max(0.0, deadline - self.clock()), total

    def check_timeout(self) -> bool:
        state = self.timer()
        if state is None or state[0] > 0:
            return False
        for seat in self._human_seats_due():
            if seat in self.match.to_act():  # an earlier answer may have closed the window
                self._events += self.match.apply(seat, self._timeout_action(seat))
        self._turn += 1
        return True

    def _timeout_action(self, seat: int) -> Action:
        """M11: discard the tile just drawn if still held, else the bot's choice; pass a claim."""
        view = self.match.view(seat)
        if view.phase != "discard":
            return PASS if PASS in view.legal else self._fallback.choose(view)
        if view.drawn is not None and Action(ActionKind.DISCARD, view.drawn) in view.legal:
            return Action(ActionKind.DISCARD, view.drawn)
        choice = self._fallback.choose(view)
        if choice.kind is ActionKind.DISCARD:
            return choice
        # the system only discards for a player, it does not declare a win or kong for them
        return next(a for a in view.legal if a.kind is ActionKind.DISCARD)
