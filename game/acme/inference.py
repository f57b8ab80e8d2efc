"""What a seat can deduce about the hidden hands, and sampling hands that fit.

A seat knows its own cards, every card played, how many cards each player
holds, the gifts it gave (they sit in the receiver's hand until played) and
the gifts it received.  A gift of the *highest* cards says more: everything
else the giver was dealt ranks below the lowest card of that gift, so the
President learns a ceiling on the Apprentice's hand and the Vice President on
the Blue Collar Worker's.  `Deducer` turns an observation into these facts and
draws complete deals consistent with them (determinizations) for search.
"""

from __future__ import annotations

import random

from game.acme.fastsim import NR
from game.acme.rules import EXCHANGE, Observation, acme_rank, card_key, played_cards
from game.cards import full_pack


class Deducer:
    """Facts about hidden hands from one observation; `sample` draws rank counts per seat."""

    def __init__(self, obs: Observation, use_ceiling: bool = True, use_known: bool = True) -> None:
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
        self.need = {}
        for s in range(5):
            if s == obs.seat:
                continue
            self.need[s] = obs.counts[s] - len(known.get(s, []))
        self.known = known
        self.ceiling = ceiling
        self.own = counts(obs.hand)
        # Cards still hidden in transit during the exchange are not in anyone's
        # count, so the sizes add up: sum(need) == len(unseen).
        if sum(self.need.values()) != len(self.unseen):  # pragma: no cover - defensive
            raise ValueError("observation counts do not add up")
        self.eligible = {
            s: [c for c in self.unseen if card_key(c) < key] for s, key in ceiling.items()
        }

    def sample(self, rng: random.Random) -> list[list[int]]:
        """Rank counts for all five seats (own hand exact), uniformly among consistent deals."""
        pool = self.unseen[:]
        out: list[list[int]] = [[0] * NR for _ in range(5)]
        out[self.seat] = self.own[:]
        for s, cards in self.known.items():
            for c in cards:
                out[s][acme_rank(c)] += 1
        taken: set[str] = set()
        filled: set[int] = set()
        for s, elig in self.eligible.items():
            k = self.need[s]
            if k > len(elig):  # inconsistent (cannot happen in a real round): ignore the ceiling
                continue
            filled.add(s)
            for c in rng.sample(elig, k):
                out[s][acme_rank(c)] += 1
                taken.add(c)
        if taken:
            pool = [c for c in pool if c not in taken]
        rng.shuffle(pool)
        pos = 0
        for s in range(5):
            if s == self.seat or s in filled:
                continue
            k = self.need[s]
            for c in pool[pos:pos + k]:
                out[s][acme_rank(c)] += 1
            pos += k
        return out


def counts(cards) -> list[int]:
    out = [0] * NR
    for c in cards:
        out[acme_rank(c)] += 1
    return out
