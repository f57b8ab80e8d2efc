"""Romi: the table before your opening, and the layout that Load and Resume keep."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.romi import rules
from game.romi.board import code_of
from tests.scenes.helpers import center_of, click, drag, key, make_app, open_table


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


@pytest.fixture(autouse=True)
def _positions_set_by_hand(monkeypatch):
    """These tests save and load positions set up by hand (`position`), not deals: the check that a saved
    start is its deal (saves.deals, tested in tests/faults/test_odd_files.py) is not what they test."""
    from saves import deals

    monkeypatch.setattr(deals, "check_start", lambda *_: None)


def position(scene, table, hand0, opened=(False, True), hand1="2C 3D"):
    used = Counter(hand0.split()) + Counter(hand1.split()) + Counter(c for g in table for c in g)
    pool = Counter(rules.PACK) - used
    extra = list(pool.elements())[:10]
    d = {"hands": [hand0.split(), hand1.split() + extra], "table": [list(g) for g in table],
         "stock": list((pool - Counter(extra)).elements()), "turn": 0, "opened": list(opened), "passes": 0,
         "over": False, "winner": None, "first": 0, "ace_after_king": False}
    scene.start_game(rules.from_dict(d), 9)
    scene.app.settle()


def pid(scene, code: str) -> str:
    return next(i for i in scene.board.palette if code_of(i) == code)


def cell_point(scene, row: int, col: int) -> tuple[int, int]:
    x, y = scene.cell_xy(row, col)
    return (x + scene.px // 2, y + scene.py // 2)


def test_touching_the_table_before_the_opening_is_refused_at_once_with_the_reason(app):
    scene = open_table(app, "romi", seed=2)
    position(scene, [("5H", "6H", "7H")], "8H KC KD KS")
    table_card = scene.board.groups()[0][2][0]
    click(app, center_of(scene, table_card))
    assert scene.selection == []
    assert "Before your opening play" in scene.status.message
    scene.status.say("")
    drag(app, center_of(scene, table_card), cell_point(scene, 4, 10))
    assert scene.board.table() == (("5H", "6H", "7H"),)
    assert "Before your opening play" in scene.status.message
    # a hand card put on the end of the table's group is refused too, by click and by drop
    eight = pid(scene, "8H")
    click(app, center_of(scene, eight))
    click(app, center_of(scene, scene.board.groups()[0][2][-1]))
    assert scene.board.table() == (("5H", "6H", "7H"),) and eight in scene.board.palette
    row, col, ids = scene.board.groups()[0]
    scene.status.say("")
    drag(app, center_of(scene, eight), cell_point(scene, row, col + len(ids)))
    assert scene.board.table() == (("5H", "6H", "7H"),) and eight in scene.board.palette
    assert "Before your opening play" in scene.status.message
    # a new group of your own is what the opening is made of: allowed
    key(app, pygame.K_ESCAPE)  # (the refused 8H is still selected)
    for k, code in enumerate(("KC", "KD", "KS")):
        click(app, center_of(scene, pid(scene, code)))
        click(app, cell_point(scene, 5, 3 + k))
    assert sorted(scene.board.table()) == [("5H", "6H", "7H"), ("KC", "KD", "KS")]


def test_after_the_opening_the_table_may_be_touched(app):
    scene = open_table(app, "romi", seed=2)
    position(scene, [("5H", "6H", "7H")], "8H KC", opened=(True, True))
    table_card = scene.board.groups()[0][2][0]
    click(app, center_of(scene, table_card))
    assert scene.selection == [table_card]


def _arrange(app, scene):
    """Move the table's group to row 4, column 9 and put the King of clubs first in the palette."""
    group = scene.board.groups()[0][2]
    scene.select(list(group))
    click(app, cell_point(scene, 4, 9))
    king = pid(scene, "KC")
    scene.move_to_palette([king], 0)
    app.settle()
    return [list(r) for r in scene.board.cells], list(scene.board.palette)


def test_load_keeps_the_board_layout_and_the_palette_order(app, tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    scene = open_table(app, "romi", seed=2)
    position(scene, [("5H", "6H", "7H")], "8H 2S QD KC", opened=(True, True))
    cells, palette = _arrange(app, scene)
    assert scene.board.groups()[0][:2] == (4, 9) and code_of(palette[0]) == "KC"
    data = scene.save_data()
    other = open_table(make_app(animation="off"), "romi", seed=5)
    other.load_data(data)
    other.app.settle()
    assert [list(r) for r in other.board.cells] == cells
    assert other.board.palette == palette
    # what is shown is where the cards are drawn
    x, y = other.cell_xy(4, 9)
    first = other.board.cells[4][9]
    assert other.table.sprites[first].rect(other.table.card_size).topleft == (x, y)
    # the turn's starting board came back too: Restore returns the group to where the turn began
    other.restore_board()
    assert other.board.groups()[0][:2] != (4, 9)


def test_resume_keeps_the_layout_and_a_layout_that_does_not_fit_the_position_is_ignored(app, tmp_path,
                                                                                         monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    scene = open_table(app, "romi", seed=2)
    position(scene, [("5H", "6H", "7H")], "8H 2S QD KC", opened=(True, True))
    cells, palette = _arrange(app, scene)
    data = scene.save_data()
    resumed = open_table(make_app(animation="off"), "romi", seed=5)
    resumed.load_data(data)
    resumed.after_resumed()
    assert [list(r) for r in resumed.board.cells] == cells and resumed.board.palette == palette
    # a foreign layout (a card that is not in the position) is ignored: the table is laid out afresh
    bad = dict(data)
    bad["extra"] = {"layout": {"turn": {"cells": cells, "palette": palette[:-1] + ["AS#0"]}, "now": None}}
    fresh = open_table(make_app(animation="off"), "romi", seed=5)
    fresh.load_data(bad)
    fresh.app.settle()
    assert fresh.board.table() == (("5H", "6H", "7H"),)
    assert sorted(code_of(i) for i in fresh.board.palette) == sorted(["8H", "2S", "QD", "KC"])


def test_a_valid_run_is_laid_in_order_and_its_joker_shows_what_it_stands_for(app):
    from game.engine import layoutcheck

    scene = open_table(app, "romi", seed=2)
    position(scene, [], "7H 5H JK KC", opened=(True, True))
    for k, code in enumerate(("7H", "JK", "5H")):  # laid downwards (a row may not hold 7 5: issue 25)
        click(app, center_of(scene, pid(scene, code)))
        click(app, cell_point(scene, 3, 4 + k))
    assert scene.board.table() == (("5H", "JK", "7H"),)  # in order, the joker standing for the six
    assert list(scene._joker_marks.values()) == [("6", "H")]
    joker = scene.board.cells[3][5]
    boxes = layoutcheck.record(app.draw)
    card = next(b.rect for b in boxes if b.kind == "card" and b.label == f"up:{joker}")
    marks = [b for b in boxes if b.kind == "text" and b.label == "6" and card.contains(b.rect)]
    assert marks, "the joker's corner shows the six it stands for"


def test_a_card_dropped_in_the_palettes_empty_area_stays_where_dropped(app):
    scene = open_table(app, "romi", seed=2)
    position(scene, [], "2C 5D 9H KS", opened=(True, True))
    assert [code_of(i) for i in scene.board.palette] == ["2C", "5D", "9H", "KS"]
    two = pid(scene, "2C")
    r = scene.palette_rect
    far = scene.pcols - 2  # the palette's places (its own pitch: its cards may be larger than the board's)
    target = (r.x + far * scene.ppx, r.y + scene.ppy)  # second row, near its end: far from the others
    start = center_of(scene, two)
    grab = scene.table.sprites[two].rect(scene.table.card_size)
    drag(app, start, (target[0] + start[0] - grab.x, target[1] + start[1] - grab.y))
    sp = scene.table.sprites[two]
    assert (round(sp.x), round(sp.y)) == target
    assert scene.board.palette[-1] == two  # reading order: last
    # the others closed up from the left
    assert round(scene.table.sprites[pid(scene, "5D")].x) == r.x
    # a card clicked onto an empty place goes there too
    nine = pid(scene, "9H")
    click(app, center_of(scene, nine))
    click(app, (r.x + 10 * scene.ppx + 3, r.y + 5))
    assert (round(scene.table.sprites[nine].x), round(scene.table.sprites[nine].y)) == (r.x + 10 * scene.ppx, r.y)
    assert [code_of(i) for i in scene.board.palette] == ["5D", "KS", "9H", "2C"]
    # Load keeps the places too
    data = scene.save_data()
    other = open_table(make_app(animation="off"), "romi", seed=5)
    other.load_data(data)
    other.app.settle()
    assert (round(other.table.sprites[nine].x), round(other.table.sprites[nine].y)) == (r.x + 10 * scene.ppx, r.y)
    # Sort packs the palette again
    scene.sort_palette()
    app.settle()
    assert round(scene.table.sprites[two].x) == r.x and round(scene.table.sprites[two].y) == r.y
