"""Diceland maps: hex cells, the eight fixed maps A-H, their checks, and seeded random maps.

A map is written as text rows in "odd-r" offset layout: one character per hex, separated by
spaces, odd rows drawn half a hex to the right (so the text looks like the board)::

    r r y Y .
     r # * g g

``r y g b o k`` are the six colours (``k`` = grey), uppercase marks a prize cell, ``#`` an
obstacle, ``*`` the white start cell and ``.`` no cell. An *area* is a connected group of cells of
one colour, so two areas of one colour never touch (ruling DICELAND_MAPS).

Cells are numbered for the records, stably: the start cell is 0, then the cells of each area
(areas in reading order of their first cell, the cells of an area consecutive, in reading order),
then the obstacles. Consecutive ids let the rules read an area's crosses out of a player's
crossed-cells bit mask with one shift.

Positions are axial hex coordinates (q, r), pointy-top: a view draws cell (q, r) at
x = √3·(q + r/2), y = 3/2·r (times the hex radius).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, TypeVar

from dadoteca.core import RuleError, draw, seed_generator

__all__ = [
    "COLOURS",
    "COLOUR_LETTERS",
    "DEALT_MAP",
    "DICELAND_MAPS",
    "FIXED_MAP_IDS",
    "MAP_RULES",
    "MAP_TEXTS",
    "MAX_SEED",
    "PRIZES_PER_COLOUR",
    "PRIZES_TO_WIN",
    "RANDOM_MAP",
    "DicelandMap",
    "Kind",
    "cells_of",
    "generate_map",
    "map_board",
    "map_by_id",
    "map_digest",
    "parse_map",
    "validate_map",
]

# --- Rulings (docs/rulings.md, "Diceland"), named where they are applied --------------------------
DICELAND_MAPS = (
    "Hex maps: one white start cell near the centre (crossed from the start), black obstacles, "
    "areas of 2-6 cells in six colours, 12 prize cells, two per colour, in different areas."
)

COLOURS: Final = ("red", "yellow", "green", "blue", "orange", "grey")
COLOUR_LETTERS: Final = "rygbok"
MIN_AREA: Final = 2
MAX_AREA: Final = 6
PRIZES_PER_COLOUR: Final = 2
PRIZES: Final = PRIZES_PER_COLOUR * len(COLOURS)
PRIZES_TO_WIN: Final = 9
MAX_SEED: Final = 2**32 - 1
# The start is "near the centre": at most this many steps from the board's middle hex.
START_FROM_CENTRE: Final = 2

MAP_RULES: Final[dict[str, str]] = {
    "diceland.bad_map": "There is no Diceland map '{map}' (maps A-H, or R and a number)",
}

# Axial neighbour offsets, pointy-top hexes.
_STEPS: Final = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


class Kind:
    START: Final = "start"
    OBSTACLE: Final = "obstacle"
    COLOUR: Final = "colour"


@dataclass(frozen=True, eq=False, slots=True)
class DicelandMap:
    """One map, with the bit masks the rules need (bit i = cell i); equal if drawn the same.

    ``colours``/``areas`` hold -1 for the start and the obstacles. Area ``a`` is the cells
    ``area_first[a] .. area_first[a] + area_size[a] - 1``.
    """

    id: str
    rows: tuple[str, ...]
    positions: tuple[tuple[int, int], ...]
    kinds: tuple[str, ...]
    colours: tuple[int, ...]
    areas: tuple[int, ...]
    start: int
    prize_mask: int
    obstacle_mask: int
    neighbours: tuple[int, ...]
    area_first: tuple[int, ...]
    area_size: tuple[int, ...]
    area_colours: tuple[int, ...]
    area_masks: tuple[int, ...]
    colour_masks: tuple[int, ...]
    colour_areas: tuple[tuple[int, ...], ...]

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, DicelandMap) and other.id == self.id and other.rows == self.rows
        )

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"DicelandMap({self.id!r})"

    @property
    def cell_count(self) -> int:
        return len(self.positions)

    def is_prize(self, cell: int) -> bool:
        return bool(self.prize_mask >> cell & 1)

    def cell_at(self, q: int, r: int) -> int | None:
        """The cell at axial position (q, r), if there is one."""
        try:
            return self.positions.index((q, r))
        except ValueError:
            return None

    def area_cells(self, area: int) -> tuple[int, ...]:
        first = self.area_first[area]
        return tuple(range(first, first + self.area_size[area]))

    def text(self) -> str:
        """The map's rows as text, one per line (the form the maps are written in)."""
        return "\n".join(self.rows)


def cells_of(mask: int) -> list[int]:
    """The cell ids set in a cell mask, lowest first."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return cells


def parse_map(map_id: str, text: str) -> DicelandMap:
    """The map drawn in ``text`` (see the module docstring); raises ValueError if malformed.

    Any drawing parses; whether it is a playable Diceland map is :func:`validate_map`'s job.
    """
    rows = tuple(line.rstrip() for line in text.splitlines() if line.strip())
    drawn: dict[tuple[int, int], str] = {}
    for r, line in enumerate(rows):
        for col, char in enumerate(line.split()):
            if len(char) != 1 or char.lower() not in COLOUR_LETTERS + "#*.":
                raise ValueError(f"row {r + 1}: {char!r} is not a cell")
            if char != ".":
                drawn[(col - (r - (r & 1)) // 2, r)] = char  # odd-r offset → axial
    reading = sorted(drawn, key=lambda qr: (qr[1], qr[0]))
    components = _colour_components(drawn, reading)
    starts = [qr for qr in reading if drawn[qr] == "*"]
    obstacles = [qr for qr in reading if drawn[qr] == "#"]
    order = starts[:1] + [qr for area in components for qr in area] + starts[1:] + obstacles
    ids = {qr: cell for cell, qr in enumerate(order)}
    kinds, colours, areas = [], [], []
    prize_mask = obstacle_mask = 0
    area_of = {qr: a for a, area in enumerate(components) for qr in area}
    for cell, qr in enumerate(order):
        char = drawn[qr]
        if char == "*":
            kinds.append(Kind.START)
        elif char == "#":
            kinds.append(Kind.OBSTACLE)
            obstacle_mask |= 1 << cell
        else:
            kinds.append(Kind.COLOUR)
            prize_mask |= char.isupper() << cell
        colours.append(COLOUR_LETTERS.index(char.lower()) if qr in area_of else -1)
        areas.append(area_of.get(qr, -1))
    neighbours = tuple(
        sum(1 << ids[(q + dq, r + dr)] for dq, dr in _STEPS if (q + dq, r + dr) in ids)
        for q, r in order
    )
    area_first = tuple(ids[area[0]] for area in components)
    area_masks = tuple(sum(1 << ids[qr] for qr in area) for area in components)
    area_colours = tuple(colours[ids[area[0]]] for area in components)
    colour_areas = tuple(
        tuple(a for a, colour in enumerate(area_colours) if colour == c) for c in range(6)
    )
    return DicelandMap(
        id=map_id,
        rows=rows,
        positions=tuple(order),
        kinds=tuple(kinds),
        colours=tuple(colours),
        areas=tuple(areas),
        start=ids[starts[0]] if starts else -1,
        prize_mask=prize_mask,
        obstacle_mask=obstacle_mask,
        neighbours=neighbours,
        area_first=area_first,
        area_size=tuple(len(area) for area in components),
        area_colours=area_colours,
        area_masks=area_masks,
        colour_masks=tuple(sum(area_masks[a] for a in colour_areas[c]) for c in range(6)),
        colour_areas=colour_areas,
    )


def _colour_components(
    drawn: dict[tuple[int, int], str], reading: list[tuple[int, int]]
) -> list[list[tuple[int, int]]]:
    """Connected same-colour groups (prize or not), each in reading order, in reading order."""
    seen: set[tuple[int, int]] = set()
    components = []
    for qr in reading:
        letter = drawn[qr].lower()
        if qr in seen or letter not in COLOUR_LETTERS:
            continue
        seen.add(qr)
        area, frontier = [qr], [qr]
        while frontier:
            q, r = frontier.pop()
            for dq, dr in _STEPS:
                step = (q + dq, r + dr)
                if step not in seen and drawn.get(step, ".").lower() == letter:
                    seen.add(step)
                    area.append(step)
                    frontier.append(step)
        components.append(sorted(area, key=lambda cell: (cell[1], cell[0])))
    return components


def _reach(m: DicelandMap, start: int, allowed: int) -> int:
    """The cells of ``allowed`` connected to ``start`` through ``allowed`` (a bit mask)."""
    reached = frontier = 1 << start
    while frontier:
        grown = 0
        for cell in cells_of(frontier):
            grown |= m.neighbours[cell]
        frontier = grown & allowed & ~reached
        reached |= frontier
    return reached


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def validate_map(m: DicelandMap) -> list[str]:
    """What keeps ``m`` from being a Diceland map (ruling DICELAND_MAPS), in words; [] if valid."""
    problems: list[str] = []
    kinds = m.kinds
    if kinds.count(Kind.START) != 1 or m.start != 0:
        return [f"a map has one start cell, numbered 0; this one has {kinds.count(Kind.START)}"]
    if not m.obstacle_mask:
        problems.append("the map has no obstacle")
    rs = [r for _, r in m.positions]
    xs = [2 * q + r for q, r in m.positions]  # doubled x: integral for odd rows too
    middle_r = (min(rs) + max(rs)) // 2
    middle = ((min(xs) + max(xs)) // 2 - middle_r) // 2, middle_r
    if _hex_distance(m.positions[m.start], middle) > START_FROM_CENTRE:
        problems.append("the start cell is not near the centre")
    for c, colour_name in enumerate(COLOURS):
        if not m.colour_areas[c]:
            problems.append(f"no {colour_name} area")
    for a, first in enumerate(m.area_first):
        size, mask, colour = m.area_size[a], m.area_masks[a], m.area_colours[a]
        cells = cells_of(mask)
        name = f"area {a} ({COLOURS[colour]}, cells {first}-{first + size - 1})"
        if cells != list(range(first, first + size)):
            problems.append(f"{name} is not numbered consecutively")
        if not MIN_AREA <= size <= MAX_AREA:
            problems.append(f"{name} has {size} cells, not 2-6")
        if any(m.colours[cell] != colour or m.areas[cell] != a for cell in cells):
            problems.append(f"{name} is not all {COLOURS[colour]}")
        if _reach(m, first, mask) != mask:
            problems.append(f"{name} is not connected")
        touching = 0
        for cell in cells:
            touching |= m.neighbours[cell]
        for other in m.colour_areas[colour]:
            if other > a and touching & m.area_masks[other]:
                problems.append(f"{name} touches area {other} of the same colour")
        prizes = (mask & m.prize_mask).bit_count()
        if prizes > 1:
            problems.append(f"{name} has {prizes} prize cells")
    if m.prize_mask & ~sum(m.area_masks):
        problems.append("a prize cell is not in an area")
    if m.prize_mask.bit_count() != PRIZES:
        problems.append(f"the map has {m.prize_mask.bit_count()} prize cells, not {PRIZES}")
    for c, colour_name in enumerate(COLOURS):
        prizes = (m.colour_masks[c] & m.prize_mask).bit_count()
        if prizes != PRIZES_PER_COLOUR:
            problems.append(f"{colour_name} has {prizes} prize cells, not {PRIZES_PER_COLOUR}")
    coloured = sum(m.area_masks)
    reachable = _reach(m, m.start, coloured | 1 << m.start)
    if coloured & ~reachable:
        unreached = cells_of(coloured & ~reachable)
        problems.append(f"cells {unreached} cannot be reached from the start")
    full_colours = [
        c for c in range(6) if m.colour_masks[c] and m.colour_masks[c] & ~reachable == 0
    ]
    if (reachable & m.prize_mask).bit_count() < PRIZES_TO_WIN or not full_colours:
        problems.append("nobody could win on this map (9 prizes and one whole colour)")
    return problems


def map_digest(m: DicelandMap) -> str:
    """A sha256 of everything records and rules depend on: each cell's id, place and kind."""
    lines = [
        f"{cell} {q} {r} {m.kinds[cell]} {m.colours[cell]} {m.areas[cell]} {m.is_prize(cell):d}"
        for cell, (q, r) in enumerate(m.positions)
    ]
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


# --- The eight fixed maps (four double-sided boards) ------------------------------------------
# Fixed forever: records name their cells by id (a test pins every map's digest).

MAP_TEXTS: Final[dict[str, str]] = {
    # A (board 1 front). Honeycomb: a hexagon island, rocks around the middle like petals.
    "A": """
. . . . k R r r o o . . . .
 . . o k b b b o o b b . . .
. . O o K b b g g b b y . .
 . y y g # o g g # # y y . .
. y y g g o o b G k B b y .
 g k g g r r b b k b b r r .
g K k g r r r b b k g g r r
 g # # k k y * b k O # # k .
g k k o o y y g g o o k k k
 k k y o o r g k o o y g g .
. R r y o r r r k o Y g g .
 . r r # # r r k # y y G . .
. . y y y o o b b b B b . .
 . . Y r r o y y y k k . . .
. . . . r r o y y k . . . .
""",
    # B (board 1 back). Twin lakes: a wide oval, a lake left and right of the start.
    "B": """
. . . . . . . k G g . . . . . . .
 . . . y y # K g g k k r r . . . .
. . b y y Y r r g g k y r r r . .
 . b b b o o r r o o y y g o o . .
. y k k o g b b r o o r g o o o .
 Y o k # g G b b g g r R # k k k .
y o k # # g b b * g g r # # k g k
 o b b # r r k k k r y r # b g g .
. k b b g r g k k r r y o B y y .
 . k k y g g b b R r y o O y y . .
. . K y y o o b B y y # o k k . .
 . . . y y O g b o # b b b . . . .
. . . . . . . g g o . . . . . . .
""",
    # C (board 2 front). The river: a river of rocks runs down the board, with three fords.
    "C": """
. y y y y k k # g g b b o o o
 r r r y b k k o g g b b o y Y
. r r y b B # o o b o # # y y
 G g o O b # K o b o o r r g g
. k g o y # O k b b o o r g g
 k k k Y o o o * r y y y b g r
. k k b # g g b R r r k b B r
 g g b b # g g b r r k k y y y
. g k k # r r r G g k k b # R
 y y k K o o r k g g y b b r r
. y y # o o o k k g y y b b r
""",
    # D (board 2 back). The crater: an octagon, a broken ring of rocks around the start.
    "D": """
. . . g g g r r O b b o . .
 . . k o o r r o o g B o . .
. . g k o r b b g g y y k .
 y g g b b # b # # b b k k k
. y g b b # r r r B b g r r
 y y k k o o o r r # g r r r
. b k k # o o * y y # g k K
 b b y y # k b b y y g k k r
. b y Y k k k b b # o o o R
 r r G O o # # y # R b b r r
. . g g o o y y y y r b y .
 . . g g k K o o g g g Y . .
. . . g k k k o o G g y . .
""",
    # E (board 3 front). Butterfly: two wings joined at a narrow waist.
    "E": """
y y b . . . . . . . . . k b b
 y y b g . . . . . . K k b b .
o o b b G g . . . r k k # r r
 o o r o O o g g r o y Y o o .
g g R # r r g g r o o # o o y
 b b b k r b b r r y y # y y .
O B b k r b b * G g y B k k y
 o o # r y y k g g R r b k r .
g o k # y y g k b b r # b r r
 g k k r y g g k b b r k k k .
g g # r g g . . . o o o k K k
 g g r r . . . . . . o Y y y .
o o o . . . . . . . . . y y y
""",
    # F (board 3 back). The coast: bays bitten out of the shore, rocks inland.
    "F": """
. y y y . . . . r r b b b o o g
 y y y b . . . r r b # r r o o g
. G k k b B O o # g g k R r g g
 g g k k b b # k g g k k o g . .
. g g # # r r K k Y k g o o . .
 . . g o o r r k y y b G o o . .
. . . o o y y y * y y b o y y .
 . . . b b r y b b r r # # y y y
. . . b b b r r k k r r g g y #
 . g g # y y R r k k o o g b b B
. g g o Y y k b b # o O o g b .
 b b o r r k k k . . . k k g . .
. b o o r r k k . . . . k K . .
""",
    # G (board 4 front). Ridges: a tall board, two ridges of rocks with two passes each.
    "G": """
. k k o o o y y y o o o .
 y k b b g g y y y o O g .
y y b b G g g g b b b b g
 # # # R # # # # # b # # .
k k k r r g g g k k r R r
 k k r b g g g k k r r r .
o o o b b r * K k b b b b
 y o b B r r g y y o o o .
y y Y b r r G y y O o o #
 # # y # # # # # g # # # .
k K g o o o y y r g k B b
 k g g o o r y r r k b b .
. k g r r r r Y r k k b .
""",
    # H (board 4 back). The snail: a shell of rocks winds out from the start.
    "H": """
. . . . . g g R r y y Y . . . .
 . . . g g g g r o o O G k . . .
. . y y y o o r y o o g k K g .
 . b y y y O o y # o g g k k g .
. b b r # b b # # # # g B g y y
 b b R # b b # k r r # b G g y y
. b r r # o k k * r r # b g g y
 y y r # o o k k g g # o b o b b
. o o k # # o k y y # # o o b b
 . o o k K # y Y y # g o k k b .
. . o k k r # # # # g g k k k .
 . . . r r r B b b r r g k . . .
. . . . . r r b b r r g . . . .
""",
}

FIXED_MAP_IDS: Final = "ABCDEFGH"
_FIXED: Final = {map_id: parse_map(map_id, text) for map_id, text in MAP_TEXTS.items()}
RANDOM_MAP: Final = "random"  # a seat's map choice: a new map, generated
DEALT_MAP: Final = "deal"  # a seat's map choice: a side of a board, dealt at random


def map_board(map_id: str) -> int:
    """The physical board a map is printed on, from 0: two sides each, A/B, C/D, E/F, G/H."""
    return FIXED_MAP_IDS.index(map_id) // 2


# --- Random maps --------------------------------------------------------------------------------

_RANDOM_ID: Final = re.compile(r"R(0|[1-9][0-9]{0,9})")
# About 160 cells, like maps A-H: everyone crosses on every turn, so a game takes some 45 turns
# whatever the number of players (tests/bench/diceland_rounds.py), the rule book's 20 minutes.
_ROWS: Final = 12
_COLUMNS: Final = 15
_OBSTACLES: Final = 13
_AREA_SIZES: Final = (2, 3, 3, 4, 4, 4, 5, 5, 6)  # an area's target size is drawn from these
_BALANCE: Final = 0.3  # each colour's cell count within 30% of the mean

Cell = tuple[int, int]  # axial (q, r)
Drawing = dict[Cell, str]  # cell -> the character drawn there
T = TypeVar("T")


class _Chooser:
    """Uniform choices from the core SplitMix generator (the same maps on every Python)."""

    def __init__(self, seed: int) -> None:
        self.generator = seed_generator(seed)

    def below(self, n: int) -> int:
        self.generator, value = draw(self.generator)
        return value % n

    def pick(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result


def _neighbours(qr: tuple[int, int]) -> list[tuple[int, int]]:
    q, r = qr
    return [(q + dq, r + dr) for dq, dr in _STEPS]


def _text(drawing: Drawing) -> str:
    """``drawing`` in the rows-of-letters form (see the module docstring)."""
    top = min(r for _, r in drawing)
    rows = range(top - (top & 1), max(r for _, r in drawing) + 1)  # row 0 of the text is even
    columns = {qr: qr[0] + (qr[1] - (qr[1] & 1)) // 2 for qr in drawing}
    first, last = min(columns.values()), max(columns.values())
    lines = []
    for r in rows:
        line = [drawing.get((col - (r - (r & 1)) // 2, r), ".") for col in range(first, last + 1)]
        lines.append((" " if r & 1 else "") + " ".join(line))
    return "\n".join(lines)


def _random_outline(chooser: _Chooser) -> Drawing:
    """A ragged hex field with the start in the middle and a few obstacles; ``?`` = to colour."""
    drawing = {(col - (r - (r & 1)) // 2, r): "?" for r in range(_ROWS) for col in range(_COLUMNS)}
    start = (_COLUMNS // 2 - (_ROWS // 2 - (_ROWS // 2 & 1)) // 2, _ROWS // 2)
    edge = [qr for qr in drawing if not all(step in drawing for step in _neighbours(qr))]
    for qr in edge:
        if chooser.below(3) == 0:
            del drawing[qr]
    drawing[start] = "*"
    inland = [qr for qr in drawing if qr not in edge and _hex_distance(qr, start) >= 2]
    obstacles = 0
    while obstacles < _OBSTACLES:  # rocks of 1-3 cells
        rock = chooser.pick(inland)
        for _ in range(1 + chooser.below(3)):
            if drawing[rock] == "?" and obstacles < _OBSTACLES:
                drawing[rock] = "#"
                obstacles += 1
            rock = chooser.pick([qr for qr in _neighbours(rock) if qr in inland] or [rock])
    return drawing


def _fill(drawing: Drawing, chooser: _Chooser) -> bool:
    """Colour the ``?`` cells of ``drawing`` into areas and place the prizes; False if stuck."""
    areas = _grow_areas(drawing, chooser)
    colours = _colour_areas(areas, chooser)
    if colours is None:
        return False
    for area, colour in zip(areas, colours, strict=True):
        for qr in area:
            drawing[qr] = COLOUR_LETTERS[colour]
    return _place_prizes(drawing, areas, colours, chooser)


def _grow_areas(drawing: Drawing, chooser: _Chooser) -> list[list[Cell]]:
    """Areas grown compactly to a drawn size from the ``?`` cells, in random order.

    A cell left alone joins a small neighbouring area, or becomes an obstacle (on the edge of
    the board it is dropped instead).
    """
    area_of: dict[Cell, int] = {}
    areas: list[list[Cell]] = []
    for seed_cell in chooser.shuffled(sorted(qr for qr, char in drawing.items() if char == "?")):
        if seed_cell in area_of:
            continue
        area, target = [seed_cell], chooser.pick(_AREA_SIZES)
        area_of[seed_cell] = len(areas)
        while len(area) < target:
            free = {
                step
                for qr in area
                for step in _neighbours(qr)
                if drawing.get(step) == "?" and step not in area_of
            }
            if not free:
                break
            touching = {qr: sum(step in area for step in _neighbours(qr)) for qr in free}
            best = max(touching.values())
            step = chooser.pick(sorted(qr for qr in free if touching[qr] == best))
            area_of[step] = len(areas)
            area.append(step)
        areas.append(area)
    for a, area in enumerate(areas):
        if len(area) == 1:
            (alone,) = area
            hosts = sorted({area_of[step] for step in _neighbours(alone) if step in area_of} - {a})
            hosts = [h for h in hosts if len(areas[h]) < MAX_AREA]
            if hosts:
                host = min(hosts, key=lambda h: len(areas[h]))
                areas[host].append(alone)
                area_of[alone] = host
            elif all(step in drawing for step in _neighbours(alone)):
                drawing[alone] = "#"
            else:
                del drawing[alone]
            area.clear()
    return [area for area in areas if area]


def _colour_areas(areas: list[list[Cell]], chooser: _Chooser) -> list[int] | None:
    """A colour per area, no two neighbours alike, the least used colour first (so that the
    colours' cell counts come out even); None if stuck or uneven."""
    area_of = {qr: a for a, area in enumerate(areas) for qr in area}
    touching_areas = [
        {area_of[step] for qr in area for step in _neighbours(qr) if step in area_of} - {a}
        for a, area in enumerate(areas)
    ]
    colour_of: dict[int, int] = {}
    cells_per_colour = [0] * len(COLOURS)
    for a in chooser.shuffled(range(len(areas))):
        allowed = [
            c
            for c in chooser.shuffled(range(len(COLOURS)))
            if all(colour_of.get(b) != c for b in touching_areas[a])
        ]
        if not allowed:
            return None
        colour = min(allowed, key=lambda c: cells_per_colour[c])
        colour_of[a] = colour
        cells_per_colour[colour] += len(areas[a])
    mean = sum(cells_per_colour) / len(COLOURS)
    if any(abs(count - mean) > _BALANCE * mean for count in cells_per_colour):
        return None
    return [colour_of[a] for a in range(len(areas))]


def _place_prizes(
    drawing: Drawing, areas: list[list[Cell]], colours: list[int], chooser: _Chooser
) -> bool:
    """Two prizes per colour: one in the nearer half of its areas, one in the farther half."""
    start = next(qr for qr, char in drawing.items() if char == "*")
    for c in range(len(COLOURS)):
        own = [a for a, colour in enumerate(colours) if colour == c]
        if len(own) < PRIZES_PER_COLOUR:
            return False
        own.sort(key=lambda a: min(_hex_distance(qr, start) for qr in areas[a]))
        half = len(own) // 2
        for a in (chooser.pick(own[:half]), chooser.pick(own[half:])):
            prize = chooser.pick(sorted(areas[a]))
            drawing[prize] = drawing[prize].upper()
    return True


def generate_map(seed: int) -> DicelandMap:
    """The random map of ``seed`` (0 to 2**32 - 1), id ``R<seed>``: valid (see
    :func:`validate_map`) and the same on every Python; drawn again until valid."""
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a map seed is 0 to {MAX_SEED}")
    chooser = _Chooser(seed)
    while True:
        drawing = _random_outline(chooser)
        if _fill(drawing, chooser):
            m = parse_map(f"R{seed}", _text(drawing))
            if not validate_map(m):
                return m


@lru_cache(maxsize=64)
def map_by_id(map_id: str) -> DicelandMap:
    """Map ``A``-``H``, or the random map ``R<seed>``; raises ``diceland.bad_map``."""
    if map_id in _FIXED:
        return _FIXED[map_id]
    if _RANDOM_ID.fullmatch(map_id) and int(map_id[1:]) <= MAX_SEED:
        return generate_map(int(map_id[1:]))
    raise RuleError("diceland.bad_map", MAP_RULES["diceland.bad_map"], map=map_id[:20])
