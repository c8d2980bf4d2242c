"""My Shelfie's sheet, a bookcase: five shelves (rows), one per item, and five columns; cell
(shelf, column) is bit ``shelf * 5 + column`` of a 25-bit mask, and a sheet is two masks, circled
and crossed out, with what they score. The turn's rules are rules.py's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from dadoteca_games.shelfie.dice import FACES

__all__ = [
    "ALL_CELLS",
    "COLUMNS",
    "COLUMN_LINES",
    "COLUMN_VALUES",
    "MIN_ITEMS_TO_SCORE",
    "SHELF_FACE",
    "SHELF_LINES",
    "SHELVES",
    "SHELVES_TO_END",
    "CellState",
    "Sheet",
    "cell_bit",
    "full_shelf_starts",
    "two_shelves_full",
]

# Ruling SHELFIE_SHEET_VALUES: the printed sheet as data; changing either tuple is the one edit.
SHELVES: Final = ("cat", "book", "plant", "trophy", "game")
COLUMN_VALUES: Final = (1, 2, 3, 5, 8)
COLUMNS: Final = len(COLUMN_VALUES)
MIN_ITEMS_TO_SCORE: Final = 3  # ruling SHELFIE_SCORE
SHELVES_TO_END: Final = 2  # ruling SHELFIE_END_ROUND

def cell_bit(shelf: int, column: int) -> int:
    """The bit of cell (``shelf``, ``column``) in a sheet's masks."""
    return 1 << (shelf * COLUMNS + column)


ALL_CELLS: Final = (1 << len(SHELVES) * COLUMNS) - 1
SHELF_LINES: Final = tuple(((1 << COLUMNS) - 1) << shelf * COLUMNS for shelf in range(len(SHELVES)))
COLUMN_LINES: Final = tuple(
    sum(cell_bit(shelf, column) for shelf in range(len(SHELVES))) for column in range(COLUMNS)
)
SHELF_FACE: Final = tuple(FACES.index(item) for item in SHELVES)  # ruling SHELFIE_SHEET_VALUES
# The first cell of every shelf: a shelf is full when its first cell and the four after it are.
_SHELF_STARTS: Final = sum(cell_bit(shelf, 0) for shelf in range(len(SHELVES)))


def full_shelf_starts(taken: int) -> int:
    """The first-cell bits of the shelves whose every cell is in ``taken``."""
    return taken & taken >> 1 & taken >> 2 & taken >> 3 & taken >> 4 & _SHELF_STARTS


def two_shelves_full(taken: int) -> bool:
    """Ruling SHELFIE_END_ROUND: a sheet with ``taken`` cells has two shelves with no free cell."""
    return full_shelf_starts(taken).bit_count() >= SHELVES_TO_END


def _line_points(values: Sequence[int]) -> int:
    """Ruling SHELFIE_SCORE: a line's circled values count from three circled items on."""
    return sum(values) if len(values) >= MIN_ITEMS_TO_SCORE else 0


# Points of one shelf by its 5-bit mask of circled columns, looked up when scoring.
_SHELF_POINTS: Final = tuple(
    _line_points([COLUMN_VALUES[c] for c in range(COLUMNS) if line >> c & 1])
    for line in range(1 << COLUMNS)
)


class CellState:
    FREE: Final = "free"
    CIRCLED: Final = "circled"
    CROSSED: Final = "crossed"



class Sheet(NamedTuple):
    """One player's bookcase: bit masks of the circled and the crossed-out cells (disjoint)."""

    circled: int = 0
    crossed: int = 0

    @property
    def free(self) -> int:
        """The mask of cells neither circled nor crossed out."""
        return ALL_CELLS & ~(self.circled | self.crossed)

    def cell_state(self, shelf: int, column: int) -> str:
        """:class:`CellState` ``FREE``, ``CIRCLED`` or ``CROSSED``."""
        bit = cell_bit(shelf, column)
        if self.circled & bit:
            return CellState.CIRCLED
        return CellState.CROSSED if self.crossed & bit else CellState.FREE

    def free_cells(self) -> tuple[tuple[int, int], ...]:
        """The free cells as (shelf, column) pairs, shelf by shelf."""
        free = self.free
        return tuple(
            (shelf, column)
            for shelf in range(len(SHELVES))
            for column in range(COLUMNS)
            if free & cell_bit(shelf, column)
        )

    def full_shelves(self) -> int:
        """Shelves with no free cell, circled or crossed out (ruling SHELFIE_END_ROUND)."""
        return full_shelf_starts(self.circled | self.crossed).bit_count()

    def ends_game(self) -> bool:
        """Ruling SHELFIE_END_ROUND: two shelves with no free cell trigger the end."""
        return two_shelves_full(self.circled | self.crossed)

    def shelf_points(self, shelf: int) -> int:
        return _SHELF_POINTS[self.circled >> shelf * COLUMNS & (1 << COLUMNS) - 1]

    def column_points(self, column: int) -> int:
        circled = (self.circled & COLUMN_LINES[column]).bit_count()
        return circled * COLUMN_VALUES[column] if circled >= MIN_ITEMS_TO_SCORE else 0

    def score(self) -> int:
        """Ruling SHELFIE_SCORE: every shelf and every column, so a cell may count twice."""
        return sum(self.shelf_points(shelf) for shelf in range(len(SHELVES))) + sum(
            self.column_points(column) for column in range(COLUMNS)
        )

