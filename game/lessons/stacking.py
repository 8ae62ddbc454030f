"""Stacked walls: hands, the indicator, draws and the tail written in tile notation.

`stacked` turns readable notation into the 144-tile draw order that `Hand(draw_order=...)`
deals from: the lessons' fixed deals and the scenario tests' walls are built by it.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.base import Ruleset
from game.rules.registry import make_ruleset
from game.tiles import NUM_KINDS, TILES, counts_of, format_tiles, full_set, parse_tiles

E, S, W, N = 0, 1, 2, 3
WALL = 144
_FULL = counts_of(full_set())

TileText = str | Sequence[str]
"""Tiles as one notation string ("3m 7z") or a list of them (["3m", "7z"])."""


class StackError(ValueError):
    """A scenario that no real wall could hold (too many of a kind, wrong hand sizes)."""


def ruleset(rules: Ruleset | str) -> Ruleset:
    return make_ruleset(rules) if isinstance(rules, str) else rules


def tiles(text: TileText) -> list[int]:
    """Tile kinds from notation, in the order written."""
    parts = [text] if isinstance(text, str) else list(text)
    return [int(t) for part in parts for t in parse_tiles(part)]


def stacked(
    rules: Ruleset | str,
    hands: Sequence[str],
    *,
    indicator: TileText = "",
    draws: TileText = (),
    tail: TileText = (),
) -> list[int]:
    """The draw order (head first, 144 kinds) that deals `hands` (E S W N; the dealer's includes
    its extra tile, dealt last) in rounds of four, then flips `indicator` (Mazhan: any bonus
    tiles to skip, then the indicator), then gives `draws` from the head in order. `tail` lists
    the tail draws in the order they are taken (bonus replacements, kong draws). The tiles not
    named fill the middle in a fixed order: one of each kind left, then a second, and so on."""
    rules = ruleset(rules)
    if len(hands) != 4:
        raise StackError(f"give four hands (E S W N), not {len(hands)}")
    dealt = [tiles(h) for h in hands]
    for seat, hand in enumerate(dealt):
        want = rules.hand_size + (1 if seat == E else 0)
        if len(hand) != want:
            raise StackError(
                f"{'ESWN'[seat]} is dealt {want} tiles in {rules.name}, not {len(hand)}: "
                f"{format_tiles(hand)}"
            )
    flip = tiles(indicator)
    if flip and not rules.uses_wild:
        raise StackError(f"{rules.name} flips no wildcard indicator")
    if rules.uses_wild and not flip:
        raise StackError(f"{rules.name} flips a wildcard indicator: give `indicator`")
    head: list[int] = []
    taken = [0, 0, 0, 0]
    size = rules.hand_size
    while taken[N] < size:
        for seat in range(4):
            step = min(4, size - taken[seat])
            head.extend(dealt[seat][taken[seat] : taken[seat] + step])
            taken[seat] += step
    head.append(dealt[E][-1])
    head.extend(flip)
    head.extend(tiles(draws))
    back = tiles(tail)
    named = counts_of(head + back)
    for kind in range(NUM_KINDS):
        if named[kind] > _FULL[kind]:
            raise StackError(
                f"the scenario asks for {named[kind]} × {TILES[kind]}, but the wall holds only "
                f"{_FULL[kind]}"
            )
    left = [_FULL[k] - named[k] for k in range(NUM_KINDS)]
    fill: list[int] = []
    for copy in range(4):
        fill.extend(k for k in range(NUM_KINDS) if left[k] > copy)
    order = head + fill + back[::-1]
    assert len(order) == WALL
    return order
