"""The rules' words live in one catalogue (game/catalogue): every key the rules emit has its
text in the three languages, and `mahjong score` words them exactly as before the words
moved there (CONTRACTS §1)."""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Any

import pytest

from game import catalogue
from game.calc import main, parse_request, score
from game.catalogue.hans import HANS
from game.catalogue.rules import STRINGS
from game.rules import mazhan_scoring, nanjing_pay
from game.rules.base import HOUSE, Payment
from game.rules.mazhan import Mazhan
from game.rules.registry import OPTION_TABLES
from game.scoring import ScoreLine

GOLDEN = Path(__file__).parent / "data" / "calc_golden.jsonl"
"""`mahjong score` inputs and their outputs as printed before the words moved to the
catalogue (issue 26): together they hold every score line's words at least once."""
CASES: list[dict[str, Any]] = [
    json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()
]
FIELDS = {"tiles", "tile", "n"}
"""The fields a score line's words may hold (`catalogue.line_words` fills these)."""


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_every_text_is_in_three_languages(key: str) -> None:
    zh, en = STRINGS[key]
    assert zh.strip() and en.strip()
    hans = catalogue.text_in(key, "zh-Hans")
    # made from the current Traditional text (tools/make_zh_hans.py has been run)
    assert HANS[key][0] == zh and hans == HANS[key][1] and hans.strip()
    assert catalogue.text_in(key, "zh-Hant") == zh and catalogue.text_in(key, "en") == en
    # the same fields in every language, so no argument is lost in one of them
    assert _fields(hans) == _fields(zh) <= _fields(en) | {"tile"}


def test_no_text_is_missing_from_the_generated_simplified() -> None:
    assert set(HANS) == set(STRINGS)


@pytest.mark.parametrize("case", CASES, ids=lambda c: json.dumps(c["input"])[:60])
def test_calc_labels_as_before(case: dict[str, Any]) -> None:
    status, text = main(json.dumps(case["input"]))
    assert (status, json.loads(text)) == (0, case["output"])


def _emitted() -> list[ScoreLine]:
    lines: list[ScoreLine] = []
    for case in CASES:
        ruleset, role, ctx = parse_request(json.dumps(case["input"]))
        lines += score(ruleset, role, ctx).items
    return lines


def test_every_score_line_key_is_known_and_worded() -> None:
    lines = _emitted()
    for line in lines:
        assert line.text in STRINGS, line
        for language in catalogue.LANGUAGES:
            words = catalogue.line_words(line, language)
            assert words.strip() and "{" not in words, (line, language)
    # every score line text of the catalogue is emitted by some case: the cases cover them all
    score_keys = {k for k in STRINGS if k.startswith("score.")}
    assert {line.text for line in lines} == score_keys


def _payments() -> list[Payment]:
    """Every payment the rules make, each kind at least once."""
    out = mazhan_scoring.payments([40, 0, 20, 10], 0, 1, 1)
    rules = Mazhan({"table_fee": True, "flee": True})
    out += rules.hand_fees(1) + rules.flee(2, 1)
    out += nanjing_pay.win_payments(0, 50, 1, False, 1)
    out += nanjing_pay.win_payments(0, 50, 1, True, None)
    out += nanjing_pay.win_payments(0, 50, 1, True, None, 2)
    for kind in ("exposed", "added"):
        out += nanjing_pay.kong_payments(0, kind, 1, 1)
    for kind in ("concealed", "flower"):
        out += nanjing_pay.kong_payments(0, kind, None, 1)
    out += nanjing_pay.same_discard_penalty(0, 1) + nanjing_pay.fourth_discard_penalty(0, 1)
    return out


def test_every_payment_is_worded() -> None:
    payments = _payments()
    assert any(p.payee == HOUSE for p in payments)
    for p in payments:
        assert p.text in STRINGS, p
        for language in catalogue.LANGUAGES:
            assert catalogue.payment_words(p, language).strip()
    assert {p.text for p in payments} == {k for k in STRINGS if k.startswith("pay.")}


def test_every_option_is_worded() -> None:
    keys = set()
    for table in OPTION_TABLES.values():
        for option in table.values():
            keys.add(option.help)
            for language in catalogue.LANGUAGES:
                words = catalogue.option_words(option, language)
                assert words.strip() and "{" not in words, (option, language)
    assert keys == {k for k in STRINGS if k.startswith("help.")}
    bust = OPTION_TABLES["mazhan"]["bust_ends"]
    assert catalogue.option_words(bust, "en") == "A player below 800 ends the match (M22)"


def _literals(path: Path) -> list[str]:
    """The string literals of a module outside docstrings and `raise` statements (a refusal
    of a hand that is no win still speaks for itself)."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise):
            skip.update(id(n) for n in ast.walk(node))
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in skip]


RULES = sorted((Path(__file__).parent.parent / "game" / "rules").glob("*.py"))


@pytest.mark.parametrize("path", RULES, ids=lambda p: p.name)
def test_rules_carry_no_words(path: Path) -> None:
    """The rules hold catalogue keys, not texts: no Chinese, and no English text of the
    catalogue, in a string literal of game/rules."""
    # the catalogue's English phrases (single words such as "total" are keys too)
    texts = {en.split(" {")[0] for _zh, en in STRINGS.values() if " " in en.split(" {")[0]}
    for literal in _literals(path):
        assert not any("\u4e00" <= ch <= "\u9fff" for ch in literal), literal
        assert literal not in texts, literal
