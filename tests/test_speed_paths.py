"""The fast paths of issue 14 give the same answers as the plain ones they stand in for."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game import shapes
from game.actions import Action, ActionKind
from game.bench import plain_table_is_win, random_winning
from game.bots import LegalChooser, make_bot
from game.bots import evaluate as ev
from game.bots.normal import NormalBot, connections
from game.bots.random_bot import RandomBot
from game.engine import Phase
from game.events import Event, _format_line, event_line, event_lines
from game.match import Match
from game.rules.base import Payment
from game.rules.facts import TableFacts
from game.shapes import (
    DrawsAfterDiscard,
    deficiency,
    deficiency_after_discards,
    deficiency_after_draws,
    is_seven_pairs,
    is_win,
    seven_pairs_waits,
)
from game.simulate import run_match
from game.tiles import Tile
from game.view import SeatView
from tests.hands import HANDS, capped_counts, discards


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


def test_view_legal_matches_engine_in_every_phase() -> None:
    match = Match("nanjing", 4)
    rng = random.Random(4)
    phases: set[Phase] = set()
    for _ in range(3):
        match.start_hand()
        while not match.hand_over:
            hand = match.hand
            assert hand is not None
            phases.add(hand.phase)
            for seat in range(4):
                view = match.view(seat)
                assert view.legal == match.legal_actions(seat)
                assert view.counts == tuple(hand.hands[seat])
            seat = match.to_act()[0]
            match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert {Phase.DISCARD, Phase.CLAIM} <= phases


_counts = st.lists(st.integers(0, 4), min_size=34, max_size=34)


@settings(max_examples=300, deadline=None)
@given(_counts)
def test_seven_pairs_quick_reject_agrees_with_the_rule(counts: list[int]) -> None:
    total = sum(counts)
    assert is_seven_pairs(counts) == (total == 14 and all(n in (0, 2, 4) for n in counts))
    odd = [k for k, n in enumerate(counts) if n % 2]
    expected = odd if total == 13 and len(odd) == 1 else []
    assert seven_pairs_waits(counts) == expected


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=17), st.integers(0, 3))
def test_remembered_deficiencies_equal_fresh_ones(tiles: list[int], wilds: int) -> None:
    counts = capped_counts(tiles)
    first = deficiency_after_discards(counts, wilds)
    first[-1] = 99  # a caller changing its copy changes nothing remembered
    again = deficiency_after_discards(counts, wilds)
    assert -1 not in again
    for kind, d in again.items():
        less = counts[:]
        less[kind] -= 1
        assert d == deficiency(less, wilds, (sum(counts) - 1 + wilds) // 3)
    for kind, d in deficiency_after_draws(counts, wilds).items():
        more = counts[:]
        more[kind] += 1
        assert d == deficiency(more, wilds, (sum(counts) + 1 + wilds) // 3)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=0, max_size=17), st.integers(0, 4))
def test_plain_table_check_agrees_with_is_win(tiles: list[int], wilds: int) -> None:
    counts = capped_counts(tiles)
    assert plain_table_is_win(counts, wilds) == is_win(counts, wilds)


def test_deficiency_read_from_the_latest_discards_answer() -> None:
    counts = [0] * 34
    for t in (0, 1, 2, 4, 9, 9, 10, 18, 19, 27, 27, 30, 31, 33):
        counts[t] += 1
    after = deficiency_after_discards(counts, 0)
    for kind, d in after.items():
        less = counts[:]
        less[kind] -= 1
        assert deficiency(less, 0, 4) == d
    # a hand two tiles away is not read from the answer: it is searched, and right
    far = counts[:]
    far[0] -= 1
    far[1] -= 1
    far[3] += 1
    # 345m, 1p2p, 1s2s, one honour, EE: 10 of 14 tiles in place
    assert deficiency(far[:], 0, 4) == 4


def test_bench_memory_and_cost_figures() -> None:
    from game.bench import cost_per_hand_ms, peak_memory_kb

    figures = peak_memory_kb(5)
    # a fresh process: Python and the game's tables take some megabytes, not the caller's heap
    assert 1_000 < figures["traced"] < figures["rss"] < 500_000
    assert cost_per_hand_ms(3) > 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=0, max_size=20), st.integers(0, 7),
       st.integers(0, 3))
def test_numbered_rows_equal_the_row_by_row_combination(tiles: list[int], sets: int,
                                                        wilds: int) -> None:
    counts = capped_counts(tiles)
    key = bytes(counts)
    m, p, s, z = shapes._hand_numbers(key)
    joined = shapes._ROWS_OF[shapes._join(shapes._join(m, p), shapes._join(s, z))]
    assert joined[1][sets] == shapes._used_by_rows(key, sets)
    assert deficiency(counts, wilds, sets) == max(0, 3 * sets + 2 - wilds
                                                  - shapes._used_by_rows(key, sets))
    parts = [key[lo:hi] for lo, hi in shapes._SUIT_SLICES]
    for step, numbered in ((-1, deficiency_after_discards(counts, wilds, sets)),
                           (1, deficiency_after_draws(counts, wilds, sets))):
        by_rows: dict[int, int] = {}
        shapes._moves_by_rows(by_rows, parts, 3 * sets + 2 - wilds, sets, step)
        assert numbered == by_rows


def test_view_fields_hold_what_their_names_say() -> None:
    """`build_view` fills the view's tuple by position: each field must still be its own."""
    for ruleset in ("mazhan", "nanjing"):
        match = Match(ruleset, 6)
        rng = random.Random(6)
        for _ in range(2):
            match.start_hand()
            while not match.hand_over:
                hand = match.hand
                assert hand is not None
                wall = hand.wall
                for seat in range(4):
                    v = match.view(seat)
                    assert (v.seat, v.ruleset, v.hand_no, v.phase, v.current) == (
                        seat, ruleset, match.hand_no, hand.phase.value, hand.current)
                    assert v.counts == tuple(hand.hands[seat])
                    assert v.drawn == (hand.drawn if hand.current == seat
                                       and hand.phase is Phase.DISCARD else None)
                    assert (v.hand_sizes, v.melds, v.bonus, v.rivers) == hand.public()
                    assert (v.last_discard, v.wall_left, v.wall_remaining, v.wall_taken) == (
                        hand.last_discard, hand.left(), wall.left, (wall.head, wall.tail))
                    assert (v.dice, v.wall_break, v.wild, v.indicator) == (
                        wall.dice, (wall.side, wall.stack), hand.wild, hand.indicator)
                    assert v.legal == hand.legal_actions(seat)
                    assert (v.players, v.stake, v.dealer_streak, v.result, v.revealed) == (
                        match.hand_players(), hand.stake, hand.dealer_streak, None, ())
                    assert len(v.names) == 4 and len(v.scores) == 4
                    assert v.to_act == (hand.to_act() if hand.phase is Phase.DISCARD
                                        else ((seat,) if seat in hand.to_act() else ()))
                seat = match.to_act()[0]
                match.apply(seat, rng.choice(match.legal_actions(seat)))
            over = match.view(0)
            assert over.phase == "over" and over.result is not None
            assert over.revealed == tuple(tuple(hand.concealed(s)) for s in range(4))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=1, max_size=17), st.integers(0, 3),
       st.integers(0, 9))
def test_draws_after_each_discard_equal_fresh_draws(tiles: list[int], wilds: int,
                                                    sets: int) -> None:
    counts = capped_counts(tiles)
    table = DrawsAfterDiscard(counts, wilds, sets)
    for kind, less in discards(counts):
        fresh = deficiency_after_draws(less, wilds, sets)
        assert list(table.of(kind).items()) == list(fresh.items())
        assert table.after(kind)[0] == deficiency(less, wilds, sets)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=4, max_size=16), st.booleans(),
       st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_acceptance_with_given_draws_and_seven_pairs(tiles: list[int], pairs_ok: bool,
                                                     unseen: list[int]) -> None:
    counts = capped_counts(tiles)
    need = (sum(counts) + 1) // 3
    hand = ev.Hand(counts, 0, need, pairs_ok, None)
    draws = deficiency_after_draws(counts, 0, need)
    base, good = ev.acceptance(hand, unseen)
    # the rule spelled out: a draw helps when it lowers the best of the two readings
    pairs_now = ev.pairs_deficiency(counts) if pairs_ok else 99
    assert base == min(deficiency(counts, 0, need), pairs_now)
    helped = 0
    for kind, d in draws.items():
        if pairs_ok:
            d = min(d, pairs_now - 1 if counts[kind] % 2 else pairs_now)
        if d < base:
            helped += unseen[kind]
    assert good == helped


def test_table_facts_fields_hold_what_their_names_say() -> None:
    """The engine fills the facts' tuple by position: each field must still be its own."""
    for ruleset in ("mazhan", "nanjing"):
        match = Match(ruleset, 8)
        rng = random.Random(8)
        match.start_hand()
        thrown: dict[tuple[int, int], int] = {}
        run: list[tuple[int, int]] = []
        while not match.hand_over:
            hand = match.hand
            assert hand is not None
            facts = hand.facts()
            assert len(facts) == len(TableFacts._fields)
            assert (facts.stake, facts.discards, facts.since_claim, facts.wall_left) == (
                hand.stake, hand.discards, hand.since_claim, hand.wall.left)
            assert (facts.melds, facts.bonus) == hand.public()[1:3]
            assert facts.claims == tuple(hand.claims)
            assert facts.answering == (None if hand.pending is None else hand.pending[0])
            assert (facts.last_kong, facts.dealer_streak) == (hand.last_kong, hand.dealer_streak)
            assert facts.seat_discards == tuple(len(r) for r in hand.rivers)
            assert facts.run == tuple(run[len(run) - facts.since_claim:][-4:])
            if run:
                assert facts.same_kind == thrown[run[-1]]
            seat = match.to_act()[0]
            action = rng.choice(match.legal_actions(seat))
            claims = sum(hand.claims)
            match.apply(seat, action)
            if sum(hand.claims) > claims:
                run.clear()
            if action.kind is ActionKind.DISCARD and action.tile is not None:
                run.append((seat, action.tile))
                thrown[seat, action.tile] = thrown.get((seat, action.tile), 0) + 1


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


def _plain_unseen(v: SeatView) -> list[int]:
    """`SeatView.unseen` spelled out: 4 less every copy this seat can see, never below 0."""
    seen = list(v.counts)
    for t in [t for ms in v.melds for m in ms for t in m.tiles]:
        seen[t] += 1
    for t in [t for river in v.rivers for t, claimed in river if not claimed]:
        seen[t] += 1
    for t in [*([v.indicator] if v.indicator is not None else []),
              *(t for b in v.bonus for t in b)]:
        if t < 34:
            seen[t] += 1
    return [max(0, 4 - n) for n in seen]


def test_unseen_equals_the_plain_count() -> None:
    """The table lookup of `unseen` gives what the plain count gives, for every seat's view
    through random play of both rulesets (melds, claimed river tiles, flowers, wilds)."""
    checked = 0
    for ruleset in ("mazhan", "nanjing"):
        match = Match(ruleset, 11)
        rng = random.Random(11)
        for _ in range(3):
            match.start_hand()
            while not match.hand_over:
                for seat in range(4):
                    v = match.view(seat)
                    assert v.unseen() == _plain_unseen(v)
                    checked += 1
                seat = match.to_act()[0]
                match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert checked > 100


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=34, max_size=34),
       st.lists(st.integers(0, 4), min_size=34, max_size=34), st.integers(0, 33))
def test_connections_by_neighbour_table_equal_the_plain_sum(
        counts: list[int], unseen: list[int], tile: int) -> None:
    """The normal bot's tie-break by its neighbour table equals the sum it stands for."""
    plain = 2 * counts[tile] + unseen[tile] // 2
    if tile < 27:
        n = tile % 9
        for step in (-2, -1, 1, 2):
            if 0 <= n + step <= 8:
                plain += counts[tile + step] * (2 if abs(step) == 1 else 1)
    assert connections(counts, tile, unseen) == plain


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 5), st.integers(0, 2))
def test_remembered_readings_equal_fresh_ones(seed: int, sets: int, wilds: int) -> None:
    """`decompositions` remembers its readings: asked again (cold or warm), it gives what a
    fresh search gives, as a list of the caller's own."""
    counts = random_winning(random.Random(seed), sets)
    assume(counts is not None)
    assert counts is not None
    rng = random.Random(seed + 1)
    for _ in range(wilds):  # some naturals become wilds: a wild stands for any kind
        held = [k for k, n in enumerate(counts) if n]
        counts[rng.choice(held)] -= 1
    shapes._READINGS.clear()
    fresh = shapes._search_readings(bytes(counts), wilds)
    assert fresh  # still a win, so the comparison is not of two empty lists
    first = shapes.decompositions(counts, wilds)
    again = shapes.decompositions(counts, wilds)
    assert first == again == fresh
    again.append(())
    assert shapes.decompositions(counts, wilds) == fresh


@settings(max_examples=300, deadline=None)
@given(HANDS, st.integers(0, 4), st.booleans())
def test_remembered_candidates_equal_searched(tiles: list[int], wilds: int,
                                              pair_free: bool) -> None:
    """`decompositions`' groups through the lowest natural, remembered by what they read,
    are the ones worked out for the hand itself (the memo is kept across examples, so most
    answers were remembered from another hand sharing the key)."""
    work = capped_counts(tiles)
    i = min(k for k in range(34) if work[k])
    assert list(shapes._candidates(work, i, wilds, pair_free)) == \
        shapes._search_candidates(work, i, wilds, pair_free)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: sum(c) <= 11),
       st.booleans())
def test_suit_shape_read_off_the_rows_equals_the_search(counts: list[int],
                                                        honours: bool) -> None:
    """`_shape` of a suit it has rows for (shipped ones included) is the costs searched."""
    key = bytes(counts[:7] if honours else counts)
    shapes._SHAPE.pop(key, None)
    shapes._usage(key)  # rows known, as for most suits a hand holds
    plain, change = shapes._shape(key)
    assert plain == shapes._search_cost(key, 0)
    assert plain + change == shapes._search_cost(key, 1)


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_public_state_equals_the_hands_as_they_are(ruleset: str) -> None:
    """`Hand.public`, kept from the seats changed since, is the table written out afresh
    after every action of random play (claims, kongs and flowers included)."""
    match = Match(ruleset, 11)
    rng = random.Random(11)
    checked = 0
    for _ in range(8):
        match.start_hand()
        hand = match.hand
        assert hand is not None
        while not match.hand_over:
            sizes, melds, bonus, rivers = hand.public()
            assert sizes == tuple(sum(h) for h in hand.hands)
            assert melds == tuple(tuple(m) for m in hand.melds)
            assert bonus == tuple(tuple(b) for b in hand.bonus)
            assert rivers == tuple(tuple(r) for r in hand.rivers)
            checked += 1
            seat = match.to_act()[0]
            match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert checked > 300


def _plain_normal_discard(bot: NormalBot, view: SeatView) -> Action:
    """NormalBot's discard as first written: every discard's deficiency, then the least
    connected of the best by `connections` over all unseen tiles, a random one of equals."""
    after = ev.after_discards(ev.split(view))
    discards = [(a, after[a.tile]) for a in view.legal
                if a.kind is ActionKind.DISCARD and a.tile is not None]
    best = min(d for _, d in discards)
    moves = [a for a, d in discards if d == best]
    if len(moves) == 1:
        return moves[0]
    unseen = view.unseen()
    keyed = [(99 if a.tile == view.wild else connections(view.counts, a.tile, unseen), a)
             for a in moves if a.tile is not None]
    least = min(k for k, _ in keyed)
    return bot.rng.choice([a for k, a in keyed if k == least])


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_normal_discards_equal_the_plain_choice(ruleset: str) -> None:
    """Every discard decision of normal bots in play, against the plain reference with the
    same random state (the tie-break that skips the live copies where one tile alone can
    be the least connected draws the same random numbers)."""
    match = Match(ruleset, 23)
    bots = [NormalBot(23 + p) for p in range(4)]
    decisions = 0
    for _ in range(6):
        match.start_hand()
        while not match.hand_over:
            seat = match.to_act()[0]
            view = match.view(seat)
            bot = bots[seat]
            if view.phase == "discard" and not any(
                    a.kind is not ActionKind.DISCARD for a in view.legal):
                state = bot.rng.getstate()
                expected = _plain_normal_discard(bot, view)
                after_plain = bot.rng.getstate()
                bot.rng.setstate(state)
                assert bot.choose(view) == expected
                assert bot.rng.getstate() == after_plain
                decisions += 1
                match.apply(seat, expected)
            else:
                match.apply(seat, bot.choose(view))
    assert decisions > 100


@settings(max_examples=300, deadline=None)
@given(HANDS, st.booleans())
def test_after_discards_with_seven_pairs_equal_the_plain_minimum(tiles: list[int],
                                                                 pairs_ok: bool) -> None:
    """`evaluate.after_discards` (seven pairs open or not, N3): per kind, the lesser of the
    sets-and-pair deficiency and the seven-pairs one after throwing it."""
    counts = capped_counts(tiles)
    hand = ev.Hand(counts, 0, 4, pairs_ok, None)
    plain = {}
    for kind, less in discards(counts):
        d = deficiency(less, 0, 4)
        plain[kind] = min(d, ev.pairs_deficiency(less)) if pairs_ok else d
    assert ev.after_discards(hand) == plain
