"""ACME, the five-seat seniority game: pure rules, computer players, simulator and table."""
