"""What every game's screen shares: the regions it paints, its taps, whom it asks.

Each game has one :class:`GameUI` subclass (its module ``<game>_view``) that turns a state into
HTML regions and taps into actions on the match. The :class:`~dadoteca_web.app.App` around it
owns everything common to all games: setup, notices, saving, import/export, new game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any, ClassVar, Final, Protocol, runtime_checkable

from dadoteca.core import Action, AnyState, Game, Options
from dadoteca.match import Match

from .i18n import Translator

__all__ = ["PIPS", "GameUI", "SeatedState", "asked_player", "die_pips"]

# The regions of the play screen, in page order; a game paints the ones it needs.
PLAY_REGIONS: Final = ("prompt", "dice", "controls", "board", "others", "scores")

# Pip spots on a 3 by 3 grid (0 top left … 8 bottom right) for the faces 1-6.
PIPS: Final = {
    1: (4,),
    2: (0, 8),
    3: (0, 4, 8),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
}


def die_pips(value: int) -> str:
    return "".join(f'<i class="pip p{spot}"></i>' for spot in PIPS[value])


@runtime_checkable
class SeatedState(Protocol):
    """A state whose turn belongs to one active player (every game on the shelf)."""

    @property
    def active(self) -> int: ...

    @property
    def deciders(self) -> tuple[int, ...]: ...

    @property
    def num_players(self) -> int: ...


def asked_player(state: SeatedState) -> int:
    """Whom the table hands the device to: the active player, then clockwise.

    Simultaneous decisions are simultaneous for the rules; pass-and-play asks their deciders one
    by one, starting with the active player.
    """
    deciders = state.deciders
    seats = state.num_players
    for offset in range(seats):
        player = (state.active + offset) % seats
        if player in deciders:
            return player
    return state.active


class GameUI(ABC):
    """One game on screen for the players ``names``; holds the choice not yet confirmed."""

    game: ClassVar[Game[Any]]
    # Options the setup form offers per seat (e.g. Diceland's map), by field name.
    seat_choices: ClassVar[tuple[str, ...]] = ()

    def __init__(self, t: Translator, names: tuple[str, ...]) -> None:
        self.t = t
        self.names = names

    @classmethod
    def options(cls, choices: Sequence[Mapping[str, str]], new_seed: Callable[[], int]) -> Options:
        """The game's options from each seat's setup choices; raises RuleError if invalid."""
        return {}

    def name(self, player: int) -> str:
        """A player's name, escaped: names are untrusted text."""
        return escape(self.names[player])

    def winners_title(self, winners: Sequence[int]) -> str:
        """The end screen's headline: one winner, or several sharing the win."""
        names = ", ".join(self.name(player) for player in winners)
        if len(winners) == 1:
            return self.t("{names} wins!", names=names)
        return self.t("{names} share the win!", names=names)

    def waiting_for(self, state: AnyState) -> int:
        """The player the table waits for now: to decide, or to roll the dice."""
        assert isinstance(state, SeatedState)
        return asked_player(state)

    @abstractmethod
    def show_choice(self, state: AnyState, action: Action) -> None:
        """Show a computer player's ``action`` as the pending choice it would be from taps
        (the cells it crosses, the dice it uses), before it is played."""

    @abstractmethod
    def regions(self, state: AnyState) -> dict[str, str]:
        """HTML for the play regions (keys among PLAY_REGIONS; absent ones are painted empty)."""

    @abstractmethod
    def handle(self, match: Match, act: str, data: Mapping[str, str]) -> None:
        """One tap on the game: select, play on ``match``, or raise the RuleError it breaks.

        Unknown acts and forged data are ignored: a tap can never corrupt the game.
        """

    @abstractmethod
    def forget(self) -> None:
        """Drop the choice not yet confirmed (a new match, an import, a reload)."""
