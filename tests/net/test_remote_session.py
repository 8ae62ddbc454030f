"""The window's RemoteSession, headless, on an in-memory link to a pure table in fake time
(tests/net/fake.py): no sockets, threads or sleeps. The socket link is the shipped client,
tested over loopback in test_host_smoke.py and by the LAN screens."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game.actions import Action, ActionKind
from game.bots import make_bot
from game.client.sessions.remote import RemoteSession
from game.client.wording import shown_name
from game.errors import IllegalAction
from net.table import Table
from net.wire import compact_view
from tests.net.fake import Room, linked
from tests.net.peers import LOOPBACK, make_table


def _room(ruleset: str, seats: list[str], **kw: Any) -> tuple[Table, Room]:
    kw.setdefault("claim_window", 0.02)  # a short window: the session is a person
    table = make_table(ruleset, seats, **kw)
    return table, Room(table)


def _drive(session: RemoteSession, room: Room,
           steps: int = 100_000) -> Iterator[tuple[str, Any]]:
    """Play like the table scene: act when asked, take updates, continue after results; the
    table moves on in fake time whenever the session waits for it."""
    bot = make_bot("normal", 4)
    shown = 0
    for _ in range(steps):
        assert session.error is None, session.error
        # A hand's end comes before the match's end, though both may have arrived already:
        # the scene shows the results first, so the driver checks in that order too.
        if session.hand_over and session.view(-1).hand_no != shown:
            shown = session.view(-1).hand_no
            yield f"results {shown}", None
            if session.match_over:
                return
            session.next_hand()
        elif session.hand_over or session.waiting_on_others():
            # the next deal, the match's end or others' moves have not come yet
            if session.match_over:
                return
            if not session.step() and not room.advance():
                assert session.match_over, "the table waits for nothing"
        else:
            seat = session.seat_of(session.humans[0])
            action = bot.choose(session.view(seat))
            session.submit(seat, action)
            yield "acted", (seat, action)
    raise AssertionError("the match did not finish")


def test_remote_session_plays_a_match_like_a_local_one() -> None:
    table, room = _room("mazhan", ["open", "bot", "bot", "bot"], hands=2, seed=8,
                        move_pause=0.002)
    session = RemoteSession(LOOPBACK, 1, name="ann", link=linked(room))
    room.wait_for(lambda: session.ready)
    assert session.ruleset == "mazhan"
    assert session.humans == (0,) and session.place == 0
    seat = session.seat_of(0)
    events = session.poll(seat)
    for _ in range(1000):  # the snapshot came first; the deal's events follow it
        if events:
            break
        if not session.step():
            assert room.advance(), "the table waits for nothing"
        events = session.poll(seat)
    assert events[0].kind == "hand_start"
    steps: list[str] = []
    held_behind = False
    for what, detail in _drive(session, room):
        steps.append(what)
        if what.startswith("results"):
            view = session.view(session.seat_of(0))
            if view.hand_no == 1:  # reading the results while the host deals on
                room.wait_for(lambda: table.match.hand_no > 1)
                session.step()
            view = session.view(session.seat_of(0))
            assert view.phase == "over" and session.hand_over  # held until next_hand()
            assert view.result is not None  # the results screen has the scorer's lines
            held_behind |= table.match.hand_no > view.hand_no
        if what == "acted" and steps.count("acted") == 1:
            with pytest.raises(IllegalAction, match="waiting for the table"):
                session.submit(*detail)  # a second click before the table answered
    assert {s for s in steps if s.startswith("results")} == {"results 1", "results 2"}
    assert "acted" in steps and held_behind
    assert any(e.kind == "discard" for e in session.poll(seat))
    with pytest.raises(IllegalAction):
        session.submit((session.seat_of(0) + 1) % 4, Action(ActionKind.PASS))
    final = session.view(session.seat_of(0))
    # the seat's own view as the host explained it to a person, its refusals with it (issue
    # 27; noted by the hand, whether or not its player is still there to be explained to)
    hand = table.match.hand
    assert hand is not None
    own = table.hand_seats()[0]
    host_view = table.match.view(own)._replace(refusals=hand.refusals(own))
    # the same state, the host's bot names ("bot 2") worded in the window's language
    shown = host_view._replace(names=tuple(shown_name(n) for n in host_view.names))
    assert compact_view(final.to_wire()) == compact_view(shown.to_wire())
    assert session.results[-1]["scores"] == table.match.scores
    assert [r.hand_no for r in session.history] == [1, 2]
    assert list(session.history[-1].scores) == table.match.scores
    assert session.wall_problems == []
    session.close()
    assert table.final is not None and table.final["hands"] == 2
    assert table.played[0] > 0 and table.final["timeouts"] == 0
    assert not session.connected and table.peers == set()  # bye said, and let go


def test_remote_spectator_session_and_chat() -> None:
    table, room = _room("nanjing", ["bot"] * 4, hands=1, seed=2, start_after=0.3,
                        move_pause=0.005)
    player = RemoteSession(LOOPBACK, 1, name="ann", watch=False, link=linked(room))
    other = RemoteSession(LOOPBACK, 1, name="bo", watch=True,
                          link=linked(room, "10.0.0.2"))
    watcher = RemoteSession(LOOPBACK, 1, name="eve", watch=True,
                            link=linked(room, "10.0.0.3"))
    room.wait_for(lambda: watcher.ready)
    assert watcher.humans == () and watcher.view(-1).seat == -1
    assert watcher.view(-1).concealed == ()
    with pytest.raises(IllegalAction):
        watcher.submit(0, Action(ActionKind.PASS))
    watcher.phrase("hello")  # relayed at once: no clock needed
    assert other.chat and other.chat[0]["phrase"] == "hello"
    assert other.chat[0]["name"] == "eve"
    assert player.error is not None and "no seat" in player.error  # all places are bots'
    assert not player.connected
    for _ in range(100_000):
        if watcher.match_over:
            break
        if watcher.hand_over:
            watcher.next_hand()
        if not watcher.step():
            assert room.advance(), "the table waits for nothing"
    assert watcher.match_over and watcher.view(-1).phase == "over"
    assert table.final is not None and table.final["hands"] == 1
    for s in (watcher, other, player):
        s.close()
