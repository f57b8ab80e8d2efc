"""Round 9, cosmetic: in Court's score panel the round's change ('-8'), rising from beside the total, ran over
the 'to play' label above it (shot-233-overlap.png).  The figure keeps to the band between the label and the
next row, for its whole rise, at 800x600, 1280x800 and 1920x1080."""

from __future__ import annotations

import pytest

from game.court import rules
from game.engine import theme
from tests.scenes.helpers import make_app, open_table


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_rising_change_never_covers_to_play(size):
    app = make_app(size=size, animation="off")
    try:
        scene = open_table(app, "court", seed=4)
        seat = rules.current_player(scene.state)
        panel_texts = []
        for life in (1.8, 1.2, 0.6, 0.05):
            scene.floaters[:] = [[seat, "-88", theme.DANGER, life]]
            theme.TEXT_RECORD = []
            try:
                scene.draw_overlay(app.window)
                panel_texts = [(msg, r) for msg, _fg, _bg, r in theme.TEXT_RECORD if scene.score_rect.contains(r)]
            finally:
                theme.TEXT_RECORD = None
            (figure,) = [r for msg, r in panel_texts if msg == "-88"]
            others = [(msg, r) for msg, r in panel_texts if msg != "-88"]
            assert "drawing" in [m for m, _ in others]
            hit = [m for m, r in others if r.colliderect(figure)]
            assert not hit, f"{size}, {life}: '-88' at {figure} covers {hit}"
    finally:
        app.close()
