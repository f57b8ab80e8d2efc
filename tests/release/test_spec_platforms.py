"""build.spec as Windows and macOS would run it, evaluated here on Linux with a faked ``sys.platform``.

The Windows and macOS builds run only in .github/workflows/release.yml, on GitHub's machines.  Everything
platform-specific is decided in build.spec from ``sys.platform``, so these tests execute the spec with
PyInstaller's build classes replaced by recorders and check what each platform would be given: the icon,
the version resource, the .app bundle and its Info.plist, stripping, the launcher files.  The icon files
are the real ones (the spec renders them), checked with independent readers.
"""

from __future__ import annotations

import importlib.metadata
import plistlib
import subprocess
import sys
import tomllib
from pathlib import Path

import pygame
import pytest

from sprites.icon import make_icon
from tests.release.icofile import read_icns, read_ico

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "build.spec"
REAL_PLATFORM = sys.platform
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]

pytest.importorskip("PyInstaller")
#: pygame imports these inside ``try`` only when numpy is installed (as here, for the tools); the
#: executable has no numpy, and pygame carries on without them.
NUMPY_ONLY = {"pygame.surfarray", "pygame.sndarray"}


class Recorder:
    """Stands in for Analysis, PYZ, EXE, COLLECT and BUNDLE: keeps what the spec passed."""

    made: list[Recorder]

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
        self.pure = self.scripts = self.binaries = self.datas = []
        self.made.append(self)


def evaluate(platform: str, tmp: Path, monkeypatch, **env: str) -> dict[str, list[Recorder]]:
    """Run build.spec as PyInstaller would on ``platform``; the recorded calls by class name."""
    import PyInstaller.utils.hooks  # noqa: F401 -- imported before the platform is faked (it reads it once)

    made: list[Recorder] = []
    classes = {name: type(name, (Recorder,), {"made": made}) for name in ("Analysis", "PYZ", "EXE", "COLLECT",
                                                                          "BUNDLE")}
    for key in ("PARLOUR_ONEDIR", "PARLOUR_CONSOLE"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    (tmp / "dist").mkdir(parents=True, exist_ok=True)
    namespace = {"SPECPATH": str(ROOT), "workpath": str(tmp / "work"), "DISTPATH": str(tmp / "dist"),
                 "__file__": str(SPEC), "__name__": "__main__", **classes}
    monkeypatch.setattr(sys, "platform", platform)
    try:
        exec(compile(SPEC.read_text(), str(SPEC), "exec"), namespace)
    finally:
        monkeypatch.setattr(sys, "platform", REAL_PLATFORM)
    return {name: [r for r in made if type(r).__name__ == name] for name in classes} | {"ns": namespace}


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    """The spec evaluated once per platform (each renders the icons: a second or two)."""
    mp = pytest.MonkeyPatch()
    try:
        return {platform: evaluate(platform, tmp_path_factory.mktemp(platform), mp)
                for platform in ("win32", "darwin", "linux")}
    finally:
        mp.undo()


def test_windows_exe_embeds_the_ico_and_the_version_resource(specs):
    win = specs["win32"]
    [exe] = win["EXE"]
    kw = exe.kwargs
    assert kw["name"] == "parlour" and kw["console"] is False and kw["strip"] is False
    assert not kw.get("exclude_binaries"), "the default Windows build is one file"
    ico, version = Path(kw["icon"]), Path(kw["version"])
    sizes = {im.size[0] for im in read_ico(ico.read_bytes())}
    assert {16, 24, 32, 48, 64, 128, 256} <= sizes
    text = version.read_text(encoding="utf-8")
    assert f"StringStruct('ProductVersion', '{VERSION}')" in text and "parlour.exe" in text
    assert not win["BUNDLE"] and not win["COLLECT"]
    assert not (Path(win["ns"]["DISTPATH"]) / "parlour.desktop").exists(), "the Linux launcher is for Linux"


def test_macos_makes_the_one_file_program_and_an_app_with_icns_and_info_plist(specs):
    mac = specs["darwin"]
    onefile = [e for e in mac["EXE"] if not e.kwargs.get("exclude_binaries")]
    folder = [e for e in mac["EXE"] if e.kwargs.get("exclude_binaries")]
    assert len(onefile) == 1 and len(folder) == 1 and len(mac["COLLECT"]) == 1
    assert onefile[0].kwargs["strip"] is False, "binutils' strip is for Linux"
    [app] = mac["BUNDLE"]
    assert app.args == (mac["COLLECT"][0],)
    kw = app.kwargs
    assert kw["name"] == "Parlour.app" and kw["bundle_identifier"] == "org.parlour.Parlour"
    assert kw["version"] == VERSION
    plist = kw["info_plist"]
    assert plist["CFBundleName"] == plist["CFBundleDisplayName"] == "Parlour"
    assert plist["CFBundleShortVersionString"] == VERSION and plist["NSHighResolutionCapable"] is True
    assert plistlib.loads(plistlib.dumps(plist)) == plist, "every value must be a plist type"
    icns = Path(kw["icon"])
    assert icns.suffix == ".icns" and onefile[0].kwargs["icon"] == str(icns)
    pictures = read_icns(icns.read_bytes())
    assert {"ic07", "ic08", "ic09", "ic10", "ic14"} <= set(pictures), "128 to 1024 pixels and Retina"
    for kind, side in (("icp4", 16), ("ic08", 256), ("ic10", 1024), ("ic14", 512)):
        picture = pictures[kind]
        assert picture.get_size() == (side, side)
        assert pygame.image.tobytes(picture, "RGBA") == pygame.image.tobytes(make_icon(side), "RGBA"), kind


def test_linux_build_is_stripped_and_carries_its_launcher(specs):
    linux = specs["linux"]
    [exe] = linux["EXE"]
    assert exe.kwargs["strip"] is True and exe.kwargs["icon"] is None and exe.kwargs["version"] is None
    assert not linux["BUNDLE"]
    dist = Path(linux["ns"]["DISTPATH"])
    assert (dist / "parlour.desktop").is_file() and (dist / "parlour.png").is_file()


def test_one_folder_build_on_macos_still_makes_the_app(tmp_path, monkeypatch):
    spec = evaluate("darwin", tmp_path, monkeypatch, PARLOUR_ONEDIR="1")
    assert len(spec["EXE"]) == 1 and spec["EXE"][0].kwargs["exclude_binaries"] is True
    assert len(spec["BUNDLE"]) == 1


def test_no_runtime_requirement_is_excluded_from_the_build(specs):
    """What requirements.txt asks for -- and every module importing it pulls in -- must reach the executable:
    a package another change adds (a lock, speech) must not land in the spec's EXCLUDES by accident."""
    excludes = set(specs["linux"]["ns"]["EXCLUDES"])
    lines = (ROOT / "requirements.txt").read_text().splitlines()
    names = [line.split("==")[0].split(">=")[0].strip() for line in lines if line.strip() and not line.startswith("#")]
    top_level = importlib.metadata.packages_distributions()
    for name in names:
        modules = sorted(m for m, dists in top_level.items()
                         if any(d.lower().replace("_", "-") == name.lower().replace("_", "-") for d in dists)
                         and not m.startswith("_"))
        assert modules, f"{name}: not installed here"
        probe = ("import sys; before = set(sys.modules); import " + ", ".join(modules) +
                 "; print('\\n'.join(sorted(set(sys.modules) - before)))")
        res = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                             env={"SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": ""})
        assert res.returncode == 0, res.stderr
        loaded = set(res.stdout.split())
        hit = sorted(m for m in loaded - NUMPY_ONLY if m in excludes or any(m.startswith(e + ".") for e in excludes))
        assert not hit, f"{name} imports modules build.spec excludes: {hit}"
