"""What a seat can deduce about the hidden hands, and sampling hands that fit.

A seat knows its own cards, every card played, how many cards each player
holds, the gifts it gave (they sit in the receiver's hand until played) and
the gifts it received.  A gift of the *highest* cards says more: everything
else the giver was dealt ranks below the lowest card of that gift, so the
President learns a ceiling on the Apprentice's hand and the Vice President on
the Blue Collar Worker's.

Play says more again, though less surely: a player who passes usually could
not beat the cards on top, and a player who leads usually leads his lowest
cards, all of them.  These readings become per-rank limits on what each
player can still hold; a reading that the player's later plays contradict is
dropped (he was holding back on purpose), and if the limits together leave no
consistent deal they are relaxed, the surest facts kept longest.

`Deducer` gathers the facts from one observation and draws complete deals
consistent with them (determinizations) for search.
"""

from __future__ import annotations

import random

from game.acme.fastsim import JOKER, NR
from game.acme.rules import EXCHANGE, Observation, acme_rank, card_key, played_cards
from game.cards import full_pack

BIG = 99


class Deducer:
    """Facts about hidden hands from one observation; `sample` draws rank counts per seat.

    Every limit is on a seat's whole current count of a rank (gifts we know it holds included).
    """

    def __init__(self, obs: Observation, use_ceiling: bool = True, use_known: bool = True,
                 use_play: bool = True) -> None:
        self.seat = obs.seat
        gone = set(played_cards(obs)) | set(obs.hand)
        known: dict[int, list[str]] = {}
        ceiling: dict[int, tuple[int, int]] = {}
        if obs.phase != "exchange":
            for g, r, _, highest in EXCHANGE:
                giver, receiver = obs.roles[g], obs.roles[r]
                if giver == obs.seat and use_known:
                    still = [c for c in obs.gave if c not in gone]
                    if still:
                        known.setdefault(receiver, []).extend(still)
                if receiver == obs.seat and highest and use_ceiling and obs.received:
                    ceiling[giver] = min(card_key(c) for c in obs.received)
        in_transit = set(obs.gave) if obs.phase == "exchange" else set()
        placed = {c for cards in known.values() for c in cards}
        self.unseen = [c for c in full_pack(1) if c not in gone and c not in placed and c not in in_transit]
        self.others = [s for s in range(5) if s != obs.seat]
        self.need = {s: obs.counts[s] - len(known.get(s, [])) for s in self.others}
        self.known = known
        self.own = counts(obs.hand)
        self.unseen_by_rank = counts(self.unseen)
        self.known_now = {s: counts(known.get(s, ())) for s in self.others}
        # Hard limits (exchange ceiling) and soft ones (readings of play), per seat and rank.
        self.hard = {s: [BIG] * NR for s in self.others}
        for s, key in ceiling.items():
            if s not in self.hard:
                continue
            cap = self.hard[s]
            kn = self.known_now[s]
            for r in range(NR):
                if r > key[0]:
                    cap[r] = kn[r]
                elif r == key[0]:
                    cap[r] = kn[r] + sum(1 for c in self.unseen if acme_rank(c) == r and card_key(c) < key)
        self.soft_pass = {s: [BIG] * NR for s in self.others}
        self.soft_lead = {s: [BIG] * NR for s in self.others}
        if use_play and obs.phase != "exchange":
            self._read_play(obs)
        self._chain: list[list[int]] | None = None
        self._caps: dict[int, list[int]] = {}
        self._fallbacks = [
            self._merge(self.hard, self.soft_pass, self.soft_lead),
            self._merge(self.hard, self.soft_pass),
            self._merge(self.hard),
        ]

    # ------------------------------------------------------------- readings
    def _read_play(self, obs: Observation) -> None:
        """Turn passes and leads of the other players into limits on their current hands."""
        log = obs.log
        # later[i][r]: cards of rank r that the actor of entry i plays after it
        later = [[0] * NR for _ in range(len(log) + 1)]
        per_seat_after = {s: [0] * NR for s in range(5)}
        for i in range(len(log) - 1, -1, -1):
            seat, cards = log[i]
            later[i] = per_seat_after[seat][:]
            for c in cards:
                per_seat_after[seat][acme_rank(c)] += 1
        top_r, top_c = -1, 0
        trick_starts = self._trick_starts(obs)
        for i, (seat, cards) in enumerate(log):
            if i in trick_starts:
                top_r, top_c = -1, 0
            if seat == obs.seat:
                if cards:
                    top_r, top_c = acme_rank(cards[0]), len(cards)
                continue
            after = later[i]
            if not cards:
                if top_r < 0 or top_r == JOKER:
                    continue
                # A pass: probably nothing beat it — no joker, fewer than top_c of each higher rank.
                caps = {JOKER: 0 - after[JOKER]}
                for r in range(top_r + 1, JOKER):
                    caps[r] = top_c - 1 - after[r]
                kn = self.known_now[seat]
                if any(v < kn[r] for r, v in caps.items()):
                    continue  # he held back on purpose; the reading is wrong
                cap = self.soft_pass[seat]
                for r, v in caps.items():
                    if v < cap[r]:
                        cap[r] = v
                continue
            r, c = acme_rank(cards[0]), len(cards)
            if top_r >= 0:
                # A follow: probably the lowest cards that beat — nothing in between was enough.
                upto = JOKER if r == JOKER else r
                caps = {q: c - 1 - after[q] for q in range(top_r + 1, upto)} if r != JOKER else \
                    {q: top_c - 1 - after[q] for q in range(top_r + 1, JOKER)}
                kn = self.known_now[seat]
                if caps and all(v >= kn[q] for q, v in caps.items()):
                    cap = self.soft_pass[seat]
                    for q, v in caps.items():
                        if v < cap[q]:
                            cap[q] = v
            if top_r < 0 and r != JOKER:
                # A lead: probably his lowest rank, all of it.
                caps = {q: 0 - after[q] for q in range(r)}
                caps[r] = 0 - after[r]  # all of rank r was led (after it, none left but what he plays)
                kn = self.known_now[seat]
                if all(v >= kn[q] for q, v in caps.items()):
                    cap = self.soft_lead[seat]
                    for q, v in caps.items():
                        if v < cap[q]:
                            cap[q] = v
            top_r, top_c = r, c
            if r == JOKER:
                top_r, top_c = -1, 0

    @staticmethod
    def _trick_starts(obs: Observation) -> set[int]:
        """Indices in the log where a new trick began (replayed from the public record)."""
        starts = {0}
        log = obs.log
        # A trick ends when the seat to act next is the one who led and nobody beat it, or after a
        # joker; recover boundaries by replaying who still had a chance.
        counts_left = list(obs.counts)
        for seat, cards in log:
            counts_left[seat] += len(cards)
        i = 0
        while i < len(log):
            starts.add(i)
            leader, cards = log[i]
            counts_left[leader] -= len(cards)
            if cards == ("JK",):
                i += 1
                continue
            chances = [t for t in ((leader + k) % 5 for k in range(1, 5)) if counts_left[t]]
            j = i + 1
            for _ in chances:
                if j >= len(log):
                    break
                seat, cards = log[j]
                counts_left[seat] -= len(cards)
                j += 1
                if cards == ("JK",):
                    break
            i = j
        return starts

    def _merge(self, *layers: dict[int, list[int]]) -> dict[int, list[int]]:
        out = {}
        for s in self.others:
            cap = [BIG] * NR
            for layer in layers:
                lc = layer[s]
                for r in range(NR):
                    if lc[r] < cap[r]:
                        cap[r] = lc[r]
            out[s] = cap
        return out

    # ------------------------------------------------------------- sampling
    def sample(self, rng: random.Random, mix: int = 40) -> list[list[int]]:
        """Rank counts for all five seats (own hand exact), drawn to fit the deductions.

        A first deal that fits is found by dealing the most restricted ranks first; later
        deals come from a random walk of card swaps between two players that keeps every
        limit (a Markov chain whose resting distribution is uniform over the fitting deals).
        """
        if self._chain is None:
            self._chain, self._caps = self._first(rng)
        out, caps = self._chain, self._caps
        others = self.others
        k = len(others)
        if k >= 2:
            hidden = {s: [out[s][r] - self.known_now[s][r] for r in range(NR)] for s in others}
            rand = rng.random  # plain floats: this loop runs thousands of times a move
            for _ in range(mix):
                i = int(rand() * k)
                j = int(rand() * (k - 1))
                a, b = others[i], others[j + 1 if j >= i else j]
                na, nb = self.need[a], self.need[b]
                if not na or not nb:
                    continue
                ra = _pick(hidden[a], int(rand() * na))
                rb = _pick(hidden[b], int(rand() * nb))
                if ra == rb or out[b][ra] >= caps[b][ra] or out[a][rb] >= caps[a][rb]:
                    continue
                out[a][ra] -= 1
                hidden[a][ra] -= 1
                out[b][ra] += 1
                hidden[b][ra] += 1
                out[b][rb] -= 1
                hidden[b][rb] -= 1
                out[a][rb] += 1
                hidden[a][rb] += 1
        return [h[:] for h in out]

    def _first(self, rng: random.Random) -> tuple[list[list[int]], dict[int, list[int]]]:
        """A first deal that keeps the limits: deal, then repair by swaps; relax if that fails."""
        for caps in self._fallbacks:
            out = self._try(rng, caps, force=True)
            if out is not None and self._repair(out, caps, rng):
                return out, caps
        caps = {s: [BIG] * NR for s in self.others}
        out = self._try(rng, caps)
        assert out is not None
        return out, caps

    def _repair(self, out: list[list[int]], caps: dict[int, list[int]], rng: random.Random,
                steps: int = 400) -> bool:
        """Swap cards between players until no limit is broken; False if that does not happen soon."""
        others = self.others
        kn = self.known_now
        for _ in range(steps):
            bad = [(s, r) for s in others for r in range(NR) if out[s][r] > caps[s][r]]
            if not bad:
                return True
            s, r = rng.choice(bad)
            if out[s][r] - kn[s][r] <= 0:
                return False  # the known gifts alone break the limit
            options = []
            for t in others:
                if t == s or out[t][r] >= caps[t][r]:
                    continue
                for q in range(NR):
                    if q != r and out[t][q] - kn[t][q] > 0:
                        good = out[s][q] < caps[s][q]
                        options.append((good, t, q))
            if not options:
                return False
            fine = [o for o in options if o[0]]
            _, t, q = rng.choice(fine if fine and rng.random() < 0.9 else options)
            out[s][r] -= 1
            out[t][r] += 1
            out[t][q] -= 1
            out[s][q] += 1
        return False

    def _try(self, rng: random.Random, caps: dict[int, list[int]],
             force: bool = False) -> list[list[int]] | None:
        """Deal the unseen cards rank by rank, high first; with ``force`` a card that fits
        nowhere goes where there is room anyway (for `_repair` to mend)."""
        out: list[list[int]] = [[0] * NR for _ in range(5)]
        out[self.seat] = self.own[:]
        for s, cards in self.known.items():
            for c in cards:
                out[s][acme_rank(c)] += 1
        left = dict(self.need)
        others = self.others
        # Deal the most restricted ranks first, high to low, each card to a seat with room,
        # with chances in proportion to the room left (uniform when nothing restricts).
        for r in range(NR - 1, -1, -1):
            for _ in range(self.unseen_by_rank[r]):
                total = 0
                for s in others:
                    if left[s] and out[s][r] < caps[s][r]:
                        total += left[s]
                loose = False
                if not total:
                    if not force:
                        return None
                    total = sum(left[s] for s in others)
                    loose = True
                x = rng.randrange(total)
                for s in others:
                    if left[s] and (loose or out[s][r] < caps[s][r]):
                        x -= left[s]
                        if x < 0:
                            out[s][r] += 1
                            left[s] -= 1
                            break
        return out


def _pick(hist: list[int], x: int) -> int:
    """The rank of the x-th card of a hand given as counts."""
    for r in range(NR):
        x -= hist[r]
        if x < 0:
            return r
    raise IndexError("card index beyond the hand")


def counts(cards) -> list[int]:
    out = [0] * NR
    for c in cards:
        out[acme_rank(c)] += 1
    return out
