"""The LAN client: joins a table, mirrors its seat's view from diffs, and can let a bot play.

The client trusts nothing it cannot check: every update must follow the previous one by
sequence number and its result must match the host's checksum, else it asks for a snapshot.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from game.bots import Bot, make_bot
from game.view import SeatView
from net.diff import Mirror
from net.fair import WallWatch
from net.frames import PROTOCOL_VERSION, FrameDecoder, Message, ProtocolError, encode
from net.joincode import is_nonce, new_nonce, proof, proof_ok
from net.wire import WireError, view_from_wire

READ_CHUNK: Final = 16 * 1024
FATAL: Final = frozenset({"version", "rules", "protocol", "full", "code", "watch"})


RETRY_FIRST: Final = 0.5
RETRY_MAX: Final = 8.0
"""Reconnect back-off: the first wait and the longest."""


class JoinError(Exception):
    """The table refused us or went away; the message is for a person."""


class _Lost(Exception):
    """The connection ended early; `run` may try again."""


@dataclass
class ClientStats:
    """What `mahjong join --json` reports."""

    seat: int | None = None
    hands_played: int = 0
    final_scores: list[int] = field(default_factory=list)
    messages: int = 0
    bytes_received: int = 0
    update_sizes: list[int] = field(default_factory=list)
    snapshot_sizes: list[int] = field(default_factory=list)
    resyncs: int = 0
    desyncs: int = 0
    reconnects: int = 0
    walls_checked: int = 0
    wall_problems: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    applied_at: dict[int, float] = field(default_factory=dict)
    """seq → perf_counter time the update was applied (only when tracing)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "hands_played": self.hands_played,
            "final_scores": self.final_scores,
            "seat": self.seat,
            "messages": self.messages,
            "bytes_received": self.bytes_received,
            "diff_bytes_median": statistics.median(self.update_sizes) if self.update_sizes else 0,
            "snapshot_bytes_max": max(self.snapshot_sizes, default=0),
            "resyncs": self.resyncs,
            "desyncs": self.desyncs,
            "reconnects": self.reconnects,
            "walls_checked": self.walls_checked,
            "wall_problems": self.wall_problems,
        }


class Client:
    """One connection to a host. `await run()` plays until the match ends or the host leaves."""

    def __init__(
        self,
        address: str,
        port: int,
        *,
        name: str = "player",
        autoplay: str | None = "normal",
        seat: int = -1,
        seed: int = 0,
        token: str | None = None,
        rules: str | None = None,
        ping_interval: float = 15.0,
        on_view: Callable[[SeatView], None] | None = None,
        watch: bool = False,
        code: str | None = None,
        on_message: Callable[[Message], None] | None = None,
        trace: bool = False,
        fingerprint: str | None = None,
        reconnect: bool = False,
        reconnect_for: float = 120.0,
        handshake_timeout: float = 10.0,
    ) -> None:
        self.address = address
        self.port = port
        self.name = name
        self.want_seat = seat
        self.token = token
        self.rules = rules
        self.ping_interval = ping_interval
        self.bot: Bot | None = make_bot(autoplay, seed) if autoplay else None
        self.on_view = on_view
        self.watch = watch
        self.code = code
        self.on_message = on_message
        self.trace = trace
        self.fingerprint = fingerprint
        self.reconnect = reconnect
        self.reconnect_for = reconnect_for
        self.handshake_timeout = handshake_timeout
        """The fingerprint discovery announced: the table reached must have the same."""
        self.mirror = Mirror()
        self.walls = WallWatch()
        """The fair-wall check: commitments, where our tiles came from, reveals."""
        self.seats: list[dict[str, Any]] = []
        """The places as the host last described them (kind, name, bot, away, ...)."""
        self.chat: list[Message] = []
        self.notices: list[Message] = []
        self.stats = ClientStats()
        self.stats.wall_problems = self.walls.problems
        self.table: dict[str, Any] = {}
        self.over = False
        self._acted_seq = -1
        self._cnonce = new_nonce()
        self._nonce: str | None = None
        self._writer: asyncio.StreamWriter | None = None

    def send(self, msg: Message) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(encode(msg))

    async def run(self) -> ClientStats:
        """Play until the match ends. With `reconnect`, a lost connection is tried again with
        back-off (0.5 s doubling to 8 s) for `reconnect_for` seconds while we hold a token."""
        loop = asyncio.get_running_loop()
        delay, deadline = RETRY_FIRST, None
        while True:
            try:
                await self._connection()
                return self.stats
            except _Lost as exc:
                if not self.reconnect or self.token is None or self.over:
                    raise JoinError(str(exc)) from None
                if self.table:  # we got back in after the last loss: a fresh allowance
                    delay, deadline = RETRY_FIRST, None
                deadline = deadline if deadline is not None else loop.time() + self.reconnect_for
                if loop.time() + delay > deadline:
                    raise JoinError(f"{exc}; gave up reconnecting") from None
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_MAX)
                self.stats.reconnects += 1
                self._fresh()

    def _fresh(self) -> None:
        """Forget the lost connection's state (the token and the stats stay)."""
        self.mirror = Mirror()
        self.table = {}
        self._acted_seq = -1
        self._nonce = None
        self._cnonce = new_nonce()
        self.walls.interrupted()

    async def _connection(self) -> None:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.address, self.port), self.handshake_timeout)
        except (OSError, TimeoutError) as exc:
            reason = getattr(exc, "strerror", None) or exc or "no answer"
            raise _Lost(f"cannot reach {self.address}:{self.port}: {reason}") from exc
        self._writer = writer
        pinger = asyncio.create_task(self._ping())
        try:
            hello: Message = {"t": "hello", "v": PROTOCOL_VERSION, "name": self.name,
                              "token": self.token, "rules": self.rules}
            if self.watch:
                hello["watch"] = True
            if self.bot is not None:
                hello["bot"] = True  # a program plays: the host need not pause for it
            hello["cnonce"] = self._cnonce  # the code itself is never sent (net/joincode.py)
            self.send(hello)
            await self._read(reader)
        except ProtocolError as exc:
            raise JoinError(f"the host sent something unreadable: {exc}") from exc
        except (ConnectionError, OSError) as exc:
            if not self.over:
                raise _Lost(f"lost the connection to the table: {exc}") from exc
        finally:
            pinger.cancel()
            with contextlib.suppress(Exception):
                writer.close()
        if not self.over:
            raise _Lost("the table closed the connection before the match ended")

    async def _ping(self) -> None:
        n = 0
        while True:
            await asyncio.sleep(self.ping_interval)
            n += 1
            self.send({"t": "ping", "n": n})

    async def _read(self, reader: asyncio.StreamReader) -> None:
        decoder = FrameDecoder()
        loop = asyncio.get_running_loop()
        until = loop.time() + self.handshake_timeout
        while True:
            if self.table:
                data = await reader.read(READ_CHUNK)
            else:  # a port that is not a table must not keep us waiting for ever
                try:
                    data = await asyncio.wait_for(reader.read(READ_CHUNK),
                                                  max(0.0, until - loop.time()))
                except TimeoutError:
                    raise JoinError(f"no mahjong table answered at {self.address}:{self.port} "
                                    f"within {self.handshake_timeout:g} s") from None
            if not data:
                return
            self.stats.bytes_received += len(data)
            decoder.feed(data)
            for msg in decoder:
                self.stats.messages += 1
                done = self._handle(msg, decoder.last_size)
                if self.on_message is not None:
                    self.on_message(msg)
                if done:
                    return

    def _handle(self, msg: Message, size: int) -> bool:
        """Handle one message; True when the conversation is over."""
        kind = msg["t"]
        if kind == "challenge":
            if not self.code:
                raise JoinError("this table is locked: give its join code")
            if not is_nonce(msg["nonce"]):
                raise JoinError("the table sent a malformed challenge")
            self._nonce = msg["nonce"]
            self.send({"t": "prove",
                       "proof": proof(self.code, "client", self._nonce, self._cnonce)})
        elif kind == "welcome":
            # With a code (and no token, which the host takes instead), the table must prove
            # it knows the code: a look-alike announcing the same name cannot.
            fp = msg.get("fp")
            if self.fingerprint and fp != self.fingerprint:
                raise JoinError(f"this table's fingerprint is {fp}, not {self.fingerprint} as "
                                "announced: it may be an impostor using the table's name")
            if self.code and self.token is None and (self._nonce is None or not proof_ok(
                    self.code, f"host:{fp}", self._nonce, self._cnonce, msg.get("proof"))):
                raise JoinError("this table did not prove it knows the join code: it may be "
                                "an impostor using the table's name")
            self.table = msg
            self.seats = list(msg["seats"])
            if self.token is not None and msg.get("back") is False:
                self.token = None  # a token this table does not know (an old match): sit anew
                self.stats.seat = None
            if self.stats.seat is None and self.token is None and not self.watch:
                self.send({"t": "sit", "seat": self.want_seat})
        elif kind == "seated":
            self.stats.seat, self.token = msg["seat"], msg["token"]
        elif kind in ("snapshot", "update"):
            (self.stats.snapshot_sizes if kind == "snapshot" else self.stats.update_sizes).append(
                size
            )
            before = self.mirror.desyncs
            if self.mirror.receive(msg):
                self.stats.resyncs += 1
                self.send({"t": "resync", "seq": self.mirror.seq})
            elif self.trace:
                self.stats.applied_at[self.mirror.seq] = time.perf_counter()
            self.stats.desyncs += self.mirror.desyncs - before
            state = self.mirror.state
            if state is not None and not self.mirror.waiting:
                self.walls.state(int(state.get("h", 0)))
            seat = state.get("s", -1) if state is not None else -1
            self.walls.events(seat if isinstance(seat, int) else -1, list(msg.get("ev", ())))
            self._maybe_act()
        elif kind == "seats":
            self.seats = list(msg["seats"])
        elif kind == "commit":
            self.walls.commit(msg["hand"], msg["hash"])
        elif kind == "reveal":
            self._check_wall(msg)
        elif kind == "chat":
            self.chat.append(msg)
        elif kind == "notice":
            self.notices.append(msg)
        elif kind == "hand":
            self.stats.hands_played += 1
            self.stats.final_scores = list(msg["result"].get("scores", []))
        elif kind == "over":
            self.stats.final_scores = list(msg["scores"])
            self.over = True
            self.walls.end()
        elif kind == "ping":
            self.send({"t": "pong", "n": msg["n"]})
        elif kind == "error":
            self.stats.errors.append(msg["msg"])
            if msg["code"] in FATAL:
                raise JoinError(f"the table refused us: {msg['msg']}")
            if msg["code"] == "seat" and self.stats.seat is None:
                raise JoinError(f"no seat for us: {msg['msg']}")
        elif kind == "bye":
            if not self.over:  # said on purpose (closing, or our place taken from elsewhere)
                raise JoinError(f"the table ended our connection: {msg['reason']}")
            return True
        return False

    def _check_wall(self, msg: Message) -> None:
        """Provably fair walls: the revealed wall must match its commitment and the hand."""
        state = None if self.mirror.waiting else self.mirror.state
        self.walls.reveal(msg["hand"], msg["wall"], msg["salt"], state)
        self.stats.walls_checked = self.walls.checked

    def view(self) -> SeatView | None:
        """The mirrored view, or None before the first snapshot or while waiting for one."""
        if self.mirror.state is None or self.mirror.waiting:
            return None
        try:
            return view_from_wire(self.mirror.state)
        except WireError:
            return None

    def _maybe_act(self) -> None:
        view = self.view()
        if view is None:
            return
        if self.on_view is not None:
            self.on_view(view)
        if self.bot is None or view.seat not in view.to_act or not view.legal:
            return
        if self._acted_seq == self.mirror.seq:
            return
        self._acted_seq = self.mirror.seq
        self.send({"t": "action", "seq": self.mirror.seq, "a": str(self.bot.choose(view))})

    def act(self, action_text: str) -> None:
        """Send a person's action against the current state."""
        self.send({"t": "action", "seq": self.mirror.seq, "a": action_text})
