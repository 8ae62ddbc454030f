"""State diffs: apply(old, diff(old, new)) == new, checksums, and the seq/mirror bookkeeping."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from net.diff import DiffError, Mirror, SeatStream, apply, canonical, checksum, diff, same

leaves = st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=6)
trees = st.recursive(
    leaves,
    lambda kids: (
        st.lists(kids, max_size=6) | st.dictionaries(st.sampled_from("abcdefg"), kids, max_size=5)
    ),
    max_leaves=25,
)
states = st.dictionaries(st.sampled_from("abcdefgh"), trees, max_size=6)


@st.composite
def mutated(draw: st.DrawFn, tree: Any) -> Any:
    """A tree like `tree` with a few local edits, the common case for game views."""
    if isinstance(tree, dict) and tree and draw(st.booleans()):
        out = dict(tree)
        key = draw(st.sampled_from(sorted(out)))
        out[key] = draw(mutated(out[key]))
        return out
    if isinstance(tree, list) and tree and draw(st.booleans()):
        out2 = list(tree)
        i = draw(st.integers(0, len(out2) - 1))
        op = draw(st.sampled_from(["edit", "insert", "delete", "append"]))
        if op == "edit":
            out2[i] = draw(mutated(out2[i]))
        elif op == "insert":
            out2.insert(i, draw(leaves))
        elif op == "delete":
            del out2[i]
        else:
            out2.append(draw(trees))
        return out2
    return draw(trees)


@settings(max_examples=120, deadline=None)
@given(states, states)
def test_apply_of_diff_gives_new_for_unrelated_states(old: Any, new: Any) -> None:
    before = copy.deepcopy(old)
    assert same(apply(old, diff(old, new)), new)
    assert same(old, before)  # apply never mutates


@settings(max_examples=120, deadline=None)
@given(states.flatmap(lambda s: st.tuples(st.just(s), mutated(s))))
def test_apply_of_diff_gives_new_for_nearby_states(pair: tuple[Any, Any]) -> None:
    old, new = pair
    assert same(apply(old, diff(old, new)), new)


@settings(max_examples=120, deadline=None)
@given(states, states)
def test_checksum_equal_iff_canonical_equal(a: Any, b: Any) -> None:
    assert (checksum(a) == checksum(b)) == (canonical(a) == canonical(b))
    assert (canonical(a) == canonical(b)) == same(a, b)


def test_key_order_does_not_matter_but_types_do() -> None:
    assert checksum({"a": 1, "b": [2]}) == checksum({"b": [2], "a": 1})
    assert checksum({"a": 1}) != checksum({"a": True})
    assert diff({"a": 1}, {"a": True}) == [2, {"a": True}]
    assert diff({"a": 1}, {"a": None}) == [2, {"a": [0, None]}]
    assert diff({"a": 1}, {"a": [1]}) == [2, {"a": [0, [1]]}]


def test_small_edits_give_small_diffs() -> None:
    old: dict[str, Any] = {"river": [[5, False], [7, True]] * 8, "hand": list(range(14)), "n": 3}
    new = copy.deepcopy(old)
    new["river"].append([9, False])
    new["hand"].remove(6)
    assert diff(old, new) == [2, {"river": [4, 16, 0, [[9, False]]], "hand": [4, 6, 7, []]}]
    assert diff(old, old) is None


@settings(max_examples=120, deadline=None)
@given(states, trees)
def test_bad_diffs_raise_only_diff_error(old: Any, junk: Any) -> None:
    with contextlib.suppress(DiffError):
        apply(old, junk if isinstance(junk, list) else [junk])


@settings(max_examples=60, deadline=None)
@given(st.lists(states, min_size=1, max_size=6))
def test_stream_and_mirror_stay_in_step(seq_states: list[dict[str, Any]]) -> None:
    host = SeatStream()
    mirror = Mirror()
    assert not mirror.receive(host.snapshot(seq_states[0]))
    for state in seq_states[1:]:
        msg = host.update(state, [])
        if msg is not None:
            assert not mirror.receive(msg)
        assert mirror.state is not None and same(mirror.state, state)
    assert mirror.desyncs == 0 and mirror.gaps == 0


def test_mirror_detects_gap_and_mismatch_and_recovers() -> None:
    host = SeatStream()
    mirror = Mirror()
    mirror.receive(host.snapshot({"a": 1}))
    lost = host.update({"a": 2}, [])
    assert lost is not None
    later = host.update({"a": 3}, [])
    assert later is not None and mirror.receive(later)  # gap: ask for a snapshot
    assert mirror.gaps == 1
    assert not mirror.receive(host.update({"a": 4}, []) or {})  # dropped while waiting
    assert not mirror.receive(host.snapshot())
    assert mirror.state == {"a": 4}
    bad = host.update({"a": 5}, [])
    assert bad is not None
    bad["sum"] ^= 1
    assert mirror.receive(bad)
    assert mirror.desyncs == 1 and mirror.state == {"a": 4}


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(st.text(max_size=4), trees | st.binary(max_size=4), max_size=6))
def test_a_checksum_put_together_from_pieces_is_the_checksum(state: dict[str, Any]) -> None:
    # The host sums a state from its top-level pieces; the client sums it whole.
    stream = SeatStream()
    assert stream.snapshot(state)["sum"] == checksum(state)
    moved = dict(state, zz=[1, True, None])
    msg = stream.update(moved, [])
    assert msg is not None and msg["sum"] == checksum(moved)
    assert same(apply(state, msg["diff"]), moved)
