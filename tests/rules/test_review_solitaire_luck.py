"""Issue 33, Review blames luck as a mistake: in Aces Up and Forty Thieves a move that turned a winnable game
into a lost one is a mistake only when a fair player (the Hint's auto-player, which never reads the stock)
would not have made it; a move it makes too lost only to the face-down stock's order, which the player could
not see: bad luck, said so, never marked (game.review.solitaire)."""

from __future__ import annotations

import random

import pytest

from game.acesup import players as acesup_players
from game.acesup import review as acesup_review
from game.acesup import rules as acesup_rules
from game.review import cache, solitaire
from game.thieves import players as thieves_players
from game.thieves import review as thieves_review
from game.thieves import rules as thieves_rules
from tests.cli.test_review_cli import ACESUP_LOST_AT_12, THIEVES_LOST_AT_6


def acesup_fair_game(seed: int) -> tuple[acesup_rules.State, list]:
    """Aces Up deal ``seed`` played to its end by the auto-player (the Hint's moves)."""
    state = start = acesup_rules.new_game(seed)
    rng, moves = random.Random(0), []
    while acesup_rules.legal_moves(state):
        move = acesup_players.choose_move(state, rng)
        moves.append(move)
        state = acesup_rules.apply(state, move)
    return start, moves


def thieves_fair_game(seed: int) -> tuple[thieves_rules.State, list]:
    """Forty Thieves deal ``seed`` played by the Hint until it has nothing to suggest."""
    state = start = thieves_rules.new_game(seed)
    moves = []
    while (move := thieves_players.hint(state)) is not None:
        moves.append(move)
        state = thieves_rules.apply(state, move)
    return start, moves


def parsed(rules, start, line: str) -> list:
    state, moves = start, []
    for text in line.split(";"):
        moves.append(rules.parse_move(state, text))
        state = rules.apply(state, moves[-1])
    return moves


def test_an_aces_up_deal_the_fair_player_makes_and_loses_to_the_stock_is_bad_luck_not_a_mistake():
    """Deal 3: the auto-player deals at move 49 from a winnable table; the stock's order (which only the
    solver reads) makes the game lost after it, where moving the two into the space kept it winnable."""
    start, moves = acesup_fair_game(3)
    entries = acesup_review.review_moves(start, moves, budget=1.0)
    e = entries[48]
    assert (e["n"], e["move"], e["before"], e["after"]) == (49, "deal", "winnable", "lost")
    assert e["luck"] is True and e["mark"] is None and e["better"] == "move 2 1"
    assert not [x for x in entries if x["mark"]]  # nothing to step to as a mistake, no red tick
    summary = acesup_review.summarize(entries)
    assert summary == ("No mistakes; the stock's order decided it. Winnable until move 49, where dealing lost "
                       "with the stock as it was.")
    said = solitaire.mark_words(e, clearable=False)
    assert said == ("Bad luck, not a mistake: with the stock as it was, this lost; you could not have known (the "
                    "Hint plays it too).")


def test_a_move_the_fair_player_would_not_make_that_loses_the_game_is_a_mistake():
    """Deal 1, move 12: the player deals where the Hint would not (it throws out the two of spades) and
    covers the nines the solver pairs: a mistake, said as before and counted as the one mistake."""
    start = acesup_rules.new_game(1)
    moves = parsed(acesup_rules, start, ACESUP_LOST_AT_12)
    before = _after(start, moves[:11])
    assert acesup_rules.Deal() not in acesup_players.fair_moves(before)  # the Hint would not deal here
    entries = acesup_review.review_moves(start, moves, budget=1.0)
    e = entries[11]
    assert e["mark"] == "losing" and "luck" not in e
    assert acesup_review.summarize(entries) == ("1 mistake. Winnable until move 12: Discard the pair of nines "
                                                "instead of dealing.")
    said = solitaire.mark_words(e, clearable=False)
    assert said == ("A mistake: winnable before it, lost after it, and the Hint would not play it. Discard the "
                    "pair of nines kept it winnable.")


def _after(start, moves):
    state = start
    for m in moves:
        state = acesup_rules.apply(state, m)
    return state


def test_forty_thieves_tells_bad_luck_from_a_mistake():
    """Deal 1: the Hint takes the joker from stack 7 at move 16 and the stock's order leaves the stacks
    unclearable after it (the solver would turn); a take the Hint would not make (stack 5 at move 6 of the
    2-joker deal, where it takes stack 1) is the mistake."""
    start, moves = thieves_fair_game(1)
    entries = thieves_review.review_moves(start, moves, budget=1.0)
    luck = [e for e in entries if e.get("luck")]
    assert [(e["n"], e["move"], e["better"]) for e in luck] == [(16, "take 6", "turn")]
    assert not [e for e in entries if e["mark"]]
    assert thieves_review.summarize(entries).startswith("No mistakes; the stock's order decided it. Clearable "
                                                       "until move 16, where taking the joker from stack 7 lost")
    said = solitaire.mark_words(luck[0], clearable=True)
    assert said.startswith("Bad luck, not a mistake") and "the stacks cannot all be cleared after it" in said

    start = thieves_rules.new_game(1, jokers=2)
    entries = thieves_review.review_moves(start, parsed(thieves_rules, start, THIEVES_LOST_AT_6), budget=1.0)
    assert [(e["n"], e["mark"], e.get("luck")) for e in entries if e["mark"] or e.get("luck")] == [(6, "losing", None)]
    assert thieves_review.summarize(entries).startswith("1 mistake. Clearable until move 6:")


@pytest.mark.parametrize("bad", [False, "yes", 1])
def test_a_kept_luck_field_must_be_true_and_never_beside_a_mark(bad):
    good = {"n": 1, "move": "deal", "before": "winnable", "after": "lost", "mark": None, "luck": True,
            "better": "pair 0 1", "text": "Deal", "better_text": "Discard the pair of nines"}
    cache._check_verdicts(good, 1)
    with pytest.raises(cache.BadCache):
        cache._check_verdicts({**good, "luck": bad}, 1)
    with pytest.raises(cache.BadCache):
        cache._check_verdicts({**good, "mark": "losing"}, 1)
