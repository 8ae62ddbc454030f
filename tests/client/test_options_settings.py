from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.client import settings as settings_mod
from game.client.options import OptionsError, parse_play_args


def test_no_arguments_opens_the_menu() -> None:
    options = parse_play_args([])
    assert not options.play and options.seats == ["human", "bot", "bot", "bot"]


def test_play_flags_of_contracts_section_3() -> None:
    options = parse_play_args(
        ["play", "--ruleset", "nanjing", "--seats", "human,human,bot,bot", "--bots", "random",
         "--seed", "7", "--speed", "2.5", "--quit-after", "3", "--screenshot", "x.png",
         "--frame-stats", "--size", "1920x1080"]
    )
    assert options.play and options.ruleset == "nanjing"
    assert options.seats == ["human", "human", "bot", "bot"] and options.bots == "random"
    assert (options.seed, options.speed, options.quit_after) == (7, 2.5, 3.0)
    assert options.screenshot == "x.png" and options.frame_stats
    assert options.size == (1920, 1080)


def test_demo_makes_every_seat_a_bot() -> None:
    options = parse_play_args(["play", "--demo"])
    assert options.demo and options.play and options.seats == ["bot"] * 4


@pytest.mark.parametrize(
    "argv, words",
    [
        (["play", "--size", "800x600"], "at least 1024x640"),
        (["play", "--size", "big"], "1280x800"),
        (["play", "--seats", "human,bot"], "four"),
        (["play", "--speed", "0"], "above 0"),
        (["play", "--ruleset", "riichi"], "riichi"),
    ],
)
def test_bad_flags_say_what_is_wrong(argv: list[str], words: str) -> None:
    with pytest.raises(OptionsError, match=words):
        parse_play_args(argv)


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.json"
    saved = settings_mod.Settings(language="en", animation_speed=2.0, hints=False,
                                  fullscreen=True)
    settings_mod.save(saved, path)
    assert settings_mod.load(path) == saved


def test_damaged_settings_fall_back_to_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    assert settings_mod.load(path) == settings_mod.Settings()
    path.write_text(json.dumps({"language": "fr", "animation_speed": 99, "extra": 1}),
                    encoding="utf-8")
    loaded = settings_mod.load(path)
    # an unknown language is asked of the system again at the next start
    assert loaded.language == "" and loaded.animation_speed == 4.0
