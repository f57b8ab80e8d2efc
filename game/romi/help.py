"""The How to play text for Romi (in our own words)."""

HELP = """Romi is rummy for two with two packs and two jokers: you against the computer.

Groups. Lay cards in groups of 3 or more: a set is cards of one rank in different suits (at most four); a run is cards of one suit in a row, Ace low (A-2-3). With the Ace-after-King preference an Ace may also end a run (Q-K-A), but a run never goes round the corner (K-A-2). A joker stands for any card.

Opening. Your first play must come from your hand alone: new groups worth 25 points or more (Ace 1, 2-10 face value, Jack 11, Queen 12, King 13; a joker counts as the card it replaces). You may not touch the table until you have opened.

After opening. Rearrange the whole table as you like and add cards from your hand. When you end the turn every group must be valid, every card that was on the table must still be there, and you must have added at least one card of your own. If you cannot or will not play, draw a card instead.

The end. The first player to lay their last card wins and scores the points left in the other hand (a joker counts 25). When the stock is empty a player who cannot play passes (the Draw button); two passes in a row end the game and the lower hand wins.

The board. 8 rows of 24 cells; a group is a row of cards with an empty cell on each side. Your cards are on the palette below.
- Click a card to select it (it darkens), then click an empty cell or the palette to move it. Click it again to cancel.
- Or drag cards where you want them.
- Ctrl-click adds a card to the selection or takes it out (on the board and the palette); a drag that starts on empty board or palette space draws a box that selects the cards it touches.
- Shift-click selects a card and the cards after it in its group; on the palette, the following cards that can still make a group in the order they lie.
- A card goes beside others only if the row, in the order it lies, can still become a group by adding cards at its ends (a run with a gap inside never can; a set may lie in any order).
- With cards selected, click the first or last card of a group to add them at that end (the group moves to the nearest place with room, in its own row first, if it has none where it lies).
- Select a card equal to one inside a group of 5 or more and click that card to split the group around it: 4-5-6-7-8-9 and a 6 give 4-5-6 and 6-7-8-9.
- Sort orders your palette by suit (runs side by side); pressed again, by rank (sets side by side). The palette remembers the order for new hands and drawn cards.
- End turn (the sandglass, or Enter, which asks first) checks the table and says what is wrong with a bad group (outlined in red). Validate checks without ending. Ctrl+Z takes back your last move of the turn, one at a time; Restore puts the board back as the computer left it, all at once. Draw (or Space) takes a card and ends your turn; with cards laid it asks first, since drawing takes them back.

Levels. Beginner lets you see the computer's cards and ask for Help from Romi, which plays your turn for you: a game you win after asking for it is not counted as a win (Statistics lists it apart), so Romi asks before it helps the first time in a game. A level chosen during a game applies from the next game. Intermediate plays better. Expert is the strongest and gives you a time limit: when the sandglass runs out, a valid table ends your turn; an invalid one is restored and you draw a card; if you played nothing you draw.
"""
