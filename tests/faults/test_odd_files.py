"""Issue 35, the files' cases: odd file names, a foreign review cache, a folder linked out of the data
folder, impossible saved starts, the move limit on writing, a C locale, and leftovers of a killed window.

Each test here failed before its fix (the case number of issue 35 is in its name)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.engine.dialogs import MessageDialog
from game.engine.savedgames import SavedGamesDialog
from saves import store
from saves.paths import saved_games_dir
from tests.scenes.helpers import key, make_app, open_table

pytestmark = pytest.mark.faults

ROOT = Path(__file__).resolve().parents[2]
CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app():
    a = make_app(animation="off")
    yield a
    a.close()


def _odd_name(folder: Path, content: bytes) -> Path:
    """A file named ``broken-<0xff>.json`` (not UTF-8) in ``folder``, as Python lists it."""
    raw = os.fsencode(folder) + b"/broken-\xff.json"
    with open(raw, "wb") as fh:
        fh.write(content)
    (found,) = [p for p in folder.iterdir() if p.name.startswith("broken-")]
    return found


# ----------------------------------------------------------------- case 1
@pytest.mark.parametrize("content", [b'{"format": "parlour-game", "vers', b""])
def test_case1_a_file_name_that_is_not_utf8_is_listed_and_reported_never_a_crash(app, content):
    scene = open_table(app, "acesup", seed=3)
    _odd_name(saved_games_dir("acesup"), content)
    key(app, pygame.K_s, CTRL)  # Save… draws the list of saved games
    dlg = app.stack.top
    assert isinstance(dlg, SavedGamesDialog)
    (info,) = dlg.saves
    assert info.name == "broken-\ufffd.json".removesuffix(".json").replace("_", " ")
    assert "damaged" in info.summary
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_o, CTRL)  # Load… too, and choosing the file says what is wrong in words
    dlg = app.stack.top
    assert isinstance(dlg, SavedGamesDialog)
    for _ in range(3):  # Load, and "Load …?" when asked first
        key(app, pygame.K_RETURN)
        if getattr(app.stack.top, "title", "") == "Could not load":
            break
    box = app.stack.top
    assert isinstance(box, MessageDialog), type(box).__name__
    assert "\ufffd" in box.message and "unchanged" in box.message
    box.message.encode("utf-8")  # drawable: no lone surrogate left
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene


def test_case1_every_plain_words_error_is_safe_to_show():
    err = store.SaveError("The file broken-\udcff.json is damaged.")
    assert str(err) == "The file broken-\ufffd.json is damaged."
    assert str(store.SaveError("Café \udcc3\udca9")) == "Café é"  # bytes that are UTF-8 together read as such


# ----------------------------------------------------------------- case 11
_C_LOCALE_SAVE = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import pygame
from pathlib import Path
from tests.scenes.helpers import key, make_app, open_table, type_text
from saves import games as saved_games, store
assert sys.getfilesystemencoding() == "ascii", sys.getfilesystemencoding()
app = make_app(animation="off")
scene = open_table(app, "acesup", seed=3)
key(app, pygame.K_s, pygame.KMOD_CTRL)
type_text(app, "Fr\u00e8re")
key(app, pygame.K_RETURN)
top = app.stack.top
out = {"status": scene.status.message, "box": getattr(top, "message", None) if top is not scene else None,
       "listed": [s.name for s in saved_games.list_saves("acesup")]}
try:
    store.write_json(Path(saved_games.saved_games_dir("acesup")) / "Fr\u00e8re.json", "parlour-game", 1, {})
    out["direct"] = "written"
except store.SaveError as err:
    out["direct"] = str(err)
print(json.dumps(out))
"""


def test_case11_a_c_locale_saves_frere_or_says_so_in_plain_words(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k not in ("LANG", "PYTHONUTF8")}
    env.update(LC_ALL="C", PYTHONUTF8="0", PYTHONCOERCECLOCALE="0", PARLOUR_HOME=str(tmp_path / "home"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PARLOUR_SOLVER_PROCESS="0")
    run = subprocess.run([sys.executable, "-c", _C_LOCALE_SAVE, str(ROOT)], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["box"] is None and "Saved as" in out["status"], out  # the name fits this system: saved
    assert out["listed"] == ["Fr\u00e8re"], out  # listed as typed
    assert out["direct"].startswith("Could not save"), out  # any name the system cannot hold: plain words
