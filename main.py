"""Parlour's command line: play, open a game, simulate, screenshot, bench, solve.

    python main.py                       the main menu
    python main.py GAME                  straight to that game's table
    python main.py simulate GAME --games N --seed S [--levels a,b] [--variation V] [--jokers J]
    python main.py screenshot GAME --seed S --out FILE.png [--size WxH]
    python main.py bench [GAME ...] [--frames N]
    python main.py solve GAME --seed S [--variation V | --jokers J]
    python main.py review GAME --seed S [--variation V | --jokers J] --moves "M1;M2;..."
    python main.py review FILE.json

A wrong command line prints a one-line reason and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

# pygame's banner would land in the JSON that simulate, bench and solve print (and a solver process
# inherits this): hide it before anything can import pygame
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

GAME_NAMES = ("acme", "court", "romi", "acesup", "thieves")
COMMANDS = ("simulate", "screenshot", "bench", "solve", "review")


class UsageError(Exception):
    """A wrong command line; the message is the one line the user sees."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, status 2 (via UsageError)
        raise UsageError(message)


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not '{text}'") from None
    if not (320 <= w <= 8000 and 240 <= h <= 8000):
        raise argparse.ArgumentTypeError(f"size {text} is out of range (320x240 to 8000x8000)")
    return w, h


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} must be at least 1")
    return n


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None


def _game_options(args: argparse.Namespace, game: str) -> dict:
    opts: dict = {}
    if getattr(args, "variation", None) is not None:
        if game != "acesup":
            raise UsageError("--variation is only for acesup")
        opts["variation"] = args.variation
    if getattr(args, "jokers", None) is not None:
        if game != "thieves":
            raise UsageError("--jokers is only for thieves")
        opts["jokers"] = args.jokers
    return opts


def parse(argv: list[str]) -> argparse.Namespace:
    if not argv:
        return argparse.Namespace(command="play", game=None)
    head = argv[0]
    if head in GAME_NAMES:
        if len(argv) > 1:
            raise UsageError(f"unexpected argument after {head}: {argv[1]}")
        return argparse.Namespace(command="play", game=head)
    if head in ("-h", "--help"):
        print(__doc__.strip())
        raise SystemExit(0)
    if head not in COMMANDS:
        raise UsageError(f"unknown game or command '{head}' (games: {', '.join(GAME_NAMES)}; "
                         f"commands: {', '.join(COMMANDS)})")
    p = _Parser(prog=f"main.py {head}", add_help=False)
    if head == "review" and len(argv) > 1 and argv[1] not in GAME_NAMES and not argv[1].startswith("-"):
        if len(argv) > 2:
            raise UsageError(f"unexpected argument after {argv[1]}: {argv[2]}")
        return argparse.Namespace(command="review", file=argv[1], game=None)
    if head in ("simulate", "screenshot", "solve", "review"):
        p.add_argument("game", choices=GAME_NAMES)
    if head == "simulate":
        p.add_argument("--games", type=_positive, default=100)
        p.add_argument("--seed", type=_int, default=1)
        p.add_argument("--levels", default=None)
        p.add_argument("--variation", default=None)
        p.add_argument("--jokers", type=_int, default=None)
    elif head == "screenshot":
        p.add_argument("--seed", type=_int, required=True)
        p.add_argument("--out", required=True)
        p.add_argument("--size", type=_size, default=(1280, 800))
    elif head == "bench":
        p.add_argument("only", nargs="*", metavar="GAME")
        p.add_argument("--frames", type=_positive, default=240)
        p.add_argument("--size", type=_size, default=(1280, 800))
    elif head == "solve":
        p.add_argument("--seed", type=_int, required=True)
        p.add_argument("--variation", default=None)
        p.add_argument("--jokers", type=_int, default=None)
        p.add_argument("--nodes", type=_positive, default=2_000_000)
    elif head == "review":
        p.add_argument("--seed", type=_int, required=True)
        p.add_argument("--variation", default=None)
        p.add_argument("--jokers", type=_int, default=None)
        p.add_argument("--moves", required=True)
    args = p.parse_args(argv[1:])
    for name in getattr(args, "only", []):
        if name not in GAME_NAMES:
            raise UsageError(f"unknown game '{name}' (games: {', '.join(GAME_NAMES)})")
    args.command = head
    return args


def cmd_simulate(args: argparse.Namespace) -> int:
    from game import registry

    info = registry.get(args.game)
    if not info.has("simulate"):
        raise UsageError(f"{args.game} has no simulator yet")
    levels = [s.strip() for s in args.levels.split(",")] if args.levels else None
    if levels is not None and not all(levels):
        raise UsageError("--levels needs names separated by commas, e.g. expert,random")
    try:
        result = info.module("simulate").run(args.games, args.seed, levels, _game_options(args, args.game))
    except ValueError as err:
        raise UsageError(str(err).splitlines()[0] if str(err) else "bad simulation options") from None
    print(json.dumps(result))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    from game import registry

    info = registry.get(args.game)
    if not info.has("solver"):
        raise UsageError(f"{args.game} has no solver (solitaires only: acesup, thieves)")
    opts = _game_options(args, args.game)
    try:
        state = info.module("rules").new_game(args.seed, **opts)
    except ValueError as err:
        raise UsageError(str(err)) from None
    from game.engine.solvewatch import in_process

    # through the solver process, as the table's light does: this command is also how a frozen build's
    # solver process is checked (tests/release)
    res = in_process(info.module("solver").solve)(state, node_budget=args.nodes)
    print(json.dumps({"winnable": res.winnable, "nodes": res.nodes, "ms": round(res.ms, 1)}))
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from game.review.cli import review_json
    from game.review.source import ReviewInputError, from_command, from_file

    try:
        if args.game is None:
            source = from_file(args.file)
        else:
            source = from_command(args.game, args.seed, _game_options(args, args.game), args.moves)
    except ReviewInputError as err:
        raise UsageError(str(err).splitlines()[0] if str(err) else "cannot review that") from None
    print(json.dumps(review_json(source)))
    return 0


def cmd_screenshot(args: argparse.Namespace) -> int:
    _headless()
    from game import registry

    info = registry.get(args.game)
    if not info.playable:
        raise UsageError(f"{args.game} has no table yet")
    import pygame

    from game.engine.app import App
    from saves.settings import Settings

    app = App(size=args.size, settings=Settings(window=args.size))
    app.replace(registry.make_scene(app, args.game, seed=args.seed, resume=False))
    app.settle()
    out = os.path.abspath(args.out)
    try:
        os.makedirs(os.path.dirname(out), exist_ok=True)
        pygame.image.save(app.window, out)
    except (OSError, pygame.error) as err:
        print(f"main.py screenshot: cannot write {args.out}: {err}", file=sys.stderr)
        return 1
    app.close()
    print(out)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    _headless()
    from game.engine.bench import run_bench

    print(json.dumps(run_bench(frames=args.frames, size=args.size, only=args.only or None)))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game import registry

    if args.game is not None and not registry.get(args.game).playable:
        raise UsageError(f"{args.game} is coming soon and cannot be played yet")
    from game.engine.app import App

    app = App()  # the window is on screen from here: the menu's and tables' modules load after it
    app.close_on_signals()
    if args.game is None:
        from game.mainmenu import MainMenu

        app.replace(MainMenu(app))
    else:
        from game.mainmenu import remember_last_game

        remember_last_game(app, args.game)
        app.replace(registry.make_scene(app, args.game))
    app.follow_screen_reader()  # speech from the first frame when the system's screen reader runs
    app.run()
    app.close()
    solver = sys.modules.get("game.engine.solvewatch")
    if solver is not None:
        solver.shutdown()  # at most about a second, even for a solver someone stopped
    return 0


def _prog() -> str:
    """'main.py' from source, 'parlour' for the packaged executable."""
    return os.path.basename(sys.argv[0]) or "main.py"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        args = parse(argv)
        handler = {"play": cmd_play, "simulate": cmd_simulate, "screenshot": cmd_screenshot,
                   "bench": cmd_bench, "solve": cmd_solve, "review": cmd_review}[args.command]
        return handler(args)
    except UsageError as err:
        print(f"{_prog()}: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # the solver process of a frozen build starts here, not a second game
    from game.engine.launcher import follow_launcher

    follow_launcher()  # the one-file build on Linux: the game ends, kept, with its launcher (even a SIGKILLed one)
    sys.exit(main())
