"""The rules core imports neither pygame nor asyncio (design: core is pure Python)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import game

CORE = sorted(
    m.name
    for m in pkgutil.walk_packages(game.__path__, "game.")
    if not m.name.startswith("game.client") and m.name != "game.__main__"
)


def test_core_modules_found() -> None:
    assert {"game.engine", "game.tiles", "game.view", "game.match"} <= set(CORE)


def test_core_imports_no_pygame_or_asyncio() -> None:
    code = (
        "import importlib, sys\n"
        f"for name in {CORE!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'asyncio'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).parent.parent, check=True)
    assert out.stdout.strip() == ""
