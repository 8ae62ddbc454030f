"""Ruling N13(c) after an added kong: whoever's tile was konged pays 3 × F × g.

The bug these pin: the ruleset took the winner's last meld as "the kong just made", but an
added kong replaces its pong where it stands, so the last meld was some later set. Seed text
(南京): 杠谁的牌，由谁给付三家的钱，先对后杠和一次杠都算 — the pong-then-kong (先对后杠) counts
like the one-step kong. Hands shaped like `simulate --ruleset nanjing --seed 113 --hands 100
--bots normal` hand 35 and seed 43 hand 72, built on stacked walls.
"""

from __future__ import annotations

from game.engine import Hand, Phase
from game.melds import MeldKind
from game.rules.facts import KongKind
from game.rules.registry import make_ruleset
from tests.scenario import E, S, W, act, claims, deal, discard, swap, tsumogiri

QS = "147m258p369s1234z"
QW = "258m369p147s1234z"
QN = "369m147p258s1234z"
QE = "147m258p369s258m36p"
"""Quiet hands: no pair, so nobody but S can claim."""


def _deal(s: str, n: str, *, draws: str, tail: str) -> Hand:
    hand, _ = deal(make_ruleset("nanjing"), [QE, s, QW, n], draws=draws, tail=tail)
    return hand


def _result_deltas(hand: Hand) -> tuple[int, list[int]]:
    assert hand.phase is Phase.OVER and hand.result is not None
    assert hand.result.score is not None
    return hand.result.score.total, list(hand.result.deltas)


def test_seed_113_hand_35_pong_pong_then_added_kong_feeder_pays_all() -> None:
    """S pongs 3s from E, pongs 3z from W, adds the fourth 3s and wins on the replacement
    (槓後開花): E, who fed the 3s pong, pays 3 × F (and the added kong's 20), W and N nothing."""
    s = "3s3s3z3z123m456m5p9s1z"
    hand = _deal(s, QN, draws="9m" + "7p8s9p" + "3s", tail="5p")
    act(hand, E, "discard 3s")
    act(hand, S, "pong 3s")
    discard(hand, S, "9s")
    act(hand, W, "discard 3z")
    act(hand, S, "pong 3z")
    discard(hand, S, "1z")
    for _ in range(3):  # W, N, E throw their draws
        tsumogiri(hand)
    assert hand.current == S
    act(hand, S, "akong 3s")
    assert [(m.kind, m.source) for m in hand.melds[S]] == [
        (MeldKind.ADDED_KONG, E), (MeldKind.PONG, W)]  # the kong is not the last meld
    assert hand.last_kong is not None and hand.last_kong.kind is KongKind.ADDED
    assert "win 5p" in claims(hand, S)
    act(hand, S, "win 5p")
    f, deltas = _result_deltas(hand)
    assert deltas == [-20 - 3 * f, 20 + 3 * f, 0, 0]
    assert [p.key for p in hand.payments][-1] == "win_liable"


def _pong_then_exposed_kong(tail: str) -> Hand:
    """S pongs 3s from E, then kongs W's 3z (an exposed kong, fed by another player)."""
    s = "3s3s3z3z3z123m456m5p9s"
    hand = _deal(s, swap(QN, "3z", "8p"), draws="9m" + "7p8s9p" + "3s", tail=tail)
    act(hand, E, "discard 3s")
    act(hand, S, "pong 3s")
    discard(hand, S, "9s")
    act(hand, W, "discard 3z")
    act(hand, S, "kong 3z")
    return hand


def test_seed_43_hand_72_added_kong_after_a_later_exposed_kong_pong_feeder_pays() -> None:
    """S pongs 3s from E, kongs W's 3z, later adds the fourth 3s and wins on that replacement:
    E (the pong's feeder) pays 3 × F, not W, whose exposed kong is S's last meld."""
    hand = _pong_then_exposed_kong(tail="8s" + "5p")
    assert hand.current == S and "win 5p" not in claims(hand, S)
    tsumogiri(hand)  # S throws the replacement 8s
    for _ in range(3):
        tsumogiri(hand)
    assert hand.current == S
    act(hand, S, "akong 3s")
    assert [(m.kind, m.source) for m in hand.melds[S]] == [
        (MeldKind.ADDED_KONG, E), (MeldKind.KONG, W)]
    act(hand, S, "win 5p")
    f, deltas = _result_deltas(hand)
    # kong money at once (N11): E 20 for the added kong, W 20 for the exposed one
    assert deltas == [-20 - 3 * f, 40 + 3 * f, -20, 0]


def test_win_on_the_exposed_kong_made_after_the_pong_its_discarder_pays() -> None:
    """S pongs 3s from E, then kongs W's 3z and wins on that kong's replacement: W pays 3 × F."""
    hand = _pong_then_exposed_kong(tail="5p")
    assert hand.last_kong is not None and hand.last_kong.feeder == W
    act(hand, S, "win 5p")
    f, deltas = _result_deltas(hand)
    assert deltas == [0, 20 + 3 * f, -20 - 3 * f, 0]


def test_the_kong_fact_is_dropped_at_the_kongers_discard() -> None:
    """The fact lives from the kong to its maker's discard, so no later win reads it."""
    hand = _pong_then_exposed_kong(tail="8s")
    assert hand.last_kong is not None and hand.last_kong.seat == S
    tsumogiri(hand)
    assert hand.last_kong is None
