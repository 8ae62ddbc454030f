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
    # Four discard time-outs in a row (15 s of fake time each), then the flee (seed line 66).
    assert table.timeouts >= 4 and table.flees == 1
    assert room.now - 100.0 >= 4 * 15.0
    codes = [m["code"] for m in idle.got if m["t"] == "notice"]
    assert codes.count("timeout") == table.timeouts and "fled" in codes


def test_a_move_made_as_its_time_ran_out_leaves_no_deadline_behind() -> None:
    """Before: the player's timer stayed until the table's next step, which a claim window
    holds off, so `next_deadline()` lay in the past and the host's loop spun through the
    window. Now the decision's timer goes with the move, and the next decision gets its own."""
    table = make_table("mazhan", ["open", "open", "bot", "bot"], hands=1, discard_seconds=15.0,
                       claim_seconds=8.0, claim_window=0.5)
    room = Room(table)
    ann, bob = room.raw_peer("ann", "10.0.0.1"), room.raw_peer("bob", "10.0.0.2")
    ann.send({"t": "sit", "seat": 0})
    bob.send({"t": "sit", "seat": 1})
    room.run(lambda: any(p in table.turns.timers for p in (0, 1)))
    player, (_key, deadline) = next(iter(table.turns.timers.items()))
    peer = ann if player == 0 else bob
    view = table.match.view(table.match.seat_of(player))
    assert view.phase == "discard" and view.legal
    room.now = deadline + 0.1  # the move arrives just after its time, before any tick
    peer.send({"t": "action", "seq": table.by_seat[player].stream.seq,
               "a": str(view.legal[0])})
    assert table.played[player] == 1 and table.publisher.hold_until is not None
    assert player not in table.turns.timers
    due = table.next_deadline()
    assert due is not None and due >= room.now  # nothing overdue: no spinning
    room.run(lambda: bool(table.turns.timers))  # the next person asked gets a fresh timer
    assert all(d > deadline for _k, d in table.turns.timers.values())
    assert table.timeouts == 0
