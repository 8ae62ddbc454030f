"""The core's string catalogue: the rules' words by key, in three languages, and the one
renderer that puts a score line's, payment's or option's key and arguments into words.

The rules emit keys and arguments only (`ScoreLine.text` and its tiles and numbers,
`Payment.text`, `Option.help` and `Option.args`); `mahjong score` and the window both word
them here. The window's own catalogue (game/client/i18n.py) looks these keys up through
`text_in`, so a rules text exists once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from game.catalogue.hans import HANS
from game.catalogue.rules import NOTATION_WORDS, STRINGS
from game.tiles import TILES, format_tiles

if TYPE_CHECKING:
    from game.rules.base import Option, Payment, Refusal
    from game.scoring import ScoreLine

LANGUAGES: Final = ("zh-Hans", "zh-Hant", "en")
"""Simplified Chinese, Traditional Chinese, English (the window's order)."""
LABEL_LANGUAGES: Final = ("zh-Hant", "en")
"""The languages of a `mahjong score` label, in the order it writes them (CONTRACTS §1)."""


def has(key: str) -> bool:
    return key in STRINGS


def text_in(key: str, language: str) -> str | None:
    """The unformatted text of `key` in `language`, or None for an unknown key. Simplified is
    the generated text while it was made from the current Traditional one, else the
    Traditional (a test fails while tools/make_zh_hans.py has not been run)."""
    pair = STRINGS.get(key)
    if pair is None:
        return None
    if language == "en":
        return pair[1]
    if language == "zh-Hans":
        made = HANS.get(key)
        if made is not None and made[0] == pair[0]:
            return made[1]
    return pair[0]


def tiles_notation(line: ScoreLine) -> str:
    """A line's tiles in notation, with an all-wild set's kind and its wilds noted:
    "111p", "any pong", "55s(1 wild)"."""
    if line.tiles:
        text = format_tiles(line.tiles)
    else:
        text = NOTATION_WORDS["any"].format(group=line.group)
    if line.wilds:
        return NOTATION_WORDS["wilds"].format(tiles=text, n=line.wilds)
    return text


def core_tile_name(kind: int, language: str) -> str:
    """A tile's name as the rules core writes it (東, 梅 / East, Plum)."""
    return TILES[kind].en if language == "en" else TILES[kind].zh


def line_words(line: ScoreLine, language: str, *,
               tiles: Callable[[ScoreLine], str] = tiles_notation,
               name: Callable[[int, str], str] = core_tile_name) -> str:
    """A score line's words in `language`. `tiles` writes the line's tiles (notation by
    default; the window, which draws them, writes none); `name` names a tile."""
    template = text_in(line.text, language)
    if template is None:
        return line.text
    return template.format(tiles=tiles(line) if "{tiles}" in template else "",
                           tile="" if line.tile is None else name(line.tile, language),
                           n=line.n)


def label(line: ScoreLine) -> str:
    """A score line's `mahjong score` label: Traditional Chinese, a space, English."""
    return " ".join(line_words(line, language) for language in LABEL_LANGUAGES)


def payment_words(payment: Payment, language: str) -> str:
    """Why a payment is made, in `language` ("" for a payment without words)."""
    return text_in(payment.text, language) or ""


def option_words(option: Option, language: str) -> str:
    """What a table option means, in `language`, its numbers filled in."""
    template = text_in(option.help, language)
    if template is None:
        return option.help
    return template.format(**dict(option.args)) if option.args else template


def refusal_words(refusal: Refusal, language: str) -> str:
    """Why a claim or a win was refused, in `language`, its numbers filled in (its key
    itself for a key the catalogue lacks)."""
    template = text_in(refusal.key, language)
    if template is None:
        return refusal.key
    return template.format(**dict(refusal.args)) if refusal.args else template
