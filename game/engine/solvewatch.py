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

import atexit
import dataclasses
import multiprocessing
import multiprocessing.util
import os
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.cards import new_deal_number
from game.engine import theme, worker
from game.engine.widgets import MenuItem, item
from saves.settings import pref

CHECKING, WINNABLE, LOST, UNDECIDED, OFF = "checking", "winnable", "lost", "undecided", "off"

#: what the light says: while it looks it says so, with the seconds it has looked once they are many
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


class SolverGone(RuntimeError):
    """The solver process ended (killed, crashed, or shut down at exit) before it answered."""


def _serve(conn: Any) -> None:
    """The solver process: answer one call at a time until the pipe closes or the parent is gone.

    A watchdog thread waits on the parent's sentinel (multiprocessing's handle that becomes ready when
    the parent process ends, on Linux, macOS and Windows alike) and ends this process at once: a
    Parlour killed by SIGKILL, a closed terminal or a lost display never leaves a solver running."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        def watch() -> None:
            parent.join()
            os._exit(0)
        threading.Thread(target=watch, name="parent-watch", daemon=True).start()
    while True:
        try:
            fn, args, kwargs = conn.recv()
        except (EOFError, OSError):
            os._exit(0)
        try:
            reply = (True, fn(*args, **kwargs))
        except Exception as exc:  # said to the caller, who raises it
            reply = (False, exc)
        try:
            conn.send(reply)
        except (OSError, ValueError):
            os._exit(0)


class SolverProcess:
    """One solver process and its pipe; `call` runs a module-level function there (one call at a time)."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child,), name="parlour-solver", daemon=True)
        self.process.start()
        child.close()
        self._lock = threading.Lock()
        self.closed = False

    def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            if self.closed:
                raise SolverGone("the solver process is shut down")
            self.conn.send((fn, args, kwargs))
            while not self.conn.poll(0.2):
                if self.closed or not self.process.is_alive():
                    raise SolverGone("the solver process ended")
            try:
                ok, value = self.conn.recv()
            except (EOFError, OSError) as exc:
                raise SolverGone("the solver process ended") from exc
        if not ok:
            raise value
        return value

    def close(self, timeout_s: float = 1.0) -> None:
        """End the process now, whatever it is doing (SIGKILL reaches a stopped process too): exit never
        waits for a search, nor for a solver someone stopped."""
        self.closed = True
        try:
            self.process.kill()
            self.process.join(timeout_s)
        except (OSError, ValueError, AttributeError):
            pass
        try:
            self.conn.close()
        except OSError:
            pass


_POOL: Any = None
_POOL_LOCK = threading.Lock()


def _pool() -> SolverProcess | None:
    """The one solver process (started on first use), or None where none can be started."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None and os.environ.get("PARLOUR_SOLVER_PROCESS", "1") != "0":
            try:
                _POOL = SolverProcess()
            except (OSError, ValueError, NotImplementedError, RuntimeError):
                _POOL = False
        return _POOL or None


def shutdown() -> None:
    """End the solver process (at exit; also registered with atexit, ahead of multiprocessing's own
    handler, which would wait without end for a stopped child)."""
    global _POOL
    with _POOL_LOCK:
        pool, _POOL = _POOL, False
    if pool:
        pool.close()


multiprocessing.util  # noqa: B018 -- imported first, so its exit handler runs after ours (atexit is LIFO)
atexit.register(shutdown)


def _give_up_on(pool: SolverProcess) -> None:
    """A call to the solver process failed: use no process for the rest of the session (the caller then
    works in its own thread) — unless the process was shut down on purpose (exit), when the failure stands."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is pool:
            _POOL = False
    if pool.closed:
        raise SolverGone("the solver process is shut down")


def in_process(solve: Callable[..., Any]) -> Callable[..., Any]:
    """``solve`` (a module-level function) run in a separate solver process.

    The pure-Python search holds the GIL while it runs; in a worker thread of the game's own process it
    would take turns with the frame loop.  In its own process it uses the other core, and the worker thread
    that waits for it holds nothing.  Where no process can be started (or it dies) the search runs here."""
    def run(state: Any, **kwargs: Any) -> Any:
        pool = _pool()
        if pool is not None:
            try:
                return pool.call(solve, state, **kwargs)
            except (SolverGone, OSError, EOFError):
                _give_up_on(pool)
        return solve(state, **kwargs)

    return run


#: how long the light keeps looking at a position that stands before it says "Undecided" (solver seconds)
PATIENCE_S = 30.0
#: at most this many searches of one position, each with twice the nodes of the one before
MAX_TRIES = 12
#: one search runs at most this many times the first one's time: the solver process is shared (Show a winning
#: move, the search for a winnable deal, the next position after a move wait behind it), so a long wait is
#: split into several searches rather than one that would keep the light "Checking…" after the next move
LONGEST_TRY = 4


class WinnableWatch:
    """The light's knowledge: a solver answer per position, found off the frame loop.

    Patience: a search that runs out of budget is not the answer while the position stands — the next
    search gets twice the nodes and time, until the solver has spent ``PATIENCE_S`` on it (then, only, the
    light says "Undecided"). What is already known shows at once: a position reached by playing the first
    move of a known winning line is winnable (the rest of the line), with no search at all.
    """

    def __init__(self, solve: Callable[..., Any], node_budget: int = 300_000, time_limit_s: float = 2.0,
                 apply: Callable[[Any, Any], Any] | None = None) -> None:
        self.solve = solve
        self.node_budget = node_budget
        self.time_limit_s = time_limit_s
        self.apply = apply  # the rules' apply: follows a winning line from one position to the next
        self.enabled = True
        self._state: Any = None
        self._job: worker.Job | None = None
        self._job_state: Any = None
        self._job_time = 0.0
        self._cache: dict[Any, Any] = {}  # state -> solver result (states are hashable)
        self._effort: dict[Any, tuple[int, float]] = {}  # state -> (searches so far, solver seconds spent)
        self.since = time.perf_counter()  # when the light began looking at the position shown

    def know(self, state: Any, result: Any) -> None:
        """A result found elsewhere (the search for a winnable deal): the light shows it at once."""
        if len(self._cache) > 512:
            self._cache.clear()
        self._cache[state] = result

    def track(self, state: Any) -> None:
        """The position shown now; start solving it if it is new."""
        if state != self._state:
            self._follow_line(self._state, state)
            self.since = time.perf_counter()
        self._state = state
        self._kick()

    def _follow_line(self, before: Any, after: Any) -> None:
        known = self._cache.get(before) if before is not None else None
        if (self.apply is None or after in self._cache or known is None or known.winnable is not True
                or not known.line):
            return
        try:
            if self.apply(before, known.line[0]) == after:
                self.know(after, dataclasses.replace(known, line=tuple(known.line[1:])))
        except ValueError:
            pass

    def _kick(self) -> None:
        if not self.enabled or self._state is None or self._state in self._cache:
            return
        if self._job is not None and not self._job.done:
            return  # one at a time; _poll starts the newest when this one ends
        tries, spent = self._effort.get(self._state, (0, 0.0))
        grow = 2 ** tries
        self._job_state = self._state
        self._job_time = max(0.5, min(self.time_limit_s * min(grow, LONGEST_TRY), PATIENCE_S - spent))
        self._job = worker.submit(self.solve, self._state, node_budget=self.node_budget * grow,
                                  time_limit_s=self._job_time)

    def _poll(self) -> None:
        if self._job is not None and self._job.done:
            job, state = self._job, self._job_state
            self._job = None
            if job.error is None:
                res = job.result
                tries, spent = self._effort.get(state, (0, 0.0))
                spent += min(self._job_time, max(0.0, getattr(res, "ms", 0.0) / 1000.0))
                tries += 1
                if res.winnable is None and tries < MAX_TRIES and spent < PATIENCE_S - 0.5:
                    if len(self._effort) > 512:
                        self._effort.clear()
                    self._effort[state] = (tries, spent)  # not given up: the next search looks further
                else:
                    self._effort.pop(state, None)
                    self.know(state, res)
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


#: what the fair Hint is, in its own words on the status line
HINT_PREFIX = "Hint (a good move from what you can see): "

#: the light's verdict on a hinted move, in the light's own words (a game may rename "winnable")
VERDICT_WORDS = {
    "safe": " Safe: after it the game is still winnable.",
    "safe_other": " Safe: after it the game is still winnable (the solver would play another move).",
    "risky": " Risky: after it the game is not winnable any more.",
    "checking": " The solver would play another move; it is checking this one\u2026",
    "undecided": " The solver would play another move; whether this one keeps the game winnable is undecided.",
}


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
                 time_limit_s: float, words: dict[str, str] | None = None,
                 apply: Callable[[Any, Any], Any] | None = None) -> None:
        self.app = app
        self.scene = scene
        self.solve = solve
        self.prefs = app.settings.game(game)
        self.watch = WinnableWatch(solve, node_budget=node_budget, time_limit_s=time_limit_s, apply=apply)
        self.watch.enabled = pref(self.prefs, "winnable_light", True)
        self.only = pref(self.prefs, "winnable_only", False)
        self.search_job: worker.Job | None = None
        self._search_for: Any = None  # the rules (scene.deal_rules' key) the search under way proves deals for
        self._cue_at = 0.0  # when the checking cue next moves
        self.words = {"only_on": "New games will be winnable deals.", "looking": "Looking for a winnable deal\u2026",
                      "found": "Deal #{seed} is a winnable deal (proven by the solver). Good luck!",
                      # no verdict of its own: the light is the one source of "winnable" (it said "may not
                      # be" while the light, still solving, then said "Still winnable")
                      "not_found": "No deal could be proven winnable quickly enough: deal #{seed} is dealt, "
                                   "and the light tells whether it can be won.",
                      **VERDICT_WORDS, **(words or {})}
        #: a hinted move judged off the frame loop: (position, position after it, the hint's words, the job)
        self._judging: tuple[Any, Any, str, worker.Job] | None = None

    def judge_hint(self, move: Any) -> str:
        """The fair Hint sees only what the player sees; when the light already knows the game is winnable
        it adds the light's verdict on the position after the hint's move, without a word about the stock:
        "Safe" only when that position is proven winnable, "Risky" only when it is proven lost (QA m2: a
        harmless move was called risky because it was not the solver's own, and played, the light stayed
        green). A different move of the solver's is said plainly. Empty when the light knows nothing."""
        res = self.watch.result() if self.watch.enabled else None
        if res is None or res.winnable is not True or not res.line:
            return ""
        if res.line[0] == move:
            return self.words["safe"]  # the solver's own line: the rest of it wins
        state = self.watch._state
        try:
            after = self.watch.apply(state, move) if self.watch.apply is not None else None
        except ValueError:
            after = None
        if after is None:
            return ""
        known = self.watch._cache.get(after)
        if known is None:
            self._judge(state, after)
            return self.words["checking"]
        return self.verdict(known.winnable)

    def verdict(self, winnable: bool | None) -> str:
        """The words for what the solver found of the position after a hinted move other than its own."""
        return self.words[{True: "safe_other", False: "risky", None: "undecided"}[winnable]]

    def say_hint(self, text: str, move: Any) -> None:
        """Say the fair Hint: its own words (``text``), then `judge_hint`'s verdict on ``move``. A verdict still
        being looked for is said with the same words once it comes (`poll`), if the position still stands."""
        verdict = self.judge_hint(move)
        if self._judging is not None and verdict == self.words["checking"]:
            state, after, _text, job = self._judging
            self._judging = (state, after, text, job)
        self.scene.status.say(HINT_PREFIX + text + verdict, theme.HINT)

    def _judge(self, state: Any, after: Any) -> None:
        """Solve the position after a hinted move in the solver process (never on the frame loop)."""
        if self._judging is not None:
            self._judging[3].cancel()
        job = worker.submit(self.solve, after, node_budget=self.watch.node_budget,
                            time_limit_s=self.watch.time_limit_s * 2)
        self._judging = (state, after, "", job)

    def _poll_verdict(self) -> None:
        """The verdict on a hinted move, once found: the light knows it (played, the move shows the same verdict
        at once: one source of truth), and the hint is said again with it while its position still stands."""
        if self._judging is None or not self._judging[3].done:
            return
        state, after, text, job = self._judging
        self._judging = None
        if job.error is not None:
            return
        if job.result.winnable is not None:  # (an undecided short search is not the light's patient answer)
            self.watch.know(after, job.result)
        if text and state == self.scene.state:
            self.scene.status.say(HINT_PREFIX + text + self.verdict(job.result.winnable), theme.HINT)

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

    def start_search(self) -> None:
        """Look for a winnable deal in a worker under the rules the scene deals by now (its ``deal_rules``);
        `poll` hands it over. A search already running for the same rules goes on; one for other rules (the
        variation or the jokers changed while it ran) is dropped and a new one started: the deal dealt must be
        proven for the rules it is dealt under (round 8's major: an Idiot's Delight deal, proven, was dealt as
        Firing Squad and announced "proven" while the light said "Not winnable")."""
        rules_key, make_state = self.scene.deal_rules()
        if self.search_job is not None and self._search_for == rules_key:
            return
        self.cancel_search()
        self._search_for = rules_key
        self.search_job = worker.submit(self._search, make_state, new_deal_number())
        self.scene.status.say(self.words["looking"], theme.HINT)

    def cancel_search(self) -> None:
        """Forget a search under way: another deal (a chosen number, a restart, a loaded game) is on the
        table, and a found deal must not replace it later."""
        if self.search_job is not None:
            self.search_job.cancel()
        self.search_job = None
        self._search_for = None

    def _search(self, make_state: Callable[[int], Any], first: int) -> tuple[int, bool]:
        """find_winnable_deal, keeping the proof: the light then shows "winnable" on the new deal at once,
        as the status line says (not "Checking…" for what the solver has just proved)."""
        found: dict[Any, Any] = {}

        def solve(state: Any, **kwargs: Any) -> Any:
            found[state] = res = self.solve(state, **kwargs)
            return res
        seed, proven = find_winnable_deal(make_state, solve, first)
        if proven:
            state = make_state(seed)
            if state in found:
                self.watch.know(state, found[state])
        return seed, proven

    def poll(self) -> tuple[int, bool] | None:
        """(deal number, proven) once the search has ended, else None. (A hinted move's verdict, once found,
        is said here too: the tables call this every frame.)"""
        self._poll_verdict()
        job = self.search_job
        if job is None or not job.done:
            return None
        searched_for = self._search_for
        self.search_job = None
        self._search_for = None
        if job.error is not None:
            self.scene.status.say(f"Could not look for a deal: {job.error}", theme.HILITE)
            return None
        if searched_for != self.scene.deal_rules()[0]:  # proven for rules no longer in force: look again
            self.start_search()
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
        theme.panel(surface, rect, theme.board((20, 44, 30)), theme.board_line((60, 90, 70)), radius=14)
        label = (labels or {}).get(status, LABELS[status])
        if status == LOST and not self.scene.history.moves:
            label = label.replace(" any more", "")  # a fresh deal was never winnable: nothing was lost
        centre = (rect.x + theme.sc(16), rect.centery)
        if status == CHECKING:  # a visible cue that it is working: a turning arc, and the seconds
            self._cue_at = time.perf_counter() + 0.25
            looked = time.perf_counter() - self.watch.since
            r = theme.sc(7)
            pygame.draw.circle(surface, (90, 90, 60), centre, r, 2)
            start = looked * 4.0
            pygame.draw.arc(surface, COLOURS[status], pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r), start,
                            start + 2.0, 3)
            if looked >= 2.0:
                label = f"{label} {int(looked)} s"
        else:
            pygame.draw.circle(surface, COLOURS[status], centre, theme.sc(7))
        theme.text(surface, label, (rect.x + theme.sc(30), rect.centery), 19, theme.WHITE, anchor="midleft")

    def next_wakeup(self) -> float | None:
        """While the light looks, a frame every quarter second moves its cue (the loop sleeps otherwise)."""
        if self.watch.enabled and not self.scene.is_over() and self.watch.status() == CHECKING:
            return max(0.0, self._cue_at - time.perf_counter())
        return None


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
        from game.engine import scratch

        self._fraction = 0.0
        self._read_at = 0.0  # when the progress file was last read (the frame loop asks every frame)
        self._stop = False
        self._folder: str | None = None
        pool = _pool()
        if pool is not None:
            self._folder = scratch.make_folder()  # named for this window: a killed one's is tidied at the next start
            self._job = worker.submit(self._in_process, pool, fn, args)
        else:
            self._job = worker.submit(fn, *args, progress=self._set, should_stop=lambda: self._stop)

    def _in_process(self, pool: Any, fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        try:
            return pool.call(_run_reporting, fn, self._folder, args)
        except (SolverGone, OSError, EOFError):
            _give_up_on(pool)
            return fn(*args, progress=self._set, should_stop=lambda: self._stop)
        finally:
            import shutil

            shutil.rmtree(self._folder or "", ignore_errors=True)

    def _set(self, fraction: float) -> None:
        self._fraction = fraction

    @property
    def fraction(self) -> float:
        """How far the request has got, 0..1 (the file the solver process writes at most ten times a second is
        read no more often than that)."""
        now = time.perf_counter()
        if self._folder is not None and not self._job.done and now - self._read_at >= 0.1:
            self._read_at = now
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
