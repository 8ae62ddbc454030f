"""Issue 14, round 3: the normal bot's cheaper discard gives the plain path's choices and draws."""

from __future__ import annotations

import random
from itertools import compress

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.actions import Action, ActionKind
from game.bots import evaluate as ev
from game.bots.normal import NormalBot
from game.match import Match
from game.melds import Meld, MeldKind
from game.shapes import deficiency, discards_keeping
from game.tiles import TILES
from game.view import SeatView
from tests.hands import HANDS, capped_counts, discards
from tests.test_speed_paths import _plain_normal_discard

_DISCARDS = tuple(Action(ActionKind.DISCARD, t) for t in TILES[:34])


@settings(max_examples=400, deadline=None)
@given(HANDS, st.integers(0, 4), st.one_of(st.none(), st.integers(0, 9)))
def test_discards_keeping_equals_plain_deficiencies(tiles: list[int], wilds: int,
                                                    sets: int | None) -> None:
    """The deficiency is `deficiency`'s, and a kind is named exactly when the hand less one
    of it has the same deficiency (where that is above 0), any number of sets."""
    counts = capped_counts(tiles)
    d, keep = discards_keeping(counts, wilds, sets)
    need = (sum(counts) - 1 + wilds) // 3 if sets is None else sets
    assert d == deficiency(counts, wilds, need)
    assert keep >> 34 == 0
    for kind in range(34):
        if not counts[kind]:
            assert not keep >> kind & 1
    # with no wilds and sets enough for every natural, the deficiency counts the naturals
    # used exactly: a named kind is one whose discard leaves as many in use
    roomy = max(need, sum(counts))
    _, keep_all = discards_keeping(counts, 0, roomy)
    for kind, less in discards(counts):
        same = deficiency(less, wilds, need) == d
        if d > 0:
            assert bool(keep >> kind & 1) == same
        kept = deficiency(less, 0, roomy) == deficiency(counts, 0, roomy)
        assert bool(keep_all >> kind & 1) == kept


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
