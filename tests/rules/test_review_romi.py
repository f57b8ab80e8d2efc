"""The Romi review (game/romi/review.py): on each of the player's turns, the best lay from the same board
and hand beside what the player laid; turns that placed fewer cards than possible are marked."""

from __future__ import annotations

import random
import time
from collections import Counter

from game.romi import review, rules
from game.romi.players import choose_move

HAND0 = ["KH", "KS", "KD", "QH", "QS", "QD", "2C", "4D", "6S", "8C", "9H", "JC", "5D", "3S"]
HAND1 = ["AC", "3C", "5C", "7C", "9C", "JD", "2D", "4H", "6H", "8H", "TH", "2S", "4S", "7S"]
STOCK_FRONT = ["TC", "TD", "6C", "AD"]


def deal() -> rules.State:
    """Seat 0 can open with three kings and three queens (75 points); seat 1 cannot open."""
    rest = Counter(rules.PACK) - Counter(HAND0 + HAND1 + STOCK_FRONT)
    return rules.new_game(deck=HAND0 + HAND1 + STOCK_FRONT + sorted(rest.elements()))


def test_drawing_while_a_lay_existed_is_marked():
    start = deal()
    moves = [rules.Draw(), rules.Draw()]
    entries = review.review_moves(start, moves)
    first = entries[0]
    assert first["n"] == 1 and first["move"] == "draw"
    assert first["mark"] == "mistake"
    assert first["cards_laid"] == 0 and first["best_cards"] == 6 and first["cards_missed"] == 6
    assert first["best_points"] == 75 and first["cost"] == 75.0
    better = rules.parse_move(start, first["better_play"])
    assert first["expert"] == first["better_play"]
    after = rules.apply(start, better)  # the better lay is a legal play from that very position
    assert sorted(after.hands[0]) == sorted(c for c in HAND0 if c[0] not in "KQ")
    assert (entries[1]["expert"], entries[1]["cost"], entries[1]["mark"]) == (None, None, None)
    assert review.summarize(entries) == "1 turn where you could have laid more: 6 cards missed"


def test_a_lay_put_off_for_turns_counts_its_cards_once():
    """Issue 32: three turns drawing while the same kings and queens could be laid are three turns, but six
    missed cards (not 18: the same cards counted over and over)."""
    entries = review.review_moves(deal(), [rules.Draw()] * 5)
    assert [e["cards_missed"] for e in entries if e["mark"]] == [6, 6, 6]
    assert entries[4]["missed"] == ["KD", "KH", "KS", "QD", "QH", "QS"]
    assert review.summarize(entries) == "3 turns where you could have laid more: 6 cards missed"


def test_the_best_lay_is_not_marked_and_a_short_lay_counts_the_missing_cards():
    start = deal()
    best = review.best_lay(start)
    entries = review.review_moves(start, [best])
    assert entries[0]["mark"] is None and entries[0]["cards_missed"] == 0 and entries[0]["cost"] == 0.0
    assert entries[0]["better_play"] is None
    assert review.summarize(entries) == "No turn where you could have laid more"
    kings = rules.parse_move(start, "play KH KS KD")  # 39 points: a valid opening, but the queens stay
    entries = review.review_moves(start, [kings])
    assert entries[0]["cards_laid"] == 3 and entries[0]["cards_missed"] == 3
    assert entries[0]["points_laid"] == 39 and entries[0]["cost"] == 36.0 and entries[0]["mark"] == "mistake"


def test_after_opening_a_single_card_left_in_hand_is_seen():
    """A table run the player's card extends, the player draws instead: one card missed."""
    state = rules.State(hands=(("9H", "2C", "5S"), ("3D", "4D")), table=(("6H", "7H", "8H"),),
                        stock=tuple(["KC"] * 1), opened=(True, True))
    entries = review.review_moves(state, [rules.Draw()])
    assert entries[0]["cards_missed"] == 1 and entries[0]["mark"] == "mistake"
    assert entries[0]["better_play"] == "play 6H 7H 8H 9H"


def test_a_twenty_turn_game_reviews_fast_and_every_better_lay_is_legal():
    """20 turns of the player (an Intermediate, which never rearranges the table) against the Expert."""
    state = start = rules.new_game(3)
    rng = random.Random(3)
    moves = []
    while not rules.is_over(state) and len(moves) < 40:
        move = choose_move(rules.observe(state, state.turn), "intermediate" if state.turn == 0 else "expert", rng)
        moves.append(move)
        state = rules.apply(state, move)
    assert len(moves) == 40
    t0 = time.process_time()
    entries = review.review_moves(start, moves)
    spent = time.process_time() - t0
    assert spent < 20.0, spent
    states = review.replay(rules, start, moves)
    mine = [(e, s) for e, s in zip(entries, states, strict=True) if s.turn == 0]
    assert len(mine) == 20
    assert any(e["mark"] for e, _ in mine)
    for e, s in mine:
        if e["better_play"]:
            after = rules.apply(s, rules.parse_move(s, e["better_play"]))
            assert len(s.hands[0]) - len(after.hands[0]) == e["best_cards"]
        assert e["cards_missed"] == max(0, e["best_cards"] - e["cards_laid"])
        assert (e["mark"] == "mistake") == (e["cards_missed"] > 0)
    once = sum((Counter(e["missed"]) for e, _ in mine), Counter())
    distinct = sum(max(Counter(e["missed"])[c] for e, _ in mine) for c in once)  # each card once
    turns = sum(1 for e, _ in mine if e["cards_missed"])
    assert review.summarize(entries) == f"{turns} turns where you could have laid more: {distinct} cards missed"


def test_progress_and_stopping():
    start = deal()
    seen: list[float] = []
    review.review_moves(start, [rules.Draw(), rules.Draw()], progress=seen.append)
    assert seen[-1] == 1.0
    assert review.review_moves(start, [rules.Draw(), rules.Draw()], should_stop=lambda: True) == []
