"""The facts the engine shows a ruleset: small frozen records, never the engine's `Hand`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, NamedTuple, get_args

from game.melds import Meld
from game.scoring import ScoreResult, WinContext
from game.tiles import Tile


class KongKind(StrEnum):
    """How a kong was made; the values are the keys the logs and payments already use."""

    EXPOSED = "exposed"
    """Claimed on a discard: the discarder fed it."""
    ADDED = "added"
    """A fourth tile added to one's own pong: the pong's feeder fed it."""
    CONCEALED = "concealed"
    FLOWER = "flower"
    """Nanjing 花槓: four flowers of a set (N11); never a meld."""


@dataclass(frozen=True, slots=True)
class KongFact:
    """The kong a seat has just declared: its kind, tile, and whose tile was konged (None for a
    concealed kong). The engine keeps the latest one until the konger discards, so a win on
    the replacement knows which kong it followed (ruling N13c)."""

    seat: int
    kind: KongKind
    tile: Tile
    feeder: int | None


class TableFacts(NamedTuple):
    """What everyone at the table can see, as a ruleset hook needs it. Built by the engine
    for each hook call (a NamedTuple: frozen, and cheap to build on every discard); every
    field is kept up to date by the engine as play goes, so building it never walks the
    hand's history."""

    stake: int
    melds: tuple[tuple[Meld, ...], ...]
    """Per seat, its melds in the order made (an added kong stands where its pong stood)."""
    bonus: tuple[tuple[Tile, ...], ...]
    """Per seat, its bonus tiles set aside, in order."""
    discards: int
    """How many discards the hand has had so far, claimed ones included."""
    run: tuple[tuple[int, Tile], ...]
    """The latest discards since the last claim as (seat, tile), oldest first, at most four
    (Nanjing's discard run, N12)."""
    since_claim: int
    """How many of the latest discards came after the last claim (chow, pong or kong)."""
    claims: tuple[int, int, int, int]
    """Per seat, the claims it has made."""
    wall_left: int
    answering: int | None
    """The seat whose discard or added kong is being answered, if any."""
    last_kong: KongFact | None
    dealer_streak: int = 0
    seat_discards: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Per seat, how many tiles it has discarded this hand."""
    same_kind: int = 0
    """How many tiles of the latest discard's kind its discarder has discarded this hand, that
    one included (N12's four of a kind); 0 before the first discard."""


WinHow = Literal["self_draw", "discard", "robbing", "kuaizhao"]
"""How a hand was won; a drawn hand is "exhausted" (see `HandHow`)."""
HandHow = Literal["self_draw", "discard", "robbing", "kuaizhao", "exhausted"]
_HOWS: dict[str, HandHow] = {h: h for h in get_args(HandHow)}


def hand_how(text: str) -> HandHow:
    """`text` as a HandHow; ValueError for anything else (a malformed peer or file)."""
    try:
        return _HOWS[text]
    except KeyError:
        raise ValueError(f"unknown way a hand ended: {text!r}") from None


@dataclass(frozen=True, slots=True)
class WinFacts:
    """One win as the settlement needs it: the winner's hand as the scorer saw it (`ctx`),
    its score, who discarded (or konged, when robbed), and every seat's concealed tiles as
    revealed at the end of the hand (Mazhan values the losers' hands, M20)."""

    seat: int
    ctx: WinContext
    score: ScoreResult
    discarder: int | None
    how: WinHow
    revealed: tuple[tuple[Tile, ...], ...]
    wild: Tile | None = None
