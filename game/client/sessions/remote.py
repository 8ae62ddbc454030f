"""A Session whose match lives on a LAN host: the table scene plays it like a LocalSession.

The session talks to the table through a `Link`: the one client state (net/client_state.py)
and a way to send. The window's link, `SocketLink`, runs the asyncio client (net/client.py) on
a background thread with its own event loop; it hands each checked message to this object,
which queues the states under a lock, and the window's thread only takes what has arrived
(`step`, `poll`, `view`) and queues sends onto the loop, so drawing never waits on the network.
Tests give the session an in-memory link to a pure table in fake time instead
(tests/net/fake.py). A hand's final state is held until `next_hand()` so the results can be
read while the host deals on.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.actions import Action
from game.client import i18n
from game.client.wording import join_text, shown_name
from game.errors import IllegalAction
from game.events import Event
from game.match import HandRecord
from game.timeouts import seconds_to_act
from game.view import SeatView
from net.client import Client, JoinError
from net.client_state import ClientState
from net.frames import Message
from net.tokens import TokenStore, table_key
from net.wire import WireError, event_from_wire, view_from_wire


@dataclass(frozen=True)
class _Step:
    """One state from the host, with the events that led to it."""

    seq: int
    state: dict[str, Any]
    events: tuple[dict[str, Any], ...]


class Link(Protocol):
    """The session's connection to a table: the client's state, and sends."""

    @property
    def state(self) -> ClientState: ...

    @property
    def alive(self) -> bool:
        """Still connected (or connecting, or coming back after a loss)."""
        ...

    def start(self, on_message: Callable[[Message], None],
              on_end: Callable[[BaseException], None]) -> None:
        """Connect; `on_message` gets each message once the state has taken it, `on_end` why
        the connection ended early (a JoinError, or any other failure)."""

    def send(self, msg: Message) -> None:
        """Send `msg` (from any thread)."""

    def close(self) -> None:
        """Leave the table on purpose (a goodbye; no coming back by itself)."""


LinkFactory = Callable[..., Link]
"""Makes a link from the client's keywords (name, seat, token, code, watch, rules,
fingerprint)."""


class SocketLink:
    """The window's link: the asyncio client over TCP on a thread of its own."""

    def __init__(self, address: str, port: int, **client: Any) -> None:
        self._client = Client(address, port, autoplay=None, reconnect=True, **client)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="lan-client", daemon=True)
        self._on_end: Callable[[BaseException], None] = lambda _exc: None

    @property
    def state(self) -> ClientState:
        return self._client.state

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def start(self, on_message: Callable[[Message], None],
              on_end: Callable[[BaseException], None]) -> None:
        self._client.on_message = on_message
        self._on_end = on_end
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._client.run())
        except Exception as exc:  # the window must show it, not die of it
            self._on_end(exc)
        finally:
            with contextlib.suppress(Exception):
                self._loop.run_until_complete(self._loop.shutdown_asyncgens())
            self._loop.close()

    def send(self, msg: Message) -> None:
        self._call(self._client.send, msg)

    def _call(self, fn: Callable[..., object], *args: Any) -> None:
        if self._loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed in between: nothing to send
            self._loop.call_soon_threadsafe(fn, *args)

    def close(self) -> None:
        self._client.reconnect = False  # leaving on purpose: do not come back by itself
        if self._thread.is_alive():
            self.send({"t": "bye", "reason": "left the table"})
            self._call(self._client.hang_up)
            self._thread.join(2)


class RemoteSession:
    """`Session` over the network. Seats in `view`/`submit` are hand seats, as in LocalSession."""

    def __init__(
        self,
        address: str,
        port: int,
        *,
        name: str = "player",
        seat: int = -1,
        token: str | None = None,
        code: str | None = None,
        watch: bool = False,
        rules: str | None = None,
        fingerprint: str | None = None,
        tokens: TokenStore | None = None,
        link: LinkFactory | None = None,
    ) -> None:
        """`link` makes the connection from the client's keywords (default: `SocketLink` to
        `address:port`)."""
        self.ruleset = ""
        self.watching = watch
        self.error: str | None = None
        """Why the connection failed or ended, in English (logs); `error_text` words it."""
        self.error_code = ""
        self._worded: tuple[SeatView, str, SeatView] | None = None
        self.error_info: dict[str, Any] = {}
        """Why the connection ended early, for a person; None while all is well."""
        self._lock = threading.Lock()
        self._pending: deque[_Step] = deque()
        self._state: dict[str, Any] | None = None
        self._view: SeatView | None = None
        self._history: list[HandRecord] = []
        self._events: list[Event] = []
        self._held = False
        """The shown hand is over: later states wait for next_hand()."""
        self._over = False
        self._sent_seq = -1
        self._shown_seq = -1
        self._due_since: tuple[int, float] | None = None
        """(shown seq, monotonic time) when our current decision became due."""
        self.auto = False
        """托管: a bot on this machine plays our seat (the table scene runs it from our own
        view); the host is only told, so the others see the seat is on auto."""
        # The place's token is kept per table, so a crash or a closed window can come back.
        self._tokens = None if watch else tokens
        self._token_key = table_key(address, port, fingerprint)
        if token is None and self._tokens is not None:
            token = self._tokens.load(self._token_key)
        make: LinkFactory = link if link is not None else (
            lambda **kw: SocketLink(address, port, **kw))
        self._link = make(name=name, seat=seat, token=token, code=code, watch=watch,
                          rules=rules, fingerprint=fingerprint)
        self._link.start(self._arrived, self._ended)

    def error_text(self) -> str:
        """`error` in this window's language."""
        with self._lock:
            return join_text(self.error_code or "failed", self.error_info)

    # ------------------------------------------------------------ network thread

    def _ended(self, exc: BaseException) -> None:
        """The link's connection ended early: say why."""
        with self._lock:
            if isinstance(exc, JoinError):
                self.error = str(exc)
                self.error_code, self.error_info = exc.code, dict(exc.info)
            else:
                self.error = f"the network client failed: {exc}"
                self.error_code, self.error_info = "failed", {}

    def _arrived(self, msg: Message) -> None:
        """Called on the network thread after the client's state (net/client_state.py) has
        taken `msg`: only the states for the screen are queued here, the rest is read there."""
        kind = msg["t"]
        with self._lock:
            if kind == "snapshot":
                self._sent_seq = -1  # a new stream (after a reconnect): nothing sent on it yet
            mirror = self._link.state.mirror
            if kind in ("snapshot", "update"):
                state = mirror.state
                if state is not None and not mirror.waiting:
                    events = tuple(msg.get("ev", ())) if kind == "update" else ()
                    self._pending.append(_Step(mirror.seq, state, events))
            elif kind == "welcome":
                self.ruleset = self._link.state.ruleset  # the Session protocol's field
            elif kind == "seated" and self._tokens is not None:
                self._tokens.save(self._token_key, str(msg["token"]))
            elif kind == "over":
                self._over = True
                if self._tokens is not None:
                    self._tokens.forget(self._token_key)
        if kind == "seated" and self.auto:  # a new connection: the host forgot; tell it again
            self._tell_auto()  # (outside the lock: a link may answer at once, on this thread)

    # What the host told us, read from the one client state (lists are only ever appended to
    # or replaced on the network thread, so a copy taken here is whole).
    @property
    def chat(self) -> list[Message]:
        return list(self._link.state.chat)

    @property
    def notices(self) -> list[Message]:
        return list(self._link.state.notices)

    @property
    def seats(self) -> list[dict[str, Any]]:
        return list(self._link.state.seats)

    @property
    def fingerprint(self) -> str:
        """The table's fingerprint from its welcome ("" before it arrives): what a joiner's
        screen shows for this table, shown at the table so players can compare."""
        return str(self._link.state.table.get("fp") or "")

    @property
    def results(self) -> list[dict[str, Any]]:
        """The host's summary of each finished hand (winner, deltas, scores per place)."""
        return list(self._link.state.results)

    @property
    def wall_problems(self) -> list[str]:
        return list(self._link.state.walls.problems)


    # ------------------------------------------------------------ window thread

    @property
    def ready(self) -> bool:
        """A first state has arrived (the table scene can open)."""
        self._take()
        return self._view is not None

    @property
    def connected(self) -> bool:
        return self._link.alive

    def wait_ready(self, timeout: float) -> bool:
        """Block until ready, the connection failed, or `timeout` (tests and tools only)."""
        deadline = time.monotonic() + timeout
        while not self.ready and self.connected and time.monotonic() < deadline:
            time.sleep(0.005)
        return self.ready

    @property
    def place(self) -> int | None:
        """The player number (place 0-3) we sit in; None for a spectator."""
        return self._link.state.place

    @property
    def token(self) -> str | None:
        return self._link.state.token

    @property
    def humans(self) -> tuple[int, ...]:
        place = self.place
        return () if place is None or self.watching else (place,)

    @property
    def hand_over(self) -> bool:
        self._take()
        return self._view is not None and self._view.phase == "over"

    @property
    def match_over(self) -> bool:
        over = self.hand_over
        with self._lock:
            # a match voted to an end mid-hand ends with its last hand unfinished
            return ((over or self.end_reason is not None) and self._over
                    and not self._pending)

    # ------------------------------------------------------------ a vote to end (issue 28)

    @property
    def end_reason(self) -> str | None:
        """Why the match ended before its rules ended it ("voted"), once it has."""
        return self._link.state.end_reason

    @property
    def can_propose_end(self) -> bool:
        """A seated player at a host that takes votes, while the match goes on."""
        state = self._link.state
        return (state.table.get("votes") is True and not self.watching
                and state.place is not None and not state.over)

    @property
    def vote(self) -> dict[str, Any] | None:
        """The proposal to end the match under way (`end_vote`), or None."""
        return self._link.state.vote

    def asked_to_vote(self) -> dict[str, Any] | None:
        """The proposal under way when it waits for our answer."""
        vote, place = self.vote, self.place
        if vote is None or place is None or self.watching:
            return None
        if place not in vote.get("voters", ()) or place in vote.get("yes", ()):
            return None
        return vote

    def propose_end(self) -> None:
        """Ask the other people at the table to end the match now."""
        if self.can_propose_end:
            self._link.send({"t": "end_propose"})

    @property
    def can_leave(self) -> bool:
        """A seated player at a host that takes `leave` (issue 28)."""
        state = self._link.state
        return (state.table.get("leave") is True and not self.watching
                and state.place is not None and not state.over)

    def leave_match(self) -> None:
        """Leave the place for good: a bot plays it for the rest of the match (mid-hand, with
        the flee option, this is a flee, M12). The token is of no use any more."""
        if self.can_leave:
            self._link.send({"t": "leave"})
            if self._tokens is not None:
                self._tokens.forget(self._token_key)
        self.close()

    def answer_end(self, yes: bool) -> None:
        """Accept or refuse the proposal under way (a second answer changes nothing)."""
        vote = self.vote
        if vote is not None:
            self._link.send({"t": "end_answer", "id": vote["id"], "yes": yes})

    def seat_of(self, player: int) -> int:
        view = self._current()
        return view.players.index(player)

    def view(self, seat: int) -> SeatView:
        view = self._current()
        if seat == view.seat:
            return view
        # Only our own seat's view exists here; anyone else gets the public part of it.
        return view._replace(seat=seat, counts=(0,) * 34, drawn=None, legal=(),
                             to_act=tuple(s for s in view.to_act if view.phase == "discard"))

    def submit(self, seat: int, action: Action) -> None:
        # Judged against the view on screen (the one the player decided on), so nothing newer
        # is taken in first.
        view = self._view
        if view is None:
            raise IllegalAction("the table has not dealt yet", code="not_dealt")
        if self.watching or seat != view.seat:
            raise IllegalAction("you can only play your own seat", code="not_your_seat")
        if self._sent_seq == self._shown_seq:
            raise IllegalAction("waiting for the table", code="waiting")
        if action not in view.legal:
            raise IllegalAction(f"'{action}' is not legal now", code="not_legal",
                                values={"action": action.kind.value})
        # Decided on the state shown; if the host has moved on it drops this as stale.
        self._sent_seq = self._shown_seq
        self._link.send({"t": "action", "seq": self._shown_seq, "a": str(action)})

    def poll(self, viewer: int) -> list[Event]:
        self._take()
        out, self._events = self._events, []
        return out

    def waiting_on_others(self) -> bool:
        self._take()
        with self._lock:
            if self._pending and not self._held:
                return True
        view = self._view
        if view is None or view.phase == "over":
            return False
        return view.seat not in view.to_act or not view.legal or self._sent_seq == self._shown_seq

    def humans_to_act(self) -> tuple[int, ...]:
        self._take()
        view = self._view
        place = self.place
        if (view is None or place is None or self.watching or view.phase == "over"
                or view.seat not in view.to_act or not view.legal
                or self._sent_seq == self._shown_seq):
            return ()
        return (place,)

    @property
    def history(self) -> tuple[HandRecord, ...]:
        """The finished hands seen at this table, from the results the views carry."""
        return tuple(self._history)

    @property
    def player_names(self) -> tuple[str, ...]:
        view = self._current()
        names = [""] * 4
        for seat, player in enumerate(view.players):
            names[player] = view.names[seat] if seat < len(view.names) else ""
        return tuple(names)

    def timer(self) -> tuple[float, float] | None:
        """The host keeps the clock (M11); this counts down from when the decision was shown."""
        timers = self._link.state.timers
        if timers is None or not self.humans_to_act():
            self._due_since = None
            return None
        view = self._current()
        allowed = seconds_to_act(view, timers[0], timers[1])
        if self._due_since is None or self._due_since[0] != self._shown_seq:
            self._due_since = (self._shown_seq, time.monotonic())
        return max(0.0, allowed - (time.monotonic() - self._due_since[1])), allowed

    def check_timeout(self) -> bool:
        """The host plays for a player out of time; nothing to do here."""
        return False

    def step(self) -> bool:
        """Take what the host has sent; True if the table changed."""
        return self._take()

    def next_hand(self) -> None:
        """The results were seen: show the next hand (the host deals it by itself)."""
        self._held = False
        self._take()

    def say(self, text: str) -> None:
        """Send a chat line (the host cleans, limits and relays it)."""
        self._link.send({"t": "chat", "text": text[:200]})

    def set_auto(self, on: bool) -> None:
        """托管 on or off: the host tells the others (a host too old to know says nothing)."""
        self.auto = on
        self._tell_auto()

    def _tell_auto(self) -> None:
        if self._link.state.table.get("auto") is True and not self.watching:
            self._link.send({"t": "auto", "on": self.auto})

    def phrase(self, key: str) -> None:
        self._link.send({"t": "chat", "phrase": key})

    def close(self) -> None:
        """Leave the table (and stop the network thread)."""
        self._link.close()

    # ------------------------------------------------------------ internals

    def _current(self) -> SeatView:
        self._take()
        view = self._view
        if view is None:
            raise IllegalAction("the table has not dealt yet", code="not_dealt")
        # the host's own names for its bots ("bot 4") read in this window's language; the
        # worded view is kept while neither it nor the language changes (scenes cache by id)
        language = i18n.language()
        if self._worded is None or self._worded[0] is not view or self._worded[1] != language:
            named = view._replace(names=tuple(shown_name(n) for n in view.names))
            self._worded = (view, language, named)
        return self._worded[2]

    def _take(self) -> bool:
        """Move arrived states into the shown view, stopping at a hand's end."""
        changed = False
        with self._lock:
            while self._pending and not self._held:
                step = self._pending.popleft()
                try:
                    view = view_from_wire(step.state)
                    events = [event_from_wire(e) for e in step.events]
                except WireError as exc:
                    self.error, self.error_code = str(exc), "unreadable"
                    continue
                self._view, self._state, self._shown_seq = view, step.state, step.seq
                self._events.extend(events)
                changed = True
                if view.phase == "over":
                    self._held = True
                    self._record(view)
        return changed

    def _record(self, view: SeatView) -> None:
        """Keep a finished hand for the standings, as the host's Match would."""
        if view.result is None or any(r.hand_no == view.hand_no for r in self._history):
            return
        scores = [0] * 4
        for seat, player in enumerate(view.players):
            scores[player] = view.scores[seat]
        self._history.append(HandRecord(view.hand_no, view.players[0], view.result,
                                        tuple(scores)))
