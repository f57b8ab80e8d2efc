"""Reviewing a round of ACME: at each of the player's decisions, what the Expert would have done and
what the player's choice cost, in finishing places.

Fair: every judgement starts from the player's own observation (`rules.observe(state, 0)`), never the
hidden hands.  At a decision with a real choice (the President's or Vice President's gift in the
exchange, a lead, a follow or a pass):

* The Expert's choice is the Expert's own (`players.make_player("expert")`), thinking with a fixed
  number of playouts instead of its clock, so the same round always reviews the same way.
* Suits never matter in ACME, so a choice of the same ranks as the Expert's is the Expert's choice and
  loses nothing.  Otherwise both choices are played out on the same sampled deals: in play the deals
  the Expert itself draws (`inference.Deducer`: hand sizes, the gifts the player gave and received,
  what passes and leads revealed); in the exchange, the cards the player has not seen dealt at random
  to the others' hands and to the gifts already on their way.  After the choice everyone plays as the
  Expert's playouts assume (the Expert's policy for the player, with its exact planning of the last
  few cards; the seed's "lead low, follow low" for the others; the others' gifts as the Expert gives).
  A deal is worth the player's finishing place (1 first .. 5 last).
* The cost is the mean difference of places (the player's choice minus the Expert's), never below
  zero.

A move is marked a mistake when it cost at least `MISTAKE_PLACES` of a place on average and the
difference stands out of the sampling noise (`MISTAKE_Z` standard errors of the paired mean).  Those
thresholds were chosen by reviewing Expert-against-Expert rounds: in 20 rounds (188 of the player's
decisions) the Expert's own moves, thinking on its clock, were marked once (a pass where the review's
Expert plays a pair, 1.4 places) and otherwise cost at most 0.2 of a place; a random legal move costs
0.14 at the median and over 0.8 one time in ten, and the joker thrown on a queen that an ace beats a
whole place.

Budget: ``budget`` seconds of CPU for the whole review, turned into a number of sampled deals per
decision by a measured rate (`DEAL_S`), never by reading a clock, so the result is the same whatever
the machine's load.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from game.acme import lookahead, rules
from game.acme.fastsim import Sim, baseline_policy, smart_policy
from game.acme.inference import Deducer, counts
from game.acme.players import Config, make_player, smart_gift
from game.acme.players import _sim as observed_sim
from game.cards import full_pack
from game.movereview import forced, mistakes_summary, paired_stats, position_rng, replay, walk

DEFAULT_BUDGET = 20.0
MISTAKE_PLACES = 0.3
MISTAKE_Z = 2.5
#: Measured CPU seconds of one sampled deal with both choices played out, and of the Expert's choice.
DEAL_S = 0.0006
EXPERT_S = 0.06
#: Sampled deals per decision, at least and at most.
MIN_DEALS, MAX_DEALS = 40, 600
EXPERT_PLAYOUTS = Config().playouts

#: How everyone plays after the choice: the player as the Expert's playouts, the others as it assumes.
POLICIES = [smart_policy] + [baseline_policy] * 4
PLAN_CARDS = Config().plan_cards
PLAN_NODES = Config().plan_nodes


def _is_decision(state: rules.State) -> bool:
    return rules.current_player(state) == 0 and len(rules.legal_moves(state)) > 1


def deals_for(budget: float, states: Sequence[rules.State]) -> int:
    """Sampled deals per decision so that judging every decision in ``states`` fits ``budget``."""
    decisions = sum(1 for s in states if _is_decision(s))
    if not decisions:
        return MIN_DEALS
    return max(MIN_DEALS, min(MAX_DEALS, int((budget / decisions - EXPERT_S) / DEAL_S)))


def ranks(move: rules.Move) -> tuple[str, tuple[int, ...]]:
    """A move as ACME sees it: suits never matter."""
    return move.kind, tuple(rules.acme_rank(c) for c in move.cards)


def abstract(move: rules.Move) -> tuple[int, int] | None:
    """A play as the fast model writes it: (rank, count), or None for a pass."""
    return None if move.kind == "pass" else (rules.acme_rank(move.cards[0]), len(move.cards))


def place_after(sim: Sim, me: int = 0) -> int:
    """The player's finishing place (1..5) once the round in ``sim`` is played out after a choice."""
    if me in sim.finished:
        return sim.finished.index(me) + 1
    if sim.n[me] <= PLAN_CARDS:
        return 5 - lookahead.best_reward(sim, me, POLICIES, [PLAN_NODES])
    return sim.playout(POLICIES).index(me) + 1


def review_expert():
    """The Expert Review compares the player's moves with (and the Hint asks, `hint_choice`): a fixed number
    of playouts, never a clock, so the same position always gets the same answer."""
    return make_player("expert", playouts=EXPERT_PLAYOUTS, time_limit=float("inf"), wall_limit=float("inf"))


def hint_choice(obs: rules.Observation, n: int) -> rules.Move:
    """The Hint's move at the round's ``n``-th move: the very choice Review compares the player's with there
    (round 13: a pass made on the Hint's word could be marked a mistake: the Hint thought with its clock and
    its own seed, Review with fixed playouts seeded by the position)."""
    return review_expert().choose(obs, position_rng("acme", n, obs))


class AcmeJudge:
    """Judges the player's decisions of one round (see the module docstring)."""

    def __init__(self, deals: int) -> None:
        self.deals = deals
        self.expert = review_expert()

    def __call__(self, state: rules.State, move: rules.Move, n: int) -> dict[str, Any]:
        legal = rules.legal_moves(state)
        if len(legal) == 1:
            return forced(legal[0])
        obs = rules.observe(state, 0)
        rng = position_rng("acme", n, obs)
        best = self.expert.choose(obs, rng)
        cost, noise = (0.0, 0.0) if ranks(best) == ranks(move) else self.loss(state, obs, best, move, rng)
        mistake = cost >= MISTAKE_PLACES and cost > MISTAKE_Z * noise
        return {"expert": str(best), "cost": round(cost, 2), "mark": "mistake" if mistake else None}

    def loss(self, state: rules.State, obs: rules.Observation, best: rules.Move, move: rules.Move,
             rng: random.Random) -> tuple[float, float]:
        """(mean places the player's move lost against ``best``, the standard error of that mean)."""
        diffs = []
        if state.phase == "exchange":
            for _ in range(self.deals):
                det = _deal_exchange(state, rng)
                diffs.append(_exchange_place(det, move) - _exchange_place(det, best))
        else:
            deducer = Deducer(obs, use_ceiling=self.expert.config.ceiling, use_play=self.expert.config.deductions)
            mine, theirs = abstract(move), abstract(best)
            for _ in range(self.deals):
                hands = deducer.sample(rng)
                places = []
                for mv in (mine, theirs):
                    sim = observed_sim(obs, [h[:] for h in hands])
                    sim.step(mv)
                    places.append(place_after(sim))
                diffs.append(places[0] - places[1])
        mean, se = paired_stats(diffs)
        return max(0.0, mean), se


def _deal_exchange(state: rules.State, rng: random.Random) -> rules.State:
    """The exchange with every card the player has not seen dealt afresh: the others' hands and the
    gifts of the others already on their way (the player's own gift stays what it was)."""
    gifts = list(state.gifts)
    known = set(state.hands[0])
    for i, g in enumerate(gifts):
        if state.roles[rules.EXCHANGE[i][0]] == 0:
            known.update(g)
    pool = [c for c in full_pack(1) if c not in known]
    rng.shuffle(pool)
    hands = list(state.hands)
    for seat in range(1, 5):
        k = len(hands[seat])
        hands[seat], pool = rules.sort_hand(pool[:k]), pool[k:]
    for i, g in enumerate(gifts):
        if state.roles[rules.EXCHANGE[i][0]] != 0:
            gifts[i], pool = rules.sort_hand(pool[:len(g)]), pool[len(g):]
    return rules.State(hands=tuple(hands), roles=state.roles, phase=state.phase, gifts=tuple(gifts),
                       leader=state.leader)


def _exchange_place(det: rules.State, move: rules.Move) -> int:
    """The player gives ``move`` in the determinized exchange; the others give as the Expert; play out."""
    s = rules.apply(det, move)
    while s.phase == "exchange":
        giver = rules.current_player(s)
        s = rules.apply(s, smart_gift(rules.observe(s, giver), rules.legal_moves(s)))
    sim = Sim([counts(h) for h in s.hands], s.roles, s.finished, s.leader)
    return place_after(sim)


def review_moves(start: rules.State, moves: Sequence[rules.Move], *, budget: float = DEFAULT_BUDGET,
                 progress: Callable[[float], None] | None = None,
                 should_stop: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    """One review entry per move (see `game.movereview.walk`); costs in finishing places."""
    states = replay(rules, start, moves)
    judge = AcmeJudge(deals_for(budget, states))
    return walk(rules, states, moves, judge, progress=progress, should_stop=should_stop)


#: how a cost is said: '0.40 of a place', '1.20 places'
UNIT = ("place", "places", 2)


def describe(state: rules.State, move: rules.Move) -> str:
    """A move in the round log's voice, as a verb phrase: 'give the king of clubs', 'lead a pair of sevens',
    'play a single ten', 'pass' (suits never matter in play, so a play is named by its rank)."""
    if move.kind == "give":
        return f"give {rules.describe_cards(move.cards)}"
    if move.kind == "pass":
        return "pass"
    return f"{'lead' if not rules.trick_plays(state) else 'play'} {rules.describe(move.cards)}"


def hidden_describe(state: rules.State, move: rules.Move) -> str | None:
    """A gift between two other seats in words that keep its cards hidden ('give two cards'), as the table and
    the round log showed it (None: the player saw the move's cards)."""
    if move.kind != "give" or 0 in (rules.exchange_giver(state), rules.exchange_receiver(state)):
        return None
    return "give two cards" if len(move.cards) == 2 else "give a card"


def summarize(entries: Sequence[dict[str, Any]]) -> str:
    """'2 mistakes, about 0.8 places'."""
    return mistakes_summary(entries, "place", "places", digits=1)
