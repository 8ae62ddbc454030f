"""The ruleset protocol: what the engine asks a ruleset, and options held as data."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from game.errors import BadOption
from game.scoring import ScoreLine, ScoreResult, WinContext
from game.tiles import Tile

if TYPE_CHECKING:
    from game.engine import Hand


@dataclass(frozen=True, slots=True)
class Option:
    """One table setting: its default, the values allowed, and what it means."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    """The values allowed; empty for a whole number within `bounds`."""
    zh: str
    en: str
    bounds: tuple[int, int] = (0, 0)


@dataclass(frozen=True, slots=True)
class Payment:
    """`payer` pays `payee` `amount` points or gold; seats 0-3."""

    payer: int
    payee: int
    amount: int
    key: str
    zh: str = ""
    en: str = ""


@dataclass(frozen=True, slots=True)
class Settlement:
    """What a ruleset decides at the end of a hand."""

    payments: tuple[Payment, ...]
    dealer_keeps: bool
    values: tuple[int, ...] = (0, 0, 0, 0)
    """Mazhan: each seat's hand value (M17, M20); Nanjing: the winner's flowers at its seat."""
    loser_lines: tuple[tuple[ScoreLine, ...], ...] = ()
    """Mazhan: each seat's M20 lines (empty for the winner)."""


def combined(settlements: Sequence[Settlement]) -> Settlement:
    """Several wins on one discard or robbed kong settled together (ruling N2's option): every
    win's payments, each winner's value at its seat, and the dealer keeps the deal when any of
    the wins would keep it (N5: the dealer among the winners, or any big hand). Non-winner
    lines come from the first settlement only: a ruleset with such lines (Mazhan, M20) lets
    only one player win (M7)."""
    if not settlements:
        raise ValueError("combined() needs at least one settlement")
    return Settlement(
        tuple(p for s in settlements for p in s.payments),
        any(s.dealer_keeps for s in settlements),
        tuple(sum(s.values[seat] for s in settlements) for seat in range(4)),
        settlements[0].loser_lines,
    )


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended, for the results screen: lines as the scorer gave them."""

    winner: int | None
    """Seat of the winner, None for a drawn hand."""
    discarder: int | None
    how: str
    """self_draw, discard, robbing, kuaizhao or exhausted."""
    score: ScoreResult | None
    settlement: Settlement
    payments: tuple[Payment, ...]
    """Every payment of the hand, those made at once during play included (Nanjing)."""
    deltas: tuple[int, int, int, int]
    """Per seat: the total change of score over the hand."""
    others: tuple[tuple[int, ScoreResult], ...] = ()
    """(seat, score) of each further winner on the same discard or robbed kong, in turn order
    after `winner` (ruling N2's option "all"); empty when one player won."""
    tile: Tile | None = None
    """The tile won on (None for a drawn hand or 快照). It joins the first winner's hand only:
    the further winners' revealed hands lack it."""

    @property
    def dealer_keeps(self) -> bool:
        return self.settlement.dealer_keeps

    @property
    def wins(self) -> tuple[tuple[int, ScoreResult], ...]:
        """(seat, score) of every winner in turn order after the discarder; empty if drawn."""
        if self.winner is None or self.score is None:
            return ()
        return ((self.winner, self.score), *self.others)

    @property
    def winners(self) -> tuple[int, ...]:
        """Every winner's seat, in turn order after the discarder."""
        return tuple(seat for seat, _ in self.wins)


class Ruleset(Protocol):
    """What the engine needs from a ruleset. Values live in `options` (data, not branches)."""

    name: str
    hand_size: int
    has_chow: bool
    uses_wild: bool
    seven_pairs: bool
    earthly: str
    """When 地胡 applies: "dealer_first_discard" (M17) or "before_own_discard" (N7)."""
    bonus_kinds: frozenset[int]
    start_score: int

    @property
    def several_winners(self) -> str:
        """When several seats win on one discard or robbed kong: "first" (截胡, only the first
        in turn order after the discarder wins; M7, N2) or "all" (each wins; N2's option)."""

    @property
    def options(self) -> Mapping[str, Any]: ...

    def reserve(self) -> int:
        """Tiles left in the wall when the hand is drawn (M10; Nanjing 0)."""

    def may_win(self, ctx: WinContext) -> bool:
        """Whether a complete hand may be declared (no false wins, N4)."""

    def score_winner(self, ctx: WinContext) -> ScoreResult: ...

    def stake(self, scores: Sequence[int]) -> int:
        """The hand's multiplier: Mazhan 底注 (M22), Nanjing gold per flower."""

    def on_bonus(self, hand: Hand, seat: int, tile: int) -> list[Payment]:
        """Payments due at once when a bonus tile is set aside (Nanjing flower kong)."""

    def on_kong(self, hand: Hand, seat: int, kind: str, feeder: int | None) -> list[Payment]:
        """Payments due at once for a kong (N11); `kind` is exposed, added or concealed."""

    def on_discard(self, hand: Hand, seat: int, tile: int) -> list[Payment]:
        """Penalties due at once for a discard (N12)."""

    def quick_win(self, hand: Hand, seat: int) -> bool:
        """Whether the claim just made wins at once (Nanjing 快照, N13d)."""

    def settle(self, hand: Hand, winner: int | None, ctx: WinContext | None,
               score: ScoreResult | None, discarder: int | None, how: str) -> Settlement:
        """Payments at the end of a hand, and whether the dealer deals again (M3, N5)."""

    def match_over(self, scores: Sequence[int], hands_played: int) -> bool: ...


def check_options(table: Mapping[str, Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in; unknown names and values not allowed raise BadOption."""
    out = {name: opt.default for name, opt in table.items()}
    for name, value in (given or {}).items():
        if name not in table:
            known = ", ".join(sorted(table))
            raise BadOption(f"unknown option {name!r} (known: {known})")
        opt = table[name]
        if opt.choices and value not in opt.choices:
            allowed = ", ".join(map(str, opt.choices))
            raise BadOption(f"option {name!r} cannot be {value!r} (allowed: {allowed})")
        low, high = opt.bounds
        if not opt.choices and (
            isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high
        ):
            raise BadOption(f"option {name!r} must be a whole number {low}-{high}, not {value!r}")
        out[name] = value
    return out


def options_hash(name: str, options: Mapping[str, Any]) -> str:
    """A short fingerprint of a ruleset and its options, so peers can check they agree."""
    text = json.dumps({"ruleset": name, "options": dict(options)}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
