"""Every test runs in a machine of its own: HOME, the XDG folders, the game's data folder and
its settings file all point into the test's tmp_path, so no test reads or writes the user's
real files, and nothing left on the machine by an earlier run changes a result."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from game import diagnostics

# Property tests are deterministic and leave nothing behind: the same examples every run
# (derandomize), no example database in the working folder, and no wall-clock deadline or
# "too slow" check, which fail on a busy machine rather than on a wrong answer.
settings.register_profile("hermetic", database=None, derandomize=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("hermetic")
# The fast loop (`--hypothesis-profile=quick`, docs/ARCHITECTURE.md): the same properties on
# fewer examples; CI and `uv run pytest` keep the full ones.
settings.register_profile("quick", parent=settings.get_profile("hermetic"), max_examples=10)

CLIENT_TESTS = Path(__file__).parent / "client"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test of the window (tests/client) `window`, for `-m "not window"`."""
    for item in items:
        if item.path.is_relative_to(CLIENT_TESTS):
            item.add_marker(pytest.mark.window)

ISOLATED_ENV = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")


@pytest.fixture(autouse=True)
def _private_home(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    home = tmp_path_factory.mktemp("home")  # beside tmp_path: a test may expect it empty
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))  # Windows' HOME
    for name in ISOLATED_ENV:
        monkeypatch.setenv(name, str(home / name.lower()))
    monkeypatch.setenv("MAHJONG_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("MAHJONG_SETTINGS", str(tmp_path / "settings.json"))
    monkeypatch.setenv("MAHJONG_SHOTS", str(tmp_path / "shots"))
    yield
    diagnostics.shutdown()  # a test that ran `main` leaves no log file open behind it


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """A folder for screenshots a test keeps (inside tmp_path; pytest keeps the last few)."""
    folder = tmp_path / "shots"
    folder.mkdir(exist_ok=True)
    return folder
