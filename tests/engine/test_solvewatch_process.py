"""The solver process: the light's search runs outside the game's process, so the frame loop never waits."""

from __future__ import annotations

import time

from game.acesup import rules, solver
from game.engine import solvewatch


def test_the_search_runs_in_another_process(monkeypatch):
    monkeypatch.setenv("PARLOUR_SOLVER_PROCESS", "1")  # conftest keeps other tests on threads
    monkeypatch.setattr(solvewatch, "_POOL", None)
    try:
        _search_runs_in_another_process()
    finally:
        pool = solvewatch._POOL
        if pool:
            pool.close()


def _search_runs_in_another_process() -> None:
    hard = rules.new_game(1000, variation="firing_squad")  # undecided within half a second
    run = solvewatch.in_process(solver.solve)
    run(rules.new_game(1001, variation="firing_squad"), node_budget=1000, time_limit_s=0.1)  # start the process
    t0 = time.thread_time()
    res = run(hard, node_budget=10**9, time_limit_s=0.5)
    here = time.thread_time() - t0
    assert res.winnable is None and res.ms >= 450  # the solver spent its half second of CPU...
    assert here < 0.15  # ...but not in this thread, which only waited
    won = run(rules.new_game(1001, variation="firing_squad"), node_budget=100_000)
    assert won.winnable is True
    state = rules.new_game(1001, variation="firing_squad")
    for m in won.line:  # the line comes back whole and replays
        state = rules.apply(state, m)
    assert rules.outcome(state) == "won"


def test_without_a_process_the_search_runs_here(monkeypatch):
    monkeypatch.setattr(solvewatch, "_POOL", False)
    run = solvewatch.in_process(solver.solve)
    t0 = time.thread_time()
    res = run(rules.new_game(1000, variation="firing_squad"), node_budget=10**9, time_limit_s=0.3)
    assert res.winnable is None and time.thread_time() - t0 >= 0.25
