"""What a LAN table keeps per hand: `python tools/lan_memory.py [--hands N] [--ruleset R]`.

The pure table (net/table.py) with four bot places and no peers plays in fake time, its save
and log texts made as the host makes them (written nowhere). Reported: memory still allocated
(tracemalloc: the table's and the bots' shared shape memos, which game/shapes/memo.py holds) per
hand between a warm-up point and the end; what the table itself keeps per hand (the objects
reachable from it and their sizes: `table_objects`, whose growth per hand the tests bound); and
the time to make one save at the end.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
import tracemalloc
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages beside tools/

from net.host_config import HostConfig  # noqa: E402
from net.table import Table  # noqa: E402

_OPAQUE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
           types.MethodType, types.CodeType)
"""Not followed when counting a table's objects: code and classes are shared, not kept."""


def _options(ruleset: str, hands: int) -> dict[str, Any]:
    """`hands` hands, the match not ended early by a broke player."""
    return {"hands": hands, **({"bust_ends": False} if ruleset == "mazhan" else {})}


def bot_table(ruleset: str, hands: int, *, save: bool = True, seed: int = 5,
              secret_walls: bool = True) -> Table:
    """A table of four bots that plays `hands` hands (the match does not end earlier), making
    its save and log as a host does (to paths that are never written). Without
    `secret_walls` the walls follow from `seed` (the same run every time)."""
    config = HostConfig(ruleset=ruleset, name="memory", seats=["bot"] * 4, hands=hands,
                        seed=seed, start_after=0.0, options=_options(ruleset, hands),
                        secret_walls=secret_walls,
                        save_path=Path("never-written.save") if save else None,
                        log_path=Path("never-written.log") if save else None)
    table = Table(config)
    table.open(0.0)
    return table


def play(table: Table, until_hands: int, now: float = 0.0) -> float:
    """Tick `table` in fake time until it has played `until_hands` hands (or ended); the
    files it hands over are dropped. Returns the fake time reached."""
    for _ in range(10_000_000):
        table.tick(now)
        table.drain()
        if table.final is not None or table.hands_done >= until_hands:
            return now
        deadline = table.next_deadline()
        if deadline is None:
            raise RuntimeError("the table waits for nothing")
        now = max(now, deadline)
    raise RuntimeError("the table never got there")


def _reachable(table: Table) -> list[Any]:
    seen: dict[int, Any] = {}
    todo: list[Any] = [table]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, _OPAQUE):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


def table_objects(table: Table) -> int:
    """Objects reachable from `table` (classes, modules and functions not followed): what it
    keeps, not what it allocates."""
    return len(_reachable(table))


def table_bytes(table: Table) -> int:
    """The sizes of the objects reachable from `table` (shared module caches, such as the
    bots' shape memos in game/shapes/memo.py, are not reachable from it and not counted)."""
    return sum(sys.getsizeof(obj) for obj in _reachable(table))


def measure(ruleset: str, hands: int, warm: int) -> dict[str, Any]:
    table = bot_table(ruleset, hands)
    now = play(table, warm)
    gc.collect()
    objects_warm, bytes_warm = table_objects(table), table_bytes(table)
    tracemalloc.start()
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    now = play(table, hands, now)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    done = table.hands_done - warm
    objects_end, bytes_end = table_objects(table), table_bytes(table)
    started = time.perf_counter()
    for _ in range(20):
        table.chronicle.save_text(table.save_data(hands=False), now)
    save_ms = (time.perf_counter() - started) / 20 * 1000
    return {"ruleset": ruleset, "hands": table.hands_done,
            "kept_kb_per_hand": round((after - before) / 1024 / max(1, done), 1),
            "table_kb_per_hand": round((bytes_end - bytes_warm) / 1024 / max(1, done), 2),
            "objects_per_hand": round((objects_end - objects_warm) / max(1, done), 1),
            "objects_at_end": objects_end,
            "save_ms_at_end": round(save_ms, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/lan_memory.py")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--warm", type=int, default=10)
    parser.add_argument("--ruleset", default="mazhan")
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.ruleset, args.hands, args.warm)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
