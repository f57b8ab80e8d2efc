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


def test_the_ring_says_whether_a_stack_card_can_be_taken_and_a_take_says_what_is_left(tmp_path, monkeypatch):
    """By ear (round 10): the ring said 'Enter takes it' on every stack card, even one that cannot go onto
    the current card; and after a take nothing said what the stack showed now (Aces Up says it)."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "thieves", seed=3)
    state = scene.state
    current = rules.the_card(state.current)
    blocked = next(s for s in range(rules.NUM_STACKS) if state.stacks[s] and not rules.can_take(state, s))
    focus_to(app, scene, f"stack {blocked}")
    said = scene.status.message
    assert "Enter takes it" not in said
    assert f"Can't be taken now: it is not one above or below {current}" in said, said
    takeable = [s for s in range(rules.NUM_STACKS) if rules.can_take(state, s)]
    if not takeable:  # turn until a card can be taken
        while not takeable:
            focus_to(app, scene, "stock")
            enter(app)
            state = scene.state
            takeable = [s for s in range(rules.NUM_STACKS) if rules.can_take(state, s)]
    s = takeable[0]
    focus_to(app, scene, f"stack {s}")
    assert scene.status.message.endswith("Enter takes it."), scene.status.message
    taken = state.stacks[s][-1]
    enter(app)
    left = scene.state.stacks[s]
    shows = f"stack {s + 1} now shows {rules.the_card(left[-1])}" if left else f"stack {s + 1} is empty"
    assert scene.status.message.startswith(f"Took {rules.the_card(taken)}"), scene.status.message
    assert shows in scene.status.message, scene.status.message
