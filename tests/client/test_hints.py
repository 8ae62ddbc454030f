from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.client.context import Context
from game.client.sessions.local import LocalSession
from game.client.table.hints import Advisor, hand_waits
from game.client.table.hud import draw_hints
from game.client.table.scene import TableScene
from game.match import Match
from game.shapes import is_seven_pairs, is_win
from game.view import SeatView

NAMES = ["王", "李", "張", "劉"]


def brute_waits(view: SeatView, counts: list[int]) -> list[int]:
    """Every kind whose addition makes a win, tried one by one with is_win."""
    out = []
    for k in range(34):
        if counts[k] >= 4:
            continue
        trial = counts[:]
        trial[k] += 1
        wilds = 0
        if view.wild is not None:
            wilds = trial[view.wild]
            trial[view.wild] = 0
        # Nanjing has no wilds (N1), so its seven pairs are checked on the plain counts
        seven = (view.ruleset == "nanjing" and not view.melds[view.seat]
                 and is_seven_pairs(trial))
        if is_win(trial, wilds) or seven:
            out.append(k)
    return out


def views_of_play(ruleset: str, seed: int, steps: int) -> list[SeatView]:
    """Views of every seat while four normal bots play `steps` actions of one hand."""
    match = Match(ruleset, seed)
    match.start_hand()
    bots = [make_bot("normal", seed + i) for i in range(4)]
    out: list[SeatView] = []
    for _ in range(steps):
        if match.hand_over:
            break
        seat = match.to_act()[0]
        out.extend(match.view(s) for s in range(4))
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return out


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["mazhan", "nanjing"]), st.integers(0, 10_000))
def test_waits_are_exactly_the_tiles_that_complete_the_hand(ruleset: str, seed: int) -> None:
    advisor = Advisor()
    for view in views_of_play(ruleset, seed, 40)[::5]:
        counts = list(view.counts)
        hints = advisor.hints(view)
        if sum(counts) % 3 == 2:
            if hints.after is None:
                continue
            counts[hints.after] -= 1
        assert hand_waits(view, counts) == brute_waits(view, counts)
        unseen = view.unseen()
        assert [(int(k), n) for k, n in hints.waits] == [(k, unseen[k])
                                                       for k in brute_waits(view, counts)]
        if view.seat in view.to_act and view.legal:
            assert hints.suggestion in view.legal
        else:
            assert hints.suggestion is None


def test_hover_changes_the_assumed_discard() -> None:
    for view in views_of_play("mazhan", 7, 60):
        if view.phase == "discard" and view.seat in view.to_act:
            advisor = Advisor()
            base = advisor.hints(view)
            for tile in set(view.concealed):
                hinted = advisor.hints(view, tile)
                assert hinted.after == tile
                counts = list(view.counts)
                counts[tile] -= 1
                assert [int(k) for k, _ in hinted.waits] == brute_waits(view, counts)
                assert hinted.suggestion == base.suggestion
            return
    raise AssertionError("no discard turn seen")


def test_hint_strip_fits_and_the_table_draws_it(ctx: Context, screen: pygame.Surface) -> None:
    session = LocalSession("nanjing", ["human", "bot", "bot", "bot"], ["normal"] * 4, NAMES,
                           seed=21, hands=1)
    scene = TableScene(ctx, session)
    drawn = 0
    for _ in range(3000):
        if session.hand_over:
            break
        scene.update(0.05)
        scene.draw(screen)
        if scene._my_turn():
            hints = scene.current_hints()
            used = draw_hints(screen, scene.layout.hints, hints, ctx.fonts, ctx.art)
            assert scene.layout.hints.contains(used), (used, scene.layout.hints)
            # as the table draws them: the suggestion right of the own river
            lay = scene.layout
            used = draw_hints(screen, lay.hints, hints, ctx.fonts, ctx.art, lay.suggest)
            assert lay.hints.union(lay.suggest).contains(used), (used, lay.hints, lay.suggest)
            assert hints.suggestion in scene.view.legal
            drawn += 1
            assert hints.suggestion is not None
            scene._submit(hints.suggestion)  # follow the advice: it is always legal
    assert drawn > 3
