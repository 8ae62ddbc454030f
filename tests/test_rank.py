"""The expert's ranking call: every legal action valued, best first, the first its choice."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.actions import ActionKind
from game.bots import Ranker, kit, make_bot
from game.bots.expert import ExpertBot, rank
from game.engine import Phase
from tests.test_bots import new_hand, played_hand, view_of
from tests.test_engine_props import _shuffle_hidden

RULESETS = ["mazhan", "nanjing"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 2**32))
def test_rank_heads_with_the_choice_over_a_whole_hand(ruleset: str, seed: int) -> None:
    """At every decision of a hand of four experts, the ranking's first is the choice, every
    legal action is ranked once, values never rise, and ranking leaves the bot's play alone."""
    hand = new_hand(ruleset, seed)
    bots = [ExpertBot(seed + s) for s in range(4)]
    steps = 0
    kinds: set[ActionKind] = set()
    while hand.phase is not Phase.OVER:
        seat = hand.to_act()[0]
        view = view_of(hand, seat)
        ranked = bots[seat].rank(view)
        assert isinstance(bots[seat], Ranker)
        assert sorted(map(str, (a for a, _ in ranked))) == sorted(map(str, view.legal))
        values = [v for _, v in ranked]
        assert values == sorted(values, reverse=True)
        assert all(v == v and abs(v) < 1e6 for v in values)  # no NaN, no infinity
        action = bots[seat].choose(view)
        assert ranked[0][0] == action
        kinds.update(a.kind for a in view.legal)
        hand.apply(seat, action)
        steps += 1
        assert steps < 2000
    assert ActionKind.DISCARD in kinds


def test_rank_does_not_change_a_match() -> None:
    """Ranking before each choice leaves the expert's choices as they were without it."""
    for ruleset in RULESETS:
        plays = []
        for ranking in (False, True):
            hand = new_hand(ruleset, 11)
            bots = [ExpertBot(3 + s) for s in range(4)]
            chosen = []
            while hand.phase is not Phase.OVER:
                seat = hand.to_act()[0]
                view = view_of(hand, seat)
                if ranking:
                    bots[seat].rank(view)
                action = bots[seat].choose(view)
                chosen.append(action)
                hand.apply(seat, action)
            plays.append(chosen)
        assert plays[0] == plays[1]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 2**32), st.integers(0, 150))
def test_rank_reads_only_the_view(ruleset: str, seed: int, steps: int) -> None:
    hand = played_hand(ruleset, seed, steps)
    if hand is None:
        return
    seat = random.Random(seed).choice(hand.to_act())
    before = rank(view_of(hand, seat), seed=5)
    _shuffle_hidden(hand, seat, random.Random(seed + 1))
    assert rank(view_of(hand, seat), seed=5) == before


def test_breaking_a_ready_hand_ranks_below_keeping_it() -> None:
    """Where a discard leaves the hand ready on live waits, every discard that leaves it
    further from winning is valued lower in Mazhan (review ranks breaking a ready hand as a
    loss); in Nanjing, where a safe tile may be worth a shape, none is ranked first."""
    found = 0
    for ruleset in RULESETS:
        for seed in range(30):
            hand = new_hand(ruleset, seed)
            bots = [make_bot("hard", seed + s) for s in range(4)]
            while hand.phase is not Phase.OVER:
                seat = hand.to_act()[0]
                view = view_of(hand, seat)
                if view.phase == "discard":
                    ready, broken = [], []
                    for action in view.legal:
                        if action.kind is not ActionKind.DISCARD or action.tile is None:
                            continue
                        counts = list(view.counts)
                        counts[action.tile] -= 1
                        d = kit.deficiency(view, counts)
                        live = any(view.unseen()[t] for t in kit.waits(view, counts))
                        if d == 1 and live:
                            ready.append(action)
                        elif d >= 2:
                            broken.append(action)
                    if ready and broken:
                        ranked = rank(view)
                        values = dict(ranked)
                        if ruleset == "mazhan":
                            assert min(values[a] for a in ready) > max(values[a]
                                                                       for a in broken)
                        assert ranked[0][0] not in broken
                        found += 1
                hand.apply(seat, bots[seat].choose(view))
    assert found >= 20
