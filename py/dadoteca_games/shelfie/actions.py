"""My Shelfie's actions: mark items (each a combination of dice), reroll, cross out a shelf,
pass, and the dice rolled; each with the record text it is written and read back as (rules.py's
module text lists them), and the tables that share one object per action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from dadoteca.core import Action, Pass, Unseen, name_in
from dadoteca_games.shelfie.dice import DICE_COUNT, FACES, JOLLY, MALFORMED, packed
from dadoteca_games.shelfie.sheet import COLUMNS, SHELF_FACE, SHELVES, cell_bit

__all__ = [
    "CHANCE_OUTCOMES",
    "COMBOS_BY_TEXT",
    "MAX_COMBINATIONS",
    "POSITIONS_OF",
    "POSITION_WORDS",
    "REROLLS",
    "REROLL_MASKS",
    "STRIKES",
    "STRIKES_BY_FULL",
    "Combo",
    "Mark",
    "Reroll",
    "Roll",
    "ShelfieAction",
    "Strike",
]

MAX_COMBINATIONS: Final = 3  # items marked in one turn at most


@dataclass(frozen=True, slots=True, order=True)
class Combo:
    """One combination: the item of ``shelf`` in ``column`` (0-based; column ``c`` takes ``c + 1``
    dice) from dice showing that item, one of them a jolly if ``jolly`` (ruling SHELFIE_JOLLY);
    or, with ``six_jollies``, from a roll of six jollies (ruling SHELFIE_SIX_JOLLIES).

    Its text is the item and the dice count: ``cat3``, ``book2+j``, ``plant4+jjjjjj``.
    """

    shelf: int
    column: int
    jolly: bool = False
    six_jollies: bool = False

    @property
    def item(self) -> str:
        return SHELVES[self.shelf]

    def dice_needed(self) -> int:
        """The dice this combination takes, its jolly included (all six for six jollies)."""
        return DICE_COUNT if self.six_jollies else self.column + 1

    def __str__(self) -> str:
        suffix = "+" + "j" * DICE_COUNT if self.six_jollies else "+j" if self.jolly else ""
        return f"{name_in(SHELVES, self.shelf)}{self.column + 1}{suffix}"


@dataclass(frozen=True, slots=True)
class Mark(Action):
    """Circle the cells of 1 to 3 combinations; ends the turn.

    A set of combinations: they are kept sorted, so the order they were given in does not matter.
    What the rules need of it whatever the dice are worked out once, when it is made: the cells
    it circles and the dice per face it takes (packed: :func:`.dice.packed`), or
    ``MALFORMED`` if no roll and no sheet could allow it.
    """

    combos: tuple[Combo, ...]
    _cells: int = field(init=False, repr=False, compare=False)
    _dice: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        combos = tuple(sorted(self.combos))
        cells, dice = 0, 0
        for combo in combos:
            shelf, column, jolly = combo.shelf, combo.column, combo.jolly
            bit = (
                cell_bit(shelf, column)
                if 0 <= shelf < len(SHELVES) and 0 <= column < COLUMNS
                else 0
            )
            if not bit or cells & bit or (jolly and (combo.six_jollies or not column)):
                dice = MALFORMED
                break
            cells |= bit
            if combo.six_jollies:
                dice += packed(JOLLY, DICE_COUNT)
            else:
                dice += packed(SHELF_FACE[shelf], column + 1 - jolly) + packed(JOLLY, jolly)
        if not 1 <= len(combos) <= MAX_COMBINATIONS:
            dice = MALFORMED
        object.__setattr__(self, "combos", combos)
        object.__setattr__(self, "_cells", cells)
        object.__setattr__(self, "_dice", dice)

    def __str__(self) -> str:
        return "mark " + " ".join(map(str, self.combos))


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Roll again the dice at ``positions`` (0-based, kept sorted; written 1-based)."""

    positions: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "positions", tuple(sorted(self.positions)))

    def __str__(self) -> str:
        return "reroll " + " ".join(str(position + 1) for position in self.positions)


@dataclass(frozen=True, slots=True)
class Strike(Action):
    """A failed roll: cross out every free cell of ``shelf`` (ruling SHELFIE_FAILED_ROLL)."""

    shelf: int

    def __str__(self) -> str:
        return f"strike {name_in(SHELVES, self.shelf)}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """The six dice after a roll or reroll, by position: indexes into :data:`FACES`."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return "roll " + " ".join(name_in(FACES, face) for face in self.faces)


ShelfieAction = Mark | Reroll | Strike | Pass | Roll | Unseen
# The chance outcomes, which no player plays: a tuple, as isinstance() takes it twice as fast as
# a ``Roll | Unseen`` built at each call.
CHANCE_OUTCOMES: Final = (Roll, Unseen)

# Every reroll, by its mask of positions; legal-action lists share them instead of allocating.
REROLLS: Final = tuple(
    Reroll(tuple(p for p in range(DICE_COUNT) if mask >> p & 1))
    for mask in range(1, 1 << DICE_COUNT)
)
REROLL_MASKS: Final = {reroll.positions: mask for mask, reroll in enumerate(REROLLS, 1)}
POSITIONS_OF: Final = ((), *(reroll.positions for reroll in REROLLS))  # by mask
STRIKES: Final = tuple(Strike(shelf) for shelf in range(len(SHELVES)))
# The strikes open to a sheet, by full_shelf_starts of its taken cells.
STRIKES_BY_FULL: Final = {
    sum(cell_bit(strike.shelf, 0) for strike in STRIKES if full >> strike.shelf & 1): tuple(
        strike for strike in STRIKES if not full >> strike.shelf & 1
    )
    for full in range(1 << len(SHELVES))
}
# Every combination's text, the jolly-alone ones included (parsing is syntax; rules are apply's).
COMBOS_BY_TEXT: Final = {
    str(combo): combo
    for shelf in range(len(SHELVES))
    for column in range(COLUMNS)
    for combo in (
        Combo(shelf, column),
        Combo(shelf, column, jolly=True),
        Combo(shelf, column, six_jollies=True),
    )
}
POSITION_WORDS: Final = {str(position + 1): position for position in range(DICE_COUNT)}

