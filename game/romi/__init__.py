"""Romi: two-deck rummy on a rearrangeable board (rules, computer players, simulator)."""
