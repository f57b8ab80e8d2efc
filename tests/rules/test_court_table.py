"""Every row of the Affairs of the Court turn table, through `resolve_turn`."""

from __future__ import annotations

import pytest

from game.court.rules import resolve_turn

# (leader card, follower card, scores before, scores after, next leader, capture, purge, rule)
ROWS = [
    # 4.11 numbered, different ranks and suits: the higher card's own effect
    ("9H", "5C", (100, 100), (109, 100), "leader", "4.11"),
    ("5C", "9H", (100, 100), (100, 109), "follower", "4.11"),
    ("9D", "5H", (100, 100), (100, 91), "leader", "4.11"),
    ("4H", "TC", (100, 100), (90, 100), "follower", "4.11"),
    ("9S", "5H", (100, 100), (91, 91), "leader", "4.11"),
    ("2D", "8S", (100, 100), (92, 92), "follower", "4.11"),
    # 4.14 same suit: the higher card's effect with both values added
    ("9H", "5H", (100, 100), (114, 100), "leader", "4.14"),
    ("5D", "9D", (100, 100), (86, 100), "follower", "4.14"),
    ("3C", "7C", (100, 100), (90, 100), "follower", "4.14"),
    ("TC", "7C", (100, 100), (100, 83), "leader", "4.14"),
    ("TS", "2S", (100, 100), (88, 88), "leader", "4.14"),
    ("2H", "TH", (100, 100), (100, 112), "follower", "4.14"),
    # 4.13 same rank: both take effect, the leader leads again
    ("7H", "7D", (100, 100), (100, 100), "leader", "4.13"),
    ("7S", "7C", (100, 100), (86, 93), "leader", "4.13"),
    ("7D", "7H", (100, 100), (100, 100), "leader", "4.13"),
    ("5C", "5D", (100, 100), (95, 95), "leader", "4.13"),
    ("3H", "3S", (100, 100), (100, 97), "leader", "4.13"),
    # 4.21 numbered against a court card of another suit: the numbered card wins
    ("5H", "KD", (100, 100), (105, 100), "leader", "4.21"),
    ("QS", "4C", (100, 100), (96, 100), "follower", "4.21"),
    ("AH", "6S", (100, 100), (94, 94), "follower", "4.21"),
    ("AS", "6H", (100, 100), (100, 106), "follower", "4.21"),
    ("8D", "JC", (100, 100), (100, 92), "leader", "4.21"),
    # 4.221 Jack of the same suit blocks
    ("8D", "JD", (100, 100), (100, 100), "follower", "4.221"),
    ("JC", "8C", (100, 100), (100, 100), "leader", "4.221"),
    ("TH", "JH", (50, 60), (50, 60), "follower", "4.221"),
    ("JS", "9S", (50, 60), (50, 60), "leader", "4.221"),
    # 4.222 Queen of the same suit reverses
    ("8H", "QH", (100, 100), (100, 108), "follower", "4.222"),
    ("QH", "8H", (100, 100), (108, 100), "leader", "4.222"),
    ("8D", "QD", (100, 100), (92, 100), "follower", "4.222"),
    ("QC", "6C", (100, 100), (100, 94), "leader", "4.222"),
    ("6C", "QC", (100, 100), (94, 100), "follower", "4.222"),
    ("QS", "6S", (100, 100), (94, 94), "leader", "4.222"),
    ("6S", "QS", (100, 100), (94, 94), "follower", "4.222"),
]

CAPTURES = [
    # 4.223 King of the same suit captures the numbered card
    ("7H", "KH", "follower", "7H", "4.223"),
    ("KS", "TS", "leader", "TS", "4.223"),
    ("KD", "2D", "leader", "2D", "4.223"),
    ("9C", "KC", "follower", "9C", "4.223"),
    # 4.322 Messenger: King captures Jack; 4.323 Marriage: King captures Queen
    ("JC", "KC", "follower", "JC", "4.322"),
    ("KD", "JD", "leader", "JD", "4.322"),
    ("QH", "KH", "follower", "QH", "4.323"),
    ("KS", "QS", "leader", "QS", "4.323"),
]

ACES = [
    # 4.2241 Ace of spades against a numbered spade switches the totals
    ("5S", "AS", (80, 30), (30, 80), "follower", "4.2241"),
    ("AS", "9S", (20, 50), (50, 20), "leader", "4.2241"),
    # 4.2242 Ace of hearts: both to the higher total
    ("4H", "AH", (60, 90), (90, 90), "follower", "4.2242"),
    ("AH", "4H", (90, 60), (90, 90), "leader", "4.2242"),
    # 4.2243 Ace of diamonds/clubs: the numbered card's player loses double
    ("6D", "AD", (100, 100), (88, 100), "follower", "4.2243"),
    ("AC", "6C", (100, 100), (100, 88), "leader", "4.2243"),
    ("AD", "TD", (100, 100), (100, 80), "leader", "4.2243"),
    ("3C", "AC", (50, 40), (44, 40), "follower", "4.2243"),
    # 4.3241 Traitor, spades: totals switched
    ("JS", "AS", (40, 70), (70, 40), "follower", "4.3241"),
    ("AS", "KS", (10, 90), (90, 10), "leader", "4.3241"),
    ("QS", "AS", (-5, 12), (12, -5), "follower", "4.3241"),
    # 4.3242 Traitor, hearts: both to the higher total
    ("QH", "AH", (10, 50), (50, 50), "follower", "4.3242"),
    ("AH", "KH", (70, 20), (70, 70), "leader", "4.3242"),
    ("AH", "JH", (20, 70), (70, 70), "leader", "4.3242"),
    # 4.3243 Traitor, diamonds/clubs: the Ace wins, no points
    ("KD", "AD", (30, 40), (30, 40), "follower", "4.3243"),
    ("AC", "JC", (30, 40), (30, 40), "leader", "4.3243"),
    ("AD", "QD", (30, 40), (30, 40), "leader", "4.3243"),
    # 4.311 court cards of different suits: the leader wins, no points
    ("KH", "QS", (30, 40), (30, 40), "leader", "4.311"),
    ("JD", "AC", (30, 40), (30, 40), "leader", "4.311"),
    ("AS", "KH", (30, 40), (30, 40), "leader", "4.311"),
    ("QC", "JD", (30, 40), (30, 40), "leader", "4.311"),
]


@pytest.mark.parametrize("lead,follow,before,after,nxt,rule", ROWS + ACES)
def test_points_rows(lead, follow, before, after, nxt, rule):
    r = resolve_turn(lead, follow, before)
    assert (r.scores, r.next_leader, r.rule) == (after, nxt, rule)
    assert r.capture is None and r.purge_suit is None


@pytest.mark.parametrize("lead,follow,nxt,cap,rule", CAPTURES)
def test_capture_rows(lead, follow, nxt, cap, rule):
    r = resolve_turn(lead, follow, (61, 47))
    assert (r.scores, r.next_leader, r.capture, r.purge_suit, r.rule) == ((61, 47), nxt, cap, None, rule)


@pytest.mark.parametrize("lead,follow,nxt,suit", [
    ("JH", "QH", "follower", "H"), ("QS", "JS", "leader", "S"),
    ("JD", "QD", "follower", "D"), ("QC", "JC", "leader", "C"),
])
def test_affair_of_the_court(lead, follow, nxt, suit):
    r = resolve_turn(lead, follow, (70, 80))
    assert (r.scores, r.next_leader, r.capture, r.purge_suit, r.rule) == ((70, 80), nxt, None, suit, "4.321")


def test_default_scores_and_card_spelling():
    assert resolve_turn("10h", "5c").scores == (110, 100)
    assert resolve_turn("9H", "5H").scores == (114, 100)


def test_every_pair_has_a_rule_and_a_winner():
    from game.cards import full_pack
    from game.court.rules import RULE_TITLES

    pack = full_pack()
    for a in pack:
        for b in pack:
            if a != b:
                r = resolve_turn(a, b, (50, 20))
                assert r.rule in RULE_TITLES
                assert r.next_leader in ("leader", "follower")


def test_same_card_twice_is_refused():
    with pytest.raises(ValueError):
        resolve_turn("5H", "5H")
