"""What moves at a hand's start and on draws (issue 11): the first-dealer roll, the deal in
blocks of four, draws from the wall's head or tail, the wild's flip; Tab skips it all, and
the session never waits for it."""

from __future__ import annotations

import pygame

from game.client import i18n
from game.client.context import Context
from game.client.session import LocalSession
from game.client.table import TableScene
from game.events import Event
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
    deal = [m for m in scene.moves if m.tween.delay > 1.0]
    counts = sorted(m.count for m in deal)
    hand = 16  # Mazhan: four blocks of four for each seat
    assert sum(counts) >= 4 * hand and set(counts) <= {1, 2, 3, 4}
    assert counts.count(4) >= 16
    # every block waits for the roll that picks the dealer and the roll that breaks the wall
    assert min(m.tween.delay for m in deal) >= scene.first_roll[2].duration
    assert scene.flip is not None and scene.flip[1].delay > max(m.tween.delay for m in deal)
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
    scene.queue.append(Event("draw", 1, info="tail"))
    scene.queue.append(Event("draw", 2))
    scene.update(0.0)
    starts = [m.start for m in scene.moves]
    assert starts == [tail, head]


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
    scene.queue.append(Event("meld", claimer, meld=meld, other=source))
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
