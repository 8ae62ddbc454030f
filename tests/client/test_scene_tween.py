from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.client.scene import Scene, SceneStack
from game.client.ui.tween import Tween, Tweens, ease_out_cubic, lerp, linear


class Probe(Scene):
    def __init__(self, log: list[str], name: str, opaque: bool = True) -> None:
        self.log, self.name, self.opaque = log, name, opaque
        self.dirty = True

    def on_enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def on_exit(self) -> None:
        self.log.append(f"exit {self.name}")


def test_push_pop_replace_call_enter_and_exit_in_order() -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b, c = Probe(log, "a"), Probe(log, "b"), Probe(log, "c")
    stack.push(a)
    stack.push(b)
    assert stack.top is b
    stack.replace(c)
    assert stack.top is c and len(stack) == 2
    assert stack.pop() is c
    assert stack.top is a
    assert log == ["enter a", "exit a", "enter b", "exit b", "enter c", "exit c", "enter a"]


def test_pop_of_empty_stack_raises() -> None:
    with pytest.raises(IndexError):
        SceneStack().pop()


def test_overlays_show_the_scene_below() -> None:
    log: list[str] = []
    stack = SceneStack()
    base, mid, overlay = Probe(log, "base"), Probe(log, "mid"), Probe(log, "o", opaque=False)
    for scene in (base, mid, overlay):
        stack.push(scene)
    assert stack.visible() == [mid, overlay]
    stack.pop()
    assert stack.visible() == [mid]


@given(
    start=st.floats(-1e4, 1e4),
    end=st.floats(-1e4, 1e4),
    duration=st.floats(0.01, 10),
    steps=st.lists(st.floats(0, 1), min_size=1, max_size=30),
)
def test_monotonic_tweens_stay_between_their_ends(
    start: float, end: float, duration: float, steps: list[float]
) -> None:
    for ease in (linear, ease_out_cubic):
        tween = Tween(start, end, duration, ease)
        lo, hi = min(start, end), max(start, end)
        for dt in steps:
            tween.update(dt)
            value = tween.value
            assert isinstance(value, float)
            assert lo - 1e-6 <= value <= hi + 1e-6


@given(duration=st.floats(0.01, 5), delay=st.floats(0, 2))
def test_tween_ends_exactly_at_end_and_fires_once(duration: float, delay: float) -> None:
    fired: list[int] = []
    tween = Tween(0.0, 10.0, duration, delay=delay, on_done=lambda: fired.append(1))
    tween.update(delay / 2)
    assert tween.value == 0.0
    while tween.update(0.05):
        pass
    assert tween.value == pytest.approx(10.0)
    tween.update(1.0)
    assert fired == [1]


def test_tuple_tweens_and_keyed_replacement() -> None:
    tweens = Tweens()
    tweens.add("tile", Tween((0.0, 0.0), (10.0, 20.0), 1.0, linear))
    tweens.update(0.5)
    assert tweens.value("tile", (0.0, 0.0)) == pytest.approx((5.0, 10.0))
    tweens.add("tile", Tween((0.0, 0.0), (1.0, 1.0), 1.0, linear))
    assert len(tweens) == 1
    assert not tweens.update(2.0)
    assert tweens.value("tile", (7.0, 7.0)) == (7.0, 7.0)
    with pytest.raises(ValueError):
        lerp((1.0, 2.0), (1.0,), 0.5)
