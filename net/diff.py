"""Per-seat state diffs, checksums and sequence numbers.

A state is a plain msgpack-able tree: dicts with str keys, lists, ints, strs, bools, None.
A diff ("change") is either a bare value that is not a list (replace with it: most changes are
a number or a string, so they cost no framing) or a small list whose first item says what to do:

    [0, value]                 replace with value (needed when value is a list or None)
    [1]                        delete this key (only inside a dict change)
    [2, {key: change, ...}]    recurse into a dict; absent keys are unchanged
    [3, i, change, j, change]  recurse into list items i, j, ... (same length)
    [4, p, s, items]           splice a list: old[:p] + items + old[len(old)-s:]

Lists pick whichever of [3] and [4] packs smaller, so a river that grew by one tile costs a few
bytes and a sorted hand that lost one tile costs a splice of nothing.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Final

import msgpack

from net.frames import ProtocolError

SET: Final = 0
DELETE: Final = 1
DICT: Final = 2
ITEMS: Final = 3
SPLICE: Final = 4

Change = Any


class DiffError(ProtocolError):
    """A diff that does not fit the state it is applied to."""


def same(a: object, b: object) -> bool:
    """Equal values of equal types all the way down (so True is not 1 and 1 is not 1.0)."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict | list):
        # `==` (in C) settles most cases; equal containers are then told apart by their
        # canonical bytes, which keep bool, int and float distinct.
        return bool(a == b) and canonical(a) == canonical(b)
    return a == b


def _size(obj: object) -> int:
    return len(msgpack.packb(obj, use_bin_type=True))


def diff(old: object, new: object) -> Change | None:
    """The change turning `old` into `new`, or None when they are the same."""
    if isinstance(old, dict) and isinstance(new, dict):
        # Recurse key by key rather than comparing whole subtrees first: each level is then
        # walked once.
        sub: dict[str, Change] = {}
        for key in old:
            if key not in new:
                sub[key] = [DELETE]
        for key, value in new.items():
            if key not in old:
                sub[key] = _set(value)
            else:
                change = diff(old[key], value)
                if change is not None:
                    sub[key] = change
        return [DICT, sub] if sub else None
    if same(old, new):
        return None
    if isinstance(old, list) and isinstance(new, list):
        return _list_diff(old, new)
    return _set(new)


def _set(value: object) -> Change:
    # None means "unchanged" to callers, so a None value needs the explicit form too.
    return [SET, value] if value is None or isinstance(value, list) else value


def _list_diff(old: list[Any], new: list[Any]) -> Change:
    p = 0
    limit = min(len(old), len(new))
    while p < limit and same(old[p], new[p]):
        p += 1
    s = 0
    while s < limit - p and same(old[len(old) - 1 - s], new[len(new) - 1 - s]):
        s += 1
    best: Change = [SPLICE, p, s, new[p : len(new) - s]]
    if len(old) == len(new):
        items: Change = [ITEMS]
        for i in range(p, len(new) - s):
            change = diff(old[i], new[i])
            if change is not None:
                items += [i, change]
        if _size(items) < _size(best):
            best = items
    whole: Change = [SET, new]
    return whole if _size(whole) <= _size(best) else best


def apply(old: object, change: Change | None) -> Any:
    """The state `change` turns `old` into; `old` is never modified. Raises DiffError."""
    if change is None:
        return old
    if not isinstance(change, list):
        return change
    if not change or type(change[0]) is not int:
        raise DiffError("a change must be a list starting with its kind")
    kind = change[0]
    if kind == SET and len(change) == 2:
        return change[1]
    if kind == DICT and len(change) == 2 and isinstance(change[1], dict):
        if not isinstance(old, dict):
            raise DiffError("dict change applied to a non-dict")
        out = dict(old)
        for key, sub in change[1].items():
            if sub == [DELETE]:
                if key not in out:
                    raise DiffError(f"delete of missing key {key!r}")
                del out[key]
            elif not isinstance(sub, list) or sub[:1] == [SET] or key in out:
                out[key] = apply(out.get(key), sub)
            else:
                raise DiffError(f"change to missing key {key!r}")
        return out
    if kind == ITEMS and len(change) % 2 == 1:
        if not isinstance(old, list):
            raise DiffError("item change applied to a non-list")
        items = list(old)
        for i in range(1, len(change), 2):
            index = change[i]
            if type(index) is not int or not 0 <= index < len(items):
                raise DiffError(f"item index {index!r} out of range")
            items[index] = apply(items[index], change[i + 1])
        return items
    if kind == SPLICE and len(change) == 4:
        _, p, s, middle = change
        if not isinstance(old, list):
            raise DiffError("splice applied to a non-list")
        if type(p) is not int or type(s) is not int or not isinstance(middle, list):
            raise DiffError("malformed splice")
        if p < 0 or s < 0 or p + s > len(old):
            raise DiffError("splice out of range")
        return old[:p] + middle + old[len(old) - s :]
    raise DiffError(f"unknown change kind {kind!r}")


def canonical(state: object) -> bytes:
    """Bytes that are equal exactly when two states are `same`, whatever their maps' key order.

    JSON with sorted keys does this in C (true/1/1.0 stay distinct); a state JSON cannot hold
    (bytes) falls back to msgpack with every map's keys sorted.
    """
    try:
        return json.dumps(state, sort_keys=True, separators=(",", ":"),
                          allow_nan=False).encode()
    except (TypeError, ValueError):
        packed: bytes = msgpack.packb(_sorted(state), use_bin_type=True)
        return b"\x00" + packed


def _sorted(value: object) -> object:
    if isinstance(value, dict):
        return {k: _sorted(value[k]) for k in sorted(value)}
    if isinstance(value, list | tuple):
        return [_sorted(v) for v in value]
    return value


def checksum(state: object) -> int:
    """A 32-bit digest of the canonical form (at most 5 bytes on the wire).

    It only has to catch a client that drifted, not resist forgery: the host is the authority
    and a miss costs at most one more update before the next mismatch is seen.
    """
    digest = hashlib.blake2b(canonical(state), digest_size=4).digest()
    return int.from_bytes(digest, "big")


def _pieces(state: dict[str, Any]) -> dict[str, bytes]:
    """The canonical bytes of each top-level value of a state."""
    return {key: canonical(value) for key, value in state.items()}


def _checksum_of(state: dict[str, Any], pieces: dict[str, bytes]) -> int:
    """`checksum(state)`, put together from its pieces: sorted-key JSON of a dict is its keys'
    pieces in order, so the state is not encoded a second time."""
    if any(piece[:1] == b"\x00" for piece in pieces.values()):  # not JSON: the slow way
        return checksum(state)
    whole = b"{" + b",".join(json.dumps(key).encode() + b":" + pieces[key]
                             for key in sorted(pieces)) + b"}"
    return int.from_bytes(hashlib.blake2b(whole, digest_size=4).digest(), "big")


@dataclass
class SeatStream:
    """Host side of one seat: the last state sent and the sequence number it carried."""

    state: dict[str, Any] = field(default_factory=dict)
    seq: int = 0
    pieces: dict[str, bytes] = field(default_factory=dict)
    """Canonical bytes of each top-level value of `state`: an update compares these instead
    of walking every unchanged part (the host's hottest loop, once per seat per action)."""

    def update(self, new: dict[str, Any], events: list[Any]) -> dict[str, Any] | None:
        """The update message moving the client to `new`, or None if nothing changed."""
        pieces = _pieces(new)
        old, known = self.state, self.pieces
        sub: dict[str, Change] = {key: [DELETE] for key in old if key not in new}
        for key, value in new.items():
            if key not in old:
                sub[key] = _set(value)
            elif pieces[key] != known.get(key):  # equal bytes: the same value, no change
                change = diff(old[key], value)
                if change is not None:
                    sub[key] = change
        if not sub and not events:
            return None
        self.seq += 1
        self.state, self.pieces = new, pieces
        return {
            "t": "update",
            "seq": self.seq,
            "ev": events,
            "diff": [DICT, sub],
            "sum": _checksum_of(new, pieces),
        }

    def snapshot(self, new: dict[str, Any] | None = None) -> dict[str, Any]:
        """A full-state message; the next update continues from it."""
        if new is not None:
            self.state = new
        self.pieces = _pieces(self.state)
        self.seq += 1
        return {"t": "snapshot", "seq": self.seq, "state": self.state,
                "sum": _checksum_of(self.state, self.pieces)}


@dataclass
class Mirror:
    """Client side of one seat: applies snapshots and updates, detecting gaps and mismatches.

    After a failure the mirror waits for a snapshot, dropping updates until one arrives, so one
    bad update leads to exactly one resync request.
    """

    state: dict[str, Any] | None = None
    seq: int = 0
    desyncs: int = 0
    gaps: int = 0
    waiting: bool = False

    def receive(self, msg: dict[str, Any]) -> bool:
        """Apply a snapshot or update; True means the client must now ask for a snapshot."""
        if msg["t"] == "snapshot":
            if checksum(msg["state"]) != msg["sum"]:
                self.desyncs += 1
                return self._fail()
            self.state, self.seq, self.waiting = msg["state"], msg["seq"], False
            return False
        if self.waiting:
            return False
        if self.state is None or msg["seq"] != self.seq + 1:
            self.gaps += 1
            return self._fail()
        try:
            new = apply(self.state, msg["diff"])
        except DiffError:
            new = None
        if not isinstance(new, dict) or checksum(new) != msg["sum"]:
            self.desyncs += 1
            return self._fail()
        self.state, self.seq = new, msg["seq"]
        return False

    def _fail(self) -> bool:
        self.waiting = True
        return True
