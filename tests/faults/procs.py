"""Real Parlour processes for the fault suite: `tests/faults/player.py` started, watched and ended.

`Window` starts one (``python tests/faults/player.py GAME ...`` on a given data folder, with the dummy
video driver unless told otherwise), reads its JSON lines in a thread, and answers what the tests ask:
the moves it has reported kept, its solver process, its exit.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PLAYER = ROOT / "tests" / "faults" / "player.py"


class Window:
    def __init__(self, home: Path, game: str, *args: str, env: dict[str, str] | None = None) -> None:
        full = dict(os.environ, PARLOUR_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                    PYGAME_HIDE_SUPPORT_PROMPT="1", PARLOUR_SOLVER_PROCESS="0")
        full.update(env or {})
        self.game = game
        self.lines: list[dict[str, Any]] = []
        self._cond = threading.Condition()
        self.proc = subprocess.Popen([sys.executable, str(PLAYER), game, *args], cwd=ROOT, env=full,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._errors: list[str] = []
        # read in a thread too: a solver left behind holds the pipes open, and must fail a test, not hang it
        self._error_reader = threading.Thread(target=lambda: self._errors.extend(self.proc.stderr), daemon=True)
        self._error_reader.start()

    @property
    def stderr(self) -> str:
        return "".join(self._errors)

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            try:
                item = json.loads(line)
            except ValueError:
                continue
            with self._cond:
                self.lines.append(item)
                self._cond.notify_all()

    def wait_for(self, test, timeout: float = 30.0) -> Any:
        """Wait until ``test(self)`` is true (or the process ends); returns it."""
        end = time.monotonic() + timeout
        with self._cond:
            while not (result := test(self)):
                left = end - time.monotonic()
                if left <= 0 or (self.proc.poll() is not None and not self._reader.is_alive()):
                    break
                self._cond.wait(min(left, 0.1))
        return result

    @property
    def moves(self) -> list[str]:
        """The moves the process last reported kept on disk."""
        with self._cond:
            return next((item["moves"] for item in reversed(self.lines) if "moves" in item), [])

    @property
    def offered(self) -> list[str]:
        """The "Resume it?" questions this window asked."""
        with self._cond:
            return [item["offered"] for item in self.lines if "offered" in item]

    @property
    def dialogs(self) -> list[tuple[str, str]]:
        """The boxes this window opened: (title, text)."""
        with self._cond:
            return [(item["dialog"], item["text"]) for item in self.lines if "dialog" in item]

    @property
    def ready(self) -> bool:
        return any(item.get("ready") for item in self.lines)

    @property
    def solver(self) -> int | None:
        return next((item["solver"] for item in self.lines if "solver" in item), None)

    def signal(self, sig: int) -> None:
        self.proc.send_signal(sig)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.finish()

    def finish(self, timeout: float = 30.0) -> int:
        """Wait for the process to end (killing it after ``timeout``); its exit status."""
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._reader.join(2)
        self._error_reader.join(2)
        return self.proc.returncode


def alive(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def gone_within(pid: int, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not alive(pid):
            return True
        time.sleep(0.05)
    return not alive(pid)


def kept_moves(game: str, path: Path | None = None) -> list[str]:
    """The moves of the kept game in the data folder ($PARLOUR_HOME) (its first slot, or ``path``), after
    checking they replay."""
    from game import registry
    from saves import games as saved_games
    from saves import store

    info = registry.get(game)
    if path is None:
        data = saved_games.read_resume(game, info.title)
    else:
        data = store.read_json(path, saved_games.FORMAT, saved_games.VERSION)["data"]
    if data is None:
        return []
    rules = info.module("rules")
    state = rules.from_dict(data["start"])
    for text in data["moves"]:
        state = rules.apply(state, rules.parse_move(state, text))
    return list(data["moves"])


def every_kept_moves(game: str) -> list[list[str]]:
    """The moves of each kept game of ``game`` (every window's slot, `saves.keptslots`), each checked."""
    import re

    from saves.paths import data_dir

    slots = [p for p in (data_dir(create=False) / "resume").glob(f"{game}*.json")
             if re.fullmatch(rf"{game}(-[0-9]+)?\.json", p.name)]
    return [kept_moves(game, path) for path in slots]
