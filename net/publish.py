"""What each peer of a LAN table is sent of the match: its own view as snapshots and diffs, and
news held back while a discard or kong may be claimed or robbed (issue 13: no claim-phase leak).

`Publisher` reads the match and writes to peers' outboxes; it keeps the claim window (the same
pause after every discard or kong while a person plays) and never reads a clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from game.events import Event
from game.match import Match
from net.frames import Message
from net.peer import Peer
from net.wire import compact_view

SPECTATOR: Final = -1


class Publisher:
    """Snapshots and per-viewer diffs of one match, with news held back in claim phases."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.hold_until: float | None = None
        """End of the claim window after the last discard or kong (None: no window on)."""

    def hand_seats(self) -> tuple[int, ...]:
        """Hand seat of each player for the hand on the table (finished or not)."""
        players = self.match.hand_players()
        return tuple(players.index(player) for player in range(4))

    def state(self, player: int) -> dict[str, Any]:
        """The compact view of `player`'s place (or of a spectator). A place the match explains
        (a person sits there: `Table._explain`) carries its own refusals (issue 27), worked out
        from its own hand and public tiles: they are in this view only, never in another
        seat's or a spectator's."""
        if player == SPECTATOR:
            return compact_view(self.match.view(SPECTATOR).to_wire())
        return compact_view(self.match.explained_view(self.hand_seats()[player]).to_wire())

    def _viewer_seat(self, peer: Peer) -> int:
        return SPECTATOR if peer.seat is None else self.hand_seats()[peer.seat]

    def _offer_open(self, viewer: int) -> bool:
        """Whether `viewer` (a hand seat, or SPECTATOR) is asked about a discard or kong now."""
        hand = self.match.hand
        return (hand is not None and hand.phase.value in ("claim", "rob")
                and viewer in self.match.to_act())

    def hidden(self, viewer: int) -> bool:
        """Whether news is held back from `viewer` for now, so that no seat can tell whether
        another seat has an offer: while a discard or kong may be claimed or robbed, only the
        seats asked about it see the table; everyone else sees it once that is settled and the
        claim window is over (the same for every discard, as at a real table)."""
        hand = self.match.hand
        if hand is None or self.match.hand_over or self._offer_open(viewer):
            return False
        return hand.phase.value in ("claim", "rob") or self.hold_until is not None

    def snapshot(self, peer: Peer) -> None:
        """Send `peer` the whole table now, or, while news is held back from it (a claim phase
        it is not asked about), as soon as that ends: a first state must not show another
        seat's offer either (a newcomer's, a returning player's, a resumed table's)."""
        peer.held = []  # a snapshot carries their effect
        if self.match.hand is None:
            return  # started, the first wall's round still open: the first deal sends it
        if self.hidden(self._viewer_seat(peer)):
            peer.pending_snapshot = True
        else:
            peer.pending_snapshot = False
            peer.send(peer.stream.snapshot(self.state(SPECTATOR if peer.seat is None
                                                      else peer.seat)))

    def resync(self, peer: Peer) -> None:
        """A peer asked for the whole state again: what it should have (news stays held)."""
        if self.match.hand is None:
            return  # nothing dealt yet: the first deal sends every peer its snapshot
        if self.hidden(self._viewer_seat(peer)) and peer.stream.state:
            peer.send(peer.stream.snapshot())
        else:
            self.snapshot(peer)

    def publish(self, peers: Iterable[Peer], events: list[Event], started: bool) -> None:
        """Send each seated or watching peer the effect of `events` (after `apply`)."""
        seats = self.hand_seats()
        public: tuple[dict[str, Any], list[Any]] | None = None
        shared: dict[int, tuple[Message, dict[str, Any], dict[str, bytes]]] = {}
        for peer in peers:
            if peer.seat is not None:
                player = peer.seat
                seen = [e.to_wire() for e in self.match.events_for(seats[player], events)]
                if self.hidden(seats[player]):
                    peer.held.extend(seen)
                    continue
                if peer.pending_snapshot:
                    self.snapshot(peer)
                    continue
                seen, peer.held = peer.held + seen, []
                msg = peer.stream.update(self.state(player), seen)
            elif peer.watching and started:
                if self.hidden(SPECTATOR):
                    peer.held.extend(e.to_wire()
                                     for e in self.match.events_for(SPECTATOR, events))
                    continue
                if peer.pending_snapshot:
                    self.snapshot(peer)
                    continue
                if public is None:
                    spectator_events = self.match.events_for(SPECTATOR, events)
                    public = (self.state(SPECTATOR), [e.to_wire() for e in spectator_events])
                if peer.held:  # held back news differs per spectator: no shared diff
                    msg = peer.stream.update(public[0], peer.held + public[1])
                    peer.held = []
                    if msg is not None:
                        peer.send(msg)
                    continue
                # Spectators in step share one diff: compute it once per old state.
                old = peer.stream.state
                cached = shared.get(id(old))
                if cached is None:
                    msg = peer.stream.update(public[0], public[1])
                    if msg is not None:
                        shared[id(old)] = (msg, old, peer.stream.pieces)
                else:
                    peer.stream.seq += 1
                    peer.stream.state, peer.stream.pieces = public[0], cached[2]
                    msg = dict(cached[0], seq=peer.stream.seq)
            else:
                continue
            if msg is not None:
                peer.send(msg)

    def open_window(self, until: float) -> None:
        """Hold the news of a discard or kong back from everyone not asked until `until`."""
        self.hold_until = until

    def close_window(self) -> None:
        self.hold_until = None

    def window_over(self, now: float) -> bool:
        """End the claim window once its time is up; True if it was on and has just ended
        (what it held back is then to be published)."""
        if self.hold_until is None or now < self.hold_until:
            return False
        self.hold_until = None
        return True
