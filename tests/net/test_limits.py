"""Limits that hold: budgets that never refuse an honest client, a hello deadline that trickled
bytes do not move, small client frames, per-address and token-holder places, and peers that do
not read dropped at once. Pure parts and the table with a fake clock; the transport's own limits
(frame size and byte budget on real reads) in tests/net/test_host_smoke.py."""

from __future__ import annotations

import struct

from hypothesis import given
from hypothesis import strategies as st

from net.frames import encode
from net.limits import BYTE_BURST, CLIENT_MAX_FRAME, Budget, ReplyLedger
from net.peer import MAX_BACKLOG, Peer
from tests.net.fake import FakeClient, Room
from tests.net.peers import make_host, make_table

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
    """The transport's write backlog (no socket: a writer whose peer never reads)."""
    host = make_host("mazhan", ["open", "bot", "bot", "bot"])
    peer = Peer("127.0.0.9")
    assert host.table.connect(peer, 0.0)
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
    host.table.disconnect(peer, 0.0)  # its read loop ends: the table lets it go
    assert peer not in host.table.peers


# ---------------------------------------------------------------- the table, in fake time

def test_an_honest_client_at_full_speed_is_never_refused() -> None:
    """Replies are free: a message budget far below the bots' pace refuses nobody, even with
    no time passing at all (every action at the same instant of the fake clock)."""
    table = make_table("nanjing", ["open"] * 4, hands=12, rate=2.0, burst=10.0,
                       options={"hands": 12})
    room = Room(table)
    clients = [FakeClient(room, name=f"p{i}", seed=i, address=f"10.0.0.{i}") for i in range(4)]
    room.run()
    assert table.final is not None
    assert table.final["dropped"] == 0 and table.final["hands"] == 12 and room.now == 0.0
    assert all(c.error is None and c.stats.errors == [] and c.stats.hands_played == 12
               for c in clients)
    # Far more actions than the budget would allow if they were counted.
    assert sum(table.played) > 10 + 2 * 60


def test_a_client_flooding_unprompted_messages_is_still_dropped() -> None:
    table = make_table("nanjing", ["open", "bot", "bot", "bot"], hands=1, rate=2.0, burst=10.0)
    room = Room(table)
    peer = room.raw_peer()
    peer.raw(encode({"t": "ping", "n": 1}) * 30)
    assert peer.closed
    assert {"t": "error", "code": "protocol", "msg": "too many messages"} in peer.got
    # Actions on states never sent are not replies either.
    peer = room.raw_peer(address="10.0.0.2")
    peer.send({"t": "sit", "seat": 0})
    peer.raw(b"".join(encode({"t": "action", "seq": 1000 + i, "a": "pass"})
                      for i in range(30)))
    assert peer.closed
    assert {"t": "error", "code": "protocol", "msg": "too many messages"} in peer.got


def test_trickled_bytes_do_not_move_the_hello_deadline() -> None:
    table = make_table("mazhan", ["open", "bot", "bot", "bot"], hello_timeout=2.0)
    room = Room(table)
    peer = room.connect()
    peer.raw(struct.pack(">I", 1000))  # a frame is coming, one byte at a time
    sent = 0
    while not peer.closed and sent < 400:  # up to 400 s of trickling
        room.later(1.0)
        peer.raw(b"\x00")
        sent += 1
    assert peer.closed and table.dropped == 1 and table.drop_reasons["timeout"] == 1
    assert 1 <= sent <= 2 and room.now <= 2.0 + 1.0


def test_a_silent_peer_after_hello_is_let_go_at_the_idle_deadline() -> None:
    table = make_table("mazhan", ["open", "bot", "bot", "bot"], idle_timeout=60.0)
    room = Room(table)
    talker, silent = room.raw_peer("t", "10.0.0.1"), room.raw_peer("s", "10.0.0.2")
    for _ in range(5):
        room.later(30.0)
        talker.send({"t": "ping", "n": 1})  # any bytes keep a peer alive
    assert silent.closed and not talker.closed
    assert table.drop_reasons["timeout"] == 1


def test_frame_bombs_are_stopped_before_decoding() -> None:
    table = make_table("mazhan", ["open", "bot", "bot", "bot"])
    room = Room(table)
    big = room.connect("10.0.0.1")
    big.raw(struct.pack(">I", CLIENT_MAX_FRAME + 1))  # the header is enough
    assert big.closed and big.got[0]["code"] == "protocol" and "frame" in big.got[0]["msg"]
    # Frames under the limit, few enough for the message budget, but far more bytes than any
    # client sends: cut off on the byte budget, all at one instant.
    bomb = room.raw_peer("bomb", "10.0.0.2")
    frame = encode({"t": "ping", "n": 1, "pad": "x" * (CLIENT_MAX_FRAME - 100)})
    chunks = 0
    while not bomb.closed and chunks < 100:
        bomb.raw(frame * 4)  # a read's worth at a time, as the transport hands them over
        chunks += 1
    assert bomb.closed and table.drop_reasons["too much data"] == 1
    assert chunks * 4 * len(frame) <= BYTE_BURST + 4 * len(frame)


def test_one_address_cannot_take_every_slot_and_token_holders_get_back_in() -> None:
    table = make_table("mazhan", ["open", "open", "bot", "bot"], max_connections=6,
                       per_address=4, start_after=60)
    room = Room(table)
    ann = room.raw_peer("ann", "10.0.0.1")
    ann.send({"t": "sit", "seat": 0})
    token = ann.first("seated")["token"]
    ann.hang_up()
    # A flood from another address: four are held, the rest refused at once.
    flood = [room.connect("10.0.0.66") for _ in range(10)]
    assert sum(not p.closed for p in flood) == 4 and table.refused == 6
    assert sum(p.address == "10.0.0.66" for p in table.peers) == 4
    # Two newcomers fill the total of six; a third stranger is refused at hello...
    for address in ("10.0.0.2", "10.0.0.3"):
        assert room.raw_peer("w", address, watch=True).first("welcome")
    bob = FakeClient(room, name="bob", autoplay=None, address="10.0.0.4")
    assert bob.error is not None and "too many connections" in str(bob.error)
    # ...but ann, holding her token, takes her place back.
    back = room.raw_peer("ann", "10.0.0.1", token=token)
    assert back.first("welcome") and back.first("seated")["seat"] == 0


def test_a_place_left_before_the_start_is_freed_after_the_hold() -> None:
    table = make_table("mazhan", ["open", "open", "bot", "bot"], hold_before_start=30.0,
                       start_after=60.0)
    room = Room(table)
    gone = room.raw_peer("gone")
    gone.send({"t": "sit", "seat": 1})
    assert gone.first("seated")
    gone.hang_up()
    assert table.free_seats == [0]  # held for its token a while
    room.now = 40.0
    assert table.free_seats == [0]  # reading the places changes nothing...
    assert table.next_deadline() == 30.0  # ...the table's tick lets the hold go
    watcher = room.raw_peer("w", "10.0.0.2")
    watcher.take()
    room.tick()
    assert table.free_seats == [0, 1] and table.names[1] == "" and not table.started
    assert watcher.take("seats")[-1]["seats"][1]["taken"] is False
