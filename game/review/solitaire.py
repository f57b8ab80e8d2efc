"""The solitaires' review: each position's exact verdict, and the move that lost the game.

A position is "winnable", "lost" or "undecided" (the solver ran out of budget).  The move that turned a
winnable position into a lost one is "the losing move"; the first move of the solver's line from the
position before it is a move that kept the game winnable ("better").

Positions share work, so that a 60-move game costs a few solves rather than sixty:
- a lost position's successors are lost (no move undoes a loss);
- a winnable position's solver line names a winnable successor: when the player's move is the line's
  first move, the position after it is winnable, with the rest of the line, without a search;
- a winnable position's predecessor was winnable too (the player's own move is its line).
Only positions where the player left the solver's line are searched.

A game may begin a new deal inside the game (Forty Thieves redeals after a clear): ``new_deal(before,
after)`` says where, and no verdict is carried across it (nor is such a move ever "the losing move").

Luck is no mistake (issue 33): the solver reads the face-down stock, the player cannot.  A move that lost a
winnable game is the player's mistake only when a fair player would not have made it; ``fair(state)``
gives the moves the Hint's auto-player may make there (it never reads the stock).  When the player's move
is one of them it lost only because of the stock's order: the entry is not marked (``"luck": True``, its
``better`` the solver's move, which only a player who sees the stock could have found), and the summary
says no mistake was made.  Every word said about a losing move or bad luck is here (`MARK_WORDS`,
`BETTER_WORDS`, `SUMMARY_MISTAKE`, `SUMMARY_LUCK`), for the status line and the summary alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.review.wording import gerund, lower_first

WINNABLE, LOST, UNDECIDED = "winnable", "lost", "undecided"

VERDICT = {True: WINNABLE, False: LOST, None: UNDECIDED}
#: an entry's ``mark`` for the move that turned a winnable game into a lost one that a fair player would not
#: have made (a mistake); a fair move that lost only to the stock's order carries ``"luck": True`` instead
LOSING = "losing"

#: what the status line says of such a move, by (``"losing"`` or ``"luck"``, the game counts clears); short:
#: with the move itself and, for a mistake, the solver's better move, they fit the status line's two lines
#: at 800x600
MARK_WORDS = {
    (LOSING, False): "A mistake: winnable before it, lost after it, and the Hint would not play it.",
    (LOSING, True): "A mistake: the stacks were clearable before it, not after, and the Hint would not play it.",
    ("luck", False): "Bad luck, not a mistake: with the stock as it was, this lost; you could not have known "
                     "(the Hint plays it too).",
    ("luck", True): "Bad luck, not a mistake: with the stock as it was, the stacks cannot all be cleared after "
                    "it; you could not have known (the Hint plays it too).",
}
#: what follows a mistake's words when the solver found a move that kept the game alive (bad luck names none
#: on the status line: only a player who sees the stock could have found it; the entry keeps it)
BETTER_WORDS = {False: "{better} kept it winnable.", True: "{better} kept them clearable."}
#: the summary's first sentence when a deal was lost: by the player, or by the stock's order alone
SUMMARY_MISTAKE = "1 mistake."
SUMMARY_LUCK = "No mistakes; the stock's order decided it."
#: the solver's node budget per position: the CPU time limit (``budget``) is what normally ends a search
NODE_BUDGET = 50_000_000


def review(rules: Any, solve: Callable[..., Any], start: Any, moves: Sequence[Any], *, budget: float,
           progress: Callable[[float], None] | None = None, should_stop: Callable[[], bool] | None = None,
           describe: Callable[[Any, Any], str] = lambda state, move: str(move),
           new_deal: Callable[[Any, Any], bool] = lambda before, after: False,
           fair: Callable[[Any], Sequence[Any]] | None = None) -> list[dict[str, Any]]:
    """One entry per move: ``{"n", "move", "before", "after", "mark", "better", "text", "better_text"}``,
    and ``"luck": True`` on a move that lost only to the stock's order.

    ``budget`` is CPU seconds per searched position; ``describe(state, move)`` the move in words (for the
    summary and the review scene); ``fair(state)`` the moves a fair player may make there (see the module
    docstring; without it every losing move is a mistake).  Stopped early, the entries of the positions not
    reached say "undecided"."""
    states = [start]
    for m in moves:
        states.append(rules.apply(states[-1], m))
    n = len(moves)
    verdict: list[str] = [UNDECIDED] * (n + 1)
    line: list[tuple[Any, ...] | None] = [None] * (n + 1)
    for i in range(n + 1):
        if should_stop is not None and should_stop():
            break
        fresh = i == 0 or new_deal(states[i - 1], states[i])
        if not fresh and verdict[i - 1] == LOST:
            verdict[i] = LOST
        elif not fresh and line[i - 1] and line[i - 1][0] == moves[i - 1]:
            verdict[i], line[i] = WINNABLE, line[i - 1][1:]
        else:
            res = solve(states[i], node_budget=NODE_BUDGET, time_limit_s=budget)
            verdict[i] = VERDICT[res.winnable]
            line[i] = tuple(res.line) if res.winnable and res.line is not None else None
        if progress is not None:
            progress((i + 1) / (n + 1))
    # a winnable position's predecessor was winnable (by the player's own move), within one deal
    for i in range(n, 0, -1):
        if verdict[i] == WINNABLE and verdict[i - 1] == UNDECIDED and not new_deal(states[i - 1], states[i]):
            verdict[i - 1] = WINNABLE
            line[i - 1] = (moves[i - 1], *(line[i] or ()))
    out: list[dict[str, Any]] = []
    for i, m in enumerate(moves):
        before, after = verdict[i], verdict[i + 1]
        losing = before == WINNABLE and after == LOST and not new_deal(states[i], states[i + 1])
        better = line[i][0] if losing and line[i] else None
        luck = losing and fair is not None and m in fair(states[i])
        entry = {"n": i + 1, "move": str(m), "before": before, "after": after,
                 "mark": LOSING if losing and not luck else None,
                 "better": str(better) if better is not None else None,
                 "text": describe(states[i], m),
                 "better_text": describe(states[i], better) if better is not None else None}
        if luck:
            entry["luck"] = True  # a fair player's move, lost to the stock's order: no mistake
        if new_deal(states[i], states[i + 1]):
            entry["new_deal"] = True  # this move began a new deal: "before" is the old one's, "after" the new
        out.append(entry)
    is_won = getattr(rules, "is_won", None)
    if out and len(out) == n and callable(is_won) and is_won(states[-1]):
        out[-1]["won"] = True  # the game was won: its last position says so, not "still winnable"
    return out


def summarize(entries: list[dict[str, Any]], *, winnable: str = "winnable",
              never: str = "This deal was never winnable: no move lost it.",
              cleared: str = "Deal {deal} cleared at move {n}") -> str:
    """The summary line: where the game was lost and what kept it winnable, or that it never was.

    With new deals inside the game (``"new_deal"`` entries) each clear is named first, and a deal that
    came up lost from its start is said to have been so."""
    if not entries:
        return "No moves to review."
    clears = [e["n"] for e in entries if e.get("new_deal")]
    parts = [cleared.format(deal=k + 1, n=n) for k, n in enumerate(clears)]
    if entries[0]["before"] == LOST:
        return never
    losing = next((e for e in entries if e.get("mark") == LOSING or e.get("luck")), None)
    last = entries[-1]
    if losing is not None:
        played = gerund(lower_first(losing.get("text") or losing["move"]))
        parts = [p for p, n in zip(parts, clears, strict=True) if n < losing["n"]]
        if losing.get("luck"):
            head = SUMMARY_LUCK
            parts.append(f"{winnable} until move {losing['n']}, where {played} lost with the stock as it was")
        else:
            head = SUMMARY_MISTAKE
            instead = losing.get("better_text") or losing.get("better")
            parts.append(f"{winnable} until move {losing['n']}: {_clause(instead)} instead of {played}")
    elif parts and last["after"] == LOST and _deal_start(entries, last)["after"] == LOST:
        parts.append(f"the next deal could never be {'cleared' if winnable == 'clearable' else 'won'}")
    elif last.get("won"):
        parts.append(f"won at move {last['n']}, with no losing move")
    elif last["after"] == WINNABLE:
        parts.append(f"no losing move: still {winnable} after move {last['n']}")
    else:
        unsure = [e["n"] for e in entries if e["after"] == UNDECIDED]
        parts.append(f"no losing move found; the solver could not decide {len(unsure)} position"
                     f"{'s' if len(unsure) != 1 else ''} (from move {unsure[0]})" if unsure
                     else "no losing move found")
    text = "; ".join(parts)
    text = _sentence(text) + ("" if text.endswith(".") else ".")
    return f"{head} {text}" if losing is not None else text


def mark_words(e: dict[str, Any], clearable: bool) -> str | None:
    """What the status line says of a losing move (with the solver's better move when it found one) or of a
    move lost to luck, or None for any other move: `MARK_WORDS` and `BETTER_WORDS`."""
    if e.get("luck"):
        return MARK_WORDS["luck", clearable]
    if e.get("mark") != LOSING:
        return None
    said = MARK_WORDS[LOSING, clearable]
    better = lower_first(e.get("better_text") or e.get("better") or "")
    return f"{said} {_sentence(BETTER_WORDS[clearable].format(better=better))}" if better else said


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _deal_start(entries: list[dict[str, Any]], e: dict[str, Any]) -> dict[str, Any]:
    """The entry whose move began the deal ``e`` belongs to (the first entry for the first deal)."""
    starts = [x for x in entries[:e["n"]] if x.get("new_deal")]
    return starts[-1] if starts else entries[0]


def _clause(text: Any) -> str:
    return str(text or "").rstrip(".")
