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


def _unreached(spots, step=step) -> list[tuple[str, list[str]]]:
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
        assert _unreached(scene.focus.spots(), scene.focus_step) == []
        moves = thieves_rules.legal_moves(scene.state)
        if not moves:
            break
        scene.play(rnd.choice(moves))
        app.settle()
    stack = next(s for s in scene.focus.spots() if s.key == "stack 1")
    assert scene.focus_step(scene.focus.spots(), stack, 0, 1).key in ("stock", "current")  # Down from the stacks
    assert "Down from the stacks reaches" in thieves_keys.HELP


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_aces_up_arrows_reach_every_pile(tmp_path, monkeypatch, size):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(size=size, animation="off")
    scene = open_table(app, "acesup", seed=7)
    assert _unreached(scene.focus.spots(), scene.focus_step) == []


def _at(app, scene, key: str) -> None:
    """The ring shown and put on ``key`` directly (what is tested is the arrow from there)."""
    from tests.keyboard.keys import show_ring

    show_ring(app, scene)
    scene.focus.focus_on(next(s for s in scene.focus.spots() if s.key == key))


def _arrow(app, scene, k) -> str:
    from tests.keyboard.keys import press

    press(app, k)
    return scene.focus.key


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_thieves_arrows_follow_the_rows_on_screen_and_say_the_edges(tmp_path, monkeypatch, size):
    """Round 13 by ear: Up from the stock went to whichever stack was deepest (not the one above it), Right
    on the last stack said nothing, and Right from the current card jumped down to a button.  Up goes to the
    stack straight above, Left and Right stay in their row, and an edge is said."""
    import pygame

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(size=size, animation="off")
    scene = open_table(app, "thieves", seed=3)  # stacks of uneven depth once a few cards are taken
    rnd = random.Random(1)
    for _ in range(6):
        takes = [m for m in thieves_rules.legal_moves(scene.state) if isinstance(m, thieves_rules.Take)]
        scene.play(rnd.choice(takes or thieves_rules.legal_moves(scene.state)))
        app.settle()
    spots = {s.key: s for s in scene.focus.spots()}
    for below in ("stock", "current"):
        straight_above = min((s for s in spots.values() if s.area == "stacks"),
                             key=lambda s: abs(s.rect.centerx - spots[below].rect.centerx))
        _at(app, scene, below)
        assert _arrow(app, scene, pygame.K_UP) == straight_above.key, below
    _at(app, scene, "current")
    assert _arrow(app, scene, pygame.K_RIGHT) == "current"  # not a button below
    assert scene.status.message.startswith("Edge: nothing further right. Current card:")
    _at(app, scene, "stack 6")
    assert _arrow(app, scene, pygame.K_RIGHT) == "stack 6"
    assert scene.status.message.startswith("Edge: nothing further right. Stack 7:")
    assert _arrow(app, scene, pygame.K_UP) == "stack 6"
    assert scene.status.message.startswith("Edge: nothing further up.")
    _at(app, scene, "stack 0")
    assert _arrow(app, scene, pygame.K_LEFT) == "stack 0"
    assert scene.status.message.startswith("Edge: nothing further left. Stack 1:")
    assert "Left and Right move along a row and stop at its end" in thieves_keys.HELP


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_aces_up_arrows_stay_in_their_row_and_say_the_edges(tmp_path, monkeypatch, size):
    import pygame

    from game.acesup import keyboard as acesup_keys

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(size=size, animation="off")
    scene = open_table(app, "acesup", seed=7)
    _at(app, scene, "discards")
    assert _arrow(app, scene, pygame.K_RIGHT) == "discards"
    assert scene.status.message.startswith("Edge: nothing further right. Discards:")
    _at(app, scene, "stock")
    assert _arrow(app, scene, pygame.K_LEFT) == "stock"
    assert scene.status.message.startswith("Edge: nothing further left. Stock:")
    assert _arrow(app, scene, pygame.K_RIGHT) == "pile 0"
    down = _arrow(app, scene, pygame.K_DOWN)
    assert down.startswith("button")
    button = next(s for s in scene.focus.spots() if s.key == down)
    above = min((s for s in scene.focus.spots() if s.area == "piles"),
                key=lambda s: abs(s.rect.centerx - button.rect.centerx))
    assert _arrow(app, scene, pygame.K_UP) == above.key  # straight above, not back where it came from
    assert "Edge" in acesup_keys.HELP
