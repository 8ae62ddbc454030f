"""Reconnect that players can use: the shipped client comes back by itself with its token, keeps
the token between runs, and never waits for ever on a port that is not a table."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from net.client import Client, JoinError
from net.tokens import TokenStore, table_key
from tests.net.peers import LOOPBACK, make_host, within


def test_a_port_that_is_not_a_table_times_out() -> None:
    async def scenario() -> None:
        server = await asyncio.start_server(lambda r, w: None, LOOPBACK, 0)  # says nothing
        port = server.sockets[0].getsockname()[1]
        with pytest.raises(JoinError, match="no mahjong table answered"):
            await within(Client(LOOPBACK, port, handshake_timeout=0.3).run(), 30)
        server.close()
        await server.wait_closed()

    asyncio.run(scenario())


def test_a_dropped_client_reconnects_by_itself_and_finishes_the_match() -> None:
    async def scenario() -> None:
        host = make_host("nanjing", ["open", "open", "bot", "bot"], hands=3, move_pause=0.01,
                         options={"hands": 3})
        await host.start()
        ann = Client(LOOPBACK, host.port, name="ann", seed=1, seat=0, reconnect=True)
        bob = Client(LOOPBACK, host.port, name="bob", seed=2, seat=1)
        game = asyncio.gather(host.run(), ann.run(), bob.run())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while not (host.started and ann.mirror.seq > 3):
            assert loop.time() < deadline
            await asyncio.sleep(0.002)
        host.by_seat[0].abort()  # the line drops: no goodbye
        summary, ann_stats, bob_stats = await within(game, 120)
        await host.close()
        assert ann_stats.reconnects >= 1 and ann_stats.seat == 0
        assert ann_stats.hands_played >= 1 and ann_stats.desyncs == 0
        assert ann_stats.final_scores == summary["final_scores"]
        assert ann_stats.wall_problems == [] and bob_stats.wall_problems == []
        assert ann_stats.to_json()["reconnects"] == ann_stats.reconnects

    asyncio.run(scenario())


def test_the_token_store_keeps_one_token_per_table(tmp_path: Path) -> None:
    store = TokenStore(tmp_path / "tokens")
    key = table_key("192.168.1.20", 5000, None)
    assert key == "192.168.1.20_5000" and table_key("h", 1, "3f9a01bc") == "3f9a01bc"
    assert store.load(key) is None
    path = store.save(key, "tok")
    assert path is not None and path.parent == tmp_path / "tokens"
    assert store.load(key) == "tok"
    # A token another join on this machine is using right now is not taken from it...
    path.write_text(f'{{"token": "tok", "pid": {os.getppid()}}}', encoding="utf-8")
    assert store.load(key) is None
    # ...but one left by a join that has ended is.
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    path.write_text(f'{{"token": "tok", "pid": {int(gone.stdout)}}}', encoding="utf-8")
    assert store.load(key) == "tok"
    store.forget(key)
    assert store.load(key) is None
    path.write_text("not json", encoding="utf-8")
    assert store.load(key) is None


def test_the_others_see_the_flee_countdown_of_an_absent_player() -> None:
    host = make_host("mazhan", ["open", "open", "bot", "bot"], flee_after=180.0)
    now = [500.0]
    host.clock = lambda: now[0]
    host.started = True
    host._deal(host.match.start_hand(), first=True)
    host.gone_since[1] = 490.0  # left ten seconds ago (M12)
    seats = host._seat_list()
    assert seats[1]["flee_in"] == 170.0 and "flee_in" not in seats[0]
    now[0] = 700.0
    assert host._seat_list()[1]["flee_in"] == 0.0
