"""Statistics (戰績) from the kept match logs: per player name and ruleset (`mahjong stats`,
the window's Statistics screen; CONTRACTS §9).

Every log is replayed through the engine and checked against its footer, as `mahjong replay
verify` checks it; only what the engine says happened is counted. What counts:

- A *match* is one log in which the name sits (a log of a match left midway counts, with the
  hands it holds; `complete` tells them apart). Players are found by the names in the log's
  header; a log without names (`mahjong simulate`, a hosted LAN table) names its players as the
  engine does, "P1" to "P4" by player number. The same name at two seats of one log counts
  as two player-matches.
- A *hand* is every hand booked in the log, drawn (exhausted) hands included: the player sat in
  it. Win %, deal-in % are out of these hands.
- A *win*: the player is among the hand's winners; when several win on one discard or robbed
  kong (ruling N2's option), each winner has a win and the discarder one deal-in. 快照
  (kuaizhao) counts as a win off its feeder.
- *Self-draw %* is self-drawn wins out of the player's wins (None without wins).
- A *deal-in*: someone won off the player's discard, robbed kong or feed (not a self-draw).
- A win's *gain* is the winner's score change over that whole hand (points in Mazhan, gold in
  Nanjing); its *value* the scorer's total (Mazhan 胡 after the cap, Nanjing flowers). The
  average win is the mean gain; the biggest win is the largest gain (ties: the larger value,
  then the earlier match and hand), kept with its tiles as `mahjong score` takes them.
- *Score per match*: the player's final score minus start score (fees and flees included).
- The *trend* lists the player's matches oldest first (by the log file's modification time,
  then its name), each with its score.

A file that is not a whole, replayable log is skipped and counted by reason: `unreadable`
(cannot be read, not UTF-8, far too big), `truncated` (its last line is cut or is not the
match's end: a copy cut short, or a hosted table stopped midway), `other_engine` (another
engine version wrote it and it replays differently), `damaged` (anything else).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import paths
from game.errors import MahjongError
from game.match import Match
from game.melds import MeldKind
from game.replay import (
    FORMAT,
    LogError,
    LogFromOtherEngine,
    other_engine,
    read_log,
    replay_records,
    start_match,
)
from game.rules.registry import NAMES, UNITS
from game.tiles import format_tiles

REASONS = ("unreadable", "truncated", "other_engine", "damaged")
"""Why a file is skipped, in the order `skipped` lists them."""


@dataclass(frozen=True)
class Win:
    """One win of one player, with the tiles it was won with (`mahjong score`'s fields)."""

    gain: int
    value: int
    how: str
    """self_draw, discard, robbing or kuaizhao."""
    seat: str
    """E, S, W or N: the seat the player held in that hand."""
    hand: str
    """Concealed tiles without the winning tile."""
    melds: tuple[str, ...]
    bonus: str
    win: str | None
    """The tile won on; None for 快照 (no tile)."""
    wild: str | None
    dealer_streak: int
    """Nanjing: the dealer's streak n the win was scored with (0 off the dealer's seat)."""
    ponged: tuple[str, ...]
    """Kinds the other players held as exposed pongs (Nanjing 壓絕)."""
    log: str
    hand_no: int

    def to_json(self) -> dict[str, Any]:
        return {"gain": self.gain, "value": self.value, "how": self.how, "seat": self.seat,
                "self_draw": self.how == "self_draw", "hand": self.hand,
                "melds": list(self.melds), "bonus": self.bonus, "win": self.win,
                "wild": self.wild, "dealer_streak": self.dealer_streak,
                "ponged": list(self.ponged), "log": self.log, "hand_no": self.hand_no}

    def rank(self) -> tuple[int, int]:
        return (self.gain, self.value)


@dataclass
class Seat:
    """One player's part in one match (a log)."""

    name: str
    player: int
    """Player number 0-3 in the log."""
    ruleset: str
    log: str
    order: tuple[float, str]
    """(modification time, file name): the trend's order."""
    complete: bool
    hands: int = 0
    drawn: int = 0
    """Hands nobody won."""
    wins: list[Win] = field(default_factory=list)
    self_draws: int = 0
    deal_ins: int = 0
    score: int = 0
    """Final minus start score."""
    scores: list[int] = field(default_factory=list)
    """The player's score after each hand."""


@dataclass(frozen=True)
class MatchFacts:
    """What one log holds, replayed: its seats' facts and every player's score after each
    hand (for charts)."""

    log: str
    ruleset: str
    names: tuple[str, ...]
    complete: bool
    start_scores: tuple[int, ...]
    seats: tuple[Seat, ...]
    """By player number."""


@dataclass(frozen=True)
class Skipped:
    file: str
    reason: str
    error: str


@dataclass
class Collection:
    """Every log read from a folder: the matches, and the files skipped."""

    folder: str
    files: int = 0
    matches: list[MatchFacts] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)

    def skipped_counts(self) -> dict[str, int]:
        counts = dict.fromkeys(REASONS, 0)
        for s in self.skipped:
            counts[s.reason] += 1
        return counts


class Unusable(LogError):
    """A file skipped by the statistics; `reason` is one of REASONS."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def _cut_short(text: str) -> bool:
    """Whether the file starts as a match log but its last line is cut or is not the match's
    end line."""
    lines = [raw for raw in text.splitlines() if raw.strip()]
    try:
        head = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        return False
    if not (isinstance(head, dict) and head.get("format") == FORMAT):
        return False
    try:
        last = json.loads(lines[-1])
    except json.JSONDecodeError:
        return True
    return not (isinstance(last, dict) and last.get("end"))


def match_facts(text: str, log: str = "", order: tuple[float, str] = (0.0, "")) -> MatchFacts:
    """Replay one log's text and gather its facts; Unusable (with a reason) when it is not a
    whole log this engine replays as the log says."""
    try:
        records = read_log(text)
    except LogError as exc:
        reason = "other_engine" if isinstance(exc, LogFromOtherEngine) else \
            "truncated" if _cut_short(text) else "damaged"
        raise Unusable(reason, str(exc)) from None
    try:
        return _replay(records, log, order)
    except LogFromOtherEngine as exc:
        raise Unusable("other_engine", str(exc)) from None
    except (LogError, MahjongError, KeyError, TypeError, ValueError, IndexError,
            AttributeError) as exc:
        err = other_engine(records[0], LogError(str(exc)))
        reason = "other_engine" if isinstance(err, LogFromOtherEngine) else "damaged"
        raise Unusable(reason, str(err)) from None


def _replay(records: list[dict[str, Any]], log: str, order: tuple[float, str]) -> MatchFacts:
    match = start_match(records[0])
    ruleset = match.rules.name
    complete = bool(records[-1].get("match_over", True))
    seats = tuple(Seat(match.names[p], p, ruleset, log, order, complete) for p in range(4))
    replay_records(records, match,
                   after=lambda replayed, number: _book(replayed, seats, log, number))
    for p, seat in enumerate(seats):
        seat.score = match.scores[p] - match.start_scores[p]
    return MatchFacts(log, ruleset, match.names, complete, tuple(match.start_scores), seats)


def _book(match: Match, seats: Sequence[Seat], log: str, number: int) -> None:
    """Count the hand just replayed for each player."""
    hand, record = match.hand, match.history[-1]
    assert hand is not None
    result = record.result
    winners = dict(result.wins)
    for s in range(4):
        seat = seats[(record.dealer + s) % 4]
        seat.hands += 1
        seat.scores.append(record.scores[seat.player])
        if not winners:
            continue
        if s in winners:
            seat.wins.append(_win(match, s, winners[s].total, log, number))
            seat.self_draws += result.how == "self_draw"
        elif result.discarder == s and result.how != "self_draw":
            seat.deal_ins += 1
    if not winners:
        for seat in seats:
            seat.drawn += 1


def _win(match: Match, s: int, value: int, log: str, number: int) -> Win:
    """Seat `s`'s win in the hand just replayed, with its tiles as they were shown."""
    hand = match.hand
    assert hand is not None
    result = match.history[-1].result
    concealed = list(hand.concealed(s))
    tile = result.tile
    if tile is not None and s == result.winner:
        concealed.remove(tile)  # the winning tile joined the first winner's hand
    return Win(result.deltas[s], value, result.how, "ESWN"[s], format_tiles(concealed),
               tuple(str(m) for m in hand.melds[s]), format_tiles(hand.bonus[s]),
               None if tile is None else str(tile),
               None if hand.wild is None else str(hand.wild),
               hand.dealer_streak if s == 0 else 0,
               tuple(str(m.tiles[0]) for o in range(4) if o != s for m in hand.melds[o]
                     if m.kind is MeldKind.PONG),
               log, number)


_MEMO: dict[tuple[str, int, int], MatchFacts | Unusable] = {}
"""Each file read in this run, by (path, size, modification time): the Statistics screen
opened again reads only the logs written since (a log is replayed in full to be counted)."""
_MEMO_MAX = 5000


def read_file(path: Path) -> MatchFacts:
    """One log file's facts; Unusable when it cannot be used."""
    try:
        info = path.stat()
    except OSError as exc:
        raise Unusable("unreadable", f"cannot read it: {exc}") from None
    key = (str(path), info.st_size, info.st_mtime_ns)
    known = _MEMO.get(key)
    if known is None:
        try:
            known = _read(path, info.st_size, info.st_mtime)
        except Unusable as exc:
            known = exc
        if len(_MEMO) >= _MEMO_MAX:
            _MEMO.clear()
        _MEMO[key] = known
    if isinstance(known, Unusable):
        raise Unusable(known.reason, str(known))
    return known


def _read(path: Path, size: int, mtime: float) -> MatchFacts:
    if size > paths.MAX_LOG_BYTES:
        raise Unusable("unreadable", "the file is too big to be a match log")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise Unusable("unreadable", f"cannot read it: {exc}") from None
    return match_facts(text, path.name, (mtime, path.name))


class Reader:
    """Reads a folder's logs one at a time (`step`), so a window can show its progress and
    keep drawing; `collect` reads them all at once."""

    def __init__(self, folder: Path | None = None) -> None:
        folder = paths.logs_dir() if folder is None else folder
        self.pending = paths.log_files(folder)
        self.found = Collection(str(folder), files=len(self.pending))

    @property
    def done(self) -> bool:
        return not self.pending

    @property
    def read(self) -> int:
        """Files read so far (skipped ones included)."""
        return self.found.files - len(self.pending)

    def step(self) -> bool:
        """Read the next file; False when none was left."""
        if not self.pending:
            return False
        path = self.pending.pop(0)
        try:
            self.found.matches.append(read_file(path))
        except Unusable as exc:
            self.found.skipped.append(Skipped(path.name, exc.reason, str(exc)))
        return True


def collect(folder: Path | None = None) -> Collection:
    """Read every log in `folder` (the kept logs, local and hosted, by default)."""
    reader = Reader(folder)
    while reader.step():
        pass
    return reader.found


@dataclass(frozen=True)
class PlayerStats:
    """One row of the table: a player name in one ruleset."""

    name: str
    ruleset: str
    seats: tuple[Seat, ...]
    """Oldest first."""

    @property
    def matches(self) -> int:
        return len(self.seats)

    @property
    def hands(self) -> int:
        return sum(s.hands for s in self.seats)

    @property
    def wins(self) -> tuple[Win, ...]:
        return tuple(w for s in self.seats for w in s.wins)

    @property
    def self_draws(self) -> int:
        return sum(s.self_draws for s in self.seats)

    @property
    def deal_ins(self) -> int:
        return sum(s.deal_ins for s in self.seats)

    @property
    def drawn(self) -> int:
        return sum(s.drawn for s in self.seats)

    @property
    def score_total(self) -> int:
        return sum(s.score for s in self.seats)

    def win_rate(self) -> float | None:
        return _ratio(len(self.wins), self.hands)

    def self_draw_rate(self) -> float | None:
        return _ratio(self.self_draws, len(self.wins))

    def deal_in_rate(self) -> float | None:
        return _ratio(self.deal_ins, self.hands)

    def average_win(self) -> float | None:
        wins = self.wins
        return round(sum(w.gain for w in wins) / len(wins), 2) if wins else None

    def average_value(self) -> float | None:
        wins = self.wins
        return round(sum(w.value for w in wins) / len(wins), 2) if wins else None

    def biggest_win(self) -> Win | None:
        best: Win | None = None
        for w in self.wins:  # the first of equal ones stays: the earlier match and hand
            if best is None or w.rank() > best.rank():
                best = w
        return best

    def score_per_match(self) -> float | None:
        return round(self.score_total / self.matches, 2) if self.matches else None

    def trend(self) -> list[int]:
        """Score of each match, oldest first."""
        return [s.score for s in self.seats]

    def to_json(self) -> dict[str, Any]:
        biggest = self.biggest_win()
        return {
            "name": self.name, "ruleset": self.ruleset, "unit": UNITS.get(self.ruleset, ""),
            "matches": self.matches,
            "complete_matches": sum(s.complete for s in self.seats),
            "hands": self.hands, "drawn_hands": self.drawn, "wins": len(self.wins),
            "self_draws": self.self_draws, "deal_ins": self.deal_ins,
            "win_rate": self.win_rate(), "self_draw_rate": self.self_draw_rate(),
            "deal_in_rate": self.deal_in_rate(),
            "average_win": self.average_win(), "average_win_value": self.average_value(),
            "biggest_win": None if biggest is None else biggest.to_json(),
            "score_total": self.score_total, "score_per_match": self.score_per_match(),
            "trend": [{"log": s.log, "hands": s.hands, "score": s.score,
                       "complete": s.complete, "played": _stamp(s.order[0])}
                      for s in self.seats],
        }


def _ratio(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _stamp(mtime: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(mtime))


def table(matches: Iterable[MatchFacts], player: str | None = None,
          ruleset: str | None = None) -> list[PlayerStats]:
    """The rows: one per (name, ruleset), by ruleset, then most matches, then name."""
    groups: dict[tuple[str, str], list[Seat]] = {}
    for m in matches:
        if ruleset is not None and m.ruleset != ruleset:
            continue
        for seat in m.seats:
            if player is not None and seat.name != player:
                continue
            groups.setdefault((seat.name, m.ruleset), []).append(seat)
    rows = [PlayerStats(name, rules, tuple(sorted(seats, key=lambda s: (s.order, s.player))))
            for (name, rules), seats in groups.items()]
    rows.sort(key=lambda r: (NAMES.index(r.ruleset) if r.ruleset in NAMES else 99,
                             -r.matches, r.name))
    return rows


def report(found: Collection, player: str | None = None,
           ruleset: str | None = None) -> dict[str, Any]:
    """`mahjong stats --json`'s object (CONTRACTS §9)."""
    return {
        "logs_dir": found.folder,
        "files": found.files,
        "matches": len(found.matches),
        "skipped": found.skipped_counts(),
        "skipped_files": [{"file": s.file, "reason": s.reason, "error": s.error}
                          for s in found.skipped],
        "filters": {"player": player, "ruleset": ruleset},
        "players": [row.to_json() for row in table(found.matches, player, ruleset)],
    }


# ------------------------------------------------------------------ the command

def add_arguments(p: argparse.ArgumentParser) -> None:
    """The flags of `mahjong stats` (CONTRACTS §9)."""
    p.description = ("Statistics per player name and ruleset from the kept match logs, local "
                     "and hosted (CONTRACTS §9).")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--player", default=None, metavar="NAME",
                   help="only this player name (exactly as in the logs)")
    p.add_argument("--ruleset", choices=NAMES, default=None, help="only this ruleset")
    p.add_argument("--log-dir", default=None, metavar="DIR",
                   help="read the logs in DIR instead of the game's logs folder")


def _percent(x: float | None) -> str:
    return "-" if x is None else f"{x:.1%}"


def _number(x: float | None) -> str:
    return "-" if x is None else f"{x:g}"


def text_table(data: dict[str, Any]) -> str:
    """The report as a person reads it."""
    lines = [f"logs in {data['logs_dir']}: {data['files']} files, {data['matches']} matches"]
    skipped = {k: v for k, v in data["skipped"].items() if v}
    if skipped:
        lines.append("skipped: " + ", ".join(f"{v} {k.replace('_', ' ')}"
                                             for k, v in skipped.items()))
    if not data["players"]:
        lines.append("no matches to count")
        return "\n".join(lines) + "\n"
    head = (f"{'player':<14} {'ruleset':<8} {'matches':>7} {'hands':>6} {'win':>6} "
            f"{'self-dr':>7} {'deal-in':>7} {'avg win':>8} {'per match':>10}  biggest win")
    lines += ["", head, "-" * len(head)]
    for row in data["players"]:
        big = row["biggest_win"]
        if big is None:
            biggest = "-"
        else:
            tiles = " ".join([big["hand"], *big["melds"]] + ([f"+{big['win']}"]
                                                            if big["win"] else []))
            biggest = f"{big['gain']:+d} ({big['value']}) {tiles}"
        lines.append(f"{row['name'][:14]:<14} {row['ruleset']:<8} {row['matches']:>7} "
                     f"{row['hands']:>6} {_percent(row['win_rate']):>6} "
                     f"{_percent(row['self_draw_rate']):>7} {_percent(row['deal_in_rate']):>7} "
                     f"{_number(row['average_win']):>8} {_number(row['score_per_match']):>10}"
                     f"  {biggest}")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    """`mahjong stats`: read the logs, print the table or the JSON object."""
    folder = Path(args.log_dir) if args.log_dir else None
    if folder is not None and not folder.is_dir():
        sys.stderr.write(f"mahjong stats: no folder {folder}\n")
        return 1
    data = report(collect(folder), args.player, args.ruleset)
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        sys.stdout.write(text_table(data))
    return 0


def main(argv: list[str]) -> int:
    """`mahjong stats ARGS` on its own; returns the exit status."""
    from game.argparsing import run_command

    return run_command("stats", add_arguments, run, argv)
