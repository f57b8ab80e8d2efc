"""Forty Thieves played to its end with posted key presses only: the first deal cleared along a solver line,
then on to the end of the game with the auto-player's choices, every move made by keys."""

from __future__ import annotations

import random

from game.thieves import players, rules, solver
from tests.keyboard.keys import enter, focus_to, space
from tests.scenes.helpers import make_app, open_table


def clearable_deal(jokers: int) -> tuple[int, tuple]:
    for seed in range(1, 300):
        res = solver.solve(rules.new_game(seed, jokers=jokers), node_budget=300_000)
        if res.winnable and res.line:
            return seed, res.line
    raise AssertionError("no clearable deal found")


def play_by_keys(app, scene, move, use_space: bool) -> None:
    before = scene.state
    if isinstance(move, rules.Take):
        focus_to(app, scene, f"stack {move.stack}")
        if use_space:  # pick up, put down on the current card: what a drag does
            space(app)
            focus_to(app, scene, "current")
            space(app)
        else:
            enter(app)
    else:
        focus_to(app, scene, "stock")
        enter(app)
    assert scene.state.clears > before.clears or scene.state == rules.apply(before, move), f"{move} not played"


def test_a_whole_game_by_keyboard(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    seed, line = clearable_deal(jokers=2)
    app = make_app(animation="off")
    scene = open_table(app, "thieves", seed=seed, jokers=2)
    for i, move in enumerate(line):
        play_by_keys(app, scene, move, use_space=i % 2 == 1)
    assert scene.state.clears == 1, "the first deal was cleared by keys"
    rng = random.Random(5)
    for _ in range(400):
        if rules.is_over(scene.state):
            break
        play_by_keys(app, scene, players.greedy_move(rules.observe(scene.state), rng), use_space=False)
    assert rules.is_over(scene.state)
