"""The table's flow without sockets or sleeps: `tick(now)` with a fake clock, `next_deadline()`
saying when to call it again. Timers (M11), flees (M12) and the start, all in fake time."""

from __future__ import annotations

from net.host import Host
from tests.net.peers import make_host
from tests.net.test_claims import _peer


def _run(host: Host, now: list[float], limit: int = 100_000) -> None:
    """Call tick at each deadline, as the transport does, until the match is over."""
    for _ in range(limit):
        host.tick(now[0])
        if host.final is not None:
            return
        deadline = host.next_deadline()
        assert deadline is not None, "the table waits for a message that will never come"
        now[0] = max(now[0], deadline)
    raise AssertionError("the match did not end")


def test_a_bots_only_match_plays_through_on_ticks() -> None:
    host = make_host("nanjing", ["open", "bot", "bot", "bot"], hands=3, options={"hands": 3})
    now = [0.0]
    host.clock = lambda: now[0]
    host.start_at = 5.0
    host.tick(1.0)
    # Nobody took the open place: the table waits for the start time, then a bot plays it.
    assert not host.started and host.next_deadline() == 5.0
    now[0] = 5.0
    _run(host, now)
    assert host.final is not None and host.final["hands"] == 3
    assert now[0] == 5.0  # nothing waited: bots with no pause play at once


def test_a_silent_player_is_timed_out_then_fled_in_fake_time() -> None:
    host = make_host("mazhan", ["open", "bot", "bot", "bot"], hands=1, discard_seconds=15.0,
                     claim_seconds=8.0)
    now = [100.0]
    host.clock = lambda: now[0]
    _, writer = _peer(host, 0)  # seated, never answers
    host.start_at = now[0]
    _run(host, now)
    assert host.final is not None and host.final["hands"] == 1
    # Three time-outs in a row (each a full 15 s or 8 s of fake time), then the flee (M12).
    assert host.timeouts >= 3 and host.flees == 1
    assert now[0] - 100.0 >= 3 * 8.0
    codes = [m["code"] for m in writer.got if m["t"] == "notice"]
    assert codes.count("timeout") == host.timeouts and "fled" in codes
