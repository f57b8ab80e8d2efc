"""The round log read from a table's states agrees with the rules: every action once, tricks split where
the rules ended them, each trick led by a play, and the places taken in finishing order."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from game.acme import players, rules
from game.acme.roundlog import finished_tricks, last_trick, log_lines, tricks

NAMES = ("You", "Alice", "Bruno", "Carmen", "Dmitri")


def a_round(seed: int, stop: int | None = None) -> list[rules.State]:
    rng = random.Random(seed)
    p = players.make_player("baseline")
    s = rules.new_game(seed)
    states = [s]
    while not rules.is_over(s) and (stop is None or len(states) < stop):
        s = rules.apply(s, p.choose(rules.observe(s, rules.current_player(s)), rng))
        states.append(s)
    return states


@given(st.integers(0, 10_000), st.integers(3, 80))
def test_tricks_cover_the_log_in_order(seed, stop):
    states = a_round(seed, stop)
    last = states[-1]
    all_tricks = tricks(states)
    assert [(a.seat, a.cards) for t in all_tricks for a in t] == list(last.log)
    assert all(t and t[0].cards for t in all_tricks)  # a trick is always led by a play
    starts = sorted({s.trick_start for s in states if s.phase == "play"})
    if not rules.is_over(last):  # a finished trick is exactly the stretch between two trick starts
        assert [len(t) for t in finished_tricks(states)] == [b - a for a, b in zip(starts, starts[1:], strict=False)]
    outs = [(a.out, a.seat) for t in all_tricks for a in t if a.out is not None]
    assert [seat for _place, seat in sorted(outs)] == list(last.finished[:len(outs)])
    if last.phase == "play" and not last.log[last.trick_start:]:
        assert last_trick(states) == (all_tricks[-1] if all_tricks else [])


def test_log_lines_read_a_whole_round():
    states = a_round(3)
    lines = log_lines(states, NAMES)
    assert lines[0] == "Trick 1:"
    assert lines[-1].endswith(("is last: 5th, Apprentice next round.", "are last: 5th, Apprentice next round."))
    assert any("passed." in line for line in lines) and any("out: 1st" in line for line in lines)


def test_a_players_own_name_takes_is_not_are():
    """Issue 32: 'Tess led a single six and are out: 2nd' (the player's name is not 'You')."""
    names = ("Tess",) + NAMES[1:]
    for seed in range(6):
        text = "\n".join(log_lines(a_round(seed), names))
        assert "Tess are" not in text and "Tess " in text
        assert "You is" not in "\n".join(log_lines(a_round(seed), NAMES))
