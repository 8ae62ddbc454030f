"""What every part of the LAN host shares: the match, the places and the peers, and sending
views and events to those peers.

`TableState` holds the state the host's parts (places.py, connections.py, turn_clock.py and
host.py) read and change, plus the helpers they all use: each viewer's state, publishing a
batch of events as per-seat diffs, applying an action, notices, and the fair-wall commitment.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, Final

from game.actions import Action, ActionKind
from game.bots import Bot
from game.errors import IllegalAction
from game.events import Event
from game.match import Match
from game.replay import LogWriter, event_line
from game.timeouts import FleeWatch
from net.fair import commitment
from net.frames import Message, refusal
from net.host_config import HostConfig, lan_options, rules_hash
from net.joincode import Attempts
from net.peer import Peer
from net.save import HandLog, SaveData, replay
from net.wire import compact_view

SPECTATOR: Final = -1


class TableState:
    """The host's state and the helpers that send it; `Host` is the class to use."""

    def __init__(
        self,
        config: HostConfig,
        on_hand: Callable[[dict[str, Any]], None] | None = None,
        saved: SaveData | None = None,
    ) -> None:
        if len(config.seats) != 4 or any(s not in ("open", "bot") for s in config.seats):
            raise ValueError("seats must be four of 'open' or 'bot'")
        self.config = config
        self.on_hand = on_hand
        self.tokens: dict[str, int] = {}
        self.digest = hashlib.sha256()
        """Events hash of the match log (every event, in order)."""
        self.records: list[HandLog] = []
        self.hand_flees: list[list[int]] = []
        """[actions applied before it, player] of each flee in the hand under way (M12)."""
        if saved is None:
            self.seed = config.seed if config.seed is not None else secrets.randbelow(2**31)
            self.options = lan_options(config.ruleset, config.options)
            self.match = Match(config.ruleset, self.seed, self.options)
            self.kinds = list(config.seats)
            self.names = [f"bot {i + 1}" if k == "bot" else "" for i, k in enumerate(self.kinds)]
        else:
            self.seed = saved.seed
            self.options = dict(saved.options)
            self.match = replay(saved, self.digest)
            self.kinds = list(saved.kinds)
            self.names = list(saved.names)
            self.tokens = dict(saved.tokens)
            self.records = list(saved.hands)
            if saved.current is not None and not self.match.hand_over:
                self.hand_flees = [list(f) for f in saved.current.flees]
        self.rules = rules_hash(config.ruleset, self.options)
        self.fingerprint = (saved.fingerprint if saved is not None and saved.fingerprint
                            else secrets.token_hex(4))
        """Random per table: told apart from a look-alike with the same name (discovery,
        welcome, and bound into the join code's proof)."""
        self.log = LogWriter(config.ruleset, self.seed, self.options, self.match.start_scores)
        for number, record in enumerate(self.records, 1):
            self.log.hand(number, [(int(s), Action.parse(str(a))) for s, a in record.actions],
                          record.flees, record.seed)
        self.hands_done = len(self.records)
        self.conns: set[Peer] = set()
        self.by_seat: dict[int, Peer] = {}
        self.bots: dict[int, Bot] = {}
        self.benched: set[int] = set()
        """Places a bot plays until the next hand although their player is here (fled, or
        joined mid-hand)."""
        self.gone_since: dict[int, float] = {}
        self.left_at: dict[int, float] = {}
        """Places whose player left before the start: when (their token holds it a while)."""
        self.watch = FleeWatch()
        self.timers: dict[int, tuple[tuple[Any, ...], float]] = {}
        """Per place waiting on its player: (decision key, monotonic deadline)."""
        self._saved_at = -1e18
        self.clock: Callable[[], float] = time.monotonic
        """The host's clock (tests give a fake one)."""
        self.attempts = Attempts()
        """Wrong join codes per address and in total (net/joincode.py)."""
        self.hold_until: float | None = None
        """End of the claim window after the last discard or kong (None: no window on)."""
        self.fair: tuple[int, str] | None = None
        """(hand number, salt) of the wall committed to."""
        self.started = False
        self.finished = False
        self.dropped = 0
        self.refused = 0
        self.drop_reasons: Counter[str] = Counter()
        """Why peers were dropped (for tests and the attack figures)."""
        """Connections turned away at once (past every connection limit)."""
        self.illegal = 0
        self.stale = 0
        self.timeouts = 0
        self.flees = 0
        self.played = [0, 0, 0, 0]
        """Actions each place's own player made over the network."""
        self.port = config.port
        self.on_seats: Callable[[int, bool], None] | None = None
        """Called with (free places, started) whenever they change, e.g. to update discovery."""
        self.on_action: Callable[[float, dict[str, int]], None] | None = None
        """Benchmarks: (time an action arrived, seq each peer will see its effect at)."""
        self._server: asyncio.Server | None = None
        self._handlers: set[asyncio.Task[Any]] = set()
        self._writers: dict[Peer, asyncio.StreamWriter] = {}
        """The transport's side of each peer (net/host.py writes their outboxes)."""
        self._wake = asyncio.Event()
        self._go = False

    @property
    def timers_on(self) -> bool:
        return self.match.rules.settings.timers

    def _notice(self, code: str, seat: int, text: str) -> None:
        for conn in list(self.conns):
            if conn.hello:
                conn.send({"t": "notice", "code": code, "seat": seat, "msg": text})

    def human(self, player: int) -> bool:
        """Whether the place's own player decides now (else a bot does)."""
        return player in self.by_seat and player not in self.benched

    def _hand_seats(self) -> tuple[int, ...]:
        """Hand seat of each player for the hand on the table (finished or not)."""
        players = self.match.hand_players()
        return tuple(players.index(player) for player in range(4))

    def _viewer(self, conn: Peer) -> int:
        return SPECTATOR if conn.seat is None else conn.seat

    def _state(self, player: int) -> dict[str, Any]:
        seat = SPECTATOR if player == SPECTATOR else self._hand_seats()[player]
        return compact_view(self.match.view(seat).to_wire())

    def _offer_open(self, viewer: int) -> bool:
        """Whether `viewer` (a hand seat, or SPECTATOR) is asked about a discard or kong now."""
        hand = self.match.hand
        return (hand is not None and hand.phase.value in ("claim", "rob")
                and viewer in self.match.to_act())

    def _hidden(self, viewer: int) -> bool:
        """Whether news is held back from `viewer` for now, so that no seat can tell whether
        another seat has an offer: while a discard or kong may be claimed or robbed, only the
        seats asked about it see the table; everyone else sees it once that is settled and the
        claim window is over (the same for every discard, as at a real table)."""
        hand = self.match.hand
        if hand is None or self.match.hand_over or self._offer_open(viewer):
            return False
        return hand.phase.value in ("claim", "rob") or self.hold_until is not None

    def _snapshot(self, conn: Peer) -> None:
        """Send `conn` the whole table now, or, while news is held back from it (a claim
        phase it is not asked about), as soon as that ends: a newcomer's first state must not
        show another seat's offer either."""
        conn.held = []  # a snapshot carries their effect
        viewer = SPECTATOR if conn.seat is None else self._hand_seats()[conn.seat]
        if self._hidden(viewer):
            conn.pending_snapshot = True
        else:
            conn.pending_snapshot = False
            conn.send(conn.stream.snapshot(self._state(self._viewer(conn))))

    def _publish(self, events: list[Event]) -> None:
        seats = self._hand_seats()
        public: tuple[dict[str, Any], list[Any]] | None = None
        shared: dict[int, tuple[Message, dict[str, Any]]] = {}
        for conn in list(self.conns):
            if conn.seat is not None:
                player = conn.seat
                seen = [e.to_wire() for e in self.match.events_for(seats[player], events)]
                if self._hidden(seats[player]):
                    conn.held.extend(seen)
                    continue
                if conn.pending_snapshot:
                    self._snapshot(conn)
                    continue
                seen, conn.held = conn.held + seen, []
                msg = conn.stream.update(self._state(player), seen)
            elif conn.watching and self.started:
                if self._hidden(SPECTATOR):
                    conn.held.extend(e.to_wire()
                                     for e in self.match.events_for(SPECTATOR, events))
                    continue
                if conn.pending_snapshot:
                    self._snapshot(conn)
                    continue
                if public is None:
                    spectator_events = self.match.events_for(SPECTATOR, events)
                    public = (self._state(SPECTATOR), [e.to_wire() for e in spectator_events])
                if conn.held:  # held back news differs per spectator: no shared diff
                    msg = conn.stream.update(public[0], conn.held + public[1])
                    conn.held = []
                    if msg is not None:
                        conn.send(msg)
                    continue
                # Spectators in step share one diff: compute it once per old state.
                old = conn.stream.state
                cached = shared.get(id(old))
                if cached is None:
                    msg = conn.stream.update(public[0], public[1])
                    if msg is not None:
                        shared[id(old)] = (msg, old)
                else:
                    conn.stream.seq += 1
                    conn.stream.state = public[0]
                    msg = dict(cached[0], seq=conn.stream.seq)
            else:
                continue
            if msg is not None:
                conn.send(msg)

    def _claim_window(self) -> float:
        """The uniform pause after each discard or kong: only when a person plays here."""
        if any(self.human(p) and not self.by_seat[p].is_bot for p in range(4)):
            return self.config.claim_window
        return 0.0

    def _apply(self, player: int, action: Action) -> None:
        try:
            events = self.match.apply(self._hand_seats()[player], action)
        except IllegalAction as exc:  # legal_actions said yes; keep the table alive anyway
            self.illegal += 1
            if player in self.by_seat:
                self.by_seat[player].send(refusal("illegal", str(exc), exc.code, exc.values))
            return
        for e in events:
            self.digest.update(event_line(e))
        window = self._claim_window()
        if window > 0 and action.kind in (ActionKind.DISCARD, ActionKind.KONG):
            self.hold_until = self.clock() + window
        self._publish(events)
        self._wake.set()
        self._after_action()

    def _after_action(self) -> None:
        """Hook: the host saves the hand under way from here."""

    def _release(self, now: float) -> bool:
        """End the claim window once its time is up; True if it was on and has ended."""
        if self.hold_until is None or now < self.hold_until:
            return False
        self.hold_until = None
        self._publish([])  # what was held back goes out now (if nothing else holds it)
        return True

    def _commit_msg(self) -> Message:
        assert self.fair is not None and self.match.hand is not None
        order = self.match.hand.wall.order
        return {"t": "commit", "hand": self.fair[0], "hash": commitment(order, self.fair[1])}
