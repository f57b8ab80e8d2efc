"""Scenario tests for the Aces Up rules: every rule of the seed, with exact deals set up by ``deck=``."""

from __future__ import annotations

import json

import pytest

from game.acesup import rules
from game.acesup.rules import (
    VARIATIONS,
    Deal,
    Discard,
    Fill,
    IllegalMove,
    Pair,
    State,
    apply,
    current_player,
    from_dict,
    is_over,
    legal_moves,
    new_game,
    outcome,
    parse_move,
    restart,
    score,
    to_dict,
    top_cards,
    unscored,
    why_illegal,
)
from game.cards import full_pack


def deck_starting(*first: str) -> list[str]:
    """A full pack whose dealing order begins with ``first``; the rest follows in pack order."""
    rest = [c for c in full_pack() if c not in first]
    return list(first) + rest


def position(piles, stock=(), variation="aces_up", **kw) -> State:
    """A hand-built position; the cards not placed count as already removed."""
    piles = tuple(tuple(p) for p in piles)
    used = {c for p in piles for c in p} | set(stock)
    removed = tuple(c for c in full_pack() if c not in used)
    deck = tuple(removed) + tuple(c for p in piles for c in p) + tuple(stock)
    return State(piles=piles, stock=tuple(stock), variation=variation, removed=removed, deck=deck, **kw)


# ------------------------------------------------------------------ the deal


def test_deal_order_with_deck():
    d = deck_starting("2C", "3D", "4H", "5S", "6C", "7D", "8H", "9S")
    s = new_game(deck=d)
    assert s.piles == (("2C",), ("3D",), ("4H",), ("5S",))
    assert s.stock[:4] == ("6C", "7D", "8H", "9S") and len(s.stock) == 48
    s2 = apply(s, Deal())
    assert s2.piles == (("2C", "6C"), ("3D", "7D"), ("4H", "8H"), ("5S", "9S"))
    assert s2.deals == 1 and len(s2.stock) == 44


def test_seed_is_reproducible_and_deck_wins_over_seed():
    assert new_game(7) == new_game(7)
    assert new_game(7).piles != new_game(8).piles or new_game(7).stock != new_game(8).stock
    d = deck_starting("AS", "AH", "AD", "AC")
    assert new_game(7, deck=d).piles == (("AS",), ("AH",), ("AD",), ("AC",))
    assert new_game(7, deck=d).seed == 7


def test_bad_options_and_decks_are_value_errors():
    with pytest.raises(ValueError, match="variation"):
        new_game(1, variation="klondike")
    with pytest.raises(ValueError, match="repeated|missing"):
        new_game(deck=["AS"] * 52)
    with pytest.raises(ValueError, match="51 cards"):
        new_game(deck=full_pack()[:51])


def test_deck_cards_are_parsed_leniently():
    d = [c.lower() for c in deck_starting("TH")]
    d[0] = "10h"
    assert new_game(deck=d).piles[0] == ("TH",)


def test_deal_onto_empty_piles():
    s = position([["2C"], [], ["4H"], []], stock=["5C", "6D", "7H", "8S"])
    s2 = apply(s, Deal())
    assert s2.piles == (("2C", "5C"), ("6D",), ("4H", "7H"), ("8S",))


def test_deal_with_fewer_than_four_cards_starts_at_pile_0():
    s = position([["2C"], ["3D"], ["4H"], ["5S"]], stock=["6C", "7D", "8H"])
    s2 = apply(s, Deal())
    assert s2.piles == (("2C", "6C"), ("3D", "7D"), ("4H", "8H"), ("5S",))
    assert s2.stock == ()
    with pytest.raises(IllegalMove, match="stock is empty"):
        apply(position([["2C", "3C"], [], ["4H"], ["5S"]]), Deal())


def test_dealing_is_allowed_with_moves_left():
    s = new_game(deck=deck_starting("2C", "KC", "4H", "5S"))
    assert Discard(0) in legal_moves(s) and Deal() in legal_moves(s)
    apply(s, Deal())


# ------------------------------------------------------------------ discards


def test_single_discard_needs_higher_card_of_same_suit():
    s = new_game(deck=deck_starting("2C", "KC", "4H", "5S"))
    s2 = apply(s, Discard(0))
    assert s2.piles[0] == () and s2.removed == ("2C",)
    with pytest.raises(IllegalMove, match="The king of clubs can only be discarded while a higher club"):
        apply(s, Discard(1))
    with pytest.raises(IllegalMove, match="four of hearts"):
        apply(s, Discard(2))


def test_aces_rank_highest():
    s = new_game(deck=deck_starting("KS", "AS", "4H", "5D"))
    assert apply(s, Discard(0)).removed == ("KS",)
    with pytest.raises(IllegalMove, match="Nothing outranks the ace of spades"):
        apply(s, Discard(1))


def test_only_top_cards_count():
    # the King of clubs is buried under the 5 of spades, so it cannot discard the 2 of clubs
    s = position([["2C"], ["KC", "5S"], ["4H"], ["6D"]], stock=["7D", "8D", "9D", "TD"])
    assert why_illegal(s, Discard(0)) is not None
    assert Discard(0) not in legal_moves(s)


def test_discard_of_empty_pile_is_refused():
    s = position([["2C"], [], ["KC"], ["6D"]], stock=["7D"])
    with pytest.raises(IllegalMove, match="empty"):
        apply(s, Discard(1))


# --------------------------------------------------------------------- pairs


def test_pair_discards_two_cards_for_one_point():
    s = new_game(deck=deck_starting("7C", "7D", "4H", "5S"))
    s2 = apply(s, Pair(1, 0))
    assert s2.piles[:2] == ((), ()) and set(s2.removed) == {"7C", "7D"}
    assert score(s2) == 1


def test_pair_rule_comes_first():
    # 7 of clubs could go singly (King of clubs) but its partner 7 of diamonds is showing
    s = new_game(deck=deck_starting("7C", "7D", "KC", "5S"))
    with pytest.raises(IllegalMove) as err:
        apply(s, Discard(0))
    assert str(err.value) == "The seven of clubs can only leave as a pair with the seven of diamonds."
    assert Discard(0) not in legal_moves(s)
    assert Pair(0, 1) in legal_moves(s)
    # once the partner is gone, the single discard is fine again
    s2 = position([["7C"], ["9D"], ["KC"], ["5S"]], stock=["2H"])
    assert Discard(0) in legal_moves(s2)


def test_pair_rule_does_not_apply_in_firing_squad():
    s = new_game(deck=deck_starting("7C", "7D", "KC", "5S"), variation="firing_squad")
    assert Discard(0) in legal_moves(s)
    with pytest.raises(IllegalMove, match="Firing Squad allows no pairs"):
        apply(s, Pair(0, 1))


def test_aces_never_pair_in_aces_up_but_do_in_idiots_delight():
    d = deck_starting("AC", "AD", "KC", "5S")
    s = new_game(deck=d)
    with pytest.raises(IllegalMove, match="never discarded as a pair"):
        apply(s, Pair(0, 1))
    assert apply(s, Discard(2)).removed == ("KC",)  # the Ace still beats the King
    s_id = new_game(deck=d, variation="idiots_delight")
    assert Pair(0, 1) in legal_moves(s_id)
    assert apply(s_id, Pair(0, 1)).removed == ("AC", "AD")
    with pytest.raises(IllegalMove, match="aces leave only as a pair"):
        apply(position([["AC"], ["2D"], ["KC"], ["5S"]], variation="idiots_delight", stock=["3H"]),
              Discard(0))


def test_pair_of_different_ranks_refused():
    s = new_game(deck=deck_starting("7C", "8D", "KC", "5S"))
    with pytest.raises(IllegalMove, match="seven of clubs and the eight of diamonds are not a pair"):
        apply(s, Pair(0, 1))


# --------------------------------------------------------------------- fills


def test_fill_an_empty_pile_from_any_pile():
    s = position([["2C", "9H"], [], ["KC"], ["6D"]], stock=["7D"])
    s2 = apply(s, Fill(0, 1))
    assert s2.piles == (("2C",), ("9H",), ("KC",), ("6D",))
    assert apply(s2, Discard(0)).piles[0] == ()
    with pytest.raises(IllegalMove, match="only be moved onto an empty pile"):
        apply(s, Fill(0, 2))
    with pytest.raises(IllegalMove, match="no card"):
        apply(s, Fill(1, 3))
    assert {m for m in legal_moves(s) if isinstance(m, Fill)} == {Fill(0, 1), Fill(2, 1), Fill(3, 1)}


# ------------------------------------------------------------ end of the game


def test_aces_up_win_and_bonus():
    s = position([["AC", "KH"], ["AD"], ["AH"], ["AS"]])
    assert outcome(s) is None and not is_over(s)
    s2 = apply(s, Discard(0))
    assert outcome(s2) == "won" and is_over(s2) and current_player(s2) is None
    assert score(s2) == 1 + 50
    assert legal_moves(s2) == []
    with pytest.raises(IllegalMove, match="won"):
        apply(s2, Deal())


def test_aces_up_is_not_won_while_the_stock_lasts():
    s = position([["AC"], ["AD"], ["AH"], ["AS"]], stock=["2C"])
    assert outcome(s) is None and legal_moves(s) == [Deal()]


def test_idiots_delight_needs_every_card_gone():
    s = position([["AC"], ["AD"], ["AH"], ["AS"]], variation="idiots_delight")
    assert outcome(s) is None
    s = apply(apply(s, Pair(0, 1)), Pair(2, 3))
    assert outcome(s) == "won" and score(s) == 2 + 50
    four_aces_up = position([["AC"], ["AD"], ["AH"], ["AS"]], variation="aces_up")
    assert outcome(four_aces_up) == "won"


def test_firing_squad_win():
    s = position([["AD", "2C"], ["AC"], ["AH"], ["AS"]], variation="firing_squad")
    assert outcome(apply(s, Discard(0))) == "won"


def test_game_over_when_nothing_can_be_uncovered():
    # stock empty, no discard, no pair, no empty pile: lost
    s = position([["2C"], ["3D"], ["4H"], ["5S"]])
    assert outcome(s) == "lost" and current_player(s) is None and legal_moves(s) == []
    # an empty pile but nothing buried: moving a lone card uncovers nothing
    s = position([["2C"], [], ["4H"], ["5S"]])
    assert outcome(s) == "lost"
    # an empty pile and a buried card: the game goes on
    s = position([["2C", "9S"], [], ["4H"], ["5S"]])
    assert outcome(s) is None and current_player(s) == 0
    # a pair left in Aces Up keeps the game going
    s = position([["2C"], ["2D"], ["4H"], ["5S"]])
    assert outcome(s) is None and legal_moves(s) == [Pair(0, 1)]
    assert outcome(apply(s, Pair(0, 1))) == "lost"


def test_aces_stacked_alone_count_as_won():
    s = position([["AC", "AD"], [], ["AH"], ["AS"]])
    assert outcome(s) == "won"


# ------------------------------------------------------------------- scoring


def test_scoring_and_unscored():
    s = new_game(deck=deck_starting("2C", "KC", "7H", "7D"))
    s = apply(s, Discard(0))
    assert score(s) == 1
    s = apply(s, Pair(2, 3))
    assert score(s) == 2
    s = apply(s, Deal())
    assert score(s) == -2
    assert s.piles == (("AC",), ("KC", "3C"), ("4C",), ("5C",))
    s = apply(s, Discard(2))
    assert score(s) == -1
    s = apply(s, Fill(1, 2))
    assert score(s) == -1
    u = unscored(s)
    assert u.scored is False and s.scored is True and score(u) == -1
    u2 = apply(apply(u, Deal()), Discard(1))
    assert u2.scored is False and score(u2) == -1


def test_restart_deals_the_same_cards_unscored():
    s0 = new_game(123, variation="firing_squad")
    s = apply(apply(s0, Deal()), Deal())
    r = restart(s)
    assert r.piles == s0.piles and r.stock == s0.stock and r.seed == 123
    assert r.variation == "firing_squad" and r.scored is False and score(r) == 0 and r.deals == 0


def test_top_cards():
    s = position([["2C", "9S"], [], ["4H"], ["5S"]], stock=["6C"])
    assert top_cards(s) == ("9S", None, "4H", "5S")


def test_variations_menu():
    assert list(VARIATIONS) == ["aces_up", "idiots_delight", "firing_squad"]
    assert VARIATIONS["idiots_delight"] == "Idiot's Delight"


# -------------------------------------------------------------- move texts


@pytest.mark.parametrize("text, move", [
    ("deal", Deal()), (" DEAL ", Deal()), ("discard 2", Discard(2)), ("Discard  0", Discard(0)),
    ("pair 0 3", Pair(0, 3)), ("pair 3 0", Pair(0, 3)), ("PAIR 1,2", Pair(1, 2)), ("move 1 2", Fill(1, 2)),
])
def test_parse_move(text, move):
    assert parse_move(new_game(1), text) == move


def test_move_texts_are_fixed():
    assert [str(m) for m in (Deal(), Discard(2), Pair(3, 0), Fill(1, 2))] == [
        "deal", "discard 2", "pair 0 3", "move 1 2"]


@pytest.mark.parametrize("text", ["", "shuffle", "discard", "discard 4", "discard -1", "pair 1",
                                  "pair 1 1", "move 2", "move 0 0", "deal 1", "discard x"])
def test_parse_move_rejects_unreadable_text(text):
    with pytest.raises(IllegalMove):
        parse_move(new_game(1), text)


# ---------------------------------------------------------------- save/load


def test_to_dict_round_trip_through_json():
    s = apply(new_game(99, variation="idiots_delight"), Deal())
    d = json.loads(json.dumps(to_dict(s)))
    assert from_dict(d) == s


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(variation="spider"), "variation"),
    (lambda d: d["piles"][0].append(d["stock"][0]), "repeated"),
    (lambda d: d["stock"].pop(), "missing"),
    (lambda d: d["piles"].pop(), "four piles"),
    (lambda d: d.update(score="12"), "score"),
    (lambda d: d.update(score=True), "score"),
    (lambda d: d.update(scored=1), "scored"),
    (lambda d: d.update(deals=-1), "deals"),
    (lambda d: d.update(seed="x"), "seed"),
    (lambda d: d["piles"][1].__setitem__(0, "ZZ"), "not a card"),
    (lambda d: d.pop("removed"), "lacks removed"),
    (lambda d: d.update(deck=d["deck"][:-1]), "opening deal"),
])
def test_from_dict_rejects_bad_data(mutate, message):
    d = to_dict(apply(new_game(5), Deal()))
    mutate(d)
    with pytest.raises(ValueError, match=message):
        from_dict(d)


def test_from_dict_rejects_non_objects():
    with pytest.raises(ValueError):
        from_dict([1, 2, 3])


def test_observe_hides_the_stock_order():
    s = new_game(3)
    v = rules.observe(s)
    assert v.stock_count == 48 and v.piles == s.piles
    assert not hasattr(v, "stock")
