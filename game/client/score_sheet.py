"""A hand's score as a player reads it: the scorer's lines in headed groups (Mazhan base
points and tai; Nanjing basic, hard flowers, soft flowers and big items), each line's name in
the chosen language with the tiles it counts and its value, a subtotal per group, and the
formula as the seed writes it (Mazhan (base + 20) × 2^tai with 進一 and the 400 cap; Nanjing
20 + 20 + 2 × (hard + soft) + big items, 比下胡 doubling).

Pure text and tile lists; results.py draws them. A line's name, tiles and remarks are read
from its data (its catalogue key and arguments), never from words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game import catalogue
from game.client import i18n
from game.client.i18n import t
from game.client.tile_names import tile_name
from game.scoring import ScoreLine
from game.tiles import TILES, Tile

CAP = 400
"""Mazhan's cap on a hand (M15)."""
NANJING_GROUPS = {
    "win": "basic", "concealed": "basic",
    "hard_flowers": "hard", "kongs": "hard",
    "wind_pong": "soft", "middle_wait": "soft", "edge_wait": "soft", "single_wait": "soft",
    "missing_suit": "soft",
}
"""Nanjing line keys by group; every other flower line is a big item."""


@dataclass
class SheetRow:
    """One row: a group heading, a scored line, a subtotal or the formula."""

    kind: str
    """'head', 'line', 'subtotal', 'formula' or 'total'."""
    label: str
    value: str = ""
    tiles: list[Tile] = field(default_factory=list)
    note: str = ""
    key: str = ""
    """The scorer line's key, for a line row."""


def row_label(row: SheetRow) -> str:
    """A line's name as the sheet shows it, its note in brackets."""
    return row.label + (f" ({row.note})" if row.note else "")


def unit_name(unit: str) -> str:
    """A unit's name from the catalogue ('unit.base' 分 / pt, ...)."""
    return t(f"unit.{unit}") if i18n.has(f"unit.{unit}") else unit


def unit_text(line: ScoreLine) -> str:
    return f"{line.value} {unit_name(line.unit)}".rstrip()


def line_tiles(line: ScoreLine) -> list[Tile]:
    """The tiles a line counts, drawn beside its name."""
    return [TILES[kind] for kind in line.tiles]


def line_note(line: ScoreLine) -> str:
    """The scorer's remark on a set (the wilds in it) in the chosen language."""
    return t("sheet.wilds", n=line.wilds) if line.wilds else ""


def _no_tiles(line: ScoreLine) -> str:
    return ""  # drawn beside the name instead


def _named(kind: int, language: str) -> str:
    return tile_name(kind)  # the window's names, in its language


def line_name(line: ScoreLine) -> str:
    """The line's name in the chosen language: its catalogue words with the tiles left out
    (they are drawn beside it) and a tile it names in this window's words; English starts
    with a capital."""
    text = " ".join(catalogue.line_words(line, i18n.language(), tiles=_no_tiles,
                                         name=_named).split())
    return text[:1].upper() + text[1:]


def _line_row(line: ScoreLine) -> SheetRow:
    return SheetRow("line", line_name(line), unit_text(line), line_tiles(line), line_note(line),
                    line.key)


def mazhan_rows(items: Sequence[ScoreLine]) -> list[SheetRow]:
    """Base points, then tai, each with a subtotal, then special values and the formula."""
    base = [i for i in items if i.unit == "base"]
    tai = [i for i in items if i.unit == "tai"]
    hu = [i for i in items if i.unit == "hu"]
    total = next((i.value for i in items if i.unit == "total"), None)
    rows: list[SheetRow] = []
    for unit, lines in (("base", base), ("tai", tai)):
        if lines:
            rows.append(SheetRow("head", t(f"sheet.{unit}")))
            rows += [_line_row(i) for i in lines]
            rows.append(SheetRow("subtotal", t("sheet.subtotal"),
                                 f"{sum(i.value for i in lines)} {unit_name(unit)}"))
    if hu:
        rows.append(SheetRow("head", t("sheet.special")))
        rows += [_line_row(i) for i in hu]
    tai_n = sum(i.value for i in tai)
    ping = next((i for i in hu if i.key == "ping_hu"), None)
    if ping is not None:
        # 平胡's own value, doubled by its tai (M18)
        raw = ping.value * 2 ** tai_n
        text = str(ping.value) + (f" × {2 ** tai_n} = {raw}" if tai_n else "")
        note = ""
    else:
        # the seed's formula (M17), also when a special value replaces it: the special
        # value is listed above and the formula's result is shown as what it replaced
        head = next((i.value for i in base if i.key == "hu_head"), 0)
        points = sum(i.value for i in base) - head
        raw = (points + head) * 2 ** tai_n
        text = f"({points} + {head})" + (f" × {2 ** tai_n}" if tai_n else "") + f" = {raw}"
        note = t("sheet.doubling", n=tai_n) if tai_n else ""
    if total is not None and total != raw:
        # above 400 the value is the cap; below it a special value raised it to its own
        text += " → " + (t("sheet.capped", n=total) if total == CAP < raw else str(total))
    rows.append(SheetRow("formula", t("sheet.formula"), text, note=note))
    rows.append(SheetRow("total", t("result.total"), str(total if total is not None else "")))
    return rows


def nanjing_rows(items: Sequence[ScoreLine], total: int) -> list[SheetRow]:
    """Basic, hard flowers, soft flowers and big items, subtotals, then the count."""
    groups: dict[str, list[ScoreLine]] = {"basic": [], "hard": [], "soft": [], "big": []}
    multipliers = [i for i in items if i.unit == "x"]
    for item in items:
        if item.unit == "flower":
            groups[NANJING_GROUPS.get(item.key, "big")].append(item)
    rows: list[SheetRow] = []
    sums: dict[str, int] = {}
    for name, lines in groups.items():
        if not lines:
            continue
        rows.append(SheetRow("head", t(f"sheet.nj.{name}")))
        rows += [_line_row(i) for i in lines]
        sums[name] = sum(i.value for i in lines)
        if len(lines) > 1:
            rows.append(SheetRow("subtotal", t("sheet.subtotal"), f"{sums[name]}"))
    rows += [_line_row(i) for i in multipliers]
    # the seed's count: 20 (成牌) + 20 (門清) + 2 × (hard flowers + 2 per kong + soft) + big
    parts = [str(line.value) for line in groups["basic"]]
    doubled = [str(sums[g] // 2) for g in ("hard", "soft") if g in sums]
    if doubled:
        inner = " + ".join(doubled)
        parts.append(f"2 × ({inner})" if len(doubled) > 1 else f"2 × {inner}")
    parts += [str(line.value) for line in groups["big"]]
    text = " + ".join(parts) if parts else "0"
    if multipliers:
        text = f"({text}) × {multipliers[0].value}"
    rows.append(SheetRow("formula", t("sheet.formula"), f"{text} = {total}"))
    rows.append(SheetRow("total", t("result.total"), f"{total} {unit_name('flower')}"))
    return rows


def sheet_rows(ruleset: str, items: Sequence[ScoreLine], total: int,
               bonus: Sequence[Tile] = ()) -> list[SheetRow]:
    """The rows of one scored hand. Nanjing's hard-flowers line names no tiles (it counts
    them): it shows the hand's set-aside `bonus` tiles (Mazhan's lines name their own)."""
    if ruleset != "nanjing":
        return mazhan_rows(items)
    rows = nanjing_rows(items, total)
    for row in rows:
        if row.key == "hard_flowers" and not row.tiles:
            row.tiles = list(bonus)
    return rows
