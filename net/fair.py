"""Provably fair walls: the host commits to a hand's wall before dealing and reveals it after.

Before a hand's first tile reaches anyone the host sends ``sha256(wall order || salt)``; after
the hand it sends the order and the salt. A client then checks that the hash matches, that the
order is one full tile set, and that every tile which left the wall during the hand (all hands
are shown at the end) is exactly what the revealed order says was taken from its head and tail.
A host that changed the wall after committing fails one of the three checks.
"""

from __future__ import annotations

import hashlib
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Final

from game.tiles import full_set
from net.wire import expand_view


def new_salt() -> str:
    return secrets.token_hex(16)


def commitment(order: Sequence[int], salt: str) -> str:
    """Hex sha256 of the order (one byte per tile kind) followed by the salt's bytes."""
    if any(not 0 <= t < 256 for t in order):
        raise ValueError("tile kinds must fit in a byte")
    return hashlib.sha256(bytes(order) + bytes.fromhex(salt)).hexdigest()


def _wall_census(state: dict[str, Any], extra: Iterable[int]) -> Counter[int]:
    """Every tile that left the wall, from a finished hand's view (all hands revealed)."""
    view = expand_view(state)
    out: Counter[int] = Counter(extra)
    for hand in view.get("revealed") or []:
        out.update(hand)
    for seat_melds in view["melds"]:
        for meld in seat_melds:
            out.update(_meld_tiles(meld[0]))
    for seat_bonus in view["bonus"]:
        out.update(seat_bonus)
    for river in view["rivers"]:
        out.update(t for t, claimed in river if not claimed)
    if view.get("indicator") is not None:
        out[view["indicator"]] += 1
    return out


def _meld_tiles(text: str) -> list[int]:
    from game.melds import Meld

    return [int(t) for t in Meld.parse(text).tiles]


UNCOMMITTED: Final = "the host revealed a wall it never committed to"
MISMATCH: Final = "the revealed wall does not match the hash sent before the deal"
NOT_TILES: Final = "the revealed wall is not a list of tiles"
NOT_FULL_SET: Final = "the revealed wall is not one full set of tiles"
UNREADABLE: Final = "the hand's final view is unreadable"
NOT_PLAYED: Final = "the tiles played this hand are not the ones the revealed wall gave out"
"""check_reveal's findings, one fixed sentence each: the window words them by which one."""


def check_reveal(
    committed: str | None,
    order: Sequence[int],
    salt: str,
    final_state: dict[str, Any] | None,
    set_aside: Iterable[int] = (),
) -> list[str]:
    """Problems found with a revealed wall (empty when it is fair).

    `final_state` is the client's wire view at the hand's end; `set_aside` are tiles flipped
    out of play while looking for the wildcard (the "wild" event's tiles), which no view holds.
    """
    problems: list[str] = []
    if committed is None:
        return [UNCOMMITTED]
    try:
        if commitment(order, salt) != committed:
            problems.append(MISMATCH)
    except ValueError:
        return [NOT_TILES]
    if Counter(order) != Counter(full_set()):
        problems.append(NOT_FULL_SET)
    if final_state is not None:
        view = expand_view(final_state)
        head, tail = view["wall_taken"]
        taken = list(order[:head]) + (list(order[len(order) - tail :]) if tail else [])
        try:
            seen = _wall_census(final_state, set_aside)
        except (KeyError, TypeError, ValueError, IndexError):
            return [*problems, UNREADABLE]
        if seen != Counter(taken):
            problems.append(NOT_PLAYED)
    return problems
