"""Write game/shape_table.bin, game/shape_rows.bin, game/shape_slots.bin and
game/shape_joins.bin: the suit shape and usage tables of `game.shapes` for every suit key of up
to `TABLE_MAX` tiles, the usage rows of every suited key of `EXTRA_SIZES` tiles, the slots a draw
changes for every suited key of up to `SLOTS_MAX` tiles, and every combination of the usage rows
that suits make, computed by the module's own searches.

    uv run python tools/make_shape_table.py
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import shapes  # noqa: E402


def main() -> int:
    # start from empty tables and no rows file, so every entry comes from the search, not
    # from an old file
    for table in (shapes._SHAPE, shapes._PACKED, shapes._USAGE, shapes._COST0, shapes._COST1):
        table.clear()
    shapes._EXTRA[:] = [None]
    blob = shapes.build_table()
    shapes.TABLE_FILE.write_bytes(blob)
    print(f"{shapes.TABLE_FILE.relative_to(ROOT)}: {len(shapes.table_keys())} keys, "
          f"{len(blob):,} bytes")
    rows = shapes.build_rows_file()
    shapes.ROWS_FILE.write_bytes(rows)
    keys = sum(shapes._WAYS[0][size] for size in shapes.EXTRA_SIZES)  # as many as written
    print(f"{shapes.ROWS_FILE.relative_to(ROOT)}: {keys} keys, {len(rows):,} bytes")
    shapes._SLOTS[:] = [None]
    slots = shapes.build_slots_file()
    shapes.SLOTS_FILE.write_bytes(slots)
    print(f"{shapes.SLOTS_FILE.relative_to(ROOT)}: {shapes._SLOTS_FIRST[-1]} keys, "
          f"{len(slots):,} bytes")
    joins = shapes.build_joins_file()
    shapes.JOINS_FILE.write_bytes(joins)
    rows = int.from_bytes(zlib.decompress(joins)[:4], "little")
    print(f"{shapes.JOINS_FILE.relative_to(ROOT)}: {rows} rows, {len(joins):,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
