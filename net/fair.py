"""Provably fair walls: the host commits to a hand's wall before dealing and reveals it after.

Before a hand's first tile reaches anyone the host sends ``sha256(wall order || salt)``; after
the hand it sends the order and the salt. A client then checks that the hash matches, that the
order is one full tile set, and that every tile which left the wall during the hand (all hands
are shown at the end) is exactly what the revealed order says was taken from its head and tail.
A host that changed the wall after committing fails one of the three checks.

Walls from everyone (issue 32): that commitment does not stop a host that plays a seat from
shuffling until it likes its hand and then committing. So, unless the table deals reproducible
walls (tests), each hand's wall comes from the host's secret *and* a fresh contribution from
every seated peer, sent after the host committed to its secret:

1. the host draws a 32-byte secret S and sends `commit{hand, hash: hex sha256(S), ask, within}`
   (`ask`: the places asked for a contribution, `within`: seconds they have);
2. each asked peer answers once `contribute{hand, c, next}`: `c` 16 random bytes in hex, the
   ones it pledged a hand before (`pledge`: in its `hello`, then in each `contribute`'s `next`),
   and `next` the pledge of its next ones. The commitment shows every place's pledge
   (`pledges`), so no contribution, not even one from a seat the host plays through a client of
   its own, can be chosen after the others are seen. A place is asked only with a pledge; one
   missing when the time is up counts as empty (and the reveal shows it so);
3. the hand's wall seed is `shared_seed(S, [c0, c1, c2, c3])`: the first 16 bytes, big-endian,
   of sha256("mahjong-wall-v2" 0x00, S, then per place in place order one length byte and that
   place's contribution); the wall and the dice are what the engine deals from that seed
   (`wall_for_seed`: Python's `random.Random(seed)`, the Fisher-Yates shuffle of game/wall.py,
   then the two dice), so any client recomputes them;
4. after the hand, `reveal{hand, wall, salt: "", secret, contributions}`: each client checks
   the secret against the commitment, its own contribution, that the revealed wall is the one
   the secret and contributions give, and the tiles played and drawn as before.

A host that fixes its secret first cannot steer the wall: whatever it ground for is reshuffled
by a contribution it saw only after committing. Bots' places contribute nothing (the host
plays them), so the wall is fair against the host only when another person is seated.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Final

from game.errors import MahjongError
from game.rules.registry import make_ruleset
from game.tiles import full_set
from game.wall import Wall
from net.wire import expand_view

SHARED_DOMAIN: Final = b"mahjong-wall-v2\x00"
SECRET_BYTES: Final = 32
CONTRIBUTION_BYTES: Final = 16
MAX_CONTRIBUTION: Final = 64
"""Bytes a contribution may have at most (an honest client sends CONTRIBUTION_BYTES)."""
CONTRIBUTE_SECONDS: Final = 2.0
"""How long the asked places have to contribute, on the table's clock."""


def new_secret() -> bytes:
    return secrets.token_bytes(SECRET_BYTES)


def new_contribution() -> str:
    return secrets.token_hex(CONTRIBUTION_BYTES)


def pledge(contribution: str) -> str:
    """The pledge of a contribution (hex): the first 16 bytes of sha256 of its bytes, in hex.
    A peer sends the pledge of its next contribution a hand ahead (in `hello`, then in each
    `contribute`), so the contribution is fixed before anyone's of that hand is known."""
    return hashlib.sha256(bytes.fromhex(contribution)).hexdigest()[:32]


def secret_commitment(secret: bytes) -> str:
    """Hex sha256 of the host's secret: sent before anyone contributes."""
    return hashlib.sha256(secret).hexdigest()


def shared_seed(secret: bytes, contributions: Sequence[bytes]) -> int:
    """The hand's 128-bit wall seed from the host's secret and the four places'
    contributions (empty bytes for none), in place order; see the module docstring."""
    if len(contributions) != 4 or any(len(c) > 255 for c in contributions):
        raise ValueError("four contributions of at most 255 bytes")
    digest = hashlib.sha256(SHARED_DOMAIN + secret)
    for c in contributions:
        digest.update(bytes([len(c)]) + c)
    return int.from_bytes(digest.digest()[:16], "big")


def wall_for_seed(seed: int) -> list[int]:
    """The draw order the engine deals from `seed` (game/engine.py's Hand builds its wall
    first from its generator): what a client recomputes."""
    return list(Wall.build(random.Random(seed)).order)


def unhex(text: object, limit: int) -> bytes | None:
    """`text` as bytes when it is hex of at most `limit` bytes, else None."""
    if not isinstance(text, str) or len(text) > 2 * limit:
        return None
    try:
        return bytes.fromhex(text)
    except ValueError:
        return None


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
BAD_SECRET: Final = "the host's revealed secret does not match its commitment"
NOT_DERIVED: Final = "the revealed wall is not the one the secret and the contributions give"
OURS_CHANGED: Final = "the host revealed another contribution than the one we sent"
OURS_LEFT_OUT: Final = "the host left out the contribution we sent"
UNPLEDGED: Final = "a contribution is not the one its place pledged before the hand"
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
    if committed is None:
        return [UNCOMMITTED]
    try:
        if commitment(order, salt) != committed:
            return [MISMATCH, *played_problems(order, final_state, set_aside)]
    except ValueError:
        return [NOT_TILES]
    return played_problems(order, final_state, set_aside)


def check_shared(committed: str | None, order: Sequence[int], secret: object,
                 contributions: object, final_state: dict[str, Any] | None,
                 set_aside: Iterable[int] = ()) -> list[str]:
    """Problems with a wall from everyone's randomness (empty when it is fair): the secret
    against the commitment, the wall against the secret and contributions, then the tiles
    played as `check_reveal` checks them."""
    if committed is None:
        return [UNCOMMITTED]
    if any(type(t) is not int or not 0 <= t < 256 for t in order):
        return [NOT_TILES]
    problems: list[str] = []
    key = unhex(secret, 255)
    parts = ([unhex(c, MAX_CONTRIBUTION) for c in contributions]
             if isinstance(contributions, list) and len(contributions) == 4 else [None])
    if key is None or secret_commitment(key) != committed:
        problems.append(BAD_SECRET)
    if key is None or any(c is None for c in parts) or list(order) != wall_for_seed(
            shared_seed(key, [c for c in parts if c is not None])):
        problems.append(NOT_DERIVED)
    return problems + played_problems(order, final_state, set_aside)


def played_problems(order: Sequence[int], final_state: dict[str, Any] | None,
                    set_aside: Iterable[int] = ()) -> list[str]:
    """A revealed wall against one full set and against the tiles played this hand."""
    problems: list[str] = []
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
        self.shared: set[int] = set()
        """Hands whose commitment was to the host's secret (walls from everyone)."""
        self.asked: dict[int, list[int]] = {}
        """Hand → the places asked to contribute."""
        self.pledges: dict[int, list[Any]] = {}
        """Hand → each place's pledge as the first commitment shown said ("" for none)."""
        self.sent: dict[int, tuple[int, str]] = {}
        """Hand → (our place, the contribution we sent)."""
        self.missing_places: list[tuple[int, int]] = []
        """(hand, place) of each place asked that gave no contribution: shown, not a failed
        check."""
        self.shared_checked = 0
        """Walls from everyone checked (the rest were the host's alone: reproducible)."""
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
        self.sent.clear()  # a contribution sent on the lost connection may not have arrived

    def _problem(self, hand: int, text: str) -> None:
        self.problems.append(f"hand {hand}: {text}")

    def commit(self, hand: int, digest: str, ask: list[int] | None = None,
               pledges: list[Any] | None = None) -> None:
        """A commitment: to the wall itself, or (with `ask`, the places asked to contribute,
        and their `pledges`) to the host's secret only."""
        self.commits[hand] = digest
        if ask is not None:
            self.shared.add(hand)
            self.asked[hand] = [p for p in ask if isinstance(p, int)]
            self.pledges.setdefault(hand, list(pledges) if isinstance(pledges, list) else [])
        else:
            self.shared.discard(hand)

    def contributed(self, hand: int, place: int, contribution: str) -> None:
        """We sent `contribution` for hand `hand` from place `place`."""
        self.sent[hand] = (place, contribution)

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
               final_state: dict[str, Any] | None, secret: object = None,
               contributions: object = None) -> list[str]:
        """Check a reveal; returns (and keeps) the problems found."""
        self.checked += 1
        self.unrevealed.discard(hand)
        if not all(type(t) is int for t in wall):
            found = [NOT_TILES]
        else:
            seen_start = hand == self._hand and self._seen_start
            aside = self.set_aside if seen_start else _inferred_aside(wall, final_state)
            committed = self.commits.pop(hand, None)
            if hand in self.shared:
                self.shared.discard(hand)
                self.shared_checked += 1
                found = check_shared(committed, wall, secret, contributions, final_state, aside)
                found += self._contributions(hand, contributions)
            else:
                found = check_reveal(committed, wall, salt, final_state, aside)
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

    def _contributions(self, hand: int, contributions: object) -> list[str]:
        """Ours must be the one we sent; the others that are empty are noted."""
        found: list[str] = []
        mine = self.sent.pop(hand, None)
        asked = self.asked.pop(hand, [])
        pledged = self.pledges.pop(hand, [])
        given = contributions if isinstance(contributions, list) else []
        if len(pledged) == 4 and any(
                isinstance(c, str) and c != "" and (not isinstance(p, str) or p == ""
                                                     or unhex(c, MAX_CONTRIBUTION) is None
                                                     or pledge(c) != p)
                for c, p in zip(given, pledged, strict=False)):
            # A contribution chosen after the others were seen (say, by a seat the host
            # plays through a client of its own) cannot match the pledge shown before.
            found.append(UNPLEDGED)
        for place, c in enumerate(given):
            if mine is not None and place == mine[0]:
                if c == "":
                    found.append(OURS_LEFT_OUT)
                elif c != mine[1]:
                    found.append(OURS_CHANGED)
            elif c == "" and place in asked:
                self.missing_places.append((hand, place))
        return found

    def end(self) -> None:
        """The match ended: a hand left unrevealed is a failed check."""
        for old in sorted(self.unrevealed):
            self._problem(old, NO_REVEAL)
        self.unrevealed.clear()
