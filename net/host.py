"""The LAN host: a TCP server owning one Match, speaking docs/protocol.md to each seat.

Network "seats" are places 0-3, i.e. the match's player numbers, which keep their number while
hand seats rotate; the host maps a place to its seat in the current hand.

The match is the only authority. A connection may act only for the place it sat in, only with an
action in that seat's legal list, and only against the latest state it was sent. Each seat is
sent its own view (`Match.view(seat)`) and its own events (`Match.events_for`), as diffs.
A peer that sends bad frames, floods, stalls or falls too far behind is closed; the others play
on, and a bot plays a seat whose player is away until they come back with their token.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from game.actions import Action
from game.bots import Bot, make_bot
from game.errors import IllegalAction
from game.events import Event
from game.match import Match
from game.tiles import NotationError
from net.diff import SeatStream, canonical
from net.frames import PROTOCOL_VERSION, FrameDecoder, Message, ProtocolError, encode
from net.wire import compact_view

READ_CHUNK: Final = 16 * 1024
MAX_BACKLOG: Final = 512 * 1024
"""Bytes queued to a peer that does not read before it is dropped."""
MAX_CONNECTIONS: Final = 16
MAX_NAME: Final = 32


def rules_hash(ruleset: str, options: dict[str, Any] | None) -> str:
    """A short fingerprint of the ruleset and its options, shown in hello and discovery."""
    blob = canonical({"ruleset": ruleset, "options": options or {}})
    return hashlib.blake2b(blob, digest_size=6).hexdigest()


@dataclass
class HostConfig:
    ruleset: str
    name: str
    seats: list[str] = field(default_factory=lambda: ["open", "bot", "bot", "bot"])
    """Per seat: "open" for a network player or "bot"."""
    hands: int | None = None
    """Stop after this many hands even if the match is not over."""
    seed: int | None = None
    bots: str = "normal"
    start_after: float = 120.0
    address: str = "127.0.0.1"
    port: int = 0
    options: dict[str, Any] | None = None
    hello_timeout: float = 10.0
    idle_timeout: float = 60.0
    rate: float = 50.0
    """Messages per second a peer may send on average..."""
    burst: float = 200.0
    """...and in one burst."""
    move_pause: float = 0.0
    """Seconds between bot moves (0 for headless tables)."""


class _Conn:
    """One TCP peer."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.decoder = FrameDecoder()
        self.name = "player"
        self.hello = False
        self.seat: int | None = None
        self.stream = SeatStream()
        self.tokens = 0.0
        self.stamp = time.monotonic()
        self.closed = False

    def send(self, msg: Message) -> None:
        if self.closed:
            return
        self.writer.write(encode(msg))
        # Never await drain here: one slow reader must not stall the table for the others.
        if self.writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()


class Host:
    """Runs one table: `await start()` to listen, then `await run()` until the match ends."""

    def __init__(
        self, config: HostConfig, on_hand: Callable[[dict[str, Any]], None] | None = None
    ) -> None:
        if len(config.seats) != 4 or any(s not in ("open", "bot") for s in config.seats):
            raise ValueError("seats must be four of 'open' or 'bot'")
        self.config = config
        self.seed = config.seed if config.seed is not None else random.randrange(2**31)
        self.match = Match(config.ruleset, self.seed, config.options)
        self.rules = rules_hash(config.ruleset, config.options)
        self.on_hand = on_hand
        self.kinds = list(config.seats)
        self.names = [f"bot {i + 1}" if k == "bot" else "" for i, k in enumerate(self.kinds)]
        self.tokens: dict[str, int] = {}
        self.conns: set[_Conn] = set()
        self.by_seat: dict[int, _Conn] = {}
        self.bots: dict[int, Bot] = {}
        self.started = False
        self.finished = False
        self.hands_done = 0
        self.dropped = 0
        self.illegal = 0
        self.stale = 0
        self.port = config.port
        self.on_seats: Callable[[int, bool], None] | None = None
        """Called with (free seats, started) whenever they change, e.g. to update discovery."""
        self._server: asyncio.Server | None = None
        self._handlers: set[asyncio.Task[Any]] = set()
        self._wake = asyncio.Event()

    # ------------------------------------------------------------ listening

    async def start(self) -> None:
        self._server = await asyncio.start_server(
            self._serve, self.config.address, self.config.port
        )
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        for conn in list(self.conns):
            conn.send({"t": "bye", "reason": "the table is closing"})
            conn.close()
        if self._server is not None:
            self._server.close()
        # Closing the sockets ends each handler's read; wait so none is cut off mid-cleanup.
        if self._handlers:
            await asyncio.wait(self._handlers, timeout=5)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await self._server.wait_closed()

    @property
    def free_seats(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == "open" and s not in self.by_seat]

    def _seat_list(self) -> list[dict[str, Any]]:
        return [
            {"kind": k, "name": self.names[s], "taken": k == "bot" or s in self.by_seat}
            for s, k in enumerate(self.kinds)
        ]

    # ------------------------------------------------------------ one connection

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = _Conn(reader, writer)
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        if len(self.conns) >= MAX_CONNECTIONS:
            conn.send({"t": "error", "code": "full", "msg": "too many connections"})
            conn.close()
            return
        self.conns.add(conn)
        try:
            await self._read_loop(conn)
        except ProtocolError as exc:
            self.dropped += 1
            with contextlib.suppress(Exception):
                conn.send({"t": "error", "code": "protocol", "msg": str(exc)[:200]})
        except (TimeoutError, ConnectionError, OSError):
            self.dropped += 1
        finally:
            self._forget(conn)

    async def _read_loop(self, conn: _Conn) -> None:
        while not conn.closed:
            timeout = self.config.idle_timeout if conn.hello else self.config.hello_timeout
            data = await asyncio.wait_for(conn.reader.read(READ_CHUNK), timeout)
            if not data:
                return
            conn.decoder.feed(data)
            for msg in conn.decoder:
                self._throttle(conn)
                self._dispatch(conn, msg)
                if conn.closed:
                    return

    def _throttle(self, conn: _Conn) -> None:
        now = time.monotonic()
        conn.tokens = min(self.config.burst, conn.tokens + (now - conn.stamp) * self.config.rate)
        conn.stamp = now
        # A fresh connection starts with a full bucket.
        if conn.decoder.frames_in == 1:
            conn.tokens = self.config.burst
        conn.tokens -= 1
        if conn.tokens < 0:
            raise ProtocolError("too many messages")

    def _forget(self, conn: _Conn) -> None:
        conn.close()
        self.conns.discard(conn)
        if conn.seat is not None and self.by_seat.get(conn.seat) is conn:
            del self.by_seat[conn.seat]
            self._broadcast_seats()
            self._wake.set()  # a bot may now have to play that seat

    def _dispatch(self, conn: _Conn, msg: Message) -> None:
        kind = msg["t"]
        if kind == "hello":
            self._on_hello(conn, msg)
        elif not conn.hello:
            raise ProtocolError("the first message must be hello")
        elif kind == "sit":
            self._on_sit(conn, msg["seat"])
        elif kind == "action":
            self._on_action(conn, msg)
        elif kind == "resync":
            if conn.seat is not None and self.started:
                conn.send(conn.stream.snapshot(self._state(conn.seat)))
        elif kind == "chat":
            name = conn.name if conn.seat is None else self.names[conn.seat]
            for other in list(self.conns):
                other.send({"t": "chat", "seat": conn.seat, "name": name, "text": msg["text"]})
        elif kind == "ping":
            conn.send({"t": "pong", "n": msg["n"]})
        elif kind == "pong":
            pass
        elif kind == "bye":
            conn.close()
        else:
            raise ProtocolError(f"a client may not send {kind!r}")

    def _on_hello(self, conn: _Conn, msg: Message) -> None:
        if conn.hello:
            raise ProtocolError("hello sent twice")
        if msg["v"] != PROTOCOL_VERSION:
            conn.send({
                "t": "error", "code": "version",
                "msg": f"this table speaks protocol {PROTOCOL_VERSION}, you sent {msg['v']}",
            })
            conn.close()
            return
        if msg.get("rules") not in (None, self.rules):
            conn.send({
                "t": "error", "code": "rules",
                "msg": "the table's rules changed since it was announced",
            })
            conn.close()
            return
        conn.hello = True
        conn.name = "".join(c for c in msg["name"] if c.isprintable())[:MAX_NAME] or "player"
        conn.send({
            "t": "welcome", "v": PROTOCOL_VERSION, "table": self.config.name,
            "ruleset": self.config.ruleset, "rules": self.rules, "seats": self._seat_list(),
        })
        token = msg.get("token")
        if token is not None and token in self.tokens:
            self._take_seat(conn, self.tokens[token], token)

    def _on_sit(self, conn: _Conn, seat: int) -> None:
        if conn.seat is not None:
            conn.send({"t": "error", "code": "seated", "msg": "you already have a seat"})
            return
        free = self.free_seats
        if seat == -1 and free:
            seat = free[0]
        if seat not in free:
            conn.send({"t": "error", "code": "seat", "msg": f"seat {seat} is not free"})
            return
        token = secrets.token_urlsafe(16)
        self.tokens[token] = seat
        self.names[seat] = conn.name
        self._take_seat(conn, seat, token)

    def _take_seat(self, conn: _Conn, seat: int, token: str) -> None:
        old = self.by_seat.get(seat)
        if old is not None and old is not conn:
            old.send({"t": "bye", "reason": "you joined from somewhere else"})
            old.close()
        conn.seat = seat
        self.by_seat[seat] = conn
        self.bots.pop(seat, None)
        conn.send({"t": "seated", "seat": seat, "token": token})
        self._broadcast_seats()
        if self.started:
            conn.stream = SeatStream(seq=conn.stream.seq)
            conn.send(conn.stream.snapshot(self._state(seat)))
        self._wake.set()

    def _on_action(self, conn: _Conn, msg: Message) -> None:
        seat = conn.seat
        if seat is None or not self.started or self.match.hand_over:
            conn.send({"t": "error", "code": "illegal", "msg": "nothing to do now"})
            return
        if msg["seq"] != conn.stream.seq:
            # Decided on an old state: the client will get the new one and decide again.
            self.stale += 1
            return
        try:
            action = Action.parse(msg["a"])
        except NotationError as exc:
            self.illegal += 1
            conn.send({"t": "error", "code": "illegal", "msg": str(exc)[:200]})
            return
        if action not in self.match.legal_actions(self._hand_seats()[seat]):
            self.illegal += 1
            conn.send({"t": "error", "code": "illegal", "msg": f"'{action}' is not legal now"})
            return
        self._apply(seat, action)

    # ------------------------------------------------------------ the table

    def _hand_seats(self) -> tuple[int, ...]:
        """Hand seat of each player for the hand on the table (finished or not)."""
        players = self.match.hand_players()
        return tuple(players.index(player) for player in range(4))

    def _state(self, player: int) -> dict[str, Any]:
        return compact_view(self.match.view(self._hand_seats()[player]).to_wire())

    def _publish(self, events: list[Event]) -> None:
        seats = self._hand_seats()
        for player, conn in list(self.by_seat.items()):
            seen = self.match.events_for(seats[player], events)
            msg = conn.stream.update(self._state(player), [e.to_wire() for e in seen])
            if msg is not None:
                conn.send(msg)

    def _apply(self, player: int, action: Action) -> None:
        try:
            events = self.match.apply(self._hand_seats()[player], action)
        except IllegalAction as exc:  # legal_actions said yes; keep the table alive anyway
            self.illegal += 1
            if player in self.by_seat:
                self.by_seat[player].send({"t": "error", "code": "illegal", "msg": str(exc)})
            return
        self._publish(events)
        self._wake.set()

    def _broadcast_seats(self) -> None:
        seats = self._seat_list()
        for conn in list(self.conns):
            if conn.hello:
                conn.send({"t": "seats", "seats": seats})
        if self.on_seats is not None:
            self.on_seats(len(self.free_seats) if not self.started else 0, self.started)

    def _bot(self, player: int) -> Bot:
        if player not in self.bots:
            self.bots[player] = make_bot(self.config.bots, self.seed * 4 + player)
        return self.bots[player]

    async def _wait(self, timeout: float | None = None) -> None:
        self._wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout)

    async def run(self) -> dict[str, Any]:
        """Wait for players, play the match, return the final summary."""
        deadline = asyncio.get_running_loop().time() + self.config.start_after
        while self.free_seats:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                break
            await self._wait(left)
        for seat in self.free_seats:
            self.kinds[seat] = "bot"
            self.names[seat] = f"bot {seat + 1}"
        self.started = True
        self.match.names = tuple(self.names)
        self._broadcast_seats()
        try:
            await self._play()
        finally:
            self.finished = True
        summary = self.summary()
        for conn in list(self.conns):
            conn.send({"t": "over", "scores": list(self.match.scores)})
            conn.send({"t": "bye", "reason": "the match is over"})
        await asyncio.sleep(0)
        return summary

    async def _play(self) -> None:
        events = self.match.start_hand()
        for seat, conn in list(self.by_seat.items()):
            conn.send(conn.stream.snapshot(self._state(seat)))
        self._publish(events)
        while True:
            if self.match.hand_over:
                self._hand_done()
                if self.match.match_over or self.hands_done == self.config.hands:
                    return
                self._publish(self.match.next_hand())
                continue
            players = self.match.players
            robots = [players[s] for s in self.match.to_act() if players[s] not in self.by_seat]
            if robots:
                player = robots[0]
                view = self.match.view(self.match.seat_of(player))
                self._apply(player, self._bot(player).choose(view))
                await asyncio.sleep(self.config.move_pause)  # let the network breathe
            else:
                await self._wait()

    def _hand_done(self) -> None:
        self.hands_done += 1
        record = self.match.history[-1]
        result = record.result
        players = [(record.dealer + s) % 4 for s in range(4)]
        deltas = [0] * 4
        for seat, player in enumerate(players):
            deltas[player] = result.deltas[seat]
        summary: dict[str, Any] = {
            "hand": record.hand_no,
            "winner": None if result.winner is None else players[result.winner],
            "how": result.how,
            "deltas": deltas,
            "scores": list(record.scores),
        }
        if result.score is not None:
            summary["total"] = result.score.total
        for conn in list(self.conns):
            conn.send({"t": "hand", "hand": record.hand_no, "result": summary})
        if self.on_hand is not None:
            self.on_hand(summary)

    def summary(self) -> dict[str, Any]:
        return {
            "table": self.config.name,
            "ruleset": self.config.ruleset,
            "seed": self.seed,
            "hands": self.hands_done,
            "final_scores": list(self.match.scores),
            "seats": list(self.kinds),
            "dropped": self.dropped,
            "illegal": self.illegal,
            "stale": self.stale,
        }
