"""Dev tool: start-up time to the first drawn frame, and peak memory, of Parlour as a player starts it.

    python tools/measure_startup.py [--runs 5] [--display dummy|xvfb|both] [--onefile dist/parlour]
                                    [--onedir dist/parlour-onedir/parlour] [--no-source] [--memory]
    python tools/measure_startup.py --mapped [--runs 5] [--onefile ...] [--onedir ...] [--also LABEL=PROGRAM]

``--mapped`` measures what a player sees instead: the time from exec to the window being mapped on a
private Xvfb server (an X client in this process selects ``SubstructureNotify`` on the root window and
takes the first ``MapNotify``), with the CPU time the program's whole process tree had used by then
(from /proc, 10 ms ticks) and by its exit after the first frame (``wait4``).  The programs are launched
in turn (source, one-file, one-folder, source, ...) so that load from other work falls on all of them
alike, and the median of ``--runs`` is reported for each.

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
import ctypes
import ctypes.util
import json
import os
import select
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


class MapWatcher:
    """An X connection that reports when a top-level window is mapped (Xlib through ctypes: no packages)."""

    SUBSTRUCTURE_NOTIFY_MASK = 1 << 19
    MAP_NOTIFY = 19

    def __init__(self, display: str):
        name = ctypes.util.find_library("X11")
        if not name:
            raise SystemExit("measure_startup: libX11 not found")
        x = self.x = ctypes.CDLL(name)
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
        x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x.XPending.argtypes = [ctypes.c_void_p]
        x.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        x.XConnectionNumber.argtypes = [ctypes.c_void_p]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.dpy = x.XOpenDisplay(display.encode())
        if not self.dpy:
            raise SystemExit(f"measure_startup: cannot open display {display}")
        x.XSelectInput(self.dpy, x.XDefaultRootWindow(self.dpy), self.SUBSTRUCTURE_NOTIFY_MASK)
        x.XSync(self.dpy, 0)
        self.fd = x.XConnectionNumber(self.dpy)
        self.event = ctypes.create_string_buffer(256)  # an XEvent is 24 longs (192 bytes) on 64-bit

    def drain(self) -> None:
        """Forget events left by earlier launches (their windows' unmapping and destruction)."""
        self.x.XSync(self.dpy, 0)
        while self.x.XPending(self.dpy):
            self.x.XNextEvent(self.dpy, self.event)

    def wait_mapped(self, deadline: float) -> float | None:
        """perf_counter() at the first MapNotify, or None when ``deadline`` passes first."""
        while True:
            while self.x.XPending(self.dpy):
                self.x.XNextEvent(self.dpy, self.event)
                if int.from_bytes(self.event.raw[:4], sys.byteorder) == self.MAP_NOTIFY:
                    return time.perf_counter()
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            select.select([self.fd], [], [], left)

    def close(self) -> None:
        self.x.XCloseDisplay(self.dpy)


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by ``pid`` and every live descendant, from /proc."""
    stats: dict[int, tuple[int, float]] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        stats[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += stats.get(p, (0, 0.0))[1]
        todo += [c for c, (parent, _) in stats.items() if parent == p]
    return total


def mapped_once(argv: list[str], env: dict[str, str], watcher: MapWatcher, timeout: float = 60.0) -> dict:
    """One launch: exec -> window mapped (wall), CPU by then and CPU to exit after the first frame."""
    with tempfile.TemporaryDirectory(prefix="parlour-measure-") as home:
        env = dict(env, PARLOUR_HOME=home, PARLOUR_EXIT_AFTER_FIRST_FRAME="1")
        watcher.drain()
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, env=env, cwd=home, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        mapped = watcher.wait_mapped(t0 + timeout)
        cpu_mapped = tree_cpu(proc.pid) if mapped is not None else None
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if mapped is None or proc.returncode != 0:
            return {"error": f"exit status {proc.returncode}, mapped: {mapped is not None}"}
        return {"mapped_s": mapped - t0, "cpu_mapped_s": cpu_mapped, "cpu_exit_s": usage.ru_utime + usage.ru_stime}


def measure_mapped(programs: dict[str, list[str]], runs: int) -> dict:
    """Median exec -> mapped over ``runs`` launches of each program, launched in turn on one Xvfb."""
    results: dict[str, list[dict]] = {label: [] for label in programs}
    with xvfb_display() as display:
        watcher = MapWatcher(display)
        try:
            env = base_env(display)
            for cmd in programs.values():  # warm the page cache once, not counted
                mapped_once(cmd, env, watcher)
            for _ in range(runs):
                for label, cmd in programs.items():
                    one = mapped_once(cmd, env, watcher)
                    if "error" in one:
                        raise SystemExit(f"measure_startup: {label}: {one['error']}")
                    results[label].append(one)
        finally:
            watcher.close()
    out = {}
    for label, rows in results.items():
        walls = [r["mapped_s"] for r in rows]
        out[label] = {"mapped_median_ms": round(1000 * statistics.median(walls)),
                      "mapped_min_ms": round(1000 * min(walls)), "mapped_max_ms": round(1000 * max(walls)),
                      "cpu_at_mapped_median_ms": round(1000 * statistics.median(r["cpu_mapped_s"] for r in rows)),
                      "cpu_to_first_frame_median_ms": round(1000 * statistics.median(r["cpu_exit_s"] for r in rows)),
                      "runs": runs}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--display", choices=("dummy", "xvfb", "both"), default="both")
    p.add_argument("--onefile", default=str(ROOT / "dist" / "parlour"))
    p.add_argument("--onedir", default=str(ROOT / "dist" / "parlour-onedir" / "parlour"))
    p.add_argument("--no-source", action="store_true", help="do not time `python main.py`")
    p.add_argument("--memory", action="store_true", help="also peak memory of `bench` (every table)")
    p.add_argument("--bench-frames", type=int, default=60, help="frames per situation for --memory")
    p.add_argument("--mapped", action="store_true", help="only exec -> window mapped under Xvfb (see above)")
    p.add_argument("--also", action="append", default=[], metavar="LABEL=PROGRAM",
                   help="another program to time alongside, e.g. an older build (repeatable)")
    args = p.parse_args(argv)

    programs: dict[str, list[str]] = {}
    if not args.no_source:
        programs["source"] = [sys.executable, str(ROOT / "main.py")]
    for label, path in (("onefile", args.onefile), ("onedir", args.onedir)):
        if os.path.isfile(path):
            programs[label] = [path]
    sizes = {"onefile_mib": _mib(Path(args.onefile)), "onedir_mib": _mib(Path(args.onedir).parent)}
    for extra in args.also:
        label, _, path = extra.partition("=")
        programs[label] = [path]
        folder = Path(path).parent
        sizes[f"{label}_mib"] = _mib(folder if (folder / "_internal").is_dir() else Path(path))
    if args.mapped:
        load = os.getloadavg()
        print(json.dumps({"sizes": {k: v for k, v in sizes.items() if v is not None},
                          "loadavg_before": [round(v, 1) for v in load],
                          "mapped": measure_mapped(programs, args.runs)}, indent=1))
        return 0
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
