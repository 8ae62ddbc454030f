"""Sans-I/O frame codec: a 4-byte big-endian length, then one msgpack map with a "t" field.

Nothing here touches a socket; the host and client feed received bytes to a `FrameDecoder` and
write what `encode` returns.  Every way raw bytes can be wrong raises one `ProtocolError`
subclass, so a connection handler needs a single ``except ProtocolError`` to drop a bad peer.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from typing import Any, Final

import msgpack

PROTOCOL_VERSION: Final = 2
"""2: score lines and payments in a result travel as keys and arguments, not words."""
MAX_FRAME: Final = 64 * 1024
"""Largest body accepted or sent; a snapshot is a few KB, so this leaves wide headroom."""
MAX_STR: Final = 4096
MAX_ARRAY: Final = 4096
MAX_MAP: Final = 256
MAX_DEPTH: Final = 24
"""Deepest nesting accepted; views are about six levels deep, diffs of them a few more."""
HEADER: Final = struct.Struct(">I")

Message = dict[str, Any]

# Each message type and the fields it must carry, with their types.  Extra fields are allowed
# so a newer peer can add information without breaking an older one.
_INT = (int,)
_STR = (str,)
_LIST = (list,)
_MAP = (dict,)
_OPT_STR = (str, type(None))
_OPT_INT = (int, type(None))
_OPT_BOOL = (bool, type(None))
SCHEMA: Final[dict[str, dict[str, tuple[type, ...]]]] = {
    "hello": {"v": _INT, "name": _STR},
    "welcome": {"v": _INT, "table": _STR, "ruleset": _STR, "rules": _STR, "seats": _LIST},
    "sit": {"seat": _INT},
    "seated": {"seat": _INT, "token": _STR},
    "snapshot": {"seq": _INT, "state": _MAP, "sum": _INT},
    "update": {"seq": _INT, "ev": _LIST, "diff": _LIST, "sum": _INT},
    "resync": {"seq": _INT},
    "action": {"seq": _INT, "a": _STR},
    "chat": {},
    "ping": {"n": _INT},
    "pong": {"n": _INT},
    "error": {"code": _STR, "msg": _STR},
    "bye": {"reason": _STR},
    "hand": {"hand": _INT, "result": _MAP},
    "seats": {"seats": _LIST},
    "over": {"scores": _LIST},
    "commit": {"hand": _INT, "hash": _STR},
    "reveal": {"hand": _INT, "wall": _LIST, "salt": _STR},
    "notice": {"code": _STR, "seat": _INT, "msg": _STR},
    "challenge": {"nonce": _STR},
    "prove": {"proof": _STR},
    "auto": {"on": (bool,)},
    "contribute": {"hand": _INT, "c": _STR},
    "end_propose": {},
    "leave": {},
    "end_answer": {"id": _INT, "yes": (bool,)},
    "end_vote": {"id": _INT, "by": _INT, "voters": _LIST, "yes": _LIST, "state": _STR},
}
OPTIONAL: Final[dict[str, dict[str, tuple[type, ...]]]] = {
    "hello": {"token": _OPT_STR, "rules": _OPT_STR, "watch": _OPT_BOOL, "code": _OPT_STR,
              "bot": _OPT_BOOL, "cnonce": _OPT_STR, "pledge": _OPT_STR},
    "welcome": {"proof": _OPT_STR},
    "chat": {"text": _STR, "phrase": _STR, "seat": _OPT_INT, "name": _OPT_STR},
    "commit": {"ask": _LIST, "within": (int, float), "pledges": _LIST},
    "contribute": {"next": _STR},
    "over": {"reason": _STR},
    "end_vote": {"within": (int, float), "refused_by": _INT},
    "reveal": {"seed": _STR, "secret": _STR, "contributions": _LIST, "abandoned": _OPT_BOOL},
}
MAX_CHAT: Final = 200
"""Characters a chat line may hold; longer lines are a protocol error, not truncated."""


def refusal(code: str, text: str, why: str = "", args: Message | None = None) -> Message:
    """An "error" message: `code` and `msg` (English, for logs) as ever, plus `why`, the
    exact reason, and `args`, its details, from which each window words it in its own
    language (older peers ignore the two extra fields)."""
    return {"t": "error", "code": code, "msg": text, "why": why or code, "args": dict(args or {})}


class ProtocolError(Exception):
    """Bytes from a peer that do not form a valid message."""


class FrameTooLarge(ProtocolError):
    """A frame longer than MAX_FRAME was announced or would be sent."""


class BadMsgpack(ProtocolError):
    """The frame body is not one complete msgpack value within the limits."""


class BadShape(ProtocolError):
    """The body decoded but is not a known message with the fields its type needs."""


def _check_value(value: object, depth: int) -> None:
    """Reject anything but nested maps (str keys), lists, str, bytes, int, float, bool, None."""
    if depth > MAX_DEPTH:
        raise BadShape(f"nested deeper than {MAX_DEPTH} levels")
    if value is None or isinstance(value, bool | int | float | str | bytes):
        return
    if isinstance(value, list):
        for item in value:
            _check_value(item, depth + 1)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise BadShape("map keys must be strings")
            _check_value(item, depth + 1)
        return
    raise BadShape(f"unsupported value of type {type(value).__name__}")


def validate(msg: object) -> Message:
    """Return `msg` if it is a well-formed message, else raise BadShape."""
    _check_fields(msg)
    _check_value(msg, 0)
    assert isinstance(msg, dict)
    return msg


def _check_fields(msg: object) -> None:
    """The message's type and its fields' types (not the values nested in them)."""
    if not isinstance(msg, dict):
        raise BadShape(f"a message must be a map, not {type(msg).__name__}")
    kind = msg.get("t")
    if not isinstance(kind, str):
        raise BadShape('a message needs a string "t" field')
    fields = SCHEMA.get(kind)
    if fields is None:
        raise BadShape(f"unknown message type {kind[:40]!r}")
    for name, types in fields.items():
        if name not in msg:
            raise BadShape(f"{kind} message lacks field {name!r}")
        if not _is_a(msg[name], types):
            raise BadShape(f"{kind} field {name!r} has the wrong type")
    for name, types in OPTIONAL.get(kind, {}).items():
        if name in msg and not _is_a(msg[name], types):
            raise BadShape(f"{kind} field {name!r} has the wrong type")
    if kind == "chat":
        if ("text" in msg) == ("phrase" in msg):
            raise BadShape("a chat message carries either text or a phrase")
        if len(msg.get("text", "")) > MAX_CHAT:
            raise BadShape(f"chat text longer than {MAX_CHAT} characters")


def _is_a(value: object, types: tuple[type, ...]) -> bool:
    # bool is an int subclass; a seat or sequence number of True is a shape error.
    if isinstance(value, bool) and bool not in types:
        return False
    return isinstance(value, types)


def encode(msg: Message, deep: bool = True) -> bytes:
    """One frame (header and body) for `msg`; raises BadShape or FrameTooLarge. `deep=False`
    checks the message's type and fields but not every value inside it: for the host's own
    states, built by its own code, that walk was a tenth of its time per action."""
    if deep:
        validate(msg)
    else:
        _check_fields(msg)
    try:
        body: bytes = msgpack.packb(msg, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as exc:
        raise BadShape(f"cannot pack the message: {exc}") from None
    if len(body) > MAX_FRAME:
        raise FrameTooLarge(f"message of {len(body)} bytes exceeds {MAX_FRAME}")
    return HEADER.pack(len(body)) + body


def decode_body(body: bytes) -> Message:
    """Decode and validate one frame body."""
    unpacker = msgpack.Unpacker(
        raw=False,
        use_list=True,
        strict_map_key=True,
        max_buffer_size=MAX_FRAME,
        max_str_len=MAX_STR,
        max_bin_len=MAX_STR,
        max_array_len=MAX_ARRAY,
        max_map_len=MAX_MAP,
        max_ext_len=0,
        ext_hook=_reject_ext,
    )
    try:
        unpacker.feed(body)
        value = unpacker.unpack()
        # A frame holds exactly one value; trailing bytes mean a confused or hostile peer.
        if unpacker.tell() != len(body):
            raise BadMsgpack("extra bytes after the message")
    except ProtocolError:
        raise
    except msgpack.OutOfData as exc:
        raise BadMsgpack("truncated msgpack value") from exc
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        # msgpack reports format, limit, stack and utf-8 errors as ValueError subclasses.
        raise BadMsgpack(f"invalid msgpack: {exc}") from exc
    return validate(value)


def _reject_ext(code: int, data: bytes) -> object:
    raise BadMsgpack("msgpack extension types are not allowed")


class FrameDecoder:
    """Accumulates received bytes; iterating yields each complete message in order.

    A `ProtocolError` raised while iterating leaves the decoder unusable: the stream is out of
    step and the connection should be closed.
    """

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self._buf = bytearray()
        self._max = max_frame
        self.bytes_in = 0
        self.frames_in = 0
        self.last_size = 0
        """Size (header included) of the frame most recently yielded."""

    def feed(self, data: bytes) -> None:
        """Append received bytes; checks an announced length as soon as the header is in."""
        self._buf += data
        self.bytes_in += len(data)
        if len(self._buf) >= HEADER.size:
            (size,) = HEADER.unpack_from(self._buf)
            if size > self._max:
                raise FrameTooLarge(f"peer announced a {size}-byte frame (limit {self._max})")

    def __iter__(self) -> Iterator[Message]:
        while len(self._buf) >= HEADER.size:
            (size,) = HEADER.unpack_from(self._buf)
            if size > self._max:
                raise FrameTooLarge(f"peer announced a {size}-byte frame (limit {self._max})")
            end = HEADER.size + size
            if len(self._buf) < end:
                return
            body = bytes(self._buf[HEADER.size : end])
            del self._buf[:end]
            self.frames_in += 1
            self.last_size = end
            yield decode_body(body)

    def messages(self, data: bytes) -> list[Message]:
        """Feed `data` and return every message it completed."""
        self.feed(data)
        return list(self)

    @property
    def pending(self) -> int:
        """Bytes received but not yet part of a complete frame."""
        return len(self._buf)
