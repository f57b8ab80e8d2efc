"""Issue 34, slow first start: nothing at start-up may wait on an outside process or bus.

A fresh player's first start sat 25-40 s on an empty window, waiting in ``poll``: SDL's D-Bus greeting inside
``pygame.display.init()`` waits without limit for a session bus that takes the connection and says nothing.
These tests stand up such a bus (a socket that accepts and never answers) and outside helpers that hang
(``gsettings``, ``spd-say``, ``fc-list`` sleeping far longer than the test), and start the real ``main.py``:
its first frame must come and the process end as usual.  Before the fix the start-up hung for good.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.engine import sessionbus

ROOT = Path(__file__).resolve().parents[2]
#: far more than a start-up takes under load, far less than the stand-ins' hang: a hung start cannot pass
START_LIMIT_S = 60
_HANG = """#!{python}
import os, sys, time
with open({log!r}, "a") as f:
    f.write(f"{{os.getpid()}} {{os.path.basename(sys.argv[0])}}\\n")
time.sleep(120)
"""


class SilentBus:
    """A unix socket that takes every connection and never says a word (a stopped or stalled bus)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(path))
        self.server.listen(16)
        self.held: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def address(self) -> str:
        return f"unix:path={self.path}"

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.held.append(conn)

    def close(self) -> None:
        self.server.close()
        for conn in self.held:
            conn.close()


class TalkingBus(SilentBus):
    """A bus that answers the greeting as dbus-daemon does."""

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.held.append(conn)
            conn.recv(256)
            conn.sendall(b"OK 5bcd505e0b428b386cd747bb6b08512e\r\n")


@pytest.fixture
def silent_bus(tmp_path) -> Iterator[SilentBus]:
    bus = SilentBus(tmp_path / "bus")
    yield bus
    bus.close()


def test_a_bus_that_never_answers_is_found_within_the_bound(silent_bus):
    assert sessionbus.bus_answers(silent_bus.address, {}, limit_s=0.2) is False


def test_a_bus_that_answers_is_kept(tmp_path):
    bus = TalkingBus(tmp_path / "bus")
    try:
        environ = {sessionbus.VARIABLE: bus.address}
        assert sessionbus.bus_answers(bus.address, environ) is True
        assert sessionbus.guard(environ, platform="linux") is False
        assert environ[sessionbus.VARIABLE] == bus.address
    finally:
        bus.close()


def test_a_silent_bus_is_replaced_by_one_that_fails_at_once(silent_bus, capsys):
    environ = {sessionbus.VARIABLE: f"{silent_bus.address},guid=5bcd505e"}
    assert sessionbus.guard(environ, platform="linux", limit_s=0.2) is True
    assert environ[sessionbus.VARIABLE] == sessionbus.DEAD_ADDRESS
    assert "did not answer" in capsys.readouterr().err
    # and the replacement fails at once: nothing listens there
    assert sessionbus.bus_answers(sessionbus.DEAD_ADDRESS, environ) is None


def test_no_bus_at_all_stops_libdbus_from_starting_dbus_launch(tmp_path):
    environ: dict[str, str] = {"XDG_RUNTIME_DIR": str(tmp_path)}  # no "bus" socket in it
    assert sessionbus.guard(environ, platform="linux") is True
    assert environ[sessionbus.VARIABLE] == sessionbus.DEAD_ADDRESS


def test_addresses_are_read_as_libdbus_reads_them(tmp_path):
    runtime = {"XDG_RUNTIME_DIR": str(tmp_path)}
    assert sessionbus.endpoints("unix:path=/run/user/1000/b%2cus,guid=1", {})[0].address == "/run/user/1000/b,us"
    assert sessionbus.endpoints("unix:abstract=/tmp/dbus-x", {})[0].address == "\0/tmp/dbus-x"
    assert sessionbus.endpoints("unix:runtime=yes", runtime)[0].address == str(tmp_path / "bus")
    assert sessionbus.endpoints("tcp:host=127.0.0.1,port=4000", {})[0].address == ("127.0.0.1", 4000)
    assert sessionbus.endpoints("autolaunch:", {}) is None  # not judged: left alone
    assert sessionbus.guard({sessionbus.VARIABLE: "autolaunch:"}, platform="linux") is False
    assert sessionbus.guard({}, platform="win32") is False


def _stand_ins(folder: Path, log: Path, names: tuple[str, ...]) -> None:
    folder.mkdir()
    for name in names:
        path = folder / name
        path.write_text(_HANG.format(python=sys.executable, log=str(log)))
        path.chmod(0o755)


def _end_stand_ins(log: Path) -> None:
    """The hanging helpers this test started, ended by their own pids."""
    for line in log.read_text().splitlines() if log.exists() else ():
        try:
            os.kill(int(line.split()[0]), signal.SIGKILL)
        except (ProcessLookupError, ValueError):
            pass


@pytest.mark.parametrize("speak", [False, True], ids=["screen-reader-probe", "speaking-from-the-first-frame"])
def test_first_frame_comes_with_a_silent_bus_and_hanging_helpers(tmp_path, silent_bus, parlour_home, speak):
    """The whole start of a fresh player, as the tester had it: a new HOME (no ~/.cache), a session bus
    that never answers, and every outside helper hanging (with Speak off the screen-reader probe asks
    gsettings; with Speak on the first words go to spd-say)."""
    from saves import settings as settings_mod

    settings_mod.save(settings_mod.Settings(speak=speak))
    log = tmp_path / "helpers.log"
    _stand_ins(tmp_path / "bin", log, ("gsettings", "spd-say", "fc-list", "fc-match", "espeak-ng"))
    home = tmp_path / "home"
    home.mkdir()
    env = dict(os.environ, HOME=str(home), XDG_CACHE_HOME="", XDG_CONFIG_HOME="", XDG_DATA_HOME="",
               PARLOUR_HOME=str(parlour_home), PARLOUR_EXIT_AFTER_FIRST_FRAME="1", SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PATH=f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}",
               DBUS_SESSION_BUS_ADDRESS=silent_bus.address)
    try:
        try:
            done = subprocess.run([sys.executable, "main.py"], cwd=ROOT, env=env, capture_output=True, text=True,
                                  timeout=START_LIMIT_S)
        except subprocess.TimeoutExpired:
            pytest.fail(f"no first frame within {START_LIMIT_S} s: start-up waited on the bus or a helper")
        assert done.returncode == 0, done.stderr
        assert "did not answer" in done.stderr  # the one line that says why input methods are off
    finally:
        _end_stand_ins(log)
