"""Issue 32, Court marks that look wrong: the review's status line says a Court mark's points and its game
apart, so a player can check it against the outcomes (a game counted as 50 is no point on the score panel)."""

from __future__ import annotations

import pytest

from game.court import rules
from tests.scenes.helpers import make_app
from tests.scenes.test_review_rc2 import _fresh_memory, random_game, review_of  # noqa: F401


@pytest.fixture
def court_mark():
    """A Court review at a play of the player's with a choice, and the entry the test fills in."""
    app = make_app()
    source = random_game("court", 1)
    n = next(i + 1 for i, s in enumerate(source.states[:-1]) if s.phase == "play"
             and rules.current_player(s) == 0 and len(rules.legal_moves(s)) > 2)
    other = next(m for m in rules.legal_moves(source.states[n - 1]) if m != source.moves[n - 1])
    entries = [{"n": i + 1, "move": t, "expert": None, "cost": None, "mark": None}
               for i, t in enumerate(source.move_texts())]
    review = review_of(app, source, entries)

    def said(**fields) -> str:
        entries[n - 1].update(expert=str(other), **fields)
        review.go(0)
        review.go(n)
        return review.move_words()
    return said


def test_a_sampled_mark_says_its_points_and_the_game_apart(court_mark):
    """The move 147 kind: a cost of 56 made of 19 points and games lost (50 each) was said '56 points better
    by the end of the round', which no score panel shows."""
    said = court_mark(cost=56.2, mark="mistake", points=19.3, more_won=0.0, fewer_lost=0.74)
    assert "about 19.3 points better at the round's end, and it loses the game 74 fewer times in 100." in said
    assert "56" not in said


def test_a_mark_made_by_the_game_alone_says_the_points_are_worse(court_mark):
    """A choice that ends the round a few points worse but saves the game more often is a mistake for the
    game's sake, and says so: not 'points better'."""
    said = court_mark(cost=11.1, mark="mistake", points=-2.6, more_won=0.12, fewer_lost=0.15)
    assert ("A mistake: the Expert would have" in said and "about 2.6 points worse at the round's end, but it "
            "wins the game 12 more times in 100 and loses it 15 fewer.") in said


def test_an_exact_mark_says_the_game_is_won(court_mark):
    said = court_mark(cost=55.0, mark="mistake", points=5.0, more_won=1.0, fewer_lost=0.0, exact=True)
    assert said.endswith("exactly 5 points better at the round's end, and it wins the game.")


def test_a_difference_too_small_for_a_mark_says_its_points(court_mark):
    said = court_mark(cost=3.2, mark=None, points=3.2, more_won=0.0, fewer_lost=0.0)
    assert said.endswith("about 3.2 points better at the round's end: too little to call a mistake.")
