"""My Shelfie's actions: mark items (each a combination of dice), reroll, cross out a shelf,
pass, and the dice rolled; each with the record text it is written and read back as
(:func:`read_action`; rules.py's module text lists them), and the tables that share one object
per action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from dadoteca.core import PASS, UNSEEN, Action, Pass, Template, Unseen, name_in, rule_breaker
from dadoteca_games.shelfie.dice import DICE_COUNT, FACES, JOLLY, MALFORMED, packed
from dadoteca_games.shelfie.sheet import COLUMNS, SHELF_FACE, SHELVES, cell_bit

__all__ = [
    "ACTION_RULES",
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
    "read_action",
]

MAX_COMBINATIONS: Final = 3  # items marked in one turn at most
# A record's text that is no action: part of the game's RULES (rules.py).
ACTION_RULES: Final[dict[str, Template]] = {
    "shelfie.bad_action": "Not a My Shelfie action: {text}",
}
_broken: Final = rule_breaker(ACTION_RULES)


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


def read_action(text: str) -> ShelfieAction:
    """The action ``text`` writes, exactly as ``str`` writes it: a record's text is the
    app's own, so no other case, spacing or order (of positions, of items) is read as
    one."""
    action = _read_action(text)
    if str(action) != text:
        raise _broken("shelfie.bad_action", text=text[:40])
    return action


def _read_action(text: str) -> ShelfieAction:
    words = text.split(" ")
    verb, rest = words[0], words[1:]
    if text == str(UNSEEN):
        return UNSEEN
    if verb == "pass" and not rest:
        return PASS
    if verb == "strike" and len(rest) == 1 and rest[0] in SHELVES:
        return STRIKES[SHELVES.index(rest[0])]
    if verb == "mark" and rest and all(word in COMBOS_BY_TEXT for word in rest):
        return Mark(tuple(COMBOS_BY_TEXT[word] for word in rest))
    if verb == "reroll" and rest and all(word in POSITION_WORDS for word in rest):
        mask = sum(1 << POSITION_WORDS[word] for word in set(rest))
        if len(set(rest)) == len(rest):
            return REROLLS[mask - 1]
    if verb == "roll" and len(rest) == DICE_COUNT and all(word in FACES for word in rest):
        return Roll(tuple(FACES.index(word) for word in rest))
    raise _broken("shelfie.bad_action", text=text[:40])
