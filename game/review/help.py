"""The player's help for Review (shown by Help ▸ About Review)."""

HELP = """REVIEW
The game is replayed as it was played. Step through it with the buttons under the table, the arrow keys, Home and End, or the slider; each move is played again as in the game.

Cards that were hidden from you in play stay hidden. Once the game is over, Review > Show all cards turns every card face up.

ANALYSIS
While you step, the game is analysed in the background (the bar above the status line shows how far it has got; Review > Stop analysis stops it). The summary stands at the top; the status line says what the analysis found for each move.

Aces Up and Forty Thieves: every position is solved exactly. A position is winnable, lost, or undecided when the solver ran out of time. The move that turned a winnable game into a lost one is "the losing move", a mistake, shown with a move that would have kept it winnable. But the solver sees the face-down stock and you do not: when the Hint would have made the same move, it lost only because of the stock's order, and it is said as bad luck, not a mistake. The slider is green where the game was winnable and red where it was lost.

ACME, Affairs of the Court and Romi: each of your decisions is compared with the Expert's choice (Romi: the best lay); the status line gives its choice and the difference, and the moves that cost the most are marked as mistakes.

The marked moves stand as red ticks above the slider (a click on one shows that move); Move > Next marked move and Previous marked move (Page Down, Page Up, or the buttons with a red bar beside the arrows) go from one to the next.

An analysis is kept with the game, so reviewing the same game again shows it at once."""
