"""Build the Linux release: the one-file ``parlour`` made inside a Debian 11 root, so it runs on glibc 2.31+.

    sudo python3 tools/build_oldlinux.py [--out dist/linux] [--cache DIR] [--prepare-only]

A program frozen with PyInstaller needs a glibc at least as new as the one it was built against (its
libpython, and any bundled C++ runtime, ask for the build machine's symbol versions).  Built on Debian 12
it needs glibc 2.36 and fails at once on Debian 11, Ubuntu 20.04/22.04, RHEL 8/9 or Mint 21.  So this
script builds it inside Debian 11 (glibc 2.31), with nothing but Debian's and PyPI's package registries:

1. ``debootstrap --variant=minbase bullseye`` makes a bare Debian 11 root: ``CACHE/bullseye-base``.  It is
   kept pristine -- the release tests run the built program in it, where no Python or build tool can
   hide a missing library.
2. A copy of it, ``CACHE/bullseye-build``, gets a C compiler and the libraries Python's modules need (apt).
3. Python 3.11 is compiled there from Debian's own source package (``python3.11_3.11.2.orig.tar.gz`` from
   the pool of deb.debian.org, checked against its SHA-256), as a shared library and without PGO/LTO
   (``make -j2``): ~5 minutes once.
4. A venv there gets pygame-ce, appdirs (requirements.txt) and PyInstaller (requirements-dev.txt's pin)
   from PyPI: their manylinux wheels need glibc 2.17 at most.
5. The checkout is copied in and built with the same ``build.spec``; ``parlour``, ``parlour.desktop`` and
   ``parlour.png`` are copied to ``--out``.

Steps 1-4 are cached in ``CACHE`` (``$PARLOUR_CACHE``, else ``~/.cache/parlour``) and reused when present,
each marked done only when it finished, so a later run only does step 5 (about a minute).  apt and
debootstrap are retried once, as a mirror can fail for a moment.  Needs root (debootstrap, chroot) and
``unshare`` (util-linux): /proc and /dev are mounted for the root in a private mount namespace, so
nothing stays mounted if the build is interrupted.  Each step's time is printed to stderr.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MIRROR = "http://deb.debian.org/debian"
SUITE = "bullseye"
#: Debian 12's Python 3.11 source package: the upstream tarball, as Debian ships it in its pool.
PYTHON_VERSION = "3.11.2"
PYTHON_SOURCE = f"{MIRROR}/pool/main/p/python3.11/python3.11_{PYTHON_VERSION}.orig.tar.gz"
PYTHON_SHA256 = "2411c74bda5bbcfcddaf4531f66d1adc73f247f529aee981b029513aefdbf849"
PYTHON_PREFIX = "/opt/python3.11"
VENV = "/opt/parlour-venv"
#: What Python's own modules need to compile (ssl for pip's https; ctypes, zlib, bz2, lzma, uuid), and
#: binutils for PyInstaller (objdump reads libraries' dependencies, strip removes debug symbols).
BUILD_PACKAGES = ("gcc", "make", "libc6-dev", "binutils", "ca-certificates", "zlib1g-dev", "libffi-dev",
                  "libssl-dev", "libbz2-dev", "liblzma-dev", "uuid-dev")
#: The certificate authorities pip in the root trusts: the build machine's own.
HOST_CA = os.environ.get("PIP_CERT") or os.environ.get("SSL_CERT_FILE") or "/etc/ssl/certs/ca-certificates.crt"
HOST_CA_IN_ROOT = "/etc/ssl/certs/build-host-ca.crt"
#: The checkout's files the build does not need (copied without them).
SKIP = {".git", ".venv", "dist", "build", "__pycache__", ".pytest_cache", ".hypothesis", ".ruff_cache"}
ENV = {"PATH": f"{VENV}/bin:{PYTHON_PREFIX}/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
       "HOME": "/root", "LANG": "C.UTF-8", "DEBIAN_FRONTEND": "noninteractive"}


def default_cache() -> Path:
    if os.environ.get("PARLOUR_CACHE"):
        return Path(os.environ["PARLOUR_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "parlour"


def log(message: str) -> None:
    print(f"build_oldlinux: {message}", file=sys.stderr, flush=True)


def in_root(root: Path, argv: Sequence[str], *, env: dict[str, str] | None = None, cwd: str = "/",
            check: bool = True, capture: bool = False, timeout: float = 3600) -> subprocess.CompletedProcess:
    """Run ``argv`` chrooted into ``root`` with /proc and /dev mounted in a private mount namespace
    (they vanish with the command, whatever happens to it) and a clean environment."""
    variables = dict(ENV, **(env or {}))
    script = ('mount -t proc proc "$R/proc" && mount --rbind /dev "$R/dev" && '
              'exec chroot "$R" /usr/bin/env -i "$@"')
    inner = [f"{k}={v}" for k, v in variables.items()] + ["/bin/sh", "-c", 'cd "$0" && exec "$@"', cwd, *argv]
    return subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh", *inner],
                          env=dict(os.environ, R=str(root)), check=check, timeout=timeout,
                          capture_output=capture, text=capture)


def twice(what: str, action: Callable[[], None]) -> None:
    """Run a network step; once more if it fails (a mirror's passing hiccup), then let the error out."""
    try:
        action()
    except subprocess.CalledProcessError as err:
        log(f"{what} failed ({err}); trying once more in 10 s")
        time.sleep(10)
        action()


class Step:
    """Time a step and mark it done (a file in the cache) only when it finished."""

    def __init__(self, cache: Path, name: str, times: dict[str, float]):
        self.marker, self.name, self.times = cache / f"{name}.done", name, times

    @property
    def done(self) -> bool:
        return self.marker.is_file()

    def __enter__(self) -> Step:
        log(f"{self.name} ...")
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, kind, value, tb) -> None:
        seconds = time.perf_counter() - self.t0
        self.times[self.name] = round(seconds, 1)
        if kind is None:
            self.marker.write_text(time.strftime("%Y-%m-%dT%H:%M:%SZ\n", time.gmtime()))
            log(f"{self.name} done in {seconds:.0f} s (wall)")


def base_root(cache: Path, times: dict[str, float]) -> Path:
    """The pristine Debian 11 root (debootstrap, minbase): the release tests run the program in it."""
    root = cache / "bullseye-base"
    step = Step(cache, "bullseye-base", times)
    if step.done:
        return root
    with step:
        def bootstrap() -> None:
            shutil.rmtree(root, ignore_errors=True)
            subprocess.run(["debootstrap", "--variant=minbase", SUITE, str(root), MIRROR], check=True,
                           stdout=subprocess.DEVNULL)
        twice("debootstrap", bootstrap)
    return root


def build_root(cache: Path, base: Path, times: dict[str, float]) -> Path:
    """A copy of the base root with a compiler, Python 3.11 and the build's packages."""
    root = cache / "bullseye-build"
    deps = Step(cache, "bullseye-build-deps", times)
    if not deps.done:
        with deps:
            for later in cache.glob("*.done"):  # the Python and venv made in an older copy go with it
                if later.name not in ("bullseye-base.done",):
                    later.unlink()
            shutil.rmtree(root, ignore_errors=True)
            subprocess.run(["cp", "-a", str(base), str(root)], check=True)
            shutil.copyfile("/etc/resolv.conf", root / "etc" / "resolv.conf")
            twice("apt-get install", lambda: in_root(root, ["sh", "-c", "apt-get update -qq && apt-get install -y "
                                                             "-qq --no-install-recommends " + " ".join(BUILD_PACKAGES)
                                                             + " >/dev/null"]))
    python = Step(cache, "python3.11", times)
    if not python.done:
        with python:
            source = fetch_python_source(cache)
            src = root / "tmp" / "python-src"
            shutil.rmtree(src, ignore_errors=True)
            src.mkdir(parents=True)
            with tarfile.open(source) as tar:
                tar.extractall(src, filter="data")
            [top] = [p.name for p in src.iterdir()]
            jobs = str(max(2, min(os.cpu_count() or 2, 4)))
            in_root(root, ["sh", "-c", f"./configure -q --prefix={PYTHON_PREFIX} --enable-shared "
                                       f"LDFLAGS=-Wl,-rpath,{PYTHON_PREFIX}/lib >/dev/null && "
                           f"make -s -j{jobs} >/dev/null 2>&1 && make -s install >/dev/null 2>&1"],
                    cwd=f"/tmp/python-src/{top}")
            shutil.rmtree(src)
    packages = pinned_packages()
    venv = Step(cache, "venv-" + hashlib.sha256(" ".join(packages).encode()).hexdigest()[:12], times)
    if not venv.done:
        with venv:
            shutil.copyfile("/etc/resolv.conf", root / "etc" / "resolv.conf")
            # This machine's certificate authorities (a proxy in the way may have its own among them)
            shutil.copyfile(HOST_CA, root / HOST_CA_IN_ROOT.lstrip("/"))
            pip_env = {"PIP_CERT": HOST_CA_IN_ROOT, **{k: v for k, v in os.environ.items()
                                                        if k in ("PIP_INDEX_URL", "HTTPS_PROXY", "https_proxy")}}
            in_root(root, ["sh", "-c", f"rm -rf {VENV} && {PYTHON_PREFIX}/bin/python3.11 -m venv {VENV}"])
            twice("pip install", lambda: in_root(root, ["pip", "install", "-q", "--disable-pip-version-check",
                                                        *packages], env=pip_env))
    return root


def fetch_python_source(cache: Path) -> Path:
    """Debian's Python 3.11 source tarball, downloaded once and checked against the pool's SHA-256."""
    path = cache / PYTHON_SOURCE.rsplit("/", 1)[1]
    if path.is_file() and hashlib.sha256(path.read_bytes()).hexdigest() == PYTHON_SHA256:
        return path
    part = path.with_suffix(".part")
    for attempt in (1, 2):
        try:
            with urllib.request.urlopen(PYTHON_SOURCE, timeout=120) as response, open(part, "wb") as out:
                shutil.copyfileobj(response, out)
            break
        except OSError as err:
            if attempt == 2:
                raise
            log(f"downloading {PYTHON_SOURCE} failed ({err}); trying once more")
    digest = hashlib.sha256(part.read_bytes()).hexdigest()
    if digest != PYTHON_SHA256:
        raise SystemExit(f"build_oldlinux: {PYTHON_SOURCE} has SHA-256 {digest}, expected {PYTHON_SHA256}")
    part.rename(path)
    return path


def pinned_packages() -> list[str]:
    """requirements.txt (what the game needs) and PyInstaller's pin from requirements-dev.txt."""
    runtime = [line.split("#")[0].strip() for line in (ROOT / "requirements.txt").read_text().splitlines()]
    dev = [line.split("#")[0].strip() for line in (ROOT / "requirements-dev.txt").read_text().splitlines()]
    return [p for p in runtime if p] + [p for p in dev if p.lower().startswith("pyinstaller")]


def build(root: Path, out: Path, times: dict[str, float]) -> Path:
    """Copy the checkout into the build root, run PyInstaller on build.spec there, copy the results out."""
    t0 = time.perf_counter()
    work = root / "tmp" / "parlour-build"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(ROOT, work / "src", ignore=lambda _dir, names: [n for n in names if n in SKIP])
    in_root(root, ["python", "-m", "PyInstaller", "build.spec", "--noconfirm", "--log-level", "WARN",
                   "--distpath", "/tmp/parlour-build/dist", "--workpath", "/tmp/parlour-build/work"],
            cwd="/tmp/parlour-build/src", env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    out.mkdir(parents=True, exist_ok=True)
    for name in ("parlour", "parlour.desktop", "parlour.png"):
        shutil.copy2(work / "dist" / name, out / name)
    shutil.rmtree(work)
    times["pyinstaller"] = round(time.perf_counter() - t0, 1)
    log(f"pyinstaller done in {times['pyinstaller']:.0f} s (wall): {out / 'parlour'}")
    return out / "parlour"


def prepare(cache: Path, times: dict[str, float]) -> tuple[Path, Path]:
    """The base root and the build root, made when absent: (base, build)."""
    if os.geteuid() != 0:
        raise SystemExit("build_oldlinux: needs root (debootstrap and chroot); run it with sudo")
    for tool in ("debootstrap", "unshare", "chroot"):
        if shutil.which(tool) is None:
            raise SystemExit(f"build_oldlinux: {tool} is not installed (apt-get install debootstrap util-linux)")
    cache.mkdir(parents=True, exist_ok=True)
    base = base_root(cache, times)
    return base, build_root(cache, base, times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "dist" / "linux", help="where parlour is written")
    ap.add_argument("--cache", type=Path, default=default_cache(), help="the Debian 11 roots and Python")
    ap.add_argument("--prepare-only", action="store_true", help="make the cached roots, build nothing")
    args = ap.parse_args(argv)
    times: dict[str, float] = {}
    t0 = time.perf_counter()
    args.cache.mkdir(parents=True, exist_ok=True)
    with open(args.cache / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two builds at once would share the roots: the second waits
        _, root = prepare(args.cache, times)
        if not args.prepare_only:
            build(root, args.out.resolve(), times)
    log(f"steps (s, wall): {times}; total {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
