"""Issue 34: each game played by keys alone and by ear — every computer play said whole and named, every turn
prompt said (also when the player before you went out), the result said, and F8 matching the table.

Speech is switched on with the keys (F10, arrows, Enter) and a recording voice (Speaker.recorder) keeps
every sentence; the tests read the scene only to choose the next key, as a player reads the screen."""

from __future__ import annotations

import random

import pygame

from game.acme import players as acme_players
from game.acme import rules as acme
from game.acme import spoken as acme_spoken
from game.cards import the_card
from tests.keyboard.keys import enter, focus_to, press
from tests.keyboard.test_acme_keyboard import choose_cards
from tests.rules.test_acme_rules import DECK
from tests.scenes.helpers import make_app, open_table
from tests.scenes.test_speech import speak_on_by_keys

ACME_NAMES = ("You", "Alice", "Bruno", "Carmen", "Dmitri")


def _said_in_order(spoken: list[str], expected: list[str]) -> None:
    """Each expected phrase is in a sentence, in this order (a play said late or never fails)."""
    i = 0
    for phrase in expected:
        while i < len(spoken) and phrase not in spoken[i]:
            i += 1
        assert i < len(spoken), f"never said (in order): {phrase!r}; last sentences {spoken[-8:]}"


def test_a_whole_acme_round_by_keys_and_ears(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "acme", seed=5)
    scene.ai = {s: acme_players.make_player("baseline") for s in range(1, 5)}
    scene.start_game(acme.new_game(deck=DECK, roles=[0, 1, 2, 3, 4]), 7)
    app.settle()
    spoken = speak_on_by_keys(app, scene)
    me = acme_players.make_player("baseline")
    rng = random.Random(2)
    prompts = 0
    while not acme.is_over(scene.state):
        s = scene.state
        assert acme.current_player(s) == 0
        # the turn prompt is the last thing said before the player acts, naming the play to beat
        if s.phase == "play":
            top = acme.top_play(s)
            owner = "your" if top is None or top[0] == 0 else f"{ACME_NAMES[top[0]]}'s"
            want = "You lead:" if top is None else f"Your turn: beat {owner} "
            assert want in spoken[-1] and "Enter" in spoken[-1], (want, spoken[-3:])
            prompts += 1
        press(app, pygame.K_F8)  # F8 says whose turn it is and reads the hand by rank
        assert "Your turn" in spoken[-1] and acme_spoken.hand_by_rank(s.hands[0]) in spoken[-1], spoken[-1]
        move = me.choose(acme.observe(s, 0), rng)
        choose_cards(app, scene, tuple(move.cards))
        focus_to(app, scene, "button Pass" if move.kind == "pass" else "button Play")  # one button: its word
        enter(app)
        assert scene.state != s
    assert prompts >= 3
    # every computer play, named, in the order played; the card that takes a seat out is named with it
    final = scene.state
    expected = []
    for seat, cards in final.log:
        if seat == 0:
            continue
        phrase = f"{ACME_NAMES[seat]} passed." if not cards else f"{ACME_NAMES[seat]} played {acme.describe(cards)}"
        expected.append(phrase)
    _said_in_order(spoken, expected)
    for seat in final.finished[:-1]:
        last = next(cards for s, cards in reversed(final.log) if s == seat and cards)
        verb = "are" if seat == 0 else "is"
        assert any(f"{ACME_NAMES[seat]} played {acme.describe(last)} and {verb} out" in x for x in spoken), seat
    # the result: the whole finishing order
    order = acme_spoken.finishing_order(final, ACME_NAMES)
    assert any(order in x and x.startswith("Round over") for x in spoken[-4:]), spoken[-4:]
    press(app, pygame.K_F8)
    assert "The round is over" in spoken[-1]
    app.close()


def test_a_whole_court_game_by_keys_and_ears(tmp_path, monkeypatch):
    from game.court import keyboard as court_words
    from game.court import rules as court

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "court", seed=11)
    scene.level = "novice"
    spoken = speak_on_by_keys(app, scene)
    rng = random.Random(4)
    steps, mark, rounds = 0, len(spoken), 0
    while not court.is_over(scene.state):
        steps += 1
        assert steps < 1000  # a stuck loop (each step plays a move); a game is 3 to 7 rounds or more
        if app.stack.top is not scene:  # a round's end: its result was said, Enter is Next round
            re = scene.round_end
            assert any(f"Round {re.round_no} over: {court_words.round_result(re.start, re.end)}." in x
                       for x in spoken[mark:]), spoken[mark:]
            rounds += 1
            mark = len(spoken)
            enter(app)
            continue
        s = scene.state
        assert court.current_player(s) == 0
        if s.phase == "draw":
            if not scene.revealed and not scene.quick_play:
                focus_to(app, scene, "deck")
                enter(app)
                # F8 names the turned card waiting for Keep or Discard, and the deck as seen (without it)
                press(app, pygame.K_F8)
                n = scene.deck_count()
                assert n == len(s.pack) - 1
                assert f"You turned {the_card(s.pack[0])}: press Keep or Discard" in spoken[-1], spoken[-1]
                assert f"The deck: {n} card" in spoken[-1] and "Your turn to draw" in spoken[-1], spoken[-1]
            move = rng.choice(court.legal_moves(scene.state))
            focus_to(app, scene, f"button {move.kind.capitalize()}")
        else:
            # the turn prompt was said since the player last acted (the computer's lead, or yours to lead)
            if s.phase == "play":
                want = f"The computer led {the_card(s.table[0])}: your turn" if s.table else "You lead:"
                said = [i for i in range(mark, len(spoken)) if want in spoken[i]]
                # the keys with it (after a turn's result, "You lead: play any card." then the keys apart)
                assert said and any("Enter" in x for x in spoken[said[-1]:said[-1] + 2]), (want, spoken[mark:])
                press(app, pygame.K_F8)
                assert ("Your turn to answer" if s.table else "Your turn to lead") in spoken[-1], spoken[-1]
            move = rng.choice(court.legal_moves(s))
            focus_to(app, scene, "button Done" if move.kind == "done" else f"hand {move.card}")
        mark = len(spoken)  # what this key press and the computer's answers say
        enter(app)
        assert scene.state != s, f"{move} was not played by the keys"
    # every turn of the game was said with both its cards, and every lead of the computer's
    states = scene.history.states
    turns = {id(st.last_turn): st.last_turn for st in states if st.last_turn is not None}.values()
    for lt in turns:
        assert any(the_card(lt.leader_card) in x and the_card(lt.follower_card) in x and lt.rule in x
                   for x in spoken), lt
        if lt.leader == 1:
            assert any(x.startswith(f"The computer led {the_card(lt.leader_card)}: your turn") for x in spoken)
    final = scene.state
    you, comp = final.totals
    title = {0: "You won!", 1: "The computer won."}.get(final.winner, "A draw: nobody wins.")
    assert any(x.startswith(f"Game over. {title} You {you}, the computer {comp}") for x in spoken[-6:]), spoken[-6:]
    assert rounds >= 2
    app.close()


def test_a_whole_romi_game_by_keys_and_ears(tmp_path, monkeypatch):
    from collections import Counter

    from game.romi import players as romi_players
    from game.romi import rules as romi
    from game.romi import spoken as romi_spoken
    from tests.keyboard.test_romi_keyboard import lay_group

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "romi", seed=4)
    scene.set_level("beginner") if hasattr(scene, "set_level") else None
    app.settle(max_seconds=30)
    spoken = speak_on_by_keys(app, scene)
    rng = random.Random(1)
    turns, drew, opened_heard = 0, 0, False
    while not romi.is_over(scene.state):
        turns += 1
        assert turns < 200
        s = scene.state
        assert s.turn == 0 and scene.my_turn()
        move = romi_players.choose_move(romi.observe(s, 0), "beginner", rng)
        old = [tuple(g) for g in s.table]
        new_groups = [tuple(g) for g in move.groups] if isinstance(move, romi.Play) else []
        if new_groups and not Counter(old) - Counter(new_groups):
            for g in (Counter(new_groups) - Counter(old)).elements():
                lay_group(app, scene, g)
            if not s.opened[0]:  # the opening count is said as the cards go down
                want = romi_spoken.opening_words(scene.board, scene.turn_board.palette)
                assert want in spoken[-1], (want, spoken[-1])
                opened_heard = True
            # F8 reads the board as it is now: the groups laid this turn, each named a run or a set
            press(app, pygame.K_F8)
            for g in (Counter(new_groups) - Counter(old)).elements():
                ids = next(ids for _r, _c, ids in scene.board.groups()
                           if Counter(romi_spoken.codes(ids)) == Counter(g))
                said = romi_spoken.group_words(ids)
                assert said.startswith(("a run of", "a set of")) and said in spoken[-1], (said, spoken[-1])
            focus_to(app, scene, "button End turn")
        else:
            focus_to(app, scene, "stock" if s.stock and turns % 2 else "button Draw")
        mark = len(spoken)
        enter(app)
        app.settle(max_seconds=30)
        assert scene.state is not s
        if isinstance(move, romi.Draw) and s.stock:  # the drawn card is named
            drew += 1
            assert any(x.startswith("You drew the ") or x.startswith("You drew a joker") for x in spoken[mark:]), \
                spoken[mark:]
    assert drew and opened_heard
    # every computer play named with its cards, and the game's result said
    states = scene.history.states
    for a, b in zip(states, states[1:], strict=False):
        if a.turn == 1 and b.table != a.table:
            want = romi_spoken.played_words("The computer", a, b, 1)
            assert any(want in x for x in spoken), want
    assert any(x.startswith(("You won", "The computer won", "A draw")) for x in spoken[-4:]), spoken[-4:]
    # the hand is read in the order shown (after Sort too)
    press(app, pygame.K_F8)
    assert romi_spoken.hand_words(scene.board.palette) in spoken[-1]
    app.close()


def _thieves_name(code: str) -> str:
    return "a joker" if code == "JK" else the_card(code)


def test_a_whole_forty_thieves_game_by_keys_and_ears_with_its_high_score_box(tmp_path, monkeypatch):
    from game.engine.dialogs import TextInputDialog
    from game.thieves import players as thieves_players
    from game.thieves import rules as thieves
    from saves.thieves_records import ThievesRecords
    from tests.keyboard.test_thieves_keyboard import play_by_keys
    from tests.scenes.helpers import type_text

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    scene = open_table(app, "thieves", seed=3, jokers=2)
    spoken = speak_on_by_keys(app, scene)
    rng = random.Random(5)
    for _ in range(400):
        s = scene.state
        if thieves.is_over(s):
            break
        # F8 names every face-up card of each stack, top to bottom, not only the top and a count
        press(app, pygame.K_F8)
        for i, st in enumerate(s.stacks):
            if len(st) > 1:
                under = ", ".join(_thieves_name(c) for c in reversed(st[:-1]))
                assert f"Stack {i + 1}: {_thieves_name(st[-1])}; beneath it {under}." in spoken[-1], spoken[-1]
        move = thieves_players.greedy_move(thieves.observe(s), rng)
        mark = len(spoken)
        play_by_keys(app, scene, move, use_space=False)
        if isinstance(move, thieves.Take):
            assert any(_thieves_name(s.stacks[move.stack][-1]) in x for x in spoken[mark:]), spoken[mark:]
    final = scene.state
    assert thieves.is_over(final) and final.score > 0
    # the end box, then the high-score box over it: both said; the typing echoed; Enter confirms
    box = app.stack.top
    assert isinstance(box, TextInputDialog)
    assert any(x.startswith("No more moves") or x.startswith("You won") for x in spoken[-4:]), spoken[-4:]
    asked = spoken[-1]
    assert asked.startswith(f"New high score! {final.score} points") and "Your name:" in asked, asked
    assert "Type, then press Enter." in asked, asked
    press(app, pygame.K_BACKSPACE)  # a remembered name, selected, would go at once
    for ch in "Ann":
        type_text(app, ch)
    assert spoken[-3:] == ["A", "n", "n"], spoken[-3:]
    press(app, pygame.K_BACKSPACE)
    assert spoken[-1] == "n deleted"
    type_text(app, "e")
    press(app, pygame.K_RETURN)
    assert ThievesRecords().table(2)[0].name == "Ane"
    assert any(f"Your score of {final.score} is number 1" in x for x in spoken[-3:]), spoken[-3:]
    app.close()


def test_the_review_says_its_summary_and_f8_reads_the_position_shown(tmp_path, monkeypatch):
    from game.acesup import rules as aces
    from game.acesup.keyboard import describe_table as aces_table
    from game.review import runner
    from tests.scenes.test_review_scene import open_review, played_table, wait_analysed

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    monkeypatch.setattr(runner, "_MEMORY", {})
    app = make_app(animation="off")
    scene = played_table(app)
    spoken = speak_on_by_keys(app, scene)
    review = open_review(app, scene)
    assert any(x.startswith("Review: Aces Up") for x in spoken[-3:]), spoken[-3:]  # said on opening
    wait_analysed(app, review)
    app.settle()
    assert any(review.analysis.summary in x for x in spoken[-3:]), spoken[-3:]  # and again once analysed
    press(app, pygame.K_HOME)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_F8)
    shown = review.source.states[2]
    assert review.puppet.state == shown and shown != scene.state
    piles = [f"Pile {p + 1}: " + (", ".join(the_card(c)[4:] for c in reversed(pile)) if pile else "empty")
             for p, pile in enumerate(shown.piles)]
    assert all(p in spoken[-1] for p in piles), (piles, spoken[-1])  # the position shown, not the game beneath
    assert aces_table(review.puppet).split(". Pile")[1] in spoken[-1]
    assert not aces.is_over(shown)
    app.close()


def test_the_prompts_name_the_keys_as_well_as_the_click(tmp_path, monkeypatch):
    """A player without a mouse hears which key does it: 'Click the stock (or Enter on it) to deal.'"""
    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    app = make_app(animation="off")
    app.speech.enabled = True
    scene = open_table(app, "acesup", seed=3)
    scene.new_game(3)
    assert "(or Enter on it) to deal" in app.speech.recorder[-1], app.speech.recorder[-1]
    scene = open_table(app, "romi", seed=3)
    focus_to(app, scene, f"palette {scene.board.palette[0]}")
    enter(app)
    assert "click (or Enter on) a cell" in app.speech.recorder[-1], app.speech.recorder[-1]
    scene = open_table(app, "court", seed=11)
    while not scene.welcome().endswith("turn a card."):
        scene.new_game()
        app.settle()
    assert scene.welcome().endswith("Click the deck (or Enter on it) to turn a card.")
    app.close()
