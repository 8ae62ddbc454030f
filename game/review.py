"""Match review (`mahjong review LOG --seat P`): one player's decisions against a ranking.

A match log is replayed through the engine; at every decision the player made (a position
where more than one action was legal), that player's seat view is built by `game.view` (only
what the seat could see: a LAN player reviews only their own seat) and handed to a `Ranker`,
which values every legal action. The review keeps, per decision, the options best first with
their expected values (points in Mazhan, gold in Nanjing), the value lost (best value - value
of the action taken), and sums the loss per hand and per match with the agreement rate.

Nothing here reads the engine's state: `_Walk` only asks the match for the seat's view and
applies the logged actions; everything else reads views and actions (a shuffle test checks).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.actions import Action, ActionKind
from game.argparsing import bounded_int
from game.atomic import read_json, write_atomic
from game.match import Match
from game.replay import LogError, other_engine, read_log, replay_records, start_match
from game.rules.registry import UNITS
from game.tiles import format_tiles
from game.view import SeatView, ViewPhase

Ranker = Callable[[SeatView], list[tuple[Action, float]]]
"""Every legal action of a view with its expected value, best first (the bots' `rank`)."""


TIE = 1e-9
"""A loss this small is no loss: the action taken was as good as the best (ties)."""

FORMAT = "mahjong-review"
VERSION = 1


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed player and the ranking of its legal actions."""

    hand: int
    """Hand number in the match, from 1."""
    step: int
    """Index of the action in the hand's log line, from 0."""
    seat: int
    """The player's seat in that hand (0 = East, the dealer)."""
    phase: ViewPhase
    chosen: Action
    options: tuple[tuple[Action, float], ...]
    """Every legal action with its expected value, best first."""
    view: SeatView
    """What the seat saw (for the Review screen and the drills)."""

    @property
    def best(self) -> Action:
        return self.options[0][0]

    @property
    def best_value(self) -> float:
        return self.options[0][1]

    @property
    def chosen_value(self) -> float:
        for action, value in self.options:
            if action == self.chosen:
                return value
        return self.options[-1][1]  # (a ranker that left it out: counted as the worst)

    @property
    def loss(self) -> float:
        """Expected value given up by the action taken (0 when it was the best)."""
        return max(0.0, self.best_value - self.chosen_value)

    @property
    def agreed(self) -> bool:
        """The action taken was the ranking's best (or as good as it)."""
        return self.loss <= TIE

    def to_json(self) -> dict[str, Any]:
        v = self.view
        return {
            "hand": self.hand, "step": self.step, "seat": "ESWN"[self.seat],
            "phase": self.phase, "chosen": str(self.chosen), "best": str(self.best),
            "chosen_value": round(self.chosen_value, 3),
            "best_value": round(self.best_value, 3), "loss": round(self.loss, 3),
            "agreed": self.agreed,
            "concealed": format_tiles(v.concealed),
            "drawn": None if v.drawn is None else str(v.drawn),
            "discard": None if v.last_discard is None or self.phase == "discard"
            else str(v.last_discard[1]),
            "wall_left": v.wall_left,
            "options": [{"action": str(a), "value": round(x, 3)} for a, x in self.options],
        }


@dataclass(frozen=True)
class HandReview:
    """The player's decisions in one hand."""

    hand: int
    seat: int
    decisions: tuple[Decision, ...]
    delta: int
    """What the hand paid the player (negative: the player paid)."""

    @property
    def loss(self) -> float:
        return sum(d.loss for d in self.decisions)

    @property
    def agreed(self) -> int:
        return sum(d.agreed for d in self.decisions)

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "seat": "ESWN"[self.seat], "decisions": len(self.decisions),
                "agreed": self.agreed, "loss": round(self.loss, 3), "delta": self.delta}


@dataclass(frozen=True)
class Review:
    """One player's review of a whole match log."""

    ruleset: str
    player: int
    name: str
    ranker: str
    hands: tuple[HandReview, ...]
    final_scores: tuple[int, ...] = ()

    @property
    def unit(self) -> str:
        """What every value is counted in: Mazhan points at stake 1, Nanjing gold."""
        return UNITS.get(self.ruleset, "points")

    @property
    def decisions(self) -> list[Decision]:
        return [d for h in self.hands for d in h.decisions]

    @property
    def loss(self) -> float:
        return sum(h.loss for h in self.hands)

    @property
    def agreement(self) -> float:
        """Share of the player's decisions that agreed with the ranking (1.0 with none)."""
        ds = self.decisions
        return sum(d.agreed for d in ds) / len(ds) if ds else 1.0

    def mistakes(self, least: float = TIE) -> list[int]:
        """Indexes into `decisions` of those that lost more than `least`, in match order."""
        return [i for i, d in enumerate(self.decisions) if d.loss > least]

    def worst(self) -> Decision | None:
        """The decision that lost the most (the first of equals)."""
        ds = self.decisions
        return max(ds, key=lambda d: d.loss) if ds else None

    def to_json(self) -> dict[str, Any]:
        ds = self.decisions
        return {
            "format": FORMAT, "version": VERSION, "ruleset": self.ruleset,
            "player": self.player, "name": self.name, "unit": self.unit,
            "ranker": self.ranker, "decisions": len(ds),
            "agreed": sum(d.agreed for d in ds), "agreement": round(self.agreement, 4),
            "loss": round(self.loss, 3), "final_scores": list(self.final_scores),
            "hands": [h.to_json() for h in self.hands],
            "moves": [d.to_json() for d in ds],
        }


def drills(review: Review, least: float = 1.0) -> list[dict[str, Any]]:
    """"What would you discard" drills from the player's own mistakes: each discard that
    lost more than `least`, as the position (the seat's view as the wire sends it), the
    answer the ranking gives, the player's own choice and every option's value."""
    out: list[dict[str, Any]] = []
    for d in review.decisions:
        if d.phase != "discard" or d.loss <= least:
            continue
        if d.chosen.kind is not ActionKind.DISCARD:
            continue
        out.append({"ruleset": review.ruleset, "hand": d.hand, "step": d.step,
                    "view": d.view.to_wire(), "answer": str(d.best), "played": str(d.chosen),
                    "loss": round(d.loss, 3),
                    "options": [[str(a), round(x, 3)] for a, x in d.options]})
    return out


DRILLS_FORMAT = "mahjong-drills"
MAX_DRILLS = 500
"""Positions kept at most (the newest): a drill set, not an archive."""


def keep_drills(path: Path, review: Review, source: str, least: float = 1.0) -> int:
    """Add the review's discard mistakes (`drills`) to the drill file at `path` (created when
    missing; a damaged one is started afresh), each once, tagged with `source` (the log's
    name); returns how many were new. Raises OSError when the file cannot be written."""
    kept: list[dict[str, Any]] = []
    doc = read_json(path)
    if isinstance(doc, dict) and doc.get("format") == DRILLS_FORMAT \
            and isinstance(doc.get("drills"), list):
        kept = [d for d in doc["drills"] if isinstance(d, dict)]
    seen = {(d.get("source"), d.get("player"), d.get("hand"), d.get("step")) for d in kept}
    added = 0
    for drill in drills(review, least):
        drill = {"source": source, "player": review.player, **drill}
        mark = (source, review.player, drill["hand"], drill["step"])
        if mark not in seen:
            seen.add(mark)
            kept.append(drill)
            added += 1
    if added:
        write_atomic(path, json.dumps({"format": DRILLS_FORMAT, "version": 1,
                                       "drills": kept[-MAX_DRILLS:]}, ensure_ascii=False))
    return added


@dataclass
class _Walk:
    """The replay that feeds the review: it asks the match only for the player's views."""

    match: Match
    player: int
    ranker: Ranker
    found: list[Decision] = field(default_factory=list)
    """The player's decisions in the hand being replayed."""
    hands: list[HandReview] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.score = self.match.scores[self.player]
        """The player's score before the hand being replayed."""

    def before(self, hand_no: int, step: int, seat: int, action: Action) -> None:
        if seat != self.match.seat_of(self.player):
            return
        view = self.match.view(seat)
        if len(view.legal) < 2:
            return  # a forced action is no decision
        options = tuple(self.ranker(view))
        if not options:
            raise ValueError("the ranker gave no options")
        self.found.append(Decision(hand_no, step, seat, view.phase, action, options, view))

    def after(self, match: Match, hand_no: int) -> None:
        seat = match.history[-1].dealer if match.history else match.dealer
        score = match.scores[self.player]
        self.hands.append(HandReview(hand_no, (self.player - seat) % 4, tuple(self.found),
                                     score - self.score))
        self.found, self.score = [], score


def review_log(text: str, player: int, ranker: Ranker | None = None,
               ranker_name: str | None = None) -> Review:
    """Review `player`'s decisions in the match log `text` (LogError if it does not replay).
    `ranker`: the expert's ranking when None. The log is replayed once, as `mahjong replay
    verify` replays it (`replay_records`); a damaged one (its chain of hashes) is refused
    before any ranking, one that replays differently when the replay finds it."""
    if not 0 <= player < 4:
        raise ValueError(f"player {player} is not 0-3")
    records = read_log(text)
    if ranker is None:
        ranker, ranker_name = expert_ranker()
    try:
        match = start_match(records[0])
        walk = _Walk(match, player, ranker)
        replay_records(records, match, before=walk.before, after=walk.after)
    except LogError as exc:
        raise other_engine(records[0], exc) from None
    return Review(match.rules.name, player, match.names[player], ranker_name or "custom",
                  tuple(walk.hands), tuple(match.scores))


def expert_ranker(seed: int = 0) -> tuple[Ranker, str]:
    """The expert's ranking call (`ExpertBot.rank`) and its name."""
    from game.bots.expert import ExpertBot

    return ExpertBot(seed).rank, "expert"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The flags of `mahjong review` (CONTRACTS §10)."""
    p.description = ("Review one player's decisions in a match log against the expert's "
                     "ranking of every legal action (CONTRACTS §10).")
    p.add_argument("log", metavar="LOG", help="a match log (.jsonl)")
    p.add_argument("--seat", type=bounded_int(0, 3), required=True, metavar="P",
                   help="the player to review, 0-3 (players keep their number while seats "
                        "rotate; the order of final_scores)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--drills", default=None, metavar="FILE",
                   help="add the player's discard mistakes to this drill file (\"what would "
                        "you discard\" positions; created if missing)")


def run(args: argparse.Namespace) -> int:
    """`mahjong review LOG --seat P`: print the review; 1 when the log cannot be reviewed."""
    path = Path(args.log)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        sys.stderr.write(f"mahjong review: cannot read {path}: {exc}\n")
        return 1
    try:
        review = review_log(text, args.seat)
    except LogError as exc:
        sys.stderr.write(f"mahjong review: {exc}\n")
        return 1
    added = None
    if args.drills:
        try:
            added = keep_drills(Path(args.drills), review, path.name)
        except OSError as exc:
            sys.stderr.write(f"mahjong review: cannot write {args.drills}: {exc}\n")
            return 1
    if args.json:
        out = review.to_json()
        if added is not None:
            out["drills_added"] = added
        print(json.dumps(out, ensure_ascii=False))
    else:
        for line in summary_lines(review):
            print(line)
        if added is not None:
            print(f"  {added} new drill positions in {args.drills}")
    return 0


def summary_lines(review: Review) -> Iterator[str]:
    """The review as text for a terminal: the match, each hand, the worst decisions."""
    ds = review.decisions
    yield (f"{review.name} (player {review.player}), {review.ruleset}, ranked by "
           f"{review.ranker}: {len(ds)} decisions, agreement {review.agreement:.0%}, "
           f"value lost {review.loss:.1f} {review.unit}")
    for h in review.hands:
        yield (f"  hand {h.hand:>2} ({'ESWN'[h.seat]}): {len(h.decisions):>2} decisions, "
               f"{h.agreed:>2} agreed, lost {h.loss:7.1f}, hand paid {h.delta:+d}")
    worst = sorted(ds, key=lambda d: -d.loss)[:5]
    for d in worst:
        if d.loss <= TIE:
            break
        yield (f"  hand {d.hand} action {d.step + 1}: played {d.chosen}, best {d.best} "
               f"(lost {d.loss:.1f})")


def main(argv: Sequence[str]) -> int:
    """`mahjong review ARGS` on its own; returns the exit status."""
    from game.argparsing import run_command

    return run_command("review", add_arguments, run, list(argv))
