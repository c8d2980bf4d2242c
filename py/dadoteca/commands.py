"""What passes between a screen and a :class:`~dadoteca.table.Table`: the typed commands a
screen sends (:meth:`Table.do <dadoteca.table.Table.do>`), what a table yields while its
computers move (a pause, a choice on show, a slice of thinking), and whom a moment asks
(:func:`asked_player`).

Apart from the table, which plays them: a screen and its game's view (``dadoteca_web``) speak
in these and need none of the table's workings.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final, NamedTuple, Protocol, runtime_checkable

from .core import Action

__all__ = [
    "BOT_PAUSE",
    "BOT_SHOW",
    "THINKING",
    "Answer",
    "Command",
    "PassTheRest",
    "Pause",
    "Redo",
    "RollDice",
    "SeatedState",
    "Show",
    "Undo",
    "Withdraw",
    "asked_player",
]

# -- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RollDice:
    """Roll the dice: from the game's own generator (``outcome`` None; with sheets only, the
    table's unseen roll), or the dice the table rolled and entered."""

    outcome: Action | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """``player``'s decision: played at once, or one answer among several to a moment decided
    together. ``computer``: a computer's own (no tap answers for a computer)."""

    player: int
    action: Action
    computer: bool = False


@dataclass(frozen=True, slots=True)
class Withdraw:
    """``player`` takes back their own answer to the open moment."""

    player: int


@dataclass(frozen=True, slots=True)
class PassTheRest:
    """Everyone :attr:`Table.passing_for` names answers "nothing" (the others cross nothing)."""


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back what :attr:`Table.undoable` describes."""


@dataclass(frozen=True, slots=True)
class Redo:
    """Play again what Undo took back last, while nothing else was played."""


Command = RollDice | Answer | Withdraw | PassTheRest | Undo | Redo


# -- what a table yields while its computers move ----------------------------------------------


class Pause(NamedTuple):
    """A moment for the table to see what a computer does (scaled by the page's pace)."""

    seconds: float


@dataclass(frozen=True, slots=True)
class Show:
    """A computer's choice, to show as its pending choice before it is played."""

    player: int
    action: Action


THINKING: Final = None  # yielded between slices of a computer's (or the coach's) thinking
# A computer's move at the table's pace: a pause after the last move, then its choice on screen
# for a moment before it is played.
BOT_PAUSE: Final = Pause(0.6)
BOT_SHOW: Final = Pause(0.9)


@runtime_checkable
class SeatedState(Protocol):
    """A state whose turn belongs to one active player (every game on the shelf)."""

    @property
    def active(self) -> int: ...

    @property
    def roller(self) -> int | None: ...

    @property
    def deciders(self) -> tuple[int, ...]: ...

    @property
    def num_players(self) -> int: ...


def asked_player(state: SeatedState, answered: Collection[int] = ()) -> int:
    """Whom the table hands the device to: who rolls; else the first decider who has not
    answered yet, clockwise from the active player (the rules' simultaneous decisions, asked
    one by one); else the active player."""
    roller = state.roller
    if roller is not None:
        return roller
    deciders = state.deciders
    seats = state.num_players
    for offset in range(seats):
        player = (state.active + offset) % seats
        if player in deciders and player not in answered:
            return player
    return state.active
