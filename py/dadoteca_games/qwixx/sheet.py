"""Qwixx's score pads: the rows, their numbers and what a box allows, for base Qwixx and (as
rule hooks a variant's pad overrides: variants.py) for the variants; and the crosses and
rolls that mark them. The rules of a turn are qwixx.py's.

A row is stored as a bit mask of crossed positions, position 0 being the leftmost number and
position 10 the last; bit 11 is the lock (ruling QWIXX_SHEET).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, NamedTuple

from dadoteca.core import PASS, Action, Pass, built_from_fields, name_in

__all__ = [
    "BASE_VARIANT",
    "BLUE",
    "BONUS_ROW_NAMES",
    "CROSSES_BEFORE_LAST",
    "GREEN",
    "GREEN_BLUE",
    "LAST_POSITION",
    "LOCK_BIT",
    "LOCK_SHIFT",
    "MOST_CROSSES_SCORED",
    "PENALTY_BOXES",
    "PENALTY_POINTS",
    "RED",
    "RED_YELLOW",
    "ROWS_ASCENDING",
    "ROW_LETTERS",
    "ROW_NAMES",
    "SHEET_ROW_NAMES",
    "YELLOW",
    "Cross",
    "PrintedSheet",
    "Roll",
    "Sheet",
    "SheetRow",
    "Variant",
    "closes",
    "crossable_positions",
    "number_at",
    "position_of",
    "row_points",
]

RED: Final = 0
YELLOW: Final = 1
GREEN: Final = 2
BLUE: Final = 3
ROW_NAMES: Final = ("red", "yellow", "green", "blue")
# The rows a variant's sheet may have beyond the four colours: Big Points' bonus rows
# (variants.py), numbered after them so that a colour's row, die and lock share its number.
RED_YELLOW: Final = 4
GREEN_BLUE: Final = 5
BONUS_ROW_NAMES: Final = ("red-yellow", "green-blue")
SHEET_ROW_NAMES: Final = ROW_NAMES + BONUS_ROW_NAMES
ROW_LETTERS: Final = "rygb"
# Ruling QWIXX_SHEET; a bonus row runs as its neighbours do (ruling QWIXX_BIG_POINTS_SHEET).
ROWS_ASCENDING: Final = (True, True, False, False, True, False)
LAST_POSITION: Final = 10
LOCK_SHIFT: Final = 11
LOCK_BIT: Final = 1 << LOCK_SHIFT  # the highest bit of a row: mask >> LOCK_SHIFT is 1 once locked
CROSSES_BEFORE_LAST: Final = 5
PENALTY_BOXES: Final = 4
PENALTY_POINTS: Final = 5
MOST_CROSSES_SCORED: Final = 16  # the longest score table of any pad (Qwixx Double's)


def position_of(row: int, number: int) -> int:
    """Where ``number`` stands in ``row``, counting from the left (ruling QWIXX_SHEET)."""
    return number - 2 if ROWS_ASCENDING[row] else 12 - number


# position_of as a table, for the hot paths: _POSITIONS[row][number] (numbers 0-1 unused).
_POSITIONS: Final = tuple(
    tuple(position_of(row, number) for number in range(13)) for row in range(len(SHEET_ROW_NAMES))
)


def crossable_positions(mask: int, crosses_before_last: int = CROSSES_BEFORE_LAST) -> int:
    """The positions a row with crosses ``mask`` may still cross, as a bit mask.

    Numbers are crossed left to right (skipped ones are lost), and the last number needs at
    least ``crosses_before_last`` crosses before it; a locked row has nothing left.
    """
    if mask & LOCK_BIT:
        return 0
    right_of_last = ((1 << (LAST_POSITION + 1)) - 1) & ~((1 << mask.bit_length()) - 1)
    if mask.bit_count() < crosses_before_last:
        right_of_last &= ~(1 << LAST_POSITION)
    return right_of_last


# crossable_positions for every possible row, looked up on the hot paths of legal moves.
_CROSSABLE: Final = tuple(crossable_positions(mask) for mask in range(LOCK_BIT << 1))


def number_at(row: int, position: int) -> int:
    return position + 2 if ROWS_ASCENDING[row] else 12 - position


# number_at as a table: _NUMBERS[row][position].
_NUMBERS: Final = tuple(
    tuple(number_at(row, position) for position in range(LAST_POSITION + 1))
    for row in range(len(SHEET_ROW_NAMES))
)


def row_points(crosses: int) -> int:
    """Ruling QWIXX_ROW_SCORE: 1, 3, 6, 10, … 78 points for 1, 2, 3, 4, … 12 crosses."""
    return crosses * (crosses + 1) // 2


# --- Actions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cross(Action):
    """Cross ``number`` in ``row`` (in action 1 or action 2, whichever is being decided)."""

    row: int
    number: int

    def __str__(self) -> str:
        return f"{name_in(SHEET_ROW_NAMES, self.row)} {self.number}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """The dice: two white, and one per colour still in the game (``None`` once it left)."""

    white: tuple[int, int]
    colours: tuple[int | None, int | None, int | None, int | None]

    def __str__(self) -> str:
        colours = (
            f" {name_in(ROW_LETTERS, row)}{value}"
            for row, value in enumerate(self.colours)
            if value
        )
        return f"roll w{self.white[0]} w{self.white[1]}" + "".join(colours)


# The closed-row bit crossing a number sets, by row and number: a colour row's last number
# locks it for everyone; a bonus row has no lock (ruling QWIXX_BIG_POINTS_SHEET).
_LOCKS: Final = tuple(
    tuple(
        1 << row if row < len(ROW_NAMES) and position_of(row, n) == LAST_POSITION else 0
        for n in range(13)
    )
    for row in range(len(SHEET_ROW_NAMES))
)


def closes(row: int, number: int) -> int:
    """The closed-row bit crossing ``number`` in ``row`` sets (0 if it locks nothing)."""
    return _LOCKS[row][number]


# Every cross there can be, made once: legal-action lists share them instead of allocating.
_CROSSES: Final = tuple(
    tuple(Cross(row, n) for n in range(13)) for row in range(len(SHEET_ROW_NAMES))
)
# The crosses a white sum (2-12) offers in action 1, one per row: (row, its position's bit, the
# cross).
_WHITE_SUM_CROSSES: Final = tuple(
    tuple((row, 1 << _POSITIONS[row][total], _CROSSES[row][total]) for row in range(4))
    if total >= 2
    else ()
    for total in range(13)
)


# --- The sheet -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SheetRow:
    """A row as the pad prints it: its index in :attr:`Sheet.rows` (for a colour row, also its
    die's and its lock's), its colours (one; two for a bonus row, which takes either colour's
    die), whether it ends in a lock box, and its numbers left to right.

    ``boxes`` are a row printed otherwise than base Qwixx's (Mixx: variants.py): each box's
    number and colour (the die that crosses it in action 2), left to right; its lock is its
    last box's colour, which must be the row's own (``row``). ``doubles`` are the numbers
    printed twice in their box (Qwixx Double B), left to right: never the row's last.
    """

    row: int
    colours: tuple[int, ...]
    lock: bool
    boxes: tuple[tuple[int, int], ...] = ()
    doubles: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.boxes and (
            sorted(number for number, _ in self.boxes) != list(range(2, 13))
            or self.boxes[LAST_POSITION][1] != self.row
        ):
            raise ValueError(f"a printed row needs 2-12 once and its own lock: {self.boxes}")
        if not set(self.doubles) <= set(self.numbers[:LAST_POSITION]):
            raise ValueError(f"a double box is a number of the row but its last: {self.doubles}")

    @property
    def name(self) -> str:
        return SHEET_ROW_NAMES[self.row]

    @property
    def is_bonus(self) -> bool:
        return len(self.colours) > 1

    @property
    def numbers(self) -> tuple[int, ...]:
        if self.boxes:
            return tuple(number for number, _ in self.boxes)
        return _NUMBERS[self.row]

    @property
    def box_colours(self) -> tuple[int, ...]:
        """Each box's colour, left to right (a bonus row's: its first colour's)."""
        if self.boxes:
            return tuple(colour for _, colour in self.boxes)
        return (self.colours[0],) * (LAST_POSITION + 1)


@dataclass(frozen=True, slots=True)
class Variant:
    """A Qwixx score pad, played with the same six dice: its id in records (``options``), its
    rows top to bottom, and the numbers of the rules it changes. What it changes of when a box
    may be crossed, what a cross also crosses and how a sheet scores are its :class:`Sheet`
    class's rule hooks (variants.py)."""

    id: str
    rows: tuple[SheetRow, ...]
    crosses_before_last: int = CROSSES_BEFORE_LAST
    most_crosses_scored: int = LAST_POSITION + 2
    # A small extra box printed under every number but each row's last (Qwixx Double A).
    extra_boxes: bool = False

    def printed_row(self, row: int) -> SheetRow:
        """The row of index ``row`` (:attr:`Sheet.rows`) as printed."""
        return next(printed for printed in self.rows if printed.row == row)

    def box_colour(self, row: int, number: int) -> int:
        """The colour of the box of ``number`` in ``row``: the die that crosses it in action 2
        (a bonus row's: its first colour)."""
        printed = self.printed_row(row)
        return printed.box_colours[printed.numbers.index(number)]


BASE_VARIANT: Final = Variant(
    "base", tuple(SheetRow(row, (row,), lock=True) for row in range(len(ROW_NAMES)))
)


class _SheetFields(NamedTuple):
    rows: tuple[int, ...] = (0, 0, 0, 0)
    penalties: int = 0


class Sheet(_SheetFields):
    """One player's score sheet: a crossed-positions bit mask per row, and penalties.

    This class is base Qwixx's pad (ruling QWIXX_SHEET); a variant's pad is a subclass naming
    its :class:`Variant` and overriding the rule hooks it changes: :meth:`broken_rule` (when a
    box may be crossed), :meth:`cross` (what a cross also crosses), :meth:`lock_of`,
    :meth:`crosses`, :meth:`extra_crossed` and :meth:`score`, and the legal crosses
    (:meth:`white_sum_crosses`, :meth:`action2_crosses`, :meth:`allowed_crosses`) that the
    engine's hot paths ask of it.
    """

    __slots__ = ()
    variant: ClassVar[Variant] = BASE_VARIANT
    # The pad's printed numbers, by row: _numbers[row][position], _positions[row][number].
    _numbers: ClassVar[tuple[tuple[int, ...], ...]] = _NUMBERS
    _positions: ClassVar[tuple[tuple[int, ...], ...]] = _POSITIONS

    @classmethod
    def empty(cls) -> Sheet:
        """A new sheet of this pad: nothing crossed."""
        return cls((0,) * len(cls.variant.rows))

    def crossed_numbers(self, row: int) -> tuple[int, ...]:
        mask, numbers = self.rows[row], self._numbers[row]
        return tuple(numbers[p] for p in range(LAST_POSITION + 1) if mask >> p & 1)

    def extra_crossed(self, row: int) -> tuple[int, ...]:
        """The numbers of ``row`` whose extra box is crossed too (Qwixx Double A: variants.py);
        base Qwixx's pad has none."""
        return ()

    def position(self, row: int, number: int) -> int:
        """Where ``number`` is printed in ``row``, counting from the left."""
        return self._positions[row][number]

    def is_locked(self, row: int) -> bool:
        """This player crossed the lock of ``row`` (scores a cross)."""
        return bool(self.rows[row] & LOCK_BIT)

    def crosses(self, row: int) -> int:
        """Crosses in ``row``, the lock included (ruling QWIXX_ROW_SCORE)."""
        return self.rows[row].bit_count()

    def row_score(self, row: int) -> int:
        return row_points(self.crosses(row))

    def skipped(self, row: int) -> tuple[int, ...]:
        """The numbers of ``row`` left of its last cross and not crossed: lost for good
        (numbers are crossed left to right)."""
        mask, numbers = self.rows[row] & ~LOCK_BIT, self._numbers[row]
        return tuple(numbers[p] for p in range(mask.bit_length()) if not mask >> p & 1)

    def skipping(self, row: int, number: int) -> tuple[int, ...]:
        """The numbers crossing ``number`` in ``row`` would leave behind for good: those
        between the last cross and it (numbers are crossed left to right)."""
        mask, numbers = self.rows[row] & ~LOCK_BIT, self._numbers[row]
        return tuple(numbers[p] for p in range(mask.bit_length(), self._positions[row][number]))

    def penalty_points(self) -> int:
        """What the penalties cost (ruling QWIXX_ROW_SCORE), as a positive number."""
        return PENALTY_POINTS * self.penalties

    def score(self) -> int:
        return sum(row_points(mask.bit_count()) for mask in self.rows) - self.penalty_points()

    def broken_rule(
        self,
        row: int,
        number: int,
        closed: int,
        positions: tuple[tuple[int, ...], ...] = _POSITIONS,
    ) -> str | None:
        """The rule that forbids crossing ``number`` in ``row`` now, or None if it is allowed.

        ``closed`` is the mask of rows locked by anyone (ruling QWIXX_LOCK_CLOSES_FOR_ALL);
        ``positions`` where the pad prints each number (base Qwixx's: read as fast as a local).
        """
        if closed >> row & 1:
            return "qwixx.row_locked"
        mask = self.rows[row]
        position = positions[row][number]
        if _CROSSABLE[mask] >> position & 1:
            return None
        return "qwixx.left_to_right" if mask >> position else "qwixx.five_before_last"

    def cross(self, row: int, number: int) -> Sheet:
        """The sheet with ``number`` crossed; the last number also crosses the lock."""
        position = _POSITIONS[row][number]
        bits = 1 << position | (LOCK_BIT if position == LAST_POSITION else 0)
        red, yellow, green, blue = self.rows
        if row == RED:
            return _new_sheet(((red | bits, yellow, green, blue), self.penalties))
        if row == YELLOW:
            return _new_sheet(((red, yellow | bits, green, blue), self.penalties))
        if row == GREEN:
            return _new_sheet(((red, yellow, green | bits, blue), self.penalties))
        return _new_sheet(((red, yellow, green, blue | bits), self.penalties))

    def with_penalty(self) -> Sheet:
        return _new_sheet((self.rows, self.penalties + 1))

    def white_sum_crosses(self, total: int, closed: int) -> list[Cross | Pass]:
        """Action 1's choices on a variant's pad: a pass, or the white sum ``total`` in a row
        that allows it (base Qwixx's pad is read faster, by QwixxState.legal_actions)."""
        legal: list[Cross | Pass] = [PASS]
        legal.extend(
            _CROSSES[row][total]
            for row in range(len(self.rows))
            if self.broken_rule(row, total, closed) is None
        )
        return legal

    def action2_crosses(self, dice: Roll, closed: int) -> list[Cross]:
        """The crosses action 2 allows: a white die plus a colour die, in that colour's row,
        rows ``closed`` being shut (also what a computer player weighs before action 1
        resolves)."""
        white1, white2 = dice.white
        rows = self.rows
        crosses: list[Cross] = []
        for row, colour in enumerate(dice.colours):
            # Ruling QWIXX_DICE: a row locked in action 1 takes its die out before action 2.
            if colour is None or closed >> row & 1:
                continue
            crossable, positions = _CROSSABLE[rows[row]], _POSITIONS[row]
            numbers = (colour + white1,) if white1 == white2 else (colour + white1, colour + white2)
            for number in numbers:
                if crossable >> positions[number] & 1:
                    crosses.append(_CROSSES[row][number])
        return crosses

    def allowed_crosses(self, closed: int) -> list[Cross]:
        """Every cross the sheet allows in the open rows, whatever the dice (ruling
        QWIXX_SHEETS_ONLY)."""
        return [
            _CROSSES[row][number]
            for row in range(len(self.rows))
            for number in self._numbers[row]
            if self.broken_rule(row, number, closed) is None
        ]

    def dice_rule(self, dice: Roll, row: int, number: int, closed: int) -> str | None:
        """The rule action 2's dice break if ``number`` is crossed in ``row``, or None: a white
        die plus the die of the row's colour, still in the game (ruling QWIXX_DICE; a row
        ``closed`` in action 1 is refused as locked by :meth:`broken_rule`)."""
        colour = dice.colours[row]
        if colour is None:
            return "qwixx.row_locked"
        return None if number - colour in dice.white else "qwixx.white_and_colour"


_new_sheet: Final = built_from_fields(Sheet)


class PrintedSheet(Sheet):
    """A pad whose four rows print their numbers and box colours otherwise than base Qwixx's
    (Qwixx Mixx: variants.py), played by them: a row is still crossed left to right, its last
    box locks it (five crosses in the row before), and it scores as base Qwixx's (ruling
    QWIXX_ROW_SCORE); a box is crossed in action 2 by a white die plus the die of the box's
    colour, still in the game (ruling QWIXX_DICE). A subclass names its :attr:`variant`, whose
    rows' ``boxes`` this class reads into its tables."""

    __slots__ = ()
    # By colour and number: the rows whose box of that number is that colour.
    _rows_of_box: ClassVar[tuple[tuple[tuple[int, ...], ...], ...]] = ()
    _box_colour: ClassVar[tuple[tuple[int, ...], ...]] = ()  # by row and number

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        rows = cls.variant.rows
        cls._numbers = tuple(printed.numbers for printed in rows)
        cls._positions = tuple(
            tuple(printed.numbers.index(n) if n >= 2 else -1 for n in range(13)) for printed in rows
        )
        cls._box_colour = tuple(
            tuple(
                printed.box_colours[printed.numbers.index(n)] if n >= 2 else -1 for n in range(13)
            )
            for printed in rows
        )
        cls._rows_of_box = tuple(
            tuple(
                tuple(printed.row for printed in rows if cls._box_colour[printed.row][n] == colour)
                for n in range(13)
            )
            for colour in range(len(ROW_NAMES))
        )

    def broken_rule(
        self, row: int, number: int, closed: int, positions: tuple[tuple[int, ...], ...] = ()
    ) -> str | None:
        return super().broken_rule(row, number, closed, positions or self._positions)

    def cross(self, row: int, number: int) -> Sheet:
        """The sheet with ``number`` crossed; the row's last box also crosses its lock."""
        position = self._positions[row][number]
        rows = list(self.rows)
        rows[row] |= 1 << position | (LOCK_BIT if position == LAST_POSITION else 0)
        return type(self)(tuple(rows), self.penalties)

    def with_penalty(self) -> Sheet:
        return type(self)(self.rows, self.penalties + 1)

    def action2_crosses(self, dice: Roll, closed: int) -> list[Cross]:
        """A white die plus a colour die, in a box of that colour of any open row."""
        white1, white2 = dice.white
        rows, positions = self.rows, self._positions
        crosses: list[Cross] = []
        for colour, value in enumerate(dice.colours):
            # Ruling QWIXX_DICE: a die leaves with its row's lock (the lock is the row's own
            # colour), even one locked in this turn's action 1.
            if value is None or closed >> colour & 1:
                continue
            numbers = (value + white1,) if white1 == white2 else (value + white1, value + white2)
            for number in numbers:
                for row in self._rows_of_box[colour][number]:
                    if (
                        not closed >> row & 1
                        and _CROSSABLE[rows[row]] >> positions[row][number] & 1
                    ):
                        crosses.append(_CROSSES[row][number])
        return crosses

    def dice_rule(self, dice: Roll, row: int, number: int, closed: int) -> str | None:
        """A white die plus the die of the box's colour, still in the game (ruling QWIXX_DICE);
        a box of the row's own colour whose die is gone is in a locked row."""
        colour = self._box_colour[row][number]
        value = dice.colours[colour]
        if value is None or closed >> colour & 1:
            return "qwixx.row_locked" if colour == row else "qwixx.box_die_gone"
        if number - value in dice.white:
            return None
        return "qwixx.white_and_colour" if colour == row else "qwixx.box_colour_die"
