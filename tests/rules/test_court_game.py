"""Draw, turns, captures, purge, bonus, round end, the next first drawer and the round guard."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.cards import full_pack
from game.court import rules as R
from game.court.rules import IllegalMove, Move


def deck_for(h0: list[str], h1: list[str]) -> list[str]:
    """A pack in which keeping every first card gives seat 0 ``h0`` and seat 1 ``h1``.

    Seat 0 draws pairs 1, 3, 5, ...; each pair is (kept card, discarded card).
    """
    assert len(h0) == len(h1) == 13
    rest = [c for c in full_pack() if c not in h0 and c not in h1]
    deck = []
    for i in range(13):
        deck += [h0[i], rest[2 * i], h1[i], rest[2 * i + 1]]
    return deck


def drawn(h0, h1, totals=(100, 100), **opts) -> R.State:
    s = R.new_game(7, deck=deck_for(h0, h1), **opts)
    while s.phase == "draw":
        s = R.apply(s, "keep" if s.draw_step == 0 else "discard")
    return replace(s, totals=totals)


H0 = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]
H1 = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"]


def play(s, *cards):
    for c in cards:
        s = R.apply(s, f"play {c}")
    return s


# ---------------------------------------------------------------- the draw (2.x)

def test_draw_pairs_alternate_and_give_thirteen_each():
    s = R.new_game(3)
    assert R.current_player(s) == 0 and s.phase == "draw" and s.round_no == 1
    drawers = []
    while s.phase == "draw":
        drawers.append(R.current_player(s))
        s = R.apply(s, "discard" if s.draw_step == 0 else "keep")
    assert drawers == [0, 0, 1, 1] * 13
    assert len(s.hands[0]) == len(s.hands[1]) == 13
    assert len(s.seen[0]) == len(s.seen[1]) == 13
    assert s.phase == "play" and s.leader == 0


def test_keep_first_forces_discard_of_second_and_vice_versa():
    s = R.new_game(1, deck=deck_for(H0, H1))
    assert s.turned == "2C"
    assert [str(m) for m in R.legal_moves(s)] == ["keep", "discard"]
    s1 = R.apply(s, "keep")
    assert "2C" in s1.hands[0]
    assert [str(m) for m in R.legal_moves(s1)] == ["discard"]
    with pytest.raises(IllegalMove, match="must discard"):
        R.apply(s1, "keep")
    s2 = R.apply(s1, "discard")
    assert s2.seen[0] == (s1.pack[0],) and R.current_player(s2) == 1
    t1 = R.apply(s, "discard")
    assert t1.seen[0] == ("2C",)
    assert [str(m) for m in R.legal_moves(t1)] == ["keep"]
    with pytest.raises(IllegalMove, match="must keep"):
        R.apply(t1, "discard")
    with pytest.raises(IllegalMove, match="keep or discard"):
        R.apply(s, "play 2C")


def test_discards_are_private():
    s = R.new_game(5)
    s = R.apply(R.apply(s, "keep"), "discard")
    card = s.seen[0][0]
    v0, v1 = R.observe(s, 0), R.observe(s, 1)
    assert v0.seen == (card,) and card not in v1.seen and v1.opp_seen_count == 1
    assert v1.turned == s.pack[0] and v0.turned is None  # only the drawer sees the turned card
    assert v1.opp_hand_size == 1 and v0.opp_hand_size == 0 and v0.legal == () and v1.legal


def test_deck_must_be_a_full_pack():
    with pytest.raises(ValueError):
        R.new_game(1, deck=full_pack()[:51])


# ---------------------------------------------------------------- turns (3.x, 4.x)

def test_first_drawer_leads_and_winner_leads_next():
    s = drawn(H0, H1)
    assert R.current_player(s) == 0
    s = play(s, "2C")
    assert R.current_player(s) == 1
    # seat 1 cannot follow clubs: any card; 9D beats 2C, seat 0 loses 9
    s = play(s, "9D")
    assert s.totals == (91, 100) and s.leader == 1 and R.current_player(s) == 1
    assert s.last_turn.rule == "4.11" and s.last_turn.winner == 1
    assert "2C" in s.out and "9D" in s.out


def test_must_follow_suit_and_option_off():
    h0 = ["2C", "3H", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]
    h1 = ["2D", "3C", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"]
    s = play(drawn(h0, h1), "5C")
    assert [m.card for m in R.legal_moves(s)] == ["3C"]
    with pytest.raises(IllegalMove, match="follow suit: play one of your clubs"):
        play(s, "9D")
    free = play(drawn(h0, h1, follow_suit=False), "5C")
    assert len(R.legal_moves(free)) == 13
    assert play(free, "9D").totals == (91, 100)


def test_card_not_in_hand_is_refused_readably():
    s = drawn(H0, H1)
    with pytest.raises(IllegalMove, match="The two of diamonds is not in your hand"):
        play(s, "2D")
    with pytest.raises(IllegalMove):
        R.apply(s, "bonus 2C")
    with pytest.raises(IllegalMove):
        R.apply(s, "fly away")


def test_king_captures_into_the_hand_and_the_card_can_be_played_again():
    h0 = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KH", "AC"]
    h1 = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "7H", "AD"]
    s = play(drawn(h0, h1, follow_suit=False), "KH", "7H")
    assert s.last_turn.rule == "4.223" and s.last_turn.capture == "7H"
    assert "7H" in s.hands[0] and len(s.hands[0]) == 13 and len(s.hands[1]) == 12
    assert s.captured[0] == ("7H",) and s.totals == (100, 100) and s.leader == 0
    assert R.observe(s, 1).opp_captured == ("7H",)
    s = play(s, "7H", "2D")
    assert s.totals == (107, 100) and s.captured[0] == ()


def test_affair_of_the_court_purges_the_suit_from_both_hands():
    h0 = ["2C", "3H", "4C", "5C", "6C", "7C", "8H", "9C", "TC", "JH", "QC", "KC", "AC"]
    h1 = ["2D", "3D", "4H", "5D", "6D", "7D", "8D", "9H", "TD", "JD", "QH", "KD", "AD"]
    s = play(drawn(h0, h1), "JH", "QH")
    assert s.last_turn.rule == "4.321" and s.last_turn.purge_suit == "H"
    assert set(s.last_turn.purged) == {"3H", "8H", "4H", "9H"}
    assert not any(c[1] == "H" for c in s.hands[0] + s.hands[1])
    assert len(s.hands[0]) == 10 and len(s.hands[1]) == 10 and s.leader == 1
    assert {"3H", "8H", "4H", "9H", "JH", "QH"} <= set(s.out)


def test_judged_only_at_round_end_then_bonus_for_the_player_with_cards():
    # seat 1 captures three times, so seat 0 runs out first; totals below zero mid-round do not end it
    h0 = ["2S", "3S", "4S", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "2H", "AC"]
    h1 = ["KS", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"]
    s = drawn(h0, h1, totals=(5, 5), follow_suit=False)
    s = play(s, "2S", "KS")  # King captures the Two of spades
    assert "2S" in s.hands[1]
    s = play(s, "TD", "9C")  # seat 0 loses 10: -5, game goes on
    assert s.totals == (-5, 5) and s.phase == "play"
    # seat 1 leads the rest; seat 0 throws its cards
    while s.phase == "play":
        s = R.apply(s, R.legal_moves(s)[0])
    assert len(s.hands[1]) > 0 and not s.hands[0]
    if s.phase == "bonus":
        s = R.apply(s, "done")
    a, b = s.last_round.totals
    assert R.is_over(s) == (a <= 0 or b <= 0)


def bonus_state(totals, h1_extra):
    """Seat 1 holds the bonus cards; seat 0 is empty."""
    s = drawn(H0, H1, totals=totals)
    hands = ((), R.sort_hand(h1_extra))
    rest = [c for c in full_pack() if c not in h1_extra]
    return replace(s, hands=hands, seen=((), ()), out=tuple(rest), phase="bonus", bonus_player=1,
                   captured=((), ()))


def test_bonus_card_by_card_with_full_effect_and_done():
    s = bonus_state((50, 40), ["5H", "4D", "3S", "KC", "2C"])
    moves = [str(m) for m in R.legal_moves(s)]
    assert moves == ["bonus 2C", "bonus 4D", "bonus 5H", "bonus 3S", "done"]
    with pytest.raises(IllegalMove, match="Court cards have no effect"):
        R.apply(s, "bonus KC")
    s = R.apply(s, "bonus 5H")
    assert s.totals == (50, 45) and s.phase == "bonus"
    s = R.apply(s, "bonus 4D")
    assert s.totals == (46, 45)
    s = R.apply(s, "bonus 3S")
    assert s.totals == (43, 42)
    assert s.bonus_points == (0, 12) and s.round_bonus == (0, 12)
    s = R.apply(s, "done")  # the Two of clubs is kept back
    assert s.phase == "draw" and s.round_no == 2 and s.totals == (43, 42)
    assert s.last_round.bonus == (0, 12) and s.bonus_points == (0, 12) and s.round_bonus == (0, 0)
    assert R.current_player(s) == 0  # more points draws first


def test_bonus_ends_by_itself_when_no_numbered_card_is_left():
    s = bonus_state((50, 40), ["7C", "KC"])
    s = R.apply(s, "bonus 7C")
    assert s.phase == "draw" and s.totals == (43, 40)


@pytest.mark.parametrize("totals,phase,winner", [
    ((0, 5), "over", 1), ((5, -3), "over", 0), ((-1, 0), "over", None), ((1, 1), "draw", None),
])
def test_round_end_judgement(totals, phase, winner):
    s = bonus_state(totals, ["7C"])
    s = R.apply(s, "done")
    assert s.phase == phase and s.winner == winner
    assert R.is_over(s) == (phase == "over")
    if phase == "over":
        assert R.current_player(s) is None and R.legal_moves(s) == []
        with pytest.raises(IllegalMove, match="over"):
            R.apply(s, "keep")


def test_next_first_drawer_more_points_else_the_other_one():
    s = bonus_state((30, 60), ["7C"])
    assert R.current_player(R.apply(s, "done")) == 1
    s = bonus_state((60, 60), ["7C"])  # first drawer this round was 0, so 1 draws first
    n = R.apply(s, "done")
    assert n.first_drawer == 1 and n.prev_first_drawer == 0
    s = replace(bonus_state((60, 60), ["7C"]), first_drawer=1)
    assert R.apply(s, "done").first_drawer == 0


def test_round_guard_decides_by_higher_total():
    s = replace(bonus_state((30, 20), ["7C"]), round_no=99)
    end = R.apply(s, "done")
    assert end.phase == "over" and end.winner == 0 and end.end_reason == "limit"
    tie = R.apply(replace(bonus_state((20, 20), ["7C"]), round_no=99), "done")
    assert tie.phase == "over" and tie.winner is None
    short = R.new_game(4, round_limit=3)
    assert short.round_limit == 3
    with pytest.raises(ValueError):
        R.new_game(4, round_limit=0)


def test_same_seed_same_packs_each_round():
    a, b = R.new_game(11), R.new_game(11)
    assert a.pack == b.pack
    assert R.round_seed(11, 2) != R.round_seed(11, 3)


def test_parse_and_print_moves():
    s = R.new_game(1)
    for text in ("keep", "discard", "play QH", "bonus 7H", "done"):
        assert str(R.parse_move(s, text)) == text
    assert str(R.parse_move(s, " Play 10h ")) == "play TH"
    with pytest.raises(IllegalMove):
        R.parse_move(s, "play")
    with pytest.raises(IllegalMove):
        R.parse_move(s, "play ZZ")


def test_cue_text_names_rule_and_effect():
    s = play(drawn(H0, H1, follow_suit=False), "8C", "QD")
    # 8C against a Queen of another suit: 4.21, the numbered card wins
    assert R.cue_text(s.last_turn, 0) == "4.21 \u2014 a numbered card beats a court card of another suit: " \
        "the computer loses 8"
    rec = R.TurnRecord(1, "8H", "QH", "4.222", (100, 100), (108, 100), 0, None, None, ())
    assert R.cue_text(rec, 0) == "4.222 \u2014 the Queen reverses the effect: you gain 8"
    rec = R.TurnRecord(0, "KH", "7H", "4.223", (90, 80), (90, 80), 0, "7H", None, ())
    assert R.cue_text(rec, 1).endswith("the computer captures the seven of hearts")


def test_from_dict_rejects_bad_data():
    s = drawn(H0, H1)
    d = R.to_dict(s)
    assert R.from_dict(d) == s
    for key, bad in [("phase", "dance"), ("totals", [1]), ("leader", 2), ("seed", "x"),
                     ("follow_suit", 1), ("round_no", 0)]:
        broken = dict(d, **{key: bad})
        with pytest.raises(ValueError):
            R.from_dict(broken)
    dup = dict(d, out=d["out"] + ["2C"])
    with pytest.raises(ValueError, match="unexpected the two of clubs"):
        R.from_dict(dup)
    with pytest.raises(ValueError):
        R.from_dict(dict(d, hacker=1))
    with pytest.raises(ValueError):
        R.from_dict([1, 2])
    assert Move("play", "QH") < Move("play", "QS")
