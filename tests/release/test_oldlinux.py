"""The Linux release build (tools/build_oldlinux.py) runs on glibc 2.31: Debian 11, Ubuntu 20.04 and newer.

It is built inside a Debian 11 root with a Python compiled there, and run here inside a pristine Debian 11
root (debootstrap minbase: no Python, no build tools, glibc 2.31) -- the system players of older
distributions have.  The roots and that Python are made once and cached (``~/.cache/parlour`` or
``$PARLOUR_CACHE``); the first run makes them (about 6 minutes on 2 cores), later runs only build (about a
minute).  Needs root, like the script.  A network that fails twice fails these tests; it never skips them.
``PARLOUR_RELEASE_EXE=path`` tests that executable instead of building one (the release workflow's Linux job).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

from tools import build_oldlinux

ROOT = Path(__file__).resolve().parents[2]
GLIBC_MAX = (2, 31)
IN_ROOT = "/tmp/parlour-release-test"

pytestmark = pytest.mark.build


class OldBuild(NamedTuple):
    exe: Path  # the one-file executable, as released
    base: Path  # the pristine Debian 11 root it is tried in


@pytest.fixture(scope="module")
def old_build(tmp_path_factory) -> OldBuild:
    if os.geteuid() != 0:
        pytest.fail("the Debian 11 build and test need root (debootstrap, chroot); "
                    "run as root or deselect with -m 'not build'")
    out = tmp_path_factory.mktemp("oldlinux") / "dist"
    given = os.environ.get("PARLOUR_RELEASE_EXE")  # the release workflow tests the executable it built
    command = ["--prepare-only"] if given else ["--out", str(out)]
    res = subprocess.run([sys.executable, str(ROOT / "tools" / "build_oldlinux.py"), *command],
                         cwd=ROOT, capture_output=True, text=True, timeout=45 * 60)
    # the script's step times, for the CI log (shown with -rA or on failure)
    print(res.stderr[-3000:])
    if res.returncode != 0:
        pytest.fail("tools/build_oldlinux.py failed:\n" + "\n".join(res.stderr.splitlines()[-40:]))
    base = build_oldlinux.default_cache() / "bullseye-base"
    exe = Path(given).resolve() if given else out / "parlour"
    assert exe.is_file() and base.is_dir()
    place = base / IN_ROOT.lstrip("/")
    shutil.rmtree(place, ignore_errors=True)
    place.mkdir(parents=True)
    shutil.copy2(exe, place / "parlour")
    yield OldBuild(exe, base)
    shutil.rmtree(place, ignore_errors=True)


def in_debian11(build: OldBuild, *args: str) -> subprocess.CompletedProcess:
    """Run the executable inside the pristine Debian 11 root, as a player would: no screen, no sound card,
    a fresh data folder, started from its own folder."""
    home = f"{IN_ROOT}/home"
    return build_oldlinux.in_root(build.base, [f"{IN_ROOT}/parlour", *args], cwd=IN_ROOT, check=False,
                                  capture=True, timeout=300,
                                  env={"HOME": home, "PARLOUR_HOME": home, "SDL_VIDEODRIVER": "dummy",
                                       "SDL_AUDIODRIVER": "dummy"})


def test_the_root_is_debian_11_with_glibc_2_31(old_build):
    res = build_oldlinux.in_root(old_build.base, ["getconf", "GNU_LIBC_VERSION"], capture=True)
    assert res.stdout.split() == ["glibc", "2.31"]
    assert (old_build.base / "etc" / "debian_version").read_text().startswith("11.")
    assert not (old_build.base / "usr" / "bin" / "python3").exists(), "the test root must have no Python"


def test_screenshot_in_debian_11(old_build):
    import pygame

    res = in_debian11(old_build, "screenshot", "acesup", "--seed", "1", "--out", f"{IN_ROOT}/shot.png")
    assert res.returncode == 0, res.stderr[-2000:]
    picture = pygame.image.load(str(old_build.base / IN_ROOT.lstrip("/") / "shot.png"))
    assert picture.get_size() == (1280, 800)
    samples = [picture.get_at((x, y)) for x in range(0, 1280, 16) for y in range(0, 800, 16)]
    felt = sum(1 for c in samples if c.g > c.r + 25 and c.g > c.b + 10) / len(samples)
    assert felt > 0.5, f"only {felt:.0%} of the picture is green felt"


def test_simulate_in_debian_11(old_build):
    res = in_debian11(old_build, "simulate", "acesup", "--games", "20", "--seed", "4")
    assert res.returncode == 0, res.stderr[-2000:]
    result = json.loads(res.stdout)
    assert (result["game"], result["games"], result["seed"]) == ("acesup", 20, 4)
    assert 0 <= result["players"][0]["wins"] <= 20


@pytest.mark.parametrize("argv", [["simulate", "nosuchgame"], ["--bogus"]])
def test_wrong_argument_exits_2_in_debian_11(old_build, argv):
    res = in_debian11(old_build, *argv)
    assert res.returncode == 2, res.stderr[-2000:]
    assert len([line for line in res.stderr.splitlines() if line.strip()]) == 1, res.stderr


def glibc_versions(path: Path) -> set[tuple[int, ...]]:
    """The GLIBC_x.y symbol versions a binary asks for (``objdump -T``: its dynamic symbol table)."""
    res = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True, check=True)
    return {tuple(int(n) for n in v.split(".")) for v in re.findall(r"\bGLIBC_(\d+(?:\.\d+)+)\b", res.stdout)}


def test_every_bundled_library_needs_glibc_2_31_at_most(old_build, tmp_path):
    """The bootloader and every shared library and extension module inside the one-file archive."""
    from PyInstaller.archive.readers import CArchiveReader

    reader = CArchiveReader(str(old_build.exe))
    # typecode "b": a binary stored in the archive ("n" entries are symbolic links to them)
    names = [n for n, entry in reader.toc.items() if entry[-1] == "b" and re.search(r"\.so(\.\d+)*$", n)]
    assert len(names) > 20, f"only {len(names)} shared libraries in the archive"
    assert any(n.startswith("libpython3.11") for n in names)
    too_new = {}
    for name in ["(bootloader)", *names]:
        if name == "(bootloader)":
            path = old_build.exe
        else:
            path = tmp_path / name.replace("/", "__")
            path.write_bytes(reader.extract(name))
        needed = glibc_versions(path)
        if needed and max(needed) > GLIBC_MAX:
            too_new[name] = "GLIBC_" + ".".join(map(str, max(needed)))
    assert not too_new, f"libraries that need a glibc newer than 2.31: {too_new}"


def test_glibc_check_finds_a_newer_symbol(tmp_path):
    """The check above can fail: this machine's own libc (2.36) asks for versions past 2.31."""
    libc = Path(subprocess.run(["sh", "-c", "ldconfig -p | grep -m1 'libc.so.6 ' | sed 's/.*=> //'"],
                               capture_output=True, text=True).stdout.strip())
    assert libc.is_file(), "libc.so.6 not found with ldconfig -p"
    assert max(glibc_versions(libc)) > GLIBC_MAX
