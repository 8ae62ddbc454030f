"""Every lesson can be played to its end on its stacked wall with legal actions, and its quiz
answers are the real scorer's numbers for that hand (issue 27)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.actions import Action
from game.lessons import LESSONS, LessonRun, lesson_named, lessons_of
from game.lessons.model import ACTION, CHOICE, CLICK
from game.lessons.play import ScriptedSeat, lesson_match
from game.lessons.progress import load, mark_done, progress_path
from game.match import Match


def play(name: str) -> tuple[Match, LessonRun, list[tuple[int, int]]]:
    """The lesson done as asked, step by step; (the match, the run, the score changes seen
    at each answer step as (step index, seat-0 score))."""
    lesson = lesson_named(name)
    match, _events = lesson_match(lesson)
    run = LessonRun(lesson)
    seat = ScriptedSeat()
    seen: list[tuple[int, int]] = []
    for _ in range(400):
        step = run.step
        if step is None or step.kind != ACTION:
            # the other seats answer what is open (a win waits for their answers, M7)
            while not match.hand_over and 0 not in match.to_act():
                to = match.to_act()[0]
                match.apply(to, seat.choose(match.view(to)))
        if step is None:
            break
        if step.kind == ACTION:
            if not match.hand_over and 0 not in match.to_act():
                to = match.to_act()[0]
                match.apply(to, seat.choose(match.view(to)))
                continue
            legal = match.legal_actions(0)
            wanted = [a for a in legal if step.accepts(a)]
            assert wanted, f"{name} step {run.index + 1}: none of {step.expect} is legal: " \
                           f"{[str(a) for a in legal]}"
            others = [a for a in legal if not step.accepts(a)]
            if others:  # a legal action the step does not want is refused and explained
                assert not run.try_action(others[0]) and run.wrong == step.wrong
                assert run.step is step
            assert run.try_action(wanted[0])
            match.apply(0, wanted[0])
        elif step.kind == CLICK:
            assert not run.click("elsewhere") and run.step is step
            assert run.click(step.target)
        else:
            assert step.kind == CHOICE and step.answer in step.choices
            wrong = next(c for c in step.choices if c != step.answer)
            assert not run.choose(wrong) and run.wrong == step.wrong
            seen.append((run.index, match.view(0).scores[0]))
            assert run.choose(step.answer)
    assert run.done
    return match, run, seen


@pytest.mark.parametrize("name", [lesson.name for lesson in LESSONS])
def test_every_lesson_finishes_with_legal_actions(name: str) -> None:
    match, run, _seen = play(name)
    assert run.index == len(run.lesson.steps)
    if any(s.expect == ("win",) for s in run.lesson.steps):
        assert match.hand is not None and match.hand_over


def test_each_ruleset_has_its_lessons_in_a_newcomers_order() -> None:
    assert [lesson.name for lesson in lessons_of("mazhan")] == [
        "mazhan.deal", "mazhan.claims", "mazhan.wild", "mazhan.tai", "mazhan.cap"]
    assert lessons_of("nanjing")[0].name == "nanjing.open"
    assert all(len(lessons_of(r)) >= 2 for r in ("mazhan", "nanjing"))


def test_wild_lesson_wild_stands_for_a_red() -> None:
    match, _run, _seen = play("mazhan.wild")
    result = match.last_result
    assert result is not None and result.winner == 0 and result.score is not None
    keys = [line.key for line in result.score.items]
    assert "red_triplet" in keys  # M19: the wild plays the third 中
    assert match.hand is not None and match.hand.wild is not None
    assert str(match.hand.wild) == "5p"


def test_tai_lesson_answers_are_the_scorers() -> None:
    match, run, _seen = play("mazhan.tai")
    result = match.last_result
    assert result is not None and result.score is not None
    answers = {s.text: s.answer for s in run.lesson.steps if s.kind == CHOICE}
    base = result.score.extra["base"]
    assert base == 12 and -(-base // 10) * 10 == answers["lesson.mazhan.tai.4"]  # M15
    assert result.score.extra["tai"] == 2
    assert result.score.total == answers["lesson.mazhan.tai.5"]  # M17
    paid = {(p.payer, p.payee, p.key): p.amount for p in result.payments}
    assert paid[(2, 0, "win")] == answers["lesson.mazhan.tai.7"]  # M21: the dealer's double
    assert paid[(1, 3, "difference")] == answers["lesson.mazhan.tai.8"]  # M20, M21
    assert result.settlement.values[3] == 20
    assert min(400, (20 + 20) * 2 ** 4) == answers["lesson.mazhan.tai.6"]  # M17's cap


def test_cap_lesson_is_a_real_four_tai_hand_capped_at_400() -> None:
    match, run, _seen = play("mazhan.cap")
    result = match.last_result
    assert result is not None and result.winner == 0 and result.score is not None
    tai, value, paid = (s.answer for s in run.lesson.steps if s.kind == CHOICE)
    assert tai is not None and paid is not None
    score = result.score
    assert score.extra["tai"] == tai == 4  # M16: Red, Green, seat wind, seat flower
    assert score.extra["base"] == 28  # the text's 8 × 3 + 4
    assert (30 + 20) * 2 ** tai == 800  # the formula the text shows, before the cap
    keys = [line.key for line in score.items]
    assert "four_tai" in keys and score.total == value == 400  # M17
    assert {(p.payer, p.amount) for p in result.payments} == {(1, paid), (2, paid), (3, paid)}
    assert match.view(0).scores == (8000 + 3 * paid, 0, 0, 0)  # "all 8000 they started with"


def test_cap_lessons_last_words_are_the_scorers() -> None:
    """The last step says a one-suit hand and three wilds are 400 whatever the formula: the
    calculator agrees on small hands that the formula would value far lower."""
    from game.calc import main

    flush = '{"ruleset":"mazhan","seat":"S","hand":"123m 456m 789m 234m 67m 99m","win":"8m"}'
    pigs = ('{"ruleset":"mazhan","seat":"S","hand":"123m 678p 78s 234s 5p 5p 5p 99m",'
            '"win":"9s","wild":"5p"}')
    for request, key in ((flush, "full_flush"), (pigs, "three_wilds")):
        status, text = main(request)
        assert status == 0, text
        out = json.loads(text)
        assert out["total"] == 400, out
        assert key in [item["key"] for item in out["items"]], out


def test_nanjing_open_lesson_wins_open_with_four_hard_flowers() -> None:
    match, run, _seen = play("nanjing.open")
    result = match.last_result
    assert result is not None and result.winner == 0 and result.score is not None
    assert match.hand is not None and match.hand.melds[0]  # the hand was open (N4)
    assert result.score.extra["hard_flowers"] == 4
    answer = next(s.answer for s in run.lesson.steps if s.kind == CHOICE)
    assert result.score.total == answer  # N6


def test_nanjing_open_lesson_without_flowers_offers_no_win() -> None:
    """The same hand with two of the hard flowers swapped for plain tiles: no win is offered
    on the East (N4), which is what the lesson's words say."""
    from game.lessons.model import Lesson

    base = lesson_named("nanjing.open")
    two = Lesson(base.name, base.ruleset, ("7z 7z 2p 8p 5p 5p 234m 678m 3s 1z",
                                           *base.hands[1:]),
                 base.steps, draws=base.draws, tail="4s 5s")
    match, _events = lesson_match(two)
    seat = ScriptedSeat()
    for text in ("discard 2p", "pong 5p", "discard 8p"):
        while 0 not in match.to_act():
            to = match.to_act()[0]
            match.apply(to, seat.choose(match.view(to)))
        match.apply(0, Action.parse(text))
    while not match.hand_over and 0 not in match.to_act():
        to = match.to_act()[0]
        match.apply(to, seat.choose(match.view(to)))
    assert match.hand is not None and match.hand.rivers[1][-1][0] == Action.parse(
        "discard 1z").tile
    assert not any(a.kind.value == "win" for a in match.legal_actions(0))


def test_kong_lesson_money_is_paid_at_once() -> None:
    _match, run, seen = play("nanjing.kong")
    answers = [s.answer for s in run.lesson.steps if s.kind == CHOICE]
    assert answers == [10, 20]
    # seat 0's gold at each question: 1000 + 3 × 10 after the concealed kong (N11), then + 20
    assert [score for _i, score in seen] == [1030, 1050]


def test_progress_is_saved_and_read_back(tmp_path: Path) -> None:
    path = progress_path(tmp_path / "data")
    assert load(path) == set()
    mark_done(path, "mazhan.wild")
    assert mark_done(path, "nanjing.open") == {"mazhan.wild", "nanjing.open"}
    assert load(path) == {"mazhan.wild", "nanjing.open"}
    assert json.loads(path.read_text(encoding="utf-8"))["done"] == ["mazhan.wild",
                                                                  "nanjing.open"]
    path.write_text("{not json", encoding="utf-8")
    assert load(path) == set()  # a damaged file is an empty record, never a crash


def test_streak_lesson_doubles_as_n8_says() -> None:
    match, run, _seen = play("nanjing.streak")
    result = match.last_result
    assert result is not None and result.winner == 0 and result.score is not None
    answers = [s.answer for s in run.lesson.steps if s.kind == CHOICE]
    before = answers[0]
    assert before is not None
    assert answers[1] == (before + 10 * run.lesson.streak) * 2 == result.score.total  # N8
    lines = {line.key: line.value for line in result.score.items}
    assert lines["win"] + lines["concealed"] + lines["hard_flowers"] == before  # N6
    assert list(lines)[-1] == "bixiahu"
    assert all(p.amount == result.score.total for p in result.payments)  # N10: each pays


def test_liability_lesson_the_feeder_pays_all() -> None:
    match, run, _seen = play("nanjing.liable")
    result = match.last_result
    assert result is not None and result.winner == 0 and result.discarder == 2
    assert result.score is not None
    assert match.hand is not None and {m.source for m in match.hand.melds[0]} == {1}
    flowers, west = (s.answer for s in run.lesson.steps if s.kind == CHOICE)
    assert result.score.total == flowers
    paid = {p.payer: p.amount for p in result.payments}
    assert paid == {1: flowers}  # N13a: South, who fed three sets, pays for West's discard
    assert paid.get(2, 0) == west


def test_deal_lesson_dice_and_break_are_the_walls() -> None:
    lesson = lesson_named("mazhan.deal")
    match, _events = lesson_match(lesson)
    view = match.view(0)
    total, side = (s.answer for s in lesson.steps if s.kind == CHOICE)
    assert sum(view.dice) == total
    assert view.wall_break[0] + 1 == side  # M4: the sum counted round from the dealer as 1
    assert sorted(str(t) for t in view.bonus[0]) == ["2f", "5z"]  # M2: White is a bonus tile
    assert len(view.concealed) == 17
