"""Diceland's actions: what a player does (choose a colour, stop, reroll, cross cells, pass)
and the dice rolled, each with the record text it is written and read back as
(:func:`read_action`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from dadoteca.core import PASS, UNSEEN, Action, Pass, Template, Unseen, name_in, rule_breaker
from dadoteca_games.diceland.maps import COLOURS

__all__ = [
    "ACTION_RULES",
    "CHANCE_OUTCOMES",
    "CHOOSE",
    "DICE",
    "REROLL",
    "STOP",
    "Choose",
    "DicelandAction",
    "Mark",
    "Reroll",
    "Roll",
    "Stop",
    "read_action",
]

DICE: Final = 6  # ruling DICELAND_DICE: a roll of six dice at most
# A record's text that is no action: part of the game's RULES (rules.py).
ACTION_RULES: Final[dict[str, Template]] = {"diceland.bad_action": "Not a Diceland action: {text}"}
_broken: Final = rule_breaker(ACTION_RULES)


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


def read_action(text: str) -> DicelandAction:
    """The action ``text`` writes, exactly as ``str`` writes it: a record's text is the
    app's own, so no other case, spacing or order (of a mark's cells) is read as one."""
    action = _read_action(text)
    if str(action) != text:
        raise _broken("diceland.bad_action", text=text[:40])
    return action


_WORD_ACTIONS: Final[dict[str, DicelandAction]] = {"pass": PASS, "stop": STOP, "reroll": REROLL}
_COLOUR_INDEX: Final = {colour: c for c, colour in enumerate(COLOURS)}
_CELL_ID: Final = re.compile(r"0|[1-9][0-9]{0,3}")


def _read_action(text: str) -> DicelandAction:
    words = text.split(" ")
    if text == str(UNSEEN):
        return UNSEEN
    if len(words) == 1 and words[0] in _WORD_ACTIONS:
        return _WORD_ACTIONS[words[0]]
    if len(words) >= 2 and words[1] in _COLOUR_INDEX:
        verb, colour, rest = words[0], _COLOUR_INDEX[words[1]], words[2:]
        if verb == "choose" and not rest:
            return CHOOSE[colour]
        if verb == "mark" and 0 < len(rest) <= DICE and all(map(_CELL_ID.fullmatch, rest)):
            cells = tuple(sorted({int(word) for word in rest}))
            if len(cells) == len(rest):
                return Mark(colour, cells)
        if verb == "roll" and len(rest) < DICE and all(w in _COLOUR_INDEX for w in rest):
            return Roll((colour, *(_COLOUR_INDEX[word] for word in rest)))
    raise _broken("diceland.bad_action", text=text[:40])
