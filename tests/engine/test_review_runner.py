"""The review's analysis runs in the solver process with progress and a stop (issue 29)."""

from __future__ import annotations

import os
import time

import pytest

from game.engine import solvewatch
from game.review import cache, runner
from game.review.source import from_command
from tests.cli.test_review_cli import ACESUP_LOST_AT_12


def slow_count(n: int, *, progress, should_stop) -> tuple[int, int]:
    """A long request for the tests: counts to ``n`` slowly; (how far it got, the process it ran in)."""
    for i in range(n):
        if should_stop():
            return i, os.getpid()
        time.sleep(0.01)
        progress((i + 1) / n)
    return n, os.getpid()


@pytest.fixture
def solver_process(monkeypatch):
    monkeypatch.setenv("PARLOUR_SOLVER_PROCESS", "1")  # conftest keeps other tests on threads
    monkeypatch.setattr(solvewatch, "_POOL", None)
    yield
    pool = solvewatch._POOL
    if pool:
        pool.close()


def _progress_then_stop(job: solvewatch.ProgressJob) -> tuple[int, int]:
    end = time.monotonic() + 30
    while job.fraction < 0.05 and not job.done and time.monotonic() < end:
        time.sleep(0.02)
    seen = job.fraction
    assert 0.05 <= seen < 1.0 and not job.done  # progress is readable while it runs
    job.stop()
    job.wait(10)
    assert job.done and job.stopped
    return job.result


def test_a_long_request_reports_progress_and_stops_in_the_solver_process(solver_process):
    job = solvewatch.ProgressJob(slow_count, 3000)
    reached, pid = _progress_then_stop(job)
    assert 0 < reached < 3000
    assert pid != os.getpid()  # it ran in the solver process, not on the frame loop's


def test_without_a_process_it_runs_in_a_thread_the_same_way(monkeypatch):
    monkeypatch.setattr(solvewatch, "_POOL", False)
    reached, pid = _progress_then_stop(solvewatch.ProgressJob(slow_count, 3000))
    assert 0 < reached < 3000 and pid == os.getpid()


def test_the_analysis_in_the_solver_process_finds_the_losing_move(solver_process, monkeypatch):
    monkeypatch.setattr(runner, "_MEMORY", {})
    analysis = runner.Analysis(from_command("acesup", 1, {}, ACESUP_LOST_AT_12))
    analysis.start()
    end = time.monotonic() + 60
    while not analysis.poll() and time.monotonic() < end:
        time.sleep(0.02)
    assert analysis.status == runner.DONE
    assert [e["n"] for e in analysis.entries if e["mark"] == "losing"] == [12]
    assert runner.cached(analysis.source) is not None  # kept with the game


def test_a_stopped_analysis_is_not_kept(monkeypatch):
    monkeypatch.setattr(solvewatch, "_POOL", False)
    monkeypatch.setattr(runner, "_MEMORY", {})
    analysis = runner.Analysis(from_command("acesup", 1, {}, ACESUP_LOST_AT_12))
    analysis.start()
    analysis.stop()
    assert analysis.status == runner.STOPPED
    time.sleep(0.5)
    assert runner.cached(analysis.source) is None
    analysis.start()  # Analyse again
    end = time.monotonic() + 60
    while not analysis.poll() and time.monotonic() < end:
        time.sleep(0.02)
    assert analysis.status == runner.DONE


def test_the_kept_analyses_are_pruned_to_the_newest(monkeypatch):
    monkeypatch.setattr(cache, "KEEP_FILES", 2)
    monkeypatch.setattr(runner, "_MEMORY", {})
    sources = [from_command("acesup", 1, {}, ";".join(["deal"] * n)) for n in (1, 2, 3)]
    for src in sources:
        entries = [{"n": i + 1, "move": "deal", "before": "lost", "after": "lost", "mark": None}
                   for i in range(len(src.moves))]
        runner.keep(src, {"moves": entries, "summary": "s"})
        time.sleep(0.02)
    monkeypatch.setattr(runner, "_MEMORY", {})
    assert [runner.cached(s) is not None for s in sources] == [False, True, True]


def test_an_analysis_kept_by_an_older_version_is_analysed_again(monkeypatch):
    """Issue 32 changed the words and counts an analysis holds (moves in words, Romi's missed cards, a won
    game): one kept by the older version would show the old words for ever, so it is not used."""
    from saves import store

    monkeypatch.setattr(runner, "_MEMORY", {})
    source = from_command("acesup", 1, {}, ACESUP_LOST_AT_12)
    moves = [{"n": i + 1, "move": t, "mark": None, "before": "undecided", "after": "undecided"}
             for i, t in enumerate(source.move_texts())]
    path = cache.path_of(source.key())
    for old in (1, 2, 3):  # 2: Court's marks said games counted as points; 3: double-dummy Court marks
        store.write_json(path, runner.FORMAT, old, {"game": "acesup", "moves": moves, "summary": "old words"})
        assert runner.cached(source) is None
    store.write_json(path, runner.FORMAT, runner.VERSION, {"game": "acesup", "moves": moves, "summary": "new"})
    assert runner.cached(source)["summary"] == "new"
