"""Every lesson, in the order a newcomer should meet them per ruleset. Texts are catalogue keys
(game/client/i18n.py, "lesson.*"); numbers in choices are the real scorer's for the hand
(tests/test_lessons.py plays each lesson and checks them)."""

from __future__ import annotations

from game.lessons.model import Lesson, Step

# the other seats' hands: only what they throw matters (their draws, set in `draws`)
_MZ_OTHERS = ("1m 1m 2m 3p 4p 6p 7p 8s 9s 1z 2z 3z 6z 6z 1p 2p",
              "2m 3m 4m 5m 6m 7m 8m 9m 1s 1s 2s 3s 4p 6p 7p 8p",
              "3m 4m 5m 6m 1s 2s 3s 8s 4s 9s 1z 2z 3z 6z 3p 4p")
_NJ_OTHERS = ("1m 1m 2m 3p 4p 6p 7p 8s 9s 2z 3z 2p 3p",
              "2m 3m 4m 5m 6m 7m 8m 9m 1s 1s 2s 3s 4p",
              "3m 4m 5m 7m 1s 2s 3s 8s 9s 2z 3z 6p 4p")

MAZHAN_WILD = Lesson(
    "mazhan.wild", "mazhan",
    ("123m 456m 789m 23s 99p 5p 7z 7z 4z", *_MZ_OTHERS),
    (
        Step("lesson.mazhan.wild.1", "indicator"),
        Step("lesson.mazhan.wild.2", "tile 5p"),
        Step("lesson.mazhan.wild.3", "tile 4z", ("discard 4z",), "lesson.mazhan.wild.3.wrong"),
        Step("lesson.mazhan.wild.4", "button win", ("win",), "lesson.mazhan.wild.4.wrong"),
        Step("lesson.mazhan.wild.5", "result"),
    ),
    indicator="5p", draws="4s",
)

MAZHAN_TAI = Lesson(
    "mazhan.tai", "mazhan",
    ("7z 7z 7z 1f 234m 567m 345p 67s 99s",
     _MZ_OTHERS[0], _MZ_OTHERS[1], "3m 4m 5m 6m 1s 2s 3s 8s 4f 9s 1z 2z 3z 6z 3p 4p"),
    (
        Step("lesson.mazhan.tai.1", "bonus"),
        Step("lesson.mazhan.tai.2", "tile 4z", ("discard 4z",), "lesson.mazhan.tai.2.wrong"),
        Step("lesson.mazhan.tai.3", "button win", ("win",), "lesson.mazhan.tai.3.wrong"),
        Step("lesson.mazhan.tai.4", "choices", choices=(12, 20, 30), answer=20,
             wrong="lesson.mazhan.tai.4.wrong"),
        Step("lesson.mazhan.tai.5", "choices", choices=(80, 160, 320), answer=160,
             wrong="lesson.mazhan.tai.5.wrong"),
        Step("lesson.mazhan.tai.6", "choices", choices=(400, 640, 800), answer=400,
             wrong="lesson.mazhan.tai.6.wrong"),
        Step("lesson.mazhan.tai.7", "choices", choices=(160, 1600, 3200), answer=3200,
             wrong="lesson.mazhan.tai.7.wrong"),
        Step("lesson.mazhan.tai.8", "choices", choices=(20, 200, 400), answer=200,
             wrong="lesson.mazhan.tai.8.wrong"),
    ),
    indicator="2p", draws="8s", tail="4z",
)

# a hand of four tai: three honour triplets and the seat flower; the formula's 800 is capped
_MZ_CAP_OTHERS = ("1m 1m 2m 3p 4p 6p 7p 8s 9s 2z 2z 3z 5m 5m 1p 2p", _MZ_OTHERS[1],
                  "3m 4m 5m 6m 1s 2s 3s 8s 4s 9s 4z 2z 3z 3z 3p 4p")

MAZHAN_CAP = Lesson(
    "mazhan.cap", "mazhan",
    ("7z 7z 7z 6z 6z 6z 1z 1z 1z 1f 234m 67s 99p", *_MZ_CAP_OTHERS),
    (
        Step("lesson.mazhan.cap.1", "tile 4z", ("discard 4z",), "lesson.mazhan.tai.2.wrong"),
        Step("lesson.mazhan.tai.3", "button win", ("win",), "lesson.mazhan.tai.3.wrong"),
        Step("lesson.mazhan.cap.3", "choices", choices=(3, 4, 5), answer=4,
             wrong="lesson.mazhan.cap.3.wrong"),
        Step("lesson.mazhan.cap.4", "choices", choices=(400, 800, 1600), answer=400,
             wrong="lesson.mazhan.tai.6.wrong"),
        Step("lesson.mazhan.cap.5", "choices", choices=(4000, 8000, 16000), answer=8000,
             wrong="lesson.mazhan.cap.5.wrong"),
        Step("lesson.mazhan.cap.6", "result"),
    ),
    indicator="2p", draws="8s", tail="4z",
)

MAZHAN_DEAL = Lesson(
    "mazhan.deal", "mazhan",
    ("5z 2f 123m 456m 789p 1s 1s 3s 4s 7z 4z", _MZ_OTHERS[0],
     "2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 2s 3s 4p 6p 7p 8p", _MZ_OTHERS[2]),
    (
        Step("lesson.mazhan.deal.1", "scores", choices=(6, 7, 8), answer=7,
             wrong="lesson.mazhan.deal.1.wrong"),
        Step("lesson.mazhan.deal.2", "scores", choices=(1, 2, 3, 4), answer=3,
             wrong="lesson.mazhan.deal.2.wrong",
             labels=("wind.name.0", "wind.name.1", "wind.name.2", "wind.name.3")),
        Step("lesson.mazhan.deal.3", "bonus"),
        Step("lesson.mazhan.deal.4", "tile 4z", ("discard 4z",), "lesson.mazhan.deal.4.wrong"),
        Step("lesson.mazhan.deal.5", "tile 3z", ("discard 3z",), "lesson.mazhan.deal.5.wrong"),
    ),
    indicator="6z", draws="9m 9m 9m 3f", tail="1z 2z 3z",
)

MAZHAN_CLAIMS = Lesson(
    "mazhan.claims", "mazhan",
    ("1m 2m 456p 789p 5s 5s 9s 9s 1s 3s 7s 1z 2z", *_MZ_OTHERS),
    (
        Step("lesson.mazhan.claims.1", "tile 1z", ("discard 1z",), "lesson.mazhan.claims.1.wrong"),
        Step("lesson.mazhan.claims.2", "button chow", ("chow",), "lesson.mazhan.claims.2.wrong"),
        Step("lesson.mazhan.claims.3", "tile 2z", ("discard 2z",), "lesson.mazhan.claims.3.wrong"),
        Step("lesson.mazhan.claims.4", "button pong", ("pong",), "lesson.mazhan.claims.4.wrong"),
        Step("lesson.mazhan.claims.5", "tile 7s", ("discard 7s",), "lesson.mazhan.claims.5.wrong"),
        Step("lesson.mazhan.claims.6", "button win", ("win",), "lesson.mazhan.claims.6.wrong"),
    ),
    indicator="8m", draws="3z 4z 3m 5s 6z 2s",
)

NANJING_OPEN = Lesson(
    "nanjing.open", "nanjing",
    ("7z 7z 6z 5f 5p 5p 234m 678m 3s 1z", *_NJ_OTHERS),
    (
        Step("lesson.nanjing.open.1", "bonus"),
        Step("lesson.nanjing.open.2", "tile 9s", ("discard 9s",), "lesson.nanjing.open.2.wrong"),
        Step("lesson.nanjing.open.3", "button pong", ("pong",), "lesson.nanjing.open.3.wrong"),
        Step("lesson.nanjing.open.4", "tile 9m", ("discard 9m",), "lesson.nanjing.open.4.wrong"),
        Step("lesson.nanjing.open.5", "button win", ("win",), "lesson.nanjing.open.5.wrong"),
        Step("lesson.nanjing.open.6", "choices", choices=(25, 30, 50), answer=30,
             wrong="lesson.nanjing.open.6.wrong"),
    ),
    draws="5p 1z", tail="4s 5s 9s 9m",
)

NANJING_KONG = Lesson(
    "nanjing.kong", "nanjing",
    ("9p 9p 9p 9p 6s 6s 6s 123m 456m 1z", *_NJ_OTHERS),
    (
        Step("lesson.nanjing.kong.1", "button ckong", ("ckong",), "lesson.nanjing.kong.1.wrong"),
        Step("lesson.nanjing.kong.2", "scores", choices=(10, 20, 30), answer=10,
             wrong="lesson.nanjing.kong.2.wrong"),
        Step("lesson.nanjing.kong.3", "tile 1z", ("discard 1z",), "lesson.nanjing.kong.3.wrong"),
        Step("lesson.nanjing.kong.4", "button kong", ("kong",), "lesson.nanjing.kong.4.wrong"),
        Step("lesson.nanjing.kong.5", "scores", choices=(10, 20, 40), answer=20,
             wrong="lesson.nanjing.kong.5.wrong"),
    ),
    draws="6s", tail="2z 3z",
)

NANJING_STREAK = Lesson(
    "nanjing.streak", "nanjing",
    ("7z 5f 123m 789p 666m 1s 1s 2z", _NJ_OTHERS[0],
     "2m 3m 4m 5m 6m 7m 8m 9m 7s 7s 2s 3s 4p", "3m 4m 5m 7m 8s 2s 3s 8s 9s 2z 3z 6p 4p"),
    (
        Step("lesson.nanjing.streak.1", "scores"),
        Step("lesson.nanjing.streak.2", "tile 2z", ("discard 2z",),
             "lesson.nanjing.streak.2.wrong"),
        Step("lesson.nanjing.streak.3", "button win", ("win",), "lesson.nanjing.streak.3.wrong"),
        Step("lesson.nanjing.streak.4", "choices", choices=(40, 44, 48), answer=44,
             wrong="lesson.nanjing.streak.4.wrong"),
        Step("lesson.nanjing.streak.5", "choices", choices=(64, 88, 128), answer=128,
             wrong="lesson.nanjing.streak.5.wrong"),
    ),
    draws="9m 9m 9m 6s", tail="4s 5s", streak=2,
)

NANJING_LIABLE = Lesson(
    "nanjing.liable", "nanjing",
    ("1p 1p 3p 3p 5p 5p 7s 7s 9m 9m 2z 3z 4z 8s", "1m 1m 2m 3p 4p 6p 7p 8s 9s 2z 3z 2p 4p",
     "2m 3m 4m 5m 6m 7m 8m 9m 7s 6s 2s 3s 4p", _NJ_OTHERS[2]),
    (
        Step("lesson.nanjing.liable.1", "tile 2z", ("discard 2z",), "lesson.nanjing.liable.d"),
        Step("lesson.nanjing.liable.2", "button pong", ("pong",), "lesson.nanjing.liable.p"),
        Step("lesson.nanjing.liable.3", "tile 3z", ("discard 3z",), "lesson.nanjing.liable.d"),
        Step("lesson.nanjing.liable.4", "button pong", ("pong",), "lesson.nanjing.liable.p"),
        Step("lesson.nanjing.liable.5", "tile 4z", ("discard 4z",), "lesson.nanjing.liable.d"),
        Step("lesson.nanjing.liable.6", "button pong", ("pong",), "lesson.nanjing.liable.p"),
        Step("lesson.nanjing.liable.7", "tile 8s", ("discard 8s",), "lesson.nanjing.liable.d"),
        Step("lesson.nanjing.liable.8", "button win", ("win",), "lesson.nanjing.liable.8.wrong"),
        Step("lesson.nanjing.liable.9", "choices", choices=(60, 100, 140), answer=100,
             wrong="lesson.nanjing.liable.9.wrong"),
        Step("lesson.nanjing.liable.10", "choices", choices=(0, 50, 100), answer=0,
             wrong="lesson.nanjing.liable.10.wrong"),
    ),
    draws="1p 3p 5p 2m 9m",
)

# a newcomer's order: how a hand is dealt and played, claims, then the wild and the tai that
# build on them, the cap last (the Lessons screen and "next lesson" follow it)
LESSONS: tuple[Lesson, ...] = (MAZHAN_DEAL, MAZHAN_CLAIMS, MAZHAN_WILD, MAZHAN_TAI, MAZHAN_CAP,
                               NANJING_OPEN, NANJING_KONG, NANJING_LIABLE, NANJING_STREAK)


def lessons_of(ruleset: str) -> tuple[Lesson, ...]:
    return tuple(lesson for lesson in LESSONS if lesson.ruleset == ruleset)


def lesson_named(name: str) -> Lesson:
    """The lesson called `name`; KeyError (naming the lessons there are) if none is."""
    for lesson in LESSONS:
        if lesson.name == name:
            return lesson
    raise KeyError(f"no lesson {name!r}; the lessons are: "
                   + ", ".join(lesson.name for lesson in LESSONS))
