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
