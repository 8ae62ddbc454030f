"""What the table scene talks to: a Session. LocalSession plays a Match here, with bots.

The table reads SeatViews and events only; a LAN session (later) gives the same interface over
the network, so the scene never touches engine internals.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game.actions import Action
from game.bots import LEVELS, Bot, make_bot
from game.client.i18n import t
from game.client.sessions.match_files import MatchFiles, Recorder, replay_digest
from game.events import Event
from game.match import HandRecord, Match
from game.replay import LogError
from game.saves import load
from game.timeouts import CLAIM_SECONDS, DISCARD_SECONDS, seconds_to_act, timeout_action
from game.view import SeatView, events_for

if TYPE_CHECKING:
    from game.client.context import Context

log = logging.getLogger(__name__)

DISCARD_TIME = DISCARD_SECONDS
"""Seconds to discard before the system plays for the player (ruling M11; game.timeouts)."""
CLAIM_TIME = CLAIM_SECONDS
"""Seconds to answer a claim offer before it is passed (ruling M11; game.timeouts)."""


class Session(Protocol):
    ruleset: str

    @property
    def humans(self) -> tuple[int, ...]:
        """Player numbers played by people at this screen."""

    @property
    def hand_over(self) -> bool: ...

    @property
    def match_over(self) -> bool: ...

    def seat_of(self, player: int) -> int:
        """The seat a player holds in the current hand."""

    def view(self, seat: int) -> SeatView:
        """What `seat` may know now (-1: a spectator)."""

    def submit(self, seat: int, action: Action) -> None:
        """A local human's decision; raises game.errors.IllegalAction with a readable message."""

    def poll(self, viewer: int) -> list[Event]:
        """Events since the last poll, as `viewer` may see them."""

    def waiting_on_others(self) -> bool:
        """Whether someone who is not a local human must act (a bot, or a remote player)."""

    def humans_to_act(self) -> tuple[int, ...]:
        """Player numbers of the local humans who must act now, claim offers included."""

    def step(self) -> bool:
        """Let one waiting bot act; True if something happened."""

    def next_hand(self) -> None:
        """Deal the next hand (after the results were seen)."""

    @property
    def history(self) -> tuple[HandRecord, ...]:
        """The finished hands, for running totals and the standings chart."""

    @property
    def player_names(self) -> tuple[str, ...]:
        """Names by player number."""

    def timer(self) -> tuple[float, float] | None:
        """(seconds left, seconds allowed) for the local human decision now due, if timed."""

    def check_timeout(self) -> bool:
        """Act for a local human whose time ran out (M11); True if it did."""


class LocalSession:
    """A Match on this machine: human seats answer through submit(), bots through step()."""

    recorder: Recorder | None
    """Keeps the match's log and save up to date (None: this table keeps nothing)."""

    def __init__(
        self,
        ruleset: str,
        kinds: Sequence[str],
        levels: Sequence[str],
        names: Sequence[str],
        seed: int,
        hands: int | None = None,
        options: dict[str, Any] | None = None,
        clock: Callable[[], float] = time.monotonic,
        files: MatchFiles | None = None,
    ) -> None:
        """`files`: where to keep this match's log and save (None: keep nothing)."""
        if len(kinds) != 4 or len(levels) != 4 or len(names) != 4:
            raise ValueError("a table has four players: kinds, levels and names need four each")
        table = dict(options or {})
        if hands:
            table["hands"] = hands
        match = Match(ruleset, seed, table or None, names)
        self._setup(match, kinds, levels, clock, bot_salt=0)
        if files is not None:
            self.recorder = Recorder(files, files.new_log(ruleset, seed), self._extra())
        self._record(self.match.start_hand())

    def _setup(self, match: Match, kinds: Sequence[str], levels: Sequence[str],
               clock: Callable[[], float], bot_salt: int) -> None:
        self.ruleset = match.rules.name
        self.match = match
        self.timed = self.match.rules.settings.timers
        self.clock = clock
        self._turn = 0
        """Counts decisions applied, so a timer restarts whenever the table moves on."""
        self._timer: tuple[int, float, float] | None = None
        seed = match.seed
        self._fallback = make_bot("normal", seed + bot_salt)
        self.kinds = tuple(kinds)
        self.levels = tuple(levels)
        self.bots: dict[int, Bot] = {
            p: make_bot(levels[p], seed * 7919 + p + bot_salt)
            for p in range(4) if kinds[p] != "human"
        }
        self._events: list[Event] = []
        self.recorder = None
        # the people at the table see why a claim or a win is not offered (issue 27)
        match.explain(frozenset(p for p in range(4) if kinds[p] == "human"))

    @classmethod
    def resume(cls, files: MatchFiles, clock: Callable[[], float] = time.monotonic
               ) -> LocalSession:
        """The match saved in `files`, exactly where it stopped. Raises LogError if the save
        is missing, damaged or does not describe a local table."""
        match, extra = load(files.save, explain=True)  # the refusals as they were
        kinds, levels = extra.get("kinds"), extra.get("levels")
        if (not isinstance(kinds, list) or not isinstance(levels, list) or len(kinds) != 4
                or len(levels) != 4 or any(k not in ("human", "bot") for k in kinds)
                or any(lv not in LEVELS for lv in levels)):
            raise LogError("the save does not say who sits at the table")
        if match.match_over:
            raise LogError("the saved match is already over")
        session = cls.__new__(cls)
        # the bots' own random streams restart here; salting them with the number of actions
        # keeps what they do after a resume a function of the save alone
        actions = sum(len(r) for r in match.record)
        session._setup(match, [str(k) for k in kinds], [str(lv) for lv in levels], clock,
                       bot_salt=1_000_003 * actions)
        log_name = extra.get("log")
        log = (files.log_path(log_name) if isinstance(log_name, str) and log_name
               else files.new_log(match.rules.name, match.seed))
        session.recorder = Recorder(files, log, session._extra(), replay_digest(match))
        session.recorder.after(match)
        return session

    def _extra(self) -> dict[str, Any]:
        """What a save needs beyond the match to rebuild this session."""
        return {"kinds": list(self.kinds), "levels": list(self.levels)}

    def _record(self, events: list[Event]) -> None:
        """Queue `events` for the table, then bring the log and the save up to date."""
        self._events += events
        self._turn += 1
        if self.recorder is not None:
            self.recorder.events(events)
            self.recorder.after(self.match)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(p for p in range(4) if self.kinds[p] == "human")

    @property
    def hand_over(self) -> bool:
        return self.match.hand_over

    @property
    def match_over(self) -> bool:
        return self.match.match_over

    def seat_of(self, player: int) -> int:
        return self.view(-1).players.index(player)

    def view(self, seat: int) -> SeatView:
        return self.match.explained_view(seat)

    def submit(self, seat: int, action: Action) -> None:
        player = self.view(-1).players[seat]
        if player in self.bots:
            raise ValueError(f"seat {seat} is played by a bot")
        self._record(self.match.apply(seat, action))

    def poll(self, viewer: int) -> list[Event]:
        out = events_for(self._events, viewer)
        self._events = []
        return out

    def _bot_seats(self) -> list[int]:
        if self.match.hand_over:
            return []
        players = self.view(-1).players
        return [s for s in self.match.to_act() if players[s] in self.bots]

    def waiting_on_others(self) -> bool:
        return bool(self._bot_seats())

    def humans_to_act(self) -> tuple[int, ...]:
        players = self.view(-1).players
        return tuple(players[s] for s in self._human_seats_due())

    def step(self) -> bool:
        seats = self._bot_seats()
        if not seats:
            return False
        seat = seats[0]
        player = self.view(-1).players[seat]
        action = self.bots[player].choose(self.match.view(seat))
        self._record(self.match.apply(seat, action))
        return True

    def next_hand(self) -> None:
        if self.match.match_over:
            return
        self._record(self.match.next_hand())

    @property
    def history(self) -> tuple[HandRecord, ...]:
        return tuple(self.match.history)

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.match.names

    @property
    def start_scores(self) -> tuple[int, ...]:
        """Scores by player before the first hand (a resumed match started long ago)."""
        return self.match.start_scores

    def _human_seats_due(self) -> list[int]:
        if self.match.hand_over:
            return []
        players = self.view(-1).players
        return [s for s in self.match.to_act() if players[s] not in self.bots]

    def timer(self) -> tuple[float, float] | None:
        if not self.timed:
            return None
        due = self._human_seats_due()
        if not due:
            self._timer = None
            return None
        if self._timer is None or self._timer[0] != self._turn:
            total = seconds_to_act(self.match.view(due[0]))
            self._timer = (self._turn, self.clock() + total, total)
        _turn, deadline, total = self._timer
        return max(0.0, deadline - self.clock()), total

    def check_timeout(self) -> bool:
        state = self.timer()
        if state is None or state[0] > 0:
            return False
        events: list[Event] = []
        for seat in self._human_seats_due():
            if seat in self.match.to_act():  # an earlier answer may have closed the window
                events += self.match.apply(seat, self._timeout_action(seat))
        self._record(events)
        return True

    def _timeout_action(self, seat: int) -> Action:
        """M11 (the one rule in game.timeouts)."""
        return timeout_action(self.match.view(seat), self._fallback)


def open_table(
    ctx: Context,
    *,
    ruleset: str,
    seats: list[str],
    levels: list[str],
    names: list[str] | None,
    hands: int | None,
    seed: int | None,
    replace: bool,
    options: dict[str, Any] | None = None,
) -> None:
    """Start a local match and show it (solo, hot-seat or --demo). `options`: the ruleset's
    table options chosen on the setup screen (the timers setting is added here)."""
    if names is None:
        # neutral names: seat winds rotate, so a wind in a name would soon be wrong
        names = [t("name.player_n" if k == "human" else "name.bot_n", n=i + 1)
                 for i, k in enumerate(seats)]
    match_seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
    table = dict(options or {})
    if ctx.settings.timers and "human" in seats:
        table["timers"] = True
    demo = ctx.options.demo or "human" not in seats
    files = None
    if ctx.data_dir is not None and not demo:  # solo and hot-seat keep a log and a save
        files = MatchFiles(ctx.data_dir)
        files.prune(ctx.settings.keep_logs - 1)  # room for this match's log
    session = LocalSession(ruleset, seats, levels, names, match_seed, hands, table or None,
                           files=files)
    log.info("match starts: %s, seats %s, seed %d%s", ruleset, ",".join(seats), match_seed,
             "" if files is None else f", saved in {files.root}")
    ctx.stack.open("table", replace=replace, session=session, demo=demo)
