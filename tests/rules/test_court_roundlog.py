"""Court's Round log (issue 32) read from a played game: every turn of the round once, in order, and
nothing the player could not see (the computer's draw never names a card)."""

from __future__ import annotations

import random

from game.cards import the_card
from game.court import rules
from game.court.roundlog import log_lines


def a_game(seed: int, stop: int) -> tuple[list[rules.State], list]:
    rng = random.Random(seed)
    s = rules.new_game(seed)
    states, moves = [s], []
    while not rules.is_over(s) and len(moves) < stop:
        m = rng.choice(rules.legal_moves(s))
        s = rules.apply(s, m)
        states.append(s)
        moves.append(m)
    return states, moves


def test_every_turn_of_the_round_once_and_no_hidden_card():
    for seed in range(8):
        for stop in (5, 40, 70, 140):
            states, moves = a_game(seed, stop)
            lines = log_lines(states, moves)
            assert lines[0].startswith("Round ")
            turns = [ln for ln in lines if ln.startswith("Turn ")]
            assert [ln.split(":")[0] for ln in turns] == [f"Turn {i}" for i in range(1, len(turns) + 1)]
            for ln in lines:
                if "computer drew" in ln:
                    assert ln.endswith("The computer drew its pair.")
            hidden = {c for s in states for c in s.seen[1]} - {c for s in states for c in s.seen[0]}
            played = {c for s in states for lt in [s.last_turn] if lt for c in (lt.leader_card, lt.follower_card)}
            for code in hidden - played:
                assert not any(the_card(code) in ln and "computer drew" in ln for ln in lines)
