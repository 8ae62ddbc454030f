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
from tests.net.fake import FakeClient, Room
from tests.net.peers import LOOPBACK, make_table, within


def test_a_port_that_is_not_a_table_times_out() -> None:
    async def scenario() -> None:
        server = await asyncio.start_server(lambda r, w: None, LOOPBACK, 0)  # says nothing
        port = server.sockets[0].getsockname()[1]
        with pytest.raises(JoinError, match="no mahjong table answered"):
            await within(Client(LOOPBACK, port, handshake_timeout=0.3).run(), 30)
        server.close()
        await server.wait_closed()

    asyncio.run(scenario())


def test_unreachable_host_is_a_clear_error() -> None:
    async def scenario() -> None:
        server = await asyncio.start_server(lambda r, w: None, LOOPBACK, 0)
        port = server.sockets[0].getsockname()[1]
        server.close()
        await server.wait_closed()
        with pytest.raises(JoinError, match="cannot reach"):
            await Client(LOOPBACK, port).run()

    asyncio.run(scenario())


def test_a_dropped_player_comes_back_with_its_token_and_finishes_the_match() -> None:
    """The table's side of a reconnect, in fake time (the shipped client's own retrying is in
    tests/net/test_host_smoke.py, over loopback)."""
    table = make_table("nanjing", ["open", "open", "bot", "bot"], hands=3, move_pause=0.01,
                       options={"hands": 3})
    room = Room(table)
    ann = FakeClient(room, name="ann", seed=1, seat=0, address="10.0.0.1")
    bob = FakeClient(room, name="bob", seed=2, seat=1, address="10.0.0.2")
    room.run(lambda: table.started and ann.state.mirror.seq > 3)
    assert ann.peer is not None
    ann.peer.hang_up()  # the line drops: no goodbye
    assert 0 not in table.by_seat
    room.later(1.0)  # a bot plays the place meanwhile
    ann.connect()
    assert table.by_seat[0] is ann.peer.peer
    room.run()
    assert table.final is not None
    for c in (ann, bob):
        assert c.error is None and c.stats.desyncs == 0 and c.stats.wall_problems == []
        assert c.stats.final_scores == table.final["final_scores"]
    assert ann.stats.reconnects == 1 and ann.stats.seat == 0
    assert ann.stats.to_json()["reconnects"] == 1


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
    table = make_table("mazhan", ["open", "open", "bot", "bot"], flee_after=180.0)
    room = Room(table, now=490.0)
    ann, bob = (room.raw_peer(n, f"10.0.0.{i}") for i, n in enumerate(("ann", "bob")))
    ann.send({"t": "sit", "seat": 0})
    bob.send({"t": "sit", "seat": 1})
    room.tick()
    assert table.started
    bob.hang_up()  # left at 490 (M12)
    assert ann.take("seats")[-1]["seats"][1]["flee_in"] == 180.0
    room.later(10.0)
    seats = table._seat_list()
    assert seats[1]["flee_in"] == 170.0 and "flee_in" not in seats[0]
    room.now = 669.5
    room.tick()
    assert table._seat_list()[1]["flee_in"] == 0.5
    room.later(1.0)  # the deadline passes: a flee, told to the others
    assert ("fled", 1) in [(m["code"], m["seat"]) for m in ann.got if m["t"] == "notice"]
    assert table.flees == 1
