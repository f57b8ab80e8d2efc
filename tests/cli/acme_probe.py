"""Run the real ``main.main`` for ACME and report, at moments, what the table holds.

Used as ``python tests/cli/acme_probe.py OUT.json KEYS [main.py arguments]``: the program starts exactly as
``python main.py ...`` does.  A helper thread waits, then asks the window's own loop (a posted event) to
note the table: how many card sprites lie on it, how many moves were played, whether it waits for Deal and
what dialog is open.  For each name in KEYS (comma-separated pygame key names, e.g. ``f2``) it then posts
that key, waits and notes again; finally it closes the window (twice: a round in progress asks first).
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

WAIT_S = 2.5  # longer than a computer's pause before it gives or plays a card


def main() -> int:
    out, keys, argv = sys.argv[1], [k for k in sys.argv[2].split(",") if k], sys.argv[3:]
    import pygame

    import main as parlour
    from game.engine.app import App

    NOTE = pygame.event.custom_type()
    notes: list[dict] = []
    real_handle = App.handle_event

    def handle_event(self, event) -> None:
        if event.type != NOTE:
            real_handle(self, event)
            return
        scene = next((s for s in self.stack.scenes if hasattr(s, "history")), None)
        top = self.stack.top
        notes.append({
            "sprites": len(scene.table.sprites) if scene else -1,
            "moves": len(scene.history.moves) if scene else -1,
            "awaiting": getattr(scene, "awaiting", None),
            "dialog": None if top is scene else type(top).__name__,
            "status": scene.status.message if scene else "",
        })

    def script() -> None:
        time.sleep(WAIT_S)
        pygame.event.post(pygame.event.Event(NOTE))
        for name in keys:
            time.sleep(0.3)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0,
                                                 unicode="", scancode=0))
            time.sleep(WAIT_S)
            pygame.event.post(pygame.event.Event(NOTE))
        time.sleep(0.5)
        for _ in range(2):
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            time.sleep(0.5)

    App.handle_event = handle_event
    threading.Thread(target=script, daemon=True).start()
    code = parlour.main(argv)
    with open(out, "w", encoding="utf-8") as fh:
        json.dump({"code": code, "notes": notes}, fh)
    return code


if __name__ == "__main__":
    sys.exit(main())
