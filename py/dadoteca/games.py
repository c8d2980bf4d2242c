"""The shelf: every game by its id. Adding a game is one line here (and its module)."""

from __future__ import annotations

from typing import Final

from .core import AnyState, Game, core_error
from .diceland import DICELAND
from .qwixx import QWIXX
from .shelfie import SHELFIE

__all__ = ["GAMES", "get_game"]

GAMES: Final[dict[str, Game[AnyState]]] = {
    QWIXX.id: QWIXX,
    DICELAND.id: DICELAND,
    SHELFIE.id: SHELFIE,
}


def get_game(game_id: str) -> Game[AnyState]:
    try:
        return GAMES[game_id]
    except KeyError:
        raise core_error("core.unknown_game", game=game_id[:20], known=", ".join(GAMES)) from None
