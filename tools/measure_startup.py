"""Dev tool: start-up time to the first drawn frame, and peak memory, of Parlour as a player starts it.

    python tools/measure_startup.py [--runs 5] [--display dummy|xvfb|both] [--onefile dist/parlour]
                                    [--onedir dist/parlour-onedir/parlour] [--no-source] [--memory]
    python tools/measure_startup.py --mapped [--runs 5] [--onefile ...] [--onedir ...]
                                    [--against aisleriot=/usr/games/sol] [--also LABEL=PROGRAM]

``--mapped`` measures what a player gets: each program is started as a player starts it (no variable of
ours but an empty data folder; the program decides its own SDL hints) on a private Xvfb server, and the tool
takes the wall time from exec to the window being mapped (an X client in this process selects
``SubstructureNotify`` on the root window and takes the first ``MapNotify``), the CPU time its whole process
tree had used by then (/proc/PID/task/TID/schedstat, nanoseconds), its resident memory after ``--settle``
seconds at rest (the main menu, VmRSS of the tree: the one-file build's bootloader and the game), and the CPU
it uses over the next ``--idle`` seconds of doing nothing; then it is closed with SIGTERM.  Nothing in this
needs the program's help, so another program -- GNOME Aisleriot, ``--against aisleriot=/usr/games/sol`` --
is measured the same way in the same run, launched first in each round, and every ratio is against it.
The programs are launched in turn (reference, source, one-file, one-folder, reference, ...) so that load
from other work falls on all of them alike; medians of ``--runs`` are reported, with the load average before
and after and the tool's children's CPU time against its wall time.

Without ``--mapped``, each program is started with ``PARLOUR_EXIT_AFTER_FIRST_FRAME=1`` (the app quits right
after its first frame is on screen) and the wall time from launch to exit is taken; the median of ``--runs``
launches is reported, with the fastest and slowest, because other work on the machine makes single launches
noisy.  It is measured for the main menu (``parlour``) and for a table (``parlour acesup``), either with SDL's
dummy video driver or with a real window on a private Xvfb server.

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
import signal
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
    if display is None:
        env["SDL_VIDEODRIVER"] = "dummy"
        env["SDL_AUDIODRIVER"] = "dummy"  # no window, no sound: the headless runs (bench, first frame)
        env.pop("DISPLAY", None)
    else:
        # measure what ships: the program decides how to draw and what to play through.  SDL's dummy audio
        # driver is not what any player has (a sound card's driver, or none: the game carries on silent),
        # and its thread alone cost 0.11-0.16% of a core at rest, as much as the whole program.
        env.pop("SDL_VIDEODRIVER", None)
        env.pop("SDL_AUDIODRIVER", None)
        env["DISPLAY"] = display
        env.pop("SDL_FRAMEBUFFER_ACCELERATION", None)
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


def _proc_table() -> dict[int, int]:
    """Every live process's parent, from /proc."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    parents[int(entry)] = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    return parents


def process_tree(pid: int) -> list[int]:
    """``pid`` and every live descendant (the one-file build's bootloader runs the game as its child)."""
    parents = _proc_table()
    tree, todo = [], [pid]
    while todo:
        p = todo.pop()
        tree.append(p)
        todo += [c for c, parent in parents.items() if parent == p]
    return tree


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by ``pid`` and its live descendants, every thread, to the
    nanosecond (the first field of /proc/PID/task/TID/schedstat: time spent on a CPU)."""
    total = 0
    for p in process_tree(pid):
        try:
            tasks = os.listdir(f"/proc/{p}/task")
        except OSError:
            continue
        for tid in tasks:
            try:
                with open(f"/proc/{p}/task/{tid}/schedstat") as fh:
                    total += int(fh.read().split()[0])
            except (OSError, IndexError, ValueError):
                continue
    return total / 1e9


def tree_rss_mib(pid: int) -> float:
    """Resident memory of ``pid`` and its live descendants (VmRSS), MiB."""
    kib = 0
    for p in process_tree(pid):
        try:
            with open(f"/proc/{p}/status") as fh:
                kib += next((int(line.split()[1]) for line in fh if line.startswith("VmRSS:")), 0)
        except OSError:
            continue
    return kib / 1024


def mapped_once(argv: list[str], env: dict[str, str], watcher: MapWatcher, settle: float, idle: float,
                timeout: float = 60.0) -> dict:
    """One launch as a player starts it: exec -> window mapped (wall), CPU by then; after ``settle``
    seconds at rest, the resident memory; then the CPU used over ``idle`` seconds of doing nothing.
    The program is then asked to close (SIGTERM) -- it is not told to quit by itself, so any program
    (Aisleriot too) can be measured the same way."""
    with tempfile.TemporaryDirectory(prefix="parlour-measure-") as home:
        env = dict(env, PARLOUR_HOME=home, HOME=home, XDG_CONFIG_HOME=home, XDG_DATA_HOME=home,
                   XDG_CACHE_HOME=home)
        watcher.drain()
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, env=env, cwd=home, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        try:
            mapped = watcher.wait_mapped(t0 + timeout)
            if mapped is None or proc.poll() is not None:
                return {"error": f"no window (exit status {proc.poll()})"}
            cpu_mapped = tree_cpu(proc.pid)
            time.sleep(settle)
            rss = tree_rss_mib(proc.pid)
            cpu0, w0 = tree_cpu(proc.pid), time.perf_counter()
            time.sleep(idle)
            idle_pct = 100 * (tree_cpu(proc.pid) - cpu0) / (time.perf_counter() - w0)
            if proc.poll() is not None:
                return {"error": f"exited during the idle period (status {proc.returncode})"}
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
        return {"mapped_s": mapped - t0, "cpu_mapped_s": cpu_mapped, "rss_mib": rss, "idle_cpu_pct": idle_pct}


def measure_mapped(programs: dict[str, list[str]], runs: int, settle: float = 2.0, idle: float = 5.0) -> dict:
    """Median exec -> mapped, RSS at rest and idle CPU over ``runs`` launches of each program, launched
    in turn on one Xvfb so that other work on the machine falls on all of them alike."""
    results: dict[str, list[dict]] = {label: [] for label in programs}
    cpu0, wall0 = os.times(), time.perf_counter()
    with xvfb_display() as display:
        watcher = MapWatcher(display)
        try:
            env = base_env(display)
            for cmd in programs.values():  # warm the page cache once, not counted
                mapped_once(cmd, env, watcher, 0.5, 0.1)
            for _ in range(runs):
                for label, cmd in programs.items():
                    one = mapped_once(cmd, env, watcher, settle, idle)
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
                      "rss_at_rest_median_mib": round(statistics.median(r["rss_mib"] for r in rows), 1),
                      "idle_cpu_median_pct": round(statistics.median(r["idle_cpu_pct"] for r in rows), 2),
                      "idle_cpu_max_pct": round(max(r["idle_cpu_pct"] for r in rows), 2), "runs": runs}
    first = next(iter(out.values()), None)
    for row in out.values():  # each program's times against the first one's (the reference)
        if first and row is not first:
            row["mapped_vs_first"] = round(row["mapped_median_ms"] / first["mapped_median_ms"], 2)
            row["cpu_vs_first"] = round(row["cpu_at_mapped_median_ms"] / max(1, first["cpu_at_mapped_median_ms"]), 2)
    children = os.times()
    cpu = children.children_user + children.children_system - cpu0.children_user - cpu0.children_system
    return {"programs": out, "settle_s": settle, "idle_s": idle,
            "all_children_cpu_s": round(cpu, 1), "wall_s": round(time.perf_counter() - wall0, 1)}


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
    p.add_argument("--against", metavar="LABEL=PROGRAM",
                   help="with --mapped: a reference program launched first in each round, and every ratio "
                        "is against it, e.g. aisleriot=/usr/games/sol")
    p.add_argument("--settle", type=float, default=2.0, help="with --mapped: seconds at rest before RSS")
    p.add_argument("--idle", type=float, default=5.0, help="with --mapped: seconds of idle CPU measured")
    args = p.parse_args(argv)

    programs: dict[str, list[str]] = {}
    if args.against:
        label, _, path = args.against.partition("=")
        programs[label] = path.split()
    if not args.no_source:
        programs["source"] = [sys.executable, str(ROOT / "main.py")]
    for label, path in (("onefile", args.onefile), ("onedir", args.onedir)):
        if os.path.isfile(path):
            programs[label] = [os.path.abspath(path)]
    onedir = Path(args.onedir).parent if os.path.isfile(args.onedir) else None
    sizes = {"onefile_mib": _mib(Path(args.onefile)), "onedir_mib": _mib(onedir) if onedir else None}
    for extra in args.also:
        label, _, path = extra.partition("=")
        programs[label] = [os.path.abspath(path)]
        folder = Path(path).parent
        sizes[f"{label}_mib"] = _mib(folder if (folder / "_internal").is_dir() else Path(path))
    if args.mapped:
        load = os.getloadavg()
        mapped = measure_mapped(programs, args.runs, args.settle, args.idle)
        print(json.dumps({"sizes": {k: v for k, v in sizes.items() if v is not None},
                          "loadavg_before": [round(v, 1) for v in load],
                          "loadavg_after": [round(v, 1) for v in os.getloadavg()], "mapped": mapped}, indent=1))
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
