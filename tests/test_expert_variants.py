"""tools/expert_variants.py: every screened variant (docs/strength.md) loads by its file spec
and plays a whole Nanjing hand among baselines, as the screening command runs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.bots.expert import ExpertBot
from game.tournament import play_deal
from tools import expert_variants

TOOLS = Path(__file__).parents[1] / "tools"
BASELINE = f"file:{TOOLS / 'baseline_bot.py'}:BaselineBot"
VARIANTS = sorted(name for name, value in vars(expert_variants).items()
                  if isinstance(value, type) and issubclass(value, ExpertBot)
                  and value is not ExpertBot)


def test_the_documented_variants_are_there() -> None:
    assert {"Tiles1", "Push15", "HardFold", "HardDiscard", "TileByReach",
            "FlatMoney", "Folding"} <= set(VARIANTS)


@pytest.mark.parametrize("name", VARIANTS)
def test_a_variant_plays_a_hand_among_baselines(name: str) -> None:
    spec = f"file:{TOOLS / 'expert_variants.py'}:{name}"
    deltas = play_deal("nanjing", 81, 0, [spec, BASELINE, BASELINE, BASELINE], 0)
    assert sum(deltas) == 0  # gold only changes hands (N10, N11)
