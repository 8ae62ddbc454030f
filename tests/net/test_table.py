"""The table and the shipped client's state machine, in fake time (tests/net/fake.py): whole
matches, misbehaving peers, the action rules, resyncs and coming back with a token."""

from __future__ import annotations

import struct

import pytest

from game.view import SeatView
from net.diff import Mirror
from net.frames import encode
from net.wire import compact_view, view_from_wire
from tests.net.fake import FakeClient, Room
from tests.net.peers import hello, make_table


@pytest.mark.parametrize(
    ("ruleset", "seats"),
    [("mazhan", ["open", "bot", "open", "bot"]), ("nanjing", ["open"] * 4)],
)
def test_autoplaying_clients_finish_hands_without_desync(ruleset: str, seats: list[str]) -> None:
    table = make_table(ruleset, seats)
    room = Room(table)
    clients = [FakeClient(room, name=f"c{i}", seed=i, address=f"10.0.0.{i}")
               for i in range(seats.count("open"))]
    room.run()
    summary = table.final
    assert summary is not None
    assert summary["hands"] == 2 and summary["dropped"] == 0 and summary["illegal"] == 0
    places = sorted(-1 if c.stats.seat is None else c.stats.seat for c in clients)
    assert places == [i for i, k in enumerate(seats) if k == "open"]
    for c in clients:
        s = c.stats
        assert c.error is None and s.hands_played == 2
        assert s.final_scores == summary["final_scores"]
        assert s.desyncs == 0 and s.resyncs == 0
        assert s.update_sizes and s.snapshot_sizes
        # Every client ends holding exactly the table's view of its place.
        seat = table.hand_seats()[s.seat or 0]
        assert c.state.mirror.state == compact_view(table.match.view(seat).to_wire())


@pytest.mark.parametrize(
    "abuse",
    ["garbage", "oversized", "flood", "no_hello", "wrong_type"],
)
def test_misbehaving_peer_is_dropped_while_others_play_on(abuse: str) -> None:
    third = "bot" if abuse == "no_hello" else "open"  # the abuser takes the third place
    table = make_table("nanjing", ["open", "open", third, "bot"], hands=1)
    room = Room(table)
    bad = room.connect("10.0.0.66")
    if abuse != "no_hello":
        bad.send(hello())
        bad.send({"t": "sit", "seat": 2})
        assert bad.first("seated")
    clients = [FakeClient(room, name=f"c{i}", seed=i, seat=i, address=f"10.0.0.{i}")
               for i in range(2)]
    room.run(lambda: table.started and len(table.match.actions) > 5)  # the others play
    if abuse == "garbage":
        bad.raw(struct.pack(">I", 6) + b"\xc1\xc1\xc1\xc1\xc1\xc1")
    elif abuse == "oversized":
        bad.raw(struct.pack(">I", 10_000_000))
    elif abuse == "flood":
        bad.raw(encode({"t": "ping", "n": 1}) * 1000)
    elif abuse == "no_hello":
        bad.send({"t": "sit", "seat": 2})
    else:
        bad.send({"t": "welcome", "v": 1, "table": "x", "ruleset": "x", "rules": "x",
                  "seats": []})
    assert bad.closed
    assert any(m["t"] == "error" and m["code"] == "protocol" for m in bad.got)
    room.run()
    assert table.final is not None and table.final["hands"] == 1 and table.dropped == 1
    for c in clients:
        assert c.stats.hands_played == 1 and c.stats.desyncs == 0


def test_actions_only_for_own_place_and_only_legal() -> None:
    table = make_table("mazhan", ["open", "bot", "bot", "bot"], hands=1)
    room = Room(table)
    peer = room.raw_peer()
    assert peer.kinds() == ["welcome"]
    peer.take()
    peer.send({"t": "sit", "seat": 1})  # a bot's place is not free
    assert [m.get("code") for m in peer.take()] == ["seat"]
    peer.send({"t": "sit", "seat": 0})
    assert "seated" in [m["t"] for m in peer.got]
    room.tick()  # every open place taken: the match starts and runs until we must act
    mirror = Mirror()
    for msg in peer.take():
        if msg["t"] in ("snapshot", "update"):
            assert not mirror.receive(msg)
    assert mirror.state is not None
    view = view_from_wire(mirror.state)
    assert view.to_act == (view.seat,) and view.legal  # the table waits on us alone
    assert view.seat == table.hand_seats()[0]
    wrong = next(a for a in ("discard 1m", "discard 9s") if a not in map(str, view.legal))
    for text in ("discard 9z", "kong", wrong):
        peer.send({"t": "action", "seq": mirror.seq, "a": text})
        assert [m["code"] for m in peer.take() if m["t"] == "error"] == ["illegal"]
    before = table.stale
    peer.send({"t": "action", "seq": mirror.seq - 1, "a": str(view.legal[0])})
    assert table.stale == before + 1 and peer.take() == []  # stale: dropped without a word
    peer.send({"t": "bye", "reason": "done"})
    assert peer.closed
    room.run()  # a bot takes over the place and finishes the hand
    assert table.final is not None
    assert table.final["illegal"] == 3 and table.final["hands"] == 1


def test_client_recovers_from_a_corrupted_mirror() -> None:
    table = make_table("nanjing", ["open", "bot", "bot", "bot"], hands=1, start_after=5)
    room = Room(table)
    corrupted: list[int] = []

    def corrupt(view: SeatView) -> None:
        state = client.state.mirror.state
        if not corrupted and state is not None and view.wall_left < 50:
            corrupted.append(client.state.mirror.seq)
            state["D"] = [7, 7]  # the client's idea of the dice drifts

    client = FakeClient(room, seed=3, on_view=corrupt)
    room.run()
    stats = client.stats
    assert table.final is not None
    assert corrupted and stats.desyncs == 1 and stats.resyncs == 1
    assert len(stats.snapshot_sizes) == 2 and stats.hands_played == 1
    assert stats.final_scores == table.final["final_scores"]


def test_reconnect_with_token_gets_the_place_back() -> None:
    table = make_table("mazhan", ["open", "open", "bot", "bot"], hands=1, start_after=20)
    room = Room(table)
    first = room.raw_peer("ann")
    first.send({"t": "sit", "seat": 1})
    token = first.first("seated")["token"]
    first.hang_up()
    assert 1 not in table.by_seat
    # The token holds place 1 for its player; only place 0 is free to newcomers.
    assert table.free_seats == [0] and table.places.missing() == [0, 1]
    again = FakeClient(room, name="ann", token=token, seed=5, address="10.0.0.1")
    other = FakeClient(room, name="bob", seed=6, address="10.0.0.2")
    room.run()
    stats = [again.stats, other.stats]
    assert stats[0].seat == 1 and stats[1].seat == 0
    assert all(s.hands_played == 1 and s.desyncs == 0 for s in stats)
