"""Forty Thieves: the seed's Golf-like patience with 0–5 jokers, redeals on clearing and high scores.

``rules`` is the pure game, ``players`` the fair auto-player and the greedy baseline,
``simulate`` the command-line measurement, ``solver`` the exact (stock-reading)
"can this deal still be cleared?" search.
"""
