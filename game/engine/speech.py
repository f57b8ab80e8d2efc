"""Speech (Options ▸ Speak, F12 on every screen): what the status line says, the focus ring, the menus and
the boxes, read aloud through the player's own voice.

Every message the status line shows passes through `announce` (widgets.MessageLine.say), so a player who
cannot see the table hears what changed and where the ring stands.

**Queued, not cut.**  Game events (a computer's play, a round's result) are queued and each is said whole
before the next; only the player's own key press interrupts (as a screen reader does): the App calls
`Speaker.key_pressed` before it hands a key on, and the first sentence that key causes stops the voice and
empties the queue (what was dropped stays in the history).  A queue that grows past `MAX_QUEUE` is
summarised in words ("3 earlier messages skipped: F7 steps back through them"), never dropped silently.
Computer seats wait for the sentence about their last play (`Speaker.busy`, with a beat after it), so a
blind player hears every play; what the player's own keys asked for (F8, a hint) never holds them, and the
wait is bounded by each sentence's own time limit, so the window and the game never freeze on a voice
that hangs or a player who keeps asking.

**History.**  The last `HISTORY` sentences are kept; F7 steps back through them, Shift+F7 forward, F9 says
the last again.  A sentence identical to the one before is not said twice by accident (``force`` repeats).

**One voice process at a time** (issue 35 case 5).  The worker thread starts a voice only after the last
one has ended or been stopped — SIGTERM, then SIGKILL after `GRACE_S`, then reaped — and every helper call
(``spd-say -C``) is time-bound; `close` stops the voice and waits for the worker at exit.

**Which voice.**  The player's own where there is one, the platform's otherwise:
- Linux: speech-dispatcher's ``spd-say -w`` (Orca's own voice, and the rate the player set there at
  Normal), else espeak-ng / espeak;
- Windows: NVDA through its controller DLL (``nvdaControllerClient64.dll`` beside the executable) when NVDA
  runs, else SAPI through PowerShell's System.Speech (one long-lived process fed a line per sentence);
- macOS: ``say`` (VoiceOver's system voice).
Where none is found, `Speaker.engine` is None: the Options item says so and play goes on silently.
Options ▸ Speech rate (Slow, Normal, Fast) is passed to each engine in its own terms (`Engine.rates`).

**accessible-output2, evaluated and not used** (November 2026).  It installs from PyPI here (0.17, 2022,
pure Python plus bundled Windows DLLs) but needs ``libloader`` and ``platform_utils`` everywhere, pywin32 on
Windows and ``appscript`` (unmaintained) on macOS; on Linux it speaks only through the ``speechd`` Python
binding, which is a distribution package (python3-speechd), not on PyPI, so a PyInstaller build cannot
freeze it; its DLLs are found through ``platform_utils.paths.module_path`` and must be collected by hand as
data files; and it gives no reliable "finished speaking" signal, which the queue and the computer's wait
need.  Parlour keeps the approach (the screen reader's own API first, a plain voice as fallback) and drives
the same three NVDA controller calls through ctypes itself, with the voices as separate processes so
nothing else is frozen into the executable.

**Screen reader running?**  `screen_reader_running` (GNOME's screen-reader setting through gsettings,
time-bound, or an ``orca`` process; SPI_GETSCREENREADER on Windows; VoiceOver's defaults key on macOS)
turns speech on from the first frame, unless the player turned it off (settings ``speak_auto``).

Tests set ``Speaker.recorder`` to a list: sentences are appended there and no voice is started.
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

#: sentences said this close together are one utterance (what one key press caused)
BURST_S = 0.08
#: sentences kept for F7 / Shift+F7
HISTORY = 50
#: sentences waiting beyond this are summarised (the newest are kept)
MAX_QUEUE = 8  # (4 cut the player's own last play at a round's end, round 13 by ear)
#: how long a voice told to stop (SIGTERM) may take before it is killed
GRACE_S = 0.5
#: the longest any helper call (``spd-say -C``, gsettings, defaults) may take
CALL_S = 1.0
#: lines remembered for a status line that grows (Speaker._added)
HEARD = 6
#: words shown short, said in full (round 10, by ear: "Vice Pres." was read as written)
SPOKEN_FORMS = ((re.compile(r"\bVice Pres\.(?=\s*$)"), "Vice President."),
                (re.compile(r"\bVice Pres\."), "Vice President"),
                # a menu path or key list ("Options > Speak", "Court ▸ Player…") is said "Options, Speak"
                (re.compile(r"\s+[>\u25b8]\s+"), ", "),
                # a Court Rule Cue Card's number ("4.2241 — the ace of spades switches the totals") is for the
                # eye, matching the card in Help: by ear it was "four point two two four one dash" before the
                # words that say what happened (round 14, by ear)
                (re.compile(r"\b4(?:\.\d+)+ \u2014 "), ""))


def spoken_form(sentence: str) -> str:
    """``sentence`` as the voice should say it: abbreviations shown short said in full, menu paths with
    commas, Court's rule numbers left to the eye (`SPOKEN_FORMS`)."""
    for pattern, words in SPOKEN_FORMS:
        sentence = pattern.sub(words, sentence)
    return sentence


#: the pause after a sentence before a computer seat plays again ("a beat per sentence")
BEAT_S = 0.25
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def join_burst(parts: list[str]) -> str:
    """The sentences of one utterance joined, each said once: a sentence an earlier part holds that a later
    part says again is left out of the earlier one (the later keeps its context). Aces Up's end said "No more
    moves. Final score: -12." on the status line and again in the end box read after it; Romi's "Your turn…"
    came again after "The computer drew a card."."""
    split = [[x for x in _SENTENCE_END.split(p) if x] for p in parts]
    later: set[str] = set()
    kept: list[list[str]] = []
    for sentences in reversed(split):
        kept.append([x for x in sentences if x not in later])
        later.update(sentences)
    said = [" ".join(sentences) for sentences in reversed(kept) if sentences]
    # a part with no end mark (the ring's "Finish round button") gets a full stop: run into the news after it,
    # "Finish round button Carmen passed." was heard as one sentence (round 12, by ear)
    return " ".join(p if i == len(said) - 1 or p.endswith((".", "!", "?", ":", ";", ",", "\u2026")) else p + "."
                    for i, p in enumerate(said))


@dataclass
class Utterance:
    """Words queued to be said.  Parts queued in one burst are said as one utterance (what one key press
    caused), except an ``alone`` part: a typed letter's echo or a box's words that opened (round 12, by ear:
    "n d 154 points … Your name: Blind" and "…New game has focus… the edit box has focus" were each heard as
    one sentence), said on its own, after what was queued before it and before what comes after."""

    text: str
    alone: bool = False
    #: about the game's own events (a play, a turn's result), not words the player's key asked for: only
    #: news holds a computer seat (`Speaker.busy`)
    news: bool = True
    #: a typed letter's echo: a key's sentence that cuts other speech lets it be said first (round 12, by ear:
    #: the last letter typed before Enter was never heard)
    echo: bool = False


#: Options ▸ Speech rate
RATES = ("slow", "normal", "fast")
RATE_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast"}
#: words a minute each rate stands for (bounds how long a sentence may take)
_WPM = {"slow": 120, "normal": 175, "fast": 250}

#: The speaker the App opened (status lines have no App at hand); None before an App exists.
CURRENT: Speaker | None = None


def _windows_script(rate: int) -> str:
    """SAPI, a sentence per line, "." written back when it has been said (the queue's signal)."""
    return ("Add-Type -AssemblyName System.Speech;"
            "$s = New-Object System.Speech.Synthesis.SpeechSynthesizer;"
            f"$s.Rate = {rate};"
            "while (($l = [Console]::In.ReadLine()) -ne $null) {"
            " if ($l) { $s.Speak($l) }; [Console]::Out.WriteLine('.'); [Console]::Out.Flush() }")


@dataclass(frozen=True)
class Engine:
    """A way to make the computer talk: ``name`` for the player, how to say one sentence."""

    name: str
    command: tuple[str, ...]
    #: one long-lived process fed a sentence per line, answering a line when it is said (Windows SAPI)
    fed: bool = False
    #: a command that silences the voice when the player interrupts (speech-dispatcher speaks on otherwise)
    cancel: tuple[str, ...] = ()
    #: extra arguments for Slow, Normal and Fast (for a fed engine: its whole command at that rate)
    rates: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = ((), (), ())

    def argv(self, rate: str) -> tuple[str, ...]:
        """The command at ``rate`` (without the sentence)."""
        extra = self.rates[RATES.index(rate) if rate in RATES else 1]
        if self.fed:
            return extra or self.command
        return (*self.command, *extra)


class NvdaVoice:
    """NVDA's own speech through its controller DLL (what accessible-output2 wraps): speak, cancel, and
    whether NVDA is running.  NVDA queues nothing for us to wait on, so a sentence's time is estimated."""

    name = "NVDA"

    def __init__(self, dll) -> None:
        self.dll = dll

    @classmethod
    def load(cls, folders: list[Path]) -> NvdaVoice | None:
        """The DLL from the first folder that has it, if NVDA is running; else None."""
        import ctypes

        name = "nvdaControllerClient64.dll" if sys.maxsize > 2 ** 32 else "nvdaControllerClient32.dll"
        for folder in folders:
            path = folder / name
            if path.is_file():
                try:
                    dll = ctypes.windll.LoadLibrary(str(path))  # type: ignore[attr-defined]
                except (AttributeError, OSError):
                    return None
                voice = cls(dll)
                return voice if voice.running() else None
        return None

    def running(self) -> bool:
        return self.dll.nvdaController_testIfRunning() == 0

    def speak(self, sentence: str) -> None:
        self.dll.nvdaController_speakText(sentence)

    def silence(self) -> None:
        self.dll.nvdaController_cancelSpeech()


def find_engine(platform: str = sys.platform, which=shutil.which) -> Engine | None:
    """The platform's voice, or None when no speech engine is installed."""
    if platform.startswith("win"):
        shell = which("powershell") or which("pwsh")
        if not shell:
            return None
        head = (shell, "-NoProfile", "-Command")
        return Engine("Windows speech (SAPI)", (*head, _windows_script(0)), fed=True,
                      rates=((*head, _windows_script(-3)), (), (*head, _windows_script(4))))
    if platform == "darwin":
        return Engine("the system voice", ("say",), rates=(("-r", "140"), (), ("-r", "260"))) \
            if which("say") else None
    # speech-dispatcher first: it is the desktop's voice (Orca speaks through it, with the player's voice
    # and rate); -w waits until the sentence is said, so the queue knows when to go on
    if which("spd-say"):
        return Engine("speech-dispatcher", ("spd-say", "-w"), cancel=("spd-say", "-C"),
                      rates=(("-r", "-40"), (), ("-r", "50")))
    for name in ("espeak-ng", "espeak"):
        if which(name):
            return Engine(name, (name,), rates=(("-s", "130"), (), ("-s", "240")))
    return None


def screen_reader_running(platform: str = sys.platform, run: Callable[..., subprocess.CompletedProcess] | None = None,
                          proc: Path = Path("/proc")) -> bool:
    """True when the system's screen reader is on, so Parlour speaks from its first frame.  Every outside
    call is time-bound (`CALL_S`); anything that fails counts as "not running"."""
    run = run or subprocess.run

    def ask(*argv: str) -> str:
        try:
            return run(argv, capture_output=True, text=True, timeout=CALL_S).stdout.strip()
        except (OSError, subprocess.SubprocessError, ValueError):
            return ""

    if platform.startswith("win"):
        try:
            import ctypes

            on = ctypes.c_int(0)
            ctypes.windll.user32.SystemParametersInfoW(0x0046, 0, ctypes.byref(on), 0)  # SPI_GETSCREENREADER
            return bool(on.value)
        except (AttributeError, OSError):
            return False
    if platform == "darwin":
        return ask("defaults", "read", "com.apple.universalaccess", "voiceOverOnOffKey") == "1"
    try:  # an orca process (any desktop), read from /proc without starting anything
        for entry in proc.iterdir():
            if entry.name.isdigit():
                try:
                    if (entry / "comm").read_text().strip() == "orca":
                        return True
                except OSError:
                    continue
    except OSError:
        pass
    if shutil.which("gsettings") or run is not subprocess.run:
        return ask("gsettings", "get", "org.gnome.desktop.a11y.applications", "screen-reader-enabled") == "true"
    return False


def stop_process(proc: subprocess.Popen | None, grace_s: float = GRACE_S) -> None:
    """End ``proc`` for certain: SIGTERM, SIGKILL if it has not gone after ``grace_s``, then reap it (a
    wedged audio backend ignores SIGTERM; a process not waited for stays a zombie)."""
    if proc is None:
        return
    if proc.poll() is None:
        try:
            proc.terminate()
            proc.wait(timeout=grace_s)
        except subprocess.TimeoutExpired:
            try:
                proc.kill()
            except OSError:
                pass
        except OSError:
            pass
    try:
        proc.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        pass
    for pipe in (proc.stdin, proc.stdout):
        if pipe is not None:
            try:
                pipe.close()
            except OSError:
                pass


def run_bounded(argv: tuple[str, ...], limit_s: float = CALL_S) -> None:
    """Run a helper command for at most ``limit_s`` (then stopped and reaped like a voice)."""
    try:
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                stdin=subprocess.DEVNULL, **_own_group())
    except OSError:
        return
    try:
        proc.wait(timeout=limit_s)
    except subprocess.TimeoutExpired:
        stop_process(proc)


def _own_group() -> dict:
    """Voices start in their own session on POSIX, so a terminal's Ctrl+C goes to Parlour, which stops
    them itself (and a signal meant for the voice never reaches Parlour)."""
    return {"start_new_session": True} if os.name == "posix" else {}


def seconds_for(sentence: str, rate: str = "normal") -> float:
    """The most a sentence may take to say: its words at a slow reading of ``rate``, plus start-up."""
    words = max(1, len(sentence.split()))
    return 3.0 + 2.0 * words * 60.0 / _WPM.get(rate, 175)


class Speaker:
    """Says sentences without ever blocking the caller: queued and said whole, cut only by a key press."""

    def __init__(self, enabled: bool = False, engine: Engine | NvdaVoice | None | bool = True,
                 rate: str = "normal") -> None:
        self.enabled = enabled
        self.rate = rate
        self.last = ""
        #: a list to record sentences into instead of speaking them (tests)
        self.recorder: list[str] | None = None
        #: the last `HISTORY` sentences said, oldest first (F7 / Shift+F7)
        self.history: deque[str] = deque(maxlen=HISTORY)
        #: sentences taken to be said since the start (the history stops growing at `HISTORY`)
        self.said_count = 0
        self._cursor: int | None = None  # where F7 stands in the history (None: past the newest)
        self._engine = player_voice() if engine is True else (engine or None)
        self._queue: deque[Utterance] = deque()
        #: news a key press's cut took from the queue before it was begun: queued again after that key's words
        self._held: list[Utterance] = []
        self._skipped = 0  # sentences summarised away since the voice last caught up
        self._speaking = False
        self._cut = False
        self._player_key = False
        self._answer_due = False  # the player's last key asked for words that come later (expect_answer)
        self._echo_last = False  # the last sentence sent was a typed character's echo
        self._quiet_at = 0.0
        self._asking = False  # a key press is being handled: what it causes is the player's, not game news
        self._speaking_news = self._quiet_news = False
        self._speaking_echo = False  # what the voice says now is a typed letter's echo (never cut)
        self._speaking_text = ""  # the parts being said now (`cover`)
        self._news_until = 0.0  # the computer waits for the news no later than this (monotonic)
        self._tail_echo = False  # the newest sentence queued is a typing echo (the next letter joins it)
        #: lines sent since the voice was last cut (said, being said or queued): a line that grows from one of
        #: them says only what it added (`_added`)
        self._heard: deque[str] = deque(maxlen=HEARD)
        self._closed = False
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._proc: subprocess.Popen | None = None
        self._said = threading.Event()  # a fed engine's "said" answer

    @property
    def engine(self) -> Engine | NvdaVoice | None:
        return self._engine

    # the frame loop's side ---------------------------------------------------------------------
    def key_pressed(self, on: bool = True) -> None:
        """The player pressed a key: the first sentence it causes interrupts the voice (``on=False`` when
        the App has handed the key on, so a later computer sentence queues as usual)."""
        self._player_key = self._asking = on
        if on:
            self._answer_due = False  # a new key: what an earlier one asked for is no longer its answer
        else:
            with self._wake:
                self._release_held()

    def expect_answer(self) -> None:
        """The key being handled asks for words that come later (Forty Thieves' hint, thought out in a worker
        thread): the first sentence said next is that key's answer and interrupts as the key's own sentence
        would.  Without it a hint asked for during a long F8 reading was shown but queued behind the reading."""
        self._answer_due = True

    def say(self, sentence: str, force: bool = False, interrupt: bool = False, echo: bool = False,
            alone: bool = False) -> None:
        """Queue ``sentence`` (said whole, after what is queued), if speech is on; ``force`` repeats an
        identical sentence; ``interrupt`` (or a key press just made) stops the voice and empties the queue.

        ``echo``: a typed character said back.  Like a screen reader's typing echo it cuts any other speech,
        but never the echo before it: each letter typed at a normal pace is said whole (each cut the one
        before it off, one voice process per letter being slower than typing), and letters typed while one
        is said are said together next ("n n"), so the voice never falls more than one breath behind.  An echo
        is its own utterance, never joined to another sentence.

        ``alone``: said as its own utterance (a box that opened), queued after the earlier ones, never joined
        to them nor they to it (`Utterance`)."""
        sentence = spoken_form(" ".join(sentence.split()))
        if not sentence or not self.enabled:
            return
        if sentence == self.last and not force and not self._player_key:
            return  # a status line set again to the same words is not news (unless the player asked again)
        self.last = sentence
        self.history.append(sentence)
        self.said_count += 1
        self._cursor = None
        cut = interrupt or self._player_key or self._answer_due
        if echo and self._echo_last and not interrupt:
            cut = False  # a letter never cuts the letter before it
        self._player_key = self._answer_due = False
        self._echo_last = echo
        # a status line that grew ("The computer drew a card." then "… Your turn: …") says only what it added,
        # unless the player's key cut the voice (then the whole line is news again)
        said = sentence if cut or force or echo else self._added(sentence)
        if cut:
            self._heard.clear()
        if not echo:
            self._heard.append(sentence)
        if said:
            self._send(said, cut, echo, alone, news=not (self._asking or echo), keep_news=not interrupt)

    def _added(self, sentence: str) -> str:
        """What ``sentence`` adds to the lines heard since the last cut.  A line that grew from one of them says
        only what it added ("The computer drew a card." then "The computer drew a card. Your turn: …"), also
        when the lines said between the two are its own later part (Romi said "Your turn: …" on its own, then
        the grown line: the first words came twice, the first line still being said).  A line heard longer ago,
        with other news after it, is no base: the whole line is said.  Growth is counted at a sentence's end."""
        heard = list(self._heard)
        for i in range(len(heard) - 1, -1, -1):
            base = heard[i]
            if base[-1:] not in ".!?:\u2026" or not sentence.startswith(base + " "):
                continue
            rest = sentence[len(base):].strip()
            for later in heard[i + 1:]:  # said since the base: the line's own later part, said once already
                if rest == later or rest.startswith(later + " "):
                    rest = rest[len(later):].strip()
                elif later not in rest:
                    return sentence  # other news came between: the grown line is said whole
            return rest
        return self._unheard(sentence, heard)

    @staticmethod
    def _unheard(sentence: str, heard: list[str]) -> str:
        """``sentence`` without the sentences in it that were heard since the last cut, when something new is
        left.  Romi re-said a line with a notice before it ("Romi found no play for you and drew a card. The
        computer drew a card. Your turn: …" after both were said on their own): each event is said once, so
        only "Your turn: …" is news.  A line of nothing but heard sentences is said whole (asked again).

        Only the lines just heard count, back to the first that shares nothing with this one: an event heard
        longer ago with other news since is a new event when it comes again (round 15, ACME: "Bob passed.
        Carol takes the trick…" was said as "Carol takes the trick…", Bob's pass in an earlier trick heard)."""
        parts = _SENTENCE_END.split(sentence)
        said: set[str] = set()
        for line in reversed(heard):
            shared = {part for part in _SENTENCE_END.split(line) if part in parts}
            if not shared:
                break
            said |= shared
        new = [part for part in parts if part not in said]
        return " ".join(new) if new and len(new) < len(parts) else sentence

    def _send(self, sentence: str, cut: bool, echo: bool = False, alone: bool = False, news: bool = True,
              keep_news: bool = False) -> None:
        """Queue ``sentence``; ``cut`` stops the voice and empties the queue, but for a letter's echo and, with
        ``keep_news`` (a key press's cut, not a screen change's), the game's news not yet begun: a key pressed
        during one sentence dropped the computer's move and the game's result queued after it, never said
        (round 13, by ear: "The computer led the king of hearts…", Aces Up's end box)."""
        if self.recorder is not None:
            self.recorder.append(sentence)
            return
        if self._engine is None:
            return
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
            self._thread.start()
            atexit.register(self.close)  # a window that dies of an error still stops its voice
        with self._wake:
            # what was queued goes, but a letter's echo (typed just before this key) is said first, and one being
            # said is never cut: the Enter that closes a name box cut the last letter, never heard (round 12-13)
            if cut:
                echoes = [u for u in self._queue if u.echo]
                if keep_news:  # said after this key's own words, each on its own (a key may cut it in turn)
                    self._held += [replace(u, alone=True) for u in self._queue if not u.echo and (u.news or u.alone)]
                else:
                    self._held.clear()
                self._queue.clear()
                self._queue.extend(echoes)
                self._skipped = 0
                self._cut = self._speaking and not self._speaking_echo
            if echo and self._queue and self._tail_echo:
                self._queue[-1].text += " " + sentence  # letters typed while one is said: said together next
                self._wake.notify_all()
                return
            self._tail_echo = echo
            if self._queue and not alone and not echo and not self._queue[-1].alone and \
                    sentence.startswith(self._queue[-1].text):
                self._queue.pop()  # the status line grew ("You played 3 cards." then "… The computer is
                # thinking"): said once, not "You played 3 cards. You played 3 cards. The computer…"
            self._queue.append(Utterance(sentence, alone or echo, news, echo))
            if news:  # the computer waits for it at most as long as it may take to say (`busy`)
                self._news_until = max(self._news_until, time.monotonic() + seconds_for(sentence, self.rate))
            if not self._asking:
                self._release_held()
            while len(self._queue) > MAX_QUEUE:
                self._queue.popleft()
                self._skipped += 1
            self._wake.notify_all()

    def _release_held(self) -> None:
        """The news a key's cut held back goes on after that key's own words (the lock held)."""
        if self._held:
            self._queue.extend(self._held)
            self._held.clear()
            self._wake.notify_all()

    def withdraw(self, sentence: str) -> None:
        """A box closed before its words were begun: they are not said late (`Dialog.on_exit`)."""
        text = spoken_form(" ".join(sentence.split()))
        with self._wake:
            for q in (self._queue, self._held):
                kept = [u for u in q if u.echo or u.text != text]
                if len(kept) != len(q):
                    q.clear()
                    q.extend(kept)

    def cover(self, below: str, sentence: str) -> None:
        """Say ``sentence`` (a box opened at once over another) in place of ``below`` (that box's words): the
        box under it is said whole when it is back on top, so its words go, and are cut if being said; the
        news queued before them (the move that ended the game) is said first, never cut (by ear, round 15:
        Forty Thieves' last card turned and its end were never heard before "New high score!")."""
        text = spoken_form(" ".join(below.split()))
        with self._wake:
            being_said = self._speaking and text in self._speaking_text
        if being_said:
            self.say(sentence, force=True, interrupt=True)
            return
        self.withdraw(below)
        self.say(sentence, force=True, alone=True)

    def repeat(self) -> None:
        """Say the last sentence again (F9), interrupting."""
        if self.last:
            self.say(self.last, force=True, interrupt=True)

    def step(self, back: bool) -> None:
        """F7 / Shift+F7: say the sentence before / after the one last stepped to (not kept in the history
        itself, so stepping never changes what it steps through)."""
        if not self.enabled or not self.history:
            return
        newest = len(self.history) - 1
        at = newest + 1 if self._cursor is None else self._cursor
        at = max(0, at - 1) if back else min(newest, at + 1)
        edge = ""
        if back and at == 0 and self._cursor == 0:
            edge = "Oldest message. "
        elif not back and at == newest and self._cursor == newest:
            edge = "Newest message. "
        self._cursor = at
        self._send(f"{edge}{at + 1} of {newest + 1}: {self.history[at]}", cut=True, keep_news=True)

    def busy(self) -> bool:
        """True while a sentence about the game's events is queued or being said, and for a beat after: a
        computer seat waits for it before playing again.  What the player's own keys asked for (a hint, F8,
        the history) never holds it — Ctrl+H every 1.5 s once held Court's computer for 6.5 minutes (round
        12) — and no news holds it longer than it may take to say (`seconds_for`), even queued behind a long
        reading.  Never true without a voice (or with a recorder), so nothing ever waits on silence."""
        if not self.enabled or self._engine is None or self.recorder is not None:
            return False
        now = time.monotonic()
        with self._wake:
            if now >= self._news_until:
                return False
            if self._speaking_news or any(u.news for u in self._queue):
                return True
        return now - self._quiet_at < BEAT_S and self._quiet_news

    def close(self) -> None:
        """Stop talking, stop the voice process and let the worker end (at exit; again is harmless)."""
        with self._wake:
            if self._closed:
                return
            self._closed = True
            self._cut = True
            self._queue.clear()
            self._wake.notify_all()
        thread = self._thread
        if thread is not None:
            thread.join(timeout=GRACE_S * 2 + CALL_S + 0.5)
        stop_process(self._proc)  # whatever the worker could not stop in time
        engine = self._engine
        if thread is not None and isinstance(engine, Engine) and engine.cancel:
            run_bounded(engine.cancel)
        if isinstance(engine, NvdaVoice):
            engine.silence()

    # the worker ---------------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._queue and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
            time.sleep(BURST_S)  # let the rest of this key press's sentences arrive
            with self._wake:
                if self._closed:
                    return
                if not self._queue:
                    continue
                skipped = (f"{self._skipped} earlier message{'s' if self._skipped > 1 else ''} skipped: F7 "
                           "steps back through them.") if self._skipped else ""
                self._skipped = 0
                # the summary leads the next utterance, or is said by itself before one said alone
                taken = [] if skipped and self._queue[0].alone else self._next_utterance()
                parts = [x for x in [skipped, *(u.text for u in taken)] if x]
                self._cut = False
                self._speaking = True
                self._speaking_text = " ".join(u.text for u in taken)
                self._speaking_news = bool(skipped) or any(u.news for u in taken)
                self._speaking_echo = bool(taken) and not skipped and all(u.echo for u in taken)
            try:
                self._speak(join_burst(parts))
            except OSError:
                self._engine = None  # the voice went away: play goes on in silence
                return
            finally:
                with self._wake:
                    self._speaking = self._speaking_echo = False
                    self._speaking_text = ""
                    self._quiet_news, self._speaking_news = self._speaking_news, False
                    self._quiet_at = time.monotonic()

    def _next_utterance(self) -> list[Utterance]:
        """The parts said next as one utterance, taken from the queue (the lock held): an ``alone`` part by
        itself, else the parts up to the next ``alone`` one."""
        first = self._queue.popleft()
        parts = [first]
        if first.alone:
            return parts
        while self._queue and not self._queue[0].alone:
            parts.append(self._queue.popleft())
        return parts

    def _interrupted(self, until: float, done: Callable[[], bool]) -> bool:
        """Wait until ``done()``, a cut, exit, or ``until``; True unless the sentence was said whole."""
        while not done():
            with self._wake:
                if self._cut or self._closed:
                    return True
                self._wake.wait(0.03)
            if time.monotonic() > until:
                return True
        return False

    def _speak(self, sentence: str) -> None:
        engine = self._engine
        until = time.monotonic() + seconds_for(sentence, self.rate)
        if isinstance(engine, NvdaVoice):
            engine.speak(sentence)  # NVDA says when it is done to nobody: wait its likely time, as a reader
            self._interrupted(time.monotonic() + seconds_for(sentence, self.rate) / 2.5, lambda: False)
            with self._wake:
                if self._cut or self._closed:
                    engine.silence()  # cut by the player's key (or exit), not by the estimate running out
            return
        if engine is None:
            return
        if engine.fed:
            self._speak_fed(engine, sentence, until)
            return
        proc = self._proc = subprocess.Popen((*engine.argv(self.rate), sentence), stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                                             **_own_group())
        if self._interrupted(until, lambda: proc.poll() is not None):
            stop_process(proc)
            if engine.cancel and not self._closed:
                run_bounded(engine.cancel)
        else:
            proc.wait()
        self._proc = None

    def _speak_fed(self, engine: Engine, sentence: str, until: float) -> None:
        proc = self._proc
        if proc is None or proc.poll() is not None:
            stop_process(proc)
            proc = self._proc = subprocess.Popen(engine.argv(self.rate), stdin=subprocess.PIPE,
                                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                                 **_own_group())
            threading.Thread(target=self._answers, args=(proc,), name="speech-answers", daemon=True).start()
        assert proc.stdin is not None
        self._said.clear()
        proc.stdin.write(sentence + "\n")
        proc.stdin.flush()
        if self._interrupted(until, self._said.is_set):
            stop_process(proc)  # SAPI cannot be told to stop mid-sentence from here: a fresh one next time
            self._proc = None

    def _answers(self, proc: subprocess.Popen) -> None:
        for _ in proc.stdout or ():
            self._said.set()


def expect_answer() -> None:
    """The player's key will be answered later (a worker's hint): see `Speaker.expect_answer`."""
    if CURRENT is not None:
        CURRENT.expect_answer()


def announce(sentence: str, interrupt: bool = False, force: bool = False, echo: bool = False,
             alone: bool = False) -> None:
    """Speak ``sentence`` through the App's speaker (the status line calls this for every message)."""
    if CURRENT is not None:
        CURRENT.say(sentence, force=force, interrupt=interrupt, echo=echo, alone=alone)


def nvda_folders() -> list[Path]:
    """Where NVDA's controller DLL may sit: beside the executable (a release), or the program's folder."""
    here = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parents[2]))
    return [here, Path(sys.executable).parent]


def player_voice(platform: str = sys.platform) -> Engine | NvdaVoice | None:
    """The voice to use: the running screen reader's own on Windows (NVDA), else `find_engine`'s."""
    if platform.startswith("win"):
        nvda = NvdaVoice.load(nvda_folders())
        if nvda is not None:
            return nvda
    return find_engine(platform)


__all__ = ["Engine", "NvdaVoice", "Speaker", "Utterance", "announce", "expect_answer", "find_engine", "player_voice",
           "screen_reader_running", "stop_process"]
