"""Smoke-test a built release executable on the machine it was built for (used by .github/workflows/release.yml).

    python tools/smoke_release.py dist/parlour [--windowed] [--windows-resources]

Runs it the way a player or a script does, with no screen and no sound card (SDL's dummy drivers) and a
fresh data folder: ``screenshot acesup`` must write a PNG of 1280x800, ``simulate acesup --games 20`` must
exit 0 and print its JSON, and wrong command lines must exit with status 2.  ``--windowed``: the program has
no standard output (a windowed Windows build), so only the exit status of ``simulate`` is checked.
``--windows-resources``: the .exe must embed the seven-size icon and the version resource, read back with
PyInstaller's own Windows resource readers (Windows only).  Exits 1 with the first failure.
"""

from __future__ import annotations

import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
RT_GROUP_ICON = 14


def run(exe: Path, *args: str, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PARLOUR_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([str(exe), *args], cwd=home, env=env, capture_output=True, text=True, timeout=300)


def check(condition: bool, what: str, res: subprocess.CompletedProcess | None = None) -> None:
    if not condition:
        detail = f"\n  status {res.returncode}\n  stderr: {res.stderr[-1500:]}" if res is not None else ""
        raise SystemExit(f"smoke_release: FAILED: {what}{detail}")
    print(f"smoke_release: ok: {what}")


def smoke(exe: Path, windowed: bool) -> None:
    with tempfile.TemporaryDirectory(prefix="parlour-smoke-") as tmp:
        home = Path(tmp)
        shot = home / "shot.png"
        res = run(exe, "screenshot", "acesup", "--seed", "1", "--out", str(shot), home=home)
        check(res.returncode == 0 and shot.is_file(), "screenshot acesup exits 0 and writes a file", res)
        data = shot.read_bytes()
        check(data[:8] == PNG_SIGNATURE and struct.unpack(">II", data[16:24]) == (1280, 800),
              "the screenshot is a 1280x800 PNG")
        res = run(exe, "simulate", "acesup", "--games", "20", "--seed", "1", home=home)
        check(res.returncode == 0, "simulate acesup --games 20 exits 0", res)
        if not windowed:
            result = json.loads(res.stdout)
            check(result["game"] == "acesup" and result["games"] == 20, "simulate prints its JSON")
        for argv in (["simulate", "nosuchgame"], ["--bogus"]):
            res = run(exe, *argv, home=home)
            check(res.returncode == 2, f"{' '.join(argv)} exits 2", res)


def windows_resources(exe: Path) -> None:
    """The icon group and version strings inside the .exe, read with PyInstaller's readers."""
    from PyInstaller.utils.win32 import versioninfo, winresource

    groups = winresource.get_resources(str(exe), [RT_GROUP_ICON])
    entries = [data for names in groups.get(RT_GROUP_ICON, {}).values() for data in names.values()]
    check(len(entries) == 1, "the exe has one icon group")
    reserved, kind, count = struct.unpack_from("<HHH", entries[0], 0)
    check((reserved, kind, count) == (0, 1, 7), "the icon group holds the seven sizes of parlour.ico")
    info = versioninfo.read_version_info_from_executable(str(exe))
    check(info is not None, "the exe has a version resource")
    strings = {s.name: s.val for kid in info.kids if isinstance(kid, versioninfo.StringFileInfo)
               for table in kid.kids for s in table.kids}
    with open(ROOT / "pyproject.toml", "rb") as fh:
        version = tomllib.load(fh)["project"]["version"]
    check(strings.get("ProductName") == "Parlour" and strings.get("ProductVersion") == version,
          f"the version resource names Parlour {version}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("exe", type=Path)
    ap.add_argument("--windowed", action="store_true", help="the program has no standard output")
    ap.add_argument("--windows-resources", action="store_true", help="check the embedded icon and version")
    args = ap.parse_args(argv)
    smoke(args.exe.resolve(), args.windowed)
    if args.windows_resources:
        windows_resources(args.exe.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
