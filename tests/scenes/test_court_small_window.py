"""Issue 24: Affairs of the Court at 800x600 — the discards' labels never print over the deck's count, and
the score panel leaves the cards the room (it took a third of the width, with 55 px cards)."""

from __future__ import annotations

import pytest

from game.engine import layoutcheck
from tests.scenes.helpers import click, make_app, open_table


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_draw_with_discards_lays_out_cleanly(size, parlour_home):
    app = make_app(size=size, animation="off")
    try:
        scene = open_table(app, "court", seed=4)
        for _ in range(2):  # two pairs each: a discard on both sides
            click(app, scene.deck_rect.center)
            click(app, scene.discard_btn.rect.center)
            click(app, scene.deck_rect.center)
            click(app, scene.keep_btn.rect.center)
            app.settle()
        click(app, scene.deck_rect.center)
        app.settle()
        assert len(scene.state.seen[0]) == 2 and len(scene.state.seen[1]) == 2
        boxes = layoutcheck.record(app.draw)
        labels = {b.label for b in boxes if b.kind == "text"}
        assert {"Your discards (2)", "Its discards (2)", "43 cards"} <= labels
        assert layoutcheck.problems(boxes, size) == []
        assert scene.score_rect.w <= size[0] * 0.25
        if size == (800, 600):
            assert scene.table.card_size[0] >= 60
    finally:
        app.close()
