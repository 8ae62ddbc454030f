"""The table's flow without sockets or sleeps: `tick(now)` with a fake clock, `next_deadline()`
saying when to call it again. Timers (M11), flees (M12) and the start, all in fake time."""

from __future__ import annotations

from tests.net.fake import Room
from tests.net.peers import make_table


def test_a_bots_only_match_plays_through_on_ticks() -> None:
    table = make_table("nanjing", ["open", "bot", "bot", "bot"], hands=3, options={"hands": 3})
    room = Room(table)
    table.start_at = 5.0
    room.now = 1.0
    room.tick()
    # Nobody took the open place: the table waits for the start time, then a bot plays it.
    assert not table.started and table.next_deadline() == 5.0
    room.run()
    assert table.final is not None and table.final["hands"] == 3
    assert room.now == 5.0  # nothing waited: bots with no pause play at once


def test_a_silent_player_is_timed_out_then_fled_in_fake_time() -> None:
    table = make_table("mazhan", ["open", "bot", "bot", "bot"], hands=1, discard_seconds=15.0,
                       claim_seconds=8.0)
    room = Room(table, now=100.0)
    idle = room.raw_peer("idle")
    idle.send({"t": "sit", "seat": 0})  # seated, never answers; the match starts at once
    room.run()
    assert table.final is not None and table.final["hands"] == 1
    # Three time-outs in a row (each a full 15 s or 8 s of fake time), then the flee (M12).
    assert table.timeouts >= 3 and table.flees == 1
    assert room.now - 100.0 >= 3 * 8.0
    codes = [m["code"] for m in idle.got if m["t"] == "notice"]
    assert codes.count("timeout") == table.timeouts and "fled" in codes
