"""Nanjing 南京麻將 as a ruleset: its data (options, hard flowers) and its money (N1-N14)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from game.rules import nanjing_pay as pay
from game.rules import nanjing_scoring as scoring
from game.rules.base import Option, Payment, Refusal, Settlement
from game.rules.facts import KongFact, KongKind, TableFacts, WinFacts
from game.rules.options import RuleOptions, option
from game.scoring import ScoreResult, WinContext
from game.tiles import Tile


@dataclass(frozen=True, slots=True)
class NanjingOptions(RuleOptions):
    """Nanjing's table options (the one place they are declared; their words are the
    catalogue's "help.nanjing.<name>")."""

    ruleset: ClassVar[str] = "nanjing"
    gold: int = option(1, choices=(1, 2, 4, 5, 10))
    hands: int = option(8, bounds=(1, 1_000_000))
    until_broke: bool = option(False, choices=(True, False))
    timers: bool = option(False, choices=(True, False))
    several_winners: Literal["first", "all"] = option("first", choices=("first", "all"))


OPTIONS: Mapping[str, Option] = NanjingOptions.table()

START_GOLD = 1000

_HOW = {
    "discard": pay.WinKind.DISCARD,
    "self_draw": pay.WinKind.SELF_DRAW,
    "robbing": pay.WinKind.ROBBED_KONG,
    "kuaizhao": pay.WinKind.KUAIZHAO,
}


def _four_in_a_row(run: tuple[tuple[int, Tile], ...], tile: Tile) -> bool:
    """N12: the discard run (the latest four discards since the last claim) is four of
    `tile` in a row."""
    return (len(run) == 4 and run[0][1] == tile and run[1][1] == tile and run[2][1] == tile
            and run[3][1] == tile)


class Nanjing:
    """Ruleset data and hooks for Nanjing."""

    name = "nanjing"
    hand_size = 13
    has_chow = False  # N2
    uses_wild = False
    seven_pairs = True  # N3
    discard_hook = True  # N12: discards may pay at once
    bonus_hook = True  # N11: a flower kong pays at once
    claim_hook = True  # N13d: 快照
    bonus_kinds = scoring.HARD_FLOWER_KINDS  # N1
    start_score = START_GOLD

    def __init__(self, options: Mapping[str, Any] | NanjingOptions | None = None) -> None:
        self.settings = (options if isinstance(options, NanjingOptions)
                         else NanjingOptions.build(options))

    @property
    def options(self) -> dict[str, Any]:
        """The options as plain data (a fresh dict: changing it changes nothing)."""
        return self.settings.as_dict()

    def reserve(self) -> int:
        return 0  # N3: drawn when the wall is empty

    def may_win(self, ctx: WinContext) -> bool:
        return scoring.may_win(ctx)

    def why_not_win(self, ctx: WinContext) -> Refusal | None:
        return scoring.why_not_win(ctx)  # N4

    def score_winner(self, ctx: WinContext) -> ScoreResult:
        return scoring.score_winner(ctx)

    def stake(self, scores: Sequence[int]) -> int:
        return self.settings.gold

    def winners(self, claimants: Sequence[int]) -> tuple[int, ...]:
        if self.settings.several_winners == "first":  # N2: 截胡, the first after the discarder
            return tuple(claimants[:1])
        return tuple(claimants)  # N2's option: each wins, each paid by the discarder

    def earthly(self, table: TableFacts, seat: int, self_draw: bool) -> bool:
        # N7: before its own first discard, having made no claim.
        return (not table.seat_discards[seat] and table.claims[seat] == 0
                and not table.melds[seat])

    def on_bonus(self, table: TableFacts, seat: int, tile: Tile) -> list[Payment]:
        if pay.flower_kong_completed(table.bonus[seat][:-1], tile):  # N11 花槓
            return pay.kong_payments(seat, KongKind.FLOWER, None, table.stake)
        return []

    def bonus_may_pay(self, held: int) -> bool:
        return held >= 4  # N11: a flower kong is four tiles set aside

    def on_kong(self, table: TableFacts, kong: KongFact) -> list[Payment]:
        return pay.kong_payments(kong.seat, kong.kind, kong.feeder, table.stake)  # N11, at once

    def on_discard(self, table: TableFacts, seat: int, tile: Tile) -> list[Payment]:
        out: list[Payment] = []
        # N12: the discard run is the discards since the last claim, Nanjing's own reading
        run = table.run
        if _four_in_a_row(run, tile):  # four in a row, no claim
            out.extend(pay.same_discard_penalty(run[0][0], table.stake))
        if table.same_kind == 4:  # N12: all four of a kind by one player
            out.extend(pay.fourth_discard_penalty(seat, table.stake))
        return out

    def discard_may_pay(self, run: tuple[tuple[int, Tile], ...], same_kind: int) -> bool:
        # exactly `on_discard`'s two tests (N12), read before any facts are built: most
        # discards pay nothing
        if same_kind == 4:
            return True
        if len(run) != 4:
            return False
        tile = run[3][1]  # `_four_in_a_row(run, tile)`, inlined: this is asked every discard
        return run[0][1] == tile and run[1][1] == tile and run[2][1] == tile

    def quick_win(self, table: TableFacts, seat: int) -> bool:
        """快照 (N13d): the claim just made is the fourth set fed by the same player."""
        melds = table.melds[seat]
        latest = melds[-1]
        fed = [m.source for m in melds if m.kind.is_triplet and m.source is not None]
        return latest.source is not None and fed.count(latest.source) >= 4

    def settle(self, table: TableFacts, win: WinFacts | None) -> Settlement:
        if win is None:
            return Settlement((), dealer_keeps=True)  # N5: a drawn hand keeps the dealer
        winner, score, discarder = win.seat, win.score, win.discarder
        kind = _HOW[win.how]
        konged: int | None = None
        if win.how == "robbing":
            konged = discarder
        elif "after_kong" in win.ctx.flags:
            kong = table.last_kong  # the kong just made, not the last meld (an added kong
            if kong is not None and kong.seat == winner and kong.feeder is not None:
                kind = pay.WinKind.AFTER_CLAIMED_KONG  # stands where its pong stood): N13c
                konged = kong.feeder
        feeders = [m.source for m in table.melds[winner]
                   if m.kind.is_triplet and m.source is not None]
        keys = {line.key for line in score.items}
        liable = pay.liability(winner, kind, feeders, keys, konged)
        self_draw = kind is not pay.WinKind.DISCARD
        payments = pay.win_payments(
            winner, score.total, table.stake, self_draw,
            discarder if kind is pay.WinKind.DISCARD else None,
            liable.payer if liable else None, liable.full if liable else False,
        )
        values = [0, 0, 0, 0]
        values[winner] = score.total
        keeps = winner == 0 or scoring.is_big_hand(score)  # N5
        return Settlement(tuple(payments), keeps, tuple(values))

    def hand_fees(self, stake: int) -> list[Payment]:
        return []

    def flee(self, seat: int, stake: int) -> list[Payment]:
        return []

    def match_over(self, scores: Sequence[int], hands_played: int) -> bool:
        if self.settings.until_broke and min(scores) <= 0:
            return True
        return hands_played >= self.settings.hands

