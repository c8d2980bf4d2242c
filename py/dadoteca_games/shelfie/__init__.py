"""My Shelfie: The Dice Game: the rules (``rules``, the dice's tables in ``dice``), the
computer players (``bots``) and the screen (``view``, the bookcases drawn by ``sheets``, the
items' icons by ``icons``). The shelf finds it here (:mod:`dadoteca.games`)."""
