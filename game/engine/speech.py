"""Speech (Options ▸ Speak): the status line and the focus ring read aloud through the platform's voice.

Every message the status line shows passes through `announce` (widgets.MessageLine.say), and the focus
ring says where it is on the status line, so a player who cannot see the table hears what changed and
where the ring stands.  A new sentence interrupts the one being spoken (a player who moves the ring
three times wants the third place, not the first).

The voice is the platform's own, driven as a separate process so nothing is frozen into the executable
and the frame loop never waits for it: a daemon thread takes the sentences said since it last spoke,
stops the voice that is talking and starts them.  Sentences said within `BURST_S` of one another (one key
press often says two things: "You kept the two of diamonds." then "The computer draws its pair.") are
spoken together; a later key press interrupts them.
- Linux: espeak-ng (or espeak), else speech-dispatcher's ``spd-say``;
- macOS: ``say`` (the system voice);
- Windows: SAPI through PowerShell's System.Speech (one long-lived process fed a line per sentence).
Where none is found, `Speaker.engine` is None: the Options item says so and play goes on silently.

Tests set ``Speaker.recorder`` to a list: sentences are appended there and no voice is started.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass

#: sentences said this close together are one utterance (what one key press caused)
BURST_S = 0.08

#: The speaker the App opened (status lines have no App at hand); None before an App exists.
CURRENT: Speaker | None = None

_WINDOWS_SCRIPT = ("Add-Type -AssemblyName System.Speech;"
                   "$s = New-Object System.Speech.Synthesis.SpeechSynthesizer;"
                   "while (($l = [Console]::In.ReadLine()) -ne $null) {"
                   " $s.SpeakAsyncCancelAll(); if ($l) { [void]$s.SpeakAsync($l) } }")


@dataclass(frozen=True)
class Engine:
    """A way to make the computer talk: ``name`` for the player, how to say one sentence."""

    name: str
    command: tuple[str, ...]
    #: one long-lived process fed a sentence per line (Windows), rather than a process per sentence
    fed: bool = False
    #: a command that silences the voice before the next sentence (speech-dispatcher queues otherwise)
    cancel: tuple[str, ...] = ()


def find_engine(platform: str = sys.platform, which=shutil.which) -> Engine | None:
    """The platform's voice, or None when no speech engine is installed."""
    if platform.startswith("win"):
        shell = which("powershell") or which("pwsh")
        return Engine("Windows speech (SAPI)", (shell, "-NoProfile", "-Command", _WINDOWS_SCRIPT), fed=True) \
            if shell else None
    if platform == "darwin":
        return Engine("the system voice", ("say",)) if which("say") else None
    # espeak-ng first: a process per utterance that stops the moment it is told (speech-dispatcher queues
    # through a daemon that can hang without a sound device); speech-dispatcher where it is the only voice
    for name in ("espeak-ng", "espeak"):
        if which(name):
            return Engine(name, (name,))
    if which("spd-say"):
        return Engine("speech-dispatcher", ("spd-say",), cancel=("spd-say", "-C"))
    return None


class Speaker:
    """Says sentences without ever blocking the caller; the newest sentence interrupts the last."""

    def __init__(self, enabled: bool = False, engine: Engine | None | bool = True) -> None:
        self.enabled = enabled
        self.last = ""
        #: a list to record sentences into instead of speaking them (tests)
        self.recorder: list[str] | None = None
        self._engine = find_engine() if engine is True else (engine or None)
        self._pending: list[str] = []
        self._closed = False
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._proc: subprocess.Popen | None = None

    @property
    def engine(self) -> Engine | None:
        return self._engine

    def say(self, sentence: str, force: bool = False) -> None:
        """Speak ``sentence`` now (interrupting), if speech is on; ``force`` repeats an identical sentence."""
        sentence = " ".join(sentence.split())
        if not sentence or not self.enabled:
            return
        if sentence == self.last and not force:
            return  # a status line set again to the same words is not news
        self.last = sentence
        if self.recorder is not None:
            self.recorder.append(sentence)
            return
        if self._engine is None:
            return
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
            self._thread.start()
        with self._wake:
            self._pending.append(sentence)
            self._wake.notify()

    def repeat(self) -> None:
        """Say the last sentence again."""
        if self.last:
            self.say(self.last, force=True)

    def close(self) -> None:
        """Stop talking and let the worker end."""
        with self._wake:
            self._closed = True
            self._wake.notify()
        if self._proc is not None:  # never spoke: nothing to stop (and no helper command to wait for)
            self._silence()

    # the worker ---------------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._pending and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
            time.sleep(BURST_S)  # let the rest of this key press's sentences arrive
            with self._wake:
                burst, self._pending = " ".join(self._pending), []
            try:
                self._speak(burst)
            except OSError:
                self._engine = None  # the voice went away: play goes on in silence
                return

    def _speak(self, sentence: str) -> None:
        engine = self._engine
        if engine is None:
            return
        if engine.fed:
            if self._proc is None or self._proc.poll() is not None:
                self._proc = subprocess.Popen(engine.command, stdin=subprocess.PIPE, text=True,
                                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            assert self._proc.stdin is not None
            self._proc.stdin.write(sentence + "\n")
            self._proc.stdin.flush()
            return
        self._silence()
        self._proc = subprocess.Popen((*engine.command, sentence), stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)

    def _silence(self) -> None:
        proc, engine = self._proc, self._engine
        if proc is not None and proc.poll() is None and not (engine and engine.fed):
            proc.terminate()
        if engine is not None and engine.cancel:
            try:
                subprocess.run(engine.cancel, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=2)
            except (OSError, subprocess.SubprocessError):
                pass


def announce(sentence: str) -> None:
    """Speak ``sentence`` through the App's speaker (the status line calls this for every message)."""
    if CURRENT is not None:
        CURRENT.say(sentence)
