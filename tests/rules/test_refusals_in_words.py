"""Every refusal the rules can give is in words: no raw card code.

Each game is played with random legal moves, and at every position a batch of wrong moves (cards not held,
groups that are no set or run, plays that cannot beat, discards with no higher card...) is tried; the
IllegalMove texts are what the tables show on their status lines.
"""

from __future__ import annotations

import random
import re

import pytest

from game.acesup import rules as acesup
from game.acme import rules as acme
from game.court import rules as court
from game.errors import IllegalMove
from game.romi import rules as romi
from game.thieves import rules as thieves

CODE = re.compile(r"\b(?:[2-9TJQKA][CDHS]|10[CDHS]|JK)\b")
PACK = [r + s for s in "CDHS" for r in "A23456789TJQK"] + ["JK"]


def wrong_moves(game: str, state, rng: random.Random) -> list:
    if game == "acesup":
        return [acesup.Deal()] + [acesup.Discard(i) for i in range(4)] + [
            cls(i, j) for cls in (acesup.Pair, acesup.Fill) for i in range(4) for j in range(4)]
    if game == "thieves":
        return [thieves.Take(s) for s in range(7)] + [thieves.Turn()]
    if game == "acme":
        seat = acme.current_player(state)
        hand = list(state.hands[seat]) if seat is not None else []
        out = [acme.PASS]
        for kind in ("play", "give"):
            for _ in range(6):
                cards = rng.sample(hand, min(len(hand), rng.randint(1, 4))) if hand else []
                if rng.random() < 0.4:
                    cards.append(rng.choice(PACK))
                out.append(acme.Move(kind, tuple(acme.sort_hand(cards))))
        return out
    if game == "court":
        return [court.Move(k) for k in ("keep", "discard", "done")] + [
            court.Move(k, rng.choice(PACK[:-1])) for k in ("play", "bonus") for _ in range(4)]
    if game == "romi":
        hand = list(state.hands[state.turn])
        out = []
        for _ in range(6):
            groups = [g for g in state.table if rng.random() < 0.8]
            if hand:
                groups.append(tuple(rng.sample(hand, min(len(hand), rng.randint(1, 4)))))
            if rng.random() < 0.3:
                groups.append((rng.choice(PACK), rng.choice(PACK), rng.choice(PACK)))
            out.append(romi.Play(tuple(groups)))
        return out
    raise AssertionError(game)


MODULES = {"acesup": acesup, "thieves": thieves, "acme": acme, "court": court, "romi": romi}


@pytest.mark.parametrize("game", list(MODULES))
def test_no_refusal_shows_a_card_code(game):
    rules = MODULES[game]
    rng = random.Random(game)
    said: set[str] = set()
    for seed in (1, 2):
        state = rules.new_game(seed)
        for _ in range(60):
            if rules.is_over(state):
                break
            for move in wrong_moves(game, state, rng):
                try:
                    rules.apply(state, move)
                except IllegalMove as err:
                    said.add(str(err))
            legal = list(rules.legal_moves(state))
            if game == "romi" and rng.random() < 0.7:
                legal = legal[:1]  # mostly draw: Romi's move generator is the slow part
            state = rules.apply(state, rng.choice(legal))
    assert said, "no refusal was tried"
    bad = sorted(s for s in said if CODE.search(s))
    assert not bad, f"{game}: refusals with card codes: {bad[:6]}"
