"""Computer players for ACME, from a random mover up to the default expert.

Every player is a function of what its seat may see — an `Observation` from
`rules.observe` — and an rng; none ever looks at a hidden hand.

Levels:
- ``random``: any legal move, uniformly.
- ``baseline``: its lowest legal cards (leading its whole lowest rank),
  passing only when it must; gives its lowest cards in the exchange.
- ``flatmc``: flat Monte Carlo — deals the unseen cards at random to fit the
  hand sizes, tries every candidate equally often with baseline playouts.
- ``expert`` (the default): Monte Carlo with UCB over the candidates, deals
  that respect what the exchange revealed (a gift of the highest cards caps
  the giver's hand), a playout policy that keeps control cards and finishes
  cleanly, gifts of lonely low cards, and exact search once two players
  remain (then every hidden card is known).

Thinking is budgeted by playouts and by CPU time (with a wall-clock backstop), so no move
takes long and the strength does not depend on how busy the machine is.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from itertools import combinations

from game.acme import endgame, lookahead
from game.acme.fastsim import JOKER, NR, Policy, Sim, baseline_policy, smart_policy
from game.acme.inference import Deducer, counts
from game.acme.rules import (
    EXCHANGE,
    PASS,
    Move,
    Observation,
    State,
    acme_rank,
    legal_moves_for,
    observe,
    sort_hand,
    top_play,
)

LEVELS = ("expert", "flatmc", "baseline", "random")
DEFAULT_LEVEL = "expert"


@dataclass
class Config:
    """How a Monte Carlo player thinks."""

    playouts: int = 400
    #: Thinking time per move, in CPU seconds of the thinking thread: the same search however busy
    #: the machine is (so measured strength does not depend on the load) ...
    time_limit: float = 0.17
    #: ... and a wall-clock backstop, so a starved thread still answers promptly.
    wall_limit: float = 0.6
    policy: Policy = smart_policy
    #: How the others are assumed to play in playouts: the seed's advice, "lead low and
    #: follow as low as possible" (measured much stronger than assuming they play like us).
    opp_policy: Policy | None = baseline_policy
    split_leads: int = 2
    ucb: bool = True
    ceiling: bool = True
    solver: bool = True
    smart_gift: bool = True
    deductions: bool = True
    #: With this many cards or fewer, plan our own last plays exhaustively (per sampled deal).
    plan_cards: int = 6
    plan_nodes: int = 40
    #: What each finishing place is worth to the search, first to last.
    reward: tuple[float, ...] = (1.0, 0.75, 0.5, 0.25, 0.0)
    #: Keep strong cards for strong plays (`economical`): measured in README ("The Expert's card economy").
    economy: bool = True


class Player:
    """Base: ``choose(obs, rng) -> Move``, using only the observation."""

    level = "?"

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        raise NotImplementedError


class RandomPlayer(Player):
    level = "random"

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        moves = legal_moves_for(obs)
        if not moves:
            raise ValueError("it is not this seat's turn")
        return rng.choice(moves)


class BaselinePlayer(Player):
    level = "baseline"

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        moves = legal_moves_for(obs)
        if not moves:
            raise ValueError("it is not this seat's turn")
        if obs.phase == "exchange":
            return baseline_gift(obs, moves)
        mv = baseline_policy(counts(obs.hand), len(obs.hand), *_top(obs), _rem(obs))
        return concrete(obs.hand, mv)


class MonteCarloPlayer(Player):
    """Determinized Monte Carlo; ``Config`` chooses between the flat and the expert form."""

    def __init__(self, level: str, config: Config) -> None:
        self.level = level
        self.config = config

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        moves = legal_moves_for(obs)
        if not moves:
            raise ValueError("it is not this seat's turn")
        if len(moves) == 1:
            return moves[0]
        cfg = self.config
        if obs.phase == "exchange":
            return smart_gift(obs, moves) if cfg.smart_gift else baseline_gift(obs, moves)
        deducer = Deducer(obs, use_ceiling=cfg.ceiling, use_play=cfg.deductions)
        if cfg.solver and sum(1 for n in obs.counts if n) == 2:
            sim = _sim(obs, deducer.sample(rng))  # the only consistent deal: all is known
            mv = endgame.solve(sim, obs.seat)
            if mv != "unknown":
                return concrete(obs.hand, mv)
        return concrete(obs.hand, self._search(obs, deducer, rng))

    def _search(self, obs: Observation, deducer: Deducer, rng: random.Random):
        cfg = self.config
        me = obs.seat
        hands = deducer.sample(rng)
        cands = _candidates(_sim(obs, hands), cfg.split_leads)
        if cfg.economy:
            cands = economical(obs, cands)
        k = len(cands)
        if k == 1:
            return cands[0]
        visits = [0] * k
        total = [0.0] * k
        policies = [cfg.opp_policy or cfg.policy] * 5
        policies[me] = cfg.policy
        cpu_end = time.thread_time() + cfg.time_limit
        wall_end = time.perf_counter() + cfg.wall_limit

        def thinking() -> bool:
            return time.thread_time() < cpu_end and time.perf_counter() < wall_end
        used = 0
        if not cfg.ucb:  # flat: each candidate on its own random deals, equally often
            while used < cfg.playouts and (used < k or thinking()):
                i = used % k
                sim = _sim(obs, deducer.sample(rng) if used else hands)
                sim.step(cands[i])
                total[i] += cfg.reward[sim.playout(policies).index(me)]
                visits[i] += 1
                used += 1
        else:  # paired: every candidate on the same deals, so differences are not noise
            alive = list(range(k))
            deals = 0
            plan = len(obs.hand) <= cfg.plan_cards
            while used < cfg.playouts and (deals < 2 or thinking()):
                if deals:
                    hands = deducer.sample(rng)
                for i in alive:
                    sim = _sim(obs, [h[:] for h in hands])
                    sim.step(cands[i])
                    if plan:
                        total[i] += cfg.reward[4 - lookahead.best_reward(sim, me, policies, [cfg.plan_nodes])]
                    else:
                        total[i] += cfg.reward[sim.playout(policies).index(me)]
                    visits[i] += 1
                used += len(alive)
                deals += 1
                if deals in (6, 12, 20) and len(alive) > 2:  # drop the clearly worse candidates
                    best = max(total[i] for i in alive)
                    alive = [i for i in alive if total[i] >= best - 0.25 * deals]
        best = max(range(k), key=lambda j: (total[j] / visits[j] if visits[j] else -1.0, visits[j]))
        return cands[best]


def _candidates(sim: Sim, split_leads: int = 2) -> list:
    """Moves worth searching: on a lead, whole groups (and split groups of the lowest ranks)."""
    moves = sim.moves()
    if sim.top_r >= 0:
        return moves
    h = sim.hands[sim.to_act()]
    low = [r for r in range(NR) if h[r]][:split_leads]
    return [(r, c) for r, c in moves if c == h[r] or r in low]


#: Ranks (fastsim indices) a good player saves for strong plays: the queen, king, ace and two (and the joker).
CONTROL = range(9, JOKER)
#: The highest rank of a play it is a waste to answer with a control card (an eight) or the joker (a ten).
LOW_FOR_CONTROL = 5
LOW_FOR_JOKER = 7
#: Until someone (us included) is this close to going out, a waste is never worth it.
PRESSURE_CARDS = 3


def economical(obs: Observation, cands: list) -> list:
    """The candidates without the plays that waste a strong card early (issue 32: the Vice President with ten
    cards spent the joker on a pair of threes; the President answered single fours with a king or a queen).

    When following a low play while nobody is near going out: no joker on a play of a ten or lower, and no
    queen, king, ace or two on a play of an eight or lower when a lower card beats it too.  The search still
    weighs passing and the sensible answers; going out is always kept.  The playouts' reward alone undervalues
    these cards: their worth is in the tricks they take later, which a short playout with weak opponents
    rarely shows.
    """
    top_r, _top_c = _top(obs)
    if top_r < 0:
        return cands
    n = len(obs.hand)
    others = [c for seat, c in enumerate(obs.counts) if seat != obs.seat and c]
    if n <= PRESSURE_CARDS or (others and min(others) <= PRESSURE_CARDS):
        return cands
    low_beat = any(mv is not None and mv[0] not in CONTROL and mv[0] != JOKER for mv in cands)
    keep = []
    for mv in cands:
        if mv is not None and mv[1] < n:  # (a play that goes out is always kept)
            r = mv[0]
            if r == JOKER and top_r <= LOW_FOR_JOKER:
                continue
            if r in CONTROL and top_r <= LOW_FOR_CONTROL and low_beat:
                continue
        keep.append(mv)
    return keep or cands


# ------------------------------------------------------------------ helpers

def _top(obs: Observation) -> tuple[int, int]:
    top = top_play(obs)
    if top is None:
        return -1, 0
    return acme_rank(top[1][0]), len(top[1])


def _rem(obs: Observation) -> list[int]:
    """Cards still held by anybody, per rank (public: the pack minus what was played)."""
    rem = [4] * NR
    rem[JOKER] = 1
    for _, cards in obs.log:
        for c in cards:
            rem[acme_rank(c)] -= 1
    return rem


def _sim(obs: Observation, hands: list[list[int]]) -> Sim:
    top = top_play(obs)
    if top is None:
        return Sim(hands, obs.roles, obs.finished, obs.leader)
    return Sim(hands, obs.roles, obs.finished, obs.leader, acme_rank(top[1][0]), len(top[1]),
               obs.pending, top[0])


def concrete(hand: tuple[str, ...], mv: tuple[int, int] | None) -> Move:
    """The actual cards for an abstract play: the lowest-suited cards of that rank."""
    if mv is None:
        return PASS
    r, c = mv
    cards = [x for x in hand if acme_rank(x) == r][:c]
    if len(cards) != c:
        raise ValueError("abstract play does not fit the hand")
    return Move("play", sort_hand(cards))


def baseline_gift(obs: Observation, moves: list[Move]) -> Move:
    """The lowest cards of the hand (forced gifts have one choice anyway)."""
    n = EXCHANGE[obs.gifts_made][2]
    low = sort_hand(obs.hand)[:n]
    for m in moves:
        if m.cards == low:
            return m
    return moves[0]


def hand_burden(cnt: list[int]) -> float:
    """How hard a hand is to shed: each low rank held is a trick to lead; lower is worse."""
    cost = 0.0
    for r in range(9):  # three up to jack
        if cnt[r]:
            cost += 9 - r
    return cost


def smart_gift(obs: Observation, moves: list[Move]) -> Move:
    """Give away what hurts most to keep: lonely low cards, never control cards."""
    if len(moves) == 1:
        return moves[0]
    best, best_key = moves[0], None
    base = counts(obs.hand)
    n = EXCHANGE[obs.gifts_made][2]
    for cards in combinations(sort_hand(obs.hand), n):
        cnt = base[:]
        for c in cards:
            cnt[acme_rank(c)] -= 1
        key = (hand_burden(cnt), sum(acme_rank(c) for c in cards))
        if best_key is None or key < best_key:
            best, best_key = Move("give", sort_hand(cards)), key
    return best


def make_player(level: str = DEFAULT_LEVEL, **overrides) -> Player:
    """A player of the named level; ``overrides`` tune a Monte Carlo player's Config."""
    if level == "random":
        return RandomPlayer()
    if level == "baseline":
        return BaselinePlayer()
    if level == "expert":
        return MonteCarloPlayer("expert", Config(**overrides))
    if level == "flatmc":
        cfg = dict(policy=baseline_policy, opp_policy=None, ucb=False, ceiling=False, solver=False,
                   smart_gift=False, deductions=False, plan_cards=0)
        cfg.update(overrides)
        return MonteCarloPlayer("flatmc", Config(**cfg))
    raise ValueError(f"unknown ACME level '{level}' (choose from {', '.join(LEVELS)})")


def choose_move(state: State, seat: int, level: str = DEFAULT_LEVEL, rng: random.Random | None = None,
                player: Player | None = None) -> Move:
    """Convenience for the table: the computer's move for ``seat``, seeing only its observation."""
    player = player or make_player(level)
    return player.choose(observe(state, seat), rng or random.Random())
