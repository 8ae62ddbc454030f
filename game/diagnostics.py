"""The program's own trace: standard `logging` to a rotating file in the log folder
(game/paths.py), INFO by default, and on standard error as well with --verbose.

What goes in: start-up (version, command, Python, platform), each match's start and end,
saves and logs written (and failures to write them), LAN connections and refusals, and every
exception that reaches the top with its traceback. Modules log through
`logging.getLogger(__name__)`; only `setup` touches handlers.
"""

from __future__ import annotations

import logging
import logging.handlers
import platform
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from game import __version__, paths

LOG_NAME = "mahjong.log"
MAX_BYTES = 1_000_000
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_installed: list[logging.Handler] = []
_level_before: list[int] = []
"""The root logger's level before `setup`, put back by `shutdown`."""
_hook_before: list[Callable[[threading.ExceptHookArgs], object]] = []
"""threading.excepthook before `setup` (chained to, and put back by `shutdown`)."""
log = logging.getLogger("game.diagnostics")


def log_file() -> Path:
    return paths.diagnostics_dir() / LOG_NAME


def _thread_died(args: threading.ExceptHookArgs) -> None:
    """A background thread (the LAN loop, a host) ended with an exception: log its traceback,
    then let Python report it as it always does."""
    if args.exc_type is not SystemExit and args.exc_value is not None:
        name = args.thread.name if args.thread is not None else "?"
        log.error("thread %s died", name, exc_info=args.exc_value)
    (_hook_before[-1] if _hook_before else threading.__excepthook__)(args)


def shutdown() -> None:
    """Remove and close the handlers `setup` installed (tests call it between tests)."""
    root = logging.getLogger()
    for old in _installed:
        root.removeHandler(old)
        old.close()
    _installed.clear()
    if _level_before:
        root.setLevel(_level_before.pop())
    if threading.excepthook is _thread_died and _hook_before:
        threading.excepthook = _hook_before.pop()


def setup(verbose: bool = False, command: str = "") -> Path | None:
    """Send INFO and above to the rotating file (and to stderr when `verbose`). Returns the
    file, or None when it cannot be opened (a read-only home must not stop the game)."""
    shutdown()
    root = logging.getLogger()
    _level_before.append(root.level)
    root.setLevel(logging.INFO)
    path: Path | None = log_file()
    assert path is not None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except OSError as exc:
        path = None
        if verbose:
            sys.stderr.write(f"mahjong: cannot write the diagnostic log: {exc}\n")
    else:
        handler.setFormatter(logging.Formatter(FORMAT))
        _installed.append(handler)
    if verbose:
        echo = logging.StreamHandler(sys.stderr)
        echo.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        _installed.append(echo)
    for handler in _installed:
        root.addHandler(handler)
    _hook_before.append(threading.excepthook)
    threading.excepthook = _thread_died
    log.info("mahjong %s starts: %s (Python %s, %s)", __version__, command or "window",
             platform.python_version(), platform.platform(terse=True))
    return path
