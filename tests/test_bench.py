"""`mahjong bench`'s measurements return real figures."""

from __future__ import annotations

from game.bench import bench_is_win, bench_waits


def test_bench_memory_and_cost_figures() -> None:
    from game.bench import cost_per_hand_ms, peak_memory_kb

    figures = peak_memory_kb(5)
    # a fresh process: Python and the game's tables take some megabytes, not the caller's heap
    assert 1_000 < figures["traced"] < figures["rss"] < 500_000
    assert cost_per_hand_ms(3) > 0


def test_benchmarks_return_rates() -> None:
    assert bench_is_win(200, 1) > 0
    assert bench_waits(200, 1) > 0
