"""Drawing the ACME table beneath and above the cards: seat panels, the trick's labels, the banners.

Split out of the scene (which keeps input and timing).  The trick is labelled
where it lies: under each play the name of its player, the play on top
outlined in gold with its name in words, and a "Pass" plate in front of each
seat that passed — so a player reads a whole trick without the log.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.acme import layout, rules
from game.acme.seats import ORDINAL, SEAT_NAMES
from game.engine import theme
from game.words import count

PASS_COLOUR = (240, 170, 120)
SEAT_EDGE = (60, 90, 70)
PRESIDENT_FILL = (64, 56, 20)  # a dark gold: the President's seat, never a frame


def seat_fill(role: int, out: bool = False) -> tuple[int, int, int]:
    if role == 0:
        return PRESIDENT_FILL
    return theme.board((30, 40, 34) if out else (20, 52, 36))


def seat_name(scene: Any, seat: int) -> str:
    if seat == 0:
        return scene.profile.name if scene.profile else "You"
    return SEAT_NAMES[seat]


def draw_table(scene: Any, surface: pygame.Surface) -> None:

    s = scene.state
    acting = None if scene.trick.holding else rules.current_player(s)
    computer = getattr(scene, "computer", None)
    paused = computer is not None and computer.covered()
    shown = scene.trick.shown(s)
    passed = {seat for seat, cards in shown if not cards}
    for seat, r in scene.seat_rects.items():
        role = rules.role_of(s, seat)
        out = seat in s.finished
        # Only the seat to act has a bright frame; the President's seat is told by its fill and its gold
        # title (a gold border read as a second "whose turn" box).
        edge = theme.HILITE if seat == acting else theme.board_line(SEAT_EDGE)
        theme.panel(surface, r, seat_fill(role, out), edge, radius=10)
        if seat == acting:
            pygame.draw.rect(surface, theme.HILITE, r.inflate(6, 6), 2, border_radius=12)
        theme.text(surface, seat_name(scene, seat), (r.x + theme.sc(12), r.y + theme.sc(8)), 22, theme.WHITE,
                   bold=True)
        theme.text(surface, rules.ROLE_SHORT[role], (r.x + theme.sc(12), r.y + theme.sc(32)), 20,
                   theme.GOLD if role == 0 else (210, 225, 210))
        n = len(s.hands[seat])
        if out:
            note = f"Out {ORDINAL[s.finished.index(seat)]}"
        else:
            note = count(n, "card")
        theme.text(surface, note, (r.x + theme.sc(12), r.y + theme.sc(56)), 20, (200, 215, 200))
        tag = None
        # a review thinks nothing; nor does a seat behind an open dialog (every dialog pauses the table)
        if seat == acting and seat != 0 and not getattr(scene, "replaying", False) and not paused:
            tag, colour = "thinking…", theme.HINT
        elif seat in passed:
            tag, colour = "Pass", PASS_COLOUR
        if tag:
            # beside the name if it fits, else beside the card count; in a narrow panel (800x600) "thinking…"
            # is left to the lit frame rather than printed over the name
            tag_w = theme.font(19).size(tag)[0]
            for y, beside in ((r.y + theme.sc(10), theme.font(22, bold=True).size(seat_name(scene, seat))[0]),
                              (r.y + theme.sc(58), theme.font(20).size(note)[0])):
                if theme.sc(12 + 10) + beside + tag_w <= r.w - theme.sc(10):
                    theme.text(surface, tag, (r.right - theme.sc(10), y), 19, colour, anchor="topright")
                    break
    cw, ch = scene.table.card_size
    cx, cy = scene.trick_center
    if s.phase == "exchange":
        theme.text(surface, "Card exchange", (cx, cy + ch // 2 + theme.sc(12)), 26, theme.GOLD, anchor="center",
                   bold=True)
        for k, (g, r, n, _hi) in enumerate(rules.EXCHANGE):
            done = k < len(s.gifts)
            verb = "give" if s.roles[g] == 0 else "gives"
            line = (f"{SEAT_NAMES[s.roles[g]]} ({rules.ROLE_SHORT[g]}) {verb} {n} to "
                    f"{SEAT_NAMES[s.roles[r]]} ({rules.ROLE_SHORT[r]})" + ("  - done" if done else ""))
            theme.text(surface, line, (cx, cy + ch // 2 + theme.sc(40) + theme.sc(24) * k), 19,
                       (150, 190, 160) if done else theme.WHITE, anchor="center")
    elif not shown and not rules.is_over(s) and acting is not None:
        who = "You lead" if acting == 0 else f"{SEAT_NAMES[acting]} leads"
        theme.text(surface, who, (cx, cy), 24, (190, 215, 195), anchor="center")
    draw_trick_beneath(scene, surface, shown)
    on_table = {c for _seat, cards in shown for c in cards}
    if any(c not in on_table for _seat, cards in s.log for c in cards):  # the played pile is not empty
        theme.text(surface, "Played", (scene.pile_pos[0], scene.pile_pos[1] - theme.sc(8)), 18, (190, 215, 195),
                   anchor="midbottom")


def _top_index(shown) -> int | None:
    for k in range(len(shown) - 1, -1, -1):
        if shown[k][1]:
            return k
    return None


def _landed(scene: Any, cards) -> bool:
    """True once every card of a play rests in place (its glow and label wait for it to arrive)."""
    sprites = scene.table.sprites
    return all(c in sprites and sprites[c].tween is None for c in cards)


def draw_trick_beneath(scene: Any, surface: pygame.Surface, shown) -> None:
    """Under the cards: a gold glow behind the play on top and a "Pass" plate for each pass."""
    top = _top_index(shown)
    cw, ch = scene.table.card_size
    for k, (seat, cards) in enumerate(shown):
        if cards:
            if k == top and _landed(scene, cards):
                pygame.draw.rect(surface, theme.GOLD, layout.play_rect(scene, seat, len(cards)).inflate(12, 12),
                                 4, border_radius=10)
            continue
        x, y = layout.play_spot(scene, seat)
        plate = pygame.Rect(0, 0, max(theme.sc(90), int(cw * 1.1)), theme.sc(40))
        plate.center = (int(x), int(y))
        theme.panel(surface, plate, (44, 40, 30), PASS_COLOUR, radius=10)
        theme.text(surface, "Pass", plate.center, 24, PASS_COLOUR, anchor="center", bold=True)
        theme.text(surface, seat_name(scene, seat), (plate.centerx, plate.bottom + theme.sc(4)), 18,
                   (220, 230, 220),
                   anchor="midtop")


def draw_trick_labels(scene: Any, surface: pygame.Surface) -> None:
    """Above the cards: under each play, its player (and, for the play on top, the play in words)."""
    if scene.state.phase == "exchange":
        return
    shown = scene.trick.shown(scene.state)
    top = _top_index(shown)
    for k, (seat, cards) in enumerate(shown):
        if not cards or not _landed(scene, cards):
            continue
        r = layout.play_rect(scene, seat, len(cards))
        if k == top:
            label, colour = f"{seat_name(scene, seat)}: {rules.describe(cards)}", theme.GOLD
        else:
            label, colour = seat_name(scene, seat), (220, 230, 220)
        size = 19
        box = theme.font(size).size(label)
        plate = pygame.Rect(0, 0, box[0] + 14, box[1] + 4)
        plate.midtop = (r.centerx, r.bottom + theme.sc(9))
        theme.panel(surface, plate, theme.board((16, 38, 26)), theme.board((16, 38, 26)), radius=6)
        theme.text(surface, label, plate.center, size, colour, anchor="center", bold=k == top)


def draw_overlay(scene: Any, surface: pygame.Surface) -> None:

    draw_trick_labels(scene, surface)
    s = scene.state
    if not rules.is_over(s) or scene.trick.holding:
        return
    cx, cy = scene.trick_center
    lines = [(ORDINAL[i], seat_name(scene, seat), rules.ROLE_NAMES[i]) for i, seat in enumerate(s.finished)]
    box = pygame.Rect(0, 0, theme.sc(380), theme.sc(64 + 28 * len(lines)))
    box.center = (cx, cy)
    theme.panel(surface, box, theme.board((18, 44, 30)), theme.GOLD, radius=12)
    theme.text(surface, "Round over: next round's roles", (box.centerx, box.y + theme.sc(22)), 23, theme.GOLD,
               anchor="center", bold=True)
    for i, (place, name, role) in enumerate(lines):
        y = box.y + theme.sc(46) + theme.sc(28) * i
        colour = theme.HILITE if s.finished[i] == 0 else theme.WHITE
        theme.text(surface, place, (box.x + theme.sc(24), y), 21, colour)
        theme.text(surface, name, (box.x + theme.sc(80), y), 21, colour, bold=s.finished[i] == 0)
        theme.text(surface, role, (box.right - theme.sc(20), y), 21, (200, 220, 200), anchor="topright")
