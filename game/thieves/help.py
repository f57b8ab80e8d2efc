"""The player's help for Forty Thieves, in our own words (Help ▸ How to play)."""

from game.thieves.leaving import LEFT_RULE

HELP = f"""THE AIM
Score as many points as you can by taking cards from the seven stacks. Empty all seven and a new deal follows, so a good game can go on for many deals.

THE TABLE
A pack of 52 cards with 0 to 5 jokers (2 unless you choose otherwise) is shuffled. Seven stacks of five cards are dealt face up; only the lowest card of each stack can be taken. The rest of the pack is the stock, face down; its top card is turned over as the current card.

TAKING A CARD
Click a stack (or drag its card onto the current card) to take its lowest card. It must be one rank above or one below the current card; suits do not matter. Ace and King are not neighbours: an Ace goes only with a 2, a King only with a Queen. A joker can be taken whatever the current card is, and any card can be taken onto a joker. The card you take becomes the new current card, so you can build long chains: 5, 6, 7, 6, 5, 4...

TURNING
Click the stock (or the current card) to turn the next card over as the new current card. You may turn whenever you like, even when a card could be taken.

CLEARING THE STACKS
When all seven stacks are empty you score 15 more, one joker leaves the pack for good (until none are left), and the whole pack is shuffled and dealt again. Your score carries on.

THE END
The game is over when the stock is empty and no card can be taken.

SCORING
Ace and King 8 points; 2, 3, Jack and Queen 6; 4, 5, 9 and 10 4; 6, 7 and 8 2; a joker nothing. Clearing all seven stacks: 15.

HIGH SCORES AND STATISTICS
There is a high-score table for each number of jokers you start with (fewer jokers is harder). A score good enough for the table asks for your name. Once you use Undo, the game is a practice game: it does not enter the tables or the statistics. Choose the number of jokers with Game > Jokers; it takes effect at the next new game. {LEFT_RULE}

WINNABLE LIGHT
The light above the points table, at the left under the stacks, tells whether the stacks on the table can still all be cleared, worked out by a solver that knows the order of the stock. Hint never uses it to choose: like the auto-player it sees only what you see (a good move from what you can see); when the light is green it adds the light's verdict on that move: safe (the stacks are still clearable after it) or risky (after it they are not clearable any more); when the solver would play another move and is still checking this one, it says so. Game > Show a winning move asks the solver for a move that keeps the stacks clearable; the game then becomes assisted: not scored, no high score, not in the statistics. Game > Winnable light switches the light off. With Game > Winnable deals only, New game deals only deals whose first stacks the solver has proved can be cleared (it tells you when it could not prove one quickly).
"""
