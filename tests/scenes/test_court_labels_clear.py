"""Court: the draw's discard labels ("Its discards (7)") stand clear of the deck at every window size and
text size (round 13, low vision: High contrast, Larger text and Large index cut it at "Its discards (7" under
the deck)."""

from __future__ import annotations

import pytest

from game.engine import theme, view
from tests.scenes.helpers import make_app, open_table


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("text_size", ["normal", "larger"])
def test_the_discard_labels_end_before_the_deck(tmp_path, monkeypatch, size, text_size):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(size=size, animation="off")
    app.settings.text_size = text_size
    app.settings.high_contrast = True
    view.apply(app)
    scene = open_table(app, "court", seed=4)
    widest = theme.font(17).size("Your discards (13)")[0]
    for r in scene.discard_rects:
        assert r.x + widest < scene.deck_rect.x, (r, scene.deck_rect, widest)
    assert scene.deck_rect.right < scene.turn_rect.x and scene.turn_rect.right < scene.keep_btn.rect.right
    app.close()
