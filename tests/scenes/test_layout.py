"""Every table, open menu and dialog lays out cleanly at 800x600, 1280x800 and 1920x1080.

The boxes checked are the ones really drawn (theme.text, theme.panel, buttons, the status line, the menu
bar and the cards report themselves while a record is open: game/engine/layoutcheck.py), so a label
moved in a scene is checked where it is drawn.  Each table is looked at just dealt and in mid-game (its
benchmark position: long piles, a crowded board), and every dialog its menus open is drawn over it.
"""

from __future__ import annotations

import pygame
import pytest

from game.engine import layoutcheck, theme
from game.engine.dialogs import MessageDialog, TableDialog
from game.engine.widgets import MessageLine, fit_status
from tests.scenes.helpers import make_app
from tests.scenes.layout_survey import GAMES, SIZES, survey


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
                "Guest against the Intermediate computer. You draw first. Click the deck to turn a card.",
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
            lines, _size, kept, _rsize = fit_status(msg, right, width - 24)
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
