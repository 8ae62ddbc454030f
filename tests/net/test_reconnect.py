"""Leaving and coming back mid-hand, newcomers taking a bot's place, bots added and removed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from game.bots import make_bot
from net.client import Client
from net.host import Host
from tests.net.peers import LOOPBACK, make_host, within


async def _until(cond: Callable[[], bool], what: str) -> None:
    async def poll() -> None:
        while not cond():
            await asyncio.sleep(0.005)

    try:
        await within(poll(), 20)
    except TimeoutError:
        pytest.fail(f"timed out waiting for {what}")


def _host_waits_on(host: Host, player: int) -> bool:
    """The host is blocked on `player` alone (so every view is stable)."""
    return (not host.match.hand_over
            and host.match.to_act() == (host.match.seat_of(player),))


def test_killed_client_is_played_by_a_bot_and_reconnects_to_the_same_view() -> None:
    async def scenario() -> None:
        host = make_host("mazhan", ["open", "open", "bot", "bot"], hands=1, seed=5)
        await host.start()
        driver = Client(LOOPBACK, host.port, name="ann", autoplay=None, seat=0)
        leaver = Client(LOOPBACK, host.port, name="bob", autoplay="random", seat=1, seed=2)
        game = asyncio.gather(host.run(), driver.run())
        leaving = asyncio.create_task(leaver.run())

        async def driver_acts() -> None:
            await _until(lambda: _host_waits_on(host, 0) and driver.view() is not None
                         and driver.mirror.seq == host.by_seat[0].stream.seq, "ann's turn")
            view = driver.view()
            assert view is not None and view.legal
            done = host.played[0]
            driver.act(str(view.legal[0]))
            await _until(lambda: host.played[0] > done, "ann's action")

        await driver_acts()
        token = leaver.token
        assert token is not None and leaver.stats.seat == 1
        await _until(lambda: _host_waits_on(host, 0), "ann's turn")
        leaving.cancel()  # the client dies mid-hand
        await _until(lambda: 1 not in host.by_seat, "the host to see bob go")
        before = sum(1 for s, _ in host.match.actions if host.match.players[s] == 1)
        while sum(1 for s, _ in host.match.actions if host.match.players[s] == 1) == before:
            await driver_acts()  # the hand goes on; a bot must have played for bob
            if host.match.hand_over:
                pytest.fail("the hand ended before a bot played for bob")
        assert ("bot", 1) in [(n["code"], n["seat"]) for n in driver.notices]
        assert driver.seats[1]["bot"] and driver.seats[1]["away"]

        await _until(lambda: _host_waits_on(host, 0), "ann's turn")
        back = Client(LOOPBACK, host.port, name="bob", autoplay="random", token=token, seed=3)
        returning = asyncio.create_task(back.run())
        await _until(lambda: bool(back.stats.snapshot_sizes), "bob's snapshot")
        assert back.stats.seat == 1
        assert back.mirror.state == host._state(1)  # the host waits on ann: nothing moved
        assert ("back", 1) in [(n["code"], n["seat"]) for n in driver.notices]

        driver.bot = make_bot("random", 9)  # let ann finish the hand by herself
        driver._maybe_act()
        summary, stats = await within(game)
        back_stats = await within(returning)
        await host.close()
        assert summary["hands"] == 1 and host.played[1] > 0
        assert back_stats.desyncs == 0 and stats.desyncs == 0
        assert back.mirror.state == host._state(1)

    asyncio.run(scenario())


def test_a_newcomer_takes_a_bot_place_at_the_next_hand() -> None:
    async def scenario() -> None:
        host = make_host("nanjing", ["open", "bot", "bot", "bot"], hands=2, move_pause=0.005)
        await host.start()
        first = Client(LOOPBACK, host.port, name="ann", autoplay="random", seed=1)
        played_in_hand_one: list[int] = []
        host.on_hand = lambda summary: played_in_hand_one.append(host.played[2])
        game = asyncio.gather(host.run(), first.run())
        await _until(lambda: bool(first.stats.snapshot_sizes), "the deal")
        assert host.free_seats == []
        with pytest.raises(ValueError, match="has a player"):
            host.add_bot(0)
        host.open_place(2)  # the host lets a newcomer have bot 3's place
        host.add_bot(3)
        newcomer = Client(LOOPBACK, host.port, name="cy", autoplay="random", seed=4)
        joined = asyncio.create_task(newcomer.run())
        summary, _ = await within(game)
        stats = await within(joined)
        await host.close()
        assert stats.seat == 2 and summary["seats"] == ["open", "bot", "open", "bot"]
        assert played_in_hand_one[0] == 0  # a bot finished the hand the newcomer joined in
        assert host.played[2] > 0 and stats.hands_played >= 1 and stats.desyncs == 0
        notices: list[Any] = [(n["code"], n["seat"]) for n in first.notices]
        assert ("bot", 2) in notices and ("back", 2) in notices

    asyncio.run(scenario())
