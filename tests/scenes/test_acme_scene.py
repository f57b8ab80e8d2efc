"""ACME table driven by real posted mouse and key events on the dummy driver."""

from __future__ import annotations

import pygame
import pytest

from game.acme import players, rules
from game.engine.dialogs import TextInputDialog
from saves import acme_profiles as AP
from tests.rules.test_acme_rules import DECK
from tests.scenes.helpers import click, key, make_app, open_table, top_dialog, type_text


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def center_of(scene, code):
    """A point on the visible strip of a card in the fanned hand (its left part)."""
    r = scene.table.sprites[code].rect(scene.table.card_size)
    return (r.x + r.w * 0.2, r.centery)


def table(app, roles=(0, 1, 2, 3, 4)):
    scene = open_table(app, "acme", seed=5)
    scene.ai = {s: players.make_player("baseline") for s in range(1, 5)}
    scene.start_game(rules.new_game(deck=DECK, roles=list(roles)), 7)
    app.settle()
    return scene


def test_president_selects_and_gives_two_cards(app):
    scene = table(app)
    assert rules.current_player(scene.state) == 0 and not scene.play_button.is_enabled
    click(app, center_of(scene, "3C"))
    assert scene.table.sprites["3C"].selected and not scene.play_button.is_enabled
    click(app, center_of(scene, "4C"))
    assert scene.play_button.is_enabled
    click(app, center_of(scene, "4C"))  # a second click puts it back
    assert not scene.table.sprites["4C"].selected and scene.selected == {"3C"}
    click(app, center_of(scene, "3D"))
    click(app, scene.play_button.rect.center)
    # The computers give their cards, the exchange is delivered, and the President leads.
    assert scene.state.phase == "play" and rules.current_player(scene.state) == 0
    assert "3C" not in scene.state.hands[0] and "3C" in scene.state.hands[4]
    assert len(scene.state.hands[0]) == 12


def test_a_third_card_to_give_is_refused_and_the_two_chosen_stay(app):
    """Round 10 (shot-95..97): the President with two cards chosen clicked a third; the two were wiped and
    only the new card kept. The click is refused in words; a click on a chosen card puts it back."""
    scene = table(app)
    click(app, center_of(scene, "3C"))
    click(app, center_of(scene, "4C"))
    click(app, center_of(scene, "3D"))
    assert scene.selected == {"3C", "4C"} and scene.play_button.is_enabled
    assert not scene.table.sprites["3D"].selected
    assert "You give 2 cards: click one of the selected to put it back." in scene.status.message
    click(app, center_of(scene, "4C"))
    click(app, center_of(scene, "3D"))
    assert scene.selected == {"3C", "3D"}


def test_apprentice_can_select_only_the_two_highest(app):
    """Issue 32: the Apprentice's forced gift (his two highest cards) is selected for him; he may take a
    card back and select it again, never another."""
    scene = table(app, roles=(1, 2, 3, 4, 0))  # seat 0 is the Apprentice
    assert rules.current_player(scene.state) == 0 and scene.state.phase == "exchange"
    hand = scene.state.hands[0]
    low, high = hand[0], hand[-2:]
    assert scene.selected == set(high) and all(scene.table.sprites[c].selected for c in high)
    assert scene.play_button.is_enabled and "selected" in scene.status.message
    # the cards named (round 13, by ear: "selected (the rightmost)" told a blind player nothing)
    assert f"your two highest cards are selected, {rules.describe_cards(tuple(high))}, to give" in \
        scene.status.message, scene.status.message
    click(app, center_of(scene, high[0]))  # taken back
    assert scene.selected == {high[1]}
    click(app, center_of(scene, low))
    assert scene.selected == {high[1]} and "highest" in scene.status.message
    click(app, center_of(scene, high[0]))
    assert scene.selected == set(high) and scene.play_button.is_enabled
    # a third card with both chosen: nothing to put back, the rules choose (round 14: "click one of the
    # selected to put it back" led on to "You must give your highest")
    click(app, center_of(scene, low))
    assert scene.selected == set(high)
    assert scene.status.message.startswith("You must give your highest: ") and "put it back" not in \
        scene.status.message, scene.status.message
    click(app, scene.play_button.rect.center)
    assert scene.state.phase == "play"
    assert not set(high) & set(scene.state.hands[0])


def test_blue_collar_workers_forced_gift_is_selected_for_him(app):
    scene = table(app, roles=(1, 2, 3, 0, 4))  # seat 0 is the Blue Collar Worker
    for _ in range(20):
        if rules.current_player(scene.state) == 0:
            break
        app.settle()
    assert rules.current_player(scene.state) == 0 and scene.state.phase == "exchange"
    assert scene.selected == {scene.state.hands[0][-1]} and scene.play_button.is_enabled
    click(app, scene.play_button.rect.center)
    assert scene.state.phase == "play" or rules.current_player(scene.state) != 0


def _to_play(app, scene):
    for c in ("3C", "3D"):
        click(app, center_of(scene, c))
    click(app, scene.play_button.rect.center)
    assert scene.state.phase == "play"


def test_play_a_pair_and_selection_starts_anew(app):
    scene = table(app)
    _to_play(app, scene)
    click(app, center_of(scene, "3H"))
    assert scene.play_button.is_enabled
    click(app, center_of(scene, "4C"))  # not with the three: the selection starts anew
    assert scene.selected == {"4C"}
    click(app, center_of(scene, "4D"))
    click(app, scene.play_button.rect.center)
    assert rules.played_cards(scene.state)[:2] == ("4C", "4D")
    assert scene.history.moves[4] == rules.Move("play", ("4C", "4D"))


def test_vice_president_gives_then_passes_with_nothing_selected(app):
    scene = table(app, roles=(4, 0, 1, 2, 3))  # seat 4 President, seat 0 Vice President
    assert rules.current_player(scene.state) == 0 and len(scene.state.gifts) == 1
    click(app, center_of(scene, "5D"))
    click(app, scene.play_button.rect.center)
    state = scene.state
    assert state.phase == "play" and "KS" in state.hands[0]
    # The President (baseline) led his lowest card; we follow first and pass.
    assert rules.top_play(state) == (4, ("3H",)) and rules.current_player(state) == 0
    assert scene.play_button.is_enabled and scene.play_button.label == "Pass"  # it says what it will do
    scene.computer.paused = True
    click(app, scene.play_button.rect.center)  # rules/acme.md: Play with nothing selected passes
    assert scene.history.moves[-1] == rules.Move("pass") and rules.current_player(scene.state) == 1
    click(app, center_of(scene, "6D"))
    assert scene.selected == set() and "turn" in scene.status.message


def test_a_card_that_cannot_beat_is_refused(app):
    from tests.rules.test_acme_rules import ROLES, play, position

    scene = table(app)
    scene.computer.paused = True
    s = position(ROLES, {0: "3C 4D", 1: "2C 5D", 2: "7C 7D", 3: "AS", 4: "9C 9D"}, leader=1)
    scene.start_game(play(s, "play 2C", "pass", "pass", "pass"), 7)
    app.settle()
    assert rules.current_player(scene.state) == 0
    click(app, center_of(scene, "3C"))
    assert scene.selected == set() and "cannot beat" in scene.status.message
    assert scene.status.message.startswith("The three of clubs cannot beat a single two (you need 1 card ")
    assert scene.play_button.is_enabled and scene.play_button.label == "Pass"  # nothing selected: it passes
    # but not at once after the refusal (round 14: a fresh player meaning to play passed, with no undo): the
    # first press says what the button does, the second passes
    before = len(scene.history.moves)
    click(app, scene.play_button.rect.center)
    assert len(scene.history.moves) == before and "Click Pass again to pass" in scene.status.message
    click(app, scene.play_button.rect.center)
    assert scene.history.moves[-1] == rules.Move("pass")


def test_taking_the_last_card_out_then_pressing_the_button_asks_for_a_second_press(app):
    """Round 14: the button under the cursor turned from Play to Pass as the selection emptied; a press just
    after it is not a pass yet."""
    scene = table(app)
    _to_follow(app, scene)
    click(app, center_of(scene, "KD"))
    click(app, center_of(scene, "KD"))  # taken back: the button now says Pass
    before = len(scene.history.moves)
    click(app, scene.play_button.rect.center)
    assert len(scene.history.moves) == before
    scene.misled_at = -1e9  # a moment later (the guard is 1.5 s): a press passes
    click(app, scene.play_button.rect.center)
    assert scene.history.moves[-1] == rules.Move("pass")


def _button_spots(scene) -> dict[str, str]:
    return {sp.key: sp.label for sp in scene.focus.spots() if sp.area == "buttons"}


def _to_follow(app, scene):
    """Your turn on Alice's single four, holding the three of clubs and the king of diamonds."""
    from tests.rules.test_acme_rules import ROLES, play, position

    scene.computer.paused = True
    s = position(ROLES, {0: "3C KD", 1: "4C 5D", 2: "7C 7D", 3: "AS", 4: "9C 9D"}, leader=1)
    scene.start_game(play(s, "play 4C", "pass", "pass", "pass"), 7)
    app.settle()
    assert rules.current_player(scene.state) == 0 and not scene.selected


def test_the_one_button_says_what_a_press_will_do(app):
    """rules/acme.md (from the seed): the Play button "exchanges, plays, or — with nothing selected —
    passes". A fresh player passed by accident on a button that read Play: so the one button's word (and
    the ring's spoken name for it) is what a press does now — Pass with nothing selected, Play once cards
    are selected — and there is no second Pass button."""
    scene = table(app)
    _to_follow(app, scene)
    assert [b.label for b in scene.buttons if b.visible] == ["Pass"] and scene.play_button.is_enabled
    assert _button_spots(scene) == {"button Pass": "Pass button"}
    click(app, center_of(scene, "KD"))
    assert scene.selected == {"KD"} and [b.label for b in scene.buttons if b.visible] == ["Play"]
    assert _button_spots(scene) == {"button Play": "Play button: a single king"} and scene.play_button.is_enabled
    assert "Press Play to play" in scene.status.message
    click(app, center_of(scene, "KD"))  # taken back: the button passes again, and says so
    assert not scene.selected and scene.play_button.label == "Pass"
    # the turn prompt, in a clicking player's words (round 13: keys were named to a player using the mouse)
    assert scene.status.message.endswith("click cards to select them and press Play; with nothing selected it says "
                                         "Pass."), scene.status.message
    before = len(scene.history.moves)
    scene.focus.visible = True
    scene.focus.focus_on(next(sp for sp in scene.focus.spots() if sp.key == "hand KD"))
    key(app, pygame.K_RIGHT)  # from the last card of the hand to the button: the voice names it by its word
    assert scene.focus.key == "button Pass" and scene.status.message == "Pass button"
    key(app, pygame.K_RETURN)  # Enter on the button that says Pass
    assert len(scene.history.moves) == before + 1 and scene.history.moves[-1] == rules.Move("pass")
    assert scene.play_button.label == "Play" and not scene.play_button.is_enabled  # the others' turns


def test_p_passes_with_cards_selected(app):
    scene = table(app)
    _to_follow(app, scene)
    click(app, center_of(scene, "KD"))
    key(app, pygame.K_p)  # P is the pass key, whatever is selected
    assert scene.history.moves[-1] == rules.Move("pass") and "KD" in scene.state.hands[0]


def test_the_leader_cannot_pass_and_is_told_so(app):
    scene = table(app)
    _to_play(app, scene)  # the President (you) leads
    scene.computer.paused = True
    assert rules.top_play(scene.state) is None and rules.current_player(scene.state) == 0
    assert [b.label for b in scene.buttons if b.visible] == ["Play"] and not scene.play_button.is_enabled
    assert "button Pass" not in _button_spots(scene)
    moves = len(scene.history.moves)
    click(app, scene.play_button.rect.center)
    assert len(scene.history.moves) == moves
    assert scene.status.message == ("Select the cards to play (click them, or Enter on them), then press Play: "
                                    "you lead, so you cannot pass.")
    key(app, pygame.K_p)
    assert len(scene.history.moves) == moves and "you cannot pass" in scene.status.message


def test_deal_refused_mid_round_and_round_recorded(app):
    scene = table(app)
    scene.profile = scene.book.select("Tess", seed=1)
    _to_play(app, scene)
    key(app, pygame.K_F2)
    assert scene.state.phase == "play" and "re-deal" in scene.status.message
    # Let the computer play our seat too, to the end of the round.
    scene.ai[0] = players.make_player("baseline")
    scene.is_computer = lambda s: rules.current_player(s) is not None
    scene.computer.is_computer = scene.is_computer
    for _ in range(30):
        app.settle()
        if rules.is_over(scene.state):
            break
    assert rules.is_over(scene.state)
    assert scene.profile.total == 1 and scene.profile.roles == list(rules.score(scene.state))
    assert AP.load_profiles().find("Tess").total == 1
    order = rules.score(scene.state)
    scene.is_computer = lambda s: rules.current_player(s) not in (None, 0)
    scene.computer.is_computer = scene.is_computer
    app.settle()
    key(app, pygame.K_RETURN)  # Next round, on the round's summary (Deal)
    assert scene.state.roles == order and not rules.is_over(scene.state)


def test_change_player_mid_round_demotes_after_confirm(app):
    scene = table(app)
    scene.profile = scene.book.select("Uma", seed=2)
    AP.save_profiles(scene.book)
    _to_play(app, scene)
    scene.change_player()
    app.settle()
    dlg = top_dialog(app)
    assert "Apprentice" in dlg.message
    dlg.close("Change player")
    app.settle()
    assert scene.book.find("Uma").roles[-1] == 0  # Uma is Apprentice next round
    name = top_dialog(app)
    assert isinstance(name, TextInputDialog)
    type_text(app, "Vic")
    key(app, pygame.K_RETURN)
    assert scene.profile.name == "Vic" and scene.state.roles == tuple(scene.profile.roles)
    assert AP.load_profiles().last == "Vic"


def test_statistics_dialog_and_clear_statistics(app):
    scene = table(app)
    scene.profile = scene.book.select("Wen", seed=3)
    AP.record_round(scene.profile, [0, 1, 2, 3, 4], [1, 0, 2, 3, 4])
    key(app, pygame.K_t, pygame.KMOD_CTRL)
    dlg = top_dialog(app)
    assert dlg.title.startswith("Statistics") and dlg.profile.total == 1
    dlg.close("Close")
    app.settle()
    scene.clear_statistics()
    app.settle()
    top_dialog(app).close("Clear")
    app.settle()
    assert scene.profile.total == 0 and AP.load_profiles().find("Wen").total == 0


def test_new_player_is_asked_for_a_name_on_first_start():
    a = make_app(animation="off")
    try:
        scene = open_table(a, "acme", seed=4, resume=True)
        dlg = top_dialog(a)
        assert isinstance(dlg, TextInputDialog)
        type_text(a, "Xan")
        key(a, pygame.K_RETURN)
        assert scene.profile.name == "Xan" and AP.load_profiles().last == "Xan"
        assert scene.state.roles == tuple(scene.profile.roles)
    finally:
        a.close()


def test_change_player_and_exit_ask_one_leaving_question(app):
    """Issue 32 (round 8): Change Player and Exit built the same leaving question twice; both go through
    ask_to_leave now, with the same shape: the demotion, '<answer> anyway?', and Keep playing."""
    scene = table(app)
    scene.profile = scene.book.select("Uma", seed=2)
    scene.profile.roles = [0, 1, 2, 3, 4]  # President at her table (not already Apprentice: "becomes")
    _to_play(app, scene)
    asked = []
    real = scene.ask_to_leave
    scene.ask_to_leave = lambda *a: (asked.append(a[:3]), real(*a))
    for act, title, yes in ((scene.change_player, "Change Player", "Change player"), (scene.exit_game, "Exit", "Exit")):
        act()
        app.settle()
        dlg = top_dialog(app)
        assert dlg.title == title and "becomes Apprentice next round" in dlg.message
        assert dlg.message.endswith(f"{yes} anyway?")
        dlg.close("Keep playing")
        app.settle()
    assert asked == [("Change Player", "leaves", "Change player"), ("Exit", "exits", "Exit")]
    assert scene.in_round() and scene.book.find("Uma").left == 0  # Keep playing: nobody left
    # already Apprentice at the table: she stays it (round 14: "becomes" read as news)
    scene.profile.roles = [1, 2, 3, 4, 0]
    scene.exit_game()
    app.settle()
    dlg = top_dialog(app)
    assert "If Uma exits now, Uma stays Apprentice next round." in dlg.message, dlg.message
    dlg.close("Keep playing")


def test_game_pass_is_greyed_when_passing_is_not_allowed_and_p_says_why(app):
    """Round 8, in a real window: Game > Pass looked available while the player led (and after the round);
    it is greyed as the Pass button is, and P pressed then says why on the status line."""
    scene = table(app)
    _to_play(app, scene)  # the President (you) leads
    scene.computer.paused = True
    game = scene.menubar.menus[0]
    pas = next(it for it in game.items if it.label == "Pass")
    assert not pas.enabled() and not scene.play_button.is_enabled and scene.play_button.label == "Play"
    moves = len(scene.history.moves)
    key(app, pygame.K_p)
    assert len(scene.history.moves) == moves and "you cannot pass" in scene.status.message


def test_the_first_arrow_after_mouse_play_starts_in_the_hand(app):
    """Round 9: after playing with the mouse, the first arrow key put the ring on the Play button the mouse had
    pressed (not the hand), and the next Enter pressed Play.  The first arrow after mouse use starts in the
    hand, on the card nearest the last click."""
    scene = table(app)
    _to_follow(app, scene)
    scene.focus.visible = True  # the ring was on the button once (keys used earlier) ...
    scene.focus.focus_on(next(sp for sp in scene.focus.spots() if sp.area == "buttons"))
    click(app, center_of(scene, "KD"))  # ... then the mouse: the king selected
    click(app, scene.play_button.rect.center)  # and played with the mouse
    assert scene.history.moves[-1] == rules.Move("play", ("KD",)) and not scene.focus.visible
    scene.computer.paused = False
    app.settle()
    key(app, pygame.K_DOWN)
    assert scene.focus.visible and scene.focus.key.startswith("hand "), scene.focus.key
    assert scene.status.message.startswith("Your hand, card")


def test_the_first_arrow_after_a_press_on_pass_starts_on_the_first_card(app):
    """Round 10 (shot-39): after a press on Pass the first Right arrow put the ring on the card nearest the
    button, the last ('card 7 of 7'). The nearest card is kept for a click on a card of the hand; after any
    other press the ring starts on the first card."""
    scene = table(app)
    _to_follow(app, scene)
    click(app, center_of(scene, "KD"))
    key(app, pygame.K_RIGHT)
    assert scene.focus.key == "hand KD"  # after a click on a card: that card
    click(app, center_of(scene, "KD"))  # put back: nothing selected, the button says Pass
    scene.misled_at = -1e9  # (a moment later: a press just after asks for a second, round 14)
    click(app, scene.play_button.rect.center)
    assert scene.history.moves[-1] == rules.PASS and not scene.focus.visible
    key(app, pygame.K_RIGHT)
    assert scene.focus.key == "hand 3C", scene.focus.key
    assert scene.status.message.startswith("Your hand, card 1 of 2")


def test_the_ring_on_play_says_what_a_press_would_do(app):
    """Round 9: the focus words on the Play button say what it would do, from the words the button shows
    (play_label): the cards it would play, Pass, or greyed and why."""
    scene = table(app)
    _to_follow(app, scene)
    assert _button_spots(scene) == {"button Pass": "Pass button"}
    click(app, center_of(scene, "KD"))
    assert _button_spots(scene) == {"button Play": "Play button: a single king"}
    key(app, pygame.K_p)  # passed: the others' turn (paused here)
    assert _button_spots(scene) == {"button Play": "Play button, greyed: wait for your turn"}


def test_the_turn_prompt_names_keys_once_the_ring_or_the_voice_is_in_use(app):
    from game.acme import spoken

    scene = table(app)
    _to_follow(app, scene)
    assert not scene.focus.visible and not app.speech.enabled
    prompt = spoken.turn_prompt(scene.state, scene.spoken_names(), scene.by_keys())
    assert "click cards to select them" in prompt and "Enter" not in prompt
    key(app, pygame.K_TAB)  # the ring shown: the keys are named
    assert scene.focus.visible
    assert spoken.turn_prompt(scene.state, scene.spoken_names(), scene.by_keys()).endswith(
        "select cards with Enter and press Play (Enter on the Play button); with nothing selected it says Pass (or "
        "press P).")
