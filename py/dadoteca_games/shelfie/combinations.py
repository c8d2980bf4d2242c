"""What a roll of My Shelfie's dice can mark: the combinations (an item from its own dice,
rulings SHELFIE_JOLLY and SHELFIE_SIX_JOLLIES), every legal set of them a roll makes on an empty
sheet (a :class:`.dice.DiceTable`, built once per multiset of dice), and the check that names
the rule a set of combinations breaks.

Separate from :mod:`.rules`, the turn's flow (roll, reroll, mark or strike, the end): this is
the scoring side of a turn, what the dice are worth on the sheet, which the rules, the bots and
the view all ask.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations as subsets
from typing import Final

from dadoteca.core import Plural, RuleError, Template, Unseen, rule_breaker
from dadoteca_games.shelfie.actions import ACTION_RULES, MAX_COMBINATIONS, Combo, Mark
from dadoteca_games.shelfie.dice import DICE_COUNT, FACES, JOLLY, DiceTable, DiceTables, guarded
from dadoteca_games.shelfie.sheet import COLUMNS, SHELF_FACE, SHELVES, cell_bit

__all__ = ["COMBINATION_RULES", "NOTHING_TO_MARK", "checked_cells", "table_of"]

# The rules a set of combinations may break, by the id a RuleError carries: part of the game's
# RULES (rules.py).
COMBINATION_RULES: Final[dict[str, Template]] = {
    "shelfie.cell_taken": Plural(
        "The {item} of the {count}-die column is already circled or crossed out",
        "The {item} of the {count}-dice column is already circled or crossed out",
    ),
    "shelfie.same_item": Plural(
        "The {item} of the {count}-die column can be marked only once",
        "The {item} of the {count}-dice column can be marked only once",
    ),
    "shelfie.not_enough_dice": "Not enough {item} dice: that item takes {dice}",
    "shelfie.one_jolly": "A combination may use only one jolly",
    "shelfie.jolly_alone": "A jolly cannot be used alone: a one-die {item} needs a {item} die",
    "shelfie.dice_shared": "Each die can be used in only one combination",
    "shelfie.three_at_most": "Mark one to three items a turn",
    "shelfie.six_jollies": "With six jollies, mark exactly one free item of your choice",
    "shelfie.not_six_jollies": "Only a roll of six jollies marks an item without its dice",
    "shelfie.six_dice": "Those items take {dice} dice together: there are only 6",
}
_broken: Final = rule_breaker({**COMBINATION_RULES, **ACTION_RULES})


def checked_cells(counts: tuple[int, ...], taken: int, combos: Sequence[Combo]) -> int:
    """The cells ``combos`` circle with dice ``counts`` (per face) on a sheet with ``taken``
    cells; raises the RuleError of the first rule they break."""
    if not 1 <= len(combos) <= MAX_COMBINATIONS:
        raise _broken("shelfie.three_at_most")
    six_jollies = counts[JOLLY] == DICE_COUNT
    cells = 0
    used = [0] * len(FACES)
    for combo in combos:
        shelf, column, jolly = combo.shelf, combo.column, combo.jolly
        if not (0 <= shelf < len(SHELVES) and 0 <= column < COLUMNS):
            raise _broken("shelfie.bad_action", text=repr(combo)[:40])
        item, dice = SHELVES[shelf], column + 1
        # Ruling SHELFIE_SIX_JOLLIES: then exactly one combination, of any free cell.
        if six_jollies:
            if len(combos) != 1 or jolly or not combo.six_jollies:
                raise _broken("shelfie.six_jollies")
        elif combo.six_jollies:
            raise _broken("shelfie.not_six_jollies")
        bit = cell_bit(shelf, column)
        if cells & bit:
            raise _broken("shelfie.same_item", item=item, count=dice)
        if taken & bit:
            raise _broken("shelfie.cell_taken", item=item, count=dice)
        cells |= bit
        if six_jollies:
            break
        face = SHELF_FACE[shelf]
        have, jollies = counts[face], counts[JOLLY]
        if jolly and not column:
            raise _broken("shelfie.jolly_alone", item=item)  # ruling SHELFIE_JOLLY
        if dice - jolly > have:
            if not have and dice == 1 and jollies:
                raise _broken("shelfie.jolly_alone", item=item)
            if have + min(jollies, 1) < dice <= have + jollies:  # more jollies would do
                raise _broken("shelfie.one_jolly")  # ruling SHELFIE_JOLLY
            raise _broken("shelfie.not_enough_dice", item=item, dice=dice)
        if jolly and not jollies:  # a combination with a jolly the dice do not show
            raise _broken("shelfie.not_enough_dice", item=item, dice=dice)
        used[face] += dice - jolly
        used[JOLLY] += jolly
    for face_used, face_count in zip(used, counts, strict=True):
        if face_used > face_count:
            raise _broken("shelfie.dice_shared")
    if sum(used) > DICE_COUNT:  # only dice unseen get here: a seen roll's faces add up to 6
        raise _broken("shelfie.six_dice", dice=sum(used))
    return cells


def _dice_table(counts: tuple[int, ...]) -> DiceTable:
    """What a roll with ``counts`` dice per face can mark on an empty sheet."""
    if counts[JOLLY] == DICE_COUNT:  # ruling SHELFIE_SIX_JOLLIES
        singles = [
            Combo(shelf, column, six_jollies=True)
            for shelf in range(len(SHELVES))
            for column in range(COLUMNS)
        ]
    else:
        singles = []
        for shelf in range(len(SHELVES)):
            have = counts[SHELF_FACE[shelf]]
            for column in range(COLUMNS):
                if have > column:
                    singles.append(Combo(shelf, column))
                # Ruling SHELFIE_JOLLY: one jolly, with at least one die of the item.
                if counts[JOLLY] and column and have >= column:
                    singles.append(Combo(shelf, column, jolly=True))
    marks: list[tuple[int, Mark]] = []
    for size in range(1, MAX_COMBINATIONS + 1):
        for group in subsets(singles, size):
            try:
                marks.append((checked_cells(counts, 0, group), Mark(group)))
            except RuleError:
                continue  # cells repeated or dice shared: not a set the roll can make
    combos = tuple((cell_bit(c.shelf, c.column), c) for c in singles)
    return DiceTable(counts, guarded(counts), combos, tuple(marks))


# Ruling SHELFIE_SHEETS_ONLY: unseen dice could show any items, but no jolly can be told apart,
# and there are six of them (checked by checked_cells).
_ANY_ITEMS: Final = tuple(0 if face == JOLLY else DICE_COUNT for face in range(len(FACES)))
# Legal moves are a filter of a roll's table (462 multisets of six dice) by the sheet's taken
# cells.
_TABLES: Final = DiceTables(_dice_table, _ANY_ITEMS)
NOTHING_TO_MARK: Final = DiceTable((), 0, (), ())  # a player not deciding


def table_of(dice: tuple[int, ...] | Unseen) -> DiceTable:
    """The table of the roll ``dice``: one dict lookup, on every decision."""
    return _TABLES.by_dice.get(dice) or _TABLES.made(dice)
