"""Mazhan 馬站麻將 as a ruleset: its data (options, tiles) and its settlement (M1-M22)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.rules import mazhan_scoring as scoring
from game.rules.base import Option, Payment, Settlement, check_options
from game.scoring import ScoreLine, ScoreResult, WinContext
from game.tiles import FLOWERS, WHITE, tiles_of

if TYPE_CHECKING:
    from game.engine import Hand

OPTIONS: Mapping[str, Option] = {
    o.name: o
    for o in (
        Option("reserve", 11, (0, 7, 9, 11, 13, 15), "留牌",
               "Tiles left when the hand is drawn (M10)"),
        Option("hands", 16, (),
               "局數", "Hands in a match", (1, 1_000_000)),
        Option("bust_ends", True, (True, False), "破產結束",
               "A player below 800 ends the match (M22)"),
        Option("table_fee", False, (True, False), "台費",
               "Each player pays the stake per hand (M22)"),
        Option("timers", False, (True, False), "計時", "15 s to discard, 8 s to claim (M11)"),
        Option("flee", False, (True, False), "逃跑", "Timeouts and long disconnections flee (M12)"),
    )
}

START_SCORE = 8000
BUST_BELOW = 800


class Mazhan:
    """Ruleset data and hooks for Mazhan."""

    name = "mazhan"
    hand_size = 16
    has_chow = True
    uses_wild = True
    seven_pairs = False
    earthly = "dealer_first_discard"
    bonus_kinds = frozenset({*FLOWERS, WHITE})  # M2
    start_score = START_SCORE
    several_winners = "first"  # M7: 截胡, only the first in turn order after the discarder

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = check_options(OPTIONS, options)

    def reserve(self) -> int:
        return int(self.options["reserve"])

    def may_win(self, ctx: WinContext) -> bool:
        return True  # M9: any complete hand may win, on any discard

    def score_winner(self, ctx: WinContext) -> ScoreResult:
        return scoring.score_winner(ctx)

    def stake(self, scores: Sequence[int]) -> int:
        return scoring.stake_for(scores)

    def on_bonus(self, hand: Hand, seat: int, tile: int) -> list[Payment]:
        return []

    def on_kong(self, hand: Hand, seat: int, kind: str, feeder: int | None) -> list[Payment]:
        return []

    def on_discard(self, hand: Hand, seat: int, tile: int) -> list[Payment]:
        return []

    def quick_win(self, hand: Hand, seat: int) -> bool:
        return False

    def settle(self, hand: Hand, winner: int | None, ctx: WinContext | None,
               score: ScoreResult | None, discarder: int | None, how: str) -> Settlement:
        if winner is None or score is None:
            return Settlement((), dealer_keeps=False)  # M3, M21: a drawn hand pays nothing
        values = [0, 0, 0, 0]
        lines: list[tuple[ScoreLine, ...]] = [(), (), (), ()]
        values[winner] = score.total
        for seat in range(4):
            if seat != winner:
                loser = scoring.score_loser(loser_context(hand, seat))
                values[seat] = loser.total
                lines[seat] = loser.items
        payments = scoring.payments(values, winner, 0, hand.stake)
        return Settlement(tuple(payments), winner == 0, tuple(values), tuple(lines))

    def match_over(self, scores: Sequence[int], hands_played: int) -> bool:
        if self.options["bust_ends"] and min(scores) < BUST_BELOW:
            return True
        return hands_played >= int(self.options["hands"])


def loser_context(hand: Hand, seat: int) -> WinContext:
    """A non-winner's hand as M20 values it: no winning tile."""
    return WinContext(
        seat=seat,
        concealed=tuple(tiles_of(hand.hands[seat])),
        melds=tuple(m for m in hand.melds[seat]),
        bonus=tuple(hand.bonus[seat]),
        wild=hand.wild,
    )
