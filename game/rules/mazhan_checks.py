"""Checks that a Mazhan hand is physically possible before it is scored (rulings M1, M2, M6)."""

from __future__ import annotations

from collections import Counter

from game.melds import MeldKind
from game.scoring import NotAWin, WinContext
from game.tiles import FLOWERS, NUM_KINDS, PLAY_KINDS, WHITE, Tile

HAND_TILES = 16
"""Tiles a Mazhan hand holds besides the winning tile, each meld counting 3 (ruling M9)."""
WILD_COPIES = 3
"""The fourth tile of the wild kind is the face-up indicator (ruling M6)."""


def wild_count(ctx: WinContext, include_win: bool) -> int:
    """Wild tiles in the concealed hand, and the winning tile if asked."""
    if ctx.wild is None:
        return 0
    n = sum(1 for t in ctx.concealed if t == ctx.wild)
    if include_win and ctx.win_tile == ctx.wild:
        n += 1
    return n


def check_hand(ctx: WinContext, winner: bool) -> None:
    """Raise NotAWin, worded for a player, if the tiles cannot occur in a Mazhan hand."""
    if not 0 <= ctx.seat <= 3:
        raise NotAWin(f"seat must be 0-3 (E S W N), not {ctx.seat}")
    _check_wild_kind(ctx)
    _check_bonus(ctx)
    _check_playing_tiles(ctx, winner)
    _check_melds(ctx)
    _check_counts(ctx, winner)


def _check_wild_kind(ctx: WinContext) -> None:
    if ctx.wild is not None and (ctx.wild >= PLAY_KINDS or ctx.wild == WHITE):
        # ruling M5: a bonus indicator is set aside and the next tile is flipped
        raise NotAWin(f"the wild cannot be {ctx.wild}: bonus tiles are never wild (ruling M5)")


BONUS_KINDS = frozenset({WHITE, *FLOWERS})
"""Mazhan's bonus tiles (M2): set aside, never held or melded (the ruleset's `bonus_kinds`)."""


def _check_bonus(ctx: WinContext) -> None:
    bonus = ctx.bonus
    # the usual case in C: only bonus tiles, and no flower twice (白 may come four times)
    if (BONUS_KINDS.issuperset(bonus)
            and len(set(bonus)) + max(bonus.count(WHITE) - 1, 0) == len(bonus)):
        return
    for tile in bonus:
        if tile != WHITE and tile not in FLOWERS:
            raise NotAWin(
                f"{tile} is not a bonus tile: Mazhan bonus tiles are the flowers 1f-8f "
                "and 白 5z (ruling M2)"
            )
    flowers = [t for t in ctx.bonus if t != WHITE]
    if len(set(flowers)) < len(flowers):
        _repeated_flower(ctx)


def _repeated_flower(ctx: WinContext) -> None:
    """Raise for a flower held twice (the rare path of `_check_bonus`)."""
    for tile, n in Counter(ctx.bonus).items():
        if tile in FLOWERS and n > 1:
            raise NotAWin(f"there is only one {tile} ({tile.zh}), but bonus has {n}")


def _check_playing_tiles(ctx: WinContext, winner: bool) -> None:
    # one C pass for the usual hand without a bonus tile; the loop below words the error
    for tile in () if BONUS_KINDS.isdisjoint(ctx.concealed) else ctx.concealed:
        if tile == WHITE or tile in FLOWERS:
            raise NotAWin(
                f"{tile} ({tile.zh}) is a bonus tile in Mazhan: it is set aside in bonus, "
                "never held in the hand (ruling M2)"
            )
    if not winner:
        if ctx.win_tile is not None:
            raise NotAWin("a non-winner's hand has no winning tile")
        return
    win = ctx.win_tile
    if win is None:
        raise NotAWin("the winning tile is missing")
    if win == WHITE or win in FLOWERS:
        raise NotAWin(
            f"the winning tile cannot be {win} ({win.zh}): bonus tiles are set aside "
            "and replaced, never won on (ruling M2)"
        )
    if win == ctx.wild and not ctx.self_draw:
        raise NotAWin(
            f"a discarded wild ({win}) is dead: nobody may win on it (ruling M6)"
        )


def _check_melds(ctx: WinContext) -> None:
    for meld in ctx.melds:
        if WHITE in meld.tiles:
            raise NotAWin(f"白 5z is a bonus tile in Mazhan and cannot be in a meld ({meld})")
        if ctx.wild is not None and ctx.wild in meld.tiles:
            raise NotAWin(
                f"wild tiles ({ctx.wild}) cannot be used to chow, pong or kong "
                f"(ruling M6): {meld}"
            )


def _check_counts(ctx: WinContext, winner: bool) -> None:
    held = len(ctx.concealed) + 3 * len(ctx.melds)
    if held != HAND_TILES:
        what = "16 tiles plus the winning tile" if winner else "16 tiles"
        raise NotAWin(
            f"a Mazhan hand has {what} (each meld counts as 3); this one has {held} "
            f"({len(ctx.concealed)} in the hand + {len(ctx.melds)} melds × 3)"
        )
    # counted by kind first (cheap); the wording below only for a hand that breaks a count
    # (iterating `bytes` of the tiles gives plain ints, which index a list on the
    # interpreter's fast path; a `Tile`, an int subclass, takes the slow one)
    used_n = [0] * NUM_KINDS
    for t in bytes(ctx.concealed):
        used_n[t] += 1
    for meld in ctx.melds:
        for t in bytes(meld.tiles):
            used_n[t] += 1
    if winner and ctx.win_tile is not None:
        used_n[ctx.win_tile] += 1
    used_n[WHITE] += ctx.bonus.count(WHITE)
    most = max(used_n)
    if most <= WILD_COPIES or (
        most <= 4 and (ctx.wild is None or used_n[ctx.wild] <= WILD_COPIES)
    ):
        return
    _count_error(ctx, winner)


def _count_error(ctx: WinContext, winner: bool) -> None:
    """Raise for a kind held more times than the wall has it (the rare path of `_check_counts`)."""
    used: Counter[Tile] = Counter(ctx.concealed)
    for meld in ctx.melds:
        used.update(meld.tiles)
    if winner and ctx.win_tile is not None:
        used[ctx.win_tile] += 1
    used[Tile(WHITE)] += sum(1 for t in ctx.bonus if t == WHITE)
    for tile, n in sorted(used.items()):
        if tile == ctx.wild and n > WILD_COPIES:
            raise NotAWin(
                f"there are only three wild {tile} tiles (the fourth is the indicator, "
                f"ruling M6), but this hand has {n}"
            )
        if n > 4:
            raise NotAWin(f"there are only four {tile} ({tile.zh}) tiles, but this hand has {n}")


def has_claimed_meld(ctx: WinContext) -> bool:
    return any(m.kind is not MeldKind.CONCEALED_KONG for m in ctx.melds)
