"""No claim-phase leak: a seat (or a spectator) never learns whether another seat may claim a
discard or rob a kong, from what it is sent or from the pace. Fake peers and a fake clock."""

from __future__ import annotations

import pytest

from game.bots import Bot, make_bot
from net.diff import Mirror
from net.frames import Message
from net.peer import Peer
from net.table import Table
from net.wire import compact_view
from tests.net.peers import bot_move, hello, make_table


def _peer(host: Table, place: int | None) -> tuple[Peer, _Inbox]:
    """A peer the table sends to (no socket: its outbox is read as it fills)."""
    peer = Peer("127.0.0.9")
    peer.hello = True
    host.peers.add(peer)
    if place is None:
        peer.watching = True
    else:
        peer.seat = place
        host.by_seat[place] = peer
    return peer, _Inbox(peer)


class _Inbox:
    """What a peer has been sent, taken from its outbox as a transport would."""

    def __init__(self, peer: Peer) -> None:
        self.peer = peer
        self._got: list[Message] = []

    @property
    def got(self) -> list[Message]:
        self._got.extend(self.peer.outbox)
        self.peer.outbox.clear()
        return self._got


def _release(host: Table) -> bool:
    """End the claim window at the table's time, sending what it held back, as `tick` does."""
    if host.publisher.window_over(host.now):
        host._publish([])
        return True
    return False


def _next(host: Table, bots: list[Bot], now: list[float]) -> None:
    """One step as the table's loop would take it: a held claim window ends at its time (the
    fake clock moved there), else the bot of the place to act moves."""
    if host.publisher.hold_until is not None:
        now[0] = host.now = host.publisher.hold_until
        _release(host)
    else:
        bot_move(host, bots)


def _play(host: Table, hands: int, now: list[float]) -> dict[str, int]:
    """Play with bots deciding for every place (the people's peers only watch what they get),
    moving the fake clock past each claim window as the host's loop would wait it out."""
    bots = [make_bot("normal", p) for p in range(4)]
    figures = {"discards": 0, "claim_phases": 0, "windows": 0}
    for number in range(hands):
        host._deal(host.match.start_hand(), first=number == 0)
        while not host.match.hand_over:
            if host.publisher.hold_until is not None:
                assert host.publisher.hold_until == pytest.approx(now[0]
                                                                  + host.config.claim_window)
                figures["windows"] += 1
                now[0] = host.now = host.publisher.hold_until
                assert _release(host)
                continue
            action = bot_move(host, bots)
            figures["discards"] += action.kind.value == "discard"
            phase = host.match.hand.phase.value if host.match.hand else ""
            figures["claim_phases"] += phase in ("claim", "rob")
        host.publisher.hold_until = None
        host._hand_done()
    return figures


def test_no_seat_sees_another_seats_offer_and_every_discard_gets_the_same_window() -> None:
    host = make_table("mazhan", ["open", "open", "bot", "bot"], hands=4, claim_window=0.5)
    now = [1000.0]
    host.now = now[0]
    host.started = True
    watchers = [_peer(host, 0), _peer(host, 1), _peer(host, None)]
    figures = _play(host, 4, now)
    assert figures["claim_phases"] > 10  # offers happened: the check below is not empty
    # Every discard opened a window (people are seated), so no pace tells them apart.
    assert figures["windows"] >= figures["discards"]
    discards_total = None
    for peer, writer in watchers:
        mirror = Mirror()
        shown_claims = leaks = discards_seen = 0
        for msg in writer.got:
            if msg["t"] not in ("snapshot", "update"):
                continue
            assert not mirror.receive(msg)
            state = mirror.state
            assert state is not None
            discards_seen += sum(1 for e in msg.get("ev", ()) if e["k"] == "discard")
            if state["p"] in ("claim", "rob"):
                shown_claims += 1
                if state["s"] not in state["a"]:
                    leaks += 1  # it would learn that someone else may claim
        assert leaks == 0
        if peer.seat is None:
            assert shown_claims == 0  # a spectator never sees a claim phase at all
        # Nothing is lost by holding news back: every discard arrives, and each mirror ends
        # on the host's own view of it.
        discards_total = discards_seen if discards_total is None else discards_total
        assert discards_seen == discards_total == figures["discards"]
        seat = -1 if peer.seat is None else host.hand_seats()[peer.seat]
        assert mirror.state == compact_view(host.match.view(seat).to_wire())


def test_no_window_when_only_programs_play() -> None:
    host = make_table("nanjing", ["open", "open", "bot", "bot"], hands=1, claim_window=0.5)
    now = [0.0]
    host.now = now[0]
    host.started = True
    for place in (0, 1):
        peer, _ = _peer(host, place)
        peer.is_bot = True  # `join --autoplay` says so in its hello
    figures = _play(host, 1, now)
    assert figures["windows"] == 0 and now[0] == 0.0


def test_a_newcomer_during_a_claim_phase_gets_its_first_state_after_it() -> None:
    host = make_table("mazhan", ["open", "open", "bot", "bot"], hands=3, claim_window=0.5)
    now = [0.0]
    host.now = now[0]
    host.started = True
    _peer(host, 0)
    _peer(host, 1)
    bots = [make_bot("normal", p) for p in range(4)]
    host._deal(host.match.start_hand(), first=True)
    checked = 0
    for _ in range(5000):
        hand = host.match.hand
        assert hand is not None
        if host.match.hand_over:
            host.publisher.hold_until = None
            host._hand_done()
            if host.match.match_over or host.hands_done == 3:
                break
            host._deal(host.match.next_hand(), first=False)
            continue
        if hand.phase.value in ("claim", "rob") and checked < 5:
            # Someone may claim this discard right now: a spectator comes in.
            late = Peer("10.0.0.7", now[0])
            assert host.connect(late, now[0])
            host.receive(late, hello("late", watch=True), now[0])
            first = [m["t"] for m in late.outbox]
            assert "welcome" in first and "snapshot" not in first and "update" not in first
            while host.publisher.hidden(-1):  # settle the claim as the table would
                _next(host, bots, now)
            snaps = [m for m in late.outbox if m["t"] == "snapshot"]
            assert len(snaps) == 1 and snaps[0]["state"]["p"] not in ("claim", "rob")
            host.disconnect(late, now[0])
            checked += 1
            continue
        _next(host, bots, now)
    assert checked >= 1
