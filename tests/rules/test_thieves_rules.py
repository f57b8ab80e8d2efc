"""Scenario tests for every Forty Thieves rule, positions set up with ``deck=`` or exact states."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from game.cards import full_pack, shuffled
from game.thieves import rules
from game.thieves.rules import IllegalMove, Take, Turn, apply
from tests.rules.test_thieves_helpers import make_deck, position


def test_deal_follows_the_deck_order():
    deck = make_deck([[]] * 7, "KC", ["QD", "AH"], jokers=2)
    s = rules.new_game(deck=deck, jokers=2)
    for i in range(35):
        assert s.stacks[i % 7][i // 7] == deck[i]
    assert [st[-1] for st in s.stacks] == deck[28:35]
    assert s.current == "KC" and s.stock[:2] == ("QD", "AH") and s.stock == tuple(deck[36:])
    assert len(s.stock) == 52 + 2 - 36 and s.waste == () and s.score == 0 and s.clears == 0
    assert s.jokers == s.start_jokers == 2


@pytest.mark.parametrize("jokers", range(6))
def test_a_seeded_game_holds_the_pack_and_its_jokers(jokers):
    s = rules.new_game(11, jokers=jokers)
    assert Counter(rules.all_cards(s)) == Counter(full_pack(jokers))
    assert all(len(st) == 5 for st in s.stacks)
    assert rules.new_game(11, jokers=jokers) == s
    assert rules.new_game(12, jokers=jokers) != s


def test_default_is_two_jokers_and_bad_options_are_refused():
    assert rules.new_game(1).jokers == 2
    for bad in (-1, 6, "2", True, 2.0, None):
        with pytest.raises(ValueError):
            rules.new_game(1, jokers=bad)
    with pytest.raises(ValueError):
        rules.new_game(1, variation="classic")
    with pytest.raises(ValueError):
        rules.new_game(deck=full_pack(1), jokers=2)  # one joker short
    with pytest.raises(ValueError):
        rules.new_game(deck=full_pack(0)[:-1] + ["AS"], jokers=0)


def test_take_one_above_and_one_below_suits_ignored():
    stacks = [["3C", "6C"], ["2D", "4S"], [], [], [], [], []]
    deck = make_deck(stacks, "5H", [])
    s = rules.new_game(deck=deck, jokers=0)
    assert Take(0) in rules.legal_moves(s) and Take(1) in rules.legal_moves(s)
    up = apply(s, Take(0))
    assert up.current == "6C" and up.stacks[0] == s.stacks[0][:-1] and up.stacks[0][-1] == "3C"
    assert up.waste == ("5H",)
    assert up.score == rules.card_points("6C") == 2
    down = apply(s, Take(1))
    assert down.current == "4S" and down.score == 4
    assert down.stacks[1][-1] == "2D" and not rules.can_take(down, 1)  # 2 is not next to 4


def test_chain_of_takes_continues_from_the_new_current_card():
    stacks = [["KH", "QH", "JH", "6D", "6C"], ["7D"], [], [], [], [], []]  # exposed 6C, then 6D
    s = rules.new_game(deck=make_deck(stacks, "5H", []), jokers=0)
    s = apply(s, Take(0))  # 6C onto 5H
    s = apply(s, Take(1))  # 7D onto 6C
    s = apply(s, Take(0))  # 6D onto 7D
    assert s.current == "6D" and s.waste == ("5H", "6C", "7D") and s.score == 2 + 2 + 2


def test_refused_take_says_why_in_words():
    stacks = [[], [], [], ["9C"], [], [], []]
    s = rules.new_game(deck=make_deck(stacks, "5H", []), jokers=0)
    with pytest.raises(IllegalMove) as err:
        apply(s, Take(3))
    assert str(err.value) == "The nine of clubs is not one above or below the five of hearts."
    assert rules.why_not_take(s, 3) == str(err.value) and not rules.can_take(s, 3)
    for ch in "♣♦♥♠":
        assert ch not in str(err.value)


def test_same_rank_is_not_adjacent():
    s = position([["5C"], [], [], [], [], [], []], "5H", ["2S"])
    with pytest.raises(IllegalMove):
        apply(s, Take(0))


@pytest.mark.parametrize("card,current", [("AC", "KH"), ("KS", "AD")])
def test_ace_and_king_do_not_wrap(card, current):
    s = position([[card], ["9S"], [], [], [], [], []], current, ["2S"])
    with pytest.raises(IllegalMove, match="Ace and King do not join"):
        apply(s, Take(0))
    assert rules.legal_moves(s) == [Turn()]


def test_ace_links_only_to_two_and_king_only_to_queen():
    s = position([["2C"], ["QD"], [], [], [], [], []], "AH", ["KS"])
    assert rules.legal_moves(s) == [Take(0), Turn()]
    s2 = apply(s, Turn())
    assert s2.current == "KS" and rules.legal_moves(s2) == [Take(1)]


def test_a_joker_in_a_stack_goes_onto_anything_and_anything_onto_a_joker():
    s = position([["9D", "JK"], ["3S"], [], [], [], [], []], "KH", ["2S"], jokers=1)
    assert Take(0) in rules.legal_moves(s) and Take(1) not in rules.legal_moves(s)
    after = apply(s, Take(0))
    assert after.current == "JK" and after.score == s.score + 0
    assert rules.legal_moves(after) == [Take(0), Take(1), Turn()]
    assert apply(after, Take(1)).current == "3S"


def test_joker_onto_joker():
    s = position([["JK"], ["3S"], [], [], [], [], []], "JK", ["2S"], jokers=2)
    assert apply(s, Take(0)).current == "JK"


def test_turn_is_allowed_at_will_and_takes_the_stock_front_first():
    s = position([["6C"], ["9S"], [], [], [], [], []], "5H", ["2S", "TD", "QC"])
    assert Take(0) in rules.legal_moves(s)
    t = apply(s, Turn())
    assert t.current == "2S" and t.stock == ("TD", "QC") and t.waste[-1] == "5H" and t.score == s.score
    t = apply(t, Turn())
    assert t.current == "TD" and rules.legal_moves(t) == [Take(1), Turn()]


def test_turn_with_an_empty_stock_is_refused():
    s = position([["6C"], ["9S"], [], [], [], [], []], "5H", [])
    with pytest.raises(IllegalMove, match="stock is empty"):
        apply(s, Turn())
    assert not rules.is_over(s) and rules.current_player(s) == 0


def test_game_over_when_the_stock_is_empty_and_no_take_is_possible():
    s = position([["6C"], ["9S"], [], [], [], [], []], "2H", [])
    assert rules.is_over(s) and rules.legal_moves(s) == [] and rules.current_player(s) is None
    out = rules.outcome(s)
    assert out == rules.Outcome(score=s.score, clears=0, start_jokers=0, practice=False)
    with pytest.raises(IllegalMove, match="over"):
        apply(s, Take(0))
    live = position([["6C"], ["9S"], [], [], [], [], []], "2H", ["KD"])
    assert not rules.is_over(live) and rules.outcome(live) is None


def test_card_points_table():
    table = {"A": 8, "2": 6, "3": 6, "4": 4, "5": 4, "6": 2, "7": 2, "8": 2, "9": 4, "T": 4,
             "J": 6, "Q": 6, "K": 8}
    for rank, pts in table.items():
        for suit in "CDHS":
            assert rules.card_points(rank + suit) == pts
    assert rules.card_points("JK") == 0
    assert rules.card_points("10h") == 4
    with pytest.raises(ValueError):
        rules.card_points("ZZ")


def test_each_take_scores_its_card_and_turns_score_nothing():
    s = position([["KC", "QC"], ["2H"], [], [], [], [], []], "JD", ["AS"], score=10)
    s = apply(s, Take(0))
    assert s.score == 16
    s = apply(s, Take(0))
    assert s.score == 24
    s = apply(s, Turn())
    assert s.score == 24
    s = apply(s, Take(1))  # 2H onto AS
    assert s.clears == 1 and s.score == 24 + 6 + 15


def test_clearing_scores_15_removes_a_joker_and_redeals_the_whole_pack():
    s = position([["4D"], [], [], [], [], [], []], "3C", ["KS", "QS"], jokers=2, score=100, seed=99)
    after = apply(s, Take(0))
    assert after.clears == 1 and after.score == 100 + 4 + 15
    assert after.jokers == 1 and after.start_jokers == 2
    assert Counter(rules.all_cards(after)) == Counter(full_pack(1))
    assert all(len(st) == 5 for st in after.stacks) and after.waste == ()
    assert len(after.stock) == 53 - 36
    # reproducible: the same position redeals the same way, and the shuffle comes from seed + clears
    assert apply(s, Take(0)) == after
    expected = rules.deal(shuffled(full_pack(1), rules.redeal_seed(99, 1)))
    assert (after.stacks, after.current, after.stock) == expected
    other_seed = position([["4D"], [], [], [], [], [], []], "3C", ["KS", "QS"], jokers=2, seed=98)
    assert apply(other_seed, Take(0)).stacks != after.stacks


def test_redeal_survives_save_and_load():
    s = position([["4D"], [], [], [], [], [], []], "3C", ["KS"], jokers=3, seed=5)
    loaded = rules.from_dict(json.loads(json.dumps(rules.to_dict(s))))
    assert apply(loaded, Take(0)) == apply(s, Take(0))


def test_the_joker_count_goes_down_with_each_clear_to_zero_and_stays():
    seen = []
    score = 0
    for clears in range(8):
        jokers = max(0, 5 - clears)
        s = position([["4D"], [], [], [], [], [], []], "3C", ["KS"], jokers=jokers, start_jokers=5,
                     clears=clears, score=score, seed=3)
        after = apply(s, Take(0))
        assert after.clears == clears + 1 and after.score == score + 4 + 15
        assert Counter(rules.all_cards(after)) == Counter(full_pack(after.jokers))
        seen.append(after.jokers)
        score = after.score
    assert seen == [4, 3, 2, 1, 0, 0, 0, 0]


def test_a_clear_with_an_empty_stock_redeals_and_play_goes_on():
    s = position([["4D"], [], [], [], [], [], []], "3C", [], jokers=0)
    after = apply(s, Take(0))
    assert after.clears == 1 and not rules.is_over(after) and len(after.stock) == 16


def test_move_text_round_trip_and_bad_text():
    s = rules.new_game(3)
    for m in (Take(0), Take(6), Turn()):
        assert rules.parse_move(s, str(m)) == m
    assert str(Take(4)) == "take 4" and str(Turn()) == "turn"
    assert rules.parse_move(s, "  TAKE   3 ") == Take(3)
    for bad in ("take 7", "take -1", "take", "turn 1", "draw", "", "take x"):
        with pytest.raises(IllegalMove):
            rules.parse_move(s, bad)
    with pytest.raises(IllegalMove):
        apply(s, Take(9))


def test_empty_stack_refused():
    s = position([["4D"], [], ["9C"], [], [], [], []], "3C", ["KS"])
    with pytest.raises(IllegalMove, match="Stack 1 is empty"):
        apply(s, Take(1))


def test_apply_never_mutates_and_practice_marks_the_game():
    s = rules.new_game(21)
    before = rules.to_dict(s)
    for m in rules.legal_moves(s):
        apply(s, m)
    assert rules.to_dict(s) == before
    p = rules.practice(s)
    assert p.practice and not s.practice and p.stacks == s.stacks
    assert rules.practice(p) is p


def test_to_dict_round_trip_through_json():
    s = apply(rules.new_game(8, jokers=4), Turn())
    assert rules.from_dict(json.loads(json.dumps(rules.to_dict(s)))) == s


@pytest.mark.parametrize("change", [
    lambda d: d.pop("stock"),
    lambda d: d.update(stacks=d["stacks"][:6]),
    lambda d: d.update(current="ZZ"),
    lambda d: d.update(current=5),
    lambda d: d["stock"].append("AS"),
    lambda d: d["stock"].pop(),
    lambda d: d.update(jokers=3),
    lambda d: d.update(jokers=1),
    lambda d: d.update(start_jokers=7),
    lambda d: d.update(score=-1),
    lambda d: d.update(score="12"),
    lambda d: d.update(practice="no"),
    lambda d: d.update(clears=True),
    lambda d: d.update(extra=1),
    lambda d: d["stacks"][0].extend(["AS", "AS"]),
    lambda d: d.update(stacks=[[], [], [], [], [], [], []]),
    lambda d: d["stacks"][0].__setitem__(0, "as"),
])
def test_from_dict_refuses_bad_data(change):
    d = rules.to_dict(rules.new_game(4, jokers=2))
    change(d)
    with pytest.raises(ValueError):
        rules.from_dict(d)
    with pytest.raises(ValueError):
        rules.from_dict([1, 2])


def test_observe_hides_the_stock_order():
    s = rules.new_game(30)
    v = rules.observe(s)
    assert v.stock_size == len(s.stock) and v.unseen == tuple(sorted(s.stock))
    shuffled = rules.State(**{**s.__dict__, "stock": tuple(reversed(s.stock))})
    assert rules.observe(shuffled) == v
