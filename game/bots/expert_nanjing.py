"""Expert's Nanjing table reading: which discards may deal in, and what a deal-in costs.

In Nanjing the discarder pays the whole win (N10), so a discard's price is the chance that it
wins for someone times what that win is worth. Hard's `defence.danger` guesses the chance from
the tile's rank and the opponent's river only. This reading also uses what the bots' own rule
makes certain: a player offered a win always takes it (every level does; N4 offers only allowed
wins), so a kind discarded after an opponent's last discard and not won on is no wait of that
opponent (a pass), and a kind passed a round earlier rarely is. Reads only the seat view.

Every number here was measured over bot games (docs/bots-notes.md, "Nanjing, third pass"); the
discard rule (`choose_discard`) weighs a discard's live improving tiles, or a ready hand's
P(win) × money, against its expected deal-in cost.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from game.actions import Action
from game.bots.defence import gathered_suit
from game.bots.kit import seats_between
from game.view import SeatView

_SUITED = (0.55, 0.75, 0.95, 1.0, 1.0, 1.0, 0.95, 0.75, 0.55)
"""Relative chance a suited rank completes a wait: middle tiles finish more shapes."""


class Opponent(NamedTuple):
    """What this seat reads about one opponent."""

    seat: int
    ready: float
    """Rough chance the opponent is ready now (0-1)."""
    value: float
    """Gold a win of this opponent would likely cost its discarder."""
    passed: frozenset[int]
    """Kinds discarded since its last discard that it did not win on: no wait of it."""
    passed_before: frozenset[int]
    """Kinds it passed a round earlier: seldom a wait (its wait changed by at most one tile)."""
    river: frozenset[int]
    flush: int | None
    """The suit (0-2) it seems to gather, if any."""
    open: bool
    meld_suit: int | None
    """For an open hand under 4 hard flowers (it needs a big item to win, N4): the one suit
    (0-2) of its claimed sets, or 3 when they are of several suits (an all-pongs hand)."""


def read_opponents(view: SeatView) -> list[Opponent]:
    """One `Opponent` per other seat, from public information only."""
    me = view.seat
    rivers = view.rivers
    out: list[Opponent] = []
    for seat in range(4):
        if seat == me:
            continue
        river = rivers[seat]
        melds = view.melds[seat]
        claimed = [m for m in melds if m.source is not None]
        # Seats that discarded after this opponent's last discard: those between it and me
        # (claims can reorder turns; the reading is then a little off, never unsafe to compute).
        passed: set[int] = set()
        before: set[int] = set()
        if river:
            for s in seats_between(seat, me):
                if rivers[s]:
                    passed.add(int(rivers[s][-1][0]))
                    if len(rivers[s]) >= 2:
                        before.add(int(rivers[s][-2][0]))
            for s in [me, *seats_between(me, seat)]:
                if rivers[s]:
                    before.add(int(rivers[s][-1][0]))
        before -= passed
        n = len(river)
        # Measured (hard in all seats, 150 deals, seed 5): a concealed hand is ready after n
        # discards about 0.032 (n - 2.5) of the time, to some 45%; with a claimed set 0.055 n.
        ready = min(0.85, 0.055 * n) if claimed else min(0.5, max(0.0, 0.032 * (n - 2.5)))
        flush = gathered_suit(melds, {int(t) for t, _ in river}, n)
        value = 50.0
        if claimed and len(view.bonus[seat]) < 4:
            value = 85.0  # an open hand wins only with a big item (N4, N7: 40-60 more)
        value += 2.0 * max(0, len(view.bonus[seat]) - 1)  # N6: 2 per hard flower
        if seat == 0 and view.dealer_streak:
            value = (value + 10 * view.dealer_streak) * 2  # 比下胡 (N8)
        meld_suit: int | None = None
        if claimed and len(view.bonus[seat]) < 4:
            suits = {m.first // 9 for m in melds if m.first < 27}
            meld_suit = min(suits) if len(suits) == 1 else 3 if suits else None
        out.append(Opponent(seat, ready, value, frozenset(passed), frozenset(before),
                            frozenset(int(t) for t, _ in river), flush, bool(claimed),
                            meld_suit))
    return out


_SUITED_WAIT = (
    # by distance from the suit's edge (1/9, 2/8, 3/7, 4/6, 5): no 筋, half 筋, full 筋
    (0.058, 0.002, 0.002),
    (0.087, 0.02, 0.02),
    (0.125, 0.079, 0.079),
    (0.125, 0.082, 0.061),
    (0.122, 0.092, 0.077),
)
"""P(a suited tile completes a ready opponent's hand), measured: hard in all seats, 600 deals
(seed 7), 27,000 (tile, ready opponent) pairs; a 筋 is the tile three away in its river."""
_HONOUR_WAIT = (0.0, 0.0, 0.016, 0.027, 0.03)
"""The same for a wind, by its copies this seat has not seen (dragons are flowers, N1)."""


def wait_chance(tile: int, opp: Opponent, unseen: Sequence[int]) -> float:
    """P(`tile` completes this opponent's hand if it is ready), from the measured tables."""
    if tile in opp.passed:
        return 0.0  # measured 0 of 2,349
    if tile in opp.river:
        return 0.004
    if tile in opp.passed_before:
        return 0.017
    suit = opp.meld_suit
    if suit is not None and suit < 3 and tile < 27:
        # A one-suit open hand plays for a flush: measured 0 of 141 other-suit tiles won,
        # 22 of 116 of its suit (hard in all seats, 1500 deals, seed 17).
        return 0.19 if tile // 9 == suit else 0.002
    if tile >= 27:
        return _HONOUR_WAIT[min(unseen[tile], 4)]
    rank = tile % 9
    river = opp.river
    low = rank >= 3 and tile - 3 in river
    high = rank <= 5 and tile + 3 in river
    suji = 2 if (low or rank >= 6) and (high or rank <= 2) else 1 if low or high else 0
    chance = _SUITED_WAIT[min(rank, 8 - rank)][suji]
    if opp.flush is not None:
        chance *= 1.2 if tile // 9 == opp.flush else 0.7
    return chance


def deal_in_cost(tile: int, opponents: Sequence[Opponent], unseen: Sequence[int]) -> float:
    """Expected gold this discard pays to a winner: Σ P(ready) × P(it wins) × value."""
    return sum(o.ready * wait_chance(tile, o, unseen) * o.value for o in opponents)


_REACH = (
    (1.0,) * 8,
    (0.16, 0.29, 0.34, 0.40, 0.44, 0.53, 0.62, 0.73),
    (0.02, 0.06, 0.07, 0.13, 0.18, 0.23, 0.31, 0.38),
    (0.0, 0.0, 0.0, 0.03, 0.06, 0.10, 0.16, 0.24),
    (0.0, 0.0, 0.0, 0.0, 0.02, 0.07, 0.11, 0.17),
    (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.03, 0.15),
)
"""P(the hand is won) by its deficiency after a discard (rows 0-5) and the wall left then
(columns: 0-9, 10-19, ... 70 and more tiles), measured: hard in all seats, 500 deals (seed 9)."""


class Tuning(NamedTuple):
    """The push/fold rule's numbers (screened in docs/bots-notes.md)."""

    gold_per_tile: float = 2.0
    """Gold one live improving tile is worth when weighing it against a discard's danger."""
    win_money: float = 100.0
    """Money an own win is worth: measured 80 a win (a self-draw, some 30%, is paid three
    times), and a win also ends the others' chances to win from this seat (screened 80: too
    much folding, see docs/bots-notes.md)."""
    push_scale: float = 1.0
    """A hand that pushes now will push again: its deal-in cost counts this many times."""
    fold: bool = False
    """Whether a discard that gives up shape for safety is ever chosen. Off: folding by this
    rule measured no better than never folding (docs/bots-notes.md, third pass); the danger still
    chooses among the discards that keep the hand's best shape."""


def offence(deficiency: int, wall_left: int, tuning: Tuning) -> float:
    """Gold a hand this far from winning may still bring."""
    row = _REACH[min(deficiency, len(_REACH) - 1)]
    return row[min(wall_left // 10, len(row) - 1)] * tuning.win_money


def liability_cost(tile: int, opponents_fed: Sequence[int], unseen: Sequence[int]) -> float:
    """N13: a third set fed to one player makes this seat liable; a fourth wins at once (快照)
    at its cost. `opponents_fed`: sets each opponent holds that this seat fed."""
    if unseen[tile] < 2:
        return 0.0
    return sum(6.0 if fed == 2 else 25.0 if fed >= 3 else 0.0 for fed in opponents_fed)


def choose_discard(view: SeatView, discards: Sequence[Action], after: Mapping[int, int],
                   gain: Callable[[int], float], noise: Callable[[], float],
                   tuning: Tuning, deal_in: Callable[[int], float] | None = None,
                   record: dict[Action, float] | None = None) -> Action:
    """The discard of most expected gold: among those keeping the lowest deficiency, the
    best of offence (`gain`: gold the hand's prospects are worth after it) less the expected
    deal-in cost (N10, N13) and penalties (N12); then fold to a tile further from winning when
    what it saves in deal-in cost is more than the offence it gives up. `deal_in`: a tile's
    expected deal-in cost, when not this seat's reading (`deal_in_cost`; `tools/ceiling.py`
    gives the true one). `record`, when given, gets each discard's gold value: the negated
    score of a discard keeping the lowest deficiency; for one further from winning, its
    `gain` less its deal-in cost and the offence it gives up (`offence`)."""
    me = view.seat
    unseen = view.unseen()
    opponents = read_opponents(view)
    if deal_in is None:
        def deal_in(tile: int) -> float:
            return deal_in_cost(tile, opponents, unseen)
    fed = [sum(1 for m in view.melds[o.seat] if m.source == me and m.kind.is_triplet)
           for o in opponents]
    my_river = [t for t, _ in view.rivers[me]]
    best = min(after.get(int(a.tile), 99) for a in discards if a.tile is not None)
    top = offence(best, view.wall_left, tuning)
    push: tuple[float, Action] | None = None
    fold: tuple[float, float, Action] | None = None
    for action in discards:
        tile = action.tile
        assert tile is not None
        d = after.get(int(tile), 99)
        cost = deal_in(tile) + liability_cost(tile, fed, unseen)
        if my_river.count(tile) == 3:
            cost += 300.0  # N12: all four of a kind discarded pays each other player 10
        jitter = noise()
        if d == best:
            score = tuning.push_scale * cost - gain(tile) + jitter
            if record is not None:  # the value without the tie-breaking jitter
                record[action] = gain(tile) - tuning.push_scale * cost
            if push is None or score < push[0]:
                push = (score, action)
        else:
            loss = cost + top - offence(d, view.wall_left, tuning)
            if record is not None:
                record[action] = gain(tile) - tuning.push_scale * cost \
                    - (top - offence(d, view.wall_left, tuning))
            if fold is None or loss + jitter < fold[0]:
                fold = (loss + jitter, cost, action)
    assert push is not None
    if fold is not None and tuning.fold:
        chosen = push[1]
        assert chosen.tile is not None
        pushed = tuning.push_scale * (deal_in(chosen.tile)
                                      + liability_cost(chosen.tile, fed, unseen))
        if fold[0] < pushed:
            return fold[2]
    return push[1]


def trap_weight(view: SeatView, counts: Sequence[int], tile: int, trap: float) -> float:
    """Weight of one live copy of a wait: a kind this seat has thrown, or throws now to be
    ready (`view.counts` less `counts`), looks safe to a reader of rivers (hard counts it 0.4
    times as dangerous), so the others throw it `trap` times as often. Nanjing has no rule
    against winning on a kind one threw oneself. Self-draws (some 30% of wins) are not
    helped."""
    thrown = {int(t) for t, _ in view.rivers[view.seat]}
    if tile in thrown or view.counts[tile] > counts[tile]:
        return 1.0 + (trap - 1.0) * 0.7
    return 1.0
