"""Affairs of the Court history: records, Legendary Games, tournaments, bad files."""

from __future__ import annotations

import json
import os

import pytest

from game.court import rules as R
from saves import court_history as CH


def test_fresh_history_has_the_guest_and_no_warning():
    h = CH.load_history()
    assert h.players == ["Guest"] and h.warning is None and h.tournament is None
    assert h.summary("Guest", "expert")["games"] == 0


def test_record_and_reload_with_averages_and_legendary_games():
    h = CH.load_history()
    assert h.add_player("  Ada   Lovelace ") == "Ada Lovelace"
    assert h.add_player("ada lovelace") == "Ada Lovelace"
    assert h.record_game("Ada Lovelace", "expert", 40, -5, "you", 3, 12, date="2026-11-01")
    assert h.record_game("Ada Lovelace", "expert", -2, 30, "computer", 2, 0, date="2026-11-02")
    assert h.record_game("Ada Lovelace", "expert", -1, -3, None, 4, 6, date="2026-11-03")
    assert h.record_game("Ada Lovelace", "expert", 90, 0, "you", 5, 20, date="2026-11-04")
    assert not h.record_game("Ada Lovelace", "expert", 90, 0, "you", 5, 20, follow_suit=False)
    assert h.save() is None
    again = CH.load_history()
    s = again.summary("Ada Lovelace", "expert")
    assert (s["games"], s["wins"], s["losses"], s["draws"], s["win_pct"]) == (4, 2, 1, 1, 50.0)
    assert s["total_points"] == 127 and s["average_score"] == 31.8
    assert s["total_difference"] == 45 + -32 + 2 + 90 and s["average_spread"] == 26.2
    assert (s["total_rounds"], s["average_rounds"], s["total_bonus"], s["average_bonus"]) == (14, 3.5, 38, 9.5)
    assert [g["spread"] for g in s["legendary"]] == [90, 45]
    assert s["legendary"][0]["date"] == "2026-11-04"
    assert again.summary("Ada Lovelace", "novice")["games"] == 0
    assert again.players == ["Guest", "Ada Lovelace"]


def test_only_ten_legendary_games_are_kept():
    h = CH.load_history()
    for spread in range(1, 15):
        h.record_game("Guest", "novice", spread, 0, "you", 1, 0)
    assert [g["spread"] for g in h.summary("Guest", "novice")["legendary"]] == list(range(14, 4, -1))


def test_record_state_from_a_finished_game():
    s = R.new_game(3, round_limit=1)
    while not R.is_over(s):
        s = R.apply(s, R.legal_moves(s)[0])
    h = CH.load_history()
    assert h.record_state("Guest", "intermediate", s)
    rec = h.summary("Guest", "intermediate")
    assert rec["games"] == 1 and rec["total_points"] == s.totals[0]


def test_bad_names_are_refused():
    h = CH.load_history()
    for bad in ("", "   ", "x" * 21, "a\x00b", 5):
        with pytest.raises(ValueError):
            h.add_player(bad)


@pytest.mark.parametrize("content", [b"", b"{not json", b'{"format": "parlour-court-history", "ver',
                                     b'{"format": "parlour-court-history", "version": 99, "players": []}',
                                     b'{"format": "parlour-court-history", "version": 1, "players": 7}',
                                     b'[1, 2, 3]', b"\xff\xfe\x00"])
def test_corrupt_truncated_or_newer_file_gives_defaults_and_a_warning(content, parlour_home):
    path = parlour_home / CH.FILE_NAME
    path.write_bytes(content)
    h = CH.load_history()
    assert h.players == ["Guest"] and h.warning
    assert "fresh" in h.warning
    assert not path.exists()  # set aside, never overwritten
    assert any(p.name.startswith(CH.FILE_NAME + ".bad-") for p in parlour_home.iterdir())
    assert h.save() is None and CH.load_history().warning is None


def test_damaged_file_falls_back_to_the_previous_copy(parlour_home):
    h = CH.load_history()
    h.record_game("Guest", "expert", 10, 0, "you", 1, 0)
    assert h.save() is None
    h.record_game("Guest", "expert", 10, 0, "you", 1, 0)
    assert h.save() is None  # the first save is now the backup
    (parlour_home / CH.FILE_NAME).write_text('{"format": "parlour-court-history", "version": 1, "pla')
    again = CH.load_history()
    assert again.warning and "previous copy" in again.warning
    assert again.summary("Guest", "expert")["games"] == 1


def test_a_failed_save_returns_a_message(parlour_home):
    h = CH.load_history()
    h.path = parlour_home / "not-a-folder" / CH.FILE_NAME
    (parlour_home / "not-a-folder").write_text("I am a file")
    msg = h.save()
    assert msg and "not stored" in msg


def test_tournament_same_packs_standings_resume_and_summary():
    h = CH.load_history()
    t = h.start_tournament("expert", ["Ann", "Bob", "Cy"], seed=77)
    assert t.round_seeds == [R.round_seed(77, n) for n in (1, 2, 3)]
    g1, g2 = t.new_game(), t.new_game()
    assert g1.pack == g2.pack and g1.round_limit == 3
    assert t.current == "Ann"
    t.record("Ann", 25)
    with pytest.raises(ValueError):
        t.record("Cy", 3)
    g = R.apply(t.new_game(), "keep")
    t.game = R.to_dict(g)
    assert h.save() is None
    back = CH.load_history()
    tb = back.tournament
    assert tb.current == "Bob" and tb.scores == {"Ann": 25}
    assert R.from_dict(tb.game) == g
    assert tb.standings() == [("Ann", 25), ("Bob", None), ("Cy", None)]
    tb.record("Bob", 40)
    tb.record("Cy", -10)
    assert tb.finished and tb.winners() == ["Bob"]
    summary = back.finish_tournament()
    assert summary["scores"] == [["Bob", 40], ["Ann", 25], ["Cy", -10]] and summary["winners"] == ["Bob"]
    assert back.save() is None
    last = CH.load_history()
    assert last.tournament is None and last.tournaments[0]["winners"] == ["Bob"]


def test_tournament_limits_and_cancel():
    h = CH.load_history()
    with pytest.raises(ValueError):
        h.start_tournament("expert", [])
    with pytest.raises(ValueError):
        h.start_tournament("expert", [f"P{i}" for i in range(11)])
    with pytest.raises(ValueError):
        h.start_tournament("expert", ["Ann", "ann"])
    with pytest.raises(ValueError):
        h.start_tournament("genius", ["Ann"])
    h.start_tournament("novice", [f"P{i}" for i in range(10)])
    h.cancel_tournament()
    assert h.tournament is None


def test_hostile_tournament_game_is_refused(parlour_home):
    h = CH.load_history()
    t = h.start_tournament("novice", ["Ann"], seed=5)
    t.game = {"phase": "draw"}
    data = h.to_json()
    path = parlour_home / CH.FILE_NAME
    path.write_text(json.dumps({"format": CH.FORMAT, "version": 1, **data}))
    again = CH.load_history()
    assert again.warning and again.tournament is None
    assert not os.path.exists(path)
