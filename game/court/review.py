"""Reviewing a game of Affairs of the Court: at each of the player's decisions, what the Expert would
have done and what the player's choice cost, in points.

Fair: every judgement starts from the player's own observation (`rules.observe(state, 0)`), never the
hidden cards.  At a decision with a real choice (a keep or discard at the first card of a pair, a card
to play with more than one allowed, a bonus card or stopping):

* The Expert's choice is the Expert's own (`players.ExpertPlayer`), thinking with a fixed number of
  samples instead of its clock, so the same game always reviews the same way.
* When the player chose the same, nothing was lost.  Otherwise both choices are played out on the same
  sampled deals (determinizations consistent with the player's observation: the opponent's hand, its
  discards and the pack order drawn from the unseen cards, respecting suits the opponent showed it
  lacks), with common random numbers for the two, to the end of the round.  After the choice each seat
  plays from its own view only (`blind_rollout`): the Expert's draw, then each lead chosen against hands
  the follower could hold as far as the leader knows (`Blind`: its own hand, the table, what has been
  played and captured, the suits the other showed it lacks; never the other's hand), averaged over
  `GUESSES` of them (`players.guarded_lead`), each follow from the follower's own hand, the Expert's
  exact bonus.  A deal is worth the player's total minus the opponent's at the
  round's end, in points, plus `GAME_POINTS` when that end wins the game (less the same when it loses
  it, half as much for a drawn game), so a move that throws the game away counts even where the
  spread does not move.
* The cost is the mean difference (the Expert's choice minus the player's), never below zero.  The entry
  also says what it is made of, measured on the same deals (`outcome_fields`): the points by the round's
  end and the share of deals where the game is won more or lost less; the status line and the summary say
  those (`cost_words`), never the sum, whose games counted as points no score panel shows.  The
  bonus needs no sampling: nothing is hidden then, and its value is exact (so any point it throws
  away, `MISTAKE_EXACT_POINTS`, is a mistake).

A move is marked a mistake when it cost at least `MISTAKE_POINTS` and the difference stands out of the
sampling noise (`MISTAKE_Z` standard errors of the paired mean).  Re-measured with the own-view rollouts on
Expert-against-Expert games (10 games, 1,649 of the player's decisions): 99% of the Expert's moves cost
under 11 points; 16 reached 12 and 12 were marked, and the three of those checked by play-outs with the
real Expert on both seats were a real Expert slip (13 points) and two within 6 points.

Why own-view rollouts (issue 32, marks that look wrong): the rollouts used to be double-dummy, each side
playing with the other's hand in view, so a held switch (the ace of spades, the ace of hearts) was never led
into and weighed two or three times what it does in play.  Against play-outs where both seats are the real
Expert, each from its own observation (Intermediate-against-Expert games, 60-200 deals each, in points of
spread): game 12 move 53, leading the king of hearts at 100-100 holding the ace of spades, double-dummy 43
points worse than the five (a mistake), own-view 9 (none), the play-outs 3 better; game 4 move 234, the six
of clubs rather than the ace of spades, 50, 27 and 14; game 1 move 214, 50, 30 and 22.  On the 39 plays of
games 1-4 that either rollout marked, the mean distance from the play-outs' points fell from 14 points to
10.

Early plays (issue 32, early marks): the own-view rollout's play is one turn deep, so a long round played
out from an early position blurs what a piece is worth later: feeding the queen of diamonds to the king at
100-100 in round 1 (the test's game 1 move 56) costs about 18 points by the play-outs and 9-11 by the
rollouts, under the mark.  So an early play (`EARLY_CARDS` or more in the player's hand) that the rollouts
find may cost a mark (`REFINE_FLOOR`) is judged again with the real Expert playing the next turn from each
seat's own view before the rollout (`CourtJudge.refine`; a count of them per game, `REFINE_BUDGET`).
Measured against play-outs by the real Expert on both seats to the round's end (40-200 deals each, in
points of spread) on 16 early plays (the three above, and those the rollouts put at 6 points or more in
random players' games 11-15 against the Expert: tools/court_review_playouts.py): the mean distance fell from 12.7
points to 7.7 (8.8 to 6.7 without game 15 move 142, where the game was at stake: 30 and 78 against 100).
The queen: 16.9 (18), a mark; the king of hearts -7.8 (3 better); two marks the rollouts made that the
play-outs put far under the mark are gone (game 11 move 53, 14.8 -> 11.5, play-outs 4.8; game 15 move 61,
13.2 -> 3.8, play-outs 5.0); no play the play-outs put under the mark was marked anew.

Budget: ``budget`` seconds of CPU for the whole review, turned into a number of sampled deals per
decision by measured rates (`DRAW_DEAL_S`, `PLAY_DEAL_S`), never by reading a clock, so the result is
the same whatever the machine's load; the refinements come on top (`REFINE_BUDGET`): the test's
237-move game with a random player reviews in about 13 s of CPU (8.2 without them).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from game.cards import the_card
from game.court import rules
from game.court.players import (
    DEFAULT_ROUND_LIMIT,
    ExpertPlayer,
    _Sim,
    best_bonus,
    expert_draw_choice,
    fast_follow,
    guarded_lead,
    opponent_voids,
    sample_opponent_hand,
    unseen_cards,
)
from game.movereview import forced, mistakes_summary, paired_stats, position_rng, replay, walk
from game.review import wording

DEFAULT_BUDGET = 20.0
#: What ending the game is worth beyond the round's spread (a win +, a loss -, a draw - half).
GAME_POINTS = 50
MISTAKE_POINTS = 12.0
MISTAKE_Z = 2.5
#: Where nothing is hidden (the bonus), any point thrown away is a mistake.
MISTAKE_EXACT_POINTS = 1.0
#: Measured CPU seconds of one sampled deal, both choices played out with own-view rollouts (about 2.4 ms
#: in the draw, 0.66 ms in play, averaged over two games' decisions), and of the Expert's own choice of a
#: card to play.
DRAW_DEAL_S = 0.0035
PLAY_DEAL_S = 0.001
EXPERT_PLAY_S = 0.01
#: Sampled deals per decision, at least and at most.
MIN_DEALS, MAX_DEALS = 24, 400
#: The Expert's own samples per decision (its default clock allows about this many on a quiet machine).
EXPERT_DETERMINIZATIONS = 60
EXPERT_ROLLOUTS = 700
#: Early plays judged again with the real Expert's look-ahead (`CourtJudge.refine`): a play with at least
#: `EARLY_CARDS` cards in the player's hand (a long round ahead, where the one-turn rollouts blur most), that
#: the own-view rollouts find costing at least `REFINE_FLOOR` points (what could be a mark), on `REFINE_DEALS`
#: deals, the real Expert (`LOOK_DETERMINIZATIONS`, `LOOK_ROLLOUTS`) playing both seats from their own views
#: for `LOOK_TURNS` turn(s) before the own-view rollout.  About `REFINE_DEAL_S` CPU seconds a deal (both
#: choices, measured in round 1); at most `REFINE_BUDGET` seconds of them a game, the first such plays first.
EARLY_CARDS = 8
REFINE_FLOOR = 6.0
REFINE_DEALS = 120
LOOK_TURNS = 1
LOOK_DETERMINIZATIONS, LOOK_ROLLOUTS = 10, 100
REFINE_DEAL_S = 0.0125
REFINE_BUDGET = 4.5


def _is_decision(state: rules.State) -> bool:
    return rules.current_player(state) == 0 and len(rules.legal_moves(state)) > 1


def deals_for(budget: float, states: Sequence[rules.State]) -> int:
    """Sampled deals per decision so that judging every decision in ``states`` fits ``budget``."""
    decisions = [s for s in states if _is_decision(s)]
    per_deal = sum(DRAW_DEAL_S if s.phase == "draw" else PLAY_DEAL_S for s in decisions)
    fixed = sum(EXPERT_PLAY_S for s in decisions if s.phase == "play")
    if not per_deal:
        return MIN_DEALS
    return max(MIN_DEALS, min(MAX_DEALS, int((budget - fixed) / per_deal)))


class RoundEnd(NamedTuple):
    """A round's end as the player reads it: the spread of the totals, in points, and the game's result if
    that end decides it (1 won, -1 lost, -0.5 drawn by both going out, 0 a tie on the last round or not
    over).  The two are kept apart so that a mark says each in its own words: a game counted as
    `GAME_POINTS` is no point a player can find on the score panel."""

    spread: float
    outcome: float

    @property
    def value(self) -> float:
        """What the judgement weighs: the spread plus the game."""
        return self.spread + GAME_POINTS * self.outcome


def round_end(me: int, opp: int, round_no: int, round_limit: int) -> RoundEnd:
    """The player's `RoundEnd` for totals ``me`` and ``opp`` at the end of round ``round_no``."""
    fixed = round_limit < DEFAULT_ROUND_LIMIT
    if (me <= 0 or opp <= 0) and not fixed:
        outcome = -0.5 if (me <= 0 and opp <= 0) else (1.0 if opp <= 0 else -1.0)
    elif round_no >= round_limit:
        outcome = 0.0 if me == opp else (1.0 if me > opp else -1.0)
    else:
        outcome = 0.0
    return RoundEnd(float(me - opp), outcome)


def game_value(me: int, opp: int, round_no: int, round_limit: int) -> float:
    """What totals at a round's end are worth to the player: the spread, plus the game if it ends."""
    return round_end(me, opp, round_no, round_limit).value


def outcome_fields(best: Sequence[RoundEnd], played: Sequence[RoundEnd]) -> dict[str, float]:
    """What a mark says beside its weight, each measured on the same deals: ``points``, how many more points
    of spread the Expert's choice ends the round with (negative: fewer); ``more_won`` and ``fewer_lost``, the
    share of deals where it wins the game that the player's choice does not win, less the reverse, and the
    same for losing it (1.0 = always; an exact judgement has one deal)."""
    n = len(best) or 1
    won = sum((b.outcome == 1.0) - (p.outcome == 1.0) for b, p in zip(best, played, strict=True))
    lost = sum((p.outcome == -1.0) - (b.outcome == -1.0) for b, p in zip(best, played, strict=True))
    points = sum(b.spread - p.spread for b, p in zip(best, played, strict=True))
    return {"points": round(points / n, 1), "more_won": round(won / n, 2), "fewer_lost": round(lost / n, 2)}


class CourtJudge:
    """Judges the player's decisions of one game (see the module docstring)."""

    def __init__(self, deals: int) -> None:
        self.deals = deals
        self.expert = review_expert()
        self.look = ExpertPlayer(determinizations=LOOK_DETERMINIZATIONS, rollout_budget=LOOK_ROLLOUTS,
                                 time_limit=float("inf"))
        #: early plays this judge may still refine (`refine`): a count, never a clock, so a game always
        #: reviews the same way
        self.refines_left = int(REFINE_BUDGET / (REFINE_DEALS * REFINE_DEAL_S))

    def __call__(self, state: rules.State, move: rules.Move, n: int) -> dict[str, Any]:
        legal = rules.legal_moves(state)
        if len(legal) == 1:
            return forced(legal[0])
        view = rules.observe(state, 0)
        if state.phase == "play" and nothing_hidden(view):
            try:
                return self.exact(state, legal, move)
            except TooBig:
                pass  # a long ending with everything known: judged by sampling like any other play
        rng = position_rng("court", n, view)
        best = self.expert.choose(view, rng)
        if best == move:
            cost, noise, said = 0.0, 0.0, {}
        else:
            cost, noise, said = self.loss(state, view, best, move, rng)
        if state.phase == "bonus":
            mistake = cost >= MISTAKE_EXACT_POINTS
        else:
            mistake = cost >= MISTAKE_POINTS and cost > MISTAKE_Z * noise
        out = {"expert": str(best), "cost": round(cost, 1), "mark": "mistake" if mistake else None, **said}
        if state.phase == "bonus":
            out["exact"] = True  # nothing hidden: the status line says "exactly", not "about"
        return out

    @staticmethod
    def exact(state: rules.State, legal: Sequence[rules.Move], move: rules.Move) -> dict[str, Any]:
        """A play where nothing hidden matters (`nothing_hidden`): every choice is played out exactly to the
        round's end, so the mark is what a player finds by reading the outcomes, with no sampling and no
        rollout's guess; the best choice is the Expert's, any point thrown away a mistake (as in the bonus)."""
        ends = exact_ends(state, legal)
        best = max(legal, key=lambda m: (ends[m].value, m == move))  # a tie keeps the player's own choice
        cost = round(ends[best].value - ends[move].value, 1)
        said = outcome_fields([ends[best]], [ends[move]]) if best != move else {}
        return {"expert": str(best), "cost": cost, "mark": "mistake" if cost >= MISTAKE_EXACT_POINTS else None,
                **said, "exact": True}

    def loss(self, state: rules.State, view: rules.View, best: rules.Move, move: rules.Move,
             rng: random.Random) -> tuple[float, float, dict[str, float]]:
        """(mean value the player's move lost against ``best``, the standard error of that mean, what it
        comes to in points and games: `outcome_fields`), both choices played out on the same deals."""
        if state.phase == "bonus":
            b, p = self._bonus_value(state, best), self._bonus_value(state, move)
            return max(0.0, b.value - p.value), 0.0, outcome_fields([b], [p])
        ends: list[tuple[RoundEnd, RoundEnd]] = []
        if state.phase == "draw":
            for _ in range(self.deals):
                det, seed = _determinize_draw(state, view, rng), rng.random()
                ends.append((self._draw_value(det, view, best, random.Random(seed)),
                             self._draw_value(det, view, move, random.Random(seed))))
        else:
            pool, voids = unseen_cards(view), opponent_voids(view)
            # what each seat knows the other lacks, from the turns both have seen
            lacks = (opponent_voids(rules.observe(state, 1)), voids)
            for _ in range(self.deals):
                opp, seed = sample_opponent_hand(view, rng, pool, voids), rng.random()
                hidden = set(pool).difference(opp)  # the opponent's discards, in this deal
                args = (state, view, opp, hidden, lacks)
                ends.append((self._play_value(*args, best.card, random.Random(seed)),
                             self._play_value(*args, move.card, random.Random(seed))))
        mean, se = paired_stats([b.value - p.value for b, p in ends])
        if state.phase == "play" and len(view.hand) >= EARLY_CARDS and mean >= REFINE_FLOOR and self.refines_left:
            self.refines_left -= 1
            return self.refine(state, view, best, move, rng)
        return max(0.0, mean), se, outcome_fields([b for b, _ in ends], [p for _, p in ends])

    def refine(self, state: rules.State, view: rules.View, best: rules.Move, move: rules.Move,
               rng: random.Random) -> tuple[float, float, dict[str, float]]:
        """An early play judged again, as `loss` judges it, but with the real Expert playing the next
        `LOOK_TURNS` turn(s) after the choice, each seat from its own observation (it samples the hands it
        cannot see: determinization), before the own-view rollout.  Why (issue 32, early marks): the rollout's
        play is one turn deep, so over a long round it blurs what a piece is worth later; against play-outs by
        the real Expert on both seats (60-200 deals each), feeding the queen of diamonds to the king in round 1
        (play-outs about 18 points) was 9-11 by the rollouts and is 14-15 so; leading the king of hearts
        holding the ace of spades (play-outs 3 points better) 4-9 and now within 4 of 0."""
        pool, voids = unseen_cards(view), opponent_voids(view)
        ends: list[tuple[RoundEnd, RoundEnd]] = []
        for _ in range(REFINE_DEALS):
            opp, seed = sample_opponent_hand(view, rng, pool, voids), rng.random()
            hidden = tuple(c for c in pool if c not in opp)  # the opponent's discards, in this deal
            det = replace(state, hands=(state.hands[0], rules.sort_hand(opp)), seen=(state.seen[0], hidden))
            ends.append((self._look_value(det, view, best, random.Random(seed)),
                         self._look_value(det, view, move, random.Random(seed))))
        mean, se = paired_stats([b.value - p.value for b, p in ends])
        return max(0.0, mean), se, outcome_fields([b for b, _ in ends], [p for _, p in ends])

    def _look_value(self, det: rules.State, view: rules.View, move: rules.Move, rng: random.Random) -> RoundEnd:
        """``move`` in the determinized ``det``; the real Expert on both seats, each from its own view, for
        `LOOK_TURNS` turn(s); then the own-view rollout (`_finish`), or the round's end if it came first."""
        s, round_no, turns = rules.apply(det, move), det.round_no, 0
        while s.round_no == round_no and s.phase != "over":
            if s.phase == "play" and not s.table:
                if turns == LOOK_TURNS:
                    break
                turns += 1
            s = rules.apply(s, self.look.choose(rules.observe(s, rules.current_player(s)), rng))
        if s.round_no != round_no or s.phase == "over":
            end = s.last_round.totals if s.last_round is not None else s.totals
            return round_end(end[0], end[1], round_no, det.round_limit)
        if s.phase == "bonus":  # nothing hidden: the Expert's exact bonus
            return exact_end(s, round_no, det.round_limit)
        sim = _Sim([list(s.hands[0]), list(s.hands[1])], [s.totals[0], s.totals[1]], s.leader, None)
        lacks = [opponent_voids(rules.observe(s, 1)), opponent_voids(rules.observe(s, 0))]
        blind = Blind.start(sim.hands, [set(s.seen[0]), set(s.seen[1])], [set(s.captured[0]), set(s.captured[1])],
                            lacks)
        return self._finish(sim, view, blind, rng)

    # ------------------------------------------------------------------ playing a choice out

    def _finish(self, sim: _Sim, view: rules.View, blind: Blind, rng: random.Random) -> RoundEnd:
        """Play a determinized round to its end, each seat from its own view (`blind_rollout`)."""
        blind_rollout(sim, view, blind, rng)
        self.expert._rollout(sim, view)  # one hand is empty: only the cards left over are counted
        return round_end(sim.totals[0], sim.totals[1], view.round_no, view.round_limit)

    def _play_value(self, state: rules.State, view: rules.View, opp_hand: list[str], opp_discards: set[str],
                    lacks: tuple[set[str], set[str]], card: str, rng: random.Random) -> RoundEnd:
        """The player plays ``card`` now, the opponent holding ``opp_hand`` and having discarded
        ``opp_discards``; ``lacks[s]``: the suits seat s is known to hold none of."""
        hands = [[x for x in view.hand if x != card], list(opp_hand)]
        totals = [view.totals[0], view.totals[1]]
        if view.table:  # the opponent led: the player's card ends the turn
            sim = _Sim(hands, totals, 1, view.table[0])
            lead, follow = view.table[0], card
        else:
            sim = _Sim(hands, totals, 0, card)
            lead = card
            follow = fast_follow(card, hands[1], totals[0], totals[1], view.follow_suit)
            hands[1].remove(follow)
        blind = Blind.start(hands, [set(view.seen), opp_discards],
                            [set(state.captured[0]), set(view.opp_captured)], [set(x) for x in lacks])
        follower = 0 if view.table else 1
        ExpertPlayer._finish_turn(sim, follow, view)
        blind.after_turn(sim, lead, follow, follower, view.follow_suit)
        return self._finish(sim, view, blind, rng)

    def _draw_value(self, det: rules.State, view: rules.View, move: rules.Move, rng: random.Random) -> RoundEnd:
        """The player keeps or discards in the determinized draw ``det``; both draw as the Expert after."""
        s = rules.apply(det, move)
        while s.phase == "draw":
            if s.draw_step == 1:
                choice = rules.Move("discard" if s.kept_first else "keep")
            else:
                choice = expert_draw_choice(rules.observe(s, s.drawer))
            s = rules.apply(s, choice)
        sim = _Sim([list(s.hands[0]), list(s.hands[1])], [s.totals[0], s.totals[1]], s.leader, None)
        blind = Blind.start(sim.hands, [set(s.seen[0]), set(s.seen[1])], [set(), set()], [set(), set()])
        return self._finish(sim, view, blind, rng)

    @staticmethod
    def _bonus_value(state: rules.State, move: rules.Move) -> RoundEnd:
        """Exact: the player's bonus move, then the Expert's bonus to the round's end."""
        s = rules.apply(state, move)
        while s.phase == "bonus" and s.round_no == state.round_no:
            s = rules.apply(s, best_bonus(rules.observe(s, 0)))
        end = s.last_round.totals  # the bonus always ends the round
        return round_end(end[0], end[1], state.round_no, state.round_limit)


@dataclass
class Blind:
    """What each seat of a rollout cannot see, so that it plays from its own view (`blind_rollout`):
    ``pools[s]``, the cards seat s has not seen that the other may hold (the other's hand and discards);
    ``known[s]``, the cards of seat s's hand the other has seen (its captures); ``lacks[s]``, the suits the
    other knows seat s holds none of (it failed to follow, or they were purged)."""

    pools: list[set[str]]
    known: list[set[str]]
    lacks: list[set[str]]
    discards: list[set[str]]

    @classmethod
    def start(cls, hands: list[list[str]], discards: list[set[str]], known: list[set[str]],
              lacks: list[set[str]]) -> Blind:
        known = [known[s] & set(hands[s]) for s in (0, 1)]
        pools = [(set(hands[1 - s]) - known[1 - s]) | discards[1 - s] for s in (0, 1)]
        return cls(pools, known, lacks, discards)

    def guesses(self, seat: int, hand: list[str], rng: random.Random, n: int) -> list[list[str]]:
        """``n`` hands seat ``seat`` could hold, as the other imagines them: its known cards and a draw from
        the other's pool that respects the suits it is known to lack (the pool in the pack's order, so the
        draw never depends on how a set happens to be ordered)."""
        known = [c for c in hand if c in self.known[seat]]
        need = len(hand) - len(known)
        pool = [c for c in rules.FULL_PACK if c in self.pools[1 - seat]]
        ok = [c for c in pool if c[1] not in self.lacks[seat]]
        if len(ok) < need:
            ok = pool
        return [known + rng.sample(ok, need) for _ in range(n)]

    def after_turn(self, sim: _Sim, lead: str, follow: str, follower: int, follow_suit: bool) -> None:
        """Learn what both seats saw in a turn just played: a failure to follow, a capture, a purge."""
        if follow_suit and follow[1] != lead[1]:
            self.lacks[follower].add(lead[1])
        for s in (0, 1):
            self.pools[s] -= {lead, follow}
            hand = set(sim.hands[s])
            self.known[s] = {c for c in self.known[s] if c in hand} | ({lead, follow} & hand)
        if lead[1] == follow[1] and {lead[0], follow[0]} == {"J", "Q"}:
            for s in (0, 1):
                self.lacks[s].add(lead[1])
        for s in (0, 1):
            self.pools[s] &= set(sim.hands[1 - s]) | self.discards[1 - s]
            self.pools[s] -= self.known[1 - s]


#: Hands a rollout's leader imagines the follower holding, for each lead (`players.guarded_lead`): with
#: fewer, one guess without the switch ace leads straight into it (game 12 move 53: 16 points at 4, 9 at 8).
GUESSES = 8


def blind_rollout(sim: _Sim, view: rules.View, blind: Blind, rng: random.Random) -> None:
    """Play the turns of a determinized round until a hand is empty, each seat from its own view: the leader
    leads as the Expert's rollout does (`fast_lead`) against a hand the follower could hold as far as the
    leader knows (`Blind.guesses`), never the follower's real hand; the follower answers from its own hand
    (`fast_follow`).  With both hands in view (double-dummy) a held switch ace is never led into, so it
    weighed two or three times what it does in play (see the module docstring)."""
    fs, hands, t = view.follow_suit, sim.hands, sim.totals
    while hands[0] and hands[1]:
        ld = sim.leader
        fo = 1 - ld
        lead = guarded_lead(hands[ld], blind.guesses(fo, hands[fo], rng, GUESSES), t[ld], t[fo], fs)
        hands[ld].remove(lead)
        follow = fast_follow(lead, hands[fo], t[ld], t[fo], fs)
        hands[fo].remove(follow)
        sim.lead = lead
        ExpertPlayer._finish_turn(sim, follow, view)
        blind.after_turn(sim, lead, follow, fo, fs)


def nothing_hidden(view: rules.View) -> bool:
    """In play, the opponent holds no card the player has not seen (none, or only cards it captured): the
    rest of the round depends on nothing hidden (its discards never come back), so it can be judged exactly."""
    return view.phase == "play" and view.opp_hand_size == len(view.opp_captured)


#: positions `exact_end` may visit for one judgement (an opponent left with one or two known cards takes
#: a few dozen; a long ending where captures keep its hand up could take millions)
EXACT_NODES = 20_000


class TooBig(Exception):
    """The exact play-out would visit more than `EXACT_NODES` positions."""


def exact_end(s: rules.State, round_no: int, round_limit: int, budget: list[int] | None = None) -> RoundEnd:
    """The `RoundEnd` reached from ``s`` with every card known: each play chosen by both sides (the player
    the best for it, the opponent the worst for it, by its `RoundEnd.value`), each bonus as the Expert plays
    it.  ``budget`` (one count, shared by the calls of one judgement) raises `TooBig` when it runs out."""
    budget = [EXACT_NODES] if budget is None else budget
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig
    if s.round_no != round_no or s.phase == "over":
        end = s.last_round.totals if s.last_round is not None else s.totals
        return round_end(end[0], end[1], round_no, round_limit)
    if s.phase == "bonus":
        return exact_end(rules.apply(s, best_bonus(rules.observe(s, s.bonus_player))), round_no, round_limit,
                         budget)
    ends = [exact_end(rules.apply(s, m), round_no, round_limit, budget) for m in rules.legal_moves(s)]
    pick = max if rules.current_player(s) == 0 else min
    return pick(ends, key=lambda e: e.value)


def review_expert() -> ExpertPlayer:
    """The Expert Review compares the player's moves with (and the Hint asks, `hint_choice`): a fixed number of
    samples, never a clock, so the same position always gets the same answer."""
    return ExpertPlayer(determinizations=EXPERT_DETERMINIZATIONS, rollout_budget=EXPERT_ROLLOUTS,
                        time_limit=float("inf"))


def exact_ends(state: rules.State, legal: Sequence[rules.Move]) -> dict[rules.Move, RoundEnd]:
    """Each choice played out exactly to the round's end (`exact_end`, one node budget for them all: raises
    `TooBig`), where nothing hidden matters."""
    budget = [EXACT_NODES]
    return {m: exact_end(rules.apply(state, m), state.round_no, state.round_limit, budget) for m in legal}


def hint_choice(view: rules.View, n: int, known: rules.State | None = None) -> rules.Move:
    """The Hint's move: the very choice Review compares the player's with at that move (round 12: a move
    made on the Hint's word was marked a mistake, "the Expert would have played J♠": the Hint thought with
    its clock and its own seed, Review with fixed samples).  ``known``: the state, given only where nothing
    is hidden from the player (`nothing_hidden`), where Review plays every choice out exactly."""
    legal = list(view.legal)
    if len(legal) == 1:
        return legal[0]
    if known is not None and known.phase == "play" and nothing_hidden(view):
        try:
            ends = exact_ends(known, legal)
            return max(legal, key=lambda m: ends[m].value)
        except TooBig:
            pass
    return review_expert().choose(view, position_rng("court", n, view))


def _determinize_draw(state: rules.State, view: rules.View, rng: random.Random) -> rules.State:
    """The draw with the cards the player has not seen dealt afresh: the opponent's hand and discards
    and the pack behind the card the player is looking at."""
    hidden = unseen_cards(view)
    rng.shuffle(hidden)
    n_hand, n_seen = view.opp_hand_size, view.opp_seen_count
    opp_hand = rules.sort_hand(hidden[:n_hand])
    opp_seen = tuple(hidden[n_hand:n_hand + n_seen])
    rest = tuple(hidden[n_hand + n_seen:])
    pack = ((view.turned,) if view.turned else ()) + rest
    return replace(state, hands=(state.hands[0], opp_hand), seen=(state.seen[0], opp_seen), pack=pack)


def review_moves(start: rules.State, moves: Sequence[rules.Move], *, budget: float = DEFAULT_BUDGET,
                 progress: Callable[[float], None] | None = None,
                 should_stop: Callable[[], bool] | None = None) -> list[dict[str, Any]]:
    """One review entry per move (see `game.movereview.walk`); costs in points."""
    states = replay(rules, start, moves)
    judge = CourtJudge(deals_for(budget, states))
    return walk(rules, states, moves, judge, progress=progress, should_stop=should_stop,
                weight=lambda st: DRAW_DEAL_S if st.phase == "draw" else PLAY_DEAL_S)


#: how a cost is said: '12.5 points'
UNIT = ("point", "points", 1)


def hidden_describe(state: rules.State, move: rules.Move) -> str | None:
    """The computer's keep or discard without its card (only the one who draws sees it: rules 2.x), as the
    table showed it; None for a move whose card the player saw."""
    if move.kind in ("keep", "discard") and rules.current_player(state) == 1:
        return f"{move.kind} the card it turned"
    return None


def describe(state: rules.State, move: rules.Move) -> str:
    """A move in the table's card voice, as a verb phrase: 'keep the queen of hearts', 'play the ten of
    diamonds on the nine of clubs (the computer loses 10)' (a turn's outcome is said as its cue card says it,
    so a player can weigh a mark against the two outcomes)."""
    if move.kind in ("keep", "discard"):
        return f"{move.kind} {the_card(state.pack[0])}" if state.pack else move.kind
    if move.kind == "done":
        return "keep the rest back"
    if move.kind == "bonus":
        return f"play {the_card(move.card)} as a bonus"
    if not state.table:
        return f"lead {the_card(move.card)}"
    said = f"play {the_card(move.card)} on {the_card(state.table[0])}"
    try:
        after = rules.apply(state, move)
    except ValueError:
        return said
    lt = after.last_turn
    if lt is not None and lt is not state.last_turn:
        cue = rules.cue_text(lt, 0)  # said to the player, whoever played
        head = f"{lt.rule} \u2014 {rules.RULE_TITLES[lt.rule]}"
        effect = cue[len(head):].lstrip(": ") if cue.startswith(head) else ""
        said += f" ({effect or 'no points'})"
    return said


def cost_words(entry: dict[str, Any]) -> str:
    """What a Court mark weighs, as a player can check it against the score panel: 'about 19 points better at
    the round's end, and it loses the game 37 fewer times in 100', 'exactly 5 points better at the round's
    end, and it wins the game'.  The points and the game are said apart (`outcome_fields`), never as one sum
    of points; an entry analysed without them says its cost in points.  Short: it shares two lines of the
    status bar with the move and the Expert's choice."""
    exact = bool(entry.get("exact"))
    points = float(entry["points"] if "points" in entry else entry.get("cost") or 0.0)
    size = wording.amount(abs(points), *UNIT[:2], UNIT[2])
    about = "exactly" if exact else "about"
    if round(points, 1) > 0:
        head, better = f"{about} {size} better at the round's end", True
    elif round(points, 1) < 0:
        head, better = f"{about} {size} worse at the round's end", False
    else:
        head, better = "as many points at the round's end", False
    won, lost = float(entry.get("more_won") or 0.0), float(entry.get("fewer_lost") or 0.0)
    if exact:
        games = [("it wins the game" if won > 0 else "it does not win the game") if won else "",
                 ("it does not lose the game" if lost > 0 else "it loses the game") if lost else ""]
    else:
        times = [round(abs(x) * 100) for x in (won, lost)]
        unit = ["time in 100" if n == 1 else "times in 100" for n in times]  # ("1 more times", round 15)
        games = [f"it wins the game {times[0]} {'more' if won > 0 else 'fewer'} {unit[0]}" if times[0] else "",
                 f"{'loses it' if times[0] else 'it loses the game'} {times[1]} {'fewer' if lost > 0 else 'more'}"
                 f"{'' if times[0] else ' ' + unit[1]}" if times[1] else ""]
    games = [g for g in games if g]
    if not games:
        return head
    # "and" when the game goes the points' way, "but" when it goes against them (round 15: "about 3.4 points
    # better…, and it wins the game 1 fewer time in 100" read as a contradiction)
    helps = won > 0 or lost > 0
    return f"{head}{', and ' if better == helps else ', but '}{' and '.join(games)}"


def summarize(entries: Sequence[dict[str, Any]]) -> str:
    """'2 mistakes, about 14 points', '2 mistakes, about 14 points (1 of them risked the game)': the
    points are the marks' points by the rounds' ends (each at least 0), never games counted as points."""
    said = [{**e, "cost": max(0.0, float(e["points"]))} if "points" in e else e for e in entries]
    text = mistakes_summary(said, "point", "points")
    risky = sum(1 for e in entries if e.get("mark") == "mistake"
                and float(e.get("more_won") or 0.0) + float(e.get("fewer_lost") or 0.0) > 0)
    if risky:
        marked = sum(1 for e in entries if e.get("mark") == "mistake")
        text += f" ({'it' if marked == 1 else f'{risky} of them'} risked the game)"
    return text
