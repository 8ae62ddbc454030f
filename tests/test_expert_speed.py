"""The speed search (`expert_speed.SpeedTree`): its curves against a plain recomputation."""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.actions import ActionKind
from game.bots import evaluate as ev
from game.bots import expert, make_bot
from game.bots.expert import ExpertBot
from game.bots.expert_speed import SpeedTree
from game.engine import Phase
from game.shapes import deficiency, waits
from game.tiles import counts_of, parse_tiles
from tests.test_bots import new_hand, view_of
from tests.test_engine_props import _shuffle_hidden
from tests.test_expert_nanjing import _table


def _counts(text: str) -> list[int]:
    return list(counts_of(parse_tiles(text))[:34])


def _flat(key: bytes, tile: int) -> float:
    return 10.0 + tile  # a different money per wait, so the weighting shows


def test_a_ready_hands_curve_is_its_race() -> None:
    hand = _counts("123m456p789s1122z")  # waits 1z and 2z (a pair each)
    unseen = [4] * 34
    unseen[27] = 2
    unseen[28] = 1
    tree = SpeedTree(hand, unseen, 4, 12, 0.1, 2, _flat)
    curve = tree.value(bytes(hand), 1)
    money = (2 * 37.0 + 1 * 38.0) / 3
    for t in range(13):
        want = money * expert.race_chance(3, sum(unseen), t, 0.1) if t else 0.0
        assert abs(curve[t] - want) < 1e-9


def _two_turns(hand: list[int], unseen: list[int], hazard: float, looks: int) -> float:
    """E(hand, 2) of a hand one tile from ready, recomputed draw by draw: a helpful draw, the
    best discard, then one turn of the ready hand's race."""
    pool = sum(unseen)
    d = deficiency(hand, 0, 4)
    total = 0.0
    for k in range(34):
        if hand[k] == 4 or not unseen[k]:
            continue
        grown = hand[:]
        grown[k] += 1
        if deficiency(grown, 0, 4) >= d:
            continue
        best = 0.0
        for j in range(34):
            if not grown[j]:
                continue
            rest = grown[:]
            rest[j] -= 1
            if deficiency(rest, 0, 4) != d - 1:
                continue
            weight = money = 0.0
            for w in waits(rest):
                n = unseen[w] - (1 if w == k else 0)
                weight += n
                money += n * _flat(bytes(rest), w)
            if weight:
                p = 1 - (1 - weight / pool) ** (1 + looks)
                best = max(best, p * money / weight)
        total += unseen[k] / pool * best
    return (1 - hazard) * total


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["1234m567p89s1357z", "2346m4579p1258s1z", "1245m3468p779s12z",
                        "13m24p5678s11567z"]),
       st.integers(0, 33))
def test_two_turns_of_a_one_from_ready_hand_match_a_plain_count(text: str, seen: int) -> None:
    hand = _counts(text)
    unseen = [4 - n for n in hand]
    unseen[seen] = max(0, unseen[seen] - 2)  # two more copies of one kind in sight
    d = deficiency(hand, 0, 4)
    tree = SpeedTree(hand, unseen, 4, 2, 0.1, 2, _flat)
    curve = tree.value(bytes(hand), d)
    if d == 2:
        assert curve[1] == 0.0  # no hand one from ready is complete after one draw
        assert abs(curve[2] - _two_turns(hand, unseen, 0.1, 2)) < 1e-9
    assert all(a <= b + 1e-12 for a, b in pairwise(curve))


@given(st.floats(0.0, 0.5), st.floats(0.0, 0.5))
def test_a_likelier_rival_win_never_raises_the_value(a: float, b: float) -> None:
    hand = _counts("1234m567p89s1357z")
    unseen = [4 - n for n in hand]
    d = deficiency(hand, 0, 4)
    low, high = min(a, b), max(a, b)
    calm = SpeedTree(hand, unseen, 4, 10, low, 2, _flat).value(bytes(hand), d)
    busy = SpeedTree(hand, unseen, 4, 10, high, 2, _flat).value(bytes(hand), d)
    assert all(y <= x + 1e-12 for x, y in zip(calm, busy, strict=True))
    assert calm[10] > 0.0  # d draws within ten turns: some chance, some money


class _Fast(ExpertBot):
    speed = 3


@given(st.sampled_from(["1245m3468p779s12z5p", "2346m4579p1258s1z3s", "13m24p5678s115z67m8s",
                        "123m456p2378s11z9m5z", "345m456p2378s11z9m1z"]))
@settings(max_examples=10, deadline=None)
def test_expert_throws_what_the_search_values_most(text: str) -> None:
    # Empty rivers: no opponent reads as ready, so no deal-in cost; the choice is the search's
    # best up to the tie-break noise (below 0.5 gold).
    view = _table(0, text, ["", "", "", ""])
    hand = list(view.counts)
    bot = _Fast(1)
    chosen = bot.choose(view)
    assert chosen.kind is ActionKind.DISCARD and chosen.tile is not None
    after: dict[int, tuple[list[int], int]] = {}
    for action in view.legal:
        assert action.tile is not None
        rest = hand[:]
        rest[action.tile] -= 1
        after[action.tile] = (rest, deficiency(rest, 0, 4))
    best = min(d for _, d in after.values())
    assert 2 <= best <= 3
    assert after[chosen.tile][1] == best
    split = ev.split(view)
    plan = bot._plan(view, split)
    got = bot._speed_gain(view, split, plan, list(view.legal),
                          {t: d for t, (_, d) in after.items()}, view.unseen())
    assert got is not None
    gain, _ = got
    # the bot's gain is the search's value with the scorer's money
    scorer = bot._money[next(iter(bot._money))]
    tree = SpeedTree(hand, view.unseen(), 4, (view.wall_left + 3) // 4, 0.1, 2,
                     lambda key, tile: scorer[key, tile])
    values = {t: tree.value(bytes(rest), d)[tree.turns] for t, (rest, d) in after.items()
              if d == best}
    for tile, value in values.items():
        assert abs(gain(tile) - value) < 1e-9
    assert values[chosen.tile] >= max(values.values()) - 0.5
    assert max(values.values()) > 0.0


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(0, 150))
def test_the_search_ignores_hidden_tiles_and_plays_legally(seed: int, steps: int) -> None:
    # Nanjing hands played by hard, then the searching expert asked at some point: the same
    # choice when the tiles it cannot see are shuffled, and a legal one.
    hand = new_hand("nanjing", seed)
    players = [make_bot("hard", seed + s) for s in range(4)]
    for _ in range(steps):
        if hand.phase is Phase.OVER:
            return
        seat = hand.to_act()[0]
        hand.apply(seat, players[seat].choose(view_of(hand, seat)))
    if hand.phase is Phase.OVER:
        return
    seat = hand.to_act()[0]
    view = view_of(hand, seat)
    choice = _Fast(5).choose(view)
    assert choice in view.legal
    _shuffle_hidden(hand, seat, random.Random(seed + 1))
    shuffled = view_of(hand, seat)
    assert shuffled.counts == view.counts and shuffled.legal == view.legal
    assert _Fast(5).choose(shuffled) == choice
