"""Nanjing payments: rulings N10-N13."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.nanjing_pay import (
    Liability,
    Payment,
    WinKind,
    flower_kong_completed,
    fourth_discard_penalty,
    kong_payments,
    liability,
    same_discard_penalty,
    win_payments,
)
from game.tiles import parse_tiles


def net(payments: Sequence[Payment]) -> list[int]:
    """Each seat's gain (positive) or loss."""
    out = [0, 0, 0, 0]
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


# ruling N10: discard win and self-draw, amounts × gold per flower
@pytest.mark.parametrize(
    ("winner", "F", "g", "self_draw", "discarder", "expected"),
    [
        (0, 90, 4, False, 2, [360, 0, -360, 0]),  # the seed's 出冲 example: 90 × 4
        (0, 90, 4, True, None, [1080, -360, -360, -360]),  # the seed's self-draw: 360 each
        (3, 40, 1, False, 0, [-40, 0, 0, 40]),
        (1, 250, 2, True, None, [-500, 1500, -500, -500]),
    ],
)
def test_win_payments_n10(
    winner: int, F: int, g: int, self_draw: bool, discarder: int | None, expected: list[int]
) -> None:
    assert net(win_payments(winner, F, g, self_draw, discarder)) == expected


# ruling N13: the liable player pays what all payers would have paid
@pytest.mark.parametrize(
    ("self_draw", "discarder", "liable", "full", "expected"),
    [
        (False, 2, 1, False, [100, -100, 0, 0]),  # (a) discard by 2, feeder 1 pays F
        (True, None, 1, False, [300, -300, 0, 0]),  # (a) self-draw: feeder pays 3F
        (True, None, 3, True, [300, 0, 0, -300]),  # (b)/(c) liable pays 3F
        (False, None, 2, True, [300, 0, -300, 0]),  # (d) 快照 is no self-draw: still 3F
    ],
)
def test_liable_win_payments_n13(
    self_draw: bool, discarder: int | None, liable: int, full: bool, expected: list[int]
) -> None:
    pays = win_payments(0, 100, 1, self_draw, discarder, liable=liable, liable_full=full)
    assert net(pays) == expected
    assert all(p.payer == liable and p.key == "win_liable" for p in pays)


# ruling N11: kong money, each kind
@pytest.mark.parametrize(
    ("kind", "feeder", "g", "expected"),
    [
        ("exposed", 3, 1, [0, 20, 0, -20]),
        ("added", 0, 4, [-80, 80, 0, 0]),  # the seed: 20 flowers at 4 gold = 80
        ("concealed", None, 1, [-10, 30, -10, -10]),
        ("flower", None, 2, [-40, 120, -40, -40]),
    ],
)
def test_kong_payments_n11(kind: str, feeder: int | None, g: int, expected: list[int]) -> None:
    assert net(kong_payments(1, kind, feeder, g)) == expected


@pytest.mark.parametrize(
    ("bonus", "new", "done"),
    [
        ("7z7z7z", "7z", True),  # four 中
        ("7z7z", "7z", False),
        ("7z7z7z6z", "6z", False),
        ("1f2f3f", "4f", True),  # 梅蘭菊竹
        ("5f6f8f", "7f", True),  # 春夏秋冬
        ("1f2f3f5f6f7f", "8f", True),
        ("1f2f3f", "5f", False),  # a season does not finish the flowers
        ("1f2f5f6f7f", "4f", False),
        ("", "5z", False),
    ],
)
def test_flower_kong_completed_n11(bonus: str, new: str, done: bool) -> None:
    assert flower_kong_completed(parse_tiles(bonus), parse_tiles(new)[0]) is done


def test_flower_kong_rejects_non_flowers() -> None:
    with pytest.raises(ValueError, match="not a hard flower"):
        flower_kong_completed([], parse_tiles("1z")[0])
    with pytest.raises(ValueError, match="only one"):
        flower_kong_completed(parse_tiles("1f"), parse_tiles("1f")[0])


# ruling N12: both penalties, the offender pays each other player 10 × g
@pytest.mark.parametrize("penalty", [same_discard_penalty, fourth_discard_penalty])
def test_penalties_n12(penalty: Callable[[int, int], list[Payment]]) -> None:
    pays = penalty(2, 3)
    assert net(pays) == [30, 30, -90, 30]
    assert {p.payee for p in pays} == {0, 1, 3}


# ruling N13 (a)-(d): who is liable
@pytest.mark.parametrize(
    ("kind", "feeders", "items", "konged", "expected"),
    [
        # (a) three sets fed by seat 2 and 對對胡: seat 2 pays the discard win by anyone
        (WinKind.DISCARD, [2, 2, 2], {"all_pongs"}, None, Liability(2, False, "N13a")),
        (WinKind.SELF_DRAW, [2, 1, 2, 2], {"full_flush"}, None, Liability(2, True, "N13a")),
        # (a) needs 對對胡 or 清一色
        (WinKind.SELF_DRAW, [2, 2, 2], {"half_flush"}, None, None),
        # (a) needs three sets from one player
        (WinKind.DISCARD, [2, 2, 3], {"all_pongs"}, None, None),
        # (b) robbed kong: the konger pays all
        (WinKind.ROBBED_KONG, [], set(), 3, Liability(3, True, "N13b")),
        # (c) 大槓開花: the seat whose tile was konged pays all
        (WinKind.AFTER_CLAIMED_KONG, [1], set(), 1, Liability(1, True, "N13c")),
        # (d) 快照: the feeder of the four sets pays all
        (WinKind.KUAIZHAO, [3, 3, 3, 3], {"all_pongs"}, None, Liability(3, True, "N13d")),
        # choice: (a) before (b)/(c)
        (WinKind.ROBBED_KONG, [1, 1, 1], {"all_pongs"}, 3, Liability(1, True, "N13a")),
        (WinKind.SELF_DRAW, [1, 2], {"all_pongs"}, None, None),
    ],
)
def test_liability_n13(
    kind: WinKind,
    feeders: list[int],
    items: set[str],
    konged: int | None,
    expected: Liability | None,
) -> None:
    assert liability(0, kind, feeders, items, konged) == expected


def test_liability_chains_into_payments_n13() -> None:
    found = liability(0, WinKind.DISCARD, [2, 2, 2], {"all_pongs"})
    assert found is not None
    # seat 3 dealt in, but the three-set feeder pays the discard win
    pays = win_payments(0, 120, 1, False, 3, liable=found.payer, liable_full=found.full)
    assert net(pays) == [120, 0, -120, 0]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: win_payments(0, 50, 1, False, None), "discarder"),
        (lambda: win_payments(0, 50, 1, False, 0), "own discard"),
        (lambda: win_payments(4, 50, 1, True, None), "seat 0-3"),
        (lambda: win_payments(0, 50, 0, True, None), "gold per flower"),
        (lambda: win_payments(0, 50, 1, True, None, liable=0), "liable"),
        (lambda: win_payments(0, 50, 1, True, None, liable_full=True), "liable"),
        (lambda: kong_payments(0, "exposed", None, 1), "konged"),
        (lambda: kong_payments(0, "concealed", 2, 1), "no feeder"),
        (lambda: kong_payments(0, "big", None, 1), "unknown kong kind"),
        (lambda: liability(0, WinKind.KUAIZHAO, [1, 1, 1], set()), "four claimed sets"),
        (lambda: liability(0, WinKind.ROBBED_KONG, [], set()), "konged seat"),
        (lambda: liability(0, WinKind.DISCARD, [0], set()), "own claimed set"),
    ],
)
def test_bad_input_is_a_clear_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


seats = st.integers(0, 3)
golds = st.integers(1, 50)


@st.composite
def any_payments(draw: st.DrawFn) -> list[Payment]:
    which = draw(st.sampled_from(["win", "liable", "kong", "same", "fourth"]))
    g = draw(golds)
    seat = draw(seats)
    other = draw(seats.filter(lambda s: s != seat))
    if which == "win":
        self_draw = draw(st.booleans())
        return win_payments(seat, draw(st.integers(20, 2000)), g, self_draw, other)
    if which == "liable":
        return win_payments(
            seat, draw(st.integers(20, 2000)), g, draw(st.booleans()), None, other,
            draw(st.booleans()),
        )
    if which == "kong":
        kind = draw(st.sampled_from(["exposed", "added", "concealed", "flower"]))
        feeder = other if kind in ("exposed", "added") else None
        return kong_payments(seat, kind, feeder, g)
    if which == "same":
        return same_discard_penalty(seat, g)
    return fourth_discard_penalty(seat, g)


# ruling N10-N13: money only moves between the four seats
@given(any_payments())
def test_payments_are_zero_sum(payments: list[Payment]) -> None:
    assert payments
    assert sum(net(payments)) == 0
    assert sum(p.amount for p in payments) == sum(x for x in net(payments) if x > 0)
    for p in payments:
        assert p.payer != p.payee
        assert p.amount > 0
        assert p.payer in range(4) and p.payee in range(4)


# ruling N13: a liable player pays exactly what all the payers would have paid
@given(seats, st.integers(20, 2000), golds, seats, st.booleans())
def test_liable_pays_what_all_would(winner: int, F: int, g: int, other: int, sd: bool) -> None:
    liable = (winner + 1 + other % 3) % 4
    discarder = None if sd else (winner + 1 + (other + 1) % 3) % 4
    plain = win_payments(winner, F, g, sd, discarder)
    covered = win_payments(winner, F, g, sd, discarder, liable=liable)
    assert net(plain)[winner] == net(covered)[winner]
    assert [p.payer for p in covered] == [liable]
