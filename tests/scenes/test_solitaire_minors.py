"""Issue 33, the solitaires' last minors: what a question that leaves a game says it counts as, the kept
game ("Resume it?") being the player's own, the status line's words after Save, driven by real events."""

from __future__ import annotations

import pygame
import pytest

from game.engine.dialogs import MessageDialog
from game.thieves.leaving import counts_as
from saves import deals, keptslots
from saves import games as saved_games
from saves.thieves_records import ThievesRecords
from tests.rules.test_thieves_helpers import position as thieves_position
from tests.scenes.helpers import center_of, click, key, make_app, open_table, type_text

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.close()


def run_demo(app, scene, frames: int = 40) -> None:
    for _ in range(frames):
        if scene.is_over():
            break
        app.pump()


@pytest.mark.parametrize("stopped", [False, True])
@pytest.mark.parametrize("player_first", [False, True])
def test_a_game_the_demo_played_is_not_kept_for_resume(app, stopped, player_first):
    """Closing the window during (or after) Aces Up's demo kept the demo's game, and the next start offered
    "Resume it?" (and the main menu's Resume badge) for a game the player never played: a resumed demo game
    then counted as the player's. The player's own game handed to the demo counted already (given up)."""
    scene = open_table(app, "acesup", seed=31)
    if player_first:
        click(app, scene.stock_rect.center)
        scene.keep_for_next_time()
        assert keptslots.kept("acesup"), "the player's own game is kept"
    key(app, pygame.K_e, CTRL, settle=False)  # the demo takes the table
    app.pump()
    assert scene.demo
    run_demo(app, scene)
    assert scene.history.moves and not scene.is_over()
    if stopped:
        key(app, pygame.K_ESCAPE)
        assert not scene.demo
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    assert not saved_games.resume_path("acesup").exists()
    assert keptslots.kept("acesup") == []
    again = open_table(app, "acesup", seed=99, resume=True)
    assert app.stack.top is again and not again.resume_pending  # no "Resume it?"


def thieves_with_one_card_left(app):
    """A Forty Thieves table one take from its first clear (the 4♦ onto the 3♣), the player's own game."""
    scene = open_table(app, "thieves", seed=8)
    scene.start_game(thieves_position([["4D"], [], [], [], [], [], []], "3C", ["KS", "QH", "5D", "JK"], jokers=2,
                                      score=50), 7)
    app.settle()
    return scene


def settle_clear(app, scene) -> None:
    for _ in range(600):
        if scene._interim is None and not scene.busy():
            break
        app.pump(1 / 60)
    app.settle()


@pytest.mark.parametrize("how", ["new", "restart", "load"])
def test_leaving_forty_thieves_after_a_clear_says_it_counts_as_a_win(app, monkeypatch, how):
    """Leaving after a clear counts the game as a win (README: a win is a game with a clear), but the question
    said "The game in progress will be lost.": it now says what the game will count as, and it counts so."""
    monkeypatch.setattr(deals, "check_start", lambda *_a: None)  # the positioned deal stands for a real one
    scene = thieves_with_one_card_left(app)
    click(app, center_of(scene, "4D"))  # the last stack card: the stacks are cleared
    settle_clear(app, scene)
    assert scene.state.clears == 1 and not scene.is_over()
    saved_games.save_game("thieves", "Forty Thieves", "other", scene.save_data())
    if how == "new":
        key(app, pygame.K_n, CTRL)
    elif how == "restart":
        key(app, pygame.K_r, CTRL)
    else:
        key(app, pygame.K_o, CTRL)
        app.stack.top.field.set("other")
        key(app, pygame.K_RETURN)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog)
    assert "counts as a win in the statistics (you cleared the stacks once)" in dlg.message
    assert "will be lost" not in dlg.message
    key(app, pygame.K_RETURN)  # yes, leave it
    st = ThievesRecords().stats[2]
    assert (st.games, st.wins) == (1, 1)


def test_leaving_forty_thieves_without_a_clear_says_it_counts_as_a_loss(app):
    scene = open_table(app, "thieves", seed=8)
    click(app, scene.stock_rect.center)  # the player's first move
    key(app, pygame.K_n, CTRL)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and "counts as a loss in the statistics" in dlg.message


def test_a_practice_game_left_says_nothing_of_counting(app):
    scene = open_table(app, "thieves", seed=8)
    click(app, scene.stock_rect.center)
    key(app, pygame.K_z, CTRL)  # Undo: practice
    click(app, scene.stock_rect.center)
    key(app, pygame.K_n, CTRL)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and "counts as" not in dlg.message and "will be lost" in dlg.message


@pytest.mark.parametrize("cleared", [True, False])
def test_resume_it_says_what_new_game_counts_the_kept_game_as(app, monkeypatch, cleared):
    """ "New game" to "Resume it?" counts the kept game (as the README says); the question now says as what."""
    monkeypatch.setattr(deals, "check_start", lambda *_a: None)  # the positioned deal stands for a real one
    scene = thieves_with_one_card_left(app)
    if cleared:
        click(app, center_of(scene, "4D"))
        settle_clear(app, scene)
    else:
        click(app, scene.stock_rect.center)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    open_table(app, "thieves", seed=99, resume=True)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and "Resume it?" in dlg.message
    words = counts_as(1 if cleared else 0)
    assert f"New game counts it as {words}." in dlg.message
    click(app, dlg.buttons[dlg.labels.index("New game")].rect.center)
    st = ThievesRecords().stats[2]
    assert (st.games, st.wins) == (1, 1 if cleared else 0)


LONG = "A very long name for a game of patience 1"[:40]


@pytest.mark.parametrize("game", ["acesup", "thieves"])
@pytest.mark.parametrize("typed, shown", [
    ("Mój zapis ♠ é", "Mój zapis ♠ é"),
    ("  spaced out  ", "spaced out"),
    ("משחק טוב", "משחק טוב"),
    ("游戏 🃏 👍🏽", "游戏 🃏 👍🏽"),
    (LONG, LONG[:29] + "\u2026"),
])
def test_after_save_the_status_line_says_the_name_in_the_list(app, game, typed, shown):
    """The status line said 'Saved as “NAME” (NAME-1a2b3c4d.json).': the file's escaped name, a fingerprint and
    the extension, which the list never shows. It now says the name as the list shows it, cut with "…" when
    too long for the line."""
    scene = open_table(app, game, seed=5)
    click(app, scene.stock_rect.center)
    key(app, pygame.K_s, CTRL)
    type_text(app, typed)  # the proposed name is selected: typing replaces it
    key(app, pygame.K_RETURN)
    listed = [s.name for s in saved_games.list_saves(game)]
    assert listed == [typed.strip()]
    assert scene.status.message == f"Saved as \u201c{shown}\u201d."
    assert ".json" not in scene.status.message


def test_a_long_name_is_never_cut_inside_an_emoji_or_an_accent():
    from game.engine.tablesaves import shown_name

    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    for name in ("x" * 28 + family + "yyyy", "x" * 28 + "\U0001F44D\U0001F3FD" + "yy", "x" * 28 + "e\u0301" + "yyy"):
        cut = shown_name(name)
        assert cut.endswith("\u2026") and len(cut) <= 30
        assert cut[:-1] == "x" * 28, cut  # the whole sequence goes, not half of it
    assert shown_name("  short  ") == "short"


@pytest.mark.parametrize("game", ["acesup", "thieves"])
def test_enter_after_a_hint_does_what_the_hint_says(app, game):
    """Played in a real window (issue 33, item 5): Ctrl+H framed the hinted card, but Enter did nothing, as
    the keyboard ring was nowhere; the ring now goes to the hinted card (or the stock), as Court's Hint does,
    so Enter plays the hint."""
    scene = open_table(app, game, seed=410432)
    key(app, pygame.K_h, CTRL)
    hinted = set(scene.highlighted)
    assert hinted and scene.focus.visible
    spot = scene.focus.current()
    assert spot is not None and (spot.sprite in hinted or spot.key == "stock")
    before = len(scene.history.moves)
    key(app, pygame.K_RETURN)
    assert len(scene.history.moves) == before + 1 or (game == "acesup" and scene.selected is not None)


def test_hint_then_enter_twice_discards_a_hinted_pair(app):
    """A pair hinted: Enter selects the first card; Hint again puts the ring on its partner (it stayed on the
    selected card, so Enter deselected it and Hint, Enter went round in a loop), and Enter pairs them."""
    from game.acesup import rules as arules
    from game.cards import full_pack

    first = ["KH", "KD", "5C", "9S"]
    scene = open_table(app, "acesup", seed=3)
    scene.start_game(arules.new_game(deck=first + [c for c in full_pack() if c not in first]), 7)
    app.settle()
    for _ in range(2):
        key(app, pygame.K_h, CTRL)
        key(app, pygame.K_RETURN)
    assert set(scene.state.removed) == {"KH", "KD"}


def test_enter_after_a_hint_to_fill_an_empty_pile_moves_the_card(app):
    """A Hint to move a card into an empty pile: Enter on it tried to discard it ("can only be discarded
    while a higher spade shows"), a drag being the only way; Enter now does what the Hint says."""
    from dataclasses import replace

    from game.acesup import rules as arules

    scene = open_table(app, "acesup", seed=3)
    start = arules.new_game(seed=3)
    used = {"QC", "2H", "5C", "9D"}
    scene.start_game(replace(start, piles=(("QC", "2H"), (), ("5C",), ("9D",)),
                             stock=tuple(c for c in start.stock + sum(start.piles, ()) if c not in used)), 3)
    app.settle()
    key(app, pygame.K_h, CTRL)
    assert "Move the two of hearts from pile 1 to the empty pile 2" in scene.status.message
    key(app, pygame.K_RETURN)
    assert scene.state.piles[0] == ("QC",) and scene.state.piles[1] == ("2H",)


def test_aces_up_questions_that_leave_a_game_say_it_counts_as_a_loss(app):
    """As Forty Thieves': New over a game under way, and "New game" to "Resume it?", say it counts as a loss
    ("will be lost", or nothing, said before), and it does."""
    from saves.solitaire_stats import SolitaireStats

    scene = open_table(app, "acesup", seed=31)
    click(app, scene.stock_rect.center)
    key(app, pygame.K_n, CTRL)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and "counts as a loss in the statistics" in dlg.message
    key(app, pygame.K_ESCAPE)  # keep playing
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    open_table(app, "acesup", seed=99, resume=True)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and "New game counts it as a loss in the statistics." in dlg.message
    click(app, dlg.buttons[dlg.labels.index("New game")].rect.center)
    assert SolitaireStats("acesup").get("aces_up").played == 1
