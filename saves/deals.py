"""The start a saved game must have: the deal its deal number makes.

`saves.games.replay` rebuilds a saved game from its start and its moves through the rules, so no move can
be illegal; this module closes the other door, the start itself.  A hand-edited start (aces and a two on
the table, the rest of the pack gone) would pass every rules check on its own and let one move "win".
So the start is dealt again from its deal number with the game's own choices that the start records
(the variation, the jokers, who plays first, the seats' roles, the round limit), and must be that deal
exactly; the only marks a start may carry beyond the deal are the ones the table itself puts on every
state of a game (Aces Up "not scored", Forty Thieves "practice").

Only the rules' public functions are used (``new_game``, ``to_dict`` and the marks), so this stays in step
with each game's rules without knowing how a deal is made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _acesup(rules: Any, start: Any, seed: int) -> Any:
    dealt = rules.new_game(start.seed, variation=start.variation)
    return dealt if start.scored else rules.unscored(dealt)


def _thieves(rules: Any, start: Any, seed: int) -> Any:
    dealt = rules.new_game(start.seed, jokers=start.start_jokers)
    return rules.practice(dealt) if start.practice else dealt


def _court(rules: Any, start: Any, seed: int) -> Any:
    return rules.new_game(start.seed, follow_suit=start.follow_suit, round_limit=start.round_limit)


def _romi(rules: Any, start: Any, seed: int) -> Any:
    return rules.new_game(seed, ace_after_king=start.ace_after_king, first=start.first)


def _acme(rules: Any, start: Any, seed: int) -> Any:
    return rules.new_game(seed, roles=list(start.roles))


#: per game, the deal a start must be (from the start's own choices and the saved deal number)
DEALERS: dict[str, Callable[[Any, Any, int], Any]] = {
    "acesup": _acesup, "thieves": _thieves, "court": _court, "romi": _romi, "acme": _acme,
}


def game_of(rules: Any) -> str:
    """``"acesup"`` for the module ``game.acesup.rules``."""
    parts = getattr(rules, "__name__", "").split(".")
    return parts[1] if len(parts) == 3 and parts[0] == "game" and parts[2] == "rules" else ""


def check_start(rules: Any, start: Any, seed: int) -> str | None:
    """None when ``start`` is the deal ``seed`` makes (with the start's own choices), else the reason in
    words.  A game this module does not know is not checked (its replay still checks every move)."""
    dealer = DEALERS.get(game_of(rules))
    if dealer is None:
        return None
    if getattr(start, "seed", seed) is None:
        return "its start has no deal number"
    try:
        dealt = dealer(rules, start, seed)
    except (ValueError, TypeError, AttributeError, KeyError) as err:
        return f"its start cannot be dealt again ({str(err)[:60]})"
    if rules.to_dict(dealt) != rules.to_dict(start):
        return "its start is not a deal the game makes (the cards were changed)"
    return None
