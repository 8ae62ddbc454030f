"""Bots: each decides from its seat view only, with its own seeded randomness.

The interface any bot follows (documented in docs/bots.md): a class built as `Cls(seed)` with a
`choose(view) -> Action` method returning one of `view.legal`. `make_bot` builds the project's
levels and, for a spec `file:PATH.py:ClassName`, a class loaded from a file.
"""

from __future__ import annotations

import hashlib
import importlib.util
from pathlib import Path
from typing import Protocol, runtime_checkable

from game.actions import Action
from game.view import SeatView

LEVELS = ("random", "easy", "normal", "hard", "expert")

FILE_PREFIX = "file:"


class Bot(Protocol):
    def choose(self, view: SeatView) -> Action:
        """One of `view.legal`."""


@runtime_checkable
class LegalChooser(Protocol):
    """A bot that decides from the legal actions alone: a headless match need not build it a
    view (`choose_legal(view.legal)` must equal `choose(view)`, random stream included)."""

    def choose_legal(self, legal: tuple[Action, ...]) -> Action:
        """One of `legal`."""


@runtime_checkable
class Ranker(Protocol):
    """A bot that can rank its choices (level `expert`; docs/bots.md, "Ranking")."""

    def rank(self, view: SeatView) -> list[tuple[Action, float]]:
        """Every action of `view.legal` with its value in the match's money, best first;
        the first is what `choose(view)` returns."""


class BotFactory(Protocol):
    def __call__(self, seed: int) -> Bot: ...


class BotLoadError(ValueError):
    """A `file:` bot spec that cannot be loaded; the message says why, in one line."""


_LOADED: dict[tuple[str, str], BotFactory] = {}


def parse_file_spec(spec: str) -> tuple[Path, str]:
    """(path, class name) of `file:PATH.py:ClassName`."""
    if not spec.startswith(FILE_PREFIX):
        raise BotLoadError(f"{spec!r} is not a file bot (write file:PATH.py:ClassName)")
    path, sep, name = spec[len(FILE_PREFIX):].rpartition(":")
    if not sep or not path or not name.isidentifier():
        raise BotLoadError(f"write a file bot as file:PATH.py:ClassName, not {spec!r}")
    return Path(path), name


def load_bot_class(spec: str) -> BotFactory:
    """The bot class named by `file:PATH.py:ClassName`, loaded once per process."""
    path, name = parse_file_spec(spec)
    resolved = path.expanduser().resolve()
    key = (str(resolved), name)
    if key in _LOADED:
        return _LOADED[key]
    if not resolved.is_file():
        raise BotLoadError(f"no bot file {str(path)!r}")
    # A module name of its own per file, so two files may both define `MyBot`.
    module_name = "mahjong_file_bot_" + hashlib.sha1(str(resolved).encode()).hexdigest()[:12]
    loader_spec = importlib.util.spec_from_file_location(module_name, resolved)
    if loader_spec is None or loader_spec.loader is None:
        raise BotLoadError(f"cannot load {str(path)!r} as Python")
    module = importlib.util.module_from_spec(loader_spec)
    try:
        loader_spec.loader.exec_module(module)
    except Exception as exc:  # the file is someone else's code: report, never crash the CLI
        raise BotLoadError(f"{str(path)!r} failed to load: {type(exc).__name__}: {exc}") \
            from exc
    cls = getattr(module, name, None)
    if cls is None or not callable(cls) or not callable(getattr(cls, "choose", None)):
        raise BotLoadError(f"{str(path)!r} has no bot class {name!r} with a choose(view) method")
    _LOADED[key] = cls
    return cls  # type: ignore[no-any-return]


def make_bot(level: str, seed: int) -> Bot:
    """A bot of `level` (one of LEVELS, or `file:PATH.py:ClassName`) with its own random
    stream."""
    from game.bots.expert import ExpertBot
    from game.bots.hard import HardBot
    from game.bots.normal import NormalBot
    from game.bots.random_bot import RandomBot

    if level.startswith(FILE_PREFIX):
        return load_bot_class(level)(seed)
    if level == "random":
        return RandomBot(seed)
    if level in ("easy", "normal"):
        return NormalBot(seed, level)
    if level == "hard":
        return HardBot(seed)
    if level == "expert":
        return ExpertBot(seed)
    raise ValueError(f"unknown bot level {level!r} ({', '.join(LEVELS)})")
