"""Invariants of the engine over random games of both rulesets (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.actions import ActionKind
from game.engine import Hand, Phase
from game.rules.registry import make_ruleset
from game.tiles import full_set
from game.view import seat_view

FULL = [full_set().count(k) for k in range(42)]
RULESETS = ["mazhan", "nanjing"]


def new_hand(ruleset: str, seed: int) -> Hand:
    hand = Hand(make_ruleset(ruleset), random.Random(seed), stake=1)
    hand.start()
    return hand


def play_randomly(hand: Hand, rng: random.Random, check: object = None, limit: int = 2000) -> int:
    """Play to the end with uniformly random legal actions; returns the number of actions."""
    steps = 0
    while hand.phase is not Phase.OVER:
        seats = hand.to_act()
        assert seats, "nobody can act but the hand is not over (stall)"
        seat = rng.choice(seats)
        legal = hand.legal_actions(seat)
        assert legal, f"seat {seat} must act but has no legal action"
        hand.apply(seat, rng.choice(legal))
        if callable(check):
            check(hand)
        steps += 1
        assert steps < limit
    return steps


def census_ok(hand: Hand) -> None:
    assert hand.tile_census() == FULL


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_games_conserve_tiles_never_stall_and_are_zero_sum(
    ruleset: str, seed: int, play_seed: int
) -> None:
    hand = new_hand(ruleset, seed)
    census_ok(hand)
    play_randomly(hand, random.Random(play_seed), census_ok)
    assert hand.result is not None
    assert sum(hand.result.deltas) == 0  # M21, N10-N13 with no table fee
    assert sum(p.amount for p in hand.result.payments if p.payee == p.payer) == 0


def test_nanjing_never_offers_chow() -> None:
    for seed in range(30):
        hand = new_hand("nanjing", seed)
        rng = random.Random(seed)
        while hand.phase is not Phase.OVER:
            for seat in hand.to_act():
                assert all(a.kind is not ActionKind.CHOW for a in hand.legal_actions(seat))
            seat = rng.choice(hand.to_act())
            hand.apply(seat, rng.choice(hand.legal_actions(seat)))


def _shuffle_hidden(hand: Hand, viewer: int, rng: random.Random) -> None:
    """Shuffle every tile `viewer` cannot see: other concealed hands and the wall."""
    others = [s for s in range(4) if s != viewer]
    pool: list[int] = [k for s in others for k in range(34) for _ in range(hand.hands[s][k])]
    start, end = hand.wall.head, len(hand.wall.order) - hand.wall.tail
    pool += hand.wall.order[start:end]
    rng.shuffle(pool)
    # Bonus tiles cannot sit in a hand, so they go back to the wall's slots.
    playable = [t for t in pool if t < 34 and t not in hand.rules.bonus_kinds]
    bonus = [t for t in pool if t >= 34 or t in hand.rules.bonus_kinds]
    for s in others:
        size = sum(hand.hands[s])
        counts = [0] * 34
        for t in playable[:size]:
            counts[t] += 1
        del playable[:size]
        hand.hands[s] = counts
    rest = playable + bonus
    rng.shuffle(rest)
    hand.wall.order[start:end] = rest
    hand._derived.drop()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 2**32), st.integers(0, 200), st.integers(0, 3))
def test_view_does_not_change_when_hidden_tiles_are_shuffled(
    ruleset: str, seed: int, steps: int, viewer: int
) -> None:
    hand = new_hand(ruleset, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.phase is Phase.OVER:
            return
        seat = rng.choice(hand.to_act())
        hand.apply(seat, rng.choice(hand.legal_actions(seat)))
    if hand.phase is Phase.OVER:
        return  # every hand is shown at the end: nothing is hidden any more

    def view() -> object:
        return seat_view(hand, viewer, hand_no=1, scores=[0, 0, 0, 0], players=[0, 1, 2, 3],
                         names=["a", "b", "c", "d"])

    before = view()
    _shuffle_hidden(hand, viewer, random.Random(seed + 1))
    census_ok(hand)
    assert view() == before


def test_spectator_view_has_no_concealed_tiles_and_no_legal_actions() -> None:
    hand = new_hand("mazhan", 3)
    v = seat_view(hand, -1, hand_no=1, scores=[0] * 4, players=[0, 1, 2, 3], names=["a"] * 4)
    assert v.concealed == () and v.legal == () and v.drawn is None
    assert v.hand_sizes == (17, 16, 16, 16)


def test_same_seed_same_hand() -> None:
    a, b = new_hand("mazhan", 11), new_hand("mazhan", 11)
    ra, rb = random.Random(5), random.Random(5)
    play_randomly(a, ra)
    play_randomly(b, rb)
    assert a.result == b.result
    assert a.rivers == b.rivers
