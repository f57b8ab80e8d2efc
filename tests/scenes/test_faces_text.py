"""Issue 33, card faces and text on the shared table: what a player sees of the cards under a pile."""

from __future__ import annotations

import pytest

from game.engine import layoutcheck, view
from game.engine.table import EndBox
from sprites.cards import BORDER
from tests.scenes.helpers import make_app, open_table
from tests.scenes.layout_survey import GAMES, resize, survey


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


# --- text never leaves its box ----------------------------------------------------------------------------------

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
TEXT_SIZES = ["normal", "large", "larger"]


def _dialog_problems(app, dlg) -> list[str]:
    return layoutcheck.problems(layoutcheck.record(lambda: dlg.draw(app.window, 0.0)), app.size)


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_assisted_end_box_keeps_its_words_inside_at_every_size(size, text_size, tmp_path, monkeypatch):
    """Issue 33: "An assisted game: not scored, not in the statistics." ran past the right edge of the end box
    at 1280x800 and was cut at 800x600; the box is checked at each window size and each text size, with the
    window resized while it is open (the lines are wrapped again, not kept from when it opened)."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app((1280, 800), animation="off")
    try:
        app.settings.text_size = text_size
        view.apply(app)
        scene = open_table(app, "acesup", seed=3)
        scene.assisted = True
        scene.on_game_over(scene.state)
        app.settle()
        dlg = app.stack.top
        assert isinstance(dlg, EndBox) and "An assisted game" in dlg.message
        resize(app, size)
        assert _dialog_problems(app, dlg) == []
        drawn = " ".join(b.label for b in layoutcheck.record(lambda: dlg.draw(app.window, 0.0)) if b.kind == "text")
        assert "not in the" in drawn and "statistics." in drawn  # every word is drawn, none dropped
    finally:
        app.close()


@pytest.mark.parametrize("text_size", ["large", "larger"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_every_dialog_fits_its_box_at_each_window_and_text_size(game, size, text_size, tmp_path, monkeypatch):
    """Every dialog a table's menus open, at 800x600, 1280x800 and 1920x1080 with Large and Larger text (Normal
    text is test_layout.py's test_every_table_menu_and_dialog_lays_out_cleanly): no line leaves its box."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    frames = survey(game, size, shared=game == GAMES[0], text_size=text_size)
    assert sum("dialog" in f.name for f in frames) >= 3
    assert [p for f in frames if "dialog" in f.name for p in f.problems(size)] == []
