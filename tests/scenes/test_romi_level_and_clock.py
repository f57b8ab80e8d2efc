"""Romi (issue 33): the level of a game is the one it began at, and the Expert clock keeps the time left —
through the Level menu, a re-chosen time limit, and a close and resume, driven by real posted events."""

from __future__ import annotations

import pygame
import pytest

from game.romi import rules
from saves import deals
from tests.scenes.helpers import center_of, click, key, make_app, open_table, top_dialog
from tests.scenes.menu_clicks import choose
from tests.scenes.test_romi_scene import cell_centre, opened_position, pid


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def pick_time(app, seconds: int) -> None:
    """Level ▸ Expert…, then the time limit chosen in its list and OK (Enter)."""
    box = top_dialog(app)
    box.list.selected = [v for v, _l in box.options].index(seconds)
    key(app, pygame.K_RETURN)


def test_a_level_chosen_mid_game_applies_to_the_next_game(app):
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5H", "6H", "7H")], "8H KC")
    choose(app, scene, "Level", "See the computer's cards")
    assert scene.see_cards and scene.level == "beginner"
    choose(app, scene, "Level", "Intermediate")
    assert scene.level == "beginner", "the game on the table keeps its level"
    assert "next game" in scene.status.message and "Beginner" in scene.status.message
    assert app.settings.game("romi")["level"] == "intermediate"
    assert "Beginner" in scene.status_text()
    scene.new_game(5)
    app.settle()
    assert scene.level == "intermediate", "the next game is dealt at the level chosen"


def test_a_game_won_after_a_level_change_is_counted_at_its_own_level(app):
    from saves import romi_stats

    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5H", "6H", "7H")], "8H")
    choose(app, scene, "Level", "See the computer's cards")  # the computer's hand seen at Beginner
    choose(app, scene, "Level", "Intermediate")
    click(app, center_of(scene, pid(scene, "8H")))
    click(app, center_of(scene, scene.board.groups()[0][2][-1]))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # End turn? yes: the last card is laid
    assert rules.is_over(scene.state) and scene.state.winner == 0
    stats, _ = romi_stats.load()
    assert stats.level("beginner").won == 1 and stats.level("intermediate").games == 0


def test_before_anything_is_seen_or_played_a_level_applies_at_once(app):
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5H", "6H", "7H")], "8H KC")
    choose(app, scene, "Level", "Intermediate")
    assert scene.level == "intermediate" and scene.status.message == "Level: Intermediate."


def expert_game(app, limit: int = 180):
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5H", "6H", "7H")], "8H KC QD")
    choose(app, scene, "Level", "Expert…")
    pick_time(app, limit)
    assert scene.level == "expert" and scene.clock is not None
    return scene


def test_choosing_the_time_limit_again_does_not_restart_the_clock(app):
    scene = expert_game(app, 180)
    scene.clock = 150.0  # part of the turn has gone
    choose(app, scene, "Level", "Expert…")
    pick_time(app, 180)
    assert scene.clock is not None and scene.clock <= 150.0
    choose(app, scene, "Level", "Expert…")
    pick_time(app, 300)
    assert scene.clock is not None and scene.clock <= 150.0
    assert scene.time_limit == 300  # for the turns to come


def test_close_and_resume_keeps_the_time_left(app, tmp_path, monkeypatch):
    monkeypatch.setattr(deals, "check_start", lambda *_: None)  # a position set up by hand, not a deal
    scene = expert_game(app, 180)
    click(app, center_of(scene, pid(scene, "8H")))
    click(app, center_of(scene, scene.board.groups()[0][2][-1]))
    scene.clock = 37.5
    data = scene.save_data()
    other_app = make_app(animation="off")
    try:
        resumed = open_table(other_app, "romi", seed=5)
        resumed.load_data(data)
        resumed.after_resumed()
        assert resumed.level == "expert"
        assert resumed.clock is not None and 30 < resumed.clock <= 37.5
    finally:
        other_app.close()


# --- a SIGKILL mid-turn ----------------------------------------------------------------------------------
def kept_game():
    from saves import games as saved_games
    from saves.keeper import WRITER

    assert WRITER.flush()
    return saved_games.read_resume("romi", "Romi")


@pytest.mark.parametrize("after_a_move", [True, False])
def test_the_kept_game_holds_the_turns_rearranging_after_every_card(app, parlour_home, after_a_move, monkeypatch):
    monkeypatch.setattr(deals, "check_start", lambda *_: None)  # a position set up by hand, not a deal
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5H", "6H", "7H")], "8H 4H KC QD")
    if after_a_move:
        key(app, pygame.K_SPACE)  # draw: the computer plays, then it is your turn again
        app.settle()
        assert scene.history.moves and scene.my_turn()
    before = scene.board.table()
    kc = pid(scene, "KC")
    click(app, center_of(scene, kc))
    click(app, cell_centre(scene, 7, 20))  # a card laid on its own in an empty row: work in progress
    assert scene.board.cells[7][20] == kc and scene.board.table() != before
    data = kept_game()  # what a SIGKILL now leaves on disk
    assert data is not None, "the kept game was written after the card was laid"
    other_app = make_app(animation="off")
    try:
        resumed = open_table(other_app, "romi", seed=5)
        resumed.load_data(data)
        resumed.after_resumed()
        assert resumed.board.table() == scene.board.table()
        assert resumed.board.palette == scene.board.palette
    finally:
        other_app.close()


# --- Help from Romi asks first -----------------------------------------------------------------------------
def test_help_from_romi_says_first_that_a_win_will_not_count(app):
    from game.romi.help import HELP
    from game.romi.menus import HELP_NEVER_ASK

    assert "not counted as a win" in HELP
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5H", "6H", "7H")], "8H KC QD")
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    box = top_dialog(app)
    assert box is not scene and "not counted as a win" in box.message
    key(app, pygame.K_ESCAPE)  # Cancel: Romi does nothing
    assert not scene.assisted and not scene.history.moves
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    click(app, next(b for b in top_dialog(app).buttons if b.label == HELP_NEVER_ASK).rect.center)
    assert scene.assisted and scene.history.moves
    assert app.settings.game("romi")["help_no_ask"] is True
    app.settle()
    scene.new_game(4)
    app.settle()
    if scene.my_turn():  # the player never asked to be asked again: Romi plays at once
        key(app, pygame.K_h, pygame.KMOD_CTRL)
        assert top_dialog(app) is scene and scene.assisted


def test_help_from_romi_asks_once_a_game(app):
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5H", "6H", "7H")], "8H KC QD 9D 2S")
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    key(app, pygame.K_RETURN)  # Play for me
    app.settle(max_seconds=20)
    assert scene.assisted and scene.my_turn()
    moves = len(scene.history.moves)
    key(app, pygame.K_h, pygame.KMOD_CTRL)  # the second time in this game: no question
    assert top_dialog(app) is scene and len(scene.history.moves) > moves


# --- the Demonstration stops --------------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["click", "escape", "menu"])
def test_a_demonstration_stops_by_a_click_escape_or_the_menu(app, how):
    from tests.scenes.menu_clicks import item_center

    scene = open_table(app, "romi", seed=2)
    i = next(n for n, m in enumerate(scene.menubar.menus) if m.title == "Game")
    click(app, scene.menubar.title_rects[i].center)
    click(app, item_center(scene, "Game", "Demonstration"), settle=False)  # frames, not a whole demo game
    for _ in range(3):
        app.pump()
    assert scene.demo
    assert "You " not in scene.status_text() and "Won " not in scene.status_text()  # not the player's score
    assert "Esc to stop" in scene.status_text()
    if how == "click":
        click(app, scene.board_rect.center, settle=False)
    elif how == "escape":
        key(app, pygame.K_ESCAPE, settle=False)
    else:
        click(app, scene.menubar.title_rects[i].center, settle=False)
        app.pump()
        click(app, item_center(scene, "Game", "Stop demonstration"), settle=False)
    app.pump()
    assert not scene.demo and scene.job is None
    assert scene.status.message.startswith("Demonstration stopped")
    assert not scene.history.moves  # a fresh game of the player's own


# --- the board's words and order ---------------------------------------------------------------------------
def test_a_split_refused_says_the_real_reason(app):
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("4H", "5H", "6H", "7H", "8H"), ("9C", "TC", "JC", "QC")], "5H TC 2S")
    run = scene.board.groups()[0][2]
    click(app, center_of(scene, pid(scene, "5H")))
    click(app, center_of(scene, run[1]))  # the five inside 4-5-6-7-8: a part of 2 cards
    assert "group of 2 cards" in scene.status.message and "3 or more" in scene.status.message
    assert "cell is taken" not in scene.status.message
    four = scene.board.groups()[1][2]
    if scene.selection:
        key(app, pygame.K_ESCAPE)
    click(app, center_of(scene, pid(scene, "TC")))
    assert [scene.board.palette.index(i) >= 0 for i in scene.selection] == [True]
    click(app, center_of(scene, four[1]))  # inside a group of 4
    assert "5 or more" in scene.status.message and "cell is taken" not in scene.status.message


@pytest.mark.parametrize(("lone", "added", "order"), [("8H", "9H", ["8H", "9H"]), ("9H", "8H", ["8H", "9H"])])
def test_a_card_added_to_a_lone_table_card_goes_where_the_run_reads_up(app, lone, added, order):
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5C", "6C", "7C")], f"{lone} {added} KS")
    click(app, center_of(scene, pid(scene, lone)))
    click(app, cell_centre(scene, 4, 6))
    click(app, center_of(scene, pid(scene, added)))
    click(app, center_of(scene, scene.board.cells[4][6]))  # the lone card
    row = [c for c in scene.board.table() if c != ("5C", "6C", "7C")]
    assert row == [tuple(order)]


# --- Sort ---------------------------------------------------------------------------------------------------
def test_the_sort_button_names_what_it_does_and_is_not_a_move_to_take_back(app):
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5C", "6C", "7C")], "9S 9H 2D 8C KS")
    sort = next(b for b in scene.buttons if b.label.startswith("Sort"))
    assert scene.sort_by == "suit" and scene.palette_sorted()
    assert sort.label == "Sort by rank"  # sorted by suit already: pressing sorts by rank
    eight = pid(scene, "8C")
    click(app, center_of(scene, eight))
    click(app, center_of(scene, scene.board.groups()[0][2][-1]))  # one move this turn
    click(app, sort.rect.center)
    assert scene.sort_by == "rank" and sort.label == "Sort by suit"
    by_rank = list(scene.board.palette)
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # takes back the eight, not the sort
    assert eight in scene.board.palette and scene.board.table() == (("5C", "6C", "7C"),)
    assert [i for i in scene.board.palette if i != eight] == by_rank and scene.palette_sorted()
    assert len(scene.edits) == 0


# --- the palette at 800 x 600 ----------------------------------------------------------------------------------
def test_the_palette_lays_the_hand_out_in_the_space_it_has_at_800x600():
    small = make_app((800, 600), animation="off")
    try:
        scene = open_table(small, "romi", seed=2)
        assert scene.geo.tiles  # the board shows tiles here; the palette keeps whole cards
        cw, _ch = scene.table.card_size
        rects = [scene.table.sprites[i].rect(scene.table.card_size) for i in scene.board.palette]
        assert len(rects) == 14
        assert all(scene.palette_rect.contains(r) for r in rects)
        rows: dict[int, list[int]] = {}
        for r in rects:
            rows.setdefault(r.y, []).append(r.x)
        for xs in rows.values():  # side by side: no card hides part of its neighbour's face
            xs.sort()
            assert all(b - a >= cw for a, b in zip(xs, xs[1:], strict=False))
        assert scene.pcols >= 12 and len(rows) == 2
    finally:
        small.close()


# --- the win celebration -------------------------------------------------------------------------------------
def test_the_win_celebration_never_draws_over_the_status_line():
    from game.engine import theme
    from game.engine.celebrate import celebrate

    big = make_app(animation="normal")
    try:
        scene = open_table(big, "romi", seed=2)
        big.draw()
        w, h = big.size
        line = pygame.Rect(0, h - theme.STATUS_H, w, theme.STATUS_H)
        before = pygame.image.tobytes(big.window.subsurface(line).copy(), "RGB")
        party = celebrate(scene)
        assert party is not None
        for _ in range(90):  # three seconds: the cards leap, fall and bounce at the bottom
            big.step(1 / 30)
            big.draw()
            assert pygame.image.tobytes(big.window.subsurface(line).copy(), "RGB") == before
    finally:
        big.close()


# --- dragging a selection, Restore -------------------------------------------------------------------------
def palette_drop_point(scene, start, sid, col, row=1):
    """Where to release a drag begun at ``start`` on ``sid`` so that card lands on palette place (row, col)."""
    r = scene.palette_rect
    grab = scene.table.sprites[sid].rect(scene.table.card_size)
    return (r.x + col * scene.ppx + start[0] - grab.x + 2, r.y + row * scene.ppy + start[1] - grab.y + 2)


def test_a_selection_dragged_by_its_middle_card_keeps_its_order(app):
    from game.romi.board import code_of

    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5C", "6C", "7C")], "7S 8S 9S 2D KH")
    click(app, center_of(scene, pid(scene, "7S")), mod=pygame.KMOD_SHIFT)
    assert [code_of(i) for i in scene.selection] == ["7S", "8S", "9S"]
    eight = pid(scene, "8S")
    start = center_of(scene, eight)
    from tests.scenes.helpers import drag
    drag(app, start, palette_drop_point(scene, start, eight, scene.pcols - 3))
    order = [code_of(i) for i in scene.board.palette]
    k = order.index("7S")
    assert order[k:k + 3] == ["7S", "8S", "9S"], order


def test_restore_brings_back_the_rack_as_the_turn_began(app):
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5C", "6C", "7C")], "2D 9S KH QD 4H")
    at_start = {i: (round(scene.table.sprites[i].x), round(scene.table.sprites[i].y)) for i in scene.board.palette}
    two = pid(scene, "2D")
    start = center_of(scene, two)
    from tests.scenes.helpers import drag
    drag(app, start, palette_drop_point(scene, start, two, scene.pcols - 2))  # the rack rearranged this turn
    assert scene.palette_slots
    click(app, center_of(scene, pid(scene, "KH")))
    click(app, cell_centre(scene, 5, 3))  # and a card laid
    click(app, scene.buttons[3].rect.center)  # Restore
    app.settle()
    now = {i: (round(scene.table.sprites[i].x), round(scene.table.sprites[i].y)) for i in scene.board.palette}
    assert now == at_start and scene.board.table() == (("5C", "6C", "7C"),)


def test_after_a_demonstration_the_new_game_is_at_the_level_of_the_loaded_game(app):
    """Fresh eyes: with Expert chosen, load a Beginner save, Demonstration (Ctrl+E, Yes), Escape: the new deal
    was Expert.  The loaded game's level is the player's level now."""
    scene = open_table(app, "romi", seed=4)
    scene.level = scene.chosen_level = "beginner"
    scene.new_game(4)
    click(app, scene.buttons[0].rect.center)  # draw; the computer answers
    app.settle()
    data = scene.save_data()
    scene.set_level("expert")  # chosen for the next game
    scene.new_game(5)
    assert scene.level == "expert"
    scene.load_data(data)
    app.settle()
    assert scene.level == "beginner" and scene.chosen_level == "beginner"
    key(app, pygame.K_e, pygame.KMOD_CTRL)
    key(app, pygame.K_TAB, settle=False)  # the focus starts on Keep playing
    key(app, pygame.K_RETURN, settle=False)  # Stop this game and watch? Yes
    app.pump()
    assert scene.demo
    key(app, pygame.K_ESCAPE, settle=False)  # before the instant computer ends the demonstration
    app.pump()
    assert not scene.demo and scene.level == "beginner"


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_message_leaves_the_level_on_the_status_line(size):
    """Fresh eyes (shot-ex2, 1280x800): a long computer play pushed "Expert" off the status line.  (At 800x600
    a message this long fills both lines alone: the engine's rule cuts it and shows no facts.)"""
    from game.engine import theme
    from game.engine.widgets import fit_status

    app = make_app(size, animation="off")
    try:
        scene = open_table(app, "romi", seed=2)
        scene.level, scene.seed = "expert", 280777
        scene.stats.points_for, scene.stats.won, scene.stats.games = 8, 1, 1
        long = ("The computer played 7 cards: the four of diamonds, the six, eight and five of spades, the four of "
                "hearts and the four of clubs with a joker. Your turn: play cards and press End turn, or Draw. "
                "Your first play needs 25 points from your hand.")  # the message in the shot
        _lines, _size, kept, _rsize = fit_status(long, scene.status_text(), size[0] - 2 * theme.sc(12),
                                                 theme.SCALE)
        assert "Expert" in kept
    finally:
        app.close()


@pytest.mark.parametrize("leave", ["new", "demonstration", "load"])
def test_a_game_left_unfinished_counts_as_a_loss_once(app, leave):
    """Fresh eyes, round 2: New, a Demonstration or Load over a Romi game under way counted nothing, so a
    player could dodge every loss. It counts once, as a loss at its level, as the solitaires' and Court's do."""
    from saves import games as saved_games
    from saves import romi_stats

    scene = open_table(app, "romi", seed=2)
    data = scene.save_data()
    data["extra"]["game_id"] = "another game"  # a save of another game (the same game's goes on: issue 32)
    saved_games.save_game("romi", "Romi", "fresh", data)
    scene.play(rules.Draw())  # the player's first move
    app.settle()
    level = scene.level
    if leave == "new":
        scene.new_game()
    elif leave == "demonstration":
        scene.new_game(demo=True)
    else:
        scene.load_data(saved_games.load_game("romi", "Romi", saved_games.save_path("romi", "fresh")))
    app.settle()
    stats, _ = romi_stats.load()
    rec = stats.level(level)
    assert (rec.games, rec.lost, rec.won) == (1, 1, 0)
    scene.new_game()  # the fresh game, with no move of the player's, counts nothing
    app.settle()
    stats, _ = romi_stats.load()
    assert stats.level(level).games == 1


def test_the_question_that_leaves_a_romi_game_says_it_counts_as_a_loss(app):
    from game.engine.dialogs import MessageDialog

    scene = open_table(app, "romi", seed=2)
    scene.play(rules.Draw())
    app.settle()
    scene.ask_new_game()
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "counts as a loss" in dlg.message


def test_stopping_a_demonstration_counts_nothing_more(app):
    """Fresh eyes, round 3: a game handed to a Demonstration counted once, and stopping the demo counted the
    demo's game as a second loss."""
    from saves import romi_stats

    scene = open_table(app, "romi", seed=2)
    scene.play(rules.Draw())
    app.settle()
    level = scene.level
    scene.new_game(demo=True)
    for _ in range(400):  # the demo plays a few moves (stopped mid-game, as Escape does)
        app.pump(0.05)
        if scene.history.moves:
            break
    assert scene.demo and scene.history.moves and not scene.is_over()
    scene.stop_demonstration()
    app.settle()
    stats, _ = romi_stats.load()
    assert stats.level(level).games == 1
