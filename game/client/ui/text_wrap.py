"""The one line wrapper for text on screen: English breaks at spaces, Chinese (which has no
spaces) between any two characters. Pure: the caller gives the width of a string in pixels."""

from __future__ import annotations

from collections.abc import Callable

CJK_START = 0x2E80
"""From here on (CJK radicals, kana, ideographs, full-width forms) a line may break anywhere."""


NO_LINE_START = frozenset("，。、；：！？）」』》〉】…”’％·")
"""Chinese punctuation that may not begin a line: it stays with the character before it."""
NO_LINE_END = frozenset("（「『《〈【“‘")
"""Opening brackets and quotes, which may not end a line: they go with what follows."""


def pieces(text: str) -> list[str]:
    """Words with their trailing space, and each CJK character on its own, except that
    punctuation is kept on the side of a break Chinese typesetting puts it (禁則)."""
    out: list[str] = []
    for piece in _split(text):
        if out and (piece[0] in NO_LINE_START or out[-1][-1] in NO_LINE_END):
            out[-1] += piece
        else:
            out.append(piece)
    return out


def _split(text: str) -> list[str]:
    out: list[str] = []
    word = ""
    for ch in text:
        if ord(ch) >= CJK_START:
            if word:
                out.append(word)
                word = ""
            out.append(ch)
        elif ch == " ":
            out.append(word + " ")
            word = ""
        else:
            word += ch
    if word:
        out.append(word)
    return out


def wrap_text(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """`text` in lines no wider than `width` as `measure` counts pixels; each line break in
    `text` starts a new line. A single piece wider than `width` stands on a line of its own."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        start = len(lines)
        line = ""
        for piece in pieces(paragraph):
            trial = line + piece
            if line and measure(trial.rstrip()) > width:
                lines.append(line.rstrip())
                line = piece.lstrip()
            else:
                line = trial
        if line.strip() or len(lines) == start:
            lines.append(line.rstrip())
    return lines
