"""What the review's status line and header say: each move in words, whose it was, and what the analysis
found (a solitaire's verdict, the Expert's choice and the difference, Romi's better lay), and the summary.

A mixin of `game.review.scene.ReviewScene` (``self`` is the scene: its ``source``, ``analysis``,
``analyser``, ``puppet``, ``pos``, ``total``, ``title`` and ``played_history``), kept apart so the scene
stays about stepping and drawing.  Moves are said by each game's ``describe`` in its own card voice and
put into sentences by `game.review.wording`, never as move codes.
"""

from __future__ import annotations

from typing import Any

from game import registry
from game.review import runner, solitaire, wording
from game.words import count

VERDICT_WORDS = {"winnable": "Still winnable.", "lost": "Lost (already before this move).",
                 "undecided": "Undecided (the solver ran out of time)."}


class ReviewWords:
    """The review scene's words (see the module docstring)."""

    source: Any
    analysis: runner.Analysis
    analyser: Any
    puppet: Any
    total: int
    title: str
    played_history: Any
    pos: int  # the scene's property: the moves shown played
    reveal: bool  # Show all cards

    def describe(self, n: int, text: str | None = None) -> str:
        """Move ``n`` (or the move ``text`` in its place) in the game's card voice, as a verb phrase ('play
        the ten of diamonds'), never a move code (`game.review.wording`)."""
        state, move = self.source.states[n - 1], self.source.moves[n - 1]
        rules = self.source.rules
        try:
            if text is not None:
                move = rules.parse_move(state, text)
            # a move whose cards you never saw (an ACME gift between two other seats, the computer's draw in
            # Court) is said without them until Show all cards: round 14, Review named Carmen's hidden gift
            hidden = getattr(self.analyser, "hidden_describe", None)
            if text is None and hidden is not None and not self.reveal:
                phrase = hidden(state, move)
                if phrase:
                    return wording.lower_first(phrase)
            describe = getattr(self.analyser, "describe", None)
            if describe is not None:
                return wording.lower_first(describe(state, move))
        except (ValueError, KeyError, IndexError):
            pass  # a text this position does not take (a damaged cached analysis): say it as it is
        return str(move if text is None else text)

    def who(self, n: int) -> str | None:
        """Whose move ``n`` was ('You', 'The computer', an ACME seat's name); None in a solitaire."""
        if registry.get(self.source.game).players == "Solitaire":
            return None
        seat = self.source.rules.current_player(self.source.states[n - 1])
        if seat in (None, 0):
            return "You"
        names = getattr(self.puppet, "names", None)
        if callable(names):
            try:
                return wording.capital(names()[seat])
            except (IndexError, TypeError):
                pass
        return "The computer"

    def played_words(self, n: int) -> str:
        """'You played the ten of diamonds', 'Alice led a pair of sevens', 'Discard the pair of nines'."""
        phrase = self.describe(n)
        who = self.who(n)
        return wording.capital(phrase) if who is None else f"{who} {wording.past(phrase)}"

    def move_words(self) -> str:
        """What the status line says about the position shown."""
        if self.total == 0:
            return "No moves were played in this game."
        if self.pos == 0:
            nxt = self.analysis.entry(1)
            start = f"The start of the game. {self.total} move{'s' if self.total != 1 else ''} to replay."
            if nxt is not None and nxt.get("before"):
                return f"{start} {self.start_verdict(nxt['before'])}"
            return start
        n = self.pos
        e = self.analysis.entry(n)
        head = f"Move {n} of {self.total}: "
        if self.played_history is not None and e is not None:
            return (f"{head}the better lay, {self.describe(n, e['better_play'])} (you played "
                    f"{self.describe(n)}). Show the better lay again to see the game as played.")
        said = f"{head}{self.played_words(n)}."
        if e is None:
            return said
        if e.get("before"):
            return f"{said} {self.verdict_words(e)}"
        if e.get("expert") is not None:
            said += f" {self.judgement_words(n, e)}"
        return said

    def start_verdict(self, verdict: str) -> str:
        """The deal's verdict at the start, in the game's own words (Forty Thieves clears stacks: "The deal is
        lost here" read as Aces Up's words in a game whose summary says "clearable")."""
        if self.source.game == "thieves":
            return {"winnable": "From the deal, the stacks can all be cleared.",
                    "lost": "From the deal, the stacks can never all be cleared."}.get(
                        verdict, "Whether the stacks can all be cleared is undecided.")
        return {"winnable": "The deal is winnable.", "lost": "The deal cannot be won."}.get(
            verdict, "Whether the deal can be won is undecided.")

    def verdict_words(self, e: dict[str, Any]) -> str:
        """A solitaire position's verdict after the move: still winnable, lost by this move, won."""
        clearable = self.source.game == "thieves"
        marked = solitaire.mark_words(e, clearable)  # a mistake, or bad luck: the one source of those words
        if marked is not None:
            return marked
        if e.get("won"):
            return "Won."
        if e["before"] == e["after"]:
            if clearable:
                return {"winnable": "The stacks can still all be cleared.",
                        "lost": "The stacks could no longer all be cleared (already before this move)."}.get(
                    e["after"], VERDICT_WORDS[e["after"]])
            return VERDICT_WORDS[e["after"]]
        return f"Before it: {e['before']}; after it: {e['after']}."

    def judgement_words(self, n: int, e: dict[str, Any]) -> str:
        """Why a player's move is marked or not, and by how much: the Expert's choice and the difference,
        whether or not it is a mistake (Romi: the best lay, the cards and points it would have laid more)."""
        unit, units, digits = getattr(self.analyser, "UNIT", ("point", "points", 1))
        cost = float(e.get("cost") or 0.0)
        if "cards_missed" in e:  # Romi: the best lay from the same board and hand
            missed, more = int(e.get("cards_missed") or 0), int(cost)
            if not e.get("better_play"):
                return "The best lay."
            best = wording.participle(self.describe(n, e["better_play"]))
            gain = " and ".join(x for x in (count(missed, "more card") if missed else "",
                                            count(more, "more point") if more else "") if x)
            if e.get("mark"):
                return f"A mistake: you could have {best} ({gain})."
            return f"Not a mistake (as many cards laid), but you could have {best} ({gain})."
        if not e.get("mark") and self.forced(n):  # not praised as a choice (round 15: Quick Play's forced card
            return "The only move the rules allowed."  # and a forced discard were "The Expert agrees")
        expert = self.describe(n, e["expert"])
        about = "exactly" if e.get("exact") else "about"  # nothing hidden: played out, not sampled
        said = getattr(self.analyser, "cost_words", None)  # Court: the points and the game said apart
        if said is not None and "points" in e:
            if e.get("mark") == "mistake":
                return f"A mistake: the Expert would have {wording.participle(expert)}, {said(e)}."
            if cost:
                return f"The Expert would have {wording.participle(expert)}, {said(e)}: too little to call a mistake."
        if e.get("mark") == "mistake":
            return (f"A mistake: the Expert would have {wording.participle(expert)}, {about} "
                    f"{wording.amount(cost, unit, units, digits)} better by the end of the round.")
        if e["expert"] == e.get("move") or (not cost and expert == self.describe(n)):
            return "The Expert agrees."
        if not cost:
            return f"The Expert would have {wording.participle(expert)}: it comes to the same."
        by = wording.amount(cost, unit, units, digits)
        return (f"The Expert would have {wording.participle(expert)}, {about} {by} better: too little to call a "
                f"mistake.")

    def forced(self, n: int) -> bool:
        """Move ``n`` was the only one the rules allowed."""
        legal = getattr(self.source.rules, "legal_moves", None)
        return legal is not None and 0 < n <= len(self.source.moves) and len(legal(self.source.states[n - 1])) == 1

    def progress_words(self) -> str:
        a = self.analysis
        if not a.available:
            return "No analysis for this game yet"
        return {runner.RUNNING: f"Analysing\u2026 {int(a.fraction * 100)}%", runner.DONE: "Analysed",
                runner.STOPPED: "Analysis stopped", runner.FAILED: "Analysis failed",
                runner.NONE: ""}[a.status]

    def summary_text(self) -> str:
        a = self.analysis
        head = f"Review: {self.title}, deal #{self.source.seed}"
        if a.status == runner.DONE and a.summary:
            return f"{head}. {a.summary}"
        if a.status == runner.RUNNING:
            return f"{head}. Analysing the game\u2026"
        if a.status == runner.FAILED:
            return f"{head}. The analysis failed: {a.error[:80]}"
        return head
