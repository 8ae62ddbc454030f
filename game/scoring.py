"""Types shared by the rulesets' scorers: what a win looks like, and itemized score lines."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game import catalogue
from game.melds import Meld
from game.tiles import Tile

FLAGS = frozenset(
    {"heavenly", "earthly", "after_kong", "after_flower", "robbing_kong", "last_tiles", "kuaizhao"}
)
"""Win circumstances the scorers understand (CONTRACTS §1; `kuaizhao` is Nanjing's 快照, N13d)."""


class NotAWin(ValueError):
    """The tiles given do not make a win that the ruleset allows; the message says why."""


@dataclass(frozen=True, slots=True)
class WinContext:
    """Everything a scorer needs about one player's hand at the end of a hand.

    `seat` is 0-3 for E S W N; E (0) is the dealer. `concealed` excludes the winning tile.
    `win_tile` is None when a non-winner's hand is valued (Mazhan M20) or for 快照 (N13d).
    `wild` is the Mazhan wild kind: every tile of that kind in `concealed`/`win_tile` is wild.
    """

    seat: int
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Tile, ...] = ()
    win_tile: Tile | None = None
    self_draw: bool = False
    wild: Tile | None = None
    flags: frozenset[str] = frozenset()
    ponged: frozenset[int] = frozenset()
    dealer_streak: int = 0


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a breakdown: what it counts (`key`, `value`, `unit`) and its words as a
    catalogue key with arguments (`text`, `tiles`, `tile`, `n`, `wilds`, `group`), worded by
    `game.catalogue` for `mahjong score` and by the window in its language.

    `unit` says how `value` counts: "base" (Mazhan base points), "tai" (Mazhan doublings),
    "hu" (a Mazhan value that replaces the formula, e.g. 400), "flower" (Nanjing 花), "x" (a
    multiplier), or "total".
    """

    key: str
    value: int
    unit: str
    text: str = ""
    """The catalogue key of the line's words (`game.catalogue.rules`)."""
    tiles: tuple[int, ...] = ()
    """The tiles the line counts, in order: drawn beside its name, notation in a label."""
    tile: int | None = None
    """The tile the words name (a flower, a wind)."""
    n: int = 0
    """The number the words hold (a count, the value rounded up to, the tai)."""
    wilds: int = 0
    """Wilds standing in the set `tiles`."""
    group: str = ""
    """What a set of wilds only stands for ("pong"), its `tiles` being empty."""

    @property
    def label(self) -> str:
        """The `mahjong score` label: Traditional Chinese and English (CONTRACTS §1)."""
        return catalogue.label(self)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "value": self.value, "unit": self.unit}


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """A scored hand: `total` is the value (Mazhan 胡 after cap, Nanjing 花 after 比下胡)."""

    total: int
    items: tuple[ScoreLine, ...]
    extra: dict[str, Any] = field(default_factory=dict)
    """Ruleset-specific fields for the calculator output: Mazhan `base`, `tai`;
    Nanjing `hard_flowers`, `soft_flowers`."""
    reading: str = ""
    """The reading (sets) that counted, in notation, for display."""

    def to_json(self, ruleset: str) -> dict[str, Any]:
        out: dict[str, Any] = {"ruleset": ruleset, "total": self.total}
        out.update(self.extra)
        out["items"] = [line.to_json() for line in self.items]
        if self.reading:
            out["reading"] = self.reading
        return out
