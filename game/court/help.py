"""The Help text of Affairs of the Court (the seed's rules, in our own words)."""

HELP = """Affairs of the Court is a duel against the computer. You both start with 100 points; bring the computer's total to zero or below while yours stays above zero.

THE DRAW. The first drawer turns the top card of the pack and keeps or discards it. The next card goes the other way: discarded if you kept the first, kept if you discarded it. The players take such pairs in turn until the pack is gone, so each holds 13 cards. Click the deck to turn a card (Quick Play turns it for you), then Keep (K) or Discard (D); with Quick Play the second card of your pair, whose place is forced, goes there by itself. Your discards stay face down; only you have seen them.

THE TURNS. The first drawer leads. The other player must follow suit when able (Must Follow Suit, on by default), otherwise may play any card. The winner of a turn leads the next. Click a card in your hand to play it.

NUMBERED CARDS (2 to 10) take effect with their face value: a heart adds to its player's total, a diamond or club takes from the opponent's total, a spade takes from both totals. When two numbered cards meet, the higher one takes effect (4.11); in the same suit the two values are added (4.14); equal ranks both take effect and the leader leads again (4.13).

COURT CARDS (Jack < Queen < King < Ace) act only against a card of their own suit; against another suit a numbered card beats them (4.21), and two court cards of different suits leave the turn to the leader with no points (4.311).
Against a numbered card of its suit: the Jack blocks it (4.221); the Queen reverses it, so its effect goes to the other player (4.222); the King blocks it and captures it into the King's hand (4.223); the Ace of spades switches the totals (4.2241), the Ace of hearts lifts both totals to the higher one (4.2242), the Ace of diamonds or clubs makes the numbered card's player lose twice its value (4.2243).
Two court cards of one suit: Jack and Queen are an Affair of the Court, and every card of that suit leaves both hands (4.321); the King captures a Jack (4.322, Messenger) or a Queen (4.323, Marriage); an Ace with any other court card is a Traitor: spades switch the totals, hearts lift both to the higher, diamonds and clubs do nothing (4.324).

THE BONUS. Turns stop as soon as a hand is empty. Captures and Affairs of the Court leave hands uneven, so the other player may then play any remaining numbered cards one by one with their full effect, or keep them back (Done). Court cards have no effect in the bonus.

END OF A ROUND. Totals are judged only now: both at zero or below is a draw, one at zero or below loses. Otherwise a new round is dealt, and the player with more points draws first (equal points: the one who did not draw first last time). A game still undecided after 99 rounds goes to the higher total, equal totals being a draw.

OPTIONS. Quick Play turns the deck for you. Rule Cue Cards show, after each turn, the rule that decided it; Court > Round log (Ctrl+G) tells the whole round so far, turn by turn, with the totals after each turn. Must Follow Suit can be switched off for a different game; only games played with it on count in the history.

HISTORY AND TOURNAMENTS. Play as the Guest or as a named player. The history keeps, per player and level, your games, wins, points, spreads, rounds, bonus points and your Legendary Games (largest winning spreads). In a tournament, 1 to 10 players each play three rounds against the computer on the same packs in the same order; the score is your total minus the computer's after those rounds."""
