"""Computer players for Affairs of the Court.

Every player is a function of a `View` (what its seat may know, from
`rules.observe`) and a `random.Random` — never of the full state — so it cannot
read the human's hand, discards or the pack order.

Levels:

* ``random`` — a uniformly random legal move.
* ``novice`` — keeps a turned card worth more than an average unseen one;
  follows with what scores best right now and leads the card that does best
  against three sampled hands the opponent could hold, answered greedily —
  both minding the game (`safety`: never its own total to zero, gladly the
  other's); in the bonus it plays every numbered card that is not a spade.
  It beats ``random`` in about 72% of games and loses to the levels above
  (issue 24: the old Novice, which led its highest card and ignored the
  totals, beat ``random`` in under half).
* ``intermediate`` — the Novice's play with ten sampled hands, the expert's
  draw values and an exact bonus.
* ``expert`` — determinized Monte Carlo search (perfect-information Monte
  Carlo): it samples opponent hands consistent with everything it has seen
  (cards played and purged, captures, suits the opponent failed to follow),
  plays each candidate to the end of the round with a fast greedy policy on
  both sides (a pre-resolved 52x52 turn table keeps a rollout well under a
  millisecond), drops clearly worse candidates every few samples, and scores
  the round's end by the *game*: a win +1, a loss -1, a draw -0.9 (it is
  built not to lose), otherwise the spread, plus a small pull towards low
  totals when ahead (the win comes sooner) and high ones when behind.  The
  rollouts play for the spread, except that a side the totals leave alone
  above zero plays to stay there and a side alone at or below zero plays to
  pull the other down with it (`rollout_mode`).  Its time per move is capped
  (0.17 s).  The bonus is solved exactly.  Its draw values cards by what
  they were measured to win in play (`EXPERT_DRAW_VALUES`) and weighs the
  totals: ahead, it discards the Aces of spades and hearts (they switch the
  totals / lift the opponent to ours whenever they meet a card of their
  suit) and, while such an Ace is unseen, shuns cards of its suit; behind,
  it keeps them.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from game.court.rules import DEFAULT_ROUND_LIMIT, FULL_PACK, Move, View, card_value, is_numbered, resolve_turn

LEVELS = ("random", "novice", "intermediate", "expert")

_NUMV = {c: (card_value(c) if is_numbered(c) else 0) for c in FULL_PACK}


def _build_table() -> dict[tuple[str, str], tuple]:
    """Every (lead, follow) pair pre-resolved: deltas, special, leader wins, capture, purge."""
    tab = {}
    for a in FULL_PACK:
        for b in FULL_PACK:
            if a == b:
                continue
            r = resolve_turn(a, b, (0, 0))
            special = 1 if r.rule in ("4.2241", "4.3241") else 2 if r.rule in ("4.2242", "4.3242") else 0
            tab[a, b] = (r.scores[0], r.scores[1], special, r.next_leader == "leader", r.capture, r.purge_suit)
    return tab


_TABLE = _build_table()

#: How much a card is worth holding, for the draw and as the cost of spending it.
_COURT_KEEP = {"AS": 13.0, "AH": 12.0, "AD": 9.0, "AC": 9.0}


def keep_value(card: str) -> float:
    """How much ``card`` is worth keeping in the draw (and worth not spending)."""
    return _KEEP[card]


def _keep_value(card: str) -> float:
    if card in _COURT_KEEP:
        return _COURT_KEEP[card]
    r = card[0]
    if r == "K":
        return 10.0
    if r == "Q":
        return 8.0
    if r == "J":
        return 5.0
    v = float(_NUMV[card])
    return v * 0.7 if card[1] == "S" else v


_KEEP = {c: _keep_value(c) for c in FULL_PACK}
#: What spending a card costs the expert's rollouts: numbered spades count less still, since
#: their effect never changes the spread.
EXPERT_SPADE_KEEP = 0.4
_EXPERT_SPEND = {c: (_NUMV[c] * EXPERT_SPADE_KEEP if is_numbered(c) and c[1] == "S" else _KEEP[c])
                for c in FULL_PACK}

#: What each card is worth in the expert's draw at equal totals, in points of spread, learned
#: from 18,000 rounds of play by ``tools/court_card_values.py`` (a ridge regression of the
#: round's spread on the hand; standard error about 0.4; only differences matter).  Play
#: showed what hand-written values had wrong: every spade is worth about as little as a Two
#: (spades never change the spread), high numbered cards more than their face, the Ace of
#: hearts little while the totals are equal.  `expert_draw_values` adds what the totals make
#: the switching Aces and their suits worth.
EXPERT_DRAW_VALUES = {
    "AC": 10.8, "2C": 3.5, "3C": 4.3, "4C": 4.5, "5C": 4.9, "6C": 5.7, "7C": 6.0, "8C": 8.6, "9C": 10.8,
    "TC": 13.0, "JC": 5.0, "QC": 8.0, "KC": 10.9,
    "AD": 11.8, "2D": 3.3, "3D": 3.2, "4D": 4.8, "5D": 4.3, "6D": 5.0, "7D": 7.2, "8D": 8.4, "9D": 10.6,
    "TD": 13.4, "JD": 5.5, "QD": 8.3, "KD": 10.7,
    "AH": 4.2, "2H": 3.0, "3H": 3.2, "4H": 4.1, "5H": 4.9, "6H": 5.4, "7H": 7.6, "8H": 8.5, "9H": 11.6,
    "TH": 13.6, "JH": 5.0, "QH": 7.4, "KH": 10.4,
    "AS": 10.2, "2S": 1.8, "3S": 1.9, "4S": 1.1, "5S": 1.5, "6S": 1.6, "7S": 1.9, "8S": 1.5, "9S": 1.8,
    "TS": 2.5, "JS": 1.3, "QS": 1.2, "KS": 2.2,
}
_COST_W = 0.15


#: How a side weighs a turn in the rollouts, by what the round's end would make of the totals as
#: they stand: (its own change, the other's change).  While both are above zero, or neither, it
#: is the spread.  Alone above zero, a side keeps its total there (a draw or a loss would take the
#: game from it; the other's points matter less).  Alone at or below zero, a side pulls the other
#: down with it (a draw beats a loss): spades, which never change the spread, become its weapon.
#: Playing the finish for the spread made the rollouts blind to both.
SPREAD, SURVIVE, SPOIL = 0, 1, 2
MODE_WEIGHTS = {SPREAD: (1.0, 1.0), SURVIVE: (1.0, 0.3), SPOIL: (0.3, 1.0)}


def rollout_mode(own: int, other: int) -> int:
    """How a side with total ``own`` plays a turn in the rollouts (see `MODE_WEIGHTS`)."""
    if own > 0 >= other:
        return SURVIVE
    if other > 0 >= own:
        return SPOIL
    return SPREAD


def _build_gains(w_own: float, w_other: float) -> dict[tuple[str, str], tuple[float, float, int]]:
    """For each (lead, follow): the follower's and the leader's greedy gain, and the special kind.

    Specials (switch, both-to-higher) depend on the totals and are added by `_special`.
    """
    out = {}
    for (a, b), (dl, df, special, lw, cap, _purge) in _TABLE.items():
        gf = w_own * df - w_other * dl + (0.0 if lw else 0.5) - _COST_W * _EXPERT_SPEND[b]
        gl = w_own * dl - w_other * df + (0.5 if lw else 0.0) - _COST_W * _EXPERT_SPEND[a]
        if cap:
            bonus = 4.0 + 0.5 * _NUMV.get(cap, 0)
            if lw:
                gl += bonus
            else:
                gf += bonus
        out[a, b] = (gf, gl, 2 if special == 1 else 1 if special == 2 else 0)
    return out


def _special(kind: int, d: int, w_own: float, w_other: float, follower: bool) -> float:
    """What a switch (kind 2) or both-to-higher (kind 1) is worth to one side; d = leader - follower.

    A switch moves the follower up by d and the leader down by d; both-to-higher lifts the
    lower total to the higher.
    """
    if kind == 2:
        return (w_own + w_other) * (d if follower else -d)
    if d > 0:
        return w_own * d if follower else -w_other * d
    return w_other * d if follower else -w_own * d


def _turn_totals(lead: str, follow: str, lt: int, ft: int) -> tuple[int, int, bool, str | None, str | None]:
    dl, df, special, lw, cap, purge = _TABLE[lead, follow]
    if special == 1:
        lt, ft = ft, lt
    elif special == 2:
        lt = ft = max(lt, ft)
    else:
        lt += dl
        ft += df
    return lt, ft, lw, cap, purge


def _follow_options(hand, lead: str, follow_suit: bool):
    if follow_suit:
        same = [c for c in hand if c[1] == lead[1]]
        if same:
            return same
    return hand


def _gain(mine_before, opp_before, mine_after, opp_after, won, captured, card, cost_w):
    """Immediate worth of a turn's outcome to one player."""
    g = (mine_after - mine_before) - (opp_after - opp_before)
    if won:
        g += 0.5
    if captured:
        g += 4.0 + 0.5 * _NUMV.get(captured, 0)
    return g - cost_w * keep_value(card)


def greedy_follow(lead: str, hand, my_total: int, opp_total: int, follow_suit: bool,
                  cost_w: float = 0.15, captures: bool = True) -> str:
    """The follow that is best right now (the opponent led ``lead``)."""
    best, best_g = None, -1e9
    for c in _follow_options(hand, lead, follow_suit):
        lt, ft, lw, cap, _ = _turn_totals(lead, c, opp_total, my_total)
        g = _gain(my_total, opp_total, ft, lt, not lw, cap if (captures and not lw) else None, c, cost_w)
        if g > best_g:
            best, best_g = c, g
    return best


_MODE_GAINS = {m: _build_gains(*w) for m, w in MODE_WEIGHTS.items()}


def fast_lead(hand, opp_hand, lt: int, ft: int, follow_suit: bool) -> tuple[str, str]:
    """Greedy lead against a known opponent hand that answers greedily: (lead, answer).

    Each side weighs the turn by its `rollout_mode`.
    """
    d = lt - ft
    mf = rollout_mode(ft, lt)
    ml = rollout_mode(lt, ft)
    fgains, lgains = _MODE_GAINS[mf], _MODE_GAINS[ml]
    fweights, lweights = MODE_WEIGHTS[mf], MODE_WEIGHTS[ml]
    if follow_suit:
        buckets: dict[str, list[str]] = {}
        for x in opp_hand:
            buckets.setdefault(x[1], []).append(x)
    best_c = best_r = None
    best_g = -1e9
    for c in hand:
        opts = (buckets.get(c[1]) or opp_hand) if follow_suit else opp_hand
        br = None
        bgf = -1e9
        for x in opts:
            gf, _gl, k = fgains[c, x]
            if k:
                gf += _special(k, d, *fweights, True)
            if gf > bgf:
                bgf, br = gf, x
        _gf, gl, k = lgains[c, br]
        if k:
            gl += _special(k, d, *lweights, False)
        if gl > best_g:
            best_g, best_c, best_r = gl, c, br
    return best_c, best_r


def guarded_lead(hand, guesses, lt: int, ft: int, follow_suit: bool) -> str:
    """The lead that does best on average against several hands the follower could hold (``guesses``), each
    answering greedily as in `fast_lead`.  Against one hand, known or guessed, the leader never fears what it
    cannot see: a single guess without the switch ace leads a spade straight into it.  Averaging over the
    guesses weighs that risk as a player who does not see the other's hand does."""
    d = lt - ft
    mf, ml = rollout_mode(ft, lt), rollout_mode(lt, ft)
    fgains, lgains = _MODE_GAINS[mf], _MODE_GAINS[ml]
    fweights, lweights = MODE_WEIGHTS[mf], MODE_WEIGHTS[ml]
    score = dict.fromkeys(hand, 0.0)
    for opp_hand in guesses:
        buckets: dict[str, list[str]] = {}
        for x in opp_hand:
            buckets.setdefault(x[1], []).append(x)
        for c in hand:
            opts = (buckets.get(c[1]) or opp_hand) if follow_suit else opp_hand
            br, bgf = None, -1e9
            for x in opts:
                gf, _gl, k = fgains[c, x]
                if k:
                    gf += _special(k, d, *fweights, True)
                if gf > bgf:
                    bgf, br = gf, x
            _gf, gl, k = lgains[c, br]
            if k:
                gl += _special(k, d, *lweights, False)
            score[c] += gl
    return max(hand, key=lambda c: (score[c], c))


def fast_follow(lead: str, hand, lt: int, ft: int, follow_suit: bool) -> str:
    """Greedy answer to ``lead`` (leader total ``lt``, ours ``ft``), weighed by our `rollout_mode`."""
    d = lt - ft
    m = rollout_mode(ft, lt)
    gains, (w_own, w_other) = _MODE_GAINS[m], MODE_WEIGHTS[m]
    opts = hand
    if follow_suit:
        same = [x for x in hand if x[1] == lead[1]]
        if same:
            opts = same
    br = None
    bgf = -1e9
    for x in opts:
        gf, _gl, k = gains[lead, x]
        if k:
            gf += _special(k, d, w_own, w_other, True)
        if gf > bgf:
            bgf, br = gf, x
    return br


# --------------------------------------------------------------------------- knowledge


def unseen_cards(view: View) -> list[str]:
    """Cards this seat has never seen: the opponent's hidden hand, its discards, the pack."""
    known = set(view.hand) | set(view.seen) | set(view.out) | set(view.table) | set(view.opp_captured)
    if view.turned:
        known.add(view.turned)
    return [c for c in FULL_PACK if c not in known]


def opponent_voids(view: View) -> set[str]:
    """Suits the opponent can hold no hidden card of (failed to follow, or purged)."""
    voids: set[str] = set()
    opp = 1 - view.seat
    for leader, lc, fc in view.tricks:
        if view.follow_suit and leader != opp and fc[1] != lc[1]:
            voids.add(lc[1])
        if lc[1] == fc[1] and {lc[0], fc[0]} == {"J", "Q"}:
            voids.add(lc[1])
    return voids


def sample_opponent_hand(view: View, rng: random.Random, pool=None, voids=None) -> list[str]:
    """One hand the opponent could hold, consistent with everything this seat knows."""
    pool = unseen_cards(view) if pool is None else pool
    voids = opponent_voids(view) if voids is None else voids
    need = view.opp_hand_size - len(view.opp_captured)
    ok = [c for c in pool if c[1] not in voids]
    if len(ok) < need:
        ok = list(pool)
    return list(view.opp_captured) + rng.sample(ok, max(0, min(need, len(ok))))


# --------------------------------------------------------------------------- evaluation


FINISH_W = 0.25


def round_end_value(me: int, opp: int, round_no: int, round_limit: int, draw_value: float = -0.4) -> float:
    """Worth of totals at a round's end to the player with ``me``: +1 win, -1 loss.

    A tournament game (fewer rounds than the normal limit) goes on whatever the totals until its last round."""
    if round_limit < DEFAULT_ROUND_LIMIT and round_no < round_limit:
        lead = math.tanh((me - opp) / 45.0)
        return 0.8 * lead + FINISH_W * lead * (1.0 - min(max(me + opp, 0), 200) / 200.0)
    if me <= 0 and opp <= 0:
        return draw_value
    if opp <= 0:
        return 1.0
    if me <= 0:
        return -1.0
    if round_no >= round_limit:
        return 1.0 if me > opp else -1.0 if me < opp else draw_value
    lead = math.tanh((me - opp) / 45.0)
    # ahead, lower totals bring the win closer; behind, higher totals leave time to recover
    return 0.8 * lead + FINISH_W * lead * (1.0 - min(me + opp, 200) / 200.0)


def best_bonus(view: View, draw_value: float = -0.4) -> Move:
    """Solve the bonus: hearts, diamonds and clubs always help; spades only when they win."""
    me, opp = view.me, view.opp
    nums = [c for c in view.hand if is_numbered(c)]
    for c in nums:
        if c[1] != "S":
            return Move("bonus", c)
    # every reachable spade sum
    sums = {0: ()}
    for c in sorted(nums, key=lambda x: _NUMV[x]):
        for s, cards in list(sums.items()):
            if s + _NUMV[c] not in sums:
                sums[s + _NUMV[c]] = cards + (c,)
    best_s, best_v = 0, None
    for s in sorted(sums):
        v = round_end_value(me - s, opp - s, view.round_no, view.round_limit, draw_value)
        if best_v is None or v > best_v + 1e-9:
            best_s, best_v = s, v
    if best_s:
        return Move("bonus", sums[best_s][0])
    return Move("done")


# --------------------------------------------------------------------------- players


class Player:
    level = "base"

    def choose(self, view: View, rng: random.Random) -> Move:
        raise NotImplementedError


class RandomPlayer(Player):
    level = "random"

    def choose(self, view: View, rng: random.Random) -> Move:
        return rng.choice(list(view.legal))


#: What a turn's outcome is worth beyond its points, by what it does to the game (`safety`).
OWN_ZERO, OTHER_ZERO = -20.0, 20.0


def safety(mine: int, other: int) -> float:
    """A turn that leaves our own total at or below zero risks the game (a loss, or a draw); one that leaves
    only the other's there is a win in waiting.  Playing for the points alone, the Novice walked into both."""
    return (OWN_ZERO if mine <= 0 else 0.0) + (OTHER_ZERO if other <= 0 < mine else 0.0)


def safe_follow(view: View, cards: list[str]) -> str:
    """The follow that scores best right now, the game minded (see `safety`)."""
    lead = view.table[0]

    def worth(c: str) -> float:
        lt, ft, lw, cap, _ = _turn_totals(lead, c, view.opp, view.me)
        return _gain(view.me, view.opp, ft, lt, not lw, cap if not lw else None, c, _COST_W) + safety(ft, lt)
    return max(cards, key=lambda c: (worth(c), c))


def sampled_lead(view: View, cards: list[str], rng: random.Random, samples: int) -> str:
    """The lead that does best against ``samples`` hands the opponent could hold, each answering greedily,
    the game minded (see `safety`)."""
    pool, voids = unseen_cards(view), opponent_voids(view)
    score = {c: 0.0 for c in cards}
    for _ in range(samples):
        opp = sample_opponent_hand(view, rng, pool, voids)
        for c in cards:
            r = greedy_follow(c, opp, view.opp, view.me, view.follow_suit)
            lt, ft, lw, cap, _ = _turn_totals(c, r, view.me, view.opp)
            score[c] += _gain(view.me, view.opp, lt, ft, lw, cap if lw else None, c, _COST_W) + safety(lt, ft)
    return max(cards, key=lambda c: (score[c], c))


class NovicePlayer(Player):
    level = "novice"
    samples = 3

    def choose(self, view: View, rng: random.Random) -> Move:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        if view.phase == "draw":
            return draw_choice(view)
        if view.phase == "bonus":
            for m in legal:
                if m.card and m.card[1] != "S":
                    return m
            return Move("done")
        cards = [m.card for m in legal]
        if view.table:
            return Move("play", safe_follow(view, cards))
        return Move("play", sampled_lead(view, cards, rng, self.samples))


def draw_choice(view: View, margin: float = 0.0, values: dict[str, float] | None = None) -> Move:
    """Keep the turned card when it is worth more than an average unseen card."""
    if view.draw_step == 1:
        return view.legal[0]
    values = values or _KEEP
    pool = unseen_cards(view)
    mean = sum(values[c] for c in pool) / len(pool) if pool else 0.0
    return Move("keep" if values[view.turned] > mean + margin else "discard")


def _ace_unseen(view: View, ace: str) -> bool:
    """True while ``ace`` may be in (or still reach) the opponent's hand."""
    return ace not in view.hand and ace not in view.seen and ace not in view.out


def expert_draw_values(view: View, ace_w: float = 1.0, expose_w: float = 0.3, more_w: float = 0.4,
                       heart_w: float = 0.5) -> dict[str, float]:
    """Keep values for this draw, given the totals and which Aces may still meet our cards.

    Ahead by d, an Ace of spades in our hand is a switch waiting to happen (-2d) and an
    Ace of hearts lifts the opponent to our total (-d); while such an Ace is unseen (it may
    reach the opponent's hand) every card of its suit we hold is exposure, most of all the
    first one (holding none of the suit is the only full protection).  Behind, those Aces
    are the way back.
    """
    d = view.me - view.opp
    vals = dict(EXPERT_DRAW_VALUES)
    counts = {s: 0 for s in "CDHS"}
    for c in view.hand:
        counts[c[1]] += 1
    for ace, suit, w in (("AS", "S", 1.0), ("AH", "H", heart_w)):
        if d > 0:
            vals[ace] = vals[ace] - ace_w * w * d
            if _ace_unseen(view, ace):
                pen = expose_w * w * d * (1.0 if counts[suit] == 0 else more_w)
                for c in FULL_PACK:
                    if c[1] == suit and c != ace:
                        vals[c] -= pen
        elif d < 0:
            vals[ace] = vals[ace] + ace_w * w * (-d) * 0.5
    return vals


def expert_draw_choice(view: View, **kw) -> Move:
    """Keep the turned card when it is worth more, by `expert_draw_values`, than the card we would get instead."""
    return draw_choice(view, values=expert_draw_values(view, **kw))


class IntermediatePlayer(Player):
    level = "intermediate"
    samples = 10

    def choose(self, view: View, rng: random.Random) -> Move:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        if view.phase == "draw":
            return expert_draw_choice(view)
        if view.phase == "bonus":
            return best_bonus(view, draw_value=0.0)
        cards = [m.card for m in legal]
        if view.table:
            return Move("play", safe_follow(view, cards))
        return Move("play", sampled_lead(view, cards, rng, self.samples))


@dataclass
class _Sim:
    """A determinized play phase, seat-relative: index 0 is the searching player."""

    hands: list[list[str]]
    totals: list[int]
    leader: int
    lead: str | None


class ExpertPlayer(Player):
    """Determinized Monte Carlo search over the unseen cards (see module docstring)."""

    level = "expert"

    def __init__(self, determinizations: int = 60, rollout_budget: int = 700,
                 time_limit: float = 0.17, draw_value: float = -0.9) -> None:
        self.determinizations = determinizations
        self.rollout_budget = rollout_budget
        self.time_limit = time_limit
        self.draw_value = draw_value

    def choose(self, view: View, rng: random.Random) -> Move:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        if view.phase == "draw":
            return expert_draw_choice(view)
        if view.phase == "bonus":
            return best_bonus(view, self.draw_value)
        return Move("play", self._search(view, [m.card for m in legal], rng))

    def _search(self, view: View, cards: list[str], rng: random.Random) -> str:
        """Sample hands, roll every surviving candidate out on each, drop clear losers as we go."""
        t0 = time.perf_counter()
        pool, voids = unseen_cards(view), opponent_voids(view)
        me, opp = view.seat, 1 - view.seat
        totals = (view.totals[me], view.totals[opp])
        alive = list(cards)
        total = {c: 0.0 for c in cards}
        done = rollouts = 0
        while done < self.determinizations and rollouts < self.rollout_budget:
            opp_hand = sample_opponent_hand(view, rng, pool, voids)
            for c in alive:
                hands = [[x for x in view.hand if x != c], list(opp_hand)]
                if view.table:  # the opponent led; we answer with c
                    sim = _Sim(hands, list(totals), 1, view.table[0])
                    self._finish_turn(sim, c, view)
                else:
                    sim = _Sim(hands, list(totals), 0, c)
                    r = fast_follow(c, sim.hands[1], totals[0], totals[1], view.follow_suit)
                    sim.hands[1].remove(r)
                    self._finish_turn(sim, r, view)
                total[c] += self._rollout(sim, view)
            rollouts += len(alive)
            done += 1
            if done % 3 == 0 and len(alive) > 1:
                # every candidate saw the same sampled hands, so means compare fairly
                best = max(total[c] for c in alive) / done
                margin = 0.5 / math.sqrt(done)
                alive = [c for c in alive if total[c] / done >= best - margin]
                if len(alive) == 1:
                    break
            spent = time.perf_counter() - t0
            # stop before the next sample would overrun the time allowed for a move
            if done >= 4 and spent * (done + 1) / done > self.time_limit:
                break
        return max(alive, key=lambda c: (total[c], c))

    @staticmethod
    def _finish_turn(sim: _Sim, follow: str, view: View) -> None:
        lead = sim.lead
        ld = sim.leader
        fo = 1 - ld
        lt, ft, lw, cap, purge = _turn_totals(lead, follow, sim.totals[ld], sim.totals[fo])
        sim.totals[ld], sim.totals[fo] = lt, ft
        winner = ld if lw else fo
        if cap:
            sim.hands[winner].append(cap)
        if purge:
            sim.hands[0] = [x for x in sim.hands[0] if x[1] != purge]
            sim.hands[1] = [x for x in sim.hands[1] if x[1] != purge]
        sim.leader = winner
        sim.lead = None

    def _rollout(self, sim: _Sim, view: View) -> float:
        fs = view.follow_suit
        hands, t = sim.hands, sim.totals
        while hands[0] and hands[1]:
            ld = sim.leader
            fo = 1 - ld
            lead, r = fast_lead(hands[ld], hands[fo], t[ld], t[fo], fs)
            hands[ld].remove(lead)
            hands[fo].remove(r)
            sim.lead = lead
            self._finish_turn(sim, r, view)
        for holder in (0, 1):
            if hands[holder]:
                me, op = t[holder], t[1 - holder]
                for c in hands[holder]:
                    if is_numbered(c) and c[1] != "S":
                        v = _NUMV[c]
                        if c[1] == "H":
                            me += v
                        else:
                            op -= v
                spade = sum(_NUMV[c] for c in hands[holder] if is_numbered(c) and c[1] == "S")
                if spade and round_end_value(me - spade, op - spade, view.round_no, view.round_limit,
                                             self.draw_value) > round_end_value(
                        me, op, view.round_no, view.round_limit, self.draw_value):
                    me -= spade
                    op -= spade
                t[holder], t[1 - holder] = me, op
        return round_end_value(t[0], t[1], view.round_no, view.round_limit, self.draw_value)


def make_player(level: str) -> Player:
    """The computer player for a level name (ValueError names the known levels)."""
    classes = {"random": RandomPlayer, "novice": NovicePlayer, "intermediate": IntermediatePlayer,
               "expert": ExpertPlayer}
    if level not in classes:
        raise ValueError(f"unknown court level '{level}' (choose from {', '.join(LEVELS)})")
    return classes[level]()
