"""Round 12 (a fresh player): Review marked a move made on the Hint's word a mistake ("the Expert would have
played J♠, about 14.9 points better"): the Hint thought with its clock and its own seed, Review with fixed
samples seeded by the position.  The Hint now gives Review's own choice, so following it is never marked."""

from __future__ import annotations

import random

from game.court import players, rules
from game.court.review import CourtJudge, nothing_hidden
from game.court.scene import expert_choice


def test_a_game_played_by_the_hints_has_no_mistake_in_review():
    s = rules.new_game(31)
    opponent = players.make_player("novice")
    rng = random.Random(5)
    judge = CourtJudge(24)
    judged = 0
    for n in range(1, 200):  # the first rounds of a game: every decision of the player's judged
        if rules.is_over(s):
            break
        if rules.current_player(s) == 1:
            s = rules.apply(s, opponent.choose(rules.observe(s, 1), rng))
            continue
        view = rules.observe(s, 0)
        known = (s,) if nothing_hidden(view) else ()
        move = expert_choice(view, n, *known)  # what the Hint shows at the n-th move of the game
        if len(view.legal) > 1:
            entry = judge(s, move, n)
            assert entry["mark"] is None and entry["cost"] <= 0, (n, str(move), entry)
            judged += 1
        s = rules.apply(s, move)
    assert judged >= 20
