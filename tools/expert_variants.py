"""Expert variants screened against the full-strength baseline (issue 30; docs/bots-notes.md).

Each class is `ExpertBot` with one knob changed; compare one with the expert on the same deals,
each alone among three baselines:

    uv run python tools/paired.py --ruleset nanjing --deals 500 --seed 81 --field \\
        --a expert --b file:tools/expert_variants.py:NoFlushSlack \\
        --opp file:tools/baseline_bot.py:BaselineBot --jobs 2
"""

from __future__ import annotations

from typing import ClassVar

from game.bots import expert_nanjing as xn
from game.bots.expert import ExpertBot


class NoFlushSlack(ExpertBot):
    """Nanjing: no extra deficiency accepted early for 清一色 and 混一色."""

    nanjing_slack: ClassVar[dict[str, int]] = {
        "plain": 0, "pairs": 0, "flush": 0, "half_flush": 0, "triplets": 0}


class Tiles4(ExpertBot):
    """Nanjing: a live improving tile worth 4 gold against a discard's danger, not 2."""

    nanjing: ClassVar[xn.Tuning | None] = xn.Tuning(gold_per_tile=4.0)


class NoKongSlack(ExpertBot):
    """Nanjing: a concealed kong only when it costs no shape."""

    kong_slack = 0


class Folding(ExpertBot):
    """Nanjing: the expected-gold rule may fold (give up shape for safety)."""

    nanjing: ClassVar[xn.Tuning | None] = xn.Tuning(fold=True)
