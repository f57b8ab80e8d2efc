"""Dev tool: a keyboard-only game of Aces Up with Options ▸ Speak on, recorded — every sentence the player
would hear, as a text log, and (when espeak-ng is installed) as one WAV file.

    python tools/speech_recording.py OUTDIR

The game is the first deal the solver wins (the one tests/scenes/test_speech.py plays); keys are posted
exactly as in that test, so the log is what a blind player hears from the first key to the end box.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PARLOUR_HOME", tempfile.mkdtemp(prefix="parlour-speech-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.keyboard.keys import play_aces_up  # noqa: E402
from tests.keyboard.test_acesup_keyboard import winnable_deal  # noqa: E402
from tests.scenes.helpers import make_app, open_table  # noqa: E402
from tests.scenes.test_speech import speak_on_by_keys  # noqa: E402


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    seed, line = winnable_deal()
    app = make_app(animation="off")
    scene = open_table(app, "acesup", seed=seed)
    spoken = speak_on_by_keys(app, scene)
    marks = [(0, "Speech switched on with F10, the arrows and Enter")]
    for move in line:
        marks.append((len(spoken), f"move: {move}"))
        play_aces_up(app, scene, move)
    log = out / "acesup-speech.txt"
    lines = [f"Aces Up, deal {seed}, played with the keys alone; {len(spoken)} sentences spoken."]
    at = dict(marks)
    for n, sentence in enumerate(spoken):
        if n in at:
            lines.append(f"-- {at[n]}")
        lines.append(sentence)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{log}: {len(spoken)} sentences")
    voice = shutil.which("espeak-ng")
    if voice:
        wav = out / "acesup-speech.wav"
        text = out / "acesup-speech-only.txt"
        text.write_text("\n".join(spoken) + "\n", encoding="utf-8")
        subprocess.run([voice, "-s", "190", "-w", str(wav), "-f", str(text)], check=True)
        print(f"{wav}: {wav.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "speech-recording")))
