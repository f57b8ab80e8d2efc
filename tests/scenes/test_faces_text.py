"""Issue 33, card faces and text on the shared table: what a player sees of the cards under a pile."""

from __future__ import annotations

import pytest

from game.engine import fonts, layoutcheck, theme, view
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


# --- one font chain: any name a player can type is drawn wherever it appears ---------------------------------

#: names in scripts the bundled font lacks; the test uses those this machine has a font for (DejaVu Sans, on
#: every Linux desktop, has Hebrew; fonts-noto-cjk and fonts-noto-color-emoji add the others)
FOREIGN = ["שלום", "游戏", "ゲーム", "Dice 🎲"]


def _present() -> list[str]:
    import pygame

    pygame.font.init()
    return [n for n in FOREIGN if all(fonts.bundled_has(ch) or fonts.fallback_file(ch) for ch in n)]


def _pixels(app, rect) -> bytes:
    import pygame

    return pygame.image.tobytes(app.window.subsurface(rect.clip(app.window.get_rect())), "RGB")


def _as_bundled_font_alone(app, rect, monkeypatch) -> bytes:
    """What ``rect`` shows when the same frame is drawn with the bundled font alone (the missing-glyph boxes)."""
    import pygame

    with monkeypatch.context() as m:
        def plain(px: int, bold: bool):
            f = pygame.font.Font(None, px)
            f.set_bold(bold)
            return f
        m.setattr(theme, "_font", plain)
        m.setattr(theme, "_rendered", lambda msg, px, colour, bold: plain(px, bold).render(msg, True, colour))
        app.invalidate()
        app.draw()
        shown = _pixels(app, rect)
    app.invalidate()
    app.draw()
    return shown


def test_a_name_in_any_script_is_drawn_in_the_field_the_confirmation_and_the_status_line(tmp_path, monkeypatch):
    """Issue 33: the saved-games list drew Hebrew and emoji, but the name field, the confirmations and the status
    line showed boxes, and CJK showed boxes everywhere.  Each place is drawn twice, through the font chain and
    with the bundled font alone: the chain must draw something else than the boxes."""
    import pygame

    from game.engine.dialogs import MessageDialog
    from game.engine.savedgames import SavedGamesDialog
    from tests.scenes.helpers import key, type_text

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    names = _present()
    assert names, "no system font draws Hebrew, CJK or emoji here"
    app = make_app((1280, 800), animation="off")
    try:
        scene = open_table(app, "acesup", seed=3)
        for name in names:
            key(app, pygame.K_s, pygame.KMOD_CTRL)
            dlg = app.stack.top
            assert isinstance(dlg, SavedGamesDialog)
            type_text(app, name)
            app.draw()
            boxes = _pixels(app, dlg.field.rect) == _as_bundled_font_alone(app, dlg.field.rect, monkeypatch)
            assert not boxes, name
            key(app, pygame.K_RETURN)
            assert app.stack.top is scene and name in scene.status.message
            status = pygame.Rect(0, app.size[1] - theme.STATUS_H, app.size[0] // 2, theme.STATUS_H)
            app.draw()
            boxes = _pixels(app, status) == _as_bundled_font_alone(app, status, monkeypatch)
            assert not boxes, name
            key(app, pygame.K_s, pygame.KMOD_CTRL)  # the same name again: "Replace saved game?"
            type_text(app, name)
            key(app, pygame.K_RETURN)
            ask = app.stack.top
            assert isinstance(ask, MessageDialog) and name in ask.message
            app.draw()
            boxes = _pixels(app, ask.body) == _as_bundled_font_alone(app, ask.body, monkeypatch)
            assert not boxes, name
            key(app, pygame.K_ESCAPE)
            key(app, pygame.K_ESCAPE)
            assert app.stack.top is scene
    finally:
        app.close()


def test_the_chain_measures_what_it_draws_and_keeps_right_to_left_names_in_reading_order():
    """The width a layout is given is the width drawn (a name field's caret, a wrapped line), and an all
    right-to-left name is laid out in reading order."""
    import pygame

    pygame.font.init()
    f = theme.font(24)
    for name in _present() + ["Café Жук", "plain"]:
        assert f.size(name)[0] == f.render(name, True, (0, 0, 0)).get_width(), name
    assert fonts.shown_order("שלום") == "םולש" and fonts.shown_order("Café 1") == "Café 1"
    assert fonts.shown_order("Saved as “שלום עולם”.") == "Saved as “םלוע םולש”."  # a name in a sentence


def test_on_windows_and_macos_the_chain_looks_in_their_font_folders(tmp_path, monkeypatch):
    """No fontconfig there: the known files of %WINDIR%\\Fonts (and macOS's font folders) are tried in order.
    A font this machine has stands in for Segoe UI."""
    import shutil

    import pygame

    pygame.font.init()
    have = next((fonts.fallback_file(ch) for n in _present() for ch in n if not fonts.bundled_has(ch)), None)
    assert have, "no system font draws Hebrew, CJK or emoji here"
    (tmp_path / "Fonts").mkdir()
    shutil.copy(have, tmp_path / "Fonts" / "segoeui.ttf")
    monkeypatch.setattr(fonts.sys, "platform", "win32")
    monkeypatch.setenv("WINDIR", str(tmp_path))
    monkeypatch.setattr(fonts, "_char_font", {})
    monkeypatch.setattr(fonts, "_found", [])
    fonts._platform_files.cache_clear()
    try:
        ch = next(ch for n in _present() for ch in n if fonts.bundled_has(ch) is False
                  and fonts._probe(str(tmp_path / "Fonts" / "segoeui.ttf")) is not None
                  and fonts.has_glyph(fonts._probe(str(tmp_path / "Fonts" / "segoeui.ttf")), ch))
        assert fonts.fallback_file(ch) == str(tmp_path / "Fonts" / "segoeui.ttf")
    finally:
        fonts._platform_files.cache_clear()
