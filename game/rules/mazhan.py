"""Mazhan 馬站麻將 as a ruleset: its data (options, tiles) and its settlement (M1-M22)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from game.rules import mazhan_scoring as scoring
from game.rules.base import HOUSE, Option, Payment, Refusal, Settlement
from game.rules.facts import KongFact, TableFacts, WinFacts
from game.rules.mazhan_checks import BONUS_KINDS
from game.rules.options import RuleOptions, option
from game.scoring import ScoreLine, ScoreResult, WinContext
from game.tiles import Tile

START_SCORE = 8000
BUST_BELOW = 800
"""M22: a player below this ends the match (option `bust_ends`)."""


@dataclass(frozen=True, slots=True)
class MazhanOptions(RuleOptions):
    """Mazhan's table options (the one place they are declared; their words are the
    catalogue's "help.mazhan.<name>")."""

    ruleset: ClassVar[str] = "mazhan"
    reserve: int = option(11, choices=(0, 7, 9, 11, 13, 15))
    hands: int = option(16, bounds=(1, 1_000_000))
    bust_ends: bool = option(True, choices=(True, False), args=(("n", BUST_BELOW),))
    table_fee: bool = option(False, choices=(True, False))
    timers: bool = option(False, choices=(True, False))
    flee: bool = option(False, choices=(True, False))


OPTIONS: Mapping[str, Option] = MazhanOptions.table()

FLEE_QUARTER = 100
"""M12: a fleeing player pays 4 × 100 × stake: a quarter to each other player, one to the house."""



class Mazhan:
    """Ruleset data and hooks for Mazhan."""

    name = "mazhan"
    hand_size = 16
    has_chow = True
    uses_wild = True
    seven_pairs = False
    discard_hook = False  # no discard ever pays: the engine need not ask `on_discard`
    bonus_hook = False  # nor a bonus tile (`on_bonus`)
    claim_hook = False  # nor does a claim win at once (`quick_win`)
    bonus_kinds = BONUS_KINDS  # M2
    start_score = START_SCORE

    def __init__(self, options: Mapping[str, Any] | MazhanOptions | None = None) -> None:
        self.settings = (options if isinstance(options, MazhanOptions)
                         else MazhanOptions.build(options))

    @property
    def options(self) -> dict[str, Any]:
        """The options as plain data (a fresh dict: changing it changes nothing)."""
        return self.settings.as_dict()

    def reserve(self) -> int:
        return self.settings.reserve

    def may_win(self, ctx: WinContext) -> bool:
        return True  # M9: any complete hand may win, on any discard

    def why_not_win(self, ctx: WinContext) -> Refusal | None:
        return None  # M9: `may_win` refuses no complete hand

    def score_winner(self, ctx: WinContext) -> ScoreResult:
        return scoring.score_winner(ctx)

    def stake(self, scores: Sequence[int]) -> int:
        return scoring.stake_for(scores)

    def winners(self, claimants: Sequence[int]) -> tuple[int, ...]:
        return tuple(claimants[:1])  # M7: 截胡, only the first in turn order after the discarder

    def earthly(self, table: TableFacts, seat: int, self_draw: bool) -> bool:
        # M17: won on the dealer's first discard, before any claim
        return (not self_draw and table.discards == 1 and not any(table.claims)
                and table.answering == 0)

    def on_bonus(self, table: TableFacts, seat: int, tile: Tile) -> list[Payment]:
        return []

    def on_kong(self, table: TableFacts, kong: KongFact) -> list[Payment]:
        return []

    def on_discard(self, table: TableFacts, seat: int, tile: Tile) -> list[Payment]:
        return []

    def discard_may_pay(self, run: tuple[tuple[int, Tile], ...], same_kind: int) -> bool:
        return False

    def bonus_may_pay(self, held: int) -> bool:
        return False

    def quick_win(self, table: TableFacts, seat: int) -> bool:
        return False

    def settle(self, table: TableFacts, win: WinFacts | None) -> Settlement:
        if win is None:
            return Settlement((), dealer_keeps=False)  # M3, M21: a drawn hand pays nothing
        winner = win.seat
        values = [0, 0, 0, 0]
        lines: list[tuple[ScoreLine, ...]] = [(), (), (), ()]
        values[winner] = win.score.total
        for seat in range(4):
            if seat != winner:
                loser = scoring.score_loser(loser_context(table, win, seat))
                values[seat] = loser.total
                lines[seat] = loser.items
        payments = scoring.payments(values, winner, 0, table.stake)
        return Settlement(tuple(payments), winner == 0, tuple(values), tuple(lines))

    def hand_fees(self, stake: int) -> list[Payment]:
        if not self.settings.table_fee:
            return []
        return [Payment(seat, HOUSE, stake, "table_fee", "pay.mazhan.table_fee")
                for seat in range(4)]  # M22

    def flee(self, seat: int, stake: int) -> list[Payment]:
        if not self.settings.flee:
            return []
        quarter = FLEE_QUARTER * stake  # M12
        fled = "pay.mazhan.flee"
        return [*(Payment(seat, other, quarter, "flee", fled) for other in range(4)
                  if other != seat),
                Payment(seat, HOUSE, quarter, "flee", fled)]

    def match_over(self, scores: Sequence[int], hands_played: int) -> bool:
        if self.settings.bust_ends and min(scores) < BUST_BELOW:
            return True
        return hands_played >= self.settings.hands


def loser_context(table: TableFacts, win: WinFacts, seat: int) -> WinContext:
    """A non-winner's hand as M20 values it, from its revealed tiles: no winning tile."""
    return WinContext(
        seat=seat,
        concealed=win.revealed[seat],
        melds=table.melds[seat],
        bonus=table.bonus[seat],
        wild=win.wild,
    )
