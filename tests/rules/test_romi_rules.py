"""Romi rules: deal, opening, table conservation, drawing, the end and scoring."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from game.romi import rules
from game.romi.rules import Draw, IllegalMove, Play, apply, new_game, parse_move

REST = list(rules.PACK)


def deck(hand0: str, hand1: str, stock_front: str = "") -> list[str]:
    """A full 106-card deck with the given hands and stock front (rest in pack order)."""
    pool = Counter(rules.PACK)
    chosen = []
    for part in (hand0, hand1, stock_front):
        cards = part.split()
        for c in cards:
            assert pool[c] > 0, c
            pool[c] -= 1
        chosen.append(cards)
    rest = list(pool.elements())
    h0 = chosen[0] + [rest.pop(0) for _ in range(14 - len(chosen[0]))]
    h1 = chosen[1] + [rest.pop(0) for _ in range(14 - len(chosen[1]))]
    return h0 + h1 + chosen[2] + rest


def state_with(hand0, hand1, table=(), turn=0, opened=(True, True), stock=None):
    """A hand-made state, its cards checked by from_dict."""
    used = Counter(hand0) + Counter(hand1) + Counter(c for grp in table for c in grp)
    pool = Counter(rules.PACK) - used
    rest = list(pool.elements()) if stock is None else stock
    if stock is not None:
        hand1 = list(hand1) + list((pool - Counter(stock)).elements())
    data = {"hands": [list(hand0), list(hand1)], "table": [list(grp) for grp in table],
            "stock": list(rest), "turn": turn, "opened": list(opened), "passes": 0,
            "over": False, "winner": None, "first": 0, "ace_after_king": False}
    return rules.from_dict(data)


def play(text: str, state) -> rules.State:
    return apply(state, parse_move(state, text))


def test_deal_uses_deck_order_and_all_106_cards():
    d = deck("AH 2H 3H", "KS KD")
    s = new_game(deck=d)
    assert s.hands[0] == tuple(d[:14]) and s.hands[1] == tuple(d[14:28])
    assert s.stock == tuple(d[28:])
    assert len(rules.PACK) == 106 and Counter(rules.PACK)["JK"] == 2 and Counter(rules.PACK)["7H"] == 2
    assert rules.current_player(s) == 0
    assert new_game(5) == new_game(5)
    assert new_game(5, first=1).turn == 1


def test_bad_deck_is_refused():
    with pytest.raises(ValueError):
        new_game(deck=REST[:-1])
    with pytest.raises(ValueError):
        new_game(deck=REST[:-1] + ["AH"])


def test_opening_needs_25_from_hand():
    s = new_game(deck=deck("7H 8H 9H 2C 2D 2S KC KD KS", ""))
    with pytest.raises(IllegalMove, match="25 points"):
        play("play 2C 2D 2S", s)  # 6 points
    t = play("play 7H 8H 9H | 2C 2D 2S", s)  # 24 + 6 = 30
    assert t.opened == (True, False) and t.table == (("7H", "8H", "9H"), ("2C", "2D", "2S"))
    assert len(t.hands[0]) == 8 and rules.current_player(t) == 1


def test_opening_joker_counts_its_best_card():
    s = new_game(deck=deck("KC KD JK 2H 3H", ""))
    t = play("play KC KD JK", s)  # joker as a King: 39
    assert t.opened[0]


def test_opening_may_not_touch_the_table():
    s = state_with("7S 8H 9H TH KC KD KS".split(), "5C 6C".split(),
                   table=[("4S", "5S", "6S")], opened=(False, True))
    with pytest.raises(IllegalMove, match="touch the table"):
        play("play 4S 5S 6S 7S | 8H 9H TH", s)
    with pytest.raises(IllegalMove, match="touch the table"):
        play("play 4S 5S 6S 7S | KC KD KS", s)
    t = play("play 4S 5S 6S | KC KD KS", s)
    assert t.table == (("4S", "5S", "6S"), ("KC", "KD", "KS"))


def test_after_opening_the_table_can_be_rearranged():
    s = state_with(["5S", "5C", "9D"], ["2C"], table=[("5H", "6H", "7H", "8H")])
    t = play("play 5H 5S 5C | 6H 7H 8H", s)
    assert t.hands[0] == ("9D",)
    assert sorted(map(sorted, t.table)) == [["5C", "5H", "5S"], ["6H", "7H", "8H"]]


def test_table_cards_never_return_to_a_hand():
    s = state_with(["5S", "5C", "5D", "9D"], ["2C"], table=[("5H", "6H", "7H", "8H"), ("JK", "QC", "KC")])
    with pytest.raises(IllegalMove, match="The five of hearts must stay on the table"):
        play("play 6H 7H 8H | JK QC KC | 5S 5C 5D", s)  # 5H taken back
    with pytest.raises(IllegalMove, match="do not hold the joker"):
        play("play 5H 6H 7H 8H | QC KC JK | 5S 5C 5D JK", s)  # a joker of one's own? not held
    with pytest.raises(IllegalMove, match="The king and queen of clubs with a joker must stay"):
        play("play 5H 6H 7H 8H | 5S 5C 5D", s)  # nor the joker's group


def test_play_must_add_a_hand_card_and_only_held_cards():
    s = state_with(["5S", "9D"], ["2C"], table=[("5H", "6H", "7H", "8H")])
    with pytest.raises(IllegalMove, match="at least one card"):
        play("play 5H 6H 7H 8H", s)
    with pytest.raises(IllegalMove, match="do not hold the four of hearts"):
        play("play 4H 5H 6H 7H 8H", s)


def test_invalid_group_is_named():
    s = state_with(["7S", "9D"], ["2C"], table=[("7H", "8H", "9H")])
    with pytest.raises(IllegalMove, match="the seven and eight of hearts and the seven of spades is not a set"):
        play("play 7H 8H 7S | 9H 9D", s)


def test_apply_does_not_mutate_and_parse_errors_are_readable():
    s = state_with(["5S", "5C"], ["2C"], table=[("5H", "6H", "7H", "8H")])
    before = rules.to_dict(s)
    play("play 5H 5S 5C | 6H 7H 8H", s)
    assert rules.to_dict(s) == before
    for bad in ("hop", "play", "play 7H 8H |", "play ZZ 8H 9H"):
        with pytest.raises(IllegalMove):
            parse_move(s, bad)
    assert str(parse_move(s, "play 7h 8h 10h | qs qd qc")) == "play 7H 8H TH | QS QD QC"
    assert str(parse_move(s, "draw")) == "draw"


def test_draw_takes_the_front_of_the_stock():
    d = deck("", "", "QS KS")
    s = new_game(deck=d)
    t = apply(s, Draw())
    assert t.hands[0][-1] == "QS" and t.stock[0] == "KS" and t.turn == 1
    u = apply(t, Draw())
    assert u.hands[1][-1] == "KS"


def test_first_out_wins_and_scores_the_losers_hand():
    s = state_with(["9H"], ["JK", "KC", "2D"], table=[("6H", "7H", "8H")])
    t = play("play 6H 7H 8H 9H", s)
    assert rules.is_over(t) and t.winner == 0
    assert rules.game_points(t) == (25 + 13 + 2, 0)
    assert rules.score(t) == (0, 40)
    assert rules.current_player(t) is None
    assert rules.next_first(t) == 1  # the loser starts the next game
    with pytest.raises(IllegalMove, match="over"):
        apply(t, Draw())


def test_empty_stock_two_passes_end_and_lower_hand_wins():
    s = state_with(["KC", "QD"], ["2C", "JK"], table=[("6H", "7H", "8H")], stock=[])
    assert s.stock == ()
    t = apply(s, Draw())  # a pass
    assert not rules.is_over(t) and t.passes == 1 and t.turn == 1
    u = apply(t, Draw())
    assert rules.is_over(u)
    a, b = rules.score(u)
    assert u.winner == (0 if a < b else 1)
    assert rules.game_points(u)[u.winner] == max(a, b)


def test_a_play_between_passes_resets_the_count():
    base = state_with(["KC", "9H"], ["2C"], table=[("6H", "7H", "8H")])
    d = rules.to_dict(base)
    d["hands"][1] = d["hands"][1] + d["stock"]
    d["stock"] = []
    s = rules.from_dict(d)
    t = apply(s, Draw())
    assert t.passes == 1
    d2 = rules.to_dict(t)
    d2["turn"] = 0  # give seat 0 the move again to test the reset
    t = rules.from_dict(d2)
    u = play("play 6H 7H 8H 9H", t)
    assert u.passes == 0 and not rules.is_over(u)


def test_equal_hands_at_the_end_are_a_draw():
    # Everything but KC and KD lies on the table as runs; the stock is empty.
    groups = []
    for suit in "CDHS":
        full = [r + suit for r in "A23456789TJQK"]
        groups.append(full)
        groups.append(full[:-1] + ["JK"] if suit in "CD" else full)
    d = {"hands": [["KC"], ["KD"]], "table": groups, "stock": [], "turn": 0, "opened": [True, True],
         "passes": 0, "over": False, "winner": None, "first": 0, "ace_after_king": False}
    s = rules.from_dict(d)
    u = apply(apply(s, Draw()), Draw())
    assert rules.is_over(u) and u.winner is None
    assert rules.game_points(u) == (0, 0)
    assert rules.next_first(u) == 1


def test_to_dict_round_trip_and_validation():
    s = new_game(11)
    s = apply(s, Draw())
    d = json.loads(json.dumps(rules.to_dict(s)))
    assert rules.from_dict(d) == s
    bad = dict(d)
    bad["stock"] = d["stock"][:-1]
    with pytest.raises(ValueError, match="missing"):
        rules.from_dict(bad)
    bad = dict(d)
    bad["turn"] = 2
    with pytest.raises(ValueError):
        rules.from_dict(bad)
    bad = dict(d)
    bad["table"] = [["7H", "8S", "9H"]]
    with pytest.raises(ValueError):
        rules.from_dict(bad)
    with pytest.raises(ValueError):
        rules.from_dict([])


def test_validate_table_and_observe():
    assert rules.validate_table([("7H", "8H", "9H"), ("7H", "8S"), ("QC", "QD", "QH")]) == [1]
    s = new_game(3)
    o = rules.observe(s, 1)
    assert o.hand == s.hands[1] and o.opponent_cards == 14 and o.stock_cards == 78
    assert not hasattr(o, "stock") and not hasattr(o, "hands")


def test_legal_moves_start_with_draw_and_are_all_legal():
    s = state_with(["5S", "5C", "9H", "KD"], ["2C"], table=[("5H", "6H", "7H", "8H")])
    moves = rules.legal_moves(s)
    assert moves[0] == Draw()
    assert len(moves) > 1
    for m in moves:
        apply(s, m)
    assert any(isinstance(m, Play) and len(m.groups) == 2 for m in moves)
