"""Where the keyboard focus rests on the ACME table: the cards of your hand, then the buttons.

Enter or Space on a card selects it or takes it back (a click: ACME's cards are chosen, not dragged);
Enter on Play plays the selection (or gives the exchange gifts), on Pass (the same button, named so while
nothing is selected and a pass is allowed) passes, and on Deal deals the next round — all through the
scene's own mouse hooks (game.engine.focus).  The button's place is named by its word now (``play_label``),
so the ring and the voice say what Enter will do.

Two things of ACME's own: Left and Right walk the fanned hand one card at a time by its order (the
engine's nearest-place rule, measured on the strips of a fan, skipped a card from the rightmost one), and
the Play button stays a place of the ring while it is disabled (the computers' turns), so after Play or
Pass the ring stays where the player was instead of falling onto the last card of the hand.
"""

from __future__ import annotations

import pygame

from game.cards import card_name
from game.engine.focus import Spot, fan_strip, resting_rect, step

#: what Enter and Space do on this table, for Help (F1)
HELP = (
    "ACME keys: Enter or Space on a card of your hand selects it or puts it back; Enter on Play plays the selection"
    " (in the exchange it gives the selected cards); with nothing selected the button says Pass and passes (P"
    " passes too); on Deal it deals the next round. Left and Right walk your hand one card at a time."
)


def spots(scene) -> list[Spot]:
    state = scene.state
    placements = scene.layout(state)
    hand = [c for c in state.hands[0] if c in placements]
    out: list[Spot] = []
    for i, code in enumerate(hand):
        r = resting_rect(scene, placements, code)
        if i + 1 < len(hand):  # a fanned card: ring only its visible strip, so neighbours never share a ring
            r = fan_strip(r, resting_rect(scene, placements, hand[i + 1]).x)
        if code in scene.selected:
            r = r.move(0, -int(r.h * scene.table.selected_raise))
        chosen = ", selected" if code in scene.selected else ""
        name = "the joker" if code == "JK" else f"the {card_name(code)}"
        out.append(Spot(f"hand {code}", r, f"Your hand, card {i + 1} of {len(hand)}: {name}{chosen}.", "hand",
                        sprite=code, pick=False))
    play = scene.play_button
    play.label = scene.play_label()  # its word now (Pass, Play, Deal), even before the next frame sets it
    play_spot = [Spot(f"button {play.label}", play.rect, play_words(scene), "buttons",
                      action=lambda: press_play_key(scene))] if play.visible else []
    return out + play_spot + [b for b in scene.button_spots() if b.key != f"button {play.label}"]


def play_words(scene) -> str:
    """What the ring says on the Play button: what a press would do, from the word the button shows
    (``play_label``, one source): 'Play button: a pair of nines', 'Play button: give the threes of clubs and
    diamonds', 'Pass button', 'Deal button', or greyed and why (round 9: 'Play button' said nothing of what
    Enter would do)."""
    from game.acme import rules

    label = scene.play_label()
    s = scene.state
    if not scene.play_button.is_enabled:
        why = "wait for your turn" if rules.current_player(s) != 0 else scene.play_how()
        return f"{label} button, greyed: {why[:1].lower() + why[1:]}"
    move = rules.selection_move(s, scene.selected) if scene.selected else None
    if move is not None and move.cards:
        if move.kind == "give":
            return f"{label} button: give {rules.describe_cards(move.cards)}"
        return f"{label} button: {rules.describe(move.cards)}"
    return f"{label} button"


def start_spot(scene, spots: list[Spot], click: tuple[int, int] | None) -> Spot | None:
    """Where the first arrow after mouse play puts the ring: in the hand, on the card nearest the last click,
    or the first card (round 9: it went to the Play button the mouse had pressed last, and the next Enter
    pressed Play); None with no card in hand (the engine's rule then). ``click`` is the last press only when
    it was on a card of the hand (round 10, shot-39: after a press on Pass the ring started on the card
    nearest the button, the last one, 'card 7 of 7')."""
    hand = [sp for sp in spots if sp.area == "hand"]
    if not hand:
        return None
    if click is None:
        return hand[0]
    cx, cy = click
    # the card clicked when it is still there (a fanned card's centre may lie nearer its neighbour's)
    return min(hand, key=lambda sp: (not sp.rect.collidepoint(cx, cy),
                                     abs(sp.rect.centerx - cx) + abs(sp.rect.centery - cy)))


def arrow_step(scene, spots: list[Spot], current: Spot, dx: int, dy: int) -> Spot | None:
    """Up and Down go between the hand and the button beside it, both ways, as they sit on screen (one row):
    Down or Up from the hand reached Play, but nothing came back from it, since nothing lies below or above a
    button level with the cards (issue 34, round 13 by ear: 'Down from Pass does not reach the hand').  The
    ring goes back to the card it left the hand from, else the card nearest the button."""
    found = step(spots, current, dx, dy)
    memory = scene.focus._area_memory  # the engine's own memory of where the ring was in an area (Tab's)
    if current.area == "hand" and found is not None and found.area != "hand":
        memory["hand"] = current.key
    hand = [s for s in spots if s.area == "hand"]
    if dy and found is None and current.area == "buttons" and hand:
        cx = current.rect.centerx
        return next((s for s in hand if s.key == memory.get("hand")), None) or \
            min(hand, key=lambda s: abs(s.rect.centerx - cx))
    return found


def press_play_key(scene) -> None:
    """Enter on Play: Play if it may be pressed now, else in words why not."""
    if scene.play_button.is_enabled:
        scene.play_button.action()
    elif scene.rules.current_player(scene.state) != 0:
        scene.status.say("Wait for your turn.")
    else:
        scene.refuse(scene.play_how())


def walk(scene, event: pygame.event.Event) -> bool:
    """Left or Right with the ring on a card of the hand: the next card in the hand's order; True if used."""
    focus = scene.focus
    if (event.type != pygame.KEYDOWN or event.key not in (pygame.K_LEFT, pygame.K_RIGHT) or not focus.visible
            or focus.holding or scene.menubar.open is not None or (getattr(event, "mod", 0) or 0) & (
                pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)):
        return False
    spots = focus.spots()
    cur = focus.current(spots)
    if cur is None or cur.area != "hand":
        return False
    hand = [sp for sp in spots if sp.area == "hand"]
    i = hand.index(cur) + (1 if event.key == pygame.K_RIGHT else -1)
    if not 0 <= i < len(hand):
        return False  # past either end of the hand: the engine's rule (Right reaches the buttons)
    focus.focus_on(hand[i])
    focus.announce()
    return True


def describe_table(scene) -> str:
    """F8 (Options ▸ Speak): whose turn, each seat's role and cards (your hand grouped by rank, as ACME is
    played), then what lies on the table."""
    from game.acme import rules, spoken
    from game.acme.drawing import seat_name

    s = scene.state
    seats = []
    for seat in range(len(s.hands)):
        role = rules.ROLE_SHORT[rules.role_of(s, seat)]
        n = len(s.hands[seat])
        held = f"{n} card{'s' if n != 1 else ''}"
        if seat == 0 and n:
            held += ": " + spoken.hand_by_rank(s.hands[0])
        seats.append(f"{seat_name(scene, seat)}, {role}: {'out' if seat in s.finished else held}")
    plays = [f"{seat_name(scene, seat)} {'passed' if not cards else 'played ' + rules.describe(cards)}"
             for seat, cards in scene.trick.shown(s)]
    return ". ".join(["ACME", spoken.whose_turn(s, scene.spoken_names()), *seats,
                      *(plays or ["Nothing played yet in this trick"])]) + "."
