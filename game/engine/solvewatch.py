"""The "still winnable?" light of a solitaire, computed off the frame loop.

Whenever the position changes the scene calls `WinnableWatch.track(state)`;
one worker thread at a time runs the game's exact solver with a node budget
(a newer position waits for the running one rather than piling up threads),
and the answer — winnable, lost, undecided, or still thinking — is read in
`status()`.  A solver wrapped with `in_process` runs in a separate process,
so its search never takes turns with the frame loop.  The solver may read the
stock: it answers whether the deal can still be won, it never plays for the player.  A finished job posts JOB_DONE,
so the loop wakes to show the answer without polling.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pygame

from game.cards import new_deal_number
from game.engine import theme, worker
from game.engine.widgets import MenuItem, item
from saves.settings import pref

CHECKING, WINNABLE, LOST, UNDECIDED, OFF = "checking", "winnable", "lost", "undecided", "off"

LABELS = {
    CHECKING: "Checking\u2026",
    WINNABLE: "Still winnable",
    LOST: "Not winnable any more",
    UNDECIDED: "Undecided",
    OFF: "",
}
COLOURS = {
    CHECKING: (200, 200, 120),
    WINNABLE: (80, 210, 110),
    LOST: (226, 80, 70),
    UNDECIDED: (160, 160, 160),
    OFF: (0, 0, 0),
}


_POOL: Any = None
_POOL_LOCK = threading.Lock()


def _pool() -> Any:
    """The one solver process (started on first use), or None where none can be started."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None and os.environ.get("PARLOUR_SOLVER_PROCESS", "1") != "0":
            try:
                _POOL = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            except (OSError, ValueError, NotImplementedError):
                _POOL = False
        return _POOL or None


def in_process(solve: Callable[..., Any]) -> Callable[..., Any]:
    """``solve`` (a module-level function) run in a separate solver process.

    The pure-Python search holds the GIL while it runs; in a worker thread of the game's own process it
    would take turns with the frame loop.  In its own process it uses the other core, and the worker thread
    that waits for it holds nothing.  Where no process can be started (or it dies) the search runs here."""
    def run(state: Any, **kwargs: Any) -> Any:
        pool = _pool()
        if pool is not None:
            try:
                return pool.submit(solve, state, **kwargs).result()
            except (BrokenProcessPool, OSError, RuntimeError):
                global _POOL
                with _POOL_LOCK:
                    _POOL = False  # do not try again this session
        return solve(state, **kwargs)

    return run


class WinnableWatch:
    def __init__(self, solve: Callable[..., Any], node_budget: int = 300_000, time_limit_s: float = 2.0) -> None:
        self.solve = solve
        self.node_budget = node_budget
        self.time_limit_s = time_limit_s
        self.enabled = True
        self._state: Any = None
        self._job: worker.Job | None = None
        self._job_state: Any = None
        self._cache: dict[Any, Any] = {}  # state -> solver result (states are hashable)

    def track(self, state: Any) -> None:
        """The position shown now; start solving it if it is new."""
        self._state = state
        self._kick()

    def _kick(self) -> None:
        if not self.enabled or self._state is None or self._state in self._cache:
            return
        if self._job is not None and not self._job.done:
            return  # one at a time; _poll starts the newest when this one ends
        self._job_state = self._state
        self._job = worker.submit(self.solve, self._state, node_budget=self.node_budget,
                                  time_limit_s=self.time_limit_s)

    def _poll(self) -> None:
        if self._job is not None and self._job.done:
            job, state = self._job, self._job_state
            self._job = None
            if job.error is None:
                if len(self._cache) > 512:
                    self._cache.clear()
                self._cache[state] = job.result
            self._kick()

    def result(self) -> Any:
        """The solver's result for the tracked position, or None while thinking."""
        self._poll()
        return self._cache.get(self._state)

    def status(self) -> str:
        if not self.enabled:
            return OFF
        res = self.result()
        if res is None:
            return CHECKING
        return {True: WINNABLE, False: LOST, None: UNDECIDED}[res.winnable]

    @property
    def thinking(self) -> bool:
        self._poll()
        return self._job is not None

    def wait(self, timeout: float = 10.0) -> None:
        """Block until the tracked position is solved (tests and screenshots only)."""
        import time

        end = time.perf_counter() + timeout
        while time.perf_counter() < end and self.enabled and self.result() is None:
            if self._job is not None:
                self._job.wait(0.05)
            else:
                self._kick()


def find_winnable_deal(make_state: Callable[[int], Any], solve: Callable[..., Any], first_seed: int,
                       tries: int = 40, seconds: float = 6.0) -> tuple[int, bool]:
    """The first deal number from ``first_seed`` on that ``solve`` proves winnable.

    Runs in a worker thread.  Returns (deal number, proven); when no deal is
    proven within the tries or the time, the last deal tried, unproven.
    """
    end = time.perf_counter() + seconds
    rng = random.Random(first_seed)
    seed = first_seed
    for _ in range(tries):
        left = end - time.perf_counter()
        if left <= 0:
            break
        if solve(make_state(seed), node_budget=400_000, time_limit_s=min(1.0, left)).winnable:
            return seed, True
        seed = rng.randint(1, 999_999)
    return seed, False


class WinnableFeatures:
    """What a solitaire table offers around its solver: the light, "Winnable deals only",
    their menu items and remembered choices, and the background search for a winnable deal.

    ``words`` may rename what "winnable" means for the game (Forty Thieves: "clearable").
    """

    def __init__(self, app: Any, game: str, scene: Any, solve: Callable[..., Any], node_budget: int,
                 time_limit_s: float, words: dict[str, str] | None = None) -> None:
        self.app = app
        self.scene = scene
        self.solve = solve
        self.prefs = app.settings.game(game)
        self.watch = WinnableWatch(solve, node_budget=node_budget, time_limit_s=time_limit_s)
        self.watch.enabled = pref(self.prefs, "winnable_light", True)
        self.only = pref(self.prefs, "winnable_only", False)
        self.search_job: worker.Job | None = None
        self.words = {"only_on": "New games will be winnable deals.", "looking": "Looking for a winnable deal\u2026",
                      "found": "Deal #{seed} is a winnable deal (proven by the solver). Good luck!",
                      "not_found": "No deal could be proven winnable quickly enough; deal #{seed} may not be.",
                      **(words or {})}

    def menu_items(self) -> list[MenuItem]:
        return [item("Winnable light", self.toggle_light, checked=lambda: self.watch.enabled),
                item("Winnable deals only", self.toggle_only, checked=lambda: self.only)]

    def _remember(self, key: str, value: bool) -> None:
        self.prefs[key] = value
        self.app.save_settings()

    def toggle_light(self) -> None:
        self.watch.enabled = not self.watch.enabled
        self._remember("winnable_light", self.watch.enabled)
        if self.watch.enabled:
            self.watch.track(self.scene.state)

    def toggle_only(self) -> None:
        self.only = not self.only
        self._remember("winnable_only", self.only)
        self.scene.status.say(self.words["only_on"] if self.only else "New games are dealt at random again.")

    def start_search(self, make_state: Callable[[int], Any]) -> None:
        """Look for a winnable deal in a worker (once at a time); `poll` hands it over."""
        if self.search_job is None:
            self.search_job = worker.submit(find_winnable_deal, make_state, self.solve, new_deal_number())
            self.scene.status.say(self.words["looking"], theme.HINT)

    def poll(self) -> tuple[int, bool] | None:
        """(deal number, proven) once the search has ended, else None."""
        job = self.search_job
        if job is None or not job.done:
            return None
        self.search_job = None
        if job.error is not None:
            self.scene.status.say(f"Could not look for a deal: {job.error}", theme.HILITE)
            return None
        return job.result

    def announce(self, seed: int, proven: bool) -> None:
        if proven:
            self.scene.status.say(self.words["found"].format(seed=seed))
        else:
            self.scene.status.say(self.words["not_found"].format(seed=seed), theme.HILITE)

    def draw_light(self, surface: pygame.Surface, rect: pygame.Rect, labels: dict[str, str] | None = None) -> None:
        """The light as a pill in ``rect`` (nothing when it is off or the game is over)."""
        status = self.watch.status() if not self.scene.is_over() else OFF
        if status == OFF:
            return
        theme.panel(surface, rect, (20, 44, 30), (60, 90, 70), radius=14)
        pygame.draw.circle(surface, COLOURS[status], (rect.x + 16, rect.centery), 7)
        label = (labels or {}).get(status, LABELS[status])
        theme.text(surface, label, (rect.x + 30, rect.centery), 19, theme.WHITE, anchor="midleft")


# ------------------------------------------------------------ long requests with progress (a game's review)
class _Channel:
    """How a long request in the solver process reports progress and hears "stop": two small files in a
    private temporary folder (the parent reads ``progress``, creates ``stop``).  Files work across any
    process start method and in a frozen build, and cost nothing while nobody looks."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self._last = 0.0

    def progress(self, fraction: float) -> None:
        now = time.perf_counter()
        if fraction < 1.0 and now - self._last < 0.1:
            return
        self._last = now
        tmp = os.path.join(self.folder, "progress.tmp")
        try:
            with open(tmp, "w", encoding="ascii") as fh:
                fh.write(f"{max(0.0, min(1.0, fraction)):.4f}")
            os.replace(tmp, os.path.join(self.folder, "progress"))
        except OSError:
            pass  # progress is a courtesy; the answer still comes

    def should_stop(self) -> bool:
        return os.path.exists(os.path.join(self.folder, "stop"))


def _run_reporting(fn: Callable[..., Any], folder: str, args: tuple[Any, ...]) -> Any:
    """In the solver process: ``fn(*args, progress=..., should_stop=...)`` talking through ``folder``."""
    channel = _Channel(folder)
    return fn(*args, progress=channel.progress, should_stop=channel.should_stop)


class ProgressJob:
    """A long request — ``fn(*args, progress=callable, should_stop=callable)``, a module-level function —
    run in the solver process (or, where there is none, a worker thread), with its progress readable from
    the frame loop (`fraction`) and a `stop` that it hears between its steps."""

    def __init__(self, fn: Callable[..., Any], *args: Any) -> None:
        import tempfile

        self._fraction = 0.0
        self._stop = False
        self._folder: str | None = None
        pool = _pool()
        if pool is not None:
            self._folder = tempfile.mkdtemp(prefix="parlour-review-")
            self._job = worker.submit(self._in_process, pool, fn, args)
        else:
            self._job = worker.submit(fn, *args, progress=self._set, should_stop=lambda: self._stop)

    def _in_process(self, pool: Any, fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        try:
            return pool.submit(_run_reporting, fn, self._folder, args).result()
        except (BrokenProcessPool, OSError, RuntimeError):
            global _POOL
            with _POOL_LOCK:
                _POOL = False  # do not try again this session
            return fn(*args, progress=self._set, should_stop=lambda: self._stop)
        finally:
            import shutil

            shutil.rmtree(self._folder or "", ignore_errors=True)

    def _set(self, fraction: float) -> None:
        self._fraction = fraction

    @property
    def fraction(self) -> float:
        """How far the request has got, 0..1."""
        if self._folder is not None and not self._job.done:
            try:
                with open(os.path.join(self._folder, "progress"), encoding="ascii") as fh:
                    self._fraction = float(fh.read() or 0.0)
            except (OSError, ValueError):
                pass
        return self._fraction

    def stop(self) -> None:
        """Ask the request to end at its next step (its answer, if any, is then partial)."""
        self._stop = True
        self._job.cancel()
        if self._folder is not None:
            try:
                with open(os.path.join(self._folder, "stop"), "w", encoding="ascii"):
                    pass
            except OSError:
                pass

    @property
    def stopped(self) -> bool:
        return self._stop

    @property
    def done(self) -> bool:
        return self._job.done

    @property
    def result(self) -> Any:
        return self._job.result

    @property
    def error(self) -> BaseException | None:
        return self._job.error

    def wait(self, timeout: float | None = None) -> None:
        self._job.wait(timeout)
