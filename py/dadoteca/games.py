"""The shelf: every game by its id.

A game is one package, ``dadoteca_games.<id>``: its rules (``rules.GAME``, pure Python, like
this package), its computer players (``bots``: ``BOTS`` by level, the ``REVIEWER``, a ``COACH``
if the hints need a lighter expert), its screen (``view.UI``, with the page's facts: the sounds
of its events), its own part of the setup if it has one (``setup``: Diceland's maps, written
into the page by the build), its style (``style.css``) and its rules pages
(``rules.<language>.html``). The
shelf takes every such package: :data:`SHELF` gives the setup's order, one line per game, and a
game not in it (a test build's, ``tests/games``) comes after them. Nothing else names a game.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from pathlib import Path
from types import ModuleType
from typing import Final

import dadoteca_games

from .core import AnyState, Game, core_error

__all__ = ["GAMES", "SHELF", "game_folder", "game_part", "get_game", "reshelve"]

SHELF: Final = ("qwixx", "diceland", "shelfie")


def _shelved() -> list[str]:
    found = {module.name for module in pkgutil.iter_modules(dadoteca_games.__path__)}
    return [game for game in SHELF if game in found] + sorted(found - set(SHELF))


def game_part(game_id: str, part: str) -> ModuleType | None:
    """The module ``part`` (``rules``, ``bots``, ``view``) of the game's package, if it has
    one. Raises RuleError for a game that is not on the shelf."""
    if game_id not in GAMES:
        get_game(game_id)
    name = f"{dadoteca_games.__name__}.{game_id}.{part}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def game_folder(game_id: str) -> Path:
    """The folder of the game's package: its style and rules pages, which the build serves."""
    rules = game_part(game_id, "rules")
    assert rules is not None and rules.__file__ is not None
    return Path(rules.__file__).parent


def _game(game_id: str) -> Game[AnyState]:
    rules = importlib.import_module(f"{dadoteca_games.__name__}.{game_id}.rules")
    game: Game[AnyState] = rules.GAME
    assert game.id == game_id, f"the package {game_id} holds the game {game.id}"
    return game


GAMES: Final[dict[str, Game[AnyState]]] = {game_id: _game(game_id) for game_id in _shelved()}


def reshelve() -> None:
    """Read the shelf again, as the packages on the path now hold it: it is read once, at
    import, and a test that adds a folder of games to ``sys.path`` (tests/games), or takes it
    away again, calls this. :data:`GAMES` changes in place, for every module that holds it."""
    importlib.invalidate_caches()  # a folder added since the last import is looked at
    shelf = {game_id: _game(game_id) for game_id in _shelved()}
    GAMES.clear()
    GAMES.update(shelf)


def get_game(game_id: str) -> Game[AnyState]:
    try:
        return GAMES[game_id]
    except KeyError:
        raise core_error("core.unknown_game", game=game_id[:20], known=", ".join(GAMES)) from None
