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

from game.errors import MahjongError
from game.rules.registry import make_ruleset
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
LATE_COMMIT: Final = "the host committed to this wall only after dealing it"
NO_REVEAL: Final = "the host never revealed this hand's wall"
MOVED_TILE: Final = "a tile given from the wall's"
"""The start of the finding that a drawn tile is not where the revealed wall has it."""
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


def _inferred_aside(wall: Sequence[int], final_state: dict[str, Any] | None) -> list[int]:
    """The tiles set aside while flipping the wildcard, for a client that did not see the hand
    begin (it joined or came back mid-hand): whatever of the wall's taken tiles no view shows,
    provided all of it is of the bonus kinds that alone are ever set aside that way."""
    if final_state is None:
        return []
    try:
        view = expand_view(final_state)
        head, tail = view["wall_taken"]
        taken = Counter(list(wall[:head]) + (list(wall[len(wall) - tail:]) if tail else []))
        missing = taken - _wall_census(final_state, ())
        bonus = make_ruleset(str(view["ruleset"])).bonus_kinds
    except (KeyError, TypeError, ValueError, IndexError, MahjongError):
        return []
    return list(missing.elements()) if all(t in bonus for t in missing) else []


class WallWatch:
    """A client's side of the fair-wall check, fed what it receives, in order.

    Besides `check_reveal`'s checks it notes where each tile it was given came from (its own
    deal and draws, head or tail, and the public wildcard indicator), so a host that swaps the
    next draws and reveals the committed wall is caught; a commitment that comes after the hand
    was dealt, and a hand whose wall is never revealed, are problems too.
    """

    def __init__(self) -> None:
        self.commits: dict[int, str] = {}
        self.late: set[int] = set()
        """Hands whose tiles were shown before their commitment."""
        self.unrevealed: set[int] = set()
        """Hands dealt (seen) and not yet revealed."""
        self.problems: list[str] = []
        self.checked = 0
        self.set_aside: list[int] = []
        self._hand = 0
        self._seen_start = False
        self._head = 0
        self._tail = 0
        self._given: list[tuple[bool, int, int]] = []
        """(from the tail, index from that end, tile) of each tile whose kind we saw taken."""
        self._dealt: dict[int, tuple[int, list[int]]] = {}
        """Hand seat → (tiles dealt, those we may see) of the deal under way."""

    def interrupted(self) -> None:
        """The connection was lost: draws made meanwhile were not seen, so this hand's tile
        places cannot be followed (the hash and the tiles-played checks still hold)."""
        self._seen_start = False
        self._given = []
        self._hand = 0  # the hand on the table is taken up again from the next state
        self.unrevealed.clear()  # a reveal may have come while we were away

    def _problem(self, hand: int, text: str) -> None:
        self.problems.append(f"hand {hand}: {text}")

    def commit(self, hand: int, digest: str) -> None:
        self.commits[hand] = digest

    def state(self, hand: int) -> None:
        """A snapshot or update showing hand `hand` arrived."""
        if hand <= 0 or hand == self._hand:
            return
        for old in sorted(h for h in self.unrevealed if h < hand):
            self._problem(old, NO_REVEAL)
            self.unrevealed.discard(old)
        self._hand = hand
        self._seen_start = False
        self._given = []
        self.set_aside = []
        if hand not in self.commits:
            self.late.add(hand)
        self.unrevealed.add(hand)

    def events(self, seat: int, events: list[dict[str, Any]]) -> None:
        """One update's events (wire form), `seat` being our hand seat (-1: spectator)."""
        for e in events:
            kind = e.get("k")
            if kind == "hand_start":
                self._seen_start = True
                self._head = self._tail = 0
                self._given = []
                self._dealt = {}
                self.set_aside = []
            elif not self._seen_start:
                continue
            elif kind == "deal":
                self._deal(seat, e)
            elif kind == "wild":
                skipped = [t for t in e.get("ts", ()) if isinstance(t, int)]
                self.set_aside = skipped
                for tile in [*skipped, e.get("t")]:
                    if isinstance(tile, int):
                        self._given.append((False, self._head, tile))
                    self._head += 1
            elif kind == "draw":
                tail = e.get("i") == "tail"
                index = self._tail if tail else self._head
                if e.get("s") == seat and isinstance(e.get("t"), int):
                    self._given.append((tail, index, e["t"]))
                if tail:
                    self._tail += 1
                else:
                    self._head += 1

    def _deal(self, seat: int, e: dict[str, Any]) -> None:
        """Deal positions follow the engine's order: rounds of four per seat, then one more
        for the dealer (M5, N2); the hand size is seat 3's count."""
        who = e.get("s")
        if not isinstance(who, int) or not 0 <= who < 4:
            return
        tiles = [t for t in e.get("ts", ()) if isinstance(t, int)]
        self._dealt[who] = (len(tiles) if tiles else int(e.get("a", 0)), tiles)
        if len(self._dealt) < 4:
            return
        size = self._dealt[3][0]
        positions: list[list[int]] = [[] for _ in range(4)]
        pos = 0
        while len(positions[3]) < size:
            for s in range(4):
                take = min(4, size - len(positions[s]))
                positions[s].extend(range(pos, pos + take))
                pos += take
        positions[0].append(pos)
        self._head = pos + 1
        mine = self._dealt.get(seat)
        if mine is not None and len(mine[1]) == len(positions[seat]):
            for index, tile in zip(positions[seat], mine[1], strict=True):
                self._given.append((False, index, tile))

    def reveal(self, hand: int, wall: list[Any], salt: str,
               final_state: dict[str, Any] | None) -> list[str]:
        """Check a reveal; returns (and keeps) the problems found."""
        self.checked += 1
        self.unrevealed.discard(hand)
        if not all(type(t) is int for t in wall):
            found = [NOT_TILES]
        else:
            seen_start = hand == self._hand and self._seen_start
            aside = self.set_aside if seen_start else _inferred_aside(wall, final_state)
            found = check_reveal(self.commits.pop(hand, None), wall, salt, final_state, aside)
            if hand in self.late:
                found.append(LATE_COMMIT)
            if hand == self._hand and self._seen_start:
                for tail, index, tile in self._given:
                    at = len(wall) - 1 - index if tail else index
                    if not 0 <= at < len(wall) or wall[at] != tile:
                        end = "tail" if tail else "head"
                        found.append(f"{MOVED_TILE} {end} (place {index + 1}) "
                                     "is not the one the revealed wall has there")
                        break
        self.late.discard(hand)
        for text in found:
            self._problem(hand, text)
        return found

    def end(self) -> None:
        """The match ended: a hand left unrevealed is a failed check."""
        for old in sorted(self.unrevealed):
            self._problem(old, NO_REVEAL)
        self.unrevealed.clear()
