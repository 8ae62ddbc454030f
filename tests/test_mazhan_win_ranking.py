"""The Mazhan win step: ranked readings and remembered loser parts against the plain scorers.

`score_winner` ranks readings by numbers and writes out only the best; `score_loser` builds a
non-winner's lines from remembered parts; the hand checks count by kind. Each must answer
exactly as the plain code.
"""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.melds import Meld
from game.rules import mazhan_checks
from game.rules.mazhan_scoring import (
    rank_matches,
    score_loser,
    score_loser_plain,
    score_winner,
    score_winner_plain,
)
from game.scoring import NotAWin, WinContext
from game.tiles import FLOWERS, WHITE, Tile, format_tiles
from tests.test_mazhan_scoring import winning_hands

# slow: a sweep against the plain reference, a soak or a real build (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow

KINDS = [k for k in range(34) if k != WHITE]


@st.composite
def crowded_wins(draw: st.DrawFn) -> WinContext:
    """Winning hands packed into a few neighbouring kinds of one suit (plus honours), with up
    to three wilds: the hands with the most readings, where the ranking has most to choose."""
    suit = draw(st.integers(0, 2)) * 9
    low = draw(st.integers(0, 4))
    span = [suit + low + i for i in range(5)] + draw(st.lists(st.sampled_from([27, 28, 32, 33]),
                                                               max_size=2))
    counts = [0] * 34
    sets: list[list[int]] = []
    pair = draw(st.sampled_from(span))
    counts[pair] += 2
    for _ in range(5):
        if draw(st.booleans()):
            start = draw(st.integers(suit + low, suit + low + 2))
            tiles = [start, start + 1, start + 2]
        else:
            tiles = [draw(st.sampled_from(span))] * 3
        sets.append(tiles)
        for t in tiles:
            counts[t] += 1
    assume(max(counts) <= 4)
    melded = draw(st.integers(0, 1))
    melds = []
    concealed = [pair, pair]
    for i, tiles in enumerate(sets):
        if i < melded:
            shape = "chow" if tiles[0] != tiles[1] else "pong"
            melds.append(Meld.parse(f"{shape}:{format_tiles(tiles)}"))
        else:
            concealed += tiles
    win = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    self_draw = draw(st.booleans())
    free = [k for k in KINDS if counts[k] == 0]
    wild = draw(st.sampled_from(free))
    spots = draw(st.permutations(range(len(concealed))))[: draw(st.integers(0, 3))]
    for spot in spots:
        concealed[spot] = wild
    if self_draw and len(spots) < 3 and draw(st.booleans()):
        win = wild
    flowers = draw(st.lists(st.sampled_from(FLOWERS), unique=True, max_size=3))
    return WinContext(
        seat=draw(st.integers(0, 3)),
        concealed=tuple(Tile(t) for t in concealed),
        melds=tuple(melds),
        bonus=tuple(Tile(t) for t in [*flowers, *[WHITE] * draw(st.integers(0, 3))]),
        win_tile=Tile(win),
        self_draw=self_draw,
        wild=Tile(wild),
    )


@settings(max_examples=300, deadline=None)
@given(st.one_of(winning_hands(), crowded_wins()))
def test_ranked_winner_is_the_plain_winner(ctx: WinContext) -> None:
    # ruling M19: the same reading (the first of the best value, then base), the same lines
    fast, plain = score_winner(ctx), score_winner_plain(ctx)
    assert fast == plain
    assert fast.reading == plain.reading and fast.items == plain.items


@settings(max_examples=300, deadline=None)
@given(st.one_of(winning_hands(), crowded_wins()))
def test_ranker_agrees_with_every_written_reading(ctx: WinContext) -> None:
    assert rank_matches(ctx)


def _loser(ctx: WinContext, concealed: tuple[Tile, ...] | None = None) -> WinContext:
    return WinContext(seat=ctx.seat, concealed=ctx.concealed if concealed is None else concealed,
                      melds=ctx.melds, bonus=ctx.bonus, wild=ctx.wild)


@settings(max_examples=300, deadline=None)
@given(st.one_of(winning_hands(), crowded_wins()), st.randoms(use_true_random=False))
def test_loser_parts_give_the_plain_value(ctx: WinContext, rnd: Random) -> None:
    # ruling M20: the value built from remembered parts is the one written out from the hand,
    # also for a second hand sharing seat, melds and bonus tiles but not its concealed tiles
    hand = _loser(ctx)
    assert score_loser(hand) == score_loser_plain(hand)
    assert score_loser(hand) == score_loser_plain(hand)  # now from remembered parts
    tiles = list(ctx.concealed)
    rnd.shuffle(tiles)
    # swap one tile that is in no triplet for a kind nobody holds: other tiles, same parts
    counts = {t: tiles.count(t) for t in tiles}
    loose = [i for i, t in enumerate(tiles) if counts[t] < 3 and t != ctx.wild]
    used = {*tiles, *(t for m in ctx.melds for t in m.tiles)}
    spare = [k for k in KINDS if k not in used and k != ctx.wild]
    if loose and spare:
        tiles[loose[0]] = Tile(spare[0])
        other = _loser(ctx, tuple(sorted(tiles)))
        assert score_loser(other) == score_loser_plain(other)
    # a triplet made from the loose tiles changes the value as the plain count says
    if len(loose) >= 3 and len({tiles[i] for i in loose[:3]}) == 3:
        kind = tiles[loose[0]]
        if counts.get(kind, 0) + 2 <= 4:
            more = list(tiles)
            more[loose[1]] = more[loose[2]] = kind
            other = _loser(ctx, tuple(sorted(more)))
            assert score_loser(other) == score_loser_plain(other)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(KINDS), min_size=16, max_size=16),
    st.one_of(st.none(), st.sampled_from(KINDS)),
    st.lists(st.sampled_from([*FLOWERS, WHITE]), max_size=6),
    st.one_of(st.none(), st.sampled_from(KINDS)),
)
def test_quick_counts_word_the_same_errors(
    tiles: list[int], wild: int | None, bonus: list[int], win: int | None
) -> None:
    # rulings M2, M6: too many of a kind, of the wild or of one flower is refused as before
    ctx = WinContext(seat=0, concealed=tuple(Tile(t) for t in sorted(tiles)),
                     bonus=tuple(Tile(t) for t in bonus),
                     win_tile=None if win is None else Tile(win),
                     wild=None if wild is None else Tile(wild), self_draw=True)
    winner = win is not None
    expected: str | None = None
    try:  # the plain checks: every kind and flower counted and worded
        mazhan_checks._repeated_flower(ctx)
        mazhan_checks._count_error(ctx, winner)
    except NotAWin as e:
        expected = str(e)
    got: str | None = None
    try:
        mazhan_checks._check_bonus(ctx)
        mazhan_checks._check_counts(ctx, winner)
    except NotAWin as e:
        got = str(e)
    assert got == expected
