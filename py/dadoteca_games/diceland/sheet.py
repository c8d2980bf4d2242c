"""A Diceland player's sheet: their map and crosses, and where crosses may go (rulings
DICELAND_ADJACENCY, DICELAND_ONE_AREA, DICELAND_EXCESS_DICE, in rules.py). The turn's rules are
rules.py's; what a map's rules read on every move is worked out once per map (:mod:`.board`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

from dadoteca.core import Plural, RuleError, Template, rule_breaker
from dadoteca_games.diceland.actions import Mark
from dadoteca_games.diceland.board import MEMO_LIMIT, Board
from dadoteca_games.diceland.maps import COLOURS, PRIZES_TO_WIN, DicelandMap, cells_of

__all__ = ["PLACEMENT_RULES", "Sheet", "board_of", "prizes_crossed"]

# Where crosses may go, by the id a RuleError carries (part of the game's RULES).
PLACEMENT_RULES: Final[dict[str, Template]] = {
    "diceland.not_a_cell": "There is no cell {cell} on this map",
    "diceland.obstacle": "This cell is an obstacle",
    "diceland.crossed": "This cell is already crossed",
    "diceland.twice": "A cell is named twice ({cell})",
    "diceland.wrong_colour": "This cell is not {colour}",
    "diceland.one_area": "All crosses of one action go into one area",
    "diceland.wrong_area": "Finish your open {colour} area before starting another",
    "diceland.excess_dice": Plural(
        "Too many {colour} dice: that area has only {count} free cell",
        "Too many {colour} dice: that area has only {count} free cells",
    ),
    "diceland.not_touching": "Every cross must touch a crossed cell",
    "diceland.wrong_count": Plural(
        "Use your {count} {colour} die: cross exactly {count} cell",
        "Use all {count} {colour} dice: cross exactly {count} cells",
    ),
}
_broken: Final = rule_breaker(PLACEMENT_RULES)


@lru_cache(maxsize=64)
def board_of(m: DicelandMap) -> Board:
    """The rule tables of ``m`` (:mod:`.board`), built once and shared by every sheet
    of that map: they hold each placement as a Mark."""
    return Board(m, Mark)


class Sheet(NamedTuple):
    """One player's map and crosses: ``crossed`` and ``touch`` are bit masks over its cells.

    ``touch`` is every cell next to a crossed one (kept so that adjacency costs one AND).
    """

    board: Board
    crossed: int
    touch: int

    @classmethod
    def new(cls, m: DicelandMap) -> Sheet:
        """A fresh sheet: only the start cell is crossed (ruling DICELAND_MAPS)."""
        return cls(board_of(m), 1 << m.start, m.neighbours[m.start])

    @property
    def map(self) -> DicelandMap:
        return self.board.map

    def crossed_cells(self) -> tuple[int, ...]:
        return tuple(cells_of(self.crossed))

    def prizes(self) -> int:
        return (self.crossed & self.board.map.prize_mask).bit_count()

    def prizes_per_colour(self) -> tuple[int, ...]:
        won = self.crossed & self.board.map.prize_mask
        return tuple((won & mask).bit_count() for mask in self.board.map.colour_masks)

    def completed_colours(self) -> tuple[int, ...]:
        crossed = self.crossed
        return tuple(
            c for c, mask in enumerate(self.board.map.colour_masks) if crossed & mask == mask
        )

    def has_won(self) -> bool:
        """Ruling DICELAND_WIN: 9 prizes and every cell of at least one colour."""
        crossed = self.crossed
        m = self.board.map
        if (crossed & m.prize_mask).bit_count() < PRIZES_TO_WIN:
            return False
        return any(crossed & mask == mask for mask in m.colour_masks)

    def open_area(self, colour: int) -> int | None:
        """The area of ``colour`` crossed in part, if any (ruling DICELAND_ONE_AREA: one)."""
        board, crossed = self.board, self.crossed
        for area in board.colour_areas[colour]:
            local = crossed >> board.area_first[area] & board.area_full[area]
            if local and local != board.area_full[area]:
                return area
        return None

    def marks(self, colour: int, count: int) -> tuple[Mark, ...]:
        """Every legal way to cross ``count`` cells of ``colour`` (rulings DICELAND_ADJACENCY,
        DICELAND_ONE_AREA, DICELAND_EXCESS_DICE).

        They depend only on the colour's crossed cells and the colour's cells touching a cross,
        so they are memoised by those (a bounded memo: it starts afresh when full).
        """
        board = self.board
        mask = board.colour_masks[colour]
        key = (colour, count, self.crossed & mask, self.touch & mask)
        marks = board.colour_memo.get(key)
        if marks is None:
            if len(board.colour_memo) >= MEMO_LIMIT:
                board.colour_memo.clear()
            marks = board.colour_memo[key] = self._find_marks(colour, count)
        return marks

    def _find_marks(self, colour: int, count: int) -> tuple[Mark, ...]:
        board, crossed, touch = self.board, self.crossed, self.touch
        marks: tuple[Mark, ...] = ()
        for area, first, full in board.colour_spans[colour]:
            local = crossed >> first & full
            if not local:
                touching = touch >> first & full
                if touching:
                    marks += board.area_marks(area, 0, touching, count)
            elif local != full:  # the open area, the only one allowed
                return board.area_marks(area, local, touch >> first & full, count)
        return marks

    def placement_error(self, colour: int, cells: tuple[int, ...], count: int) -> RuleError | None:
        """Why crossing ``cells`` with ``count`` dice of ``colour`` (one of COLOURS: the
        state checks it first) is illegal, or None.

        The number of cells is checked last, so a selection still being made that grows from
        the crossed cells fails only with ``diceland.wrong_count``.
        """
        board = self.board
        m = board.map
        name = COLOURS[colour]
        selected = 0
        for cell in cells:
            if not 0 <= cell < m.cell_count:
                return _broken("diceland.not_a_cell", cell=cell)
            bit = 1 << cell
            if m.obstacle_mask & bit:
                return _broken("diceland.obstacle", cell=cell)
            if self.crossed & bit:
                return _broken("diceland.crossed", cell=cell)
            if selected & bit:
                return _broken("diceland.twice", cell=cell)
            if m.colours[cell] != colour:
                return _broken("diceland.wrong_colour", cell=cell, colour=name)
            selected |= bit
        if not cells:
            return _broken("diceland.wrong_count", count=count, colour=name)
        area = m.areas[cells[0]]
        if any(m.areas[cell] != area for cell in cells):
            return _broken("diceland.one_area")  # ruling DICELAND_ONE_AREA
        open_area = self.open_area(colour)
        if open_area is not None and open_area != area:
            return _broken("diceland.wrong_area", colour=name)
        first, full = board.area_first[area], board.area_full[area]
        free = full.bit_count() - (self.crossed >> first & full).bit_count()
        if count > free:  # ruling DICELAND_EXCESS_DICE
            return _broken("diceland.excess_dice", count=free, colour=name)
        touching = self.touch >> first & full
        if not all(piece & touching for piece in board.components[area][selected >> first]):
            return _broken("diceland.not_touching")  # ruling DICELAND_ADJACENCY
        if len(cells) != count:
            return _broken("diceland.wrong_count", count=count, colour=name)
        return None

    def crossing(self, mark: Mark) -> Sheet:
        """The sheet with ``mark``'s cells crossed (already checked legal)."""
        board = self.board
        area = board.map.areas[mark.cells[0]]
        first = board.area_first[area]
        local = 0
        for cell in mark.cells:
            local |= 1 << (cell - first)
        return Sheet(
            board, self.crossed | local << first, self.touch | board.area_reach[area][local]
        )


def prizes_crossed(before: Sheet, after: Sheet) -> int:
    return ((after.crossed ^ before.crossed) & after.board.map.prize_mask).bit_count()
