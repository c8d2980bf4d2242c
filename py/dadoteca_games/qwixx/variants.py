"""Qwixx's variant pads, played with the same six dice and base Qwixx's rules but where a pad
changes them. Each is a :class:`~.qwixx.Variant` (its rows as printed) and a
:class:`~.qwixx.Sheet` subclass overriding the rule hooks it changes, its rulings named where
applied (docs/rulings.md, "Qwixx variants"). A game plays on one: ``options`` ``variant``.

**Big Points** (ruling QWIXX_BIG_POINTS_SHEET): between red and yellow a red-yellow bonus row
(2 → 12), between green and blue a green-blue one (12 → 2), of round boxes and no lock. A bonus
box is crossed with its number, as one of the action's crosses, once that number is crossed in
one of the two colour rows beside it (ruling QWIXX_BIG_POINTS_BONUS_BOX); each bonus cross
counts as a cross of both those colours (ruling QWIXX_BIG_POINTS_SCORE).

**Mixx** ("Qwixx gemixxt"), two pads of four rows played by base Qwixx's rules on the numbers
and colours they print (:class:`~.sheet.PrintedSheet`): on **A** the numbers run as base
Qwixx's but each row is made of boxes of the four colours (ruling QWIXX_MIXX_A_SHEET), a colour
die crossing a box of its colour in any row, and a row locked by its last box taking that
box's colour's die out (ruling QWIXX_MIXX_A_LOCK); on **B** each row is one colour, its numbers
in a mixed order, the last one locking it (ruling QWIXX_MIXX_B_SHEET). Rows score as base
Qwixx's (ruling QWIXX_MIXX_SCORE).

**Double A** (ruling QWIXX_DOUBLE_A_SHEET): base Qwixx's rows, a small extra box under every
number but each row's last. Crossing again the row's rightmost crossed number crosses its extra
box (ruling QWIXX_DOUBLE_A_EXTRA_BOX), a cross like any other, but in a later roll than the
number's own cross (ruling QWIXX_DOUBLE_A_SAME_TURN, applied by the game's turn: a sheet knows no
rolls). A row's last number needs 7 crosses before it, extra ones
counted (ruling QWIXX_DOUBLE_LOCK); a row scores up to 16 crosses (ruling QWIXX_DOUBLE_SCORE).

**Double B** (ruling QWIXX_DOUBLE_B_SHEET): base Qwixx's rows, four numbers of each printed twice
in their box, a double box: crossing one is two crosses, for the row's points and for the 7
its lock needs (ruling QWIXX_DOUBLE_B_DOUBLE_BOX); locking and scoring as Double A's.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from dadoteca.core import built_from_fields
from dadoteca_games.qwixx.sheet import (
    _CROSSES,
    _NUMBERS,
    _POSITIONS,
    BASE_VARIANT,
    BLUE,
    GREEN,
    GREEN_BLUE,
    LAST_POSITION,
    LOCK_BIT,
    MOST_CROSSES_SCORED,
    RED,
    RED_YELLOW,
    YELLOW,
    Cross,
    PrintedSheet,
    Roll,
    Sheet,
    SheetRow,
    Variant,
    closes,
    crossable_positions,
    row_points,
)

__all__ = [
    "BIG_POINTS",
    "DOUBLE_A",
    "DOUBLE_B",
    "MIXX_A",
    "MIXX_B",
    "VARIANTS",
    "VARIANT_SHEETS",
    "BigPointsSheet",
    "DoubleASheet",
    "DoubleBSheet",
    "MixxASheet",
    "MixxBSheet",
]

# --- Rulings (docs/rulings.md, "Qwixx variants"), named where they are applied ------------------
QWIXX_BIG_POINTS_SHEET = "Big Points: red, red-yellow, yellow, green, green-blue, blue rows."
QWIXX_BIG_POINTS_BONUS_BOX = "A bonus box: its number, once crossed in a colour row beside it."
QWIXX_BIG_POINTS_DICE = "A colour die crosses a bonus box only where its own row has the number."
QWIXX_BIG_POINTS_SCORE = "A bonus cross counts in both colours beside it; 15 crosses score 120."
QWIXX_BIG_POINTS_LOCK = "Locking as ever: 5 crosses in the colour row itself, bonus ones aside."
QWIXX_MIXX_A_SHEET = "Mixx A: base Qwixx's numbers, each row made of boxes of the four colours."
QWIXX_MIXX_A_LOCK = "Mixx A: a row's last box locks it and takes its colour's die out."
QWIXX_MIXX_B_SHEET = "Mixx B: one colour a row, its numbers in the printed mixed order."
QWIXX_MIXX_SCORE = "Mixx: each row scores its own crosses, as base Qwixx's, whatever the colours."
QWIXX_DOUBLE_A_SHEET = "Double A: base Qwixx's rows, an extra box under each number but the last."
QWIXX_DOUBLE_A_EXTRA_BOX = "An extra box: the row's rightmost crossed number, crossed once more."
QWIXX_DOUBLE_A_SAME_TURN = "An extra box waits for a later roll than its number's own cross."
QWIXX_DOUBLE_LOCK = "Double: a row's last number needs 7 crosses before it, extra ones counted."
QWIXX_DOUBLE_SCORE = "Double: a row scores up to 16 crosses (136 points); more score no more."
QWIXX_DOUBLE_B_SHEET = "Double B: base Qwixx's rows, 3 5 9 11 / 10 8 6 4 printed as double boxes."
QWIXX_DOUBLE_B_DOUBLE_BOX = "A double box is two crosses: for the row's points and its lock's 7."

BIG_POINTS_MOST_CROSSES: Final = 15  # ruling QWIXX_BIG_POINTS_SCORE
DOUBLE_CROSSES_BEFORE_LAST: Final = 7  # ruling QWIXX_DOUBLE_LOCK


def colour_rows_score(sheet: Sheet) -> int:
    """A variant pad's score: its four colour rows, each as its :meth:`~Sheet.row_score` hook
    says, less the penalties."""
    return sum(sheet.row_score(row) for row in range(RED_YELLOW)) - sheet.penalty_points()


BIG_POINTS: Final = Variant(
    "big_points",
    (
        SheetRow(RED, (RED,), lock=True),
        SheetRow(RED_YELLOW, (RED, YELLOW), lock=False),
        SheetRow(YELLOW, (YELLOW,), lock=True),
        SheetRow(GREEN, (GREEN,), lock=True),
        SheetRow(GREEN_BLUE, (GREEN, BLUE), lock=False),
        SheetRow(BLUE, (BLUE,), lock=True),
    ),
    most_crosses_scored=BIG_POINTS_MOST_CROSSES,
)

# The colour rows beside each bonus row, and the bonus row beside each colour row.
_BESIDE: Final = {RED_YELLOW: (RED, YELLOW), GREEN_BLUE: (GREEN, BLUE)}
_BONUS_ROW_OF: Final = (RED_YELLOW, RED_YELLOW, GREEN_BLUE, GREEN_BLUE)
# A bonus row's crossable positions: right of its last cross, the last number too (no lock).
_RIGHT_OF_LAST: Final = tuple(crossable_positions(mask, 0) for mask in range(LOCK_BIT))


class BigPointsSheet(Sheet):
    """A Big Points sheet: rows 0-3 the colours, as base Qwixx's, 4 and 5 the bonus rows."""

    __slots__ = ()
    variant = BIG_POINTS

    def crosses(self, row: int) -> int:
        """A colour row's crosses, its lock and the bonus crosses beside it included (ruling
        QWIXX_BIG_POINTS_SCORE); a bonus row's own."""
        if row in _BESIDE:
            return self.rows[row].bit_count()
        return self.rows[row].bit_count() + self.rows[_BONUS_ROW_OF[row]].bit_count()

    def row_score(self, row: int) -> int:
        """Ruling QWIXX_BIG_POINTS_SCORE: a bonus row scores nothing of itself; a colour row by
        the table, which ends at 15 crosses (120 points: more crosses score no more)."""
        if row in _BESIDE:
            return 0
        return row_points(min(self.crosses(row), BIG_POINTS_MOST_CROSSES))

    def score(self) -> int:
        return colour_rows_score(self)

    def broken_rule(
        self,
        row: int,
        number: int,
        closed: int,
        positions: tuple[tuple[int, ...], ...] = _POSITIONS,
    ) -> str | None:
        """A colour row as base Qwixx's: ruling QWIXX_BIG_POINTS_LOCK, its last number needs 5
        crosses in the row itself (bonus crosses do not count). A bonus row is never closed
        (its neighbours' locks leave it open: ruling QWIXX_BIG_POINTS_SCORE), runs left to right
        and takes a number crossed beside it (ruling QWIXX_BIG_POINTS_BONUS_BOX)."""
        beside = _BESIDE.get(row)
        if beside is None:
            return super().broken_rule(row, number, closed, positions)
        position = _POSITIONS[row][number]
        if not _RIGHT_OF_LAST[self.rows[row]] >> position & 1:
            return "qwixx.left_to_right"
        first, second = beside
        if not (self.rows[first] | self.rows[second]) >> position & 1:
            return "qwixx.bonus_needs_colour"
        return None

    def cross(self, row: int, number: int) -> Sheet:
        """The sheet with ``number`` crossed; a colour row's last number also crosses its lock."""
        rows = list(self.rows)
        position = _POSITIONS[row][number]
        rows[row] |= 1 << position | (LOCK_BIT if closes(row, number) else 0)
        return _new_big_points_sheet((tuple(rows), self.penalties))

    def with_penalty(self) -> Sheet:
        return _new_big_points_sheet((self.rows, self.penalties + 1))

    def action2_crosses(self, dice: Roll, closed: int) -> list[Cross]:
        crosses = super().action2_crosses(dice, closed)
        for row in _BESIDE:
            crosses.extend(
                _CROSSES[row][number]
                for number in range(2, 13)
                if self._dice_allow(dice, row, number, closed)
                and self.broken_rule(row, number, closed) is None
            )
        return crosses

    def dice_rule(self, dice: Roll, row: int, number: int, closed: int) -> str | None:
        if row not in _BESIDE:
            return super().dice_rule(dice, row, number, closed)
        if self._dice_allow(dice, row, number, closed):
            return None
        return "qwixx.bonus_dice"

    def _dice_allow(self, dice: Roll, row: int, number: int, closed: int) -> bool:
        """Ruling QWIXX_BIG_POINTS_DICE: a white die plus the die of a colour beside the bonus
        row, in the game (ruling QWIXX_DICE: not one locked, even in this turn's action 1),
        whose own row has ``number`` crossed ("another green 10")."""
        position = _POSITIONS[row][number]
        return any(
            colour is not None
            and not closed >> beside & 1
            and number - colour in dice.white
            and self.rows[beside] >> position & 1
            for beside in _BESIDE[row]
            for colour in (dice.colours[beside],)
        )


_new_big_points_sheet: Final = built_from_fields(BigPointsSheet)


def _printed_row(row: int, *boxes: tuple[int, int]) -> SheetRow:
    return SheetRow(row, (row,), lock=True, boxes=boxes)


def _one_colour_row(row: int, *numbers: int) -> SheetRow:
    return _printed_row(row, *((number, row) for number in numbers))


def _segments(row: int, *segments: tuple[int, range]) -> SheetRow:
    """A row of base Qwixx's numbers in coloured segments: (colour, its numbers) left to
    right."""
    return _printed_row(
        row, *((number, colour) for colour, numbers in segments for number in numbers)
    )


# Ruling QWIXX_MIXX_A_SHEET: the pad as printed, each row named by its lock's colour (its last
# box's, ruling QWIXX_MIXX_A_LOCK): red ends the first row, yellow the second, green the third,
# blue the fourth.
MIXX_A: Final = Variant(
    "mixx_a",
    (
        _segments(
            RED,
            (YELLOW, range(2, 5)),
            (BLUE, range(5, 8)),
            (GREEN, range(8, 11)),
            (RED, range(11, 13)),
        ),
        _segments(
            YELLOW,
            (RED, range(2, 4)),
            (GREEN, range(4, 8)),
            (BLUE, range(8, 10)),
            (YELLOW, range(10, 13)),
        ),
        _segments(
            GREEN,
            (BLUE, range(12, 9, -1)),
            (YELLOW, range(9, 6, -1)),
            (RED, range(6, 3, -1)),
            (GREEN, range(3, 1, -1)),
        ),
        _segments(
            BLUE,
            (GREEN, range(12, 10, -1)),
            (RED, range(10, 6, -1)),
            (YELLOW, range(6, 4, -1)),
            (BLUE, range(4, 1, -1)),
        ),
    ),
)
# Ruling QWIXX_MIXX_B_SHEET: the pad as printed, top to bottom.
MIXX_B: Final = Variant(
    "mixx_b",
    (
        _one_colour_row(RED, 10, 6, 2, 8, 3, 4, 12, 5, 9, 7, 11),
        _one_colour_row(YELLOW, 9, 12, 4, 6, 7, 2, 5, 8, 11, 3, 10),
        _one_colour_row(GREEN, 8, 2, 10, 12, 6, 9, 7, 4, 5, 11, 3),
        _one_colour_row(BLUE, 5, 7, 11, 9, 12, 3, 8, 10, 2, 6, 4),
    ),
)


class MixxASheet(PrintedSheet):
    """A Qwixx Mixx A sheet (rulings QWIXX_MIXX_A_SHEET, QWIXX_MIXX_A_LOCK, QWIXX_MIXX_SCORE)."""

    __slots__ = ()
    variant = MIXX_A


class MixxBSheet(PrintedSheet):
    """A Qwixx Mixx B sheet (rulings QWIXX_MIXX_B_SHEET, QWIXX_MIXX_SCORE)."""

    __slots__ = ()
    variant = MIXX_B


class _DoublePad(Sheet):
    """What both Qwixx Double pads share, on base Qwixx's rows: a row's last number needs 7
    crosses before it (ruling QWIXX_DOUBLE_LOCK), counted by the pad's :meth:`crosses`, and a
    row scores up to 16 crosses (ruling QWIXX_DOUBLE_SCORE). A subclass says what crossing a
    number crossed already does (:meth:`_crossed_again`)."""

    __slots__ = ()

    def row_score(self, row: int) -> int:
        """Ruling QWIXX_DOUBLE_SCORE: the table ends at 16 crosses (136 points)."""
        return row_points(min(self.crosses(row), MOST_CROSSES_SCORED))

    def score(self) -> int:
        return colour_rows_score(self)

    def broken_rule(
        self, row: int, number: int, closed: int, positions: tuple[tuple[int, ...], ...] = ()
    ) -> str | None:
        """A number crossed already: the pad's :meth:`_crossed_again`. Another as base Qwixx's,
        but the last needs 7 crosses before it, as the pad counts them (ruling
        QWIXX_DOUBLE_LOCK). The rows are base Qwixx's: ``positions`` is not read."""
        mask = self.rows[row]
        if closed >> row & 1 or mask & LOCK_BIT:
            return "qwixx.row_locked"
        position = _POSITIONS[row][number]
        if mask >> position & 1:
            return self._crossed_again(row, position)
        if position < mask.bit_length():
            return "qwixx.left_to_right"
        if position == LAST_POSITION and self.crosses(row) < DOUBLE_CROSSES_BEFORE_LAST:
            return "qwixx.seven_before_last"
        return None

    def _crossed_again(self, row: int, position: int) -> str | None:
        """The rule crossing again the number at ``position`` of ``row`` breaks: a number
        takes one cross (left to right), unless the pad prints a second box for it."""
        return "qwixx.left_to_right"

    def action2_crosses(self, dice: Roll, closed: int) -> list[Cross]:
        """A white die plus a colour die in that colour's row, where :meth:`broken_rule` allows
        it (on Double A, the rightmost crossed number's extra box too, but not that of the
        number action 1 has just crossed: the game's turn leaves it out, ruling
        QWIXX_DOUBLE_A_SAME_TURN)."""
        white1, white2 = dice.white
        crosses: list[Cross] = []
        for row, colour in enumerate(dice.colours):
            # Ruling QWIXX_DICE: a row locked in action 1 takes its die out before action 2.
            if colour is None or closed >> row & 1:
                continue
            numbers = (colour + white1,) if white1 == white2 else (colour + white1, colour + white2)
            crosses.extend(
                _CROSSES[row][number]
                for number in numbers
                if self.broken_rule(row, number, closed) is None
            )
        return crosses


# Ruling QWIXX_DOUBLE_A_SHEET: base Qwixx's four rows, each number but the last with its extra box.
DOUBLE_A: Final = Variant(
    "double_a",
    BASE_VARIANT.rows,
    crosses_before_last=DOUBLE_CROSSES_BEFORE_LAST,
    most_crosses_scored=MOST_CROSSES_SCORED,
    extra_boxes=True,
)


class _DoubleAFields(NamedTuple):
    rows: tuple[int, ...] = (0, 0, 0, 0)
    penalties: int = 0
    # By row, the positions whose extra box is crossed, as a bit mask (as ``rows``'s).
    extras: tuple[int, ...] = (0, 0, 0, 0)


# mypy takes two NamedTuple bases for incompatible tuples; at run time the fields of
# _DoubleAFields come first (rows and penalties where Sheet's methods read them, then extras).
class DoubleASheet(_DoubleAFields, _DoublePad):  # type: ignore[misc]
    """A Qwixx Double A sheet: base Qwixx's rows (``rows``, as its sheet's) and, by row, the
    extra boxes crossed (``extras``). Rulings QWIXX_DOUBLE_A_SHEET, QWIXX_DOUBLE_A_EXTRA_BOX,
    QWIXX_DOUBLE_LOCK and QWIXX_DOUBLE_SCORE."""

    __slots__ = ()
    variant = DOUBLE_A

    @classmethod
    def empty(cls) -> Sheet:
        return _new_double_a_sheet(((0, 0, 0, 0), 0, (0, 0, 0, 0)))

    def extra_crossed(self, row: int) -> tuple[int, ...]:
        extras, numbers = self.extras[row], _NUMBERS[row]
        return tuple(numbers[p] for p in range(LAST_POSITION) if extras >> p & 1)

    def crosses(self, row: int) -> int:
        """Crosses in ``row``: its numbers', its extra boxes' and its lock's (the lock's 7
        counts the extra ones, ruling QWIXX_DOUBLE_LOCK)."""
        return self.rows[row].bit_count() + self.extras[row].bit_count()

    def _crossed_again(self, row: int, position: int) -> str | None:
        """Its extra box: only the row's rightmost crossed number's, once (ruling
        QWIXX_DOUBLE_A_EXTRA_BOX); it is a cross, so an active player whose only cross it is
        takes no penalty."""
        if position != self.rows[row].bit_length() - 1:
            return "qwixx.extra_box_rightmost"
        if self.extras[row] >> position & 1:
            return "qwixx.extra_box_crossed"
        return None

    def cross(self, row: int, number: int) -> Sheet:
        """The sheet with ``number`` crossed, or its extra box if it is crossed already; the
        last number also crosses the lock."""
        rows, extras = list(self.rows), list(self.extras)
        position = _POSITIONS[row][number]
        if rows[row] >> position & 1:
            extras[row] |= 1 << position
        else:
            rows[row] |= 1 << position | (LOCK_BIT if position == LAST_POSITION else 0)
        return _new_double_a_sheet((tuple(rows), self.penalties, tuple(extras)))

    def with_penalty(self) -> Sheet:
        return _new_double_a_sheet((self.rows, self.penalties + 1, self.extras))


_new_double_a_sheet: Final = built_from_fields(DoubleASheet)


def _doubled_row(row: int, *doubles: int) -> SheetRow:
    return SheetRow(row, (row,), lock=True, doubles=doubles)


# Ruling QWIXX_DOUBLE_B_SHEET: base Qwixx's four rows, four double boxes in each, as the research
# note on the leaflet places them (boardgamemonkeys.com's red and yellow 3 among them).
DOUBLE_B: Final = Variant(
    "double_b",
    (
        _doubled_row(RED, 3, 5, 9, 11),
        _doubled_row(YELLOW, 3, 5, 9, 11),
        _doubled_row(GREEN, 10, 8, 6, 4),
        _doubled_row(BLUE, 10, 8, 6, 4),
    ),
    crosses_before_last=DOUBLE_CROSSES_BEFORE_LAST,
    most_crosses_scored=MOST_CROSSES_SCORED,
)
# By row, the positions of its double boxes as a bit mask (as a sheet's rows').
_DOUBLE_BOXES: Final = tuple(
    sum(1 << _POSITIONS[printed.row][number] for number in printed.doubles)
    for printed in DOUBLE_B.rows
)


class DoubleBSheet(_DoublePad):
    """A Qwixx Double B sheet: base Qwixx's rows, as its sheet's; a crossed double box counts
    two crosses. Rulings QWIXX_DOUBLE_B_SHEET, QWIXX_DOUBLE_B_DOUBLE_BOX, QWIXX_DOUBLE_LOCK and
    QWIXX_DOUBLE_SCORE."""

    __slots__ = ()
    variant = DOUBLE_B

    def crosses(self, row: int) -> int:
        """Crosses in ``row``: its numbers', a double box's twice (ruling
        QWIXX_DOUBLE_B_DOUBLE_BOX, also for the lock's 7), and its lock's."""
        mask = self.rows[row]
        return mask.bit_count() + (mask & _DOUBLE_BOXES[row]).bit_count()

    def double_boxes_ahead(self, row: int) -> int:
        """How many double boxes of ``row`` lie right of its last cross, still to be crossed
        while the row is open."""
        return (_DOUBLE_BOXES[row] >> self.rows[row].bit_length()).bit_count()

    def cross(self, row: int, number: int) -> Sheet:
        """The sheet with ``number`` crossed (a double box's two crosses in one); the last
        number also crosses the lock."""
        rows = list(self.rows)
        position = _POSITIONS[row][number]
        rows[row] |= 1 << position | (LOCK_BIT if position == LAST_POSITION else 0)
        return _new_double_b_sheet((tuple(rows), self.penalties))

    def with_penalty(self) -> Sheet:
        return _new_double_b_sheet((self.rows, self.penalties + 1))


_new_double_b_sheet: Final = built_from_fields(DoubleBSheet)


VARIANTS: Final = (BIG_POINTS, MIXX_A, MIXX_B, DOUBLE_A, DOUBLE_B)
VARIANT_SHEETS: Final[dict[str, type[Sheet]]] = {
    BIG_POINTS.id: BigPointsSheet,
    MIXX_A.id: MixxASheet,
    MIXX_B.id: MixxBSheet,
    DOUBLE_A.id: DoubleASheet,
    DOUBLE_B.id: DoubleBSheet,
}
