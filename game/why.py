"""Why a claim or a win is not offered, or an answer not carried out (issue 27): the refusals
`Hand.refusals` hands a seat, as catalogue keys and numbers.

Nothing here decides what is legal. A refusal is what the hand's shape would allow (a kind it
waits on, a pair or a run beside the discard) less what the engine really offered, so a rule
removed from the engine removes its refusal with it; the words then name the rule that made
the difference, read from the same tables the engine reads (`CHOWS_FROM`, `CLAIM_TIERS`) and
from the ruleset's own `why_not_win` (N4). The engine calls in here only for the seats it
explains (the people at a table), never in a bots' match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.actions import PASS, Action, ActionKind
from game.rules.base import Refusal
from game.tiles import TILES, Tile

if TYPE_CHECKING:
    from game.engine import Hand

NOT_ALLOWED = "why.not_allowed"
"""A refusal no rule here names (the words say only that the rules do not allow it)."""
WALL_EMPTY = "why.wall_empty"

KEYS = {
    "mazhan": ("dead_wild", "wild_chow", "chow_previous", "win_first", "pong_first", "cut",
               "after_claim"),
    "nanjing": ("open_hand", "no_chow", "win_first", "cut", "after_claim"),
}
"""Every ruleset's own refusal keys ("why.<ruleset>.<name>"), for the catalogue's test."""


def _key(hand: Hand, name: str) -> str:
    return f"why.{hand.rules.name}.{name}"


def _win_refusal(hand: Hand, seat: int, tile: Tile, *, self_draw: bool,
                 robbing: bool) -> Refusal:
    """Why the ruleset refuses `seat` the win on `tile` its shape makes (its `why_not_win`)."""
    ctx = hand.context(seat, tile, self_draw=self_draw, discarder=None, robbing=robbing,
                       remember=False)  # the engine's own memo stays as its checks left it
    return hand.rules.why_not_win(ctx) or Refusal("win", NOT_ALLOWED, (), tile)


def _add(out: list[Refusal], refusal: Refusal) -> None:
    if all((r.action, r.key) != (refusal.action, refusal.key) for r in out):
        out.append(refusal)


def discard_refusals(hand: Hand, seat: int, source: int, kind: int,
                     offered: tuple[Action, ...]) -> tuple[Refusal, ...]:
    """What `seat`'s shape allows on `source`'s discard of `kind` but was not `offered`."""
    from game.engine import CHOWS_FROM, _chow_table

    tile = TILES[kind]
    counts = hand.hands[seat]
    wild = hand.wild
    dead = wild is not None and kind == wild  # M6: a discarded wild is dead
    kinds = {a.kind for a in offered}
    out: list[Refusal] = []
    waits = hand._waits(seat)
    # a wild would stand for whatever a ready hand waits on
    if (kind in waits or (dead and waits)) and ActionKind.WIN not in kinds:
        if dead:
            _add(out, Refusal("win", _key(hand, "dead_wild"), (), tile))
        elif counts[kind] < 4:
            _add(out, _win_refusal(hand, seat, tile, self_draw=False, robbing=False))
    held = counts[kind]
    if held >= 2 and ActionKind.PONG not in kinds:
        _add(out, Refusal("pong", _key(hand, "dead_wild") if dead else NOT_ALLOWED, (), tile))
    if held >= 3 and ActionKind.KONG not in kinds:
        key = (_key(hand, "dead_wild") if dead
               else WALL_EMPTY if hand.wall.left == 0 else NOT_ALLOWED)
        _add(out, Refusal("kong", key, (), tile))
    for a, b, chow in _chow_table(kind):  # every run the tile makes, whatever the ruleset
        if not (counts[a] and counts[b]) or chow in offered:
            continue
        if not hand.rules.has_chow:
            key = _key(hand, "no_chow")
        elif dead:
            key = _key(hand, "dead_wild")
        elif seat != CHOWS_FROM[source]:
            key = _key(hand, "chow_previous")
        elif wild in (a, b):
            key = _key(hand, "wild_chow")
        else:
            key = NOT_ALLOWED
        _add(out, Refusal("chow", key, (), tile))
    return tuple(out)


def note_discard(hand: Hand, source: int, kind: int,
                 offers: dict[int, tuple[Action, ...]]) -> None:
    """The explained seats' refusals of a discard just made (before the next seat draws).
    A seat's notes stay until it discards or a later tile is refused it: at the table's pace
    the next discard follows within a second, and the player must have time to read why."""
    notes = dict(hand.notes)
    notes.pop(source, None)
    for seat in hand.explained:
        if seat != source:
            found = discard_refusals(hand, seat, source, kind, offers.get(seat, ()))
            if found:
                notes[seat] = found
    hand.notes = notes


def note_rob(hand: Hand, konger: int, tile: Tile,
             offers: dict[int, tuple[Action, ...]]) -> None:
    """The explained seats' refused robs of an added kong (the shape completes, no offer)."""
    notes = dict(hand.notes)
    for seat in hand.explained:
        if (seat != konger and seat not in offers and tile in hand._waits(seat)
                and hand.hands[seat][tile] < 4):
            notes[seat] = (_win_refusal(hand, seat, tile, self_draw=False, robbing=True),)
    hand.notes = notes


def note_outcome(hand: Hand, taken: tuple[int, ...], action: Action) -> None:
    """The explained seats whose answer lost to `taken` seats' `action` (a win, or the claim
    `_resolve` carried out): why, from the same priority `_resolve` applies."""
    from game.engine import CLAIM_TIERS

    assert hand.pending is not None
    tile = hand.pending[1]
    for seat in hand.explained:
        own = hand.answers.get(seat, PASS)
        if own is PASS or own.kind is ActionKind.PASS or seat in taken:
            continue
        if action.kind is ActionKind.WIN:
            key = _key(hand, "cut" if own.kind is ActionKind.WIN else "win_first")
        else:
            tier = {k: n for n, kinds in enumerate(CLAIM_TIERS) for k in kinds}
            key = (_key(hand, "pong_first")
                   if tier.get(own.kind, 0) > tier.get(action.kind, 0) else NOT_ALLOWED)
        hand.notes[seat] = (*hand.notes.get(seat, ()),
                            Refusal(own.kind.value, key, (), tile))


def turn_refusals(hand: Hand, seat: int) -> tuple[Refusal, ...]:
    """On `seat`'s own turn: a complete hand not offered the win (N4; after a claim)."""
    if any(a.kind is ActionKind.WIN for a in hand.legal_actions(seat)):
        return ()
    if not hand._complete(seat):
        return ()
    if hand.just_claimed:
        return (Refusal("win", _key(hand, "after_claim")),)
    if hand.drawn is None:
        return ()
    return (_win_refusal(hand, seat, hand.drawn, self_draw=True, robbing=False),)
