"""The data-folder lock held by a stuck process (issue 35, case 6).

Before, a game's end froze the frame loop for the whole lock timeout (5.02 s), the statistics were not
written, and the error said on the status line was replaced in the same frame by "You won".  Now the frame
loop only tries the lock: the record waits in `saves.recordqueue`, is written as soon as the lock is free,
and the player is told on the end box (words that stay), and again on closing while it still waits.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from saves import folderlock
from saves import settings as settings_mod
from saves.paths import data_dir
from saves.recordqueue import QUEUE
from saves.solitaire_stats import SolitaireStats
from tests.faults.procs import ROOT, Window

pytestmark = pytest.mark.faults

HOLDER = ("import sys; from pathlib import Path; from saves.folderlock import try_hold; "
          "h = try_hold(Path(sys.argv[1]) / '.parlour.lock'); print('held' if h else 'taken', flush=True); "
          "sys.stdin.read()")


class StuckParlour:
    """Another process holding the data folder's lock until `release` (a Parlour stopped in a debugger)."""

    def __init__(self, folder) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder)], cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline().strip() == "held"

    def release(self) -> None:
        self.proc.stdin.close()
        assert self.proc.wait(30) == 0


def _played() -> int:
    stats = SolitaireStats("acesup")
    assert stats.warning is None
    return stats.get("aces_up").played


def test_a_game_ending_while_another_process_holds_the_folder_counts_once_it_is_free(parlour_home):
    settings_mod.save(settings_mod.Settings(animation="off"))
    stuck = StuckParlour(parlour_home)
    try:
        w = Window(parlour_home, "acesup", "--finish", "--pause", "0,0")
        assert w.wait_for(lambda w: any(t == "Records not written" for t, _ in w.dialogs), 180), \
            f"closing did not say the records still wait: {w.dialogs} {w.stderr[-2000:]}"
        end = next(text for title, text in w.dialogs if title in ("You won!", "No more moves"))
        assert "not written yet" in end, f"the end box does not say the statistics wait: {end!r}"
        assert w.proc.poll() is None, "the window closed with its record unwritten, without a second close"
    finally:
        stuck.release()
    deadline = time.monotonic() + 60
    while _played() == 0 and time.monotonic() < deadline:  # waiting for a condition, not timing it
        time.sleep(0.1)
    assert _played() == 1, "the record was not written once the folder was free"
    w.signal(signal.SIGTERM)
    assert w.finish(30) == 0, w.stderr[-2000:]
    assert _played() == 1


def test_the_frame_loop_never_waits_for_the_folder_lock(parlour_home, monkeypatch):
    def no_waiting(_s):
        raise AssertionError("the frame loop waited for the data folder's lock")

    stats = SolitaireStats("acesup")
    stuck = StuckParlour(data_dir())
    try:
        with monkeypatch.context() as m:
            m.setattr(folderlock.time, "sleep", no_waiting)
            problem = stats.record("aces_up", True, 10, "game-1", 60.0, 40)
            assert problem and "not written yet" in problem
            assert QUEUE.waiting() == 1
            m.setattr(QUEUE, "_next_try", 0.0)  # the pause between tries is over
            QUEUE.retry()  # still taken: tried, not waited for
            assert QUEUE.waiting() == 1
    finally:
        stuck.release()
    assert QUEUE.flush(10)
    assert any("written now" in n for n in QUEUE.take_news())
    assert _played() == 1 and stats.get("aces_up").won == 1


def test_the_status_line_keeps_saying_the_statistics_wait_until_they_are_written(parlour_home):
    from tests.scenes.helpers import make_app, open_table

    app = make_app()
    scene = open_table(app, "acesup", seed=3)
    stuck = StuckParlour(data_dir())
    try:
        assert "not written yet" in scene.stats.record("aces_up", False, None, "game-1")
        scene.status.say("No more moves.")  # what a game's end says in the same frame
        app.invalidate()
        app.settle()
        assert "Statistics not written yet" in scene.status.right
    finally:
        stuck.release()
    assert QUEUE.flush(10)
    app.invalidate()
    app.settle()
    assert "not written" not in scene.status.right
    assert "written now" in scene.status.message
    assert _played() == 1


def test_every_record_kind_says_it_waits_not_that_it_was_lost(parlour_home):
    from saves import acme_profiles, court_history, romi_stats
    from saves.thieves_records import ThievesRecords

    thieves, court, book = ThievesRecords(), court_history.load_history(), acme_profiles.load_profiles()
    stuck = StuckParlour(data_dir())
    try:
        court.record_game("Guest", "novice", 110, 90, "you", 5, 2)
        book.select("Ann", seed=1)
        said = [romi_stats.record_game(0, (9, 2), game_id="r1")[1], thieves.record_game(2, 100, 1, game_id="t1"),
                court.save(), acme_profiles.save_profiles(book)]
    finally:
        stuck.release()
    lost = ("not saved", "could not be saved", "not stored")
    for words in said:
        assert words and "not written yet" in words and not any(w in words for w in lost), said
    assert thieves.take_warning() is None
    assert QUEUE.flush(10)
    assert romi_stats.load()[0].games == 1 and ThievesRecords().stats[2].games == 1
    assert court_history.load_history().record("Guest", "novice").games == 1
    assert "Ann" in acme_profiles.load_profiles().profiles
