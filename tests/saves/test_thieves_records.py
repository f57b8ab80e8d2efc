"""Forty Thieves high-score tables and statistics: persistence and every way the file can go bad."""

from __future__ import annotations

import json
import os

import pytest

from saves import store
from saves.thieves_records import FILE_NAME, FORMAT, TABLE_SIZE, Entry, ThievesRecords, qualifies


def _path(home):
    return home / FILE_NAME


def test_defaults_when_no_file(parlour_home):
    rec = ThievesRecords()
    assert rec.path == _path(parlour_home)
    assert all(rec.table(j) == [] for j in range(6)) and rec.warning is None and rec.last_name == ""
    assert not _path(parlour_home).exists()  # nothing written until something changes


def test_round_trip_tables_stats_and_last_name(parlour_home):
    rec = ThievesRecords()
    assert rec.add_score(2, 150, "Ann", "2026-11-01") == 0
    assert rec.add_score(2, 300, "Bob", "2026-11-02") == 0
    assert rec.add_score(2, 150, "Cy", "2026-11-03") == 2  # an equal score goes below the older one
    assert rec.add_score(0, 80, "Dee") == 0
    rec.record_game(2, 150, clears=1)
    rec.record_game(2, 300, clears=2)
    rec.record_game(2, 40, clears=0)
    rec.record_game(2, 150, clears=1)
    again = ThievesRecords()
    assert [(e.score, e.name) for e in again.table(2)] == [(300, "Bob"), (150, "Ann"), (150, "Cy")]
    assert again.table(0)[0].name == "Dee" and len(again.table(0)[0].date) == 10
    assert again.last_name == "Dee"
    st = again.stats[2]
    assert (st.games, st.best, st.clears, st.longest_streak, st.streak) == (4, 300, 4, 2, 1)
    assert st.average == pytest.approx(160.0)
    assert again.stats[1].games == 0 and again.warning is None
    data = json.loads(_path(parlour_home).read_text())
    assert data["format"] == FORMAT and data["version"] == 1


def test_tables_keep_the_top_ten_sorted_and_qualifies():
    rec = ThievesRecords()
    for i in range(12):
        rec.add_score(1, 10 * (i + 1), f"P{i}", "2026-01-01")
    table = rec.table(1)
    assert len(table) == TABLE_SIZE and [e.score for e in table] == list(range(120, 20, -10))
    assert not qualifies(table, 30) and qualifies(table, 31) and not rec.qualifies(1, 20)
    assert rec.add_score(1, 25, "Low") is None
    assert qualifies([], 1) and not qualifies([], 0)
    assert qualifies([Entry(5, "a", "2026-01-01")], 1)  # a table not yet full takes any positive score


def test_practice_games_never_enter_tables_or_statistics():
    rec = ThievesRecords()
    assert not rec.qualifies(3, 500, practice=True)
    assert rec.add_score(3, 500, "Cheat", practice=True) is None
    rec.record_game(3, 500, clears=3, practice=True)
    assert rec.table(3) == [] and rec.stats[3].games == 0


def test_names_are_cleaned():
    rec = ThievesRecords()
    rec.add_score(4, 10, "  \x00Zed\n  ", "2026-01-01")
    rec.add_score(4, 20, "x" * 100, "2026-01-01")
    rec.add_score(4, 30, "   ", "2026-01-01")
    assert [e.name for e in rec.table(4)] == ["Player", "x" * 24, "Zed"]


@pytest.mark.parametrize("content", [
    b"{\"format\": \"parlour-thieves-records\", \"version\": 1, \"tables\": {\"2\": [{\"sco",  # truncated
    b"\x00\xff\xfe garbage",                                                                 # corrupt
    b"",                                                                                      # empty
    b"[1, 2, 3]",                                                                             # not ours
    json.dumps({"format": FORMAT, "version": 99, "tables": {}, "stats": {}}).encode(),        # newer
    json.dumps({"format": FORMAT, "version": 1, "tables": {"2": [{"score": "9e999", "name": 1,
                "date": "x"}]}, "stats": {}}).encode(),                                       # hostile
    json.dumps({"format": FORMAT, "version": 1, "tables": {"2": [{"score": 5, "name": "a",
                "date": "not a date"}]}, "stats": {}}).encode(),
    json.dumps({"format": FORMAT, "version": 1, "tables": [], "stats": {}}).encode(),
    json.dumps({"format": FORMAT, "version": 1, "tables": {"1": [{"score": 5}] * 50},
                "stats": {}}).encode(),
    b"{\"format\": \"parlour-thieves-records\", \"version\": 1, \"tables\": NaN}",
])
def test_a_bad_file_gives_defaults_a_warning_and_is_kept_aside(parlour_home, content):
    path = _path(parlour_home)
    path.write_bytes(content)
    rec = ThievesRecords()
    assert all(rec.table(j) == [] for j in range(6))
    assert rec.warning and "could not be loaded" in rec.warning
    kept = [p for p in parlour_home.iterdir() if p.name.startswith(FILE_NAME + ".bad-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert not path.exists()  # never overwritten: moved aside before anything new is saved
    assert rec.take_warning() and rec.warning is None
    rec.add_score(2, 10, "New")
    assert ThievesRecords().table(2)[0].name == "New" and kept[0].read_bytes() == content


def test_save_failure_in_an_unwritable_place_is_a_message_not_an_exception(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    rec = ThievesRecords(blocker / FILE_NAME)  # parent is a file: every write fails (even as root)
    assert rec.warning is None
    assert rec.add_score(2, 120, "Ann") == 0  # play goes on, the table is kept in memory
    assert rec.warning and "could not be saved" in rec.warning
    assert rec.table(2)[0].score == 120
    msg = rec.record_game(2, 120, clears=0)
    assert msg and "could not be saved" in msg


def test_save_failure_when_the_rename_fails(monkeypatch, parlour_home):
    rec = ThievesRecords()
    rec.add_score(5, 50, "Old")

    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:  # (undo() would also undo the PARLOUR_HOME fixture)
        patch.setattr(os, "replace", refuse)
        msg = rec.record_game(5, 60, clears=1)
    assert msg and "No space left" in msg
    assert ThievesRecords().table(5)[0].name == "Old"  # the good file was not damaged


def test_store_is_used_with_a_backup(parlour_home):
    rec = ThievesRecords()
    rec.add_score(2, 10, "A")
    rec.add_score(2, 20, "B")
    data = store.read_json(_path(parlour_home).with_name(FILE_NAME + ".bak"), FORMAT, 1)
    assert data["tables"]["2"][0]["name"] == "A"
