"""Issue 35, the files' cases: odd file names, a foreign review cache, a folder linked out of the data
folder, impossible saved starts, the move limit on writing, a C locale, and leftovers of a killed window.

Each test here failed before its fix (the case number of issue 35 is in its name)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.engine.dialogs import MessageDialog
from game.engine.savedgames import SavedGamesDialog
from saves import games as saved_games
from saves import store
from saves.paths import saved_games_dir
from tests.scenes.helpers import key, make_app, open_table, type_text

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
    assert "\ufffd" in box.message and "unchanged" in box.message and "kept as" in box.message
    box.message.encode("utf-8")  # drawable: no lone surrogate left
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene
    (aside,) = saved_games_dir("acesup").iterdir()  # set aside: out of the list, kept for the player
    assert aside.name.startswith("broken-") and ".json.bad-" in aside.name
    assert saved_games.list_saves("acesup") == []


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


# ----------------------------------------------------------------- case 2
def _court_source(n_moves: int = 12):
    from game.court import rules as court_rules
    from game.review.source import from_moves

    state, texts = court_rules.new_game(1), []
    for _ in range(n_moves):
        move = court_rules.legal_moves(state)[0]
        texts.append(str(move))
        state = court_rules.apply(state, move)
    return from_moves("court", court_rules.new_game(1), texts, 1)


def _acesup_source():
    from game.acesup import rules as acesup_rules
    from game.review.source import from_moves
    from tests.cli.test_review_cli import ACESUP_LOST_AT_12

    return from_moves("acesup", acesup_rules.new_game(1), ACESUP_LOST_AT_12.split(";"), 1)


def _solitaire_entries(source) -> list[dict]:
    return [{"n": i + 1, "move": t, "before": "winnable", "after": "winnable", "mark": None, "better": None,
             "text": t, "better_text": None} for i, t in enumerate(source.move_texts())]


def _judged_entries(source) -> list[dict]:
    return [{"n": i + 1, "move": t, "expert": t, "cost": 0.0, "mark": None} for i, t in enumerate(source.move_texts())]


def _without(e: dict, field: str) -> dict:
    return {k: v for k, v in e.items() if k != field}


CACHE_DAMAGE = {
    "no after": ("acesup", lambda e: _without(e, "after")),
    "unknown verdict": ("acesup", lambda e: {**e, "after": "splendid"}),
    "verdict a list": ("acesup", lambda e: {**e, "before": ["winnable"], "after": ["lost"]}),
    "verdict an object": ("acesup", lambda e: {**e, "after": {"v": 1}}),
    "losing mark, better a number": ("acesup", lambda e: {**e, "after": "lost", "mark": "losing", "better": 7,
                                                          "better_text": None}),
    "another game's move": ("acesup", lambda e: {**e, "move": "pair 0 1"}),
    "cost as text": ("court", lambda e: {**e, "mark": "mistake", "cost": "lots"}),
    "mark a list": ("court", lambda e: {**e, "mark": ["mistake"]}),
    "expert missing": ("court", lambda e: _without(e, "expert")),
    "better lay not a move": ("court", lambda e: {**e, "better_play": "play ZZ"}),
    "cards missed as text": ("court", lambda e: {**e, "cards_missed": "two"}),
}


@pytest.mark.parametrize("kind", list(CACHE_DAMAGE))
def test_case2_a_damaged_review_cache_is_dropped_and_the_game_analysed_again(app, monkeypatch, kind):
    from game.review import cache, runner
    from game.review.scene import open_review

    game, damage = CACHE_DAMAGE[kind]
    source = _acesup_source() if game == "acesup" else _court_source()
    entries = (_solitaire_entries if game == "acesup" else _judged_entries)(source)
    entries[2] = damage(entries[2])
    path = cache.path_of(source.key())
    store.write_json(path, cache.FORMAT, cache.VERSION, {"game": game, "moves": entries, "summary": "A summary."})
    monkeypatch.setattr(runner, "_MEMORY", {})
    started = []
    monkeypatch.setattr(runner.Analysis, "start", lambda self: started.append(self.status))
    review = open_review(app, source)
    app.settle()
    for _ in range(len(entries)):  # every move's words and the slider's colours
        key(app, pygame.K_RIGHT)
    assert review.analysis.status != runner.DONE and started, "the damaged analysis was used"
    assert not path.exists(), "the damaged analysis was kept"


@pytest.mark.parametrize("game", ["acesup", "court"])
def test_case2_a_sound_review_cache_is_used(app, monkeypatch, game):
    from game.review import cache, runner
    from game.review.scene import open_review

    source = _acesup_source() if game == "acesup" else _court_source()
    entries = (_solitaire_entries if game == "acesup" else _judged_entries)(source)
    store.write_json(cache.path_of(source.key()), cache.FORMAT, cache.VERSION,
                     {"game": game, "moves": entries, "summary": "A summary."})
    monkeypatch.setattr(runner, "_MEMORY", {})
    review = open_review(app, source)
    app.settle()
    assert review.analysis.status == runner.DONE


# ----------------------------------------------------------------- case 7
def _keep_analyses(count: int) -> list:
    from game.acesup import rules as acesup_rules
    from game.review import runner
    from game.review.source import from_moves

    kept = []
    for n in range(1, count + 1):
        src = from_moves("acesup", acesup_rules.new_game(n), [], n)
        runner.keep(src, {"moves": [], "summary": "No moves to review.", "complete": True})
        kept.append(src)
    return kept


def test_case7_a_reviews_folder_linked_elsewhere_is_never_pruned(parlour_home, tmp_path, monkeypatch):
    from game.review import cache, runner

    monkeypatch.setattr(runner, "_MEMORY", {})
    monkeypatch.setattr(cache, "KEEP_FILES", 2)
    other = tmp_path / "elsewhere"
    other.mkdir()
    theirs = {other / f"{i:032x}.json": json.dumps({"mine": i}) for i in range(20)}
    theirs |= {other / f"notes-{i}.json": "{}" for i in range(20)}
    for path, text in theirs.items():
        path.write_text(text)
        os.utime(path, (1, 1))  # older than anything Parlour writes
    (parlour_home / "reviews").symlink_to(other, target_is_directory=True)
    _keep_analyses(4)
    assert sorted(other.iterdir()) == sorted(theirs), "a file in the linked folder was deleted or added"


def test_case7_pruning_deletes_only_parlours_own_analyses(parlour_home, monkeypatch):
    from game.review import cache, runner

    monkeypatch.setattr(runner, "_MEMORY", {})
    monkeypatch.setattr(cache, "KEEP_FILES", 2)
    reviews = parlour_home / "reviews"
    reviews.mkdir()
    foreign = {reviews / "notes.json": "{}", reviews / f"{7:032x}.json": json.dumps({"format": "someone-else"}),
               reviews / f"{8:032x}.json": "not json at all"}
    for path, text in foreign.items():
        path.write_text(text)
        os.utime(path, (1, 1))
    kept = _keep_analyses(5)
    assert all(p.exists() for p in foreign), "a file Parlour did not write was deleted"
    assert [runner.cached(s) is not None for s in kept].count(True) == 5  # this session remembers them all
    monkeypatch.setattr(runner, "_MEMORY", {})
    assert [runner.cached(s) is not None for s in kept] == [False, False, False, True, True]


def test_case7_start_up_tidying_never_follows_a_linked_folder(parlour_home, tmp_path):
    other = tmp_path / "elsewhere"
    other.mkdir()
    theirs = other / ".x.json.abcdefgh.tmp"  # a name like Parlour's temporary files, in someone else's folder
    theirs.write_text("theirs")
    os.utime(theirs, (1, 1))
    (parlour_home / "resume").symlink_to(other, target_is_directory=True)
    (parlour_home / "saves").mkdir()
    (parlour_home / "saves" / "acesup").symlink_to(other, target_is_directory=True)
    (parlour_home / "reviews").symlink_to(other, target_is_directory=True)
    store.clean_stale_temps(parlour_home)
    assert theirs.exists()


# ----------------------------------------------------------------- case 9
def test_case9_a_game_longer_than_the_limit_says_so_at_save_and_keeps_what_it_can(app, monkeypatch):
    from game.acesup import rules as acesup_rules

    monkeypatch.setattr(saved_games, "MAX_MOVES", 5)  # the limit (10,000) made small: the same code path
    scene = open_table(app, "acesup", seed=3)
    for _ in range(7):
        scene.play(next(iter(acesup_rules.legal_moves(scene.state))))
        app.settle()
    assert scene.history.cursor == 7
    key(app, pygame.K_s, CTRL)
    type_text(app, "long one")
    key(app, pygame.K_RETURN)
    box = app.stack.top
    assert isinstance(box, MessageDialog), "Save\u2026 did not say that the game was cut"
    assert "7 moves" in box.message and "first 5 moves" in box.message, box.message
    key(app, pygame.K_RETURN)
    saved = saved_games.load_game("acesup", "Aces Up", "long one")
    assert saved_games.replay(acesup_rules, saved).cursor == 5  # what was saved is read back
    assert scene.keep_for_next_time() is None
    kept = saved_games.read_resume("acesup", "Aces Up")
    assert saved_games.replay(acesup_rules, kept).cursor == 5  # and so is the kept game


# ----------------------------------------------------------------- case 8
def _impossible_acesup_start() -> dict:
    """Aces and a two on the table, the other 47 cards gone, no deals: one discard would 'win'."""
    from game.acesup import rules as acesup_rules

    start = acesup_rules.to_dict(acesup_rules.new_game(7))
    table = [["AS"], ["AH"], ["AD"], ["AC", "2C"]]
    on_table = {c for p in table for c in p}
    start.update(piles=table, stock=[], removed=[c for c in start["deck"] if c not in on_table], deals=0)
    return start


def test_case8_an_impossible_start_does_not_load_nor_count_a_win(app):
    from game.acesup import rules as acesup_rules

    data = {"start": _impossible_acesup_start(), "seed": 7, "moves": [], "cursor": 0,
            "options": {"variation": "aces_up"}, "extra": {}}
    acesup_rules.from_dict(data["start"])  # every card check of the rules passes: only the deal can tell
    saved_games.save_game("acesup", "Aces Up", "too easy", data)
    scene = open_table(app, "acesup", seed=3)
    before = acesup_rules.to_dict(scene.state)
    key(app, pygame.K_o, CTRL)
    for _ in range(3):
        key(app, pygame.K_RETURN)
        if getattr(app.stack.top, "title", "") == "Could not load":
            break
    box = app.stack.top
    assert isinstance(box, MessageDialog) and box.title == "Could not load", "the impossible start was loaded"
    assert "start" in box.message, box.message
    key(app, pygame.K_RETURN)
    assert acesup_rules.to_dict(scene.state) == before  # the game on the table is untouched


def _deals():
    """Each game's real start with choices other than the default, and the deal number it came from."""
    from game.acesup import rules as acesup
    from game.acme import rules as acme
    from game.court import rules as court
    from game.romi import rules as romi
    from game.thieves import rules as thieves

    return {"acesup": (acesup, acesup.new_game(11, variation="firing_squad"), 11),
            "thieves": (thieves, thieves.new_game(11, jokers=4), 11),
            "court": (court, court.new_game(11, follow_suit=False, round_limit=3), 11),
            "romi": (romi, romi.new_game(11, ace_after_king=True, first=1), 11),
            "acme": (acme, acme.new_game(11, roles=[3, 1, 4, 0, 2]), 11)}


def _swap_two_cards(d: dict) -> dict:
    """The same start with its first and last cards swapped (every count still right)."""
    codes = _codes(d)
    a, b = codes[0], next(c for c in reversed(codes) if c != codes[0])
    text = json.dumps(d)
    return json.loads(text.replace(f'"{a}"', '"@@"').replace(f'"{b}"', f'"{a}"').replace('"@@"', f'"{b}"'))


def _codes(value) -> list[str]:
    if isinstance(value, str):
        return [value] if len(value) == 2 and value[0] in "A23456789TJQK" and value[1] in "CDHSK" else []
    if isinstance(value, dict):
        return [c for v in value.values() for c in _codes(v)]
    if isinstance(value, list):
        return [c for v in value for c in _codes(v)]
    return []


@pytest.mark.parametrize("game", ["acesup", "thieves", "court", "romi", "acme"])
def test_case8_every_game_loads_only_the_start_its_deal_makes(game):
    rules, start, seed = _deals()[game]
    good = {"start": rules.to_dict(start), "seed": seed, "moves": [], "cursor": 0}
    assert saved_games.replay(rules, good).states[0] == start  # the real deal, with its choices, loads
    changed = {**good, "start": _swap_two_cards(rules.to_dict(start))}
    if game == "acme":  # its hands are kept in order
        changed["start"]["hands"] = [list(rules.sort_hand(tuple(h))) for h in changed["start"]["hands"]]
    rules.from_dict(changed["start"])  # a sound position for the rules…
    with pytest.raises(store.SaveError, match="start"):
        saved_games.replay(rules, changed)  # …but not this deal's
    other = ({**good, "start": {**good["start"], "seed": seed + 1}} if "seed" in good["start"]
             else {**good, "seed": seed + 1})
    with pytest.raises(store.SaveError, match="start"):
        saved_games.replay(rules, other)  # nor the cards of another deal number


# ----------------------------------------------------------------- case 12
_ANALYSING_WINDOW = r"""
import os, sys, time
sys.path.insert(0, sys.argv[1])
from game.engine import solvewatch
from tests.engine.test_review_runner import slow_count
job = solvewatch.ProgressJob(slow_count, 100000)
while job.fraction <= 0:
    time.sleep(0.05)
print(job._folder, flush=True)
time.sleep(600)
"""


def _analysing_window(env: dict) -> tuple[subprocess.Popen, Path]:
    """A real process analysing in the solver process, and its scratch folder (once progress is reported)."""
    proc = subprocess.Popen([sys.executable, "-c", _ANALYSING_WINDOW, str(ROOT)], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline().strip()
    assert line, "the analysis did not start"
    return proc, Path(line)


def test_case12_leftovers_of_a_killed_analysis_are_tidied_at_the_next_start(tmp_path, parlour_home):
    tmp = tmp_path / "tmpdir"
    tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp), "PARLOUR_SOLVER_PROCESS": "1", "PARLOUR_HOME": str(parlour_home),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    killed, killed_folder = _analysing_window(env)
    live, live_folder = _analysing_window(env)  # a second window, still analysing
    try:
        killed.kill()
        killed.wait(10)
        assert killed_folder.is_dir()  # what a SIGKILL leaves
        foreign = tmp / f"parlour-review-{killed.pid}-zzzzzzzz"  # our kind of name, but holding something else
        foreign.mkdir()
        (foreign / "notes.txt").write_text("not Parlour's")
        reviews = parlour_home / "reviews"
        reviews.mkdir()
        stale, young = reviews / f".{'a' * 32}.json.abcd1234.tmp", reviews / f".{'b' * 32}.json.efgh5678.tmp"
        for p in (stale, young):
            p.write_text("{")
        os.utime(stale, (time.time() - 3600, time.time() - 3600))
        run = subprocess.run([sys.executable, str(ROOT / "tests" / "faults" / "probe.py"), str(tmp_path / "out.json"),
                              "acesup"], env={**env, "PARLOUR_EXIT_AFTER_FIRST_FRAME": "1"}, cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr[-2000:]
        assert not killed_folder.exists(), "the killed window's scratch folder was left"
        assert live_folder.is_dir(), "the live window's scratch folder was removed"
        assert (foreign / "notes.txt").exists(), "a folder holding something else was removed"
        assert not stale.exists(), "a stale temporary file in reviews/ was left"
        assert young.exists(), "a young temporary file (another window's save in progress) was removed"
    finally:
        for proc in (killed, live):
            proc.kill()
            proc.wait(10)


def test_case1_a_data_folder_name_that_is_not_utf8_is_reported_drawably(tmp_path, monkeypatch):
    from game.engine.app import start_up_checks

    blocker = Path(os.fsdecode(os.fsencode(tmp_path) + b"/data-\xff"))
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("PARLOUR_HOME", str(blocker))
    (told,) = start_up_checks()
    assert "data-\ufffd" in told
    told.encode("utf-8")  # a message box can draw it


@pytest.mark.parametrize("game", ["acesup", "thieves", "court", "romi", "acme"])
def test_case2_what_each_analyser_writes_passes_the_check(game):
    """The check is not stricter than the analysers: a real analysis of each game is read back."""
    import random

    from game import registry
    from game.review import cache, runner
    from game.review.source import from_moves

    rules = registry.get(game).module("rules")
    start = state = rules.new_game(5)
    texts, rng = [], random.Random(1)
    while len(texts) < 6 and not rules.is_over(state):
        move = rng.choice(list(rules.legal_moves(state)))
        texts.append(str(move))
        state = rules.apply(state, move)
    result = runner.analyse(game, rules.to_dict(start), texts, 0.05)
    moves, _ = cache.check({"game": game, **result}, from_moves(game, start, texts, 5))
    assert len(moves) == len(texts)
