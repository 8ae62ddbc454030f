"""Mazhan terms for level `expert` (issue 15, fourth pass), each a switch in `Tuning`.

Every Mazhan hand is a race that someone wins (docs/bots.md), and every loser pays the winner
alike (M21). The terms below follow from that:

- the avoided payment: a win also saves paying another seat's win (`avoided_payment`);
- the race a discard may end: dealing in costs a Mazhan seat no more than another's self-draw,
  but it ends a race the seat might still win (`deal_in_chances`, from a measured reading of
  how ready each opponent is and which kinds it may wait on);
- pong exchanges: a pong that keeps the deficiency gives a tile on top of the seat's own draws
  and skips the players in between (M7) (`exchange_pays`);
- a 對對胡 plan (a tai, M16), its sets coming by pong from any seat (`Tuning.triplets_reach`).

Measured against the expert without them, on the same deals: none is better on fresh seeds
(docs/bots.md, fourth pass), so all are off in `ExpertBot.mazhan`; they stay switchable for
whoever measures further. Reads only the seat view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.bots import evaluate as ev
from game.bots.kit import seats_between
from game.view import SeatView


@dataclass(frozen=True)
class Tuning:
    """Expert's Mazhan knobs (measured in docs/bots.md, fourth pass)."""

    loss_value: float = 0.0
    """The average winning value (M17, per paying unit) this seat pays when another seat wins;
    0: the avoided payment is not counted."""
    exchange_slack: int | None = None
    """Pongs that keep the deficiency (`exchange_pays`): claimed when the live improving tiles
    after them are at most this many fewer; None: not claimed."""
    triplets_reach: tuple[float, float] | None = None
    """A 對對胡 plan (M16: a tai) weighed by value × reach like the flushes: (its chance
    against the plain hand's at the same deficiency, the chance kept per extra tile); None:
    no such plan."""
    safety: float = 0.0
    """A discard's worth is scaled by 1 - safety × P(it ends the hand as another's win), for a
    hand this close (`safety_depth`) or closer: a deal-in costs a Mazhan seat only the race it
    might still win (M21); 0: not counted."""
    safety_depth: int = 1
    """The largest deficiency after the discard (1 = ready) the safety scaling applies to."""
    throws: float = 0.0
    """How much a ready hand's wait counts by how readily others throw its kind
    (`throw_weight`): 0 every live tile alike, 1 as measured."""
    plan_saved: bool = False
    """The plan chooser (plain, 混一色, 清一色 by value × reach) counts the avoided payment too."""


def avoided_payment(view: SeatView, tuning: Tuning) -> float:
    """Points this seat avoids paying by winning, when another seat would win otherwise: the
    dealer pays double to everyone (M21); another seat pays double when the dealer wins, one
    time in three."""
    if view.seat == 0:
        return 2.0 * tuning.loss_value
    return tuning.loss_value * (2.0 + 1.0 + 1.0) / 3.0


def plan_saving(view: SeatView, tuning: Tuning) -> float:
    """`avoided_payment` where the plan chooser counts it (`Tuning.plan_saved`), else 0."""
    return avoided_payment(view, tuning) if tuning.plan_saved else 0.0


def best_acceptance(hand: ev.Hand, unseen: Sequence[int], limit: int) -> int:
    """The most unseen tiles that lower the deficiency after one discard from `hand` (a hand
    just after a claim, before its discard), among discards that keep it at `limit`."""
    best = -1
    for kind, d in ev.after_discards(hand).items():
        if d > limit:
            continue
        base, good = ev.acceptance(ev.discard_hand(hand, kind), unseen)
        if base <= limit and good > best:
            best = good
    return best


def exchange_pays(view: SeatView, after: ev.Hand, deficiency: int, tuning: Tuning) -> bool:
    """A pong that keeps the deficiency is a free exchange: the claimed tile comes on top of
    this seat's own draws and the players between the discarder and this seat lose a turn
    (M7). Worth it when the hand after the claim, at its best discard, has at least as many
    live improving tiles as the hand now (`Tuning.exchange_slack` fewer are accepted)."""
    slack = tuning.exchange_slack
    if slack is None:
        return False
    unseen = view.unseen()
    now = ev.acceptance(ev.split(view), unseen)[1]
    return best_acceptance(after, unseen, deficiency) >= now - slack


_READY = (
    (0.0, 0.0, 0.015, 0.08, 0.18, 0.21, 0.21),
    (0.0, 0.02, 0.13, 0.22, 0.45, 0.6, 0.6),
    (0.0, 0.04, 0.26, 0.47, 0.45, 0.45, 0.45),
    (0.1, 0.2, 0.4, 0.5, 0.67, 0.67, 0.67),
)
"""P(an opponent is ready) by its declared sets (0-3+) and discards // 2 (0-6+), measured
with hard in all seats (150 deals, seed 9)."""
_RANK = (0.073, 0.082, 0.119, 0.141, 0.141, 0.141, 0.119, 0.082, 0.073)
"""P(a fresh suited tile of this rank wins for a ready opponent), the same hands."""
_HONOUR = 0.022
"""The same for a wind or dragon."""


def deal_in_chances(view: SeatView) -> list[float]:
    """Per kind, P(another seat wins on this discard): each opponent ready with a chance read
    from its declared sets and river (`_READY`), then waiting on the kind by its rank
    (`_RANK`, `_HONOUR`). Every level takes any win it is offered, so a kind passed since an
    opponent's last discard is no wait of it; a kind in its own river was never one in the
    measured hands (0 of 276); a discarded wild is dead (M6)."""
    me = view.seat
    rivers = view.rivers
    safe_all = [1.0] * 34
    for seat in range(4):
        if seat == me:
            continue
        river = rivers[seat]
        ready = _READY[min(3, len(view.melds[seat]))][min(6, len(river) // 2)]
        if ready <= 0.0:
            continue
        skip = {int(t) for t, _ in river}
        if river:
            for s in seats_between(seat, me):
                if rivers[s]:
                    skip.add(int(rivers[s][-1][0]))
        for kind in range(34):
            if kind in skip:
                continue
            wait = _HONOUR if kind >= 27 else _RANK[kind % 9]
            safe_all[kind] *= 1.0 - ready * wait
    out = [1.0 - s for s in safe_all]
    if view.wild is not None:
        out[view.wild] = 0.0
    return out


_THROWN = (1.13, 0.69, 0.53, 0.54, 0.54, 0.54, 0.53, 0.69, 1.13)
"""Per rank, a held copy's chance to be thrown on a turn against the average kind's (hard in
all seats, 150 deals, seed 13: 1 and 9 7.8%, 2 and 8 4.8%, 3-7 3.7%, average 7.0%)."""
_THROWN_HONOUR = 3.5
"""The same for a wind or dragon (24-28% a turn)."""


def throw_weight(tile: int, tuning: Tuning, looks: int) -> float:
    """A live wait's weight against an ordinary tile's: of a ready hand's `looks` discards
    and one own draw a round, the discards bring honours and terminals far more often."""
    if not tuning.throws:
        return 1.0
    rate = _THROWN_HONOUR if tile >= 27 else _THROWN[tile % 9]
    rate = float(rate**tuning.throws)
    return (1.0 + looks * rate) / (1.0 + looks)
