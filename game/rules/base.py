"""The ruleset protocol: what the engine asks a ruleset, and options held as data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from game.scoring import ScoreLine, ScoreResult, WinContext
from game.tiles import Tile

if TYPE_CHECKING:
    from game.rules.facts import HandHow, KongFact, TableFacts, WinFacts
    from game.rules.options import RuleOptions


@dataclass(frozen=True, slots=True)
class Option:
    """One table setting: its default, the values allowed, and what it means (a catalogue
    key and the numbers its words hold, worded by `game.catalogue.option_words`)."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    """The values allowed; empty for a whole number within `bounds`."""
    help: str
    """The catalogue key of what the option means ("help.mazhan.reserve")."""
    bounds: tuple[int, int] = (0, 0)
    args: tuple[tuple[str, int], ...] = ()
    """The numbers the words hold, by field name (the rules' own constants)."""


@dataclass(frozen=True, slots=True)
class Payment:
    """`payer` pays `payee` `amount` points or gold; seats 0-3. `key` says why for the logs
    and the rules; `text` is the catalogue key of its words ("pay.nanjing.win_discard")."""

    payer: int
    payee: int
    amount: int
    key: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a claim or a win the hand's shape would allow is not offered, or an answer given
    was not carried out: a catalogue key ("why.nanjing.open_hand") and the numbers its words
    hold, by field name (worded by `game.catalogue.refusal_words`). Made only when asked
    (`Ruleset.why_not_win`, `Hand.refusals`), never by a legality check itself."""

    action: str
    """The kind of action refused, an `ActionKind` value ("win", "pong", "chow", "kong")."""
    key: str
    args: tuple[tuple[str, int], ...] = ()
    tile: Tile | None = None
    """The tile it was about (the discard), if any."""


@dataclass(frozen=True, slots=True)
class Settlement:
    """What a ruleset decides at the end of a hand."""

    payments: tuple[Payment, ...]
    dealer_keeps: bool
    values: tuple[int, ...] = (0, 0, 0, 0)
    """Mazhan: each seat's hand value (M17, M20); Nanjing: the winner's flowers at its seat."""
    loser_lines: tuple[tuple[ScoreLine, ...], ...] = ()
    """Mazhan: each seat's M20 lines (empty for the winner)."""


payment = lru_cache(maxsize=4096)(Payment)
"""`Payment(...)` (positional fields), the same frozen record handed out again for the same
fields: settlements repeat a few amounts, and a frozen dataclass sets each field through a
Python-level `__init__`."""


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
    how: HandHow
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
    cut: tuple[int, ...] = ()
    """Seats that also declared a win on the same discard or robbed kong but lost it to a seat
    earlier in turn order (截胡, rulings M7 and N2's default); called out at the table."""

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


HOUSE = -1
"""The payee of money that leaves the table (Mazhan's table fee and a flee's last quarter)."""


class Ruleset(Protocol):
    """What the engine and the match need from a ruleset. Hooks see small frozen records of
    the facts they need (`game.rules.facts`), never the engine's `Hand`; an option's effect is
    the ruleset's own data or function, so the engine never reads an option."""

    name: str
    hand_size: int
    has_chow: bool
    uses_wild: bool
    seven_pairs: bool
    discard_hook: bool
    """Whether `on_discard` can ever pay; when False the engine never calls it (nor builds
    the facts for it), which is most of the cost of a discard."""
    bonus_hook: bool
    """Whether `on_bonus` can ever pay (False: never called)."""
    claim_hook: bool
    """Whether `quick_win` can ever be true after a chow or pong (False: never called; a
    kong still asks it)."""
    bonus_kinds: frozenset[int]
    start_score: int

    @property
    def options(self) -> Mapping[str, Any]:
        """The options as plain data (logs, saves, the LAN), read-only."""

    @property
    def settings(self) -> RuleOptions:
        """The options as a typed, validated frozen record."""

    def reserve(self) -> int:
        """Tiles left in the wall when the hand is drawn (M10; Nanjing 0)."""

    def may_win(self, ctx: WinContext) -> bool:
        """Whether a complete hand may be declared (no false wins, N4)."""

    def why_not_win(self, ctx: WinContext) -> Refusal | None:
        """Why `may_win` refuses this complete hand, from the very rule that refuses it (N4);
        None when it may win, or when the shape itself is not a win. Asked only to explain."""

    def score_winner(self, ctx: WinContext) -> ScoreResult: ...

    def stake(self, scores: Sequence[int]) -> int:
        """The hand's multiplier: Mazhan 底注 (M22), Nanjing gold per flower."""

    def winners(self, claimants: Sequence[int]) -> tuple[int, ...]:
        """Who wins when `claimants` (in turn order after the discarder) all declared a win on
        one discard or robbed kong: the first only (截胡; M7, N2) or each (N2's option)."""

    def earthly(self, table: TableFacts, seat: int, self_draw: bool) -> bool:
        """Whether a non-dealer's win now is 地胡 (M17, N7)."""

    def on_bonus(self, table: TableFacts, seat: int, tile: Tile) -> list[Payment]:
        """Payments due at once when a bonus tile is set aside (Nanjing flower kong)."""

    def bonus_may_pay(self, held: int) -> bool:
        """Whether `on_bonus` could pay when a seat has just set aside its `held`-th bonus
        tile: False lets the engine skip building the facts and asking. Only read when
        `bonus_hook` is True; it must be True whenever `on_bonus` pays."""

    def on_kong(self, table: TableFacts, kong: KongFact) -> list[Payment]:
        """Payments due at once for a kong (N11)."""

    def on_discard(self, table: TableFacts, seat: int, tile: Tile) -> list[Payment]:
        """Penalties due at once for a discard (N12)."""

    def discard_may_pay(self, run: tuple[tuple[int, Tile], ...], same_kind: int) -> bool:
        """Whether `on_discard` could pay for the discard just made, from the discard run
        (the last four discards since a claim, this one last) and how many of its kind the
        discarder has now thrown: False lets the engine skip building the facts and asking.
        Only read when `discard_hook` is True; it must be True whenever `on_discard` pays."""

    def quick_win(self, table: TableFacts, seat: int) -> bool:
        """Whether the claim just made wins at once (Nanjing 快照, N13d)."""

    def settle(self, table: TableFacts, win: WinFacts | None) -> Settlement:
        """Payments at the end of a hand (None: drawn), and whether the dealer deals again
        (M3, N5)."""

    def hand_fees(self, stake: int) -> list[Payment]:
        """Money each seat pays to the `HOUSE` as a hand is dealt (Mazhan table fee, M22)."""

    def flee(self, seat: int, stake: int) -> list[Payment]:
        """What a fleeing seat pays (M12), to the others and the `HOUSE`; [] where the
        ruleset or its options have no flee."""

    def match_over(self, scores: Sequence[int], hands_played: int) -> bool: ...
