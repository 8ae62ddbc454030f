"""tools/expert_variants.py: every screened variant (docs/strength.md) loads by its file spec
and plays a whole Nanjing hand among baselines, as the screening command runs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.actions import Action, ActionKind
from game.bots import Bot, make_bot
from game.bots.expert import ExpertBot
from game.tournament import play_deal
from game.view import SeatView
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


def test_hold_for_draw_passes_an_early_wide_discard_win_only() -> None:
    """`HoldForDraw30` passes a discard win while 30+ tiles are left and 5+ copies of its wait
    are live, where the expert takes it; a late or narrow one it takes, as the expert does."""
    seen: list[tuple[SeatView, Action]] = []

    class Watch(expert_variants.HoldForDraw30):
        def choose(self, view: SeatView) -> Action:
            chosen = super().choose(view)
            if view.phase == "claim" and any(a.kind is ActionKind.WIN for a in view.legal):
                seen.append((view, chosen))
            return chosen

    def make(level: str, seed: int) -> Bot:
        return Watch(seed) if level == "watch" else make_bot(level, seed)

    deal = 0
    while deal < 60 and {c.kind for _, c in seen} != {ActionKind.PASS, ActionKind.WIN}:
        play_deal("nanjing", 91, deal, ["watch", BASELINE, BASELINE, BASELINE], 0, make=make)
        deal += 1
    held = [v for v, c in seen if c.kind is ActionKind.PASS]
    taken = [v for v, c in seen if c.kind is ActionKind.WIN]
    assert held and taken
    for view in held:
        assert view.wall_left >= 30
        assert ExpertBot(1).choose(view).kind is ActionKind.WIN
    for view in taken:
        assert not Watch(1).holds(view)
