"""The review scene (issue 29) driven by real posted events: opened from the Game menu and the saved-games
list, stepped with the arrows, Home/End, the step buttons and the slider; hidden cards stay hidden; Show
all cards once the game is over; the game in progress is never touched."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game.acesup import players
from game.acesup import rules as acesup_rules
from game.engine.cardtable import Placement
from game.review import runner
from game.review.scene import ReviewScene
from saves import games as saved_games
from tests.cli.test_review_cli import ACESUP_LOST_AT_12
from tests.scenes.helpers import click, drag, key, make_app, open_table, top_dialog
from tests.scenes.menu_clicks import choose


@pytest.fixture(autouse=True)
def _fresh_memory(monkeypatch):
    monkeypatch.setattr(runner, "_MEMORY", {})


def played_table(app, moves: str = ACESUP_LOST_AT_12, seed: int = 1):
    scene = open_table(app, "acesup", seed)
    for text in moves.split(";"):
        assert scene.play(acesup_rules.parse_move(scene.state, text))
    app.settle()
    return scene


def finished_table(app, seed: int = 3, rng_seed: int | None = None):
    scene = open_table(app, "acesup", seed)
    rng = random.Random(seed if rng_seed is None else rng_seed)
    while not scene.is_over():
        scene.play(players.choose_move(scene.state, rng))
    app.settle()
    while app.stack.top is not scene:  # the end-of-game box
        key(app, pygame.K_ESCAPE)
    return scene


def open_review(app, scene) -> ReviewScene:
    choose(app, scene, "Game", "Review")
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    return review


def wait_analysed(app, review: ReviewScene, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while review.analysis.status == runner.RUNNING and time.monotonic() < end:
        app.pump(1 / 60)
        time.sleep(0.005)
    assert review.analysis.status == runner.DONE


def shown_at_rest(review: ReviewScene) -> dict[str, tuple[float, float, bool]]:
    return {sid: (sp.x, sp.y, sp.face_up) for sid, sp in review.puppet.table.sprites.items()}


def layout_of(review: ReviewScene, n: int) -> dict[str, tuple[float, float, bool]]:
    placements: dict[str, Placement] = review.puppet.layout(review.source.states[n])
    return {sid: (p.x, p.y, p.face_up) for sid, p in placements.items()}


def test_game_review_opens_its_own_scene_and_leaves_the_game_alone():
    app = make_app()
    table = played_table(app)
    states, moves, cursor = list(table.history.states), list(table.history.moves), table.history.cursor
    review = open_review(app, table)
    assert review.pos == 0 and review.total == 14
    key(app, pygame.K_END)
    key(app, pygame.K_HOME)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    assert table.history.states == states and table.history.moves == moves and table.history.cursor == cursor
    assert table.history.states[-1] is states[-1]


def test_arrows_home_end_step_and_the_move_is_animated():
    app = make_app()
    review = open_review(app, played_table(app))
    key(app, pygame.K_RIGHT, settle=False)
    app.pump(1 / 60)
    assert review.pos == 1 and review.puppet.table.animating  # the move is played again, as in play
    app.settle()
    assert shown_at_rest(review) == layout_of(review, 1)
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    assert review.pos == 3 and shown_at_rest(review) == layout_of(review, 3)
    key(app, pygame.K_END)
    assert review.pos == 14 and shown_at_rest(review) == layout_of(review, 14)
    key(app, pygame.K_RIGHT)  # nothing after the last move
    assert review.pos == 14
    key(app, pygame.K_HOME)
    assert review.pos == 0 and shown_at_rest(review) == layout_of(review, 0)


def test_step_buttons_and_slider():
    app = make_app()
    review = open_review(app, played_table(app))
    first, previous, nxt, last = review.steps[:4]
    click(app, nxt.rect.center)
    click(app, nxt.rect.center)
    assert review.pos == 2
    click(app, previous.rect.center)
    assert review.pos == 1
    click(app, last.rect.center)
    assert review.pos == 14
    click(app, first.rect.center)
    assert review.pos == 0
    click(app, (review.slider.x_of(9), review.slider.rect.centery))
    assert review.pos == 9 and shown_at_rest(review) == layout_of(review, 9)
    drag(app, (review.slider.x_of(9), review.slider.rect.centery), (review.slider.x_of(4), review.slider.rect.centery))
    assert review.pos == 4 and shown_at_rest(review) == layout_of(review, 4)


def test_hidden_cards_stay_hidden_and_show_all_waits_for_the_end():
    app = make_app()
    table = played_table(app)
    review = open_review(app, table)
    stock = review.source.states[0].stock
    assert stock and all(not review.puppet.table.sprites[c].face_up for c in stock)
    choose(app, review, "Review", "Show all cards")  # the game is not over: refused
    assert not review.reveal and all(not review.puppet.table.sprites[c].face_up for c in stock)


def test_show_all_cards_once_the_game_is_over():
    app = make_app()
    table = finished_table(app)
    review = open_review(app, table)
    stock = review.source.states[0].stock
    assert all(not review.puppet.table.sprites[c].face_up for c in stock)
    choose(app, review, "Review", "Show all cards")
    assert review.reveal and all(review.puppet.table.sprites[c].face_up for c in stock)
    choose(app, review, "Review", "Show all cards")
    assert not review.reveal and all(not review.puppet.table.sprites[c].face_up for c in stock)


def test_the_analysis_marks_the_losing_move_and_says_so():
    app = make_app()
    review = open_review(app, played_table(app))
    wait_analysed(app, review)
    assert review.analysis.summary.startswith("1 mistake. Winnable until move 12:")
    assert review.summary_text().endswith(review.analysis.summary)
    choose(app, review, "Move", "Before the marked move")
    assert review.pos == 11
    key(app, pygame.K_RIGHT)
    said = review.move_words()
    assert "A mistake: winnable before it, lost after it" in said and "Discard the pair of nines" in said
    colours = review.track_colours()
    assert colours[10] == colours[0] != colours[11] == colours[13]  # green up to move 11, red from move 12


def test_a_deal_lost_to_the_stock_s_order_is_said_as_bad_luck_not_a_mistake():
    """Issue 33: deal 3 played by the Hint's auto-player; its deal at move 49 loses a winnable game only
    because of the stock's order.  The summary and the move's line say so, nothing is marked a mistake and
    Next mistake finds none."""
    app = make_app()
    review = open_review(app, finished_table(app, 3, rng_seed=0))
    wait_analysed(app, review)
    assert review.analysis.summary.startswith("No mistakes; the stock's order decided it. Winnable until move 49")
    assert review.summary_text().endswith(review.analysis.summary)
    review.go(49)
    said = review.move_words()
    assert said.startswith("Move 49 of ") and "Bad luck, not a mistake: with the stock as it was, this lost" in said
    assert "A mistake" not in said
    assert review.marked_moves() == []  # no mistake...
    colours = review.track_colours()
    assert colours[47] == colours[0] != colours[48]  # green up to move 48, red from move 49: what the stock did


def test_the_bad_luck_move_the_summary_names_can_be_reached():
    """Round 10 (shot-14/16/17): the summary said 'Winnable until move 49' and Page Down, Next mistake and
    Before the marked move were greyed, the slider had no tick: the move named could not be found. They go
    to it now, as to a mistake."""
    app = make_app()
    review = open_review(app, finished_table(app, 3, rng_seed=0))
    wait_analysed(app, review)
    assert "Winnable until move 49" in review.analysis.summary
    review.go(0)
    app.pump()
    assert review.slider.ticks == [49]
    assert review.mistake_from(1) == 49
    key(app, pygame.K_PAGEDOWN)
    assert review.pos == 49 and "Bad luck, not a mistake" in review.move_words()
    review.go(0)
    choose(app, review, "Move", "Before the marked move")
    assert review.pos == 48
    review.go(0)
    choose(app, review, "Move", "Next marked move")
    assert review.pos == 49
    key(app, pygame.K_PAGEUP)
    assert review.pos == 49  # none earlier: it stays and says so


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_a_mistake_and_bad_luck_fit_the_status_line_uncut(size):
    """The longest words of both (Forty Thieves, clears said in stacks, the longest card and the last stack
    named for the move and the better move) fit the status line's two lines, never cut at '…', at each size."""
    from game.engine import theme
    from game.engine.widgets import fit_status
    from tests.scenes.test_review_rc2 import random_game, review_of

    app = make_app(size)
    source = random_game("thieves", 1, limit=40, jokers=2)
    long_take = "Take the queen of diamonds from stack 7"
    entries = [{"n": i + 1, "move": t, "before": "winnable", "after": "winnable", "mark": None}
               for i, t in enumerate(source.move_texts())]
    entries[4] = {**entries[4], "after": "lost", "mark": "losing", "better": "take 6", "better_text": long_take}
    entries[5] = {**entries[5], "after": "lost", "luck": True, "better": "take 6", "better_text": long_take}
    review = review_of(app, source, entries)
    review.describe = lambda n, text=None: long_take.lower()  # the longest move a Forty Thieves line says
    for n, words in ((5, "A mistake: the stacks were clearable before it"), (6, "Bad luck, not a mistake")):
        review.go(n, animate=False)
        app.settle()
        assert words in review.status.message
        lines, *_ = fit_status(review.status.message, review.status.right, size[0] - 2 * theme.sc(12), theme.SCALE)
        assert len(lines) <= 2 and not lines[-1].endswith("\u2026"), lines


def test_the_analysis_is_kept_with_the_game_and_not_computed_again(monkeypatch):
    app = make_app()
    table = played_table(app)
    review = open_review(app, table)
    wait_analysed(app, review)
    key(app, pygame.K_ESCAPE)
    monkeypatch.setattr(runner, "_MEMORY", {})  # as after a restart: read back from the data folder
    started = []
    monkeypatch.setattr(runner.Analysis, "start", lambda self: started.append(self) if self.status != "done"
                        else None)
    again = open_review(app, table)
    assert again.analysis.status == runner.DONE and not started
    assert again.analysis.summary == review.analysis.summary


def test_review_from_the_saved_games_list():
    app = make_app()
    table = played_table(app)
    saved_games.save_game("acesup", "Aces Up", "lost game", table.save_data())
    table.new_game(5)
    app.settle()
    choose(app, table, "Game", "Load…")
    dlg = top_dialog(app)
    review_button = next(b for b in dlg.buttons if b.label == "Review")
    click(app, review_button.rect.center)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.source.move_texts() == ACESUP_LOST_AT_12.split(";")
    assert table.seed == 5 and not table.history.moves  # the table's own game is untouched


def test_forty_thieves_and_the_multiplayer_tables_replay_too():
    app = make_app()
    for game in ("thieves", "court"):
        table = open_table(app, game, 2)
        rules = table.rules
        rng = random.Random(2)
        for _ in range(6):
            if rules.current_player(table.state) is None:
                break
            table.history.push(m := rng.choice(rules.legal_moves(table.state)), rules.apply(table.state, m))
        table.relayout(animate=False)
        app.settle()
        review = open_review(app, table)
        key(app, pygame.K_END)
        assert review.pos == review.total and shown_at_rest(review) == layout_of(review, review.total)
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is table


def test_the_other_games_entries_are_said_in_words():
    """ACME, Court and Romi entries (game/<name>/review.py) on the status line: the Expert agreeing, a move
    nobody judged, a mistake with its cost (Romi's turns: tests/scenes/test_review_rc2.py)."""
    app = make_app()
    table = open_table(app, "court", 2)
    rules = table.rules
    for _ in range(3):
        table.history.push(m := rules.legal_moves(table.state)[0], rules.apply(table.state, m))
    review = open_review(app, table)
    review.analysis.stop()
    played = [str(m) for m in review.source.moves]
    review.analysis.entries = [
        {"n": 1, "move": played[0], "expert": played[0], "cost": 0.0, "mark": None},
        {"n": 2, "move": played[1], "expert": None, "cost": None, "mark": None},
        {"n": 3, "move": played[2], "expert": "discard" if played[2] == "keep" else "keep", "cost": 12.5,
         "mark": "mistake"},
    ]
    said = []
    for _ in range(3):
        key(app, pygame.K_RIGHT)
        said.append(review.move_words())
    assert said[0].endswith("The Expert agrees.")
    assert said[1] == f"Move 2 of {review.total}: {review.played_words(2)}."  # not judged: no more words
    assert "A mistake: the Expert would have " in said[2] and " the " in said[2].split("would have ")[1]
    assert "about 12.5 points better" in said[2]
    assert review.track_colours()[2] is not None and review.track_colours()[0] is None


def test_romi_shows_the_better_lay_on_the_board_and_goes_back_to_the_game_as_played():
    """Issue 29: a Romi turn where the player only drew while a lay existed is marked, and Move ▸ Show the
    better lay puts that lay on the board (the board as the optimal lay leaves it); a step shows the game
    as played again."""
    from game.review.scene import open_review as open_review_of
    from game.review.source import from_moves
    from game.romi import rules as romi_rules
    from tests.rules.test_review_romi import deal

    app = make_app()
    open_table(app, "romi", 3)
    review = open_review_of(app, from_moves("romi", deal(), ["draw", "draw"], 3))
    wait_analysed(app, review)
    key(app, pygame.K_RIGHT)
    entry = review.better_lay()
    assert entry is not None and entry["mark"] == "mistake" and entry["cards_missed"] == 6
    assert not review.puppet.state.table  # as played: the player drew, nothing on the board
    choose(app, review, "Move", "Show the better lay")
    better = romi_rules.apply(review.source.states[0], romi_rules.parse_move(review.source.states[0],
                                                                              entry["better_play"]))
    assert review.puppet.state == better and len(review.puppet.state.table) == 2
    app.settle()
    on_board = {sid.split("#")[0] for sid, sp in review.puppet.table.sprites.items() if sp.face_up}
    assert {"KH", "KS", "KD", "QH", "QS", "QD"} <= on_board
    assert "better lay" in review.move_words()
    key(app, pygame.K_RIGHT)  # a step: the game as played again
    assert review.played_history is None and review.pos == 2
    assert review.puppet.state == review.source.states[2]


def test_an_acme_replay_shows_no_seat_thinking(monkeypatch):
    """In a replay nobody thinks: the seat to act is framed, never labelled "thinking…" as in play."""
    import random as _random

    from game.acme import rules as acme_rules
    from game.engine import theme as _theme
    from game.review.scene import open_review as open_review_of
    from game.review.source import from_moves

    app = make_app()
    open_table(app, "acme", 5)
    state = start = acme_rules.new_game(5)
    rng = _random.Random(5)
    texts = []
    for i in range(80):  # a dozen moves or more, stopping where a computer seat is to act
        if i >= 12 and acme_rules.current_player(state) not in (None, 0):
            break
        move = rng.choice(acme_rules.legal_moves(state))
        texts.append(str(move))
        state = acme_rules.apply(state, move)
    review = open_review_of(app, from_moves("acme", start, texts, 5))
    review.analysis.stop()
    key(app, pygame.K_END)
    assert acme_rules.current_player(review.puppet.state) not in (None, 0)
    drawn: list[str] = []
    real = _theme.text

    def text(surface, msg, *a, **k):
        drawn.append(msg)
        return real(surface, msg, *a, **k)

    monkeypatch.setattr(_theme, "text", text)
    app.invalidate()
    app.pump()
    assert "thinking…" not in drawn and drawn
