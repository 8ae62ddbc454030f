"""The window's RemoteSession, headless, against a real loopback host on another thread."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from game.actions import Action, ActionKind
from game.bots import make_bot
from game.client.remote_session import RemoteSession
from game.client.wording import shown_name
from game.errors import IllegalAction
from net.host import Host, HostConfig
from net.wire import compact_view
from tests.net.peers import LOOPBACK


class HostThread:
    """A host running on its own thread's event loop, as a separate machine would."""

    def __init__(self, **kw: Any) -> None:
        self.loop = asyncio.new_event_loop()
        kw.setdefault("secret_walls", False)  # the same walls every run
        kw.setdefault("claim_window", 0.02)  # a short window: the session is a person
        self.host = Host(HostConfig(address=LOOPBACK, name="window table", **kw))
        self.summary: dict[str, Any] | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        async def main() -> None:
            await self.host.start()
            self.started.set()
            self.summary = await self.host.run()
            # Let the last frames reach the clients: each closes its end after the bye.
            deadline = asyncio.get_running_loop().time() + 30
            while self.host.table.peers and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.01)
            await self.host.close()

        self.loop.run_until_complete(main())

    def __enter__(self) -> HostThread:
        self.started = threading.Event()
        self.thread.start()
        assert self.started.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        self.thread.join(30)


def _drive(session: RemoteSession, seconds: float = 60) -> Iterator[tuple[str, Any]]:
    """Play like the table scene: act when asked, take updates, continue after results."""
    bot = make_bot("normal", 4)
    deadline = time.monotonic() + seconds
    shown = 0
    while True:
        assert time.monotonic() < deadline, "the match did not finish"
        assert session.error is None, session.error
        # A hand's end comes before the match's end, though both may have arrived already:
        # the scene shows the results first, so the driver checks in that order too.
        if session.hand_over and session.view(-1).hand_no != shown:
            shown = session.view(-1).hand_no
            yield f"results {shown}", None
            if session.match_over:
                return
            session.next_hand()
        elif session.hand_over:  # the next deal, or the match's end, has not come yet
            if session.match_over:
                return
            if not session.step():
                time.sleep(0.002)
        elif session.waiting_on_others():
            if not session.step():
                time.sleep(0.002)
        else:
            seat = session.seat_of(session.humans[0])
            action = bot.choose(session.view(seat))
            session.submit(seat, action)
            yield "acted", (seat, action)


def test_remote_session_plays_a_match_like_a_local_one() -> None:
    with HostThread(ruleset="mazhan", seats=["open", "bot", "bot", "bot"], hands=2, seed=8,
                    move_pause=0.002) as table:
        session = RemoteSession(LOOPBACK, table.host.port, name="ann")
        assert session.wait_ready(10) and session.ruleset == "mazhan"
        assert session.humans == (0,) and session.place == 0
        seat = session.seat_of(0)
        events = session.poll(seat)
        while not events:  # the snapshot came first; the deal's events follow it
            session.step()
            events = session.poll(seat)
        assert events[0].kind == "hand_start"
        steps: list[str] = []
        held_behind = False
        for what, detail in _drive(session):
            steps.append(what)
            if what.startswith("results"):
                view = session.view(session.seat_of(0))
                if view.hand_no == 1:  # reading the results while the host deals on
                    deadline = time.monotonic() + 30
                    while table.host.match.hand_no == 1 and time.monotonic() < deadline:
                        time.sleep(0.002)
                    session.step()
                view = session.view(session.seat_of(0))
                assert view.phase == "over" and session.hand_over  # held until next_hand()
                assert view.result is not None  # the results screen has the scorer's lines
                held_behind |= table.host.match.hand_no > view.hand_no
            if what == "acted" and steps.count("acted") == 1:
                with pytest.raises(IllegalAction, match="waiting for the table"):
                    session.submit(*detail)  # a second click before the table answered
        assert {s for s in steps if s.startswith("results")} == {"results 1", "results 2"}
        assert "acted" in steps and held_behind
        assert any(e.kind == "discard" for e in session.poll(seat))
        with pytest.raises(IllegalAction):
            session.submit((session.seat_of(0) + 1) % 4, Action(ActionKind.PASS))
        final = session.view(session.seat_of(0))
        host_view = table.host.match.view(table.host.table.hand_seats()[0])
        # the same state, the host's bot names ("bot 2") worded in the window's language
        shown = host_view._replace(names=tuple(shown_name(n) for n in host_view.names))
        assert compact_view(final.to_wire()) == compact_view(shown.to_wire())
        assert session.results[-1]["scores"] == table.host.match.scores
        assert [r.hand_no for r in session.history] == [1, 2]
        assert list(session.history[-1].scores) == table.host.match.scores
        assert session.wall_problems == []
        session.close()
    assert table.summary is not None and table.summary["hands"] == 2
    assert table.host.table.played[0] > 0 and table.summary["timeouts"] == 0


def test_remote_spectator_session_and_chat() -> None:
    with HostThread(ruleset="nanjing", seats=["bot"] * 4, hands=1, seed=2, start_after=0.3,
                    move_pause=0.005) as table:
        player = RemoteSession(LOOPBACK, table.host.port, name="ann", watch=False)
        other = RemoteSession(LOOPBACK, table.host.port, name="bo", watch=True)
        watcher = RemoteSession(LOOPBACK, table.host.port, name="eve", watch=True)
        assert watcher.wait_ready(10)
        assert watcher.humans == () and watcher.view(-1).seat == -1
        assert watcher.view(-1).concealed == ()
        with pytest.raises(IllegalAction):
            watcher.submit(0, Action(ActionKind.PASS))
        watcher.phrase("hello")
        deadline = time.monotonic() + 10
        while not other.chat and time.monotonic() < deadline:
            time.sleep(0.01)
        assert other.chat and other.chat[0]["phrase"] == "hello"
        assert other.chat[0]["name"] == "eve"
        assert player.error is not None and "no seat" in player.error  # all places are bots'
        assert not player.connected
        while not watcher.match_over:
            assert time.monotonic() < deadline + 20
            if watcher.hand_over:
                watcher.next_hand()
            watcher.step()
            time.sleep(0.005)
        assert watcher.view(-1).phase == "over"
        for s in (watcher, other, player):
            s.close()
