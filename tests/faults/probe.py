"""Run the real ``main.main`` and report what the player saw on the first frame.

Used by the fault suite as ``python tests/faults/probe.py OUT.json [main.py arguments]``:
the program starts exactly as ``python main.py ...`` does (PARLOUR_EXIT_AFTER_FIRST_FRAME=1
makes it quit after its first frame), and every text shown on that frame — the message line of
a table and every open message box — is written to OUT.json with the exit status.
"""

from __future__ import annotations

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)


def main() -> int:
    out, argv = sys.argv[1], sys.argv[2:]
    import main as parlour
    from game.engine.app import App

    seen: list[str] = []
    real_draw = App.draw

    def draw(self) -> None:
        real_draw(self)
        if self.frames_drawn == 1:
            for scene in self.stack.scenes:
                for attr in ("message", "title"):
                    text = getattr(scene, attr, None)
                    if isinstance(text, str) and text:
                        seen.append(text)
                status = getattr(scene, "status", None)
                if status is not None and getattr(status, "message", ""):
                    seen.append(status.message)
    App.draw = draw
    code = parlour.main(argv)
    with open(out, "w", encoding="utf-8") as fh:
        json.dump({"code": code, "seen": seen}, fh)
    return code


if __name__ == "__main__":
    sys.exit(main())
