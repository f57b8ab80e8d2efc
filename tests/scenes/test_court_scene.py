"""Affairs of the Court table driven by real posted mouse events on the dummy driver."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.cards import card_name, full_pack
from game.court import rules
from saves import court_history
from tests.scenes.helpers import center_of, click, make_app, open_table


@pytest.fixture
def app():
    a = make_app(animation="fast")
    yield a
    a.close()


H0 = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]
H1 = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"]


#: hands where the player leads the two of clubs and the computer, holding diamonds, takes it and leads
CLUBS_H0 = ["2C", "3H", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AD"]
DIAMONDS_H1 = ["2D", "3S", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AH"]


def deck_for(h0, h1):
    rest = [c for c in full_pack() if c not in h0 and c not in h1]
    deck = []
    for i in range(13):
        deck += [h0[i], rest[2 * i], h1[i], rest[2 * i + 1]]
    return deck


def drawn(h0, h1, totals=(100, 100)):
    s = rules.new_game(7, deck=deck_for(h0, h1))
    while s.phase == "draw":
        s = rules.apply(s, "keep" if s.draw_step == 0 else "discard")
    return replace(s, totals=totals)


def bonus_for_human(totals, cards):
    s = drawn(H0, H1, totals)
    rest = [c for c in full_pack() if c not in cards]
    return replace(s, hands=(rules.sort_hand(cards), ()), seen=((), ()), out=tuple(rest), phase="bonus",
                   bonus_player=0, captured=((), ()))


def hidden_codes_stay_hidden(scene):
    s = scene.state
    secret = set(s.hands[1]) - set(s.captured[1]) | set(s.seen[1]) | set(s.pack[1:])
    for sp in scene.table.sprites.values():
        assert sp.id not in secret, f"{sp.id} is on the table with its real code"
        if not sp.face_up:
            assert sp.id.startswith("back#") or sp.id in s.seen[0]


def test_draw_by_clicking_deck_keep_and_forced_discard(app):
    scene = open_table(app, "court", seed=4)
    assert rules.current_player(scene.state) == 0
    assert not scene.keep_btn.is_enabled
    click(app, scene.deck_rect.center)
    top = scene.state.pack[0]
    assert scene.revealed and scene.table.sprites[top].face_up
    assert scene.keep_btn.is_enabled and scene.discard_btn.is_enabled
    click(app, scene.keep_btn.rect.center)
    assert top in scene.state.hands[0]
    click(app, scene.deck_rect.center)
    assert not scene.keep_btn.is_enabled and scene.discard_btn.is_enabled  # the second card is forced
    click(app, scene.keep_btn.rect.center)
    assert len(scene.state.hands[0]) == 1 and len(scene.state.pack) == 51
    second = scene.state.pack[0]
    click(app, scene.discard_btn.rect.center)
    assert second in scene.state.seen[0]
    # the computer draws its pair by itself, then it is our turn again
    app.settle()
    assert len(scene.state.pack) == 48 and rules.current_player(scene.state) == 0
    assert len(scene.state.hands[1]) == 1
    hidden_codes_stay_hidden(scene)


def test_quick_play_turns_the_deck_for_you(app):
    scene = open_table(app, "court", seed=4)
    scene.quick_play = True
    scene.relayout(animate=False)
    top = scene.state.pack[0]
    assert scene.table.sprites[top].face_up and scene.keep_btn.is_enabled
    click(app, scene.discard_btn.rect.center)
    assert scene.state.seen[0] == (top,)


def test_play_a_card_the_computer_answers_and_the_cue_card_names_the_rule(app):
    scene = open_table(app, "court", seed=4)
    scene.start_game(drawn(H0, H1), 7)
    app.settle()
    click(app, center_of(scene, "9C"))
    s = scene.state
    assert s.last_turn is not None and s.last_turn.leader_card == "9C"
    assert s.last_turn.follower_card in H1
    if not s.table:  # (the computer's lead, if it leads next, is on the line: the turn is on the Cue Card)
        assert s.last_turn.rule in scene.status.message and "nine of clubs" in scene.status.message
    hidden_codes_stay_hidden(scene)


def test_without_the_cue_card_the_last_turn_stays_in_front_of_the_computers_lead(app):
    from game.cards import the_card

    scene = open_table(app, "court", seed=4)
    scene.cue_cards = False
    scene.start_game(drawn(CLUBS_H0, DIAMONDS_H1), 7)
    app.settle()
    click(app, center_of(scene, "2C"))  # the computer takes it with a diamond, and leads
    s = scene.state
    assert rules.current_player(s) == 0 and s.table, "the computer leads next"
    msg = scene.status.message
    assert msg.startswith(f"You led the two of clubs, the computer played {the_card(s.last_turn.follower_card)}")
    # the computer's lead is its own choice (unseeded): a diamond mostly, a spade at times (CI saw "the three
    # of spades: your turn, you have no spades, so any card may answer")
    from game.court.keyboard import lead_answer_words

    assert msg.endswith(lead_answer_words(s) + ".") and f"The computer led {the_card(s.table[0])}" in msg


def test_must_follow_suit_is_refused_with_words(app):
    h0 = ["2C", "3H", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]
    h1 = ["2D", "3C", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"]
    scene = open_table(app, "court", seed=4)
    scene.start_game(replace(drawn(h0, h1), leader=1), 7)  # the computer leads the Three of clubs
    scene.computer.paused = True
    scene.history.push(rules.Move("play", "3C"), rules.apply(scene.state, "play 3C"))
    scene.relayout(animate=False)
    app.settle()
    before = scene.state
    click(app, center_of(scene, "3H"))
    assert scene.state == before and "follow suit" in scene.status.message
    click(app, center_of(scene, "9C"))
    assert scene.state.last_turn.follower_card == "9C"


def test_bonus_card_by_card_then_done(app):
    scene = open_table(app, "court", seed=4)
    scene.start_game(bonus_for_human((50, 40), ["5H", "4D", "KC", "2C"]), 7)
    app.settle()
    assert scene.done_btn.is_enabled
    click(app, center_of(scene, "KC"))
    assert scene.state.phase == "bonus" and "Court cards" in scene.status.message
    click(app, center_of(scene, "5H"))
    assert scene.state.totals == (55, 40)
    # said with its effect (round 14, by ear: only the round's summary told it)
    assert scene.status.message == "Bonus: You play the five of hearts: you gain 5.", scene.status.message
    click(app, center_of(scene, "4D"))
    assert scene.state.totals == (55, 36)
    assert scene.status.message == "Bonus: You play the four of diamonds: the computer loses 4."
    click(app, scene.done_btn.rect.center, settle=False)
    for _ in range(3):
        app.pump()
    assert scene.state.round_no == 2 and scene.state.phase == "draw"
    box = app.stack.top  # the round's end waits on its box (game.court.roundscreen)
    assert box.title == "Round 1 over" and scene.round_end is not None


def test_game_over_is_kept_in_the_history(app, parlour_home):
    scene = open_table(app, "court", seed=4)
    scene.player = "Guest"
    scene.level = "expert"
    scene.start_game(bonus_for_human((50, 6), ["7C"]), 7)
    app.settle()
    click(app, center_of(scene, "7C"))
    assert rules.is_over(scene.state) and scene.state.winner == 0
    rec = court_history.load_history().summary("Guest", "expert")
    assert rec["wins"] == 1 and rec["total_difference"] == 51 and rec["legendary"][0]["spread"] == 51
    data = json.loads((parlour_home / court_history.FILE_NAME).read_text())
    assert data["format"] == court_history.FORMAT


def test_tournament_same_packs_for_every_player_and_summary(app):
    scene = open_table(app, "court", seed=4)
    scene.begin_tournament("novice", ["Ann", "Bob"])
    assert scene.tournament_active and scene.cancel_btn.visible and scene.player == "Ann"
    first_pack = scene.state.pack
    assert scene.state.round_limit == 3
    final = replace(scene.state, phase="over", totals=(30, 10), winner=0, end_reason="limit")
    scene.tournament_game_over(final)
    app.settle()
    dlg = app.stack.top
    click(app, dlg.buttons[0].rect.center)  # OK: Bob's turn
    assert scene.player == "Bob" and scene.state.pack == first_pack
    saved = court_history.load_history().tournament
    assert saved.scores == {"Ann": 20} and saved.current == "Bob"
    scene.tournament_game_over(replace(scene.state, phase="over", totals=(5, 40), winner=1, end_reason="limit"))
    app.settle()
    h = court_history.load_history()
    assert h.tournament is None and h.tournaments[0]["winners"] == ["Ann"]
    assert not scene.tournament_active


def test_screens_draw_at_small_and_large_sizes():
    for size in ((900, 640), (1600, 1000)):
        a = make_app(size=size, animation="off")
        scene = open_table(a, "court", seed=9)
        scene.start_game(drawn(H0, H1), 7)
        a.settle()
        cw, ch = scene.table.card_size
        for c in scene.state.hands[0]:
            r = scene.table.sprites[c].rect((cw, ch))
            assert 0 <= r.left and r.right <= size[0] and r.bottom <= size[1]
        a.close()


def test_save_data_reloads_the_same_game_and_tournament_flag(app):
    scene = open_table(app, "court", seed=4)
    scene.begin_tournament("intermediate", ["Ann"])
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    data = json.loads(json.dumps(scene.save_data()))
    other = open_table(app, "court", seed=9)
    other.load_data(data)
    assert other.state == scene.state and other.tournament_active and other.level == "intermediate"
    data["moves"][0] = "play AS"
    with pytest.raises(Exception, match="not legal"):
        other.load_data(data)


def test_hint_from_the_expert_in_a_worker_on_your_view(app):
    import threading

    import pygame

    from game.court import scene as court_scene
    from tests.scenes.helpers import key

    scene = open_table(app, "court", seed=4)
    scene.start_game(drawn(H0, H1), 7)
    app.settle()
    seen = []
    real = court_scene.expert_choice

    def spy(view, seed):
        seen.append((type(view).__name__, threading.current_thread() is threading.main_thread()))
        return real(view, seed)
    scene.hints.choose = spy
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    assert seen == [("View", False)]
    expected = real(rules.observe(scene.state, 0), scene.history.cursor + 1)  # Review's choice at this move
    assert scene.status.message.startswith("Hint: play the ") and scene.highlighted == {expected.card}
    # Before the turned card is seen, the hint only says to turn it (it never peeks at the deck).
    scene.start_game(rules.new_game(7, deck=deck_for(H0, H1)), 7)
    app.settle()
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    assert scene.status.message.startswith("Hint: turn a card first: the ring is on the deck") and len(seen) == 1
    click(app, scene.deck_rect.center)
    key(app, pygame.K_h, pygame.KMOD_CTRL)
    top = scene.state.pack[0]
    assert scene.status.message.startswith((
        f"Hint: keep the {card_name(top)}: it is worth more than the card you would likely get instead.",
        f"Hint: discard the {card_name(top)}: it is worth less than an average card still to come."))
    assert scene.highlighted == {top}


@pytest.mark.parametrize("h0", [H0, CLUBS_H0])
def test_after_the_computer_leads_the_status_line_says_what_to_answer(app, h0):
    """Issue 32 (round 8): after the computer's lead the status line still read "The computer leads." (or the
    last turn) while the player had to act: it now names the card led and what may answer it."""
    from game.cards import SUIT_NAMES, the_card

    h1 = DIAMONDS_H1
    scene = open_table(app, "court", seed=4)
    scene.start_game(replace(drawn(h0, h1), leader=1), 7)  # the computer leads
    app.settle()
    s = scene.state
    assert rules.current_player(s) == 0 and len(s.table) == 1
    lead = s.table[0]
    suit = SUIT_NAMES[lead[1]]
    follow = (f"follow {suit} if you can" if any(c[1] == lead[1] for c in s.hands[0])
              else f"you have no {suit}, so any card may answer")
    assert scene.status.message.startswith(f"The computer led {the_card(lead)}: your turn, {follow}")


@pytest.mark.parametrize("cue_cards", [True, False])
def test_after_your_answer_wins_the_turn_the_line_says_you_lead(app, cue_cards):
    """Round 8: after your answer finished a turn and you led next, the status line showed only the turn's
    result (the score box said "to play"): it goes on to say that you lead, with or without the Cue Card."""
    from game.cards import the_card

    scene = open_table(app, "court", seed=4)
    scene.cue_cards = cue_cards
    low = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "2S", "3S", "4S", "5S", "6S", "7S"]  # the nine of clubs wins
    scene.start_game(replace(drawn(H0, low), leader=1), 7)  # the computer leads
    app.settle()
    s = scene.state
    assert rules.current_player(s) == 0 and len(s.table) == 1
    wins = [m for m in rules.legal_moves(s) if rules.current_player(rules.apply(s, m)) == 0
            and not rules.apply(s, m).table and rules.apply(s, m).phase == "play"]
    assert wins, "an answer that wins the turn"
    click(app, center_of(scene, wins[0].card))
    after = scene.state
    assert rules.current_player(after) == 0 and not after.table and after.last_turn.follower_card == wins[0].card
    msg = scene.status.message
    assert msg.startswith(f"The computer led {the_card(s.table[0])}, you played {the_card(wins[0].card)}: "), msg
    assert after.last_turn.rule in msg and msg.endswith(". You lead: play any card."), msg


def test_quick_play_says_itself_and_the_forced_card_asks_for_no_key(app):
    """By ear (round 10): choosing Quick Play said nothing of it; with it on, the forced second card's words
    still said 'Use Discard (D)' though it goes there by itself."""
    scene = open_table(app, "court", seed=4)
    app.settings.speak = app.speech.enabled = True
    scene.toggle_quick()
    assert any(x.startswith("Quick Play on") for x in app.speech.recorder[-2:]), app.speech.recorder[-2:]
    # the second card of your pair after you kept the first: it must be discarded, and Quick Play does it
    scene.history.states[-1] = replace(scene.state, draw_step=1, kept_first=True)
    assert [m.kind for m in rules.legal_moves(scene.state)] == ["discard"] and rules.current_player(scene.state) == 0
    scene.say_draw()
    said = scene.status.message
    assert "by itself" in said and "Use Discard" not in said and "(D)" not in said, said
    scene.toggle_quick()
    assert "Quick Play off." in app.speech.recorder, app.speech.recorder[-3:]


def test_after_the_computers_lead_the_ring_is_on_a_card_that_may_answer(app):
    """Round 13 (a fresh player): when Must Follow Suit bound the answer, the ring stayed on a card that could
    not follow (J♣ when diamonds were needed): Enter was refused.  It moves to one that may."""
    scene = open_table(app, "court", seed=4)
    scene.start_game(drawn(CLUBS_H0, DIAMONDS_H1), 7)
    app.settle()
    scene.focus.visible = True
    scene.focus.key = "hand 9C"
    scene.play(rules.Move("play", "2C"))  # the computer takes it with a diamond, and leads
    app.settle()
    s = scene.state
    assert rules.current_player(s) == 0 and s.table, "the computer leads next"
    allowed = [m.card for m in rules.legal_moves(s) if m.card]
    assert scene.focus.key.startswith("hand ") and scene.focus.key[len("hand "):] in allowed, (scene.focus.key,
                                                                                             allowed)
    if s.table[0][1] == "D":  # a diamond led: only the ace of diamonds may answer
        assert scene.focus.key == "hand AD"


def test_a_tournament_save_loaded_after_its_players_game_ended_is_practice_and_counts_for_nobody(app):
    """Round 13 (a fresh player): a tournament round could be played again by loading its save; the loaded game
    then counted for the next player.  Loaded after its turn, it is practice, and Load's question says so."""
    scene = open_table(app, "court", seed=4)
    scene.begin_tournament("novice", ["Ann", "Bob"])
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    data = json.loads(json.dumps(scene.save_data()))  # Ann's game, saved early
    assert data["extra"]["tournament_seed"] == scene.hist.tournament.seed
    final = replace(scene.state, phase="over", totals=(80, 10), winner=0, end_reason="limit")
    scene.tournament_game_over(final)  # Ann's game ends: Bob's turn
    while app.stack.top is not scene:
        app.stack.top.close(app.stack.top.labels[0])
        app.settle()
    assert scene.hist.tournament.current == "Bob"
    assert scene.load_words(data).startswith("This tournament game was already played")
    scene.load_data(data)
    scene.after_loaded_by_player()
    assert not scene.tournament_active and scene.tournament_replay and scene.recorded
    assert scene.status.message.startswith("This tournament game was already played")
    scene.on_game_over(replace(scene.state, phase="over", totals=(90, 0), winner=0, end_reason="limit"))
    t = court_history.load_history().tournament
    assert t.current == "Bob" and dict(t.standings())["Bob"] is None  # Ann's old game did not count for Bob
    assert dict(t.standings())["Ann"] == 70


def test_a_tournament_save_loaded_while_it_is_still_that_players_turn_goes_on_as_the_tournament_game(app):
    scene = open_table(app, "court", seed=4)
    scene.begin_tournament("novice", ["Ann", "Bob"])
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    data = json.loads(json.dumps(scene.save_data()))
    assert not scene.load_words(data).startswith("This tournament game")
    other = open_table(app, "court", seed=9)
    other.load_data(data)
    other.after_loaded_by_player()
    assert other.tournament_active and not other.tournament_replay and not other.recorded


def test_the_tournament_boxes_offer_a_review_of_the_game_just_played_and_come_back(app):
    """Round 13 (a fresh player): the tournament's boxes had no Review; the end box of a game has one."""
    from game.review.scene import ReviewScene

    scene = open_table(app, "court", seed=4)
    scene.begin_tournament("novice", ["Ann", "Bob"])
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    played = len(scene.history.moves)
    scene.tournament_game_over(replace(scene.state, phase="over", totals=(80, 10), winner=0, end_reason="limit"))
    box = app.stack.top
    assert box.title == "Tournament" and box.labels == ["Bob's turn", "Review Ann's game"]
    box.close("Review Ann's game")
    app.settle()
    review = app.stack.top
    assert isinstance(review, ReviewScene) and len(review.source.moves) == played
    # the table shown is the game's: Ann against the Novice (it showed "You" against the preference's Expert)
    assert review.puppet.player == "Ann" and review.puppet.level == "novice"
    app.stack.pop(review)
    assert app.stack.top is box and scene.player == "Ann"  # back to the box; Bob's game not dealt yet
    box.close("Bob's turn")
    app.settle()
    assert scene.player == "Bob" and not scene.history.moves
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    scene.tournament_game_over(replace(scene.state, phase="over", totals=(5, 40), winner=1, end_reason="limit"))
    results = app.stack.top
    assert results.title == "Tournament results" and "Review Bob's game" in results.labels
    results.close("Review Bob's game")
    app.settle()
    assert isinstance(app.stack.top, ReviewScene)
    app.stack.pop(app.stack.top)
    assert app.stack.top is results
    results.close("Close")
    app.settle()
    assert not scene.tournament_active


def test_the_saved_games_list_shows_the_level_the_round_and_both_totals(app):
    """Round 13 (a fresh player): a saved Court game showed only its deal and moves."""
    from saves import games as saved_games

    scene = open_table(app, "court", seed=4)
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    assert scene.save_summary()["state"] == "round 1: you 100, computer 100"
    saved_games.save_game("court", scene.title, "Evening", scene.save_data(), scene.save_summary())
    line = next(s.summary for s in saved_games.list_saves("court") if s.name == "Evening")
    assert line.startswith("Intermediate · deal #4 · round 1: you 100, computer 100 · "), line


def test_your_own_lead_is_said_once_and_the_rule_number_is_left_to_the_eye(app):
    """By ear (round 14): "You lead the two of clubs." then "You led the two of clubs, the computer played…"
    named the player's card twice, and the Rule Cue Card's number was read out ("four point one one dash").
    The line still shows the whole turn and its number; the voice says the computer's answer and the rule."""
    from game.cards import the_card

    scene = open_table(app, "court", seed=4)
    scene.cue_cards = False
    scene.start_game(drawn(CLUBS_H0, DIAMONDS_H1), 7)
    app.settle()
    app.settings.speak = app.speech.enabled = True
    spoken = app.speech.recorder
    spoken.clear()
    click(app, center_of(scene, "2C"))
    app.settle()
    lt = scene.state.last_turn
    assert lt is not None and lt.leader == 0
    assert scene.status.message.startswith(f"You led the two of clubs, the computer played "
                                           f"{the_card(lt.follower_card)}: {lt.rule} \u2014")
    assert "You lead the two of clubs." in spoken, spoken
    answer = [x for x in spoken if "the computer played" in x.lower()]
    assert answer and answer[0].startswith(f"The computer played {the_card(lt.follower_card)}: "
                                           f"{rules.RULE_TITLES[lt.rule]}"), spoken
    assert not any("You led the two" in x or f"{lt.rule} \u2014" in x for x in spoken), spoken


def test_the_hand_is_read_by_suit_in_its_order(app):
    """Round 14, by ear: F6 and F8 read the 13 cards one by one ("four of clubs, seven of clubs, …"); a suit's
    cards are said together, in the order shown."""
    from game.court import keyboard

    scene = open_table(app, "court", seed=4)
    scene.start_game(drawn(CLUBS_H0, DIAMONDS_H1), 7)
    app.settle()
    said = keyboard.describe_hand(scene)
    assert said == ("Your hand, 13 cards: the two, four, five, six, seven, eight, nine, ten, jack, queen and king of "
                    "clubs; the ace of diamonds; the three of hearts."), said
    assert "Your hand: the two, four, five" in keyboard.describe_table(scene)


def test_a_loaded_games_player_is_named_in_the_title_bar(app):
    """Round 14 (a fresh player): a tournament game resumed for "éloïse" was titled "Parlour — Affairs of the
    Court — Guest" while the table named her."""
    import pygame

    scene = open_table(app, "court", seed=4)
    scene.hist.add_player("éloïse")
    scene.after_load({"player": "éloïse", "level": "novice"})
    assert scene.player == "éloïse"
    assert pygame.display.get_caption()[0].startswith("Parlour \u2014 Affairs of the Court \u2014 éloïse")


def test_the_rule_cue_card_stops_above_cancel_tournament_at_800x600(monkeypatch, tmp_path):
    """Round 15 (a fresh player): at 800x600 in a tournament, Cancel Tournament covered the Rule Cue Card's last
    lines ("…the totals are now you 94 and the" and no more).  The card fits above the button."""
    from game.court import rules as court_rules

    monkeypatch.setenv("PARLOUR_HOME", str(tmp_path))
    long = ("4.3241 \u2014 Traitor in the Court: the ace of spades switches the totals: the totals are now you 94 "
            "and the computer 94")
    monkeypatch.setattr(court_rules, "cue_text", lambda *a, **k: long)
    small = make_app(size=(800, 600), animation="off")
    try:
        scene = open_table(small, "court", seed=4)
        scene.begin_tournament("novice", ["Ann", "Bob"])
        small.settle()
        for _ in range(200):
            s = scene.state
            if s.last_turn is not None and court_rules.current_player(s) == 0:
                break
            if court_rules.current_player(s) == 0:
                scene.play(court_rules.legal_moves(s)[-1])
            small.settle()
        assert scene.state.last_turn is not None and scene.cue_cards and scene.cancel_btn.visible
        small.draw()
        assert scene.cue_rect.bottom <= scene.cancel_btn.rect.top, (scene.cue_rect, scene.cancel_btn.rect)
    finally:
        small.close()


def test_by_ear_rule_cue_cards_says_whether_it_is_now_on_or_off(app):
    """Round 15 (a probe of every menu item by ear): choosing Rule Cue Cards said nothing of what it now was."""
    scene = open_table(app, "court", seed=4)
    app.settings.speak = app.speech.enabled = True
    item = next(it for m in scene.menubar.menus for it in m.items if it.label == "Rule Cue Cards")
    scene.menubar._choose(item)
    assert app.speech.recorder[-1] == f"Rule Cue Cards off. {scene.status.message}"
    scene.menubar._choose(item)
    assert app.speech.recorder[-1].startswith("Rule Cue Cards on: each turn's rule is shown beside the scores.")


def test_a_card_pressed_and_let_go_away_from_it_is_not_played(app):
    """Round 15 (a fresh player): the four of spades pressed, the pointer slid to the empty felt and let go there,
    the card was played.  As a button, a press let go off the card does nothing; a click still plays."""
    import pygame

    scene = open_table(app, "court", seed=4)
    for _ in range(200):
        s = scene.state
        if s.phase == "play" and rules.current_player(s) == 0:
            break
        if rules.current_player(s) == 0:
            scene.play(rules.legal_moves(s)[-1])
        app.settle()
    s = scene.state
    card = next(m.card for m in rules.legal_moves(s) if m.kind == "play")
    at = center_of(scene, card)
    felt = next((x, y) for y in range(scene.deck_rect.top, scene.hand_y[0], 10) for x in range(100, 900, 10)
                if scene.table.hit((x, y)) is None and not any(b.rect.collidepoint((x, y)) for b in scene.buttons))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=felt, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=felt, button=1))
    app.settle()
    assert scene.state == s
    click(app, at)
    assert scene.state != s


def test_review_of_the_last_game_says_whose_game_it_was_after_a_tournament(app):
    """Round 15 (a fresh player): after the tournament Tess was offered "Review the last game (Deal #…)", Zoë's
    game, without a word of whose it was."""
    from game.engine.dialogs import MessageDialog

    scene = open_table(app, "court", seed=4)
    scene.begin_tournament("novice", ["Tess", "Zoe"])
    scene.tournament_game_over(replace(scene.state, phase="over", totals=(30, 10), winner=0, end_reason="limit"))
    app.settle()
    click(app, app.stack.top.buttons[0].rect.center)  # Zoe's turn
    assert scene.player == "Zoe"
    scene.play(rules.legal_moves(scene.state)[0])
    final = replace(scene.state, phase="over", totals=(5, 40), winner=1, end_reason="limit")
    scene.history.push(rules.legal_moves(scene.state)[0], final)
    scene.tournament_game_over(final)
    app.settle()
    click(app, app.stack.top.buttons[0].rect.center)  # Close the results: back to normal play
    app.settle()
    scene.open_review()
    box = app.stack.top
    assert isinstance(box, MessageDialog) and "Review the last game (Zoe's game, Deal #" in box.message, box.message
    # and it is shown as played: Zoe against the Novice (it was "You" against the level play went back to)
    assert scene.last_finished.extra["player"] == "Zoe" and scene.last_finished.extra["level"] == "novice"


def test_resume_it_names_a_tournament_game_and_its_player(app):
    """Round 15 (a fresh player): the window closed mid-tournament, "Resume it?" said only "a game of Affairs of
    the Court", neither the tournament nor whose game it was."""
    import pygame

    from game.engine.dialogs import MessageDialog

    scene = open_table(app, "court", seed=4)
    scene.begin_tournament("novice", ["Tess", "Zoe"])
    click(app, scene.deck_rect.center)
    click(app, scene.keep_btn.rect.center)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.pump()
    other = make_app(animation="off")
    try:
        open_table(other, "court", seed=7, resume=True)
        box = other.stack.top
        assert isinstance(box, MessageDialog) and \
            "You left a game of Affairs of the Court (Tess's game of the tournament) unfinished." in box.message
    finally:
        other.close()
