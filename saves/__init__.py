"""Persistence: where user data lives and how it is written safely.

`saves.paths` finds the data folder (appdirs or PARLOUR_HOME); `saves.store`
reads and writes JSON atomically, keeps the previous good copy and turns every
bad file into a `SaveError` with a plain-words message.
"""
