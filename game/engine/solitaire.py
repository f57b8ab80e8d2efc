"""What the two solitaire tables share beyond TableScene: the game timer and move counter on the status
line (Game ▸ Show time and moves), "Winnable deals only" on every way to a new deal (the table waits,
showing no cards, while the deal is looked for), and waking the sleeping loop for the light's cue and the
clock. Aces Up and Forty Thieves mix it in before TableScene.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.clock import GameClock, clock_text
from game.engine.widgets import MenuItem, item

#: Load's words for a save of the very game on the table, which leaving counts now: the statistics count a game
#: once (by its id), so the loaded game, being the same game, never counts again (round 8: only "The game in
#: progress will be lost." was said, then its finish was "counted before"). The one source of these words.
SAME_GAME_LOAD = "The saved game is this same game, so it will not count again when you finish it."


class SolitaireTable:
    """Mixin for a solitaire table (before TableScene in the bases): ``self.clock`` and ``self.winnable``."""

    app: Any
    game: str
    clock: GameClock

    def show_clock(self) -> bool:
        return self.app.settings.game(self.game).get("show_clock", True) is not False

    def toggle_clock(self) -> None:
        self.app.settings.game(self.game)["show_clock"] = not self.show_clock()
        self.app.save_settings()
        self.app.invalidate()

    def clock_menu_item(self) -> MenuItem:
        return item("Show time and moves", self.toggle_clock, checked=self.show_clock)

    def clock_words(self) -> str:
        """"Time 3:07   Moves 14" for the status line, or "" when hidden."""
        if not self.show_clock():
            return ""
        return f"   Time {clock_text(self.clock.seconds())}   Moves {self.history.cursor}"  # type: ignore[attr-defined]

    def after_frame(self) -> None:
        """The clock is held while the table is covered (a dialog, a menu, the review), as the computers wait
        (game.engine.computer): the time is the player's time at the table."""
        stack = self.app.stack
        self.clock.hold(stack.top is not None and stack.top is not self)
        super().after_frame()  # type: ignore[misc]

    def clock_wakeup(self) -> float | None:
        """The next whole second of a shown, running clock (held under a dialog, stopped at the end); none
        while the window is minimised or hidden, where no one sees it tick (restoring it redraws)."""
        if not self.show_clock() or not pygame.display.get_active():
            return None
        return self.clock.next_tick()

    def start_game(self, state: Any, seed: int, sound: str = "shuffle") -> None:
        """Any deal put on the table (a chosen number, a restart, a found winnable deal) ends a search under
        way: its deal, found later, must never replace the one the player now plays."""
        if hasattr(self, "winnable"):
            self.winnable.cancel_search()  # type: ignore[attr-defined]
        super().start_game(state, seed, sound)  # type: ignore[misc]

    def load_data(self, data: dict[str, Any]) -> None:
        """A loaded game ends a search under way too (see `start_game`), once it has loaded."""
        super().load_data(data)  # type: ignore[misc]
        self.winnable.cancel_search()  # type: ignore[attr-defined]

    def load_words(self, data: dict[str, Any]) -> str:
        """Load's question about a save of the game in progress (`SAME_GAME_LOAD`), else nothing more."""
        extra = data.get("extra")
        same = isinstance(extra, dict) and extra.get("game_id") == getattr(self, "game_id", None)
        return SAME_GAME_LOAD if same and self.leaving_counts() else ""  # type: ignore[attr-defined]

    def waiting_for_deal(self) -> bool:
        return self.winnable.search_job is not None  # type: ignore[attr-defined]

    def waiting_words(self) -> str:
        return str(self.winnable.words["looking"])  # type: ignore[attr-defined]

    def deal_as_options_ask(self) -> None:
        if self.winnable.only:  # type: ignore[attr-defined]
            self.new_game()  # type: ignore[attr-defined]

    def next_wakeup(self) -> float | None:
        """A frame when the light's cue moves or the shown time changes; None lets the loop sleep."""
        times = [t for t in (self.winnable.next_wakeup(), self.clock_wakeup()) if t is not None]  # type: ignore
        return min(times) if times else None

    def ring_on_hint(self, ids: list[str]) -> None:
        """The keyboard ring goes to the card a Hint (or Show a winning move) framed, or to the stock it
        points at, so Enter does what the hint says, as Court's Hint does (issue 33: played with the keys,
        Ctrl+H then Enter did nothing, the ring being nowhere)."""
        if not ids:
            return
        focus = self.focus  # type: ignore[attr-defined]
        sprite = self.table.sprites.get(ids[0])  # type: ignore[attr-defined]
        spots = focus.spots()
        target = next((s for s in spots if s.sprite == ids[0]), None)
        if target is None and sprite is not None:
            centre = sprite.rect(self.table.card_size).center  # type: ignore[attr-defined]
            target = next((s for s in spots if s.rect.collidepoint(centre)), None)
        if target is not None:
            focus.visible = True
            focus.focus_on(target)
