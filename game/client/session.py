"""What the table scene talks to: a Session. LocalSession plays a Match here, with bots.

The table reads SeatViews and events only; a LAN session (later) gives the same interface over
the network, so the scene never touches engine internals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.actions import Action
from game.bots import Bot, make_bot
from game.events import Event
from game.match import Match
from game.view import SeatView, events_for


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

    def step(self) -> bool:
        """Let one waiting bot act; True if something happened."""

    def next_hand(self) -> None:
        """Deal the next hand (after the results were seen)."""


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
    ) -> None:
        if len(kinds) != 4 or len(levels) != 4 or len(names) != 4:
            raise ValueError("a table has four players: kinds, levels and names need four each")
        self.ruleset = ruleset
        options = {"hands": hands} if hands else None
        self.match = Match(ruleset, seed, options, names)
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

    def step(self) -> bool:
        seats = self._bot_seats()
        if not seats:
            return False
        seat = seats[0]
        player = self.view(-1).players[seat]
        action = self.bots[player].choose(self.match.view(seat))
        self._events += self.match.apply(seat, action)
        return True

    def next_hand(self) -> None:
        if self.match.match_over:
            return
        self._events += self.match.next_hand()
