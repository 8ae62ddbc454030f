"""Nanjing flower counting: rulings N3, N4, N6-N9 and N13d (快照)."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.melds import Meld
from game.rules.nanjing_scoring import is_big_hand, may_win, score_winner
from game.scoring import NotAWin, ScoreResult, WinContext
from game.tiles import TILES, Tile, format_tiles, parse_tiles

HARD4 = "5z6z7z1f"


def ctx(
    hand: str,
    win: str | None,
    melds: Iterable[str] = (),
    bonus: str = "",
    *,
    seat: int = 2,
    self_draw: bool = False,
    flags: Iterable[str] = (),
    ponged: str = "",
    streak: int = 0,
) -> WinContext:
    return WinContext(
        seat=seat,
        concealed=tuple(parse_tiles(hand)),
        melds=tuple(Meld.parse(m) for m in melds),
        bonus=tuple(parse_tiles(bonus)),
        win_tile=Tile.parse(win) if win else None,
        self_draw=self_draw,
        flags=frozenset(flags),
        ponged=frozenset(parse_tiles(ponged)),
        dealer_streak=streak,
    )


def keys(result: ScoreResult) -> list[str]:
    return [line.key for line in result.items]


def flower_sum(result: ScoreResult) -> int:
    """The total rebuilt from the lines: flower lines added, 'x' lines multiplying."""
    total = sum(line.value for line in result.items if line.unit == "flower")
    for line in result.items:
        if line.unit == "x":
            total *= line.value
    return total


# --- the seed's worked examples -------------------------------------------------------------


def test_seed_example_menqing_half_flush_single_wait_on_east() -> None:
    # seed 算分方式: 門清 混一色 獨占東風, four hard flowers, self-drawn:
    # 混一色 40 + 門清 20 + 成牌 20 + (4 hard + 1 soft) × 2 = 90 (rulings N6, N7).
    # 獨占東風 is read as the single wait on the 東 pair: one soft flower, as the seed counts.
    result = score_winner(ctx("123456789234m1z", "1z", bonus=HARD4, self_draw=True))
    assert result.total == 90
    assert keys(result) == ["win", "concealed", "hard_flowers", "single_wait", "half_flush"]
    assert result.extra == {"hard_flowers": 4, "soft_flowers": 1}
    assert flower_sum(result) == 90


def test_east_triplet_and_single_wait_are_two_soft_flowers() -> None:
    # ruling N6: a 東 triplet (風對) and the single wait are two soft flowers: 92, not 90
    result = score_winner(ctx("111z123456789m2z", "2z", bonus=HARD4, self_draw=True))
    assert result.total == 20 + 20 + (4 + 2) * 2 + 40
    assert result.extra["soft_flowers"] == 2


def test_seed_bixiahu_example() -> None:
    # seed 比下胡 and ruling N8: 90 with a streak of 3 → (90 + 10 × 3) × 2 = 240
    result = score_winner(ctx("123456789234m1z", "1z", bonus=HARD4, self_draw=True, seat=0,
                              streak=3))
    assert result.total == 240
    assert keys(result)[-2:] == ["streak", "bixiahu"]
    assert flower_sum(result) == 240


# --- one case per item (rulings N6, N7) -----------------------------------------------------

OPEN = ("pong:222p",)

ITEM_CASES: list[tuple[str, WinContext, int, str]] = [
    # (ruling, context, total, the item's key that must appear)
    ("N6 成牌 (open, 4 hard flowers)", ctx("123m456m789s5s", "5s", OPEN, HARD4), 20 + 8 + 2,
     "win"),
    ("N6 門清", ctx("123m456m789s123p5s", "5s", bonus="1f"), 20 + 20 + 2 + 2, "concealed"),
    ("N6 hard flowers × 2", ctx("123m456m789s5s", "5s", OPEN, "5z5z5z5z6z"), 20 + 10 + 2,
     "hard_flowers"),
    ("N6 concealed kong keeps 門清, 2 × 2", ctx("123m456m789s5s", "5s", ["ckong:2222p"], "1f"),
     20 + 20 + 2 + 4 + 2, "kongs"),
    ("N6 exposed kong 2 × 2", ctx("123m456m789s5s", "5s", ["kong:2222p"], HARD4),
     20 + 8 + 4 + 2, "kongs"),
    ("N6 風對 melded", ctx("123m456p789s5s", "5s", ["pong:111z"], HARD4), 20 + 8 + 2 + 2,
     "wind_pong"),
    ("N6 風對 concealed", ctx("222z123m456p789s5s", "5s", bonus="1f"), 20 + 20 + 2 + 2 + 2,
     "wind_pong"),
    ("N6 壓檔", ctx("13m456m789s123p55p", "2m", bonus="1f"), 20 + 20 + 2 + 2, "middle_wait"),
    ("N6 邊枝 3 after 12", ctx("12m456m789s123p55p", "3m", bonus="1f"), 20 + 20 + 2 + 2,
     "edge_wait"),
    ("N6 邊枝 7 before 89", ctx("89m456m789s123p55p", "7m", bonus="1f"), 20 + 20 + 2 + 2,
     "edge_wait"),
    ("N6 獨占", ctx("123m456m789s123p5p", "5p", bonus="1f"), 20 + 20 + 2 + 2, "single_wait"),
    ("N6 缺一門", ctx("123m456m789m123p5p", "5p", bonus="1f"), 20 + 20 + 2 + 2 + 2,
     "missing_suit"),
    ("N7 混一色", ctx("123456789234m1z", "1z", bonus="1f"), 20 + 20 + 2 + 2 + 40, "half_flush"),
    ("N7 清一色 (open, no hard flower)", ctx("2345678m", "8m", ["pong:111m", "pong:999m"]),
     20 + 60 + 40, "full_flush"),
    ("N7 對對胡", ctx("333s444s5m", "5m", ["pong:111m", "pong:222p"]), 20 + 2 + 40 + 40,
     "all_pongs"),
    ("N7 全球獨釣", ctx("5m", "5m", ["pong:111m", "pong:222p", "pong:333s", "pong:444s"]),
     20 + 2 + 40 + 60 + 40, "all_melded"),
    ("N7 七對 80", ctx("112233m4455p667s", "7s", bonus="1f"), 20 + 2 + 2 + 80, "seven_pairs"),
    ("N7 豪華七對 160", ctx("1111m22m33p44p55s6s", "6s", bonus="1f"), 20 + 2 + 2 + 160,
     "seven_pairs"),
    ("N7 超豪華七對 240", ctx("11112222m33p44p5s", "5s", bonus="1f"), 20 + 2 + 2 + 240,
     "seven_pairs"),
    ("N7 超超豪華七對 320", ctx("11112222m3333p4s", "4s", bonus="1f"), 20 + 2 + 2 + 320,
     "seven_pairs"),
    ("N7 壓絕 (closed wait)", ctx("13m456m789s123p55p", "2m", bonus="1f", ponged="2m"),
     20 + 20 + 2 + 40, "yajue"),
    ("N7 壓絕 (edge wait)", ctx("12m456m789s123p55p", "3m", bonus="1f", ponged="3m"),
     20 + 20 + 2 + 40, "yajue"),
    ("N7 無花果", ctx("123m456m789s123p5p", "5p"), 20 + 20 + 2 + 40, "no_flowers"),
    ("N7 小槓開花", ctx("123m456m789s123p5p", "5p", bonus="1f", self_draw=True,
                     flags=["after_flower"]), 20 + 20 + 2 + 2 + 20, "kong_bloom_flower"),
    ("N7 大槓開花", ctx("123m456m789s5s", "5s", ["ckong:2222p"], "1f", self_draw=True,
                     flags=["after_kong"]), 20 + 20 + 2 + 4 + 2 + 40, "kong_bloom"),
    ("N7 海底撈月", ctx("123m456m789s123p5p", "5p", bonus="1f", flags=["last_tiles"]),
     20 + 20 + 2 + 2 + 10, "last_tiles"),
    ("N7 天胡", ctx("123m456m789s123p5p", "5p", bonus="1f", seat=0, self_draw=True,
                  flags=["heavenly"]), 320, "heavenly"),
    ("N7 地胡", ctx("123m456m789s123p5p", "5p", bonus="1f", seat=3, flags=["earthly"]), 280,
     "earthly"),
    ("N8 比下胡 on 天胡", ctx("123m456m789s123p5p", "5p", seat=0, self_draw=True,
                          flags=["heavenly"], streak=1), (320 + 10) * 2, "bixiahu"),
    ("N13d 快照", ctx("5m", None, ["pong:111m", "pong:222p", "pong:333s", "pong:444z"],
                    "1f2f3f", flags=["kuaizhao"]), 20 + 6 + 2 + 40 + 60, "all_melded"),
    ("N13d 快照 with a flush", ctx("5m", None, ["pong:111m", "pong:222m", "pong:333m",
                                                "pong:444z"], flags=["kuaizhao"]),
     20 + 2 + 40 + 40 + 60 + 40, "half_flush"),
]


@pytest.mark.parametrize(
    ("context", "total", "key"),
    [case[1:] for case in ITEM_CASES],
    ids=[case[0] for case in ITEM_CASES],
)
def test_each_item(context: WinContext, total: int, key: str) -> None:
    result = score_winner(context)
    assert key in keys(result)
    assert result.total == total
    assert flower_sum(result) == total
    assert may_win(context)


def test_wait_is_at_most_one_soft_flower() -> None:
    # ruling N6: 壓檔 and 獨占 at once (13m waits on 2m only) still make one soft flower
    result = score_winner(ctx("13m456m789s123p55p", "2m", bonus="1f"))
    assert result.extra["soft_flowers"] == 1
    assert "single_wait" not in keys(result)


def test_yajue_replaces_the_wait_flower() -> None:
    # ruling N6: the wait's soft flower is not counted together with 壓絕
    result = score_winner(ctx("13m456m789s123p55p", "2m", bonus="1f", ponged="2m"))
    assert result.extra["soft_flowers"] == 0
    assert "middle_wait" not in keys(result)


def test_no_wait_flower_on_a_two_sided_wait() -> None:
    # ruling N6: 23m waits on 1m and 4m: no wait item either way
    for win in ("1m", "4m"):
        result = score_winner(ctx("23m456m789s123p55p", win, bonus="1f"))
        assert result.extra["soft_flowers"] == 0
        assert result.total == 20 + 20 + 2


def test_seven_pairs_has_no_menqing_nor_wind_pong() -> None:
    # ruling N6: 門清 is not counted for seven pairs; four 東 are two pairs, not a 風對
    result = score_winner(ctx("1111z22m33p44p55s6s", "6s", bonus="1f"))
    assert "concealed" not in keys(result)
    assert "wind_pong" not in keys(result)
    assert result.total == 20 + 2 + 2 + 160


# --- ruling N9: the reading with the most flowers -------------------------------------------


def test_best_reading_all_pongs() -> None:
    # 111m222m333m is three pongs or three 123m chows; the pongs give 對對胡
    result = score_winner(ctx("111m222m333m555p6p", "6p"))
    assert "all_pongs" in keys(result)
    assert result.total == 20 + 20 + 2 + 40 + 40
    assert "111m 222m 333m" in result.reading


def test_best_reading_edge_wait() -> None:
    # 3m completes 12m (邊枝) or starts 345m (nothing): the edge reading counts
    result = score_winner(ctx("12345m789p123s55s", "3m", bonus="1f"))
    assert "edge_wait" in keys(result)
    assert result.total == 20 + 20 + 2 + 2


# --- ruling N4: who may win -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("context", "allowed"),
    [
        (ctx("123m456m789s5s", "5s", OPEN, "5z6z7z1f"), True),
        (ctx("123m456m789s5s", "5s", OPEN, "5z6z7z"), False),  # 3 hard flowers only
        (ctx("123m456m789s5s", "5s", OPEN), False),  # 無花果 does not open the door
        (ctx("123m456m789s5s", "5s", OPEN, "5z", flags=["last_tiles"]), True),
        (ctx("13m456m789s55s", "2m", OPEN, "5z", ponged="2m"), True),  # 壓絕
        (ctx("123m456m789s5s", "5s", ["ckong:2222p"]), True),  # concealed kong: still 門清
        (ctx("123m456m789s123p5s", "5s"), True),  # 門清 with no hard flower
        (ctx("123m456m789s5s", "5s", ["kong:2222p"], "5z6z7z"), False),  # a kong is no flower
    ],
)
def test_n4_open_hand_needs_four_hard_flowers_or_a_big_item(
    context: WinContext, allowed: bool
) -> None:
    assert may_win(context) is allowed
    if not allowed:
        with pytest.raises(NotAWin, match=r"4 hard flowers.*ruling N4"):
            score_winner(context)


def test_n4_open_hand_won_by_all_pongs() -> None:
    # open, 1 hard flower: the all-pongs reading (對對胡) lets it win
    context = ctx("111m222m333m5p", "5p", ["pong:777s"], "1f")
    result = score_winner(context)
    assert "all_pongs" in keys(result)


# --- ruling N5 helper -----------------------------------------------------------------------


def test_big_hand_keeps_the_dealer() -> None:
    assert is_big_hand(score_winner(ctx("123456789234m1z", "1z", bonus="1f")))
    assert not is_big_hand(score_winner(ctx("123m456m789s123p5p", "5p", bonus="1f")))


# --- bad input: clear NotAWin messages (rulings N1-N3) --------------------------------------


@pytest.mark.parametrize(
    ("context", "message"),
    [
        (ctx("123m456m789s12p5p", "5p"), "14 tiles"),
        (ctx("123m456m789s123p5p", "5p", ["pong:111m"]), "14 tiles"),
        (ctx("11111m456m789s12p", "2p"), "only 4 tiles of 1m"),
        (ctx("123m456m789s123p5z", "5z"), "hard flower"),
        (ctx("123m456m789s5s", "5s", ["pong:777z"], HARD4), "hard flower"),
        (ctx("123m456m789s123p5p", "5p", bonus="1z"), "bonus holds only hard flowers"),
        (ctx("123m456m789s123p5p", "5p", bonus="1f1f"), "only 1 of 1f"),
        (ctx("123m456m789s5s", "5s", ["chow:123p"], HARD4), "no chow"),
        (ctx("123m456m789s123p5p", None), "no winning tile"),
        (ctx("123m456m789s124p5p", "5p"), r"not a complete hand.*ruling N3"),
        (ctx("123m456m789s123p5p", "5p", seat=1, flags=["heavenly"]), "天胡"),
        (ctx("123m456m789s123p5p", "5p", seat=0, flags=["earthly"]), "地胡"),
        (ctx("123m456m789s123p5p", "5p", flags=["after_kong"]), "self_draw"),
        (ctx("123m456m789s123p5p", "5p", flags=["magic"]), "unknown flags"),
        (ctx("123m456m789s123p5p", "5p", ponged="5p"), "pong of 5p"),
        (ctx("5m", "5m", ["pong:111m", "pong:222p", "pong:333s", "pong:444s"],
             flags=["kuaizhao"]), "快照"),
        (ctx("5m6m", None, ["pong:111m", "pong:222p", "pong:333s"], flags=["kuaizhao"]),
         "快照"),
        (ctx("123m456m789s123p5p", "5p", streak=-1), "negative"),
    ],
)
def test_bad_hands_are_clear_errors(context: WinContext, message: str) -> None:
    with pytest.raises(NotAWin, match=message):
        score_winner(context)
    assert not may_win(context)


def test_kuaizhao_sources_must_agree() -> None:
    melds = tuple(Meld(m.kind, m.tiles, m.first, source) for m, source in zip(
        (Meld.parse(t) for t in ("pong:111m", "pong:222p", "pong:333s", "pong:444z")),
        (1, 1, 1, 3), strict=True))
    context = WinContext(seat=0, concealed=(TILES[4],), melds=melds, flags=frozenset({"kuaizhao"}))
    with pytest.raises(NotAWin, match="same player"):
        score_winner(context)


# --- invariants (hypothesis) ----------------------------------------------------------------


@st.composite
def winning_hands(draw: st.DrawFn) -> WinContext:
    """A random complete Nanjing hand: four sets (some melded) and a pair, suits and winds."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    while True:
        counts = [0] * 31
        sets: list[tuple[str, int]] = []
        pair = rng.randrange(31)
        counts[pair] += 2
        for _ in range(4):
            if rng.random() < 0.5:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                sets.append(("chow", start))
                for k in range(start, start + 3):
                    counts[k] += 1
            else:
                kind = rng.randrange(31)
                sets.append(("pong", kind))
                counts[kind] += 3
        if max(counts) <= 4:
            break
    melds: list[Meld] = []
    concealed = [pair, pair]
    for shape, kind in sets:
        if shape == "pong" and rng.random() < 0.4 and counts[kind] == 3:
            style = rng.choice(["pong", "kong", "ckong"])
            size = 3 if style == "pong" else 4
            melds.append(Meld.parse(f"{style}:{format_tiles([kind] * size)}"))
            counts[kind] += size - 3
        else:
            concealed += [kind] * 3 if shape == "pong" else [kind, kind + 1, kind + 2]
    win = concealed.pop(rng.randrange(len(concealed)))
    # at least 4 hard flowers, so that every complete hand may win (N4); never 8f
    bonus = parse_tiles("5z5z5z5z6z6z6z6z1f2f3f")[: draw(st.integers(4, 11))]
    return WinContext(
        seat=draw(st.integers(1, 3)),
        concealed=tuple(TILES[k] for k in sorted(concealed)),
        melds=tuple(melds),
        bonus=tuple(bonus),
        win_tile=TILES[win],
        self_draw=draw(st.booleans()),
    )


@settings(max_examples=150, deadline=None)
@given(winning_hands(), st.integers(1, 5))
def test_items_add_up_and_flowers_and_streak_count_as_ruled(
    context: WinContext, streak: int
) -> None:
    result = score_winner(context)  # 4+ hard flowers: every complete hand may win (N4)
    assert result.total == flower_sum(result) >= 20 + 2 * len(context.bonus)
    # ruling N6: one more hard flower is worth exactly 2 flowers
    more = score_winner(WinContext(
        seat=context.seat, concealed=context.concealed, melds=context.melds,
        bonus=(*context.bonus, TILES[41]), win_tile=context.win_tile,
        self_draw=context.self_draw))
    assert more.total == result.total + 2
    # ruling N8: the same hand won by the dealer with a streak
    dealer = score_winner(WinContext(
        seat=0, concealed=context.concealed, melds=context.melds, bonus=context.bonus,
        win_tile=context.win_tile, self_draw=context.self_draw, dealer_streak=streak))
    assert dealer.total == (result.total + 10 * streak) * 2


@st.composite
def any_hands(draw: st.DrawFn) -> WinContext:
    """Random tiles, mostly not winning, sometimes with a pong melded and a few hard flowers."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    wall = [k for k in range(31) for _ in range(4)]
    rng.shuffle(wall)
    melds: tuple[Meld, ...] = ()
    if rng.random() < 0.3:
        kind = wall.pop()
        wall = [k for k in wall if k != kind]
        melds = (Meld.parse(f"pong:{format_tiles([kind] * 3)}"),)
    size = 13 - 3 * len(melds)
    hand = sorted(wall[:size]) if rng.random() < 0.5 else sorted(
        k for k in range(31) for _ in range(2))[2 * rng.randrange(25):][:size]
    return WinContext(
        seat=1,
        concealed=tuple(TILES[k] for k in hand),
        melds=melds,
        bonus=tuple(parse_tiles("5z6z7z1f")[: rng.randrange(5)]),
        win_tile=TILES[wall[size] if rng.random() < 0.5 else hand[rng.randrange(size)]],
    )


@settings(max_examples=300, deadline=None)
@given(any_hands())
def test_may_win_agrees_with_the_scorer(context: WinContext) -> None:
    assert may_win(context) is _scores(context)


def _scores(context: WinContext) -> bool:
    """Whether the scorer accepts the hand as a win."""
    try:
        score_winner(context)
    except NotAWin:
        return False
    return True


@settings(max_examples=300, deadline=None)
@given(winning_hands(), st.integers(0, 5))
def test_may_win_agrees_with_the_scorer_on_complete_hands(context: WinContext,
                                                          flowers: int) -> None:
    """Complete hands, open or not, with 0-5 bonus tiles: `may_win`'s shortcut where N4
    allows every reading says what the scorer says."""
    context = WinContext(seat=context.seat, concealed=context.concealed, melds=context.melds,
                         bonus=context.bonus[:flowers], win_tile=context.win_tile,
                         self_draw=context.self_draw)
    assert may_win(context) is _scores(context)
