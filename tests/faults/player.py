"""A scripted player inside the real program, for the fault suite's real processes.

``python tests/faults/player.py GAME [options]`` starts Parlour exactly as ``python main.py GAME``
does (the real window, loop, scenes, files and signal handling), and plays it: once a frame, when
the table is still, nothing is thinking and no box is open, it plays a random legal move for the
human through the table (`TableScene.play`, where a click's move goes).  The computer players of
ACME, Court and Romi move by themselves.  Boxes are answered: "Resume it?" with Resume, an end of
game with New game, anything else with its default (``--decline``: "Resume it?" with New game).

After every frame in which the game changed it waits for the kept game's writer and prints one line
of JSON, ``{"moves": [...]}``: the moves kept on disk by then.  A parent that kills this process at
any moment thus knows which moves the kept game must hold at least.  Other lines: ``{"ready": true}``
once the table is up, ``{"solver": PID}`` once the solitaires' solver process runs, ``{"offered": TEXT}``
when "Resume it?" is asked, ``{"dialog": TITLE, "text": TEXT}`` for every box that opens.

Options: ``--go FILE`` waits for FILE before the first move (two windows opened together);
``--moves N`` quits (as the close box does) after N moves of its own (``--stay``: stays open,
still), ``--finish`` after a game ends; ``--pause A,B`` waits a random A..B seconds between moves;
``--card-back N`` changes the card back (and saves the settings) before playing; ``--seed S`` seeds
the choices.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import weakref

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)


def say(**line) -> None:
    print(json.dumps(line), flush=True)


class Player:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.played = 0
        self.games_over = 0
        self.next_at = 0.0
        self.reported: list[str] | None = None
        self.started = False
        self.solver_said = False
        self.quitting = False
        self.dialogs_said: weakref.WeakSet = weakref.WeakSet()

    def tick(self, app) -> None:
        from game.engine.dialogs import Dialog
        from game.engine.table import TableScene
        try:
            from saves.keeper import WRITER
        except ImportError:  # a Parlour without a kept-game writer (to show what these tests catch)
            WRITER = None

        top = app.stack.top
        if isinstance(top, Dialog) and top not in self.dialogs_said:  # every box, once (also when quitting)
            self.dialogs_said.add(top)
            say(dialog=getattr(top, "title", ""), text=getattr(top, "message", ""))
        scene = next((s for s in app.stack.scenes if isinstance(s, TableScene)), None)
        if scene is None or self.quitting:
            return
        if not self.started:
            if self.args.card_back is not None:
                app.settings.card_back = self.args.card_back
                app.save_settings()
                self.args.card_back = None
            say(ready=True)
            if self.args.go and not os.path.exists(self.args.go):
                return
            self.started = True
        self.report(scene, WRITER)
        if isinstance(top, Dialog):
            labels = getattr(top, "labels", [])
            if "New game" in labels and "Close" in labels:  # the end of a game
                self.games_over += 1
                if self.args.finish:
                    self.quit(app)
                    return
            if hasattr(top, "field"):  # a name is asked (ACME's player)
                top.field.text = "Tester"
            if "Resume" in labels:  # "Resume it?": said, so a test knows which window was offered a kept game
                say(offered=getattr(top, "message", ""))
            resume = "New game" if self.args.decline else "Resume"
            choice = resume if "Resume" in labels else "New game" if "New game" in labels else None
            if choice is None and hasattr(top, "accept_label"):
                choice = top.accept_label()
            top.close(choice or (labels[0] if labels else "OK"))
            return
        if scene.busy() or getattr(getattr(scene, "computer", None), "thinking", False):
            return
        self.solver(scene)
        if self.args.moves is not None and self.played >= self.args.moves:
            if not self.args.stay:
                self.quit(app)
            return
        if time.perf_counter() < self.next_at:
            return
        self.move(app, scene)

    def move(self, app, scene) -> None:
        rules, state = scene.rules, scene.state
        if getattr(scene, "awaiting", False):  # ACME: a player was chosen, the round waits for Deal
            scene.deal()
            return
        if rules.is_over(state):
            if self.args.finish:
                self.quit(app)
            elif scene.game == "acme":
                scene.deal()  # the next round
            return
        if rules.current_player(state) not in (0, None):
            return  # a computer's turn: it moves by itself
        moves = rules.legal_moves(state)
        if not moves:
            return
        if not scene.play(self.rng.choice(moves)):
            return
        self.played += 1
        a, b = self.args.pause
        self.next_at = time.perf_counter() + self.rng.uniform(a, b)
        if self.args.moves is not None and self.played >= self.args.moves and not self.args.stay:
            self.quit(app)

    def report(self, scene, writer) -> None:
        moves = [str(m) for m in scene.history.moves[: scene.history.cursor]]
        if moves != self.reported:
            if writer is not None:
                scene.keep_moves()
                writer.flush()
            self.reported = moves
            say(moves=moves)

    def solver(self, scene) -> None:
        if self.solver_said:
            return
        import multiprocessing

        children = multiprocessing.active_children()  # the solver process, however it was started
        if children:
            self.solver_said = True
            say(solver=children[0].pid)

    def quit(self, app) -> None:
        self.quitting = True
        app.request_quit()


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("--go")
    p.add_argument("--moves", type=int)
    p.add_argument("--finish", action="store_true")
    p.add_argument("--stay", action="store_true")
    p.add_argument("--pause", type=lambda t: tuple(float(x) for x in t.split(",")), default=(0.0, 0.05))
    p.add_argument("--card-back", type=int)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--decline", action="store_true")
    args = p.parse_args()
    import main as parlour
    from game.engine.app import App

    player = Player(args)
    real_step = App.step

    def step(self, dt: float) -> None:
        real_step(self, dt)
        player.tick(self)

    App.step = step
    App.busy = lambda self: True  # keep ticking (the player acts from the frame loop, even when all is still)
    code = parlour.main([args.game])
    say(exit=code)
    return code


if __name__ == "__main__":
    sys.exit(main())
