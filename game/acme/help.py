"""The ACME help text (the rules and the table in our own words)."""

#: What saving does for a round left unfinished, said the same in every leaving warning, the Help and README
#: (a save used to be promised to keep the round "without penalty": it never did, the round counts once).
LEAVE_RULE = ("Saving the round first does not avoid this: the round counts now as an Apprentice round, "
              "and a save of it can be loaded and finished but counts nothing more.")

HELP = """ACME — climb the company ladder

Five players: you at the bottom of the table and four computer colleagues. Each holds a role, from top to bottom: President, Vice President, White Collar Worker, Blue Collar Worker and Apprentice. Get rid of all your cards before the others: the first out is President next round, the next Vice President, and so on; the last one still holding cards becomes Apprentice.

THE CARDS
53 cards: a normal pack and one joker. Suits never matter. From low to high: 3 4 5 6 7 8 9 10 J Q K A 2, and the joker above everything. The President gets 12 cards, the Vice President 11, everybody else 10.

THE EXCHANGE
Before the first trick:
- the President gives the Apprentice any 2 cards,
- the Vice President gives the Blue Collar Worker any 1 card,
- the Blue Collar Worker gives the Vice President his highest card,
- the Apprentice gives the President his 2 highest cards.
"Highest" means the rightmost cards of the sorted hand, even when a card to their left has the same rank. Everything is given from the hands as dealt and delivered together. Select the cards and press Play.

TRICKS
The President leads the first trick; later tricks are led by the last player who played cards (if that player is out, the most senior player still holding cards leads). The leader plays 1, 2, 3 or 4 cards of one rank. Each other player, in turn and once per trick, may play the same number of cards of a higher rank, or pass. The leader does not get a second chance. The joker may be played alone on anything, at any time, and cannot be beaten: the trick ends at once.

PLAYING
Click cards to select them (they rise); only cards that can be part of a legal play can be selected. In the exchange, with your two cards to give chosen, click one of them to put it back before choosing another. Press Play to play them. With nothing selected the same button says Pass, and pressing it passes (so do P and Game > Pass); when you lead you cannot pass, so it says Play and stays greyed until your selection is a play. The button always names what a press will do: Play, Pass, or Deal after the round. A pass, like a play, cannot be taken back (ACME has no Undo). Messages appear on the line at the bottom of the window.

PLAYERS
Game > Change Player asks for your name; typing a name that exists selects that player. Each player keeps the seniority of everyone at the table and statistics of the rounds played at each level (Game > Statistics). Leaving a round unfinished (Change Player, Exit, closing the window, Main menu or Load) makes you Apprentice next round. """ + LEAVE_RULE + """ Playing as a guest (the name box cancelled at the start, or Play as guest in Change Player's box) there is no seniority to lose: Main menu and closing the window keep the round without a question, and the main menu's ACME tile says Resume. A round counts once, even if it is loaded again: a round you left (for instance by loading its own save over it) has counted as Apprentice, so finishing it afterwards counts nothing and you stay Apprentice for the next deal; a saved round that never counted counts when you finish it, and its places seat the next deal. Deal (F2) deals a round: choosing a player deals nothing by itself. Options > Card backs picks one of twelve card backs; Options > Clear Statistics starts your statistics afresh.

FOLLOWING THE PLAY
Each play rests in front of the seat that made it, the play on top outlined in gold with its name; a pass shows as a "Pass" plate. A finished trick stays on the table a moment before it is gathered to the played pile (press Play to go on at once). Game > Last trick (Ctrl+L) shows the last finished trick, Game > Round log (Ctrl+G) the whole round in words, and Game > Hint (Ctrl+H) the Expert's choice for your cards. Once you are out the others finish the round at their pace; Finish round plays it to the end at once. Options > Computer speed sets how long the computer players pause.

HINTS
Give away your lonely low cards in the exchange. Lead low and follow as low as you can; keep a two or the joker to win the lead back when you need it, and towards the end lead the cards nobody can beat.
"""
