"""Nanjing 南京麻將 as a ruleset: its data (options, hard flowers) and its money (N1-N14)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.rules import nanjing_pay as pay
from game.rules import nanjing_scoring as scoring
from game.rules.base import Option, Payment, Settlement, check_options
from game.scoring import ScoreResult, WinContext

if TYPE_CHECKING:
    from game.engine import Hand

OPTIONS: Mapping[str, Option] = {
    o.name: o
    for o in (
        Option("gold", 1, (1, 2, 4, 5, 10), "每花金幣", "Gold per flower (N10)"),
        Option("hands", 8, (),
               "局數", "Hands in a match (N14)", (1, 1_000_000)),
        Option("until_broke", False, (True, False), "打到輸光",
               "The match also ends when a player's gold is gone (N14)"),
        Option("timers", False, (True, False), "計時", "15 s to discard, 8 s to claim"),
        Option("several_winners", "first", ("first", "all"),
               "一炮多響：預設截胡，只有放炮者之後第一家胡；或能胡的都胡，各由放炮者付 (N2)",
               "Several wins on one discard: the first in turn order (截胡) or all, each "
               "paid by the discarder (N2)"),
    )
}

START_GOLD = 1000

_HOW = {
    "discard": pay.WinKind.DISCARD,
    "self_draw": pay.WinKind.SELF_DRAW,
    "robbing": pay.WinKind.ROBBED_KONG,
    "kuaizhao": pay.WinKind.KUAIZHAO,
}


class Nanjing:
    """Ruleset data and hooks for Nanjing."""

    name = "nanjing"
    hand_size = 13
    has_chow = False  # N2
    uses_wild = False
    seven_pairs = True  # N3
    earthly = "before_own_discard"  # N7
    bonus_kinds = scoring.HARD_FLOWER_KINDS  # N1
    start_score = START_GOLD

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = check_options(OPTIONS, options)

    @property
    def several_winners(self) -> str:
        return str(self.options["several_winners"])  # N2: "first" (截胡) or "all"

    def reserve(self) -> int:
        return 0  # N3: drawn when the wall is empty

    def may_win(self, ctx: WinContext) -> bool:
        return scoring.may_win(ctx)

    def score_winner(self, ctx: WinContext) -> ScoreResult:
        return scoring.score_winner(ctx)

    def stake(self, scores: Sequence[int]) -> int:
        return int(self.options["gold"])

    def on_bonus(self, hand: Hand, seat: int, tile: int) -> list[Payment]:
        if pay.flower_kong_completed(hand.bonus[seat][:-1], tile):  # N11 花槓
            return pay.kong_payments(seat, "flower", None, hand.stake)
        return []

    def on_kong(self, hand: Hand, seat: int, kind: str, feeder: int | None) -> list[Payment]:
        return pay.kong_payments(seat, kind, feeder, hand.stake)  # N11, paid at once

    def on_discard(self, hand: Hand, seat: int, tile: int) -> list[Payment]:
        out: list[Payment] = []
        run = hand.discard_run[-4:]
        if len(run) == 4 and all(k == tile for _, k in run):  # N12: four in a row, no claim
            out.extend(pay.same_discard_penalty(run[0][0], hand.stake))
        if hand.discarded[seat][tile] == 4:  # N12: all four of a kind by one player
            out.extend(pay.fourth_discard_penalty(seat, hand.stake))
        return out

    def quick_win(self, hand: Hand, seat: int) -> bool:
        """快照 (N13d): the claim just made is the fourth set fed by the same player."""
        latest = hand.melds[seat][-1]
        fed = [m.source for m in hand.melds[seat] if m.kind.is_triplet and m.source is not None]
        return latest.source is not None and fed.count(latest.source) >= 4

    def settle(self, hand: Hand, winner: int | None, ctx: WinContext | None,
               score: ScoreResult | None, discarder: int | None, how: str) -> Settlement:
        if winner is None or score is None or ctx is None:
            return Settlement((), dealer_keeps=True)  # N5: a drawn hand keeps the dealer
        kind = _HOW[how]
        konged: int | None = None
        if how == "robbing":
            konged = discarder
        elif "after_kong" in ctx.flags:
            kong = hand.last_kong  # the kong just made, not the last meld (an added kong
            if kong is not None and kong.seat == winner and kong.feeder is not None:
                kind = pay.WinKind.AFTER_CLAIMED_KONG  # stands where its pong stood): N13c
                konged = kong.feeder
        feeders = [m.source for m in hand.melds[winner]
                   if m.kind.is_triplet and m.source is not None]
        keys = {line.key for line in score.items}
        liable = pay.liability(winner, kind, feeders, keys, konged)
        self_draw = kind is not pay.WinKind.DISCARD
        payments = pay.win_payments(
            winner, score.total, hand.stake, self_draw,
            discarder if kind is pay.WinKind.DISCARD else None,
            liable.payer if liable else None, liable.full if liable else False,
        )
        values = [0, 0, 0, 0]
        values[winner] = score.total
        keeps = winner == 0 or scoring.is_big_hand(score)  # N5
        return Settlement(tuple(payments), keeps, tuple(values))

    def match_over(self, scores: Sequence[int], hands_played: int) -> bool:
        if self.options["until_broke"] and min(scores) <= 0:
            return True
        return hands_played >= int(self.options["hands"])

