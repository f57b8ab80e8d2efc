"""Issue 17, "the status describes now": Romi, Court and the solitaires, with real posted events.

Every test here failed on the code before this change (the integration base).
"""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.acesup import rules as acesup_rules
from game.cards import full_pack
from game.engine import theme
from game.engine.dialogs import MessageDialog
from tests.scenes.helpers import center_of, click, key, make_app, open_table

CTRL = pygame.KMOD_CTRL
GAMES = [g.name for g in registry.GAMES]


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.close()


def drawn_texts(app, monkeypatch) -> list[str]:
    """Every string drawn in one frame (the words a player sees)."""
    seen: list[str] = []
    real = theme.text

    def spy(surface, text, *args, **kwargs):
        seen.append(str(text))
        return real(surface, text, *args, **kwargs)
    monkeypatch.setattr(theme, "text", spy)
    app.pump()
    monkeypatch.setattr(theme, "text", real)
    return seen


# ------------------------------------------------------------------ Ctrl+M in every scene

@pytest.mark.parametrize("game", GAMES)
def test_ctrl_m_says_sound_off_and_on(app, game):
    scene = open_table(app, game, seed=2)
    app.sounds.muted = False
    key(app, pygame.K_m, CTRL)
    assert app.sounds.muted and scene.status.message == "Sound off."
    key(app, pygame.K_m, CTRL)
    assert not app.sounds.muted and scene.status.message == "Sound on."


# ------------------------------------------------------------------ Aces Up: one "not scored"

def test_acesup_undo_unscored_reads_the_same_on_status_panel_and_after_a_second_undo(app, monkeypatch):
    scene = open_table(app, "acesup", seed=3)
    click(app, scene.stock_rect.center)
    click(app, scene.stock_rect.center)
    key(app, pygame.K_z, CTRL)
    assert "not scored" in scene.status.message
    assert "(Not scored)" in scene.status_text()
    texts = drawn_texts(app, monkeypatch)
    assert "not scored" in texts
    assert str(scene.state.score) not in texts  # no real score in the panel for an unscored game
    key(app, pygame.K_z, CTRL)  # a second Undo: the old words "Undo: no longer scored" are replaced
    assert scene.status.message == "Move undone (this game is not scored)."
    key(app, pygame.K_y, CTRL)
    assert scene.status.message == "Move redone (this game is not scored)."


def test_acesup_end_box_of_an_unscored_game_shows_no_score(app):
    scene = open_table(app, "acesup", seed=3)
    last = ("2H", "3S", "4D", "5C")
    rest = [c for c in full_pack() if c not in last]
    piles = tuple(tuple(rest[i::4]) for i in range(4))
    state = acesup_rules.State(piles=piles, stock=last, score=7, scored=False)
    scene.start_game(state, 9)
    app.settle()
    click(app, scene.stock_rect.center)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and dlg.title == "No more moves"
    assert "Final score" not in dlg.message and "7" not in dlg.message
    assert "Not scored" in dlg.message


def test_acesup_running_demo_is_shown_with_a_stop_button(app, monkeypatch):
    scene = open_table(app, "acesup", seed=3)
    app.settings.computer = "normal"
    key(app, pygame.K_e, CTRL, settle=False)
    app.pump()
    app.pump()
    assert scene.demo
    texts = drawn_texts(app, monkeypatch)
    assert "Demo: the computer is playing" in texts and "Stop demo" in texts
    assert scene.stop_button.visible and not any(b.visible for b in scene.buttons)
    click(app, scene.stop_button.rect.center)
    assert not scene.demo
    assert not scene.stop_button.visible and all(b.visible for b in scene.buttons)


def test_thieves_practice_reads_the_same_and_a_later_undo_replaces_stale_words(app, monkeypatch):
    scene = open_table(app, "thieves", seed=3)
    click(app, scene.stock_rect.center)
    click(app, scene.stock_rect.center)
    key(app, pygame.K_z, CTRL)
    assert scene.status.message.startswith("Undo used: this is now a practice game")
    assert "(Practice game)" in scene.status_text()
    assert "practice game" in drawn_texts(app, monkeypatch)
    key(app, pygame.K_z, CTRL)  # a second Undo: the table changed, the line says so
    assert scene.status.message == "Move undone (practice game: no high score)."
    key(app, pygame.K_y, CTRL)
    assert scene.status.message == "Move redone (practice game: no high score)."


# ------------------------------------------------------------------ Romi

def romi_position(app, table, hand0: str, hand1: str, turn: int = 0, animation: str = "off"):
    """A Romi table with both players opened; ``hand1`` is the computer's whole hand."""
    from collections import Counter

    from game.romi import rules as romi_rules
    app.settings.animation = animation
    scene = open_table(app, "romi", seed=2)
    used = Counter(hand0.split()) + Counter(hand1.split()) + Counter(c for g in table for c in g)
    pool = Counter(romi_rules.PACK) - used
    d = {"hands": [hand0.split(), hand1.split()], "table": [list(g) for g in table],
         "stock": list(pool.elements()), "turn": turn, "opened": [True, True], "passes": 0, "over": False,
         "winner": None, "first": 0, "ace_after_king": False}
    scene.start_game(romi_rules.from_dict(d), 9)
    app.settle()
    return scene


def pid(scene, code: str) -> str:
    from game.romi.board import code_of
    return next(i for i in scene.board.palette if code_of(i) == code)


def said(scene, monkeypatch) -> list[str]:
    """Every message the status line is given from now on."""
    out: list[str] = []
    real = scene.status.say

    def spy(text, *args, **kwargs):
        out.append(text)
        return real(text, *args, **kwargs)
    monkeypatch.setattr(scene.status, "say", spy)
    return out


def test_romi_hand_count_follows_a_card_laid_and_the_selection_words_go(app, monkeypatch):
    scene = romi_position(app, [("5H", "6H", "7H")], "8H KC QD", "2C 3D 9S")
    assert "Your hand: 3 cards, 33 points" in drawn_texts(app, monkeypatch)
    click(app, center_of(scene, pid(scene, "8H")))
    assert scene.status.message.startswith("1 card selected")
    click(app, center_of(scene, scene.board.groups()[0][2][-1]))
    assert scene.board.table() == (("5H", "6H", "7H", "8H"),)
    texts = drawn_texts(app, monkeypatch)
    assert "Your hand: 2 cards, 25 points" in texts  # the eight of hearts has left the hand
    assert "selected" not in scene.status.message
    assert "1 card from your hand on the table this turn" in scene.status.message


def test_romi_just_played_highlight_goes_when_the_computer_only_drew(app):
    scene = romi_position(app, [("5H", "6H", "7H")], "KC QD 4S", "9S TS JS 2C 3D", turn=1)
    assert scene.state.turn == 0 and ("9S", "TS", "JS") in scene.state.table  # the computer laid its run
    assert any(scene.table.sprites[i].highlight for i in scene.cpu_played)
    key(app, pygame.K_SPACE)  # you draw; the computer can lay nothing and draws too
    assert scene.state.turn == 0 and len(scene.state.hands[1]) == 3
    assert not scene.cpu_played
    assert not [s.id for s in scene.table.sprites.values() if s.highlight]


def test_romi_your_turn_waits_for_the_computers_cards_to_land(app, monkeypatch):
    scene = romi_position(app, [("5H", "6H", "7H")], "KC QD 4S", "9S TS JS 2C 3D", turn=1, animation="normal")
    # the computer has played and its cards have landed during settle; play the next exchange frame by frame
    app.settle()
    key(app, pygame.K_SPACE, settle=False)  # you draw, the computer answers
    for _ in range(300):
        app.pump()
        if scene.state.turn == 0 and len(scene.history.moves) >= 3:
            break
    assert scene.state.turn == 0
    # the computer drew: its card flies to its hand, and "Your turn" waits for it
    assert scene.table.animating
    assert "Your turn" not in scene.status.message
    assert "Your turn" not in drawn_texts(app, monkeypatch)
    app.settle()
    assert scene.status.message == "The computer drew a card. Your turn: play cards and press End turn, or Draw."
    assert "Your turn" in drawn_texts(app, monkeypatch)


def test_romi_after_the_game_the_turn_indicator_shows_nobody(app, monkeypatch):
    scene = romi_position(app, [("5H", "6H", "7H")], "8H", "2C 3D 9S")
    click(app, center_of(scene, pid(scene, "8H")))
    click(app, center_of(scene, scene.board.groups()[0][2][-1]))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # End turn? yes (Enter asks first: issue 25)
    assert scene.is_over()
    key(app, pygame.K_ESCAPE)  # close the end box to look at the table
    texts = drawn_texts(app, monkeypatch)
    assert "Your turn" not in texts and "Computer" not in texts
    assert "Game over" in texts


def test_romi_time_out_says_what_was_done(app, monkeypatch):
    scene = romi_position(app, [("5H", "6H", "7H")], "8H KC QD", "2C 3D 9S")
    scene.level = scene.chosen_level = "expert"
    scene.time_limit = 30
    scene.begin_turn()
    click(app, center_of(scene, pid(scene, "KC")), settle=False)
    app.pump()
    x, y = scene.cell_xy(4, 4)
    cw, ch = scene.table.card_size
    click(app, (x + cw // 2, y + ch // 2), settle=False)
    app.pump()
    assert len(scene.board.groups()) == 2
    words = said(scene, monkeypatch)
    scene.clock = 0.05
    for _ in range(10):
        app.pump()
    assert scene.history.moves and scene.history.moves[0].__class__.__name__ == "Draw"
    assert any(w.startswith("Time's up: your cards were taken back and a card was drawn for you.") for w in words)


def test_romi_help_from_romi_says_what_it_played(app, monkeypatch):
    scene = romi_position(app, [("5H", "6H", "7H")], "8H KC QD", "2C 3D 9S")
    words = said(scene, monkeypatch)
    key(app, pygame.K_h, CTRL)
    key(app, pygame.K_RETURN)  # Romi asks first (a win would not count): Play for me
    assert scene.history.moves and scene.history.moves[0].__class__.__name__ == "Play"
    assert any(w.startswith("Romi played for you: the eight of hearts on a run of hearts.") for w in words), words


# ------------------------------------------------------------------ Affairs of the Court

def court_table(app, quick: bool = False):
    app.settings.game("court")["quick_play"] = quick
    scene = open_table(app, "court", seed=4)
    assert rules_court().current_player(scene.state) == 0  # seed 4: you draw first
    return scene


def rules_court():
    from game.court import rules
    return rules


def test_court_after_keep_the_player_turns_the_second_card_then_its_button_lights(app):
    """Issue 24: without Quick Play the second card is turned by the player, as the help says (it used to
    turn over by itself); once turned, its one button is lit and the status says which."""
    from game.cards import card_name
    scene = court_table(app)
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    second = scene.state.pack[0]
    assert scene.state.draw_step == 1
    assert not scene.revealed and second not in scene.table.sprites  # face down in the deck
    assert not scene.discard_btn.is_enabled
    assert scene.status.message == ("Enter on the deck (or click it) turns the second card of your pair: "
                                    "it will be discarded, since you kept the first.")
    click(app, scene.deck_rect.center)
    assert scene.revealed and scene.table.sprites[second].face_up
    assert scene.discard_btn.is_enabled and not scene.keep_btn.is_enabled
    assert scene.status.message == (f"The {card_name(second)}: you must discard it (you kept the first card). "
                                    "Use Discard (D).")
    ring = scene.discard_btn.rect.inflate(10, 10)
    assert tuple(app.window.get_at((ring.centerx, ring.y + 1)))[:3] == theme.GOLD[:3]
    click(app, scene.discard_btn.rect.center)  # the computer then draws its pair; then it is yours again
    assert rules_court().current_player(scene.state) == 0 and len(scene.state.pack) == 48
    assert scene.status.message == "Your pair 2 of 13: Enter on the deck (or click it) turns a card."


def test_court_quick_play_status_follows_each_pair(app):
    from game.cards import card_name
    scene = court_table(app, quick=True)
    first = scene.state.pack[0]
    click(app, scene.discard_btn.rect.center)  # the second card is forced: Quick Play keeps it, no click
    assert first in scene.state.seen[0]
    assert rules_court().current_player(scene.state) == 0 and len(scene.state.pack) == 48
    assert scene.status.message.startswith(f"The {card_name(scene.state.pack[0])}: keep it or discard it? ")


def test_court_deck_count_leaves_out_the_card_you_look_at(app, monkeypatch):
    scene = court_table(app)
    assert "52 cards" in drawn_texts(app, monkeypatch)
    click(app, scene.deck_rect.center)
    texts = drawn_texts(app, monkeypatch)
    assert "51 cards" in texts and "52 cards" not in texts


def test_court_your_discards_shows_yours_never_the_computers(app):
    from game.cards import card_name
    scene = court_table(app)
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    click(app, scene.deck_rect.center)  # (harmless now; the old table needed it to show the second card)
    click(app, scene.discard_btn.rect.center)
    s = scene.state
    assert len(s.seen[0]) == 1 and len(s.seen[1]) == 1
    key(app, pygame.K_l, CTRL)
    dlg = app.stack.top
    assert isinstance(dlg, MessageDialog) and dlg.title == "Your discards"
    assert card_name(s.seen[0][0]) in dlg.message
    assert card_name(s.seen[1][0]) not in dlg.message


def test_court_cue_card_belongs_to_this_round(app, monkeypatch):
    from dataclasses import replace

    from tests.scenes.test_court_scene import H0, H1, drawn
    rules = rules_court()
    s = drawn(H0, H1)
    while s.last_turn is None:
        s = rules.apply(s, rules.legal_moves(s)[0])
    assert s.tricks  # a turn of round 1 was played
    scene = open_table(app, "court", seed=4)
    scene.start_game(replace(s, tricks=(), round_no=2), 7)  # round 2 begins: round 1's turn is history
    app.settle()
    assert "RULE CUE CARD" not in drawn_texts(app, monkeypatch)
    scene.start_game(s, 7)
    app.settle()
    assert "RULE CUE CARD" in drawn_texts(app, monkeypatch)


def test_court_round_box_is_closed_before_the_next_draw(app):

    from tests.scenes.test_court_scene import bonus_for_human
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((40, 60), ["5H", "2C"]), 7)
    app.settle()
    click(app, scene.done_btn.rect.center, settle=False)
    app.pump()
    assert scene.state.round_no == 2 and rules_court().current_player(scene.state) == 1
    assert scene.round_end is not None
    for _ in range(300):
        assert len(scene.state.pack) == 52, "the computer drew under the round's box"
        app.pump()
    key(app, pygame.K_RETURN)  # Next round
    app.settle()
    assert scene.round_end is None and len(scene.state.pack) < 52  # then the computer draws


def test_court_bonus_pop_ups_do_not_print_over_each_other(app, monkeypatch):
    from tests.scenes.test_court_scene import bonus_for_human
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 40), ["5H", "6H", "2C"]), 7)
    app.settle()
    click(app, center_of(scene, "5H"), settle=False)
    app.pump()
    click(app, center_of(scene, "6H"), settle=False)
    app.pump()
    mine = [f[1] for f in scene.floaters if f[0] == 0]
    assert mine == ["+11"]  # one pop-up that adds up, not "+5" and "+6" printed over each other
    texts = drawn_texts(app, monkeypatch)
    assert "+11" in texts and "+5" not in texts and "+6" not in texts


def test_status_line_never_prints_the_summary_over_a_long_message(monkeypatch):
    """A long message and the right-hand summary share the status line without a pixel of overlap (the
    line shrinks its fonts, wraps the message onto two lines, then drops facts from the summary)."""
    from game.engine import layoutcheck

    app = make_app(size=(800, 600))
    try:
        open_table(app, "acesup", seed=3)
        scene = app.stack.top
        scene.status.say("Demo: the auto-player plays (it never looks at the stock). Click to stop. Your game "
                         "counts as given up.")
        status = pygame.Rect(0, 600 - theme.STATUS_H, 800, theme.STATUS_H)
        boxes = layoutcheck.record(lambda: scene.draw(app.window, 1.0))
        texts = [b.rect for b in boxes if b.kind == "text" and status.contains(b.rect)]
        assert len(texts) >= 2, "the message and the summary are both on the status line"
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                assert not a.colliderect(b), f"status texts overlap: {a} and {b}"
    finally:
        app.close()
