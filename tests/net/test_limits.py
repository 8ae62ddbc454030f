"""Limits that hold: budgets that never refuse an honest client, a hello deadline that trickled
bytes do not move, small client frames, per-address and token-holder places, and peers that do
not read dropped at once. Pure parts with a fake clock; the host's use of them over loopback."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.client import Client, JoinError
from net.frames import encode
from net.limits import CLIENT_MAX_FRAME, Budget, ReplyLedger
from net.peer import MAX_BACKLOG, Peer
from tests.net.peers import LOOPBACK, RawPeer, hello, make_host, sitting, within

# ---------------------------------------------------------------- pure parts, fake clock

def test_budget_refills_with_time_up_to_its_burst() -> None:
    budget = Budget(burst=3, rate=2, now=100.0)
    assert [budget.take(1, 100.0) for _ in range(4)] == [True, True, True, False]
    assert budget.take(1, 100.5) and not budget.take(1, 100.5)  # 0.5 s buys one
    assert budget.take(3, 110.0) and not budget.take(1, 110.0)  # never more than the burst
    budget.give(2)
    assert budget.take(2, 110.0)


@given(st.lists(st.integers(0, 50), max_size=200))
def test_replies_are_one_per_state_sent_and_never_ahead(seqs: list[int]) -> None:
    ledger = ReplyLedger()
    latest = 30
    replies = [s for s in seqs if ledger.is_reply(s, latest)]
    assert replies == sorted(set(replies))  # each state answered once, in order
    assert all(s <= latest for s in replies)
    assert len(replies) <= latest + 1


class _Transport:
    def __init__(self) -> None:
        self.buffered = 0
        self.aborted = False

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def abort(self) -> None:
        self.aborted = True


class _Writer:
    """A writer whose peer never reads: everything written stays buffered."""

    def __init__(self) -> None:
        self.transport = _Transport()
        self.closed = False

    def write(self, data: bytes) -> None:
        self.transport.buffered += len(data)

    def close(self) -> None:
        self.closed = True


def test_a_peer_that_does_not_read_is_aborted_not_closed() -> None:
    host = make_host("mazhan", ["open", "bot", "bot", "bot"])
    peer = Peer("127.0.0.9")
    writer = _Writer()
    host._writers[peer] = writer  # type: ignore[assignment]
    msg = {"t": "chat", "seat": None, "name": "x", "text": "y" * 200}
    sent = 0
    while not peer.closed:
        peer.send(msg)
        host._flush()
        sent += 1
        assert sent < 10_000
    # Aborted (buffers dropped at once), not closed (which would wait to flush for ever).
    assert writer.transport.aborted and not writer.closed and peer.aborted
    assert writer.transport.buffered > MAX_BACKLOG
    before = writer.transport.buffered
    peer.send(msg)  # nothing more is queued or written once dropped
    host._flush()
    assert writer.transport.buffered == before and peer.outbox == []


# ---------------------------------------------------------------- the host, over loopback

def test_an_honest_client_at_full_speed_is_never_refused() -> None:
    """Replies are free: a message budget far below the bots' pace refuses nobody."""
    async def scenario() -> None:
        host = make_host("nanjing", ["open"] * 4, hands=12, rate=2.0, burst=10.0,
                         options={"hands": 12})
        await host.start()
        clients = [Client(LOOPBACK, host.port, name=f"p{i}", seed=i) for i in range(4)]
        summary, *stats = await within(asyncio.gather(host.run(), *(c.run() for c in clients)),
                                       120)
        await host.close()
        assert summary["dropped"] == 0 and summary["hands"] == 12
        assert all(s.errors == [] and s.hands_played == 12 for s in stats)
        # Far more actions than the budget would allow if they were counted.
        assert sum(host.played) > 10 + 2 * 60

    asyncio.run(scenario())


def test_a_client_flooding_unprompted_messages_is_still_dropped() -> None:
    async def scenario() -> None:
        host = make_host("nanjing", ["open", "bot", "bot", "bot"], hands=1, rate=2.0,
                         burst=10.0)
        await host.start()
        peer = RawPeer()
        await peer.open(host.port)
        peer.send(hello())
        peer.send_raw(encode({"t": "ping", "n": 1}) * 30)
        got = await peer.until_closed()
        assert {"t": "error", "code": "protocol", "msg": "too many messages"} in got
        # Actions on states never sent are not replies either.
        peer = await sitting(host.port)
        peer.send_raw(b"".join(encode({"t": "action", "seq": 1000 + i, "a": "pass"})
                               for i in range(30)))
        got = await peer.until_closed()
        assert {"t": "error", "code": "protocol", "msg": "too many messages"} in got
        await host.close()

    asyncio.run(scenario())


def test_trickled_bytes_do_not_move_the_hello_deadline() -> None:
    async def scenario() -> None:
        host = make_host("mazhan", ["open", "bot", "bot", "bot"], hello_timeout=0.3)
        await host.start()
        reader, writer = await asyncio.open_connection(LOOPBACK, host.port)
        writer.write(struct.pack(">I", 1000))  # a frame is coming, one byte at a time
        sent = 0
        closed = False
        for _ in range(400):  # up to 20 s of trickling; the host should stop it long before
            writer.write(b"\x00")
            sent += 1
            with contextlib.suppress(TimeoutError):
                if not await asyncio.wait_for(reader.read(100), 0.05):
                    closed = True
                    break
        writer.close()
        await host.close()
        assert closed and sent < 400 and host.dropped == 1

    asyncio.run(scenario())


def test_client_frames_are_small_and_bytes_are_budgeted() -> None:
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
        body = frame * 100
        with contextlib.suppress(ConnectionError):  # reset: the host hung up mid-stream
            bomb.send_raw(body)
            await bomb.writer.drain()
            await bomb.until_closed()
        await host.close()
        assert host.drop_reasons["too much data"] == 1

    asyncio.run(scenario())


def _from(address: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(10)
    sock.bind((address, 0))
    sock.connect((LOOPBACK, port))
    return sock


def test_one_address_cannot_take_every_slot_and_token_holders_get_back_in() -> None:
    async def scenario() -> None:
        host = make_host("mazhan", ["open", "open", "bot", "bot"], max_connections=6,
                         per_address=4, start_after=60)
        await host.start()
        ann = await sitting(host.port, "ann")
        token = (await ann.expect("seated"))["token"]
        ann.writer.close()
        # A flood from another address: four are held, the rest refused at once.
        flood = await asyncio.to_thread(lambda: [_from("127.0.0.2", host.port)
                                                 for _ in range(10)])
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while host.refused < 6 or 0 in host.by_seat:
            assert loop.time() < deadline
            await asyncio.sleep(0.005)
        assert sum(c.address == "127.0.0.2" for c in host.conns) == 4
        # Two newcomers fill the total of six; a third stranger is refused at hello...
        first, second = RawPeer(), RawPeer()
        for peer in (first, second):
            await peer.open(host.port)
            peer.send(hello("w", watch=True))
            await peer.expect("welcome")
        with pytest.raises(JoinError, match="too many connections"):
            await within(Client(LOOPBACK, host.port, name="bob", autoplay=None).run())
        # ...but ann, holding her token, takes her place back.
        back = RawPeer()
        await back.open(host.port)
        back.send(hello("ann", token=token))
        await back.expect("welcome")
        assert (await back.expect("seated"))["seat"] == 0
        for sock in flood:
            sock.close()
        await host.close()

    asyncio.run(scenario())


def test_a_place_left_before_the_start_is_freed_after_the_hold() -> None:
    async def scenario() -> None:
        host = make_host("mazhan", ["open", "open", "bot", "bot"], hold_before_start=0.0)
        await host.start()
        gone = await sitting(host.port, "gone", 1)
        await gone.expect("seated")
        gone.writer.close()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while 1 in host.by_seat:
            assert loop.time() < deadline
            await asyncio.sleep(0.005)
        assert host.free_seats == [0, 1]
        await host.close()

    asyncio.run(scenario())
