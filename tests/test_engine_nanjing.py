"""Nanjing engine scenarios on stacked walls, one or more per ruling the engine carries out
(N1-N5, N10-N14), plus illegal actions.

Default seats S W N are "quiet": no pair, so they can never pong; Nanjing has no chow. E's
default hand has no pair either. Money is checked in the events returned by the very `apply`
that caused it (N11, N12) and in `result.payments` / `result.deltas` at the end (N10, N13).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.match
from game import events as ev
from game.actions import Action, ActionKind
from game.engine import Hand, Phase
from game.errors import IllegalAction, NotYourTurn, UnknownAction
from game.match import Match
from game.melds import MeldKind
from game.rules.base import Ruleset
from game.rules.nanjing_scoring import HARD_FLOWER_KINDS
from game.rules.registry import make_ruleset
from game.tiles import counts_of, parse_tiles
from tests.scenario import (
    E,
    N,
    S,
    W,
    act,
    bot_play_checking_wins,
    census_ok,
    claims,
    deal,
    discard,
    kinds,
    net,
    paid,
    pass_all,
    run_out,
    snapshot,
    stacked,
    swap,
    tiles,
    tsumogiri,
)

QS = "147m258p369s1234z"
QW = "258m369p147s1234z"
QN = "369m147p258s1234z"
QE = "147m258p369s258m36p"
"""14 tiles, no pair."""


def nj(e: str = QE, s: str = QS, w: str = QW, n: str = QN, *, draws: str = "", tail: str = "",
       dealer_streak: int = 0, **options: object) -> Hand:
    rules = make_ruleset("nanjing", options or None)
    gold = rules.stake([rules.start_score] * 4)  # the hand's stake is the gold per flower (N10)
    hand, _ = deal(rules, [e, s, w, n], draws=draws, tail=tail, stake=gold,
                   dealer_streak=dealer_streak)
    return hand


def t(text: str) -> int:
    return int(parse_tiles(text)[0])


def winner_total(hand: Hand) -> int:
    assert hand.result is not None and hand.result.score is not None
    return hand.result.score.total


# ------------------------------------------------------------------ N1 hard flowers


def test_n1_dealt_hard_flowers_go_aside_and_are_replaced_from_the_tail() -> None:
    """Ruling N1: 中 發 白 and the eight flowers in the dealt hands are set aside, dealer first,
    and replaced from the tail (a replacement flower again)."""
    e = swap(QE, "147m2p", "5z6z7z1f")
    s = swap(QS, "4z", "8f")
    hand, events = deal("nanjing", [e, s, QW, QN], tail="2f1m4m7m2p" + "4z")
    assert [str(x) for x in hand.bonus[E]] == ["5z", "2f", "6z", "7z", "1f"]
    assert [str(x) for x in hand.bonus[S]] == ["8f"]
    assert hand.hands[E] == counts_of(tiles(QE))[:34]
    assert hand.hands[S] == counts_of(tiles(QS))[:34]
    assert [sum(h) for h in hand.hands] == [14, 13, 13, 13]
    assert [(e.seat, str(e.tile)) for e in events if e.kind == ev.DRAW] == [
        (E, "2f"), (E, "1m"), (E, "4m"), (E, "7m"), (E, "2p"), (S, "4z")]
    assert hand.wall.tail == 6


def test_n1_hard_flower_drawn_in_play_goes_aside() -> None:
    """Ruling N1: a hard flower drawn in play (白, then a flower) is set aside and replaced."""
    hand = nj(draws="5z", tail="3f9m")
    discard(hand, E, "1m")
    assert [str(x) for x in hand.bonus[S]] == ["5z", "3f"]
    assert hand.current == S and hand.drawn == t("9m") and sum(hand.hands[S]) == 14


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_n1_n2_random_play(seed: int) -> None:
    """Rulings N1/N2: under any legal play no chow is ever offered, no hard flower is held,
    and every hard flower ends set aside or still in the wall (124 tiles play)."""
    rules = make_ruleset("nanjing")
    rng = random.Random(seed)
    hand = Hand(rules, random.Random(seed))
    hand.start()
    for _ in range(400):
        if hand.phase is Phase.OVER:
            break
        for seat in hand.to_act():
            assert all(a.kind is not ActionKind.CHOW for a in hand.legal_actions(seat))
        assert not any(hand.hands[s][k] for s in range(4) for k in (31, 32, 33))
        seat = hand.to_act()[0]
        hand.apply(seat, rng.choice(hand.legal_actions(seat)))
    assert hand.phase is Phase.OVER and census_ok(hand)
    aside = [x for b in hand.bonus for x in b]
    left = [x for x in hand.wall.remaining() if x in HARD_FLOWER_KINDS]
    assert len(aside) + len(left) == 20
    assert sum(1 for k in range(144) if hand.wall.order[k] not in HARD_FLOWER_KINDS) == 124


# ------------------------------------------------------------------ N2 deal and claims


def test_n2_dealer_14_others_13() -> None:
    """Ruling N2: the dealer is dealt 14 tiles, the others 13; no wildcard."""
    hand, events = deal("nanjing", [QE, QS, QW, QN])
    assert [len(e.tiles) for e in events if e.kind == ev.DEAL] == [14, 13, 13, 13]
    assert [sum(h) for h in hand.hands] == [14, 13, 13, 13]
    assert hand.wild is None and hand.indicator is None and hand.wall.left == 144 - 53


def test_n2_no_chow_ever() -> None:
    """Ruling N2: the next seat holding 12m is not offered a chow of E's 3m."""
    hand = nj(swap(QE, "1m", "3m"), swap(QS, "4m", "2m"), QW, swap(QN, "3m", "9p"))
    act(hand, E, "discard 3m")
    assert hand.phase is Phase.DISCARD and hand.current == S


READY_W = "123m456m789m123s9p"  # 13: single wait on 9p
READY_N = "123p456p78p123s99s"  # 13: waits 6p/9p
PONG_S = "147m599p369s1234z"  # 9p pair


@pytest.mark.parametrize("order", [(S, W, N), (N, S, W), (W, N, S)])
def test_n2_win_beats_pong_first_winner_takes_it(order: tuple[int, ...]) -> None:
    """Ruling N2: win > pong; of several winners on one discard the first in turn order after
    the discarder wins."""
    hand = nj(swap(QE, "6p", "9p"), PONG_S, READY_W, READY_N)
    act(hand, E, "discard 9p")
    assert claims(hand, S) == {"pong 9p"}
    assert claims(hand, W) == {"win 9p"} and claims(hand, N) == {"win 9p"}
    answer = {S: "pong 9p", W: "win 9p", N: "win 9p"}
    for seat in order:
        act(hand, seat, answer[seat])
    assert hand.result is not None
    assert (hand.result.winner, hand.result.discarder, hand.result.how) == (W, E, "discard")
    assert [p.payer for p in hand.result.payments] == [E]


# ------------------------------------------------------------------ N3 shapes, drawn hand


@pytest.mark.parametrize("s", ["11m33m55p77p22s99s1z", "1111m55p77p22s99s1z"])
def test_n3_seven_pairs_win_when_fully_concealed(s: str) -> None:
    """Ruling N3: seven pairs win, four identical tiles counting as two pairs. (S discards once
    first, so that the win is not a 地胡, which would replace the items.)"""
    hand = nj(swap(QE, "1m6p", "1z4z"), s, draws="2z3z4z7m")
    discard(hand, E, "2p")
    for seat, tile in ((S, "2z"), (W, "3z"), (N, "4z")):
        discard(hand, seat, tile)
    act(hand, E, "discard 1z")
    assert claims(hand, S) == {"win 1z"}
    act(hand, S, "win 1z")
    assert hand.result is not None and hand.result.winner == S
    assert "seven_pairs" in {line.key for line in hand.result.score.items}  # type: ignore[union-attr]


def test_n3_drawn_when_the_wall_is_empty() -> None:
    """Ruling N3/N5: the hand is drawn when the wall is empty; the dealer keeps the deal."""
    hand = nj()
    events = run_out(hand)
    assert hand.wall.left == 0 and hand.left() == 0
    assert hand.result is not None and hand.result.how == "exhausted"
    assert hand.result.winner is None and hand.result.settlement.payments == ()
    assert hand.result.dealer_keeps
    assert ev.EXHAUSTED in kinds(events)


# ------------------------------------------------------------------ N4 who may win

OPEN_S = "11m234m567p88p34s1z"  # pongs 1m, discards 1z, waits on 2s/5s: no big item


@pytest.mark.parametrize(("s", "tail", "offered"), [
    (OPEN_S, "", False),  # open, no hard flower: 無花果 does not count
    ("1f2f5f5z" + "11m234m567p8p", "8p3s4s1z", True),  # open with 4 hard flowers
    ("1f2f5z" + "11m234m567p8p3s", "8p4s1z", False),  # open with 3 hard flowers
])
def test_n4_open_hand_needs_four_hard_flowers_or_a_big_item(
    s: str, tail: str, offered: bool
) -> None:
    """Ruling N4: after a claim, a plain hand may win only with 4 or more hard flowers; the
    system offers no other win."""
    hand = nj(QE, s, QW, QN, draws="5s", tail=tail)
    act(hand, E, "discard 1m")
    act(hand, S, "pong 1m")
    discard(hand, S, "1z")
    act(hand, W, "discard 5s")
    if offered:
        assert claims(hand, S) == {"win 5s"}
        act(hand, S, "win 5s")
        assert hand.result is not None and hand.result.winner == S
    else:
        assert hand.phase is Phase.DISCARD and hand.current == N


# ------------------------------------------------------------------ N5 dealer, N14 match end

HEAVENLY_E = "123m456m789m123s44s"
SMALL_S = "1f" + "123m456m789p11s4s"  # one hard flower; 5s from the tail: waits 3s/6s
BIG_S = "123m456m789p11s45s"  # no hard flower: 無花果 makes it a big hand
SMALL_DRAWS = "2z" + "3z" + "4z" + "7m"  # S W N E draw and pass these on


def small_win_order(s: str, *, self_draw: bool = False) -> list[int]:
    """E discards 2p; S W N pass their draws on; E draws 7m and discards 6s (S wins on it),
    or with `self_draw` discards 7m and S draws 6s."""
    draws = SMALL_DRAWS + ("6s" if self_draw else "")
    return stacked("nanjing", [QE, s, QW, QN], draws=draws, tail="5s")


def play_small_win(apply: object, hand: Hand, *, self_draw: bool = False) -> None:
    submit = apply if callable(apply) else hand.apply
    submit(E, Action.parse("discard 2p"))
    for seat, tile in ((S, "2z"), (W, "3z"), (N, "4z")):
        submit(seat, Action.parse(f"discard {tile}"))
        pass_all(hand, submit)
    if self_draw:
        submit(E, Action.parse("discard 7m"))
        pass_all(hand, submit)
        assert hand.current == S and claims(hand, S) == {"win 6s"}
        submit(S, Action.parse("win 6s"))
    else:
        submit(E, Action.parse("discard 6s"))
        assert claims(hand, S) == {"win 6s"}
        submit(S, Action.parse("win 6s"))


def scripted_match(monkeypatch: pytest.MonkeyPatch, orders: list[list[int]],
                   **options: object) -> Match:
    """A match whose hands are dealt from `orders`, one per hand."""
    supply: Iterator[list[int]] = iter(orders)

    def make(rules: Ruleset, rng: random.Random, *, stake: int, dealer_streak: int) -> Hand:
        return Hand(rules, rng, stake=stake, dealer_streak=dealer_streak,
                    draw_order=next(supply))

    monkeypatch.setattr(game.match, "Hand", make)
    return Match("nanjing", 11, options or None)


def play(match: Match, how: str) -> None:
    """Play the current hand of `match` to its end in the way named."""
    hand = match.hand
    assert hand is not None
    if how == "heavenly":
        match.apply(E, Action.parse(f"win {hand.drawn}"))
    elif how == "drawn":
        run_out(hand, match.apply)
    else:
        play_small_win(match.apply, hand)
    assert match.hand_over


HANDS = {
    "heavenly": lambda: stacked("nanjing", [HEAVENLY_E, QS, QW, QN]),
    "drawn": lambda: stacked("nanjing", [QE, QS, QW, QN]),
    "small": lambda: small_win_order(SMALL_S),
    "big": lambda: small_win_order(BIG_S),
}


def test_n5_dealer_keeps_on_own_win_big_hand_and_draw_and_the_streak_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling N5: the dealer keeps the deal when it wins, when anyone wins a big hand, and on a
    drawn hand; a small win by another seat moves the deal. The streak counts kept hands, and
    the next hand gets it (N8 比下胡 then doubles the dealer's win)."""
    script = ["drawn", "heavenly", "big", "small", "heavenly"]
    match = scripted_match(monkeypatch, [HANDS[name]() for name in script], hands=8)
    first = match.dealer
    seen = []
    for name in script:
        match.start_hand()
        assert match.hand is not None and match.hand.dealer_streak == match.dealer_streak
        play(match, name)
        seen.append((name, match.dealer, match.dealer_streak))
    assert seen == [
        ("drawn", first, 1),
        ("heavenly", first, 2),
        ("big", first, 3),
        ("small", (first + 1) % 4, 0),
        ("heavenly", (first + 1) % 4, 1),
    ]
    heavenly = match.history[1].result
    assert heavenly.score is not None and heavenly.score.total == (320 + 10 * 1) * 2  # N7, N8
    assert sum(sum(r.result.deltas) for r in match.history) == 0


@pytest.mark.parametrize("hands", [1, 2, 3])
def test_n14_match_ends_after_the_number_of_hands(
    monkeypatch: pytest.MonkeyPatch, hands: int
) -> None:
    """Ruling N14: the match ends after the chosen number of hands."""
    match = scripted_match(monkeypatch, [HANDS["heavenly"]() for _ in range(hands)], hands=hands)
    for played in range(1, hands + 1):
        assert not match.match_over
        match.start_hand()
        play(match, "heavenly")
        assert match.match_over == (played == hands)
    assert len(match.history) == hands


# ------------------------------------------------------------------ N10 win money


@pytest.mark.parametrize("gold", [1, 2, 5])
@pytest.mark.parametrize("self_draw", [False, True])
def test_n10_win_money(gold: int, self_draw: bool) -> None:
    """Ruling N10: a discard win is paid F × g by the discarder; a self-draw F × g by each."""
    rules = make_ruleset("nanjing", {"gold": gold})
    order = small_win_order(SMALL_S, self_draw=self_draw)
    hand = Hand(rules, random.Random(0), stake=gold, draw_order=order)
    hand.start()
    play_small_win(None, hand, self_draw=self_draw)
    f = winner_total(hand)
    assert hand.result is not None
    assert hand.result.how == ("self_draw" if self_draw else "discard")
    expected = [-f * gold, 3 * f * gold, -f * gold, -f * gold] if self_draw else [
        -f * gold, f * gold, 0, 0]
    assert list(hand.result.deltas) == expected
    assert net(hand.result.payments) == expected


# ------------------------------------------------------------------ N11 kong money


@pytest.mark.parametrize("gold", [1, 2])
def test_n11_exposed_kong_paid_by_the_discarder_at_once(gold: int) -> None:
    """Ruling N11: an exposed kong: the discarder pays 20 × g in the kong's own apply."""
    w = swap(QW, "258m", "333m")
    hand = nj(swap(QE, "1m", "3m"), QS, w, swap(QN, "3m", "9p"), tail="8m", gold=gold)
    act(hand, E, "discard 3m")
    events = act(hand, W, "kong 3m")
    assert paid(events) == [(E, W, 20 * gold, "kong_exposed")]
    assert hand.melds[W][0].kind is MeldKind.KONG and hand.drawn == t("8m")
    assert hand.deltas == [-20 * gold, 0, 20 * gold, 0]


ADDED_S = swap(QS, "4m1z", "3m3m")
ADDED_DRAWS = "6m" + "7s" + "1z" + "3m"  # W N E pass these on; S draws the last 3m


def _pong_then_draw_fourth(hand: Hand) -> None:
    act(hand, E, "discard 3m")
    pass_all_but_s = [s for s in hand.to_act() if s != S]
    for seat in pass_all_but_s:
        act(hand, seat, "pass")
    act(hand, S, "pong 3m")
    discard(hand, S, "1m")
    for seat, tile in ((W, "6m"), (N, "7s"), (E, "1z")):
        discard(hand, seat, tile)
    assert hand.current == S and hand.drawn == t("3m")


def test_n11_added_kong_paid_by_the_pong_feeder_at_once() -> None:
    """Ruling N11: an added kong: the player who fed the pong pays 20 × g, at once."""
    hand = nj(swap(QE, "1m", "3m"), ADDED_S, QW, swap(QN, "3m", "9p"), draws=ADDED_DRAWS,
              tail="8m")
    _pong_then_draw_fourth(hand)
    events = act(hand, S, "akong 3m")
    assert paid(events) == [(E, S, 20, "kong_added")]
    assert hand.melds[S][0].kind is MeldKind.ADDED_KONG


def test_n11_concealed_kong_paid_by_each_other_at_once() -> None:
    """Ruling N11: a concealed kong: each other player pays 10 × g, at once."""
    e = "2222p" + "147m" + "369s" + "258m" + "3p"
    hand = nj(e, swap(QS, "2p", "9p"), tail="8m")
    events = act(hand, E, "ckong 2p")
    assert sorted(paid(events)) == [(S, E, 10, "kong_concealed"), (W, E, 10, "kong_concealed"),
                                    (N, E, 10, "kong_concealed")]
    assert hand.deltas == [30, -10, -10, -10]


def test_n11_flower_kong_drawn_in_play_paid_at_once() -> None:
    """Ruling N11: the fourth season set aside by one player: each other pays 20 × g, in the
    events of the discard that led to the draw."""
    s = swap(QS, "147m", "5f6f7f")
    hand = nj(QE, s, draws="8f", tail="147m" + "9m")
    assert hand.deltas == [0, 0, 0, 0]
    events = act(hand, E, "discard 1m")
    assert sorted(paid(events)) == [(E, S, 20, "kong_flower"), (W, S, 20, "kong_flower"),
                                    (N, S, 20, "kong_flower")]
    assert hand.drawn == t("9m") and hand.current == S


def test_n11_flower_kong_in_the_dealt_hand_paid_at_start() -> None:
    """Ruling N11: four 白 dealt to E make a flower kong: each other pays 20 × g once."""
    e = swap(QE, "147m2p", "5z5z5z5z")
    _, events = deal("nanjing", [e, QS, QW, QN], tail="147m2p")
    assert sorted(paid(events)) == [(S, E, 20, "kong_flower"), (W, E, 20, "kong_flower"),
                                    (N, E, 20, "kong_flower")]


# ------------------------------------------------------------------ N12 penalties


def test_n12_four_same_discards_in_a_row() -> None:
    """Ruling N12: four discards in a row of one kind by the four players, no claim between:
    the first of them pays each other 10 × g, in the fourth discard's events."""
    hand = nj(swap(QE, "6p", "9p"), QS, swap(QW, "9p", "9m"), QN, draws="9p9p9p")
    for seat in (E, S, W):
        assert paid(discard(hand, seat, "9p")) == []
    events = act(hand, N, "discard 9p")
    assert sorted(paid(events)) == [(E, S, 10, "same_discards"), (E, W, 10, "same_discards"),
                                    (E, N, 10, "same_discards")]
    assert hand.deltas == [-30, 10, 10, 10]


def test_n12_one_player_discards_all_four_of_a_kind() -> None:
    """Ruling N12: a player who discards the fourth tile of one kind (all four its own) pays
    each other 10 × g, in that discard's events."""
    e = "9999p" + "147m258m369s" + "2p"
    hand = nj(e, QS, swap(QW, "9p", "9m"), QN)
    for turn in range(4):
        assert hand.current == E
        events = act(hand, E, "discard 9p")
        events += pass_all(hand)
        if turn < 3:
            assert paid(events) == []
            for _ in range(3):
                tsumogiri(hand)
    assert sorted(paid(events)) == [(E, S, 10, "four_discards"), (E, W, 10, "four_discards"),
                                    (E, N, 10, "four_discards")]


# ------------------------------------------------------------------ N13 liability

PONGS_S = "11m22m33m44p55p77s1z"
PONGS_E = swap(QE, "6p", "3m")
PONGS_DRAWS = "6m8s9m" + "6s9s7m"


def _three_pongs_by_e(hand: Hand) -> None:
    """E feeds S pongs of 1m, 2m, 3m; S is left with 44p55p."""
    for feed, drop, draws in (("1m", "1z", True), ("2m", "7s", True), ("3m", "7s", False)):
        act(hand, E, f"discard {feed}")
        act(hand, S, f"pong {feed}")
        discard(hand, S, drop)
        if draws:
            tsumogiri(hand)
            tsumogiri(hand)
            assert hand.current == E
    assert [m.source for m in hand.melds[S]] == [E, E, E]


def test_n13a_three_set_feeder_pays_for_a_discard_win_by_another() -> None:
    """Ruling N13(a): E fed three of S's pongs and S wins 對對胡 on W's discard: E pays F × g,
    W pays nothing."""
    hand = nj(PONGS_E, PONGS_S, draws=PONGS_DRAWS + "4p")
    _three_pongs_by_e(hand)
    act(hand, W, "discard 4p")
    assert "win 4p" in claims(hand, S)
    act(hand, S, "win 4p")
    pass_all(hand)
    f = winner_total(hand)
    assert hand.result is not None and hand.result.discarder == W
    assert list(hand.result.deltas) == [-f, f, 0, 0]


def test_n13a_three_set_feeder_pays_all_for_a_self_draw() -> None:
    """Ruling N13(a): the same hand self-drawn: E pays 3 × F × g alone."""
    hand = nj(PONGS_E, PONGS_S, draws=PONGS_DRAWS + "6p8p2s" + "4p")
    _three_pongs_by_e(hand)
    for _ in range(3):
        tsumogiri(hand)
    assert hand.current == S
    act(hand, S, "win 4p")
    f = winner_total(hand)
    assert hand.result is not None and hand.result.how == "self_draw"
    assert list(hand.result.deltas) == [-3 * f, 3 * f, 0, 0]


def test_n13b_robbed_kong_the_konger_pays_all_and_gets_no_kong_money() -> None:
    """Ruling N13(b)/N11: W robs S's added kong: a self-draw paid 3 × F × g by S alone; the
    robbed kong pays nothing."""
    w = "12m456m789m123s99p"  # ready on 3m only
    hand = nj(swap(QE, "1m", "3m"), ADDED_S, w, swap(QN, "3m", "9s"), draws=ADDED_DRAWS)
    _pong_then_draw_fourth(hand)
    assert act(hand, S, "akong 3m") == [] and hand.phase is Phase.ROB
    assert hand.to_act() == (W,) and claims(hand, W) == {"win 3m"}
    act(hand, W, "win 3m")
    f = winner_total(hand)
    assert hand.result is not None and hand.result.how == "robbing"
    assert hand.melds[S][0].kind is MeldKind.PONG
    assert not [p for p in hand.payments if p.key.startswith("kong")]
    assert list(hand.result.deltas) == [0, -3 * f, 3 * f, 0]


def test_n13c_win_on_the_replacement_after_an_exposed_kong() -> None:
    """Ruling N13(c): W kongs E's 3m and wins on the replacement: E pays 3 × F × g (and the
    kong's 20 × g)."""
    w = "333m123p456p789s1s"
    hand = nj(swap(QE, "1m", "3m"), QS, w, swap(QN, "3m", "9s"), tail="1s")
    act(hand, E, "discard 3m")
    act(hand, W, "kong 3m")
    assert hand.current == W and claims(hand, W) == {"win 1s"}
    act(hand, W, "win 1s")
    f = winner_total(hand)
    assert hand.result is not None
    assert list(hand.result.deltas) == [-20 - 3 * f, 0, 20 + 3 * f, 0]


@pytest.mark.parametrize("fourth", ["pong", "kong"])
def test_n13d_kuaizhao_fourth_set_fed_by_one_player_wins_at_once(fourth: str) -> None:
    """Ruling N13(d): when E feeds S a fourth claimed set, S's hand wins at once (對對胡,
    全球獨釣) and E pays 3 × F × g."""
    if fourth == "pong":
        s = "11m22m33m44p5p7s9s1z2z"
        n = QN
        drops = ("1z", "2z", "9s")
    else:
        s = "11m22m33m444p5p7s9s1z"
        n = swap(QN, "4p", "6p")
        drops = ("1z", "9s", "7s")
    e = swap(QE, "6p5p", "3m4p")
    hand = nj(e, s, QW, n)
    for feed, drop in zip(("1m", "2m", "3m"), drops, strict=True):
        act(hand, E, f"discard {feed}")
        act(hand, S, f"pong {feed}")
        discard(hand, S, drop)
        tsumogiri(hand)
        tsumogiri(hand)
    assert hand.current == E
    act(hand, E, "discard 4p")
    events = act(hand, S, f"{fourth} 4p")
    assert hand.phase is Phase.OVER
    assert hand.result is not None
    assert (hand.result.winner, hand.result.how) == (S, "kuaizhao")
    f = winner_total(hand)
    keys = {line.key for line in hand.result.score.items}  # type: ignore[union-attr]
    assert {"all_pongs", "all_melded"} <= keys
    kong_money = 20 if fourth == "kong" else 0
    assert list(hand.result.deltas) == [-3 * f - kong_money, 3 * f + kong_money, 0, 0]
    assert any(e.kind == ev.WIN and e.info == "kuaizhao" for e in events)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_n4_every_concealed_complete_hand_is_offered_the_win(seed: int) -> None:
    """Rulings N3/N4 (property): with bots playing, every complete hand without a claimed set
    (seven pairs included) is offered the win, after a draw, on a discard or an added kong."""
    bot_play_checking_wins("nanjing", seed)


# ------------------------------------------------------------------ illegal actions


@pytest.mark.parametrize(
    ("seat", "text", "error"),
    [
        (E, "discard 9m", UnknownAction),  # E holds no 9m
        (E, "discard 1z", UnknownAction),
        (E, "win", UnknownAction),
        (E, "chow 123m", UnknownAction),
        (S, "discard 1m", NotYourTurn),
        (W, "pass", NotYourTurn),
    ],
)
def test_illegal_turn_actions_change_nothing(
    seat: int, text: str, error: type[IllegalAction]
) -> None:
    """An illegal action raises an IllegalAction subclass and leaves the state unchanged."""
    hand = nj()
    before = snapshot(hand)
    with pytest.raises(error) as info:
        act(hand, seat, text)
    assert isinstance(info.value, IllegalAction) and str(info.value)
    assert snapshot(hand) == before


@pytest.mark.parametrize(("seat", "text", "error"), [
    (S, "chow 789p 9p", UnknownAction),  # Nanjing has no chow (N2)
    (S, "kong 9p", UnknownAction),  # S holds only two
    (W, "pong 9p", UnknownAction),  # W may win, but holds no pair
    (E, "discard 1m", NotYourTurn),  # the discarder is not asked
])
def test_illegal_claims_change_nothing(seat: int, text: str, error: type[IllegalAction]) -> None:
    """In a claim phase only the seats asked may answer, and only with what they were offered."""
    hand = nj(swap(QE, "6p", "9p"), PONG_S, READY_W, READY_N)
    act(hand, E, "discard 9p")
    before = snapshot(hand)
    with pytest.raises(error):
        act(hand, seat, text)
    assert snapshot(hand) == before
