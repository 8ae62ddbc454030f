"""A seated player leaves a LAN match on purpose (issue 28), at the pure table in fake time:
mid-hand with the flee option on it is the flee of M12 (it pays); between hands, or without
the option, a bot takes the place for the rest of the match; either way everyone is told and
the token no longer holds the place."""

from __future__ import annotations

from typing import Any

from tests.net.fake import FakeClient, Room
from tests.net.peers import make_table


def _room(ruleset: str, **kw: Any) -> tuple[Room, FakeClient, FakeClient]:
    options: dict[str, Any] = {"hands": 4}
    if ruleset == "mazhan":
        options["bust_ends"] = False
    table = make_table(ruleset, ["open", "open", "bot", "bot"], hands=4, seed=7,
                       claim_window=0.5, options=options, **kw)
    room = Room(table)
    ann = FakeClient(room, name="ann", seat=0, person=True, address="10.0.0.1")
    bob = FakeClient(room, name="bob", seat=1, person=True, seed=1, address="10.0.0.2")
    room.wait_for(lambda: table.started and len(table.match.actions) > 8)
    assert not table.match.hand_over
    return room, ann, bob


def _notices(client: FakeClient, code: str) -> list[dict[str, Any]]:
    return [n for n in client.state.notices if n["code"] == code]


def test_leaving_mid_hand_with_flee_on_is_a_flee_then_a_bot_plays_on() -> None:
    room, ann, bob = _room("mazhan")
    table = room.table
    assert table.turns.flee
    token = ann.state.token
    scores = list(table.state_of(1)["S"])
    played = table.played[0]
    assert ann.peer is not None
    ann.peer.send({"t": "leave"})
    assert ann.peer.closed and ann.peer.got[-1] == {"t": "bye", "reason": "you left the table"}
    assert table.flees == 1 and _notices(bob, "fled")  # M12: it pays
    left = _notices(bob, "left")
    assert left and left[-1]["seat"] == 0 and left[-1]["name"] == "ann"
    assert table.kinds[0] == "bot" and table.places.place_of(token) is None
    assert bob.state.seats[0]["bot"] and bob.state.seats[0]["kind"] == "bot"
    assert table.state_of(1)["S"] != scores  # the flee's payments
    room.run()
    assert table.final is not None and table.final["hands"] == 4
    assert table.played[0] == played  # a bot played the place from then on


def test_leaving_between_hands_is_no_flee() -> None:
    room, ann, bob = _room("mazhan", hand_pause=5.0)
    table = room.table
    room.wait_for(lambda: table.match.hand_over and table.hands_done == 1)
    assert bob.peer is not None
    bob.peer.send({"t": "leave"})
    assert table.flees == 0 and _notices(ann, "left") and not _notices(ann, "fled")
    assert table.kinds[1] == "bot"
    room.run()
    assert table.final is not None and table.final["hands"] == 4


def test_leaving_without_the_flee_option_is_no_flee() -> None:
    room, ann, bob = _room("nanjing")
    table = room.table
    assert not table.turns.flee
    assert ann.peer is not None
    ann.peer.send({"t": "leave"})
    assert table.flees == 0 and _notices(bob, "left") and table.kinds[0] == "bot"
    # the place is the bots' now: coming back with the old token sits nobody there
    again = FakeClient(room, name="ann", seat=0, token=ann.state.token, person=True,
                       address="10.0.0.1")
    assert again.state.place is None
    room.run()
    assert table.final is not None and table.final["hands"] == 4


def test_a_peer_not_seated_cannot_leave_a_place() -> None:
    room, _ann, _bob = _room("nanjing")
    raw = room.raw_peer("mallory", address="10.0.0.66")
    raw.send({"t": "leave"})
    assert [m.get("why") for m in raw.got if m["t"] == "error"] == ["not_seated"]
    assert not raw.closed and room.table.kinds == ["open", "open", "bot", "bot"]


def test_leaving_before_the_start_frees_the_place_at_once() -> None:
    table = make_table("nanjing", ["open", "open", "bot", "bot"], hands=1, start_after=60)
    room = Room(table)
    ann = FakeClient(room, name="ann", seat=0, person=True)
    assert ann.peer is not None and 0 not in table.free_seats
    ann.peer.send({"t": "leave"})
    assert 0 in table.free_seats and not table.started


def test_leaving_a_hand_a_bot_plays_already_is_no_second_flee() -> None:
    """A place benched for the hand (it fled already, or its player joined mid-hand): leaving
    is no flee (nothing more to pay); the bot keeps the place."""
    room, ann, bob = _room("mazhan")
    table = room.table
    table._flee(0, "a test's flee")
    assert table.flees == 1 and 0 in table.places.benched
    assert ann.peer is not None
    ann.peer.send({"t": "leave"})
    assert table.flees == 1 and _notices(bob, "left") and table.kinds[0] == "bot"
