"""Where the keyboard focus rests on the Aces Up table: the stock, the four piles, the discards, the buttons.

Enter on the stock deals, Enter on a pile's top card does what a click does (discard it, or select it for
a pair and then pair it with its partner), Space lifts a top card and Space again drops it on an empty pile
or on its partner — all through the scene's own mouse hooks (game.engine.focus).
"""

from __future__ import annotations

from game.acesup import rules
from game.cards import card_name, rank_word, the_card
from game.engine.focus import ROWS_HELP, Spot, resting_rect
from game.words import count, join_words

#: what Enter and Space do on this table, for Help (F1)
HELP = (
    "Aces Up keys: Enter on the stock deals; Enter on a pile's top card discards it, or selects it for a pair — "
    "then Enter on its partner pairs them; after a Hint (Ctrl+H) the ring is on its card and Enter does what it "
    "says, a move into an empty pile too; Space lifts a top card, Space on an empty pile, its partner or the "
    "discards puts it there. The rows are the stock, the four piles and the discards, then the buttons. "
    + ROWS_HELP
)


def spots(scene) -> list[Spot]:
    state = scene.state
    placements = scene.layout(state)
    n = len(state.stock)
    out = [Spot("stock", scene.stock_rect, f"Stock: {n} card{'s' if n != 1 else ''} left. Enter deals."
                if n else "Stock: empty.", "piles", pick=False)]  # one area: the stock and Pile 1 are neighbours
    for p, pile in enumerate(state.piles):
        if pile:
            top = pile[-1]
            size = f"{len(pile)} card{'s' if len(pile) != 1 else ''}"
            out.append(Spot(f"pile {p}", resting_rect(scene, placements, top),
                            f"Pile {p + 1}: the {card_name(top)} on top, {size}.", "piles", sprite=top, drop=True))
        else:
            out.append(Spot(f"pile {p}", scene.slots[p], f"Pile {p + 1}: empty.", "piles", drop=True))
    k = len(state.removed)
    out.append(Spot("discards", scene.discard_rect, f"Discards: {k} card{'s' if k != 1 else ''}.", "piles",
                    drop=True, pick=False))
    return out + scene.button_spots()


def held_over(scene, held: list[str], spot: Spot) -> str | None:
    """What Space does with the held top card over ``spot``, in the rules' words (focus.Focus._words): a move
    to an empty pile, a pair with its partner, a discard, or why it cannot go there."""
    state = scene.state
    src = next((p for p, pile in enumerate(state.piles) if pile and pile[-1] in held), None)
    if src is None:
        return None
    q = int(spot.key.split()[1]) if spot.key.startswith("pile ") else None
    if spot.key == "discards":
        move, done = rules.Discard(src), "Space discards it"
    elif q is not None and q != src and not state.piles[q]:
        move, done = rules.Fill(src, q), "Space moves it here"
    elif q is not None and q != src:
        if state.piles[q][-1][0] != held[0][0]:
            return "it cannot go there (only onto an empty pile, its pair partner or the discards)"
        move, done = rules.Pair(src, q), "Space discards the pair"
    else:
        return None
    problem = rules.why_illegal(state, move)
    return done if problem is None else f"it cannot go there: {problem[:1].lower()}{problem[1:].rstrip('.')}"


def _uncovered(state: rules.State, pile: int) -> str:
    """What a pile shows once its top card has gone: a player who cannot see the table needs to know."""
    cards = state.piles[pile]
    return f"pile {pile + 1} now shows {the_card(cards[-1])}" if cards else f"pile {pile + 1} is empty"


def move_words(before: rules.State, move, after: rules.State) -> str:
    """The status line after a move, naming the cards it moved and what each pile now shows (also spoken)."""
    if isinstance(move, rules.Deal):
        dealt = [f"{the_card(after.piles[p][-1])} on pile {p + 1}" for p in range(len(after.piles))
                 if len(after.piles[p]) > len(before.piles[p])]
        return f"Dealt {', '.join(dealt)}. {count(len(after.stock), 'card')} left in the stock."
    if isinstance(move, rules.Pair):
        a, b = before.piles[move.a][-1], before.piles[move.b][-1]
        return (f"Discarded the pair, {the_card(a)} and {the_card(b)}; "
                f"{_uncovered(after, move.a)}, {_uncovered(after, move.b)}.")
    if isinstance(move, rules.Discard):
        return f"Discarded {the_card(before.piles[move.pile][-1])}; {_uncovered(after, move.pile)}."
    card = before.piles[move.src][-1]
    return f"Moved {the_card(card)} to pile {move.dst + 1}; {_uncovered(after, move.src)}."


def pile_words(pile: int, cards: tuple[str, ...]) -> str:
    """One pile as a sighted player sees it (every card of a pile is face up, fanned down the table): the
    top card first, as the one that can be played, then the cards beneath it, top to bottom."""
    if not cards:
        return f"Pile {pile + 1}: empty"
    top = f"Pile {pile + 1}: {the_card(cards[-1])}"
    if len(cards) == 1:
        return f"{top}, alone"
    return f"{top} on top, then {join_words([the_card(c) for c in reversed(cards[:-1])])}"


def describe_table(scene) -> str:
    """F8 (Options ▸ Speak): the variation and deal, each pile top card first, the stock, the discards, the
    score."""
    s = scene.state
    piles = [pile_words(p, pile) for p, pile in enumerate(s.piles)]
    return ". ".join([f"{rules.VARIATIONS[s.variation]}, deal #{scene.seed}", *piles,
                      f"Stock: {count(len(s.stock), 'card')}", f"Discards: {count(len(s.removed), 'card')}",
                      f"Score {s.score}"]) + "."


def hint_words(state: rules.State, move) -> str:
    """A move told by ear: the card, the pile it leaves and where it goes, and for a single discard the
    higher card of its suit that allows it ("Discard the four of hearts from pile 2: the six of hearts on
    pile 4 is higher.").  Hint and Show a winning move say it; a player who cannot see the piles needs the
    pile numbers to find the card with the keys."""
    tops = rules.top_cards(state)
    if isinstance(move, rules.Deal):
        return "Deal from the stock."
    if isinstance(move, rules.Discard):
        card = tops[move.pile]
        higher = [(rules.rank_value(c), p) for p, c in enumerate(tops)
                  if c is not None and c[1] == card[1] and rules.rank_value(c) > rules.rank_value(card)]
        why = ""
        if higher:
            _, p = max(higher)
            why = f": {the_card(tops[p])} on pile {p + 1} is higher"
        return f"Discard {the_card(card)} from pile {move.pile + 1}{why}."
    if isinstance(move, rules.Pair):
        a, b = tops[move.a], tops[move.b]
        return (f"Discard the pair of {rank_word(a[0], 2)}: {the_card(a)} from pile {move.a + 1} and "
                f"{the_card(b)} from pile {move.b + 1}.")
    return f"Move {the_card(tops[move.src])} from pile {move.src + 1} to the empty pile {move.dst + 1}."


def plays_words(state: rules.State) -> str:
    """Shift+F8: the legal discards and moves now (the rules' legal moves), then the deal."""
    if rules.is_over(state):
        return "The game is over."
    words = []
    for m in rules.legal_moves(state):
        if isinstance(m, rules.Discard):
            words.append(f"discard {the_card(state.piles[m.pile][-1])} from pile {m.pile + 1}")
        elif isinstance(m, rules.Pair):
            # with the piles, as a single discard says its pile (round 14, by ear: F8 was needed to find them)
            words.append(f"discard the pair, {the_card(state.piles[m.a][-1])} from pile {m.a + 1} and "
                         f"{the_card(state.piles[m.b][-1])} from pile {m.b + 1}")
        elif isinstance(m, rules.Fill):
            words.append(f"move {the_card(state.piles[m.src][-1])} from pile {m.src + 1} to the empty pile {m.dst + 1}")
        else:
            words.append(f"deal ({count(len(state.stock), 'card')} in the stock)")
    if not words:
        return "No move is left."
    return "You can " + ("; ".join(words[:-1]) + "; or " if len(words) > 1 else "") + words[-1] + "."
