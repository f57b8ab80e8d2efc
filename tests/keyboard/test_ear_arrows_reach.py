"""Fresh QA by ear: "the arrow keys never reach the Forty Thieves stock" — a blind player tried only Left and
Right along the stacks. Every place a player acts on is reached by arrows alone from every other (Down from
the stacks), at three window sizes and through a game, in Forty Thieves and Aces Up; and the keys' help
says where the stock lies."""

from __future__ import annotations

import random

import pytest

from game.engine.focus import step
from game.thieves import keyboard as thieves_keys
from game.thieves import rules as thieves_rules
from tests.scenes.helpers import make_app, open_table

ARROWS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def _unreached(spots) -> list[tuple[str, list[str]]]:
    keys = {s.key for s in spots}
    out = []
    for start in spots:
        seen, todo = {start.key}, [start]
        while todo:
            at = todo.pop()
            for d in ARROWS:
                nxt = step(spots, at, *d)
                if nxt is not None and nxt.key not in seen:
                    seen.add(nxt.key)
                    todo.append(nxt)
        if keys - seen:
            out.append((start.key, sorted(keys - seen)))
    return out


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_thieves_arrows_reach_the_stock_from_every_place(tmp_path, monkeypatch, size):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(size=size, animation="off")
    scene = open_table(app, "thieves", seed=7)
    rnd = random.Random(size[0])
    for _ in range(25):
        assert _unreached(scene.focus.spots()) == []
        moves = thieves_rules.legal_moves(scene.state)
        if not moves:
            break
        scene.play(rnd.choice(moves))
        app.settle()
    stack = next(s for s in scene.focus.spots() if s.key == "stack 1")
    assert step(scene.focus.spots(), stack, 0, 1).key in ("stock", "current")  # Down from the stacks
    assert "Down from the stacks reaches" in thieves_keys.HELP


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_aces_up_arrows_reach_every_pile(tmp_path, monkeypatch, size):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(size=size, animation="off")
    scene = open_table(app, "acesup", seed=7)
    assert _unreached(scene.focus.spots()) == []
