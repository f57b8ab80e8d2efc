"""Romi's move generator and computer players: known rearrangements, fairness."""

from __future__ import annotations

import random
from collections import Counter

from game.romi import rules
from game.romi.generator import best_play, best_repartition, build_sets, hand_melds
from game.romi.groups import is_valid_group
from game.romi.players import LEVELS, choose_move, help_move


def cards(text):
    return text.split()


def test_split_a_run_to_make_a_set():
    table = (("5H", "6H", "7H", "8H"),)
    play = best_play(cards("5S 5C"), table, opened=True)
    assert sorted(map(sorted, play)) == [["5C", "5H", "5S"], ["6H", "7H", "8H"]]


def test_split_a_long_run_around_a_twin_card():
    table = (tuple(cards("4H 5H 6H 7H 8H 9H")),)
    play = best_play(["6H"], table, opened=True)
    assert sorted(map(sorted, play)) == sorted([sorted(cards("4H 5H 6H")), sorted(cards("6H 7H 8H 9H"))])


def test_free_a_joker_and_reuse_it():
    # table 7C 8C JK: laying 9C frees nothing, but 9C + 2S 2D: the joker goes to the twos
    table = (tuple(cards("7C 8C JK")), tuple(cards("TC JC QC")))
    gain, groups = best_repartition([c for g in table for c in g], cards("9C 2S 2D"))
    assert gain == 9 + 2 + 2
    assert all(is_valid_group(g) for g in groups)
    assert Counter(c for g in groups for c in g) == Counter(cards("7C 8C JK TC JC QC 9C 2S 2D"))


def test_join_two_groups_with_a_hand_card():
    table = (tuple(cards("3D 4D 5D")), tuple(cards("7D 8D 9D")))
    gain, groups = best_repartition([c for g in table for c in g], ["6D"])
    assert gain == 6 and len(groups) in (1, 2)


def test_lays_nothing_when_nothing_fits():
    assert best_play(cards("2C 9H"), ((tuple(cards("5S 6S 7S"))),), opened=True) is None


def test_opening_from_the_hand_alone():
    play = best_play(cards("9C 9D 9S 2H 5S"), (("4S", "5S", "6S"),), opened=False)
    assert play is not None and play[0] == ("4S", "5S", "6S")
    assert play[1:] == (("9C", "9D", "9S"),)
    assert best_play(cards("2C 2D 2S 3H"), (), opened=False) is None  # only 6 points


def test_ace_after_king_is_used_only_when_allowed():
    assert best_play(cards("QH KH AH"), (), opened=True, ace_after_king=True) == (("QH", "KH", "AH"),)
    assert best_play(cards("QH KH AH"), (), opened=True) is None


def test_build_sets_splits_two_copies():
    assert build_sets([2, 2, 1, 1], 0) is not None
    assert build_sets([2, 1, 0, 0], 0) is None
    assert build_sets([1, 1, 0, 0], 1) == [[0, 1, -1]]


def test_hand_melds_find_sets_and_runs():
    melds = hand_melds(cards("7H 8H 9H 9C 9D JK"))
    keys = {tuple(sorted(m)) for m in melds}
    assert tuple(sorted(cards("7H 8H 9H"))) in keys
    assert tuple(sorted(cards("9C 9D 9H"))) in keys
    assert all(is_valid_group(m) for m in melds)


def test_every_level_returns_a_legal_move():
    s = rules.new_game(4)
    for level in LEVELS:
        move = choose_move(rules.observe(s, 0), level, random.Random(1))
        rules.apply(s, move)
    assert isinstance(help_move(s), rules.Draw | rules.Play)


def test_players_are_fair_hidden_cards_do_not_matter():
    """Reshuffling the stock and the other hand leaves every level's choice unchanged."""
    for seed in range(4):
        s = rules.new_game(seed)
        # play a few turns so tables differ
        for _ in range(6):
            s = rules.apply(s, choose_move(rules.observe(s, s.turn), "expert", random.Random(0)))
            if rules.is_over(s):
                break
        if rules.is_over(s):
            continue
        seat = s.turn
        hidden = list(s.stock) + list(s.hands[1 - seat])
        random.Random(seed + 99).shuffle(hidden)
        other = hidden[:len(s.hands[1 - seat])]
        stock = hidden[len(s.hands[1 - seat]):]
        hands = list(s.hands)
        hands[1 - seat] = tuple(other)
        t = rules.State(hands=tuple(hands), table=s.table, stock=tuple(stock), turn=s.turn,
                        opened=s.opened, passes=s.passes, first=s.first)
        for level in LEVELS:
            a = choose_move(rules.observe(s, seat), level, random.Random(5))
            b = choose_move(rules.observe(t, seat), level, random.Random(5))
            assert a == b, level
