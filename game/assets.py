"""The one way to reach a shipped file (fonts, sounds, rules texts), through importlib.resources.

The repository keeps its media in the top-level `assets/` folder; the wheel and the sdist carry
that folder inside the package as `game/assets` (pyproject's force-include). So an installed copy
finds `game/assets`, and a source checkout (`uv run`, an editable install) finds `assets/` beside
the package.
"""

from __future__ import annotations

import atexit
import contextlib
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

PACKAGE = "game"
FOLDER = "assets"

_extracted = contextlib.ExitStack()
atexit.register(_extracted.close)


def assets_root() -> Traversable:
    """The folder holding fonts/, sounds/ and text/: the packaged copy, else the source tree's."""
    packaged = resources.files(PACKAGE) / FOLDER
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / FOLDER


def asset(*parts: str) -> Traversable:
    """A shipped file or folder, e.g. asset("fonts", "OFL.txt")."""
    node = assets_root()
    for part in parts:
        node = node / part
    return node


def asset_path(*parts: str) -> Path:
    """A real file-system path to a shipped file, for libraries that want one (fonts, sounds).

    Installed as plain files (the usual case) this is the file itself; from a zipped install
    importlib.resources extracts a copy that lives until the program exits.
    """
    node = asset(*parts)
    if isinstance(node, Path):
        return node
    return _extracted.enter_context(resources.as_file(node))


def read_asset_text(*parts: str) -> str:
    """A shipped text file's contents (UTF-8)."""
    return asset(*parts).read_text(encoding="utf-8")
