"""Issue 24: the Novice "will still force a player to have a fair strategy" (the help).  It used to lose to
a scripted player that keeps the first card of every pair and plays its leftmost legal card, and beat
`random` in under half its games.  Now it beats both clearly and still loses to the Intermediate.
Novice and Intermediate take no time limit, so these runs are the same on every machine."""

from __future__ import annotations

import random

from game.court import players, rules
from game.court.simulate import run


class KeepFirstLeftmost(players.Player):
    """The issue's scripted player: keep the first card of every pair, play the leftmost legal card."""

    level = "scripted"

    def choose(self, view: rules.View, rng: random.Random) -> rules.Move:
        legal = list(view.legal)
        if view.phase == "draw":
            return rules.Move("keep") if rules.Move("keep") in legal else legal[0]
        cards = [m for m in legal if m.card]
        if cards:
            return min(cards, key=lambda m: view.hand.index(m.card))
        return legal[0]


def test_novice_beats_the_scripted_player():
    novice, scripted = players.make_player("novice"), KeepFirstLeftmost()
    wins = losses = 0
    for g in range(200):
        seat = g % 2  # the novice's seat: each draws first in half the games
        s = rules.new_game(10_000 + g)
        rng = random.Random(g)
        while not rules.is_over(s):
            who = rules.current_player(s)
            p = novice if who == seat else scripted
            s = rules.apply(s, p.choose(rules.observe(s, who), rng))
        wins += s.winner == seat
        losses += s.winner == 1 - seat
    assert wins >= 0.7 * 200 and losses < 0.2 * 200, (wins, losses)


def test_novice_beats_random_in_seven_games_of_ten():
    out = run(400, 3, ["novice", "random"], {})
    novice = out["players"][0]
    assert novice["wins"] >= 0.7 * 400, novice


def test_novice_loses_to_intermediate():
    out = run(200, 3, ["novice", "intermediate"], {})
    novice = out["players"][0]
    assert novice["wins"] < novice["losses"] and novice["mean_spread"] < 0, novice
