"""Spectators, chat and join codes, in fake time (tests/net/fake.py)."""

from __future__ import annotations

from typing import Any

import msgpack

from net.chat import CHAT_BURST
from net.frames import MAX_CHAT, Message
from net.joincode import new_nonce, proof
from net.wire import compact_view
from tests.net.fake import FakeClient, Room
from tests.net.peers import make_table


class Watcher:
    """A spectator that checks, after every message, that its view holds nothing hidden."""

    def __init__(self, room: Room, name: str) -> None:
        self.states = 0
        self.hidden_events = 0
        self.client = FakeClient(room, name=name, autoplay=None, watch=True,
                                 address="10.0.0.50")
        assert self.client.peer is not None
        receive = self.client.peer.on_message
        assert receive is not None

        def both(msg: Message) -> None:
            receive(msg)
            self.check(msg)

        self.client.peer.on_message = both

    def check(self, msg: Message) -> None:
        mirror = self.client.state.mirror
        if msg["t"] in ("snapshot", "update") and mirror.state is not None:
            self.states += 1
            state = mirror.state
            assert state["C"] == [] and state["d"] is None and state["L"] == []
            assert state["s"] == -1
            if state["p"] != "over":
                assert state["v"] == []  # hands are shown only once the hand is over
        for event in msg.get("ev", ()) if msg["t"] == "update" else ():
            if event["k"] in ("deal", "draw"):
                self.hidden_events += 1
                assert "t" not in event and "ts" not in event, event


def test_spectators_see_only_public_information() -> None:
    table = make_table("nanjing", ["open", "bot", "bot", "bot"], hands=2, move_pause=0.002)
    room = Room(table)
    early = Watcher(room, "early")
    FakeClient(room, name="ann", seed=1)
    room.run(lambda: table.started and len(table.match.actions) > 10)
    late = Watcher(room, "late")  # comes once the match is under way
    room.run()
    for watcher in (early, late):
        stats = watcher.client.stats
        assert stats.seat is None and stats.desyncs == 0 and stats.hands_played >= 1
        assert watcher.states > 0 and watcher.hidden_events > 0
        assert not stats.wall_problems
        # The mirrored state at the end is exactly the table's spectator view.
        assert watcher.client.state.mirror.state == compact_view(
            table.match.view(-1).to_wire())
    assert early.client.stats.hands_played == 2


def test_a_spectator_cannot_take_a_place_or_act() -> None:
    table = make_table("mazhan", ["open", "bot", "bot", "bot"], hands=1, start_after=0)
    room = Room(table)
    peer = room.raw_peer("eve", watch=True)
    assert peer.take()[0]["t"] == "welcome"
    peer.send({"t": "sit", "seat": 0})
    assert peer.take("error")[0]["code"] == "seat"
    room.tick()
    snap = peer.first("snapshot")
    peer.take()
    peer.send({"t": "action", "seq": snap["seq"], "a": "pass"})
    assert peer.take("error")[0]["code"] == "illegal"
    room.run()
    assert table.illegal == 0 and table.played == [0, 0, 0, 0]


def test_chat_is_cleaned_relayed_to_all_and_rate_limited() -> None:
    table = make_table("mazhan", ["open", "open", "bot", "bot"], hands=1)
    room = Room(table)
    a, b = room.raw_peer("p0", "10.0.0.1"), room.raw_peer("p1", "10.0.0.2")
    a.send({"t": "sit", "seat": 0})
    a.take(), b.take()
    a.send({"t": "chat", "text": "  hi\x07 there\n "})
    for peer in (a, b):  # the sender sees its own line too, as everyone else does
        got = peer.take("chat")[0]
        assert (got["text"], got["seat"], got["name"]) == ("hi there", 0, "p0")
    b.send({"t": "chat", "phrase": "gg"})
    for peer in (a, b):
        got = peer.take("chat")[0]
        assert got["phrase"] == "gg" and got["seat"] is None and "text" not in got
    b.send({"t": "chat", "phrase": "no such phrase"})
    assert b.take("error")[0]["code"] == "chat"
    # A burst of CHAT_BURST lines passes; more at once is refused, not relayed.
    for n in range(int(CHAT_BURST) + 2):
        a.send({"t": "chat", "text": f"line {n}"})
    refused = [m for m in a.take("error") if m["code"] == "chat"]
    assert refused and "too fast" in refused[0]["msg"]
    lines = [m["text"] for m in b.take("chat")]
    assert lines == [f"line {n}" for n in range(int(CHAT_BURST) - 1)]
    room.later(10.0)  # time refills the chat budget
    a.send({"t": "chat", "text": "again"})
    assert [m["text"] for m in b.take("chat")] == ["again"]
    # Over-long text is not a chat line at all: the frame is refused, the peer dropped.
    long_line: dict[str, Any] = {"t": "chat", "text": "x" * (MAX_CHAT + 1)}
    body = msgpack.packb(long_line)
    a.raw(len(body).to_bytes(4, "big") + body)
    assert a.closed and any(m["t"] == "error" and m["code"] == "protocol" for m in a.got)


def test_a_locked_table_checks_the_join_code_but_not_a_returning_token() -> None:
    table = make_table("nanjing", ["open", "open", "bot", "bot"], hands=1, code="7391")
    room = Room(table)
    for extra in ({}, {"code": "7391"}):  # no proof at all, or the code in plain text
        peer = room.raw_peer("x", **extra)
        assert peer.closed
        assert [m["code"] for m in peer.got if m["t"] == "error"] == ["code"]
        assert not any(m["t"] == "welcome" for m in peer.got)
    wrong = FakeClient(room, code="0000", address="10.0.0.3")
    assert wrong.error is not None and "wrong join code" in str(wrong.error)
    # The right code, proved without sending it; the host proves it back in welcome.
    cnonce = new_nonce()
    peer = room.raw_peer("ann", "10.0.0.1", cnonce=cnonce)
    nonce = peer.first("challenge")["nonce"]
    peer.send({"t": "prove", "proof": proof("7391", "client", nonce, cnonce)})
    welcome = peer.first("welcome")
    assert welcome["locked"] is True
    assert welcome["fp"] == table.fingerprint
    assert welcome["proof"] == proof("7391", f"host:{table.fingerprint}", nonce, cnonce)
    assert not any("7391" in repr(m) for m in peer.got)
    peer.send({"t": "sit", "seat": 0})
    token = peer.first("seated")["token"]
    peer.hang_up()
    back = FakeClient(room, token=token, seed=1, address="10.0.0.1")  # no code: the token
    other = FakeClient(room, code="7391", seed=2, address="10.0.0.2")
    room.run()
    assert (back.stats.seat, other.stats.seat) == (0, 1)
    assert back.error is None and other.error is None


def test_guessing_the_join_code_is_slowed_per_address_and_in_total() -> None:
    table = make_table("nanjing", ["open", "open", "bot", "bot"], hands=1, code="7391")
    room = Room(table)
    answers = []
    for n in range(40):  # forty guesses at once from one address, none right
        guess = FakeClient(room, code=f"{n:04d}", address="10.0.0.7")
        assert guess.error is not None
        answers.append(guess.error.info.get("why"))
    checked = answers.count("wrong_code")
    assert 0 < checked < 40 and table.attempts.wrong == checked
    assert answers[checked:] == ["too_many_codes"] * (40 - checked)  # refused unchecked
    assert FakeClient(room, code="7391", address="10.0.0.7").error is not None  # even right
    room.later(3600.0)  # the back-off ends with time
    assert FakeClient(room, code="7391", address="10.0.0.7").error is None
