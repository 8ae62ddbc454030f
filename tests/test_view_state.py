"""What a seat's view holds (game/view.py): unseen counts, hand sizes, legal actions, named
fields and public state equal the plain walks over the table they stand in for."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import Action, ActionKind
from game.bots import make_bot
from game.engine import Hand, Phase
from game.events import Event, event_lines
from game.match import Match
from game.melds import Meld, MeldKind
from game.replay import verify
from game.rules.facts import TableFacts
from game.rules.registry import make_ruleset
from game.simulate import run_match
from game.tiles import TILES
from game.view import SeatView, unseen_of_key, view_from_wire
from tests import test_engine_mazhan, test_several_winners


def _wire(view: SeatView) -> SeatView:
    return view_from_wire(msgpack.unpackb(msgpack.packb(view.to_wire()), strict_map_key=False))


def _views(ruleset: str, seed: int, hands: int) -> list[SeatView]:
    """Every seat's view (the spectator's too) after every action of `hands` hands played by
    normal bots (melds, claimed discards, flowers, Mazhan wilds, Nanjing seven pairs)."""
    match = Match(ruleset, seed, {"hands": hands})
    bots = [make_bot("normal", seed * 4 + p) for p in range(4)]
    out: list[SeatView] = []
    while not match.match_over:
        match.start_hand()
        while True:
            out.extend(match.view(seat) for seat in (-1, 0, 1, 2, 3))
            if match.hand_over:
                break
            seat = match.to_act()[0]
            match.apply(seat, bots[match.players[seat]].choose(match.view(seat)))
    return out


_POOL = [v for ruleset, seed in (("mazhan", 3), ("nanjing", 4)) for v in _views(ruleset, seed, 3)]


def test_unseen_equals_the_walk_on_every_view_of_played_matches() -> None:
    """Views asked in play order (each differs from the last by an action), their wire copies
    and views of two matches asked in turn all count what the plain walk counts."""
    checked = 0
    for ruleset in ("mazhan", "nanjing"):
        a = _views(ruleset, 21, 2)
        b = _views(ruleset, 22, 2)
        for view in a:
            assert view.unseen() == _plain_unseen(view)
            assert _wire(view).unseen() == _plain_unseen(view)
            # the bots' form: the same counts as bytes, from the counts' own bytes
            assert list(unseen_of_key(view, bytes(view.counts))) == _plain_unseen(view)
            checked += 1
        for x, y in zip(a, b, strict=False):  # two tables in turn: no count leaks across
            assert x.unseen() == _plain_unseen(x)
            assert y.unseen() == _plain_unseen(y)
    assert checked > 500
    assert any(v.melds[s] for v in _POOL for s in range(4))  # claims were made
    assert any(c for v in _POOL for r in v.rivers for _, c in r)
    assert any(v.bonus[s] for v in _POOL for s in range(4))  # flowers were set aside
    assert any(v.indicator is not None for v in _POOL)  # Mazhan's wild


def _edited(view: SeatView, rng: random.Random) -> SeatView:
    """`view` with one public part changed by hand, as tests and tools build views."""
    seat = rng.randrange(4)
    what = rng.randrange(5)
    if what == 0:
        river = list(view.rivers[seat])
        if river:
            del river[rng.randrange(len(river))]
        river.append((TILES[rng.randrange(34)], rng.random() < 0.3))
        rivers = list(view.rivers)
        rivers[seat] = tuple(river)
        return view._replace(rivers=tuple(rivers))
    if what == 1:
        t = TILES[rng.randrange(34)]
        melds = list(view.melds)
        melds[seat] = (*melds[seat], Meld(MeldKind.PONG, (t,) * 3, t, (seat + 1) % 4))
        return view._replace(melds=tuple(melds))
    if what == 2:
        bonus = list(view.bonus)
        bonus[seat] = (*bonus[seat], TILES[rng.randrange(34, 42)], TILES[rng.randrange(34)])
        return view._replace(bonus=tuple(bonus))
    if what == 3:
        return view._replace(indicator=None if view.indicator is not None
                             else TILES[rng.randrange(42)])
    return view._replace(rivers=((),) * 4, melds=((),) * 4, bonus=((),) * 4)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(_POOL) - 1), st.integers(0, 3), st.integers()),
                min_size=1, max_size=40))
def test_unseen_equals_the_walk_in_any_order(steps: list[tuple[int, int, int]]) -> None:
    """Views asked in any order (other hands, other rulesets, wire copies, public parts
    edited with `_replace`) count what the plain walk counts: the count kept from the last
    view asked is only a starting point, never trusted for a table it did not count."""
    for index, how, salt in steps:
        view = _POOL[index]
        if how == 1:
            view = _wire(view)
        elif how == 2:
            view = _edited(view, random.Random(salt))
        elif how == 3 and index + 1 < len(_POOL):
            view = _POOL[index + 1]  # the next view of the same table, as in play
        assert view.unseen() == _plain_unseen(view)
        assert list(unseen_of_key(view, bytes(view.counts))) == _plain_unseen(view)


def _crowded(view: SeatView, kind: int, copies: int) -> SeatView:
    """`view` with `copies` more tiles of `kind` shown as kongs by seat 1 (more than a real
    table holds: the count's cap is crossed), its other parts the very same tuples."""
    t = TILES[kind]
    kongs = tuple(Meld(MeldKind.KONG, (t,) * 4, t, 0) for _ in range(copies // 4))
    melds = list(view.melds)
    melds[1] = (*melds[1], *kongs)
    return view._replace(melds=tuple(melds))


@pytest.mark.parametrize("copies", [4, 8, 40, 400])
def test_unseen_counts_right_past_its_caps(copies: int) -> None:
    """A table showing more copies of a kind than the packed count holds (views built by
    hand) counts what the plain walk counts, going there from a real table and back."""
    for index in range(0, len(_POOL), 7):
        view = _POOL[index]
        kind = index % 34
        crowded = _crowded(view, kind, copies)
        for v in (view, crowded, view, crowded, _POOL[index + 1] if index + 1 < len(_POOL)
                  else view, _wire(crowded),
                  # another indicator: counted from nothing
                  crowded._replace(indicator=TILES[40] if crowded.indicator is None else None)):
            assert v.unseen() == _plain_unseen(v)


def _sizes_hold(hand: Hand) -> int:
    """Asserts the public hand sizes are each seat's tiles counted; returns 1."""
    assert hand.public()[0] == tuple(map(sum, hand.hands)), (hand.phase, hand.current)
    return 1


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([("mazhan", {}), ("mazhan", {"reserve": 0}), ("nanjing", {}),
                        ("nanjing", {"several_winners": "all"})]),
       st.integers(0, 2**32))
def test_hand_sizes_from_melds_equal_the_tiles_counted(
        table: tuple[str, dict[str, object]], seed: int) -> None:
    """The public hand sizes (worked out from the melds and whose turn it is) equal each
    seat's tiles counted, after every action of random play: claims, concealed and added
    kongs, robbed kongs, flowers, several winners, drawn hands."""
    ruleset, options = table
    rng = random.Random(seed)
    hand = Hand(make_ruleset(ruleset, options), random.Random(seed), stake=1)
    hand.start()
    checked = _sizes_hold(hand)
    while hand.phase is not Phase.OVER:
        seat = rng.choice(hand.to_act())
        legal = hand.legal_actions(seat)
        # claims and kongs taken more often than a uniform pick takes them
        strong = [a for a in legal if a.kind.value not in ("discard", "pass")]
        hand.apply(seat, rng.choice(strong if strong and rng.random() < 0.7 else legal))
        checked += _sizes_hold(hand)
    assert checked > 1


def test_hand_sizes_hold_through_whole_matches() -> None:
    """The same in every state of normal-bot matches of both rulesets."""
    phases = set()
    for ruleset, seed in (("mazhan", 5), ("nanjing", 6)):
        match = Match(ruleset, seed, {"hands": 4})
        bots = [make_bot("normal", seed * 4 + p) for p in range(4)]
        while not match.match_over:
            match.start_hand()
            hand = match.hand
            assert hand is not None
            _sizes_hold(hand)
            while not match.hand_over:
                seat = match.to_act()[0]
                match.apply(seat, bots[match.players[seat]].choose(match.view(seat)))
                _sizes_hold(hand)
                phases.add(hand.phase)
    assert {Phase.DISCARD, Phase.CLAIM, Phase.OVER} <= phases


@pytest.mark.parametrize("play", [
    lambda: test_engine_mazhan.test_m8_an_added_kong_can_be_robbed(True),
    lambda: test_engine_mazhan.test_m8_an_added_kong_can_be_robbed(False),
    lambda: test_several_winners.test_robbed_kong_two_robbers("all"),
    lambda: test_several_winners.test_robbed_kong_two_robbers("first"),
])
def test_hand_sizes_hold_while_a_kong_may_be_robbed(
        play: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same after every action of the robbed-kong scenarios (rare in random play)."""
    apply = Hand.apply
    phases: list[Phase] = []

    def checked(hand: Hand, seat: int, action: Action) -> list[Event]:
        out = apply(hand, seat, action)
        _sizes_hold(hand)
        phases.append(hand.phase)
        return out

    monkeypatch.setattr(Hand, "apply", checked)
    assert callable(play)
    play()
    assert Phase.ROB in phases


def _plain_view(match: Match, seat: int) -> SeatView:
    """`Match.view` spelled out field by field from the hand, nothing kept between calls."""
    hand = match.hand
    assert hand is not None
    over = hand.phase is Phase.OVER
    dealer = match.history[-1].dealer if over and match.history else match.dealer
    players = tuple((dealer + s) % 4 for s in range(4))
    scores = tuple(match.scores[players[s]] + (0 if over else hand.deltas[s]) for s in range(4))
    own = 0 <= seat < 4
    to_act = hand.to_act()
    if hand.phase in (Phase.CLAIM, Phase.ROB):
        to_act = (seat,) if seat in to_act else ()
    wall = hand.wall
    return SeatView(
        seat=seat, ruleset=hand.rules.name, hand_no=match.hand_no, phase=hand.phase.value,
        current=hand.current, to_act=to_act,
        counts=tuple(hand.hands[seat]) if own else (0,) * 34,
        drawn=hand.drawn if own and seat == hand.current and hand.phase is Phase.DISCARD
        else None,
        hand_sizes=tuple(sum(h) for h in hand.hands),
        melds=tuple(tuple(m) for m in hand.melds), bonus=tuple(tuple(b) for b in hand.bonus),
        rivers=tuple(tuple(r) for r in hand.rivers), last_discard=hand.last_discard,
        wall_left=max(0, wall.left - hand.rules.reserve()), wall_remaining=wall.left,
        wall_taken=(wall.head, wall.tail), dice=wall.dice, wall_break=(wall.side, wall.stack),
        wild=hand.wild, indicator=hand.indicator,
        legal=hand.legal_actions(seat) if own else (), scores=scores, players=players,
        names=tuple(match.names[p] for p in players), stake=hand.stake,
        dealer_streak=hand.dealer_streak, result=hand.result,
        revealed=tuple(tuple(sorted(t for k in range(34) for t in [TILES[k]] * h[k]))
                       for h in hand.hands) if over else ())


@pytest.mark.parametrize(("ruleset", "flee"), [("mazhan", False), ("nanjing", False),
                                              ("mazhan", True)])
def test_match_views_equal_views_spelled_out(ruleset: str, flee: bool) -> None:
    """Every seat's and the spectator's view, after every action of a normal-bot match
    (the booked hand's last views too), equals the view spelled out from the hand; the
    scores shown too after a player flees mid-hand (M12: scores change with no payment of
    the hand)."""
    options: dict[str, object] = {"hands": 4, "flee": True} if flee else {"hands": 4}
    match = Match(ruleset, 8, options, names=["ann", "bo", "cy", "di"])
    bots = [make_bot("normal", 30 + p) for p in range(4)]
    checked = 0
    while not match.match_over:
        match.start_hand()
        while True:
            for seat in (-1, 0, 1, 2, 3):
                assert match.view(seat) == _plain_view(match, seat)
                checked += 1
            if match.hand_over:
                break
            if flee and len(match.actions) == 10 and match.hand_no not in match.flees:
                assert match.flee(match.hand_no % 4)  # the scores move
                continue
            seat = match.to_act()[0]
            match.apply(seat, bots[match.players[seat]].choose(match.view(seat)))
    assert checked > 500 and match.hands_played == 4


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
@pytest.mark.parametrize("bots", ["random", "normal", "watched"])
def test_the_simulate_loops_log_every_action_and_book_every_hand(
        ruleset: str, bots: str, tmp_path: Path) -> None:
    """Both loops of `run_match` (legal actions only; views or a watcher) apply actions to the
    hand and record and book them themselves: the log they write replays to the same events,
    scores and hands, and a watcher sees the events the hash was made of."""
    seen: list[Event] = []
    result = run_match(ruleset, 5, 13, "normal" if bots == "normal" else "random",
                       log_dir=tmp_path, on_events=seen.extend if bots == "watched" else None)
    (path,) = tmp_path.iterdir()
    verified = verify(path.read_text())
    assert (verified.hands, verified.final_scores, verified.events_sha256) == (
        result.hands, result.final_scores, result.events_sha256)
    assert result.hands == 5
    if bots == "watched":
        assert hashlib.sha256(event_lines(seen)).hexdigest() == result.events_sha256


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
            assert over.phase == "over" and over.result is not None and hand is not None
            assert over.revealed == tuple(tuple(hand.concealed(s)) for s in range(4))


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
