"""Every pair of option values played together: a grid of short headless matches in which each
value of each option meets each value of every other option at least once (all pairs, not
all combinations). Each match is checked whole by tests/option_play.py `check_all`: tiles
kept after every action, scores = the payments, zero-sum among players with the house
holding only fees (M22) and flees' last quarters (M12), the log replaying and `mahjong
simulate` playing the same match, and each option's own effect (M10 reserve, M22 fee and
bust, M12 flee, M7 one winner; N10-N13 gold, N2 winners, N14 the end).

The per-value tests with their seed and ruling citations are tests/test_option_money.py."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules.registry import OPTION_TABLES
from tests.option_play import check_all, play

# slow: a sweep against the plain reference, a soak or a real build (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow

HANDS = (1, 4, 30)
"""Match lengths in the grid: one hand, a few, and long enough for busts and the broke."""
Grid = list[tuple[str, tuple[Any, ...]]]


def grid(ruleset: str) -> Grid:
    """Each option of `ruleset` with the values the grid plays: all its choices, and for the
    match length `HANDS`."""
    return [(name, opt.choices or HANDS) for name, opt in OPTION_TABLES[ruleset].items()]


def _pairs(params: Grid, row: dict[str, Any]) -> set[tuple[int, int, int, int]]:
    """The (option, value, option, value) index pairs `row` plays."""
    at = [values.index(row[name]) for name, values in params]
    return {(i, at[i], j, at[j]) for i in range(len(params)) for j in range(i + 1, len(params))}


def all_pairs(params: Grid) -> list[dict[str, Any]]:
    """Rows of option values in which every pair of values of two options meets: greedy, and
    the same rows every run (indices only, no hashing order)."""
    todo = {(i, a, j, b) for i in range(len(params)) for j in range(i + 1, len(params))
            for a in range(len(params[i][1])) for b in range(len(params[j][1]))}
    rows: list[dict[str, Any]] = []
    while todo:
        i, a, j, b = min(todo)
        chosen = {i: a, j: b}
        for k in range(len(params)):
            if k in chosen:
                continue
            best, most = 0, -1
            for v in range(len(params[k][1])):  # the value meeting most pairs still to meet
                met = sum(1 for m, w in chosen.items()
                          if ((m, w, k, v) if m < k else (k, v, m, w)) in todo)
                if met > most:
                    best, most = v, met
            chosen[k] = best
        row = {params[k][0]: params[k][1][v] for k, v in sorted(chosen.items())}
        rows.append(row)
        todo -= _pairs(params, row)
    return rows


ROWS = [(ruleset, n, row) for ruleset in sorted(OPTION_TABLES)
        for n, row in enumerate(all_pairs(grid(ruleset)))]


def _id(case: tuple[str, int, dict[str, Any]]) -> str:
    ruleset, _n, row = case
    return ruleset + "-" + ",".join(f"{k}={v}" for k, v in row.items())


@pytest.mark.parametrize("ruleset", sorted(OPTION_TABLES))
def test_the_rows_meet_every_pair_of_values(ruleset: str) -> None:
    params = grid(ruleset)
    rows = [row for rs, _n, row in ROWS if rs == ruleset]
    wanted = {(i, a, j, b) for i in range(len(params)) for j in range(i + 1, len(params))
              for a in range(len(params[i][1])) for b in range(len(params[j][1]))}
    met = set().union(*(_pairs(params, row) for row in rows))
    assert met == wanted
    # the two largest value lists set the least possible number of rows
    sizes = sorted(len(values) for _name, values in params)
    assert len(rows) <= sizes[-1] * sizes[-2] + 3


@pytest.mark.parametrize("case", ROWS, ids=_id)
def test_the_options_played_together(case: tuple[str, int, dict[str, Any]]) -> None:
    """One row of the grid, played whole, with flees asked for now and then (they pay only
    where Mazhan's `flee` is on, M12) and every check of tests/option_play.py."""
    ruleset, n, options = case
    match = play(ruleset, 100 + n, options, level=("easy", "normal")[n % 2], flee_rate=0.01)
    figures = check_all(match)
    assert match.options == {**match.options, **options}  # the match played these values
    why, hands = figures["end"]
    assert hands == len(match.hands) >= 1
    if why == "hands":
        assert hands == options["hands"]
