"""Expert's Nanjing table reading: passes, measured wait chances, the push/fold choice."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.actions import Action, ActionKind
from game.bots import expert_nanjing as xn
from game.bots import make_bot
from game.bots.expert import ExpertBot
from game.melds import Meld, MeldKind
from game.tiles import Tile, counts_of, parse_tiles
from game.view import SeatView
from tests.test_bots import _position


def _river(tiles: str) -> tuple[tuple[Tile, bool], ...]:
    return tuple((t, False) for t in parse_tiles(tiles))


def _table(me: int, hand: str, rivers: list[str], wall_left: int = 60) -> SeatView:
    """A Nanjing turn of seat `me` holding `hand` (nothing declared, no flowers), with the
    given rivers (one string per seat, in seat order)."""
    view = _position("nanjing", ActionKind.DISCARD, lambda v: v.phase == "discard")
    held = parse_tiles(hand)
    legal = tuple(Action(ActionKind.DISCARD, t) for t in sorted(set(held)))
    return view._replace(seat=me, current=me, to_act=(me,), counts=tuple(counts_of(held)[:34]),
                         drawn=held[-1], melds=((),) * 4, bonus=((),) * 4,
                         rivers=tuple(_river(r) for r in rivers), legal=legal,
                         wall_left=wall_left, dealer_streak=0)


def test_a_kind_thrown_after_an_opponents_last_discard_is_passed() -> None:
    # Seat 0 to play: seat 1 threw 9m, then seat 2 threw 1p and seat 3 threw 2s, none won.
    view = _table(0, "123456789m1234p", ["1z2z", "1z9m", "2z1p", "3z2s"])
    read = {o.seat: o for o in xn.read_opponents(view)}
    assert read[1].passed == {Tile.parse("1p"), Tile.parse("2s")}
    assert read[2].passed == {Tile.parse("2s")}
    assert read[3].passed == frozenset()  # it threw just before this seat drew
    assert Tile.parse("1p") in read[3].passed_before  # passed a round earlier
    unseen = view.unseen()
    assert xn.wait_chance(Tile.parse("1p"), read[1], unseen) == 0.0
    assert xn.wait_chance(Tile.parse("1p"), read[3], unseen) > 0.0


@given(st.integers(0, 26))
def test_a_suji_never_makes_a_suited_tile_more_dangerous(tile: int) -> None:
    plain = _table(0, "123456789m1234p", ["", "1z2z3z", "", ""])
    rank = tile % 9
    near = [t for t in (tile - 3, tile + 3) if 0 <= t - 9 * (tile // 9) < 9 and 0 <= t < 27]
    suji = "".join(str(Tile(t)) for t in near) if near else "4z"
    with_suji = _table(0, "123456789m1234p", ["", "1z2z3z" + suji, "", ""])
    unseen = plain.unseen()
    a = xn.wait_chance(tile, xn.read_opponents(plain)[0], unseen)
    b = xn.wait_chance(tile, xn.read_opponents(with_suji)[0], unseen)
    assert 0.0 < b <= a
    if near and rank not in (0, 8):
        assert b < a


def test_the_middle_is_more_dangerous_than_the_edge_and_the_winds_least() -> None:
    view = _table(0, "123456789m1234p", ["", "5z5z5z", "", ""])
    opp = xn.read_opponents(view)[0]
    unseen = view.unseen()
    five, one, wind = (xn.wait_chance(Tile.parse(t), opp, unseen) for t in ("5s", "1s", "1z"))
    assert five > one > wind


def test_opponents_look_readier_as_their_rivers_grow() -> None:
    early = xn.read_opponents(_table(0, "123456789m1234p", ["1z", "1z2z", "1z", "1z"]))
    late = xn.read_opponents(_table(0, "123456789m1234p",
                                    ["1z"] * 1 + ["1z2z3z4z1z2z3z4z1z2z"] * 3))
    assert all(a.ready < b.ready for a, b in zip(early, late, strict=True))


def test_a_far_hand_late_throws_the_safest_tile() -> None:
    # Far from winning with ten tiles left. Every opponent has passed 9s or thrown it (the
    # 9s thrown last by seat 3, after each of them discarded); one 2z is unseen, a wait
    # nobody keeps (measured 0 of 825); 5p is among the most dangerous.
    rivers = ["1m4p7s2z", "3m5p6s8p2m5s1z", "4m6p5m3s7m6m2z", "2s3p7p5s4s6s9s"]
    view = _table(0, "13579m2558p9s1z2z3z4z", rivers, wall_left=10)
    action = make_bot("expert", 1).choose(view)
    assert action.tile in (Tile.parse("9s"), Tile.parse("2z"))
    unseen = view.unseen()
    read = xn.read_opponents(view)
    costs = {a.tile: xn.deal_in_cost(a.tile, read, unseen) for a in view.legal if a.tile}
    # within the half gold of variety the bot adds between near-equal choices
    assert costs[action.tile] <= min(costs.values()) + 0.5 < costs[Tile.parse("5p")]


def test_an_open_one_suit_hand_is_read_as_a_flush() -> None:
    # Seat 1 ponged 2p and 7p (fed by seat 3) and holds no flower: under N4 it can only win
    # with a big item, here a flush of dots, so a bamboo tile is nearly safe against it.
    view = _table(0, "123456789m1234p", ["1z", "1z2z3z4z1m", "2z", "3z"])
    pongs = tuple(Meld(MeldKind.PONG, (Tile.parse(t),) * 3, Tile.parse(t), 3)
                  for t in ("2p", "7p"))
    view = view._replace(melds=((), pongs, (), ()))
    opp = xn.read_opponents(view)[0]
    assert opp.meld_suit == 1
    unseen = view.unseen()
    assert xn.wait_chance(Tile.parse("5s"), opp, unseen) < 0.01
    assert xn.wait_chance(Tile.parse("5p"), opp, unseen) > \
        xn.wait_chance(Tile.parse("5p"), xn.read_opponents(_table(
            0, "123456789m1234p", ["1z", "1z2z3z4z1m", "2z", "3z"]))[0], unseen)


def test_a_wait_on_a_kind_this_seat_threw_counts_as_likelier() -> None:
    # Ready on 3m or 6m after throwing 9p; 6m is also in this seat's river, so the others,
    # reading it as safe, throw it more often (trap weight, Nanjing has no rule against it).
    rivers = ["6m1z", "2z", "3z", "4z"]
    view = _table(0, "45m123p456p789p11z9p", rivers)
    counts = list(view.counts)
    counts[Tile.parse("9p")] -= 1
    unseen = view.unseen()
    assert unseen[Tile.parse("3m")] == 4 and unseen[Tile.parse("6m")] == 3

    class Plain(ExpertBot):
        trap = 1.0

    plain = Plain(1).ready_value(view, counts)
    trapped = ExpertBot(1).ready_value(view, counts)
    assert plain is not None and trapped is not None
    assert plain[1] == 7
    assert trapped[1] == 4 + 3 * xn.trap_weight(view, counts, Tile.parse("6m"), ExpertBot.trap)
    assert xn.trap_weight(view, counts, Tile.parse("3m"), ExpertBot.trap) == 1.0
    assert xn.trap_weight(view, counts, Tile.parse("9p"), 2.0) == 1.7  # thrown now
