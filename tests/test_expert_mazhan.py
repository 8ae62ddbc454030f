"""Expert's Mazhan helpers: the all-chows deficiency (平胡, M18) and the non-winner value (M20)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.actions import Action, ActionKind
from game.bots import evaluate as ev
from game.bots import make_bot
from game.bots.expert import ExpertBot
from game.bots.expert_mazhan import chow_deficiency, loser_value, pinghu_open
from game.engine import Phase
from game.rules.mazhan_scoring import score_loser
from game.scoring import WinContext
from game.shapes import deficiency, is_win
from game.tiles import FLOWERS, Tile, counts_of, parse_tiles, tiles_of
from game.view import SeatView
from tests.test_bots import _mazhan_view, new_hand, view_of


def _switched_on(seed: int) -> ExpertBot:
    """An expert with the 平胡 plan and the non-winner value terms on (off by default)."""
    bot = ExpertBot(seed)
    bot.pinghu_on = True
    bot.m20_weight = 1.0
    bot.m20_claims = True
    return bot


def _counts(text: str) -> list[int]:
    return counts_of(parse_tiles(text))[:34]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=16, max_size=16), st.integers(0, 2))
def test_chow_deficiency_is_never_below_the_plain_one(tiles: list[int], wilds: int) -> None:
    counts = [0] * 34
    for t in tiles:
        counts[t] = min(4, counts[t] + 1)
    need = 5
    plain = deficiency(counts, wilds, need)
    chows = chow_deficiency(counts, wilds, need)
    assert plain <= chows <= 3 * need + 2
    if chows == 0 and sum(counts) + wilds == 3 * need + 2:
        # complete as chows and a pair: the hand is a win (M9)
        assert is_win(counts, wilds)


def test_chow_deficiency_counts_chows_and_one_pair_only() -> None:
    # Five chows and a pair, less one tile of a two-sided wait: ready either way.
    ready = _counts("123m456m789p234p55s6s7s")
    assert chow_deficiency(ready, 0, 5) == 1 == deficiency(ready, 0, 5)
    # Five triplets and a single: ready for the plain hand, far for chows only.
    triplets = _counts("111m555m999m444p888p3s")
    assert deficiency(triplets, 0, 5) == 1
    assert chow_deficiency(triplets, 0, 5) > 5
    # Honours can only be the pair.
    assert chow_deficiency(_counts("123m456m789p234p678s1z"), 0, 5) == 1
    assert chow_deficiency(_counts("123m456m789p234p678s1z1z"), 0, 5) == 0
    assert chow_deficiency(_counts("123m456m789p234p67s1z1z1z"), 0, 5) == 1
    # A wild fills the gap of a chow (M6).
    assert chow_deficiency(_counts("123m456m789p24p678s55s"), 1, 5) == 0


def _loser_positions(count: int) -> list[SeatView]:
    """Real Mazhan claim positions (3n+1 concealed tiles) from hands played by normal bots."""
    found: list[SeatView] = []
    for seed in range(40):
        hand = new_hand("mazhan", seed)
        bots = [make_bot("normal", seed * 4 + s) for s in range(4)]
        while hand.phase is not Phase.OVER and len(found) < count:
            seat = hand.to_act()[0]
            view = view_of(hand, seat)
            if view.phase == "claim":
                found.append(view)
            hand.apply(seat, bots[seat].choose(view))
        if len(found) >= count:
            break
    return found


def test_loser_value_is_the_scorers_non_winner_value() -> None:
    positions = _loser_positions(150)
    assert len(positions) == 150
    for view in positions:
        seat = view.seat
        ctx = WinContext(seat=seat, concealed=tuple(tiles_of(view.counts)),
                         melds=view.melds[seat], bonus=view.bonus[seat], wild=view.wild)
        assert loser_value(view, list(view.counts)) == score_loser(ctx).total


def test_loser_value_rounds_and_doubles() -> None:
    # Seat 1 with its own flower (a tai, M16) and a natural triplet of 9m (8, M13): 12 → 20
    # (M15) × 2 = 40; a discard of one 9m leaves 4 (the flower) → 10 × 2 = 20 (M20).
    view = _mazhan_view("999m123p456p78s11z", bonus=(FLOWERS[1],))
    counts = list(view.counts)
    assert loser_value(view, counts) == 40
    counts[parse_tiles("9m")[0]] -= 1
    assert loser_value(view, counts) == 20


def test_pinghu_plan_only_without_bonus_tiles_and_pongs() -> None:
    tiles = "123m456m789p23p55s67s1z3z"
    clean = _mazhan_view(tiles)
    assert pinghu_open(clean)
    bot = _switched_on(1)
    names = [p.name for p in bot._plans(clean, ev.split(clean))]
    assert "pinghu" in names
    flowered = _mazhan_view(tiles, bonus=(FLOWERS[0],))
    assert not pinghu_open(flowered)
    assert "pinghu" not in [p.name for p in bot._plans(flowered, ev.split(flowered))]


def test_pinghu_plan_refuses_a_pong_that_does_not_bring_the_hand_closer() -> None:
    # Two-sided waits everywhere and 55s as the pair: a pong of 5s only spends the pair.
    view = _mazhan_view("123m456m789p23p55s67s1z")
    bot = _switched_on(1)
    plan = bot._plan(view, ev.split(view))
    assert plan.name == "pinghu"
    five = Tile(parse_tiles("5s")[0])
    pong = Action(ActionKind.PONG, five, (five, five, five))
    counts = list(view.counts)
    counts[five] -= 2
    after = ev.split(view, counts, 1)
    assert bot._claim_gain(view, plan, after, pong, five) is None


def test_expert_with_pinghu_plays_legally_and_is_deterministic() -> None:
    rng = random.Random(3)
    for seed in rng.sample(range(1000), 3):
        runs = []
        for _ in range(2):
            hand = new_hand("mazhan", seed)
            bots = [_switched_on(seed * 4 + s) for s in range(4)]
            actions = []
            while hand.phase is not Phase.OVER:
                seat = hand.to_act()[0]
                view = view_of(hand, seat)
                action = bots[seat].choose(view)
                assert action in view.legal
                actions.append(action)
                hand.apply(seat, action)
            runs.append(actions)
        assert runs[0] == runs[1]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_chow_deficiency_never_rises_with_a_drawn_tile(rng: random.Random) -> None:
    # 13 tiles of a real set (each kind at most four times), four chows and a pair to make.
    tiles = rng.sample([k for k in range(34) for _ in range(4)], 13)
    counts = counts_of(tiles)[:34]
    base = chow_deficiency(counts, 0, 4)
    for kind in range(34):
        if counts[kind] < 4:
            counts[kind] += 1
            assert chow_deficiency(counts, 0, 4) <= base  # one more tile never hurts
            counts[kind] -= 1


def test_non_winner_value_guides_discards_and_pongs() -> None:
    bot = _switched_on(1)
    # Seat 1's own flower (a tai) and a natural 999m: a 9m thrown loses 40 → 20 (M20).
    view = _mazhan_view("999m123p456p78s11z", bonus=(FLOWERS[1],))
    nine = parse_tiles("9m")[0]
    assert bot.settle_term(view, nine) == -20.0
    assert bot.settle_term(view, parse_tiles("1p")[0]) == 0.0
    # Two bonus tiles (8): a pong of 9m (4, M13) lifts the base 8 → 12, one rounding step
    # (10 → 20, M15); a pong of 5s (2) stays at 10; neither when it costs shape.
    two = _mazhan_view("99m123p456p55s78s11z", bonus=(FLOWERS[0], FLOWERS[2]))
    assert bot.pong_pays(two, nine, 2, 2)
    assert not bot.pong_pays(two, parse_tiles("5s")[0], 2, 2)
    assert not bot.pong_pays(two, nine, 3, 2)


def test_expert_by_default_neither_plans_pinghu_nor_counts_m20() -> None:
    clean = _mazhan_view("123m456m789p23p55s67s1z")
    assert pinghu_open(clean)
    bot = ExpertBot(1)
    assert "pinghu" not in [p.name for p in bot._plans(clean, ev.split(clean))]
    view = _mazhan_view("999m123p456p78s11z", bonus=(FLOWERS[1],))
    assert bot.settle_term(view, parse_tiles("9m")[0]) == 0.0
    assert not bot.pong_pays(view, parse_tiles("1z")[0], 1, 1)
