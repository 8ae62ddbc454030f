"""Leaving and coming back mid-hand, newcomers taking a bot's place, bots added and removed, in
fake time (tests/net/fake.py)."""

from __future__ import annotations

from typing import Any

import pytest

from game.bots import make_bot
from net.table import Table
from tests.net.fake import FakeClient, Room
from tests.net.peers import make_table


def _waits_on(table: Table, player: int) -> bool:
    """The table is blocked on `player` alone (so every view is stable)."""
    return (not table.match.hand_over
            and table.match.to_act() == (table.match.seat_of(player),))


def test_killed_client_is_played_by_a_bot_and_reconnects_to_the_same_view() -> None:
    table = make_table("mazhan", ["open", "open", "bot", "bot"], hands=1, seed=5)
    room = Room(table)
    driver = FakeClient(room, name="ann", autoplay=None, seat=0, address="10.0.0.1")
    leaver = FakeClient(room, name="bob", autoplay="random", seat=1, seed=2,
                        address="10.0.0.2")

    def driver_acts() -> None:
        room.run(lambda: _waits_on(table, 0) and driver.view() is not None)
        view = driver.view()
        assert view is not None and view.legal
        done = table.played[0]
        driver.act(str(view.legal[0]))
        assert table.played[0] == done + 1

    driver_acts()
    token = leaver.token
    assert token is not None and leaver.stats.seat == 1
    room.run(lambda: _waits_on(table, 0))
    assert leaver.peer is not None
    leaver.peer.hang_up()  # the client dies mid-hand
    assert 1 not in table.by_seat

    def bobs_moves() -> int:
        return sum(1 for s, _ in table.match.actions if table.match.players[s] == 1)

    before = bobs_moves()
    while bobs_moves() == before:
        driver_acts()  # the hand goes on; a bot must have played for bob
        if table.match.hand_over:
            pytest.fail("the hand ended before a bot played for bob")
    assert ("bot", 1) in [(n["code"], n["seat"]) for n in driver.state.notices]
    assert driver.state.seats[1]["bot"] and driver.state.seats[1]["away"]

    room.run(lambda: _waits_on(table, 0))
    back = FakeClient(room, name="bob", autoplay="random", token=token, seed=3,
                      address="10.0.0.2")
    assert back.stats.seat == 1 and back.stats.snapshot_sizes
    assert back.state.mirror.state == table.state_of(1)  # the table waits on ann
    assert ("back", 1) in [(n["code"], n["seat"]) for n in driver.state.notices]

    driver.bot = make_bot("random", 9)  # let ann finish the hand by herself
    driver._maybe_act()
    room.deliver()
    room.run()
    assert table.final is not None and table.final["hands"] == 1 and table.played[1] > 0
    assert back.stats.desyncs == 0 and driver.stats.desyncs == 0
    assert back.state.mirror.state == table.state_of(1)


def test_a_newcomer_takes_a_bot_place_at_the_next_hand() -> None:
    table = make_table("nanjing", ["open", "bot", "bot", "bot"], hands=2, move_pause=0.005)
    room = Room(table)
    first = FakeClient(room, name="ann", autoplay="random", seed=1, address="10.0.0.1")
    played_in_hand_one: list[int] = []
    table.on_hand = lambda summary: played_in_hand_one.append(table.played[2])
    room.run(lambda: bool(first.stats.snapshot_sizes))  # the deal
    assert table.free_seats == []
    with pytest.raises(ValueError, match="has a player"):
        table.add_bot(0)
    table.open_place(2)  # the host lets a newcomer have bot 3's place
    table.add_bot(3)
    room.deliver()
    newcomer = FakeClient(room, name="cy", autoplay="random", seed=4, address="10.0.0.2")
    room.run()
    assert table.final is not None
    stats = newcomer.stats
    assert stats.seat == 2 and table.final["seats"] == ["open", "bot", "open", "bot"]
    assert played_in_hand_one[0] == 0  # a bot finished the hand the newcomer joined in
    assert table.played[2] > 0 and stats.hands_played >= 1 and stats.desyncs == 0
    notices: list[Any] = [(n["code"], n["seat"]) for n in first.state.notices]
    assert ("bot", 2) in notices and ("back", 2) in notices
