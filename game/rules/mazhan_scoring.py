"""Mazhan 馬站 hand values and settlement (rulings M13-M22).

The winner's value is found over every reading of the hand (M19): every decomposition from
`game.shapes`, every meaning of the wilds, and every set the winning discard may have completed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.melds import Meld, MeldKind
from game.rules.base import Payment, payment
from game.rules.mazhan_checks import check_hand, has_claimed_meld, wild_count
from game.scoring import NotAWin, ScoreLine, ScoreResult, WinContext
from game.shapes import Group, decompositions, waits
from game.tiles import (
    EAST,
    FLOWERS,
    GREEN,
    NUM_KINDS,
    PLAY_KINDS,
    RED,
    WHITE,
    Tile,
    counts_of,
    format_tiles,
    is_honor,
    is_terminal,
    suit_of,
)

_line = lru_cache(maxsize=8192)(ScoreLine)
"""`ScoreLine(...)`, the same frozen line handed out again for the same fields: a hand's
lines come from a small set (sets, bonus tiles, tai, totals) and building one is a
Python-level `__init__` per field."""

CAP = 400
"""辣子: the most a hand is worth, and the value of the hands that replace the formula (M17)."""
HU_HEAD = 20
PING_HU = 100

# ruling M13: simple-tile points; terminals and honours (首尾) score double
_SET_POINTS = {
    "exposed_pong": 2,
    "concealed_triplet": 4,
    "exposed_kong": 8,
    "concealed_kong": 16,
}
_MELD_CLASS = {
    MeldKind.PONG: "exposed_pong",
    MeldKind.KONG: "exposed_kong",
    MeldKind.ADDED_KONG: "exposed_kong",
    MeldKind.CONCEALED_KONG: "concealed_kong",
}
BONUS_POINTS = 4
SELF_DRAW_POINTS = 2
SINGLE_WAIT_POINTS = 2


@dataclass(frozen=True, slots=True)
class _Set:
    """A triplet or kong of a reading and the class it scores as (M13)."""

    cls: str
    kind: int | None
    """The kind it stands for; None when made only of wilds (any kind)."""
    tiles: tuple[int, ...]
    wilds: int = 0
    group: str = ""
    """What a set of wilds only stands for ("pong"), its `tiles` being empty."""


@dataclass(frozen=True, slots=True)
class _Outcome:
    value: int
    base: int
    tai: int
    items: tuple[ScoreLine, ...]
    groups: tuple[Group, ...]
    mark: int | None
    """The group shown as completed by the winning tile."""


def set_points(cls: str, kind: int | None) -> int:
    """Base points of one set (M13); a set of wilds only is read as a terminal/honour set."""
    points = _SET_POINTS[cls]
    if kind is None or is_terminal(kind) or is_honor(kind):
        return points * 2
    return points


def round_up(base: int) -> int:
    """進一法 (M15): up to the next multiple of 10; 0 stays 0."""
    return -(-base // 10) * 10


def _words(key: str) -> str:
    """The catalogue key of a Mazhan score line's words."""
    return f"score.mazhan.{key}"


def _set_line(s: _Set) -> ScoreLine:
    return _line(s.cls, set_points(s.cls, s.kind), "base", _words(s.cls), s.tiles, None, 0,
                 s.wilds, s.group)


def _set_tai(key: str, s: _Set) -> ScoreLine:
    """A dragon or seat-wind set's tai (M16)."""
    return _line(key, 1, "tai", _words(key), s.tiles, None, 0, s.wilds, s.group)


@lru_cache(maxsize=10_000)
def _tiles_text(tiles: tuple[int, ...]) -> str:
    """Tiles → their notation: the same sets are written out for every reading and loser."""
    return format_tiles(tiles)


def _meld_sets(melds: Sequence[Meld]) -> list[_Set]:
    return [
        _Set(_MELD_CLASS[m.kind], m.first, m.tiles)
        for m in melds
        if m.kind is not MeldKind.CHOW
    ]


def _bonus_lines(ctx: WinContext) -> list[ScoreLine]:
    """Each bonus tile set aside scores 4 (M13)."""
    lines = []
    for tile in ctx.bonus:
        words = _words("bonus_white" if tile == WHITE else "bonus_tile")
        lines.append(_line("bonus_tile", BONUS_POINTS, "base", words, (tile,), tile))
    return lines


def _tai_lines(ctx: WinContext, sets: Sequence[_Set]) -> list[ScoreLine]:
    """Tai that winner and non-winner share (M16, M20): seat flowers, 白, dragon/wind sets."""
    lines = []
    for tile in ctx.bonus:
        if tile in FLOWERS and (tile - FLOWERS[0]) % 4 == ctx.seat:
            lines.append(_line("seat_flower", 1, "tai", _words("seat_flower"), (tile,), tile))
    whites = sum(1 for t in ctx.bonus if t == WHITE)
    if whites >= 2:
        tai = 2 if whites == 4 else 1
        lines.append(_line("white_dragons", tai, "tai", _words("white_dragons"),
                           (WHITE,) * whites, None, whites))
    seat_wind = EAST + ctx.seat
    for s in sets:
        if s.kind == RED:
            lines.append(_set_tai("red_triplet", s))
        elif s.kind == GREEN:
            lines.append(_set_tai("green_triplet", s))
        elif s.kind == seat_wind:
            lines.append(_set_tai("seat_wind_triplet", s))
    return lines


def _round_line(base: int, rounded: int) -> list[ScoreLine]:
    """進一法 (M15) as a line adding the difference, if any."""
    if rounded == base:
        return []
    return [_line("round_up", rounded - base, "base", _words("round_up"), (), None, rounded)]


def _multiplier(tai: int) -> list[ScoreLine]:
    if tai == 0:
        return []
    return [_line("tai_multiplier", 2**tai, "x", _words("tai_multiplier"), (), None, tai)]


def _total(value: int) -> ScoreLine:
    return _line("total", value, "total", _words("total"))


def _hu(key: str, n: int = 0) -> ScoreLine:
    """A line worth 400, replacing the formula (M17, M18), or the cap (M15)."""
    return _line(key, CAP, "hu", _words(key), (), None, n)


def _plain(key: str, value: int, unit: str) -> ScoreLine:
    """A line whose words hold no tile or number."""
    return _line(key, value, unit, _words(key))


# ---------------------------------------------------------------- winner


def score_winner(ctx: WinContext) -> ScoreResult:
    """The winner's value (M13-M19); raises NotAWin, worded for a player, if it is no win."""
    check_hand(ctx, winner=True)
    _check_flags(ctx)
    assert ctx.win_tile is not None  # check_hand guarantees it
    counts = [0] * NUM_KINDS
    for t in bytes(ctx.concealed):  # plain ints: a list indexed on the fast path
        counts[t] += 1
    counts[ctx.win_tile] += 1
    wilds = 0  # the wild kind's tiles, the winning tile included, are wilds, not naturals
    if ctx.wild is not None:
        wilds = counts[ctx.wild]
        counts[ctx.wild] = 0
    natural = counts[:PLAY_KINDS]
    readings = decompositions(natural, wilds)
    if not readings:
        wild_note = f", with {wilds} wild {ctx.wild}" if wilds else ""
        raise NotAWin(
            f"not a winning hand: {format_tiles(sorted(ctx.concealed))} + {ctx.win_tile}"
            f"{wild_note} does not make {5 - len(ctx.melds)} sets and a pair (ruling M9)"
        )
    single = _single_wait(ctx)
    choices = [(groups, w) for groups in readings for w in _win_groups(ctx, groups)]
    if len(choices) == 1:
        best = _evaluate(ctx, *choices[0], single, wilds)
    else:
        # ruling M19: the highest value, then the highest base; ranked by numbers alone, and
        # only the winning reading is written out (the first of equals, as in `score_winner_plain`)
        rank = _Ranker(ctx, readings[0], single, wilds)
        top = (-1, -1)
        pick = choices[0]
        for choice in choices:
            r = rank(*choice)
            if r > top:
                top, pick = r, choice
        best = _evaluate(ctx, *pick, single, wilds)
    return _result(ctx, best)


@lru_cache(maxsize=10_000)
def _meld_text(meld: Meld) -> str:
    """Meld → its notation (every reading and every hand writes the same melds out again)."""
    return str(meld)


def _result(ctx: WinContext, best: _Outcome) -> ScoreResult:
    parts = [_meld_text(m) for m in ctx.melds]
    parts += [_group_text(g, i == best.mark) for i, g in enumerate(best.groups)]
    extra = {"base": best.base, "tai": best.tai}
    return ScoreResult(best.value, best.items, extra, " ".join(parts))


def score_winner_plain(ctx: WinContext) -> ScoreResult:
    """`score_winner` with every reading written out in full and the best kept: the reference
    its ranking by numbers is tested against."""
    check_hand(ctx, winner=True)
    _check_flags(ctx)
    assert ctx.win_tile is not None
    natural = counts_of(t for t in [*ctx.concealed, ctx.win_tile] if t != ctx.wild)[:PLAY_KINDS]
    wilds = wild_count(ctx, include_win=True)
    single = _single_wait(ctx)
    best: _Outcome | None = None
    for groups in decompositions(natural, wilds):
        for win_index in _win_groups(ctx, groups):
            out = _evaluate(ctx, groups, win_index, single, wilds)
            if best is None or (out.value, out.base) > (best.value, best.base):
                best = out
    if best is None:
        raise NotAWin("not a winning hand (ruling M9)")
    return _result(ctx, best)


def rank_matches(ctx: WinContext) -> bool:
    """Whether `_Ranker` gives every reading of a winning `ctx` the (value, base) that
    `_evaluate` writes out (for the tests)."""
    assert ctx.win_tile is not None
    natural = counts_of(t for t in [*ctx.concealed, ctx.win_tile] if t != ctx.wild)[:PLAY_KINDS]
    wilds = wild_count(ctx, include_win=True)
    single = _single_wait(ctx)
    readings = decompositions(natural, wilds)
    rank = _Ranker(ctx, readings[0], single, wilds)
    for groups in readings:
        for win_index in _win_groups(ctx, groups):
            out = _evaluate(ctx, groups, win_index, single, wilds)
            if rank(groups, win_index) != (out.value, out.base):
                return False
    return True


class _Ranker:
    """(value, base) of a reading as `_evaluate` finds them, from numbers only: what does not
    depend on the reading (melds, bonus tiles, self-draw, 獨張, the flush) is summed once."""

    __slots__ = ("base", "chows", "half", "ping_ok", "replaced", "seat_wind", "tai", "wilds")

    def __init__(self, ctx: WinContext, groups: tuple[Group, ...], single: bool,
                 wilds: int) -> None:
        sets = _meld_sets(ctx.melds)
        base = sum(set_points(s.cls, s.kind) for s in sets) + BONUS_POINTS * len(ctx.bonus)
        if ctx.self_draw:
            base += SELF_DRAW_POINTS
        if single:
            base += SINGLE_WAIT_POINTS
        self.base = base
        self.tai = sum(line.value for line in _tai_lines(ctx, sets))
        self.chows = sum(1 for m in ctx.melds if m.kind is MeldKind.CHOW)
        # the suits are those of the natural tiles and the melds, whatever the reading: a
        # group's wilds take its naturals' suit, all-wild groups have none (M16, M17)
        flush = _flush(ctx, groups)
        self.half = flush == "half"
        self.replaced = bool(_replacements(ctx, flush, wilds, 0))
        self.ping_ok = not ctx.bonus and not ctx.self_draw and not single
        self.wilds = wilds
        self.seat_wind = EAST + ctx.seat

    def __call__(self, groups: tuple[Group, ...], win_index: int | None) -> tuple[int, int]:
        base, tai, chows = self.base, self.tai, self.chows
        for i, g in enumerate(groups):
            if g.kind == "pong":
                kind = g.tiles[0] if g.tiles else None
                points = 2 if i == win_index else 4  # ruling M13: completed by the discard
                if kind is None or is_terminal(kind) or is_honor(kind):
                    points *= 2
                base += points
                if kind in (RED, GREEN, self.seat_wind):
                    tai += 1
            elif g.kind == "chow":
                chows += 1
        if chows == 0:
            tai += 1
        if self.half:
            tai += 1
        replaced = self.replaced or tai >= 4
        if chows == 5 and self.ping_ok:  # ruling M18
            if self.wilds >= 2 or replaced:
                return CAP, base
            return min(CAP, PING_HU * 2 ** (1 if self.half else 0)), base
        if replaced:
            return CAP, base
        return min(CAP, (round_up(base) + HU_HEAD) * 2**tai), base


def _check_flags(ctx: WinContext) -> None:
    if "heavenly" in ctx.flags and "earthly" in ctx.flags:
        raise NotAWin("a hand cannot be both 天胡 heavenly and 地胡 earthly")
    if "heavenly" in ctx.flags:
        if ctx.seat != 0:
            raise NotAWin("天胡 heavenly hand is the dealer's (E) win on the dealt hand (M17)")
        if has_claimed_meld(ctx):
            raise NotAWin("天胡 heavenly hand is won on the dealt hand: it has no claimed meld")
    if "earthly" in ctx.flags:
        if ctx.seat == 0:
            raise NotAWin("地胡 earthly hand is a non-dealer's win on the dealer's first discard")
        if ctx.self_draw or ctx.melds:
            raise NotAWin(
                "地胡 earthly hand is won on the dealer's first discard: no self-draw, no meld"
            )


def _win_groups(ctx: WinContext, groups: tuple[Group, ...]) -> Iterator[int | None]:
    """Which group the winning tile may have completed; only a discard makes that matter."""
    if ctx.self_draw:
        yield None
        return
    seen_other = False
    for i, g in enumerate(groups):
        if ctx.win_tile in g.natural:
            if g.kind == "pong":
                yield i
            elif not seen_other:
                seen_other = True
                yield None


def _single_wait(ctx: WinContext) -> bool:
    """獨張 (M14): the ready hand had one completing kind, the wild kind not counted."""
    held = [0] * NUM_KINDS
    for t in bytes(ctx.concealed):  # plain ints: a list indexed on the fast path
        held[t] += 1
    natural = held[:PLAY_KINDS]
    wild = ctx.wild
    wilds = 0
    if wild is not None:  # the wild kind's tiles are wilds, not naturals
        wilds = natural[wild]
        natural[wild] = 0
    for m in ctx.melds:
        for t in bytes(m.tiles):
            held[t] += 1
    kinds = [
        k
        for k in waits(natural, wilds)
        # 白 is never in play (M2) and a kind one holds all four of cannot arrive
        if k != wild and k != WHITE and held[k] < 4
    ]
    return len(kinds) == 1


def _group_text(g: Group, win: bool) -> str:
    text = _tiles_text(g.tiles) if g.tiles else f"any {g.kind}"
    notes = [f"{g.wilds} wild"] if g.wilds else []
    if win:
        notes.append("win")
    return f"{text}({', '.join(notes)})" if notes else text


_SUIT = tuple(suit_of(k) for k in range(NUM_KINDS))


def _flush(ctx: WinContext, groups: tuple[Group, ...]) -> str | None:
    """'full' for 清一色, 'half' for 混一色, else None; wilds take the suit (M16, M17)."""
    suits = {_SUIT[t] for g in groups for t in g.tiles}
    suits.update([_SUIT[t] for m in ctx.melds for t in m.tiles])
    honours = "z" in suits
    suits.discard("z")
    if len(suits) == 1:
        return "half" if honours else "full"
    # ruling silent on all honours (字一色): read as 混一色, a suit plus honours at its purest
    if not suits and honours:
        return "half"
    return None


def _evaluate(
    ctx: WinContext,
    groups: tuple[Group, ...],
    win_index: int | None,
    single: bool,
    wilds: int,
) -> _Outcome:
    sets = _meld_sets(ctx.melds)
    mark = win_index
    if mark is None:
        # the first chow or pair (any group on a self-draw) holding the natural winning tile
        mark = next(
            (
                i
                for i, g in enumerate(groups)
                if ctx.win_tile in g.natural and (ctx.self_draw or g.kind != "pong")
            ),
            None,
        )
    for i, g in enumerate(groups):
        if g.kind == "pong":
            # ruling M13: a hand triplet completed by the winning discard counts as exposed
            cls = "exposed_pong" if i == win_index else "concealed_triplet"
            sets.append(_Set(cls, g.tiles[0] if g.tiles else None, g.tiles, g.wilds,
                             "" if g.tiles else g.kind))
    chows = sum(1 for g in groups if g.kind == "chow") + sum(
        1 for m in ctx.melds if m.kind is MeldKind.CHOW
    )
    flush = _flush(ctx, groups)

    base_lines = [_set_line(s) for s in sets] + _bonus_lines(ctx)
    if ctx.self_draw:
        base_lines.append(_plain("self_draw", SELF_DRAW_POINTS, "base"))
    if single:
        base_lines.append(_plain("single_wait", SINGLE_WAIT_POINTS, "base"))
    base = sum(line.value for line in base_lines)

    tai_lines = _tai_lines(ctx, sets)
    if chows == 0:
        tai_lines.append(_plain("all_triplets", 1, "tai"))
    if flush == "half":
        tai_lines.append(_plain("half_flush", 1, "tai"))
    tai = sum(line.value for line in tai_lines)

    replaced = _replacements(ctx, flush, wilds, tai)
    ping_hu = (
        chows == 5 and not ctx.bonus and not ctx.self_draw and not single
    )  # ruling M18: five chows and a pair, no bonus, on a discard, not 獨張
    if ping_hu:
        half = [line for line in tai_lines if line.key == "half_flush"]
        ping_tai = len(half)
        items = [_plain("ping_hu", PING_HU, "hu"), *half]
        items += _multiplier(ping_tai)
        value = min(CAP, PING_HU * 2**ping_tai)
        if wilds >= 2:
            items.append(_hu("ping_hu_wilds"))
            value = CAP
        if replaced:
            items += replaced
            value = CAP
        items.append(_total(value))
        return _Outcome(value, base, ping_tai, tuple(items), groups, mark)

    rounded = round_up(base)
    items = list(base_lines)
    items += _round_line(base, rounded)
    items.append(_plain("hu_head", HU_HEAD, "base"))
    items += tai_lines
    items += _multiplier(tai)
    formula = (rounded + HU_HEAD) * 2**tai
    value = min(CAP, formula)
    if replaced:
        items += replaced
        value = CAP
    elif formula > CAP:
        items.append(_hu("cap", CAP))
    items.append(_total(value))
    return _Outcome(value, base, tai, tuple(items), groups, mark)


def _replacements(ctx: WinContext, flush: str | None, wilds: int, tai: int) -> list[ScoreLine]:
    """The hands worth 400 whatever the formula gives (M17)."""
    lines = []
    if flush == "full":
        lines.append(_hu("full_flush"))
    if wilds >= 3:
        lines.append(_hu("three_wilds"))
    if "heavenly" in ctx.flags:
        lines.append(_hu("heavenly"))
    if "earthly" in ctx.flags:
        lines.append(_hu("earthly"))
    if tai >= 4:
        lines.append(_hu("four_tai", tai))
    return lines


# ---------------------------------------------------------------- non-winner


def score_loser(ctx: WinContext) -> ScoreResult:
    """A non-winner's value (M20): bonus tiles, melds, natural hand triplets, and their tai."""
    check_hand(ctx, winner=False)
    counts = [0] * NUM_KINDS
    for t in bytes(ctx.concealed):  # plain ints: a list indexed on the fast path
        counts[t] += 1
    if ctx.wild is not None:
        counts[ctx.wild] = 0
    # ruling M20: four natural tiles count as a concealed triplet
    trips = tuple([k for k in range(PLAY_KINDS) if counts[k] >= 3])
    # each part's lines are remembered by what they depend on: hands share melds, bonus tiles
    # and triplets far more often than whole hands
    meld_base, meld_tai, meld_parts = _sets_part(ctx.seat, ctx.melds, ())
    trip_base, trip_tai, trip_parts = _sets_part(ctx.seat, (), trips)
    bonus_base, bonus_tai = _bonus_part(ctx.seat, ctx.bonus)
    base_lines = meld_base + trip_base + bonus_base
    base = sum(line.value for line in base_lines)
    tai_lines = bonus_tai + meld_tai + trip_tai
    tai = sum(line.value for line in tai_lines)
    items = [*base_lines, *_round_line(base, round_up(base)), *tai_lines, *_multiplier(tai)]
    formula = round_up(base) * 2**tai
    value = min(CAP, formula)
    if formula > CAP:
        items.append(_hu("cap", CAP))
    items.append(_total(value))
    parts = " ".join(meld_parts + trip_parts)
    return ScoreResult(value, tuple(items), {"base": base, "tai": tai}, parts)


_Lines = tuple[ScoreLine, ...]


@lru_cache(maxsize=4096)
def _sets_part(seat: int, melds: tuple[Meld, ...],
               trips: tuple[int, ...]) -> tuple[_Lines, _Lines, tuple[str, ...]]:
    """Base lines, tai lines (dragon and seat-wind sets) and notation of a non-winner's melds
    or natural triplets (M13, M16, M20)."""
    sets = _meld_sets(melds)
    parts = [_meld_text(m) for m in melds]
    for kind in trips:
        sets.append(_Set("concealed_triplet", kind, (kind, kind, kind)))
        parts.append(_tiles_text((kind, kind, kind)))
    tai = _tai_lines(WinContext(seat=seat, concealed=()), sets)
    return tuple(_set_line(s) for s in sets), tuple(tai), tuple(parts)


@lru_cache(maxsize=4096)
def _bonus_part(seat: int, bonus: tuple[Tile, ...]) -> tuple[_Lines, _Lines]:
    """Base lines and tai lines (seat flowers, 白) of the bonus tiles set aside (M13, M16)."""
    ctx = WinContext(seat=seat, concealed=(), bonus=bonus)
    return tuple(_bonus_lines(ctx)), tuple(_tai_lines(ctx, ()))


def score_loser_plain(ctx: WinContext) -> ScoreResult:
    """`score_loser` written out line by line from the hand (the reference its remembered
    parts are tested against)."""
    check_hand(ctx, winner=False)
    sets = _meld_sets(ctx.melds)
    parts = [_meld_text(m) for m in ctx.melds]
    natural = counts_of(t for t in ctx.concealed if t != ctx.wild)
    for kind in range(PLAY_KINDS):
        if natural[kind] >= 3:  # ruling M20: four natural tiles count as a concealed triplet
            sets.append(_Set("concealed_triplet", kind, (kind, kind, kind)))
            parts.append(_tiles_text((kind, kind, kind)))
    base_lines = [_set_line(s) for s in sets] + _bonus_lines(ctx)
    base = sum(line.value for line in base_lines)
    rounded = round_up(base)
    tai_lines = _tai_lines(ctx, sets)
    tai = sum(line.value for line in tai_lines)
    items = list(base_lines)
    items += _round_line(base, rounded)
    items += tai_lines
    items += _multiplier(tai)
    formula = rounded * 2**tai
    value = min(CAP, formula)
    if formula > CAP:
        items.append(_hu("cap", CAP))
    items.append(_total(value))
    return ScoreResult(value, tuple(items), {"base": base, "tai": tai}, " ".join(parts))


# ---------------------------------------------------------------- settlement


def payments(values: Sequence[int], winner: int, dealer: int, stake: int) -> list[Payment]:
    """M21, payer by payer: the winner collects its value from each other seat, then each two
    non-winners settle the difference of their values; doubled when the dealer is one of the
    two; all × stake."""
    seats = len(values)
    if not 0 <= dealer < seats:
        raise ValueError(f"dealer {dealer} is not a seat 0..{seats - 1}")
    if not 0 <= winner < seats:
        raise ValueError(f"winner {winner} is not a seat 0..{seats - 1}")
    out: list[Payment] = []

    def pay(payer: int, payee: int, amount: int, key: str) -> None:
        factor = 2 if dealer in (payer, payee) else 1
        out.append(payment(payer, payee, amount * factor * stake, key, f"pay.mazhan.{key}"))

    others = [s for s in range(seats) if s != winner]
    for payer in others:
        pay(payer, winner, values[winner], "win")
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            if values[a] != values[b]:
                low, high = (a, b) if values[a] < values[b] else (b, a)
                pay(low, high, abs(values[a] - values[b]), "difference")
    return out


def settle(values: Sequence[int], winner: int | None, dealer: int, stake: int) -> list[int]:
    """M21: per-seat score changes (zero-sum) from each seat's hand value; winner None = drawn
    hand (all zeros). `values[winner]` is the winner's value, others are M20 values."""
    if not 0 <= dealer < len(values):
        raise ValueError(f"dealer {dealer} is not a seat 0..{len(values) - 1}")
    deltas = [0] * len(values)
    if winner is None:
        return deltas
    for p in payments(values, winner, dealer, stake):
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    return deltas


def _ladder() -> Iterator[int]:
    """1, 2, 5, 10, 20, 50, 100, ..."""
    step = 1
    while True:
        for m in (1, 2, 5):
            yield m * step
        step *= 10


def stake_for(scores: Sequence[int]) -> int:
    """M22: the largest ladder step not above (lowest score) / 800, at least 1."""
    lowest = min(scores)
    stake = 1
    for step in _ladder():
        if step * 800 > lowest:
            return stake
        stake = step
    raise AssertionError("unreachable")  # pragma: no cover

