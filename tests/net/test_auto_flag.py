"""The host's side of 托管 (the `auto` message): only a seated player's own place is flagged,
the others are told once per change, the flag goes with the connection, and a malformed one
breaks the protocol. In fake time (tests/net/fake.py)."""

from __future__ import annotations

import msgpack

from net.frames import HEADER, Message
from tests.net.fake import FakePeer, Room
from tests.net.peers import make_table


def _seats(fake: FakePeer) -> list[dict[str, object]]:
    return [m for m in fake.got if m["t"] == "seats"][-1]["seats"]  # type: ignore[no-any-return]


def _notices(fake: FakePeer, code: str) -> list[Message]:
    return [m for m in fake.got if m["t"] == "notice" and m["code"] == code]


def test_only_a_seated_player_flags_their_own_place() -> None:
    room = Room(make_table("mazhan", ["open", "open", "bot", "bot"], hands=1))
    ann = room.raw_peer("ann", address="10.0.0.1")
    bob = room.raw_peer("bob", address="10.0.0.2")
    eve = room.raw_peer("eve", address="10.0.0.3", watch=True)
    assert ann.first("welcome")["auto"] is True  # this host takes them
    ann.send({"t": "auto", "on": True})  # not seated yet: nothing to flag
    eve.send({"t": "auto", "on": True})  # a spectator has no place
    assert not _notices(bob, "auto") and not ann.closed and not eve.closed
    ann.send({"t": "sit", "seat": 0})
    bob.send({"t": "sit", "seat": 1})
    assert "auto" not in _seats(eve)[0]
    ann.send({"t": "auto", "on": True})
    ann.send({"t": "auto", "on": True})  # the same again: no news
    for fake in (bob, eve, ann):
        assert _seats(fake)[0]["auto"] is True and "auto" not in _seats(fake)[1]
        assert [n["seat"] for n in _notices(fake, "auto")] == [0]
    ann.send({"t": "auto", "on": False})
    assert "auto" not in _seats(bob)[0] and len(_notices(bob, "auto_off")) == 1
    ann.send({"t": "auto", "on": True})
    ann.hang_up()  # the flag was the connection's: gone with it
    assert "auto" not in _seats(bob)[0]


def test_a_malformed_auto_message_breaks_the_protocol() -> None:
    room = Room(make_table("mazhan", ["open", "bot", "bot", "bot"], hands=1))
    ann = room.raw_peer("ann")
    ann.send({"t": "sit", "seat": 0})
    body = msgpack.packb({"t": "auto", "on": "yes"})
    ann.raw(HEADER.pack(len(body)) + body)
    assert ann.first("error", code="protocol") and ann.closed


def test_a_flood_of_auto_changes_is_refused_not_told_to_everyone() -> None:
    # each change of the flag is told to every peer: a peer switching it 150 times in a burst
    # (within its message budget) gets the first few through, then a refusal for each change
    # after them, stays connected, and the others hear of the few only; later it may switch again
    room = Room(make_table("mazhan", ["open", "open", "bot", "bot"], hands=1))
    ann = room.raw_peer("ann", address="10.0.0.1")
    bob = room.raw_peer("bob", address="10.0.0.2")
    ann.send({"t": "sit", "seat": 0})
    bob.send({"t": "sit", "seat": 1})
    for n in range(150):
        ann.send({"t": "auto", "on": n % 2 == 0})
    told = len(_notices(bob, "auto")) + len(_notices(bob, "auto_off"))
    refused = [m for m in ann.got if m["t"] == "error" and m.get("why") == "auto_too_fast"]
    # after the sixth (off) only the switches on are changes: each refused, none told
    assert told == 6 and len(refused) == len(range(6, 150, 2))
    assert not ann.closed and not bob.closed
    assert _seats(bob)[0].get("auto") is None  # the sixth change switched it off again
    room.now += 5.0  # one change per 5 s once the burst is spent
    ann.send({"t": "auto", "on": True})
    assert _seats(bob)[0]["auto"] is True
    assert len(_notices(bob, "auto")) == 4
