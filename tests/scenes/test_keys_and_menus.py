"""Keys act once, menus switch like a desktop's, and nothing throws a game away without asking.

All with real posted events on every table.
"""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.engine.dialogs import FileDialog, MessageDialog, TextDialog, message
from saves import games as saved_games
from tests.scenes.helpers import click, key, make_app, open_table

CTRL = pygame.KMOD_CTRL
GAMES = [g.name for g in registry.GAMES]


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def press(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def release(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.settle()


def move_mouse(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    app.settle()


def dialogs(app) -> list:
    return [s for s in app.stack.scenes if isinstance(s, (MessageDialog, TextDialog, FileDialog))]


def make_progress(app, scene) -> None:
    """Play a move (whoever's turn it is) so that a game is in progress."""
    move = next(iter(scene.rules.legal_moves(scene.state)))
    scene.play(move)
    app.settle()
    assert scene.in_progress()


# ------------------------------------------------------------------ one press, one action

@pytest.mark.parametrize("game", GAMES)
def test_f1_opens_one_help_and_one_escape_closes_it(app, game):
    scene = open_table(app, game, seed=4)
    key(app, pygame.K_F1)
    assert len(dialogs(app)) == 1 and isinstance(app.stack.top, TextDialog)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and dialogs(app) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_held_f1_opens_one_help(app, game):
    scene = open_table(app, game, seed=4)
    for _ in range(3):  # the first press and two key repeats, all before a frame
        press(app, pygame.K_F1)
    release(app, pygame.K_F1)
    assert len(dialogs(app)) == 1
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_a_held_escape_closes_one_dialog_and_does_not_reach_the_table(app):
    scene = open_table(app, "romi", seed=4)
    card = scene.board.palette[0]
    click(app, scene.table.sprites[card].rect(scene.table.card_size).center)
    assert scene.selection == [card]
    message(app, "A message", "Read me.")  # a box the table put up
    app.settle()
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)  # a repeat: must not also drop the selection on the table beneath
    release(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    assert scene.selection == [card]


def test_a_held_space_turns_one_card_in_forty_thieves(app):
    scene = open_table(app, "thieves", seed=4)
    left = len(scene.state.stock)
    for _ in range(4):
        press(app, pygame.K_SPACE)
    release(app, pygame.K_SPACE)
    assert len(scene.state.stock) == left - 1
    key(app, pygame.K_SPACE)  # a new press turns the next one
    assert len(scene.state.stock) == left - 2


def test_arrows_still_repeat_in_a_list(app):
    open_table(app, "acesup", seed=4)
    key(app, pygame.K_F1)
    dlg = app.stack.top
    start = dlg.reader.at
    for _ in range(3):
        press(app, pygame.K_DOWN)
    release(app, pygame.K_DOWN)
    assert dlg.reader.at == start + 3  # the Help's reader: three lines on (issue 34, round 10)


# ------------------------------------------------------------------ menus

@pytest.mark.parametrize("game", ["acesup", "romi"])
def test_with_a_menu_open_clicking_another_title_opens_that_menu(app, game):
    scene = open_table(app, game, seed=4)
    bar = scene.menubar
    titles = [m.title for m in bar.menus]
    game_r, options_r = bar.title_rects[0], bar.title_rects[titles.index("Options")]
    click(app, game_r.center)
    assert bar.open == 0
    move_mouse(app, options_r.center)  # the pointer travels to the other title...
    click(app, options_r.center)  # ...and clicks it
    assert bar.open == titles.index("Options")
    click(app, options_r.center)  # a click on the open menu's own title closes it
    assert bar.open is None


# ------------------------------------------------------------------ asking before throwing a game away

def assert_asks(app, scene, title: str) -> None:
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and dlg.title == title, dlg
    # Court's counts it; a save of the game in progress (Court, Romi) goes on with it, and the box says so
    assert any(w in dlg.message for w in ("will be lost", "counts as a loss", "a save of the game you are playing"))
    assert dlg.labels[-1] == "Keep playing"


@pytest.mark.parametrize("game", ["acesup", "thieves", "court", "romi"])
def test_new_game_asks_first_when_a_game_is_in_progress(app, game):
    scene = open_table(app, game, seed=4)
    make_progress(app, scene)
    moves = list(scene.history.moves)
    key(app, pygame.K_n, CTRL)
    assert_asks(app, scene, "New game")
    key(app, pygame.K_ESCAPE)  # keep playing
    assert app.stack.top is scene
    assert scene.seed == 4 and list(scene.history.moves)[:len(moves)] == moves
    key(app, pygame.K_n, CTRL)
    if app.stack.top.focused:  # the focus starts on Keep playing where the game counts as a loss (Court)
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert scene.seed != 4


def test_new_game_does_not_ask_when_nothing_is_lost(app):
    scene = open_table(app, "acesup", seed=4)
    key(app, pygame.K_n, CTRL)
    assert app.stack.top is scene and scene.seed != 4


@pytest.mark.parametrize("game", ["acesup", "thieves"])
def test_the_new_game_button_asks_too(app, game):
    scene = open_table(app, game, seed=4)
    make_progress(app, scene)
    button = next(b for b in scene.buttons if b.label == "New game")
    click(app, button.rect.center)
    assert_asks(app, scene, "New game")


@pytest.mark.parametrize("game", ["acesup", "thieves", "court", "romi"])
def test_restart_and_select_deal_ask_first(app, game):
    scene = open_table(app, game, seed=4)
    make_progress(app, scene)
    key(app, pygame.K_r, CTRL)
    assert_asks(app, scene, "Restart")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_d, CTRL)
    field = app.stack.top.field
    field.set("77")
    key(app, pygame.K_RETURN)
    assert_asks(app, scene, "Select deal")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.seed == 4


@pytest.mark.parametrize("game", GAMES)
def test_load_asks_before_replacing_a_game_in_progress(app, game):
    scene = open_table(app, game, seed=4)
    saved_games.save_game(game, scene.title, "kept", scene.save_data())
    make_progress(app, scene)
    moves = list(scene.history.moves)
    key(app, pygame.K_o, CTRL)
    assert isinstance(app.stack.top, FileDialog)
    key(app, pygame.K_RETURN)
    assert_asks(app, scene, "Load")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and list(scene.history.moves)[:len(moves)] == moves


def test_romi_demonstration_asks_first_and_sound_key_never_starts_one(app):
    scene = open_table(app, "romi", seed=4)
    make_progress(app, scene)
    key(app, pygame.K_m, CTRL)
    assert app.stack.top is scene and not scene.demo
    key(app, pygame.K_e, CTRL)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and dlg.title == "Demonstration"
    key(app, pygame.K_ESCAPE)
    assert not scene.demo


def test_every_list_takes_home_end_page_up_and_page_down(app):
    """QA (cosmetic): the Jokers list ignored Home/End. Every list: Home and End go to the first and last row,
    Page Up/Down a page; the help's long text too; in the Save dialog Home/End stay the name box's."""
    from game.engine.dialogs import ChoiceDialog
    from game.engine.savedgames import SavedGamesDialog
    from tests.scenes.helpers import type_text

    scene = open_table(app, "thieves")
    key(app, pygame.K_j, pygame.KMOD_CTRL)
    dlg = app.stack.top
    assert isinstance(dlg, ChoiceDialog)
    key(app, pygame.K_END)
    assert dlg.list.selected == len(dlg.options) - 1
    key(app, pygame.K_HOME)
    assert dlg.list.selected == 0
    key(app, pygame.K_PAGEDOWN)
    assert dlg.list.selected > 1
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F1)
    helpbox = app.stack.top
    assert isinstance(helpbox, TextDialog) and helpbox.scroll == 0
    key(app, pygame.K_END)
    assert helpbox.scroll > 0
    key(app, pygame.K_HOME)
    assert helpbox.scroll == 0
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    save = app.stack.top
    assert isinstance(save, SavedGamesDialog) and app.stack.scenes[-2] is scene
    type_text(app, "abc")
    key(app, pygame.K_HOME)
    assert save.field.caret == 0
