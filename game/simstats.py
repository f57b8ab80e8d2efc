"""Small helpers the simulators share: timing moves and percentiles.

Kept apart from any game so every `simulate` reports move times the same way.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100) of ``values``; 0.0 when empty."""
    if not values:
        return 0.0
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(round(p / 100 * len(s) + 0.5)) - 1))
    return s[k]


class MoveTimer:
    """Collects how long each computer move took, in milliseconds."""

    def __init__(self) -> None:
        self.samples: list[float] = []

    def time(self, fn: Callable[..., T], *args, **kwargs) -> T:
        t0 = time.perf_counter()
        out = fn(*args, **kwargs)
        self.samples.append((time.perf_counter() - t0) * 1000.0)
        return out

    def report(self) -> dict[str, float]:
        return {
            "move_ms_p50": round(percentile(self.samples, 50), 3),
            "move_ms_p99": round(percentile(self.samples, 99), 3),
        }
