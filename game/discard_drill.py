"""The "what would you discard" drill (issue 27 part 4): positions from the player's own
reviewed mistakes, with a running record kept in the data home.

A drill is one discard decision of a local human player in a kept match log where the
review (`game.review.review_log`: the log replayed once, the seat's own view at each
decision, the expert's ranking of every legal action) found that the tile thrown lost value
against the best discard. The position is that seat's view exactly as the review built it
(never a hidden tile); every discard whose value equals the best is a right answer (ties).
Pure Python, no window.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import paths
from game.actions import ActionKind
from game.drills import DrillRecord
from game.errors import MahjongError
from game.replay import read_log
from game.review import TIE, Decision, Ranker, review_log
from game.rules.registry import UNITS
from game.tiles import Tile
from game.view import SeatView

RECORD_NAME = "discard_drill.json"
"""The "what would you discard" running record, in the data home beside the score drill's."""
MOST_LOGS = 12
"""Kept logs read at most, the newest first: opening the drill stays quick (each log is
replayed and every decision of the player ranked)."""
MOST_DRILLS = 60
"""Drills kept at most, the biggest losses first."""
LEAST_LOSS = 1.0
"""A discard that lost this much or less is not a drill: near ties teach nothing (the
review's own drill positions use the same floor, `game.review.drills`)."""

HumansOf = Callable[[Mapping[str, Any]], tuple[int, ...]]
"""The player numbers of the local humans of a log, from its header."""


@dataclass(frozen=True)
class DiscardDrill:
    """One discard decision to answer again: the seat's view, each legal discard's value (best
    first) and the tile the player threw then."""

    ruleset: str
    source: str
    """The log's file name."""
    player: int
    hand: int
    step: int
    view: SeatView
    values: tuple[tuple[Tile, float], ...]
    """Every legal discard with the expert's value, best first."""
    played: Tile

    @property
    def unit(self) -> str:
        """What the values are counted in: Mazhan points, Nanjing gold."""
        return UNITS.get(self.ruleset, "points")

    @property
    def best_value(self) -> float:
        return self.values[0][1]

    @property
    def right(self) -> tuple[Tile, ...]:
        """Every discard as good as the best (ties count as right), best first."""
        return tuple(tile for tile, value in self.values if value >= self.best_value - TIE)

    def value_of(self, tile: Tile) -> float:
        for kind, value in self.values:
            if kind == tile:
                return value
        raise KeyError(tile)

    @property
    def loss(self) -> float:
        """What the discard played then gave up against the best."""
        return max(0.0, self.best_value - self.value_of(self.played))

    def is_right(self, tile: Tile) -> bool:
        return tile in self.right

    @property
    def key(self) -> tuple[str, int, int, int]:
        """Which decision of which log this is (the same drill from a log read again)."""
        return (self.source, self.player, self.hand, self.step)


def from_decision(d: Decision, ruleset: str, source: str, player: int,
                  least: float = LEAST_LOSS) -> DiscardDrill | None:
    """The drill of one reviewed decision, or None when it is no discard mistake: not a
    discard, a loss of `least` or less, or a position whose best action was no discard (a
    win or a kong: that is not a "what would you discard" question)."""
    if d.phase != "discard" or d.chosen.kind is not ActionKind.DISCARD or d.chosen.tile is None:
        return None
    if d.best.kind is not ActionKind.DISCARD:
        return None
    values = tuple((a.tile, x) for a, x in d.options
                   if a.kind is ActionKind.DISCARD and a.tile is not None)
    drill = DiscardDrill(ruleset, source, player, d.hand, d.step, d.view, values,
                         d.chosen.tile)
    if d.chosen.tile not in {t for t, _ in values} or drill.loss <= least:
        return None
    return drill


def header_humans(head: Mapping[str, Any]) -> tuple[int, ...]:
    """The local humans a log's header names ("humans", written by the window's recorder);
    none for a log without them (`mahjong simulate`, a hosted LAN table, older logs)."""
    raw = head.get("humans")
    if not isinstance(raw, list):
        return ()
    return tuple(sorted({p for p in raw if type(p) is int and 0 <= p < 4}))


def log_drills(text: str, source: str, humans_of: HumansOf = header_humans,
               ranker: Ranker | None = None, least: float = LEAST_LOSS) -> list[DiscardDrill]:
    """The discard mistakes of the log's local humans, in match order (none when the log
    names no human). Raises game.errors.MahjongError when the log does not replay."""
    humans = humans_of(read_log(text)[0])
    out: list[DiscardDrill] = []
    for player in humans:
        review = review_log(text, player, discard_ranker(ranker))
        for d in review.decisions:
            drill = from_decision(d, review.ruleset, source, player, least)
            if drill is not None:
                out.append(drill)
    return out


def discard_ranker(ranker: Ranker | None = None) -> Ranker:
    """`ranker` (the expert's when None) for the discard decisions only; a claim or a kong
    offer gets every legal action at 0 unranked (no drill is made of those, and ranking them
    is most of a review's time)."""
    if ranker is None:
        from game.review import expert_ranker

        ranker = expert_ranker()[0]
    full = ranker

    def rank(view: SeatView) -> list[tuple[Any, float]]:
        if view.phase != "discard":
            return [(a, 0.0) for a in view.legal]
        return full(view)

    return rank


_MEMO: dict[tuple[str, int, int, tuple[int, ...]], tuple[DiscardDrill, ...]] = {}
"""Each log reviewed with the expert in this run, by (path, size, modification time, the
players reviewed): the screen opened again reviews only the logs written since."""
_MEMO_MAX = 500


def file_drills(path: Path, humans_of: HumansOf = header_humans,
                ranker: Ranker | None = None) -> tuple[str, tuple[DiscardDrill, ...]]:
    """One kept log's drills, and the log's ruleset if it was reviewed at all ("" if not: it
    names no local human, or cannot be read or does not replay, and is skipped as the
    statistics skip it)."""
    try:
        info = path.stat()
        if info.st_size > paths.MAX_LOG_BYTES:
            return "", ()
        text = path.read_text(encoding="utf-8")
        head = read_log(text)[0]
        humans = humans_of(head)
        ruleset = str(head.get("ruleset", ""))
    except (OSError, UnicodeDecodeError, MahjongError, KeyError, TypeError, ValueError):
        return "", ()
    if not humans:
        return "", ()
    key = (str(path), info.st_size, info.st_mtime_ns, humans)
    if ranker is None and key in _MEMO:
        return ruleset, _MEMO[key]
    try:
        found = tuple(log_drills(text, path.name, lambda _head: humans, ranker))
    except (MahjongError, KeyError, TypeError, ValueError):
        return "", ()
    if ranker is None:
        if len(_MEMO) >= _MEMO_MAX:
            _MEMO.clear()
        _MEMO[key] = found
    return ruleset, found


def newest_logs(folder: Path, most: int = MOST_LOGS) -> list[Path]:
    """The newest `most` logs of `folder`, newest first."""
    return paths.log_files(folder)[::-1][:max(0, most)]


def ordered(found: Sequence[DiscardDrill], most: int = MOST_DRILLS,
            ruleset: str | None = None) -> list[DiscardDrill]:
    """The biggest losses first (the newest log first among equals, then match order),
    each decision once, `most` at most; only `ruleset`'s when given (a ruleset's values
    are in its own unit: Mazhan points and Nanjing gold do not compare)."""
    seen: set[tuple[str, int, int, int]] = set()
    unique: list[DiscardDrill] = []
    for drill in found:
        if ruleset is not None and drill.ruleset != ruleset:
            continue
        if drill.key not in seen:
            seen.add(drill.key)
            unique.append(drill)
    order = {drill.key: n for n, drill in enumerate(unique)}
    return sorted(unique, key=lambda d: (-round(d.loss, 6), order[d.key]))[:max(0, most)]


class Reader:
    """Reviews a folder's newest logs one at a time (`step`), so a window can show its
    progress and keep drawing; `collect` reads them all at once."""

    def __init__(self, folder: Path, humans_of: HumansOf = header_humans,
                 ranker: Ranker | None = None, most_logs: int = MOST_LOGS) -> None:
        self.pending = newest_logs(folder, most_logs)
        self.files = len(self.pending)
        self.humans_of = humans_of
        self.ranker = ranker
        self.found: list[DiscardDrill] = []
        self.reviewed: dict[str, int] = {}
        """Per ruleset, the logs with a local human that replayed (their mistakes are in
        `found`)."""

    @property
    def done(self) -> bool:
        return not self.pending

    @property
    def read(self) -> int:
        return self.files - len(self.pending)

    def step(self) -> bool:
        """Review the next log; False when none was left."""
        if not self.pending:
            return False
        ruleset, found = file_drills(self.pending.pop(0), self.humans_of, self.ranker)
        if ruleset:
            self.reviewed[ruleset] = self.reviewed.get(ruleset, 0) + 1
        self.found += found
        return True

    def drills(self, most: int = MOST_DRILLS, ruleset: str | None = None
               ) -> list[DiscardDrill]:
        """What was found so far (`ruleset`'s only, when given), biggest losses first."""
        return ordered(self.found, most, ruleset)


def collect(folder: Path, humans_of: HumansOf = header_humans, ranker: Ranker | None = None,
            most_logs: int = MOST_LOGS, most: int = MOST_DRILLS,
            ruleset: str | None = None) -> list[DiscardDrill]:
    """The drills from the newest `most_logs` kept logs in `folder` (`ruleset`'s only, when
    given), biggest losses first."""
    reader = Reader(folder, humans_of, ranker, most_logs)
    while reader.step():
        pass
    return reader.drills(most, ruleset)


# ------------------------------------------------------------ the running record


def record_path(data: Path) -> Path:
    return data / RECORD_NAME


RECORD_KEY = "discard"
"""The record's key in its file."""


def load_record(data: Path) -> DrillRecord:
    """The "what would you discard" record kept in `data`."""
    return DrillRecord.kept(record_path(data), RECORD_KEY)


def answer(drill: DiscardDrill, tile: Tile, data: Path | None) -> tuple[bool, DrillRecord]:
    """Check the discard `tile` against the expert's best and book it in the record kept in
    `data` (None: nothing kept). Returns (right, the record now)."""
    right = drill.is_right(tile)
    return right, DrillRecord.book(record_path(data) if data is not None else None,
                                   RECORD_KEY, right)
