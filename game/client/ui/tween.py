"""Time-based tweens: values that move from a start to an end over seconds, with easing."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Ease = Callable[[float], float]
Value = float | tuple[float, ...]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def lerp(a: Value, b: Value, t: float) -> Value:
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) != len(b):
            raise ValueError("tween endpoints must have the same length")
        return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))
    if isinstance(a, tuple) or isinstance(b, tuple):
        raise ValueError("tween endpoints must both be numbers or both be tuples")
    return a + (b - a) * t


@dataclass
class Tween:
    """Moves `start` → `end` over `duration` seconds after `delay`; `value` is the current one."""

    start: Value
    end: Value
    duration: float
    ease: Ease = ease_out_cubic
    delay: float = 0.0
    elapsed: float = 0.0
    on_done: Callable[[], None] | None = None
    _fired: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        if self.duration < 0 or self.delay < 0 or math.isnan(self.duration):
            raise ValueError("tween duration and delay must be zero or more")

    @property
    def progress(self) -> float:
        """0..1 eased position along the tween."""
        if self.elapsed <= self.delay:
            return 0.0 if self.duration > 0 else (1.0 if self.elapsed >= self.delay else 0.0)
        if self.duration == 0:
            return 1.0
        t = min((self.elapsed - self.delay) / self.duration, 1.0)
        return self.ease(t)

    @property
    def value(self) -> Value:
        return lerp(self.start, self.end, self.progress)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def update(self, dt: float) -> bool:
        """Advance by `dt` seconds; True while still running."""
        self.elapsed += max(dt, 0.0)
        if self.done and not self._fired:
            self._fired = True
            if self.on_done is not None:
                self.on_done()
        return not self.done

    def finish(self) -> None:
        self.update(self.delay + self.duration - self.elapsed)


class Tweens:
    """A set of running tweens, keyed so that a new tween on a key replaces the old one."""

    def __init__(self) -> None:
        self._items: dict[object, Tween] = {}

    def add(self, key: object, tween: Tween) -> Tween:
        self._items[key] = tween
        return tween

    def get(self, key: object) -> Tween | None:
        return self._items.get(key)

    def value(self, key: object, default: Value) -> Value:
        tween = self._items.get(key)
        return default if tween is None else tween.value

    def update(self, dt: float) -> bool:
        """Advance all; drop finished ones; True while any is still running."""
        for key, tween in list(self._items.items()):
            if not tween.update(dt):
                del self._items[key]
        return bool(self._items)

    def finish_all(self) -> None:
        for tween in list(self._items.values()):
            tween.finish()
        self._items.clear()

    @property
    def active(self) -> bool:
        return bool(self._items)

    def __len__(self) -> int:
        return len(self._items)
