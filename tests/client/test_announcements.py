"""Calls are announced at the caller's seat, a win's call and open hand come before the score
panel, and floaters are drawn over everything, the results panel included (issue 11)."""

from __future__ import annotations

import pygame

from game.client import i18n
from game.client.context import Context
from game.client.sessions.local import LocalSession
from game.client.table.motion import WIN_CALLS, Floater
from game.client.table.scene import TableScene
from game.client.ui.tween import Tween


def _demo(ctx: Context, seed: int) -> tuple[LocalSession, TableScene]:
    session = LocalSession("mazhan", ["bot"] * 4, ["normal"] * 4, ["王", "李", "張", "劉"],
                           seed, hands=1)
    scene = TableScene(ctx, session, demo=True)
    ctx.stack.push(scene)
    return session, scene


def test_calls_show_at_the_callers_seat_and_the_win_before_its_panel(ctx: Context) -> None:
    i18n.set_language("zh")
    surface = pygame.display.get_surface()
    assert surface is not None
    seen_meld = False
    for seed in range(1, 30):
        session, scene = _demo(ctx, seed)
        while not session.hand_over:
            before = len(scene.callouts)
            session.step()
            scene._poll()
            scene.update(0.0)  # start the new events' animations, no time passing
            for callout in scene.callouts[before:]:
                assert 0 <= callout.rel < 4
            view = scene.view
            if scene.callouts[before:] and not session.hand_over:
                seen_meld = True
                # a meld's call sits at the seat that made it (its last meld is the new one)
                callout = scene.callouts[-1]
                seat = (callout.rel + scene.viewer) % 4
                assert view.melds[seat]
                assert callout.text == i18n.t("action." + view.melds[seat][-1].kind.value)
        result = scene.view.result
        assert result is not None
        if result.winner is None:
            continue
        win = scene.callouts[-1]
        assert (win.rel + scene.viewer) % 4 == result.winner
        plain = "call.cut" if result.cut else "action.win"  # 截胡 when a later win was cut
        assert win.text == i18n.t(WIN_CALLS.get(result.how, plain))
        assert scene.hold is not None and not scene.result_shown  # the open hand first
        scene.draw(surface)
        for _ in range(200):
            if scene.result_shown:
                break
            scene.update(0.05)
        assert scene.result_shown and scene.hold is None and not scene.callouts
        if seen_meld:
            return
    raise AssertionError("no won hand with a call in 30 seeds")


def test_a_win_that_cuts_off_another_is_called_jiehu(ctx: Context) -> None:
    """Rulings M7 and N2's default: when two players declare a win on one discard, only the
    first in turn order wins, and the table calls it 截胡 at the winner's seat."""
    i18n.set_language("zh")
    for seed in range(1, 200):
        probe = LocalSession("mazhan", ["bot"] * 4, ["normal"] * 4, ["王", "李", "張", "劉"],
                             seed, hands=1)
        while not probe.hand_over:
            probe.step()
        found = probe.view(-1).result
        if found is None or not found.cut:
            continue
        session, scene = _demo(ctx, seed)  # the same seed plays the same hand
        while not session.hand_over:
            session.step()
            scene._poll()
            scene.update(0.0)
        result = scene.view.result
        assert result is not None and result.cut == found.cut
        assert result.winner not in result.cut
        win = scene.callouts[-1]
        assert (win.rel + scene.viewer) % 4 == result.winner
        assert win.text == "截胡"
        return
    raise AssertionError("no hand with a cut-off win in 200 seeds")


def test_floaters_are_drawn_over_the_results_panel(ctx: Context) -> None:
    surface = pygame.display.get_surface()
    assert surface is not None
    session, scene = _demo(ctx, 2)
    while not scene.result_shown:
        session.step()
        scene._poll()
        scene.update(0.5)
    scene.floaters.clear()
    scene.draw(surface)
    panel = scene.panel
    assert panel is not None
    spot = panel.rect.center
    plain = surface.get_at(spot)
    scene.floaters.append(Floater("+888", spot, (255, 0, 255), Tween(0.0, 1.0, 10.0), 60))
    scene.draw(surface)
    near = [surface.get_at((spot[0] + dx, spot[1] + dy))[:3] for dx in range(-30, 31, 2)
            for dy in range(-20, 21, 2)]
    assert (255, 0, 255) in near and plain[:3] != (255, 0, 255)
