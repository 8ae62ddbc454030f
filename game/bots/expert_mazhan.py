"""Expert's Mazhan plans beyond hard's: the all-chows hand 平胡 (ruling M18).

平胡 (five chows and a pair, no pong or kong, no bonus tile set aside, won on a discard, not a
single wait) is worth 100, or 400 with two or more wilds in the hand, against some 30-40 for
the formula's ordinary hand without tai ((rounded base + 20) × 2^tai, M17). A seat that has set
aside no bonus tile and claimed no pong or kong may steer for it: deficiency and acceptance
count chows and a pair only, pong claims and kongs are refused, and the plan chooser
(`ExpertBot._plan`) weighs it by value × reach against the plain hand. The ready hand itself is
valued by the real scorer (`ExpertBot.ready_value`), which knows 獨張 and self-draws. Also the
non-winner value (M20, `loser_value`): a discard may pay for the natural triplet it breaks and
a pong that keeps the shape may be claimed for the rounding step it adds.

Both are switched off (`pinghu_on`, `m20_weight`, `m20_claims`): measured in duplicate deals
they gained nothing against hard nor against the expert without them (docs/bots.md). A seat
that holds a bonus tile, which is most of them, cannot have 平胡 at all.

Everything here reads only the seat view; deterministic.
"""

from __future__ import annotations

from functools import lru_cache

from game.actions import Action, ActionKind
from game.bots import evaluate as ev
from game.bots.hard import HardBot, Plan
from game.melds import MeldKind
from game.rules.mazhan_scoring import BONUS_POINTS, CAP, round_up, set_points
from game.tiles import EAST, FLOWERS, GREEN, RED, WHITE
from game.view import SeatView

PING_HU = 100.0
"""平胡's value (M18)."""
PING_HU_WILDS = 400.0
"""平胡 with two or more wilds in the hand (M18)."""
SELF_DRAW_SHARE = 0.3
"""Share of wins that are self-drawn (measured 25-35%): those are no 平胡 (M18)."""

_Table = tuple[tuple[int, ...], tuple[int, ...]]
"""Per suit: best tiles placed for 0..5 groups, without the pair slot and with it."""

_NONE = -99


@lru_cache(maxsize=65_536)
def _suit_best(counts: tuple[int, ...], pair_free: bool) -> tuple[int, ...]:
    """Most tiles of one suit's counts that chows, two-tile chow fragments and (when
    `pair_free`) one pair or half a pair can hold, by number of groups 0..5 (chows and
    fragments); `_NONE` where that many groups cannot be made."""
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return (0,) + (_NONE,) * 5
    best = [_NONE] * 6
    c = list(counts)

    def take(kinds: tuple[int, ...], groups: int, placed: int, free: bool) -> None:
        for k in kinds:
            c[k] -= 1
        rest = _suit_best(tuple(c), free)
        for k in kinds:
            c[k] += 1
        for g, have in enumerate(rest):
            if have != _NONE and g + groups <= 5 and have + placed > best[g + groups]:
                best[g + groups] = have + placed

    if i <= 6 and c[i + 1] and c[i + 2]:
        take((i, i + 1, i + 2), 1, 3, pair_free)
    for gap in (1, 2):
        if i + gap <= 8 and c[i + gap]:
            take((i, i + gap), 1, 2, pair_free)
    if pair_free:
        if c[i] >= 2:
            take((i, i), 0, 2, False)
        take((i,), 0, 1, False)
    take((i,), 0, 0, pair_free)  # the tile fits nothing
    return tuple(best)


def _suit_table(counts: tuple[int, ...]) -> _Table:
    """Per suit: best tiles placed by groups, without the pair and with it allowed."""
    return _suit_best(counts, False), _suit_best(counts, True)


@lru_cache(maxsize=65_536)
def _joined(a: _Table, b: _Table) -> _Table:
    """Two suits' tables as one: groups added (at most five), the pair from at most one."""
    out = [[_NONE] * 6, [_NONE] * 6]
    for sa, sb in ((0, 0), (0, 1), (1, 0)):
        row_a, row_b, target = a[sa], b[sb], out[sa | sb]
        for ga, have in enumerate(row_a):
            if have == _NONE:
                continue
            for gb in range(6 - ga):
                more = row_b[gb]
                if more != _NONE and have + more > target[ga + gb]:
                    target[ga + gb] = have + more
    return tuple(out[0]), tuple(out[1])


def _suits(naturals: list[int]) -> _Table:
    return _joined(_joined(_suit_table(tuple(naturals[0:9])), _suit_table(tuple(naturals[9:18]))),
                   _suit_table(tuple(naturals[18:27])))


def _from_table(table: _Table, naturals: list[int], wilds: int, need: int) -> int:
    honours = max(naturals[27:34])
    honour_pair = 2 if honours >= 2 else 1 if honours else 0  # honours can only be the pair
    placed = max(max(table[1][:need + 1]), max(table[0][:need + 1]) + honour_pair)
    return max(0, 3 * need + 2 - placed - wilds)


def chow_deficiency(naturals: list[int], wilds: int, need: int) -> int:
    """Tiles still to draw for `need` chows and a pair from the concealed naturals and the
    wilds (which stand for any tile, M6); honours can only be the pair."""
    return _from_table(_suits(naturals), naturals, wilds, need)


def pinghu_open(view: SeatView) -> bool:
    """平胡 still possible for this seat: Mazhan, no bonus tile set aside, no pong or kong."""
    seat = view.seat
    return (view.ruleset == "mazhan" and not view.bonus[seat]
            and all(m.kind is MeldKind.CHOW for m in view.melds[seat]))


def pinghu_value(view: SeatView, hand: ev.Hand, plain: float) -> float:
    """What steering for 平胡 is worth against the plain hand's `plain`: a win on a discard is
    100 (400 with two wilds, M18), a self-draw the formula's value; each draw may still bring a
    bonus tile, which ends the plan."""
    unseen = view.unseen()
    pool = sum(unseen[:34]) or 1
    bonus_left = max(0, 12 - sum(len(b) for b in view.bonus))  # 8 flowers + 4 白 (M2)
    clean = (1.0 - bonus_left / (pool + bonus_left)) ** 6  # about six more own draws
    win = PING_HU_WILDS if hand.wilds >= 2 else PING_HU
    value = (1 - SELF_DRAW_SHARE) * win + SELF_DRAW_SHARE * plain
    return clean * value + (1 - clean) * plain


_MELD_CLASS = {
    MeldKind.PONG: "exposed_pong",
    MeldKind.KONG: "exposed_kong",
    MeldKind.ADDED_KONG: "exposed_kong",
    MeldKind.CONCEALED_KONG: "concealed_kong",
}


def loser_value(view: SeatView, counts: list[int], extra: tuple[str, int] | None = None) -> int:
    """This seat's non-winner value (M20) holding the concealed `counts`: rounded base (bonus
    tiles, declared sets, natural triplets) × 2^tai (seat flowers, 白, sets of 中, 發 and the
    seat wind), capped at 400; `extra` is a set about to be declared, (class, kind)."""
    seat = view.seat
    bonus = view.bonus[seat]
    base = BONUS_POINTS * len(bonus)
    tai: int = sum(1 for t in bonus if t in FLOWERS and (t - FLOWERS[0]) % 4 == seat)
    whites = sum(1 for t in bonus if t == WHITE)
    tai += 2 if whites == 4 else 1 if whites >= 2 else 0
    lucky = (GREEN, RED, EAST + seat)
    sets: list[tuple[str, int]] = [(_MELD_CLASS[m.kind], int(m.first))
                                   for m in view.melds[seat] if m.kind in _MELD_CLASS]
    if extra is not None:
        sets.append(extra)
    sets += [("concealed_triplet", k) for k, n in enumerate(counts[:34])
             if n >= 3 and k != view.wild]  # ruling M20: natural triplets, no wilds
    for cls, kind in sets:
        base += set_points(cls, kind)
        tai += kind in lucky
    return min(CAP, round_up(base) * (1 << tai))


class PinghuPlans(HardBot):
    """Hard's plans with 平胡 added in Mazhan (the plan named "pinghu")."""

    # Off: measured against hard and against the expert without them they gained nothing
    # (docs/bots.md, issue 15 third pass: from -4.7 to -0.1 points/hand, all in noise).
    pinghu_on = False
    """Offer the 平胡 plan (off: hard's Mazhan plans only)."""
    m20_weight = 0.0
    """Live tiles a discard's loss of one point of non-winner value (M20) is worth."""
    m20_claims = False
    """Claim a pong that keeps the shape when it raises the non-winner value (M20)."""

    def settle_term(self, view: SeatView, tile: int) -> float:
        """What a discard of `tile` costs in non-winner value (M20), in live tiles: breaking
        a natural triplet may lose a rounding step (M15), doubled by each tai."""
        weight = self.m20_weight
        if not weight or view.counts[tile] < 3 or tile == view.wild:
            return 0.0
        counts = list(view.counts)
        now = loser_value(view, counts)
        counts[tile] -= 1
        return weight * (loser_value(view, counts) - now)

    def pong_pays(self, view: SeatView, tile: int, after: int, before: int) -> bool:
        """A pong of `tile`, leaving deficiency `after` where it was `before`, costs nothing in
        shape and raises the non-winner value (M20) (with `m20_claims`)."""
        if not self.m20_claims or after > before:
            return False
        counts = list(view.counts)
        now = loser_value(view, counts)
        counts[tile] -= 2
        return loser_value(view, counts, ("exposed_pong", tile)) > now

    def _plans(self, view: SeatView, hand: ev.Hand) -> list[Plan]:
        plans = super()._plans(view, hand)
        if self.pinghu_on and pinghu_open(view):
            d = chow_deficiency(hand.naturals, hand.wilds, hand.need)
            plans.append(Plan("pinghu", hand.naturals, None, d))
        return plans

    def _plan_after(self, hand: ev.Hand, plan: Plan) -> dict[int, int]:
        if plan.name != "pinghu":
            return super()._plan_after(hand, plan)
        out: dict[int, int] = {}
        counts = hand.naturals[:]
        for kind, n in enumerate(counts):
            if n:
                counts[kind] -= 1
                out[kind] = chow_deficiency(counts, hand.wilds, hand.need)
                counts[kind] += 1
        if hand.wilds and hand.wild is not None:
            out[hand.wild] = chow_deficiency(counts, hand.wilds - 1, hand.need)
        return out

    def _accept(self, hand: ev.Hand, plan: Plan, tile: int, unseen: list[int]) -> float:
        if plan.name != "pinghu":
            return super()._accept(hand, plan, tile, unseen)
        rest = ev.discard_hand(hand, tile)
        counts = rest.naturals[:]
        base = chow_deficiency(counts, rest.wilds, rest.need)
        good = 0
        for kind in range(34):
            if not unseen[kind] or kind == hand.wild or counts[kind] >= 4:
                continue
            counts[kind] += 1
            if chow_deficiency(counts, rest.wilds, rest.need) < base:
                good += unseen[kind]
            counts[kind] -= 1
        if hand.wild is not None and base > 0:
            good += unseen[hand.wild]  # a wild drawn fills any gap
        return float(good)

    def _claim_gain(self, view: SeatView, plan: Plan, after: ev.Hand, action: Action,
                    tile: int) -> float | None:
        if plan.name != "pinghu":
            return super()._claim_gain(view, plan, after, action, tile)
        if action.kind is not ActionKind.CHOW:
            return None  # a pong or kong ends 平胡 (M18)
        if chow_deficiency(after.naturals, after.wilds, after.need) < plan.deficiency:
            return 2.0
        return None

    def _kong_keeps(self, view: SeatView, hand: ev.Hand, plan: Plan, tile: int) -> bool:
        if plan.name == "pinghu":
            return False  # a kong ends 平胡 (M18)
        return super()._kong_keeps(view, hand, plan, tile)
