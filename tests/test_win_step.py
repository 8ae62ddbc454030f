"""The end of a hand: sorted tiles, the offered win's context, bonus checks, 獨張 and payments
against the plain code they replace.

The engine joins a hand's tiles from prebuilt runs and builds an offered win's context once;
the Mazhan checks test for bonus tiles in one C pass, and 獨張 counts the hand once. Each must
answer exactly as the plain way.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.engine import Hand
from game.match import Match
from game.rules import mazhan_checks, nanjing_scoring
from game.rules.base import Payment, payment
from game.rules.mazhan_checks import wild_count
from game.rules.mazhan_scoring import _single_wait
from game.scoring import NotAWin, ScoreResult, WinContext
from game.shapes import waits
from game.tiles import (
    FLOWERS,
    NUM_KINDS,
    PLAY_KINDS,
    WHITE,
    Tile,
    counts_of,
    sorted_tiles,
    tiles_of,
)
from tests.test_mazhan_scoring import winning_hands
from tests.test_mazhan_win_ranking import crowded_wins
from tests.test_nanjing_scoring import winning_hands as nanjing_wins

# slow: a sweep against the plain reference, a soak or a real build (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=34, max_size=34),
       st.lists(st.integers(0, 1), min_size=8, max_size=8), st.booleans())
def test_sorted_tiles_are_tiles_of(counts: list[int], flowers: list[int], long: bool) -> None:
    vector = counts + flowers if long else counts
    assert sorted_tiles(vector) == tuple(tiles_of(vector))


def test_sorted_tiles_take_the_plain_way_past_four() -> None:
    counts = [0] * 34
    counts[3], counts[20] = 6, 2
    assert sorted_tiles(counts) == tuple(tiles_of(counts))


def test_sorted_tiles_of_a_negative_count_are_tiles_of() -> None:
    """A count below 0 (a made-up vector) gives no tiles of that kind, as `tiles_of` does, not
    the run the index -1 would pick."""
    counts = [0] * 34
    counts[3], counts[5], counts[20] = -1, 2, 1
    assert sorted_tiles(counts) == tuple(tiles_of(counts)) == (5, 5, 20)


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_remembered_win_context_is_the_fresh_one(ruleset: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # every context handed out (remembered or not) equals one built afresh on the same state
    plain = Hand.context
    hits = [0, 0]

    def checked(self: Hand, seat: int, win_tile: Tile | None, **kw: object) -> WinContext:
        before = self._derived.context
        got = plain(self, seat, win_tile, **kw)  # type: ignore[arg-type]
        kept = self._derived.context
        self._derived.context = None
        fresh = plain(self, seat, win_tile, **kw)  # type: ignore[arg-type]
        self._derived.context = kept
        assert got == fresh
        hits[0] += 1
        hits[1] += before is not None and got is before[5]  # handed out from the memo
        return got

    monkeypatch.setattr(Hand, "context", checked)
    match = Match(ruleset, 11, {"bust_ends": False} if ruleset == "mazhan" else {})
    bots = [make_bot("normal", 40 + p) for p in range(4)]
    wins = 0
    for _ in range(12):
        match.start_hand()
        while not match.hand_over:
            hand = match.hand
            assert hand is not None
            seat = hand.to_act()[0]
            match.apply(seat, bots[match.players[seat]].choose(match.view(seat)))
        result = match.last_result
        assert result is not None
        wins += result.winner is not None
    assert wins > 0 and hits[0] > wins and hits[1] > 0


def test_context_not_remembered_leaves_the_memo_as_it_was() -> None:
    # an explanation (game/why.py) asks with remember=False: the context an offered win was
    # checked with stays the engine's memo, and the one asked for equals a remembered one
    match = Match("mazhan", 3, {"bust_ends": False})
    match.start_hand()
    hand = match.hand
    assert hand is not None
    tile = hand.concealed(0)[0]
    kept = hand.context(0, tile, self_draw=True, discarder=None, robbing=False)
    memo = hand._derived.context
    assert memo is not None and memo[5] is kept
    asked = hand.context(1, tile, self_draw=False, discarder=0, robbing=False,
                         remember=False)
    assert hand._derived.context is memo
    assert asked == hand.context(1, tile, self_draw=False, discarder=0, robbing=False)
    assert hand._derived.context is not memo  # remembered by default


def _plain_bonus_and_tiles(ctx: WinContext) -> str | None:
    """The bonus and playing-tile checks as plain loops (rulings M2): the wording expected."""
    for tile in ctx.bonus:
        if tile != WHITE and tile not in FLOWERS:
            return (f"{tile} is not a bonus tile: Mazhan bonus tiles are the flowers 1f-8f "
                    "and 白 5z (ruling M2)")
    flowers = [t for t in ctx.bonus if t != WHITE]
    for tile in flowers:
        n = flowers.count(tile)
        if n > 1:
            return f"there is only one {tile} ({tile.zh}), but bonus has {n}"
    for tile in ctx.concealed:
        if tile == WHITE or tile in FLOWERS:
            return (f"{tile} ({tile.zh}) is a bonus tile in Mazhan: it is set aside in bonus, "
                    "never held in the hand (ruling M2)")
    return None


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, NUM_KINDS - 1), max_size=17),
       st.lists(st.sampled_from([*FLOWERS, WHITE, WHITE, 3, 30]), max_size=8))
def test_bonus_checks_word_what_the_loops_word(concealed: list[int], bonus: list[int]) -> None:
    ctx = WinContext(seat=1, concealed=tuple(Tile(t) for t in concealed),
                     bonus=tuple(Tile(t) for t in bonus))
    got: str | None = None
    try:
        mazhan_checks._check_bonus(ctx)
        mazhan_checks._check_playing_tiles(ctx, winner=False)
    except NotAWin as e:
        got = str(e)
    assert got == _plain_bonus_and_tiles(ctx)


def _plain_single_wait(ctx: WinContext) -> bool:
    """獨張 (M14) as first written: counts made by `counts_of`, the wilds by `wild_count`."""
    natural = counts_of(t for t in ctx.concealed if t != ctx.wild)[:PLAY_KINDS]
    held = counts_of([*ctx.concealed, *(t for m in ctx.melds for t in m.tiles)])
    kinds = [k for k in waits(natural, wild_count(ctx, include_win=False))
             if k != ctx.wild and k != WHITE and held[k] < 4]
    return len(kinds) == 1


@settings(max_examples=300, deadline=None)
@given(st.one_of(winning_hands(), crowded_wins()))
def test_single_wait_counts_as_the_plain_one(ctx: WinContext) -> None:
    assert _single_wait(ctx) == _plain_single_wait(ctx)


def _nanjing_plain(ctx: WinContext) -> ScoreResult | str:
    """Nanjing's score of `ctx` with nothing remembered, or the NotAWin wording."""
    nanjing_scoring._LAST_CHECKED[0] = nanjing_scoring._LAST_SCORE[0] = None
    try:
        return nanjing_scoring.score_winner(ctx)
    except NotAWin as e:
        return str(e)
    finally:
        nanjing_scoring._LAST_CHECKED[0] = nanjing_scoring._LAST_SCORE[0] = None


@settings(max_examples=200, deadline=None)
@given(nanjing_wins(), st.integers(0, 4), nanjing_wins())
def test_nanjing_offer_then_score_is_the_plain_score(ctx: WinContext, hard: int,
                                                     other: WinContext) -> None:
    # fewer hard flowers: open hands that N4 may refuse, whose offer scores the hand (N4)
    ctx = replace(ctx, bonus=ctx.bonus[:hard])
    plain = _nanjing_plain(ctx)
    other_plain = _nanjing_plain(other)
    allowed = nanjing_scoring.may_win(ctx)  # as the engine asks before it offers the win
    assert allowed == isinstance(plain, ScoreResult)
    if allowed:
        assert nanjing_scoring.score_winner(ctx) == plain
    # another context (even an equal one) is never handed what was remembered for this one
    nanjing_scoring.may_win(ctx)
    assert _score_or_wording(replace(other)) == other_plain
    nanjing_scoring.may_win(ctx)
    assert _score_or_wording(replace(ctx)) == plain


def _score_or_wording(ctx: WinContext) -> ScoreResult | str:
    try:
        return nanjing_scoring.score_winner(ctx)
    except NotAWin as e:
        return str(e)


def test_cached_payment_is_an_equal_payment() -> None:
    fields = (1, 2, 40, "win", "pay.mazhan.win")
    assert payment(*fields) == Payment(*fields)
    assert payment(*fields) is payment(*fields)  # one frozen record, handed out again
