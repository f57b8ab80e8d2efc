"""Round 13 (a fresh player): the table's focus ring stayed on Cancel Tournament under the round's box, two
controls seeming to have the focus.  A box over the table has the keys and its own ring: the table's is not
drawn until the box closes."""

from __future__ import annotations

import pygame

from game.engine.dialogs import MessageDialog
from tests.keyboard.keys import press
from tests.scenes.helpers import make_app, open_table


def test_the_tables_ring_is_hidden_while_a_box_is_over_it(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=3)
    press(app, pygame.K_RIGHT)
    assert scene.focus.visible
    drawn: list[int] = []
    real = scene.focus.draw
    monkeypatch.setattr(scene.focus, "draw", lambda surface: (drawn.append(1), real(surface)))
    surface = pygame.Surface(app.size)
    scene.draw(surface, 1.0)
    assert drawn == [1]
    box = MessageDialog(app, "Round 1 over", "Next round.", ("Next round",))
    app.push(box)
    drawn.clear()
    scene.draw(surface, 1.0)
    assert drawn == []
    app.stack.pop(box)
    scene.draw(surface, 1.0)
    assert drawn == [1]
    app.close()
