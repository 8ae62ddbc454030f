"""Expert variants screened against the full-strength baseline (issue 30; docs/bots-notes.md).

Each class is `ExpertBot` with one knob changed; compare one with the expert on the same deals,
each alone among three baselines (the figures are in docs/strength.md, "Expert variants against
the fixed baseline"):

    nice -n 19 uv run python tools/paired.py --ruleset nanjing --deals 600 --seed 81 --field \\
        --a expert --b file:tools/expert_variants.py:NoFlushSlack \\
        --opp file:tools/baseline_bot.py:BaselineBot --jobs 1
"""

from __future__ import annotations

from typing import ClassVar

from game.actions import PASS, Action, ActionKind
from game.bots import evaluate as ev
from game.bots import expert_nanjing as xn
from game.bots import kit
from game.bots.defence import threats
from game.bots.expert import ExpertBot
from game.bots.hard import HardBot, Plan
from game.view import SeatView


class NoFlushSlack(ExpertBot):
    """Nanjing: no extra deficiency accepted early for 清一色 and 混一色."""

    nanjing_slack: ClassVar[dict[str, int]] = {
        "plain": 0, "pairs": 0, "flush": 0, "half_flush": 0, "triplets": 0}


class Tiles4(ExpertBot):
    """Nanjing: a live improving tile worth 4 gold against a discard's danger, not 2."""

    nanjing: ClassVar[xn.Tuning | None] = xn.Tuning(gold_per_tile=4.0)


class NoKongSlack(ExpertBot):
    """Nanjing: a concealed kong only when it costs no shape."""

    kong_slack = 0


class Folding(ExpertBot):
    """Nanjing: the expected-gold rule may fold (give up shape for safety)."""

    nanjing: ClassVar[xn.Tuning | None] = xn.Tuning(fold=True)


# ---------------------------------------------------------------- against the fixed baseline


class Tiles3(ExpertBot):
    """Nanjing: a live improving tile worth 3 gold against a discard's danger, not 2."""

    nanjing: ClassVar[xn.Tuning | None] = xn.Tuning(gold_per_tile=3.0)


class Tiles1(ExpertBot):
    """Nanjing: a live improving tile worth 1 gold against a discard's danger, not 2."""

    nanjing: ClassVar[xn.Tuning | None] = xn.Tuning(gold_per_tile=1.0)


class Push15(ExpertBot):
    """Nanjing: the expected deal-in cost counted 1.5 times (the baseline's wins average some
    70 gold against the 50 the reading assumes)."""

    nanjing: ClassVar[xn.Tuning | None] = xn.Tuning(push_scale=1.5)


class Push05(ExpertBot):
    """Nanjing: the expected deal-in cost counted half."""

    nanjing: ClassVar[xn.Tuning | None] = xn.Tuning(push_scale=0.5)


class Hazard005(ExpertBot):
    """Nanjing: a ready hand's race against another winner at 0.05 a round, not 0.1."""

    rival_hazard: ClassVar[dict[str, float | None]] = {"mazhan": 0.12, "nanjing": 0.05}


class Hazard02(ExpertBot):
    """Nanjing: a ready hand's race against another winner at 0.2 a round, not 0.1."""

    rival_hazard: ClassVar[dict[str, float | None]] = {"mazhan": 0.12, "nanjing": 0.2}


class NoTrap(ExpertBot):
    """Nanjing: a wait on a kind this seat threw counts as any other."""

    trap: ClassVar[float] = 1.0


class KongSlack2(ExpertBot):
    """Nanjing: a concealed kong declared even at a cost of two tiles of shape."""

    kong_slack = 2


class HardDiscard(ExpertBot):
    """Nanjing: hard's discards (shape, live tiles, danger, hard's fold), the expert's kongs
    and claims."""

    nanjing: ClassVar[xn.Tuning | None] = None


class FlatMoney(ExpertBot):
    """Nanjing: a ready hand's discards weighed by P(win) alone (every wait an ordinary win's
    money), not P(win) × the scorer's money of its waits."""

    def ready_value(self, view: SeatView, counts: list[int]) -> tuple[float, float] | None:
        got = super().ready_value(view, counts)
        if got is None or view.ruleset != "nanjing":
            return got
        return self._typical(view), got[1]


class HardFold(ExpertBot):
    """Nanjing: the expert's discards, but hard's fold (its rule and its safe tiles) when hard
    would fold: three or more tiles from ready against a close opponent, or two late."""

    def _discard(self, view: SeatView, hand: ev.Hand, plan: Plan) -> Action:
        rule = self.fold_rule[view.ruleset]
        if view.ruleset == "nanjing" and rule is not None and self.nanjing is not None:
            far, close, late_far, late = rule
            after = self._plan_after(hand, plan)
            best = min(after.get(int(a.tile), 99) for a in view.legal
                       if a.kind is ActionKind.DISCARD and a.tile is not None)
            top = max((t.level for t in threats(view)), default=0.0)
            if (best >= far and top >= close) or (best >= late_far and view.wall_left < late):
                return HardBot._discard(self, view, hand, plan)
        return super()._discard(view, hand, plan)


class TileByReach(ExpertBot):
    """Nanjing: a live improving tile worth what one step closer adds to the hand's chance to
    win (`expert_nanjing._REACH` × `win_money`, a tenth of the step), by the deficiency after
    the discard and the wall, not a flat 2 gold: a far hand late in the wall weighs safety."""

    tile_share: ClassVar[float] = 0.1

    def _gain(self, view: SeatView, hand: ev.Hand, plan: Plan, tile: int, unseen: list[int],
              tuning: xn.Tuning) -> float:
        counts = list(view.counts)
        if not counts[tile]:
            return super()._gain(view, hand, plan, tile, unseen, tuning)
        counts[tile] -= 1
        d = kit.deficiency(view, counts)
        if d <= 1:
            return super()._gain(view, hand, plan, tile, unseen, tuning)
        step = xn.offence(d - 1, view.wall_left, tuning) - xn.offence(d, view.wall_left, tuning)
        return self.tile_share * step * HardBot._accept(self, hand, plan, tile, unseen)


class LateFold(HardFold):
    """`HardFold` late only: hard's fold two or more tiles from ready under 20 tiles left."""

    fold_rule: ClassVar[dict[str, tuple[int, float, int, int] | None]] = {
        "nanjing": (99, 9.0, 2, 20), "mazhan": None}


class FarFold(HardFold):
    """`HardFold` against a close opponent only: three or more tiles from ready."""

    fold_rule: ClassVar[dict[str, tuple[int, float, int, int] | None]] = {
        "nanjing": (3, 0.6, 99, 0), "mazhan": None}


class Tiles05(ExpertBot):
    """Nanjing: a live improving tile worth half a gold against a discard's danger, not 2."""

    nanjing: ClassVar[xn.Tuning | None] = xn.Tuning(gold_per_tile=0.5)


class ShapeTie(ExpertBot):
    """Nanjing: among discards of (nearly) equal live tiles, keep the tile with more unseen
    neighbours (its kind and suited kinds within two ranks: the draws that would build on it
    later), at `shape_weight` gold each: the baseline's count ties often, and the expert broke
    the ties by danger alone."""

    shape_weight: ClassVar[float] = 0.05

    def _gain(self, view: SeatView, hand: ev.Hand, plan: Plan, tile: int, unseen: list[int],
              tuning: xn.Tuning) -> float:
        got = super()._gain(view, hand, plan, tile, unseen, tuning)
        counts = list(view.counts)
        if not counts[tile]:
            return got
        counts[tile] -= 1
        if kit.deficiency(view, counts) <= 1:
            return got  # a ready hand: its waits decide
        near = unseen[tile]
        if tile < 27:
            rank = tile % 9
            for step in (-2, -1, 1, 2):
                if 0 <= rank + step <= 8:
                    near += unseen[tile + step]
        return got - self.shape_weight * near  # throwing a tile that builds costs its future


class HoldForDraw(ExpertBot):
    """Nanjing: pass a discard win (one payer, N10) to wait for a self-draw (three payers)
    while the wall has at least `hold_wall` tiles and the wait at least `hold_live` live
    copies; a later discard of a wait is still won on (no rule forbids it)."""

    hold_wall: ClassVar[int] = 40
    hold_live: ClassVar[int] = 6

    def choose(self, view: SeatView) -> Action:
        chosen = super().choose(view)
        if chosen.kind is ActionKind.WIN and view.phase == "claim" \
                and view.ruleset == "nanjing" and PASS in view.legal and self.holds(view):
            return PASS
        return chosen

    def holds(self, view: SeatView) -> bool:
        if view.wall_left < self.hold_wall:
            return False
        unseen = view.unseen()
        live = sum(unseen[w] for w in kit.waits(view, view.counts))
        return live >= self.hold_live


class HoldForDraw30(HoldForDraw):
    """`HoldForDraw` from 30 tiles left and 5 live copies."""

    hold_wall: ClassVar[int] = 30
    hold_live: ClassVar[int] = 5


class HoldForDraw60(HoldForDraw):
    """`HoldForDraw` from 60 tiles left and 8 live copies."""

    hold_wall: ClassVar[int] = 60
    hold_live: ClassVar[int] = 8
