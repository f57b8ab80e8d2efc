"""ACME in words for the status line and the voice (Options ▸ Speak): each play, the turn prompt, the result.

Pure text from states, so a player who cannot see the table hears the same facts a sighted player sees:
every play said whole and by whom ("Alice played a single nine"), the card that takes a player out, who
takes a trick, whose turn it is — the prompt comes with the last play, also when the player before you has
just gone out — and the finishing order at the end.  The scene only passes the seat names in.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.acme import roundlog, rules
from game.acme.seats import ORDINAL
from game.cards import RANK_WORDS, rank_word

#: How a player plays by keys, said with every prompt that asks for a play (the issue: name keys, not clicks).
HOW = "select cards with Enter and press Play (Enter on the Play button)"
#: The same for a player using the mouse (round 13: the key words read as noise to a player who clicks).
HOW_CLICKS = "click cards to select them and press Play"


def verb(seat: int, you: str, they: str) -> str:
    return you if seat == 0 else they


def play_sentence(before: rules.State, move: rules.Move, after: rules.State, names: Sequence[str]) -> str:
    """One play of the play phase in words: who did what, who went out with it, who took the trick."""
    seat = rules.current_player(before)
    assert seat is not None
    who = names[seat]
    if move.kind == "pass":
        text = f"{who} passed."
    else:
        text = f"{who} played {rules.describe(move.cards)}."
        if not after.hands[seat]:  # the place read from the finishing order (roundlog's one source)
            out = roundlog.out_words(after, seat, names)[len(who) + 1:]
            text = f"{who} played {rules.describe(move.cards)} and {out}."
    ended = after.trick_start != before.trick_start and not rules.is_over(after)
    if ended:
        top = (seat, move.cards) if move.cards else rules.top_play(before)
        if top is not None:
            taker = top[0]
            text += f" {names[taker]} {verb(taker, 'take', 'takes')} the trick"
            text += "." if taker == seat else f" with {rules.describe(top[1])}."
    return text


def giving_words(state: rules.State, selected: tuple[str, ...]) -> str:
    """A selection in the exchange that is not yet a gift: what it is for and how many more ("Giving the
    three of hearts to the Apprentice; choose 1 more."): "Not yet a legal play" told a player choosing
    a gift that the card could not be given."""
    _, receiver, n, _ = rules.EXCHANGE[len(state.gifts)]
    cards = rules.describe_cards(selected)
    to = rules.ROLE_NAMES[receiver]
    if len(selected) < n:
        return f"Giving {cards} to the {to}; choose {n - len(selected)} more."
    return f"Too many: you give the {to} {n} card{'s' if n != 1 else ''}; {cards} are selected, Enter on one " \
           "takes it back."


def exchange_words(state: rules.State, names: Sequence[str]) -> str:
    """The exchange once delivered, for your seat: what you gave and to whom and what you received, by card;
    the other swap by count only (its cards are hidden, as on the table).  "The cards are exchanged" alone told
    a player who cannot see the hand nothing of the cards that changed it."""
    return " ".join(["The cards are exchanged.", *exchange_sentences(state, names)])


def exchange_sentences(state: rules.State, names: Sequence[str]) -> list[str]:
    """`exchange_words` one sentence a line, without its opening: the Round log's first lines."""
    seen = rules.observe(state, 0)
    mine = rules.role_of(state, 0)
    said: list[str] = []
    if mine == 2:
        said.append(f"You, the {rules.ROLE_NAMES[2]}, neither give nor receive.")
    # the two swaps, senior role first: the President with the Apprentice, the Vice President with the Blue
    # Collar Worker; the junior one always gives their highest cards
    for senior, junior, n, _ in rules.EXCHANGE[:2]:
        if mine not in (senior, junior):
            a, b = names[state.roles[senior]], names[state.roles[junior]]
            said.append(f"{a}, the {rules.ROLE_NAMES[senior]}, and {b}, the {rules.ROLE_NAMES[junior]}, swapped "
                        f"{'two cards' if n == 2 else 'one card'} each.")
            continue
        other = junior if mine == senior else senior
        them = f"{names[state.roles[other]]}, the {rules.ROLE_NAMES[other]}"
        gave, got = rules.describe_cards(seen.gave), rules.describe_cards(seen.received)
        if mine == senior:
            said.append(f"You, the {rules.ROLE_NAMES[mine]}, gave {them}, {gave}, and received their highest, "
                        f"{got}.")
        else:
            said.append(f"You, the {rules.ROLE_NAMES[mine]}, gave {them}, your highest, {gave}, and received "
                        f"{got}.")
    return said


#: a suit's sign, for the status line's short card names (the voice says the cards in words)
SUIT_SIGNS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def short_cards(cards: Sequence[str]) -> str:
    """Cards as the status line shows them when room is short: "3♣ 3♦", "10♥", "joker" (in hand order)."""
    return " ".join("joker" if c == "JK" else ("10" if c[0] == "T" else c[0]) + SUIT_SIGNS[c[1]]
                    for c in rules.sort_hand(cards)) or "nothing"


def exchange_line(state: rules.State, names: Sequence[str]) -> str:
    """The exchange as the status line shows it: whom you gave what and what you received, the cards short
    ("Cards exchanged: you gave Dmitri 3♣ 3♦ and received 2♠ joker."). `exchange_words`, said whole by the
    voice, was cut with "…" on the status line at 800x600 and 1280x800 before it named the cards received;
    the other swap, by count only, is left to the voice."""
    mine = rules.role_of(state, 0)
    if mine == 2:
        return "Cards exchanged: you neither give nor receive."
    seen = rules.observe(state, 0)
    senior, junior = next((s, j) for s, j, _n, _h in rules.EXCHANGE[:2] if mine in (s, j))
    other = names[state.roles[junior if mine == senior else senior]]
    return f"Cards exchanged: you gave {other} {short_cards(seen.gave)} and received {short_cards(seen.received)}."


def turn_prompt(state: rules.State, names: Sequence[str], keys: bool = True) -> str:
    """What the player is asked to do now ("You lead…", "Your turn: beat Alice's single nine or pass…"),
    or "" when it is not the player's turn."""
    if rules.current_player(state) != 0 or rules.is_over(state):
        return ""
    if state.phase == "exchange":
        role = rules.role_of(state, 0)
        _, receiver, n, highest = rules.EXCHANGE[len(state.gifts)]
        what = f"your {'two highest cards' if n == 2 else 'highest card'} (the rightmost)" if highest \
            else f"any {'two cards' if n == 2 else 'card'}"
        how = "with Enter, then press Play (Enter on the Play button)" if keys else "(click them), then press Play"
        return f"You are {rules.ROLE_NAMES[role]}: select {what} to give the {rules.ROLE_NAMES[receiver]} {how}."
    how = HOW if keys else HOW_CLICKS
    top = rules.top_play(state)
    if top is None:
        joker = ", or the joker" if rules.JOKER in state.hands[0] else ""  # (said after it was played, round 16)
        return f"You lead: 1 to 4 cards of one rank{joker}; {how}."
    owner = "your" if top[0] == 0 else f"{names[top[0]]}'s"
    return f"Your turn: beat {owner} {rules.describe(top[1]).removeprefix('a ')} or pass; {how}; " \
           f"with nothing selected it says Pass{' (or press P)' if keys else ''}."


def whose_turn(state: rules.State, names: Sequence[str]) -> str:
    """F8's first fact: whose turn it is (or that the round is over)."""
    seat = rules.current_player(state)
    if seat is None:
        return "The round is over"
    if seat == 0:
        return "Your turn" + (" to give cards" if state.phase == "exchange" else "")
    return f"{names[seat]}'s turn" + (" to give cards" if state.phase == "exchange" else "")


def finishing_order(state: rules.State, names: Sequence[str]) -> str:
    """'Finishing order: 1st Alice, 2nd you, …' — the round's whole result, not only the player's place."""
    return "Finishing order: " + ", ".join(
        f"{ORDINAL[i]} {names[seat] if seat else 'you'}" for i, seat in enumerate(state.finished)) + "."


def hand_by_rank(hand: Sequence[str]) -> str:
    """The hand grouped by rank, low to high, as ACME is played ("two threes, a five, the joker"): ranks
    decide ACME and suits never matter, so "three of clubs, three of hearts" is said as "two threes"."""
    groups: list[tuple[str, int]] = []
    for code in rules.sort_hand(tuple(hand)):
        rank = "JK" if code == rules.JOKER else code[0]
        if groups and groups[-1][0] == rank:
            groups[-1] = (rank, groups[-1][1] + 1)
        else:
            groups.append((rank, 1))
    words = []
    for rank, n in groups:
        if rank == "JK":
            words.append("the joker")
        elif n == 1:
            words.append(("an " if rank in "8A" else "a ") + RANK_WORDS[rank])
        else:
            words.append(f"{('two', 'three', 'four')[n - 2]} {rank_word(rank, 2)}")
    return ", ".join(words) if words else "empty"
