"""Diceland's board tables: what the rules read of a map on every move, worked out once per map.

Per area of a map, every set of its cells by size, with the set's connected pieces and the cells
touching it: a set is a legal placement when it avoids the crossed cells and each piece touches
a crossed cell (ruling DICELAND_ADJACENCY), so finding a player's legal marks is a filter of
small ints. The lists found are memoised on the board, shared by every sheet of that map.

Apart from the rules (:mod:`.diceland`), which read these tables where they apply the rulings
on crosses (``Sheet.marks``, ``Sheet.placement_error``): this is precomputation and bit masks.
The tables hold each set as the rules' own mark (made once, by the ``mark`` a board is given),
so that a legal list is shared, never rebuilt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Final

from dadoteca_games.diceland.maps import DicelandMap

if TYPE_CHECKING:
    from .rules import Mark

__all__ = ["MEMO_LIMIT", "Board"]

# One candidate set of cells in an area: its local bit mask (bit i = the area's i-th cell), the
# local masks of its connected pieces, and its Mark (made once, shared by every legal list).
_Subset = tuple[int, tuple[int, ...], "Mark"]

MEMO_LIMIT: Final = 20_000  # legal-mark lists memoised per board by colour, a few MB at most


class Board:
    """A map with the tables the rules read on every move, built once per map.

    Holds, per area, every set of its cells by size with the set's connected pieces: a set is a
    legal placement when it avoids the crossed cells and each piece touches a crossed cell
    (ruling DICELAND_ADJACENCY); each set as ``mark(colour, cells)``. Two memos of legal marks:
    ``memo`` per area, keyed by (area, size, the area's crossed cells, its cells touching a
    cross), small ints and so bounded by the map; ``colour_memo`` per colour (see the rules'
    ``Sheet.marks``), bounded by :data:`MEMO_LIMIT`.
    """

    __slots__ = (
        "area_first",
        "area_full",
        "area_reach",
        "colour_areas",
        "colour_masks",
        "colour_memo",
        "colour_spans",
        "components",
        "map",
        "memo",
        "subsets",
    )

    def __init__(self, m: DicelandMap, mark: Callable[[int, tuple[int, ...]], Mark]) -> None:
        self.map = m
        self.area_first = m.area_first
        self.area_full = tuple((1 << size) - 1 for size in m.area_size)
        self.colour_areas = m.colour_areas
        # Per colour, (area, first cell, local mask of all its cells) for each of its areas.
        self.colour_spans = tuple(
            tuple((area, m.area_first[area], self.area_full[area]) for area in areas)
            for areas in m.colour_areas
        )
        self.colour_masks = m.colour_masks
        self.memo: dict[int, tuple[Mark, ...]] = {}
        self.colour_memo: dict[tuple[int, int, int, int], tuple[Mark, ...]] = {}
        components, subsets, reach = [], [], []
        for area, first in enumerate(m.area_first):
            size, colour = m.area_size[area], m.area_colours[area]
            full = (1 << size) - 1
            local_neighbours = [m.neighbours[first + i] >> first & full for i in range(size)]
            pieces = tuple(_pieces(sub, local_neighbours) for sub in range(full + 1))
            by_size: list[list[_Subset]] = [[] for _ in range(size + 1)]
            for sub in range(1, full + 1):
                cells = tuple(first + i for i in range(size) if sub >> i & 1)
                by_size[len(cells)].append((sub, pieces[sub], mark(colour, cells)))
            components.append(pieces)
            subsets.append(tuple(tuple(group) for group in by_size))
            reach.append(
                tuple(
                    _union(m.neighbours[first + i] for i in range(size) if sub >> i & 1)
                    for sub in range(full + 1)
                )
            )
        self.components: tuple[tuple[tuple[int, ...], ...], ...] = tuple(components)
        self.subsets: tuple[tuple[tuple[_Subset, ...], ...], ...] = tuple(subsets)
        # Per area and local set: every cell touching one of its cells (to grow `touch`).
        self.area_reach: tuple[tuple[int, ...], ...] = tuple(reach)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other.map == self.map

    def __hash__(self) -> int:
        return hash(self.map)

    def __repr__(self) -> str:
        return f"Board({self.map.id!r})"

    def area_marks(self, area: int, crossed: int, touching: int, count: int) -> tuple[Mark, ...]:
        """The legal sets of ``count`` cells in ``area``, from its local crossed/touching masks.

        Too few free cells leave no set at all (ruling DICELAND_EXCESS_DICE).
        """
        touching &= ~crossed
        key = ((area << 3 | count) << 12) | crossed << 6 | touching
        marks = self.memo.get(key)
        if marks is None:
            by_size = self.subsets[area]
            marks = (
                tuple(
                    mark
                    for sub, pieces, mark in by_size[count]
                    if not sub & crossed and all(piece & touching for piece in pieces)
                )
                if count < len(by_size)
                else ()
            )
            self.memo[key] = marks
        return marks


def _pieces(sub: int, local_neighbours: list[int]) -> tuple[int, ...]:
    """The connected pieces of the local cell set ``sub``, as local masks."""
    pieces = []
    rest = sub
    while rest:
        piece = frontier = rest & -rest
        while frontier:
            grown = 0
            for i, neighbours in enumerate(local_neighbours):
                if frontier >> i & 1:
                    grown |= neighbours
            frontier = grown & sub & ~piece
            piece |= frontier
        pieces.append(piece)
        rest &= ~piece
    return tuple(pieces)


def _union(masks: Iterable[int]) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total
