"""The shape helpers any bot may call (documented in docs/bots.md; keep these names stable).

Every helper reads only a `SeatView` and counts the bot derives from it. Counts are 34 numbers,
one per tile kind (0-8 characters 1-9, 9-17 dots, 18-26 bamboo, 27-33 E S W N 白 發 中); in
Mazhan the wild kind (財神, ruling M6) is taken out and passed as a number of wilds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from game.actions import Action, ActionKind
from game.rules.base import Ruleset
from game.rules.registry import make_ruleset
from game.scoring import ScoreResult, WinContext
from game.shapes import deficiency as _deficiency
from game.shapes import deficiency_after_draws
from game.shapes import waits as _waits
from game.tiles import Tile, sorted_tiles
from game.view import SeatView

SETS = {"mazhan": 5, "nanjing": 4}
"""Sets in a complete hand besides the pair (rulings M9, N3)."""


class OwnHand(NamedTuple):
    """A concealed hand split the way the shape functions want it."""

    naturals: list[int]
    """Counts of the concealed tiles, the wild kind taken out."""
    wilds: int
    need: int
    """Sets the concealed part must still make (declared sets already count)."""
    seven_pairs: bool
    """Seven pairs still open to it (Nanjing, nothing declared, ruling N3)."""


def own_hand(view: SeatView, counts: Sequence[int] | None = None,
             melds: int | None = None) -> OwnHand:
    """The view's concealed hand, or `counts` with `melds` sets declared."""
    naturals = list(view.counts if counts is None else counts)
    declared = len(view.melds[view.seat]) if melds is None else melds
    wilds = 0
    if view.wild is not None:
        wilds = naturals[view.wild]
        naturals[view.wild] = 0
    return OwnHand(naturals, wilds, SETS[view.ruleset] - declared,
                   view.ruleset == "nanjing" and declared == 0)


def deficiency(view: SeatView, counts: Sequence[int] | None = None,
               melds: int | None = None) -> int:
    """Tiles still to draw before the hand is complete: 0 complete, 1 ready (shanten + 1).
    Seven pairs (N3) counts where it is open."""
    hand = own_hand(view, counts, melds)
    d = _deficiency(hand.naturals, hand.wilds, hand.need)
    if hand.seven_pairs:
        d = min(d, 7 - sum(min(n, 4) // 2 for n in hand.naturals))
    return d


def shanten(view: SeatView, counts: Sequence[int] | None = None,
            melds: int | None = None) -> int:
    """The usual shanten number: `deficiency` - 1 (-1 complete, 0 ready)."""
    return deficiency(view, counts, melds) - 1


def live(view: SeatView) -> list[int]:
    """For each kind, the copies this seat has not seen (they are in the wall or other hands)."""
    return view.unseen()


def waits(view: SeatView, counts: Sequence[int] | None = None,
          melds: int | None = None) -> list[int]:
    """Kinds that complete a hand waiting to draw (sets and a pair; seven pairs in Nanjing).
    Whether a win is allowed and what it scores is `score_win`'s business."""
    hand = own_hand(view, counts, melds)
    found = set(_waits(hand.naturals, hand.wilds))
    if hand.seven_pairs and sum(hand.naturals) == 13:
        odd = [k for k, n in enumerate(hand.naturals) if n % 2]
        if len(odd) == 1:
            found.add(odd[0])
    if view.wild is not None and found:
        found.add(int(view.wild))  # a drawn wild completes any ready hand (M6)
    return sorted(found)


def improving(view: SeatView, counts: Sequence[int] | None = None,
              melds: int | None = None) -> dict[int, int]:
    """Kind → live copies, for each kind whose draw lowers the deficiency (ukeire)."""
    hand = own_hand(view, counts, melds)
    base = _deficiency(hand.naturals, hand.wilds, hand.need)
    unseen = view.unseen()
    out = {k: unseen[k] for k, d in
           deficiency_after_draws(hand.naturals, hand.wilds, hand.need).items()
           if d < base and unseen[k] and k != view.wild}
    if view.wild is not None and base > 0 and unseen[view.wild]:
        out[view.wild] = unseen[view.wild]
    return out


def after_claim(view: SeatView, action: Action) -> list[int]:
    """The concealed counts once `action` (a chow, pong or kong on the discard) is made."""
    assert action.tile is not None
    counts = list(view.counts)
    if action.kind is ActionKind.CHOW:
        for t in action.tiles:
            if t != action.tile:
                counts[t] -= 1
    else:
        counts[action.tile] -= 3 if action.kind is ActionKind.KONG else 2
    return counts


def seats_between(start: int, stop: int) -> list[int]:
    """Seats strictly after `start` and before `stop` in turn order (those whose turn a
    claim by `stop` on `start`'s discard skips)."""
    out = []
    s = (start + 1) % 4
    while s != stop:
        out.append(s)
        s = (s + 1) % 4
    return out


_RULES: dict[str, Ruleset] = {}


def ruleset(view: SeatView) -> Ruleset:
    """The view's ruleset with its default options (the scorer does not read options)."""
    rules = _RULES.get(view.ruleset)
    if rules is None:
        rules = _RULES[view.ruleset] = make_ruleset(view.ruleset)
    return rules


def score_win(view: SeatView, counts: Sequence[int], win_tile: int, *,
              self_draw: bool) -> ScoreResult | None:
    """What the real scorer gives this seat for winning on `win_tile` with concealed `counts`
    (the winning tile not included) and its declared sets, or None when the tiles do not make
    a win the ruleset allows (N4). Flags known only at the end (海底, kong replacements) are
    left out, except 海底 from the wall left (N7)."""
    rules = ruleset(view)
    ponged = frozenset(int(m.first) for s in range(4) if s != view.seat
                       for m in view.melds[s] if m.kind.name == "PONG")
    ctx = WinContext(
        seat=view.seat,
        concealed=sorted_tiles(counts),
        melds=view.melds[view.seat],
        bonus=view.bonus[view.seat],
        win_tile=Tile(win_tile),
        self_draw=self_draw,
        wild=view.wild,
        flags=frozenset({"last_tiles"}) if view.wall_remaining <= 16 else frozenset(),
        ponged=ponged,
        dealer_streak=view.dealer_streak if view.seat == 0 else 0,
    )
    try:
        if not rules.may_win(ctx):
            return None
        return rules.score_winner(ctx)
    except ValueError:  # NotAWin: the tiles do not make a hand
        return None
