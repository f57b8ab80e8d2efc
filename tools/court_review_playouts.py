"""Dev tool: how far the Court review's judgement of early plays stands from play-outs by the real Expert.

    python tools/court_review_playouts.py SEED [PLAYS] [DEALS]

Plays Court game SEED with a random player against the Expert, then, for the first PLAYS early plays
(`review.EARLY_CARDS` or more cards in hand) that the own-view rollouts put at `review.REFINE_FLOOR` points
or more, prints the rollouts' points, the refined judgement's (`CourtJudge.refine`) and the play-outs':
both choices played to the round's end by the real Expert on both seats, each from its own view, on DEALS
sampled deals.  The figures in game/court/review.py's docstring (issue 32, early marks) came from it.
About 5-10 s of CPU a play at 40 deals.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.court import review, rules  # noqa: E402
from game.court.players import ExpertPlayer, opponent_voids, sample_opponent_hand, unseen_cards  # noqa: E402
from game.movereview import paired_stats  # noqa: E402


def played_game(seed: int) -> tuple[list[rules.State], list[rules.Move]]:
    """A random player against the Expert (as the review's budget test plays it)."""
    state = rules.new_game(seed)
    expert = ExpertPlayer(time_limit=float("inf"), determinizations=20, rollout_budget=200)
    rng = random.Random(seed)
    states, moves = [], []
    while not rules.is_over(state) and len(moves) < 240:
        seat = rules.current_player(state)
        move = rng.choice(rules.legal_moves(state)) if seat == 0 else expert.choose(rules.observe(state, seat), rng)
        states.append(state)
        moves.append(move)
        state = rules.apply(state, move)
    return states, moves


def playout(real: ExpertPlayer, det: rules.State, move: rules.Move, rng: random.Random) -> review.RoundEnd:
    """``move``, then the real Expert on both seats, each from its own view, to the round's end."""
    s, round_no = rules.apply(det, move), det.round_no
    while s.round_no == round_no and s.phase != "over":
        s = rules.apply(s, real.choose(rules.observe(s, rules.current_player(s)), rng))
    end = s.last_round.totals if s.last_round is not None else s.totals
    return review.round_end(end[0], end[1], round_no, det.round_limit)


def main(seed: int, plays: int, deals: int) -> None:
    real = ExpertPlayer(time_limit=float("inf"))
    done = 0
    for n, (st, mv) in enumerate(zip(*played_game(seed), strict=True), start=1):
        if st.phase != "play" or rules.current_player(st) != 0 or len(rules.legal_moves(st)) < 2:
            continue
        view = rules.observe(st, 0)
        if len(view.hand) < review.EARLY_CARDS or review.nothing_hidden(view):
            continue
        plain = review.CourtJudge(200)
        plain.refines_left = 0
        e0 = plain(st, mv, n)
        if e0["expert"] == str(mv) or e0["cost"] < review.REFINE_FLOOR:
            continue
        e1 = review.CourtJudge(200)(st, mv, n)
        best = rules.parse_move(st, e0["expert"])
        rng = random.Random(n)
        pool, voids = unseen_cards(view), opponent_voids(view)
        t0, points = time.process_time(), []
        for _ in range(deals):
            opp = sample_opponent_hand(view, rng, pool, voids)
            hidden = tuple(c for c in pool if c not in opp)
            det = replace(st, hands=(st.hands[0], rules.sort_hand(opp)), seen=(st.seen[0], hidden))
            seed2 = rng.random()
            b = playout(real, det, best, random.Random(seed2))
            p = playout(real, det, mv, random.Random(seed2))
            points.append(b.spread - p.spread)
        mean, se = paired_stats(points)
        print(f"game {seed} move {n} {mv} vs {best}: rollouts {e0['points']} ({e0['mark']}), refined "
              f"{e1['points']} ({e1['mark']}), play-outs {mean:.1f} +- {se:.1f} [{time.process_time() - t0:.0f} s]",
              flush=True)
        done += 1
        if done >= plays:
            break


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    main(args[0], *(args[1:] + [4, 40][len(args) - 1:]))
