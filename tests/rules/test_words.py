"""The collection's one voice for card names and counted nouns (game.cards, game.words)."""

from __future__ import annotations

from game.acme import rules as acme
from game.cards import card_name, cards_phrase, rank_word, the_card
from game.court import rules as court
from game.words import capital, count, join_words, plural


def test_one_card_is_named_one_way():
    assert card_name("TH") == "ten of hearts"
    assert the_card("TH") == "the ten of hearts"
    assert the_card("AS") == "the ace of spades"
    assert the_card("JK") == "the joker"
    assert capital(the_card("QD")) == "The queen of diamonds"


def test_several_cards_are_grouped_by_suit_or_rank():
    assert cards_phrase(["8S", "9S", "TS", "JS"]) == "the eight, nine, ten and jack of spades"
    assert cards_phrase(["3C", "4C", "5C", "6D"]) == "the three, four and five of clubs and the six of diamonds"
    assert cards_phrase(["7C", "7H", "7S"]) == "the sevens of clubs, hearts and spades"
    assert cards_phrase(["6C", "6H", "JK"]) == "the sixes of clubs and hearts with a joker"
    assert cards_phrase(["JK", "JK"]) == "two jokers"
    assert cards_phrase(["2C"]) == "the two of clubs"
    assert cards_phrase([]) == "no cards"
    assert cards_phrase([], empty="nothing") == "nothing"


def test_rank_words_and_plurals():
    assert rank_word("6") == "six" and rank_word("6", 2) == "sixes"
    assert rank_word("KH", 3) == "kings"
    assert plural("card", 1) == "card" and plural("card", 2) == "cards" and plural("card", 0) == "cards"
    assert plural("is", 1) == "is" and plural("is", 3) == "are"
    assert plural("match", 2) == "matches"


def test_counted_nouns():
    assert count(1, "card") == "1 card"
    assert count(2, "card") == "2 cards"
    assert count(0, "card") == "0 cards"
    assert count(0, "joker", zero="no jokers") == "no jokers"
    assert count(1, "joker", zero="no jokers") == "1 joker"
    assert count(5, "person", "people") == "5 people"


def test_lists_of_words():
    assert join_words([]) == ""
    assert join_words(["a"]) == "a"
    assert join_words(["a", "b"]) == "a and b"
    assert join_words(["a", "b", "c"]) == "a, b and c"
    assert join_words(["a", "b"], "or") == "a or b"


def test_acme_plays_read_without_doubled_articles():
    assert acme.describe(("KH",)) == "a single king"
    assert acme.describe(("7C", "7D")) == "a pair of sevens"
    assert acme.describe(("6C", "6D", "6S")) == "three sixes"
    assert acme.describe(("JK",)) == "the joker"
    assert acme.describe_cards(()) == "nothing"


def test_a_court_cue_card_never_says_no_points_twice():
    rec = court.TurnRecord(0, "JH", "QS", "4.311", (100, 100), (100, 100), 0, None, None, ())
    text = court.cue_text(rec, 0)
    assert text.count("no points") == 1, text
    rec = court.TurnRecord(0, "AH", "QH", "4.3243", (100, 100), (100, 100), 0, None, None, ())
    assert court.cue_text(rec, 0).count("no points") == 1
