"""Tests for game/shapes/: win detection, waits, deficiency and readings."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bench import plain_table_is_win
from game.shapes import (
    Group,
    decompositions,
    deficiency,
    is_seven_pairs,
    is_win,
    seven_pairs_deficiency,
    seven_pairs_waits,
    waits,
)
from game.tiles import NUM_KINDS, counts_of, parse_tiles
from tests.hands import capped_counts


def hand(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


def plus(counts: list[int], *kinds: int) -> list[int]:
    out = list(counts)
    for kind in kinds:
        out[kind] += 1
    return out


# --- plain references, written without the tables -----------------------------------------------


def ref_sets(counts: list[int]) -> bool:
    """Can these tiles (no wilds) be split into sets only?"""
    i = next((k for k in range(34) if counts[k]), None)
    if i is None:
        return True
    if counts[i] >= 3:
        counts[i] -= 3
        ok = ref_sets(counts)
        counts[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for j in (i, i + 1, i + 2):
            counts[j] -= 1
        ok = ref_sets(counts)
        for j in (i, i + 1, i + 2):
            counts[j] += 1
        if ok:
            return True
    return False


def ref_plain_win(counts: list[int]) -> bool:
    if sum(counts) % 3 != 2:
        return False
    for k in range(34):
        if counts[k] >= 2:
            counts[k] -= 2
            ok = ref_sets(counts)
            counts[k] += 2
            if ok:
                return True
    return False


def ref_win(counts: list[int], wilds: int, fifth_copies: bool = False) -> bool:
    """Try every choice of what the wilds stand for (ruling M6: any of the 34 kinds)."""
    work = list(counts[:34])
    if not fifth_copies and max(work) > 4:
        return False
    for stand_ins in combinations_with_replacement(range(34), wilds):
        trial = plus(work, *stand_ins)
        if ref_plain_win(trial):
            return True
    return False


def candidate_groups(counts: list[int]) -> tuple[list[Group], list[Group]]:
    """Every set and pair whose natural tiles are available in `counts`."""
    sets = [Group("pong", (), ()), Group("chow", (), ())]
    pairs = [Group("pair", (), ())]
    for k in range(34):
        for n in range(1, min(counts[k], 3) + 1):
            sets.append(Group("pong", (k, k, k), (k,) * n))
        for n in range(1, min(counts[k], 2) + 1):
            pairs.append(Group("pair", (k, k), (k,) * n))
    for start in range(27):
        if start % 9 > 6:
            continue
        window = (start, start + 1, start + 2)
        for mask in range(1, 8):
            natural = tuple(t for bit, t in enumerate(window) if mask >> bit & 1)
            if all(counts[t] for t in natural):
                sets.append(Group("chow", window, natural))
    return sets, pairs


def ref_readings(counts: list[int], wilds: int) -> set[tuple[Group, ...]]:
    """All readings by brute force over every multiset of candidate groups."""
    total = sum(counts[:34]) + wilds
    if total % 3 != 2:
        return set()
    sets, pairs = candidate_groups(counts)
    target = Counter({k: n for k, n in enumerate(counts[:34]) if n})
    out: set[tuple[Group, ...]] = set()
    for chosen in combinations_with_replacement(sets, (total - 2) // 3):
        for pair in pairs:
            groups = (*chosen, pair)
            naturals = Counter(t for g in groups for t in g.natural)
            if naturals == target and sum(g.wilds for g in groups) == wilds:
                out.add(frozen_reading(groups))
    return out


def frozen_reading(groups: tuple[Group, ...]) -> tuple[Group, ...]:
    return tuple(sorted(groups, key=lambda g: (g.kind, g.tiles, g.natural)))


# --- strategies -------------------------------------------------------------------------------


@st.composite
def tile_lists(draw: st.DrawFn, size: int) -> list[int]:
    """`size` tiles, at most four of a kind; often near-complete so wins are common."""
    tiles: list[int] = []
    if draw(st.booleans()):
        while len(tiles) < size:
            if draw(st.booleans()):
                start = draw(st.sampled_from([s for s in range(27) if s % 9 <= 6]))
                tiles += [start, start + 1, start + 2]
            else:
                kind = draw(st.integers(0, 33))
                tiles += [kind] * draw(st.integers(2, 3))
        tiles = draw(st.permutations(tiles))[:size]
    else:
        suit = draw(st.sampled_from([range(0, 9), range(9, 18), range(27, 34), range(34)]))
        tiles = draw(st.lists(st.sampled_from(list(suit)), min_size=size, max_size=size))
    counts = Counter(tiles)
    # keep the four-copy limit by trimming extras into another kind
    out: list[int] = []
    for kind, n in sorted(counts.items()):
        out += [kind] * min(n, 4)
    spare = [k for k in range(34) if counts[k] < 4]
    while len(out) < size:
        out.append(spare.pop())
    return out


@st.composite
def hands(draw: st.DrawFn, sizes: tuple[int, ...], max_wilds: int = 3) -> tuple[list[int], int]:
    """A (counts, wilds) hand whose tiles + wilds total one of `sizes`."""
    total = draw(st.sampled_from(sizes))
    wilds = draw(st.integers(0, min(max_wilds, total)))
    return counts_of(draw(tile_lists(total - wilds))), wilds


WIN_SIZES = (2, 5, 8, 11, 14, 17)
READY_SIZES = (1, 4, 7, 10, 13, 16)


# --- hand-written cases -----------------------------------------------------------------------


def test_simple_wins() -> None:
    assert is_win(hand("123m456p789s11122z"))
    assert is_win(hand("11z"))
    assert is_win(hand("123m55p"))
    assert is_win(hand("11122233344455m"))
    assert not is_win(hand("123m456p789s1112z"))
    assert not is_win(hand("12m"))
    assert not is_win(hand("135m77p"))


def test_wrong_size_is_never_a_win() -> None:
    assert not is_win(hand("123m456p789s111z"))  # 12 tiles: sets only, no pair
    assert not is_win(hand("123m456p789s1z"), 0)
    assert not is_win(hand("123m456p789s1z"), 2)  # 12 with the wilds


def test_four_of_a_kind_is_not_a_kong() -> None:  # ruling M8
    assert is_win(hand("1111m23m456p789s55z"))  # 111m + 123m
    assert not is_win(hand("111122m456p789s55z"))  # a kong reading would need 1111m as a set
    assert not is_win(hand("1111m456p789s55z"))  # 12 tiles: a kong is not in hand


def test_honours_never_chow() -> None:
    assert is_win(hand("111z222z333z444z55z"))
    assert not is_win(hand("123z456m789m123p55p"))
    assert not is_win(hand("567z456m789m123p55p"))
    assert not is_win(hand("89m1p456m789m123p55p"))  # no chow across suits


def test_wild_cases() -> None:  # ruling M6
    assert is_win(hand("123m456p789s1z"), 1)  # 1z + a wild is the pair
    assert not is_win(hand("123m456p789s1z"), 2)  # 12 tiles with the wilds
    assert is_win(hand("123m456p78s55z"), 1)  # 789s or 678s
    assert is_win(hand("123m456p789s1z"), 0) is False
    assert is_win(hand("123m456p789s12z"), 1) is False
    assert is_win(hand("123m456p7s55z"), 2)  # 7s + two wilds
    assert not is_win(hand("123m456p19s5z"), 2)
    assert is_win(hand("123m456p1s5z"), 3)  # 1s + two wilds, 5z + one wild
    assert is_win(hand("123m456p789s"), 2)  # the pair is two wilds
    assert is_win(hand("123m456p"), 5)  # a pair and a set made only of wilds
    assert is_win([0] * 34, 2)
    assert not is_win([0] * 34, 3)
    assert not is_win(hand("19m19p19s1234567z"), 1)


def test_five_of_a_kind_is_impossible() -> None:
    assert not is_win(hand("11111m"))
    assert not is_win(hand("11111m23m55p"), 1)
    assert 0 not in waits(hand("1111m"))
    assert 0 not in waits(hand("1111m23m55p"))
    assert not is_seven_pairs(hand("11111122334455m"))
    assert decompositions(hand("11111m")) == []


def test_a_wild_may_stand_for_a_fifth_copy() -> None:
    # Ruling M6 says a wild stands for any non-bonus tile; we read "any" literally.
    assert is_win(hand("1111m"), 1)
    assert set(decompositions(hand("1111m"), 1)) == {
        (Group("pair", (0, 0), (0,)), Group("pong", (0, 0, 0), (0, 0, 0))),
        (Group("pair", (0, 0), (0, 0)), Group("pong", (0, 0, 0), (0, 0))),
    }


def test_counts_may_be_42_long_and_flowers_are_ignored() -> None:
    counts = hand("123m456p789s11122z1f")
    assert len(counts) == NUM_KINDS
    assert is_win(counts)
    assert is_win(counts[:34])
    assert is_win(tuple(counts))


def test_bad_counts_give_a_clear_error() -> None:
    with pytest.raises(ValueError, match="34"):
        is_win([1, 2, 3])
    with pytest.raises(ValueError, match="0-4"):
        is_win([-1] + [0] * 33)
    with pytest.raises(ValueError, match="34"):
        waits([0] * 10)
    with pytest.raises(ValueError, match="four"):
        deficiency([5] + [0] * 33)
    with pytest.raises(ValueError, match="negative"):
        is_win(hand("11m"), -3)


def test_many_wilds() -> None:
    assert is_win([0] * 34, 17)  # a pair and five sets, all wild
    assert is_win(hand("19m"), 18)
    assert not is_win(hand("19m"), 17)
    assert waits([0] * 34, 16) == list(range(34))


def test_waits_examples() -> None:
    assert waits(hand("1112345678999m")) == list(range(9))  # nine gates
    assert waits(hand("123m456p789s1122z")) == [27, 28]
    assert waits(hand("123m456p789s13m55z")) == [1]  # closed wait
    assert waits(hand("123m456p789s12m55z")) == [2]  # edge wait
    assert waits(hand("123m456p789s123p1z")) == [27]  # single wait
    assert waits(hand("123m456p789s1111z")) == []  # the pair would need a fifth 東
    assert waits(hand("123m456p789s1z"), 1) == []  # 11 tiles with the wild: not 3n+1
    assert waits(hand("123m456p789s"), 1) == list(range(34))  # the wild pairs with anything
    assert waits(hand("19m19p19s1234567z")) == []


def test_seven_pairs() -> None:  # ruling N3
    assert is_seven_pairs(hand("11223344556677m"))
    assert is_seven_pairs(hand("11112233445566m"))  # four identical = two pairs
    assert is_seven_pairs(hand("1111m2222p3333s11z"))
    assert not is_seven_pairs(hand("1122334455667m"))
    assert not is_seven_pairs(hand("112233445566m"))
    assert not is_seven_pairs(hand("111222m33445566p"))
    assert seven_pairs_waits(hand("1122334455667m")) == [6]
    assert seven_pairs_waits(hand("1112233445566m")) == [0]
    assert seven_pairs_waits(hand("1122334455678m")) == []
    assert seven_pairs_deficiency(hand("1122334455667m")) == 1
    assert seven_pairs_deficiency(hand("11223344556677m")) == 0
    assert seven_pairs_deficiency(hand("19m19p19s1234567z")) == 7


def test_deficiency_examples() -> None:
    assert deficiency(hand("123m456p789s11122z")) == 0
    assert deficiency(hand("1112345678999m")) == 1
    assert deficiency(hand("123m456p789s1z2z")) == 1  # keep one honour, wait on its pair
    assert deficiency(hand("19m19p19s1234567z")) == 9  # five groups hold one tile each
    assert deficiency(hand("123m456p789s1z"), 1) == 0
    assert deficiency(hand("123m456p789s1z"), 2) == 2  # 4 sets + pair: 2 slots stay empty
    assert deficiency(hand("123m456p789s1357z")) == 3
    assert deficiency(hand("55z"), sets_needed=0) == 0
    assert deficiency(hand("5z"), sets_needed=0) == 1
    assert deficiency([0] * 34, 0, sets_needed=4) == 14


def test_decompositions_wild_stands_in_everywhere() -> None:
    readings = decompositions(hand("5m99p"), 2)
    sets_for_five = {r[0].tiles for r in readings if r[1] == Group("pair", (17, 17), (17, 17))}
    assert sets_for_five == {(2, 3, 4), (3, 4, 5), (4, 5, 6), (4, 4, 4)}
    assert (Group("pair", (4, 4), (4,)), Group("pong", (17, 17, 17), (17, 17))) in readings
    assert len(readings) == 5


def test_decompositions_pongs_or_chows() -> None:
    readings = decompositions(hand("111222333m55p"))
    assert len(readings) == 2
    kinds = sorted(tuple(g.kind for g in r) for r in readings)
    assert kinds == [("chow", "chow", "chow", "pair"), ("pong", "pong", "pong", "pair")]


def test_decompositions_winning_tile_in_different_groups() -> None:
    # the 4m may sit in 234m or in 456m: both readings reach the scorer (ruling M19)
    readings = decompositions(hand("234456m789p11z"))
    assert {tuple(g.tiles for g in r) for r in readings} == {
        ((1, 2, 3), (3, 4, 5), (15, 16, 17), (27, 27)),
    }
    readings = decompositions(hand("23445m789p11z"), 1)  # the wild: 3m, 6m or 3m again
    sets = {tuple(g.tiles for g in r if g.kind == "chow" and g.tiles[0] < 9) for r in readings}
    assert sets == {((1, 2, 3), (2, 3, 4)), ((1, 2, 3), (3, 4, 5))}


def test_decompositions_all_wild_groups_offered_both_ways() -> None:
    readings = set(decompositions(hand("123m"), 5))
    wild_pair = Group("pair", (), ())
    assert (Group("chow", (0, 1, 2), (0, 1, 2)), Group("chow", (), ()), wild_pair) in readings
    assert (Group("chow", (0, 1, 2), (0, 1, 2)), wild_pair, Group("pong", (), ())) in readings


def test_decompositions_not_a_win() -> None:
    assert decompositions(hand("123m456p789s1112z")) == []
    assert decompositions(hand("123m"), 0) == []


def test_group_text() -> None:
    assert str(Group("chow", (3, 4, 5), (4,))) == "chow:456m+2wild"
    assert str(Group("pong", (), ())) == "pong:any+3wild"
    assert Group("pair", (27, 27), (27, 27)).wilds == 0


# --- properties ----------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(hands((2, 5, 8, 11), max_wilds=2))
def test_is_win_matches_brute_force(case: tuple[list[int], int]) -> None:
    counts, wilds = case
    assert is_win(counts, wilds) == ref_win(counts, wilds)


@settings(max_examples=150, deadline=None)
@given(hands(WIN_SIZES))
def test_is_win_matches_decompositions(case: tuple[list[int], int]) -> None:
    counts, wilds = case
    assert is_win(counts, wilds) == bool(decompositions(counts, wilds))


@settings(max_examples=150, deadline=None)
@given(hands(WIN_SIZES))
def test_every_reading_uses_exactly_the_hand(case: tuple[list[int], int]) -> None:
    counts, wilds = case
    readings = decompositions(counts, wilds)
    assert len(set(readings)) == len(readings)
    total = sum(counts[:34]) + wilds
    for reading in readings:
        assert Counter(t for g in reading for t in g.natural) == Counter(
            {k: n for k, n in enumerate(counts[:34]) if n}
        )
        assert sum(g.wilds for g in reading) == wilds
        assert [g.kind for g in reading].count("pair") == 1
        assert len(reading) == (total - 2) // 3 + 1
        for g in reading:
            assert not Counter(g.natural) - Counter(g.tiles)
            if not g.tiles:
                assert g.natural == ()
            elif g.kind == "chow":
                low = g.tiles[0]
                assert low < 27 and low % 9 <= 6 and g.tiles == (low, low + 1, low + 2)
            else:
                assert len(set(g.tiles)) == 1
                assert len(g.tiles) == (2 if g.kind == "pair" else 3)


@settings(max_examples=60, deadline=None)
@given(hands((2, 5, 8)))
def test_decompositions_match_brute_force(case: tuple[list[int], int]) -> None:
    counts, wilds = case
    found = {frozen_reading(r) for r in decompositions(counts, wilds)}
    assert found == ref_readings(counts, wilds)


@settings(max_examples=150, deadline=None)
@given(hands(READY_SIZES))
def test_waits_are_exactly_the_winning_draws(case: tuple[list[int], int]) -> None:
    counts, wilds = case
    listed = waits(counts, wilds)
    assert listed == sorted(set(listed))
    for kind in range(34):
        expected = counts[kind] < 4 and is_win(plus(counts, kind), wilds)
        assert (kind in listed) == expected


@settings(max_examples=150, deadline=None)
@given(hands(WIN_SIZES))
def test_deficiency_zero_exactly_when_complete(case: tuple[list[int], int]) -> None:
    counts, wilds = case
    assert (deficiency(counts, wilds) == 0) == is_win(counts, wilds)


@settings(max_examples=150, deadline=None)
@given(hands(READY_SIZES))
def test_deficiency_of_a_3n1_hand(case: tuple[list[int], int]) -> None:
    counts, wilds = case
    value = deficiency(counts, wilds)
    assert value >= 1
    if waits(counts, wilds):
        assert value == 1
    # 1 exactly when some draw completes it, counting draws of a fifth copy (see docstring)
    if sum(counts) + wilds <= 7 and wilds <= 1:
        one_away = any(ref_win(plus(counts, k), wilds, fifth_copies=True) for k in range(34))
        assert (value == 1) == one_away
    for kind in range(34):
        if counts[kind] < 4:
            after = deficiency(plus(counts, kind), wilds)
            assert after >= value - 1


@settings(max_examples=80, deadline=None)
@given(hands((5, 8, 11, 14)))
def test_deficiency_steps_down_by_one_exchange(case: tuple[list[int], int]) -> None:
    counts, wilds = case
    value = deficiency(counts, wilds)
    if value == 0:
        return
    # some discard keeps the hand as good; no discard makes it better
    after = []
    for kind in range(34):
        if counts[kind]:
            less = list(counts)
            less[kind] -= 1
            after.append(deficiency(less, wilds, sets_needed=(sum(counts) + wilds) // 3))
    assert min(after) == value


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=13))
def test_seven_pairs_waits_property(tiles: list[int]) -> None:
    counts = counts_of(tiles)
    if max(counts) > 4:
        return
    listed = seven_pairs_waits(counts)
    for kind in range(34):
        expected = counts[kind] < 4 and is_seven_pairs(plus(counts, kind))
        assert (kind in listed) == expected


_counts = st.lists(st.integers(0, 4), min_size=34, max_size=34)


@settings(max_examples=300, deadline=None)
@given(_counts)
def test_seven_pairs_quick_reject_agrees_with_the_rule(counts: list[int]) -> None:
    total = sum(counts)
    assert is_seven_pairs(counts) == (total == 14 and all(n in (0, 2, 4) for n in counts))
    odd = [k for k, n in enumerate(counts) if n % 2]
    expected = odd if total == 13 and len(odd) == 1 else []
    assert seven_pairs_waits(counts) == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=0, max_size=17), st.integers(0, 4))
def test_plain_table_check_agrees_with_is_win(tiles: list[int], wilds: int) -> None:
    counts = capped_counts(tiles)
    assert plain_table_is_win(counts, wilds) == is_win(counts, wilds)
