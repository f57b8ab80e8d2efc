"""Kill a writing child process at random points of every kind of save, and check nothing is lost.

For each kind of file (saved game, kept game, settings, statistics, high scores, profiles, Court
history, Romi statistics) a forked child reads the file, then saves it again and again with a
counter one higher each time; the parent kills it with SIGKILL after a random few milliseconds.
After every kill the file must load cleanly (no fallback, no warning) to a counter at least the
last one seen — the new content or the previous good one — and the backup, when there is one,
must be whole and no newer than the file.  The temporary files the kills leave behind are then
removed by the start-up clean-up.
"""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from saves import acme_profiles, court_history, romi_stats, store
from saves import games as saved_games
from saves import settings as settings_mod
from saves.solitaire_stats import SolitaireStats
from saves.thieves_records import ThievesRecords

pytestmark = pytest.mark.faults

KILLS_PER_KIND = 16  # eight kinds: 128 kills in all


@dataclass
class Kind:
    name: str
    path: Callable[[], Path]
    fmt: str
    read: Callable[[], int]  # the counter now in the file (raises / asserts on any trouble)
    write: Callable[[int], None]  # save the file with this counter


def _no_warning(warning):
    assert warning is None, warning


def _read_settings() -> int:
    s, warning = settings_mod.load()
    _no_warning(warning)
    return s.games.get("k", {}).get("n", 0)


def _write_settings(n: int) -> None:
    assert settings_mod.save(settings_mod.Settings(card_back=n % 12, games={"k": {"n": n}})) is None


def _read_stats() -> int:
    st = SolitaireStats("acesup")
    _no_warning(st.warning)
    return st.get("aces_up").played


def _write_stats(n: int) -> None:
    st = SolitaireStats.__new__(SolitaireStats)
    st.game, st.path, st.warning = "acesup", saved_games.data_dir() / "acesup-stats.json", None
    st.counted_ids = [f"game-{n}"]
    st.records = {"aces_up": __import__("saves.solitaire_stats", fromlist=["Record"]).Record(played=n, won=n // 2)}
    assert st.save() is None


def _read_records() -> int:
    r = ThievesRecords()
    _no_warning(r.warning)
    return r.stats[2].games


def _write_records(n: int) -> None:
    r = ThievesRecords()
    r.stats[2].games = n - 1
    assert r.record_game(2, 10, 0) is None


def _read_profiles() -> int:
    book = acme_profiles.load_profiles()
    _no_warning(book.warning)
    return book.current.stats[0] if book.current else 0


def _write_profiles(n: int) -> None:
    book = acme_profiles.ProfileBook()
    book.select("Ann", seed=1).stats[0] = n
    assert acme_profiles.save_profiles(book) is None


def _read_court() -> int:
    h = court_history.load_history()
    _no_warning(h.warning)
    return h.record("Guest", "novice").games


def _write_court(n: int) -> None:
    h = court_history.CourtHistory()
    rec = h.records.setdefault("Guest", {}).setdefault("novice", court_history.LevelRecord())
    rec.games = rec.wins = n
    assert h.save() is None


def _read_romi() -> int:
    s, warning = romi_stats.load()
    _no_warning(warning)
    return s.games


def _write_romi(n: int) -> None:
    assert romi_stats.save(romi_stats.RomiStats(games=n, won=n)) is None


def _read_game() -> int:
    return saved_games.load_game("acesup", "Aces Up", "slot")["n"] if saved_games.save_path(
        "acesup", "slot").exists() else 0


def _write_game(n: int) -> None:
    saved_games.save_game("acesup", "Aces Up", "slot", {"n": n, "moves": ["deal"] * (n % 50)})


def _read_resume() -> int:
    data = saved_games.read_resume("acme", "ACME")
    return data["n"] if data else 0


def _write_resume(n: int) -> None:
    assert saved_games.write_resume("acme", "ACME", {"n": n, "pad": "x" * (n % 300)}) is None


KINDS = [
    Kind("saved game", lambda: saved_games.save_path("acesup", "slot"), "parlour-game", _read_game, _write_game),
    Kind("kept game", lambda: saved_games.resume_path("acme"), "parlour-game", _read_resume, _write_resume),
    Kind("settings", lambda: settings_mod._path(), "parlour-settings", _read_settings, _write_settings),
    Kind("statistics", lambda: saved_games.data_dir() / "acesup-stats.json", "parlour-solitaire-stats",
         _read_stats, _write_stats),
    Kind("high scores", lambda: saved_games.data_dir() / "thieves-records.json", "parlour-thieves-records",
         _read_records, _write_records),
    Kind("profiles", acme_profiles.profiles_path, acme_profiles.FORMAT, _read_profiles, _write_profiles),
    Kind("Court history", court_history.history_path, court_history.FORMAT, _read_court, _write_court),
    Kind("Romi statistics", romi_stats.path, romi_stats.FORMAT, _read_romi, _write_romi),
]


def _child(kind: Kind, ready_w: int) -> None:
    """Save forever, one higher each time (never returns: killed by the parent)."""
    try:
        n = kind.read()
        os.write(ready_w, b"r")
        while True:
            n += 1
            kind.write(n)
    finally:
        os._exit(3)


def _kill_once(kind: Kind, rng: random.Random) -> None:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(r)
        _child(kind, w)
    os.close(w)
    try:
        assert os.read(r, 1) == b"r", f"{kind.name}: the child could not read the file"
    finally:
        os.close(r)
    time.sleep(rng.uniform(0.0, 0.04))
    os.kill(pid, signal.SIGKILL)
    _pid, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status), f"{kind.name}: the child stopped by itself ({status})"


@pytest.mark.parametrize("kind", KINDS, ids=[k.name for k in KINDS])
def test_random_kills_during_saves_lose_nothing(kind, parlour_home):
    rng = random.Random(f"kills-{kind.name}")
    path = kind.path()
    kind.write(1)
    kind.write(2)
    last = kind.read()
    kills = 0
    for _ in range(KILLS_PER_KIND):
        _kill_once(kind, rng)
        kills += 1
        now = kind.read()  # loads cleanly: no damage, no fallback to the backup
        assert now >= last, f"{kind.name}: went back from {last} to {now}"
        last = now
        bak = path.with_name(path.name + ".bak")
        if bak.exists():
            assert bak.stat().st_size > 0, f"{kind.name}: the backup is empty"
            store.read_json(bak, kind.fmt, 10**9)  # whole and readable
    assert kills == KILLS_PER_KIND
    assert last > 2, f"{kind.name}: the children never managed to save"
    # what the kills left behind is removed at start-up (once old enough to be nobody's)
    temps = [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    past = time.time() - 3600
    for p in temps:
        os.utime(p, (past, past))
    store.clean_stale_temps(parlour_home)
    assert not [p for p in parlour_home.rglob("*.tmp")]
