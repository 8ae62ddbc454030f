"""The LAN host's transport: a TCP server for one table, speaking docs/protocol.md to each peer.

The match is the only authority. Each seat is sent its own view (`Match.view(seat)`) and its own
events (`Match.events_for`), as diffs; spectators get the public view (seat -1). The match flow
(waiting for players, dealing with a fair-wall commitment, bots' and timed-out moves, the end of
each hand with its reveal, save and log) is net/table.py's `Table`, fed the clock by `run`. Its
parts live beside it:

- net/host_config.py: `HostConfig`, `lan_options`, `rules_hash`;
- net/peer.py: `Peer`, one TCP peer and its send backlog limit;
- net/table_state.py: `TableState`, the shared state, publishing diffs and applying actions;
- net/places.py: `Places`, open and bot places, tokens, taking a place, benching;
- net/turn_clock.py: `TurnClock`, timers and fleeing (M11, M12);
- net/table.py: `Table`, the match flow as `tick(now)` and `next_deadline()`;
- net/connections.py: `Connections`, each peer's read loop, limits, hello and messages.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from net.connections import Connections
from net.host_config import HostConfig, lan_options, rules_hash
from net.table import WALL_SEED_BITS, Table
from net.table_state import SPECTATOR

__all__ = ["SPECTATOR", "WALL_SEED_BITS", "Host", "HostConfig", "lan_options", "rules_hash"]


class Host(Connections, Table):
    """Runs one table: `await start()` to listen, then `await run()` until the match ends.

    `Host(config, on_hand=None, saved=None)`; the state it keeps is in net/table_state.py.
    """

    async def start(self) -> None:
        self._server = await asyncio.start_server(
            self._serve, self.config.address, self.config.port
        )
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        for conn in list(self.conns):
            conn.send({"t": "bye", "reason": "the table is closing"})
            conn.close()
        self._flush()
        if self._server is not None:
            self._server.close()
        # Closing the sockets ends each handler's read; wait so none is cut off mid-cleanup.
        if self._handlers:
            await asyncio.wait(self._handlers, timeout=5)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await self._server.wait_closed()

    async def _wait(self, timeout: float | None = None) -> None:
        """Until a peer's message wakes the table, or `timeout` seconds."""
        self._wake.clear()
        # asyncio.wait, not wait_for: on Python 3.11 wait_for can swallow a cancellation that
        # comes as the event fires, and the table would then play on after being stopped.
        waiter = asyncio.ensure_future(self._wake.wait())
        try:
            await asyncio.wait({waiter}, timeout=timeout)
        finally:
            waiter.cancel()

    async def run(self) -> dict[str, Any]:
        """Wait for players, play the match, return the final summary."""
        self.start_at = self.clock() + self.config.start_after
        while True:
            self.tick(self.clock())
            self._flush()
            if self.final is not None:
                break
            deadline = self.next_deadline()
            await self._wait(None if deadline is None else max(0.0, deadline - self.clock()))
        await asyncio.sleep(0)
        return self.final
