"""Mazhan scoring and settlement, one or more cases per ruling M13-M22 (RULINGS.md)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game import catalogue
from game.melds import Meld
from game.rules.mazhan_scoring import (
    round_up,
    score_loser,
    score_winner,
    set_points,
    settle,
    stake_for,
)
from game.scoring import NotAWin, ScoreResult, WinContext
from game.tiles import WHITE, Tile, format_tiles, parse_tiles

SEAT = {"E": 0, "S": 1, "W": 2, "N": 3}


def make(
    hand: str,
    win: str | None = None,
    *,
    melds: tuple[str, ...] = (),
    bonus: str = "",
    seat: str = "E",
    self_draw: bool = False,
    wild: str | None = None,
    flags: tuple[str, ...] = (),
) -> WinContext:
    return WinContext(
        seat=SEAT[seat],
        concealed=tuple(parse_tiles(hand)),
        melds=tuple(Meld.parse(m) for m in melds),
        bonus=tuple(parse_tiles(bonus)),
        win_tile=None if win is None else Tile.parse(win),
        self_draw=self_draw,
        wild=None if wild is None else Tile.parse(wild),
        flags=frozenset(flags),
    )


def keys(result: ScoreResult) -> list[str]:
    return [line.key for line in result.items]


def line(result: ScoreResult, key: str) -> int:
    values = [item.value for item in result.items if item.key == key]
    assert len(values) == 1, f"{key} appears {len(values)} times in {keys(result)}"
    return values[0]


# ------------------------------------------------------------------ M13 base points


@pytest.mark.parametrize(
    ("cls", "tile", "points"),
    [
        # ruling M13, seed: 三個1筒 碰牌一四 手牌二四 明槓四四 暗槓八四
        ("exposed_pong", "1p", 4),
        ("concealed_triplet", "1p", 8),
        ("exposed_kong", "1p", 16),
        ("concealed_kong", "1p", 32),
        # ruling M13, seed: 三個2筒 碰牌半四 手牌一四 明槓二四 暗槓四四
        ("exposed_pong", "2p", 2),
        ("concealed_triplet", "2p", 4),
        ("exposed_kong", "2p", 8),
        ("concealed_kong", "2p", 16),
        # ruling M13: winds, 中 and 發 score like terminals
        ("exposed_pong", "3z", 4),
        ("concealed_kong", "6z", 32),
        ("concealed_triplet", "9s", 8),
        ("concealed_triplet", "8s", 4),
    ],
)
def test_set_point_table(cls: str, tile: str, points: int) -> None:
    assert set_points(cls, Tile.parse(tile)) == points


# Each case: (ruling, context arguments, total, base, tai, keys that must appear).
WINNER_CASES: list[tuple[str, dict[str, Any], int, int, int, list[str]]] = [
    # ruling M17, the seed's worked example: base 14, 3 tai -> (20 + 20) × 8 = 320
    (
        "M17 seed example 320",
        dict(hand="123m456m789m23p55s", win="4p", melds=("pong:777z",), bonus="1f5f",
             self_draw=True),
        320, 14, 3, ["exposed_pong", "bonus_tile", "self_draw", "seat_flower", "red_triplet"],
    ),
    # ruling M13: a hand triplet completed by the winning discard counts as an exposed pong
    (
        "M13 discard completes triplet",
        dict(hand="123m456m789m234p55s99p", win="5s", seat="S"),
        30, 2, 0, ["exposed_pong"],
    ),
    # ruling M13: ... and one completed by a self-drawn tile is concealed; self-draw 2
    (
        "M13 self-drawn triplet concealed",
        dict(hand="123m456m789m234p55s99p", win="5s", seat="S", self_draw=True),
        30, 6, 0, ["concealed_triplet", "self_draw"],
    ),
    # ruling M13: terminal triplet completed by the discard: exposed, 4
    (
        "M13 terminal exposed",
        dict(hand="123m456m789m234p55s99p", win="9p", seat="S"),
        30, 4, 0, ["exposed_pong"],
    ),
    # ruling M13: concealed kong 1p 32 + exposed kong 2p 8 + 獨張 2 = 42 -> (50 + 20)
    (
        "M13 kongs",
        dict(hand="123m456m789m5s", win="5s", seat="W",
             melds=("ckong:1111p", "kong:2222p")),
        70, 42, 0, ["concealed_kong", "exposed_kong", "single_wait"],
    ),
    # ruling M13: an added kong is an exposed kong (9s: 16)
    (
        "M13 added kong",
        dict(hand="123m456m789m23p55s", win="4p", melds=("akong:9999s",)),
        40, 16, 0, ["exposed_kong"],
    ),
    # rulings M13, M19: a wild set counts as the tiles it stands for; equal values -> higher
    # base: 111p with a wild (8) + self-draw beats 555s with a wild (4) + self-draw
    (
        "M13 wild set, M19 base tiebreak",
        dict(hand="456m789m234s11p5s3z", win="5s", melds=("chow:123m",), wild="3z",
             self_draw=True),
        30, 10, 0, ["concealed_triplet", "self_draw"],
    ),
    # ruling M14: 獨張, the ready hand waited on 5s only
    (
        "M14 single wait",
        dict(hand="123m456m789m123p456p5s", win="5s"),
        30, 2, 0, ["single_wait"],
    ),
    # ruling M14: 45s waits on 3s and 6s, but 6s is the wild kind: still 獨張, so no 平胡
    (
        "M14 wild kind not counted",
        dict(hand="123m456m789m123p45s55p", win="3s", wild="6s"),
        30, 2, 0, ["single_wait"],
    ),
    # ruling M16: seat flowers of W are 3f and 7f (2 tai); 1f is not W's
    (
        "M16 seat flowers",
        dict(hand="123m456m789m23p55s", win="4p", melds=("chow:789p",), bonus="3f7f1f",
             seat="W"),
        160, 12, 2, ["seat_flower"],
    ),
    # ruling M16: two 白 = 1 tai
    (
        "M16 two whites",
        dict(hand="123m456m789m23p55s", win="4p", melds=("chow:789p",), bonus="5z5z"),
        60, 8, 1, ["white_dragons"],
    ),
    # ruling M16: three 白 = 1 tai
    (
        "M16 three whites",
        dict(hand="123m456m789m23p55s", win="4p", melds=("chow:789p",), bonus="5z5z5z"),
        80, 12, 1, ["white_dragons"],
    ),
    # ruling M16: four 白 = 2 tai
    (
        "M16 four whites",
        dict(hand="123m456m789m23p55s", win="4p", melds=("chow:789p",),
             bonus="5z5z5z5z"),
        160, 16, 2, ["white_dragons"],
    ),
    # ruling M16: one 白 is only a bonus tile (4 base), no tai
    (
        "M16 one white",
        dict(hand="123m456m789m23p55s", win="4p", melds=("chow:789p",), bonus="5z"),
        30, 4, 0, ["bonus_tile"],
    ),
    # ruling M16: a pong of the seat's own wind (南 for S) = 1 tai
    (
        "M16 seat wind",
        dict(hand="123m456m789m23p55s", win="4p", melds=("pong:222z",), seat="S"),
        60, 4, 1, ["seat_wind_triplet"],
    ),
    # ruling M16: ... another seat's wind gives no tai
    (
        "M16 other wind",
        dict(hand="123m456m789m23p55s", win="4p", melds=("pong:222z",), seat="W"),
        30, 4, 0, ["exposed_pong"],
    ),
    # ruling M16: 中 and 發 sets, 1 tai each
    (
        "M16 dragons",
        dict(hand="123m456m23p55s", win="4p", melds=("pong:777z", "pong:666z")),
        120, 8, 2, ["red_triplet", "green_triplet"],
    ),
    # ruling M16: 對對胡 1 tai; base 8 + 8 + 4 + 4 + exposed 555s 2 = 26
    (
        "M16 all triplets",
        dict(hand="111m999p222s333s44s55s", win="5s"),
        100, 26, 1, ["all_triplets"],
    ),
    # ruling M16: 混一色 1 tai
    (
        "M16 half flush",
        dict(hand="123m456m789m234m11z22z", win="2z", seat="N"),
        60, 4, 1, ["half_flush"],
    ),
    # ruling M16 is silent on all honours (字一色): read as 混一色 (1 tai); with 對對胡, 南 (S's
    # wind) and 中 that makes 4 tai -> 400 (M17)
    (
        "M16 all honours",
        dict(hand="111z222z333z444z66z77z", win="7z", seat="S"),
        400, 36, 4, ["half_flush", "all_triplets", "seat_wind_triplet", "red_triplet",
                     "four_tai"],
    ),
    # ruling M17: 清一色 = 400, the wild taking the suit; rulings M13, M19: the discard 7m is
    # read as the 7m of 789m, so 777m (7m + 7m + wild) stays concealed (4)
    (
        "M17 full flush with wild",
        dict(hand="123m456m789m234m55m7m1z", win="7m", wild="1z"),
        400, 4, 0, ["full_flush", "concealed_triplet"],
    ),
    # ruling M17: three wilds (殺豬) = 400; base: the best set the wilds can make is a
    # terminal/honour concealed triplet (8)
    (
        "M17 three wilds",
        dict(hand="123m456m789m234p5s9s9s9s", win="5s", wild="9s"),
        400, 8, 0, ["three_wilds"],
    ),
    # ruling M17: 天胡 = 400
    (
        "M17 heavenly",
        dict(hand="123m456m789m123s23p55s", win="4p", self_draw=True, flags=("heavenly",)),
        400, 2, 0, ["heavenly"],
    ),
    # ruling M17: 地胡 = 400 (the hand would be 平胡 otherwise)
    (
        "M17 earthly",
        dict(hand="123m456m789m123s23p55s", win="4p", seat="S", flags=("earthly",)),
        400, 0, 0, ["earthly"],
    ),
    # ruling M17: 4 tai or more = 400 (two seat flowers, two 白, a 中 pong)
    (
        "M17 four tai",
        dict(hand="123m456m789m23p55s", win="4p", melds=("pong:777z",), bonus="1f5f5z5z"),
        400, 20, 4, ["four_tai"],
    ),
    # ruling M17: capped at 400: base 78 -> (80 + 20) × 8 = 800
    (
        "M17 cap",
        dict(hand="123m456m5s", win="5s", melds=("ckong:1111p", "ckong:9999s", "pong:777z"),
             bonus="1f5f"),
        400, 78, 3, ["cap"],
    ),
    # ruling M18: 平胡 = 100
    (
        "M18 ping hu",
        dict(hand="123m456m789m123p45s55p", win="3s"),
        100, 0, 0, ["ping_hu"],
    ),
    # ruling M18: 平胡 with 混一色 = 200
    (
        "M18 ping hu half flush",
        dict(hand="123m456m789m123m45m11z", win="6m"),
        200, 0, 1, ["ping_hu", "half_flush"],
    ),
    # ruling M18: 平胡 with two wilds = 400
    (
        "M18 ping hu two wilds",
        dict(hand="123m456m79m13p45s55p7z7z", win="3s", wild="7z"),
        400, 0, 0, ["ping_hu", "ping_hu_wilds"],
    ),
    # ruling M18: a self-drawn five-chow hand is not 平胡
    (
        "M18 self-draw is no ping hu",
        dict(hand="123m456m789m123p45s55p", win="3s", self_draw=True),
        30, 2, 0, ["self_draw", "hu_head"],
    ),
    # ruling M18: a bonus tile set aside rules out 平胡 (2f is not E's flower)
    (
        "M18 bonus is no ping hu",
        dict(hand="123m456m789m123p45s55p", win="3s", bonus="2f"),
        30, 4, 0, ["bonus_tile", "hu_head"],
    ),
    # ruling M19: 111m 222m 333m as triplets (8+4+4 + 獨張 2 = 18 -> 40) beats three chows
    # (a single-wait five-chow hand: 30)
    (
        "M19 triplets beat chows",
        dict(hand="111222333m456p789p7s", win="7s"),
        40, 18, 0, ["concealed_triplet", "single_wait"],
    ),
    # ruling M19: 555s 567s: the discard 5s is read as completing the chow, so 555s stays
    # concealed (4, not 2)
    (
        "M19 win tile in the chow",
        dict(hand="123m456m789m11p55567s", win="5s"),
        30, 4, 0, ["concealed_triplet"],
    ),
    # rulings M18, M19: 555 666 777s read as three chows makes 平胡 (100), not triplets (30)
    (
        "M19 ping hu reading",
        dict(hand="123m456m11p55666777s", win="5s"),
        100, 0, 0, ["ping_hu"],
    ),
    # rulings M18, M19: a wild read as 8s for 789s makes 平胡 rather than an exposed 999s
    (
        "M19 wild meaning",
        dict(hand="123m456m789m234s99s7s1z", win="9s", wild="1z"),
        100, 0, 0, ["ping_hu"],
    ),
]


@pytest.mark.parametrize(
    ("args", "total", "base", "tai", "must"),
    [case[1:] for case in WINNER_CASES],
    ids=[case[0] for case in WINNER_CASES],
)
def test_winner(args: dict[str, Any], total: int, base: int, tai: int, must: list[str]) -> None:
    result = score_winner(make(**args))
    assert (result.total, result.extra["base"], result.extra["tai"]) == (total, base, tai), (
        result.items
    )
    for key in must:
        assert key in keys(result)
    assert result.items[-1].key == "total" and result.items[-1].value == total


def test_seed_example_lines() -> None:
    # ruling M17: every line of the seed's 320 hand, in reading order
    result = score_winner(make(**WINNER_CASES[0][1]))
    assert [(i.key, i.value, i.unit) for i in result.items] == [
        ("exposed_pong", 4, "base"),
        ("bonus_tile", 4, "base"),
        ("bonus_tile", 4, "base"),
        ("self_draw", 2, "base"),
        ("round_up", 6, "base"),
        ("hu_head", 20, "base"),
        ("seat_flower", 1, "tai"),
        ("seat_flower", 1, "tai"),
        ("red_triplet", 1, "tai"),
        ("tai_multiplier", 8, "x"),
        ("total", 320, "total"),
    ]
    assert "pong:777z" in result.reading
    assert all(catalogue.line_words(item, language) for item in result.items
               for language in catalogue.LANGUAGES)


def test_exposed_and_concealed_lines() -> None:
    # ruling M13: the discard-completed triplet shows as exposed, value 2 (simple)
    result = score_winner(make(hand="123m456m789m234p55s99p", win="5s", seat="S"))
    assert line(result, "exposed_pong") == 2
    assert "concealed_triplet" not in keys(result)
    drawn = score_winner(make(hand="123m456m789m234p55s99p", win="5s", seat="S", self_draw=True))
    assert line(drawn, "concealed_triplet") == 4
    assert "exposed_pong" not in keys(drawn)


def test_wild_reading_is_shown() -> None:
    # ruling M13: the wild stands for a 1p and the reading says so
    result = score_winner(
        make(hand="456m789m234s11p5s3z", win="5s", melds=("chow:123m",), wild="3z",
             self_draw=True)
    )
    assert "111p(1 wild)" in result.reading
    assert line(result, "concealed_triplet") == 8


# ------------------------------------------------------------------ M15 rounding


@pytest.mark.parametrize(
    ("base", "rounded"), [(0, 0), (1, 10), (9, 10), (10, 10), (12, 20), (14, 20), (20, 20),
                          (21, 30), (32, 40), (99, 100)]
)
def test_round_up(base: int, rounded: int) -> None:
    # ruling M15 (seed: 12=20, 32=40)
    assert round_up(base) == rounded


# ------------------------------------------------------------------ M20 non-winners

LOSER_CASES: list[tuple[str, dict[str, Any], int, int, int]] = [
    # ruling M20, the seed's worked example: base 32, 2 tai -> 40 × 4 = 160
    (
        "M20 seed example 160",
        dict(hand="999s23p45p67s1z", melds=("pong:666z", "kong:1111m"), bonus="2f", seat="S"),
        160, 32, 2,
    ),
    # ruling M20: only natural triplets count; 11m + two wilds is nothing, 777z is 8 + 1 tai
    (
        "M20 wilds do not count",
        dict(hand="11m9p9p234567s777z12p3m", wild="9p"),
        20, 8, 1,
    ),
    # ruling M20: four natural 2m count as a concealed triplet (4)
    (
        "M20 four natural",
        dict(hand="2222m345p678s11z59s13p", seat="N"),
        10, 4, 0,
    ),
    # ruling M20: no 對對胡, no 胡頭 for a non-winner: 8 + 4 × 4 = 24 -> 30
    (
        "M20 no winner items",
        dict(hand="111m222m333m444m555m6m"),
        30, 24, 0,
    ),
    # ruling M20: nothing counts -> 0
    (
        "M20 nothing",
        dict(hand="123m456m789m123p456p1z"),
        0, 0, 0,
    ),
    # ruling M20: capped at 400: base 52 -> 60 × 16
    (
        "M20 cap",
        dict(hand="123m456m789m1p", melds=("pong:777z", "ckong:9999s"), bonus="1f5f5z5z"),
        400, 52, 4,
    ),
]


@pytest.mark.parametrize(
    ("args", "total", "base", "tai"),
    [case[1:] for case in LOSER_CASES],
    ids=[case[0] for case in LOSER_CASES],
)
def test_loser(args: dict[str, Any], total: int, base: int, tai: int) -> None:
    result = score_loser(make(**args))
    assert (result.total, result.extra["base"], result.extra["tai"]) == (total, base, tai), (
        result.items
    )
    assert not {"hu_head", "self_draw", "single_wait", "all_triplets"} & set(keys(result))
    assert result.items[-1].key == "total" and result.items[-1].value == total


# ------------------------------------------------------------------ checks (M2, M6, M9)

BAD_WINS: list[tuple[str, dict[str, Any], str]] = [
    ("M9 too few tiles", dict(hand="123m456m789m123p45s5p", win="3s"), "16 tiles"),
    ("M9 too many tiles", dict(hand="123m456m789m123p45s55p1z", win="3s"), "16 tiles"),
    ("M1 five of a kind", dict(hand="1111m23m456m789m123p5s", win="1m"), "only four 1m"),
    (
        "M1 five with a meld",
        dict(hand="11m456m789m123p45s", win="1m", melds=("pong:111m",)),
        "only four 1m",
    ),
    ("M2 white in hand", dict(hand="123m456m789m123p45s5z5z", win="3s"), "bonus tile"),
    ("M2 flower in hand", dict(hand="123m456m789m123p45s1f1z", win="3s"), "bonus tile"),
    ("M2 bonus not bonus", dict(hand="123m456m789m123p45s55p", win="3s", bonus="3m"), "3m"),
    ("M2 one of each flower", dict(hand="123m456m789m123p45s55p", win="3s", bonus="1f1f"),
     "only one 1f"),
    ("M2 win on white", dict(hand="123m456m789m123p45s55p", win="5z"), "bonus"),
    (
        "M6 wild in meld",
        dict(hand="123m456m789m1p", win="1p", melds=("pong:555p",), wild="5p"),
        "M6",
    ),
    ("M6 four wilds", dict(hand="123m456m789m123p4s5s5s5s", win="5s", wild="5s",
                           self_draw=True), "only three wild"),
    ("M6 discarded wild", dict(hand="123m456m789m123p45s55p", win="7z", wild="7z"), "dead"),
    ("M5 white wild", dict(hand="123m456m789m123p45s55p", win="3s", wild="5z"), "M5"),
    ("M9 not complete", dict(hand="123m456m789m123p45s55p", win="9s"), "not a winning hand"),
    ("M17 heavenly non-dealer", dict(hand="123m456m789m123s23p55s", win="4p", seat="S",
                                     self_draw=True, flags=("heavenly",)), "dealer"),
    ("M17 earthly dealer", dict(hand="123m456m789m123s23p55s", win="4p",
                                flags=("earthly",)), "non-dealer"),
]


@pytest.mark.parametrize(
    ("args", "words"), [case[1:] for case in BAD_WINS], ids=[case[0] for case in BAD_WINS]
)
def test_not_a_win(args: dict[str, Any], words: str) -> None:
    with pytest.raises(NotAWin, match=words):
        score_winner(make(**args))


def test_loser_checks() -> None:
    # ruling M20: a non-winner has 16 tiles and no winning tile
    with pytest.raises(NotAWin, match="16 tiles"):
        score_loser(make(hand="123m456m789m123p45s"))
    with pytest.raises(NotAWin, match="no winning tile"):
        score_loser(make(hand="123m456m789m123p45s5p", win="6p"))


# ------------------------------------------------------------------ M21 settlement


@pytest.mark.parametrize(
    ("values", "winner", "dealer", "stake", "deltas"),
    [
        # ruling M21: the dealer wins 320, each pays double; non-winners settle differences
        # among themselves (none of them is the dealer: ×1)
        ([320, 160, 40, 0], 0, 0, 1, [1920, -360, -720, -840]),
        # ruling M21: a non-dealer wins 100; the dealer pays double and settles double
        ([40, 100, 20, 0], 1, 0, 10, [-800, 4000, -1200, -2000]),
        # ruling M21: equal non-winners settle nothing between them
        ([0, 0, 30, 0], 2, 1, 1, [-30, -60, 120, -30]),
        # ruling M21: a drawn hand pays nothing
        ([100, 200, 300, 400], None, 0, 5, [0, 0, 0, 0]),
    ],
)
def test_settle(
    values: list[int], winner: int | None, dealer: int, stake: int, deltas: list[int]
) -> None:
    assert settle(values, winner, dealer, stake) == deltas


@given(
    st.lists(st.integers(0, 400), min_size=4, max_size=4),
    st.one_of(st.none(), st.integers(0, 3)),
    st.integers(0, 3),
    st.integers(1, 1000),
)
def test_settle_zero_sum(values: list[int], winner: int | None, dealer: int, stake: int) -> None:
    # ruling M21: every point paid is received
    deltas = settle(values, winner, dealer, stake)
    assert sum(deltas) == 0
    assert all(d % stake == 0 for d in deltas)
    if winner is None:
        assert deltas == [0, 0, 0, 0]
    else:
        # the winner only receives, at least its value from each of the three others
        assert deltas[winner] >= 3 * values[winner] * stake


# ------------------------------------------------------------------ M22 stake


@pytest.mark.parametrize(
    ("scores", "stake"),
    [
        ([8000, 8000, 8000, 8000], 10),  # ruling M22: starting scores, stake 10
        ([8000, 12000, 9000, 799], 1),
        ([1599, 9000, 9000, 9000], 1),
        ([1600, 9000, 9000, 9000], 2),
        ([4000, 9000, 9000, 9000], 5),
        ([7999, 9000, 9000, 9000], 5),
        ([16000, 40000, 20000, 17000], 20),
        ([40000, 40000, 40000, 40000], 50),
        ([80000, 80000, 80000, 80000], 100),
        ([800000, 900000, 900000, 900000], 1000),
        ([8_000_000] * 4, 10000),
        ([-500, 8000, 8000, 8000], 1),
    ],
)
def test_stake(scores: list[int], stake: int) -> None:
    assert stake_for(scores) == stake


@given(st.lists(st.integers(-10_000, 10**9), min_size=1, max_size=4))
def test_stake_ladder(scores: list[int]) -> None:
    # ruling M22: a ladder step, not above lowest / 800 (unless 1), and the next step is above
    stake = stake_for(scores)
    digits = str(stake).rstrip("0")
    assert digits in {"1", "2", "5"}
    lowest = min(scores)
    assert stake == 1 or stake * 800 <= lowest
    following = stake * 2 if digits in {"1", "5"} else stake * 5 // 2
    assert following * 800 > lowest


# ------------------------------------------------------------------ invariants


@st.composite
def winning_hands(draw: st.DrawFn) -> WinContext:
    """Random legal winning hands: five sets and a pair, some melded, maybe wilds and bonus."""
    kinds = [k for k in range(34) if k != WHITE]
    counts = [0] * 34
    groups: list[tuple[str, list[int]]] = []
    pair = draw(st.sampled_from(kinds))
    counts[pair] += 2
    for _ in range(5):
        if draw(st.booleans()):
            start = draw(st.sampled_from([s * 9 + i for s in range(3) for i in range(7)]))
            tiles = [start, start + 1, start + 2]
            groups.append(("chow", tiles))
        else:
            kind = draw(st.sampled_from(kinds))
            tiles = [kind] * 3
            groups.append(("pong", tiles))
        for t in tiles:
            counts[t] += 1
    assume(max(counts) <= 4)  # no five of a kind
    melded = draw(st.integers(0, 2))
    melds = []
    concealed = [pair, pair]
    for i, (shape, tiles) in enumerate(groups):
        if i < melded:
            if shape == "chow":
                melds.append(f"chow:{format_tiles(tiles)}")
            else:
                name = draw(st.sampled_from(["pong", "kong", "akong", "ckong"]))
                if counts[tiles[0]] == 4:  # no fourth tile left for a kong
                    name = "pong"
                n = 3 if name == "pong" else 4
                melds.append(f"{name}:{format_tiles([tiles[0]] * n)}")
        else:
            concealed += tiles
    win_index = draw(st.integers(0, len(concealed) - 1))
    win = concealed.pop(win_index)
    self_draw = draw(st.booleans())
    wild = None
    wild_count = draw(st.integers(0, 3))
    melded_kinds = {t for m in melds for t in Meld.parse(m).tiles}
    free = [k for k in kinds if counts[k] == 0 and k not in melded_kinds]
    if wild_count and free:
        wild = draw(st.sampled_from(free))
        spots = draw(st.permutations(range(len(concealed))))[: wild_count - 1]
        for spot in spots:
            concealed[spot] = wild
        if draw(st.booleans()) and self_draw:
            win = wild
    flowers = draw(st.lists(st.sampled_from(range(34, 42)), unique=True, max_size=4))
    whites = draw(st.integers(0, 4))
    return WinContext(
        seat=draw(st.integers(0, 3)),
        concealed=tuple(Tile(t) for t in concealed),
        melds=tuple(Meld.parse(m) for m in melds),
        bonus=tuple(Tile(t) for t in [*flowers, *[WHITE] * whites]),
        win_tile=Tile(win),
        self_draw=self_draw,
        wild=None if wild is None else Tile(wild),
    )


def _base_sum(result: ScoreResult) -> int:
    return sum(
        i.value for i in result.items if i.unit == "base" and i.key not in {"round_up", "hu_head"}
    )


@settings(max_examples=150, deadline=None)
@given(winning_hands())
def test_winner_invariants(ctx: WinContext) -> None:
    # rulings M15, M17, M18: a win is worth 30-400, always a multiple of 10
    result = score_winner(ctx)
    assert 30 <= result.total <= 400
    assert result.total % 10 == 0
    assert result.items[-1].key == "total" and result.items[-1].value == result.total
    assert result.extra["base"] == _base_sum(result)
    if result.extra["tai"] >= 4:  # ruling M17
        assert result.total == 400


@settings(max_examples=150, deadline=None)
@given(winning_hands())
def test_loser_invariants(ctx: WinContext) -> None:
    # ruling M20: rounded base × 2^tai capped at 400, whatever the tiles
    hand = WinContext(
        seat=ctx.seat,
        concealed=ctx.concealed,
        melds=ctx.melds,
        bonus=ctx.bonus,
        wild=ctx.wild,
    )
    result = score_loser(hand)
    base, tai = result.extra["base"], result.extra["tai"]
    assert result.total == min(400, round_up(base) * 2**tai)
    assert base == _base_sum(result)
