"""Turn timers and fleeing (rulings M11, M12), in fake time (tests/net/fake.py)."""

from __future__ import annotations

import pytest

from net.frames import Message
from tests.net.fake import FakeClient, Room
from tests.net.peers import make_table


def _payments(got: list[Message], info: str) -> list[dict[str, object]]:
    return [e for m in got if m["t"] == "update" for e in m["ev"]
            if e["k"] == "payment" and e.get("i") == info]


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_a_silent_player_times_out_flees_and_is_back_next_hand(ruleset: str) -> None:
    # no bust: the flee's 400 × stake must not end the match before the second hand
    options = {"bust_ends": False} if ruleset == "mazhan" else None
    table = make_table(ruleset, ["open", "bot", "bot", "bot"], hands=2,
                       discard_seconds=15.0, claim_seconds=8.0, options=options)
    assert table.timers_on  # ruling M11: on by default for LAN
    room = Room(table)
    peer = room.raw_peer("idle")
    peer.send({"t": "sit", "seat": 0})
    room.run()
    summary, got = table.final, peer.got
    assert summary is not None
    timeouts = [m for m in got if m["t"] == "notice" and m["code"] == "timeout"]
    fled = [m for m in got if m["t"] == "notice" and m["code"] == "fled"]
    assert timeouts and all(m["seat"] == 0 for m in timeouts)
    assert summary["timeouts"] == len(timeouts) >= 4
    # seed line 66 (M12): more than three discard countdowns in a row is a flee, never before;
    # claim windows run out (phase "claim") do not count
    assert fled and summary["flees"] == len(fled)
    first_flee = got.index(fled[0])
    before = [m for m in got[:first_flee] if m in timeouts]
    assert sum(1 for m in before if m["phase"] == "discard") == 4
    assert before[-1]["phase"] == "discard"
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


def test_a_long_disconnection_is_a_flee_and_everyone_is_told() -> None:
    table = make_table("mazhan", ["open", "open", "bot", "bot"], hands=1, move_pause=0.5,
                       flee_after=20.0)
    room = Room(table)
    peer = room.raw_peer("leaver")
    peer.send({"t": "sit", "seat": 0})
    assert peer.first("seated")
    stays = FakeClient(room, name="stays", seed=1, seat=1, address="10.0.0.2")
    room.tick()  # both places taken: the match starts
    assert peer.first("snapshot")
    peer.hang_up()
    room.later(19.9)
    assert table.flees == 0 and not table.match.hand_over  # a bot plays meanwhile
    room.later(0.1)
    assert table.flees == 1  # the flee at its deadline
    room.run()
    assert table.final is not None and table.final["flees"] == 1
    assert stays.stats.hands_played == 1
    codes = [(n["code"], n["seat"]) for n in stays.state.notices]
    assert codes.index(("bot", 0)) < codes.index(("fled", 0))
    assert codes.count(("fled", 0)) == 1  # one flee per absence
    assert table.match.house > 0  # the last quarter left the table (M12)
