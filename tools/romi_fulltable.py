"""Dev script: the Expert's move time on full tables (60 or more cards down).

Reports wall-clock and CPU time: on a machine shared with other work the wall
clock also counts the time the process waited for a core.

    python tools/romi_fulltable.py --positions 200 --seed 3
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.romi import rules  # noqa: E402
from game.romi.dev.positions import collect  # noqa: E402
from game.romi.players import expert  # noqa: E402
from game.simstats import percentile  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    positions = collect(args.positions, seed=args.seed, min_table=60, keep_prob=0.5)
    times = []
    cpu = []
    for hand, table, aak in positions:
        state = rules.State(hands=(hand, ()), table=table, stock=(), opened=(True, True), ace_after_king=aak)
        obs = rules.observe(state, 0)
        t0, c0 = time.perf_counter(), time.process_time()
        expert(obs, random.Random(0))
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    print(json.dumps({"positions": len(times), "table_cards_min": min(sum(map(len, t)) for _, t, _ in positions),
                      "move_ms_p50": round(percentile(times, 50), 1), "move_ms_p99": round(percentile(times, 99), 1),
                      "move_ms_max": round(max(times), 1),
                      "cpu_ms_p50": round(percentile(cpu, 50), 1), "cpu_ms_p99": round(percentile(cpu, 99), 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
