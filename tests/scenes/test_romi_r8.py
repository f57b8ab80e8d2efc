"""Romi, round 8 (issue 33, the sighted minors three fresh players left): tools greyed when they cannot act
and saying why, the layout of the hand and the status line, dialogs over moving cards, the words after
Restore and Cards played.  Driven by real posted events on the dummy driver."""

from __future__ import annotations

import pygame
import pytest

from tests.scenes.helpers import key, make_app, open_table
from tests.scenes.test_romi_rc3 import enabled, menu_item, win_by_laying_the_eight
from tests.scenes.test_romi_scene import opened_position

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def button(scene, label: str):
    return next(b for b in scene.buttons if b.label.startswith(label))


def press(app, scene, shortcut: str) -> None:
    """The menu item's own key, as the player presses it."""
    from game.engine.shortcuts import key as shortcut_of

    text = shortcut_of(scene.game, shortcut)
    it = next(it for m in scene.menubar.menus for it in m.items if it.shortcut == text)
    key(app, it.key, CTRL if it.ctrl else 0)


# --- 2. Validate and Sort greyed whenever they cannot act, their keys told why ------------------------
def test_validate_is_greyed_during_the_computers_turn_and_its_key_says_why(app):
    from tests.scenes.test_status_now import romi_position

    scene = romi_position(app, [("5H", "6H", "7H")], "8H KC QD", "2C 3D 9S 9S", turn=1)
    from types import SimpleNamespace

    if scene.job is not None:
        scene.job.cancel()
    scene.job = SimpleNamespace(done=False, cancel=lambda: None)  # the computer at work, thinking still
    assert not button(scene, "Validate").is_enabled and not enabled(menu_item(scene, "Validate"))
    press(app, scene, "validate")
    assert "Validate is not available now: it is the computer's turn." in scene.status.message
    scene.job = None


def test_validate_and_sort_are_greyed_during_a_demonstration_and_say_why(app):
    scene = open_table(app, "romi", seed=2)
    scene.new_game(demo=True)
    app.pump()
    for label in ("Validate", "Sort"):
        assert not button(scene, label).is_enabled, label
        assert not enabled(menu_item(scene, label)), label
    order = list(scene.board.palette)
    scene.menubar._choose(menu_item(scene, "Sort"))  # a click on the greyed item
    assert scene.board.palette == order and scene.demo
    assert "Sort is not available now: a Demonstration is playing" in scene.status.message
    scene.menubar._choose(menu_item(scene, "Validate"))
    assert "Validate is not available now: a Demonstration is playing" in scene.status.message


def test_validate_and_sort_are_greyed_after_the_game_ended(app):
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5H", "6H", "7H")], "8H")
    win_by_laying_the_eight(app, scene)
    key(app, pygame.K_ESCAPE)  # the end box
    for label in ("Validate", "Sort"):
        assert not button(scene, label).is_enabled, label
        assert not enabled(menu_item(scene, label)), label
    press(app, scene, "sort")
    assert "Sort is not available now: the game is over" in scene.status.message


# --- 3. Help from Romi says why it is greyed ---------------------------------------------------------
@pytest.mark.parametrize("level", ["intermediate", "expert"])
def test_help_from_romi_at_a_higher_level_says_it_is_for_beginners(app, level):
    scene = open_table(app, "romi", seed=2)
    opened_position(scene, [("5H", "6H", "7H")], "8H KC QD")
    scene.level = scene.chosen_level = level
    it = menu_item(scene, "Help from Romi")
    assert not enabled(it)
    press(app, scene, "help_from_romi")
    msg = scene.status.message
    assert f"Help from Romi is offered at the Beginner level only; this game is at {level.capitalize()}." in msg
    assert len(scene.history.moves) == 0  # nothing was played


# --- 13. one helper counts a game left, by New and by Load --------------------------------------------
@pytest.mark.parametrize("leave", ["new", "load"])
def test_a_game_left_is_counted_by_one_helper_and_a_file_problem_is_said(app, monkeypatch, leave):
    """Load over a game under way counted it with its own copy of the call and dropped the statistics
    file's problem unsaid; both roads go through one helper now, and its problem is said."""
    from game.romi import rules
    from saves import games as saved_games
    from saves import romi_stats

    scene = open_table(app, "romi", seed=2)
    other = scene.save_data()
    other["extra"]["game_id"] = "another game"  # a save of another game (the same game's goes on: issue 32)
    saved_games.save_game("romi", "Romi", "fresh", other)
    scene.play(rules.Draw())  # the player's first move: leaving now counts
    app.settle()
    calls: list[tuple] = []
    real = romi_stats.record_game

    def record(*args, **kw):
        calls.append(args)
        stats, _problem = real(*args, **kw)
        return stats, "The statistics file could not be written (test)."
    monkeypatch.setattr(romi_stats, "record_game", record)
    said: list[str] = []
    monkeypatch.setattr(scene.status, "say", lambda text, *a, **k: said.append(text))
    helper = scene._count_left_game
    used: list[str] = []
    monkeypatch.setattr(scene, "_count_left_game", lambda *a: used.append(leave) or helper(*a))
    if leave == "new":
        scene.new_game()
    else:
        scene.load_data(saved_games.load_game("romi", "Romi", saved_games.save_path("romi", "fresh")))
    assert used == [leave] and len(calls) == 1 and calls[0][:2] == (1, (0, 0))
    assert "The statistics file could not be written (test)." in said


# --- 10. a helped win is never celebrated, whoever laid the last card ---------------------------------
@pytest.mark.parametrize("how", ["enter", "button", "validate then button"])
def test_a_helped_game_won_by_the_players_own_last_lay_is_not_celebrated(how):
    """Help from Romi played a turn earlier; the player then lays the last card: the box says so, and the
    celebration (a win's) does not play behind it (it did on this road, by End turn or Validate then End turn)."""
    from game.engine.celebrate import Celebration
    from game.engine.endbox import EndBox
    from tests.scenes.helpers import center_of, click
    from tests.scenes.test_romi_scene import pid

    app = make_app(animation="normal")
    try:
        scene = open_table(app, "romi", seed=2)
        opened_position(scene, [("5H", "6H", "7H")], "8H")
        scene.assisted = True  # Help from Romi played an earlier turn of this game (not the move to come)
        click(app, center_of(scene, pid(scene, "8H")))
        click(app, center_of(scene, scene.board.groups()[0][2][-1]))
        if how.startswith("validate"):
            click(app, button(scene, "Validate").rect.center)
            assert "Every group on the board is valid." in scene.status.message
        if how == "enter":
            key(app, pygame.K_RETURN, settle=False)
            key(app, pygame.K_RETURN, settle=False)  # End turn? yes
        else:
            click(app, button(scene, "End turn").rect.center)
        for _ in range(5):
            app.pump()
        assert scene.is_over() and scene.state.winner == 0
        names = [type(s) for s in app.stack.scenes]
        assert Celebration not in names and names[-1] is EndBox
        box = app.stack.top
        assert box.title == "You won, with help"
        assert box.message.startswith("You laid your last card, in a game where Help from Romi played for you")
    finally:
        app.close()


# --- 11. after Restore, Ctrl+Z's words say what it takes back and how many steps are left --------------
def test_restore_then_undo_says_plain_words_and_the_right_count(app):
    from tests.scenes.test_romi_rc3 import lay
    from tests.scenes.test_romi_scene import deck, start

    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD KS 7H 8H 9H 2C 5D"))
    lay(app, scene, ["KC", "KD", "KS"], 1, 2)  # three moves
    click_restore = button(scene, "Restore").rect.center
    from tests.scenes.helpers import click

    click(app, click_restore)
    assert scene.board.board_ids() == []
    assert scene.status.message == ("The board is back as the computer left it. Ctrl+Z brings back what you had "
                                    "laid out, in one step.")
    key(app, pygame.K_z, CTRL)
    assert len(scene.board.board_ids()) == 3
    assert scene.status.message == ("Restore taken back: your cards are where you had put them. Ctrl+Z can take "
                                    "back 3 more steps this turn.")
    key(app, pygame.K_z, CTRL)
    assert scene.status.message == "Move taken back. Ctrl+Z can take back 2 more steps this turn."
    key(app, pygame.K_z, CTRL)
    key(app, pygame.K_z, CTRL)
    assert scene.board.board_ids() == []
    assert scene.status.message == "Move taken back. The board is as your turn began: nothing more to take back."
    click(app, click_restore)  # nothing to restore: no step is added for Ctrl+Z
    assert scene.status.message == "The board is already as the computer left it: nothing to restore."
    key(app, pygame.K_z, CTRL)
    assert "Nothing to take back" in scene.status.message


# --- 4. a dialog opened over cards in flight: they land ----------------------------------------------
def test_a_dialog_opened_while_a_card_flies_lands_it():
    app = make_app(animation="normal")
    try:
        scene = open_table(app, "romi", seed=2)
        app.settle()
        key(app, pygame.K_SPACE, settle=False)  # Draw: the card flies from the stock to the palette
        app.pump()
        assert scene.table.animating
        scene.show_statistics()  # Utilities ▸ Statistics… over the flying card
        app.pump()
        moving = [sp.id for sp in scene.table.sprites.values() if sp.moving]
        assert moving == []
        for sp in scene.table.sprites.values():  # every card at its place, none half-way
            assert (sp.x, sp.y) == (sp.px, sp.py), sp.id
    finally:
        app.close()


# --- 9. every question stops the Expert clock --------------------------------------------------------
@pytest.mark.parametrize("question", ["enter", "draw", "new game"])
def test_the_expert_clock_stands_while_a_question_is_open(app, question):
    """A guard (round 8 could not make the clock run under a question in this harness): End turn?, Draw? and
    the leaving question each stop the sandglass until answered."""
    from tests.scenes.test_romi_rc3 import lay
    from tests.scenes.test_romi_scene import deck, start

    scene = open_table(app, "romi", seed=2)
    start(scene, deck("KC KD KS 7H 8H 9H 2C 5D"))
    scene.level = scene.chosen_level = "expert"
    scene.begin_turn()
    lay(app, scene, ["KC", "KD", "KS"], 1, 2)
    if question == "enter":
        key(app, pygame.K_RETURN, settle=False)
    elif question == "draw":
        key(app, pygame.K_SPACE, settle=False)
    else:
        key(app, pygame.K_n, CTRL, settle=False)
    app.pump()
    before = scene.clock
    assert before is not None
    for _ in range(120):  # two seconds of frames
        app.pump(1 / 60)
    assert scene.clock == before


# --- 7. a long message never hides the status facts ---------------------------------------------------
LONG_PLAY = ("The computer played the seven, eight and nine of hearts on a new run, the king of spades on the "
             "kings, and the five of clubs at the start of a run of clubs, and the two of diamonds.")


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_message_keeps_the_status_facts_in_place(size):
    from game.engine import layoutcheck, theme

    app = make_app(size, animation="off")
    try:
        scene = open_table(app, "romi", seed=2)
        facts = scene.status_text()
        for message in (LONG_PLAY, LONG_PLAY + " " + LONG_PLAY):
            scene.status.say(message)
            boxes = layoutcheck.record(app.draw)
            texts = [b for b in boxes if b.kind == "text" and b.rect.top >= size[1] - theme.STATUS_H]
            assert any(b.label == facts for b in texts), [b.label for b in texts]
            lines = [b.label for b in texts if b.label != facts]
            assert 1 <= len(lines) <= 2
            said = " ".join(lines)
            assert said == message or (said.endswith("\u2026") and message.startswith(said[:-1].rstrip())), said
            assert layoutcheck.problems(boxes, size) == []
    finally:
        app.close()


# --- 1. the hand's rows never cover one another -------------------------------------------------------
def hand_of(n: int) -> str:
    from game.romi import rules

    return " ".join(sorted(set(c for c in rules.PACK if c != "JK"))[:n])


def palette_rects(scene) -> list[pygame.Rect]:
    return [scene.table.sprites[i].rect(scene.table.card_size) for i in scene.board.palette]


@pytest.mark.parametrize("n", [14, 24, 30])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_card_of_the_hand_hides_another_rows_index(size, n):
    app = make_app(size, animation="off")
    try:
        scene = open_table(app, "romi", seed=2)
        opened_position(scene, [], hand_of(n))
        rects = palette_rects(scene)
        assert len(rects) == n
        for k, r in enumerate(rects):
            assert scene.palette_rect.contains(r)
            index = pygame.Rect(r.x, r.y, max(1, r.w * 2 // 5), r.h * 3 // 10)  # rank over suit, top left
            low = pygame.Rect(r.right - r.w * 2 // 5, r.bottom - r.h * 3 // 10, r.w * 2 // 5, r.h * 3 // 10)
            for other in rects[k + 1:]:  # the cards drawn after it, above it
                assert not other.colliderect(index), (k, r, other)
                if other.y != r.y:  # another row: not even the card's lower index is covered
                    assert not other.colliderect(low), (k, r, other)
    finally:
        app.close()


# --- 5. no empty "Computer" box -----------------------------------------------------------------------
def glass_texts(app, scene) -> list[str]:
    from game.engine import layoutcheck

    boxes = layoutcheck.record(app.draw)
    return [b.label for b in boxes if b.kind == "text" and scene.glass_rect.colliderect(b.rect)]


def test_a_demonstration_shows_which_computer_thinks_or_no_box(app, monkeypatch):
    from types import SimpleNamespace

    scene = open_table(app, "romi", seed=2)
    scene.new_game(demo=True)
    app.pump()
    if scene.job is not None:
        scene.job.cancel()
    scene.job, scene.pending = None, None  # between two plays: nobody at work
    assert glass_texts(app, scene) == []
    scene.job = SimpleNamespace(done=False, cancel=lambda: None)
    texts = glass_texts(app, scene)
    assert f"Computer {scene.state.turn + 1} thinking" in texts and "Computer" not in texts
    scene.job = None


def test_after_a_load_at_the_computers_turn_its_box_says_what_it_does():
    """After a Load at the computer's turn its box stood empty, labelled "Computer", while its move waited to
    be played (the computer's pace): the box says what the computer does, or is not drawn."""
    from game.romi import rules
    from saves import games as saved_games

    app = make_app(animation="off", computer="normal")
    try:
        scene = open_table(app, "romi", seed=2)
        scene.play(rules.Draw())  # the player draws: the computer's turn
        if scene.job is not None:
            scene.job.cancel()
        scene.job = None
        saved_games.save_game("romi", "Romi", "theirs", scene.save_data())
        scene.load_data(saved_games.load_game("romi", "Romi", saved_games.save_path("romi", "theirs")))
        scene.after_loaded_by_player()  # as the Load dialog does
        seen = set()
        for _ in range(400):
            app.pump(1 / 60)
            seen.update(glass_texts(app, scene))
            if scene.state.turn == 0:
                break
        assert "Computer" not in seen and "" not in seen, seen
        assert {"Computer thinking", "Computer plays"} & seen, seen
    finally:
        app.close()


# --- 8. Cards played lists the play one line per group ------------------------------------------------
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_cards_played_lists_the_computers_play_one_line_per_group(size):
    from game.engine import layoutcheck
    from tests.scenes.helpers import top_dialog

    app = make_app(size, animation="off")
    try:
        scene = open_table(app, "romi", seed=2)
        opened_position(scene, [("5H", "6H", "7H", "8H", "9H"), ("KS", "KH", "KC"), ("2D", "3D", "4D")], "QC")
        scene.cpu_played = list(scene.board.board_ids())  # all three groups: the computer's last play
        press(app, scene, "cards_played")
        dlg = top_dialog(app)
        assert dlg is not scene and dlg.title == "Cards played"
        assert dlg.message.split("\n")[0] == "The computer played 11 cards on its last turn, outlined on the table:"
        bullets = [li for li in dlg.lines if li.startswith("\u2022")]
        assert len(bullets) == 3 and "hearts" in bullets[0] and "king" in bullets[1] and "diamonds" in bullets[2]
        boxes = layoutcheck.record(lambda: dlg.draw(app.window, 0.0))  # the box's own layer
        assert layoutcheck.problems(boxes, size) == []
        assert scene.status.message == "The computer played 11 cards on its last turn, outlined on the table."
    finally:
        app.close()


# --- 6. the computer's cards shown: no card hides another's rank or suit --------------------------------
def ink_right(surface: pygame.Surface, strip: float = 0.25) -> int:
    """The rightmost inked column of a face's top strip (its corner index), in pixels from its left."""
    w, h = surface.get_size()
    right = 0
    for y in range(2, int(h * strip)):
        for x in range(3, w - 3):
            c = surface.get_at((x, y))
            if c.a > 200 and (255 * 3 - c.r - c.g - c.b) > 150:
                right = max(right, x)
    return right


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_computers_shown_cards_hide_no_rank_or_suit(size):
    from game.romi import rules
    from tests.scenes.test_romi_scene import deck

    app = make_app(size, animation="off")
    try:
        scene = open_table(app, "romi", seed=2)
        d = deck("KC KD", "TC TH TS 9C 3H 4H 5H 6H 7H 8H 9H TD JD QD")
        scene.start_game(rules.new_game(deck=d), 7)
        app.settle()
        scene.toggle_see_cards()
        app.settle()
        shown = [sp for sp in scene.table.ordered() if "#c" in sp.id]
        assert len(shown) == 14
        for k, sp in enumerate(shown):
            r = sp.rect(scene.table.card_size)
            index = pygame.Rect(r.x, r.y, ink_right(app.art.face(sp.code, r.w, r.h)) + 1, r.h // 4)
            for other in shown[k + 1:]:  # drawn above it
                assert not other.rect(scene.table.card_size).colliderect(index), (sp.id, other.id)
    finally:
        app.close()


# --- 12. the hand has its own card size: as large as the space below the board allows -----------------
@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hand_cards_are_as_large_as_the_space_below_the_board_allows(size):
    from game.engine import layoutcheck, theme

    app = make_app(size, animation="off")
    try:
        scene = open_table(app, "romi", seed=2)
        board_w = scene.cell_size[0]
        rects = palette_rects(scene)
        hw, hh = rects[0].size
        assert hw >= board_w * 1.15, (hw, board_w)  # bounded by the board's columns no more
        # two rows of them fill the space between the board and the status line
        room = size[1] - theme.STATUS_H - (scene.board_rect.bottom + theme.sc(28))
        assert 2 * hh >= room * 0.8 and scene.palette_rect.bottom <= size[1] - theme.STATUS_H
        assert scene.palette_capacity >= 30  # places for a long game's hand
        boxes = layoutcheck.record(app.draw)
        assert layoutcheck.problems(boxes, size) == []
    finally:
        app.close()
