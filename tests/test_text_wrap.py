"""The one line wrapper (issue 16): English at spaces, Chinese anywhere, no line too wide."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.client.ui.text_wrap import pieces, wrap_text


def width(text: str) -> int:
    """A stand-in font: 10 px a letter or space, 20 px a Chinese character."""
    return sum(20 if ord(ch) >= 0x2E80 else 10 for ch in text)


def test_english_breaks_at_spaces() -> None:
    assert wrap_text("the quick brown fox", 100, width) == ["the quick", "brown fox"]


def test_chinese_breaks_between_characters() -> None:
    assert wrap_text("馬站麻將發源於浙江", 60, width) == ["馬站麻", "將發源", "於浙江"]


def test_mixed_and_paragraphs() -> None:
    assert pieces("台 tai 計") == ["台", " ", "tai ", "計"]
    assert wrap_text("one\n\ntwo", 500, width) == ["one", "", "two"]
    assert wrap_text("", 50, width) == [""]


@given(st.text(alphabet="ab 馬站\n", max_size=60), st.integers(20, 200))
def test_no_line_too_wide_and_nothing_lost(text: str, limit: int) -> None:
    lines = wrap_text(text, limit, width)
    for line in lines:
        # a line is only wider than the limit when it is one unbreakable piece
        assert width(line) <= limit or len(pieces(line)) == 1
    assert "".join(lines).replace(" ", "") == text.replace(" ", "").replace("\n", "")


def test_chinese_punctuation_never_starts_or_ends_a_line_wrongly() -> None:
    lines = wrap_text("胡牌（截胡）；下家坐莊。", 80, width)
    assert all(line[0] not in "，。；）" and line[-1] not in "（" for line in lines), lines
    assert "".join(lines) == "胡牌（截胡）；下家坐莊。"
    assert pieces("（截胡）。") == ["（截", "胡）。"]
