"""Keyboard play on every table: a focus ring, spatial arrows, Tab between areas, and pick up / put down.

Why one engine piece instead of key handlers per game: a keyboard move must be *exactly* the mouse move,
or the two drift apart and one of them becomes a second set of rules. So the keyboard only ever calls the
scene's own mouse hooks — Enter is a click (`on_click` at the focused place), Space on something that can
be dragged picks it up through the very drag code the mouse uses (`CardTable.begin_drag`), the held cards
follow the ring as the arrows choose a target, and Space again drops them there (`on_drop`), Escape
flies them home. A game only says *where* a player can act: `TableScene.focus_spots()` returns `Spot`s
(a rectangle, words for the status line, an area name for Tab). The list is asked for afresh on every key,
so the ring follows the state and never rests on a card that has gone.

The ring appears with the first arrow or Tab and hides when the mouse is used, as in desktop solitaires;
while it is hidden, Enter and Space keep whatever table shortcut the game gave them, and Enter on a table
that gave it none shows the ring and says where it is (it did nothing, and a blind player heard silence).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine.widgets import RING, draw_ring

#: keys the focus owns on a table (game.engine.shortcuts reserves them and lists them as FOCUS)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER)
PICK = pygame.K_SPACE
#: Home / End: the first / last place of the ring's area (a hand's first and last card)
ENDS = {pygame.K_HOME: 0, pygame.K_END: -1}
#: a rank's key moves the ring to the hand's next card of that rank, as audio card tables do: digits only
#: (1 for an ace, 0 for a ten), since the letters are taken by tables' own shortcuts (K, D, P, F)
RANK_KEYS = {pygame.K_1: "A", pygame.K_0: "T", **{getattr(pygame, f"K_{n}"): str(n) for n in range(2, 10)}}
#: the areas that hold a player's hand (ACME, Court: hand; Romi: palette)
HAND_AREAS = ("hand", "palette")

#: the keys of keyboard play, for every game's Help (each game adds what Enter and Space do on its table)
HELP = (
    "Playing with the keyboard: an arrow key or Tab shows the focus ring (a yellow frame) and the status "
    "line says in words what it is on. The arrows move it to the nearest place in that direction; Tab and "
    "Shift+Tab jump between areas (piles, hand…) and step through the buttons one by one. Enter acts on the "
    "focused place as a click does. "
    "Space picks up what a drag would lift (the ring turns blue and the cards follow it): choose the target "
    "with the arrows and press Space again to put them down, or Escape to put them back. Escape hides the "
    "ring; a mouse click hides it too. Home and End go to the first and last card of a hand (or place of an "
    "area); in a hand, a rank's digit goes to the next card of that rank (2 to 9, 0 for a ten, 1 for an ace)."
)

RING_HELD = (80, 220, 255)
#: said when Escape hides the ring: an arrow or Tab shows it again
RING_HIDDEN = "Ring hidden: an arrow or Tab shows it again."


@dataclass(frozen=True)
class Spot:
    """A place on the table a player can act on.

    ``key`` is a stable identity ("pile 2", "hand 7H") so the ring stays put across relayouts; ``label``
    is what the status line says ("Pile 3: the King of hearts"); ``area`` groups spots for Tab.
    ``sprite`` is the card a click or a pick-up acts on (None: the felt at ``rect``, e.g. an empty pile);
    ``action``, when given, is called instead of a click (buttons); ``drop`` says whether held cards may be
    put down here (only such spots are visited while cards are held).
    """

    key: str
    rect: pygame.Rect
    label: str
    area: str
    sprite: str | None = None
    action: Callable[[], None] | None = None
    drop: bool = False
    pick: bool = True


#: how far the ring reaches outside the place it rings (``draw``'s 10 px inflate, then draw_ring's black outline)
RING_OUTSET = 7


def fan_strip(r: pygame.Rect, next_x: int) -> pygame.Rect:
    """The visible strip of a fanned card whose right neighbour starts at ``next_x``, narrowed so that the ring
    drawn round it (above every card) ends at the neighbour's edge: the ring on a hinted or chosen card hid
    the next card's corner index (issue 32), the one thing a fan shows of each card."""
    return pygame.Rect(r.x, r.y, max(8, min(r.w, next_x - r.x - RING_OUTSET)), r.h)


def resting_rect(scene, placements: dict, sid: str) -> pygame.Rect:
    """Where card ``sid`` rests in the table's layout (not where an animation has it now)."""
    pl = placements[sid]
    w, h = pl.size or scene.table.card_size
    return pygame.Rect(round(pl.x), round(pl.y), w, h)


def step(spots: list[Spot], current: Spot, dx: int, dy: int) -> Spot | None:
    """The spot an arrow key reaches from ``current``: within its own area if anything lies that way (the
    piles stay together; the buttons below are reached by Down from the bottom, or by Tab), else anywhere."""
    same = [s for s in spots if s.area == current.area]
    if dy:
        # Up and Down stay in a column: a neighbouring pile that only sits lower (Forty Thieves' stacks of
        # uneven depth) is not "down"; with nothing below in the column they go on to the next area (the
        # stock below the stacks was reached only by a staircase of Downs through the deeper stacks)
        c = current.rect
        column = [s for s in same if s.rect.left < c.right and s.rect.right > c.left]
        others = [s for s in spots if s.area != current.area]
        found = _step(column, current, dx, dy) or _step(others, current, dx, dy)
        if found is not None:
            return found
    return _step(same, current, dx, dy) or _step(spots, current, dx, dy)


def _step(spots: list[Spot], current: Spot, dx: int, dy: int) -> Spot | None:
    """The spot an arrow key reaches from ``current`` in direction (dx, dy): the nearest *line* ahead first
    (the next column for Left/Right, the next row for Up/Down, in steps of half a card), then the one least
    off to the side. Card tables are columns and rows of uneven length (a fanned pile's top card can be far
    below its neighbour's), so plain distance would jump past a whole column; this keeps Right meaning "the
    next pile". "Ahead" is measured between leading edges, not centres: a fanned card is ringed on its
    visible strip only, and a wide place below it must not count as being to its right."""
    c = current.rect
    quantum = max(8, (c.w if dx else c.h) // 2)
    best: tuple[tuple[int, int], Spot] | None = None
    for s in spots:
        if s.key == current.key:
            continue
        r = s.rect
        if dx:
            ahead = r.left - c.left if dx > 0 else c.right - r.right
            side = abs(r.centery - c.centery)
        else:
            ahead = r.top - c.top if dy > 0 else c.bottom - r.bottom
            side = abs(r.centerx - c.centerx)
        if ahead <= 0:
            continue
        score = (ahead // quantum, side)
        if best is None or score < best[0]:
            best = (score, s)
    return best[1] if best else None


def row_step(spots: list[Spot], current: Spot, dx: int, dy: int) -> Spot | None:
    """Arrows that follow a solitaire's screen layout (Forty Thieves, Aces Up; round 13 by ear: Up from Forty
    Thieves' stock went to whichever stack was deepest, and Right from the current card jumped down to a
    button).  The rule, said in their Help: Left and Right move along the ring's row — its area: the stacks,
    the stock and the current card, the buttons — and stop at its ends; Up and Down go to the nearest row that
    way, to its place straight above or below (the nearest centre), however deep a stack is.  None: an edge
    (KeyboardFocus says so)."""
    if dx:
        return _step([s for s in spots if s.area == current.area], current, dx, 0)
    c = current.rect
    column = [s for s in spots if s.area == current.area and s.rect.left < c.right and s.rect.right > c.left]
    found = _step(column, current, 0, dy)
    if found is not None:
        return found

    def ahead(s: Spot) -> int:
        return s.rect.top - c.top if dy > 0 else c.bottom - s.rect.bottom

    rows: dict[str, list[Spot]] = {}
    for s in spots:
        if s.area != current.area and ahead(s) > 0:
            rows.setdefault(s.area, []).append(s)
    if not rows:
        return None
    row = min(rows.values(), key=lambda row: min(ahead(s) for s in row))
    return min(row, key=lambda s: (abs(s.rect.centerx - c.centerx), ahead(s)))


#: how the arrows go on a solitaire table (row_step), for Forty Thieves' and Aces Up's Help
ROWS_HELP = ("The arrows follow the rows on screen: Left and Right move along a row and stop at its end; Up "
             "and Down go to the next row, to the place straight above or below. An arrow that finds nothing "
             "that way says \"Edge\" and the ring stays.")

#: what an arrow that finds nothing that way says before the place the ring stays on (round 13 by ear: Right
#: on Forty Thieves' last stack said nothing, as if the key had not been heard)
EDGE_WORDS = {(1, 0): "right", (-1, 0): "left", (0, -1): "up", (0, 1): "down"}


def edge_words(dx: int, dy: int) -> str:
    return f"Edge: nothing further {EDGE_WORDS[(dx, dy)]}."


#: areas whose every spot Tab reaches in turn (round 10, by ear: Tab jumped from Romi's Draw back to the hand,
#: so End turn, Validate, Restore and Sort were never reached, though the Help says the ring reaches them)
#: Aces Up's "piles" (its stock, four piles and discards, one area so the arrows go straight from the stock to
#: Pile 1) likewise: round 15, by ear, Tab from the stock went to the buttons, past the piles
TAB_EACH = frozenset({"buttons", "piles"})


class KeyboardFocus:
    """The focus of one table scene (see the module docstring)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.visible = False
        self.key: str | None = None
        self.rect: pygame.Rect | None = None
        self.holding: list[str] = []
        self.held_from: str | None = None
        self._area_memory: dict[str, str] = {}
        #: the mouse was used since the ring last showed, and where it was last pressed (`start_after_mouse`)
        self.mouse_used = False
        self.last_click: tuple[int, int] | None = None

    # --------------------------------------------------------------- spots
    def spots(self) -> list[Spot]:
        out = self.scene.focus_spots()
        if self.holding:
            out = [s for s in out if s.drop or s.key == self.held_from]
        return out

    def targets(self) -> list[Spot]:
        """Where the arrows go: every place, the one the held cards came from included — a blind player
        counts arrow presses from there, and a skipped pile put him one off (round 12); Space there puts back."""
        return self.spots()

    def current(self, spots: list[Spot] | None = None) -> Spot | None:
        """The focused spot, re-found after any change: the same key, else the nearest spot in place."""
        spots = self.spots() if spots is None else spots
        if not spots:
            return None
        for s in spots:
            if s.key == self.key:
                self.rect = s.rect
                return s
        if self.rect is not None:
            cx, cy = self.rect.center
            s = min(spots, key=lambda s: abs(s.rect.centerx - cx) + abs(s.rect.centery - cy))
        else:
            s = spots[0]
        self.key, self.rect = s.key, s.rect
        return s

    # --------------------------------------------------------------- input
    def hide(self) -> None:
        if self.visible:
            self.visible = False
            self.scene.app.invalidate()

    def handle(self, event: pygame.event.Event) -> bool:
        """Take a table key; True if it was used. Mouse use hides the ring; cards held with the keys are
        put back first, so the mouse never finds the table in the middle of a keyboard drag."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            if self.holding:
                self.cancel()
            self.hide()
            self.last_click = getattr(event, "pos", None)
            self.mouse_used = True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        mod = getattr(event, "mod", 0) or 0
        k = event.key
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            if (k in ACTIVATE and not mod & (pygame.KMOD_ALT | pygame.KMOD_META) and self.visible
                    and not self.holding):
                # Ctrl+Enter is Ctrl-click: Romi adds the card to the selection (or takes it out); by ear there
                # was no way to select cards not side by side (round 13)
                self.activate(mod)
                return True
            return False
        if k in ARROWS or k == pygame.K_TAB:
            if not self.visible:
                self.show()
                return True
            if k == pygame.K_TAB:
                self.cycle_area(-1 if mod & pygame.KMOD_SHIFT else 1)
            elif not self.move(*ARROWS[k]):
                self.announce(edge_words(*ARROWS[k]))
                return True
            self.announce()
            return True
        if k in ENDS:
            self.visible = True
            self.to_end(ENDS[k])
            self.announce()
            return True
        if not self.visible:
            if k in ACTIVATE:
                # Enter with the ring hidden (a fresh table, or after mouse play) did nothing: a blind player
                # pressing Enter heard silence (issue 34, round 13).  It shows the ring and says where it is, as
                # an arrow does; the next Enter acts there.  (A table's own Enter while hidden comes first: Romi.)
                # A table may name the place Enter means now (ACME: cards selected with the mouse, the prompt
                # says "press Play": the ring shows on Play, not on card 1, round 14)
                hook = getattr(self.scene, "focus_for_enter", None)
                spot = hook(self.spots()) if hook is not None else None
                if spot is not None:
                    self.visible, self.mouse_used = True, False
                    self.focus_on(spot)
                    self.announce()
                    return True
                self.show()
                return True
            return False
        if k in RANK_KEYS and self.to_rank(RANK_KEYS[k]):
            return True
        if k in ACTIVATE:
            if self.holding:
                self.put_down()
            else:
                self.activate(mod)
            return True
        if k == PICK:
            if self.holding:
                self.put_down()
            else:
                self.pick_up()
            return True
        if k == pygame.K_ESCAPE:
            if self.holding:
                self.cancel()
            else:
                self.hide()
                self.scene.status.say(RING_HIDDEN)  # by ear, round 10: Escape hid the ring in silence
            return True
        return False

    def show(self) -> None:
        """The ring appears where it starts (after mouse play, where the table says) and says where it is."""
        self.visible = True
        self.start_after_mouse()
        self.current()
        self.scene.app.invalidate()
        self.announce()

    def start_after_mouse(self) -> None:
        """The first arrow after the mouse was used: a table may say where the ring starts
        (``focus_start(spots, last_click)``, e.g. ACME's hand, never the button the mouse pressed last)."""
        if not self.mouse_used:
            return
        self.mouse_used = False
        start = getattr(self.scene, "focus_start", None)
        spot = start(self.spots(), self.last_click) if start is not None else None
        if spot is not None:
            self.key, self.rect = spot.key, spot.rect

    def move(self, dx: int, dy: int) -> bool:
        """The ring one place that way; False at an edge (nothing lies that way: the ring stays)."""
        spots = self.targets()
        cur = self.current(self.spots())
        if cur is None:
            return True  # nothing to act on: announce says so
        # a table may say where its arrows go (Romi: Up from the hand reaches the board, not a button)
        nxt = getattr(self.scene, "focus_step", step)(spots, cur, dx, dy)
        if nxt is not None:
            self.focus_on(nxt)
        return nxt is not None

    def to_end(self, end: int) -> None:
        """Home (0) / End (-1): the first or last place of the ring's area (round 12 by ear: End in ACME's
        hand did nothing)."""
        spots = self.spots()
        cur = self.current(spots)
        if cur is not None:
            name = cur.area
            if name == "buttons":  # from the buttons, the hand's ends (round 14: End on ACME's Play went to
                # Pass, where the next Enter passed the turn; Help calls Home and End the hand's ends)
                name = next((s.area for s in spots if s.area in HAND_AREAS and s.sprite), name)
            area = [s for s in spots if s.area == name]
            cards = [s for s in area if s.sprite] if name in HAND_AREAS else []
            self.focus_on((cards or area)[end])  # a hand's last card, not Romi's empty places after it

    def to_rank(self, rank: str) -> bool:
        """A rank's key on a hand: the ring goes to the next card of that rank after it (round again to the
        first) and says it, or says there is none.  False off a hand: the key is not the ring's."""
        spots = self.spots()
        cur = self.current(spots)
        if cur is not None and cur.area not in HAND_AREAS and any(s.area in HAND_AREAS for s in spots):
            # said, never silent (round 15, by ear: a digit on Romi's board did nothing at all)
            self.scene.status.say(self.scene.rank_key_words)
            return True
        if cur is None or cur.area not in HAND_AREAS:
            return False
        hand = [s for s in spots if s.area == cur.area and s.sprite]
        of_rank = [s for s in hand if s.sprite[:1] == rank and s.sprite[:2] != "JK"]
        if not of_rank:
            from game.cards import RANK_WORDS

            self.scene.status.say(f"No {RANK_WORDS[rank]} in your hand.")
            return True
        at = hand.index(cur) if cur in hand else -1
        after = [s for s in of_rank if hand.index(s) > at]
        self.focus_on((after or of_rank)[0])
        self.announce()
        return True

    def cycle_area(self, direction: int) -> None:
        spots = self.spots()
        cur = self.current(spots)
        if cur is None:
            return
        areas: list[str] = []
        for s in spots:
            if s.area not in areas:
                areas.append(s.area)
        self._area_memory[cur.area] = cur.key
        if cur.area in TAB_EACH:  # Tab walks the buttons one by one before it leaves them
            own = [s for s in spots if s.area == cur.area]
            k = own.index(cur) + direction
            if 0 <= k < len(own):
                self.focus_on(own[k])
                return
        area = areas[(areas.index(cur.area) + direction) % len(areas)]
        in_area = [s for s in spots if s.area == area]
        if area in TAB_EACH:  # entered from before, the first button; from after (Shift+Tab), the last
            self.focus_on(in_area[0] if direction > 0 else in_area[-1])
            return
        remembered = self._area_memory.get(area)
        self.focus_on(next((s for s in in_area if s.key == remembered), in_area[0]))

    def focus_on(self, spot: Spot) -> None:
        self.key, self.rect = spot.key, spot.rect
        if self.holding:
            self.scene.table.drag_to(self._held_anchor(spot))
        self.scene.app.invalidate()

    def announce(self, edge: str = "") -> None:
        """Say where the ring is; ``edge``: the arrow found nothing that way (`edge_words`), said first."""
        cur = self.current()
        if cur is None:
            self.scene.status.say("Nothing to act on here.")
            return
        self.scene.status.say(f"{edge} {self._words(cur)}" if edge else self._words(cur))

    def _words(self, cur: Spot) -> str:
        if not self.holding:
            return cur.label
        where = cur.label.split(". ")[0].rstrip(".")
        where = where[:1].lower() + where[1:]
        if cur.key == self.held_from:  # the ring stays where they were lifted: say so, and what Space does
            origin = where.split(": ")[0]
            return (f"Holding {self.scene.describe_cards(self.holding)}. Over {origin}, where it came from: an "
                    "arrow moves it, Space puts back, Escape cancels.")
        # a table may say what Space would do over this place (Aces Up: "Space discards the pair", or why the
        # card cannot go there): by ear, "Space puts down" over a pile that refuses it was heard as a promise
        note = getattr(self.scene, "held_over", None)
        what = (note(self.holding, cur) if note is not None else None) or "Space puts down"
        return f"Holding {self.scene.describe_cards(self.holding)}. Over {where}: {what}, Escape cancels."

    # ------------------------------------------------------------ actions
    def activate(self, mod: int = 0) -> None:
        cur = self.current()
        if cur is None:
            return
        if cur.action is not None:
            cur.action()
        else:
            sprite = self.scene.table.sprites.get(cur.sprite) if cur.sprite else None
            self.scene.focus_click(sprite, cur.rect.center, mod)
        self.scene.app.invalidate()

    def pick_up(self) -> None:
        cur = self.current()
        if cur is None:
            return
        if cur.action is not None:
            # Space lifts cards; it never presses a button (Undo under a held card once undid a discard)
            self.scene.status.say(f"Space picks up cards. Enter presses the {cur.label}.")
            return
        sprite = self.scene.table.sprites.get(cur.sprite) if cur.sprite else None
        group = self.scene.drag_group(sprite) if sprite is not None and cur.pick else None
        if not group:
            self.activate()  # nothing to lift here: Space acts as a click
            return
        self.holding = [sp.id for sp in group]
        self.held_from = cur.key
        grab = sprite.rect(self.scene.table.card_size).center
        self.scene.clear_highlights()
        self.scene.table.begin_drag(group, grab)
        self.scene.table.drag_to(self._held_anchor(cur))
        self.scene.app.sounds.play("click")
        # The ring stays where the cards were lifted, as Aisleriot and PySolFC keyboard play: it once jumped to
        # the nearest place, and a blind player counting arrows from where he lifted landed one off (round 12).
        # A table may still say where held cards go first (Romi: from the hand to a free place on the board,
        # not the next card of the hand, which a blind player took for the card just lifted).
        chosen = getattr(self.scene, "focus_after_pick", None)
        spots = self.spots()
        if chosen is not None and len(spots) > 1 and cur.key == self.held_from:
            others = [s for s in spots if s.key != cur.key]
            cx, cy = cur.rect.center
            nearest = min(others, key=lambda s: abs(s.rect.centerx - cx) + abs(s.rect.centery - cy))
            self.focus_on(chosen(others, nearest))
        self.announce()

    def _held_anchor(self, spot: Spot) -> tuple[int, int]:
        """Where the grabbed card's centre hovers over a target: a little above and right, so the target
        stays visible under the held cards."""
        w, h = self.scene.table.card_size
        return (spot.rect.centerx + w // 5, spot.rect.centery - h // 5)

    def held_sprites(self) -> list:
        return [self.scene.table.sprites[i] for i in self.holding if i in self.scene.table.sprites]

    def put_down(self) -> None:
        cur = self.current()
        held = self.held_sprites()
        self.holding, from_key = [], self.held_from
        self.held_from = None
        if cur is None or not held:
            self.scene.table.cancel_drag()
            return
        if cur.key == from_key:
            self.scene.table.cancel_drag()
            self.scene.status.say("Put back.")
            return
        self.scene.table.drag_to(cur.rect.center)  # the grabbed card's centre on the target, as a mouse drop
        released = self.scene.table.end_drag()
        if not self.scene.on_drop(released, cur.rect.center):
            self.scene.table.fly_home(released, [self.scene._home_of(sp) for sp in released])
            self.scene.app.sounds.play("refuse")
        self.scene.app.invalidate()

    def cancel(self) -> None:
        self.holding, self.held_from = [], None
        self.scene.table.cancel_drag()
        self.scene.status.say("Put back.")
        self.scene.app.invalidate()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        cur = self.current()
        if cur is None:
            return
        r = cur.rect.inflate(10, 10)
        draw_ring(surface, r, RING_HELD if self.holding else RING)
