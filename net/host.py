"""The LAN host's transport: a TCP server for one table (net/table.py), speaking
docs/protocol.md to each peer.

Only transport lives here: the server, each peer's read loop and frame decoder (client frames
are small: net/limits.py), reporting bytes and messages to the table, writing what the table's
`drain()` hands over (never awaiting a drain: one slow reader must not stall the others; a
peer whose write backlog passes `MAX_BACKLOG` is aborted), and sleeping until the table's
`next_deadline()` or until something arrives, and writing the files the table hands over (save,
log) on a disk thread of its own. Every decision (limits, deadlines, who may do
what) is the table's. `Host` also forwards the few table calls the window and the CLI use.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from game.atomic import write_atomic
from game.match import Match
from net.frames import ProtocolError, encode
from net.host_config import HostConfig, lan_options, rules_hash
from net.peer import MAX_BACKLOG, Peer
from net.save import SaveData
from net.table import SPECTATOR, WALL_SEED_BITS, Table

__all__ = ["SPECTATOR", "WALL_SEED_BITS", "Host", "HostConfig", "lan_options", "rules_hash"]

READ_CHUNK: Final = 16 * 1024
log = logging.getLogger(__name__)


class Host:
    """Runs one table: `await start()` to listen, then `await run()` until the match ends.

    `Host(config, on_hand=None, saved=None)`; the table itself is `host.table`.
    """

    def __init__(self, config: HostConfig,
                 on_hand: Callable[[dict[str, Any]], None] | None = None,
                 saved: SaveData | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 table: type[Table] = Table) -> None:
        self.config = config
        self.table = table(config, on_hand, saved)
        """The pure table (`table`: a subclass for tests that play a dishonest host)."""
        self.clock = clock
        self.port = config.port
        self.on_action: Callable[[float, dict[str, int]], None] | None = None
        """Benchmarks: (perf_counter time the action was read, seq each peer will see it at)."""
        self.table.on_action = self._acted
        self._read_at = 0.0
        self.aborted = 0
        """Peers aborted for a full write backlog (they did not read)."""
        self._server: asyncio.Server | None = None
        self._handlers: set[asyncio.Task[Any]] = set()
        self._writers: dict[Peer, asyncio.StreamWriter] = {}
        self._wake = asyncio.Event()
        self._disk = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="table-save")
        """Saves and logs are written here, in order, off the loop: fsync takes milliseconds
        that the players' updates must not wait for."""
        self._newest: dict[Path, int] = {}
        self._written: asyncio.Future[str | None] | None = None

    # ------------------------------------------------------------ what the window and CLI use

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def seed(self) -> int:
        return self.table.seed

    @property
    def rules(self) -> str:
        return self.table.rules

    @property
    def fingerprint(self) -> str:
        return self.table.fingerprint

    @property
    def hands_done(self) -> int:
        return self.table.hands_done

    @property
    def free_seats(self) -> list[int]:
        return self.table.free_seats

    @property
    def kinds(self) -> list[str]:
        return self.table.kinds

    @property
    def by_seat(self) -> dict[int, Peer]:
        return self.table.by_seat

    @property
    def on_seats(self) -> Callable[[int, bool], None] | None:
        return self.table.on_seats

    @on_seats.setter
    def on_seats(self, callback: Callable[[int, bool], None] | None) -> None:
        self.table.on_seats = callback

    def reserve(self, player: int, name: str) -> str:
        token = self.table.reserve(player, name)
        self._changed()
        return token

    def add_bot(self, player: int) -> None:
        self.table.add_bot(player)
        self._changed()

    def open_place(self, player: int) -> None:
        self.table.open_place(player)
        self._changed()

    def start_now(self) -> None:
        self.table.start_now()
        self._changed()

    def _changed(self) -> None:
        """The table changed from outside a read: send what it says and let it tick."""
        self._flush()
        self._wake.set()

    def _acted(self, seqs: dict[str, int]) -> None:
        if self.on_action is not None:
            self.on_action(self._read_at, seqs)

    # ------------------------------------------------------------ serving

    async def start(self) -> None:
        self._server = await asyncio.start_server(
            self._serve, self.config.address, self.config.port
        )
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        peers = list(self.table.peers)
        for peer in peers:  # all told first, so none hears of the others leaving
            peer.send({"t": "bye", "reason": "the table is closing"})
            peer.close()
        for peer in peers:
            self.table.disconnect(peer, self.clock())
        self._flush()
        if self._server is not None:
            self._server.close()
        # Closing the sockets ends each handler's read; wait so none is cut off mid-cleanup.
        if self._handlers:
            await asyncio.wait(self._handlers, timeout=5)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await self._server.wait_closed()
        await self._writes_done()
        self._disk.shutdown(wait=False)

    def cut(self, place: int) -> None:
        """Drop the connection of the player at `place` without a goodbye (a line that fails:
        tests and the soak)."""
        peer = self.table.by_seat.get(place)
        if peer is not None:
            peer.abort()
            self._changed()

    def crash(self) -> None:
        """Die without a goodbye (tests and the soak): stop listening, drop every socket, write
        nothing more."""
        self._disk.shutdown(wait=False, cancel_futures=True)
        for writer in list(self._writers.values()):
            writer.transport.abort()
        if self._server is not None:
            self._server.close()

    async def run(self) -> dict[str, Any]:
        """Wait for players, play the match, return the final summary."""
        self.table.open(self.clock())
        while True:
            self.table.tick(self.clock())
            self._flush()
            if self.table.final is not None:
                break
            deadline = self.table.next_deadline()
            await self._wait(None if deadline is None else max(0.0, deadline - self.clock()))
        await self._writes_done()  # the last save and the log are on disk when the match ends
        return self.table.final

    async def _wait(self, timeout: float | None) -> None:
        """Until something arrives for the table, or `timeout` seconds."""
        self._wake.clear()
        # asyncio.wait, not wait_for: on Python 3.11 wait_for can swallow a cancellation that
        # comes as the event fires, and the table would then play on after being stopped.
        waiter = asyncio.ensure_future(self._wake.wait())
        try:
            await asyncio.wait({waiter}, timeout=timeout)
        finally:
            waiter.cancel()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        name = writer.get_extra_info("peername")
        address = str(name[0]) if isinstance(name, tuple) and name else "?"
        now = self.clock()
        peer = Peer(address, now, self.config.rate, self.config.burst)
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        self._writers[peer] = writer
        if not self.table.connect(peer, now):
            log.info("refused a connection from %s: too many connections", address)
            self._flush()
            self._writers.pop(peer, None)
            writer.transport.abort()
            return
        # The table's deadline for a hello counts from now: let the loop sleep to it.
        self._wake.set()
        try:
            await self._read_loop(peer, reader)
        except (ConnectionError, OSError):
            pass
        finally:
            self.table.disconnect(peer, self.clock())
            self._flush()
            self._writers.pop(peer, None)
            self._wake.set()

    async def _read_loop(self, peer: Peer, reader: asyncio.StreamReader) -> None:
        while not peer.closed:
            data = await reader.read(READ_CHUNK)
            if not data:
                return
            # Bytes are paid for before any decoding, so a flood costs the host little.
            if self.table.data(peer, len(data), self.clock()):
                try:
                    peer.decoder.feed(data)
                    for msg in peer.decoder:
                        self._read_at = time.perf_counter()
                        self.table.receive(peer, msg, self.clock())
                        if peer.closed:
                            break
                except ProtocolError as exc:  # the frame decoder's: bytes that are no message
                    log.info("dropped %s: %s", peer.name or "a peer", exc)
                    self.table.fail(peer, str(exc))
            self._flush()
            self._wake.set()

    def _flush(self) -> None:
        """Write what the table has for each peer; close or abort those it let go."""
        out = self.table.drain()
        frames: dict[Peer, list[bytes]] = {}
        for peer, msg in out.messages:
            try:
                frames.setdefault(peer, []).append(encode(msg, deep=False))
            except ProtocolError:  # a message we cannot send: a bug, not the peer's
                self.table.drop_reasons["unsendable"] += 1
        for peer, data in frames.items():  # one write (one send call) per peer
            writer = self._writers.get(peer)
            if writer is None or peer.aborted:
                continue
            writer.write(b"".join(data))
            # Never await drain: one slow reader must not stall the others.
            if writer.transport.get_write_buffer_size() > MAX_BACKLOG:
                self.aborted += 1
                peer.abort()
                writer.transport.abort()
        for peer in out.close:
            writer = self._writers.get(peer)
            if writer is not None and not peer.aborted:
                writer.close()
        for peer in out.abort:
            writer = self._writers.get(peer)
            if writer is not None:
                writer.transport.abort()
        for path, text in out.writes:
            self._write(path, text)

    _numbers = itertools.count()

    def _write(self, path: Path, text: str) -> None:
        """Write a file whole on the disk thread; a newer text for the same file queued behind
        it makes an older one not worth writing."""
        number = next(self._numbers)
        self._newest[path] = number

        def job() -> str | None:
            if self._newest.get(path) != number:
                return None
            try:
                write_atomic(path, text)
            except OSError as exc:
                return str(exc)
            return None

        try:
            done = asyncio.wrap_future(self._disk.submit(job))
        except RuntimeError:  # the host has crashed or closed: nothing more is written
            return

        def check(future: asyncio.Future[str | None]) -> None:
            error = None if future.cancelled() else future.result()
            if error is not None:
                self.table.write_failed(path, error)
                self._flush()

        done.add_done_callback(check)
        self._written = done

    async def _writes_done(self) -> None:
        """Until every file handed to the disk thread so far is written."""
        if self._written is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._written), 60)
