"""Dev script: what each card is worth in the Court Expert's draw, learned from play.

Plays many first rounds in which the Expert's seat draws at random (so its hand
is a random sample of the pack) and then plays as the Expert does, against a
uniformly random player, and records the Expert's hand at the start of play and
the spread it gained over the round (both start at 100, so the spread is the
round's whole effect).  A ridge regression of that spread on one indicator per
card (and one for drawing first, which also leads the first turn) gives each
card's worth, in points of spread, against it lying anywhere else.  The table
in ``game/court/players.py`` (``EXPERT_DRAW_VALUES``) is this script's output
for the defaults, shifted to a mean of about 6, measured with the Expert of
commit c27e488; the rollouts' finishing modes came later, and act only once a
rollout takes a total to zero or below.

Why learn it: a draw that could see the forced second card of its pair wins
298 of 300 games with the old hand-written values, so the draw decides most
of the Expert's non-wins, and the old values had court spades worth 5-10 and the
red Ace 12 where play shows them worth about 2 and 4 (at equal totals; the
Expert's draw still adds what the totals make the Aces of spades and hearts worth).

    python tools/court_card_values.py --rounds 18000      # about 12 CPU-minutes
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.court import rules  # noqa: E402
from game.court.players import ExpertPlayer, RandomPlayer  # noqa: E402
from game.court.rules import FULL_PACK  # noqa: E402


def play_round(g: int, expert: ExpertPlayer, rand: RandomPlayer) -> tuple[list[str], bool, int]:
    """Round 1 of game ``g``: the Expert seat's hand at the start of play, whether it drew first,
    and the spread it gained."""
    rng = random.Random(g * 7 + 3)
    state = rules.new_game(g * 31 + 11)
    me = g % 2
    hand: list[str] | None = None
    while state.round_no == 1 and not rules.is_over(state):
        seat = rules.current_player(state)
        view = rules.observe(state, seat)
        if state.phase == "play" and hand is None:
            hand, first = list(state.hands[me]), state.first_drawer == me
        player = expert if (seat == me and state.phase != "draw") else rand
        state = rules.apply(state, player.choose(view, rng))
    totals = state.last_round.totals if state.last_round else state.totals
    assert hand is not None
    return hand, first, totals[me] - totals[1 - me]


def fit(rows: list[tuple[list[str], bool, int]], ridge: float = 5.0) -> dict[str, float]:
    """Each card's worth in spread points (centred on 0), by ridge regression."""
    n = len(FULL_PACK)
    index = {c: i for i, c in enumerate(FULL_PACK)}
    x = np.zeros((len(rows), n + 1))  # the last column: this seat drew (and so leads) first
    y = np.zeros(len(rows))
    for k, (hand, first, spread) in enumerate(rows):
        for c in hand:
            x[k, index[c]] = 1.0
        x[k, n] = float(first)
        y[k] = spread
    coef = np.linalg.solve(x.T @ x + ridge * np.eye(n + 1), x.T @ y)[:n]
    coef -= coef.mean()
    return {c: float(coef[index[c]]) for c in FULL_PACK}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=18000)
    ap.add_argument("--shift", type=float, default=6.0, help="added to every value (only differences matter)")
    args = ap.parse_args()
    expert = ExpertPlayer(determinizations=8, rollout_budget=100)
    rand = RandomPlayer()
    rows = [play_round(g, expert, rand) for g in range(args.rounds)]
    values = fit(rows)
    print("EXPERT_DRAW_VALUES = {")
    for suit in "CDHS":
        cards = [c for c in FULL_PACK if c[1] == suit]
        print("    " + ", ".join(f'"{c}": {values[c] + args.shift:.1f}' for c in cards) + ",")
    print("}")


if __name__ == "__main__":
    main()
