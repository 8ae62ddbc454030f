"""Host and clients over real loopback sockets (127.0.0.1 only)."""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Callable
from typing import Any

import pytest

from game.view import SeatView
from net.client import Client, ClientStats, JoinError
from net.diff import Mirror
from net.frames import Message, encode
from net.host import Host
from net.peer import Peer
from net.wire import compact_view, view_from_wire
from tests.net.peers import LOOPBACK, RawPeer, hello, make_host, within


async def _play(
    ruleset: str, seats: list[str], clients: list[Client], host: Host
) -> tuple[dict[str, Any], list[ClientStats]]:
    results = await within(asyncio.gather(host.run(), *(c.run() for c in clients)))
    await host.close()
    return results[0], list(results[1:])


async def _until(condition: Callable[[], bool], seconds: float = 30) -> None:
    """Wait for `condition` (checked every few ms) with a generous deadline."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        assert loop.time() < deadline, "condition not met in time"
        await asyncio.sleep(0.002)


def _host(ruleset: str, seats: list[str], hands: int = 2, **kw: Any) -> Host:
    return make_host(ruleset, seats, hands, **kw)


@pytest.mark.parametrize(
    ("ruleset", "seats"),
    [("mazhan", ["open", "bot", "open", "bot"]), ("nanjing", ["open"] * 4)],
)
def test_autoplaying_clients_finish_hands_without_desync(ruleset: str, seats: list[str]) -> None:
    async def scenario() -> None:
        host = _host(ruleset, seats)
        await host.start()
        clients = [Client(LOOPBACK, host.port, name=f"c{i}", seed=i)
                   for i in range(seats.count("open"))]
        summary, stats = await _play(ruleset, seats, clients, host)
        assert summary["hands"] == 2 and summary["dropped"] == 0 and summary["illegal"] == 0
        places = sorted(-1 if s.seat is None else s.seat for s in stats)
        assert places == [i for i, k in enumerate(seats) if k == "open"]
        for s in stats:
            assert s.hands_played == 2
            assert s.final_scores == summary["final_scores"]
            assert s.desyncs == 0 and s.resyncs == 0
            assert s.update_sizes and s.snapshot_sizes
        # Every client ends holding exactly the host's view of its place.
        for client in clients:
            seat = host._hand_seats()[client.stats.seat or 0]
            assert client.mirror.state == compact_view(host.match.view(seat).to_wire())

    asyncio.run(scenario())


@pytest.mark.parametrize(
    "abuse",
    ["garbage", "oversized", "flood", "no_hello", "wrong_type"],
)
def test_misbehaving_peer_is_dropped_while_others_play_on(abuse: str) -> None:
    async def scenario() -> None:
        third = "bot" if abuse == "no_hello" else "open"  # the abuser takes the third place
        host = _host("nanjing", ["open", "open", third, "bot"], hands=1)
        await host.start()
        bad = RawPeer()
        await bad.open(host.port)
        if abuse != "no_hello":
            bad.send(hello())
            await bad.expect("welcome")
            bad.send({"t": "sit", "seat": 2})
            await bad.expect("seated")
        clients = [Client(LOOPBACK, host.port, name=f"c{i}", seed=i, seat=i) for i in range(2)]
        game = asyncio.gather(host.run(), *(c.run() for c in clients))
        await _until(lambda: host.started)  # misbehave once the others are playing
        if abuse == "garbage":
            bad.send_raw(struct.pack(">I", 6) + b"\xc1\xc1\xc1\xc1\xc1\xc1")
        elif abuse == "oversized":
            bad.send_raw(struct.pack(">I", 10_000_000))
        elif abuse == "flood":
            bad.send_raw(encode({"t": "ping", "n": 1}) * 1000)
        elif abuse == "no_hello":
            bad.send({"t": "sit", "seat": 2})
        else:
            bad.send({"t": "welcome", "v": 1, "table": "x", "ruleset": "x", "rules": "x",
                      "seats": []})
        got = await bad.until_closed()
        assert any(m["t"] == "error" and m["code"] == "protocol" for m in got)
        summary, *stats = await within(game)
        await host.close()
        # The hand may end before or after the host drops the abuser (no_hello holds no
        # place), so the count is read from the host once all is done, not from the summary.
        assert summary["hands"] == 1 and host.dropped == 1
        for s in stats:
            assert s.hands_played == 1 and s.desyncs == 0

    asyncio.run(scenario())


def test_actions_only_for_own_place_and_only_legal() -> None:
    """On the pure table (no sockets, fake clock): the host takes only legal, current moves."""
    host = _host("mazhan", ["open", "bot", "bot", "bot"], hands=1)
    now = [0.0]
    host.clock = lambda: now[0]
    peer = Peer("10.0.0.1", now[0])
    assert host.connect(peer, now[0])

    def said() -> list[Message]:
        out, peer.outbox = peer.outbox, []
        return out

    host.receive(peer, hello(), now[0])
    assert [m["t"] for m in said()] == ["welcome"]
    host.receive(peer, {"t": "sit", "seat": 1}, now[0])  # a bot's place is not free
    assert [m.get("code") for m in said()] == ["seat"]
    host.receive(peer, {"t": "sit", "seat": 0}, now[0])
    assert "seated" in [m["t"] for m in said()]
    mirror = Mirror()
    host.tick(now[0])  # every open place taken: the match starts and runs until we must act
    for msg in said():
        if msg["t"] in ("snapshot", "update"):
            assert not mirror.receive(msg)
    assert mirror.state is not None
    view = view_from_wire(mirror.state)
    assert view.to_act == (view.seat,) and view.legal  # the table waits on us alone
    assert view.seat == host._hand_seats()[0]
    wrong = next(a for a in ("discard 1m", "discard 9s") if a not in map(str, view.legal))
    for text in ("discard 9z", "kong", wrong):
        host.receive(peer, {"t": "action", "seq": mirror.seq, "a": text}, now[0])
        assert [m["code"] for m in said() if m["t"] == "error"] == ["illegal"]
    before = host.stale
    host.receive(peer, {"t": "action", "seq": mirror.seq - 1, "a": str(view.legal[0])}, now[0])
    assert host.stale == before + 1 and said() == []  # stale: dropped without a word
    host.receive(peer, {"t": "bye", "reason": "done"}, now[0])
    host.disconnect(peer, now[0])
    for _ in range(10_000):  # a bot takes over the place and finishes the hand
        host.tick(now[0])
        if host.final is not None:
            break
        deadline = host.next_deadline()
        assert deadline is not None
        now[0] = max(now[0], deadline)
    assert host.final is not None
    assert host.final["illegal"] == 3 and host.final["hands"] == 1


def test_client_recovers_from_a_corrupted_mirror() -> None:
    async def scenario() -> None:
        host = _host("nanjing", ["open", "bot", "bot", "bot"], hands=1, start_after=5)
        await host.start()
        corrupted: list[int] = []

        def corrupt(view: SeatView) -> None:
            state = client.mirror.state
            if not corrupted and state is not None and view.wall_left < 50:
                corrupted.append(client.mirror.seq)
                state["D"] = [7, 7]  # the client's idea of the dice drifts
        client = Client(LOOPBACK, host.port, seed=3, on_view=corrupt)
        summary, (stats,) = await _play("nanjing", [], [client], host)
        assert corrupted and stats.desyncs == 1 and stats.resyncs == 1
        assert len(stats.snapshot_sizes) == 2 and stats.hands_played == 1
        assert stats.final_scores == summary["final_scores"]

    asyncio.run(scenario())


def test_reconnect_with_token_gets_the_place_back() -> None:
    async def scenario() -> None:
        host = _host("mazhan", ["open", "open", "bot", "bot"], hands=1, start_after=20)
        await host.start()
        first = RawPeer()
        await first.open(host.port)
        first.send(hello("ann"))
        await first.expect("welcome")
        first.send({"t": "sit", "seat": 1})
        token = (await first.expect("seated"))["token"]
        first.writer.close()
        await _until(lambda: 1 not in host.by_seat)  # the host has seen the connection go
        # The token holds place 1 for its player; only place 0 is free to newcomers.
        assert host.free_seats == [0] and host._missing() == [0, 1]
        again = Client(LOOPBACK, host.port, name="ann", token=token, seed=5)
        other = Client(LOOPBACK, host.port, name="bob", seed=6)
        _, stats = await _play("mazhan", [], [again, other], host)
        assert stats[0].seat == 1 and stats[1].seat == 0
        assert all(s.hands_played == 1 and s.desyncs == 0 for s in stats)

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
