"""The Mazhan score sheet's formula row says what the seed computes (M17, M18): the formula
with its doubling, then the cap or the special value that replaced it. It once started a
capped hand's formula from the 400 itself ("400 × 16 = 6400 → capped at 400")."""

from __future__ import annotations

import re

import pytest

from game.bots import make_bot
from game.calc import parse_request, score
from game.client import i18n
from game.client.score_sheet import SheetRow, sheet_rows
from game.match import Match
from game.rules.mazhan_scoring import CAP, round_up
from game.scoring import ScoreResult


def formula(result: ScoreResult) -> SheetRow:
    rows = [r for r in sheet_rows("mazhan", result.items, result.total) if r.kind == "formula"]
    assert len(rows) == 1
    return rows[0]


def scored(request: str) -> ScoreResult:
    ruleset, role, ctx = parse_request(request)
    return score(ruleset, role, ctx)


@pytest.mark.parametrize("hand,extra,text", [
    # four tai (the cap lesson's hand): the formula, then the cap
    ('"seat":"E","hand":"7z 7z 7z 6z 6z 6z 1z 1z 1z 234m 67s 99p","win":"8s"', ',"bonus":"1f"',
     "(30 + 20) × 16 = 800 → capped at 400"),
    # three tai over 400 with no special value: capped all the same
    ('"seat":"E","hand":"7z 7z 7z 6z 6z 6z 1z 1z 1z 1m 1m 1m 67s 99p","win":"8s"', "",
     "(40 + 20) × 8 = 480 → capped at 400"),
    # 清一色 replaces a small formula: raised to 400, not "capped"
    ('"seat":"S","hand":"123m 456m 789m 222m 67m 99m","win":"8m"', "", "(10 + 20) = 30 → 400"),
    # three wilds (殺豬)
    ('"seat":"S","hand":"123m 678p 78s 234s 5p 5p 5p 99m","win":"9s"', ',"wild":"5p"',
     "(10 + 20) = 30 → 400"),
    # 平胡 in one suit: 100, replaced by 清一色's 400
    ('"seat":"S","hand":"123m 456m 789m 234m 67m 99m","win":"8m"', "", "100 → 400"),
    # 平胡 with 混一色: 100 doubled once (M18)
    ('"seat":"S","hand":"123m 456m 789m 234m 67m 2z 2z","win":"8m"', "", "100 × 2 = 200"),
    # a plain hand: the formula alone
    ('"seat":"S","hand":"123m 456p 789s 222m 67m 99s","win":"8m"', "", "(10 + 20) = 30"),
])
def test_formula_row(hand: str, extra: str, text: str) -> None:
    i18n.set_language("en")
    result = scored('{"ruleset":"mazhan",' + hand + extra + "}")
    row = formula(result)
    assert row.value == text
    assert int(re.findall(r"\d+", text)[-1]) == result.total


PATTERN = re.compile(r"\((\d+) \+ 20\)(?: × (\d+))? = (\d+)(?: → (.*))?")


def test_every_win_of_a_match_reads_as_the_seed_computes_it() -> None:
    """Each winner's formula row in real play: (rounded base + 20) × 2^tai = the formula's
    value, then "capped at 400" exactly when that is over 400, else the special value."""
    i18n.set_language("en")
    seen = {"plain": 0, "capped": 0, "raised": 0}
    for seed in range(1, 4):
        match = Match("mazhan", seed, {"hands": 60, "bust_ends": False})
        bots = [make_bot("normal", seed * 4 + p) for p in range(4)]
        while not match.match_over:
            match.start_hand()
            while not match.hand_over:
                seat = match.to_act()[0]
                match.apply(seat, bots[match.players[seat]].choose(match.view(seat)))
            result = match.last_result
            if result is None or result.score is None:
                continue
            score_ = result.score
            if any(line.key == "ping_hu" for line in score_.items):
                continue  # 平胡 has its own value (the cases above)
            found = PATTERN.fullmatch(formula(score_).value)
            assert found is not None, formula(score_).value
            rounded, doubling, raw, after = found.groups()
            tai = score_.extra["tai"]
            assert int(rounded) == round_up(score_.extra["base"])
            assert int(doubling or 1) == 2 ** tai
            assert int(raw) == (int(rounded) + 20) * 2 ** tai
            if int(raw) == score_.total:
                assert after is None
                seen["plain"] += 1
            elif int(raw) > CAP:
                assert after == f"capped at {CAP}" and score_.total == CAP
                seen["capped"] += 1
            else:
                assert after == str(score_.total)
                seen["raised"] += 1
    assert seen["plain"] and seen["capped"] + seen["raised"], seen  # the sweep met them
