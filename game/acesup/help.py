"""The player's help for Aces Up, in our own words (shown by Help ▸ How to play)."""

HELP = """THE AIM
Throw out cards until only the four Aces are left (in Idiot's Delight: until nothing is left).

THE TABLE
Four piles are dealt face up; the other 48 cards are the stock, face down on the left. Only the top card of each pile can be played. Aces are the highest cards, then King, Queen and so on down to 2.

DISCARDING
Click a top card to throw it out when another top card of the same suit is higher.
Two top cards of the same rank are thrown out together as a pair: click one, then the other (click the first again to change your mind). A card that has a partner of its rank on top must go as a pair, not alone.

SPACES
When a pile is empty, drag the top card of any other pile into the space.

DEALING
Click the stock to deal one card onto every pile, empty ones too. You may deal whenever you like. When fewer than four cards are left they go onto the first piles.

VARIATIONS (Game menu)
Aces Up: pairs are allowed but Aces are never paired; you win with the four Aces left.
Idiot's Delight: Aces may be paired too; you win when every card is gone.
Firing Squad: no pairs at all; you win with the four Aces left.

SCORING
One point for each card thrown out alone and one for each pair; four points off for every deal from the stock (the four cards you start with are free, so your first click on the stock already costs four); fifty points for a win. Once you use Undo, Restart or Load, the game is no longer scored until you start a new one.

HINT AND SHOW A WINNING MOVE
Hint (the button or Game > Hint) lights up a move and says it on the line at the bottom: the card to throw out, the pair, the card to move into a space, or the stock when nothing else helps. It is what the auto-player would do, a good move from what you can see: it sees only what you see, never the stock, and never suggests a move that leaves the table the same. When the light is green, Hint adds the light's verdict on its move: safe (the game is still winnable after it), risky (after it the game is not winnable any more), or, when the solver would play another move and is still checking this one, it says so. Game > Show a winning move asks the solver, which knows the stock, for a move that keeps the game winnable; the game then becomes assisted: not scored and not in the statistics.

THE WINNABLE LIGHT
The light above the score, at the bottom right, tells whether this game can still be won from here: green "Still winnable", red "Not winnable any more", yellow "Checking..." while it is being worked out, grey "Undecided" when the solver gave up. It is worked out by a solver that knows the order of the stock, so it knows more than you do. Game > Winnable light switches it off. With Game > Winnable deals only, New game deals only deals the solver has proved can be won.

THE DEMO
Game > Demo lets the computer play this game for you, move by move; it never looks at the stock. Any key or click stops it and gives you the cards back.

STATISTICS
Game > Statistics shows, for each variation, the games played and won, the best score and the winning streaks; Reset clears them. A game counts once, when it ends or when you leave it after your first move (a new game, Restart, Load, or handing it to the demo); a demo's own game is not yours.
"""
