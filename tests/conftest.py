"""Suite-wide setup: no screen, no sound card, a private data folder.

The environment is set before anything imports pygame, so every scene test runs
with the dummy video and audio drivers, and no test can touch the real user
data folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", deadline=None, max_examples=60, derandomize=True)
settings.register_profile("dev", deadline=None, max_examples=30)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def no_read_guard(monkeypatch):
    """End boxes take Enter at once in tests (game.engine.dialogs.READ_GUARD_S, tested on its own in
    tests/engine/test_read_guard.py): a test presses keys faster than a player reads."""
    from game.engine import dialogs

    monkeypatch.setattr(dialogs, "READ_GUARD_S", 0.0)


@pytest.fixture(autouse=True)
def parlour_home(tmp_path, monkeypatch):
    """Every test gets its own empty data folder.

    The solitaires' light solves in a worker thread here, not in the shared solver process: one process for
    the whole run would queue every table's searches behind each other, so a test could wait on solves
    started by earlier tests. The process itself is tested in tests/engine/test_solvewatch_process.py and,
    frozen, in tests/release."""
    home = tmp_path / "parlour-home"
    home.mkdir()
    monkeypatch.setenv("PARLOUR_HOME", str(home))
    monkeypatch.setenv("PARLOUR_SOLVER_PROCESS", "0")
    yield home
    # The kept game is written by one writer thread for the whole process (saves.keeper); a write this
    # test asked for must land in this test's folder, not in the next test's after PARLOUR_HOME changes.
    keeper = sys.modules.get("saves.keeper")
    if keeper is not None:
        keeper.WRITER.flush()
    slots = sys.modules.get("saves.keptslots")
    if slots is not None:
        slots.release_all()  # this test's window has ended: its kept-game slots are let go, as at a real exit
    records = sys.modules.get("saves.recordqueue")
    if records is not None:
        records.QUEUE.drop_all()  # records a test left waiting for a busy folder belong to its folder only
