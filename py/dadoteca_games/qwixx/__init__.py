"""Qwixx: the rules (``rules``, with the bots' fast model of them in ``model``), the computer
players (``bots``, the expert's table in ``values`` and its play-outs in ``rollout``) and the
screen (``view``). The shelf finds it here (:mod:`dadoteca.games`)."""
