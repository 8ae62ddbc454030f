from __future__ import annotations

import itertools

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.client.context import Context
from game.client.sessions.local import LocalSession
from game.client.table.scene import TableScene
from game.client.table.wall_view import RING, STACKS, ring_position, stack_rects, wall_heights
from game.match import Match


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(["mazhan", "nanjing"]), st.integers(0, 60))
def test_the_ring_holds_what_the_wall_holds(seed: int, ruleset: str, steps: int) -> None:
    match = Match(ruleset, seed)
    match.start_hand()
    for _ in range(steps):
        if match.hand_over:
            break
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[-1])
    view = match.view(-1)
    heights = wall_heights(view)
    assert sum(map(sum, heights)) == view.wall_remaining  # ruling M4: 4 × 18 × 2
    # walking clockwise from the head, the stacks still standing form one unbroken run
    side, stack = view.wall_break
    walk = [heights[s][k] for s, k in (ring_position(side, stack, i) for i in range(RING))]
    full = [i for i, h in enumerate(walk) if h]
    assert full == list(range(full[0], full[-1] + 1))
    head, tail = view.wall_taken
    assert full[0] == head // 2 and RING - 1 - full[-1] == tail // 2


def test_ring_positions_go_clockwise_onto_the_left_seats_side() -> None:
    # M4: from the break the head runs leftward along the side, then onto the previous seat's
    assert ring_position(0, 5, 0) == (0, 5)
    assert ring_position(0, 5, 13) == (3, 0)
    assert ring_position(2, 12, -12) == (2, 0)
    assert ring_position(2, 12, -13) == (3, 17)  # the tail runs back onto the next seat's side
    assert ring_position(1, 2, -3) == (2, 17)


def test_stack_rects_tile_the_ring_without_overlap() -> None:
    rect = pygame.Rect(100, 50, 360, 180)
    cells = [c for rel in range(4) for c in stack_rects(rect, 12, rel)]
    assert len(cells) == 4 * STACKS
    for cell in cells:
        assert rect.contains(cell)
    for a, b in itertools.combinations(cells, 2):
        assert not a.colliderect(b)
    # the viewer's side counts from the screen's right end, the opposite side from the left
    bottom, top = stack_rects(rect, 12, 0), stack_rects(rect, 12, 2)
    assert bottom[0].x > bottom[-1].x and top[0].x < top[-1].x


def test_payments_float_and_scores_change_at_once(ctx: Context, screen: pygame.Surface) -> None:
    """Nanjing kong money is paid during the hand: the floaters and plates show it."""
    for seed in range(40):
        session = LocalSession("nanjing", ["bot"] * 4, ["normal"] * 4, list("ABCD"), seed,
                               hands=1)
        scene = TableScene(ctx, session, demo=True)
        for _ in range(4000):
            if session.hand_over:
                break
            before = scene.view.scores
            session.step()
            events = session.poll(scene.viewer)
            pays = [e for e in events if e.kind == "payment"]
            scene.queue.extend(events)
            scene._refresh_view()
            if pays and not session.hand_over:
                moved = [a - b for a, b in zip(scene.view.scores, before, strict=True)]
                for pay in pays:
                    moved[pay.seat] -= pay.amount
                    moved[pay.other] += pay.amount
                assert moved == [0, 0, 0, 0]
                scene.update(0.0)  # no time passes: the floaters have only just started
                texts = {f.text for f in scene.floaters}
                for pay in pays:
                    assert f"+{pay.amount}" in texts and f"-{pay.amount}" in texts
                scene.draw(screen)
                return
    raise AssertionError("no payment during a hand in 40 seeds")
