"""The one shortcut map of the collection: action -> key, per scene.

Menus take their shortcut text from here (``key(scene, action)``), every
table's Help ends with the list made from here (``keys_text``), and the
README's key table is generated from here (``readme_table``).  So a key cannot
be changed in one place and stay stale in the other two, and
tests/engine/test_shortcuts.py checks that no two actions of a scene share a key.

To add an action: put one line in the scene's dict below (or in TABLE/UNDO when
every table gets it), then ``item(label, fn, key(self.game, "action"))`` in
the menu.  ``key`` raises KeyError for an action that is not registered, so a
shortcut cannot bypass the map.

Keyboard play on the table (game.engine.focus: a focus ring over the places a
player can act on) owns the keys in RESERVED_FOR_TABLE_FOCUS: no menu shortcut
may use them.  Enter, Space and Escape act on the ring while it is shown
(``when="focus ring shown"``); a few tables give them a play meaning while it
is hidden (Forty Thieves: Space turns; Romi: Enter ends the turn, Space draws,
Escape drops the selection), so a key is one action *in each mode*: two
entries clash only when their keys and their ``when`` are the same.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shortcut:
    """One action's key: ``keys`` as shown in menus ('Ctrl+N', 'F1', 'Space'), ``words`` for Help."""

    keys: str
    words: str
    #: False for a key the table handles itself (a play key), not a menu item's shortcut
    menu: bool = True
    #: the mode the key works in ("" always; "focus ring shown" / "focus ring hidden" on tables)
    when: str = ""

    @property
    def shown(self) -> str:
        """The key as Help and the README show it, with its mode."""
        return f"{self.keys} ({self.when})" if self.when else self.keys


#: Keys kept free for keyboard play on the table (a later issue): never a menu shortcut.
RESERVED_FOR_TABLE_FOCUS = ("Left", "Right", "Up", "Down", "Tab", "Shift+Tab", "Space", "Enter", "Escape")

#: The menu bar's own key (every scene with menus).
MENUS = {"menus": Shortcut("F10", "open the menus (arrows move, Enter chooses, Escape closes)", menu=False)}

#: The shared Options menu (every scene).
OPTIONS = {"sound": Shortcut("Ctrl+M", "sound on or off"),
           "fullscreen": Shortcut("F11", "full screen on or off (Escape never leaves it)"),
           "speak": Shortcut("F12", "speech on or off (Options > Speak), said aloud either way"),
           "speak_again": Shortcut("F9", "say the last sentence again (Options > Speak)", menu=False),
           "speak_back": Shortcut("F7, Shift+F7", "step back / forward through the last 50 sentences said",
                                  menu=False)}

#: Game and Help menu items every table has (TableScene.build_menus).
TABLE = {
    "new": Shortcut("Ctrl+N", "new game"),
    "restart": Shortcut("Ctrl+R", "restart this deal"),
    "select_deal": Shortcut("Ctrl+D", "select a deal by number"),
    "save": Shortcut("Ctrl+S", "save the game"),
    "load": Shortcut("Ctrl+O", "load a saved game"),
    "main_menu": Shortcut("Ctrl+W", "back to the main menu"),
    "exit": Shortcut("Ctrl+Q", "exit Parlour (the game is kept for next time)"),
    "help": Shortcut("F1", "this help"),
}

#: Tables that allow taking moves back (TableScene.allow_undo).
UNDO = {
    "undo": Shortcut("Ctrl+Z", "undo"),
    "redo": Shortcut("Ctrl+Y", "redo"),
    "hint": Shortcut("Ctrl+H", "hint"),
}

#: Keyboard play on every table (game.engine.focus).
_SHOWN, _HIDDEN = "focus ring shown", "focus ring hidden"
FOCUS = {
    "focus_move": Shortcut("Arrows", "show the focus ring / move it to the nearest place that way", menu=False),
    "focus_area": Shortcut("Tab, Shift+Tab", "move the focus ring to the next / previous area or button", menu=False),
    "focus_act": Shortcut("Enter", "act on the focused place, as a click (Shift+Enter: Shift-click)",
                          menu=False, when=_SHOWN),
    "focus_pick": Shortcut("Space", "pick up what a drag lifts (the ring stays there; arrows move it one place "
                                    "each) / put it down where the ring is; at ACME and Court, whose cards are "
                                    "not dragged, Space is Enter",
                           menu=False, when=_SHOWN),
    "focus_cancel": Shortcut("Escape", "put held cards back, else hide the focus ring", menu=False, when=_SHOWN),
    "focus_ends": Shortcut("Home, End", "move the focus ring to the first / last card of a hand (or place of an "
                                        "area)", menu=False),
    "focus_rank": Shortcut("2 to 9, 0, 1", "in a hand: move the focus ring to the next card of that rank "
                                           "(0: a ten, 1: an ace)", menu=False, when=_SHOWN),
    "read_table": Shortcut("F8", "read the table aloud: each pile or seat, what it holds, the scores "
                                 "(Options > Speak)", menu=False),
    "read_plays": Shortcut("Shift+F8", "say only what you can play now (Options > Speak)", menu=False),
    "read_hand": Shortcut("F6", "read only your hand aloud (ACME, Court, Romi; Options > Speak)", menu=False),
}

_NEW_DEAL = ("new", "restart", "select_deal")

SCENES: dict[str, dict[str, Shortcut]] = {
    "mainmenu": {
        "open_game": Shortcut("1 to 5", "open a game", menu=False),
        "choose_tile": Shortcut("Left/Right, Enter", "choose a game and open it", menu=False),
        "exit": Shortcut("Ctrl+Q", "quit"),
        "help": Shortcut("F1", "about Parlour"),
        **OPTIONS, **MENUS,
    },
    "acesup": {
        **TABLE, **UNDO,
        "variations": Shortcut("Ctrl+V", "choose the variation"),
        "statistics": Shortcut("Ctrl+T", "statistics"),
        "demo": Shortcut("Ctrl+E", "demo: the computer plays (any key or click stops it)"),
        **FOCUS, **OPTIONS, **MENUS,
    },
    "thieves": {
        **TABLE, **UNDO,
        "jokers": Shortcut("Ctrl+J", "choose the number of jokers"),
        "high_scores": Shortcut("Ctrl+B", "high scores"),
        "statistics": Shortcut("Ctrl+T", "statistics"),
        "turn": Shortcut("Space", "turn the next card", menu=False, when=_HIDDEN),
        **FOCUS, **OPTIONS, **MENUS,
    },
    "acme": {
        **{k: v for k, v in TABLE.items() if k not in _NEW_DEAL},
        "change_player": Shortcut("Ctrl+P", "change player"),
        "deal": Shortcut("F2", "deal the next round"),
        "statistics": Shortcut("Ctrl+T", "statistics"),
        "hint": Shortcut("Ctrl+H", "hint: what the Expert would play for you"),
        "last_trick": Shortcut("Ctrl+L", "the last trick"),
        "round_log": Shortcut("Ctrl+G", "the round log"),
        "pass": Shortcut("P", "pass, whatever is selected (with nothing selected, Play says Pass and does it)"),
        "exit": Shortcut("Ctrl+Q", "exit (an unfinished round makes you Apprentice)"),
        **FOCUS, **OPTIONS, **MENUS,
    },
    "court": {
        **TABLE,
        "player": Shortcut("Ctrl+P", "choose the player"),
        "history": Shortcut("Ctrl+T", "history and Legendary Games"),
        "hint": Shortcut("Ctrl+H", "hint: what the Expert would play for you"),
        "discards": Shortcut("Ctrl+L", "look back at your discards from this round's draw"),
        "round_log": Shortcut("Ctrl+G", "the round so far, turn by turn"),
        "keep": Shortcut("K", "keep the turned card (the draw)"),
        "discard": Shortcut("D", "discard the turned card (the draw)"),
        **FOCUS, **OPTIONS, **MENUS,
    },
    "romi": {
        **TABLE,
        "demonstration": Shortcut("Ctrl+E", "demonstration: the computer plays both hands"),
        "pause": Shortcut("Ctrl+P", "pause"),
        "continue": Shortcut("Ctrl+G", "continue after a pause"),
        "undo_move": Shortcut("Ctrl+Z", "take back your last move of this turn (back to its start)"),
        "sort": Shortcut("Ctrl+K", "sort the palette"),
        "help_from_romi": Shortcut("Ctrl+H", "Help from Romi (Beginner)"),
        "cards_played": Shortcut("Ctrl+L", "show the cards played"),
        "validate": Shortcut("Ctrl+V", "validate the board"),
        "restore": Shortcut("Ctrl+B", "restore the board"),
        "statistics": Shortcut("Ctrl+I", "statistics"),
        "end_turn": Shortcut("Enter", "end your turn", menu=False, when=_HIDDEN),
        "draw": Shortcut("Space", "draw a card", menu=False, when=_HIDDEN),
        "drop_selection": Shortcut("Escape", "cancel the selection", menu=False, when=_HIDDEN),
        "next_group": Shortcut("Page Down, Page Up", "move the focus ring to the next / previous group on the "
                                                     "board, said with its row and columns", menu=False),
        "free_place": Shortcut("F, Shift+F", "move the focus ring to the next / previous free place where a new "
                                             "group fits, said with its room", menu=False),
        "fit_group": Shortcut("G, Shift+G", "move the focus ring to the next / previous group where the cards "
                                            "you hold or have selected fit", menu=False),
        "to_hand": Shortcut("H", "move the focus ring back to your hand", menu=False),
        **FOCUS, **OPTIONS, **MENUS,
    },
    "review": {
        "step": Shortcut("Left/Right", "previous / next move", menu=False),
        "ends": Shortcut("Home/End", "the start / the last move", menu=False),
        "mistakes": Shortcut("Page Up/Page Down", "previous / next marked move", menu=False),
        "close": Shortcut("Escape", "close the review", menu=False),
        "help": Shortcut("F1", "about Review"),
        **OPTIONS, **MENUS,
    },
}

#: The README's names for the scenes, in README order.
SCENE_TITLES = {"mainmenu": "Main menu", "acesup": "Aces Up", "thieves": "Forty Thieves", "acme": "ACME",
                "court": "Affairs of the Court", "romi": "Romi", "review": "Review"}
#: Scenes that are not card tables (the README's "every table" leaves them out)
NOT_TABLES = ("mainmenu", "review")


def key(scene: str, action: str) -> str:
    """The key text of ``action`` in ``scene`` (KeyError if it is not in the map)."""
    return SCENES[scene][action].keys


def key_or_none(scene: str, action: str) -> str:
    """As `key`, but '' when ``scene`` gives ``action`` no key (the base table's items a game removes)."""
    sc = SCENES.get(scene, {}).get(action)
    return sc.keys if sc else ""


def clashes(scene: str) -> dict[str, list[str]]:
    """Keys that two or more actions of ``scene`` share: {key: [actions]} (empty when all is well)."""
    seen: dict[str, list[str]] = {}
    for action, sc in SCENES[scene].items():
        seen.setdefault(sc.shown.lower(), []).append(action)
    return {k: v for k, v in seen.items() if len(v) > 1}


def keys_text(scene: str) -> str:
    """The KEYS section of a Help text: one line per key, menu shortcuts first."""
    items = sorted(SCENES[scene].values(), key=lambda s: not s.menu)
    return "KEYS\n" + "\n".join(f"{s.shown} \u2014 {s.words}" for s in items)


def with_keys(scene: str, help_text: str) -> str:
    """A Help text with its KEYS section (generated here, never written by hand)."""
    return help_text.rstrip() + "\n\n" + keys_text(scene) + "\n"


def readme_table() -> str:
    """The README's key table (the README holds exactly this text; a test compares them).

    One row per key and meaning, with where it works: 'everywhere', 'every table', or the tables' names."""
    tables = [s for s in SCENES if s not in NOT_TABLES]
    rows: dict[tuple[str, str], list[str]] = {}
    for scene, actions in SCENES.items():
        for sc in actions.values():
            rows.setdefault((sc.shown, sc.words), []).append(scene)
    out = ["| key | does | where |", "|---|---|---|"]
    lines = []
    for (keys, words), scenes in rows.items():
        if set(scenes) == set(SCENES):
            rank, where = 0, "everywhere"
        elif set(scenes) == set(tables):
            rank, where = 1, "every table"
        else:
            rank, where = 2, ", ".join(SCENE_TITLES[s] for s in scenes)
        lines.append((rank, f"| {keys} | {words} | {where} |"))
    out += [line for _rank, line in sorted(lines, key=lambda r: r[0])]
    return "\n".join(out)


if __name__ == "__main__":  # python -m game.engine.shortcuts: the README's key table, to paste after a change
    print(readme_table())
