"""Romi played with posted key presses only: a whole game against the Beginner, and each keyboard
action the mouse has (select, Shift+Enter multi-select, put on a cell, the group-end shortcut, pick up
and put down, Validate, Restore, Draw, End turn)."""

from __future__ import annotations

import random
from collections import Counter

import pygame

from game.romi import players, rules
from game.romi.board import COLS, code_of
from tests.keyboard.keys import enter, focus_to, press, space
from tests.scenes.helpers import make_app, open_table
from tests.scenes.test_romi_scene import deck, pid, start


def free_run(scene, length: int) -> tuple[int, int]:
    """A row and first column with ``length`` empty cells and an empty cell on each side."""
    for r, row in enumerate(scene.board.cells):
        for c in range(1, COLS - length):
            if all(row[c - 1 + k] is None for k in range(length + 2)):
                return r, c
    raise AssertionError("no room on the board")


def select_by_keys(app, scene, cid: str) -> None:
    focus_to(app, scene, f"palette {cid}")
    enter(app)
    assert cid in scene.selection


def lay_group(app, scene, codes: tuple[str, ...]) -> None:
    """Lay a new group from the hand: the first card onto a free cell, the rest added at the group's end."""
    used: set[str] = set()

    def palette_id(code: str) -> str:
        cid = next(i for i in scene.board.palette if code_of(i) == code and i not in used)
        used.add(cid)
        return cid

    r, c = free_run(scene, len(codes))
    first = palette_id(codes[0])
    select_by_keys(app, scene, first)
    focus_to(app, scene, f"cell {r} {c}")
    enter(app)
    last = first
    for code in codes[1:]:
        cid = palette_id(code)
        select_by_keys(app, scene, cid)
        row, col, ids = scene.board.group_of(last)
        focus_to(app, scene, f"cell {row} {col + len(ids) - 1}")
        enter(app)  # the shortcut: a selected card onto a group's last card joins it at that end
        assert scene.board.group_of(cid) is not None
        last = cid


def test_a_whole_game_against_the_beginner_by_keyboard(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "romi", seed=4)
    scene.set_level("beginner") if hasattr(scene, "set_level") else None
    app.settle(max_seconds=30)
    rng = random.Random(1)
    turns = 0
    while not rules.is_over(scene.state):
        turns += 1
        assert turns < 200
        s = scene.state
        assert s.turn == 0 and scene.my_turn(), "the computer plays on by itself"
        move = players.choose_move(rules.observe(s, 0), "beginner", rng)
        old = [tuple(g) for g in s.table]
        new_groups = [tuple(g) for g in move.groups] if isinstance(move, rules.Play) else []
        fresh_count = Counter(new_groups) - Counter(old)
        if new_groups and not Counter(old) - Counter(new_groups):  # old groups untouched: only new ones laid
            fresh = list(fresh_count.elements())
            for g in fresh:
                lay_group(app, scene, g)
            focus_to(app, scene, "button End turn")
            enter(app)
        else:
            focus_to(app, scene, "stock" if s.stock and turns % 2 else "button Draw")  # both ways to draw
            enter(app)
        app.settle(max_seconds=30)
        assert scene.state is not s, f"turn {turns}: nothing was played by the keys: {move} {scene.status.message}"
    assert rules.is_over(scene.state)


def test_each_mouse_action_has_its_keys(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD KS 7H 8H 9H"))
    scene.sort_palette()
    # Shift+Enter: a card and the following ones that can still make a group
    seven = pid(scene, "7H")
    focus_to(app, scene, f"palette {seven}")
    press(app, pygame.K_RETURN, pygame.KMOD_SHIFT)
    chosen = [code_of(i) for i in scene.selection]
    assert chosen[:3] == ["7H", "8H", "9H"]
    # Space lifts the selection, arrows carry it, Space puts it down on a cell
    space(app)
    assert len(scene.focus.holding) == len(chosen)
    focus_to(app, scene, "cell 1 2")
    space(app)
    assert [code_of(i) for i in scene.board.cells[1][2:2 + len(chosen)]] == chosen
    # Restore puts the board back as the turn began
    focus_to(app, scene, "button Restore")
    enter(app)
    assert not scene.board.board_ids()
    # Validate says what it finds without playing
    for code, col in (("KC", 3), ("KD", 4), ("KS", 5)):
        cid = pid(scene, code)
        select_by_keys(app, scene, cid)
        focus_to(app, scene, f"cell 0 {col}")
        enter(app)
    focus_to(app, scene, "button Validate")
    enter(app)
    assert scene.state.hands[0] == rules.new_game(deck=deck("KC KD KS 7H 8H 9H")).hands[0]
    # Escape hides the ring and Enter is End turn again: the set of Kings is played
    press(app, pygame.K_ESCAPE)
    assert not scene.focus.visible
    before = scene.state
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)  # End turn? yes (Enter asks first when cards were laid: issue 25)
    app.settle(max_seconds=30)
    assert scene.state is not before and any(sorted(code_of(c) for c in g) == ["KC", "KD", "KS"]
                                             for g in scene.state.table)


def test_up_from_the_hand_reaches_the_board_not_the_buttons(tmp_path, monkeypatch):
    """Fresh eyes: Tab to the hand, Right, Shift+Enter, then Up five times ended on Draw (Up went to Sort,
    the nearest foot, then climbed the buttons): Up from the hand goes to the board row above."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    try:
        scene = open_table(app, "romi", seed=2)
        start(scene, deck("AD 2D 4S 6D 6H 6S 7C 7D 8D 9S QD QH KC"))
        press(app, pygame.K_TAB)
        assert scene.focus.key.startswith("palette ")
        for _ in range(4):
            press(app, pygame.K_RIGHT)
        press(app, pygame.K_RETURN, pygame.KMOD_SHIFT)
        column = scene.focus.current().rect.centerx
        rows = []
        for _ in range(5):
            press(app, pygame.K_UP)
            cur = scene.focus.current()
            assert cur.area == "board", cur.key
            assert cur.rect.left <= column <= cur.rect.right + scene.px  # straight up, not off to the side
            rows.append(int(cur.key.split()[1]))
        assert rows == list(range(rows[0], rows[0] - 5, -1))  # one board row per press
    finally:
        app.close()


def test_tab_reaches_every_button_in_order(tmp_path, monkeypatch):
    """By ear (round 10): Tab went hand, board, stock, Draw and back to the hand, so End turn, Validate,
    Restore and Sort were never reached (the Help says the ring reaches them), and a Shift+Enter meant for
    the next button drew.  Tab steps through each enabled button in order, Shift+Tab back again."""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    try:
        scene = open_table(app, "romi", seed=2)
        start(scene, deck("AD 2D 4S 6D 6H 6S 7C 7D 8D 9S QD QH KC"))
        wanted = [s.key for s in scene.focus.spots() if s.area == "buttons"]
        assert wanted[:4] == ["button Draw", "button End turn", "button Validate", "button Restore"]
        assert wanted[4].startswith("button Sort")
        press(app, pygame.K_TAB)
        seen = []
        for _ in range(len(wanted) + 6):
            press(app, pygame.K_TAB)
            if scene.focus.current().area == "buttons":
                seen.append(scene.focus.key)
            elif seen:
                break
        assert seen == wanted
        back = []
        press(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # from the hand back into the buttons: the last one
        while scene.focus.current().area == "buttons":
            back.append(scene.focus.key)
            press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        assert back == wanted[::-1]
    finally:
        app.close()
