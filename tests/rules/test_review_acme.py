"""The ACME review (game/acme/review.py): the Expert's choice at each of the player's decisions, from
the player's own observation, and what the player's choice cost in finishing places."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

from game.acme import review, rules
from game.acme.players import make_player

#: Round 25, every seat played by the Expert (thinking by playouts, not the clock) up to move 43.
#: Seat 0 is the President; at move 44 it holds 5C 5S AD JK and a single queen of hearts is on top.
EXPERT_LINE = (
    "give 3H 6H;give 5D;give 2H;give AD 2S;play 9C;play AS;pass;pass;pass;play 4H 4S;play 8H 8S;pass;pass;"
    "play TC TH;play QS;play 2C;pass;pass;pass;play 6C 6D;play 9D 9S;pass;pass;play JC JD;play 2S;pass;pass;"
    "pass;pass;play KH;play 2D;pass;pass;pass;play KD KS;pass;pass;pass;pass;play 9H;play TD;pass;play QH"
).split(";")


def game(*last: str) -> tuple[rules.State, list[rules.Move]]:
    start = state = rules.new_game(25)
    moves = []
    for text in EXPERT_LINE + list(last):
        move = rules.parse_move(state, text)
        moves.append(move)
        state = rules.apply(state, move)
    return start, moves


def test_throwing_the_joker_away_is_a_mistake():
    """The joker on a queen that the ace beats: the player's last control card is gone for nothing."""
    start, moves = game("play JK")
    entries = review.review_moves(start, moves, budget=2.0)
    last = entries[-1]
    assert last["n"] == 44 and last["move"] == "play JK"
    assert last["mark"] == "mistake"
    assert last["expert"] == "play AD"
    assert last["cost"] >= review.MISTAKE_PLACES
    assert [e["n"] for e in entries if e["mark"]] == [44]
    assert review.summarize(entries) == f"1 mistake, about {last['cost']:.1f} place" + (
        "" if round(last["cost"], 1) == 1 else "s")


def test_the_experts_line_is_not_marked():
    start, moves = game("play AD")
    entries = review.review_moves(start, moves, budget=2.0)
    assert len(entries) == len(moves)
    assert not [e for e in entries if e["mark"]]
    assert review.summarize(entries) == "No mistakes"
    mine = [e for e in entries if e["cost"] is not None]
    assert mine and all(e["cost"] < review.MISTAKE_PLACES for e in mine)


def test_entries_follow_the_review_form():
    """Every move has an entry; the computer seats' moves carry no judgement; forced moves cost nothing."""
    start, moves = game("play JK")
    entries = review.review_moves(start, moves, budget=1.0)
    states = review.replay(rules, start, moves)
    for n, (entry, state, move) in enumerate(zip(entries, states, moves, strict=True), start=1):
        assert entry["n"] == n and entry["move"] == str(move)
        if rules.current_player(state) != 0:
            assert (entry["expert"], entry["cost"], entry["mark"]) == (None, None, None)
        else:
            assert isinstance(entry["expert"], str) and isinstance(entry["cost"], float) and entry["cost"] >= 0
            rules.parse_move(state, entry["expert"])
            if len(rules.legal_moves(state)) == 1:
                assert entry["expert"] == str(move) and entry["cost"] == 0.0
    assert entries[0]["move"] == "give 3H 6H" and entries[0]["expert"].startswith("give ")


def test_a_bad_gift_in_the_exchange_is_judged():
    """The President gives away the joker and the king instead of lonely low cards."""
    start = rules.new_game(25)
    assert start.roles[0] == 0 and "JK" in start.hands[0]
    entries = review.review_moves(start, [rules.parse_move(start, "give KH JK")], budget=1.0)
    assert entries[0]["expert"] == "give 3H 6H"
    assert entries[0]["mark"] == "mistake" and entries[0]["cost"] >= review.MISTAKE_PLACES


def test_the_judgement_never_reads_hidden_cards():
    """Shuffling the other players' hidden cards (same counts) changes nothing in the judgement."""
    start, moves = game("play JK")
    states = review.replay(rules, start, moves)
    state = states[-1]
    hidden = [c for seat in range(1, 5) for c in state.hands[seat]]
    random.Random(3).shuffle(hidden)
    hands = [state.hands[0]]
    for seat in range(1, 5):
        k = len(state.hands[seat])
        hands.append(rules.sort_hand(hidden[:k]))
        hidden = hidden[k:]
    other = rules.State(hands=tuple(hands), roles=state.roles, phase=state.phase, gifts=state.gifts,
                        log=state.log, trick_start=state.trick_start, leader=state.leader,
                        pending=state.pending, finished=state.finished)
    assert other.hands != state.hands
    judge = review.AcmeJudge(60)
    assert judge(other, moves[-1], 44) == judge(state, moves[-1], 44)


def test_the_same_game_reviews_the_same_way():
    start, moves = game("play JK")
    assert review.review_moves(start, moves, budget=1.0) == review.review_moves(start, moves, budget=1.0)


def test_progress_and_stopping():
    start, moves = game("play JK")
    seen: list[float] = []
    review.review_moves(start, moves, budget=1.0, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 10

    entries = review.review_moves(start, moves, budget=1.0, should_stop=stop)
    assert [e["n"] for e in entries] == list(range(1, 11))


def test_a_whole_round_reviews_within_its_budget():
    """A round the player plays badly (many moves to judge) at the default budget: well under a minute."""
    state = start = rules.new_game(7)
    expert = make_player("expert", playouts=60, time_limit=float("inf"), wall_limit=float("inf"))
    rng = random.Random(7)
    moves = []
    while not rules.is_over(state):
        seat = rules.current_player(state)
        legal = rules.legal_moves(state)
        move = rng.choice(legal) if seat == 0 else expert.choose(rules.observe(state, seat), rng)
        moves.append(move)
        state = rules.apply(state, move)
    t0 = time.process_time()
    entries = review.review_moves(start, moves)
    spent = time.process_time() - t0
    assert len(entries) == len(moves)
    assert spent < review.DEFAULT_BUDGET * 1.5, spent


def test_the_review_is_the_same_in_another_process():
    """Results are cached with the game: another process (another hash seed) must review alike."""
    start, moves = game("play JK")
    here = review.review_moves(start, moves, budget=1.0)
    code = (
        "import json, sys\n"
        "sys.path.insert(0, 'tests/rules')\n"
        "import test_review_acme as t\n"
        "from game.acme import review\n"
        "start, moves = t.game('play JK')\n"
        "print(json.dumps(review.review_moves(start, moves, budget=1.0)))\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONHASHSEED="12345", PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True,
                         check=True)
    assert json.loads(out.stdout) == here
