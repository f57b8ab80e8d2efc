"""The player's view of the table: full screen, text size, card faces, high contrast and speech.

These are Options every screen shares (issue 28).  Each choice is kept in settings and applied at once by
`apply`: the type scale (theme.set_scale), the palette (theme.set_contrast and the felt's cloth), the card
faces (CardArt.set_faces) and the speaker are set, then every scene lays itself out again.  F11 (full
screen), F12 (speech on or off), F9 (say that again), F7 / Shift+F7 (the history of sentences) and F8
(read the table) are answered here for every scene, before the scene sees the key, so they work the same on
the main menu, a table and over any dialog: a player who cannot see the screen can always reach speech.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Callable
from typing import Any

import pygame

from game.engine import theme
from game.engine.shortcuts import OPTIONS
from game.engine.speech import RATE_LABELS
from game.engine.widgets import MenuItem, item
from saves.settings import CARD_FACES, SPEECH_RATES, TEXT_SIZES

TEXT_LABELS = {"normal": "Normal", "large": "Large", "larger": "Larger"}
FACE_LABELS = {"classic": "Classic", "large-index": "Large index (big rank and suit)"}
NO_VOICE = ("No speech engine was found (on Linux install speech-dispatcher or espeak-ng); "
            "play goes on without speech.")


def hidpi_hints() -> None:
    """Before the display opens: ask Windows for per-monitor DPI awareness, so a window on a high-density
    screen is drawn sharp at its real pixels instead of being stretched as a blurry bitmap (macOS is told
    by the bundle's NSHighResolutionCapable, build.spec; X11 and Wayland give the real pixels already)."""
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def os_scale() -> float:
    """The desktop's scale factor where the OS says it (Windows: the system DPI / 96), else 1."""
    if sys.platform != "win32":
        return 1.0
    try:
        import ctypes

        dpi = ctypes.windll.user32.GetDpiForSystem()  # Windows 10 and later
    except (AttributeError, OSError):
        return 1.0
    return max(1.0, dpi / 96) if dpi else 1.0


def first_window(saved: tuple[int, int], default: tuple[int, int], scale: float,
                 desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window to open: the saved size, except that the default size (never changed by the player) grows
    with the OS's scale factor, so a 1280x800 window is not half as big as meant on a 200% screen; never
    more than 90% of the desktop."""
    if saved != default or scale <= 1.0:
        return saved
    fit = min(scale, desktop[0] * 0.9 / default[0], desktop[1] * 0.9 / default[1]) if desktop else scale
    return (max(default[0], round(default[0] * fit)), max(default[1], round(default[1] * fit)))


def apply(app, resize_scenes: bool = True) -> None:
    """Put the settings' view choices into effect now (no restart): scale, colours, faces, speech."""
    from sprites import cards, felt

    s = app.settings
    theme.set_contrast(s.high_contrast)
    felt.CLOTH = theme.CLOTH
    cards.SLOT_LABEL_ALPHA = 255 if s.high_contrast else 120
    theme.set_scale(app.size, s.text_size)
    app.art.set_faces(s.card_faces, s.four_colour)
    app.speech.enabled = s.speak or app.screen_reader
    app.speech.rate = s.speech_rate
    if resize_scenes:
        for scene in app.stack.scenes:
            scene.on_resize(app.size)
    app.invalidate()


def tell(app, words: str) -> None:
    """Say ``words`` on the status line of the top-most scene that has one (and aloud, if speech is on)."""
    for scene in reversed(app.stack.scenes):
        status = getattr(scene, "status", None)
        if status is not None and hasattr(status, "say"):
            status.say(words)
            return
    app.speech.say(words, force=True)


def _window() -> pygame.Window | None:
    """The display module's window (for its position), or None where SDL cannot give it."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error):
        return None


def set_fullscreen(app, on: bool, save: bool = True) -> None:
    """Full screen (the desktop's size) or back to the window the player had, where it was; remembered in
    settings.  The window's place is kept on the way in and put back on the way out: a window manager places
    a window coming back from full screen by its frame, so each F11 round trip otherwise moved it down by the
    title bar until the status line left the screen."""
    from game.engine.app import _hold_minimum_size

    win = _window()
    if on:
        if win is not None and not pygame.display.is_fullscreen():
            app.windowed_pos = win.position
        app.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "window was forcibly resized": mended just below
            app.window = pygame.display.set_mode(app.windowed_size, pygame.RESIZABLE)
            if app.window.get_size() != app.windowed_size:  # X without a window manager keeps the screen size
                try:
                    pygame.Window.from_display_module().size = app.windowed_size
                except (AttributeError, pygame.error):
                    pass
                app.window = pygame.display.set_mode(app.windowed_size, pygame.RESIZABLE)
        pos = getattr(app, "windowed_pos", None)
        if win is not None and pos is not None and win.position != pos:
            try:
                win.position = pos
            except pygame.error:
                pass
        _hold_minimum_size()
    app.settings.fullscreen = on
    apply(app)
    if save:
        app.save_settings()


def toggle_fullscreen(app) -> None:
    set_fullscreen(app, not pygame.display.is_fullscreen())
    # said, not put on the status line: the change is in sight, and the line keeps the turn's prompt (round 14:
    # back in a window, "Your turn: beat …" was gone)
    app.speech.say("Full screen (F11 returns to the window)." if app.settings.fullscreen
                   else "In a window (F11 for full screen).", force=True)


def read_table(app) -> None:
    """Say what is on the table: the top-most scene with a `describe_table` speaks it."""
    for scene in reversed(app.stack.scenes):
        describe = getattr(scene, "describe_table", None)
        if describe is not None:
            app.speech.say(describe(), force=True)
            return


def _read_from_table(app, describe_name: str, fallback: str) -> None:
    """Say one part of the top-most table (a scene with a `describe_table`): its ``describe_name`` words, or
    ``fallback`` (formatted with the table's title) when it has none."""
    for scene in reversed(app.stack.scenes):
        if getattr(scene, "describe_table", None) is None:
            continue
        describe = getattr(scene, describe_name, None)
        app.speech.say(describe() if describe is not None else
                       fallback.format(title=getattr(scene, "title", "this game")), force=True)
        return


def read_hand(app) -> None:
    """F6: only the player's hand (a card player's most asked question, without the whole table F8 reads);
    a table with no hand of the player's says so and where to turn."""
    _read_from_table(app, "describe_hand", "No hand of yours in {title}: F8 reads the table.")


def read_plays(app) -> None:
    """Shift+F8: only what you can play now (round 10, by ear: F8 reads the whole table, 61 s in Forty
    Thieves, before the one fact asked for); a table without the words says F8 reads it."""
    _read_from_table(app, "describe_plays", "{title}: F8 reads the table.")


def global_key(app, event: pygame.event.Event) -> bool:
    """F11, F12, F9, F7, F8 and F6 on every screen; True when the key was one of them."""
    if event.type != pygame.KEYDOWN or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        return False
    if event.key == pygame.K_F11:
        toggle_fullscreen(app)
    elif event.key == pygame.K_F12:
        toggle_speech(app)
    elif event.key == pygame.K_F7:
        app.speech.step(back=not event.mod & pygame.KMOD_SHIFT)
    elif event.key == pygame.K_F9:  # a long text's reader says its line again, not the whole text (reading.py)
        again = getattr(app.stack.top, "say_again", None)
        if again is not None:
            again()
        else:
            app.speech.repeat()
    elif event.key == pygame.K_F8 and event.mod & pygame.KMOD_SHIFT:
        read_plays(app)
    elif event.key == pygame.K_F8:
        read_table(app)
    elif event.key == pygame.K_F6:
        read_hand(app)
    else:
        return False
    return True


def text_size_words(app) -> str:
    """What the chosen text size does in this window, when it cannot do all it says (round 8: Larger at
    800x600 changed nothing and said nothing): the tables leave the text only so much room (theme.set_scale),
    so the words name the size the text is shown at; '' when the choice takes its full effect."""
    chosen = app.settings.text_size
    wanted = theme.window_scale(app.size) * theme.TEXT_SIZES.get(chosen, 1.0)
    if theme.SCALE >= wanted - 0.005:
        return ""
    shown = max((v for v in TEXT_SIZES if theme.window_scale(app.size) * theme.TEXT_SIZES[v] <= theme.SCALE + 0.005),
                key=lambda v: theme.TEXT_SIZES[v], default="normal")
    w, h = app.size
    return (f"{TEXT_LABELS[chosen]} text needs a bigger window: this {w}\u00d7{h} window has room beside the "
            f"tables for {TEXT_LABELS[shown]} text only; text grows with the window.")


def _choose(app, title: str, labels: dict[str, str], values: tuple[str, ...], attr: str, note: str = "",
            then: Callable[[Any], str] | None = None) -> None:
    """A choice among settings, put into effect at once; ``then(app)``: words to say after, if any."""
    from game.engine.dialogs import ChoiceDialog

    def pick(value) -> None:
        setattr(app.settings, attr, value)
        apply(app)
        app.save_settings()
        words = then(app) if then is not None else ""
        if words:
            tell(app, words)
    app.push(ChoiceDialog(app, title, [(v, labels[v]) for v in values], getattr(app.settings, attr), pick,
                          note=note))


def toggle_contrast(app) -> None:
    app.settings.high_contrast = not app.settings.high_contrast
    apply(app)
    app.save_settings()
    tell(app, "High-contrast table on." if app.settings.high_contrast else "High-contrast table off.")


#: said when speech comes on (F12 or Options ▸ Speak): the keys a player who cannot see needs first
SPEECH_KEYS = ("F12 turns speech off, F9 says the last sentence again, F7 steps back through what was said, F8 "
               "reads the table, F10 opens the menus.")
SPEECH_ON = "Speech on. " + SPEECH_KEYS.replace("turns speech off", "turns it off")


#: what Four-colour suits says when switched (round 10: it changed the cards in silence)
FOUR_COLOUR_WORDS = {True: "Four-colour suits on: blue diamonds, green clubs.",
                     False: "Four-colour suits off: red and black suits."}


def toggle_four_colour(app) -> None:
    """Four-colour suits on or off, with whichever face style is chosen (two independent choices); said, as
    High contrast is, so the change is known without seeing the cards."""
    app.settings.four_colour = not app.settings.four_colour
    apply(app)
    app.save_settings()
    tell(app, FOUR_COLOUR_WORDS[app.settings.four_colour])


def chosen_words(what: str, labels: dict[str, str], attr: str) -> Callable[[Any], str]:
    """``then`` for `_choose`: names the choice made ('Card faces: Classic.'), as every Options switch does."""
    return lambda app: f"{what}: {labels[getattr(app.settings, attr)]}."


def text_size_said(app) -> str:
    """After Text size: what the window cannot show (`text_size_words`), else the size chosen."""
    return text_size_words(app) or chosen_words("Text size", TEXT_LABELS, "text_size")(app)


def toggle_speech(app) -> None:
    """Speech on or off (F12 or Options ▸ Speak); either way the change is said, "Speech off." in the voice
    that is stopping; on a machine with no voice the player is told so, and play goes on.  The player's own
    choice: speech no longer follows the system's screen reader (settings ``speak_auto``)."""
    app.settings.speak = not app.speech.enabled
    app.settings.speak_auto = False
    app.screen_reader = False
    if not app.settings.speak:
        app.speech.say("Speech off.", force=True, interrupt=True)  # said before the voice goes quiet
    apply(app)
    app.refresh_title()
    app.save_settings()
    if app.settings.speak and app.speech.engine is None and app.speech.recorder is None:
        tell(app, NO_VOICE)
    else:
        top = app.stack.top
        # and where the player is (round 12, by ear: F12 at the menu said the keys, not the tile), said first:
        # the keys took 7 s and an arrow pressed before their end cut the tile too (round 14).  A table's status
        # line is said with the words of SPEECH_ON already
        where = top.arrival() if app.settings.speak and top is not None and not hasattr(top, "status") else ""
        if where:
            app.speech.say(f"Speech on. {where}", force=True, alone=True)
            app.speech.say(SPEECH_KEYS, force=True, alone=True)
        else:
            tell(app, SPEECH_ON if app.settings.speak else "Speech off.")


def speak_label(app) -> str:
    return "Speak" if app.speech.engine is not None or app.speech.recorder is not None \
        else "Speak (no speech engine found)"


def menu_items(app) -> list[MenuItem]:
    """The Options menu's view items (common.options_menu adds them to every screen's Options)."""
    return [
        item("-"),
        item("Full screen", lambda: toggle_fullscreen(app), OPTIONS["fullscreen"].keys,
             checked=lambda: app.settings.fullscreen),
        item("Text size…", lambda: _choose(app, "Text size", TEXT_LABELS, TEXT_SIZES, "text_size",
                                           note="Text grows with the window too.", then=text_size_said),
             submenu=True, value=lambda: TEXT_LABELS[app.settings.text_size]),
        item("Card faces…", lambda: _choose(app, "Card faces", FACE_LABELS, CARD_FACES, "card_faces",
                                             then=chosen_words("Card faces", FACE_LABELS, "card_faces")),
             submenu=True, value=lambda: FACE_LABELS[app.settings.card_faces]),
        item("Four-colour suits (blue diamonds, green clubs)", lambda: toggle_four_colour(app),
             checked=lambda: app.settings.four_colour),
        item("High-contrast table", lambda: toggle_contrast(app), checked=lambda: app.settings.high_contrast),
        item(speak_label(app), lambda: toggle_speech(app), OPTIONS["speak"].keys,
             checked=lambda: app.speech.enabled),
        item("Speech rate…", lambda: _choose(app, "Speech rate", RATE_LABELS, SPEECH_RATES, "speech_rate",
                                             note="Normal is your system voice's own rate where it has one.",
                                             then=chosen_words("Speech rate", RATE_LABELS, "speech_rate")),
             submenu=True, value=lambda: RATE_LABELS[app.settings.speech_rate]),
    ]
