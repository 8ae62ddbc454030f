"""A match: hands in sequence, the dealer's seat, scores, stake and the match's end.

Players 0-3 keep their number; seats rotate. Seat s (0 = East, the dealer) is held by player
(dealer + s) % 4. All randomness flows from one generator seeded by the match seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game import events as ev
from game.actions import Action
from game.engine import Hand, Phase
from game.errors import HandOver
from game.events import Event
from game.rules.base import HOUSE, HandResult
from game.rules.registry import make_ruleset
from game.view import SeatView, build_view, events_for

_OVER = Phase.OVER
"""Read on every action (a module name, not an enum member looked up on its class)."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One finished hand, for standings and the score chart."""

    hand_no: int
    dealer: int
    """Player number of the dealer."""
    result: HandResult
    scores: tuple[int, ...]
    """Per player, after the hand."""


class Match:
    """Hands of one ruleset from one seed, until the ruleset says the match is over."""

    def __init__(
        self,
        ruleset: str,
        seed: int,
        options: Mapping[str, Any] | None = None,
        names: Sequence[str] | None = None,
        *,
        keep_records: bool = True,
    ) -> None:
        self.keep_records = keep_records
        """Keep every hand's actions and record (logs, saves, the window's score chart); a
        headless run without a log keeps only the hand on the table and the last record, so
        its memory stays flat however many hands it plays."""
        self.rules = make_ruleset(ruleset, options)
        self.seed = seed
        self.rng = random.Random(seed)
        self.names = tuple(names) if names else tuple(f"P{i + 1}" for i in range(4))
        self.scores = [self.rules.start_score] * 4
        self.start_scores = tuple(self.scores)
        self.first_dice = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        self.dealer = (sum(self.first_dice) - 1) % 4  # M3: the first dealer shown by dice
        self.dealer_streak = 0
        self.hand_no = 0
        self.hand: Hand | None = None
        self.history: list[HandRecord] = []
        self.hands_played = 0
        """Hands booked (the length of `history` when every record is kept)."""
        self.flees: dict[int, list[tuple[int, int]]] = {}
        """Hand number → (actions applied before it, player) of each flee (M12), for logs."""
        self.record: list[list[tuple[int, Action]]] = []
        """Every hand's actions in order, as (seat, action): with the seed, a full replay."""
        self._by_seat: tuple[Hand | None, int, tuple[int, int, int, int], tuple[str, ...]] = (
            None, -1, (0, 1, 2, 3), ())
        """`_seats` of the hand on the table, for its views."""
        self._now: tuple[Hand | None, int, tuple[int, ...]] = (None, 0, ())
        """(hand, payments made in it, each seat's score with them) of the last view during a
        hand (`view`)."""
        self.hand_seed: int | None = None
        """Seed of the hand on the table (kept by a LAN host for its save and log)."""
        self.house = 0
        """Table fees paid to the house (M22), which leave the table."""
        self.explained: frozenset[int] = frozenset()
        """Players whose refusals each hand notes for their views (`explained_view`): the
        people at a table. Empty in a bots' match."""
        self._before_hand: tuple[tuple[int, ...], int] = (tuple(self.scores), 0)
        """(scores, house) as they were before the hand on the table was dealt."""

    # ------------------------------------------------------------ seats & players

    @property
    def players(self) -> tuple[int, int, int, int]:
        d = self.dealer
        return (d, (d + 1) % 4, (d + 2) % 4, (d + 3) % 4)

    def seat_of(self, player: int) -> int:
        return (player - self.dealer) % 4

    # ------------------------------------------------------------ flow

    @property
    def match_over(self) -> bool:
        return bool(self.hands_played) and self.hand_over \
            and self.rules.match_over(self.scores, self.hands_played)

    @property
    def hand_over(self) -> bool:
        return self.hand is None or self.hand.phase is Phase.OVER

    def start_hand(self, seed: int | None = None,
                   draw_order: Sequence[int] | None = None) -> list[Event]:
        """Deal the next hand. Raises HandOver if one is still being played.

        `seed` (any size) shuffles this hand's wall instead of the match's generator: a LAN
        host draws it from `secrets` so no player can work the walls out from the match seed.
        `draw_order`: a stacked wall (head first) dealt instead of a shuffled one (lessons).
        """
        if not self.hand_over:
            raise HandOver("the current hand is not over")
        self.hand_no += 1
        stake = self.rules.stake(self.scores)
        self._before_hand = (tuple(self.scores), self.house)
        if seed is None:
            seed = self.rng.getrandbits(64)
        self.hand_seed = seed
        # the stacked wall is passed only when there is one: tests that stack a wall by
        # wrapping Hand (functools.partial) keep theirs
        stack = {} if draw_order is None else {"draw_order": draw_order}
        self.hand = Hand(self.rules, random.Random(seed), stake=stake,
                         dealer_streak=self.dealer_streak, **stack)
        self.explain(self.explained)
        if self.keep_records:
            self.record.append([])
        else:
            self.record = [[]]
        out: list[Event] = []
        for fee in self.rules.hand_fees(stake):  # M22: paid by each player, removed
            self.scores[self.players[fee.payer]] -= fee.amount
            self.house += fee.amount
            out.append(Event(ev.PAYMENT, HOUSE, other=fee.payer, amount=fee.amount, info=fee.key))
        return self.hand.start() + out

    next_hand = start_hand

    def to_act(self) -> tuple[int, ...]:
        return () if self.hand is None else self.hand.to_act()

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        return () if self.hand is None else self.hand.legal_actions(seat)

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a seat's action; at the hand's end, book scores and move the deal."""
        if self.hand is None:
            raise HandOver("no hand has been dealt")
        out = self.hand.apply(seat, action)
        self.record[-1].append((seat, action))
        if self.hand.phase is _OVER:
            self._book(self.hand)
        return out

    def _book(self, hand: Hand) -> None:
        result = hand.result
        assert result is not None
        players = self.players
        for seat in range(4):
            self.scores[players[seat]] += result.deltas[seat]
        record = HandRecord(self.hand_no, self.dealer, result, tuple(self.scores))
        if self.keep_records:
            self.history.append(record)
        else:
            self.history = [record]
        self.hands_played += 1
        if result.dealer_keeps:  # M3, N5
            self.dealer_streak += 1
        else:
            self.dealer = (self.dealer + 1) % 4
            self.dealer_streak = 0

    def abandon_hand(self) -> None:
        """The hand in play counts for nothing (a LAN match its players voted to end, issue
        28): the scores and the house go back to what they were before it was dealt, its
        table fee (M22) and any flee in it (M12) undone. It stays on the table, unbooked, for
        its wall to be revealed."""
        if self.hand_over:
            return
        scores, house = self._before_hand
        self.scores[:] = scores
        self.house = house
        self.flees.pop(self.hand_no, None)
        self._now = (None, 0, ())  # the scores changed without a payment of the hand

    @property
    def actions(self) -> list[tuple[int, Action]]:
        """The current hand's actions in order."""
        return self.record[-1] if self.record else []

    def flee(self, player: int) -> list[Event]:
        """A player flees: it pays what the ruleset says (M12: 400 × stake, a quarter to each
        other player and one to the house); nothing where the ruleset has no flee."""
        stake = self.hand.stake if self.hand is not None else self.rules.stake(self.scores)
        seat = self.seat_of(player)
        payments = self.rules.flee(seat, stake)
        if not payments:
            return []
        self.flees.setdefault(self.hand_no, []).append((len(self.actions), player))
        self._now = (None, 0, ())  # the scores change without a payment of the hand
        out: list[Event] = []
        # events in player order, the house last, as logs made before this order was the
        # ruleset's have them
        payments.sort(key=lambda p: 4 if p.payee == HOUSE else self.players[p.payee])
        for p in payments:
            self.scores[player] -= p.amount
            if p.payee == HOUSE:
                self.house += p.amount
            else:
                self.scores[self.players[p.payee]] += p.amount
            out.append(Event(ev.PAYMENT, p.payee, other=seat, amount=p.amount, info=p.key))
        return out

    @property
    def last_result(self) -> HandResult | None:
        return self.history[-1].result if self.history else None

    # ------------------------------------------------------------ views

    def view(self, seat: int) -> SeatView:
        hand = self.hand
        if hand is None:
            raise HandOver("no hand has been dealt")
        scores = self.scores
        over = hand.phase is _OVER
        # the deal moves on when the hand is booked: its seats are then the last record's
        dealer = self.history[-1].dealer if over and self.history else self.dealer
        seats = self._by_seat
        if seats[0] is not hand or seats[1] != dealer:
            seats = self._seats(hand, dealer)
        players = seats[2]
        now: tuple[int, ...]
        if over:  # booked: the scores already hold the hand's payments
            now = (scores[players[0]], scores[players[1]], scores[players[2]],
                   scores[players[3]])
        else:
            # the seats' scores change only with a payment (or a flee, which drops the memo):
            # most views of a hand read them again
            memo = self._now
            paid = len(hand.payments)
            if memo[0] is hand and memo[1] == paid:
                now = memo[2]
            else:
                d = hand.deltas
                now = (scores[players[0]] + d[0], scores[players[1]] + d[1],
                       scores[players[2]] + d[2], scores[players[3]] + d[3])
                self._now = (hand, paid, now)
        return build_view(hand, seat, self.hand_no, now, players, seats[3])

    def explain(self, players: frozenset[int]) -> None:
        """Note the refusals of these players from now on (their seats in the hand dealt)."""
        self.explained = frozenset(players)
        if self.hand is not None:
            self.hand.explained = frozenset(self.seat_of(p) for p in self.explained)

    def explained_view(self, seat: int) -> SeatView:
        """`view(seat)` with the seat's refusals (`Hand.refusals`, worked out now)."""
        view = self.view(seat)
        hand = self.hand
        if hand is None or not 0 <= seat < 4 or seat not in hand.explained:
            return view
        found = hand.refusals(seat)
        return view._replace(refusals=found) if found else view

    def _seats(self, hand: Hand, dealer: int) -> tuple[Hand | None, int, tuple[int, int, int, int],
                                                      tuple[str, ...]]:
        """(hand, dealer, players by seat, their names by seat) for `hand` dealt by `dealer`,
        kept for the views of the hand (`view` asks again only when either changes)."""
        players = (dealer, (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4)
        seats = self._by_seat = (hand, dealer, players, tuple([self.names[p] for p in players]))
        return seats

    def hand_players(self) -> tuple[int, int, int, int]:
        """Players by seat for the hand on the table, also once it is booked (the deal has
        already moved on then)."""
        if self.hand is not None and self.hand.phase is _OVER and self.history:
            d = self.history[-1].dealer
            return (d, (d + 1) % 4, (d + 2) % 4, (d + 3) % 4)
        return self.players

    @staticmethod
    def events_for(seat: int, events: Sequence[Event]) -> list[Event]:
        return events_for(events, seat)
