"""Dadoteca's rules: pure Python, no browser anywhere below this package.

>>> from dadoteca.playout import random_match
>>> match = random_match("qwixx", num_players=2, seed=5)
>>> match.state.is_terminal
True
"""
