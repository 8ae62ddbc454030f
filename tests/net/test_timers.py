"""Turn timers and fleeing (rulings M11, M12), in fake time (tests/net/fake.py)."""

from __future__ import annotations

import pytest

from net.frames import Message
from tests.net.fake import FakeClient, Room
from tests.net.peers import make_table


def _payments(got: list[Message], info: str) -> list[dict[str, object]]:
    return [e for m in got if m["t"] == "update" for e in m["ev"]
            if e["k"] == "payment" and e.get("i") == info]


@pytest.mark.parametrize("ruleset", ["mazhan"])
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

@pytest.mark.parametrize(("ruleset", "options"), [
    ("nanjing", None),  # Nanjing has no flee (M12 is Mazhan's)
    ("mazhan", {"flee": False}),  # `mahjong host --no-flee`
])
def test_with_flee_off_time_outs_are_played_for_the_player_who_keeps_the_place(
        ruleset: str, options: dict[str, object] | None) -> None:
    """Issue 29: with the flee option off the table plays each timed-out move (M11) and never
    calls it a flee: no "fled" notice, no bot taking the place, no payment; the player decides
    (and times out) on every turn of every hand."""
    table = make_table(ruleset, ["open", "bot", "bot", "bot"], hands=2,
                       discard_seconds=15.0, claim_seconds=8.0, options=options)
    assert table.timers_on and not table.match.rules.options.get("flee")
    room = Room(table)
    peer = room.raw_peer("idle")
    peer.send({"t": "sit", "seat": 0})
    room.run()
    summary, got = table.final, peer.got
    assert summary is not None and summary["flees"] == 0
    notices = [m for m in got if m["t"] == "notice"]
    assert [m for m in notices if m["code"] in ("fled", "bot")] == []
    discards = [m for m in notices if m["code"] == "timeout" and m["phase"] == "discard"]
    assert len(discards) > 4  # past the four in a row that would have been a flee
    assert _payments(got, "flee") == []
    # In the first hand alone the run of discard time-outs goes past four: the table kept
    # timing the player's own turns instead of handing the place to a bot.
    commits = [i for i, m in enumerate(got) if m["t"] == "commit"]
    assert len(commits) == 2
    first_hand = [m for m in got[commits[0]:commits[1]] if m in discards]
    assert len(first_hand) > 4 and not table.places.benched


def test_with_flee_off_a_long_disconnection_is_never_a_flee() -> None:
    """Issue 29: without the flee option an absence is only an absence: a bot plays the place
    while its player is away, with no countdown shown, no "fled" notice and no payment."""
    table = make_table("mazhan", ["open", "open", "bot", "bot"], hands=1, move_pause=0.5,
                       flee_after=20.0, options={"flee": False})
    room = Room(table)
    peer = room.raw_peer("leaver")
    peer.send({"t": "sit", "seat": 0})
    stays = FakeClient(room, name="stays", seed=1, seat=1, address="10.0.0.2")
    room.tick()
    peer.hang_up()
    room.later(25.0)
    assert table.flees == 0 and table.turns.gone_since == {}  # no countdown to a flee
    room.run()
    assert table.final is not None and table.final["flees"] == 0
    codes = [n["code"] for n in stays.state.notices if n["seat"] == 0]
    assert "bot" in codes and "fled" not in codes
    assert all("flee_in" not in s or s["flee_in"] is None for s in stays.state.seats)
    assert _payments(stays.peer.got if stays.peer else [], "flee") == []


def test_a_claim_window_run_out_is_told_only_to_its_seat() -> None:
    """Who was asked about a claim is private (game/view.py): a time-out in a claim or rob
    window is told to that seat's connection alone, a discard time-out (whose turn it was)
    to the whole table."""
    # flee off: the silent seat stays asked, its claim windows included
    table = make_table("mazhan", ["open", "bot", "bot", "bot"], hands=2,
                       discard_seconds=15.0, claim_seconds=8.0,
                       options={"flee": False, "bust_ends": False})
    room = Room(table)
    idle = room.raw_peer("idle")
    idle.send({"t": "sit", "seat": 0})
    watcher = room.raw_peer("watcher", "10.0.0.3", watch=True)
    room.run()
    assert table.final is not None
    mine = [m for m in idle.got if m["t"] == "notice" and m["code"] == "timeout"]
    seen = [m for m in watcher.got if m["t"] == "notice" and m["code"] == "timeout"]
    assert any(m["phase"] != "discard" for m in mine)  # the idle seat had claim windows
    assert seen and all(m["phase"] == "discard" for m in seen)
    assert len(seen) == sum(m["phase"] == "discard" for m in mine)
