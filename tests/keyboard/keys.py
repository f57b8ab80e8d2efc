"""Drive a table with the keyboard only: every helper here posts KEYDOWN events and nothing else.

The helpers *read* the scene (where the focus ring is, where a target is) to decide which key a player
would press next, exactly as a player looks at the screen; they never call a scene method that acts.
"""

from __future__ import annotations

import pygame

from tests.scenes.helpers import key

ARROW_FOR = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN, (0, -1): pygame.K_UP}


def press(app, k: int, mod: int = 0) -> None:
    key(app, k, mod)


def show_ring(app, scene) -> None:
    if not scene.focus.visible:
        press(app, pygame.K_TAB)
    assert scene.focus.visible


def spot(scene, spot_key: str):
    found = [s for s in scene.focus.spots() if s.key == spot_key]
    assert found, f"no focus spot {spot_key!r} among {[s.key for s in scene.focus.spots()]}"
    return found[0]


def focus_to(app, scene, spot_key: str, limit: int = 60) -> None:
    """Arrow keys (then Tab, if arrows cannot get there) until the ring is on ``spot_key``."""
    show_ring(app, scene)
    for _ in range(limit):
        cur = scene.focus.current()
        if cur is not None and cur.key == spot_key:
            return
        target = spot(scene, spot_key)
        dx = target.rect.centerx - cur.rect.centerx
        dy = target.rect.centery - cur.rect.centery
        if target.area != cur.area and not scene.focus.holding:
            press(app, pygame.K_TAB)
            continue
        direction = ((1 if dx > 0 else -1), 0) if abs(dx) > 12 else (0, (1 if dy > 0 else -1))  # columns first
        before = cur.key
        press(app, ARROW_FOR[direction])
        if scene.focus.current().key == before:  # blocked on that axis: try the other one
            other = (0, (1 if dy > 0 else -1)) if direction[1] == 0 and dy else ((1 if dx > 0 else -1), 0)
            press(app, ARROW_FOR[other])
    raise AssertionError(f"could not reach {spot_key!r}; focus on {scene.focus.key!r}")


def enter(app) -> None:
    press(app, pygame.K_RETURN)


def space(app) -> None:
    press(app, pygame.K_SPACE)


def play_aces_up(app, scene, move) -> None:
    """One Aces Up move (game.acesup.rules) by keys: Enter deals or pairs, Space lifts and puts down."""
    from game.acesup import rules

    if isinstance(move, rules.Deal):
        focus_to(app, scene, "stock")
        enter(app)
    elif isinstance(move, rules.Pair):
        focus_to(app, scene, f"pile {move.a}")
        enter(app)
        focus_to(app, scene, f"pile {move.b}")
        enter(app)
    else:
        src, dst = (move.pile, "discards") if isinstance(move, rules.Discard) else (move.src, f"pile {move.dst}")
        focus_to(app, scene, f"pile {src}")
        space(app)
        focus_to(app, scene, dst)
        space(app)
