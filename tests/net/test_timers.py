"""Turn timers and fleeing on the LAN host (rulings M11, M12), with durations in milliseconds."""

from __future__ import annotations

import asyncio

import pytest

from net.client import Client
from net.frames import Message
from tests.net.peers import LOOPBACK, make_host, sitting, within


def _payments(got: list[Message], info: str) -> list[dict[str, object]]:
    return [e for m in got if m["t"] == "update" for e in m["ev"]
            if e["k"] == "payment" and e.get("i") == info]


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_a_silent_player_times_out_flees_and_is_back_next_hand(ruleset: str) -> None:
    async def scenario() -> None:
        host = make_host(ruleset, ["open", "bot", "bot", "bot"], hands=2,
                         discard_seconds=0.02, claim_seconds=0.01)
        assert host.timers_on  # ruling M11: on by default for LAN
        await host.start()
        peer = await sitting(host.port, "idle")
        summary, got = await within(asyncio.gather(host.run(), peer.until_bye()))
        await host.close()
        timeouts = [m for m in got if m["t"] == "notice" and m["code"] == "timeout"]
        fled = [m for m in got if m["t"] == "notice" and m["code"] == "fled"]
        assert timeouts and all(m["seat"] == 0 for m in timeouts)
        assert summary["timeouts"] == len(timeouts) >= 3
        # ruling M12: the third time-out in a row is a flee; never before it
        assert fled and summary["flees"] == len(fled)
        first_flee = got.index(fled[0])
        assert sum(1 for m in got[:first_flee] if m in timeouts) == 3
        # After fleeing a bot plays on: no time-out for place 0 until the next deal...
        commits = [i for i, m in enumerate(got) if m["t"] == "commit"]
        assert len(commits) == 2
        between = got[first_flee:commits[1]]
        assert not any(m in timeouts for m in between)
        # ...and at the next hand the player decides (and times out) again.
        assert any(m in timeouts for m in got[commits[1]:])
        stake_payments = _payments(got, "flee")
        if ruleset == "mazhan":  # M12: 400 × stake, a quarter to each other player and the house
            assert len(stake_payments) == 4 * summary["flees"]
            amounts = {e["a"] for e in stake_payments}
            assert len(amounts) <= 2 and all(isinstance(a, int) and a % 100 == 0
                                             for a in amounts)
        else:  # Nanjing has no flee payment; the place still goes to a bot for the hand
            assert stake_payments == []

    asyncio.run(scenario())


def test_a_long_disconnection_is_a_flee_and_everyone_is_told() -> None:
    async def scenario() -> None:
        host = make_host("mazhan", ["open", "open", "bot", "bot"], hands=1, move_pause=0.01,
                         flee_after=0.2)
        await host.start()
        peer = await sitting(host.port, "leaver")
        await peer.expect("seated")
        watcher = Client(LOOPBACK, host.port, name="stays", seed=1, seat=1)
        game = asyncio.gather(host.run(), watcher.run())
        await peer.expect("snapshot")
        peer.writer.close()
        summary, stats = await within(game)
        await host.close()
        assert summary["flees"] == 1 and stats.hands_played == 1
        codes = [(n["code"], n["seat"]) for n in watcher.notices]
        assert codes.index(("bot", 0)) < codes.index(("fled", 0))
        assert codes.count(("fled", 0)) == 1  # one flee per absence
        assert host.match.house > 0  # the last quarter left the table (M12)

    asyncio.run(scenario())
