"""The analysis of a reviewed game: run in the solver process, with progress, stoppable, cached.

`analyse` is what the solver process runs (it rebuilds the game from its start and move texts, so only
plain data crosses between processes).  `Analysis` is the frame loop's side: it starts the request as a
`game.engine.solvewatch.ProgressJob`, reads its progress, stops it on request, and keeps a finished
analysis in the data folder (``reviews/<key>.json``, keyed by the game's start and moves) so a game is
analysed once however often it is reviewed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import registry
from game.review import analyser
from game.review.source import Source
from saves import store
from saves.games import replay_moves
from saves.paths import data_dir

FORMAT = "parlour-review"
#: 2: moves said in words by each game's describe(), Romi's missed cards listed, a won game marked won;
#: an analysis kept by an older version is analysed again (its words and counts were wrong)
VERSION = 2
_MEMORY: dict[str, dict[str, Any]] = {}  # this session's analyses, should the data folder be unwritable

NONE, RUNNING, DONE, STOPPED, FAILED = "none", "running", "done", "stopped", "failed"


def analyse(game: str, start: dict[str, Any], move_texts: list[str], budget: float | None = None, *,
            progress: Callable[[float], None] | None = None,
            should_stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    """The review of a game (``{"moves": [...], "summary": str, "complete": bool}``) by its analyser.

    Runs in the solver process: the game is rebuilt here from plain data through the rules."""
    rules = registry.get(game).module("rules")
    module = analyser(game)
    if module is None:
        return {"moves": [], "summary": "", "complete": False}
    states, moves = replay_moves(rules, rules.from_dict(start), move_texts)
    kwargs: dict[str, Any] = {"progress": progress, "should_stop": should_stop}
    if budget is not None:
        kwargs["budget"] = budget
    entries = module.review_moves(states[0], moves, **kwargs)
    stopped = bool(should_stop and should_stop())
    return {"moves": entries, "summary": module.summarize(entries), "complete": not stopped}


def _path(key: str):
    return data_dir(create=False) / "reviews" / f"{key}.json"


def cached(source: Source) -> dict[str, Any] | None:
    """A finished analysis of this very game, or None."""
    key = source.key()
    if key in _MEMORY:
        return _MEMORY[key]
    try:
        data = store.read_json(_path(key), FORMAT, VERSION)
    except (store.SaveError, OSError):
        return None
    moves, summary = data.get("moves"), data.get("summary")
    if data.get("version") != VERSION:
        return None  # kept by an older version: analyse again
    if (not isinstance(moves, list) or len(moves) != len(source.moves) or not isinstance(summary, str)
            or not all(isinstance(e, dict) and e.get("n") == i + 1 for i, e in enumerate(moves))):
        return None  # not this game's analysis (or damaged): analyse again
    found = {"moves": moves, "summary": summary, "complete": True}
    _MEMORY[key] = found
    return found


def keep(source: Source, result: dict[str, Any]) -> None:
    """Remember a complete analysis with the game (in memory, and in the data folder if it can be)."""
    key = source.key()
    _MEMORY[key] = result
    try:
        store.write_json(_path(key), FORMAT, VERSION, {"game": source.game, "moves": result["moves"],
                                                        "summary": result["summary"]})
    except (store.SaveError, OSError):
        return  # kept for this session only
    _prune(_path(key).parent)


#: analyses kept in the data folder; the oldest go first (a cache: a game is at worst analysed again)
KEEP_FILES = 200


def _prune(folder) -> None:
    try:
        files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)
        for old in files[:-KEEP_FILES]:
            old.unlink()
            old.with_name(old.name + ".bak").unlink(missing_ok=True)
    except OSError:
        pass


class Analysis:
    """The analysis as the review scene sees it: its state, progress and entries."""

    def __init__(self, source: Source, budget: float | None = None, cache: bool = True) -> None:
        self.source = source
        self.budget = budget
        self.cache = cache  # False: neither read nor write the kept analyses (the benchmark)
        self.entries: list[dict[str, Any]] = []
        self.summary = ""
        self.error = ""
        self.job: Any = None
        self.available = analyser(source.game) is not None
        found = cached(source) if self.available and cache else None
        if found is not None:
            self.entries, self.summary, self.status = found["moves"], found["summary"], DONE
        else:
            self.status = NONE

    def start(self) -> None:
        """Begin (or begin again, after a stop) in the solver process."""
        if not self.available or self.status in (RUNNING, DONE):
            return
        from game.engine.solvewatch import ProgressJob

        src = self.source
        self.job = ProgressJob(analyse, src.game, src.rules.to_dict(src.start), src.move_texts(), self.budget)
        self.status = RUNNING

    def stop(self) -> None:
        if self.job is not None and self.status == RUNNING:
            self.job.stop()
            self.job = None
            self.status = STOPPED

    @property
    def fraction(self) -> float:
        return self.job.fraction if self.job is not None else (1.0 if self.status == DONE else 0.0)

    def poll(self) -> bool:
        """Take in a finished answer; True when something changed."""
        job = self.job
        if job is None or not job.done:
            return False
        self.job = None
        if job.error is not None:
            self.status, self.error = FAILED, str(job.error) or type(job.error).__name__
            return True
        result = job.result
        self.entries, self.summary = result["moves"], result["summary"]
        self.status = DONE if result["complete"] else STOPPED
        if result["complete"] and self.cache:
            keep(self.source, result)
        return True

    def entry(self, n: int) -> dict[str, Any] | None:
        """The entry of move ``n`` (1-based), or None."""
        return self.entries[n - 1] if 0 < n <= len(self.entries) else None
