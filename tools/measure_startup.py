"""Dev tool: start-up time to the first drawn frame, and peak memory, of Parlour as a player starts it.

    python tools/measure_startup.py [--runs 5] [--display dummy|xvfb|both] [--onefile dist/parlour]
                                    [--onedir dist/parlour-onedir/parlour] [--no-source] [--memory]

Each program is started with ``PARLOUR_EXIT_AFTER_FIRST_FRAME=1`` (the app quits right after its first
frame is on screen) and the wall time from launch to exit is taken; the median of ``--runs`` launches is
reported, with the fastest and slowest, because other work on the machine makes single launches noisy.
It is measured for the main menu (``parlour``) and for a table (``parlour acesup``), either with SDL's
dummy video driver or with a real window on a private Xvfb server (``SDL_FRAMEBUFFER_ACCELERATION=0``, as
the Mesa software OpenGL path would otherwise cost ~100 MiB and a slower first flip).

Peak memory is the child's maximum resident set size (``wait4``'s ``ru_maxrss``; for the one-file build it
covers the bootloader's child, which runs the game).  ``--memory`` also runs ``bench`` (every playable
table: idle, drag, animation), the busiest thing the program does.

Every launch gets its own empty PARLOUR_HOME, so no settings or saved game from the user are read or written.
Prints one JSON object.  Start-up and memory are for Linux; the tool needs no packages beyond the stdlib.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def xvfb_display():
    """A private Xvfb server; yields its DISPLAY string (``-displayfd`` picks a free number)."""
    if shutil.which("Xvfb") is None:
        raise SystemExit("measure_startup: Xvfb is not installed (apt-get install xvfb)")
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    try:
        with os.fdopen(read_fd) as fh:
            number = fh.readline().strip()
        if not number:
            raise SystemExit("measure_startup: Xvfb did not start")
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def base_env(display: str | None) -> dict[str, str]:
    env = dict(os.environ)
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["SDL_AUDIODRIVER"] = "dummy"  # no sound card on a build machine; the game would carry on silent
    if display is None:
        env["SDL_VIDEODRIVER"] = "dummy"
        env.pop("DISPLAY", None)
    else:
        env.pop("SDL_VIDEODRIVER", None)
        env["DISPLAY"] = display
        env["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
    return env


def run_once(argv: list[str], env: dict[str, str], timeout: float = 60.0) -> tuple[float, int, int, float]:
    """Launch, wait for exit; (wall seconds, exit status, peak RSS in KiB, CPU seconds user + system)."""
    with tempfile.TemporaryDirectory(prefix="parlour-measure-") as home:
        env = dict(env, PARLOUR_HOME=home)
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, env=env, cwd=home, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = t0 + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.002)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        err = proc.stderr.read().decode(errors="replace").strip() if proc.stderr else ""
        proc.stderr.close()
        if proc.returncode != 0:
            print(f"measure_startup: {' '.join(argv)} exited {proc.returncode}: {err[-300:]}", file=sys.stderr)
        return wall, proc.returncode, usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def startup(argv: list[str], env: dict[str, str], runs: int) -> dict:
    env = dict(env, PARLOUR_EXIT_AFTER_FIRST_FRAME="1")
    run_once(argv, env)  # warm the page cache (and the one-file unpacking path) once, not counted
    walls, rss, cpus = [], [], []
    for _ in range(runs):
        wall, code, kib, cpu = run_once(argv, env)
        if code != 0:
            return {"error": f"exit status {code}"}
        walls.append(wall)
        rss.append(kib)
        cpus.append(cpu)
    # CPU seconds hardly depend on what else runs on the machine; wall time on a busy machine does.
    return {"median_s": round(statistics.median(walls), 3), "min_s": round(min(walls), 3),
            "max_s": round(max(walls), 3), "cpu_median_s": round(statistics.median(cpus), 3), "runs": runs,
            "peak_rss_mib": round(max(rss) / 1024, 1)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--display", choices=("dummy", "xvfb", "both"), default="both")
    p.add_argument("--onefile", default=str(ROOT / "dist" / "parlour"))
    p.add_argument("--onedir", default=str(ROOT / "dist" / "parlour-onedir" / "parlour"))
    p.add_argument("--no-source", action="store_true", help="do not time `python main.py`")
    p.add_argument("--memory", action="store_true", help="also peak memory of `bench` (every table)")
    p.add_argument("--bench-frames", type=int, default=60, help="frames per situation for --memory")
    args = p.parse_args(argv)

    programs: dict[str, list[str]] = {}
    if not args.no_source:
        programs["source"] = [sys.executable, str(ROOT / "main.py")]
    for label, path in (("onefile", args.onefile), ("onedir", args.onedir)):
        if os.path.isfile(path):
            programs[label] = [path]
    sizes = {"onefile_mib": _mib(Path(args.onefile)), "onedir_mib": _mib(Path(args.onedir).parent)}
    out: dict = {"sizes": {k: v for k, v in sizes.items() if v is not None}, "startup": {}, "memory": {}}

    displays = ("dummy", "xvfb") if args.display == "both" else (args.display,)
    for display in displays:
        ctx = xvfb_display() if display == "xvfb" else _nothing()
        with ctx as disp:
            env = base_env(disp)
            for label, cmd in programs.items():
                for screen, extra in (("menu", []), ("acesup", ["acesup"])):
                    key = f"{label}/{display}/{screen}"
                    out["startup"][key] = startup(cmd + extra, env, args.runs)
                    print(f"{key}: {out['startup'][key]}", file=sys.stderr)
    if args.memory:
        env = base_env(None)
        for label, cmd in programs.items():
            wall, code, kib, _ = run_once(cmd + ["bench", "--frames", str(args.bench_frames)], env, timeout=300)
            out["memory"][f"{label}/bench"] = {"peak_rss_mib": round(kib / 1024, 1), "wall_s": round(wall, 1),
                                               "status": code}
    print(json.dumps(out, indent=1))
    return 0


@contextmanager
def _nothing():
    yield None


def _mib(path: Path) -> float | None:
    if path.is_file():
        return round(path.stat().st_size / 2**20, 1)
    if path.is_dir():
        return round(sum(f.lstat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink()) / 2**20, 1)
    return None


if __name__ == "__main__":
    sys.exit(main())
