"""What moves at a hand's start and on draws (issue 11): the first-dealer roll, the deal in
blocks of four from the wall's stacks after the break, draws from the wall's head or tail,
the wild's flip; Tab skips it all, and the session never waits for it."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.sessions.local import LocalSession
from game.client.table.centre_box import wall_thickness
from game.client.table.layers import RING_PAD
from game.client.table.layout import river_grid, river_tile_rect
from game.client.table.motion import Flight, Floater, floater_spot
from game.client.table.scene import TableScene
from game.client.table.wall_view import ring_position, stack_rects
from game.client.ui.tween import Tween
from game.client.ui.widgets import felt_background
from game.events import Event, EventKind
from game.melds import Meld, MeldKind
from game.tiles import parse_tiles


def _scene(ctx: Context, seats: list[str]) -> tuple[LocalSession, TableScene]:
    ctx.options.speed = 1.0
    session = LocalSession("mazhan", seats, ["normal"] * 4, ["王", "李", "張", "劉"], 4,
                           hands=2)
    scene = TableScene(ctx, session, demo="human" not in seats)
    ctx.stack.push(scene)
    return session, scene


def test_a_match_starts_with_the_first_roll_then_the_deal_in_blocks(ctx: Context) -> None:
    i18n.set_language("en")
    session, scene = _scene(ctx, ["human", "bot", "bot", "bot"])
    scene.update(0.0)
    assert scene.first_roll is not None
    text, dice, _tween = scene.first_roll
    assert dice == session.match.first_dice
    wind = i18n.t(f"wind.name.{scene.viewer}")
    assert text.endswith(f"you are {wind}")
    deal = [m for m in scene.moves if m.stacks]
    counts = sorted(m.count for m in deal)
    hand = 16  # Mazhan: four blocks of four for each seat
    assert sum(counts) >= 4 * hand and set(counts) <= {1, 2, 3, 4}
    assert counts.count(4) >= 16
    # every block waits for the roll that picks the dealer and the roll that breaks the wall
    assert min(m.tween.delay for m in deal) >= scene.first_roll[2].duration
    assert scene.flip is not None and scene.flip[1].delay > max(m.tween.delay for m in deal)
    # the deal's flower replacements come from the tail once the wild has turned
    flip = scene.flip[1]
    replacements = [m for m in scene.moves if not m.stacks]
    assert all(m.tween.delay >= flip.delay + flip.duration for m in replacements)
    surface = pygame.display.get_surface()
    assert surface is not None
    for _ in range(8):
        scene.update(0.4)
        scene.draw(surface)
    assert scene.first_roll is None  # shown once, at the match's first hand


def test_draws_come_from_the_head_or_the_tail(ctx: Context) -> None:
    _session, scene = _scene(ctx, ["bot"] * 4)
    scene.update(0.0)
    scene.skip_motion()
    head = scene._wall_spot(tail=False)
    tail = scene._wall_spot(tail=True)
    assert head != tail
    scene.queue.append(Event(EventKind.DRAW, 1, info="tail"))
    scene.queue.append(Event(EventKind.DRAW, 2))
    scene.update(0.0)
    starts = [m.start for m in scene.moves]
    assert starts == [tail, head]


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_the_deal_flies_from_the_wall_after_the_break(ctx: Context, ruleset: str) -> None:
    """Each block leaves from the two stacks it is taken from, the head running from the
    break, in the engine's order (four each from the dealer round the table); the wall shows
    a block's stacks until it leaves."""
    ctx.options.speed = 1.0
    session = LocalSession(ruleset, ["bot"] * 4, ["normal"] * 4, ["王", "李", "張", "劉"], 4,
                           hands=1)
    scene = TableScene(ctx, session, demo=True)
    ctx.stack.push(scene)
    scene.update(0.0)
    view = scene.view
    deal = sorted((m for m in scene.moves if m.stacks), key=lambda m: m.tween.delay)
    size = 16 if ruleset == "mazhan" else 13
    assert sum(m.count for m in deal) == 4 * size + 1
    expected: list[tuple[int, int]] = []
    for i in range(4 * size + 1):
        expected.append(ring_position(*view.wall_break, i // 2))
    assert [spot for m in deal for spot in m.stacks] == expected
    cells = {(side, k): cell for side in range(4)
             for k, cell in enumerate(stack_rects(scene.layout.center.inflate(-4, -4),
                                                  wall_thickness(scene.layout),
                                                  (side - scene.viewer) % 4))}
    first = deal[0]
    assert first.count == 4 and first.rel == (0 - scene.viewer) % 4  # the dealer's block
    for move in deal:  # from between its own stacks, never from the middle of the table
        around = cells[move.stacks[0]].unionall([cells[spot] for spot in move.stacks])
        assert around.inflate(2, 2).collidepoint(move.start), (move.start, move.stacks)
        assert not scene.layout.center.inflate(-4 * wall_thickness(scene.layout),
                                               -4 * wall_thickness(scene.layout)).collidepoint(
            move.start)
    # a block that has not left yet still stands in the wall, drawn over the emptied stacks
    surface = pygame.display.get_surface()
    assert surface is not None
    scene.draw(surface)
    last = deal[-1]
    spot = cells[last.stacks[0]]
    empty = scene.still.at_size(surface.get_size()).get_at(spot.center)
    assert surface.get_at(spot.center) != empty
    for _ in range(30):
        scene.update(0.2)
    assert not any(m.stacks for m in scene.moves)


def test_draws_in_one_batch_leave_from_consecutive_stacks(ctx: Context) -> None:
    """The view is past the whole batch: each draw's stack is counted back from it."""
    _session, scene = _scene(ctx, ["bot"] * 4)
    scene.update(0.0)
    scene.skip_motion()
    head, tail = scene.view.wall_taken
    scene.view = scene.view._replace(wall_taken=(head + 4, tail + 2))
    for info in ("", "tail", "", "", "tail", ""):
        scene.queue.append(Event(EventKind.DRAW, 1, info=info))
    scene.update(0.0)
    starts = [m.start for m in scene.moves]
    heads = [scene._wall_spot(False, head + k) for k in range(1, 5)]
    tails = [scene._wall_spot(True, tail + k) for k in range(1, 3)]
    assert starts == [heads[0], tails[0], heads[1], heads[2], tails[1], heads[3]]
    assert scene.wall_pos == [head + 4, tail + 2]


def test_tab_skips_and_the_human_never_waits(ctx: Context) -> None:
    session, scene = _scene(ctx, ["human", "bot", "bot", "bot"])
    scene.update(0.0)
    assert scene.settling and scene.animating
    # the human may act while it all still shows: the session already dealt
    seat = session.seat_of(0)
    if 0 in session.humans_to_act():
        assert session.view(seat).legal
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))
    assert not scene.settling and not scene.moves and scene.first_roll is None
    assert scene.flip is None and scene.dice_roll is None


def test_a_claimed_tile_moves_from_its_river_to_the_melds(ctx: Context) -> None:
    _session, scene = _scene(ctx, ["bot"] * 4)
    scene.update(0.0)
    scene.skip_motion()
    pong = parse_tiles("555p")
    claimer, source = (scene.viewer + 1) % 4, (scene.viewer + 2) % 4
    meld = Meld(MeldKind.PONG, tuple(pong), claimed=pong[0], source=source)
    scene.queue.append(Event(EventKind.MELD, claimer, meld=meld, other=source))
    scene.update(0.0)
    (move,) = [m for m in scene.moves if m.tile is not None]
    assert move.tile == pong[0]
    assert scene.layout.rivers[2].collidepoint(move.start)  # across: the top river
    assert move.end == scene.layout.melds[1].center  # to the right seat's melds


def test_a_fading_text_leaves_the_shared_rendered_text_whole(ctx: Context) -> None:
    """Calls, floaters and banners fade; the text image render() caches is shared with every
    other place that draws the same words, so fading must work on a copy."""
    fonts = ctx.fonts
    shared = fonts.render("碰", 48, (250, 220, 90), bold=True)
    before = shared.get_alpha()
    faded = fonts.faded("碰", 48, (250, 220, 90), 60, bold=True)
    assert faded.get_alpha() == 60 and faded is not shared
    assert fonts.render("碰", 48, (250, 220, 90), bold=True) is shared
    assert shared.get_alpha() == before


def test_a_floater_at_the_top_seat_stays_on_screen() -> None:
    screen = pygame.Rect(0, 0, 1024, 640)
    tween = Tween(0.0, 1.0, 1.0)
    floater = Floater("Winter", (512, 20), (255, 255, 255), tween, 30)
    assert floater_spot(floater, (90, 36), 40, screen).center == (512, 20)
    tween.update(2.0)  # risen all the way: past the top, were it not kept on screen
    spot = floater_spot(floater, (90, 36), 40, screen)
    assert screen.contains(spot) and spot.top == 0
    low = Floater("+8", (512, 400), (255, 255, 255), tween, 30)
    assert floater_spot(low, (40, 30), 40, screen).center == (512, 360)


def _bots_play_until(ctx: Context, done: Callable[[TableScene], bool]) -> TableScene:
    """Four bots play, motion skipped, until `done` holds with the hand still on."""
    session, scene = _scene(ctx, ["bot"] * 4)
    scene.update(0.0)
    scene.skip_motion()
    for _ in range(200):
        if done(scene) and not session.hand_over:
            break
        session.step()
        scene._poll()
        scene.update(0.0)
        scene.skip_motion()
    return scene


def test_a_flying_discard_lands_without_drawing_the_table_again(ctx: Context) -> None:
    """The still layer holds every river tile; while a discard flies its spot shows felt, and
    its landing only stops covering it (a layer redraw per landing cost frame time)."""
    scene = _bots_play_until(ctx, lambda scene: all(scene.view.rivers[s] for s in range(4)))
    surface = pygame.display.get_surface()
    assert surface is not None
    seat = (scene.viewer + 2) % 4
    river = scene.view.rivers[seat]
    assert river and not scene.flights
    scene.draw(surface)
    layer = scene.layer
    rel = (seat - scene.viewer) % 4
    width, spots = river_grid(scene.layout.rivers[rel], rel, len(river), scene.layout.river_w)
    spot = river_tile_rect(spots[-1], rel, width)
    landed = surface.get_at(spot.center)
    felt = felt_background(surface.get_size()).get_at(spot.center)
    assert landed != felt
    scene.flights.append(Flight(seat, river[-1][0], Tween(0.0, 1.0, 0.2), width))
    scene.draw(surface)
    assert surface.get_at(spot.center) == felt  # the tile is on its way, its spot empty
    scene.update(0.5)
    scene.draw(surface)
    assert not scene.flights and scene.layer is layer
    assert surface.get_at(spot.center) == landed


def test_a_flying_discard_shows_no_highlight_ring_around_its_empty_spot(ctx: Context) -> None:
    """The last discard's ring is in the still layer with the tile; while the tile flies the
    cover takes the ring too, or a ring frames an empty spot."""
    scene = _bots_play_until(ctx, lambda scene: scene.view.last_discard is not None
                             and bool(scene.view.rivers[scene.view.last_discard[0]]))
    last = scene.view.last_discard
    surface = pygame.display.get_surface()
    assert surface is not None and last is not None
    seat = last[0]
    river = scene.view.rivers[seat]
    rel = (seat - scene.viewer) % 4
    width, spots = river_grid(scene.layout.rivers[rel], rel, len(river), scene.layout.river_w)
    ring = river_tile_rect(spots[-1], rel, width).inflate(RING_PAD, RING_PAD)
    edge = (ring.centerx, ring.top)
    felt = felt_background(surface.get_size()).get_at(edge)
    scene.draw(surface)
    assert surface.get_at(edge) != felt  # landed: the ring marks the last discard
    scene.flights.append(Flight(seat, river[-1][0], Tween(0.0, 1.0, 0.2), width))
    scene.draw(surface)
    assert surface.get_at(edge) == felt  # on its way: no ring around an empty spot
