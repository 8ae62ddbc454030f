"""A match log opened for viewing: positions (hand, action) rebuilt by the engine, and a
read-only session over them that the table scene can draw.

Opening checks the log in full (`game.replay.verify`: the hash chain, then a replay against the
footer), so a damaged or tampered log is refused with a LogError before anything is shown.
Going back replays the hand from its start to the action before, from a copy of the match as it
stood before the hand was dealt.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.actions import Action
from game.client.i18n import t
from game.errors import IllegalAction, MahjongError
from game.events import Event
from game.match import HandRecord, Match
from game.paths import MAX_LOG_BYTES
from game.replay import LogError, LogFromOtherEngine, read_log, verify
from game.tiles import NotationError
from game.view import SeatView, events_for


@dataclass(frozen=True)
class LogSummary:
    """What the log list shows before a log is opened."""

    path: Path
    ruleset: str
    hands: int
    names: tuple[str, ...]
    final_scores: tuple[int, ...]
    complete: bool
    """False when the match was left before its end (the log holds the hands played)."""
    error: str = ""
    """Why the log cannot be listed, in English (logs); `problem_key` for the screen."""


class LogUnreadable(LogError):
    """The file cannot be read at all (missing, no permission, not UTF-8)."""


class LogTooBig(LogError):
    """The file is far larger than any match log."""


def problem_text(exc: BaseException) -> str:
    """Why a log or a save cannot be opened, in the chosen language."""
    if isinstance(exc, LogFromOtherEngine):
        if exc.engine:
            return t("log.other_engine", engine=exc.engine)
        return t("log.other_engine_unknown")
    return t(problem_key(exc))


def problem_key(exc: BaseException) -> str:
    """The catalogue key saying why a log or a save cannot be opened."""
    if isinstance(exc, LogTooBig):
        return "log.too_big"
    if isinstance(exc, LogUnreadable | OSError | UnicodeDecodeError):
        return "log.unreadable"
    return "log.damaged"


def summarize(path: Path) -> LogSummary:
    """The list entry for `path`: cheap (the chain is checked, nothing is replayed)."""
    try:
        if path.stat().st_size > MAX_LOG_BYTES:
            raise LogTooBig("the file is too big to be a match log")
        records = read_log(path.read_text(encoding="utf-8"))
        head, end = records[0], records[-1]
        names = tuple(str(n) for n in head.get("names") or ())
        return LogSummary(path, str(head.get("ruleset", "?")), int(end.get("hands", 0)),
                          names, tuple(int(s) for s in end.get("final_scores") or ()),
                          bool(end.get("match_over", True)))
    except (OSError, UnicodeDecodeError, LogError, TypeError, ValueError) as exc:
        return LogSummary(path, "?", 0, (), (), False, error=str(exc))


class ReplayLog:
    """A verified log: its header and each hand's actions, with the match before each hand."""

    def __init__(self, text: str) -> None:
        verify(text)  # LogError with the reason if anything is off
        self.text = text
        """The log itself (the Review screen replays it again)."""
        records = read_log(text)
        head = records[0]
        self.ruleset = str(head["ruleset"])
        self.seed = int(head["seed"])
        self.hands: list[list[tuple[int, Action]]] = []
        self.seeds: list[int | None] = []
        """Each hand's own wall seed, where the log has one (a LAN host's secure walls)."""
        try:
            for record in records[1:-1]:
                self.hands.append([(int(s), Action.parse(str(a))) for s, a in record["actions"]])
                self.seeds.append(record.get("seed"))
            match = Match(self.ruleset, self.seed, head.get("options") or {},
                          head.get("names") or None)
        except (KeyError, TypeError, ValueError, NotationError, MahjongError) as exc:
            raise LogError(f"the log cannot be read ({exc})") from None
        if not self.hands:
            raise LogError("the log holds no hands")
        self.names = match.names
        self.start_scores = match.start_scores
        self.before: list[Match] = []
        """The match as it stood before each hand was dealt."""
        for actions, seed in zip(self.hands, self.seeds, strict=True):
            self.before.append(copy.deepcopy(match))
            match.start_hand(seed)
            for seat, action in actions:
                match.apply(seat, action)
        self.final = match

    @classmethod
    def open(cls, path: Path) -> ReplayLog:
        try:
            if path.stat().st_size > MAX_LOG_BYTES:
                raise LogTooBig("the file is too big to be a match log")
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise LogUnreadable(f"cannot read {path.name}: {exc}") from None
        return cls(text)

    def at(self, hand: int, step: int) -> tuple[Match, list[Event]]:
        """The match after `step` actions of hand `hand` (0-based), and the events of the last
        of them (the deal's events at step 0)."""
        match = copy.deepcopy(self.before[hand])
        events = match.start_hand(self.seeds[hand])
        for seat, action in self.hands[hand][:step]:
            events = match.apply(seat, action)
        return match, events


class ReplaySession:
    """The Session the table scene draws from, at one position of a log; nobody acts."""

    def __init__(self, log: ReplayLog) -> None:
        self.log = log
        self.ruleset = log.ruleset
        self.hand = 0
        """The hand on the table, 0-based."""
        self.done = 0
        """Actions of that hand already applied."""
        self.match, events = log.at(0, 0)
        self._events: list[Event] = list(events)

    # ------------------------------------------------------------ position

    @property
    def hand_count(self) -> int:
        return len(self.log.hands)

    @property
    def steps(self) -> int:
        """Actions in the hand on the table."""
        return len(self.log.hands[self.hand])

    @property
    def last_action(self) -> tuple[int, Action] | None:
        """The action that led to this position (None right after the deal)."""
        return self.log.hands[self.hand][self.done - 1] if self.done else None

    def forward(self) -> bool:
        """One action on (into the next hand after a hand's end); False at the log's end."""
        if self.done < self.steps:
            seat, action = self.log.hands[self.hand][self.done]
            self._events += self.match.apply(seat, action)
            self.done += 1
            return True
        if self.hand + 1 < self.hand_count:
            self.goto(self.hand + 1, 0)
            return True
        return False

    def back(self) -> bool:
        """One action back (to the previous hand's end from a deal); False at the start."""
        if self.done > 0:
            self.goto(self.hand, self.done - 1, animate=False)
            return True
        if self.hand > 0:
            self.goto(self.hand - 1, len(self.log.hands[self.hand - 1]), animate=False)
            return True
        return False

    def goto(self, hand: int, step: int, animate: bool = True) -> None:
        """Jump to (hand, step), clamped to the log; `animate` keeps the last events."""
        hand = max(0, min(hand, self.hand_count - 1))
        step = max(0, min(step, len(self.log.hands[hand])))
        self.match, events = self.log.at(hand, step)
        self.hand, self.done = hand, step
        self._events = list(events) if animate else []

    def to_results(self) -> None:
        self.goto(self.hand, self.steps, animate=False)

    # ------------------------------------------------------------ the Session protocol

    @property
    def humans(self) -> tuple[int, ...]:
        return ()

    @property
    def hand_over(self) -> bool:
        return self.match.hand_over

    @property
    def match_over(self) -> bool:
        return self.match.match_over

    def seat_of(self, player: int) -> int:
        return self.match.hand_players().index(player)

    def view(self, seat: int) -> SeatView:
        return self.match.view(seat)

    def submit(self, seat: int, action: Action) -> None:
        raise IllegalAction("a replay is watched, not played", code="replay")

    def poll(self, viewer: int) -> list[Event]:
        out = events_for(self._events, viewer)
        self._events = []
        return out

    def waiting_on_others(self) -> bool:
        return False

    def humans_to_act(self) -> tuple[int, ...]:
        return ()

    def step(self) -> bool:
        """No bots play in a replay."""
        return False

    def next_hand(self) -> None:
        """The table asks for the next deal after a result: go to it."""
        if self.hand + 1 < self.hand_count:
            self.goto(self.hand + 1, 0)

    @property
    def history(self) -> tuple[HandRecord, ...]:
        return tuple(self.match.history)

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.match.names

    @property
    def start_scores(self) -> tuple[int, ...]:
        return self.log.start_scores

    def timer(self) -> tuple[float, float] | None:
        return None

    def check_timeout(self) -> bool:
        return False

    def describe(self) -> dict[str, Any]:
        """Where the replay stands, for the status line and tests."""
        return {"hand": self.hand + 1, "hands": self.hand_count, "step": self.done,
                "steps": self.steps, "last": self.last_action}
