"""Issue 33, card faces and text on the shared table: what a player sees of the cards under a pile."""

from __future__ import annotations

from sprites.cards import BORDER
from tests.scenes.helpers import make_app, open_table


def test_the_cards_under_the_forty_thieves_stock_show_as_edges_not_a_dark_block(tmp_path, monkeypatch):
    """At 1920x1080 the stock's cards beneath the top one (2 px apart) drew as a dark block with stray white
    arcs at the corner: their borders were as wide as the step between them.  Beside the top card, along the
    pile's thickness, paper must show between the borders."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app((1920, 1080), animation="off")
    try:
        scene = open_table(app, "thieves", seed=5)
        app.invalidate()
        app.pump()
        stock = scene.stock_rect
        assert scene.table.card_size[0] >= 165  # the size where it was seen
        for y in (stock.centery, stock.y + stock.h // 3):
            edge = [tuple(app.window.get_at((x, y))[:3]) for x in range(stock.right - 7, stock.right)]
            dark = sum(1 for c in edge if max(abs(c[k] - BORDER[k]) for k in range(3)) < 30)
            paper = sum(1 for c in edge if min(c) > 230)
            assert paper >= 2 and dark <= 4, edge
    finally:
        app.close()
