"""The window's entry point and main loop: dt-based updates, and idle while nothing changes."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from game.argparsing import UsageError
from game.client.options import ClientOptions, OptionsError, options_from_args, parse_play_args

__all__ = ["ClientOptions", "FrameStats", "main", "parse_play_args", "run"]

log = logging.getLogger(__name__)

class CtrlC:
    """Ctrl-C while the window runs: noted by a handler that never raises, acted on between
    frames (`check`). A KeyboardInterrupt raised wherever the signal happens to land is not
    safe in the window: landing in the import system's own callbacks (screens load their
    modules when first opened) it is only printed and the window runs on, and a caught one
    could still end the process by SIGINT (exit -2, not 130)."""

    def __init__(self) -> None:
        self.pressed = False

    def note(self, _signum: int, _frame: object) -> None:
        self.pressed = True

    def check(self) -> None:
        """Raise the interrupt here, in the window's own loop, if Ctrl-C was pressed."""
        if self.pressed:
            self.pressed = False
            raise KeyboardInterrupt

    @contextlib.contextmanager
    def noted(self) -> Iterator[None]:
        """Take over SIGINT for the block where Python's own handler is in place (a SIGINT
        ignored by the caller stays ignored); the previous handler comes back after."""
        previous = signal.getsignal(signal.SIGINT)
        ours = previous is signal.default_int_handler
        self.pressed = False
        if ours:
            signal.signal(signal.SIGINT, self.note)
        try:
            yield
        finally:
            if ours:
                signal.signal(signal.SIGINT, previous)
        self.check()  # pressed while closing down: still an interrupt


CTRL_C = CtrlC()

MAX_DT = 0.1
"""A long stall (window dragged, machine busy) must not teleport animations to their end."""
IDLE_WAIT_MS = 1000
FPS_CAP = 120
"""While things move, frames are spaced at least 1/FPS_CAP s apart so a window without
vsync does not spin a core."""


class FrameStats:
    """Milliseconds spent per drawn frame (update + draw + flip), for --frame-stats."""

    def __init__(self) -> None:
        self.times: list[float] = []

    def add(self, ms: float) -> None:
        self.times.append(ms)

    def summary(self, hands_completed: int) -> dict[str, float | int]:
        times = sorted(self.times)
        if not times:
            return {"frames": 0, "median_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0,
                    "hands_completed": hands_completed}
        p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
        return {
            "frames": len(times),
            "median_ms": round(statistics.median(times), 3),
            "p99_ms": round(p99, 3),
            "max_ms": round(times[-1], 3),
            "hands_completed": hands_completed,
        }


HEADLESS_DRIVERS = ("offscreen", "dummy")
"""SDL's drivers that draw nowhere: used only when asked for (tests, screenshots)."""


class NoDisplay(Exception):
    """The window cannot be shown; the message says why, for a person."""


def main(argv: list[str]) -> int:
    """`mahjong [play ...]`: parse, then open the window. Bad arguments: status 2; no display
    or no window: 1; Ctrl-C: 130 (the match in progress stays saved)."""
    try:
        options = parse_play_args(argv)
    except OptionsError as exc:
        print(f"mahjong play: {exc}", file=sys.stderr)
        return 2
    return _open(options)


def run_args(args: argparse.Namespace) -> int:
    """`mahjong play` (or plain `mahjong`) parsed by `mahjong`'s parser: open the window.
    A flag argparse let by but the window refuses raises UsageError (status 2)."""
    try:
        options = options_from_args(args)
    except OptionsError as exc:
        raise UsageError(str(exc)) from None
    return _open(options)


def _open(options: ClientOptions) -> int:
    """Run the window with the exit statuses of `main`."""
    try:
        with CTRL_C.noted():
            return run(options)
    except NoDisplay as exc:
        log.info("no display: %s", exc)
        print(f"mahjong: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        log.info("window interrupted (Ctrl-C)")
        print("\nmahjong: interrupted; a match in progress stays saved (Continue resumes it)",
              file=sys.stderr)
        return 130
    finally:
        if "pygame" in sys.modules:
            sys.modules["pygame"].quit()


def open_display() -> None:
    """Start SDL's video, refusing to run invisibly: without a display SDL falls back to its
    offscreen driver, which is only right when SDL_VIDEODRIVER asks for it."""
    import pygame

    asked = os.environ.get("SDL_VIDEODRIVER", "").strip().lower()
    try:
        pygame.display.init()
    except pygame.error as exc:
        where = f"the {asked} video driver" if asked else "a display"
        raise NoDisplay(f"no display: cannot use {where} ({exc})") from None
    driver = (pygame.display.get_driver() or "").lower()
    if driver in HEADLESS_DRIVERS and asked != driver:
        pygame.display.quit()
        raise NoDisplay("no display: nothing to show the window on (set DISPLAY or "
                        "WAYLAND_DISPLAY, or SDL_VIDEODRIVER=dummy to run without a window)")


def run(argv_options: ClientOptions) -> int:
    """Open the window, run until the player quits (or --quit-after), return an exit status."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Let Ctrl-C be Python's KeyboardInterrupt (exit 130) rather than SDL's quit event.
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    # the input method draws its own candidate list (Windows shows none otherwise); the
    # composition itself is drawn in the text field from TEXTEDITING events
    os.environ.setdefault("SDL_IME_SHOW_UI", "1")
    import pygame

    from game.client import i18n
    from game.client import settings as settings_mod
    from game.client.context import Context
    from game.client.ui.fonts import Fonts
    from game.client.ui.tile_art import TileArt

    options = argv_options
    open_display()
    pygame.font.init()
    settings_path_env = os.environ.get("MAHJONG_SETTINGS")
    settings_path = Path(settings_path_env) if settings_path_env else None
    settings = settings_mod.load(settings_path)
    if not settings.language:  # first start: the system's locale decides, the player may change it
        locales = [(str(loc.get("language") or ""), loc.get("country"))
                   for loc in pygame.system.get_pref_locales()]
        settings.language = i18n.system_language(preferred=locales)
        with contextlib.suppress(OSError):
            settings_mod.save(settings, settings_path)
    i18n.set_language(settings.language)
    flags = pygame.RESIZABLE
    if settings.fullscreen and not options.screenshot and not options.frame_stats:
        flags |= pygame.FULLSCREEN
    try:
        screen = pygame.display.set_mode(options.size, flags)
    except pygame.error as exc:
        w, h = options.size
        raise NoDisplay(f"cannot open a {w}x{h} window ({exc})") from None
    pygame.display.set_caption("麻將 Mahjong")
    fonts = Fonts()
    if options.layout_json:
        fonts.seen = {}
    from game.client.sessions.match_files import data_dir
    from game.client.ui.sound import Sounds

    ctx = Context(options, settings, fonts, TileArt(fonts), settings_path=settings_path,
                  size=screen.get_size(), sounds=Sounds.open(settings.volume),
                  data_dir=data_dir())
    ctx.stack.open("main menu")
    if options.replay and options.review is not None:
        # the Review screen of that player, or a notice saying why the log cannot be reviewed
        ctx.stack.open("review", log=Path(options.replay), player=options.review)
    elif options.replay:
        from game.client.table.replay import open_replay

        open_replay(ctx, Path(options.replay))  # a bad file is explained on screen
    elif options.lesson:
        from game.client.sessions.lesson import open_lesson

        open_lesson(ctx, options.lesson)
    elif options.play:
        from game.client.sessions.local import open_table

        def start() -> None:
            open_table(ctx, ruleset=options.ruleset, seats=options.seats,
                       levels=[options.bots] * 4, names=options.names, hands=options.hands,
                       seed=options.seed, replace=False)

        try:
            if not ask_before_replacing(ctx, start):
                start()
        except RuntimeError as exc:
            print(f"mahjong play: {exc}", file=sys.stderr)
            pygame.quit()
            return 1
    stats = FrameStats()
    status = loop(ctx, screen, stats)
    if options.screenshot:
        draw_all(ctx, screen)
        try:
            pygame.image.save(screen, options.screenshot)
        except (OSError, pygame.error) as exc:
            print(f"mahjong play: cannot save the screenshot: {exc}", file=sys.stderr)
            status = 1
    if options.layout_json:
        from game.client.table.layout_dump import write_layout

        draw_all(ctx, screen)
        try:
            write_layout(ctx, options.layout_json)
        except OSError as exc:
            print(f"mahjong play: cannot write the layout: {exc}", file=sys.stderr)
            status = 1
    if options.frame_stats:
        print(json.dumps(stats.summary(ctx.hands_completed)))
    pygame.quit()
    return status


def ask_before_replacing(ctx: object, start: Callable[[], None]) -> bool:
    """When `mahjong play` would start a recorded match (a human seat) while an unfinished one
    is saved, show the question the setup screen asks (start new, or back to the menu, where
    Continue is offered) and return True; else False: start at once."""
    from game.client.context import Context
    from game.client.i18n import t
    from game.client.sessions.resume import continue_label
    from game.client.ui.notice import ConfirmScene

    assert isinstance(ctx, Context)
    if ctx.data_dir is None or ctx.options.demo or "human" not in ctx.options.seats:
        return False
    saved = continue_label(ctx.data_dir)
    if saved is None:
        return False
    ctx.stack.push(ConfirmScene(ctx, t("new.title"),
                                t("new.body", detail=saved.split(" · ", 1)[-1]),
                                t("new.confirm"), start))
    return True


def draw_all(ctx: object, screen: object) -> None:
    """Draw the visible scenes bottom first (overlays see the scene beneath)."""
    from game.client.context import Context

    assert isinstance(ctx, Context)
    for scene in ctx.stack.visible():
        scene.draw(screen)  # type: ignore[arg-type]


def loop(ctx: object, screen: object, stats: FrameStats) -> int:
    import pygame

    from game.client.context import Context

    assert isinstance(ctx, Context) and isinstance(screen, pygame.Surface)
    options = ctx.options
    start = time.perf_counter()
    deadline = start + options.quit_after if options.quit_after else None
    last = start
    force_draw = True
    while ctx.running and len(ctx.stack):
        CTRL_C.check()
        top = ctx.stack.top
        assert top is not None
        now = time.perf_counter()
        if deadline is not None and now >= deadline:
            break
        busy = force_draw or top.dirty
        if not busy:
            # Idle: sleep until input, a scene's timer, or the --quit-after deadline.
            waits = [IDLE_WAIT_MS / 1000]
            wake = top.wake_in()
            if wake is not None:
                waits.append(max(wake, 0.0))
            if deadline is not None:
                waits.append(max(deadline - now, 0.0))
            timeout = int(min(waits) * 1000)
            events = [pygame.event.wait(timeout)] if timeout > 0 else []
            events = [e for e in events if e.type != pygame.NOEVENT]
            events += pygame.event.get()
        else:
            events = pygame.event.get()
        frame_start = time.perf_counter()
        dt = min(frame_start - last, MAX_DT)
        last = frame_start
        for event in events:
            if event.type == pygame.QUIT:
                ctx.running = False
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                screen = pygame.display.get_surface() or screen
                ctx.size = screen.get_size()
                for scene in ctx.stack.scenes:
                    scene.resize(ctx.size)
            elif event.type == pygame.USEREVENT and getattr(event, "fullscreen", False):
                pygame.display.toggle_fullscreen()
            elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
                force_draw = True
            elif ctx.stack.top is not None:
                ctx.stack.top.handle(event)
        if not ctx.running or not len(ctx.stack):
            break
        top = ctx.stack.top
        assert top is not None
        moving = top.update(dt)
        if moving or top.dirty or force_draw:
            draw_all(ctx, screen)
            pygame.display.flip()
            stats.add((time.perf_counter() - frame_start) * 1000)
            force_draw = moving
            spare = 1 / FPS_CAP - (time.perf_counter() - frame_start)
            if moving and spare > 0.001:
                pygame.time.wait(int(spare * 1000))
    return 0
