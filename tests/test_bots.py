"""Bots: legal choices only, decisions from the seat view alone, seeded and repeatable."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.actions import Action, ActionKind
from game.bots import LEVELS, make_bot
from game.bots import evaluate as ev
from game.bots import expert as expert_mod
from game.bots.expert import ExpertBot
from game.bots.normal import claimed_hand
from game.engine import Hand, Phase
from game.rules.registry import make_ruleset
from game.tiles import FLOWERS, Tile, counts_of, parse_tiles
from game.view import SeatView, seat_view
from tests.test_engine_props import _shuffle_hidden

RULESETS = ["mazhan", "nanjing"]


def view_of(hand: Hand, seat: int) -> SeatView:
    return seat_view(hand, seat, hand_no=1, scores=[0] * 4, players=[0, 1, 2, 3],
                     names=["a", "b", "c", "d"])


def new_hand(ruleset: str, seed: int) -> Hand:
    hand = Hand(make_ruleset(ruleset), random.Random(seed), stake=1)
    hand.start()
    return hand


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 2**32),
       st.lists(st.sampled_from(LEVELS), min_size=4, max_size=4))
def test_bots_only_choose_legal_actions(ruleset: str, seed: int, levels: list[str]) -> None:
    hand = new_hand(ruleset, seed)
    bots = [make_bot(levels[s], seed + s) for s in range(4)]
    steps = 0
    while hand.phase is not Phase.OVER:
        seat = hand.to_act()[0]
        view = view_of(hand, seat)
        action = bots[seat].choose(view)
        assert action in view.legal
        hand.apply(seat, action)  # raises on an illegal action
        steps += 1
        assert steps < 2000
    assert hand.result is not None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 2**32), st.integers(0, 150),
       st.sampled_from(["easy", "normal", "hard", "expert"]))
def test_choice_does_not_depend_on_hidden_tiles(
    ruleset: str, seed: int, steps: int, level: str
) -> None:
    hand = new_hand(ruleset, seed)
    rng = random.Random(seed)
    players = [make_bot("normal", seed + s) for s in range(4)]
    for _ in range(steps):
        if hand.phase is Phase.OVER:
            return
        seat = hand.to_act()[0]
        hand.apply(seat, players[seat].choose(view_of(hand, seat)))
    if hand.phase is Phase.OVER:
        return
    seat = rng.choice(hand.to_act())
    before = make_bot(level, 99).choose(view_of(hand, seat))
    _shuffle_hidden(hand, seat, random.Random(seed + 1))
    after = make_bot(level, 99).choose(view_of(hand, seat))
    assert before == after


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_choices(level: str) -> None:
    def play(seed: int) -> list[str]:
        hand = new_hand("mazhan", 5)
        bots = [make_bot(level, seed + s) for s in range(4)]
        out: list[str] = []
        while hand.phase is not Phase.OVER:
            seat = hand.to_act()[0]
            action = bots[seat].choose(view_of(hand, seat))
            out.append(str(action))
            hand.apply(seat, action)
        return out

    assert play(1) == play(1)


def test_unknown_level_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown bot level 'master'"):
        make_bot("master", 1)


def _position(ruleset: str, want: ActionKind,
              also: Callable[[SeatView], bool] = lambda v: True) -> SeatView:
    """A real position where the seat to act may `want` (found by playing normal bots)."""
    for seed in range(400):
        hand = new_hand(ruleset, seed)
        bots = [make_bot("normal", seed + s) for s in range(4)]
        while hand.phase is not Phase.OVER:
            for seat in hand.to_act():
                view = view_of(hand, seat)
                if any(a.kind is want for a in view.legal) and also(view):
                    return view
            seat = hand.to_act()[0]
            hand.apply(seat, bots[seat].choose(view_of(hand, seat)))
    raise AssertionError(f"no position with {want} found")


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_level_takes_a_win(ruleset: str, level: str) -> None:
    view = _position(ruleset, ActionKind.WIN)
    assert make_bot(level, 3).choose(view).kind is ActionKind.WIN


def _ordinary_concealed(view: SeatView) -> bool:
    """Nanjing: concealed, under four hard flowers, far from triplets and from a flush."""
    hand = ev.split(view)
    totals = ev.suit_totals(view, hand)
    return (len(view.bonus[view.seat]) < 4 and not view.melds[view.seat]
            and ev.triplets_only(hand) >= 4 and sorted(totals[:3])[1] >= 3)


def test_hard_passes_a_pong_that_would_block_a_nanjing_win() -> None:
    # N4: an open hand without 4 hard flowers wins only with a big item: it stays concealed.
    view = _position("nanjing", ActionKind.PONG, _ordinary_concealed)
    assert make_bot("hard", 1).choose(view).kind is ActionKind.PASS


def test_hard_pongs_with_four_flowers_when_it_helps() -> None:
    def helps(view: SeatView) -> bool:
        if len(view.bonus[view.seat]) < 4:
            return False
        pong = next(a for a in view.legal if a.kind is ActionKind.PONG)
        return ev.now(claimed_hand(view, pong)) < ev.now(ev.split(view))

    view = _position("nanjing", ActionKind.PONG, helps)
    assert make_bot("hard", 1).choose(view).kind in (ActionKind.PONG, ActionKind.KONG)


def test_hard_never_throws_a_wild_while_others_keep_the_hand_as_close() -> None:
    def holds_wild(view: SeatView) -> bool:
        return view.phase == "discard" and view.wild is not None and view.counts[view.wild] > 0

    view = _position("mazhan", ActionKind.DISCARD, holds_wild)
    assert make_bot("hard", 1).choose(view).tile != view.wild


def test_deficiency_helpers() -> None:
    hand = ev.Hand(counts_of(parse_tiles("11m22p33s44z55z66z7z1p")), 0, 4, True, None)
    assert ev.pairs_deficiency(hand.naturals) == 1  # six pairs and two singles (N3)
    assert ev.now(hand) == 1
    assert ev.triplets_only(hand) == 4  # four pairs to grow into triplets
    after = ev.after_discards(hand)
    assert after[parse_tiles("7z")[0]] == 1  # a single goes: ready
    assert after[0] == 2  # breaking a pair costs a tile
    rest, good = ev.acceptance(ev.discard_hand(hand, parse_tiles("7z")[0]), [4] * 34)
    assert (rest, good) == (1, 4)  # only a 1p completes the seven pairs


def _audit_kong_view() -> SeatView:
    """The audit's position (issue 15): 25668m158p222246s, Nanjing, concealed, 2222s in hand."""
    view = _position("nanjing", ActionKind.DISCARD,
                     lambda v: v.phase == "discard" and not v.melds[v.seat])
    tiles = parse_tiles("25668m158p222246s")
    counts = tuple(counts_of(tiles)[:34])
    legal = tuple(Action(ActionKind.DISCARD, t) for t in sorted(set(tiles)))
    return view._replace(counts=counts, drawn=tiles[-1], bonus=((),) * 4,
                         legal=(*legal, Action(ActionKind.CONCEALED_KONG, Tile.parse("2s"))))


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_audit_kong_is_declared_for_its_money(level: str) -> None:
    # N11: a concealed kong is 10 gold from each other player at once; the regular hand keeps
    # its shape without the fourth 2s.
    action = make_bot(level, 1).choose(_audit_kong_view())
    assert action == Action(ActionKind.CONCEALED_KONG, Tile.parse("2s"))


def test_expert_is_a_function_of_seed_and_view() -> None:
    view = _position("mazhan", ActionKind.CHOW)
    first = make_bot("expert", 7).choose(view)
    bot = make_bot("expert", 7)
    bot.choose(_position("mazhan", ActionKind.DISCARD))  # an earlier decision changes nothing
    assert bot.choose(view) == first


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 2**32))
def test_baseline_bot_from_its_file_plays_legally(ruleset: str, seed: int) -> None:
    path = Path(__file__).parents[1] / "tools" / "baseline_bot.py"
    hand = new_hand(ruleset, seed)
    bots = [make_bot(f"file:{path}:BaselineBot", seed + s) if s % 2 else
            make_bot("expert", seed + s) for s in range(4)]
    while hand.phase is not Phase.OVER:
        seat = hand.to_act()[0]
        view = view_of(hand, seat)
        action = bots[seat].choose(view)
        assert action in view.legal
        hand.apply(seat, action)


def played_hand(ruleset: str, seed: int, steps: int) -> Hand | None:
    """A hand after `steps` decisions of four hard bots; None when it ended before them."""
    hand = new_hand(ruleset, seed)
    players = [make_bot("hard", seed + s) for s in range(4)]
    for _ in range(steps):
        if hand.phase is Phase.OVER:
            return None
        seat = hand.to_act()[0]
        hand.apply(seat, players[seat].choose(view_of(hand, seat)))
    return None if hand.phase is Phase.OVER else hand


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 2**32), st.integers(0, 150))
def test_expert_choice_is_unchanged_when_hidden_tiles_are_shuffled(
    ruleset: str, seed: int, steps: int
) -> None:
    hand = played_hand(ruleset, seed, steps)
    if hand is None:
        return
    seat = hand.to_act()[0]
    before_hidden = [list(h) for h in hand.hands]
    view = view_of(hand, seat)
    choice = make_bot("expert", 5).choose(view)
    _shuffle_hidden(hand, seat, random.Random(seed + 1))
    shuffled = view_of(hand, seat)
    # Two positions that differ only in tiles this seat cannot see (usually they do differ).
    assert shuffled.counts == view.counts and shuffled.legal == view.legal
    assert [list(h) for h in hand.hands][seat] == before_hidden[seat]
    assert make_bot("expert", 5).choose(shuffled) == choice


def _mazhan_view(tiles: str, bonus: tuple[int, ...] = (), wild: str = "9s") -> SeatView:
    """A Mazhan turn of seat 1 holding `tiles` (nothing declared), the wild kind `wild`."""
    view = _position("mazhan", ActionKind.DISCARD, lambda v: v.phase == "discard")
    held = parse_tiles(tiles)
    legal = tuple(Action(ActionKind.DISCARD, t) for t in sorted(set(held)))
    bonuses: list[tuple[Tile, ...]] = [(), (), (), ()]
    bonuses[1] = tuple(Tile(t) for t in bonus)
    return view._replace(seat=1, counts=tuple(counts_of(held)[:34]), drawn=held[-1],
                         melds=((),) * 4, bonus=tuple(bonuses), legal=legal,
                         wild=Tile.parse(wild), wall_left=80)


def test_mazhan_value_counts_each_tai_as_a_doubling() -> None:
    plain = "123m456m789p234p55s68s1z"
    base = _mazhan_view(plain)
    assert expert_mod.mazhan_value(base, ev.split(base)) == 30  # (6 → 10) + 20 (M15, M17)
    # The seat's own flower (seat 1: the second flower, the second season) is a tai (M16).
    flower = _mazhan_view(plain, bonus=(FLOWERS[1],))
    assert expert_mod.mazhan_value(flower, ev.split(flower)) == 2 * 30
    assert expert_mod.mazhan_value(flower, ev.split(flower)) > \
        expert_mod.mazhan_value(_mazhan_view(plain, bonus=(FLOWERS[2],)), ev.split(base))
    # Three wilds are 400 whatever else the hand holds (殺豬, M17).
    wilds = _mazhan_view("123m456m789p234p555s6s1z", wild="5s")
    assert expert_mod.mazhan_value(wilds, ev.split(wilds)) == 400


def test_expert_plays_for_a_flush_by_value_and_reach() -> None:
    # Ready in three suits, two tiles short of 清一色: early, 400 (the cap) at two tiles more
    # is worth more than a ready 30-point hand; late in the wall it is not.
    tiles = "11123456789m234m55p1z"
    early = _mazhan_view(tiles)
    bot = ExpertBot(1)
    assert [(p.name, p.deficiency) for p in bot._plans(early, ev.split(early))][:2] == \
        [("plain", 1), ("flush", 3)]
    assert bot._plan(early, ev.split(early)).name == "flush"
    choice = bot.choose(early)
    assert choice.kind is ActionKind.DISCARD and choice.tile in parse_tiles("5p1z")
    late = early._replace(wall_left=20)
    assert bot._plan(late, ev.split(late)).name == "plain"
    # Spread over three suits, the plain hand is the plan even early.
    far = _mazhan_view("123m456m789p234p55s68s1z")
    assert bot._plan(far, ev.split(far)).name == "plain"


@given(st.integers(1, 12), st.integers(1, 12), st.integers(20, 120), st.integers(1, 30),
       st.floats(0.01, 0.5))
def test_race_chance_favours_wide_waits_and_stays_a_probability(
    narrow: int, wide: int, unseen: int, rounds: int, hazard: float
) -> None:
    narrow, wide = sorted((narrow, wide))
    a = expert_mod.race_chance(narrow, unseen, rounds, hazard)
    b = expert_mod.race_chance(wide, unseen, rounds, hazard)
    assert 0.0 < a <= b <= 1.0
    # A rival's win can only lower the chance that the wall alone would give.
    assert b <= expert_mod.race_chance(wide, unseen, rounds, 0.0) + 1e-12


def test_race_chance_makes_a_wide_cheap_wait_beat_a_narrow_dear_one_in_a_race() -> None:
    # Over the whole wall both waits look nearly sure (the old estimate); in a race the wide
    # one is about twice as likely, which is what a Mazhan hand is (someone always wins).
    unseen, rounds = 100, 20
    wall = [expert_mod.win_chance(w, unseen, rounds, expert_mod.RON_LOOKS * rounds)
            for w in (2, 8)]
    race = [expert_mod.race_chance(w, unseen, rounds, 0.12) for w in (2, 8)]
    assert wall[1] / wall[0] < 1.25
    assert race[1] / race[0] > 1.9
