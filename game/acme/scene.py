"""The ACME table: you at the bottom, four computer seats around, the trick in the middle.

Input maps to moves only: clicking a card of your hand selects it (it rises)
when it can be part of a legal play or gift; the Play button gives, plays or —
with nothing selected — passes, and is enabled only for a legal selection.
Everything the rules allow comes from `game.acme.rules`; the computer seats
think in a worker thread on what their seat may see.  Messages go on the
message line under the hand, never in pop-ups.

Named players (`saves.acme_profiles`) keep their table of seniorities and
statistics; leaving a round unfinished (Change Player, Exit) makes the leaver
Apprentice next round, after a confirm.  Saving a round is not leaving.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.acme import players, rules
from game.acme.help import HELP
from game.cards import card_name
from game.engine import theme
from game.engine.cardtable import CardSprite, Placement
from game.engine.computer import ComputerTurns
from game.engine.dialogs import Dialog, TextInputDialog, confirm
from game.engine.table import TableScene
from game.engine.widgets import Button, Menu, item
from saves import acme_profiles as AP
from saves import games as saved_games

SEAT_NAMES = ("You", "Alice", "Bruno", "Carmen", "Dmitri")
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th")
FAN = 0.42  # horizontal step between cards of the hand, as a share of card width


class AcmeScene(TableScene):
    game = "acme"
    title = "ACME"
    rules = rules
    allow_undo = False
    help_text = HELP

    def __init__(self, app, seed: int | None = None, resume: bool = True, **options: Any) -> None:
        self.book = AP.load_profiles()
        self.profile: AP.Profile | None = self.book.current
        self.selected: set[str] = set()
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.hand_rect = pygame.Rect(0, 0, 0, 0)
        self.trick_center = (0, 0)
        self.pile_pos = (0, 0)
        self.recorded = False
        self._spawn: tuple[float, float] | None = None
        self._left = False
        self._rng = random.Random()
        self.level = str(app.settings.game("acme").get("level", players.DEFAULT_LEVEL))
        if self.level not in players.LEVELS:
            self.level = players.DEFAULT_LEVEL
        self.ai = {s: players.make_player(self.level) for s in range(1, 5)}
        super().__init__(app, seed, resume, **options)
        self.computer = ComputerTurns(self, self.think, self.is_computer, delay_s=0.7)
        self.play_button = Button("Play", self.press_play, enabled=self.play_enabled)
        self.buttons = [self.play_button]
        self.geometry(app.size)
        if self.book.warning:
            self.status.say(self.book.warning, theme.HILITE)
        else:
            self.say_turn()

    # ------------------------------------------------------------ players
    def think(self, state: rules.State) -> rules.Move:
        seat = rules.current_player(state)
        return self.ai[seat].choose(rules.observe(state, seat), self._rng)

    def is_computer(self, state: rules.State) -> bool:
        return rules.current_player(state) not in (None, 0)

    def new_state(self, seed: int) -> rules.State:
        roles = self.profile.roles if getattr(self, "profile", None) else None
        return rules.new_game(seed, roles=roles)

    # ------------------------------------------------------------ geometry
    def geometry(self, size: tuple[int, int]) -> None:
        w, h = size
        cw = max(48, min(w // 13, int((h - theme.MENUBAR_H - theme.STATUS_H) / 5.6 / 1.4)))
        ch = int(cw * 1.4)
        self.table.set_card_size((cw, ch))
        bottom = h - theme.STATUS_H - 14
        hand_w = int(cw + 12 * FAN * cw)
        self.hand_rect = pygame.Rect((w - hand_w) // 2, bottom - ch, hand_w, ch)
        pw, ph = max(150, int(cw * 1.9)), 84
        top = theme.MENUBAR_H + 16
        mid = int(h * 0.36)
        self.seat_rects = {
            1: pygame.Rect(16, mid, pw, ph),
            2: pygame.Rect(int(w * 0.30) - pw // 2, top, pw, ph),
            3: pygame.Rect(int(w * 0.70) - pw // 2, top, pw, ph),
            4: pygame.Rect(w - 16 - pw, mid, pw, ph),
            0: pygame.Rect(self.hand_rect.x - pw - 24, bottom - ph, pw, ph),
        }
        self.trick_center = (w // 2, int(h * 0.44))
        self.pile_pos = (w - 16 - int(cw * 0.7), top + ph + 30)
        if self.buttons:
            b = self.play_button
            b.rect = pygame.Rect(0, 0, max(120, cw + 30), 46)
            b.rect.midleft = (self.hand_rect.right + 28, self.hand_rect.centery + ch // 6)

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        r = self.seat_rects.get(seat)
        if r is None:
            return self.trick_center
        cw, ch = self.table.card_size
        if seat == 0:
            return (self.hand_rect.centerx - cw / 2, self.hand_rect.y)
        return (r.centerx - cw / 2, r.centery - ch / 2)

    def layout(self, state: rules.State) -> dict[str, Placement]:
        out: dict[str, Placement] = {}
        cw, ch = self.table.card_size
        # Your hand, sorted low to high, centred.
        mine = state.hands[0]
        step = FAN * cw if len(mine) <= 13 else (self.hand_rect.w - cw) / max(1, len(mine) - 1)
        width = cw + step * (len(mine) - 1) if mine else 0
        x0 = self.hand_rect.centerx - width / 2
        for i, code in enumerate(mine):
            out[code] = Placement(x0 + i * step, self.hand_rect.y, True, 300 + i)
        # The computers' hidden hands: small fanned backs under their name panels.
        sw, sh = int(cw * 0.52), int(ch * 0.52)
        over = rules.is_over(state)
        for seat in range(1, 5):
            r = self.seat_rects[seat]
            n = len(state.hands[seat])
            if over and n:  # the round is over: the last player's cards are shown
                gap = min(sw * 0.5, (r.w - sw) / max(1, n - 1)) if n > 1 else 0
                total = sw + gap * (n - 1)
                for i, code in enumerate(state.hands[seat]):
                    out[code] = Placement(r.centerx - total / 2 + i * gap, r.bottom + 8, True, 50 + i, (sw, sh))
                continue
            gap = min(sw * 0.28, (r.w - sw) / max(1, n - 1)) if n > 1 else 0
            total = sw + gap * (n - 1)
            for i in range(n):
                out[f"back{seat}#{i}"] = Placement(r.centerx - total / 2 + i * gap, r.bottom + 8, False, 50 + i,
                                                   (sw, sh))
        # Gifts in transit during the exchange wait face down between their giver and the middle.
        if state.phase == "exchange":
            cx, cy = self.trick_center
            for k, cards in enumerate(state.gifts):
                giver = state.roles[rules.EXCHANGE[k][0]]
                ax, ay = self.seat_anchor(giver)
                gx = ax + (cx - cw / 2 - ax) * 0.55
                gy = ay + (cy - ch / 2 - ay) * 0.55
                for j, code in enumerate(cards):
                    out[code] = Placement(gx + j * cw * 0.3, gy, giver == 0, 200 + j)
        # Cards of finished tricks: a squared pile at the side.
        trick = rules.trick_plays(state) if not over else ()
        past = [c for _, cards in (state.log if over else state.log[:state.trick_start]) for c in cards]
        px, py = self.pile_pos
        pw, ph = int(cw * 0.6), int(ch * 0.6)
        for i, code in enumerate(past):
            out[code] = Placement(px - pw / 2 + (i // 8) * 1.5, py + (i // 8) * 1.5, False, 10 + i, (pw, ph))
        # The current trick: each play a little further right and down, the top play last.
        plays = [(seat, cards) for seat, cards in trick if cards]
        cx, cy = self.trick_center
        n = len(plays)
        spread = cw * (0.55 + 0.22 * (len(plays[0][1]) - 1)) if plays else 0
        for k, (_seat, cards) in enumerate(plays):
            off = (k - (n - 1) / 2) * spread
            gx = cx + off - (cw + (len(cards) - 1) * cw * 0.22) / 2
            gy = cy - ch / 2 + (k - (n - 1) / 2) * 8
            for j, code in enumerate(cards):
                out[code] = Placement(gx + j * cw * 0.22, gy, True, 120 + k * 5 + j)
        return out

    def relayout(self, animate: bool = True, stagger: float = 0.0, spawn=None) -> None:
        for sp_id in list(self.selected):
            if sp_id not in self.state.hands[0]:
                self.selected.discard(sp_id)
        super().relayout(animate, stagger, spawn if spawn is not None else self._spawn)
        self._spawn = None
        for sp in self.table.sprites.values():
            sp.selected = sp.id in self.selected

    def deal_origin(self) -> tuple[float, float]:
        return (self.trick_center[0] - self.table.card_size[0] / 2, self.trick_center[1] - self.table.card_size[1])

    # ------------------------------------------------------------ playing
    def play(self, move: Any, sound: str = "place", sprite_ids: tuple[str, ...] = (), stagger: float = 0.0) -> bool:
        seat = rules.current_player(self.state)
        if seat not in (None, 0):
            self._spawn = self.seat_anchor(seat)  # its cards come out of its hidden hand
        if isinstance(move, rules.Move) and move.kind == "pass":
            sound = "tick"
        return super().play(move, sound, sprite_ids, 0.05 if stagger == 0.0 else stagger)

    def on_click(self, sprite: CardSprite | None, pos: tuple[int, int]) -> None:
        if sprite is None or sprite.id not in self.state.hands[0]:
            return
        if rules.is_over(self.state):
            self.status.say("The round is over: press Deal (F2) for the next one.")
            return
        if rules.current_player(self.state) != 0:
            self.refuse("Wait for your turn.", (sprite.id,))
            return
        code = sprite.id
        if code in self.selected:
            self.selected.discard(code)
        elif code in rules.selectable_cards(self.state, self.selected | {code}):
            self.selected.add(code)
        elif code in rules.playable_cards(self.state):
            self.selected = {code}
        else:
            self.refuse(self.why_not(code), (code,))
            return
        self.app.sounds.play("click")
        for sp in self.table.sprites.values():
            sp.selected = sp.id in self.selected
        self.say_selection()
        self.app.invalidate()

    def why_not(self, code: str) -> str:
        s = self.state
        if s.phase == "exchange":
            spec = rules.EXCHANGE[len(s.gifts)]
            if spec[3]:
                return f"You must give your highest card{'s' if spec[2] > 1 else ''}: the rightmost."
        top = rules.top_play(s)
        if top is not None:
            n = len(top[1])
            return (f"{card_name(code)} cannot beat the {rules.describe(top[1])} "
                    f"(you need {n} card{'s' if n > 1 else ''} of a higher rank, or the joker).")
        return "That card cannot be played now."

    def play_enabled(self) -> bool:
        s = self.state
        if rules.is_over(s):
            return True  # Deal
        if rules.current_player(s) != 0 or self.table.animating:
            return False
        return rules.selection_move(s, self.selected) is not None

    def press_play(self) -> None:
        if rules.is_over(self.state):
            self.deal()
            return
        move = rules.selection_move(self.state, self.selected)
        if move is None:
            self.refuse("Select cards that make a legal play first.")
            return
        ids = tuple(self.selected)
        self.selected = set()
        self.play(move, "place", ids)

    def after_move(self, before: rules.State, move: rules.Move, after: rules.State) -> None:
        seat = rules.current_player(before)
        who = "You" if seat == 0 else SEAT_NAMES[seat]
        if before.phase == "exchange" and after.phase == "play":
            got = rules.observe(after, 0).received
            gave = rules.observe(after, 0).gave
            msg = "The cards are exchanged."
            if gave or got:
                msg += f" You gave {rules.describe_cards(gave)} and got {rules.describe_cards(got)}."
            self.status.say(msg)
            self.app.sounds.play("flip")
        elif move.kind == "play" and seat is not None and not after.hands[seat]:
            place = len(after.finished) if seat in after.finished else 5
            self.status.say(f"{who} {'are' if seat == 0 else 'is'} out: {ORDINAL[place - 1]}, "
                            f"{rules.ROLE_NAMES[place - 1]} next round.", theme.GOLD)
            self.app.sounds.play("score_up" if seat == 0 else "score_down")
        elif not rules.is_over(after):
            self.say_turn()
        if rules.trick_plays(after) == () and before.phase == "play" and not rules.is_over(after):
            self.app.sounds.play("capture")

    def say_turn(self) -> None:
        s = self.state
        if rules.is_over(s):
            return
        seat = rules.current_player(s)
        if seat != 0:
            if s.phase == "exchange":
                self.status.say("The exchange: the President, Vice President, Blue Collar Worker and "
                                "Apprentice give cards.")
            return
        role = rules.role_of(s, 0)
        if s.phase == "exchange":
            g, r, n, highest = rules.EXCHANGE[len(s.gifts)]
            what = f"your {'two highest cards' if n == 2 else 'highest card'} (the rightmost)" if highest \
                else f"any {'two cards' if n == 2 else 'card'}"
            self.status.say(f"You are {rules.ROLE_NAMES[role]}: select {what} to give the "
                            f"{rules.ROLE_NAMES[r]}, then press Play.")
            return
        top = rules.top_play(s)
        if top is None:
            self.status.say("Your lead: select 1 to 4 cards of one rank (or the joker) and press Play.")
        else:
            self.status.say(f"{SEAT_NAMES[top[0]]} played {rules.describe(top[1])}. Select higher cards "
                            "and press Play, or press Play with nothing selected to pass.")

    def say_selection(self) -> None:
        move = rules.selection_move(self.state, self.selected)
        if not self.selected:
            self.say_turn()
        elif move is None:
            self.status.say("Not yet a legal play: " + rules.describe_cards(tuple(self.selected)) + ".")
        else:
            verb = "give" if move.kind == "give" else "play"
            self.status.say(f"Press Play to {verb} {rules.describe_cards(move.cards)}.")

    def on_game_over(self, state: rules.State) -> None:
        place = state.finished.index(0)
        if self.profile is not None and not self.recorded:
            AP.record_round(self.profile, list(state.roles), list(state.finished))
            problem = AP.save_profiles(self.book)
            if problem:
                self.status.say(problem, theme.HILITE)
                self.recorded = True
                return
        self.recorded = True
        saved_games.clear_resume(self.game)
        self.app.sounds.play("win" if place == 0 else "lose" if place == 4 else "score_up")
        self.status.say(f"Round over: you finished {ORDINAL[place]} and will be {rules.ROLE_NAMES[place]}. "
                        "Press Deal (F2) for the next round.", theme.GOLD)

    # ------------------------------------------------------------ rounds
    def deal(self) -> None:
        if self.in_round():
            self.refuse("You cannot re-deal while a round is in progress.")
            return
        self.new_round()

    def in_round(self) -> bool:
        return bool(self.history.moves) and not rules.is_over(self.state)

    def new_round(self, seed: int | None = None) -> None:
        self.computer.cancel()
        self.selected = set()
        self.recorded = False
        TableScene.new_game(self, seed)
        self.say_turn()

    def new_game(self, seed: int | None = None) -> None:
        if self.in_round():
            self.refuse("You cannot re-deal while a round is in progress: finish it first.")
            return
        self.new_round(seed)

    def restart(self) -> None:
        self.refuse("ACME rounds cannot be restarted.")

    def start_game(self, state: Any, seed: int, sound: str = "shuffle") -> None:
        if hasattr(self, "computer"):
            self.computer.cancel()
        self.selected = set()
        super().start_game(state, seed, sound)

    def after_load(self, extra: dict[str, Any]) -> None:
        self.selected = set()
        self.recorded = rules.is_over(self.state)

    def after_resumed(self) -> None:
        self.say_turn()

    # ------------------------------------------------------------ players & menus
    def on_enter(self) -> None:
        first = not self._entered
        super().on_enter()
        if first and self.profile is None and self._offer_resume:
            self.change_player()

    def change_player(self) -> None:
        if self.in_round() and self.profile is not None:
            confirm(self.app, "Change Player",
                    f"The round is not finished. If {self.profile.name} leaves now, {self.profile.name} "
                    "becomes Apprentice next round. Change player anyway?",
                    lambda: (self.leave(), self.ask_name()), yes="Change player", no="Keep playing")
        else:
            self.ask_name()

    def leave(self) -> None:
        if self.profile is not None and self.in_round():
            AP.leave_round(self.profile)
            problem = AP.save_profiles(self.book)
            if problem:
                self.status.say(problem, theme.HILITE)
            saved_games.clear_resume(self.game)

    def ask_name(self) -> None:
        names = self.book.names()
        prompt = "Your name:" if not names else "Your name (players: " + ", ".join(names[:5]) + \
            ("…" if len(names) > 5 else "") + "):"

        def check(text: str) -> str | None:
            try:
                AP.clean_name(text)
            except ValueError as err:
                return str(err)
            return None

        def ok(text: str) -> None:
            self.profile = self.book.select(text)
            problem = AP.save_profiles(self.book)
            self.player_chosen()
            self.status.say(problem or f"Welcome, {self.profile.name}: you are "
                            f"{rules.ROLE_NAMES[rules.role_of(self.state, 0)]}. Press Deal (F2) to deal the round.",
                            theme.HILITE if problem else
                            theme.WHITE)
        self.app.push(TextInputDialog(self.app, "Player", prompt, ok, "", check, max_len=AP.MAX_NAME))

    def player_chosen(self) -> None:
        """A player was chosen (see game.acme.seniority: the round waits for Deal)."""
        self.new_round()

    def exit_game(self) -> None:
        if self.in_round() and self.profile is not None:
            confirm(self.app, "Exit",
                    f"The round is not finished. If you exit now, {self.profile.name} becomes Apprentice "
                    "next round. (Save the round first to keep it without penalty.) Exit anyway?",
                    lambda: (self.leave(), self._quit()), yes="Exit", no="Keep playing")
        else:
            self._quit()

    def _quit(self) -> None:
        self._left = True  # the penalty is paid: nothing to keep for next time
        saved_games.clear_resume(self.game)
        self.app.request_quit()

    def show_statistics(self) -> None:
        self.app.push(StatisticsDialog(self.app, self.profile))

    def clear_statistics(self) -> None:
        if self.profile is None:
            self.status.say("Choose a player first (Game > Change Player).")
            return
        name = self.profile.name

        def yes() -> None:
            AP.clear_statistics(self.profile)
            problem = AP.save_profiles(self.book)
            self.status.say(problem or f"Statistics of {name} cleared.")
        confirm(self.app, "Clear Statistics", f"Clear all the statistics of {name}?", yes, yes="Clear",
                no="Cancel")

    def build_menus(self) -> list[Menu]:
        menus = super().build_menus()
        game = menus[0]
        keep = [it for it in game.items if it.label not in ("New", "Restart", "Select deal…", "Exit")]
        game.items = [item("Change Player…", self.change_player, "Ctrl+P"),
                      item("Deal", self.deal, "F2"),
                      item("Statistics…", self.show_statistics, "Ctrl+T"),
                      item("-")] + keep + [item("Exit", self.exit_game, "Ctrl+Q")]
        for m in menus:
            if m.title == "Options":
                m.items = m.items + [item("-"), item("Clear Statistics…", self.clear_statistics)]
        return menus

    # ------------------------------------------------------------ drawing
    def status_text(self) -> str:
        name = self.profile.name if self.profile else "Guest"
        return f"{name}   Deal #{self.seed}"

    def draw_table(self, surface: pygame.Surface) -> None:
        s = self.state
        acting = rules.current_player(s)
        trick = rules.trick_plays(s)
        passed = {seat for seat, cards in trick if not cards}
        for seat, r in self.seat_rects.items():
            role = rules.role_of(s, seat)
            out = seat in s.finished
            edge = theme.HILITE if seat == acting else theme.GOLD if role == 0 else (60, 90, 70)
            theme.panel(surface, r, (20, 52, 36) if not out else (30, 40, 34), edge, radius=10)
            if seat == acting:
                pygame.draw.rect(surface, theme.HILITE, r.inflate(6, 6), 2, border_radius=12)
            theme.text(surface, SEAT_NAMES[seat] if seat else (self.profile.name if self.profile else "You"),
                       (r.x + 12, r.y + 8), 22, theme.WHITE, bold=True)
            theme.text(surface, rules.ROLE_SHORT[role], (r.x + 12, r.y + 32), 20,
                       theme.GOLD if role == 0 else (210, 225, 210))
            n = len(s.hands[seat])
            if out:
                place = s.finished.index(seat)
                note = f"Out {ORDINAL[place]}"
            elif seat == 0:
                note = f"{n} cards"
            else:
                note = f"{n} card{'s' if n != 1 else ''}"
            theme.text(surface, note, (r.x + 12, r.y + 56), 20, (200, 215, 200))
            tag = None
            if seat == acting and seat != 0:
                tag, colour = "thinking…", theme.HINT
            elif seat in passed:
                tag, colour = "Pass", (240, 170, 120)
            if tag:
                theme.text(surface, tag, (r.right - 10, r.y + 10), 19, colour, anchor="topright")
        cw, ch = self.table.card_size
        cx, cy = self.trick_center
        if s.phase == "exchange":
            theme.text(surface, "Card exchange", (cx, cy + ch // 2 + 12), 26, theme.GOLD, anchor="center",
                       bold=True)
            for k, (g, r, n, _hi) in enumerate(rules.EXCHANGE):
                done = k < len(s.gifts)
                verb = "give" if s.roles[g] == 0 else "gives"
                line = (f"{SEAT_NAMES[s.roles[g]]} ({rules.ROLE_SHORT[g]}) {verb} {n} to "
                        f"{SEAT_NAMES[s.roles[r]]} ({rules.ROLE_SHORT[r]})" + ("  - done" if done else ""))
                theme.text(surface, line, (cx, cy + ch // 2 + 40 + 24 * k), 19,
                           (150, 190, 160) if done else theme.WHITE, anchor="center")
        elif not trick and not rules.is_over(s):
            who = "You lead" if acting == 0 else f"{SEAT_NAMES[acting]} leads"
            theme.text(surface, who, (cx, cy), 24, (190, 215, 195), anchor="center")
        top = rules.top_play(s)
        if top is not None:
            theme.text(surface, f"{SEAT_NAMES[top[0]]}: {rules.describe(top[1])}", (cx, cy + ch // 2 + 26), 21,
                       theme.WHITE, anchor="center")
        if s.trick_start or rules.is_over(s):
            theme.text(surface, "Played", (self.pile_pos[0], self.pile_pos[1] - 8), 18, (190, 215, 195),
                       anchor="midbottom")
    def draw_overlay(self, surface: pygame.Surface) -> None:
        s = self.state
        if not rules.is_over(s):
            return
        cx, cy = self.trick_center
        lines = [(ORDINAL[i], SEAT_NAMES[seat] if seat else (self.profile.name if self.profile else "You"),
                  rules.ROLE_NAMES[i]) for i, seat in enumerate(s.finished)]
        box = pygame.Rect(0, 0, 380, 64 + 28 * len(lines))
        box.center = (cx, cy)
        theme.panel(surface, box, (18, 44, 30), theme.GOLD, radius=12)
        theme.text(surface, "Round over: next round's roles", (box.centerx, box.y + 22), 23, theme.GOLD,
                   anchor="center", bold=True)
        for i, (place, name, role) in enumerate(lines):
            y = box.y + 46 + 28 * i
            colour = theme.HILITE if s.finished[i] == 0 else theme.WHITE
            theme.text(surface, place, (box.x + 24, y), 21, colour)
            theme.text(surface, name, (box.x + 80, y), 21, colour, bold=s.finished[i] == 0)
            theme.text(surface, role, (box.right - 20, y), 21, (200, 220, 200), anchor="topright")

    def busy(self) -> bool:
        return super().busy() or self.computer.busy()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.computer.update(dt)
        self.play_button.label = "Deal" if rules.is_over(self.state) else "Play"

    def in_progress(self) -> bool:
        return self.in_round() and not self._left

    # ------------------------------------------------------------ benchmark
    def bench_prepare(self) -> None:
        while rules.current_player(self.state) not in (None, 0) or (
                rules.current_player(self.state) == 0 and self.state.phase == "exchange"):
            seat = rules.current_player(self.state)
            move = players.make_player("baseline").choose(rules.observe(self.state, seat), self._rng)
            self.history.push(move, rules.apply(self.state, move))
        self.relayout(animate=False)

    def bench_animate(self) -> None:
        for sp in self.table.sprites.values():
            sp.x, sp.y = self.deal_origin()
        self.relayout(stagger=0.01)


class StatisticsDialog(Dialog):
    """Rounds at each level of seniority: a table and a bar chart."""

    width = 620
    body_height = 300

    def __init__(self, app, profile: AP.Profile | None) -> None:
        self.profile = profile
        name = profile.name if profile else "no player"
        super().__init__(app, f"Statistics — {name}", ("Close",))

    def draw_body(self, surface: pygame.Surface) -> None:
        b = self.body
        stats = self.profile.stats if self.profile else [0] * 5
        pct = self.profile.percentages() if self.profile else [0.0] * 5
        total = sum(stats)
        theme.text(surface, "Level", (b.x, b.y + 4), 20, theme.INK_SOFT, bold=True)
        theme.text(surface, "Rounds", (b.x + 240, b.y + 4), 20, theme.INK_SOFT, bold=True, anchor="topright")
        theme.text(surface, "%", (b.x + 300, b.y + 4), 20, theme.INK_SOFT, bold=True, anchor="topright")
        bar_x, bar_w = b.x + 320, b.w - 330
        for i in range(5):
            y = b.y + 36 + i * 44
            theme.text(surface, rules.ROLE_NAMES[i], (b.x, y + 6), 21, theme.INK)
            theme.text(surface, str(stats[i]), (b.x + 240, y + 6), 21, theme.INK, anchor="topright")
            theme.text(surface, f"{pct[i]:.0f}", (b.x + 300, y + 6), 21, theme.INK, anchor="topright")
            track = pygame.Rect(bar_x, y + 4, bar_w, 24)
            pygame.draw.rect(surface, (226, 220, 204), track, border_radius=6)
            if pct[i] > 0:
                fill = track.copy()
                fill.w = max(6, int(bar_w * pct[i] / 100))
                colour = (200, 160, 60) if i == 0 else (70, 130, 90) if i < 3 else (160, 90, 70)
                pygame.draw.rect(surface, colour, fill, border_radius=6)
        theme.text(surface, f"Total rounds: {total}", (b.x, b.y + 36 + 5 * 44 + 6), 22, theme.INK, bold=True)


def create_scene(app, seed: int | None = None, resume: bool = True, **options: Any) -> AcmeScene:
    from game.acme.seniority import AcmeTable  # the table with its seniority rules (imports this module)

    return AcmeTable(app, seed, resume, **options)
