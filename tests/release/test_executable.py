"""The standalone executable, built from build.spec and started the way a player or a script starts it.

One PyInstaller build per test session (about a minute); skip it locally with ``-m "not build"``.  The
checks are the ones a frozen program gets wrong and the source tree cannot show: a game module the
registry imports by name but the static import scan missed, a data file left behind, development tools
dragged in, a write outside the user data folder, a command line that behaves differently when frozen.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT_PACKAGES = ("game", "sprites", "sounds", "saves")
MAX_SIZE_MB = 40

pytestmark = pytest.mark.build


class Build(NamedTuple):
    exe: Path
    modules: set[str]  # the project's modules as they were when the build started
    dist: Path
    work: Path


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Build:
    """Build the one-file executable once for this module: its path, the project's modules as they
    were when the build started (other work may add files to the tree while it runs), and the build's
    output and work folders."""
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail("PyInstaller is not installed: pip install -r requirements-dev.txt "
                    "(or skip this test locally with -m 'not build')")
    modules = _source_modules()
    tmp = tmp_path_factory.mktemp("pyinstaller")
    dist, work = tmp / "dist", tmp / "work"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PARLOUR_")}
    res = subprocess.run([sys.executable, "-m", "PyInstaller", str(ROOT / "build.spec"), "--noconfirm",
                          "--distpath", str(dist), "--workpath", str(work)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    if res.returncode != 0:
        pytest.fail("PyInstaller failed:\n" + "\n".join((res.stdout + res.stderr).splitlines()[-40:]))
    exe = dist / ("parlour.exe" if sys.platform == "win32" else "parlour")
    assert exe.is_file(), f"no executable at {exe}"
    return Build(exe, modules, dist, work)


@pytest.fixture
def executable(built) -> Path:
    return built.exe


def run(exe: Path, *args: str, cwd: Path, timeout: int = 180, **extra_env: str) -> subprocess.CompletedProcess:
    """Run the executable from ``cwd`` with no screen, no sound card and the test's private data folder
    (conftest's PARLOUR_HOME, which is outside ``cwd``)."""
    cwd.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PARLOUR_")}
    env.update(PARLOUR_HOME=os.environ["PARLOUR_HOME"], SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.update(extra_env)
    return subprocess.run([str(exe), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def _source_modules() -> set[str]:
    """Every module of the project's packages that the program can import, as build.spec collects them:
    inside regular packages (folders with ``__init__.py``), leaving out ``dev`` and ``tests`` helpers."""
    mods = set()
    for package in PROJECT_PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            rel = path.relative_to(ROOT)
            folders = [ROOT.joinpath(*rel.parts[:i]) for i in range(1, len(rel.parts))]
            parts = rel.with_suffix("").parts
            if any(p in ("dev", "tests") for p in parts) or not all((f / "__init__.py").is_file() for f in folders):
                continue
            mods.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return mods


def test_bundle_holds_every_project_module_and_no_development_tools(built):
    from PyInstaller.archive.readers import pkg_archive_contents

    executable, modules = built.exe, built.modules
    contents = set(pkg_archive_contents(str(executable)))
    missing = sorted(modules - contents)
    assert not missing, f"modules left out of the executable: {missing}"
    assert "pygame/freesansbold.ttf" in contents
    if sys.platform.startswith("linux"):
        debug = _libraries_with_debug_info(executable)
        assert not debug, f"libraries still carry debug symbols: {debug[:5]}"
    assert not any(n.startswith("libcrypto") or n.startswith("libssl") for n in contents), "OpenSSL is bundled"
    unwanted = ("numpy", "scipy", "tkinter", "_tkinter", "hypothesis", "pytest", "_pytest", "unittest", "tests")
    dragged_in = sorted(n for n in contents if n.split(".")[0].split("/")[0] in unwanted)
    assert not dragged_in, f"development modules inside the executable: {dragged_in[:10]}"
    size_mb = executable.stat().st_size / 2**20
    assert size_mb < MAX_SIZE_MB, f"executable is {size_mb:.1f} MiB"


def test_screenshot_is_a_real_picture_of_the_table(executable, tmp_path):
    import pygame

    where = tmp_path / "started-here"
    out = where / "shots" / "x.png"
    res = run(executable, "screenshot", "acesup", "--seed", "1", "--out", str(out), cwd=where)
    assert res.returncode == 0, res.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1280, 800)
    samples = [picture.get_at((x, y)) for x in range(0, 1280, 8) for y in range(0, 800, 8)]
    felt = sum(1 for c in samples if c.g > c.r + 25 and c.g > c.b + 10) / len(samples)
    white = sum(1 for c in samples if min(c.r, c.g, c.b) > 235) / len(samples)
    assert felt > 0.5, f"only {felt:.0%} of the picture is green felt"
    assert white > 0.03, f"only {white:.1%} of the picture is white card face"
    # Nothing but the picture may appear where the program was started.
    assert [p.name for p in where.iterdir()] == ["shots"]


def test_solve_runs_in_the_solver_process(executable, tmp_path):
    """The light's solver runs in a second process of the same executable (multiprocessing, spawn): the
    frozen program must start that process as a solver, not as a second game, and get its answer back."""
    where = tmp_path / "started-here"
    res = run(executable, "solve", "thieves", "--seed", "3", "--jokers", "2", cwd=where)
    assert res.returncode == 0, res.stderr
    answer = json.loads(res.stdout)
    assert answer["winnable"] in (True, False) and answer["nodes"] > 0


def test_simulate_prints_its_json_to_stdout(executable, tmp_path):
    where = tmp_path / "started-here"
    res = run(executable, "simulate", "acesup", "--games", "50", "--seed", "1", cwd=where)
    assert res.returncode == 0, res.stderr
    result = json.loads(res.stdout)
    assert (result["game"], result["games"], result["seed"]) == ("acesup", 50, 1)
    assert isinstance(result["options"], dict)
    [player] = result["players"]
    assert 0 <= player["wins"] <= 50 and isinstance(player["wins"], int)
    assert isinstance(player["mean_score"], int | float)
    assert 0 <= result["move_ms_p50"] <= result["move_ms_p99"]
    assert list(where.iterdir()) == []


@pytest.mark.parametrize("argv", [["simulate", "nosuchgame"], ["--bogus"], ["simulate", "acesup", "--games", "0"]])
def test_wrong_command_line_exits_2_with_one_line(executable, tmp_path, argv):
    res = run(executable, *argv, cwd=tmp_path / "started-here")
    assert res.returncode == 2
    assert res.stdout == ""
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, res.stderr


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb (apt-get install xvfb)")
def test_opens_a_real_window_and_draws_the_menu(executable, tmp_path):
    """With an X server and no dummy driver, as on a desktop: the window opens, the menu is drawn."""
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x800x24",
                             "-nolisten", "tcp"], pass_fds=(write_fd,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as fh:
            display = fh.readline().strip()
        assert display, "Xvfb did not start"
        env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER",) and not k.startswith("PARLOUR_")}
        env.update(DISPLAY=f":{display}", SDL_AUDIODRIVER="dummy", SDL_FRAMEBUFFER_ACCELERATION="0",
                   PARLOUR_HOME=os.environ["PARLOUR_HOME"], PARLOUR_EXIT_AFTER_FIRST_FRAME="1")
        res = subprocess.run([str(executable)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
        assert res.returncode == 0, res.stderr
        assert "Traceback" not in res.stderr
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def _libraries_with_debug_info(executable: Path) -> list[str]:
    """The bundled shared libraries that still have DWARF sections (build.spec strips them on Linux)."""
    from PyInstaller.archive.readers import CArchiveReader

    reader = CArchiveReader(str(executable))
    libraries = [n for n in reader.toc if re.search(r"\.so(\.\d+)*$", n)]
    assert len(libraries) > 20, f"only {len(libraries)} shared libraries found in the archive"
    return [n for n in libraries if b".debug_info" in reader.extract(n)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the launcher entry is for Linux desktops")
def test_linux_launcher_and_icon_lie_beside_the_executable(built):
    import pygame

    from sprites.icon import make_icon

    desktop, png = built.dist / "parlour.desktop", built.dist / "parlour.png"
    entry = desktop.read_text(encoding="utf-8")
    assert "Exec=parlour\n" in entry and "Icon=parlour\n" in entry
    picture = pygame.image.load(str(png))
    assert picture.get_size() == (256, 256)
    assert pygame.image.tobytes(picture, "RGBA") == pygame.image.tobytes(make_icon(256), "RGBA")
    validator = shutil.which("desktop-file-validate")
    if validator is None:
        pytest.skip("needs desktop-file-validate (apt-get install desktop-file-utils)")
    res = subprocess.run([validator, str(desktop)], capture_output=True, text=True)
    assert res.returncode == 0 and not res.stdout.strip(), res.stdout + res.stderr


def test_windows_icon_and_version_are_made_during_the_build(built):
    """The .ico and version file the Windows exe embeds are made by every build, on every platform, so a
    mistake in them shows here before anyone builds on Windows."""
    from tests.release.icofile import read_ico

    release = built.work / "build" / "release"
    sizes = [im.size[0] for im in read_ico((release / "parlour.ico").read_bytes())]
    assert len(sizes) >= 5 and {16, 32, 48, 256} <= set(sizes)
    version = (release / "parlour-version.txt").read_text(encoding="utf-8")
    assert version.lstrip().startswith("# UTF-8") and "VSVersionInfo(" in version
    assert "StringStruct('OriginalFilename', 'parlour.exe')" in version
