"""The "guess the score" drill (issue 27 part 4): winning hands from real play, four choices,
the answer checked by the real scorer, and a running record kept in the data home.

A hand comes from bots playing a hand of the ruleset from a seed: the win is caught as the
engine scores it (the very `WinContext` and `ScoreResult` of `Ruleset.score_winner`), so a
drill shows exactly what happened at a table. Pure Python, no window.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from game import calc
from game.atomic import read_json, write_atomic
from game.bots import make_bot
from game.engine import Hand
from game.rules.base import Ruleset
from game.rules.registry import make_ruleset
from game.scoring import ScoreResult, WinContext
from game.view import seat_view

RECORD_NAME = "score_drill.json"
"""The guess-the-score running record, in the data home (game.paths.data_dir); the review's
"what would you discard" positions are drills.json beside it, and the discard drill's own
record discard_drill.json (game.discard_drill)."""
CHOICES = 4
MAX_TRIES = 40
"""Hands dealt at most to find a win (most hands end in one)."""


@dataclass(frozen=True, slots=True)
class ScoreDrill:
    """One winning hand to score: its ruleset, the scorer's view of it and the seed it came
    from."""

    ruleset: str
    ctx: WinContext
    seed: int
    shown: ScoreResult
    """The score the engine gave the win at the table."""


class _Catching:
    """A ruleset that keeps every win the engine scores (all else is the ruleset's own)."""

    def __init__(self, rules: Ruleset) -> None:
        self._rules = rules
        self.caught: list[tuple[WinContext, ScoreResult]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def score_winner(self, ctx: WinContext) -> ScoreResult:
        score = self._rules.score_winner(ctx)
        self.caught.append((ctx, score))
        return score


def play_for_win(ruleset: str, seed: int, level: str = "normal") -> ScoreDrill | None:
    """Bots play one hand dealt from `seed`; its first win, or None for a drawn hand."""
    rules = _Catching(make_ruleset(ruleset))
    hand = Hand(cast(Ruleset, rules), random.Random(seed))
    bots = [make_bot(level, seed * 4 + s) for s in range(4)]
    hand.start()
    scores = [rules.start_score] * 4
    for _ in range(2000):  # a hand has far fewer decisions
        seats = hand.to_act()
        if not seats:
            break
        seat = seats[0]
        view = seat_view(hand, seat, hand_no=1, scores=scores, players=(0, 1, 2, 3),
                         names=("", "", "", ""))
        hand.apply(seat, bots[seat].choose(view))
    if not rules.caught:
        return None
    ctx, score = rules.caught[0]
    return ScoreDrill(ruleset, ctx, seed, score)


def new_drill(ruleset: str, rng: random.Random) -> ScoreDrill:
    """A winning hand from real play: hands dealt from `rng`'s seeds until one is won."""
    for _ in range(MAX_TRIES):
        found = play_for_win(ruleset, rng.randrange(1 << 30))
        if found is not None:
            return found
    raise RuntimeError(f"no {ruleset} hand was won in {MAX_TRIES} deals")


def real_score(drill: ScoreDrill) -> ScoreResult:
    """The hand scored again by the real scorer (`mahjong score`'s own, game.calc)."""
    return calc.score(drill.ruleset, "winner", drill.ctx)


def choices(drill: ScoreDrill, rng: random.Random) -> list[int]:
    """Four totals in ascending order, one of them right: the others are near misses the way
    the count goes wrong (a step of the unit, a doubling missed or added, the cap)."""
    right = real_score(drill).total
    if drill.ruleset == "mazhan":  # M15, M17: tens, doublings and the 400 cap
        near = [right - 20, right - 10, right + 10, right + 20, right * 2, right // 2, 400,
                100, right + 40]
    else:  # N6-N8: 2 a flower, big items in tens
        near = [right - 4, right - 2, right + 2, right + 4, right + 10, right - 10, right + 20,
                right * 2, right + 40]
    step = 10 if drill.ruleset == "mazhan" else 2  # every total is a multiple of it
    wrong = sorted({n for n in near if n > 0 and n != right and n % step == 0})
    rng.shuffle(wrong)
    picked = [right, *wrong[:CHOICES - 1]]
    while len(picked) < CHOICES:  # a tiny total leaves few near misses
        picked.append(max(picked) + step)
    return sorted(picked)


@dataclass
class DrillRecord:
    """The running record: guesses made, right ones, the current and the best streak."""

    tried: int = 0
    right: int = 0
    streak: int = 0
    best: int = 0

    def add(self, correct: bool) -> None:
        self.tried += 1
        if correct:
            self.right += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0

    @classmethod
    def kept(cls, path: Path, key: str) -> DrillRecord:
        """The record kept under `key` in the file `path`; a fresh one if none is kept or
        the file is damaged (written over at the next answer)."""
        try:
            kept = read_json(path)[key]
            return cls(*(int(kept[k]) for k in ("tried", "right", "streak", "best")))
        except (ValueError, KeyError, TypeError):
            return cls()

    def keep(self, path: Path, key: str) -> None:
        """Keep the record under `key` in the file `path` (written whole, atomically)."""
        body = {key: {"tried": self.tried, "right": self.right, "streak": self.streak,
                      "best": self.best}}
        write_atomic(path, json.dumps(body, indent=1) + "\n")

    @classmethod
    def book(cls, path: Path | None, key: str, correct: bool) -> DrillRecord:
        """One answer added to the record kept at `path` (None: nothing kept); the record
        now."""
        record = cls.kept(path, key) if path is not None else cls()
        record.add(correct)
        if path is not None:
            record.keep(path, key)
        return record


SCORE_KEY = "guess_score"
"""The guess-the-score record's key in its file."""


def record_path(data: Path) -> Path:
    return data / RECORD_NAME


def load_record(data: Path) -> DrillRecord:
    """The guess-the-score record kept in `data`."""
    return DrillRecord.kept(record_path(data), SCORE_KEY)


def guess(drill: ScoreDrill, total: int, data: Path | None) -> tuple[bool, ScoreResult,
                                                                      DrillRecord]:
    """Check a guess with the real scorer and book it in the record kept in `data` (None:
    nothing kept). Returns (right, the real score, the record now)."""
    score = real_score(drill)
    right = total == score.total
    return right, score, DrillRecord.book(
        record_path(data) if data is not None else None, SCORE_KEY, right)
