"""The whole host over real loopback sockets (127.0.0.1 only): one smoke test of the transport
around the table with the shipped clients (players, a spectator, the window's session on its
socket link, a line cut and the client coming back by itself), and the limits only the
transport can hold (client frame size, the byte budget on real reads). Everything else about
the table, the window's session and the LAN screens is tested in fake time."""

from __future__ import annotations

import asyncio
import contextlib
import struct

import pytest

from game.client.sessions.remote import RemoteSession
from net.client import Client
from net.frames import encode
from net.limits import CLIENT_MAX_FRAME
from tests.net.peers import LOOPBACK, RawPeer, hello, make_host, within

# slow: whole matches over real loopback sockets (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow


def test_a_match_over_loopback_with_a_line_cut_and_the_client_back_by_itself() -> None:
    async def scenario() -> None:
        host = make_host("nanjing", ["open", "open", "bot", "bot"], hands=3, move_pause=0.01,
                         options={"hands": 3})
        await host.start()
        ann = Client(LOOPBACK, host.port, name="ann", seed=1, seat=0, reconnect=True)
        bob = Client(LOOPBACK, host.port, name="bob", seed=2, seat=1)
        eve = Client(LOOPBACK, host.port, name="eve", autoplay=None, watch=True)
        game = asyncio.gather(host.run(), ann.run(), bob.run(), eve.run())
        # the window's session watches over its own socket link, on a thread of its own
        win = RemoteSession(LOOPBACK, host.port, name="win", watch=True)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while not (host.table.started and ann.mirror.seq > 3):
            assert loop.time() < deadline
            await asyncio.sleep(0.002)  # polling a condition, with a deadline
        host.cut(0)  # the line drops: no goodbye
        summary, *stats = await within(game, 120)
        await host.close()
        ann_stats, bob_stats, eve_stats = stats
        assert summary["hands"] == 3 and summary["dropped"] == 0
        assert ann_stats.reconnects >= 1 and ann_stats.seat == 0
        for s in stats:
            assert s.desyncs == 0 and s.wall_problems == []
            assert s.final_scores == summary["final_scores"]
        assert bob_stats.hands_played == 3 and eve_stats.hands_played == 3
        deadline = loop.time() + 30
        while win.connected:  # its thread ends once the table has said bye
            assert loop.time() < deadline
            await asyncio.sleep(0.01)
        assert win.error is None and win.ready and win.wall_problems == []
        assert [r["hand"] for r in win.results] == [1, 2, 3]
        assert win.results[-1]["scores"] == summary["final_scores"]
        win.close()
        assert host.table.peers == set()  # everyone said bye and was let go

    asyncio.run(scenario())


def test_client_frames_are_small_and_bytes_are_budgeted_on_real_reads() -> None:
    async def scenario() -> None:
        host = make_host("mazhan", ["open", "bot", "bot", "bot"])
        await host.start()
        big = RawPeer()
        await big.open(host.port)
        big.send_raw(struct.pack(">I", CLIENT_MAX_FRAME + 1))
        got = await big.until_closed()
        assert got[0]["code"] == "protocol" and "frame" in got[0]["msg"]
        # Frames under the limit, few enough for the message budget, but far more bytes than
        # any client sends: cut off on the byte budget.
        bomb = RawPeer()
        await bomb.open(host.port)
        bomb.send(hello())
        frame = encode({"t": "ping", "n": 1, "pad": "x" * (CLIENT_MAX_FRAME - 100)})
        with contextlib.suppress(ConnectionError):  # reset: the host hung up mid-stream
            bomb.send_raw(frame * 100)
            await bomb.writer.drain()
            await bomb.until_closed()
        await host.close()
        assert host.table.drop_reasons["too much data"] == 1

    asyncio.run(scenario())


def test_a_vote_ends_the_match_over_loopback() -> None:
    """Issue 28 end to end: one person proposes over a real socket, the other accepts; both
    clients see the match end, voted, with the abandoned hand's wall checking out."""
    async def scenario() -> None:
        host = make_host("mazhan", ["open", "open", "bot", "bot"], hands=8, move_pause=0.01,
                         claim_window=0.05, options={"hands": 8, "bust_ends": False})
        await host.start()
        proposed: list[bool] = []

        def ann_hears(msg: dict[str, object]) -> None:
            if msg["t"] == "update" and not proposed and ann.mirror.seq > 8:
                proposed.append(True)
                ann.send({"t": "end_propose"})

        def bob_hears(msg: dict[str, object]) -> None:
            if msg["t"] == "end_vote" and msg["state"] == "open":
                bob.send({"t": "end_answer", "id": msg["id"], "yes": True})

        ann = Client(LOOPBACK, host.port, name="ann", seed=1, seat=0, person=True,
                     on_message=ann_hears)
        bob = Client(LOOPBACK, host.port, name="bob", seed=2, seat=1, person=True,
                     on_message=bob_hears)
        summary, *stats = await within(asyncio.gather(host.run(), ann.run(), bob.run()), 120)
        await host.close()
        assert proposed and summary["ended"] == "voted" and summary["hands"] < 8
        for client, s in zip((ann, bob), stats, strict=True):
            assert client.state.end_reason == "voted"
            assert s.wall_problems == [] and s.desyncs == 0
            assert s.final_scores == summary["final_scores"]

    asyncio.run(scenario())


def test_vote_floods_from_peers_with_no_say_over_loopback() -> None:
    """`tools/lan_attack.py votes`, small: every flooder is refused (not seated) and then
    dropped for flooding; the two people play the match to its end, not voted."""
    from tools.lan_attack import votes

    figures = asyncio.run(within(votes(1, 6), 120))
    assert figures["hands"] == 1 and figures["ended"] is None
    assert figures["players_refused"] == 0
    assert figures["closed_by_host"] == 6 and figures["drop_reasons"] == {
        "too many messages": 6}
    assert figures["reasons"]["not_seated"] >= 6 * 100


def test_auto_flips_from_a_seated_peer_are_refused_past_the_burst_over_loopback() -> None:
    """`tools/lan_attack.py autos`: a seated peer switching 托管 150 times in a burst gets six
    changes told (net/limits.py AUTO_BURST) and a refusal for each change after them; it is not
    dropped, and the match plays to its end."""
    from tools.lan_attack import autos

    figures = asyncio.run(within(autos(1, 150), 120))
    assert figures["told"] == 6 and figures["refused"] == len(range(6, 150, 2))
    assert not figures["closed_by_host"] and figures["host_dropped"] == 0
    assert figures["hands"] == 1 and figures["players_refused"] == 0
