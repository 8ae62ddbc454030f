"""Nanjing 南京 flower count (花) of a winning hand: rulings N3, N4, N6-N9 (and N13d 快照).

The count is F = 20 (成牌) + 20 (門清) + 2 × (hard flowers + 2 per kong + soft flowers)
+ big items, then 天胡/地胡 replace it and 比下胡 doubles it (N6-N8). Every reading of the
hand (which tiles form which sets, which set the winning tile completed) is counted and the
one with the most flowers wins (N9), among the readings that N4 lets win.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.melds import Meld, MeldKind
from game.rules.base import Refusal
from game.scoring import FLAGS, NotAWin, ScoreLine, ScoreResult, WinContext
from game.shapes import (
    Group,
    decompositions,
    is_seven_pairs,
    is_win,
    seven_pairs_waits,
    waits,
)
from game.tiles import (
    FLOWERS,
    GREEN,
    PLAY_KINDS,
    RED,
    TILES,
    WHITE,
    format_tiles,
    is_flower,
    number_of,
    sorted_tiles,
    suit_of,
)

DRAGONS = (WHITE, GREEN, RED)
HARD_FLOWER_KINDS = frozenset((*DRAGONS, *FLOWERS))
"""The 20 hard flowers (硬花) are these kinds: 4 each of 中 發 白, one each of 1f-8f (N1)."""
WIND_KINDS = range(27, 31)
NANJING_PLAY = range(31)
"""Kinds that can stand in a Nanjing hand: three suits and the four winds (N1)."""

BIG_KEYS = frozenset(
    {
        "half_flush",
        "full_flush",
        "all_pongs",
        "all_melded",
        "seven_pairs",
        "yajue",
        "no_flowers",
        "kong_bloom_flower",
        "kong_bloom",
        "last_tiles",
        "heavenly",
        "earthly",
    }
)
"""Keys of the big items of N7 (a big hand keeps the dealer, N5)."""

_SEVEN_PAIRS = (
    (80, "seven_pairs"),
    (160, "seven_pairs_1"),
    (240, "seven_pairs_2"),
    (320, "seven_pairs_3"),
)
"""七對 by how many of its pairs are four of a kind (N7): flowers and the words' key."""


def _line(key: str, value: int, unit: str = "flower", *, words: str = "", n: int = 0,
          tile: int | None = None, tiles: tuple[int, ...] = ()) -> ScoreLine:
    """A line, its words the catalogue's "score.nanjing.<words or key>"."""
    return ScoreLine(key, value, unit, f"score.nanjing.{words or key}", tiles, tile, n)


@dataclass(frozen=True, slots=True)
class _Hand:
    """Facts about the validated hand that do not depend on the reading."""

    ctx: WinContext
    counts: tuple[int, ...]
    """Concealed tiles plus the winning tile, 34 long."""
    everything: tuple[int, ...]
    """All tiles of the hand, melds included (a kong counts 4), 34 long."""
    claimed: bool
    """Some meld was claimed from another player: not 門清 (N4)."""
    hard: int
    kongs: int
    single_wait: bool


@dataclass(frozen=True, slots=True)
class _Reading:
    """One way to read the hand: its shape, its concealed groups, where the winning tile went."""

    shape: str
    """"standard", "seven_pairs" or "kuaizhao"."""
    groups: tuple[Group, ...] = ()
    win_group: Group | None = None


@dataclass(frozen=True, slots=True)
class _Count:
    lines: tuple[ScoreLine, ...]
    flowers: int
    soft: int
    reading: str

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(line.key for line in self.lines)


def may_win(ctx: WinContext) -> bool:
    """Whether the engine may offer this win (N3 shape, N4 open-hand rule); never raises."""
    if ctx.win_tile is not None and "kuaizhao" not in ctx.flags:
        # fast refusal of incomplete shapes, the common case when the engine asks
        counts = [0] * PLAY_KINDS
        for tile in (*ctx.concealed, ctx.win_tile):
            if tile >= PLAY_KINDS or counts[tile] == 4:
                return False
            counts[tile] += 1
        if not is_win(counts) and (ctx.melds or not is_seven_pairs(counts)):
            return False
    try:
        hand, readings = _checked(ctx)
        if not readings:
            return False
        if not hand.claimed or hand.hard >= OPEN_HAND_FLOWERS:
            return True  # N4 allows every reading: `score_winner` would count them for naught
        _LAST_SCORE[0] = (ctx, score_winner(ctx))  # the engine scores this very win next
    except NotAWin:
        return False
    return True


_LAST_CHECKED: list[tuple[WinContext, _Hand, list[_Reading]] | None] = [None]
"""The last context validated, its facts and readings: the engine asks `may_win` and then
scores the same context object (a win is offered, then declared)."""
_LAST_SCORE: list[tuple[WinContext, ScoreResult] | None] = [None]
"""The score `may_win` worked out for an open hand, handed to `score_winner` once if it is
asked for the same context object next."""


def _checked(ctx: WinContext) -> tuple[_Hand, list[_Reading]]:
    """`_validate(ctx)` and its readings, remembered for the last context object (both are
    pure functions of the frozen context; NotAWin is raised as `_validate` raises it)."""
    last = _LAST_CHECKED[0]
    if last is not None and last[0] is ctx:
        return last[1], last[2]
    hand = _validate(ctx)
    readings = _readings(hand)
    _LAST_CHECKED[0] = (ctx, hand, readings)
    return hand, readings


def is_big_hand(result: ScoreResult) -> bool:
    """Whether a scored hand has any big item of N7, which keeps the dealer (N5)."""
    return any(line.key in BIG_KEYS for line in result.items)


def score_winner(ctx: WinContext) -> ScoreResult:
    """The winner's flower count F (after 比下胡) with its items; NotAWin says why not a win."""
    last = _LAST_SCORE[0]
    if last is not None:
        _LAST_SCORE[0] = None
        if last[0] is ctx:
            return last[1]
    hand, readings = _checked(ctx)
    if not readings:
        shown = format_tiles(sorted_tiles(hand.counts))
        raise NotAWin(
            f"{shown} is not a complete hand: it needs four sets and a pair, or seven pairs "
            "with no meld (ruling N3)"
        )
    counted = [_count(hand, r) for r in readings]
    allowed = [c for c in counted if _n4_allows(hand, c)]
    if not allowed:
        raise NotAWin(
            f"an open hand (with a claimed meld) may win only with at least 4 hard flowers "
            f"(硬花) set aside or a big item other than 無花果; this one has {hand.hard} hard "
            f"flower{'' if hand.hard == 1 else 's'} and no big item (ruling N4)"
        )
    best = max(allowed, key=lambda c: c.flowers)  # first of equals: N9 only asks for the most
    return _finish(hand, best)


OPEN_HAND_FLOWERS = 4
"""Ruling N4: the hard flowers an open hand needs to win without a big item."""


def why_not_win(ctx: WinContext) -> Refusal | None:
    """Why `may_win` refuses this complete hand: N4's open hand short of hard flowers and with
    no big item (the same `_n4_allows` that refuses it); None when it may win or is not a
    complete hand. Only asked to explain a win not offered, never by the engine's checks."""
    try:
        hand, readings = _checked(ctx)
    except NotAWin:
        return None
    if not readings or any(_n4_allows(hand, _count(hand, r)) for r in readings):
        return None
    return Refusal("win", "why.nanjing.open_hand",
                   (("need", OPEN_HAND_FLOWERS), ("have", hand.hard)), ctx.win_tile)


def _n4_allows(hand: _Hand, count: _Count) -> bool:
    # ruling N4: 門清 always wins; an open hand needs 4 hard flowers or a big item but 無花果
    if not hand.claimed or hand.hard >= OPEN_HAND_FLOWERS:
        return True
    return bool(count.keys & (BIG_KEYS - {"no_flowers"}))


def _finish(hand: _Hand, best: _Count) -> ScoreResult:
    ctx = hand.ctx
    lines = list(best.lines)
    flowers = best.flowers
    if "heavenly" in ctx.flags:  # ruling N7: replaces the total
        lines = [_line("heavenly", 320)]
        flowers = 320
    elif "earthly" in ctx.flags:
        lines = [_line("earthly", 280)]
        flowers = 280
    n = ctx.dealer_streak
    if ctx.seat == 0 and n >= 1:  # ruling N8: 比下胡 (F + 10n) × 2
        lines.append(_line("streak", 10 * n, n=n))
        lines.append(_line("bixiahu", 2, "x"))
        flowers = (flowers + 10 * n) * 2
    return ScoreResult(
        total=flowers,
        items=tuple(lines),
        extra={"hard_flowers": hand.hard, "soft_flowers": best.soft},
        reading=best.reading,
    )


# --- validation ---------------------------------------------------------------------------


def _validate(ctx: WinContext) -> _Hand:
    if ctx.seat not in range(4):
        raise NotAWin(f"seat must be 0-3 (E S W N), not {ctx.seat}")
    unknown = ctx.flags - FLAGS
    if unknown:
        raise NotAWin(f"unknown flags {sorted(unknown)}; known: {sorted(FLAGS)}")
    if ctx.dealer_streak < 0:
        raise NotAWin(f"the dealer's streak cannot be negative ({ctx.dealer_streak})")
    if ctx.wild is not None:
        raise NotAWin("Nanjing has no wild tiles (ruling N1)")
    _check_bonus(ctx.bonus)
    for meld in ctx.melds:
        if meld.kind is MeldKind.CHOW:
            raise NotAWin(f"Nanjing has no chow (ruling N2): {meld} cannot be a meld")
    held = list(ctx.concealed) + ([ctx.win_tile] if ctx.win_tile is not None else [])
    every = [*held, *(t for m in ctx.melds for t in m.tiles)]
    # one C pass for the usual hand without a hard flower; the loop below words the error
    clean = HARD_FLOWER_KINDS.isdisjoint(every) and (not every or max(every) < FLOWERS[0])
    for tile in () if clean else every:
        if tile in DRAGONS or is_flower(tile):
            raise NotAWin(
                f"{TILES[tile]} ({TILES[tile].zh}) is a hard flower in Nanjing: it is set aside "
                "in bonus, never held in the hand or a meld (ruling N1)"
            )
    kuaizhao = "kuaizhao" in ctx.flags
    if kuaizhao:
        _check_kuaizhao(ctx)
    elif ctx.win_tile is None:
        raise NotAWin("no winning tile given (only 快照 wins without one, ruling N13d)")
    size = len(ctx.concealed) + 3 * len(ctx.melds) + (0 if kuaizhao else 1)
    want = 12 + len(ctx.concealed) if kuaizhao else 14
    if size != want:
        raise NotAWin(
            f"a winning hand has {want} tiles, counting each kong as 3"
            f"{'' if kuaizhao else ' and the winning tile'}; this one has {size}"
        )
    everything = [0] * PLAY_KINDS
    # (iterating `bytes` of the tiles gives plain ints, which index a list on the
    # interpreter's fast path; a `Tile`, an int subclass, takes the slow one)
    for kind in bytes(every):
        everything[kind] += 1
    for kind, n in enumerate(everything):
        if n > 4:
            raise NotAWin(f"there are only 4 tiles of {TILES[kind]}; this hand has {n}")
    for kind in ctx.ponged:
        if kind not in NANJING_PLAY:
            raise NotAWin(f"ponged kinds must be suits or winds, not {TILES[kind]}")
        if everything[kind] > 1:
            raise NotAWin(
                f"another player's pong of {TILES[kind]} leaves one tile of it, "
                f"but this hand has {everything[kind]}"
            )
    _check_flags(ctx)
    counts = [0] * PLAY_KINDS
    for kind in bytes(held):
        counts[kind] += 1
    in_hand = [0] * PLAY_KINDS
    for kind in bytes(ctx.concealed):
        in_hand[kind] += 1
    own = [0] * PLAY_KINDS
    for kind in bytes([*ctx.concealed, *(t for m in ctx.melds for t in m.tiles)]):
        own[kind] += 1
    return _Hand(
        ctx=ctx,
        counts=tuple(counts),
        everything=tuple(everything),
        claimed=any(not m.is_concealed for m in ctx.melds),
        hard=len(ctx.bonus),
        kongs=sum(m.kind.is_kong for m in ctx.melds),
        single_wait=not kuaizhao and _single_wait(in_hand, own, not ctx.melds),
    )


def _check_bonus(bonus: Sequence[int]) -> None:
    seen = [0] * 42
    for tile in bonus:
        if tile not in HARD_FLOWER_KINDS:
            raise NotAWin(
                f"bonus holds only hard flowers (中 發 白, 1f-8f) in Nanjing; {TILES[tile]} is "
                "not one (ruling N1)"
            )
        seen[tile] += 1
        limit = 1 if is_flower(tile) else 4
        if seen[tile] > limit:
            raise NotAWin(f"there {'is' if limit == 1 else 'are'} only {limit} of {TILES[tile]}")


def _check_kuaizhao(ctx: WinContext) -> None:
    # ruling N13d: the fourth set fed by one player wins at once, straight after the claim:
    # one tile is left in hand after an exposed kong, two after a pong (no discard comes first)
    if ctx.win_tile is not None:
        raise NotAWin("快照 wins on the fourth claimed set: give no winning tile (ruling N13d)")
    claimed = [m for m in ctx.melds if not m.is_concealed]
    if len(claimed) != 4 or len(ctx.concealed) not in (1, 2):
        raise NotAWin("快照 needs four claimed sets and one or two tiles in hand (ruling N13d)")
    sources = {m.source for m in claimed}
    if None not in sources and len(sources) != 1:
        raise NotAWin("快照 needs all four claimed sets fed by the same player (ruling N13d)")
    if ctx.flags & {"after_kong", "after_flower", "robbing_kong", "heavenly", "earthly"}:
        raise NotAWin("快照 happens on a claim: it cannot also be a replacement or robbed win")


def _check_flags(ctx: WinContext) -> None:
    flags = ctx.flags
    if {"heavenly", "earthly"} <= flags:
        raise NotAWin("a hand cannot be both 天胡 and 地胡")
    if "heavenly" in flags and ctx.seat != 0:
        raise NotAWin("天胡 is the dealer's (seat E) win on the dealt hand (ruling N7)")
    if "earthly" in flags and ctx.seat == 0:
        raise NotAWin("地胡 is a non-dealer's win, the dealer's is 天胡 (ruling N7)")
    if flags & {"heavenly", "earthly"} and any(not m.is_concealed for m in ctx.melds):
        raise NotAWin("天胡 and 地胡 are won before any claim (ruling N7)")
    bloom = flags & {"after_kong", "after_flower"}
    if bloom and not ctx.self_draw:
        raise NotAWin("槓後開花 is won on one's own replacement draw: set self_draw (ruling N7)")
    if bloom and "robbing_kong" in flags:
        raise NotAWin("a robbed kong's tile is not a replacement draw")


def _single_wait(hand: list[int], own: list[int], concealed_only: bool) -> bool:
    """獨占 (N6): the ready hand (before the winning tile) had one winning tile kind only."""
    kinds = set(waits(hand))
    if concealed_only:
        kinds.update(seven_pairs_waits(hand))
    # a kind the player holds all four of, or a hard flower, can never arrive
    live = {k for k in kinds if k in NANJING_PLAY and own[k] < 4}
    return len(live) == 1


# --- readings -----------------------------------------------------------------------------


def _readings(hand: _Hand) -> list[_Reading]:
    ctx = hand.ctx
    if "kuaizhao" in ctx.flags:
        return [_Reading("kuaizhao")]
    win = ctx.win_tile
    assert win is not None  # checked by _validate
    out: list[_Reading] = []
    for groups in decompositions(hand.counts):
        seen: set[tuple[str, tuple[int, ...]]] = set()
        for group in groups:
            sig = (group.kind, group.tiles)
            if win in group.tiles and sig not in seen:
                seen.add(sig)
                out.append(_Reading("standard", tuple(groups), group))
    if not ctx.melds and is_seven_pairs(hand.counts):
        out.append(_Reading("seven_pairs"))
    return out


def _count(hand: _Hand, reading: _Reading) -> _Count:
    """The flower lines of one reading in the order a player reads them (N6, N7)."""
    ctx = hand.ctx
    lines = [_line("win", 20)]
    if not hand.claimed and reading.shape != "seven_pairs":  # ruling N6: not for seven pairs
        lines.append(_line("concealed", 20))
    if hand.hard:
        lines.append(_line("hard_flowers", 2 * hand.hard, n=hand.hard))
    if hand.kongs:
        # ruling N6: 2 per kong, inside the × 2 like hard flowers
        lines.append(_line("kongs", 4 * hand.kongs, n=hand.kongs))

    soft: list[ScoreLine] = []
    for kind in _wind_triplets(ctx.melds, reading.groups):
        soft.append(_line("wind_pong", 2, tile=kind, tiles=(kind, kind, kind)))
    yajue = False
    wait = _wait_shape(reading.win_group, ctx.win_tile)
    if wait is not None and ctx.win_tile in ctx.ponged:
        yajue = True  # ruling N7 壓絕 replaces the wait's soft flower (N6)
    elif wait == "middle":
        soft.append(_line("middle_wait", 2))
    elif wait == "edge":
        soft.append(_line("edge_wait", 2))
    elif hand.single_wait:
        soft.append(_line("single_wait", 2))
    suits = {suit_of(k) for k, n in enumerate(hand.everything) if n and k < 27}
    winds = any(hand.everything[k] for k in WIND_KINDS)
    if len(suits) == 2:
        soft.append(_line("missing_suit", 2))
    lines.extend(soft)

    if len(suits) == 1 and not winds:
        lines.append(_line("full_flush", 60))
    elif len(suits) <= 1:  # choice: an all-winds hand counts as 混一色 too
        lines.append(_line("half_flush", 40))
    if reading.shape == "kuaizhao" or (
        reading.shape == "standard" and all(g.kind != "chow" for g in reading.groups)
    ):
        lines.append(_line("all_pongs", 40))
    if len(ctx.melds) == 4:
        lines.append(_line("all_melded", 60))
    if reading.shape == "seven_pairs":
        fours = sum(n == 4 for n in hand.counts)
        value, words = _SEVEN_PAIRS[fours]
        lines.append(_line("seven_pairs", value, words=words))
    if yajue:
        lines.append(_line("yajue", 40))
    if not hand.hard:
        lines.append(_line("no_flowers", 40))
    if "after_kong" in ctx.flags:
        lines.append(_line("kong_bloom", 40))
    elif "after_flower" in ctx.flags:
        lines.append(_line("kong_bloom_flower", 20))
    if "last_tiles" in ctx.flags:
        lines.append(_line("last_tiles", 10))

    return _Count(
        lines=tuple(lines),
        flowers=sum(line.value for line in lines),
        soft=len(soft),
        reading=_describe(ctx, reading),
    )


def _wind_triplets(melds: Iterable[Meld], groups: Iterable[Group]) -> list[int]:
    """Kinds of the wind triplets and kongs, melded or concealed (風對, N6)."""
    kinds: list[int] = [m.first for m in melds if m.first in WIND_KINDS]
    kinds += [g.tiles[0] for g in groups if g.kind == "pong" and g.tiles[0] in WIND_KINDS]
    return sorted(kinds)


def _wait_shape(group: Group | None, win: int | None) -> str | None:
    """"middle" (壓檔) or "edge" (邊枝: 3 after 12, 7 before 89) when the winning tile
    completed a sequence that way, else None."""
    if group is None or win is None or group.kind != "chow":
        return None
    low = group.tiles[0]
    if win == low + 1:
        return "middle"
    if (number_of(low) == 1 and win == low + 2) or (number_of(low) == 7 and win == low):
        return "edge"
    return None


def _describe(ctx: WinContext, reading: _Reading) -> str:
    parts = [str(m) for m in ctx.melds]
    if reading.shape == "seven_pairs":
        counts = [0] * PLAY_KINDS
        for tile in [*ctx.concealed, *([ctx.win_tile] if ctx.win_tile is not None else [])]:
            counts[tile] += 1
        parts += [format_tiles([k, k]) for k, n in enumerate(counts) for _ in range(n // 2)]
    elif reading.shape == "kuaizhao":
        parts.append(format_tiles(ctx.concealed))
    else:
        parts += [format_tiles(g.tiles) for g in reading.groups]
    text = " ".join(parts)
    if reading.win_group is not None and ctx.win_tile is not None:
        text += f" (won on {TILES[ctx.win_tile]} in {format_tiles(reading.win_group.tiles)})"
    return text
