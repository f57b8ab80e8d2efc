"""Issue 24: Court's History cannot be kept perfect by quitting.  A game left unfinished — level switched,
new game, the kept game declined — counts as a loss at its level; a saved game finished once counts once;
tournaments share places on equal spreads, store every player's spread and give back the level."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.court import rules
from game.engine.dialogs import MessageDialog, TableDialog
from saves import court_history, deals
from saves import games as saved_games
from tests.scenes.helpers import center_of, click, key, make_app, open_table, top_dialog
from tests.scenes.menu_clicks import choose
from tests.scenes.test_court_scene import bonus_for_human
from tests.scenes.test_fair_play_court import start_tournament_by_menu

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app(parlour_home):
    a = make_app(animation="off")
    yield a
    a.close()


def under_way(app):
    scene = open_table(app, "court", seed=4)
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    assert scene.history.moves and scene.level == "intermediate"
    return scene


def record(level: str) -> dict:
    return court_history.load_history().summary("Guest", level)


def test_switching_level_mid_game_is_a_loss_at_its_level(app):
    scene = under_way(app)
    choose(app, scene, "Court", "Expert")
    top_dialog(app).close("New game")
    app.settle()
    assert scene.level == "expert" and not scene.history.moves
    inter = record("intermediate")
    assert inter["games"] == 1 and inter["losses"] == 1 and inter["abandoned"] == 1
    assert record("expert")["games"] == 0


def test_a_new_game_over_one_in_progress_is_a_loss(app):
    scene = under_way(app)
    choose(app, scene, "Game", "New")
    top_dialog(app).close("New game")
    app.settle()
    assert record("intermediate")["losses"] == 1


def test_declining_the_kept_game_is_a_loss(app):
    scene = under_way(app)
    assert scene.keep_for_next_time() is None
    app.close()
    again = make_app(animation="off")
    try:
        open_table(again, "court", seed=9, resume=True)
        dlg = top_dialog(again)
        assert isinstance(dlg, MessageDialog) and dlg.title == "Unfinished game"
        click(again, dlg.buttons[1].rect.center)  # New game
        assert record("intermediate")["losses"] == 1
    finally:
        again.close()


def test_a_saved_game_finished_twice_counts_once(app, monkeypatch):
    from saves import deals

    monkeypatch.setattr(deals, "check_start", lambda *_: None)  # a position set up by hand, not a deal
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 6), ["7C", "3H"]), 7)
    app.settle()
    click(app, center_of(scene, "3H"))
    saved_games.save_game("court", "Affairs of the Court", "end", scene.save_data())
    click(app, center_of(scene, "7C"))
    assert rules.is_over(scene.state) and record("intermediate")["wins"] == 1
    key(app, pygame.K_ESCAPE)  # the end box
    key(app, pygame.K_o, CTRL)
    top_dialog(app).field.set("end")
    key(app, pygame.K_RETURN)
    app.settle()
    assert not rules.is_over(scene.state) and scene.recorded
    click(app, center_of(scene, "7C"))
    assert rules.is_over(scene.state) and record("intermediate")["games"] == 1


def test_tournament_ties_share_first_place_and_the_level_comes_back(app):
    scene = open_table(app, "court", seed=4)
    assert scene.level == "intermediate"
    scene.begin_tournament("expert", ["Ann", "Bob", "Cy"])
    final = replace(scene.state, phase="over", winner=0, end_reason="limit")
    scene.tournament_game_over(replace(final, totals=(30, 10)))
    app.settle()
    top_dialog(app).close("OK")
    scene.tournament_game_over(replace(final, totals=(40, 20)))
    app.settle()
    top_dialog(app).close("OK")
    scene.tournament_game_over(replace(final, totals=(10, 40), winner=1))
    app.settle()
    dlg = top_dialog(app)
    assert isinstance(dlg, TableDialog)
    (_name, _head, rows), = dlg.tabs
    assert [r[0] for r in rows] == ["1st =", "1st =", "3rd"] and rows[2][1:] == ["Cy", "-30"]
    assert "Tie: Ann and Bob" in dlg.footer
    # the line under the results says so too (round 14: it kept the last bonus card played)
    assert scene.status.message == "The tournament is over. Tie: Ann and Bob share first place."
    app.settings.speak = app.speech.enabled = True
    n = len(app.speech.recorder)
    click(app, dlg.buttons[0].rect.center)
    # the line: back to normal play, then the new game's welcome (what to do in the draw); said, the player
    # and level once (round 14, by ear: "Guest against the Intermediate computer" came twice in a row)
    assert scene.level == "intermediate" and scene.status.message.startswith(
        "Back to normal play, as before. Guest against the Intermediate computer. You draw first."), \
        scene.status.message
    heard = " ".join(app.speech.recorder[n:])
    assert heard.count("against the Intermediate computer") == 1 and "Back to normal play" in heard, heard
    kept = court_history.load_history().tournaments[0]
    assert kept["tie"] and kept["scores"] == [["Ann", 20], ["Bob", 20], ["Cy", -30]]


def test_cancelling_a_tournament_gives_back_the_level(app):
    scene = open_table(app, "court", seed=4)
    scene.begin_tournament("novice", ["Ann"])
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)  # a tournament game under way
    scene.cancel_tournament()
    top_dialog(app).close("Cancel it")
    app.settle()
    assert scene.level == "intermediate" and "as before" in scene.status.message
    assert record("novice")["games"] == 0 and record("intermediate")["games"] == 0  # never counted


def test_an_old_history_file_loads(parlour_home):
    h = court_history.CourtHistory()
    h.record_game("Guest", "novice", 50, 10, "you", 3, 0)
    data = h.to_json()
    del data["counted"]
    for rec in data["records"]["Guest"].values():
        del rec["abandoned"]
    from saves.store import write_json
    write_json(court_history.history_path(), court_history.FORMAT, court_history.VERSION, data)
    again = court_history.load_history()
    assert again.warning is None and again.summary("Guest", "novice")["wins"] == 1 and again.counted == []


def test_a_tournament_game_shows_its_last_round_then_the_standings(app):
    scene = open_table(app, "court", seed=4)
    scene.begin_tournament("novice", ["Ann", "Bob"])
    s = bonus_for_human((30, 10), ["7C"])
    scene.start_game(replace(s, round_no=3, round_limit=3), scene.seed)
    app.settle()
    click(app, center_of(scene, "7C"))
    box = top_dialog(app)
    assert box.title == "Ann's three rounds are played" and box.rows[0].text == "Ann 30, the computer 3: +27."
    # Review here too (round 14: only the next box offered it); closing it comes back to this box
    assert [b.label for b in box.buttons] == ["Go on", "Review this game"]
    from game.review.scene import ReviewScene

    box.close("Review this game")
    app.settle()
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    review.analysis.stop()
    key(app, pygame.K_ESCAPE)
    app.settle()
    assert top_dialog(app) is box
    key(app, pygame.K_RETURN)  # Go on
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog) and "Ann finished with +27" in dlg.message


def test_a_finished_game_loaded_again_and_left_for_a_tournament_counts_once(app, monkeypatch):
    """Issue 32: finish a game, Load a save from the middle of it, start a tournament over it: the History
    holds one game, not two."""
    monkeypatch.setattr(deals, "check_start", lambda *_: None)  # a position set up by hand, not a deal
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 6), ["7C", "3H"]), 7)
    app.settle()
    click(app, center_of(scene, "3H"))
    saved_games.save_game("court", "Affairs of the Court", "middle", scene.save_data())
    click(app, center_of(scene, "7C"))
    assert rules.is_over(scene.state) and record("intermediate")["games"] == 1
    key(app, pygame.K_ESCAPE)  # the end box
    key(app, pygame.K_o, CTRL)
    top_dialog(app).field.set("middle")
    key(app, pygame.K_RETURN)
    app.settle()
    assert not rules.is_over(scene.state)
    start_tournament_by_menu(app, scene, ["Ann"])
    assert scene.tournament_active
    rec = record("intermediate")
    assert rec["games"] == 1 and rec["wins"] == 1 and rec["losses"] == 0


def test_a_lone_player_who_loses_the_tournament_is_not_its_winner(app):
    """Issue 32: a one-player tournament lost by 86 announced "Winner: Tess"."""
    scene = open_table(app, "court", seed=4)
    scene.begin_tournament("expert", ["Tess"])
    final = replace(scene.state, phase="over", winner=1, end_reason="limit", totals=(14, 100))
    heard: list[str] = []
    app.sounds.play = heard.append
    scene.tournament_game_over(final)
    assert heard == ["lose"]
    app.settle()
    dlg = top_dialog(app)
    assert isinstance(dlg, TableDialog)
    assert "Winner" not in dlg.footer and "The computer won: Tess lost by 86." in dlg.footer
    dlg.close("OK")
    app.settle()
    choose(app, scene, "Court", "History…")
    hist = top_dialog(app)
    (_n, _h, tours), = [tab for tab in hist.tabs if tab[0] == "Tournaments"]
    assert tours[0][2] == "the computer"


def test_after_a_tournament_play_returns_at_the_loaded_games_level(app, monkeypatch):
    """Issue 32: the preference said Expert, the loaded game was Intermediate: play comes back at
    Intermediate after the tournament."""
    monkeypatch.setattr(deals, "check_start", lambda *_: None)  # a position set up by hand, not a deal
    app.settings.game("court")["level"] = "expert"
    scene = open_table(app, "court", seed=4)
    scene.level = "expert"
    scene.start_game(bonus_for_human((50, 6), ["7C", "3H"]), 7)
    app.settle()
    scene.level = "intermediate"
    saved_games.save_game("court", "Affairs of the Court", "inter", scene.save_data())
    scene.level = "expert"
    key(app, pygame.K_o, CTRL)
    if isinstance(top_dialog(app), MessageDialog):
        key(app, pygame.K_RETURN)
    top_dialog(app).field.set("inter")
    key(app, pygame.K_RETURN)
    app.settle()
    assert scene.level == "intermediate"
    scene.begin_tournament("novice", ["Ann"])
    scene.tournament_game_over(replace(scene.state, phase="over", winner=0, end_reason="limit", totals=(30, 10)))
    app.settle()
    top_dialog(app).close("OK")
    app.settle()
    assert scene.level == "intermediate" and not scene.tournament_active



def load_by_keys(app, name: str) -> None:
    """Ctrl+O, the save's name, Enter; Load to the question that leaves a game in progress."""
    key(app, pygame.K_o, CTRL)
    top_dialog(app).field.set(name)
    key(app, pygame.K_RETURN)
    if isinstance(top_dialog(app), MessageDialog):
        top_dialog(app).close("Load")
    app.settle()


def test_switching_player_mid_game_asks_and_never_counts_the_game_for_the_next(app, monkeypatch):
    """Round 9, the fresh player's major: a save finished as Guest, loaded again, the player switched to
    Quinn mid-game with no question, and finished: Quinn's History held the same game as a win (and a
    Legendary Game).  Switching player mid-game now asks, as ACME's Change Player does (Keep playing first),
    leaves the game (counted for Guest only) and Quinn starts a new game."""
    monkeypatch.setattr(deals, "check_start", lambda *_: None)  # a position set up by hand, not a deal
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 6), ["7C", "3H"]), 7)
    app.settle()
    click(app, center_of(scene, "3H"))
    saved_games.save_game("court", "Affairs of the Court", "mid", scene.save_data())
    click(app, center_of(scene, "7C"))
    assert rules.is_over(scene.state) and record("intermediate")["wins"] == 1
    key(app, pygame.K_ESCAPE)  # the end box
    scene.new_game(5)
    app.settle()
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)  # another game under way
    load_by_keys(app, "mid")
    assert not rules.is_over(scene.state) and scene.player == "Guest"
    scene.hist.add_player("Quinn")
    choose(app, scene, "Court", "Player…")
    dlg = top_dialog(app)
    dlg.list.selected = [v for v, _l in dlg.options].index("Quinn")
    dlg.close("OK")
    app.settle()
    ask = top_dialog(app)
    assert isinstance(ask, MessageDialog) and ask.title == "Player"
    assert ask.buttons[ask.default].label == "Keep playing"
    assert "Quinn starts a new game" in ask.message and "will be lost" in ask.message  # counted already
    key(app, pygame.K_RETURN)  # Enter out of habit keeps the game
    assert scene.player == "Guest" and scene.history.moves
    choose(app, scene, "Court", "Player…")
    dlg = top_dialog(app)
    dlg.list.selected = [v for v, _l in dlg.options].index("Quinn")
    dlg.close("OK")
    top_dialog(app).close("Play as Quinn")
    app.settle()
    assert scene.player == "Quinn" and not scene.history.moves  # a new game for Quinn
    quinn = court_history.load_history().summary("Quinn", "intermediate")
    assert quinn["games"] == 0 and quinn["legendary"] == []
    guest = record("intermediate")
    assert guest["games"] == 2 and guest["wins"] == 1  # the win, and the game left for the Load


def test_switching_player_in_a_game_not_counted_yet_says_whose_loss_it_is(app):
    scene = under_way(app)
    scene.hist.add_player("Quinn")
    scene.switch_player("Quinn")
    ask = top_dialog(app)
    assert "counts as a loss for Guest" in ask.message
    ask.close("Play as Quinn")
    app.settle()
    assert record("intermediate")["losses"] == 1 and scene.player == "Quinn"
    assert court_history.load_history().summary("Quinn", "intermediate")["games"] == 0


def test_a_save_with_no_id_counts_once_however_often_it_is_finished(app, monkeypatch):
    """Round 9: the window's first deal had no id (TableScene deals it without start_game), so its saves said
    'game_id': '' and each Load gave the game a new id: finished twice, it counted twice.  The first deal
    has an id, and a save without one is named by its deal, start and first moves."""
    fresh = open_table(app, "court", seed=4)
    assert fresh.game_id and fresh.save_data()["extra"]["game_id"] == fresh.game_id
    monkeypatch.setattr(deals, "check_start", lambda *_: None)  # a position set up by hand, not a deal
    scene = fresh
    scene.start_game(bonus_for_human((50, 6), ["7C", "3H"]), 7)
    app.settle()
    click(app, center_of(scene, "3H"))
    data = scene.save_data()
    data["extra"]["game_id"] = ""  # as the fresh player's save was written
    saved_games.save_game("court", "Affairs of the Court", "old", data)
    for _ in range(2):
        load_by_keys(app, "old")
        assert not rules.is_over(scene.state)
        click(app, center_of(scene, "7C"))
        assert rules.is_over(scene.state)
        key(app, pygame.K_ESCAPE)  # the end box
        app.settle()
    rec = record("intermediate")
    assert rec["wins"] == 1 and rec["games"] == 2  # the win once, and the game under way left by the first Load


def test_a_game_counted_for_one_player_is_never_counted_for_another(parlour_home):
    h = court_history.CourtHistory()
    final = replace(bonus_for_human((50, 6), ["7C"]), phase="over", winner=0)
    assert h.record_state("Guest", "intermediate", final, game_id="g1")
    assert not h.record_state("Quinn", "intermediate", final, game_id="g1")
    assert not h.record_abandoned("Quinn", "intermediate", final, game_id="g1")
    assert h.summary("Quinn", "intermediate")["games"] == 0


def test_a_game_left_unfinished_is_a_loss_that_adds_no_score(app, monkeypatch):
    """Round 9: an abandoned game entered its untouched 100 in Total points and Average score.  It is a loss
    (rules/court.md names no score for it) and the averages are of games played out; History shows it."""
    monkeypatch.setattr(deals, "check_start", lambda *_: None)  # a position set up by hand, not a deal
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 6), ["7C", "3H"]), 7)
    app.settle()
    click(app, center_of(scene, "3H"))
    click(app, center_of(scene, "7C"))
    assert rules.is_over(scene.state)
    won = dict(record("intermediate"))
    key(app, pygame.K_ESCAPE)  # the end box
    scene.new_game(5)
    app.settle()
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)  # under way, totals 100 to 100
    choose(app, scene, "Game", "New")
    top_dialog(app).close("New game")
    app.settle()
    rec = record("intermediate")
    assert rec["games"] == 2 and rec["losses"] == 1 and rec["abandoned"] == 1
    for figure in ("total_points", "average_score", "total_difference", "average_spread", "total_rounds",
                   "average_rounds", "total_bonus", "average_bonus"):
        assert rec[figure] == won[figure], figure
    assert rec["win_pct"] == 50.0
    choose(app, scene, "Court", "History…")
    (_n, _h, rows), *_rest = top_dialog(app).tabs
    assert ["Left unfinished", "0", "1", "0"] in rows


def ask_to_load(app, name: str) -> MessageDialog:
    """Ctrl+O and the save's name: the question Load asks over the game in progress (not answered yet)."""
    key(app, pygame.K_o, CTRL)
    top_dialog(app).field.set(name)
    key(app, pygame.K_RETURN)
    dlg = top_dialog(app)
    assert isinstance(dlg, MessageDialog)
    return dlg


def test_loading_a_save_of_the_game_in_progress_goes_on_and_counts_once_when_it_ends(app, monkeypatch):
    """Issue 32, round 12: Ctrl+S mid-game, a move, Ctrl+O that save: the box said the game counts as a loss,
    History showed it left, and the loaded game, played to its end, never counted."""
    monkeypatch.setattr(deals, "check_start", lambda *_: None)  # a position set up by hand, not a deal
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 6), ["7C", "3H", "5S"]), 7)
    app.settle()
    click(app, center_of(scene, "3H"))
    saved_games.save_game("court", "Affairs of the Court", "mid", scene.save_data())
    click(app, center_of(scene, "5S"))
    dlg = ask_to_load(app, "mid")
    assert "This is a save of the game you are playing" in dlg.message and "counts as a loss" not in dlg.message
    dlg.close("Load")
    app.settle()
    assert record("intermediate")["games"] == 0 and not scene.recorded
    click(app, center_of(scene, "5S"))
    click(app, center_of(scene, "7C"))
    assert rules.is_over(scene.state)
    done = record("intermediate")
    assert done["games"] == 1 and done["abandoned"] == 0 and done["wins"] == 1


def test_loading_another_game_counts_the_one_in_progress_and_a_counted_save_is_practice(app, monkeypatch):
    """A save of another game leaves the game in progress (a loss, said); a save of a game counted already says,
    before Load, that playing it on will not count again — and it does not."""
    monkeypatch.setattr(deals, "check_start", lambda *_: None)
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 6), ["7C", "3H"]), 7)
    app.settle()
    click(app, center_of(scene, "3H"))
    saved_games.save_game("court", "Affairs of the Court", "other", scene.save_data())
    click(app, center_of(scene, "7C"))
    assert record("intermediate")["games"] == 1
    key(app, pygame.K_ESCAPE)  # the end box
    scene.new_game(4)
    app.settle()
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    dlg = ask_to_load(app, "other")
    assert "counts as a loss" in dlg.message and "That game was counted already" in dlg.message
    dlg.close("Load")
    app.settle()
    assert record("intermediate")["abandoned"] == 1 and scene.recorded
    click(app, center_of(scene, "7C"))
    assert record("intermediate")["games"] == 2  # the left game once, the loaded one not again


def test_a_counted_save_loaded_with_no_game_under_way_is_called_practice_on_the_line(app, monkeypatch):
    """Round 14 (a fresh player): with no game under way Load asks nothing, and the loaded save of a game that
    had counted was never called practice; the line says so after "Loaded"."""
    from game.engine.tablesaves import COUNTED_ALREADY

    monkeypatch.setattr(deals, "check_start", lambda *_: None)
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 6), ["7C", "3H"]), 7)
    app.settle()
    click(app, center_of(scene, "3H"))
    saved_games.save_game("court", "Affairs of the Court", "played", scene.save_data())
    click(app, center_of(scene, "7C"))
    assert record("intermediate")["games"] == 1
    key(app, pygame.K_ESCAPE)  # the end box
    scene.new_game(4)
    app.settle()
    key(app, pygame.K_o, CTRL)
    top_dialog(app).field.set("played")
    key(app, pygame.K_RETURN)
    app.settle()
    assert scene.status.message == f"Loaded \u201cplayed\u201d. {COUNTED_ALREADY}", scene.status.message
    assert "practice" in COUNTED_ALREADY and scene.recorded


def test_the_tournament_menu_items_are_in_sentence_case_and_the_button_keeps_the_seeds_name(app):
    """Issue 32, round 12 (shot-122): "Resume tournament" stood beside "Cancel Tournament" in the Court menu."""
    scene = open_table(app, "court", seed=4)
    court = next(m for m in scene.menubar.menus if m.title == "Court")
    labels = [it.label for it in court.items]
    assert "Resume tournament" in labels and "Cancel tournament" in labels and "Cancel Tournament" not in labels
    assert scene.cancel_btn.label == "Cancel Tournament"


def test_new_game_to_resume_it_says_it_counts_as_a_loss(app):
    """Round 13 (a fresh player, major): "New game" to "Resume it?" over a kept Court game recorded a loss
    (History: left unfinished 1) that neither the question nor the status line mentioned."""
    under_way(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # closing keeps the game, without a question
    app.pump()
    other = make_app(animation="off")
    try:
        open_table(other, "court", seed=7, resume=True)
        dlg = other.stack.top
        assert isinstance(dlg, MessageDialog) and "Resume it?" in dlg.message
        assert "New game counts it as a loss." in dlg.message, dlg.message
        click(other, dlg.buttons[dlg.labels.index("New game")].rect.center)
        other.settle()
        assert record("intermediate")["abandoned"] == 1
    finally:
        other.close()


def test_resume_it_says_nothing_of_a_loss_when_declining_costs_none(app):
    """A kept game with Must Follow Suit off counts nothing when left: the question says nothing of a loss."""
    scene = open_table(app, "court", seed=4)
    scene.options = {"follow_suit": False}
    scene.new_game(4)
    app.settle()
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    assert scene.history.moves and not scene.state.follow_suit
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    other = make_app(animation="off")
    try:
        open_table(other, "court", seed=7, resume=True)
        dlg = other.stack.top
        assert isinstance(dlg, MessageDialog) and "Resume it?" in dlg.message
        assert "loss" not in dlg.message, dlg.message
    finally:
        other.close()
