"""The application: window, fixed-timestep loop, scene stack, shared services.

The loop updates in constant steps of `STEP` seconds from an accumulator
(capped so a stall cannot cause a spiral of catch-up), and draws with
``alpha = accumulator / STEP`` so motion is smooth at any frame rate
(Fiedler, "Fix Your Timestep!").  When nothing moves and nobody thinks, it
draws nothing and naps between event polls: an unchanged table costs almost no CPU.
"""

from __future__ import annotations

import os
import signal
import sys
import time
import warnings
from typing import Any

import pygame

from game.engine import sessionbus
from game.engine.idlewait import MAX_SLEEP_S, IdleWait, nudge
from game.engine.scene import Scene, SceneStack
from game.engine.worker import JOB_DONE
from saves import settings as settings_mod
from saves.recordqueue import QUEUE as RECORDS

STEP = 1.0 / 120.0
MAX_CATCH_UP = 0.25
#: the smallest window every table and dialog is laid out for (tests/scenes/test_layout.py checks 800x600)
MIN_SIZE = (800, 600)
FRAME_S = 1 / 60
IDLE_POLL_S = 1 / 60
IDLE_POLL_LONG_S = 1 / 30
#: at the process's end, how long records still waiting for a busy data folder are waited for
EXIT_RECORDS_WAIT_S = 2.0
#: the title bar's last words until speech has been turned on once (App.speech_unknown)
TITLE_HINT = "press F12 for speech"
#: the signals that close the window like its close box (those a platform lacks are skipped)
SIGNALS = ("SIGTERM", "SIGHUP", "SIGINT", "SIGQUIT")
#: Keys whose held-down repeat is wanted (scrolling, moving a choice, deleting text); any other key acts once.
REPEATABLE_KEYS = frozenset({pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP,
                             pygame.K_PAGEDOWN, pygame.K_BACKSPACE, pygame.K_DELETE})


#: SDL's hint for how a software-drawn window reaches the screen; "0" is through X11 shared memory.
FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def software_framebuffer(environ: dict[str, str] | os._Environ, driver: str, platform: str = sys.platform) -> bool:
    """Whether to present the window through X11's own framebuffer rather than an OpenGL texture.

    Parlour draws every frame in software; on X11 SDL by default uploads it to an OpenGL texture, which
    without a GPU driver (a VM, remote desktop, Xvfb, Mesa llvmpipe) costs ~100 MiB and turns a 1920x1080
    frame's p99 from ~6-16 ms into ~30-60 ms, while X11 shared memory is as quick on any desktop.  Only when
    SDL's video driver is X11 on Linux (asked after the display started, so a Wayland-only or console
    session is never affected): Wayland and macOS have no such framebuffer in SDL 2 (the hint would make
    set_mode fail), and Windows already uses GDI.  A hint the user set is theirs (``=1`` for the GPU path).
    """
    return platform.startswith("linux") and driver == "x11" and FRAMEBUFFER_HINT not in environ


#: The program's name for the desktop: the window's class (X11 WM_CLASS, Wayland app id) and SDL's app name.
#: Without it pygame names the window after ``sys.argv[0]`` and a taskbar shows "main.py".
APP_NAME = "Parlour"
WINDOW_NAMING = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_NAME")


def name_the_window(environ: dict[str, str] | os._Environ) -> None:
    """Before the display opens: the window's class and app id are Parlour's, whatever file was run."""
    for var in WINDOW_NAMING:
        environ[var] = APP_NAME


def _hold_minimum_size() -> None:
    """Ask the window manager not to let the window shrink below `MIN_SIZE` (SDL forgets it on set_mode).

    Resize events below it are clamped as well, for window managers that ignore the hint."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
    except (AttributeError, pygame.error):
        pass


def _desktops() -> list[tuple[int, int]]:
    """The sizes of the desktops (screens), or none where SDL cannot tell."""
    try:
        return list(pygame.display.get_desktop_sizes())
    except pygame.error:
        return []


def _fit_desktop(size: tuple[int, int], desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """The remembered window size, no larger than the desktop (a hand-edited 10000x10000 cost 1.5 GB)."""
    if not desktops:
        return size
    dw, dh = max(d[0] for d in desktops), max(d[1] for d in desktops)
    return min(size[0], dw), min(size[1], dh)


class App:
    """Owns the window and the services every scene uses.

    ``app.art`` (card surfaces), ``app.sounds``, ``app.settings``,
    ``app.stack`` (scenes), ``app.size``.
    """

    def __init__(self, size: tuple[int, int] | None = None, settings: settings_mod.Settings | None = None,
                 title: str = "Parlour") -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        # Computer players and solvers think in worker threads.  With the default 5 ms switch
        # interval a frame can wait that long each time it gives up the GIL; 1 ms keeps frames
        # as smooth as with no worker running (measured: p95 37 ms -> 18 ms, same as idle).
        sys.setswitchinterval(0.001)
        from game.engine import view

        view.hidpi_hints()  # before the display opens
        name_the_window(os.environ)
        sessionbus.guard()  # SDL's D-Bus greeting waits without limit for a bus that does not answer
        pygame.display.init()
        if software_framebuffer(os.environ, pygame.display.get_driver()):
            os.environ[FRAMEBUFFER_HINT] = "0"  # SDL reads it when set_mode makes the window's surface
        pygame.font.init()
        self.warnings: list[str] = []
        self._settings_told = False
        if settings is None:  # a real start (tests and tools pass their own settings)
            told = start_up_checks()
            self.warnings.extend(told)
            self._settings_told = bool(told)  # a data folder already said to be unusable is not said again
            settings, warning = settings_mod.load()
            if warning:
                self.warnings.append(warning)
        self.settings = settings
        desktops = _desktops()
        w, h = size or _fit_desktop(view.first_window(settings.window, settings_mod.Settings().window,
                                                      view.os_scale(), desktops[0] if desktops else None), desktops)
        self.windowed_size = (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))
        pygame.display.set_caption(title)
        if settings.fullscreen and size is None:  # remembered across starts (tests pass a size: a window)
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        _hold_minimum_size()
        self._idle = IdleWait()
        pygame.display.set_caption(title)  # (also before set_mode: the window never shows the file's name)
        from sounds.bank import SoundBank
        from sprites.cards import CardArt
        from sprites.icon import make_icon

        try:
            pygame.display.set_icon(make_icon())
        except pygame.error:
            pass
        self.art = CardArt()
        # The mixer opens and the effects are synthesized after the first frame (see run):
        # start-up shows the window first.  Until then play() is silent.
        self.sounds = SoundBank(volume=settings.volume, muted=not settings.sound)
        self.stack = SceneStack()
        self.running = False
        self._dirty = True
        self._acc = 0.0
        self.frames_drawn = 0
        self._keys_down: set[int] = set()
        #: the text of a key press that changed the screen ("3" opening ACME): its TEXTINPUT, which SDL sends
        #: just after, belongs to the screen that is gone and must not be typed into the next one's name box
        self._stale_text = ""
        # Start-up measurement: quit right after the first frame is on screen.
        self.exit_after_first_frame = bool(os.environ.get("PARLOUR_EXIT_AFTER_FIRST_FRAME"))
        pygame.key.set_repeat(400, 40)
        from game.engine import speech

        self.speech = speech.CURRENT = speech.Speaker(settings.speak, rate=settings.speech_rate)
        #: the system's screen reader is running: speech is on for this session without being saved as the
        #: player's choice (follow_screen_reader); F12 or Options ▸ Speak makes it theirs
        self.screen_reader = False
        self._reader_job: Any = None
        #: what the title bar names after "Parlour" (a table's game and player); see show_title
        self._title_parts: tuple[str, ...] = ()
        view.apply(self, resize_scenes=False)
        self.show_title()

    # services -------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    def invalidate(self) -> None:
        """Ask for a redraw on the next frame (something visible changed)."""
        self._dirty = True

    def save_settings(self, tell: bool = True) -> str | None:
        """Write the settings; a failure is said on screen the first time (never again, so a
        read-only or full disk does not nag at every click), and returned."""
        self.settings.window = self.windowed_size  # full screen is a setting of its own, not a window size
        self.settings.volume = self.sounds.volume
        self.settings.sound = not self.sounds.muted
        problem = settings_mod.save(self.settings)
        if problem and tell and not self._settings_told and self.stack.top is not None:
            self._settings_told = True
            from game.engine.dialogs import message

            message(self, "Settings not saved", f"Your settings could not be saved: {problem} They apply until "
                                                "you close Parlour.")
        return problem

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)
        scene.on_resize(self.size)
        self.invalidate()

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)
        scene.on_resize(self.size)
        self.invalidate()
        self.say_arrival(scene)

    def say_arrival(self, scene: Scene) -> None:
        """A scene change is said (a table opened, back to the main menu), cutting what the last screen was
        saying: the scene's own words, which hold what it already said on its status line."""
        words = scene.arrival()
        top = self.stack.top
        box = top is not scene and top is not None and top.arrival()
        if words and box:
            # a box the new screen opened as it came in (ACME's "Player" name box for a new player) takes the
            # keys: it is said at once, after the screen's name alone ("ACME table."); the screen's long
            # sentence waited 8 s before it and letters typed meanwhile went in unsaid (round 12, by ear).
            # The screen's news is said when the box closes (its answer, "Back to the … table").
            words = words.split(". ")[0].rstrip(".") + "."
        if words:
            self.speech.say(words, force=True, interrupt=True)
        if box:
            self.speech.say(top.arrival(), force=True, alone=True)

    @property
    def speech_unknown(self) -> bool:
        """Speech has never been turned on (neither F12 nor Options ▸ Speak, either way, nor followed from a
        running screen reader now): a blind player may not know F12 yet, so the title bar says it and the
        start cue plays (issue 34, round 13: nothing told a player without sight how to reach speech)."""
        return not self.speech.enabled and not self.settings.speak and self.settings.speak_auto

    def show_title(self, *parts: str) -> None:
        """The title bar: "Parlour", then ``parts`` (kept: `refresh_title` says them again), then
        `TITLE_HINT` while `speech_unknown` — a screen reader reads a window's title as it takes the focus."""
        self._title_parts = parts
        self.refresh_title()

    def refresh_title(self) -> None:
        """The title bar again after speech came on or went off (the hint goes once speech is known)."""
        hint = [TITLE_HINT] if self.speech_unknown else []
        pygame.display.set_caption(" \u2014 ".join(["Parlour", *self._title_parts, *hint]))

    def first_frame_shown(self) -> None:
        """The first frame is on screen: the sounds start, and while speech is unknown the start cue plays —
        a short chime a player who cannot see hears as "Parlour is ready, press F12" (README, Help)."""
        self.sounds.init()
        if self.speech_unknown:
            self.sounds.play("start")

    def follow_screen_reader(self) -> None:
        """Look (in a worker thread, time-bound) for the system's screen reader; if it runs, speech comes on
        and the screen is said, unless the player chose Speak on or off themselves (settings.speak_auto)."""
        from game.engine import speech, worker

        if not self.settings.speak and self.settings.speak_auto:
            self._reader_job = worker.submit(speech.screen_reader_running)

    def _screen_reader_found(self) -> None:
        job, self._reader_job = self._reader_job, None
        if job.result is True and not self.speech.enabled and self.settings.speak_auto:
            from game.engine import view

            self.screen_reader = True
            view.apply(self, resize_scenes=False)
            self.refresh_title()
            if self.stack.top is not None:
                self.say_arrival(self.stack.scenes[0])

    #: SIGTERM or SIGHUP came (`close_on_signals`): the window closes without a question
    session_ending = False

    def request_quit(self) -> None:
        """Close the window the way the close box does (scenes may keep their game)."""
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    def close_on_signals(self) -> None:
        """SIGTERM (a logout), SIGHUP (the terminal closed), SIGINT (Ctrl+C) and SIGQUIT (Ctrl+\\) close the
        window as its close box does: the game in progress is kept, the settings saved, exit status 0.
        (Untouched, SIGINT raised a traceback, SIGHUP and SIGQUIT killed the process on the spot.)"""
        def close(signum: int, frame: Any) -> None:
            # a logout or a closed terminal asks nobody: the game is kept as it stands, no question, no
            # penalty (round 15: ACME's Exit question stayed open until the session killed the program)
            if signum in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)):
                self.session_ending = True
            try:
                self.request_quit()
            except pygame.error:  # the display is gone already: the loop is ending anyway
                self.running = False
            nudge()  # a loop asleep on the X11 socket wakes now, not at its next timeout
        for name in SIGNALS:
            sig = getattr(signal, name, None)
            if sig is not None:
                try:
                    signal.signal(sig, close)
                except (OSError, ValueError):  # not the main thread, or not allowed here
                    pass

    # the loop ---------------------------------------------------------------
    def busy(self) -> bool:
        return any(s.busy() for s in self.stack.scenes)

    def _wakeup(self) -> float | None:
        times = [t for s in self.stack.scenes if (t := s.next_wakeup()) is not None]
        if (t := RECORDS.next_try()) is not None:
            times.append(t)
        return min(times) if times else None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if self.session_ending:
                for s in reversed(list(self.stack.scenes)):
                    s.on_session_end()
                self.running = False
                return
            if all(s.on_quit() for s in reversed(list(self.stack.scenes))):
                self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = self.window.get_size()
            if event.type == pygame.VIDEORESIZE and not pygame.display.is_fullscreen():
                size = (max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h))
                if size != self.window.get_size():
                    self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
                    _hold_minimum_size()
                self.windowed_size = size
            from game.engine import view

            view.apply(self)
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED,
                          pygame.ACTIVEEVENT, JOB_DONE):
            self.invalidate()
            return
        if self._repeated_key(event):
            return
        from game.engine import view

        # the player's own key press may cut the voice (as a screen reader's does): the first sentence it
        # causes interrupts; game events said later queue behind it (speech.Speaker)
        if event.type == pygame.TEXTINPUT and self._stale_text:
            stale, self._stale_text = self._stale_text, ""
            if event.text == stale:
                return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self._stale_text = ""
        self.speech.key_pressed(event.type in (pygame.KEYDOWN, pygame.TEXTINPUT))
        top = self.stack.top
        under = self.stack.scenes[-2] if len(self.stack.scenes) > 1 else None
        try:
            if view.global_key(self, event):  # F11 and the speech keys work on every screen
                self.invalidate()
                return
            said = self.speech.said_count
            self.stack.dispatch(event)
            self._say_back(top, under, news=self.speech.said_count > said)
            if event.type == pygame.KEYDOWN and self.stack.top is not top:
                self._stale_text = getattr(event, "unicode", "") or ""
        finally:
            self.speech.key_pressed(False)
        self.invalidate()

    def _say_back(self, box, under, news: bool = False) -> None:
        """A box closed by this event left the scene under it on top: say, once, where the player is back
        and what has focus (round 12, by ear: nothing was said when a box closed).  Nothing when another box
        opened in its place or the screen changed (those say themselves), nor when the button pressed said
        what it did (``news``: Romi's End turn said "You played 1 card… The computer is thinking… Back to the
        Romi table." every turn, round 14 by ear)."""
        from game.engine.dialogs import Dialog

        if isinstance(box, Dialog) and box not in self.stack.scenes and under is not None \
                and self.stack.top is under and not news:
            words = under.back_words()
            if words:
                self.speech.say(words, force=True)

    def _repeated_key(self, event: pygame.event.Event) -> bool:
        """True for a KEYDOWN of a key already held: key repeat, or a second press event queued in a
        slow frame.  One press is one action (F1 opens one help, Enter ends one turn); only keys that
        move or edit (arrows, Page Up/Down, Backspace, Delete) repeat."""
        if event.type == pygame.KEYUP:
            self._keys_down.discard(getattr(event, "key", None))
            return False
        if event.type == pygame.WINDOWFOCUSLOST:
            self._keys_down.clear()  # the key-ups go to another window
            return False
        if event.type != pygame.KEYDOWN:
            return False
        k = getattr(event, "key", None)
        if k in self._keys_down and k not in REPEATABLE_KEYS:
            return True
        self._keys_down.add(k)
        return False

    def step(self, dt: float) -> None:
        """Advance by ``dt`` real seconds in fixed steps (also used by tests)."""
        self._acc += min(dt, MAX_CATCH_UP)
        while self._acc >= STEP:
            for s in list(self.stack.scenes):
                s.update(STEP)
            self._acc -= STEP
        for s in list(self.stack.scenes):
            s.after_frame()
        if self._reader_job is not None and self._reader_job.done:
            self._screen_reader_found()
        RECORDS.retry()  # records that found the data folder busy: tried again, never waited for

    def draw(self) -> None:
        alpha = self._acc / STEP
        for s in self.stack.visible():
            s.draw(self.window, alpha)
        pygame.display.flip()
        self.frames_drawn += 1
        self._dirty = False

    def pump(self, dt: float = STEP) -> None:
        """One frame without waiting: events, update, draw (tests call this)."""
        for event in pygame.event.get():
            self.handle_event(event)
        self.step(dt)
        if self.stack.top is None:
            self.running = False
            return
        self.draw()

    def settle(self, max_seconds: float = 10.0) -> None:
        """Pump frames until nothing moves or thinks (tests and screenshots)."""
        t = 0.0
        self.pump(STEP)
        while (self.busy() or pygame.event.peek()) and t < max_seconds:
            self.pump(1 / 30)
            t += 1 / 30
            if self.busy() and not pygame.event.peek():
                time.sleep(0.001)

    def run(self) -> None:
        self.running = True
        last = time.perf_counter()
        for w in self.warnings:
            from game.engine.dialogs import message
            message(self, "Your data", w)
        self.warnings.clear()
        last_input = time.perf_counter()
        due: float | None = None  # when a scene asked to be woken (next_wakeup), once the loop sleeps for it
        while self.running and self.stack.top is not None:
            if not self.busy() and not self._dirty:
                # Nothing moves: sleep instead of drawing.  For two seconds after input, naps
                # between cheap polls (within one 60 Hz frame; pygame's event.wait polls every
                # millisecond, ~3% of a core); then, on X11, a sleep that ends the moment input
                # arrives (game/engine/idlewait.py: ~0% of a core at rest), and elsewhere naps of
                # two frames.  A held key keeps the polls: pygame's key repeat is a timer's.
                event = pygame.event.poll()
                if event.type == pygame.NOEVENT:
                    wake = self._wakeup()
                    if due is not None and time.perf_counter() >= due:
                        wake = 0.0  # the moment slept for has come (asked again, a clock's next second
                        # would be a whole second away and the shown second would never be drawn)
                    if wake is None or wake > 0:
                        still = time.perf_counter() - last_input
                        if still < 2.0:
                            nap = IDLE_POLL_S  # input may bring more soon, also by other roads (IBus)
                        elif self._idle.fd is not None and not self._keys_down:
                            nap = MAX_SLEEP_S  # input wakes it (X11); a held key's repeats are a timer's
                        else:
                            nap = IDLE_POLL_LONG_S
                        if wake is not None and wake <= nap:
                            due = time.perf_counter() + wake
                        self._idle.sleep(min(nap, wake) if wake is not None else nap)
                        continue
                else:
                    last_input = time.perf_counter()
                    self.handle_event(event)
                self.invalidate()
                due = None
                last = time.perf_counter() - STEP
            for event in pygame.event.get():
                self.handle_event(event)
            if not self.running or self.stack.top is None:
                break
            now = time.perf_counter()
            self.step(now - last)
            last = now
            self.draw()
            if self.frames_drawn == 1:
                self.first_frame_shown()
            if self.exit_after_first_frame:
                self.running = False
            if self.busy():
                # cap at ~60 fps; vsync is not available on every driver
                spent = time.perf_counter() - now
                if spent < FRAME_S:
                    time.sleep(FRAME_S - spent)
        self.save_settings(tell=False)
        RECORDS.flush(EXIT_RECORDS_WAIT_S)

    def close(self) -> None:
        self.speech.close()
        pygame.display.quit()


def start_up_checks() -> list[str]:
    """Tidy the data folder and say what is wrong with it: temporary files a killed save left
    behind are removed (and the scratch folders a killed analysis left in TMPDIR), and a folder that
    cannot be used is reported (play still goes on)."""
    from game.engine import scratch
    from saves import store
    from saves.paths import data_dir, data_dir_problem

    scratch.clean_leftovers()
    problem = data_dir_problem()
    if problem is None:
        store.clean_stale_temps(data_dir(create=False))
        return []
    return [problem]
