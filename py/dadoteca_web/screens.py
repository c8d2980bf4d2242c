"""Every game's screen, by game id: the shelf as the app shows it, and a match on its game's
screen, for its players. Apart from the App because the shell's build (:mod:`dadoteca_web.shell`),
the statistics, today's game and the tests look games' screens up too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final

from dadoteca.bots import bot_level
from dadoteca.games import GAMES, game_part
from dadoteca.match import REAL_DICE, Match

from .game_ui import GameUI
from .history_import import SoloResults
from .i18n import Translator

__all__ = ["GAME_UIS", "lower_is_better", "solo_results", "ui_for"]


class _Screens(Mapping[str, type[GameUI]]):
    """The shelf as the app shows it: every game's screen (its package's ``view.UI``), by game
    id, in picker order. Read from the shelf at each look, so that it follows
    :data:`~dadoteca.games.GAMES`, a test's too (dadoteca.games.reshelve)."""

    def __getitem__(self, game_id: str) -> type[GameUI]:
        if game_id not in GAMES:
            raise KeyError(game_id)
        view = game_part(game_id, "view")
        assert view is not None, f"the game {game_id} has no screen (its package's view.UI)"
        ui: type[GameUI] = view.UI
        return ui

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


GAME_UIS: Final[Mapping[str, type[GameUI]]] = _Screens()


def lower_is_better() -> dict[str, bool]:
    """By game, whether a solo game's result is better lower (Diceland's rounds) or higher (a
    score)."""
    return {game: ui.lower_is_better for game, ui in GAME_UIS.items()}


def ui_for(t: Translator, match: Match) -> GameUI:
    """``match``'s game on screen, for its players."""
    names = tuple(seat.name for seat in match.seats)
    computers = frozenset(p for p, seat in enumerate(match.seats) if bot_level(seat) is not None)
    ui = GAME_UIS[match.game.id](t, names, computers, real_dice=match.dice == REAL_DICE)
    ui.coach = match.coach
    return ui


def solo_results(t: Translator) -> SoloResults:
    """How each game ranks its solo games (its screen says), for the history's import."""
    return SoloResults(
        lambda match: ui_for(t, match).solo_score(match.state),
        lambda game: GAME_UIS[game].lower_is_better,
    )
