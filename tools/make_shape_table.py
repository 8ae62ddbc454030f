"""Write game/shapes/shape_table.bin, shape_rows.bin, shape_slots.bin,
shape_discard_slots.bin and shape_joins.bin: the suit shape and usage tables of
`game.shapes` for every suit key of up to `TABLE_MAX` tiles, the usage rows of every suited key
of `EXTRA_SIZES` tiles, the slots a draw changes for every suited key of up to `SLOTS_MAX` tiles
(a discard: `DISCARD_SLOTS_MAX`), and every combination of the usage rows that suits make,
computed by the module's own searches.

    uv run python tools/make_shape_table.py
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.shapes import memo, tables  # noqa: E402
from tools import shape_tables  # noqa: E402


def main() -> int:
    # start from empty tables and no shipped file, so every entry comes from the search, not
    # from an old file
    memo.clear(files=False)
    _write(tables.TABLE_FILE, shape_tables.build_table(), f"{len(tables.table_keys())} keys")
    rows = shape_tables.build_rows_file()
    keys = sum(tables._WAYS[0][size] for size in tables.EXTRA_SIZES)  # as many as written
    _write(tables.ROWS_FILE, rows, f"{keys} keys")
    slots = shape_tables.build_slots_file()
    _write(tables.SLOTS_FILE, slots, f"{tables._SLOTS_FIRST[-1]} keys")
    discard_slots = shape_tables.build_discard_slots_file()
    _write(tables.DISCARD_SLOTS_FILE, discard_slots, f"{tables._DISCARD_FIRST[-1]} keys")
    joins = shape_tables.build_joins_file()
    _write(tables.JOINS_FILE, joins, f"{int.from_bytes(zlib.decompress(joins)[:4], 'little')} rows")
    return 0


def _write(path: Path, blob: bytes, what: str) -> None:
    path.write_bytes(blob)
    print(f"{path.relative_to(ROOT)}: {what}, {len(blob):,} bytes")


if __name__ == "__main__":
    raise SystemExit(main())
