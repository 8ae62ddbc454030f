"""Tile, meld and action notation round-trips, and errors point at the bad character."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.actions import Action, ActionKind
from game.melds import Meld, MeldKind
from game.tiles import TILES, NotationError, Tile, format_tiles, parse_tiles

tiles = st.lists(st.sampled_from(TILES), max_size=20)


@given(tiles)
def test_tiles_round_trip(ts: list[Tile]) -> None:
    assert parse_tiles(format_tiles(ts)) == ts


def test_examples() -> None:
    assert [str(t) for t in parse_tiles("123m 55p 7z")] == ["1m", "2m", "3m", "5p", "5p", "7z"]
    assert format_tiles(parse_tiles("1f8f5z")) == "18f5z"
    assert Tile.parse("7z").zh == "中" and Tile.parse("1f").zh == "梅"  # RULINGS notation
    assert Tile.parse("5f").zh == "春"


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        ("123x", 3, "not a digit or a suit letter"),
        ("12", 1, "no suit letter"),
        ("m", 0, "no digits"),
        ("8z", 0, "no tile 8z"),
        ("0m", 0, "no tile 0m"),
        ("9f", 0, "no tile 9f"),
        ("12 3m", 2, "must be followed"),
    ],
)
def test_bad_notation_points_at_the_character(text: str, position: int, words: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_tiles(text)
    assert info.value.position == position
    assert words in str(info.value)


@given(st.sampled_from(list(MeldKind)), st.integers(0, 33))
def test_meld_round_trip(kind: MeldKind, start: int) -> None:
    if kind is MeldKind.CHOW:
        if start >= 27 or start % 9 > 6:
            return
        tiles = tuple(TILES[start + i] for i in range(3))
    else:
        tiles = (TILES[start],) * (3 if kind is MeldKind.PONG else 4)
    meld = Meld(kind, tiles)
    assert Meld.parse(str(meld)) == meld


@pytest.mark.parametrize("text", ["chow:135m", "pong:112m", "kong:222s", "ckong:1234m",
                                  "chow:123z", "pong:111f", "flower:1f", "pong"])
def test_bad_melds(text: str) -> None:
    with pytest.raises(NotationError):
        Meld.parse(text)


def _actions() -> list[Action]:
    out = [Action(ActionKind.WIN), Action(ActionKind.PASS), Action(ActionKind.WIN, TILES[4])]
    for kind in (ActionKind.DISCARD, ActionKind.PONG, ActionKind.KONG, ActionKind.ADDED_KONG,
                 ActionKind.CONCEALED_KONG):
        out += [Action(kind, t) for t in TILES[:34]]
    for start in range(27):
        if start % 9 <= 6:
            chow = tuple(TILES[start + i] for i in range(3))
            out += [Action(ActionKind.CHOW, t, chow) for t in chow]
    return out


def test_action_round_trip() -> None:
    for action in _actions():
        assert Action.parse(str(action)) == action, str(action)


@pytest.mark.parametrize("text", ["", "eat 5m", "discard", "pass 5m", "chow 35m", "pong 5x"])
def test_bad_actions(text: str) -> None:
    with pytest.raises(NotationError):
        Action.parse(text)
