"""The LAN client: joins a table, mirrors its seat's view from diffs, and can let a bot play.

The client trusts nothing it cannot check: every update must follow the previous one by
sequence number and its result must match the host's checksum, else it asks for a snapshot.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Final

from game.bots import Bot, make_bot
from game.view import SeatView
from net.client_state import ClientState, ClientStats, JoinError
from net.diff import Mirror
from net.frames import FrameDecoder, Message, ProtocolError, encode

READ_CHUNK: Final = 16 * 1024


__all__ = ["Client", "ClientStats", "JoinError"]

RETRY_FIRST: Final = 0.5
RETRY_MAX: Final = 8.0
"""Reconnect back-off: the first wait and the longest."""
PING_EVERY: Final = 15.0
"""Seconds between keepalive pings (`ping_interval`'s default)."""


class _Lost(JoinError):
    """The connection ended early; `run` may try again (or gives up with a plain JoinError)."""


class ClientFront:
    """A client's face over its state (net/client_state.py): the state's parts under the names
    callers have always used, and what a new state sets off (shown to `on_view`; with a bot,
    the offer answered once per state). Shared by `Client` and the test fakes."""

    state: ClientState
    bot: Bot | None
    on_view: Callable[[SeatView], None] | None
    _acted_seq: int

    @property
    def mirror(self) -> Mirror:
        return self.state.mirror

    @property
    def stats(self) -> ClientStats:
        return self.state.stats

    @property
    def token(self) -> str | None:
        return self.state.token

    @property
    def table(self) -> Message:
        return self.state.table

    @property
    def over(self) -> bool:
        return self.state.over

    def view(self) -> SeatView | None:
        """The mirrored view, or None before the first snapshot or while waiting for one."""
        return self.state.view()

    def _say(self, msg: Message) -> None:
        """Send `msg` (the bot's action)."""
        raise NotImplementedError

    def _maybe_act(self) -> None:
        state = self.mirror.state
        if (self.on_view is None and state is not None and not self.mirror.waiting
                and state.get("s") not in state.get("a", ())):
            return  # not asked to act: no need to build the whole view ("a": who acts)
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
        self._say({"t": "action", "seq": self.mirror.seq, "a": str(self.bot.choose(view))})


class Client(ClientFront):
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
        ping_interval: float = PING_EVERY,
        on_view: Callable[[SeatView], None] | None = None,
        watch: bool = False,
        code: str | None = None,
        on_message: Callable[[Message], None] | None = None,
        trace: bool = False,
        fingerprint: str | None = None,
        reconnect: bool = False,
        reconnect_for: float = 120.0,
        handshake_timeout: float = 10.0,
        person: bool = False,
    ) -> None:
        """`person`: the hello does not say a program plays although `autoplay` does
        (benchmarks of what a person's window is sent: refusals, claim windows)."""
        self.address = address
        self.port = port
        self.name = name
        self.rules = rules
        self.ping_interval = ping_interval
        self.bot: Bot | None = make_bot(autoplay, seed) if autoplay else None
        self.on_view = on_view
        self.watch = watch
        self.on_message = on_message
        self.trace = trace
        self.reconnect = reconnect
        self.reconnect_for = reconnect_for
        self.handshake_timeout = handshake_timeout
        self.person = person
        self.state = ClientState(seat=seat, token=token, watch=watch, code=code,
                                 fingerprint=fingerprint)
        """Everything the host told us (net/client_state.py); this object only moves bytes."""
        self._acted_seq = -1
        self._writer: asyncio.StreamWriter | None = None

    def send(self, msg: Message) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(encode(msg))

    def hang_up(self) -> None:
        """Close the connection (on the client's loop): `run` ends, or tries again with
        `reconnect`."""
        if self._writer is not None:
            self._writer.close()

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
                    raise JoinError(str(exc), exc.code, exc.info) from None
                if self.table:  # we got back in after the last loss: a fresh allowance
                    delay, deadline = RETRY_FIRST, None
                deadline = deadline if deadline is not None else loop.time() + self.reconnect_for
                if loop.time() + delay > deadline:
                    raise JoinError(f"{exc}; gave up reconnecting", exc.code, exc.info) from None
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_MAX)
                self.stats.reconnects += 1
                self._fresh()

    def _fresh(self) -> None:
        """Forget the lost connection's state (the token and the stats stay)."""
        self.state.new_connection()
        self._acted_seq = -1

    async def _connection(self) -> None:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.address, self.port), self.handshake_timeout)
        except (OSError, TimeoutError) as exc:
            reason = getattr(exc, "strerror", None) or exc or "no answer"
            raise _Lost(f"cannot reach {self.address}:{self.port}: {reason}", "unreachable",
                        {"address": f"{self.address}:{self.port}"}) from exc
        self._writer = writer
        pinger = asyncio.create_task(self._ping())
        try:
            self.send(self.state.hello(self.name, self.rules,
                                       self.bot is not None and not self.person))
            await self._read(reader)
        except ProtocolError as exc:
            raise JoinError(f"the host sent something unreadable: {exc}", "unreadable") from exc
        except (ConnectionError, OSError) as exc:
            if not self.over:
                raise _Lost(f"lost the connection to the table: {exc}", "lost") from exc
        finally:
            pinger.cancel()
            with contextlib.suppress(Exception):
                writer.close()
        if not self.over:
            raise _Lost("the table closed the connection before the match ended", "closed")

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
                                    f"within {self.handshake_timeout:g} s", "not_a_table",
                                    {"address": f"{self.address}:{self.port}"}) from None
            if not data:
                return
            self.stats.bytes_received += len(data)
            decoder.feed(data)
            for msg in decoder:
                done = self._handle(msg, decoder.last_size)
                if self.on_message is not None:
                    self.on_message(msg)
                if done:
                    return

    def _handle(self, msg: Message, size: int) -> bool:
        """Handle one message; True when the conversation is over."""
        done = self.state.receive(msg, size)
        for out in self.state.outbox:
            self.send(out)
        self.state.outbox.clear()
        if msg["t"] in ("snapshot", "update"):
            if self.trace and not self.mirror.waiting:
                self.stats.applied_at[self.mirror.seq] = time.perf_counter()
            self._maybe_act()
        return done

    def _say(self, msg: Message) -> None:
        self.send(msg)

    def act(self, action_text: str) -> None:
        """Send a person's action against the current state."""
        self.send({"t": "action", "seq": self.mirror.seq, "a": action_text})
