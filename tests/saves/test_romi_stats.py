"""Romi statistics: kept across sessions, bad files replaced safely."""

from __future__ import annotations

import json
import os

from saves import romi_stats


def test_fresh_start_and_carry_over():
    stats, warning = romi_stats.load()
    assert warning is None and stats.games == 0
    stats.record(0, (40, 0))
    stats.record(1, (0, 12))
    stats.record(None, (0, 0))
    assert romi_stats.save(stats) is None
    again, warning = romi_stats.load()
    assert warning is None
    assert (again.games, again.won, again.lost, again.drawn) == (3, 1, 1, 1)
    assert (again.points_for, again.points_against) == (40, 12)
    assert "you won 1" in again.summary()


def test_record_game_adds_to_the_file():
    romi_stats.record_game(0, (30, 0))
    stats, msg = romi_stats.record_game(0, (5, 0))
    assert msg is None and stats.won == 2 and stats.points_for == 35


def test_corrupt_file_gives_defaults_quarantine_and_a_warning(parlour_home):
    p = romi_stats.path()
    p.write_text('{"format": "parlour-romi-stats", "version": 1, "games": ')
    stats, warning = romi_stats.load()
    assert stats.games == 0
    assert "could not be read" in warning and "damaged" in warning
    assert not p.exists()
    assert any(f.name.startswith("romi-stats.json.bad-") for f in parlour_home.iterdir())


def test_inconsistent_counts_are_refused(parlour_home):
    p = romi_stats.path()
    p.write_text(json.dumps({"format": romi_stats.FORMAT, "version": 1, "games": 2, "won": 5,
                             "lost": 0, "drawn": 0, "points_for": 1, "points_against": 0}))
    stats, warning = romi_stats.load()
    assert stats.games == 0 and "do not add up" in warning


def test_newer_version_is_not_overwritten_silently(parlour_home):
    p = romi_stats.path()
    p.write_text(json.dumps({"format": romi_stats.FORMAT, "version": 99, "games": 1}))
    stats, warning = romi_stats.load()
    assert stats.games == 0 and "newer version" in warning
    assert any(f.name.startswith("romi-stats.json.bad-") for f in parlour_home.iterdir())


def test_failed_save_returns_a_message(parlour_home):
    blocker = parlour_home / "romi-stats.json"
    blocker.mkdir()  # a folder where the file should be: the rename fails
    msg = romi_stats.save(romi_stats.RomiStats(games=1, won=1))
    assert msg is not None and "could not be saved" in msg
    assert os.path.isdir(blocker)


def test_an_old_file_loads_and_goes_on_counting(parlour_home):
    # written before levels, streaks, assisted games and ids existed
    romi_stats.path().write_text(json.dumps({"format": romi_stats.FORMAT, "version": 1, "games": 3, "won": 2,
                                             "lost": 1, "drawn": 0, "points_for": 50, "points_against": 9}))
    stats, msg = romi_stats.record_game(0, (7, 0), "expert", game_id="g1")
    assert msg is None
    again, warning = romi_stats.load()
    assert warning is None
    assert (again.games, again.won, again.points_for) == (4, 3, 57)
    assert again.level("expert").games == 1 and again.level("expert").won == 1


def test_statistics_per_level_with_win_rate_and_streaks():
    stats = romi_stats.RomiStats()
    for winner, pts in ((0, (10, 0)), (0, (20, 0)), (1, (0, 5)), (0, (4, 0))):
        stats.record(winner, pts, "intermediate")
    stats.record(1, (0, 30), "expert")
    inter = stats.level("intermediate")
    assert (inter.games, inter.won, inter.lost, inter.points_for, inter.points_against) == (4, 3, 1, 34, 5)
    assert inter.win_rate == 0.75 and inter.streak == 1 and inter.longest == 2
    assert stats.level("expert").games == 1 and stats.level("beginner").games == 0
    assert (stats.games, stats.won, stats.streak, stats.longest) == (5, 3, 0, 2)
    assert romi_stats.save(stats) is None
    again, _ = romi_stats.load()
    assert again.level("intermediate") == inter and again.longest == 2


def test_a_win_with_help_is_marked_and_not_counted_as_a_win():
    stats = romi_stats.RomiStats()
    stats.record(0, (10, 0), "beginner")
    stats.record(0, (30, 0), "beginner", assisted=True)
    b = stats.level("beginner")
    assert (b.games, b.won, b.assisted, b.points_for, b.streak) == (1, 1, 1, 10, 0)
    assert (stats.won, stats.assisted) == (1, 1)
    assert (b.played, stats.played, b.win_rate) == (2, 2, 0.5)  # played, not won
    stats.record(1, (0, 8), "beginner", assisted=True)  # a game lost with help is a loss like any other
    assert stats.level("beginner").lost == 1


def test_a_game_is_counted_once_by_its_id():
    romi_stats.record_game(0, (12, 0), "beginner", game_id="abc")
    stats, msg = romi_stats.record_game(0, (12, 0), "beginner", game_id="abc")  # loaded and finished again
    assert msg is None and stats.games == 1 and stats.points_for == 12
    stats, _ = romi_stats.record_game(1, (0, 3), "beginner", game_id="def")
    assert stats.games == 2 and stats.counted == ["abc", "def"]
    for k in range(romi_stats.KEPT_IDS + 5):
        stats.record(None, (0, 0), game_id=f"id{k}")
    assert len(stats.counted) == romi_stats.KEPT_IDS and stats.counted[-1] == f"id{romi_stats.KEPT_IDS + 4}"
