"""The normal bot's discard: its cheap choice gives the plain path's choices and draws, and its
tie-break equals the sum it stands for."""

from __future__ import annotations

import random
from itertools import compress

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.actions import Action, ActionKind
from game.bots import evaluate as ev
from game.bots.normal import NormalBot, connections
from game.match import Match
from game.melds import Meld, MeldKind
from game.shapes import (
    deficiency,
)
from game.tiles import TILES
from game.view import SeatView
from tests.hands import capped_counts

# slow: a sweep against the plain reference, a soak or a real build (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow

_DISCARDS = tuple(Action(ActionKind.DISCARD, t) for t in TILES[:34])


def _view(ruleset: str) -> SeatView:
    """A real first-turn view of `ruleset`, to be given other hands."""
    match = Match(ruleset, 3)
    match.start_hand()
    return match.view(match.to_act()[0])


_VIEWS = {ruleset: _view(ruleset) for ruleset in ("mazhan", "nanjing")}
_PONGS = tuple(Meld(MeldKind.PONG, (TILES[k],) * 3) for k in (0, 10, 20, 27, 28))


def _turn_view(ruleset: str, counts: list[int], melds: int) -> SeatView:
    """The base view with these concealed counts, `melds` pongs declared, and a discard of
    each kind held as its only legal actions."""
    view = _VIEWS[ruleset]
    seat_melds = list(view.melds)
    seat_melds[view.seat] = _PONGS[:melds]
    return view._replace(counts=tuple(counts), melds=tuple(seat_melds), phase="discard",
                         legal=tuple(compress(_DISCARDS, counts)))


def _same_as_plain(view: SeatView, seed: int) -> None:
    """The bot's choice and the random numbers it drew equal the plain reference's."""
    bot = NormalBot(seed)
    state = bot.rng.getstate()
    expected = _plain_normal_discard(bot, view)
    after = bot.rng.getstate()
    bot.rng.setstate(state)
    assert bot.choose(view) == expected
    assert bot.rng.getstate() == after


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=17, max_size=17), st.integers(0, 3),
       st.integers(0, 4), st.integers(0, 2 ** 32))
def test_mazhan_discards_with_wilds_equal_the_plain_choice(
        tiles: list[int], wilds: int, melds: int, seed: int) -> None:
    """Mazhan hands with and without wilds (M6) and with declared sets: same discard and
    same random draws as the plain reference, which weighs every discard."""
    view = _VIEWS["mazhan"]
    assert view.wild is not None
    size = 3 * (5 - melds) + 2
    counts = capped_counts([t for t in tiles if t != view.wild][: size - wilds])
    counts[view.wild] = wilds
    assume(sum(counts) == size)
    _same_as_plain(_turn_view("mazhan", counts, melds), seed)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14), st.integers(0, 3),
       st.booleans(), st.integers(0, 2 ** 32))
def test_nanjing_discards_with_seven_pairs_equal_the_plain_choice(
        tiles: list[int], melds: int, paired: bool, seed: int) -> None:
    """Nanjing hands, seven pairs open (no set declared, N3) or not: same discard and same
    random draws as the plain reference. `paired` doubles the first tiles, so that hands
    near seven pairs come up often."""
    size = 3 * (4 - melds) + 2
    if paired:
        tiles = [t for t in tiles[: size // 2] for _ in range(2)] + tiles[size // 2:]
    counts = capped_counts(tiles[:size])
    assume(sum(counts) == size)
    _same_as_plain(_turn_view("nanjing", counts, melds), seed)


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_complete_hand_not_won_takes_the_plain_path(ruleset: str) -> None:
    """A complete hand offered only discards (the rules did not let it win): deficiency 0,
    where the cheap path stands aside; the choice still equals the plain one."""
    complete = [0, 0, 0, 1, 2, 3, 9, 10, 11, 18, 19, 20, 27, 27]
    if ruleset == "mazhan":
        complete += [4, 5, 6]
    counts = capped_counts(complete)
    view = _turn_view(ruleset, counts, 0)
    hand = ev.split(view)  # (a Mazhan wild among these tiles stands for itself)
    assert deficiency(hand.naturals, hand.wilds, hand.need) == 0
    for seed in range(20):
        _same_as_plain(view, seed)


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_seven_pairs_complete_hand_discards_equal_the_plain_choice(ruleset: str) -> None:
    """Seven pairs held whole (Nanjing N3; in Mazhan it is no win) and offered only
    discards: the same choice and draws as the plain reference."""
    counts = capped_counts([k for k in (0, 4, 8, 12, 16, 20, 33) for _ in range(2)]
                           + ([29, 30, 31] if ruleset == "mazhan" else []))
    for seed in range(20):
        _same_as_plain(_turn_view(ruleset, counts, 0), seed)


def test_played_discards_equal_the_plain_choice_in_many_positions() -> None:
    """Normal bots play whole hands of both rulesets; at every turn with only discards,
    the bot's choice and draws equal the plain reference's."""
    checked = 0
    for ruleset in ("mazhan", "nanjing"):
        match = Match(ruleset, 41)
        bots = [NormalBot(41 + p) for p in range(4)]
        rng = random.Random(5)
        for _ in range(4):
            match.start_hand()
            while not match.hand_over:
                seat = match.to_act()[0]
                view = match.view(seat)
                action = None
                if view.phase == "discard" and view.legal[0].kind is ActionKind.DISCARD:
                    _same_as_plain(view, rng.randrange(1 << 30))
                    checked += 1
                    action = bots[seat].choose(view)
                    # what the bot told `ev.now` of the hand it keeps is the plain measure
                    assert action.tile is not None
                    hand = ev.split(view)
                    left = ev.discard_hand(hand, action.tile)
                    plain = deficiency(left.naturals, left.wilds, left.need)
                    if left.pairs_ok:
                        plain = min(plain, ev.pairs_deficiency(left.naturals))
                    assert ev.now(left) == plain
                    # the very object the engine offered: `Hand.apply` finds it by identity
                    assert any(offered is action for offered in view.legal)
                match.apply(seat, action or bots[seat].choose(view))
    assert checked > 150


def _plain_normal_discard(bot: NormalBot, view: SeatView) -> Action:
    """NormalBot's discard as first written: every discard's deficiency, then the least
    connected of the best by `connections` over all unseen tiles, a random one of equals."""
    after = ev.after_discards(ev.split(view))
    discards = [(a, after[a.tile]) for a in view.legal
                if a.kind is ActionKind.DISCARD and a.tile is not None]
    best = min(d for _, d in discards)
    moves = [a for a, d in discards if d == best]
    if len(moves) == 1:
        return moves[0]
    unseen = view.unseen()
    keyed = [(99 if a.tile == view.wild else connections(view.counts, a.tile, unseen), a)
             for a in moves if a.tile is not None]
    least = min(k for k, _ in keyed)
    return bot.rng.choice([a for k, a in keyed if k == least])


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_normal_discards_equal_the_plain_choice(ruleset: str) -> None:
    """Every discard decision of normal bots in play, against the plain reference with the
    same random state (the tie-break that skips the live copies where one tile alone can
    be the least connected draws the same random numbers)."""
    match = Match(ruleset, 23)
    bots = [NormalBot(23 + p) for p in range(4)]
    decisions = 0
    for _ in range(6):
        match.start_hand()
        while not match.hand_over:
            seat = match.to_act()[0]
            view = match.view(seat)
            bot = bots[seat]
            if view.phase == "discard" and not any(
                    a.kind is not ActionKind.DISCARD for a in view.legal):
                state = bot.rng.getstate()
                expected = _plain_normal_discard(bot, view)
                after_plain = bot.rng.getstate()
                bot.rng.setstate(state)
                assert bot.choose(view) == expected
                assert bot.rng.getstate() == after_plain
                decisions += 1
                match.apply(seat, expected)
            else:
                match.apply(seat, bot.choose(view))
    assert decisions > 100


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=34, max_size=34),
       st.lists(st.integers(0, 4), min_size=34, max_size=34), st.integers(0, 33))
def test_connections_by_neighbour_table_equal_the_plain_sum(
        counts: list[int], unseen: list[int], tile: int) -> None:
    """The normal bot's tie-break by its neighbour table equals the sum it stands for."""
    plain = 2 * counts[tile] + unseen[tile] // 2
    if tile < 27:
        n = tile % 9
        for step in (-2, -1, 1, 2):
            if 0 <= n + step <= 8:
                plain += counts[tile + step] * (2 if abs(step) == 1 else 1)
    assert connections(counts, tile, unseen) == plain
