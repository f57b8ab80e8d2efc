"""Real start-ups of ``main.py`` with every file read at start-up replaced by each kind of bad file.

For each kind and each game, one start-up has *all* that game's start-up files bad at once (the
settings, its statistics/records/profiles/history and its kept game), which keeps the run short
while every (file, kind) pair is tried.  Each start-up must reach its first frame
(PARLOUR_EXIT_AFTER_FIRST_FRAME=1), exit normally, show the player a message naming every bad
file, and keep every bad file aside (``NAME.bad-…``) rather than overwrite it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytestmark = pytest.mark.faults

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("probe.py")
GAMES = ("acesup", "thieves", "acme", "court", "romi")
KINDS = ("empty", "truncated", "binary", "wrong_types", "deep", "oversized", "dev_zero", "fifo", "folder")
OWN_FILE = {"acesup": "acesup-stats.json", "thieves": "thieves-records.json", "acme": "acme-profiles.json",
            "court": "court-history.json", "romi": "romi-stats.json"}


def good_files(home: Path) -> dict[str, bytes]:
    """Valid content of every start-up file, written by the real writers."""
    os.environ["PARLOUR_HOME"] = str(home)
    from game import registry
    from saves import acme_profiles, court_history, romi_stats
    from saves import games as saved_games
    from saves import settings as settings_mod
    from saves.solitaire_stats import SolitaireStats
    from saves.thieves_records import ThievesRecords

    settings_mod.save(settings_mod.Settings(games={"acesup": {"variation": "aces_up"}, "romi": {"speed": "fast"},
                                                   "court": {"level": "novice", "player": "Guest"},
                                                   "acme": {"level": "expert"}, "thieves": {"jokers": 2}}))
    SolitaireStats("acesup").record("aces_up", True, 3)
    ThievesRecords().add_score(2, 120, "Ann")
    book = acme_profiles.load_profiles()
    book.select("Ann")
    acme_profiles.save_profiles(book)
    hist = court_history.CourtHistory()
    hist.record_game("Guest", "novice", 120, 80, "you", 3, 4)
    hist.save()
    romi_stats.record_game(0, (10, 5))
    for game in GAMES:
        rules = registry.get(game).module("rules")
        options = {"acesup": {"variation": "aces_up"}, "thieves": {"jokers": 2}, "court": {"follow_suit": True},
                   "romi": {"ace_after_king": False}, "acme": {}}[game]
        saved_games.write_resume(game, game, {"start": rules.to_dict(rules.new_game(7)), "seed": 7, "moves": [],
                                              "cursor": 0, "options": options, "extra": {}})
    out = {}
    for p in sorted(home.rglob("*.json")):
        out[str(p.relative_to(home))] = p.read_bytes()
    return out


def _wrong(value):
    """The same shape with every leaf of another type."""
    if isinstance(value, dict):
        return {k: v if k in ("format", "version") else _wrong(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_wrong(v) for v in value] or {"x": 1}
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, (int, float)):
        return "12"
    if isinstance(value, str):
        return [value]
    return [1]


def make_bad(path: Path, kind: str, good: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "truncated":
        path.write_bytes(good[: len(good) // 2])
    elif kind == "binary":
        path.write_bytes(bytes(range(256)) * 8)
    elif kind == "wrong_types":
        path.write_text(json.dumps(_wrong(json.loads(good))))
    elif kind == "deep":
        fmt = json.loads(good)["format"]
        path.write_text(f'{{"format": "{fmt}", "version": 1, "x": ' + "[" * 200_000 + "]" * 200_000 + "}")
    elif kind == "oversized":
        with open(path, "wb") as fh:
            fh.write(good[:-1] + b', "pad": "')
            fh.write(b"x" * (9 * 1024 * 1024))
            fh.write(b'"}')
    elif kind == "dev_zero":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("x")
    else:  # pragma: no cover
        raise AssertionError(kind)


def start(home: Path, game: str, out: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PARLOUR_HOME": str(home), "PARLOUR_EXIT_AFTER_FIRST_FRAME": "1",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, str(PROBE), str(out), game], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


def test_every_start_up_file_of_every_bad_kind(tmp_path):
    good = good_files(tmp_path / "good")
    runs = []
    for kind in KINDS:
        for game in GAMES:
            home = tmp_path / f"{kind}-{game}"
            names = ["settings.json", OWN_FILE[game], f"resume/{game}.json"]
            for name in names:
                make_bad(home / name, kind, good[name])
            runs.append((kind, game, home, names))

    def one(run):
        kind, game, home, names = run
        out = home.parent / f"{kind}-{game}.out.json"
        return run, start(home, game, out), out

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(one, runs))
    problems = []
    for (kind, game, home, names), proc, out in results:
        where = f"{game} with {kind} files"
        if proc.returncode != 0 or not out.exists():
            problems.append(f"{where}: exit {proc.returncode}: {proc.stderr.strip()[-400:]}")
            continue
        seen = " | ".join(json.loads(out.read_text())["seen"])
        for name in names:
            path = home / name
            base = Path(name).name
            if base not in seen:
                problems.append(f"{where}: the player was not told about {name} (saw: {seen[:300]})")
            if not list(path.parent.glob(base + ".bad-*")):
                problems.append(f"{where}: {name} was not kept aside")
            if "Traceback" in seen:
                problems.append(f"{where}: a traceback was shown")
    assert not problems, "\n".join(problems)
