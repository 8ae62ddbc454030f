"""Level `expert`: every discard, kong and claim chosen by estimated expected value.

For each choice the bot weighs

    EV = P(complete the hand before the wall ends) × its value − expected cost of dealing in
         + money paid at once

- P is sampled: `SAMPLES` orders of the tiles this seat has not seen (as many as the real wall
  still holds for it, plus a few of the others' discards) are played out against every choice,
  the same orders for each so choices are compared on the same luck. Playing out keeps a drawn
  tile when it brings the plan closer and throws it otherwise; a ready hand also wins on
  others' discards.
- Values come from plans that fall out of the rules, not from fixed slack: the plain hand,
  flushes, all-pongs, seven pairs, three wilds (Mazhan 殺豬). A ready hand is valued with the
  real scorer over its live waits (`kit.score_win`).
- Dealing in costs only where the discarder pays more (Nanjing N10, liability N13); in Mazhan
  every loser pays alike (M21) and the term is zero.
- Money at once: Nanjing kong money (N11) and the penalty for discarding all four of a kind
  (N12).

Reads only its seat view; deterministic for a seed (each decision's samples are seeded from the
bot's seed and the public state of the table).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from game.actions import PASS, Action, ActionKind
from game.bots import kit
from game.bots.defence import Threat, table_danger, threats
from game.bots.evaluate import triplets_only
from game.melds import MeldKind
from game.shapes import deficiency, deficiency_after_discards, deficiency_after_draws
from game.tiles import Tile
from game.view import SeatView

SAMPLES = 8
"""Sampled futures per decision (the same ones for every choice)."""
MAX_CHOICES = 3
"""Discards weighed in full; the others are ruled out by shape first."""
RON_LOOKS = 2
"""Discards of others a ready hand may win on, per own draw (three are thrown each round; some
are safe tiles or go to a claim first)."""
_NOT_IN_HANDS = {"mazhan": frozenset({31}), "nanjing": frozenset({31, 32, 33})}
"""Bonus kinds, set aside when drawn (M2: 白; N1: 中 發 白): never part of a future hand."""
DANGER_GOLD = 0.6
"""Gold lost per unit of `defence.table_danger` (Nanjing)."""
_SELF_DRAW_SHARE = 0.3
"""Share of wins by self-draw, used to turn Nanjing flowers into gold (N10)."""


class Plan(NamedTuple):
    name: str
    scope: frozenset[int] | None
    """Kinds the plan may use (None: any)."""
    value: float
    """Money one win brings, in points (Mazhan) or gold (Nanjing) at stake 1."""


_HELPS: dict[tuple[str, frozenset[int] | None, bytes, int, int], tuple[int, frozenset[int]]] = {}
"""Plan progress of hands already seen (a pure function of its key, shared by every bot)."""


class _Future(NamedTuple):
    draws: tuple[int, ...]
    """The tiles this seat draws from now on, in order (as many as the wall allows)."""
    discards: tuple[int, ...]
    """Tiles others throw meanwhile, RON_LOOKS per own draw: a ready hand may win on them."""


class ExpertBot:
    level = "expert"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._scores: dict[tuple[object, ...], float] = {}
        self._helps = _HELPS

    # ------------------------------------------------------------------ entry

    def choose(self, view: SeatView) -> Action:
        for action in view.legal:
            if action.kind is ActionKind.WIN:
                return action
        if len(view.legal) == 1:
            return view.legal[0]
        rng = random.Random(f"expert:{self.seed}:{view.hand_no}:{view.seat}:{view.wall_left}:"
                            f"{sum(len(r) for r in view.rivers)}:{view.phase}")
        futures = self._futures(view, rng)
        if view.phase == "discard":
            return self._turn(view, futures)
        return self._claim(view, futures)

    # ------------------------------------------------------------------ sampling

    def _futures(self, view: SeatView, rng: random.Random) -> list[_Future]:
        """Orders in which the tiles this seat has not seen may come, as many as the real wall
        still holds for it."""
        unseen = view.unseen()
        skip = _NOT_IN_HANDS[view.ruleset]
        pool = [k for k, n in enumerate(unseen) if k not in skip for _ in range(n)]
        draws = (view.wall_left + 3) // 4
        size = min(len(pool), draws * (1 + RON_LOOKS))
        out: list[_Future] = []
        for _ in range(SAMPLES):
            seq = rng.sample(pool, size) if size else []
            own = min(draws, size)
            out.append(_Future(tuple(seq[:own]), tuple(seq[own:])))
        return out

    # ------------------------------------------------------------------ plans and values

    def _plans(self, view: SeatView, counts: Sequence[int], melds: int, opened: bool) -> list[
            Plan]:
        """The plans open to a hand with `counts` concealed and `melds` sets declared."""
        declared = view.melds[view.seat]
        suits_used = {m.first // 9 if m.first < 27 else 3 for m in declared}
        if view.ruleset == "mazhan":
            return self._mazhan_plans(view, counts, suits_used)
        return self._nanjing_plans(view, counts, melds, opened, suits_used)

    def _mazhan_value(self, view: SeatView, extra_tai: int = 0) -> float:
        """Points a plain win brings at stake 1 (M17, M21): three payers, an estimate of the
        base from the bonus tiles, and the tai already certain."""
        bonus = view.bonus[view.seat]
        tai = extra_tai
        whites = sum(1 for t in bonus if t == 31)
        tai += 2 if whites == 4 else 1 if whites >= 2 else 0
        tai += sum(1 for t in bonus if t >= 34 and (t - 34) % 4 == view.seat)
        for meld in view.melds[view.seat]:
            if meld.kind.is_triplet and meld.first in (32, 33, 27 + view.seat):
                tai += 1
        # 4 per bonus tile (M13) and a few points of sets; rounded up (M15). Checked against
        # the scorer on ready hands: a plain estimate above it sends the bot away from them.
        base = 4 * len(bonus) + 4
        base = -(-base // 10) * 10
        value = 400 if tai >= 4 else min(400, (base + 20) * 2 ** tai)
        return float(value * _payers(view))

    def _mazhan_plans(self, view: SeatView, counts: Sequence[int], suits_used: set[int]) -> list[
            Plan]:
        plain = self._mazhan_value(view)
        plans = [Plan("plain", None, plain)]
        cap = float(400 * _payers(view))
        totals = [sum(counts[9 * s : 9 * s + 9]) for s in range(3)]
        for suit in range(3):
            # 清一色 is the cap (M17); only a suit holding most of the hand is worth the look.
            if suits_used <= {suit} and totals[suit] >= 9:
                plans.append(Plan("flush", frozenset(range(9 * suit, 9 * suit + 9)), cap))
        half = plain * 2 if plain < cap else cap
        best = max(range(3), key=lambda s: totals[s])
        if suits_used <= {best, 3} and totals[best] + sum(counts[27:34]) >= 10:
            scope = frozenset((*range(9 * best, 9 * best + 9), *range(27, 34)))
            plans.append(Plan("half_flush", scope, min(half, cap)))  # 混一色 +1 tai (M16)
        if _pairs(view, counts) >= 4:
            plans.append(Plan("triplets", None, min(plain * 2, cap)))  # 對對胡 +1 tai (M16)
        return plans

    def _nanjing_flowers(self, view: SeatView, concealed: bool, items: int) -> float:
        """Gold a win of `items` big-item flowers brings (N6, N7, N8, N10)."""
        bonus = len(view.bonus[view.seat])
        kongs = sum(1 for m in view.melds[view.seat] if m.kind.is_kong)
        f = 20 + (20 if concealed else 0) + 2 * (bonus + 2 * kongs) + 2 + items
        if bonus == 0:
            f += 40  # 無花果
        if view.seat == 0 and view.dealer_streak:
            f = (f + 10 * view.dealer_streak) * 2  # 比下胡 (N8)
        share = _SELF_DRAW_SHARE
        return f * (share * 3 + (1 - share))

    def _nanjing_plans(self, view: SeatView, counts: Sequence[int], melds: int, opened: bool,
                       suits_used: set[int]) -> list[Plan]:
        concealed = not opened
        may_plain = concealed or len(view.bonus[view.seat]) >= 4  # N4
        plans: list[Plan] = []
        if may_plain:
            plans.append(Plan("plain", None, self._nanjing_flowers(view, concealed, 0)))
        totals = [sum(counts[9 * s : 9 * s + 9]) for s in range(3)]
        for suit in range(3):
            if not suits_used <= {suit, 3} or totals[suit] < 7:
                continue
            lo = 9 * suit
            if suits_used <= {suit}:
                plans.append(Plan("flush", frozenset(range(lo, lo + 9)),
                                  self._nanjing_flowers(view, concealed, 60)))
            plans.append(Plan("half_flush", frozenset((*range(lo, lo + 9), *range(27, 34))),
                              self._nanjing_flowers(view, concealed, 40)))
        if _pairs(view, counts) >= 4:
            plans.append(Plan("triplets", None, self._nanjing_flowers(view, concealed, 40)))
        if melds == 0:
            # 七對: no 門清 20 (N6), 80 for the item (N7).
            plans.append(Plan("pairs", None, self._nanjing_flowers(view, False, 80)))
        return plans

    # ------------------------------------------------------------------ expected value

    def _win_value(self, view: SeatView, naturals: Sequence[int], wilds: int, need: int,
                   plans: Sequence[Plan], futures: Sequence[_Future]) -> float:
        """Mean over the futures of the best value among the plans each future completes (0
        when none does): P(complete before the wall ends) × value."""
        if not plans:
            return 0.0
        total = 0.0
        ordered = sorted(plans, key=lambda p: -p.value)
        for future in futures:
            for plan in ordered:
                done, wilds_held = self._play_out(view, plan, naturals, wilds, need, future)
                if done:
                    value = plan.value
                    if plan.name == "plain" and view.ruleset == "mazhan" and wilds_held >= 3:
                        value = max(value, 400.0 * _payers(view))  # 殺豬 (M17)
                    total += value
                    break
        return total / len(futures)

    def _play_out(self, view: SeatView, plan: Plan, naturals: Sequence[int], wilds: int,
                  need: int, future: _Future) -> tuple[bool, int]:
        """Draw the future's tiles in order, keeping each one that brings the plan closer and
        throwing the rest; a ready hand also wins on others' discards. (complete?, wilds)."""
        wild = view.wild
        if plan.scope is None:
            counts = list(naturals)
        else:
            counts = [n if k in plan.scope else 0 for k, n in enumerate(naturals)]
        short, helps = self._progress(plan, counts, wilds, need)
        if short == 0:
            return True, wilds
        looks = future.discards
        for i, tile in enumerate(future.draws):
            if tile == wild:
                if plan.name == "pairs":
                    continue  # seven pairs are natural pairs here (N3 has no wilds)
                wilds += 1
            elif tile in helps:
                counts[tile] += 1
            else:
                if short == 1 and plan.name != "pairs":
                    for t in looks[RON_LOOKS * i : RON_LOOKS * (i + 1)]:
                        if t in helps and t != wild:  # a thrown wild is dead (M6)
                            return True, wilds
                continue
            short, helps = self._progress(plan, counts, wilds, need)
            if short == 0:
                return True, wilds
        return False, wilds

    def _progress(self, plan: Plan, counts: list[int], wilds: int,
                  need: int) -> tuple[int, frozenset[int]]:
        """(tiles still missing, kinds whose draw lowers that) for a plan's hand."""
        key = (plan.name, plan.scope, bytes(counts), wilds, need)
        got = self._helps.get(key)
        if got is not None:
            return got
        if plan.name == "pairs":
            pairs = sum(1 for n in counts if n >= 2)
            got = (max(0, 7 - pairs), frozenset(k for k, n in enumerate(counts) if n == 1))
        elif plan.name == "triplets":
            now = triplets_only_counts(counts, wilds, need)
            better = []
            for k, n in enumerate(counts):
                if 0 < n < 3:
                    counts[k] += 1
                    if triplets_only_counts(counts, wilds, need) < now:
                        better.append(k)
                    counts[k] -= 1
            got = (now, frozenset(better))
        else:
            now = deficiency(counts, wilds, need)
            scope = plan.scope
            got = (now, frozenset(k for k, d in deficiency_after_draws(counts, wilds,
                                                                        need).items()
                                  if d < now and (scope is None or k in scope)))
        if len(self._helps) > 50_000:
            self._helps.clear()
        self._helps[key] = got
        return got

    def _ready_value(self, view: SeatView, counts: list[int], melds: int) -> float | None:
        """Money a ready hand brings per win, from the real scorer over its live waits (None
        when it is not ready or has no live wait)."""
        if kit.deficiency(view, counts, melds) != 1:
            return None
        unseen = view.unseen()
        weight = 0.0
        money = 0.0
        for tile in kit.waits(view, counts, melds):
            n = unseen[tile]
            if not n:
                continue
            drawn = self._score(view, counts, tile, True)
            if tile == view.wild:
                # A wild wins only when drawn: nobody may win on a discarded one (M6).
                weight += n * _SELF_DRAW_SHARE
                money += n * _SELF_DRAW_SHARE * _payers(view) * drawn
                continue
            thrown = self._score(view, counts, tile, False)
            if view.ruleset == "mazhan":
                value = _payers(view) * (0.3 * drawn + 0.7 * thrown)
            else:
                value = 3 * _SELF_DRAW_SHARE * drawn + (1 - _SELF_DRAW_SHARE) * thrown
            weight += n
            money += n * value
        return money / weight if weight else None

    def _score(self, view: SeatView, counts: list[int], tile: int, self_draw: bool) -> float:
        seat = view.seat
        key = (bytes(counts), tile, self_draw, seat, tuple(map(str, view.melds[seat])),
               view.bonus[seat], view.wall_remaining <= 16, view.dealer_streak, view.wild)
        got = self._scores.get(key)
        if got is None:
            result = kit.score_win(view, counts, tile, self_draw=self_draw)
            got = 0.0 if result is None else float(result.total)
            if len(self._scores) > 20_000:
                self._scores.clear()
            self._scores[key] = got
        return got

    def _hand_ev(self, view: SeatView, counts: list[int], melds: int, opened: bool,
                 futures: Sequence[_Future]) -> float:
        """EV of a hand waiting to draw (`counts` concealed, `melds` sets declared)."""
        hand = kit.own_hand(view, counts, melds)
        plans = self._plans(view, counts, melds, opened)
        ready = self._ready_value(view, counts, melds)
        if ready is not None:
            # A ready hand's plain win is valued by the real scorer over its live waits; the
            # bigger plans stay in play (another discard may still reach them).
            plans = [p for p in plans if p.name not in ("plain", "pairs")]
            plans.append(Plan("plain", None, ready))
        return self._win_value(view, hand.naturals, hand.wilds, hand.need, plans, futures)

    @staticmethod
    def _danger(view: SeatView, tile: int, found: Sequence[Threat],
                unseen: Sequence[int]) -> float:
        """Expected gold lost by discarding `tile` (Nanjing: the discarder pays, N10, N13)."""
        if view.ruleset != "nanjing":
            return 0.0  # M21: every loser pays alike
        # Calibrated on the table: about one deal-in in a hundred discards at some 55 gold,
        # against a mean table danger near one.
        return DANGER_GOLD * table_danger(tile, found, unseen, view.ruleset)

    # ------------------------------------------------------------------ own turn

    def _turn(self, view: SeatView, futures: Sequence[_Future]) -> Action:
        me = view.seat
        melds = len(view.melds[me])
        opened = any(m.source is not None for m in view.melds[me])
        best_action, best_ev = self._best_discard(view, list(view.counts), melds, opened,
                                                  futures)
        for action in view.legal:
            if action.kind not in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG) \
                    or action.tile is None:
                continue
            counts = list(view.counts)
            added = action.kind is ActionKind.ADDED_KONG
            counts[action.tile] -= 1 if added else 4
            ev = self._hand_ev(view, counts, melds if added else melds + 1, opened, futures)
            if view.ruleset == "nanjing":
                ev += 20.0 if added else 30.0  # N11, paid at once
            else:
                ev *= 1.1  # M13: a kong's base points
            if ev >= best_ev:
                best_action, best_ev = action, ev
        return best_action

    def _best_discard(self, view: SeatView, counts: list[int], melds: int, opened: bool,
                      futures: Sequence[_Future]) -> tuple[Action, float]:
        """The discard of highest EV from a hand about to discard, and that EV."""
        discards = [a for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None]
        if not discards:  # after a claim: every held kind may go
            discards = [Action(ActionKind.DISCARD, Tile(t)) for t in _kinds(counts)]
        hand = kit.own_hand(view, counts, melds)
        after = deficiency_after_discards(hand.naturals, hand.wilds, hand.need)
        if view.wild is not None and hand.wilds:
            after[view.wild] = deficiency(hand.naturals, hand.wilds - 1, hand.need) + 1
        if hand.seven_pairs:
            pairs = sum(n // 2 for n in hand.naturals)
            for kind in after:
                lost = 1 if hand.naturals[kind] and hand.naturals[kind] % 2 == 0 else 0
                after[kind] = min(after[kind], 7 - pairs + lost)
        unseen = view.unseen()
        found = threats(view) if view.ruleset == "nanjing" else []
        my_river = [t for t, _ in view.rivers[view.seat]]
        best_d = min(after.get(a.tile, 99) for a in discards if a.tile is not None)
        ranked = sorted(discards, key=lambda a: (after.get(a.tile, 99) if a.tile is not None
                                                 else 99, _keep_worth(counts, a.tile, unseen)))
        choices = [a for a in ranked if a.tile is not None
                   and after.get(a.tile, 99) <= best_d + 1][:MAX_CHOICES]
        # Always weigh the safest tile too: folding is one of the choices (Nanjing).
        if view.ruleset == "nanjing":
            safest = min(discards, key=lambda a: self._danger(view, a.tile or 0, found, unseen))
            if safest not in choices:
                choices.append(safest)
        best: tuple[float, Action] | None = None
        for action in choices:
            tile = action.tile
            assert tile is not None
            rest = counts[:]
            rest[tile] -= 1
            ev = self._hand_ev(view, rest, melds, opened, futures)
            ev -= self._danger(view, tile, found, unseen)
            if view.ruleset == "nanjing" and my_river.count(tile) == 3:
                ev -= 30.0  # N12: all four of a kind discarded by one player
            if best is None or ev > best[0]:
                best = (ev, action)
        assert best is not None
        return best[1], best[0]

    # ------------------------------------------------------------------ claims

    def _claim(self, view: SeatView, futures: Sequence[_Future]) -> Action:
        me = view.seat
        melds = len(view.melds[me])
        opened = any(m.source is not None for m in view.melds[me])
        counts = list(view.counts)
        now = kit.deficiency(view, counts, melds)
        best_action, best_ev = PASS, self._hand_ev(view, counts, melds, opened, futures)
        for action in view.legal:
            if action.kind not in (ActionKind.CHOW, ActionKind.PONG, ActionKind.KONG) \
                    or action.tile is None:
                continue
            after = kit.after_claim(view, action)
            d = kit.deficiency(view, after, melds + 1)
            honour = action.kind is not ActionKind.CHOW and action.tile in (32, 33, 27 + me)
            if d >= now and not honour and action.kind is not ActionKind.KONG:
                continue  # a claim that brings the hand no closer only gives up tiles
            if action.kind is ActionKind.KONG:
                ev = self._hand_ev(view, after, melds + 1, True, futures)
                ev += 20.0 if view.ruleset == "nanjing" else 0.0  # N11: the discarder pays
            else:
                _, ev = self._best_discard(view, after, melds + 1, True, futures)
            if ev > best_ev:
                best_action, best_ev = action, ev
        return best_action


def _payers(view: SeatView) -> int:
    """What one Mazhan win is worth in units of its value: each loser pays it, doubled when
    the payer or the winner is the dealer (M21)."""
    return 6 if view.seat == 0 else 4


def _pairs(view: SeatView, counts: Sequence[int]) -> int:
    """Declared triplets and concealed pairs or better: how near all-pongs (對對胡) looks."""
    declared = sum(1 for m in view.melds[view.seat] if m.kind is not MeldKind.CHOW)
    if declared < len(view.melds[view.seat]):
        return 0  # a chow rules it out
    return declared + sum(1 for k, n in enumerate(counts) if n >= 2 and k != view.wild)


def _kinds(counts: Sequence[int]) -> list[int]:
    return [k for k, n in enumerate(counts) if n]


def _keep_worth(counts: Sequence[int], tile: int | None, unseen: Sequence[int]) -> int:
    """How well a tile fits the rest of the hand (lower: throw it first)."""
    if tile is None:
        return 0
    score = 2 * counts[tile] + unseen[tile] // 2
    if tile < 27:
        n = tile % 9
        for step in (-2, -1, 1, 2):
            if 0 <= n + step <= 8:
                score += counts[tile + step] * (2 if abs(step) == 1 else 1)
    return score


def triplets_only_counts(counts: Sequence[int], wilds: int, need: int) -> int:
    """對對胡 deficiency of concealed `counts` (see `evaluate.triplets_only`)."""
    from game.bots.evaluate import Hand

    return triplets_only(Hand(list(counts), wilds, need, False, None))
