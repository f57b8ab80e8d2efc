"""Where the keyboard focus rests on the Affairs of the Court table: the deck, your hand, the buttons.

Enter (or Space) on the deck turns the next card in the draw, on a card of your hand plays it (or plays
it in the bonus), and on Keep, Discard or Done presses them — all through the scene's own mouse hooks
(game.engine.focus). Court has no drags, so Space is a click everywhere.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.cards import SUIT_NAMES, card_name, hand_phrase, the_card
from game.court import rules
from game.engine.focus import Spot, fan_strip, resting_rect, step
from game.engine.shortcuts import key
from game.words import capital

#: what Enter and Space do on this table, for Help (F1)
HELP = (
    "Affairs of the Court keys: Enter or Space on the deck turns the next card of the draw; K keeps it and D "
    "discards it (or Enter on Keep or Discard; the ring then goes back to the deck); Enter on a card of your "
    "hand plays it (in the bonus too); Enter on Done ends your bonus."
)


def spots(scene) -> list[Spot]:
    state = scene.state
    placements = scene.layout(state)
    out: list[Spot] = []
    draw_buttons: list[Spot] = []
    if state.phase == "draw":
        n = scene.deck_count()
        out.append(Spot("deck", scene.deck_rect, f"The deck: {n} card{'s' if n != 1 else ''}. Enter turns the next.",
                        "deck", pick=False))
        # Keep and Discard stay focusable for the whole draw (pressed too early they say why), so the ring
        # never falls into the hand between two pairs and Enter keeps answering.
        draw_buttons = [Spot(f"button {b.label}", b.rect, f"{b.label} button", "buttons",
                             action=lambda kind=kind: draw_key(scene, kind))
                        for b, kind in ((scene.keep_btn, "keep"), (scene.discard_btn, "discard"))]
    hand = [c for c in state.hands[0] if c in placements]
    playable = set()
    if rules.current_player(state) == 0 and state.phase in ("play", "bonus"):
        playable = {m.card for m in rules.legal_moves(state) if getattr(m, "card", None)}
    for i, code in enumerate(hand):
        r = resting_rect(scene, placements, code)
        if i + 1 < len(hand):  # overlapping cards: ring only the visible strip
            r = fan_strip(r, resting_rect(scene, placements, hand[i + 1]).x)
        can = " Enter plays it." if code in playable else ""
        out.append(Spot(f"hand {code}", r, f"Your hand, card {i + 1} of {len(hand)}: the {card_name(code)}.{can}",
                        "hand", sprite=code, pick=False))
    named = {d.key for d in draw_buttons}
    return out + draw_buttons + [b for b in scene.button_spots() if b.key not in named]


def arrow_step(spots: list[Spot], current: Spot, dx: int, dy: int) -> Spot | None:
    """Up and Down from the hand go first to what stands above or below the card in its own column (the draw's
    Discard, the bonus's Done), as they sit on screen: at 1280×800 Up from the hand's first card passed the
    Discard button just above it for the deck far to the left, whose foot is lower (issue 34, round 13 by ear:
    the buttons row and the hand should meet as they appear)."""
    if dy and current.area == "hand":
        c = current.rect
        ahead = [s for s in spots if s.area != "hand"
                 and (s.rect.bottom <= c.top if dy < 0 else s.rect.top >= c.bottom)]
        if ahead:  # the one in the card's column first, then the nearest
            return min(ahead, key=lambda s: (not (s.rect.left < c.right and s.rect.right > c.left),
                                             abs(s.rect.centerx - c.centerx) + abs(s.rect.centery - c.centery)))
    return step(spots, current, dx, dy)


def draw_key(scene, kind: str) -> None:
    """Enter on Keep or Discard: the move if it may be made now, else in words why not."""
    s = scene.state
    if scene.can_draw(kind):
        scene.draw_move(kind)
    elif s.phase != "draw":
        scene.status.say("The draw is over: Keep and Discard are for the draw.")
    elif rules.current_player(s) != 0:
        scene.status.say(scene.turn_words())
    elif not (scene.revealed or scene.quick_play):
        scene.status.say("Turn the card first: Enter on the deck.")
    else:
        other = "discard" if kind == "keep" else "keep"
        scene.status.say(f"This card must be {'discarded' if other == 'discard' else 'kept'}: "
                         f"press {other.capitalize()}.")


def answer_words(scene) -> str:
    """What to do with the turned card: its two answers and their keys (the second card's forced one only)."""
    kinds = [m.kind for m in rules.legal_moves(scene.state) if m.kind in ("keep", "discard")]
    return " or ".join(f"{k.capitalize()} ({key(scene.game, k)})" for k in kinds).join(("Use ", "."))


def after_draw_move(scene, before: rules.State, move, after: rules.State) -> None:
    """You decided a card of the draw: the ring goes back to the deck, never resting on the Keep or Discard
    just pressed (Enter pressed again would keep or discard the next card unseen), and Tab into the buttons
    starts afresh.  K and D keep and discard from anywhere."""
    if move.kind not in ("keep", "discard") or rules.current_player(before) != 0:
        return
    focus = scene.focus
    focus._area_memory.pop("buttons", None)  # (the ring's memory of the last button in that area)
    if after.phase == "draw" and focus.key in ("button Keep", "button Discard"):
        ring_to_deck(scene)


#: the keys of the draw's rhythm (Enter on the deck, again and again): any other key or a click shows the player
#: chose where the ring now is
RHYTHM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def draw_ended(scene, before: rules.State, after: rules.State) -> None:
    """The draw ended while the player turned its cards by keys: the next Enter on a card of the hand is held
    once (round 15, a major for keyboard players: the Enter that had turned cards, pressed a second after the
    last pair, played the card the ring fell on; Court has no undo)."""
    if before.phase == "draw" and after.phase != "draw" and scene.focus.visible:
        scene.draw_guard = True


def chose_ring(scene, event: pygame.event.Event) -> None:
    """Another key or a click: the player acts where he chose, nothing is held."""
    if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key not in RHYTHM_KEYS):
        scene.draw_guard = False


def held_after_draw(scene, sprite) -> bool:
    """Enter or Space on a hand card just after the draw (`draw_ended`): said, not played; the next one plays."""
    if not scene.draw_guard or sprite is None or sprite.id not in scene.state.hands[0] \
            or rules.current_player(scene.state) != 0:
        return False
    scene.draw_guard = False
    scene.status.say(f"The draw is over. {turn_prompt(scene.state)} The ring is on the {card_name(sprite.id)}: "
                     "Enter again plays it.")
    return True


def ring_to_deck(scene) -> None:
    """The ring on the deck, where the draw's first Enter acts (after a card decided, and when a round's draw
    begins: the ring left on the last card of the hand fell on the nearest place, the greyed Discard)."""
    deck = next((s for s in scene.focus.spots() if s.key == "deck"), None)
    if deck is not None:
        scene.focus.focus_on(deck)


def move_words(before: rules.State, move, after: rules.State) -> str | None:
    """Words naming what a move changed, said (and spoken) before the rest of the table's news: the card a
    player kept or discarded in the draw, the card led, and both cards of a finished turn with its effect."""
    if move.kind in ("keep", "discard") and rules.current_player(before) == 0:
        return f"You {'kept' if move.kind == 'keep' else 'discarded'} {the_card(before.pack[0])}."
    if move.kind != "play":
        return None
    lt = after.last_turn
    if lt is not None and lt is not before.last_turn:
        leader, follower = ("You", "the computer") if lt.leader == 0 else ("The computer", "you")
        return (f"{leader} led {the_card(lt.leader_card)}, {follower} played {the_card(lt.follower_card)}: "
                f"{rules.cue_text(lt, 0)}.")
    return None


def move_spoken(before: rules.State, move, after: rules.State, said: str) -> str:
    """`move_words` (``said``) as said: a turn the player led names only the computer's answer, the lead having
    been said as it was played ("You lead the king of hearts." then "You led the king of hearts, the computer
    played…" came twice in a row, round 14 by ear)."""
    lt = after.last_turn
    if move.kind == "play" and lt is not None and lt.leader == 0 and lt is not before.last_turn:
        return f"The computer played {the_card(lt.follower_card)}: {rules.cue_text(lt, 0)}."
    return said


def lead_words(before: rules.State, move, after: rules.State) -> str | None:
    """"The computer leads the nine of diamonds.": a lead waiting for its answer."""
    if move.kind != "play" or not after.table or after.last_turn is not before.last_turn:
        return None
    who = "You lead" if rules.current_player(before) == 0 else "The computer leads"
    return f"{who} {the_card(after.table[0])}."


def turn_prompt(state: rules.State) -> str:
    """The player's turn in play or bonus, in words naming the keys ("" when it is not the player's turn):
    a blind player must hear that the computer's lead now waits for an answer, or that it is theirs to lead."""
    if rules.current_player(state) != 0 or state.phase not in ("play", "bonus"):
        return ""
    if state.phase == "bonus":
        return "Your bonus: Enter on a numbered card of your hand plays it; Enter on Done keeps the rest back."
    if state.table:
        return f"{lead_answer_words(state)}; Enter on a card of your hand plays it."
    return f"{LEAD_WORDS[:-1]}; {LEAD_KEYS}"


#: your turn to lead, on the status line after the turn's result (any card may lead)
LEAD_WORDS = "You lead: play any card."
#: how, by keys: said with the lead words (after a turn's result, said apart: the line has no room left)
LEAD_KEYS = "Enter on a card of your hand plays it."


def ring_to_answer(scene: Any, state: rules.State) -> None:
    """The computer has led: a ring in the hand on a card that may not answer (Must Follow Suit) moves to the
    first that may, so Enter plays what the line invites (round 13, a fresh player: the ring sat on J♣ when
    diamonds were needed, and Enter was refused)."""
    allowed = [m.card for m in rules.legal_moves(state) if m.card]
    key = scene.focus.key or ""
    if allowed and key.startswith("hand ") and key[len("hand "):] not in allowed:
        scene.focus.key = f"hand {allowed[0]}"


def lead_answer_words(state: rules.State) -> str:
    """What the player must do now that the computer has led: the card, and what may answer it
    ("The computer led the nine of hearts: your turn, follow hearts if you can").  The status line said
    "The computer leads." until the player acted, since the lead itself was only spoken."""
    lead = state.table[0]
    suit = SUIT_NAMES[lead[1]]
    if not state.follow_suit:
        follow = "any card may answer"
    elif any(c[1] == lead[1] for c in state.hands[0]):
        follow = f"follow {suit} if you can"
    else:
        follow = f"you have no {suit}, so any card may answer"
    return f"The computer led {the_card(lead)}: your turn, {follow}"


def round_result(start: tuple[int, int], end: tuple[int, int]) -> str:
    """A round's result from the totals: 'you: gained 12, the computer: no change (you 112, the computer 95)'.

    Each seat is named with a colon so "no change" reads as well as "gained"/"lost" (not "you no change")."""
    def change(who: str, d: int) -> str:
        return f"{who}: {'gained' if d > 0 else 'lost'} {abs(d)}" if d else f"{who}: no change"
    return (f"{change('you', end[0] - start[0])}, {change('the computer', end[1] - start[1])} "
            f"(you {end[0]}, the computer {end[1]})")


def whose_turn(scene) -> str:
    """F8's first fact: whose turn it is, and to do what."""
    s = scene.state
    seat = rules.current_player(s)
    if seat is None:
        return "The game is over"
    whose = "Your" if seat == 0 else "The computer's"
    if s.phase == "bonus":
        return f"{whose} bonus"
    doing = {"draw": "draw", "play": "answer" if s.table else "lead"}.get(s.phase, "move")
    return f"{whose} turn to {doing}"


def describe_hand(scene) -> str:
    """F6: the player's hand alone, sorted as it is shown."""
    hand = scene.state.hands[0]
    return f"Your hand, {len(hand)} card{'s' if len(hand) != 1 else ''}: " + (
        hand_phrase(rules.sort_hand(hand)) or "empty") + "."


def describe_table(scene) -> str:
    """F8 (Options ▸ Speak): whose turn, the totals, your hand, the computer's hand size, the card led; in the
    draw the card you turned (waiting for Keep or Discard) and the deck as it is seen (that card out of it)."""
    s = scene.state
    parts = [f"Affairs of the Court, round {s.round_no}", whose_turn(scene),
             f"You {s.totals[0]} points, the computer {s.totals[1]}",
             "Your hand: " + (hand_phrase(rules.sort_hand(s.hands[0])) or "empty"),
             f"The computer holds {len(s.hands[1])} card{'s' if len(s.hands[1]) != 1 else ''}"]
    if s.table:
        parts.append(f"Led: {the_card(s.table[0])}")
    if s.phase == "draw":
        n = scene.deck_count()
        if n < len(s.pack):
            parts.append(f"You turned {the_card(s.pack[0])}: press Keep or Discard")
        parts.append(f"The deck: {n} card{'s' if n != 1 else ''}")
    return capital(". ".join(parts)) + "."


def plays_words(scene) -> str:
    """Shift+F8: what you may do now: the cards of your hand you may play (the rules' legal moves), or the
    draw's answer, or whose turn it is."""
    state = scene.state
    if rules.current_player(state) != 0 or state.phase not in ("play", "bonus", "draw"):
        return scene.turn_words() or "Nothing to play now."
    if state.phase == "draw":
        return answer_words(scene) if (scene.revealed or scene.quick_play) else "Turn a card: Enter on the deck."
    cards = [m.card for m in rules.legal_moves(state) if m.card is not None]
    if not cards:
        return "Nothing to play now."
    return f"You may play {len(cards)} card{'s' if len(cards) != 1 else ''}: " + \
        ", ".join(the_card(c) for c in cards) + "."
