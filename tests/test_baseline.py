"""tools/baseline_bot.py plays as issue 30 describes it (checked at every one of its decisions
over whole hands of four baselines)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.actions import ActionKind
from game.bots import kit
from game.engine import Phase
from tests.test_bots import new_hand, view_of
from tools.baseline_bot import BaselineBot, _triplets

RULESETS = ["mazhan", "nanjing"]


def test_triplets_deficiency() -> None:
    counts = [0] * 34
    for k in (0, 0, 0, 5, 5, 5, 9, 9, 9, 20, 20, 20, 30):
        counts[k] += 1
    assert _triplets(counts, 4) == 1  # four triplets and a single: ready on the pair
    counts[30] += 1
    assert _triplets(counts, 4) == 0
    assert _triplets([0] * 34, 1) == 5  # a triplet and a pair, all to draw


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 2**32))
def test_baseline_decisions_follow_its_description(ruleset: str, seed: int) -> None:
    hand = new_hand(ruleset, seed)
    bots = [BaselineBot(seed + s) for s in range(4)]
    steps = 0
    while hand.phase is not Phase.OVER:
        seat = hand.to_act()[0]
        view = view_of(hand, seat)
        bot = bots[seat]
        action = bot.choose(view)
        assert action in view.legal
        kinds = {a.kind for a in view.legal}
        if ActionKind.WIN in kinds:
            assert action.kind is ActionKind.WIN
        melds = len(view.melds[seat])
        if action.kind is ActionKind.DISCARD:
            assert action.tile != view.wild or all(
                a.tile == view.wild for a in view.legal if a.kind is ActionKind.DISCARD)
            opened = bot._opened(view)
            shape = {}
            for a in view.legal:
                if a.kind is ActionKind.DISCARD and a.tile is not None and a.tile != view.wild:
                    rest = list(view.counts)
                    rest[a.tile] -= 1
                    shape[a.tile] = bot._deficiency(view, rest, melds, opened)
            if shape and action.tile in shape:
                best = min(shape.values())
                if best >= 3 and bot._danger(view):
                    threats = bot._threats(view) or [s for s in range(4) if s != seat]
                    rivers = [{int(t) for t, _ in view.rivers[s]} for s in threats]
                    if any(all(t in r for r in rivers) for t in shape):
                        assert all(action.tile in r for r in rivers)  # a kind they all threw
                else:
                    assert shape[action.tile] == best

                    live: dict[int, int] = {}
                    for t, d in shape.items():
                        if d == best:
                            rest = list(view.counts)
                            rest[t] -= 1
                            live[t] = bot._improving(view, rest, melds, opened)
                    # the most live tiles that lower the deficiency it chose by
                    assert live[action.tile] == max(live.values())
        if action.kind in (ActionKind.CHOW, ActionKind.PONG, ActionKind.KONG):
            now = bot._deficiency(view, view.counts, melds, bot._opened(view))
            after = bot._deficiency(view, kit.after_claim(view, action), melds + 1, True,
                                    chow=action.kind is ActionKind.CHOW)
            assert after <= now if action.kind is ActionKind.KONG else after < now
            if ruleset == "nanjing" and len(view.bonus[seat]) < 4 and view.wall_left > 16:
                # N4: the open hand keeps a plan that may win open (no plain-hand plan)
                assert all(p.triplets or p.scope is not None
                           for p in bot._plans(view, True))
        hand.apply(seat, action)
        steps += 1
        assert steps < 2000


def test_nanjing_concealed_hand_without_flowers_does_not_open_for_the_plain_hand() -> None:
    """A pong that helps only the plain hand is refused under 4 hard flowers (N4)."""
    refused = 0
    for seed in range(60):
        hand = new_hand("nanjing", seed)
        bots = [BaselineBot(seed + s) for s in range(4)]
        while hand.phase is not Phase.OVER:
            seat = hand.to_act()[0]
            view = view_of(hand, seat)
            action = bots[seat].choose(view)
            pongs = [a for a in view.legal if a.kind is ActionKind.PONG]
            if pongs and len(view.bonus[seat]) < 4 and view.wall_left > 16 \
                    and not bots[seat]._opened(view):
                melds = len(view.melds[seat])
                plain = kit.deficiency(view, kit.after_claim(view, pongs[0]), melds + 1)
                if plain < kit.deficiency(view) and action.kind is ActionKind.PASS:
                    refused += 1
            hand.apply(seat, action)
    assert refused > 0


def test_nanjing_seven_pairs_hand_counts_the_draws_that_pair_a_single() -> None:
    """A concealed hand steered by seven pairs (N3) ranks discards by the live tiles that lower
    that deficiency: the singles' copies, not the draws that help only the sets."""
    hand = new_hand("nanjing", 5)
    view = view_of(hand, hand.to_act()[0])
    counts = [0] * 34
    for kind in (0, 3, 15, 19, 26):  # five pairs: 1m 4m 7p 2s 9s
        counts[kind] = 2
    for kind in (27, 28, 13):  # singles: E S 5p
        counts[kind] = 1
    view = view._replace(counts=tuple(counts), melds=((),) * 4)
    bot = BaselineBot(0)
    assert bot._deficiency(view, counts, 0, False) == 2  # seven pairs; the sets are 4 away
    unseen = view.unseen()
    assert bot._improving(view, counts, 0, False) == unseen[27] + unseen[28] + unseen[13]
