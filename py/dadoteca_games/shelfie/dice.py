"""My Shelfie's dice as the rules count them: the faces, the dice per face packed in one int, and
each roll's table of the marks it allows.

The rules work out once per multiset of dice (462 of six dice, and the dice a table rolls
unseen) every mark it makes on an empty sheet (:mod:`.combinations`): a sheet's legal marks
are then its roll's table filtered by the sheet's taken cells, and whether a roll has the dice a
mark takes is one subtraction, the dice per face being packed in one int, six bits a face (a set
of combinations takes at most 18 dice of a face), bit 5 of each slot a guard.

Apart from the rules (:mod:`.combinations`), which say what a roll can mark: here is how the
dice are counted and where the rules' answers are kept, which no ruling needs to read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, NamedTuple

from dadoteca.core import RollMemo, Unseen

if TYPE_CHECKING:
    from .actions import Combo, Mark

__all__ = [
    "DICE_COUNT",
    "FACES",
    "JOLLY",
    "MALFORMED",
    "DiceTable",
    "DiceTables",
    "enough_dice",
    "guarded",
    "packed",
]

FACES: Final = ("cat", "book", "plant", "trophy", "game", "jolly")  # ruling SHELFIE_DICE
JOLLY: Final = FACES.index("jolly")
DICE_COUNT: Final = 6

_SLOT_BITS: Final = 6
_GUARDS: Final = sum(1 << (_SLOT_BITS * face + _SLOT_BITS - 1) for face in range(len(FACES)))
MALFORMED: Final = -1  # the packed dice of a mark no roll and no sheet could allow


def packed(face: int, count: int) -> int:
    """``count`` dice of ``face``, packed."""
    return count << _SLOT_BITS * face


def guarded(counts: tuple[int, ...]) -> int:
    """A roll's dice per face packed, guard bits set: what :func:`enough_dice` takes from."""
    return _GUARDS + sum(packed(face, count) for face, count in enumerate(counts))


def enough_dice(guarded_counts: int, dice: int) -> bool:
    """``guarded_counts`` (the roll, guard bits set) has every die ``dice`` takes."""
    return (guarded_counts - dice) & _GUARDS == _GUARDS


class DiceTable(NamedTuple):
    """What one multiset of dice can mark on an empty sheet; sheets filter it by their cells."""

    counts: tuple[int, ...]  # dice per face
    guarded_counts: int  # the counts packed, guard bits set (see enough_dice)
    combos: tuple[tuple[int, Combo], ...]  # every single combination, with its cell
    marks: tuple[tuple[int, Mark], ...]  # every legal set of combinations, with its cells


class DiceTables(RollMemo[DiceTable]):
    """Every roll's table, built by ``build`` from its dice per face once per multiset of dice
    and found by the dice as they fell (as :class:`~dadoteca.core.RollMemo` does: the hot path
    is ``tables.by_dice.get(dice) or tables.made(dice)``); dice rolled unseen have the table of
    ``unseen_counts``."""

    __slots__ = ("_unseen_counts",)

    def __init__(
        self, build: Callable[[tuple[int, ...]], DiceTable], unseen_counts: tuple[int, ...]
    ) -> None:
        super().__init__(len(FACES), build)
        self._unseen_counts = unseen_counts

    def made(self, dice: tuple[int, ...] | Unseen) -> DiceTable:
        """The table of ``dice``, built the first time its multiset is rolled."""
        if isinstance(dice, Unseen):
            table = self.by_dice[dice] = self._build(self._unseen_counts)
            return table
        return super().made(dice)
