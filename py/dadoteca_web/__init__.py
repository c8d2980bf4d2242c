"""Dadoteca's browser front end (PyScript): screens and taps; the rules stay in ``dadoteca``."""
