"""Where the keyboard focus rests on the Forty Thieves table: the seven stacks, the stock and the current
card, the buttons.

Enter on a stack takes its exposed card (a click); Space lifts it and Space on the current card puts it
there (a drag); Enter or Space on the stock or the current card turns the next card — all through the
scene's own mouse hooks (game.engine.focus).
"""

from __future__ import annotations

from game.cards import card_name
from game.engine.focus import ROWS_HELP, Spot, resting_rect
from game.thieves import rules


def _named(code: str) -> str:
    return "a joker" if code == "JK" else f"the {card_name(code)}"

#: what Enter and Space do on this table, for Help (F1)
HELP = (
    "Forty Thieves keys: Enter on a stack takes its exposed card onto the current card; Space lifts it and Space on"
    " the current card puts it there; Enter on the stock or the current card turns the next card (with the ring "
    "hidden, Space also turns). The rows are the seven stacks, then the stock and the current card, then the "
    "buttons. Down from the stacks reaches the stock or the current card, whichever lies below, Left and Right go "
    "between them, Up goes back to the stack above. " + ROWS_HELP
)


def take_words(state, stack: int) -> str:
    """What Enter on a stack's card would do: 'Enter takes it.' only when it may be taken now, else the rules'
    reason ('Can't be taken now: it is not one above or below the five of clubs.'). Round 10, by ear: every
    stack card said 'Enter takes it', and a blind player pressed Enter to hear the refusal."""
    reason = rules.why_not_take(state, stack)
    if reason is None:
        return "Enter takes it."
    named = rules.the_card(state.stacks[stack][-1])
    if reason.lower().startswith(named.lower() + " "):
        reason = "it" + reason[len(named):]
    else:
        reason = reason[:1].lower() + reason[1:]
    return f"Can't be taken now: {reason}"


def plays_words(state) -> str:
    """Shift+F8: the stack cards that can be taken now, then the stock (the playable facts first)."""
    takes = [f"stack {s + 1}, {rules.the_card(st[-1])}" for s, st in enumerate(state.stacks)
             if st and rules.can_take(state, s)]
    on = f"On {rules.the_card(state.current)}: "
    turn = f"turn the next card ({len(state.stock)} in the stock)" if state.stock else ""
    if rules.is_over(state):
        return "The game is over."
    if takes:
        return on + "you can take " + "; ".join(takes) + (f"; or {turn}." if turn else ".")
    return on + "no stack card can be taken" + (f": {turn}." if turn else ".")


def spots(scene) -> list[Spot]:
    state = scene.state
    placements = scene.layout(state)
    out: list[Spot] = []
    for s, st in enumerate(state.stacks):
        sid = scene.exposed_id(s)
        if sid is not None and sid in placements:
            rest = "" if len(st) == 1 else f", {len(st) - 1} beneath"
            out.append(Spot(f"stack {s}", resting_rect(scene, placements, sid),
                            f"Stack {s + 1}: {_named(st[-1])}{rest}. {take_words(state, s)}", "stacks",
                            sprite=sid))
        else:
            cw, ch = scene.table.card_size
            slot = scene.stack_rects[s]
            out.append(Spot(f"stack {s}", slot.__class__(slot.x, slot.y, cw, ch), f"Stack {s + 1}: empty.",
                            "stacks"))
    n = len(state.stock)
    out.append(Spot("stock", scene.stock_rect, f"Stock: {n} card{'s' if n != 1 else ''}. Enter turns the next."
                    if n else "Stock: empty.", "pile", pick=False))
    out.append(Spot("current", scene.current_rect, f"Current card: {_named(state.current)}.", "pile",
                    drop=True, pick=False))
    return out + scene.button_spots()


def describe_table(scene) -> str:
    """F8 (Options ▸ Speak): each stack's exposed card and every face-up card beneath it, top to bottom (a
    sighted player reads them all: "4 beneath" said nothing), the stock, the current card, the score."""
    from game.words import count

    s = scene.state
    stacks = []
    for i, st in enumerate(s.stacks):
        if not st:
            stacks.append(f"Stack {i + 1}: empty")
            continue
        under = ", ".join(_named(c) for c in reversed(st[:-1]))
        stacks.append(f"Stack {i + 1}: {_named(st[-1])}" + (f"; beneath it {under}" if under else ""))
    return ". ".join([f"Forty Thieves, deal {scene.seed}", *stacks, f"Stock: {count(len(s.stock), 'card')}",
                      f"Current card: {_named(s.current)}", f"Score {s.score}"]) + "."
