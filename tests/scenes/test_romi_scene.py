"""Romi table driven by real posted mouse and key events on the dummy driver."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.romi import rules
from game.romi.board import code_of
from tests.scenes.helpers import center_of, click, drag, key, make_app, open_table

SHIFT = pygame.KMOD_SHIFT


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def deck(hand0: str, hand1: str = "", stock: str = "") -> list[str]:
    pool = Counter(rules.PACK)
    parts = []
    for part in (hand0, hand1, stock):
        cards = part.split()
        for c in cards:
            pool[c] -= 1
        parts.append(cards)
    rest = sorted(pool.elements())
    h0 = parts[0] + [rest.pop() for _ in range(14 - len(parts[0]))]
    h1 = parts[1] + [rest.pop(0) for _ in range(14 - len(parts[1]))]
    return h0 + h1 + parts[2] + rest


def start(scene, d, settle: float = 10.0, **kw):
    scene.start_game(rules.new_game(deck=d, **kw), 7)
    scene.app.settle(max_seconds=settle)


def pid(scene, code: str) -> str:
    """The id of a palette card with this code."""
    return next(i for i in scene.board.palette if code_of(i) == code)


def cell_centre(scene, row: int, col: int) -> tuple[int, int]:
    x, y = scene.cell_xy(row, col)
    cw, ch = scene.table.card_size
    return (x + cw // 2, y + ch // 2)


def test_click_select_then_click_cell_moves_a_card(app):
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD KS 7H 8H 9H"))
    k = pid(scene, "KC")
    click(app, center_of(scene, k))
    assert scene.selection == [k]
    click(app, cell_centre(scene, 2, 3))
    assert scene.board.cells[2][3] == k and k not in scene.board.palette
    # clicking the selected card again cancels
    other = pid(scene, "KD")
    click(app, center_of(scene, other))
    click(app, center_of(scene, other))
    assert scene.selection == []


def test_drag_to_the_board_and_end_turn_opens(app):
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD KS 7H 8H 9H"))
    for col, code in enumerate(["KC", "KD", "KS"]):
        drag(app, center_of(scene, pid(scene, code)), cell_centre(scene, 0, col))
    assert scene.board.table() == (("KC", "KD", "KS"),)
    key(app, pygame.K_RETURN)
    assert not scene.state.opened[0]  # Enter asks first (issue 25)...
    key(app, pygame.K_RETURN)  # ...and Enter again confirms
    assert scene.state.opened[0]
    assert ("KC", "KD", "KS") in scene.state.table
    app.settle()
    assert scene.state.turn == 0 or rules.is_over(scene.state)  # the computer has answered


def test_refuses_a_card_that_can_never_fit(app):
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD 7H 2S"))
    click(app, center_of(scene, pid(scene, "KC")))
    click(app, cell_centre(scene, 0, 0))
    seven = pid(scene, "7H")
    click(app, center_of(scene, seven))
    click(app, cell_centre(scene, 0, 1))
    assert seven in scene.board.palette  # KC 7H can never be a group
    assert "never" in scene.status.message


def test_invalid_table_is_refused_and_outlined_then_restored(app):
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD 7H 8H"))
    for col, code in enumerate(["KC", "KD"]):
        drag(app, center_of(scene, pid(scene, code)), cell_centre(scene, 0, col))
    key(app, pygame.K_RETURN)
    assert not scene.state.opened[0] and scene.state.table == ()
    assert scene.bad_ids and all(scene.table.sprites[i].highlight is not None for i in scene.bad_ids)
    click(app, scene.buttons[3].rect.center)  # Restore
    assert scene.board.table() == () and len(scene.board.palette) == 14


def test_shift_click_selects_following_palette_cards(app):
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("7H 8H 9H KC 2S 4D 6C 8S TD QS 3C 5D 9C JD"))
    first = pid(scene, "7H")
    click(app, center_of(scene, first), mod=SHIFT)
    assert [code_of(i) for i in scene.selection] == ["7H", "8H", "9H"]
    click(app, cell_centre(scene, 1, 5))
    assert scene.board.table() == (("7H", "8H", "9H"),)


def test_shift_click_passes_over_a_second_copy_of_a_card_taken(app):
    """Round 15, by ear: Shift+Enter on the five of a sorted 5-6-6-7 of hearts stopped at the second six."""
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("5H 6H 6H 7H KC 2S 4D 8C 8S TD QS 3C 5D JD"))
    click(app, center_of(scene, pid(scene, "5H")), mod=SHIFT)
    assert [code_of(i) for i in scene.selection] == ["5H", "6H", "7H"]
    assert code_of(scene.board.palette[scene.board.palette.index(scene.selection[1]) + 1]) == "6H"


def opened_position(scene, table, hand0, hand1="2C 3D"):
    used = Counter(hand0.split()) + Counter(hand1.split()) + Counter(c for g in table for c in g)
    pool = Counter(rules.PACK) - used
    d = {"hands": [hand0.split(), hand1.split() + list(pool.elements())[:10]], "table": [list(g) for g in table],
         "stock": list((pool - Counter(list(pool.elements())[:10])).elements()), "turn": 0,
         "opened": [True, True], "passes": 0, "over": False, "winner": None, "first": 0, "ace_after_king": False}
    scene.start_game(rules.from_dict(d), 9)
    scene.app.settle()


def test_click_on_a_groups_end_adds_the_selection(app):
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5H", "6H", "7H")], "8H 4H KC")
    eight = pid(scene, "8H")
    click(app, center_of(scene, eight))
    last = scene.board.groups()[0][2][-1]
    click(app, center_of(scene, last))
    assert scene.board.table()[0] == ("5H", "6H", "7H", "8H")
    four = pid(scene, "4H")
    click(app, center_of(scene, four))
    click(app, center_of(scene, scene.board.groups()[0][2][0]))
    assert scene.board.table()[0] == ("4H", "5H", "6H", "7H", "8H")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # End turn? yes
    mine = scene.history.moves[0]
    assert isinstance(mine, rules.Play) and ("4H", "5H", "6H", "7H", "8H") in mine.groups
    assert scene.history.states[1].hands[0] == ("KC",)


def test_click_on_a_twin_splits_a_long_group(app):
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("4H", "5H", "6H", "7H", "8H", "9H")], "6H KC")
    six = pid(scene, "6H")
    click(app, center_of(scene, six))
    twin = scene.board.groups()[0][2][2]
    assert code_of(twin) == "6H"
    click(app, center_of(scene, twin))
    assert sorted(scene.board.table()) == [("4H", "5H", "6H"), ("6H", "7H", "8H", "9H")]


def test_table_cards_cannot_return_to_the_palette(app):
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5H", "6H", "7H")], "8H KC")
    first = scene.board.groups()[0][2][0]
    drag(app, center_of(scene, first), (scene.palette_rect.right - 20, scene.palette_rect.centery))
    assert scene.board.table() == (("5H", "6H", "7H"),)
    assert "can't go back" in scene.status.message


def test_validate_and_draw(app):
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD 7H"))
    drag(app, center_of(scene, pid(scene, "7H")), cell_centre(scene, 3, 3))
    click(app, scene.buttons[2].rect.center)  # Validate
    assert "not valid" in scene.status.message
    # what is wrong, in the rules' words (it once said only "1 group is not valid")
    assert scene.status.message.endswith(": The seven of hearts: a group needs at least 3 cards.")
    stock = len(scene.state.stock)
    click(app, scene.buttons[0].rect.center)  # Draw: asks, then restores the board and draws
    key(app, pygame.K_RETURN)
    app.settle()
    assert len(scene.state.stock) <= stock - 1
    assert scene.board.table() == scene.state.table


def test_expert_time_out_draws_a_card(app):
    scene = open_table(app, "romi", seed=2)
    scene.level = scene.chosen_level = "expert"
    scene.time_limit = 30
    start(scene, deck("KC KD 7H"), settle=0.5)
    assert scene.clock is not None and 0 < scene.clock <= 30
    before = len(scene.state.hands[0])
    for _ in range(4):
        app.settle(max_seconds=10)
        if len(scene.state.hands[0]) != before:
            break
    assert scene.history.moves and scene.history.moves[0] == rules.Draw()
    assert len(scene.history.states[1].hands[0]) == before + 1


def test_pause_stops_the_clock_and_continue_resumes(app):
    scene = open_table(app, "romi", seed=2)
    scene.level = scene.chosen_level = "expert"
    scene.time_limit = 300
    start(scene, deck("KC KD 7H"), settle=0.5)
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    assert scene.paused
    left = scene.clock
    app.settle(max_seconds=2)
    assert scene.clock == left
    key(app, pygame.K_g, pygame.KMOD_CTRL)
    assert not scene.paused


def test_help_from_romi_plays_the_turn_at_beginner(app):
    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD KS 7H 8H 9H"))
    key(app, pygame.K_h, pygame.KMOD_CTRL)  # Help from Romi (Ctrl+E is Demonstration now)
    key(app, pygame.K_RETURN)  # Romi asks first (a win would not count): Play for me
    first = scene.history.moves[0]
    assert isinstance(first, rules.Play)
    assert scene.history.states[1].opened[0]


def test_demonstration_plays_both_sides(app):
    scene = open_table(app, "romi", seed=2)
    scene.new_game(3, demo=True)
    for _ in range(6):
        app.settle(max_seconds=5)
    assert len(scene.history.moves) >= 4
    assert not scene.in_progress()  # a demonstration is never kept as an unfinished game


def test_a_finished_game_is_recorded_in_the_statistics(app):
    from saves import romi_stats

    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5H", "6H", "7H")], "8H")
    click(app, center_of(scene, pid(scene, "8H")))
    click(app, center_of(scene, scene.board.groups()[0][2][-1]))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # End turn? yes
    assert rules.is_over(scene.state) and scene.state.winner == 0
    stats, _ = romi_stats.load()
    assert stats.games == 1 and stats.won == 1 and stats.points_for == rules.game_points(scene.state)[0] > 0


def test_save_and_load_give_back_the_same_game(app):
    scene = open_table(app, "romi", seed=4)
    click(app, scene.buttons[0].rect.center)  # draw; the computer answers
    app.settle()
    data = scene.save_data()
    state = scene.state
    other = open_table(app, "romi", seed=9)
    other.load_data(data)
    app.settle()
    assert other.state == state
    assert other.board.table() == state.table
    assert sorted(code_of(i) for i in other.board.palette) == sorted(state.hands[0])


def _run_clock_out(app, scene):
    for _ in range(6):
        app.settle(max_seconds=10)
        if scene.history.moves:
            break


def test_time_out_keeps_a_valid_play(app):
    scene = open_table(app, "romi", seed=2)
    scene.level = scene.chosen_level = "expert"
    scene.time_limit = 30
    opened_position(scene, [("5H", "6H", "7H")], "8H KC QD")
    click(app, center_of(scene, pid(scene, "8H")), settle=False)
    app.pump()
    click(app, center_of(scene, scene.board.groups()[0][2][-1]), settle=False)
    app.pump()
    assert scene.board.table() == (("5H", "6H", "7H", "8H"),)
    _run_clock_out(app, scene)
    assert isinstance(scene.history.moves[0], rules.Play)
    assert scene.history.states[1].table == (("5H", "6H", "7H", "8H"),)


def test_time_out_with_an_invalid_table_restores_and_draws(app):
    scene = open_table(app, "romi", seed=2)
    scene.level = scene.chosen_level = "expert"
    scene.time_limit = 30
    opened_position(scene, [("5H", "6H", "7H")], "8H KC QD")
    click(app, center_of(scene, pid(scene, "KC")), settle=False)
    app.pump()
    click(app, cell_centre(scene, 4, 4), settle=False)
    app.pump()
    assert len(scene.board.groups()) == 2
    _run_clock_out(app, scene)
    assert scene.history.moves[0] == rules.Draw()
    assert scene.history.states[1].table == (("5H", "6H", "7H"),)
    assert len(scene.history.states[1].hands[0]) == 4
