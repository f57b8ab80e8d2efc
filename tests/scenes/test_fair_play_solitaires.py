"""Fair play at the solitaires (issue 18): Hint never peeks, 'Show a winning move' makes the game assisted,
statistics count each game once, and messages that state a rule state the right one.

Every player action is a real posted event (clicks on menus and cards, keys)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.acesup import rules as arules
from game.cards import full_pack
from game.engine.dialogs import MessageDialog, TextInputDialog
from game.thieves import rules as trules
from saves import games as saved_games
from saves.solitaire_stats import SolitaireStats
from saves.thieves_records import ThievesRecords
from tests.rules.test_thieves_helpers import position as thieves_position
from tests.scenes.helpers import center_of, click, drag, key, make_app, open_table
from tests.scenes.menu_clicks import choose

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def settle_jobs(app, scene) -> None:
    """Let the watch, the hint and the winning-move workers finish, then the frames."""
    scene.watch.wait(15)
    winning = getattr(scene, "winning", None)
    for job in (getattr(scene, "hint_job", None), winning.job if winning else None):
        if job is not None:
            job[1].wait(20)
    app.settle()


def finish_thieves(app, scene) -> None:
    """Play the auto-player's moves to the end of the game (the clears deal again)."""
    from game.thieves import players

    for _ in range(3000):
        app.settle()
        if scene.is_over():
            break
        scene.play(players.auto_move(trules.observe(scene.state)))
    app.settle()
    assert scene.is_over()


def aces_deck(first: list[str]) -> list[str]:
    return first + [c for c in full_pack() if c not in first]


def aces_position(app, scene, deck: list[str], variation: str = "aces_up") -> None:
    scene.start_game(arules.new_game(deck=deck, variation=variation), 7)
    app.settle()


def answer_yes_if_asked(app) -> None:
    """New, Restart and Load over a game in progress ask first (issue 16): say yes, as a player would."""
    top = app.stack.top
    if isinstance(top, MessageDialog) and ("will be lost" in top.message or "counts as" in top.message):
        key(app, pygame.K_TAB)  # the focus starts on Keep playing
        key(app, pygame.K_RETURN)


def hint_part(message: str) -> str:
    """The Hint's own words, without the light's verdict on its move (issue 23: "Safe: …" / "Risky: …" is
    said only when the light, which reads the stock by design, already knows the game is winnable)."""
    return message.split(" Safe:")[0].split(" Risky:")[0].split(" The solver would play another move")[0]


def played(stats: SolitaireStats, key_: str = "aces_up") -> tuple[int, int]:
    rec = SolitaireStats(stats.game).get(key_)  # read back from the file
    return rec.played, rec.won


# ------------------------------------------------------------------ Hint is fair


@pytest.mark.parametrize("seed", [9, 13])
def test_acesup_hint_is_the_same_whatever_the_hidden_stock(app, seed):
    """Two deals that look the same (same piles) but hide different stocks get the same Hint."""
    scene = open_table(app, "acesup", seed=seed)
    said = []
    for stock in (scene.state.stock, tuple(reversed(scene.state.stock))):
        scene.start_game(replace(arules.new_game(seed), stock=stock), seed)
        settle_jobs(app, scene)
        assert scene.watch.result() is not None  # the light has read the stock…
        key(app, pygame.K_h, CTRL)  # …the Hint must not
        said.append((hint_part(scene.status.message), sorted(scene.highlighted)))
    assert said[0] == said[1]
    assert "winnable" not in said[0][0]


@pytest.mark.parametrize("seed", [10, 24])
def test_thieves_hint_is_the_same_whatever_the_hidden_stock(app, seed):
    """The same stacks and current card over two orders of the same stock: the same Hint."""
    scene = open_table(app, "thieves")
    said = []
    first = trules.new_game(seed, jokers=2)
    for stock in (first.stock, tuple(reversed(first.stock))):
        scene.start_game(replace(first, stock=stock), seed)
        settle_jobs(app, scene)
        key(app, pygame.K_h, CTRL)
        settle_jobs(app, scene)
        said.append((hint_part(scene.status.message), sorted(scene.highlighted)))
    assert said[0] == said[1] and said[0][0].startswith("Hint (a good move from what you can see):")
    assert "clearable" not in said[0][0]


#: deal 1 after nine deals: the Ace of clubs alone on pile 2 and pile 1 empty (the solver's line moved it)
LONE_ACE = {"variation": "aces_up", "seed": 1, "piles": [[], ["AC"], ["AS", "6D"], ["AH"]],
            "stock": ["AD", "QD", "3S", "5H", "3H", "6H", "8C", "4D", "5C", "TS", "JH", "9C"],
            "removed": ["TC", "TD", "3C", "4H", "3D", "5S", "2S", "9S", "9D", "9H", "7H", "JD", "JC", "8D", "7D",
                        "QH", "8S", "KD", "KS", "QC", "QS", "6C", "KC", "KH", "TH", "JS", "2D", "8H", "2C", "6S",
                        "7S", "7C", "4S", "4C", "2H", "5D"],
            "deck": [], "score": -7, "scored": True, "deals": 9}


def lone_ace_state():
    data = dict(LONE_ACE)
    data["deck"] = list(arules.new_game(1).deck)
    return arules.from_dict(data)


def test_acesup_hint_never_moves_a_lone_card_to_an_empty_pile(app):
    """The Ace of clubs alone on its pile, a space beside it: no hint to move it there (nothing changes)."""
    scene = open_table(app, "acesup")
    scene.start_game(lone_ace_state(), 1)
    settle_jobs(app, scene)
    key(app, pygame.K_h, CTRL)
    assert "Ace of clubs" not in scene.status.message and scene.status.message.startswith("Hint")


def test_acesup_winning_move_prefers_a_move_that_changes_something(app):
    from game.acesup import players

    scene = open_table(app, "acesup")
    scene.start_game(lone_ace_state(), 1)
    settle_jobs(app, scene)
    scene.make_assisted()
    choose(app, scene, "Game", "Show a winning move")
    settle_jobs(app, scene)
    shown = scene.winning.shown
    assert shown is not None
    if players.pointless(scene.state, shown):  # here the only winning move: then it says why it matters
        assert "Only that wins" in scene.status.message
        from game.acesup import solver
        for move in arules.legal_moves(scene.state):
            if not players.pointless(scene.state, move):
                assert solver.solve(arules.apply(scene.state, move), node_budget=400_000,
                                    time_limit_s=3).winnable is not True


# ------------------------------------------------------- Show a winning move: assisted


def test_thieves_show_a_winning_move_asks_then_makes_the_game_assisted(app):
    scene = open_table(app, "thieves")
    scene.start_game(thieves_position([["6C"], ["4D"], [], [], [], [], []], "5H", ["3S"]), 7)
    settle_jobs(app, scene)
    choose(app, scene, "Game", "Show a winning move")
    settle_jobs(app, scene)  # it looks first, then asks
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and "assisted" in dlg.message
    key(app, pygame.K_ESCAPE)  # Cancel: nothing shown, nothing changed
    assert not scene.assisted and not scene.state.practice
    assert scene.status.message == "No move was shown: the game is not assisted."
    choose(app, scene, "Game", "Show a winning move")
    settle_jobs(app, scene)
    key(app, pygame.K_RETURN)  # Show it
    settle_jobs(app, scene)
    assert scene.assisted and scene.state.practice
    assert "Winning move: Take the six of clubs" in scene.status.message
    assert scene.table.sprites["6C"].highlight is not None
    # a finished assisted game enters neither the statistics nor the high scores
    click(app, center_of(scene, "6C"))
    finish_thieves(app, scene)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and "assisted game" in dlg.message
    assert ThievesRecords().stats[0].games == 0 and ThievesRecords().table(0) == []


def test_acesup_assisted_game_is_kept_through_save_and_load_and_never_counted(app, tmp_path):
    scene = open_table(app, "acesup", seed=9)
    click(app, scene.stock_rect.center)  # the player's first move
    settle_jobs(app, scene)
    choose(app, scene, "Game", "Show a winning move")
    settle_jobs(app, scene)
    assert "counts as given up" in app.stack.top.message
    assert "high score" not in app.stack.top.message  # Aces Up has none to take away
    key(app, pygame.K_RETURN)
    settle_jobs(app, scene)
    assert scene.assisted and not scene.state.scored
    assert played(scene.stats) == (1, 0)  # given up once, when it became assisted
    data = scene.save_data()
    other = open_table(app, "acesup", seed=2)
    other.load_data(data)
    other.after_loaded_by_player()
    assert other.assisted
    # finish it: still nothing more counted
    from game.acesup import players
    rng = __import__("random").Random(1)
    while not other.is_over():
        other.play(players.choose_move(other.state, rng))
    app.settle()
    assert played(other.stats) == (1, 0)
    assert "assisted" in app.stack.top.message


@pytest.mark.parametrize("moved", [False, True])
def test_thieves_show_a_winning_move_with_none_to_show_neither_marks_nor_warns(app, moved):
    scene = open_table(app, "thieves")
    scene.start_game(thieves_position([["KC"], ["9D", "4S"], [], [], [], [], []], "5H", ["2S", "8C"]), 7)
    settle_jobs(app, scene)
    if moved:
        click(app, center_of(scene, "4S"))  # the player's first move (the five takes the four)
        settle_jobs(app, scene)
        assert scene.player_moved
    choose(app, scene, "Game", "Show a winning move")
    settle_jobs(app, scene)
    assert app.stack.top is scene, "no question: nothing is shown"
    assert scene.status.message == "No move keeps the stacks clearable any more."
    assert not scene.assisted and not scene.state.practice
    assert ThievesRecords().stats[0].games == 0  # not counted as given up either


# ------------------------------------------------------------------ statistics


def test_load_then_restart_without_a_move_counts_nothing(app):
    scene = open_table(app, "acesup", seed=4)
    click(app, scene.stock_rect.center)
    saved_games.save_game("acesup", "Aces Up", "mine", scene.save_data())
    other = open_table(app, "acesup", seed=5)
    key(app, pygame.K_o, CTRL)
    app.stack.top.field.set("mine")
    key(app, pygame.K_RETURN)
    assert other.seed == 4 and other.history.moves
    key(app, pygame.K_r, CTRL)  # Restart, no move made
    key(app, pygame.K_n, CTRL)  # New game, no move made
    assert played(other.stats) == (0, 0)


def test_thieves_load_then_restart_without_a_move_counts_nothing(app):
    scene = open_table(app, "thieves", seed=4)
    click(app, scene.stock_rect.center)
    saved_games.save_game("thieves", "Forty Thieves", "mine", scene.save_data())
    other = open_table(app, "thieves", seed=5)
    key(app, pygame.K_o, CTRL)
    app.stack.top.field.set("mine")
    key(app, pygame.K_RETURN)
    assert other.seed == 4 and other.history.moves
    key(app, pygame.K_r, CTRL)
    assert ThievesRecords().stats[2].games == 0


def test_handing_a_game_to_the_demo_counts_it_as_given_up(app):
    scene = open_table(app, "acesup", seed=31)
    click(app, scene.stock_rect.center)  # the player has moved
    key(app, pygame.K_e, CTRL, settle=False)  # Ctrl+E: the demo takes over
    app.pump()
    assert scene.demo and played(scene.stats) == (1, 0)
    assert "given up" in scene.status.message
    for _ in range(3000):
        if scene.is_over():
            break
        app.pump()
    app.settle()
    assert scene.is_over()
    assert played(scene.stats) == (1, 0)  # whoever finished it, it counted once


def test_a_demo_game_is_not_the_players(app):
    scene = open_table(app, "acesup", seed=31)
    key(app, pygame.K_e, CTRL, settle=False)  # the demo from the deal: not the player's game
    app.pump()
    for _ in range(30):
        app.pump()
    click(app, (640, 600))  # stop it and take over
    if not scene.is_over():
        click(app, scene.stock_rect.center) if scene.state.stock else None
        key(app, pygame.K_n, CTRL)
    assert played(scene.stats) == (0, 0)


def test_after_stopping_a_demo_the_table_says_the_game_is_not_scored(app):
    from game.engine import layoutcheck

    scene = open_table(app, "acesup", seed=31)
    click(app, scene.stock_rect.center)  # the player has moved: the score box shows a live score
    key(app, pygame.K_e, CTRL, settle=False)
    for _ in range(3):
        app.pump()
    assert scene.demo
    key(app, pygame.K_ESCAPE)  # stop it
    assert not scene.demo
    assert "Your game counted as given up" in scene.status.message and "not scored" in scene.status.message
    assert not scene.state.scored and scene.scored_words() == "not scored"
    labels = [b.label for b in layoutcheck.record(app.draw) if b.kind == "text"]
    assert "not scored" in labels and str(scene.state.score) not in labels  # the score box: a dash


def test_a_game_given_up_then_loaded_and_finished_counts_once(app):
    scene = open_table(app, "acesup")
    aces_position(app, scene, aces_deck(["2H", "KH", "5C", "9D"]))
    click(app, center_of(scene, "2H"))  # discard the 2 of hearts
    saved_games.save_game("acesup", "Aces Up", "kept", scene.save_data())
    key(app, pygame.K_n, CTRL)  # given up: counted once, lost
    answer_yes_if_asked(app)
    assert played(scene.stats) == (1, 0)
    key(app, pygame.K_o, CTRL)
    app.stack.top.field.set("kept")
    key(app, pygame.K_RETURN)
    answer_yes_if_asked(app)
    click(app, scene.stock_rect.center)  # the player plays on in it
    key(app, pygame.K_n, CTRL)  # and gives it up again: the same game, not counted again
    answer_yes_if_asked(app)
    assert played(scene.stats) == (1, 0)


# ------------------------------------------------------------------ rule messages


def test_idiots_delight_win_says_every_card_is_gone(app):
    scene = open_table(app, "acesup")
    removed = tuple(c for c in full_pack() if c not in ("AS", "AH"))
    state = arules.State(piles=(("AS",), ("AH",), (), ()), stock=(), variation="idiots_delight", removed=removed)
    scene.start_game(state, 7)
    scene.player_moved = True
    app.settle()
    click(app, center_of(scene, "AS"))
    click(app, center_of(scene, "AH"))
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and "Every card is gone" in dlg.message
    assert "but the Aces" not in dlg.message


def test_dragging_an_ace_onto_an_ace_says_aces_do_not_pair(app):
    scene = open_table(app, "acesup")
    aces_position(app, scene, aces_deck(["AD", "AH", "5C", "9D"]))
    drag(app, center_of(scene, "AD"), center_of(scene, "AH"))
    assert "aces are never discarded as a pair" in scene.status.message.lower()
    assert "pair partner" not in scene.status.message
    drag(app, center_of(scene, "5C"), center_of(scene, "9D"))  # not the same rank: the general reason
    assert "pair partner" in scene.status.message


def test_thieves_assisted_game_survives_restart(app):
    scene = open_table(app, "thieves")
    scene.start_game(thieves_position([["6C"], ["4D"], [], [], [], [], []], "5H", ["3S"]), 7)
    scene.make_assisted()
    key(app, pygame.K_r, CTRL)
    assert scene.assisted and scene.state.practice
    assert isinstance(trules.practice(scene.state), trules.State)


def test_no_name_is_asked_for_an_assisted_high_score(app):
    scene = open_table(app, "thieves")
    scene.start_game(thieves_position([["6C"], ["4D"], [], [], [], [], []], "5H", ["3S"]), 7)
    scene.make_assisted()
    finish_thieves(app, scene)
    assert not isinstance(app.stack.top, TextInputDialog)


def test_loading_over_a_game_under_way_counts_it_as_given_up_once(app):
    scene = open_table(app, "acesup", seed=4)
    saved_games.save_game("acesup", "Aces Up", "fresh", scene.save_data())
    click(app, scene.stock_rect.center)  # the player's game is under way
    key(app, pygame.K_o, CTRL)
    app.stack.top.field.set("fresh")
    key(app, pygame.K_RETURN)
    answer_yes_if_asked(app)
    assert played(scene.stats) == (1, 0) and not scene.history.moves
    key(app, pygame.K_n, CTRL)  # the loaded game had no move of the player: nothing more
    assert played(scene.stats) == (1, 0)


@pytest.mark.parametrize("game", ["acesup", "thieves"])
def test_declining_resume_counts_the_kept_game_as_given_up_once(app, game):
    """'New game' to "Resume it?" leaves the kept game: not a free escape (it counts once, lost), and the
    fresh deal behind the question is dealt as it was."""
    from tests.scenes.test_resume_and_files import keep_a_game

    keep_a_game(app, game)
    scene = open_table(app, game, seed=99, resume=True)
    fresh = scene.history.first
    click(app, app.stack.top.buttons[1].rect.center)  # New game
    assert not scene.resume_pending and scene.seed == 99 and scene.history.first == fresh
    assert not scene.history.moves
    if game == "acesup":
        assert played(scene.stats) == (1, 0)
    else:
        assert sum(r.games for r in scene.records.stats.values()) == 1
    key(app, pygame.K_n, CTRL)  # the fresh deal had no move: nothing more counts
    answer_yes_if_asked(app)
    if game == "acesup":
        assert played(scene.stats) == (1, 0)
    else:
        assert sum(r.games for r in scene.records.stats.values()) == 1
