"""The engine's lean paths (random bot, wall, dice, waits, event lines, the loop without
records, payment gates) play and answer exactly as the plain computations."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import wall as wall_module
from game.actions import Action, ActionKind
from game.bots import LegalChooser, make_bot
from game.bots.random_bot import RandomBot
from game.engine import Hand, Phase
from game.errors import UnknownAction
from game.events import Event, EventKind, _format_line, event_line, event_lines
from game.match import Match
from game.rules.base import Payment
from game.rules.facts import TableFacts
from game.rules.nanjing_pay import flower_kong_completed
from game.shapes import is_win, seven_pairs_waits, waits
from game.simulate import run_match
from game.tiles import FLOWERS, GREEN, RED, TILES, WHITE, Tile, full_set

RULESETS = ["mazhan", "nanjing"]
_ACTIONS = tuple(Action(kind, TILES[t]) for kind in ActionKind for t in range(34))
"""Distinct actions to pick from."""


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64), st.lists(st.integers(1, 40), min_size=1, max_size=60))
def test_random_bot_picks_what_random_choice_picks(seed: int, sizes: list[int]) -> None:
    bot = RandomBot(seed)
    plain = random.Random(seed)
    for n in sizes:
        options = _ACTIONS[:n]
        assert bot.choose_legal(options) is plain.choice(options)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 150))
def test_wall_shuffle_equals_random_shuffle(seed: int, size: int) -> None:
    ours, plain = list(range(size)), list(range(size))
    a, b = random.Random(seed), random.Random(seed)
    wall_module._shuffle(a, ours)
    b.shuffle(plain)
    assert ours == plain
    assert a.random() == b.random()  # the same number of bits drawn


def test_wall_build_shuffles_as_random_shuffle() -> None:
    physical = full_set()
    random.Random(4).shuffle(physical)
    assert wall_module.Wall.build(random.Random(4)).physical == tuple(physical)


def _fresh_waits(hand: Hand, seat: int) -> frozenset[int]:
    """The kinds completing `seat`'s hand, worked out from its counts with no memo."""
    counts = hand.hands[seat][:]
    wilds = 0
    if hand.wild is not None:
        wilds, counts[hand.wild] = counts[hand.wild], 0
    found = set(waits(counts, wilds))
    if hand.rules.seven_pairs and not hand.melds[seat]:
        found.update(seven_pairs_waits(hand.hands[seat]))
    return frozenset(found)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 2**32))
def test_remembered_waits_and_claim_offers_equal_fresh_ones(ruleset: str, seed: int) -> None:
    # normal bots, so that hands get ready and the waits are not all empty
    match = Match(ruleset, seed)
    bots = [make_bot("normal", seed + p) for p in range(4)]
    ready = checked = 0
    for _ in range(2):
        match.start_hand()
        while not match.hand_over:
            hand = match.hand
            assert hand is not None
            for s in range(4):
                fresh = _fresh_waits(hand, s)
                assert hand._waits(s) == fresh
                ready += bool(fresh)
                assert hand._fours[s] == hand.hands[s].count(4)
            seat = hand.to_act()[0]
            if hand.phase is Phase.DISCARD:
                for action in hand.legal_actions(seat):
                    if action.kind is ActionKind.DISCARD:
                        assert action.tile is not None
                        fast = hand._claim_offers(seat, action.tile)
                        kept = hand._derived.waits
                        hand._derived.waits = [None] * 4  # every seat's waits worked out afresh
                        assert hand._claim_offers(seat, action.tile) == fast
                        hand._derived.waits = kept
                        checked += 1
            match.apply(seat, bots[match.players[seat]].choose(match.view(seat)))
    assert checked > 20 and ready > 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 41), st.booleans()), max_size=20))
def test_event_line_prints_tiles_as_str_does(kinds: list[tuple[int, bool]]) -> None:
    tiles = tuple(TILES[k] if as_tile else k for k, as_tile in kinds)
    line = _format_line(Event(EventKind.DEAL, 1, tiles=tiles))  # type: ignore[arg-type]
    assert line == f"deal|1|None|{''.join(map(str, tiles))}||-1|0|\n".encode()


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**64))
def test_dice_roll_as_randint(seed: int) -> None:
    a, b = random.Random(seed), random.Random(seed)
    for _ in range(5):
        assert wall_module.roll_dice(a) == (b.randint(1, 6), b.randint(1, 6))
    assert a.random() == b.random()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_fours_kept_as_play_goes_equal_a_count(ruleset: str) -> None:
    match = Match(ruleset, 8, {"bust_ends": False} if ruleset == "mazhan" else {})
    rng = random.Random(8)
    fours = 0
    for _ in range(60):
        match.start_hand()
        while not match.hand_over:
            hand = match.hand
            assert hand is not None
            for s in range(4):
                assert hand._fours[s] == hand.hands[s].count(4)
                fours += hand._fours[s]
            seat = hand.to_act()[0]
            match.apply(seat, rng.choice(hand.legal_actions(seat)))
    assert fours > 0


def test_apply_takes_an_equal_action_and_refuses_an_illegal_one() -> None:
    a, b = Match("mazhan", 3), Match("mazhan", 3)
    a.start_hand()
    b.start_hand()
    seat = a.to_act()[0]
    legal = a.legal_actions(seat)
    held = {x.tile for x in legal if x.kind is ActionKind.DISCARD}
    missing = next(t for t in TILES[:34] if t not in held)
    with pytest.raises(UnknownAction):
        a.apply(seat, Action(ActionKind.DISCARD, missing))
    assert a.legal_actions(seat) == legal  # nothing changed
    chosen = legal[-1]
    copy = Action.parse(str(chosen))  # equal, but not the offered object
    assert copy == chosen and copy is not chosen
    assert a.apply(seat, copy) == b.apply(seat, chosen)


def _plain_flower_kong(bonus: list[int], new_tile: int) -> bool:
    """N11 spelled out: four of the new dragon, or its whole group of four flowers."""
    if new_tile in FLOWERS:
        group = FLOWERS[:4] if FLOWERS.index(new_tile) < 4 else FLOWERS[4:]
        return all(t in bonus for t in group if t != new_tile)
    return sum(t == new_tile for t in bonus) == 3


@settings(max_examples=300, deadline=None)
@given(st.permutations([*FLOWERS, WHITE, WHITE, WHITE, WHITE, GREEN, GREEN, GREEN, GREEN,
                        RED, RED, RED, RED]), st.integers(0, 19))
def test_flower_kong_check_equals_the_plain_rule(order: list[int], held: int) -> None:
    bonus, new_tile = order[:held], order[held]
    assert flower_kong_completed(bonus, new_tile) is _plain_flower_kong(bonus, new_tile)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=1, max_size=16), st.integers(0, 4),
       st.booleans())
def test_waits_equal_one_win_check_per_kind(tiles: list[int], wilds: int, ready: bool) -> None:
    counts = [0] * 34
    for t in tiles:
        counts[t] = min(4, counts[t] + 1)
    if ready:  # the size of a waiting hand, 3n+1 with the wilds (fewer wilds, or three more)
        wilds -= (sum(counts) + wilds - 1) % 3
        if wilds < 0:
            wilds += 3
    plain = [k for k in range(34) if counts[k] < 4
             and is_win([n + (i == k) for i, n in enumerate(counts)], wilds)]
    assert waits(counts, wilds) == plain


@pytest.mark.parametrize("ruleset", RULESETS)
def test_lean_loop_plays_what_the_general_loop_plays(ruleset: str) -> None:
    seen: list[Event] = []
    lean = run_match(ruleset, 25, 6, "random")
    general = run_match(ruleset, 25, 6, "random", on_events=seen.extend)  # a watcher: general
    assert (lean.events_sha256, lean.final_scores, lean.hands) == \
        (general.events_sha256, general.final_scores, general.hands)
    assert hashlib.sha256(event_lines(seen)).hexdigest() == lean.events_sha256


def _play(match: Match, rng: random.Random, hands: int) -> list[Event]:
    """Random legal play of `hands` hands, every event kept."""
    out: list[Event] = []
    for _ in range(hands):
        out += match.start_hand()
        while not match.hand_over:
            seat = match.to_act()[0]
            out += match.apply(seat, rng.choice(match.legal_actions(seat)))
    return out


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_cached_event_lines_equal_formatted_lines(ruleset: str) -> None:
    events = _play(Match(ruleset, 5), random.Random(5), 6)
    assert len(events) > 200
    for e in events:
        assert event_line(e) == _format_line(e)
    assert event_lines(events) == b"".join(_format_line(e) for e in events)
    digest = hashlib.sha256()
    for e in events:
        digest.update(_format_line(e))
    assert hashlib.sha256(event_lines(events)).hexdigest() == digest.hexdigest()


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_match_without_records_plays_the_same(ruleset: str) -> None:
    kept = Match(ruleset, 9)
    lean = Match(ruleset, 9, keep_records=False)
    a = _play(kept, random.Random(1), 5)
    b = _play(lean, random.Random(1), 5)
    assert a == b and kept.scores == lean.scores
    assert len(kept.history) == len(kept.record) == 5 == kept.hands_played
    assert len(lean.history) == len(lean.record) == 1 and lean.hands_played == 5
    assert lean.history[-1] == kept.history[-1]
    assert lean.actions == kept.actions  # the hand on the table is still recorded


def test_random_bot_needs_no_view() -> None:
    bot = make_bot("random", 3)
    assert isinstance(bot, LegalChooser)
    assert not isinstance(make_bot("normal", 3), LegalChooser)
    match = Match("mazhan", 2)
    match.start_hand()
    by_view, by_legal = RandomBot(11), RandomBot(11)
    steps = 0
    while not match.hand_over:
        seat = match.to_act()[0]
        action = by_view.choose(match.view(seat))
        assert by_legal.choose_legal(match.legal_actions(seat)) == action
        match.apply(seat, action)
        steps += 1
    assert steps > 10


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_simulate_with_and_without_log_agree(ruleset: str, tmp_path: Path) -> None:
    lean = run_match(ruleset, 4, 3, "random")
    logged = run_match(ruleset, 4, 3, "random", log_dir=tmp_path)
    assert (lean.events_sha256, lean.final_scores) == (logged.events_sha256,
                                                       logged.final_scores)
    assert list(tmp_path.iterdir())


def test_discard_and_bonus_gates_hide_no_payment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nanjing's `discard_may_pay`/`bonus_may_pay` skip only calls that would pay nothing: the
    plain path (every discard and bonus tile asked) plays the same matches, and it does pay
    (N11 flower kongs, N12 discard penalties) in them, so the comparison is not empty."""
    from game.rules.nanjing import Nanjing

    paid: list[str] = []
    plain_discard, plain_bonus = Nanjing.on_discard, Nanjing.on_bonus
    gate_discard, gate_bonus = Nanjing.discard_may_pay, Nanjing.bonus_may_pay

    def on_discard(self: Nanjing, table: TableFacts, seat: int, tile: Tile) -> list[Payment]:
        out = plain_discard(self, table, seat, tile)
        if out:
            paid.append("discard")
        assert not out or gate_discard(self, table.run, table.same_kind)
        return out

    def on_bonus(self: Nanjing, table: TableFacts, seat: int, tile: Tile) -> list[Payment]:
        out = plain_bonus(self, table, seat, tile)
        if out:
            paid.append("bonus")
        assert not out or gate_bonus(self, len(table.bonus[seat]))
        return out

    gated = [run_match("nanjing", 40, seed, "random") for seed in (1, 2, 3)]
    monkeypatch.setattr(Nanjing, "on_discard", on_discard)
    monkeypatch.setattr(Nanjing, "on_bonus", on_bonus)
    monkeypatch.setattr(Nanjing, "discard_may_pay", lambda self, run, same_kind: True)
    monkeypatch.setattr(Nanjing, "bonus_may_pay", lambda self, held: True)
    plain = [run_match("nanjing", 40, seed, "random") for seed in (1, 2, 3)]
    assert [(r.events_sha256, r.final_scores) for r in gated] == \
        [(r.events_sha256, r.final_scores) for r in plain]
    assert "bonus" in paid and "discard" in paid
