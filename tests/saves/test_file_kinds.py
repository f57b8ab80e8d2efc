"""Issue 14: what `saves.store` does with files that are not ordinary files, with a backup
being made, and with the leftovers of a killed save; `saves.paths` with a folder that cannot be."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from saves import games as saved_games
from saves import paths, store


@pytest.fixture
def alarm():
    """Fail (rather than hang the suite) if a read blocks."""
    def boom(*_a):
        raise TimeoutError("the read blocked")
    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(5)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def test_symlink_to_dev_zero_is_refused_without_reading_it(tmp_path, alarm):
    link = tmp_path / "settings.json"
    link.symlink_to("/dev/zero")
    t = time.process_time()
    with pytest.raises(store.SaveError, match="not an ordinary file"):
        store.read_json(link, "parlour-settings", 1)
    assert time.process_time() - t < 1.0


def test_named_pipe_is_refused_without_blocking(tmp_path, alarm):
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    with pytest.raises(store.SaveError, match="not an ordinary file"):
        store.read_json(fifo, "parlour-settings", 1)


def test_folder_is_refused(tmp_path):
    (tmp_path / "settings.json").mkdir()
    with pytest.raises(store.SaveError, match="folder"):
        store.read_json(tmp_path / "settings.json", "parlour-settings", 1)


def test_no_more_than_the_cap_is_read(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 2000 + b"{}")
    monkeypatch.setattr(store, "MAX_FILE_BYTES", 1000)
    with pytest.raises(store.SaveError, match="too large"):
        store.read_json(path, "x", 1)


def test_backup_is_a_whole_previous_copy_and_made_by_rename(tmp_path, monkeypatch):
    path = tmp_path / "stats.json"
    store.write_json(path, "f", 1, {"n": 1})
    store.write_json(path, "f", 1, {"n": 2})
    assert store.read_json(path.with_name("stats.json.bak"), "f", 1)["n"] == 1
    # the backup is never written in place: a copy would leave it empty if killed midway
    seen = []
    real = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (seen.append(Path(b).name), real(a, b))[1])
    monkeypatch.setattr("shutil.copy2", lambda *a, **k: pytest.fail("copied in place"))
    store.write_json(path, "f", 1, {"n": 3})
    assert seen == ["stats.json.bak", "stats.json"]
    assert store.read_json(path.with_name("stats.json.bak"), "f", 1)["n"] == 2
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_backup_without_hard_links_is_still_a_whole_copy(tmp_path, monkeypatch):
    path = tmp_path / "stats.json"
    store.write_json(path, "f", 1, {"n": 1})

    def no_links(*_a, **_k):
        raise OSError(1, "Operation not permitted")
    monkeypatch.setattr(os, "link", no_links)
    store.write_json(path, "f", 1, {"n": 2})
    assert store.read_json(path.with_name("stats.json.bak"), "f", 1)["n"] == 1


def test_stale_temporary_files_are_removed_and_young_ones_kept(tmp_path):
    (tmp_path / "resume").mkdir()
    (tmp_path / "deep" / "er").mkdir(parents=True)
    elsewhere = tmp_path / "deep" / "er" / ".x.json.abcdefgh.tmp"  # not a folder Parlour writes to
    elsewhere.write_text("")
    os.utime(elsewhere, (time.time() - 3600,) * 2)
    old = [tmp_path / ".settings.json.ab12cd34.tmp", tmp_path / "resume" / ".acesup.json.bak.x1y2z3_4.tmp"]
    young = tmp_path / ".acme-profiles.json.zz99zz99.tmp"
    mine = tmp_path / ".notes.json.abcdefgh.tmp.txt"  # not a name Parlour makes: left alone
    for p in [*old, young, mine]:
        p.write_text("{")
    past = time.time() - 3600
    for p in [*old, mine]:
        os.utime(p, (past, past))
    assert store.clean_stale_temps(tmp_path) == 2
    assert not any(p.exists() for p in old) and young.exists() and mine.exists() and elsewhere.exists()


def test_start_up_removes_stale_temporary_files(parlour_home):
    from game.engine.app import App

    tmp = parlour_home / ".settings.json.k1l2m3n4.tmp"
    tmp.write_text("")
    os.utime(tmp, (time.time() - 3600,) * 2)
    app = App()
    try:
        assert not tmp.exists()
    finally:
        app.close()


def test_data_folder_that_is_a_file(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.write_text("a file")
    monkeypatch.setenv("PARLOUR_HOME", str(home))
    assert paths.data_dir() == home  # no exception
    assert "is a file" in paths.data_dir_problem()
    assert saved_games.list_saves("acesup") == []
    with pytest.raises(store.SaveError):
        saved_games.save_game("acesup", "Aces Up", "x", {})
    assert saved_games.write_resume("acesup", "Aces Up", {}) is not None


def test_saves_folder_that_is_a_file(parlour_home):
    (parlour_home / "saves").write_text("in the way")
    assert saved_games.list_saves("acesup") == []
    with pytest.raises(store.SaveError, match="Could not save"):
        saved_games.save_game("acesup", "Aces Up", "x", {})
