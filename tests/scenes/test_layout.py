"""Every table, open menu and dialog lays out cleanly at 800x600, 1280x800 and 1920x1080.

The boxes checked are the ones really drawn (theme.text, theme.panel, buttons, the status line, the menu
bar and the cards report themselves while a record is open: game/engine/layoutcheck.py), so a label
moved in a scene is checked where it is drawn.  Each table is looked at just dealt and in mid-game (its
benchmark position: long piles, a crowded board), and every dialog its menus open is drawn over it.
"""

from __future__ import annotations

import pygame
import pytest

from game.engine import layoutcheck, theme, view
from game.engine.dialogs import MessageDialog, TableDialog
from game.engine.widgets import MessageLine, fit_status
from tests.scenes.helpers import make_app
from tests.scenes.layout_survey import BIG_SIZES, GAMES, SIZES, VIEWS, survey


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_every_table_menu_and_dialog_lays_out_cleanly(game, size, tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    frames = survey(game, size, shared=game == GAMES[0])
    names = [f.name for f in frames]
    assert "table" in names and "table in mid-game" in names
    assert any("dialog" in n for n in names), names
    problems = [p for f in frames for p in f.problems(size)]
    assert problems == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_main_menu_lays_out_cleanly(size, tmp_path, monkeypatch):
    from game.mainmenu import MainMenu
    from tests.scenes.layout_survey import resize

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app((1280, 800))
    app.replace(MainMenu(app))
    resize(app, size)
    boxes = layoutcheck.record(app.draw)
    assert sum(b.kind == "button" for b in boxes) == 5
    assert layoutcheck.problems(boxes, size) == []


def _boxes(*items):
    return [layoutcheck.Box(k, label, pygame.Rect(r)) for k, label, r in items]


def test_the_checker_sees_overlaps_clipped_text_and_tiny_cards():
    size = (800, 600)
    assert layoutcheck.problems(_boxes(("panel", "", (10, 10, 200, 70)), ("text", "SCORE", (20, 20, 60, 15)),
                                       ("button", "New", (300, 10, 100, 40)), ("text", "New", (320, 20, 40, 15)),
                                       ("card", "up:AS", (500, 100, 60, 84))), size) == []
    found = layoutcheck.problems(_boxes(("panel", "", (584, 488, 200, 70)),
                                        ("button", "New game", (530, 518, 118, 40)),
                                        ("text", "0", (598, 514, 17, 30)),
                                        ("text", "Longest streak", (780, 5, 120, 15)),
                                        ("card", "up:9C", (16, 342, 24, 33))), size)
    text = "\n".join(found)
    assert "button 'New game'" in text and "panel" in text
    assert "text '0'" in text and "overlaps" in text
    assert "'Longest streak'" in text and "outside" in text
    assert "24 px wide" in text


def test_a_recorded_draw_reports_text_panels_and_buttons():
    app = make_app((800, 600))
    dlg = MessageDialog(app, "Hello", "A message that is long enough to wrap onto a second line of the dialog "
                        "when the window is narrow.", ("OK", "Cancel"))
    boxes = layoutcheck.record(lambda: dlg.draw(app.window, 0.0))
    kinds = {b.kind for b in boxes}
    assert {"text", "panel", "button", "area"} <= kinds
    assert theme.RECORD is None
    assert layoutcheck.problems(boxes, app.size) == []


@pytest.mark.parametrize("width", [800, 1280, 1920])
def test_the_status_line_never_lets_the_message_and_the_facts_overlap(width):
    pygame.font.init()
    messages = ["Deal #3. Good luck!",
                "Guest against the Intermediate computer. You draw first. "
                "Click the deck (or Enter on it) to turn a card.",
                "Your turn: play cards and press End turn, or Draw. Your first play needs 25 points from your hand.",
                "word " * 80]
    for msg in messages:
        for right in ("", "Guest   Deal #3", "Beginner   Deal #3   You 0 : 0 Computer   Won 0/0"):
            line = MessageLine()
            line.say(msg)
            line.right = right
            surface = pygame.Surface((width, 600))
            boxes = layoutcheck.record(lambda line=line, surface=surface: line.draw(surface))
            assert layoutcheck.problems(boxes, (width, 600)) == [], (msg, right)
            lines, size, kept, rsize = fit_status(msg, right, width - 24)
            assert size == rsize == theme.STATUS_SIZE  # one size: the line wraps or drops facts, never shrinks
            assert " ".join(lines).replace("\u2026", "").split()[:3] == msg.split()[:3]
            if len(msg) < 120:
                assert " ".join(lines) == msg  # a message of normal length is never cut


def test_a_table_dialog_wraps_long_headers_and_scrolls_rows_that_do_not_fit():
    app = make_app((800, 600))
    headers = ["Start", "Games played", "Best score", "Average score", "Clears", "Longest streak",
               "Current streak", "Won"]
    rows = [[f"{n} jokers", "10", "250", "120.5", "3", "4", "2", "1"] for n in range(30)]
    dlg = TableDialog(app, "Statistics", [("All", headers, rows)])
    app.push(dlg)
    boxes = layoutcheck.record(lambda: dlg.draw(app.window, 0.0))
    assert layoutcheck.problems(boxes, app.size) == []
    assert dlg.header_lines == 2
    assert dlg.rect.bottom <= 600 and dlg.rect.top >= 0
    shown = [b.label for b in boxes if b.kind == "text" and b.label.endswith("jokers")]
    assert shown[0] == "0 jokers" and len(shown) < 30
    dlg.scroll(100)
    boxes = layoutcheck.record(lambda: dlg.draw(app.window, 0.0))
    assert [b.label for b in boxes if b.label.endswith("jokers")][-1] == "29 jokers"


# --- issue 28: big screens, text sizes, card faces, one type scale ----------------------------------------------

@pytest.mark.parametrize("view", VIEWS, ids=lambda v: f"{v[0]}-{v[1]}")
@pytest.mark.parametrize("size", BIG_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_every_table_and_menu_lays_out_on_big_screens_at_each_text_size_and_deck(game, size, view, tmp_path,
                                                                                 monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    text_size, faces = view
    frames = survey(game, size, shared=False, text_size=text_size, faces=faces, dialogs=False)
    assert any(f.name.startswith("menu ") for f in frames)
    assert [p for f in frames for p in f.problems(size)] == []


@pytest.mark.parametrize("game", GAMES)
def test_every_dialog_lays_out_at_4k_with_the_largest_text(game, tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    size = (3840, 2160)
    frames = survey(game, size, shared=game == GAMES[0], text_size="larger", faces="large-index")
    assert sum("dialog" in f.name for f in frames) >= 3
    assert [p for f in frames for p in f.problems(size)] == []


@pytest.mark.parametrize("size", BIG_SIZES + [(800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("text_size", ["normal", "larger"])
def test_the_main_menu_lays_out_at_each_text_size(size, text_size, tmp_path, monkeypatch):
    from game.mainmenu import MainMenu
    from tests.scenes.layout_survey import resize

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app((1280, 800))
    app.settings.text_size = text_size
    app.replace(MainMenu(app))
    resize(app, size)
    boxes = layoutcheck.record(app.draw)
    assert layoutcheck.problems(boxes, size) == []


def _status_boxes(app, message: str, right: str = "") -> list:
    table = app.stack.top
    table.status.say(message)
    table.status.right = right
    h = app.size[1]
    boxes = layoutcheck.record(lambda: table.status.draw(app.window))
    return [b for b in boxes if b.kind == "text" and b.rect.top >= h - theme.STATUS_H]


def test_status_text_grows_with_the_window_and_the_text_size(tmp_path, monkeypatch):
    from tests.scenes.helpers import open_table
    from tests.scenes.layout_survey import resize

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app((1280, 800))
    open_table(app, "acesup", seed=3)
    heights = {}
    for size in [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)]:
        resize(app, size)
        heights[size] = _status_boxes(app, "Deal #3. Good luck!")[0].rect.h
    assert heights[(1920, 1080)] >= 1.3 * heights[(1280, 800)]
    assert heights[(3840, 2160)] >= 2.4 * heights[(1280, 800)]
    assert heights[(800, 600)] == heights[(1280, 800)]  # the small window keeps the readable size
    resize(app, (1280, 800))
    app.settings.text_size = "large"
    view.apply(app)  # as Options ▸ Text size does: at once, no restart
    assert _status_boxes(app, "Deal #3. Good luck!")[0].rect.h > heights[(1280, 800)]


@pytest.mark.parametrize("game", GAMES)
def test_the_status_line_keeps_one_size_at_800x600_in_every_game(game, tmp_path, monkeypatch):
    """A message too long for one line wraps at the same size as a short one: it never shrinks."""
    from tests.scenes.helpers import open_table
    from tests.scenes.layout_survey import resize

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app((1280, 800))
    table = open_table(app, game, seed=3)
    resize(app, (800, 600))
    short = _status_boxes(app, "Deal #3.")[0].rect.h
    long = ("Your turn: play cards and press End turn, or Draw. Your first play needs 25 points from your hand, "
            "and the jokers count as the cards they stand for.")
    boxes = _status_boxes(app, long, table.status_text())
    assert len(boxes) >= 2
    assert {b.rect.h for b in boxes} == {short}
    assert layoutcheck.problems(boxes, app.size) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_main_menu_tile_title_is_drawn_at_one_size(size, tmp_path, monkeypatch):
    """'Affairs of the Court' wraps onto two lines in a narrow tile rather than shrink below its neighbours."""
    from game import registry
    from game.mainmenu import MainMenu
    from tests.scenes.layout_survey import resize

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app((1280, 800))
    menu = MainMenu(app)
    app.replace(menu)
    resize(app, size)
    boxes = layoutcheck.record(app.draw)
    words = {w for g in registry.GAMES for w in g.title.split()}
    titles = [b for b in boxes if b.kind == "text" and b.label and set(b.label.split()) <= words
              and b.label not in ("Play",)]
    assert all(any(w in b.label for b in titles) for w in ("Aces", "Court", "Romi", "Thieves", "ACME"))
    assert len({b.rect.h for b in titles}) == 1, [(b.label, b.rect.h) for b in titles]
    assert menu.title_size >= 24


@pytest.mark.parametrize("game", GAMES)
def test_the_tables_of_the_screenshots_lay_out(game, tmp_path, monkeypatch):
    """The two views looked at by eye (issue 28): 1920x1080 with Large text and Four-colour faces, 800x600 with
    Large index faces."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    for size, text_size, faces in (((1920, 1080), "large", "four-colour"), ((800, 600), "normal", "large-index")):
        frames = survey(game, size, shared=False, text_size=text_size, faces=faces, dialogs=False)
        assert [p for f in frames for p in f.problems(size)] == []
