"""The game as a player installs it: build the wheel, install it into a fresh virtualenv outside
the repository, and from another folder run `--version`, `score` and the window (headless).

Offline by design: the wheel is built by `uv build` from uv's cache (the same hatchling that
`uv sync` used for the editable install), and the fresh venv gets the runtime dependencies
(pygame-ce, msgpack, zeroconf, platformdirs) from the project's own venv through a .pth line,
so nothing is fetched. That .pth line does not run the project's editable-install hook (only
.pth files inside a site folder run), so `game` can only come from the installed wheel.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

# slow: a sweep against the plain reference, a soak or a real build (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
UV = os.environ.get("UV") or shutil.which("uv")


def _uv_cache() -> str | None:
    """uv's cache as the developer's environment has it (read before the tests move HOME)."""
    if os.environ.get("UV_CACHE_DIR"):
        return os.environ["UV_CACHE_DIR"]
    if UV is None:
        return None
    out = subprocess.run([UV, "cache", "dir"], capture_output=True, text=True, check=False)
    return out.stdout.strip() or None


UV_CACHE = _uv_cache()
HAND = {"ruleset": "mazhan", "seat": "E", "hand": "1112345678999m", "melds": ["pong:222z"],
        "win": "5m"}


def _run(cmd: list[str], cwd: Path, env: dict[str, str], stdin: str | None = None,
         timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, env=env, input=stdin, capture_output=True, text=True,
                          timeout=timeout, check=False)


def test_the_built_wheel_installs_and_runs_from_another_folder(tmp_path: Path) -> None:
    assert UV is not None, "uv is needed to build the wheel (README: pip install uv)"
    env = dict(os.environ, UV_OFFLINE="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("VIRTUAL_ENV", None)
    if UV_CACHE:
        env["UV_CACHE_DIR"] = UV_CACHE
    dist = tmp_path / "dist"
    built = _run([UV, "build", "--wheel", "--quiet", "--out-dir", str(dist), str(ROOT)],
                 cwd=ROOT, env=env)
    assert built.returncode == 0, built.stderr[-2000:]
    wheels = list(dist.glob("*.whl"))
    assert len(wheels) == 1

    venv = tmp_path / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp_path,
                env=env)
    assert made.returncode == 0, made.stderr
    python = venv / "bin" / "python"
    installed = _run([UV, "pip", "install", "--quiet", "--no-deps", "--offline", "--python",
                      str(python), str(wheels[0])], cwd=tmp_path, env=env)
    assert installed.returncode == 0, installed.stderr[-2000:]
    site = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                cwd=tmp_path, env=env).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(site) / "runtime_deps.pth").write_text("\n".join(sorted(ours)) + "\n")

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    mahjong = str(venv / "bin" / "mahjong")
    where = _run([str(python), "-c", "import game, game.assets as a; "
                  "print(game.__file__); print(a.asset('fonts', 'OFL.txt'))"],
                 cwd=elsewhere, env=env)
    module, ofl = where.stdout.split()
    assert Path(module).is_relative_to(venv) and Path(ofl).is_relative_to(venv)
    assert "Open Font License" in Path(ofl).read_text(encoding="utf-8")

    version = _run([mahjong, "--version"], cwd=elsewhere, env=env)
    assert version.returncode == 0 and version.stdout.split() == ["mahjong", "0.1.0"], version

    # `mahjong bench` loads game.bench and what it measures from the wheel alone (the shape
    # benchmarks live there, not in tools/ or tests/)
    bench = _run([mahjong, "bench", "--help"], cwd=elsewhere, env=env)
    assert bench.returncode == 0 and "--quick" in bench.stdout, bench.stderr[-2000:]

    scored = _run([mahjong, "score"], cwd=elsewhere, env=env, stdin=json.dumps(HAND))
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout)["total"] > 0

    shot = tmp_path / "shot.png"
    window = _run([mahjong, "play", "--demo", "--ruleset", "nanjing", "--seed", "2",
                   "--quit-after", "4", "--screenshot", str(shot)], cwd=elsewhere, env=env)
    assert window.returncode == 0, window.stderr[-2000:]
    assert shot.stat().st_size > 10_000  # a real picture of the table, not an empty file
    assert list(elsewhere.iterdir()) == []  # the game writes nothing into the current folder
