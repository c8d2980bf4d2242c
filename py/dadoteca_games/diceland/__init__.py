"""Diceland: the rules (``rules``, the maps in ``maps``, their rule tables in ``board``), the
computer players (``bots``) and the screen (``view``, the maps drawn by ``svg`` and laid out by
``sheets``; the setup's map pictures by ``pictures``). The shelf finds it here
(:mod:`dadoteca.games`)."""
