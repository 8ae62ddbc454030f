"""The shipped font has a glyph for every character the shipped texts use (issue 11: no tofu
boxes, "5½" included): every catalogue string in every language, the rules texts, the tile
names. The font's cmap is read directly (format 4 and 12 subtables)."""

from __future__ import annotations

import re
import struct
from pathlib import Path

from game.client.i18n import STRINGS
from game.client.screens.rules import rules_path
from game.client.ui.fonts import UI_FONT


def cmap(path: Path) -> set[int]:
    """Every code point the font maps to a glyph."""
    data = path.read_bytes()
    (count,) = struct.unpack_from(">H", data, 4)
    tables = {data[12 + 16 * i:16 + 16 * i]: struct.unpack_from(">I", data, 20 + 16 * i)[0]
              for i in range(count)}
    base = tables[b"cmap"]
    (subtables,) = struct.unpack_from(">H", data, base + 2)
    found: set[int] = set()
    for i in range(subtables):
        platform, encoding, offset = struct.unpack_from(">HHI", data, base + 4 + 8 * i)
        if (platform, encoding) not in ((3, 1), (3, 10), (0, 3), (0, 4)):
            continue
        start = base + offset
        (fmt,) = struct.unpack_from(">H", data, start)
        if fmt == 4:
            (seg2,) = struct.unpack_from(">H", data, start + 6)
            segs = seg2 // 2
            ends = struct.unpack_from(f">{segs}H", data, start + 14)
            starts = struct.unpack_from(f">{segs}H", data, start + 16 + seg2)
            deltas = struct.unpack_from(f">{segs}h", data, start + 16 + 2 * seg2)
            ranges_at = start + 16 + 3 * seg2
            ranges = struct.unpack_from(f">{segs}H", data, ranges_at)
            for k in range(segs):
                for c in range(starts[k], ends[k] + 1):
                    if c == 0xFFFF:
                        continue
                    if ranges[k] == 0:
                        glyph = (c + deltas[k]) & 0xFFFF
                    else:
                        at = ranges_at + 2 * k + ranges[k] + 2 * (c - starts[k])
                        (glyph,) = struct.unpack_from(">H", data, at)
                    if glyph:
                        found.add(c)
        elif fmt == 12:
            (groups,) = struct.unpack_from(">I", data, start + 12)
            for g in range(groups):
                first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * g)
                found.update(range(first + (1 if glyph == 0 else 0), last + 1))
    return found


def _shipped_texts() -> list[str]:
    texts = [text for pair in STRINGS.values() for text in pair]
    texts += [rules_path(ruleset, language).read_text(encoding="utf-8")
              for ruleset in ("mazhan", "nanjing") for language in ("zh", "en")]
    return [re.sub(r"\{[^}]*\}", "", text) for text in texts]  # fields are filled in later


def test_the_font_covers_every_shipped_text() -> None:
    covered = cmap(UI_FONT)
    assert ord("A") in covered and ord("麻") in covered  # the reader works
    assert 0x2603 not in covered  # ☃: a character the font does not hold is reported
    missing = sorted({ch for text in _shipped_texts() for ch in text
                      if not ch.isspace() and ord(ch) not in covered})
    assert not missing, "".join(missing)
