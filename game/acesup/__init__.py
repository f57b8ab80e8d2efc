"""Aces Up, with its Idiot's Delight and Firing Squad variations: rules, auto-player and solver."""
