"""Why a claim or a win is not offered (issue 27): each refusal appears exactly when the rule
refuses, and taking the rule away takes its refusal away with it (one code path, game/why.py).
"""

from __future__ import annotations

import pytest

import game.engine
from game import catalogue, why
from game.actions import ActionKind
from game.bots.normal import NormalBot
from game.catalogue import LANGUAGES, refusal_words
from game.engine import Hand, Phase
from game.match import Match
from game.rules import nanjing_scoring
from game.rules.base import Refusal
from game.view import view_from_wire
from tests.scenario import E, N, S, W, act, claims, discard, swap
from tests.test_engine_mazhan import QE as MQE
from tests.test_engine_mazhan import QN as MQN
from tests.test_engine_mazhan import QS as MQS
from tests.test_engine_mazhan import QW as MQW
from tests.test_engine_mazhan import WILD_E, WILD_S, WILD_W, mz
from tests.test_engine_nanjing import OPEN_S, QE, QN, QW, nj


def keys(hand: Hand, seat: int) -> set[tuple[str, str]]:
    return {(r.action, r.key) for r in hand.refusals(seat)}


def n4_hand(s: str, tail: str = "") -> Hand:
    """S pongs E's 1m, discards 1z; W then discards 5s, which completes S's shape."""
    hand = nj(QE, s, QW, QN, draws="5s", tail=tail)
    hand.explained = frozenset({S})
    act(hand, E, "discard 1m")
    act(hand, S, "pong 1m")
    discard(hand, S, "1z")
    act(hand, W, "discard 5s")
    return hand


@pytest.mark.parametrize(("s", "tail", "hard"), [
    (OPEN_S, "", 0),
    ("1f2f5z" + "11m234m567p8p3s", "8p4s1z", 3),
])
def test_n4_open_hand_short_of_hard_flowers_says_why(s: str, tail: str, hard: int) -> None:
    """Ruling N4: the win on 5s is not offered, and the refusal says 4 are needed, `hard` held."""
    hand = n4_hand(s, tail)
    assert hand.phase is Phase.DISCARD and hand.current == N  # no win was offered
    refusals = [r for r in hand.refusals(S) if r.action == "win"]
    assert refusals == [Refusal("win", "why.nanjing.open_hand", (("need", 4), ("have", hard)),
                                refusals[0].tile)]
    assert str(refusals[0].tile) == "5s"
    assert refusal_words(refusals[0], "en") == (
        "An open hand needs 4 hard flowers or a big item other than 無花果 to win (N4); "
        f"you have {hard}")


def test_n4_with_four_hard_flowers_the_win_is_offered_and_nothing_is_refused() -> None:
    hand = n4_hand("1f2f5f5z" + "11m234m567p8p", "8p3s4s1z")
    assert claims(hand, S) == {"win 5s"}
    assert not [r for r in hand.refusals(S) if r.action == "win"]


def test_n4_removed_removes_the_refusal_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A mutation: N4's check always allows. The win is offered and no reason is given."""
    monkeypatch.setattr(nanjing_scoring, "_n4_allows", lambda hand, count: True)
    hand = n4_hand(OPEN_S)
    assert claims(hand, S) == {"win 5s"}
    assert not [r for r in hand.refusals(S) if r.action == "win"]


def test_n4_on_the_own_draw() -> None:
    """N4 on a self-draw: S's open hand draws its winning 5s; no win, and the reason."""
    hand = nj(QE, OPEN_S, QW, QN, draws="2z" + "3z" + "4z" + "5s")
    hand.explained = frozenset({S})
    act(hand, E, "discard 1m")
    act(hand, S, "pong 1m")
    discard(hand, S, "1z")
    for seat, tile in ((W, "2z"), (N, "3z"), (E, "4z")):
        discard(hand, seat, tile)
    assert hand.current == S and str(hand.drawn) == "5s"
    assert not any(a.kind is ActionKind.WIN for a in hand.legal_actions(S))
    assert ("win", "why.nanjing.open_hand") in keys(hand, S)


def test_nanjing_has_no_chow() -> None:
    """Ruling N2: S holds 23m beside E's 1m; no chow is offered, and it says why."""
    hand = nj(QE, OPEN_S, QW, QN)
    hand.explained = frozenset({S})
    act(hand, E, "discard 1m")
    assert ("chow", "why.nanjing.no_chow") in keys(hand, S)


# ------------------------------------------------------------------ Mazhan: M6, M7


def pong_over_chow() -> Hand:
    """E discards 3m: S may chow it (12m), W may pong it (33m)."""
    s = swap(MQS, "4m", "2m")
    w = swap(MQW, "258m", "333m")
    n = swap(MQN, "3m", "7z")
    hand = mz(swap(MQE, "1m", "3m"), s, w, n, tail="9m")
    hand.explained = frozenset({S, W})
    act(hand, E, "discard 3m")
    return hand


def test_m7_pong_over_chow_says_why_the_chow_lost() -> None:
    hand = pong_over_chow()
    assert not hand.refusals(S)  # offered: nothing refused yet
    act(hand, S, "chow 123m 3m")
    act(hand, W, "pong 3m")
    assert hand.melds[W] and not hand.melds[S]
    assert keys(hand, S) == {("chow", "why.mazhan.pong_first")}
    assert not hand.refusals(W)  # the pong was carried out
    assert refusal_words(hand.refusals(S)[0], "en") == "A pong or kong comes before a chow (M7)"


def test_m7_priority_removed_removes_the_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A mutation: chow in pong's tier. S, first in turn order, takes it; nothing refused."""
    monkeypatch.setattr(game.engine, "CLAIM_TIERS",
                        ((ActionKind.KONG, ActionKind.PONG, ActionKind.CHOW),))
    hand = pong_over_chow()
    act(hand, S, "chow 123m 3m")
    act(hand, W, "pong 3m")
    assert hand.melds[S] and not hand.melds[W]
    assert not hand.refusals(S)
    assert ("pong", "why.mazhan.pong_first") not in keys(hand, W)


def chow_from_across() -> Hand:
    """E discards 3m; W holds 245m (two chows' tiles), but W is not the next seat."""
    w = swap(MQW, "8m", "4m")
    hand = mz(swap(MQE, "1m", "3m"), MQS, w, MQN)
    hand.explained = frozenset({W})
    act(hand, E, "discard 3m")
    return hand


def test_m7_chow_only_from_the_player_before_says_why() -> None:
    hand = chow_from_across()
    assert hand.phase is Phase.DISCARD and hand.current == S  # nobody was asked
    assert keys(hand, W) == {("chow", "why.mazhan.chow_previous")}
    assert refusal_words(hand.refusals(W)[0], "en") == (
        "You may chow only from the player before you (M7)")


def test_m7_chow_rule_removed_removes_the_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A mutation: W may chow E's discards. The chow is offered and nothing is refused."""
    monkeypatch.setattr(game.engine, "CHOWS_FROM", (2, 2, 3, 0))
    hand = chow_from_across()
    assert claims(hand, W) == {"chow 234m 3m", "chow 345m"}
    assert not hand.refusals(W)


@pytest.mark.parametrize(("indicator", "refused"), [("5p", True), ("1z", False)])
def test_m6_a_discarded_wild_is_dead_says_why(indicator: str, refused: bool) -> None:
    """W is ready; E discards 5p: under indicator 5p it is a dead wild (no win, the reason);
    under 1z a plain 5p, won on (nothing refused)."""
    hand = mz(WILD_E + "5p", WILD_S, WILD_W, MQN, indicator=indicator)
    hand.explained = frozenset({S, W})
    act(hand, E, "discard 5p")
    if refused:
        assert ("win", "why.mazhan.dead_wild") in keys(hand, W)
        assert ("chow", "why.mazhan.dead_wild") in keys(hand, S)
    else:
        assert claims(hand, W) == {"win 5p"}
        assert not hand.refusals(W) and not hand.refusals(S)


def test_m7_cut_win_says_why() -> None:
    """截胡 (M7): W and N both win on E's 9p; N, second in turn order, is told why it lost."""
    from tests.test_engine_mazhan import E_9P, PONG_S, READY_N, READY_W
    hand = mz(E_9P, PONG_S, READY_W, READY_N)
    hand.explained = frozenset({S, N})
    act(hand, E, "discard 9p")
    for seat, text in ((S, "pong 9p"), (W, "win 9p"), (N, "win 9p")):
        act(hand, seat, text)
    assert hand.result is not None and hand.result.winner == W
    assert ("win", "why.mazhan.cut") in keys(hand, N)
    assert not [r for r in hand.refusals(W) if r.action == "win"]
    assert keys(hand, S) == {("pong", "why.mazhan.win_first")}


# ------------------------------------------------------------------ plumbing


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_explaining_changes_no_play(ruleset: str) -> None:
    """The same bots' match, every seat explained or none: the very same events."""
    def play(explain: bool) -> list[str]:
        options = {"bust_ends": False} if ruleset == "mazhan" else {}
        match = Match(ruleset, 11, options | {"hands": 4})
        if explain:
            match.explain(frozenset(range(4)))
        bots = [NormalBot(p) for p in range(4)]
        out: list[str] = []
        while not match.match_over:
            out += [str(e) for e in match.start_hand()]
            while not match.hand_over:
                seat = match.to_act()[0]
                view = match.explained_view(seat) if explain else match.view(seat)
                out += [str(e) for e in match.apply(seat, bots[seat].choose(view))]
        return out

    assert play(True) == play(False)


def test_every_refusal_key_has_words_in_every_language() -> None:
    for ruleset, names in why.KEYS.items():
        for name in names:
            key = f"why.{ruleset}.{name}"
            for language in LANGUAGES:
                assert catalogue.text_in(key, language), (key, language)
    for key in (why.NOT_ALLOWED, why.WALL_EMPTY):
        assert catalogue.has(key)


def test_refusals_cross_the_wire() -> None:
    hand = chow_from_across()
    match_view = Match("mazhan", 1)
    match_view.hand = hand
    view = match_view.view(W)._replace(refusals=hand.refusals(W))
    assert view_from_wire(view.to_wire()).refusals == view.refusals
