"""Hand shapes: win detection, waits, deficiency and every reading of a complete hand.

Hands are count vectors over the 34 playing kinds (a 42-long vector is fine: only the first 34
entries are read). Mazhan wilds (財神, ruling M6) are not in the counts; they come as a separate
number `wilds` and each may stand for any of the 34 kinds, whatever the natural counts are (the
seeds put no limit on what a wild may stand for). Declared melds are not in the counts either:
the concealed part only has to make (tiles + wilds - 2) / 3 sets and one pair. Four identical
tiles in hand are a triplet plus one more tile, never a kong (ruling M8).

Speed comes from per-suit tables keyed by the suit's counts as `bytes` (9 suited kinds, or the 7
honours): for each key, the fewest wilds that turn the suit into sets alone, and the change when
the suit also holds the pair. A hand is a win when the sum over the four suits, plus the cheapest
place for the pair, is at most `wilds` (spare wilds always come in threes: they form sets of
their own). Tables fill lazily, so the first sight of a suit shape costs a small search.

The package, by job (each module imports only those above it):
- `keys`: what all share (suit slices, count keys, row width, type aliases);
- `memo`: every remembered table, owned in one place (`memo.clear()`, `memo.kept()`);
- `tables`: the shipped tables (shape_*.bin here), read at import or on first sight;
- `wins`: the fewest wilds per suit, `is_win`, seven pairs;
- `ready`: the kinds that complete a ready hand (waits);
- `rows`: usage rows per suit, numbered and combined;
- `deficiencies`: tiles still to draw, after each discard or draw, and the discards keeping it;
- `draws`: the draws that help after each discard (`DrawsAfterDiscard`);
- `readings`: every reading of a complete hand (`decompositions`).
"""

from __future__ import annotations

from game.shapes import tables
from game.shapes.deficiencies import (
    deficiency,
    deficiency_after_discards,
    deficiency_after_draws,
    discards_keeping,
    discards_keeping_key,
    seven_pairs_deficiency,
)
from game.shapes.draws import DrawsAfterDiscard
from game.shapes.keys import INF, POSSIBLE_COUNTS
from game.shapes.readings import Group, decompositions
from game.shapes.ready import seven_pairs_waits, seven_pairs_waits_of_key, waits, waits_of_key
from game.shapes.wins import is_seven_pairs, is_win

__all__ = [
    "INF",
    "POSSIBLE_COUNTS",
    "DrawsAfterDiscard",
    "Group",
    "decompositions",
    "deficiency",
    "deficiency_after_discards",
    "deficiency_after_draws",
    "discards_keeping",
    "discards_keeping_key",
    "is_seven_pairs",
    "is_win",
    "seven_pairs_deficiency",
    "seven_pairs_waits",
    "seven_pairs_waits_of_key",
    "waits",
    "waits_of_key",
]

tables.load()
