"""ACME rule scenarios: every rule of rules/acme.md on exact deals (``deck=``, ``roles=``)."""

from __future__ import annotations

import json

import pytest

from game.acme import rules as R
from game.acme.rules import IllegalMove, Move
from game.cards import full_pack

# Seats 0..4 hold the roles President..Apprentice in order (roles=[0, 1, 2, 3, 4]).
P_HAND = "3C 3D 3H 4C 4D 5C 6C 7C 8C 9C TC JC"
VP_HAND = "5D 6D 7D 8D 9D TD JD QD KD AD 2D"
WC_HAND = "5H 6H 7H 8H 9H TH JH QH KH AH"
BC_HAND = "4H 5S 6S 7S 8S 9S TS JS QS KS"
AP_HAND = "QC KC AC 2C 2H 3S 4S AS 2S JK"
DECK = " ".join([P_HAND, VP_HAND, WC_HAND, BC_HAND, AP_HAND]).split()


def mv(text: str) -> Move:
    return R.parse_move(R.new_game(0), text)


def play(state, *texts):
    for t in texts:
        state = R.apply(state, R.parse_move(state, t))
    return state


def hand(state, seat) -> str:
    return " ".join(state.hands[seat])


def exchanged(roles=(0, 1, 2, 3, 4), deck=DECK):
    """The main deal after a fixed exchange: P gives 3C 3D, VP gives 5D, BC KS, Apprentice 2S JK."""
    s = R.new_game(deck=deck, roles=list(roles))
    return play(s, "give 3C 3D", "give 5D", "give KS", "give 2S JK")


def accounted(state) -> None:
    cards = [c for h in state.hands for c in h] + list(R.played_cards(state))
    if state.phase == "exchange":
        cards += [c for g in state.gifts for c in g]
    assert sorted(cards) == sorted(full_pack(1))


# ------------------------------------------------------------------ deal

def test_deal_follows_roles_and_sizes():
    roles = [3, 0, 4, 1, 2]
    s = R.new_game(deck=DECK, roles=roles)
    sizes = {seat: len(s.hands[seat]) for seat in range(5)}
    assert sizes == {3: 12, 0: 11, 4: 10, 1: 10, 2: 10}
    assert hand(s, 3) == "3C 3D 3H 4C 4D 5C 6C 7C 8C 9C TC JC"
    assert hand(s, 2) == "3S 4S QC KC AC AS 2C 2H 2S JK"  # sorted low to high, joker last
    assert s.roles == tuple(roles) and s.phase == "exchange"
    accounted(s)


def test_seeded_roles_are_a_reproducible_permutation():
    a, b = R.new_game(42), R.new_game(42)
    assert a == b and sorted(a.roles) == [0, 1, 2, 3, 4]
    assert len({R.new_game(k).roles for k in range(30)}) > 5


def test_bad_deck_and_roles_are_refused():
    with pytest.raises(ValueError, match="missing"):
        R.new_game(deck=DECK[:-1])
    with pytest.raises(ValueError):
        R.new_game(deck=DECK, roles=[0, 0, 1, 2, 3])


# --------------------------------------------------------------- exchange

def test_exchange_order_and_delivery_together():
    s = R.new_game(deck=DECK, roles=[0, 1, 2, 3, 4])
    order = []
    for text in ("give 3C 3D", "give 5D", "give KS"):
        order.append(R.current_player(s))
        s = play(s, text)
        # Nothing arrives before the last gift: hands stay as dealt minus what was given.
        assert "3C" not in s.hands[4] and "5D" not in s.hands[3] and "KS" not in s.hands[1]
        accounted(s)
    order.append(R.current_player(s))
    s = play(s, "give 2S JK")
    assert order == [0, 1, 3, 4]  # President, VP, Blue Collar, Apprentice; White Collar never gives
    assert s.phase == "play" and R.current_player(s) == 0  # the President leads the first trick
    assert hand(s, 0) == "3H 4C 4D 5C 6C 7C 8C 9C TC JC 2S JK"
    assert hand(s, 1) == "6D 7D 8D 9D TD JD QD KD KS AD 2D"
    assert hand(s, 2) == WC_HAND
    assert hand(s, 3) == "4H 5D 5S 6S 7S 8S 9S TS JS QS"
    assert hand(s, 4) == "3C 3D 3S 4S QC KC AC AS 2C 2H"
    accounted(s)


def test_highest_means_rightmost_even_with_equal_rank():
    s = play(R.new_game(deck=DECK, roles=[0, 1, 2, 3, 4]), "give 3C 3D", "give 5D", "give KS")
    with pytest.raises(IllegalMove, match="highest"):
        R.apply(s, mv("give 2C JK"))  # 2C ranks like 2S, but 2S is further right
    assert R.legal_moves(s) == [Move("give", ("2S", "JK"))]
    assert R.selectable_cards(s) == {"2S", "JK"}
    assert R.selection_move(s, ["JK"]) is None
    assert R.selection_move(s, ["JK", "2S"]) == Move("give", ("2S", "JK"))


def test_blue_collar_gives_from_the_hand_as_dealt():
    # The VP gives the Blue Collar a two; the Blue Collar's highest is still his own king.
    s = play(R.new_game(deck=DECK, roles=[0, 1, 2, 3, 4]), "give 3C 3D", "give 2D")
    assert R.legal_moves(s) == [Move("give", ("KS",))]
    with pytest.raises(IllegalMove):
        R.apply(s, mv("give 2D"))


def test_free_gifts_any_cards_and_counts():
    s = R.new_game(deck=DECK, roles=[0, 1, 2, 3, 4])
    assert len(R.legal_moves(s)) == 66  # any 2 of 12
    with pytest.raises(IllegalMove, match="exactly 2"):
        R.apply(s, mv("give 3C"))
    with pytest.raises(IllegalMove, match="do not hold"):
        R.apply(s, mv("give 3C 2S"))
    with pytest.raises(IllegalMove, match="must first give"):
        R.apply(s, Move("pass"))
    s = play(s, "give JC TC")
    assert len(R.legal_moves(s)) == 11
    assert R.selection_move(s, []) is None  # no passing in the exchange


# ----------------------------------------------------------------- tricks

def test_lead_shapes_and_no_pass_on_lead():
    s = exchanged()
    with pytest.raises(IllegalMove, match="cannot pass"):
        R.apply(s, Move("pass"))
    with pytest.raises(IllegalMove, match="one rank"):
        R.apply(s, mv("play 4C 5C"))
    with pytest.raises(IllegalMove, match="alone"):
        R.apply(s, mv("play 2S JK"))
    assert R.selection_move(s, []) is None
    assert R.selection_move(s, ["4C", "4D"]) == Move("play", ("4C", "4D"))


def test_follow_must_match_count_and_beat_rank():
    s = play(exchanged(), "play 4C 4D")
    assert R.current_player(s) == 1
    with pytest.raises(IllegalMove, match="as many"):
        R.apply(s, mv("play 6D"))
    s2 = play(s, "play KS KD", "pass")
    assert R.current_player(s2) == 3
    with pytest.raises(IllegalMove, match="higher"):
        R.apply(s2, mv("play 5D 5S"))  # fives do not beat kings
    assert R.selection_move(s2, []) == Move("pass")


def test_rank_order_two_beats_ace_and_three_is_lowest():
    s = play(exchanged(), "play 3H", "play AD")
    assert R.current_player(s) == 2
    with pytest.raises(IllegalMove):
        R.apply(s, mv("play AH"))  # equal rank does not beat
    s = play(s, "pass", "pass", "play 2C")  # the Apprentice's two beats the ace
    assert R.played_cards(s)[-1] == "2C" and R.current_player(s) == 4


def test_one_chance_each_and_last_player_leads():
    s = play(exchanged(), "play 3H", "play 6D", "play 7H", "pass", "play QC")
    # Everyone after the leader has had a chance: the trick ends, the last to play leads.
    assert R.trick_plays(s) == () and R.current_player(s) == 4
    assert s.leader == 4 and s.pending == ()
    assert R.played_cards(s) == ("3H", "6D", "7H", "QC")
    # The President, who led, got no second chance.


def test_all_pass_gives_the_lead_back_to_the_leader():
    s = play(exchanged(), "play 2S", "pass", "pass", "pass", "pass")
    assert R.current_player(s) == 0 and R.trick_plays(s) == ()


def test_joker_rules():
    s = play(exchanged(), "play 4C 4D", "play KS KD")
    # Joker alone may be played on a pair? It's the President's, and he led: not his turn.
    s = play(s, "pass", "pass", "pass")
    # Back to the President? No: the VP played last, so the trick ends with the VP leading.
    assert R.current_player(s) == 1 and R.trick_plays(s) == ()
    s = play(s, "play 6D", "pass", "pass", "pass", "play JK")
    # The joker ends the trick at once and its player leads the next one.
    assert R.trick_plays(s) == () and R.current_player(s) == 0
    assert R.played_cards(s)[-1] == "JK"


def test_joker_on_a_pair_and_led_alone():
    deck = DECK
    s = R.new_game(deck=deck, roles=[0, 1, 2, 3, 4])
    s = play(s, "give 3C 3D", "give 5D", "give KS", "give 2S JK")
    s = play(s, "play 3H", "pass", "pass", "pass", "pass")  # President leads again
    s = play(s, "play 4C 4D", "play KS KD", "pass", "pass", "play AC AS")
    assert R.current_player(s) == 4 and R.trick_plays(s) == ()
    s = play(s, "play 3C 3D 3S")  # the Apprentice leads three threes
    with pytest.raises(IllegalMove, match="alone"):
        R.apply(s, mv("play 2S JK"))
    s = play(s, "play JK")  # the joker alone beats any number of cards
    assert R.trick_plays(s) == () and R.current_player(s) == 0
    s = play(s, "play 2S")
    assert R.current_player(s) == 1
    # A joker led alone also ends the trick at once (checked on a fresh line).
    t = play(exchanged(), "play JK")
    assert R.trick_plays(t) == () and R.current_player(t) == 0 and t.pending == ()


def position(roles, hands: dict[int, str], leader: int) -> R.State:
    """A play-phase position: the given hands, every other card already played."""
    held = {seat: tuple(R.sort_hand(h.split())) for seat, h in hands.items()}
    rest = [c for c in full_pack(1) if not any(c in h for h in held.values())]
    data = {
        "hands": [list(held.get(seat, ())) for seat in range(5)],
        "roles": list(roles), "phase": "play",
        "gifts": [rest[0:2], rest[2:3], rest[3:4], rest[4:6]],
        "log": [[leader, [c]] for c in rest], "trick_start": len(rest), "leader": leader,
        "pending": [], "finished": [seat for seat in range(5) if not held.get(seat)],
    }
    data["gifts"] = [sorted(g, key=R.card_key) for g in data["gifts"]]
    return R.from_dict(data)


ROLES = (2, 0, 1, 3, 4)  # seat 2 President, 0 VP, 1 White Collar, 3 Blue Collar, 4 Apprentice


def test_lead_goes_to_most_senior_holder_when_last_player_is_out():
    s = position(ROLES, {0: "3C 3D", 1: "5C 5D", 2: "7C 7D", 3: "AS", 4: "9C 9D"}, leader=3)
    s = play(s, "play AS")
    assert s.finished == (3,) and s.pending == (4, 0, 1, 2)  # the others still get their chance
    s = play(s, "pass", "pass", "pass", "pass")
    # Seat 3 won the trick but has no cards: the most senior player left (the President) leads.
    assert R.current_player(s) == 2


def test_finishing_order_sets_roles_and_round_ends_with_one_holder():
    s = position(ROLES, {0: "3C 3D", 1: "5C 5D", 2: "7C 7D", 3: "AS", 4: "9C 9D"}, leader=3)
    s = play(s, "play AS", "pass", "pass", "pass", "pass", "play 7C 7D", "play 9C 9D")
    assert s.finished == (3, 2, 4) and s.pending == (0, 1)
    s = play(s, "pass", "pass")
    assert R.current_player(s) == 0  # last player out, the seniormost holder is the VP (seat 0)
    s = play(s, "play 3C 3D")
    assert R.is_over(s) and R.score(s) == (3, 2, 4, 0, 1)
    assert s.hands[1] == ("5C", "5D")  # the last holder keeps his cards and is Apprentice
    accounted(s)
    nxt = R.next_round(s, 9)
    assert nxt.roles == (3, 2, 4, 0, 1) and R.current_player(nxt) == 3


def test_finishing_takes_the_next_role_and_round_ends():
    import random

    from game.acme.players import make_player

    s = exchanged()
    base = make_player("baseline")
    rng = random.Random(0)
    seen_finish = []
    while not R.is_over(s):
        before = set(s.finished)
        seat = R.current_player(s)
        s = R.apply(s, base.choose(R.observe(s, seat), rng))
        new = [x for x in s.finished if x not in before]
        seen_finish.extend(new)
        accounted(s)
        if not R.is_over(s):
            assert R.current_player(s) is not None and s.hands[R.current_player(s)]
    assert sorted(R.score(s)) == [0, 1, 2, 3, 4]
    assert len([x for x in range(5) if s.hands[x]]) <= 1
    assert R.current_player(s) is None and R.legal_moves(s) == []
    with pytest.raises(IllegalMove, match="over"):
        R.apply(s, Move("pass"))
    nxt = R.next_round(s, 5)
    assert nxt.roles == R.score(s) and nxt.phase == "exchange"
    assert len(nxt.hands[nxt.roles[0]]) == 12 and len(nxt.hands[nxt.roles[1]]) == 11


def test_next_round_refused_mid_round():
    with pytest.raises(IllegalMove, match="not over"):
        R.next_round(exchanged(), 1)


# ------------------------------------------------------------ text, saves

def test_move_text_round_trip_and_errors():
    s = exchanged()
    for text in ("play 7C", "pass", "give 3C 4D", "play 4c 4d", "PLAY 10c"):
        m = R.parse_move(s, text)
        assert R.parse_move(s, str(m)) == m
    assert str(R.parse_move(s, "play 4d 4c")) == "play 4C 4D"
    for bad in ("", "jump", "play", "play ZZ", "play 4C 4C", "pass 4C"):
        with pytest.raises(IllegalMove):
            R.parse_move(s, bad)


def test_save_round_trip_and_validation():
    s = play(exchanged(), "play 3H", "play 6D")
    data = json.loads(json.dumps(R.to_dict(s)))
    assert R.from_dict(data) == s
    broken = json.loads(json.dumps(data))
    broken["hands"][0] = broken["hands"][0][1:]
    with pytest.raises(ValueError, match="missing"):
        R.from_dict(broken)
    dup = json.loads(json.dumps(data))
    dup["hands"][1] = sorted(dup["hands"][1] + ["JK"], key=R.card_key)
    with pytest.raises(ValueError):
        R.from_dict(dup)
    for key, value in (("phase", "dancing"), ("roles", [0, 1, 2, 3]), ("leader", 7), ("pending", "x"),
                       ("trick_start", 99), ("hands", "none")):
        bad = dict(data, **{key: value})
        with pytest.raises(ValueError):
            R.from_dict(bad)
    with pytest.raises(ValueError):
        R.from_dict([1, 2])


# ------------------------------------------------------------ observation

def test_observe_shows_only_what_the_seat_may_know():
    s0 = R.new_game(deck=DECK, roles=[0, 1, 2, 3, 4])
    s = play(s0, "give 3C 3D")
    o4 = R.observe(s, 4)
    assert o4.received == () and o4.counts[0] == 10  # gifts are not seen before delivery
    assert R.observe(s, 0).gave == ("3C", "3D")
    s = play(s, "give 5D", "give KS", "give 2S JK")
    o0, o4 = R.observe(s, 0), R.observe(s, 4)
    assert o0.hand == s.hands[0] and o0.received == ("2S", "JK") and o0.gave == ("3C", "3D")
    assert o4.received == ("3C", "3D") and o4.gave == ("2S", "JK")
    assert R.observe(s, 2).gave == () and R.observe(s, 2).received == ()
    assert o0.counts == (12, 11, 10, 10, 10)
    assert not hasattr(o0, "hands")
