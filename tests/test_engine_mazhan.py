"""Mazhan engine scenarios on stacked walls, one or more per ruling the engine carries out
(M1-M10, M21; M3 through `Match`), plus the scenario builder itself and illegal actions.

Default seats S W N are "quiet": no chow is ever possible for them, their only pairs are 2z/3z/4z,
and each holds one 1z (wild under the default indicator 1z). E's default hand has no pair.
"""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.match
from game import events as ev
from game.actions import Action
from game.engine import Hand, Phase
from game.errors import HandOver, IllegalAction, NotYourTurn, UnknownAction
from game.match import Match
from game.melds import MeldKind
from game.rules.registry import make_ruleset
from game.tiles import FLOWERS, TILES, WHITE, counts_of, full_set, parse_tiles
from tests.scenario import (
    E,
    N,
    S,
    ScenarioError,
    W,
    act,
    bot_play_checking_wins,
    census_ok,
    claims,
    deal,
    discard,
    kinds,
    legal,
    pass_all,
    run_out,
    snapshot,
    stacked,
    swap,
    tiles,
    tsumogiri,
)

QS = "147m258p369s123467z2z"
QW = "258m369p147s123467z3z"
QN = "369m147p258s123467z4z"
QE = "147m258p369s258m369p14s"
"""17 tiles, no pair; shares no kind three times with the quiet seats."""


def mz(e: str = QE, s: str = QS, w: str = QW, n: str = QN, *, indicator: str = "1z",
       draws: str = "", tail: str = "", stake: int = 1, **options: object) -> Hand:
    rules = make_ruleset("mazhan", options or None)
    hand, _ = deal(rules, [e, s, w, n], indicator=indicator, draws=draws, tail=tail, stake=stake)
    return hand


def t(text: str) -> int:
    return int(parse_tiles(text)[0])


# ------------------------------------------------------------------ the scenario builder


def test_builder_deals_what_it_is_told() -> None:
    order = stacked("mazhan", [QE, QS, QW, QN], indicator="2f7z", draws="9m8m", tail="3f4m")
    assert len(order) == 144
    assert sorted(order) == sorted(full_set())
    hand, _ = deal("mazhan", [QE, QS, QW, QN], indicator="2f7z", draws="9m8m", tail="3f4m")
    for seat, text in enumerate((QE, QS, QW, QN)):
        assert hand.hands[seat][:] == counts_of(tiles(text))[:34]
    assert hand.indicator == t("7z")
    assert order[-2:] == [t("4m"), t("3f")]


@pytest.mark.parametrize(
    ("hands", "indicator", "draws", "tail", "message"),
    [
        ([QE, QS, QW, swap(QN, "4z", "1m")], "1z", "1m1m", "", "5 × 1m"),
        ([QE, QS, QW, QN], "1z", "", "1f1f", "2 × 1f"),
        ([swap(QE, "4s", ""), QS, QW, QN], "1z", "", "", "E is dealt 17"),
        ([QE, QS, QW, QN], "", "", "", "indicator"),
    ],
)
def test_builder_refuses_impossible_walls(
    hands: list[str], indicator: str, draws: str, tail: str, message: str
) -> None:
    with pytest.raises(ScenarioError, match=message):
        stacked("mazhan", hands, indicator=indicator, draws=draws, tail=tail)


# ------------------------------------------------------------------ M1 tiles, M2 bonus tiles


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), ruleset=st.sampled_from(["mazhan", "nanjing"]))
def test_m1_n1_every_tile_stays_somewhere_under_random_play(seed: int, ruleset: str) -> None:
    """Rulings M1/N1: 144 tiles, conserved through any legal play; bonus tiles never in a hand
    (M2: 白 never plays in Mazhan; N1: the 20 hard flowers never play in Nanjing)."""
    rules = make_ruleset(ruleset)
    rng = random.Random(seed)
    hand = Hand(rules, random.Random(seed))
    assert sorted(hand.wall.order) == sorted(full_set())
    hand.start()
    for _ in range(400):
        assert census_ok(hand)
        assert not any(hand.hands[s][k] for s in range(4) for k in rules.bonus_kinds if k < 34)
        if hand.phase is Phase.OVER:
            break
        seat = hand.to_act()[0]
        hand.apply(seat, rng.choice(hand.legal_actions(seat)))
    assert hand.phase is Phase.OVER
    assert census_ok(hand)


def test_m2_dealt_bonus_tiles_go_aside_dealer_first_from_the_tail() -> None:
    """Ruling M2/M5: bonus tiles in the dealt hands (白 included) are set aside and replaced
    from the tail, the dealer's first, a bonus replacement replaced again."""
    e = swap(QE, "4s9s", "1f5z")
    s = swap(QS, "2z", "2f")
    hand, events = deal("mazhan", [e, s, QW, QN], indicator="1z", tail="3f8m9m7m")
    assert hand.bonus[E] == [t("1f"), t("3f"), t("5z")]
    assert hand.bonus[S] == [t("2f")]
    assert hand.hands[E] == counts_of(tiles(swap(QE, "4s9s", "8m9m")))[:34]
    assert hand.hands[S][t("7m")] == 2
    assert [sum(h) for h in hand.hands] == [17, 16, 16, 16]
    drawn = [(e.seat, str(e.tile)) for e in events if e.kind == ev.DRAW]
    assert drawn == [(E, "3f"), (E, "8m"), (E, "9m"), (S, "7m")]
    assert all(e.info == "tail" for e in events if e.kind == ev.DRAW)
    assert hand.wall.tail == 4


def test_m2_bonus_drawn_in_play_goes_aside_and_is_replaced() -> None:
    """Ruling M2: a bonus tile drawn (flower, then 白) is set aside and replaced from the tail."""
    hand = mz(draws="4f", tail="5z6m")
    events = discard(hand, E, "1m")
    assert hand.bonus[S] == [t("4f"), t("5z")]
    assert hand.current == S and hand.drawn == t("6m")
    assert [(e.kind, str(e.tile)) for e in events if e.kind in (ev.DRAW, ev.BONUS)] == [
        (ev.DRAW, "4f"), (ev.BONUS, "4f"), (ev.DRAW, "5z"), (ev.BONUS, "5z"), (ev.DRAW, "6m")]
    assert hand.hands[S][WHITE] == 0
    assert sum(hand.hands[S]) == 17


# ------------------------------------------------------------------ M4/M5 deal and indicator


def test_m5_dealer_17_others_16() -> None:
    """Ruling M5: the dealer is dealt 17 tiles, the others 16; the dealer acts first."""
    hand, events = deal("mazhan", [QE, QS, QW, QN], indicator="1z")
    assert [len(e.tiles) for e in events if e.kind == ev.DEAL] == [17, 16, 16, 16]
    assert [sum(h) for h in hand.hands] == [17, 16, 16, 16]
    assert hand.to_act() == (E,) and hand.phase is Phase.DISCARD


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_m5_sizes_on_shuffled_walls(seed: int) -> None:
    """Ruling M5: on any wall, after bonus replacement, 17/16 tiles and no bonus tile held."""
    hand = Hand(make_ruleset("mazhan"), random.Random(seed))
    hand.start()
    assert [sum(h) for h in hand.hands] == [17, 16, 16, 16]
    assert hand.indicator is not None and hand.indicator not in hand.rules.bonus_kinds
    assert hand.wild == hand.indicator


@pytest.mark.parametrize(
    ("flip", "skipped", "indicator"),
    [("3s", [], "3s"), ("2f3s", ["2f"], "3s"), ("2f5z8f7z", ["2f", "5z", "8f"], "7z")],
)
def test_m5_indicator_flip_skips_bonus_tiles(flip: str, skipped: list[str], indicator: str) -> None:
    """Ruling M5/M6: the tile after the dealer's 17th is flipped; bonus tiles are set aside out
    of play until a non-bonus tile shows; its kind is wild."""
    hand, events = deal("mazhan", [QE, QS, QW, QN], indicator=flip)
    assert [str(x) for x in hand.out_of_play] == skipped
    assert str(hand.indicator) == indicator and hand.wild == hand.indicator
    wild_events = [e for e in events if e.kind == ev.WILD]
    assert len(wild_events) == 1
    assert str(wild_events[0].tile) == indicator
    assert [str(x) for x in wild_events[0].tiles] == skipped
    assert all(not b for b in hand.bonus)
    assert census_ok(hand)


# ------------------------------------------------------------------ M6 wildcards

# W holds a wild (5p under indicator 5p): with five sets of the other 15 tiles it wins on anything.
WILD_W = "123m456m789m123s456s5p"
WILD_S = "147m468p369s123467z2z"  # 4p6p: would chow a 5p from E
WILD_E = "258m369m258p9p2s5s7s9s12m"  # 16: a 17th is added per test


@pytest.mark.parametrize(
    ("indicator", "s_claims", "w_claims"),
    [
        ("5p", set(), set()),  # 5p is wild: discarded, it is dead (M6)
        ("1z", {"chow 456p 5p"}, {"win 5p"}),  # control: a plain 5p is claimed and won on
    ],
)
def test_m6_a_discarded_wild_is_dead(
    indicator: str, s_claims: set[str], w_claims: set[str]
) -> None:
    """Ruling M6: a player may discard a wild; nobody may claim it or win on it."""
    hand = mz(WILD_E + "5p", WILD_S, WILD_W, QN, indicator=indicator)
    assert "discard 5p" in legal(hand, E)
    act(hand, E, "discard 5p")
    assert claims(hand, S) == s_claims
    assert claims(hand, W) == w_claims
    if not s_claims and not w_claims:
        assert hand.phase is Phase.DISCARD and hand.current == S


def test_m6_wild_stands_for_any_tile_in_a_win() -> None:
    """Ruling M6: in a winning hand a wild stands for any non-bonus tile (here W wins on 8s)."""
    hand = mz(WILD_E + "8s", WILD_S, WILD_W, QN, indicator="5p")
    act(hand, E, "discard 8s")
    assert claims(hand, W) == {"win 8s"}
    act(hand, W, "win 8s")
    assert hand.result is not None and hand.result.winner == W and hand.result.how == "discard"


@pytest.mark.parametrize(
    ("indicator", "discarded", "offers"),
    [
        ("5p", "3p", {}),  # S's 4p + wild 5p do not chow 345p
        ("5p", "6p", {}),  # nor 456p
        ("5p", "7p", {}),  # N's 7p + wild 5p do not pong 7p
        ("1z", "3p", {S: {"chow 345p"}}),  # control: 5p is a plain tile
        ("1z", "6p", {S: {"chow 456p 6p"}}),
    ],
)
def test_m6_wilds_never_chow_or_pong(
    indicator: str, discarded: str, offers: dict[int, set[str]]
) -> None:
    """Ruling M6: wilds cannot be used to chow, pong or kong."""
    s = "147m458p369s123467z2z"  # 4p 5p
    n = "369m147p258s123467z5p"  # 7p 5p
    e = "258m367m999m" + "3p6p7p" + "2s5s8s1s" + "5p"  # 999m + a wild: no concealed kong
    hand = mz(e, s, QW, n, indicator=indicator)
    assert not any(a.startswith("ckong") for a in legal(hand, E))
    act(hand, E, f"discard {discarded}")
    if not offers:  # nobody is asked: S simply draws
        assert hand.phase is Phase.DISCARD and hand.current == S
        return
    assert hand.phase is Phase.CLAIM
    assert {seat: claims(hand, seat) for seat in hand.to_act()} == offers


# ------------------------------------------------------------------ M7 claims


def test_m7_chow_only_from_the_previous_seat() -> None:
    """Ruling M7: only the next seat may chow a discard; W (24m) and N (45m) may not."""
    s = swap(QS, "4m", "2m")  # 12m
    w = swap(QW, "8m", "4m")  # 24m
    n = swap(QN, "69m", "45m")  # 345m: 45m
    hand = mz(swap(QE, "1m", "3m"), s, w, n)
    act(hand, E, "discard 3m")
    assert hand.to_act() == (S,)
    assert claims(hand, S) == {"chow 123m 3m"}
    events = act(hand, S, "chow 123m 3m")
    meld = hand.melds[S][0]
    assert meld.kind is MeldKind.CHOW and meld.claimed == t("3m") and meld.source == E
    assert [e.kind for e in events] == [ev.MELD]
    assert hand.current == S and all(a.startswith("discard") for a in legal(hand, S))
    assert hand.rivers[E][-1] == (t("3m"), True)


@pytest.mark.parametrize("w_first", [False, True])
@pytest.mark.parametrize("claim", ["pong", "kong"])
def test_m7_pong_and_kong_beat_chow(claim: str, w_first: bool) -> None:
    """Ruling M7: kong/pong beat chow whatever the answering order; a kong draws from the tail."""
    s = swap(QS, "4m", "2m")  # 12m: chows 3m
    w = swap(QW, "258m", "333m")
    n = swap(QN, "3m", "7z")
    hand = mz(swap(QE, "1m", "3m"), s, w, n, tail="9m")
    act(hand, E, "discard 3m")
    assert "chow 123m 3m" in claims(hand, S)
    assert claims(hand, W) == {"pong 3m", "kong 3m"}
    answers = [(W, f"{claim} 3m"), (S, "chow 123m 3m")]
    if not w_first:
        answers.reverse()
    events: list[ev.Event] = []
    for seat, text in answers:
        events += act(hand, seat, text)
    assert not hand.melds[S]
    meld = hand.melds[W][0]
    assert meld.kind is (MeldKind.PONG if claim == "pong" else MeldKind.KONG)
    assert meld.source == E and hand.current == W
    if claim == "kong":  # the konger draws from the tail (M7)
        draws = [e for e in events if e.kind == ev.DRAW]
        assert [(e.seat, str(e.tile), e.info) for e in draws] == [(W, "9m", "tail")]
        assert hand.drawn == t("9m") and hand.wall.tail == 1
    else:
        assert not [e for e in events if e.kind == ev.DRAW]


# Two seats ready on 9p: W (single wait) and N (78p); S could pong it.
READY_W = "123m456m789m123s456s9p"
READY_N = "123p456p78p123s456s99s"
PONG_S = "147m599p369s123467z2z"
E_9P = "258m258m369m369m" + "9p" + "1z" + "147s"  # no triplet, no bonus: M20 value 0


@pytest.mark.parametrize("order", [(S, W, N), (N, W, S), (W, N, S)])
def test_m7_win_beats_pong_and_first_winner_in_turn_takes_it(order: tuple[int, ...]) -> None:
    """Ruling M7: win > pong; of two winners on one discard only the first in turn order after
    the discarder wins (截胡), whatever order the answers come in."""
    hand = mz(E_9P, PONG_S, READY_W, READY_N)
    act(hand, E, "discard 9p")
    assert claims(hand, S) == {"pong 9p"}
    assert claims(hand, W) == {"win 9p"}
    assert claims(hand, N) == {"win 9p"}
    answer = {S: "pong 9p", W: "win 9p", N: "win 9p"}
    for seat in order:
        act(hand, seat, answer[seat])
    assert hand.result is not None
    assert (hand.result.winner, hand.result.discarder, hand.result.how) == (W, E, "discard")
    assert not hand.melds[S]


def test_m7_jiehu_wraps_round_the_table() -> None:
    """Ruling M7: W discards; N and E can both win; N (first after W) wins."""
    e = "123m456m789m123s456s" + "9p" + "1z"  # E is ready on 9p after discarding 1z
    hand = mz(e, QS, swap(QW, "3z", "9p"), READY_N, draws="7z" + "3z")
    discard(hand, E, "1z")
    discard(hand, S, "7z")
    act(hand, W, "discard 9p")
    assert claims(hand, E) == {"win 9p"}
    assert claims(hand, N) == {"win 9p", "chow 789p 9p"}
    act(hand, E, "win 9p")
    act(hand, N, "win 9p")
    assert hand.result is not None and (hand.result.winner, hand.result.discarder) == (N, W)


@pytest.mark.parametrize(
    ("claimer", "hand_text", "claim"),
    [
        # W could win on 3m but pongs: its 14 concealed tiles are complete, yet no win now
        (W, "33m123p456p789p222s99s", "pong 3m"),
        # S could win on 3m but chows: no win now either
        (S, "12m123p456p789p222s99s", "chow 123m 3m"),
        # W pongs with a third 3m and four 5s in hand: no added or concealed kong now
        (W, "333m7777s123p456p789p", "pong 3m"),
    ],
)
def test_m7_after_chow_or_pong_the_claimer_only_discards(
    claimer: int, hand_text: str, claim: str
) -> None:
    """Ruling M7: after a chow or pong the claimer discards; it cannot kong or win at once."""
    seats = [swap(QE, "1m", "3m"), QS, QW, swap(QN, "3m", "7z")]
    seats[claimer] = hand_text
    hand = mz(*seats)
    act(hand, E, "discard 3m")
    assert claim in claims(hand, claimer)
    act(hand, claimer, claim)
    pass_all(hand)
    assert hand.current == claimer and hand.phase is Phase.DISCARD
    assert legal(hand, claimer) == {f"discard {x}" for x in set(hand.concealed(claimer))}


def test_m7_kongs_are_offered_again_on_the_claimers_next_turn() -> None:
    """Ruling M7/M8 control: the kongs refused right after a pong are offered on the next turn."""
    hand = mz(swap(QE, "1m", "3m"), QS, "333m7777s123p456p789p", swap(QN, "3m", "7z"),
              draws="6z" + "7m" + "8m" + "9m")
    act(hand, E, "discard 3m")
    act(hand, W, "pong 3m")
    discard(hand, W, "9p")
    discard(hand, N, "6z")
    discard(hand, E, "7m")
    discard(hand, S, "8m")
    assert hand.current == W and hand.drawn == t("9m")
    assert {"akong 3m", "ckong 7s"} <= legal(hand, W)


# ------------------------------------------------------------------ M8 kongs

KONG_S = swap(QS, "4m3s", "3m3m")  # S holds 33m
KONG_N = swap(QN, "3m", "7z")
KONG_E = swap(QE, "1m", "3m")
# S pongs E's 3m, discards 1z; W N E pass their draws on; S draws the last 3m.
KONG_DRAWS = "8s" + "5s" + "1s" + "3m"


def test_m8_added_kong_keeps_the_pong_claim_and_draws_from_the_tail() -> None:
    """Ruling M8: an added kong is the 4th tile added on one's own turn to one's own pong."""
    hand = mz(KONG_E, KONG_S, QW, KONG_N, draws=KONG_DRAWS, tail="6m")
    act(hand, E, "discard 3m")
    act(hand, S, "pong 3m")
    for seat, tile in ((S, "1z"), (W, "8s"), (N, "5s"), (E, "1s")):
        discard(hand, seat, tile)
    assert hand.current == S and "akong 3m" in legal(hand, S)
    events = act(hand, S, "akong 3m")
    meld = hand.melds[S][0]
    assert meld.kind is MeldKind.ADDED_KONG and meld.tiles == (t("3m"),) * 4
    assert meld.source == E and meld.claimed == t("3m")
    assert [(e.kind, e.info) for e in events if e.kind == ev.DRAW] == [(ev.DRAW, "tail")]
    assert hand.drawn == t("6m") and hand.current == S


@pytest.mark.parametrize("robber_wins", [True, False])
def test_m8_an_added_kong_can_be_robbed(robber_wins: bool) -> None:
    """Ruling M8/M7: a player ready on the added tile may rob the kong; the robbed kong stays
    a pong; if it passes, the kong stands and the konger draws from the tail."""
    w = "12m456m789m123s456s99p"  # ready on 3m (12m): 16 tiles
    hand = mz(KONG_E, KONG_S, w, KONG_N, draws="4z" + "5s" + "1s" + "3m", tail="6m")
    act(hand, E, "discard 3m")
    assert claims(hand, W) == {"win 3m"}
    act(hand, W, "pass")  # W lets the discard go: it may still rob the kong later
    act(hand, S, "pong 3m")
    discard(hand, S, "1z")
    discard(hand, W, "4z")
    discard(hand, N, "5s")
    discard(hand, E, "1s")
    assert hand.current == S
    events = act(hand, S, "akong 3m")
    assert events == [] and hand.phase is Phase.ROB
    assert hand.to_act() == (W,) and legal(hand, W) == {"win 3m", "pass"}
    if robber_wins:
        events = act(hand, W, "win 3m")
        assert hand.result is not None
        assert (hand.result.winner, hand.result.discarder, hand.result.how) == (W, S, "robbing")
        assert hand.melds[S][0].kind is MeldKind.PONG and len(hand.melds[S][0].tiles) == 3
        robbed = [e for e in events if e.kind == ev.ROBBED]
        assert [(e.seat, str(e.tile), e.other) for e in robbed] == [(S, "3m", W)]
    else:
        events = act(hand, W, "pass")
        assert hand.melds[S][0].kind is MeldKind.ADDED_KONG
        assert hand.current == S and hand.drawn == t("6m")
    assert census_ok(hand)


@pytest.mark.parametrize("order", [(W, N), (N, W)])
def test_m7_two_seats_rob_one_kong_the_first_after_the_konger_wins(
    order: tuple[int, ...]
) -> None:
    """Ruling M7/M8: W and N can both rob S's added kong: only W, first after S, wins."""
    w = "12m456m789m123s456s99p"  # ready on 3m
    n = "45m456p789p123s456s99s"  # ready on 3m/6m
    hand = mz(KONG_E, KONG_S, w, n, draws="4z" + "5s" + "1s" + "3m", tail="6m")
    act(hand, E, "discard 3m")
    act(hand, W, "pass")
    act(hand, N, "pass")
    act(hand, S, "pong 3m")
    for seat, tile in ((S, "1m"), (W, "4z"), (N, "5s"), (E, "1s")):
        discard(hand, seat, tile)
    act(hand, S, "akong 3m")
    assert hand.to_act() == (W, N)
    for seat in order:
        act(hand, seat, "win 3m")
    assert hand.result is not None
    assert (hand.result.winner, hand.result.discarder, hand.result.how) == (W, S, "robbing")


@settings(max_examples=40, deadline=None)
@given(st.booleans(), st.booleans(), st.randoms(use_true_random=False))
def test_m1_every_tile_is_counted_at_every_step_while_a_kong_may_be_robbed(
    w_robs: bool, n_robs: bool, rnd: random.Random
) -> None:
    """Ruling M1/M8: all 144 tiles are somewhere at every step of a hand in which W and N may
    both rob S's added kong, the open rob window included (the added tile is then neither in
    S's hand nor in its meld), whether the kong is robbed or stands; then random play to the
    end of the hand."""
    w = "12m456m789m123s456s99p"  # ready on 3m
    n = "45m456p789p123s456s99s"  # ready on 3m/6m
    hand = mz(KONG_E, KONG_S, w, n, draws="4z" + "5s" + "1s" + "3m", tail="6m")
    assert census_ok(hand)
    windows = 0

    def checked(seat: int, action: Action) -> list[ev.Event]:
        nonlocal windows
        events = hand.apply(seat, action)
        windows += hand.phase is Phase.ROB
        assert census_ok(hand), (str(action), hand.phase, hand.pending)
        return events

    checked(E, Action.parse("discard 3m"))
    for seat, answer in ((W, "pass"), (N, "pass"), (S, "pong 3m")):
        checked(seat, Action.parse(answer))
    assert (hand.current, hand.phase) == (S, Phase.DISCARD)  # no narrowing: it changes below
    for seat, tile in ((S, "1m"), (W, "4z"), (N, "5s"), (E, "1s")):
        checked(seat, Action.parse(f"discard {tile}"))
        pass_all(hand, checked)
    checked(S, Action.parse("akong 3m"))
    assert (hand.phase, hand.to_act()) == (Phase.ROB, (W, N))  # not narrowed: it moves on
    for seat, robs in ((W, w_robs), (N, n_robs)):
        if hand.phase is Phase.ROB and seat in hand.to_act():
            checked(seat, Action.parse("win 3m" if robs else "pass"))
    assert windows >= 1
    for _ in range(400):
        if hand.phase is Phase.OVER:
            break
        seat = rnd.choice(hand.to_act())
        checked(seat, rnd.choice(hand.legal_actions(seat)))
    assert hand.phase is Phase.OVER
    robbed = w_robs or n_robs
    assert hand.result is not None and (hand.result.how == "robbing") == robbed


def test_m8_a_concealed_kong_cannot_be_robbed() -> None:
    """Ruling M8: only an added kong can be robbed; W (a wild: wins on anything) is not asked
    about E's concealed kong."""
    e = "2222p" + "258m369m" + "14s" + "25s" + "3p" + "1z" + "7s"
    hand = mz(e, WILD_S, WILD_W, QN, indicator="5p", tail="7m")
    assert "ckong 2p" in legal(hand, E)
    events = act(hand, E, "ckong 2p")
    assert hand.phase is Phase.DISCARD and hand.current == E
    assert hand.melds[E][0].kind is MeldKind.CONCEALED_KONG
    assert [(e.seat, str(e.tile), e.info) for e in events if e.kind == ev.DRAW] == [
        (E, "7m", "tail")]


QUAD_E = "2222p" + "258m369m" + "14s" + "25s" + "3p" + "6s" + "9p"
QUAD_S = swap(QS, "2p", "7z")


def test_m8_four_in_hand_undeclared_are_not_a_kong() -> None:
    """Ruling M8: four tiles held but never declared make no meld, to the hand's end."""
    hand = mz(QUAD_E, QUAD_S)
    assert "ckong 2p" in legal(hand, E)
    events = run_out(hand)
    assert hand.melds[E] == [] and hand.hands[E][t("2p")] == 4
    revealed = [e for e in events if e.kind == ev.REVEAL and e.seat == E]
    assert [str(x) for x in revealed[0].tiles].count("2p") == 4


# ------------------------------------------------------------------ M9 any discard


def test_m9_win_on_any_discard_after_having_claimed() -> None:
    """Ruling M9: a player who has ponged wins on a later discard from a non-adjacent seat."""
    s = "33m123p456p789p11s45s7z"  # pongs 3m, discards 7z, waits on 3s/6s
    hand = mz(KONG_E, s, QW, KONG_N, draws="6z" + "6s")
    act(hand, E, "discard 3m")
    act(hand, S, "pong 3m")
    discard(hand, S, "7z")
    discard(hand, W, "6z")
    act(hand, N, "discard 6s")
    assert claims(hand, S) == {"win 6s"}
    act(hand, S, "win 6s")
    assert hand.result is not None and (hand.result.winner, hand.result.discarder) == (S, N)


DEALT_WIN = "123m456m789m123s44s567s"  # five sets and a pair


@pytest.mark.parametrize(("e", "wins"), [(DEALT_WIN, True), (swap(DEALT_WIN, "7s", "8s"), False)])
def test_m9_dealer_may_win_on_the_dealt_hand(e: str, wins: bool) -> None:
    """Ruling M9/M17: the dealer's 17 dealt tiles, if complete, may be declared at once."""
    hand = mz(e)
    assert claims(hand, E) == ({f"win {hand.drawn}"} if wins else set())


# ------------------------------------------------------------------ M10 drawn hand


@pytest.mark.parametrize("reserve", [11, 7, 0])
def test_m10_drawn_when_only_the_reserve_is_left(reserve: int) -> None:
    """Ruling M10: the hand is drawn when a head draw is due and only the reserve is left."""
    hand = mz(reserve=reserve)
    events = run_out(hand)
    assert hand.result is not None and hand.result.how == "exhausted"
    assert hand.result.winner is None
    assert hand.wall.left == reserve and hand.left() == 0
    assert kinds(events)[-1] == ev.HAND_END and ev.EXHAUSTED in kinds(events)


def test_m10_tail_replacement_may_use_the_reserve() -> None:
    """Ruling M10: with the head done (only the reserve left), a kong still draws from the tail."""
    hand = mz(QUAD_E, QUAD_S, reserve=11)
    while not (hand.phase is Phase.DISCARD and hand.left() == 0):
        tsumogiri(hand)
    assert hand.current == E, "scenario: E must draw the last head tile"
    assert hand.wall.left == 11
    events = act(hand, E, "ckong 2p")
    assert [e.info for e in events if e.kind == ev.DRAW] == ["tail"]
    assert hand.phase is Phase.DISCARD and hand.wall.left == 10
    tsumogiri(hand)
    assert hand.result is not None and hand.result.how == "exhausted"


# ------------------------------------------------------------------ M21 settlement


def win_expected(values: tuple[int, ...], winner: int, stake: int) -> list[int]:
    """M21 by hand: the winner collects, non-winners settle differences, dealer doubles."""
    out = [0, 0, 0, 0]
    for seat in range(4):
        if seat != winner:
            amount = values[winner] * (2 if E in (seat, winner) else 1) * stake
            out[seat] -= amount
            out[winner] += amount
    others = [s for s in range(4) if s != winner]
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            high, low = (a, b) if values[a] >= values[b] else (b, a)
            amount = (values[high] - values[low]) * (2 if E in (a, b) else 1) * stake
            out[low] -= amount
            out[high] += amount
    return out


@pytest.mark.parametrize("stake", [1, 10])
def test_m21_discard_win_settlement(stake: int) -> None:
    """Ruling M21: W wins on E's discard; N (one bonus tile: value 10) collects differences;
    every amount × stake, doubled with the dealer; zero-sum."""
    n = swap(QN, "4z", "1f")
    hand = mz(E_9P, QS, READY_W, n, tail="4z", stake=stake)
    act(hand, E, "discard 9p")
    act(hand, W, "win 9p")
    pass_all(hand)
    result = hand.result
    assert result is not None and result.score is not None
    values = result.settlement.values
    v = result.score.total
    assert values[W] == v and values[N] == 10 and values[E] == 0 and values[S] == 0
    assert list(result.deltas) == win_expected(values, W, stake)
    assert sum(result.deltas) == 0
    assert list(result.deltas) == [
        (-2 * v - 20) * stake, (-v - 10) * stake, 4 * v * stake, (-v + 10 + 20) * stake
    ]


def test_m21_dealer_self_draw_doubles_every_payment() -> None:
    """Ruling M21: the dealer's win is paid double by each other seat."""
    hand = mz(DEALT_WIN, stake=5)
    act(hand, E, f"win {hand.drawn}")
    result = hand.result
    assert result is not None and result.score is not None
    v = result.score.total
    assert result.settlement.values[1:] == (0, 0, 0)
    assert list(result.deltas) == [30 * v, -10 * v, -10 * v, -10 * v]


def test_m21_drawn_hand_pays_nothing() -> None:
    """Ruling M21: a drawn hand pays nothing."""
    hand = mz(swap(QE, "4s", "1f"), tail="4s")
    run_out(hand)
    assert hand.result is not None
    assert hand.result.deltas == (0, 0, 0, 0) and hand.result.payments == ()


# ------------------------------------------------------------------ M3 dealer rotation


def scripted_match(monkeypatch: pytest.MonkeyPatch, order: list[int], **options: object) -> Match:
    monkeypatch.setattr(game.match, "Hand", functools.partial(Hand, draw_order=order))
    return Match("mazhan", 7, options or None)


@pytest.mark.parametrize("outcome", ["dealer_wins", "other_wins", "drawn"])
def test_m3_dealer_rotation(monkeypatch: pytest.MonkeyPatch, outcome: str) -> None:
    """Ruling M3: the dealer keeps the deal only by winning; another's win or a drawn hand
    passes the deal to the next seat."""
    e = DEALT_WIN if outcome == "dealer_wins" else E_9P
    order = stacked("mazhan", [e, QS, READY_W, QN], indicator="1z")
    match = scripted_match(monkeypatch, order)
    match.start_hand()
    dealer = match.dealer
    hand = match.hand
    assert hand is not None
    if outcome == "dealer_wins":
        match.apply(E, Action.parse(f"win {hand.drawn}"))
    elif outcome == "other_wins":
        match.apply(E, Action.parse("discard 9p"))
        match.apply(W, Action.parse("win 9p"))
    else:
        run_out(hand, match.apply)
    assert match.hand_over and len(match.history) == 1
    if outcome == "dealer_wins":
        assert match.dealer == dealer and match.dealer_streak == 1
    else:
        assert match.dealer == (dealer + 1) % 4 and match.dealer_streak == 0
    assert match.scores == [8000 + d for d in _by_player(match)]
    match.start_hand()
    assert match.hand is not None and match.hand.dealer_streak == match.dealer_streak


def _by_player(match: Match) -> list[int]:
    record = match.history[-1]
    out = [0] * 4
    for seat in range(4):
        out[(record.dealer + seat) % 4] = record.result.deltas[seat]
    return out


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_m9_every_complete_hand_is_offered_the_win(seed: int) -> None:
    """Rulings M9/M6 (property): with bots playing, every complete hand — after a draw, on a
    discard, on an added kong — is offered the win, except on a discarded wild."""
    bot_play_checking_wins("mazhan", seed)


# ------------------------------------------------------------------ illegal actions


def _claim_phase() -> Hand:
    hand = mz(swap(QE, "1m", "3m"), swap(QS, "4m", "2m"), QW, swap(QN, "3m", "7z"))
    act(hand, E, "discard 3m")
    return hand


@pytest.mark.parametrize(
    ("setup", "seat", "text", "error"),
    [
        ("turn", E, "discard 7z", UnknownAction),  # E holds no 7z
        ("turn", E, "win", UnknownAction),  # not complete
        ("turn", E, "pong 1m", UnknownAction),
        ("turn", E, "ckong 1m", UnknownAction),
        ("turn", S, "discard 1m", NotYourTurn),
        ("turn", W, "pass", NotYourTurn),
        ("claim", W, "pass", NotYourTurn),  # only S is asked
        ("claim", S, "pong 3m", UnknownAction),  # S may only chow
        ("claim", S, "chow 234m", UnknownAction),
        ("claim", E, "discard 1m", NotYourTurn),
        ("over", E, "discard 1m", HandOver),
    ],
)
def test_illegal_actions_raise_and_change_nothing(
    setup: str, seat: int, text: str, error: type[IllegalAction]
) -> None:
    """An illegal action raises an IllegalAction subclass and leaves the state unchanged; a
    seat that is not asked cannot act."""
    if setup == "claim":
        hand = _claim_phase()
    else:
        hand = mz()
        if setup == "over":
            run_out(hand)
    before = snapshot(hand)
    with pytest.raises(error) as info:
        act(hand, seat, text)
    assert isinstance(info.value, IllegalAction)
    assert str(info.value)
    assert snapshot(hand) == before


def test_an_answered_seat_cannot_answer_again() -> None:
    """A seat that has answered a claim offer is no longer asked."""
    hand = mz(E_9P, PONG_S, READY_W, READY_N)
    act(hand, E, "discard 9p")
    act(hand, W, "pass")
    before = snapshot(hand)
    with pytest.raises(NotYourTurn):
        act(hand, W, "win 9p")
    assert snapshot(hand) == before
    assert set(hand.to_act()) == {S, N}


def test_flowers_and_white_are_bonus_kinds() -> None:
    """Ruling M2: the eight flowers/seasons and the four 白 are Mazhan's bonus tiles."""
    assert make_ruleset("mazhan").bonus_kinds == frozenset({*FLOWERS, WHITE})
    assert str(TILES[WHITE]) == "5z"
