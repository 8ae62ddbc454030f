"""Stacked walls for scenario tests: hands, indicator, draws and tail written in tile notation.

`stacked` turns readable notation into the 144-tile draw order that `Hand(draw_order=...)` deals
from; `deal` builds and starts such a hand. The small drivers (`act`, `pass_all`, `run_out`, ...)
keep the tests short, and `snapshot` captures everything a seat can see, to prove that an illegal
action changed nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from game import events as ev
from game.actions import PASS, Action, ActionKind
from game.bots.normal import NormalBot
from game.engine import Hand, Phase
from game.events import Event
from game.lessons.stacking import WALL, E, N, S, TileText, W, ruleset, stacked, tiles
from game.lessons.stacking import StackError as ScenarioError
from game.rules.base import Payment, Ruleset
from game.shapes import is_seven_pairs, is_win
from game.tiles import TILES, counts_of, format_tiles, full_set
from game.view import SeatView, seat_view

_FULL = counts_of(full_set())


def swap(text: str, out: TileText, into: TileText) -> str:
    """`text` with the tiles of `out` taken out (one each) and those of `into` added."""
    held = tiles(text)
    for kind in tiles(out):
        if kind not in held:
            raise ScenarioError(f"{format_tiles(held)} holds no {TILES[kind]} to swap out")
        held.remove(kind)
    return format_tiles(held + tiles(into))


def deal(
    rules: Ruleset | str,
    hands: Sequence[str],
    *,
    indicator: TileText = "",
    draws: TileText = (),
    tail: TileText = (),
    stake: int = 1,
    dealer_streak: int = 0,
    seed: int = 0,
) -> tuple[Hand, list[Event]]:
    """A started hand on a stacked wall, and the events of its start."""
    rules = ruleset(rules)
    order = stacked(rules, hands, indicator=indicator, draws=draws, tail=tail)
    hand = Hand(rules, random.Random(seed), stake=stake, dealer_streak=dealer_streak,
                draw_order=order)
    return hand, hand.start()


# --------------------------------------------------------------------------- driving


def act(hand: Hand, seat: int, text: str) -> list[Event]:
    """Apply an action written in notation ("pong 5m", "discard 3s", "pass")."""
    return hand.apply(seat, Action.parse(text))


def legal(hand: Hand, seat: int) -> set[str]:
    """`seat`'s legal actions in notation."""
    return {str(a) for a in hand.legal_actions(seat)}


def claims(hand: Hand, seat: int) -> set[str]:
    """`seat`'s legal actions other than discards and pass."""
    return {str(a) for a in hand.legal_actions(seat)
            if a.kind not in (ActionKind.DISCARD, ActionKind.PASS)}


Apply = Callable[[int, Action], list[Event]]
"""`Hand.apply` or `Match.apply`: how a driver submits an action."""


def pass_all(hand: Hand, apply: Apply | None = None) -> list[Event]:
    """Every seat asked about a discard or an added kong passes."""
    submit = apply or hand.apply
    out: list[Event] = []
    while hand.phase in (Phase.CLAIM, Phase.ROB):
        out.extend(submit(hand.to_act()[0], PASS))
    return out


def discard(hand: Hand, seat: int, tile: str, *, settle: bool = True) -> list[Event]:
    """`seat` discards `tile`; with `settle`, any claim offers are passed."""
    assert hand.phase is Phase.DISCARD and hand.current == seat, (
        f"expected {'ESWN'[seat]} to discard, but phase={hand.phase.value} "
        f"current={'ESWN'[hand.current]}")
    out = act(hand, seat, f"discard {tile}")
    if settle:
        out.extend(pass_all(hand))
    return out


def tsumogiri(hand: Hand, apply: Apply | None = None) -> list[Event]:
    """The current seat discards the tile it just drew (or its first tile), claims passed."""
    submit = apply or hand.apply
    seat = hand.current
    tile = hand.drawn
    if tile is None or not hand.hands[seat][tile]:
        tile = next(a.tile for a in hand.legal_actions(seat) if a.kind is ActionKind.DISCARD)
    out = submit(seat, Action(ActionKind.DISCARD, tile))
    return out + pass_all(hand, apply)


def run_out(hand: Hand, apply: Apply | None = None, *, limit: int = 400) -> list[Event]:
    """Discard drawn tiles and pass every claim until the hand ends (nobody ever wins)."""
    out: list[Event] = []
    for _ in range(limit):
        if hand.phase is Phase.OVER:
            return out
        out.extend(tsumogiri(hand, apply))
    raise AssertionError(f"the hand did not end within {limit} discards")


# --------------------------------------------------------------------------- win offers


def completes(hand: Hand, seat: int, tile: int | None) -> bool:
    """Whether `seat`'s concealed tiles (plus `tile`) make a complete shape, checked straight
    from `game.shapes`: five/four sets and a pair with wilds standing in (M6, M9), or Nanjing's
    seven pairs with no meld at all (N3)."""
    counts = list(hand.hands[seat])
    if tile is not None:
        if counts[tile] >= 4:
            return False
        counts[tile] += 1
    wilds = 0
    if hand.wild is not None:
        wilds, counts[hand.wild] = counts[hand.wild], 0
    if is_win(counts, wilds):
        return True
    return hand.rules.seven_pairs and not hand.melds[seat] and is_seven_pairs(counts)


def must_be_offered(hand: Hand, seat: int, tile: int | None) -> bool:
    """A win the engine has to offer whatever else the rules say: Mazhan any complete hand
    (M9) but never on a discarded wild (M6); Nanjing a complete hand without a claimed set (N4)."""
    if hand.rules.uses_wild and tile is not None and tile == hand.wild:
        return False
    if not hand.rules.uses_wild and any(not m.is_concealed for m in hand.melds[seat]):
        return False
    return completes(hand, seat, tile)


def bot_play_checking_wins(rules: Ruleset | str, seed: int, *, limit: int = 600) -> int:
    """Play a hand with the normal bot in every seat, checking at each step that every win
    `must_be_offered` is offered; returns how many such wins came up."""
    rules = ruleset(rules)
    hand = Hand(rules, random.Random(seed))
    hand.start()
    bots = [NormalBot(seed * 4 + s) for s in range(4)]
    checked = 0
    drew = True
    for _ in range(limit):
        if hand.phase is Phase.OVER:
            return checked
        seat = hand.to_act()[0]
        if hand.phase is Phase.DISCARD and drew and must_be_offered(hand, seat, None):
            checked += 1
            assert any(a.kind is ActionKind.WIN for a in hand.legal_actions(seat)), (
                f"{'ESWN'[seat]} holds a complete hand {format_tiles(hand.concealed(seat))} "
                "after its draw but is not offered the win")
        action = bots[seat].choose(_view(hand, seat))
        due: list[int] = []
        if action.kind in (ActionKind.DISCARD, ActionKind.ADDED_KONG):
            assert action.tile is not None
            due = [s for s in range(4) if s != seat
                   and must_be_offered(hand, s, action.tile)]
            shown = {s: format_tiles(hand.concealed(s)) for s in due}
        events = hand.apply(seat, action)
        for s in due:
            checked += 1
            assert Action(ActionKind.WIN, action.tile) in hand.legal_actions(s), (
                f"{'ESWN'[s]} ({shown[s]}) is not offered a win on {action}")
        drew = any(e.kind == ev.DRAW for e in events)
    raise AssertionError(f"the hand did not end within {limit} actions")


def _view(hand: Hand, seat: int) -> SeatView:
    return seat_view(hand, seat, hand_no=1, scores=(0, 0, 0, 0), players=(0, 1, 2, 3),
                     names=("E", "S", "W", "N"))


# --------------------------------------------------------------------------- reading


def snapshot(hand: Hand) -> tuple[object, ...]:
    """All four seats' views plus the hidden counters: equal snapshots mean nothing changed."""
    views = [_view(hand, s) for s in range(4)]
    return (
        tuple(views),
        tuple(tuple(h) for h in hand.hands),
        tuple(hand.payments),
        tuple(hand.deltas),
        (hand.wall.head, hand.wall.tail),
        hand.phase,
        tuple(sorted(hand.answers.items())),
    )


def paid(events: Iterable[Event]) -> list[tuple[int, int, int, str]]:
    """(payer, payee, amount, key) of each payment event."""
    return [(e.other, e.seat, e.amount, e.info) for e in events if e.kind == ev.PAYMENT]


def net(payments: Iterable[Payment]) -> list[int]:
    """Each seat's gain from `payments`."""
    out = [0, 0, 0, 0]
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def hand_tiles(hand: Hand, seat: int) -> str:
    """`seat`'s concealed tiles in notation."""
    return format_tiles(hand.concealed(seat))


def census_ok(hand: Hand) -> bool:
    """Every one of the 144 tiles is somewhere (M1)."""
    return hand.tile_census() == _FULL


__all__ = [
    "WALL",
    "E",
    "N",
    "S",
    "ScenarioError",
    "W",
    "act",
    "bot_play_checking_wins",
    "census_ok",
    "claims",
    "completes",
    "deal",
    "discard",
    "hand_tiles",
    "kinds",
    "legal",
    "net",
    "paid",
    "pass_all",
    "ruleset",
    "run_out",
    "snapshot",
    "stacked",
    "swap",
    "tiles",
    "tsumogiri",
]
