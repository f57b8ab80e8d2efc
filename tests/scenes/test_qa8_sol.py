"""Round 8's fresh player on Aces Up and Forty Thieves: what the questions and messages say is what happens
(a Load of the game in progress, a practice game's winning move, the demo, an assisted game's score, a
larger text in a small window, Select deal's field, a deleted save), driven by real events."""

from __future__ import annotations

import pygame
import pytest

from game.engine.dialogs import MessageDialog
from game.engine.solitaire import SAME_GAME_LOAD
from saves import games as saved_games
from saves.solitaire_stats import SolitaireStats
from saves.thieves_records import ThievesRecords
from tests.scenes.helpers import click, key, make_app, open_table

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.close()


def played(game: str, scene) -> int:
    """How many games the statistics count for the table's variation or joker count."""
    if game == "acesup":
        return SolitaireStats("acesup").get(scene.variation).played
    return ThievesRecords().stats[scene.state.start_jokers].games


def first_move(app, scene) -> None:
    click(app, scene.stock_rect.center)  # a deal from the stock: the player's move
    assert scene.history.moves


@pytest.mark.parametrize("game", ["acesup", "thieves"])
def test_loading_a_save_of_the_game_in_progress_says_it_counts_once(app, game):
    """F2: Load of one's own save of the game under way said only "The game in progress will be lost.", then
    the game counted as given up and the loaded game's finish was "counted before". The question says both."""
    scene = open_table(app, game, seed=8)
    first_move(app, scene)
    saved_games.save_game(game, scene.title, "mine", scene.save_data())
    first_move(app, scene)
    key(app, pygame.K_o, CTRL)
    app.stack.top.field.set("mine")
    key(app, pygame.K_RETURN)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog)
    assert "counts as a loss in the statistics" in dlg.message and SAME_GAME_LOAD in dlg.message, dlg.message
    assert "will be lost" not in dlg.message
    before = played(game, scene)
    dlg.close("Load")
    app.settle()
    assert played(game, scene) == before + 1  # the game in progress, given up
    first_move(app, scene)
    scene.record_abandoned()  # leaving the loaded game: the same game, not counted again
    assert played(game, scene) == before + 1


@pytest.mark.parametrize("game", ["acesup", "thieves"])
def test_loading_another_save_says_nothing_of_the_same_game(app, game):
    scene = open_table(app, game, seed=8)
    first_move(app, scene)
    data = scene.save_data()
    data["extra"]["game_id"] = "another0game0id"  # a save of another game
    saved_games.save_game(game, scene.title, "other", data)
    key(app, pygame.K_o, CTRL)
    app.stack.top.field.set("other")
    key(app, pygame.K_RETURN)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and SAME_GAME_LOAD not in dlg.message


def offered_winning_move(app, scene, monkeypatch) -> MessageDialog:
    """Game > Show a winning move, the solver standing in with the first legal move (found at once)."""
    from game.engine import winmove

    monkeypatch.setattr(winmove, "find_winning_move",
                        lambda state, rules, *_a: winmove.Found(rules.legal_moves(state)[0], True))
    scene.winning.ask()
    scene.winning.job[1].wait(10)
    app.pump()
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and dlg.title == "Show a winning move"
    return dlg


def test_a_practice_game_is_not_told_it_counts_as_given_up(app, monkeypatch):
    """F3: after Undo (a practice game, never counted) Show a winning move said "You have already played: this
    game counts as given up."; it says what is true, and accepting counts nothing."""
    scene = open_table(app, "thieves", seed=8)
    first_move(app, scene)
    key(app, pygame.K_z, CTRL)  # Undo: practice
    first_move(app, scene)
    assert scene.state.practice
    dlg = offered_winning_move(app, scene, monkeypatch)
    assert "counts as given up" not in dlg.message
    assert "practice game: it is not counted" in dlg.message, dlg.message
    before = played("thieves", scene)
    dlg.close("Show it")
    app.settle()
    assert scene.assisted and played("thieves", scene) == before


@pytest.mark.parametrize("game", ["acesup", "thieves"])
def test_a_game_under_way_is_still_told_it_counts_as_given_up(app, monkeypatch, game):
    scene = open_table(app, game, seed=8)
    first_move(app, scene)
    dlg = offered_winning_move(app, scene, monkeypatch)
    assert "You have already played: this game counts as given up." in dlg.message
    before = played(game, scene)
    dlg.close("Show it")
    app.settle()
    assert played(game, scene) == before + 1


def stop_demo_after(app, scene, moved: bool) -> str:
    if moved:
        first_move(app, scene)
    key(app, pygame.K_e, CTRL, settle=False)  # Ctrl+E: the demo takes the table
    app.pump()
    assert scene.demo
    for _ in range(3):
        app.pump()
    key(app, pygame.K_ESCAPE)
    assert not scene.demo
    return scene.status.message


def test_stopping_the_demo_says_the_players_game_counted_as_given_up(app):
    """F4: one move, Ctrl+E, Escape said "The demo played this game, so it is not scored and not counted",
    while the statistics counted the player's game as given up (as the README says)."""
    scene = open_table(app, "acesup", seed=8)
    before = played("acesup", scene)
    said = stop_demo_after(app, scene, moved=True)
    assert played("acesup", scene) == before + 1
    assert "Your game counted as given up when you handed it to the demo" in said, said
    assert "not counted" not in said


def test_stopping_the_demo_on_an_untouched_deal_says_nothing_counted(app):
    scene = open_table(app, "acesup", seed=8)
    before = played("acesup", scene)
    said = stop_demo_after(app, scene, moved=False)
    assert played("acesup", scene) == before
    assert "given up" not in said and "not scored and not counted" in said


def test_an_assisted_forty_thieves_game_shows_no_score(app, monkeypatch):
    """F6: an assisted Forty Thieves game still showed a running score and "Score: 146." in its end box, while
    an assisted Aces Up game showed "—" and "not scored" (the Help: an assisted game is not scored)."""
    from game.engine import layoutcheck
    from saves import deals
    from tests.rules.test_thieves_helpers import position

    monkeypatch.setattr(deals, "check_start", lambda *_a: None)  # the positioned deal stands for a real one
    scene = open_table(app, "thieves", seed=8)
    scene.start_game(position([["4D"], ["9S"], [], [], [], [], []], "3C", [], score=146), 7)
    app.settle()
    offered_winning_move(app, scene, monkeypatch).close("Show it")
    app.settle()
    assert scene.assisted
    labels = [b.label for b in layoutcheck.record(app.draw) if b.kind == "text"]
    assert "assisted: not scored" in labels and "146" not in labels and "\u2014" in labels
    click(app, scene.table.sprites["4D"].rect(scene.table.card_size).center)  # the last take: no more moves
    app.settle()
    assert scene.is_over()
    box = app.stack.top
    assert isinstance(box, MessageDialog)
    words = " ".join([box.message, *(str(getattr(box, a, "")) for a in ("score_line", "score"))])
    assert "Score: " not in words and "not scored" in words, words
    assert "Score:" not in scene.status.message


def test_an_assisted_aces_up_game_says_the_same_words(app, monkeypatch):
    from game.engine.winmove import ASSISTED_SCORE_LINE, ASSISTED_UNSCORED

    scene = open_table(app, "acesup", seed=8)
    offered_winning_move(app, scene, monkeypatch).close("Show it")
    app.settle()
    assert scene.scored_words() == ASSISTED_UNSCORED
    scene.on_game_over(scene.state)
    assert ASSISTED_SCORE_LINE in scene.status.message


def choose_text_size(app, value: str) -> str:
    """Options > Text size…, ``value`` chosen in its dialog; what the status line then says."""
    from game.engine import view

    action = next(i.action for i in view.menu_items(app) if getattr(i, "label", "") == "Text size\u2026")
    scene = app.stack.top
    scene.status.say("")
    from tests.scenes.helpers import top_dialog

    action()
    app.pump()
    dlg = top_dialog(app)
    dlg.list.selected = [v for v, _l in dlg.options].index(value)
    dlg.close("OK")
    app.pump()
    return scene.status.message


@pytest.mark.parametrize("value, shown", [("larger", "Normal"), ("large", "Normal")])
def test_a_text_size_the_small_window_cannot_show_says_so(value, shown):
    """F5: Options > Text size > Larger at 800x600 changed nothing and said nothing."""
    app = make_app(size=(800, 600))
    try:
        open_table(app, "acesup", seed=8)
        said = choose_text_size(app, value)
        label = value.capitalize()
        assert said.startswith(f"{label} text needs a bigger window: this 800\u00d7600 window"), said
        assert f"room beside the tables for {shown} text only" in said
    finally:
        app.close()


def test_a_text_size_that_takes_effect_says_nothing_more(app):
    open_table(app, "acesup", seed=8)  # 1280x800: Large fits
    assert "needs a bigger window" not in choose_text_size(app, "large")
    assert "room beside the tables for Large text only" in choose_text_size(app, "larger")


@pytest.mark.parametrize("game", ["acesup", "thieves"])
def test_select_deal_opens_with_the_number_selected_so_typing_replaces_it(app, game):
    """F7: Ctrl+D opened with the current (6-digit) number not selected: typing did nothing."""
    from tests.scenes.helpers import type_text

    scene = open_table(app, game, seed=654321)
    key(app, pygame.K_d, CTRL)
    dlg = app.stack.top
    assert dlg.title == "Select deal" and dlg.field.text == "654321"
    type_text(app, "42")
    assert dlg.field.text == "42"
    key(app, pygame.K_RETURN)
    app.settle()
    if isinstance(app.stack.top, MessageDialog):  # "Play deal #42?" over a game in progress
        key(app, pygame.K_RETURN)
        app.settle()
    assert scene.seed == 42


def saved_by_keys(app, scene, name: str) -> None:
    from tests.scenes.helpers import type_text

    key(app, pygame.K_s, CTRL)
    type_text(app, name)
    key(app, pygame.K_RETURN)
    assert scene.status.message == f"Saved as \u201c{name}\u201d."


@pytest.mark.parametrize("game", ["acesup", "thieves"])
def test_after_deleting_a_save_the_status_line_says_what_was_deleted(app, game):
    """F8: after deleting a save the status line still said "Saved as …"."""
    scene = open_table(app, game, seed=5)
    first_move(app, scene)
    saved_by_keys(app, scene, "my game")
    info = saved_games.list_saves(game)[0]
    scene.delete_saved(info)  # the saved-games box's Delete… on it
    confirm_box = app.stack.top
    assert isinstance(confirm_box, MessageDialog) and "Delete the saved game" in confirm_box.message
    confirm_box.close("Delete")
    app.pump()
    assert saved_games.list_saves(game) == []
    assert scene.status.message == "Deleted the saved game \u201cmy game\u201d."


def test_after_renaming_a_save_the_status_line_says_its_new_name(app):
    from tests.scenes.helpers import type_text

    scene = open_table(app, "acesup", seed=5)
    first_move(app, scene)
    saved_by_keys(app, scene, "old name")
    scene.rename_saved(saved_games.list_saves("acesup")[0])
    type_text(app, "new name")  # the old name is selected: typing replaces it
    key(app, pygame.K_RETURN)
    assert [s.name for s in saved_games.list_saves("acesup")] == ["new name"]
    assert scene.status.message == "Renamed \u201cold name\u201d to \u201cnew name\u201d."
