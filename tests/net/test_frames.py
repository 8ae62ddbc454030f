"""Frame codec: round trips across arbitrary splits, and garbage only ever raises ProtocolError."""

from __future__ import annotations

import contextlib
import struct
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.frames import (
    MAX_CHAT,
    MAX_FRAME,
    BadMsgpack,
    BadShape,
    FrameDecoder,
    FrameTooLarge,
    ProtocolError,
    encode,
)

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text(max_size=20),
    lambda kids: (
        st.lists(kids, max_size=5) | st.dictionaries(st.text(max_size=8), kids, max_size=5)
    ),
    max_leaves=30,
)

messages = st.one_of(
    st.builds(lambda n, extra: {"t": "ping", "n": n, "x": extra}, st.integers(0, 2**32), plain),
    st.builds(lambda s: {"t": "chat", "text": s}, st.text(max_size=MAX_CHAT)),
    st.builds(
        lambda seq, ev, state: {"t": "update", "seq": seq, "ev": ev, "diff": [2, state], "sum": 7},
        st.integers(0, 10**9),
        st.lists(plain, max_size=4),
        st.dictionaries(st.text(max_size=8), plain, max_size=6),
    ),
    st.builds(lambda a: {"t": "action", "seq": 3, "a": a}, st.text(max_size=30)),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(messages, min_size=1, max_size=6), st.data())
def test_round_trip_split_anywhere(msgs: list[dict[str, Any]], data: st.DataObject) -> None:
    stream = b"".join(encode(m) for m in msgs)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=8)))
    decoder = FrameDecoder()
    got: list[dict[str, Any]] = []
    prev = 0
    for cut in [*cuts, len(stream)]:
        got.extend(decoder.messages(stream[prev:cut]))
        prev = cut
    assert got == msgs
    assert decoder.pending == 0


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=300))
def test_garbage_raises_only_protocol_error(junk: bytes) -> None:
    decoder = FrameDecoder()
    with contextlib.suppress(ProtocolError):
        for msg in decoder.messages(junk):
            assert isinstance(msg, dict) and isinstance(msg["t"], str)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_garbage_body_in_valid_frame(junk: bytes) -> None:
    decoder = FrameDecoder()
    try:
        out = decoder.messages(struct.pack(">I", len(junk)) + junk)
    except ProtocolError:
        return
    # Only a body that really is a valid message may get through.
    assert len(out) == 1 and isinstance(out[0], dict) and "t" in out[0]


@settings(max_examples=200, deadline=None)
@given(plain)
def test_random_msgpack_values_are_valid_or_bad_shape(value: object) -> None:
    body = msgpack.packb(value, use_bin_type=True)
    decoder = FrameDecoder()
    with contextlib.suppress(BadShape):
        assert decoder.messages(struct.pack(">I", len(body)) + body) == [value]


def test_oversized_announcement_rejected_before_body() -> None:
    decoder = FrameDecoder()
    with pytest.raises(FrameTooLarge):
        decoder.feed(struct.pack(">I", MAX_FRAME + 1))


def test_encode_refuses_oversized() -> None:
    with pytest.raises(FrameTooLarge):
        encode({"t": "ping", "n": 1, "pad": ["x" * 4000] * 20})


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (b"\xc1", BadMsgpack),  # never-used msgpack byte
        (b"\x92\x01", BadMsgpack),  # array of two with one element
        (msgpack.packb({"t": "ping", "n": 1}) + b"\x00", BadMsgpack),
        (msgpack.packb([1, 2]), BadShape),
        (msgpack.packb({"t": "nonsense"}), BadShape),
        (msgpack.packb({"t": "ping"}), BadShape),
        (msgpack.packb({"t": "ping", "n": True}), BadShape),
        (msgpack.packb({"t": "chat", "text": "x" * (MAX_CHAT + 1)}), BadShape),
        (msgpack.packb({1: 2}), BadMsgpack),  # non-string map key
        (b"\xd4\x01\x00", BadMsgpack),  # ext type
        (b"\xa2\xff\xfe", BadMsgpack),  # bad utf-8
        (b"\xdd\xff\xff\xff\xff", BadMsgpack),  # absurd array length
        (b"\x91" * 5000 + b"\x00", ProtocolError),  # deep nesting
    ],
)
def test_each_cause_has_its_error(body: bytes, error: type[ProtocolError]) -> None:
    with pytest.raises(error):
        FrameDecoder().messages(struct.pack(">I", len(body)) + body)


def test_counts_bytes_and_frames() -> None:
    frame = encode({"t": "ping", "n": 5})
    decoder = FrameDecoder()
    assert decoder.messages(frame * 3) == [{"t": "ping", "n": 5}] * 3
    assert decoder.bytes_in == 3 * len(frame) and decoder.frames_in == 3


def test_a_shallow_encode_still_refuses_a_bad_type_or_a_value_it_cannot_pack() -> None:
    msg = {"t": "pong", "n": 3}
    assert encode(msg, deep=False) == encode(msg)
    with pytest.raises(BadShape):
        encode({"t": "pong", "n": "three"}, deep=False)
    with pytest.raises(BadShape):
        encode({"t": "chat", "seat": None, "name": "x", "text": object()}, deep=False)
