"""Tweens: a value moving from A to B over a time with an easing curve.

Time is advanced only by the fixed-step `update`, never read from a clock, so
animations are deterministic in tests and the benchmark.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 0.5 - 0.5 * math.cos(math.pi * t)


@dataclass
class Tween:
    """From ``start`` to ``end`` (tuples of floats) after ``delay`` over ``duration`` s."""

    start: tuple[float, ...]
    end: tuple[float, ...]
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0
    ease: object = ease_out_cubic

    def step(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    def value(self) -> tuple[float, ...]:
        if self.duration <= 0 or self.done:
            return self.end
        t = max(0.0, (self.elapsed - self.delay) / self.duration)
        k = self.ease(min(1.0, t))  # type: ignore[operator]
        return tuple(a + (b - a) * k for a, b in zip(self.start, self.end, strict=True))


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t
