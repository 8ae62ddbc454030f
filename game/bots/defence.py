"""Reading the table: how close each opponent looks, and how dangerous each discard is.

Only public information is read: declared sets, rivers, bonus tiles and what is still unseen.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import NamedTuple

from game.melds import Meld
from game.view import SeatView

_SUITED_RISK = (0.5, 0.7, 0.9, 1.0, 1.0, 1.0, 0.9, 0.7, 0.5)
"""Middle tiles complete more shapes than terminals."""


class Threat(NamedTuple):
    seat: int
    level: float
    """Roughly the chance this seat is close to winning, 0-1."""
    flush: int | None
    """The suit (0-2) this seat seems to be gathering, if any."""
    river: frozenset[int]
    fed_by_me: int
    """Its claimed pongs and kongs fed by this bot (N13 liability, 快照)."""


def threats(view: SeatView) -> list[Threat]:
    """One entry per opponent."""
    out: list[Threat] = []
    me = view.seat
    mazhan = view.ruleset == "mazhan"
    late = view.wall_left < 20
    for seat in range(4):
        if seat == me:
            continue
        melds = view.melds[seat]
        river = view.rivers[seat]
        kinds = frozenset([t for t, _ in river])
        if mazhan:
            level = 0.12 * len(melds) + 0.02 * len(river)
        else:
            # Nanjing hands mostly stay concealed: time tells more than sets do.
            claimed = 0
            for m in melds:
                if m.source is not None:
                    claimed += 1
            level = 0.05 * len(river) + 0.15 * claimed
        if late:
            level += 0.2
        flush = gathered_suit(melds, kinds, len(river))
        if flush is not None:
            level += 0.2
        fed = 0
        for m in melds:
            if m.source == me and m.kind.is_triplet:
                fed += 1
        out.append(Threat(seat, min(level, 1.0), flush, kinds, fed))
    return out


def gathered_suit(melds: Sequence[Meld], kinds: AbstractSet[int], discards: int) -> int | None:
    """The suit (0-2) a seat seems to gather: the one suit of its two or more declared sets,
    else, after 7 discards (`kinds` the kinds it threw), the first suit it never threw."""
    meld_suits = {m.first // 9 for m in melds if m.first < 27} if len(melds) >= 2 else ()
    if len(meld_suits) == 1:
        return min(meld_suits)
    if discards >= 7:
        shown = {tile // 9 for tile in kinds if tile < 27}
        return next((s for s in range(3) if s not in shown), None)
    return None


def danger(tile: int, threat: Threat, unseen: Sequence[int]) -> float:
    """How likely discarding `tile` feeds this opponent (0 = safe, about 1 = typical)."""
    if tile >= 27:
        risk = 0.1 + 0.2 * unseen[tile]  # honours only wait as a pair or a single
    else:
        risk = _SUITED_RISK[tile % 9]
        n = tile % 9
        river = threat.river
        if (n >= 3 and tile - 3 in river) or (n <= 5 and tile + 3 in river):
            risk *= 0.7  # a discarded tile three away rules out some two-sided waits
    if tile in threat.river:
        risk *= 0.4
    if threat.flush is not None:
        if tile < 27 and tile // 9 == threat.flush:
            risk *= 2.5
        elif tile < 27:
            risk *= 0.4
    return risk


def table_danger(tile: int, found: Sequence[Threat], unseen: Sequence[int],
                 ruleset: str) -> float:
    """Danger of a discard summed over the opponents, weighted by how close each looks."""
    # `danger` written out per threat (the same products in the same order, so the same
    # floats): a bot weighs every candidate discard against every opponent
    suited = tile < 27
    if suited:
        n = tile % 9
        first = _SUITED_RISK[n]
        below = tile - 3 if n >= 3 else -1
        above = tile + 3 if n <= 5 else -1
        suit = tile // 9
    else:
        first = 0.1 + 0.2 * unseen[tile]  # honours only wait as a pair or a single
        below = above = suit = -1
    liable = ruleset == "nanjing" and unseen[tile] >= 2
    total = 0.0
    for threat in found:
        risk = first
        river = threat.river
        if suited and (below in river or above in river):
            risk *= 0.7  # a discarded tile three away rules out some two-sided waits
        if tile in river:
            risk *= 0.4
        flush = threat.flush
        if flush is not None and suited:
            risk *= 2.5 if suit == flush else 0.4
        total += threat.level * risk
        if liable and threat.fed_by_me >= 2:
            # N13: a third fed set makes us liable; a fourth wins at once (快照) at our cost.
            total += 1.5 if threat.fed_by_me == 2 else 4.0
    return total

