"""Round 13 (a fresh player): ACME's Review could mark a move made on the Hint's word (a pass) a mistake: the
Hint thought with its clock and its own seed, Review with fixed playouts seeded by the position.  The Hint now
gives Review's own choice, so following it is never marked."""

from __future__ import annotations

import random

from game.acme import players, rules
from game.acme.follow import expert_choice
from game.acme.review import AcmeJudge


def test_a_round_played_by_the_hints_has_no_mistake_in_review():
    s = rules.new_game(17, roles=[3, 0, 1, 2, 4])  # you are Vice President: you give in the exchange too
    others = players.make_player("baseline")
    rng = random.Random(5)
    judge = AcmeJudge(40)
    judged = passes = 0
    for n in range(1, 400):
        if rules.is_over(s):
            break
        seat = rules.current_player(s)
        if seat != 0:
            s = rules.apply(s, others.choose(rules.observe(s, seat), rng))
            continue
        obs = rules.observe(s, 0)
        move = expert_choice(obs, n)  # what the Hint shows at the n-th move of the round
        if len(rules.legal_moves(s)) > 1:
            entry = judge(s, move, n)
            assert entry["mark"] is None and entry["cost"] <= 0, (n, str(move), entry)
            judged += 1
            passes += move.kind == "pass"
        s = rules.apply(s, move)
    assert judged >= 5 and passes >= 1, (judged, passes)
