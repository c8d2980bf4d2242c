"""Diceland's actions: what a player does (choose a colour, stop, reroll, cross cells, pass)
and the dice rolled, each with the record text it is written and read back as."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from dadoteca.core import Action, Pass, Unseen, name_in
from dadoteca_games.diceland.maps import COLOURS

__all__ = [
    "CHANCE_OUTCOMES",
    "CHOOSE",
    "REROLL",
    "STOP",
    "Choose",
    "DicelandAction",
    "Mark",
    "Reroll",
    "Roll",
    "Stop",
]


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """The active player picks a colour rolled and sets all its dice aside."""

    colour: int

    def __str__(self) -> str:
        return f"choose {name_in(COLOURS, self.colour)}"


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """The active player ends the rolling."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """The active player rolls again every die not set aside."""

    def __str__(self) -> str:
        return "reroll"


@dataclass(frozen=True, slots=True)
class Mark(Action):
    """Cross ``cells`` (ids, kept ascending: a mark is a set), one per die of ``colour``, all in
    one area."""

    colour: int
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(sorted(self.cells)))

    def __str__(self) -> str:
        return f"mark {name_in(COLOURS, self.colour)} " + " ".join(map(str, self.cells))


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """The dice rolled, in roll order, each as a colour index (die face 1-6 = colour 0-5)."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return "roll " + " ".join(name_in(COLOURS, face) for face in self.faces)


DicelandAction = Choose | Stop | Reroll | Mark | Pass | Roll | Unseen
# The chance outcomes, which no player plays: a tuple, as isinstance() takes it twice as fast as
# a ``Roll | Unseen`` built at each call.
CHANCE_OUTCOMES: Final = (Roll, Unseen)

STOP: Final = Stop()
REROLL: Final = Reroll()
CHOOSE: Final = tuple(Choose(c) for c in range(len(COLOURS)))
