"""A LAN table with no sockets, threads or sleeps: the pure table (net/table.py), a fake clock,
and fake peers that record what the table sends them. Every message goes through the frame codec
both ways, raw bytes through each peer's frame decoder, as the transport does.

`Room` plays the transport: it feeds the table, hands its outbox to the fake peers, ticks it at
each `next_deadline()` (moving the fake clock there) and lets autoplaying clients answer.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Generator
from concurrent.futures import Future
from typing import Any, TypeVar

import pytest

from game.atomic import write_atomic
from game.bots import Bot, make_bot
from game.client.sessions.remote import RemoteSession
from game.view import SeatView
from net.client import PING_EVERY, ClientFront
from net.client_state import ClientState, JoinError
from net.frames import HEADER, Message, ProtocolError, decode_body, encode
from net.host import Host, HostConfig
from net.peer import Peer
from net.table import Table
from tests.net.peers import hello

T = TypeVar("T")


def wire(msg: Message) -> Message:
    """`msg` as the other side decodes it."""
    return decode_body(encode(msg)[HEADER.size:])


class FakePeer:
    """One connection to the table: what it was sent, in order, and whether it was let go."""

    def __init__(self, room: Room, address: str) -> None:
        self.room = room
        self.peer = Peer(address, room.now, room.table.config.rate, room.table.config.burst)
        self.got: list[Message] = []
        self.closed = False
        self.aborted = False
        self.on_message: Callable[[Message], None] | None = None

    def send(self, msg: Message) -> None:
        """A message from this peer, as the transport would hand it over."""
        self.raw(encode(msg))

    def raw(self, data: bytes) -> None:
        self.room.feed(self, data)

    def take(self, kind: str | None = None) -> list[Message]:
        """What came since the last take (only of `kind` if given)."""
        out, self.got = self.got, []
        return [m for m in out if kind is None or m["t"] == kind]

    def kinds(self) -> list[str]:
        return [m["t"] for m in self.got]

    def first(self, kind: str, **fields: Any) -> Message:
        for msg in self.got:
            if msg["t"] == kind and all(msg.get(k) == v for k, v in fields.items()):
                return msg
        raise AssertionError(f"no {kind} {fields} among {self.kinds()}")

    def hang_up(self) -> None:
        """The connection ends from this side (the transport reports it)."""
        if self.ends():
            self.room.deliver()

    def ends(self) -> bool:
        """The socket ends: the transport tells the table, once. False if it had ended."""
        if self.closed:
            return False
        self.closed = True
        self.room.table.disconnect(self.peer, self.room.now)
        return True


class FakeClient(ClientFront):
    """The shipped client's state machine (net/client_state.py) on a fake connection, with a
    bot that answers every offer at once when `autoplay` is set, as `mahjong join` does."""

    def __init__(self, room: Room, *, name: str = "player", autoplay: str | None = "normal",
                 seat: int = -1, seed: int = 0, token: str | None = None, watch: bool = False,
                 code: str | None = None, address: str = "10.0.0.1",
                 fingerprint: str | None = None,
                 on_view: Callable[[SeatView], None] | None = None,
                 rules: str | None = None, start: bool = True, person: bool = False) -> None:
        self.room = room
        self.person = person
        """Autoplaying, but saying a person plays (no `bot` in the hello), as a window does:
        the host explains its refusals and pauses for it."""
        self.name = name
        self.rules = rules
        self.address = address
        self.bot: Bot | None = make_bot(autoplay, seed) if autoplay else None
        self.state = ClientState(seat=seat, token=token, watch=watch, code=code,
                                 fingerprint=fingerprint)
        self.on_view = on_view
        self.error: JoinError | None = None
        self.peer: FakePeer | None = None
        self._acted_seq = -1
        if start:
            self.connect()

    def connect(self) -> None:
        """A (new) connection: hello, as the shipped client says it."""
        if self.peer is not None:
            self.state.new_connection()
            self.state.stats.reconnects += 1
            self._acted_seq = -1
        self.error = None
        self.peer = self.room.connect(self.address)
        self.peer.on_message = self._receive
        self.room.clients.append(self)
        self.peer.send(self.state.hello(self.name, self.rules,
                                        self.bot is not None and not self.person))
        self.room.deliver()

    def _receive(self, msg: Message) -> None:
        if self.error is not None:
            return
        try:
            done = self.state.receive(msg, len(encode(msg)))
        except JoinError as exc:
            self.error = exc
            done = True
        if done and self.peer is not None:  # the shipped client hangs up then
            self.room.hangups.append(self.peer)
            return
        if msg["t"] in ("snapshot", "update"):
            self._maybe_act()

    def answer(self) -> bool:
        """Send what the state queued (replies, resyncs, actions); True if anything."""
        peer = self.peer
        if peer is None or peer.closed or not self.state.outbox:
            return False
        said, self.state.outbox = self.state.outbox, []
        for msg in said:
            peer.send(msg)
        return True

    def _say(self, msg: Message) -> None:
        self.state.outbox.append(msg)  # sent by `answer`, once the room hands it on

    def keepalive(self, now: float) -> None:
        """The clock moved to `now` (fake clients do not ping unless they say so)."""

    def act(self, action: str) -> None:
        """A person's action against the current state."""
        assert self.peer is not None
        self.peer.send({"t": "action", "seq": self.state.mirror.seq, "a": action})


class SessionLink(FakeClient):
    """The window's RemoteSession (game/client/sessions/remote.py `Link`) on a fake connection:
    what it sends reaches the table at once, and what the table says comes straight back, so
    a test moves the table on with the room's fake clock instead of waiting for a thread."""

    def __init__(self, room: Room, *, address: str = "10.0.0.1", **client: Any) -> None:
        super().__init__(room, autoplay=None, address=address, start=False, **client)
        self._on_message: Callable[[Message], None] = lambda _msg: None
        self._on_end: Callable[[BaseException], None] = lambda _exc: None
        self._pinged = room.now
        self._pings = 0

    @property
    def alive(self) -> bool:
        return self.peer is not None and not self.peer.closed

    def keepalive(self, now: float) -> None:
        """Ping every 15 s of the room's clock, as the shipped client does."""
        if now - self._pinged >= PING_EVERY:
            self._pinged = now
            self._pings += 1
            self.send({"t": "ping", "n": self._pings})

    def start(self, on_message: Callable[[Message], None],
              on_end: Callable[[BaseException], None]) -> None:
        self._on_message, self._on_end = on_message, on_end
        self.connect()

    def _receive(self, msg: Message) -> None:
        failed = self.error
        super()._receive(msg)
        if self.error is not None:
            if failed is None:  # as the shipped client: the run ends, the session is told
                self._on_end(self.error)
            return
        self._on_message(msg)

    def send(self, msg: Message) -> None:
        if self.alive:
            assert self.peer is not None
            self.peer.send(msg)

    def close(self) -> None:
        if self.alive:
            assert self.peer is not None
            self.send({"t": "bye", "reason": "left the table"})
            self.peer.hang_up()


def linked(room: Room, address: str = "10.0.0.1") -> Callable[..., SessionLink]:
    """A RemoteSession's `link` argument: its connection is a SessionLink into `room`."""
    return lambda **client: SessionLink(room, address=address, **client)


class Room:
    """The table, a fake clock and the fake peers: the transport, in fake time."""

    def __init__(self, table: Table, now: float = 0.0) -> None:
        self.table = table
        self.now = now
        self.peers: dict[Peer, FakePeer] = {}
        self.clients: list[FakeClient] = []
        self.hangups: list[FakePeer] = []
        table.open(now)

    def connect(self, address: str = "10.0.0.9") -> FakePeer:
        fake = FakePeer(self, address)
        self.peers[fake.peer] = fake
        if not self.table.connect(fake.peer, self.now):
            fake.closed = True
        self.deliver()
        return fake

    def raw_peer(self, name: str = "raw", address: str = "10.0.0.9",
                 **extra: Any) -> FakePeer:
        """A hand-driven peer that has said hello."""
        fake = self.connect(address)
        fake.send(hello(name, **extra))
        return fake

    def feed(self, fake: FakePeer, data: bytes) -> None:
        """Bytes from `fake`, handled as the transport does: paid for, decoded, received."""
        if fake.closed:
            return
        peer = fake.peer
        if self.table.data(peer, len(data), self.now):
            try:
                peer.decoder.feed(data)
                for msg in peer.decoder:
                    self.table.receive(peer, msg, self.now)
                    if peer.closed:
                        break
            except ProtocolError as exc:
                self.table.fail(peer, str(exc))
        self.deliver()

    def deliver(self) -> None:
        """Hand the table's outbox to the peers (and what they answer back to the table)."""
        for _ in range(10_000):
            out = self.table.drain()
            for path, text in out.writes:  # the transport writes them (on a thread of its own)
                try:
                    write_atomic(path, text)
                except OSError as exc:
                    self.table.write_failed(path, str(exc))
            if not (out.messages or out.close or out.abort or self.hangups):
                if not any(c.answer() for c in self.clients):
                    return
                continue
            for peer, msg in out.messages:
                fake = self.peers[peer]
                if fake.closed:
                    continue
                got = wire(msg)
                fake.got.append(got)
                if fake.on_message is not None:
                    fake.on_message(got)
            for peer in out.close + out.abort:
                fake = self.peers[peer]
                fake.aborted = fake.aborted or peer in out.abort
                fake.ends()
            for client in self.clients:
                client.answer()
            while self.hangups:
                self.hangups.pop().ends()
        raise AssertionError("the talk never settled")

    def tick(self) -> None:
        self.table.tick(self.now)
        self.deliver()

    def step(self) -> bool:
        """Tick, then move the clock to the next deadline; False when nothing is due any more
        (the match is over, or the table waits for a message)."""
        self.tick()
        if self.table.final is not None:
            return False
        deadline = self.table.next_deadline()
        if deadline is None:
            return False
        self.now = max(self.now, deadline)
        return True

    def advance(self) -> bool:
        """Move the clock to the table's next deadline (not past now if something is due
        already) and do what falls due: one move of the clock, then a tick, never a move after
        it, so a session just shown a decision is not timed out behind its back. False when
        nothing is due any more."""
        deadline = self.table.next_deadline()
        if self.table.final is not None or deadline is None:
            return False
        self.now = max(self.now, deadline)
        for client in list(self.clients):
            client.keepalive(self.now)
        self.tick()
        return True

    def wait_for(self, until: Callable[[], bool], limit: int = 200_000) -> None:
        """Advance until `until()` holds, checking it before each move of the clock."""
        for _ in range(limit):
            if until():
                return
            if not self.advance():
                assert until(), "the table waits for a message that never comes"
                return
        raise AssertionError("ran out of steps")

    def run(self, until: Callable[[], bool] | None = None, limit: int = 200_000) -> None:
        """Step until `until()` holds (or, without it, until the match is over)."""
        for _ in range(limit):
            if until is not None and until():
                return
            if not self.step():
                if until is None or until():
                    return
                raise AssertionError("the table waits for a message that never comes")
        raise AssertionError("ran out of steps")

    def later(self, seconds: float) -> None:
        """Let `seconds` of fake time pass, doing what falls due on the way."""
        end = self.now + seconds
        for _ in range(200_000):
            self.tick()
            deadline = self.table.next_deadline()
            if deadline is None or deadline > end:
                break
            self.now = max(self.now, deadline)
        self.now = end
        self.tick()


class InlineLoop:
    """Stands in for the LAN screens' LoopThread: a coroutine runs at once, on the caller's
    thread, as far as it gets without waiting (one that waits stays pending: the host's run)."""

    def submit(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        done: Future[T] = Future()
        try:
            coro.send(None)
        except StopIteration as stop:
            done.set_result(stop.value)
        except Exception as exc:  # as the real loop would hand it over
            done.set_exception(exc)
        else:
            coro.close()  # it waits for ever (the match): never resumed
        return done

    def call(self, fn: Callable[[], object]) -> None:
        fn()

    def stop(self) -> None:
        pass


class _Forever:
    def __await__(self) -> Generator[None, None, None]:
        yield


class MemoryHost(Host):
    """A `net.host.Host` whose transport is a Room in fake time: the same table and the calls
    the window makes, no server. Its `port` only names it in its `Lan`."""

    def __init__(self, lan: Lan, config: HostConfig, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        self.lan = lan
        self.room = Room(self.table)

    async def start(self) -> None:
        self.port = self.lan.listen(self)

    async def run(self) -> dict[str, Any]:
        await _Forever()  # the match goes on in the room's fake time
        raise AssertionError("never resumed")

    async def close(self) -> None:
        peers = list(self.table.peers)
        for peer in peers:
            peer.send({"t": "bye", "reason": "the table is closing"})
            peer.close()
        for peer in peers:
            self.table.disconnect(peer, self.room.now)
        self.room.deliver()
        self.lan.hosts.pop(self.port, None)

    def _changed(self) -> None:
        self.room.deliver()


class Lan:
    """The LAN screens (game/client/screens/lan.py) in memory: their hosts are MemoryHosts,
    their sessions linked to those hosts' rooms by port, their loops inline. `advance()` moves
    every open table on in fake time."""

    def __init__(self) -> None:
        self.hosts: dict[int, MemoryHost] = {}
        self._ports = iter(range(40_000, 50_000))

    def install(self, monkeypatch: pytest.MonkeyPatch) -> Lan:
        from game.client.screens import lan as lan_screens

        monkeypatch.setattr(lan_screens, "LoopThread", InlineLoop)
        monkeypatch.setattr(lan_screens, "Host", self.host)
        monkeypatch.setattr(lan_screens, "RemoteSession", self.session)
        return self

    def listen(self, host: MemoryHost) -> int:
        port = next(self._ports)
        self.hosts[port] = host
        return port

    def host(self, config: HostConfig, *args: Any, **kwargs: Any) -> MemoryHost:
        return MemoryHost(self, config, *args, **kwargs)

    def session(self, address: str, port: int, **kwargs: Any) -> RemoteSession:
        """A RemoteSession to `address:port`: linked to the host there, or refused as the
        shipped client is when nothing listens."""
        host = self.hosts.get(port)

        def link(**client: Any) -> SessionLink | Unreachable:
            if host is None or address not in ("127.0.0.1", "localhost"):
                return Unreachable(address, port, **client)
            return SessionLink(host.room, address=f"10.0.1.{len(host.room.peers) % 250}",
                               **client)

        return RemoteSession(address, port, link=link, **kwargs)

    def advance(self) -> bool:
        """Move each open table to its next deadline; False if none has anything due."""
        moved = False
        for host in list(self.hosts.values()):
            moved |= host.room.advance()
        return moved


class Unreachable:
    """A link to an address where nothing listens: it ends at once as the shipped client does."""

    def __init__(self, address: str, port: int, **client: Any) -> None:
        self.state = ClientState(token=client.get("token"))
        self.where = f"{address}:{port}"

    @property
    def alive(self) -> bool:
        return False

    def start(self, on_message: Callable[[Message], None],
              on_end: Callable[[BaseException], None]) -> None:
        on_end(JoinError(f"cannot reach {self.where}: Connection refused", "unreachable",
                         {"address": self.where}))

    def send(self, msg: Message) -> None:
        pass

    def close(self) -> None:
        pass
