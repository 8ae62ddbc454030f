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


class JoinError(Exception):
    """The table refused us or went away; the message is for a person."""


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
        try:
            reader, self._writer = await asyncio.open_connection(self.address, self.port)
        except OSError as exc:
            reason = exc.strerror or exc
            raise JoinError(f"cannot reach {self.address}:{self.port}: {reason}") from exc
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
                raise JoinError(f"lost the connection to the table: {exc}") from exc
        finally:
            pinger.cancel()
            with contextlib.suppress(Exception):
                self._writer.close()
        if not self.over:
            raise JoinError("the table closed the connection before the match ended")
        return self.stats

    async def _ping(self) -> None:
        n = 0
        while True:
            await asyncio.sleep(self.ping_interval)
            n += 1
            self.send({"t": "ping", "n": n})

    async def _read(self, reader: asyncio.StreamReader) -> None:
        decoder = FrameDecoder()
        while True:
            data = await reader.read(READ_CHUNK)
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
