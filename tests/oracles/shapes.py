"""The shapes package's plain references: the whole-hand search for readings, which
`decompositions` (per-suit readings combined) is tested against."""

from __future__ import annotations

from game.shapes.readings import Group, _sort_key, _steps
from game.shapes.wins import _shape, is_win


def _feasible(work: list[int], wilds: int, pair_free: bool) -> bool:
    key = bytes(work)
    a, da = _shape(key[:9])
    b, db = _shape(key[9:18])
    c, dc = _shape(key[18:27])
    d, dd = _shape(key[27:])
    need = a + b + c + d + (min(da, db, dc, dd) if pair_free else 0)
    return need <= wilds


def search_readings(key: bytes, wilds: int) -> list[tuple[Group, ...]]:
    """`decompositions` worked out."""
    if not is_win(key, wilds):
        return []
    work = list(key)
    found: set[tuple[Group, ...]] = set()
    chosen: list[Group] = []

    def finish(spare: int, pair_free: bool) -> None:
        tail: list[Group] = []
        if pair_free:
            if spare < 2:
                return
            tail.append(Group("pair", (), ()))
            spare -= 2
        if spare % 3:
            return
        sets = spare // 3
        for chows in range(sets + 1):
            extra = [Group("chow", (), ())] * chows + [Group("pong", (), ())] * (sets - chows)
            found.add(tuple(sorted(chosen + tail + extra, key=_sort_key)))

    def walk(start: int, spare: int, pair_free: bool, floor: tuple[int, Group | None]) -> None:
        i = start
        while i < 34 and work[i] == 0:
            i += 1
        if i == 34:
            finish(spare, pair_free)
            return
        if not _feasible(work, spare, pair_free):
            return
        for step in _steps(work, chosen, i, spare, pair_free, floor):
            walk(*step)

    walk(0, wilds, True, (-1, None))
    return sorted(found, key=lambda reading: [_sort_key(g) for g in reading])
