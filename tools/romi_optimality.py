"""Dev script: how often the Romi Expert lays the most points a hand can lay.

The exact optimum comes from an integer program in the manner of den Hertog &
Hulshof (2006): one integer variable per possible group (every run of 3-5
cards and every set, with 0-2 jokers in any place; longer runs are unions of
these) counting how many copies of it lie on the table afterwards, and one per
card type counting how many come from the hand.  Every table card must be
covered; the objective is the hand points laid (a joker 25).  Solved with
scipy.optimize.milp (HiGHS).  scipy is a dev-only dependency: the game never
imports this file.

    python tools/romi_optimality.py --positions 500 --seed 1
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cards import JOKER, RANKS, SUITS  # noqa: E402
from game.romi import rules  # noqa: E402
from game.romi.dev.positions import collect  # noqa: E402
from game.romi.groups import hand_card_points  # noqa: E402
from game.romi.players import expert  # noqa: E402

TILES = [r + s for s in SUITS for r in RANKS] + [JOKER]
INDEX = {t: i for i, t in enumerate(TILES)}


def all_groups(ace_after_king: bool) -> list[Counter]:
    groups: list[Counter] = []
    top = 14 if ace_after_king else 13
    for s in SUITS:
        for length in (3, 4, 5):
            for start in range(1, top - length + 2):
                cards = [RANKS[(p - 1) % 13] + s for p in range(start, start + length)]
                for nj in range(3):
                    for jpos in combinations(range(length), nj):
                        if nj == length:
                            continue
                        g = Counter(JOKER if i in jpos else c for i, c in enumerate(cards))
                        groups.append(g)
    for r in RANKS:
        for size in (3, 4):
            for nj in range(3):
                k = size - nj
                if k < 1:
                    continue
                for suits in combinations(SUITS, k):
                    g = Counter(r + s for s in suits)
                    if nj:
                        g[JOKER] = nj
                    groups.append(g)
    return groups


_CACHE: dict[bool, np.ndarray] = {}


def matrix(ace_after_king: bool) -> np.ndarray:
    if ace_after_king not in _CACHE:
        gs = all_groups(ace_after_king)
        a = np.zeros((len(TILES), len(gs)))
        for j, g in enumerate(gs):
            for t, n in g.items():
                a[INDEX[t], j] += n
        _CACHE[ace_after_king] = a
    return _CACHE[ace_after_king]


def optimum(hand, table, ace_after_king: bool = False) -> int:
    """The most hand points (joker 25) that can be laid on ``table``."""
    a = matrix(ace_after_king)
    nt, ng = a.shape
    tcount = Counter(c for g in table for c in g)
    hcount = Counter(hand)
    t = np.array([tcount.get(x, 0) for x in TILES], dtype=float)
    h = np.array([hcount.get(x, 0) for x in TILES], dtype=float)
    vals = np.array([hand_card_points(x) for x in TILES], dtype=float)
    # variables: x (groups, 0..2), y (hand cards laid, 0..h)
    c = np.concatenate([np.zeros(ng), -vals])
    cons = LinearConstraint(np.hstack([a, -np.eye(nt)]), t, t)
    bounds = Bounds(np.zeros(ng + nt), np.concatenate([np.full(ng, 2.0), h]))
    res = milp(c, constraints=[cons], bounds=bounds, integrality=np.ones(ng + nt))
    if not res.success:
        raise RuntimeError(f"milp failed: {res.message}")
    return int(round(-res.fun))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ace-after-king", action="store_true")
    args = ap.parse_args(argv)
    positions = collect(args.positions, seed=args.seed, ace_after_king=args.ace_after_king)
    hits = 0
    worse = []
    times = []
    ilp_times = []
    for hand, table, aak in positions:
        state = rules.State(hands=(hand, ()), table=table, stock=(), opened=(True, True),
                            ace_after_king=aak)
        obs = rules.observe(state, 0)
        t0 = time.perf_counter()
        move = expert(obs, None)
        times.append((time.perf_counter() - t0) * 1000)
        laid = 0
        if isinstance(move, rules.Play):
            after = rules.apply(state, move)
            laid = sum(hand_card_points(c) for c in hand) - sum(hand_card_points(c) for c in after.hands[0])
        t0 = time.perf_counter()
        best = optimum(hand, table, aak)
        ilp_times.append((time.perf_counter() - t0) * 1000)
        if laid == best:
            hits += 1
        elif laid > best:
            raise AssertionError(f"Expert beat the optimum? {hand} {table}")
        else:
            worse.append({"hand": " ".join(hand), "table": " | ".join(" ".join(g) for g in table),
                          "expert": laid, "optimum": best})
    times.sort()
    ilp_times.sort()
    out = {
        "positions": len(positions),
        "optimal": hits,
        "optimal_share": round(hits / len(positions), 4),
        "expert_ms_p50": round(times[len(times) // 2], 2),
        "expert_ms_max": round(times[-1], 2),
        "ilp_ms_p50": round(ilp_times[len(ilp_times) // 2], 2),
        "shortfalls": worse[:10],
    }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
