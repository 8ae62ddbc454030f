"""The bots' fast shape paths (issue 14, second round) against the plain answers they stand in
for: per-suit best slots, draws that help after each discard, acceptance from those draws, and
the larger suits' usage rows read from game/shape_rows.bin."""

from __future__ import annotations

import random
import zlib
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import shapes
from game.bots import evaluate as ev
from game.shapes import (
    DrawsAfterDiscard,
    deficiency,
    deficiency_after_draws,
    discards_keeping,
)
from tests.hands import HANDS, capped_counts, discards, with_wild
from tools import shape_tables


@settings(max_examples=200, deadline=None)
@given(HANDS, st.integers(0, 3), st.integers(0, 9))
def test_helping_draws_equal_plain_deficiencies(tiles: list[int], wilds: int,
                                                sets: int) -> None:
    counts = capped_counts(tiles)
    table = DrawsAfterDiscard(counts, wilds, sets)
    for kind, less in discards(counts):
        base = deficiency(less, wilds, sets)
        plain = []
        for k in range(34):
            if less[k] < 4:
                more = less[:]
                more[k] += 1
                if deficiency(more, wilds, sets) < base:
                    plain.append(k)
        assert table.helping(kind) == (base, tuple(plain))


@settings(max_examples=200, deadline=None)
@given(HANDS, st.integers(0, 3), st.booleans(), st.booleans(),
       st.lists(st.integers(0, 4), min_size=34, max_size=34), st.sampled_from([None, 0, 1, 2]))
def test_acceptance_from_helping_draws_equals_acceptance(
        tiles: list[int], wilds: int, pairs_ok: bool, wild_kind: bool, unseen: list[int],
        suit: int | None) -> None:
    """Both rulesets' shapes: Mazhan with wilds (a wild kind set), Nanjing's seven pairs."""
    counts = capped_counts(tiles)
    wild, wilds = with_wild(counts, wilds, wild_kind)
    need = (sum(counts) + wilds) // 3
    allowed = None if suit is None else range(9 * suit, 9 * suit + 9)
    table = DrawsAfterDiscard(counts, wilds, need)
    for kind in range(34):
        if not counts[kind]:
            continue
        rest = counts[:]
        rest[kind] -= 1
        hand = ev.Hand(rest, wilds, need, pairs_ok and wild is None, wild)
        base, helping = table.helping(kind)
        assert ev.acceptance_helping(hand, unseen, allowed, base, helping) == \
            ev.acceptance(hand, unseen, allowed)


@settings(max_examples=200, deadline=None)
@given(HANDS, st.integers(0, 3), st.integers(0, 7))
def test_draws_after_discard_equal_plain_deficiencies(tiles: list[int], wilds: int,
                                                      sets: int) -> None:
    counts = capped_counts(tiles)
    table = DrawsAfterDiscard(counts, wilds, sets)
    for kind, less in discards(counts):
        plain = {}
        for k in range(34):
            if less[k] < 4:
                more = less[:]
                more[k] += 1
                plain[k] = deficiency(more, wilds, sets)
        assert table.after(kind) == (deficiency(less, wilds, sets), plain)
        assert deficiency_after_draws(less, wilds, sets) == plain


def test_shipped_rows_equal_the_search() -> None:
    """A seeded sample of every size in game/shape_rows.bin, against the search itself."""
    rng = random.Random(14)
    for size in shapes.EXTRA_SIZES:
        keys = shape_tables.suit_keys(size)
        assert len(keys) == shapes._WAYS[0][size]
        for key in [*rng.sample(keys, 300), keys[0], keys[-1]]:
            assert shapes.suit_rank(key) == keys.index(key)
            assert shapes._shipped_rows(key) == shapes._search_usage(key), key


def test_rows_file_is_what_the_tool_builds() -> None:
    saved = shapes._EXTRA[:]
    shapes._EXTRA[:] = [None]  # searched, not read back from the file under test
    usage = dict(shapes._USAGE)
    try:
        shapes._USAGE.clear()
        assert shape_tables.build_rows_file() == shapes.ROWS_FILE.read_bytes()
    finally:
        shapes._EXTRA[:] = saved
        shapes._USAGE.clear()
        shapes._USAGE.update(usage)


@pytest.mark.parametrize("content", [None, b"not zlib", zlib.compress(b"short")])
def test_an_unusable_rows_file_leaves_the_search(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "shape_rows.bin"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(shapes, "ROWS_FILE", path)
    monkeypatch.setattr(shapes, "_EXTRA", [])
    key = bytes([2, 2, 1, 1, 1, 1, 0, 0, 2])
    assert shapes._shipped_rows(key) is None
    assert shapes._EXTRA == [None]


def test_shipped_slots_equal_the_worked_out_ones() -> None:
    """Every suited key in game/shape_slots.bin: the slots a draw changes, as read from the
    file and as worked out from the rows before and after the draw."""
    for size in range(shapes.SLOTS_MAX + 1):
        for key in shape_tables.suit_keys(size):
            assert shapes._shipped_slots(key) == shapes._search_move_slots(key, 1), key
    assert shapes._shipped_slots(bytes([2, 2, 1, 1, 1, 1, 0, 0, 1])) is None  # 9 tiles
    assert shapes._shipped_slots(bytes([2, 0, 0, 0, 0, 0, 1])) is None  # honours


def test_slots_file_is_what_the_tool_builds() -> None:
    assert shape_tables.build_slots_file() == shapes.SLOTS_FILE.read_bytes()


@pytest.mark.parametrize("content", [None, b"not zlib", zlib.compress(b"short")])
def test_an_unusable_slots_file_leaves_the_worked_out_slots(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "shape_slots.bin"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(shapes, "SLOTS_FILE", path)
    monkeypatch.setattr(shapes, "_SLOTS", [])
    monkeypatch.setattr(shapes, "_MOVE_SLOTS", ({}, {}))
    key = bytes([2, 2, 1, 1, 1, 0, 0, 0, 1])
    assert shapes._shipped_slots(key) is None
    assert shapes._SLOTS == [None]
    assert shapes._move_slots(key, 1) == shapes._search_move_slots(key, 1)


def test_shipped_discard_slots_equal_the_worked_out_ones() -> None:
    """Every suited key in game/shape_discard_slots.bin: the slots a discard changes, as read
    from the file and as worked out from the rows before and after the discard."""
    for size in range(shapes.DISCARD_SLOTS_MAX + 1):
        for key in shape_tables.suit_keys(size):
            assert shapes._shipped_discard_slots(key) == shapes._search_move_slots(key, -1), key
    assert shapes._shipped_discard_slots(bytes([2, 2, 1, 1, 1, 1, 0, 1, 1])) is None  # 10
    assert shapes._shipped_discard_slots(bytes([2, 0, 0, 0, 0, 0, 1])) is None  # honours


def test_discard_slots_file_is_what_the_tool_builds() -> None:
    assert shape_tables.build_discard_slots_file() == shapes.DISCARD_SLOTS_FILE.read_bytes()


@pytest.mark.parametrize("content", [None, b"not zlib", zlib.compress(b"short")])
def test_an_unusable_discard_slots_file_leaves_the_worked_out_slots(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, content: bytes | None) -> None:
    """Without a usable file the slots are worked out, and a discard names the same kinds."""
    key = bytes([2, 2, 1, 1, 1, 0, 0, 0, 1])
    counts = [*key, *key, *bytes(9), 2, 0, 0, 0, 0, 0, 0]
    monkeypatch.setattr(shapes, "_MOVE_SLOTS", ({}, {}))
    monkeypatch.setattr(shapes, "_KEEP_MASKS", {})
    from_file = discards_keeping(counts)
    path = tmp_path / "shape_discard_slots.bin"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(shapes, "DISCARD_SLOTS_FILE", path)
    monkeypatch.setattr(shapes, "_DISCARD_SLOTS", [])
    monkeypatch.setattr(shapes, "_MOVE_SLOTS", ({}, {}))
    monkeypatch.setattr(shapes, "_KEEP_MASKS", {})
    assert shapes._shipped_discard_slots(key) is None
    assert shapes._DISCARD_SLOTS == [None]
    assert shapes._move_slots(key, -1) == shapes._search_move_slots(key, -1)
    assert discards_keeping(counts) == from_file


@settings(max_examples=300, deadline=None)
@given(HANDS, st.integers(0, 2), st.integers(0, 5))
def test_draws_after_discard_rests_equal_any_combination(tiles: list[int], wilds: int,
                                                         sets: int) -> None:
    """Each suit's other three suits, combined as `_deficiency_moves` combines them, have the
    rows of the three combined in the first order (the combination is associative)."""
    table = DrawsAfterDiscard(capped_counts(tiles), wilds, sets)
    if not table.fast:
        return
    n = table.numbers
    for a in range(4):
        first, second, third = (b for b in range(4) if b != a)
        plain = shapes._join(n[first], shapes._join(n[second], n[third]))
        assert shapes._ROWS_OF[table.rest[a]] == shapes._ROWS_OF[plain]


@settings(max_examples=300, deadline=None)
@given(HANDS, st.integers(0, 3), st.integers(0, 5))
def test_remembered_triplets_and_counted_pairs_equal_plain_ones(tiles: list[int], wilds: int,
                                                                need: int) -> None:
    counts = capped_counts(tiles)
    hand = ev.Hand(counts, wilds, need, False, None)
    assert ev.triplets_only(hand) == ev._triplets_only(hand)
    assert ev.pairs_deficiency(counts) == 7 - sum(n // 2 for n in counts)


def _plain_flush(melds_first: list[int], river: list[int]) -> int | None:
    """The flush read of `defence.threats` as first written (suit counts, then the lowest)."""
    suits = [0, 0, 0]
    meld_suits = {t // 9 if t < 27 else 3 for t in melds_first}
    for tile in river:
        if tile < 27:
            suits[tile // 9] += 1
    if len(melds_first) >= 2 and len(meld_suits - {3}) == 1:
        return min(meld_suits - {3})
    if len(river) >= 7:
        lowest = min(range(3), key=lambda s: suits[s])
        if suits[lowest] == 0:
            return lowest
    return None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), max_size=4), st.lists(st.integers(0, 33), max_size=20))
def test_threat_flush_read_equals_the_plain_one(melds_first: list[int],
                                                river: list[int]) -> None:
    from game.bots.defence import threats
    from game.melds import Meld, MeldKind
    from game.tiles import Tile

    melds = tuple(Meld(MeldKind.PONG, (Tile(t),) * 3, claimed=Tile(t), source=0)
                  for t in melds_first)
    view = SimpleNamespace(seat=0, ruleset="nanjing", wall_left=50,
                           melds=((), melds, (), ()),
                           rivers=((), tuple((Tile(t), False) for t in river), (), ()))
    found = threats(view)  # type: ignore[arg-type]
    assert found[0].flush == _plain_flush(melds_first, river)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=2, max_size=14), st.booleans())
def test_after_discards_with_seven_pairs_equal_plain_ones(tiles: list[int],
                                                          pairs_ok: bool) -> None:
    """Nanjing: each discard's deficiency is the lower of the regular and seven-pairs ones."""
    counts = capped_counts(tiles)
    need = (sum(counts) - 1) // 3
    hand = ev.Hand(counts, 0, need, pairs_ok, None)
    plain = {}
    for kind, less in discards(counts):
        d = deficiency(less, 0, need)
        if pairs_ok:
            d = min(d, 7 - sum(n // 2 for n in less))
        plain[kind] = d
    assert ev.after_discards(hand) == plain


@settings(max_examples=300, deadline=None)
@given(HANDS, st.integers(0, 3), st.integers(0, 5))
def test_deficiency_by_suit_numbers_equals_the_rows_reading(tiles: list[int], wilds: int,
                                                           sets: int) -> None:
    """`deficiency` (the suits' numbers combined, the memo read inline) against the reading
    that combines the suits' usage rows for any number of sets."""
    counts = capped_counts(tiles)
    shapes._DEFICIENCY_MEMO.clear()  # measured, not remembered
    plain = max(0, 3 * sets + 2 - shapes._used_by_rows(bytes(counts), sets) - wilds)
    assert deficiency(counts, wilds, sets) == plain
