"""Diceland's maps in SVG: where each cell is drawn, a map's fixed art, and the marks of play;
the colours' symbols.

A map is drawn in a few paths, each holding every cell of one look (a colour's hexes, the
symbols, the prize rings, the crosses…), not in an element per cell: a phone 4x slower than a
laptop took 100-150 ms to style and lay out a map's 700 elements in the game's first frame.
Each shape is drawn around (0, 0) in absolute commands (arcs relative), and moved to its cell.

Apart from the sheets (:mod:`.sheets`), which lay these drawings out with the players'
buttons, words and pieces: this is geometry and path text, the same for every player and
language, and the build draws the setup's map pictures from it too (:mod:`.pictures`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from dadoteca_games.diceland.maps import COLOURS, DicelandMap, Kind

__all__ = [
    "CELL_SIZE",
    "COLOUR_SYMBOLS",
    "LEGAL_STRIPES",
    "SYMBOL_PATHS",
    "WHOLE_MAP_ICON",
    "CellLook",
    "MapGeometry",
    "map_art",
    "map_geometry",
    "map_marks",
]

# Colour is never the only cue: every colour has its own symbol (red, yellow, green, blue, orange,
# grey), the first four as on the Qwixx sheets: glyphs in the text (the dice, the prizes' chips)…
COLOUR_SYMBOLS: Final = ("◆", "●", "▲", "■", "✚", "★")
# … and paths on the maps, drawn (centred on the cell, about 6 units across, as the glyphs
# were): a map's 160 symbols as text were most of the time a browser took to lay a map out.
SYMBOL_PATHS: Final = (
    "M0-2.9L2.9 0L0 2.9L-2.9 0Z",
    "M-2.85 0a2.85 2.85 0 1 0 5.7 0a2.85 2.85 0 1 0-5.7 0Z",
    "M0-2.6L2.95 2.5H-2.95Z",
    "M-2.7-2.7H2.7V2.7H-2.7Z",
    "M-.8-2.9H.8V-.8H2.9V.8H.8V2.9H-.8V.8H-2.9V-.8H-.8Z",
    "M0-2.9L.75-.78L3-.72L1.21.64L1.85 2.8L0 1.52L-1.85 2.8L-1.21.64L-3-.72L-.75-.78Z",
)
# Drawn, not the glyph ⤢: many devices' fonts lack it, and the browser then searches every font
# for it the first time the map is zoomed (37-53 ms with Chromium 4x slowed, here).
WHOLE_MAP_ICON: Final = (
    '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">'
    '<path d="M9.5 2H14v4.5M14 2 9 7M6.5 14H2V9.5M2 14l5-5" fill="none" stroke="currentColor" '
    'stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>'
)
_RADIUS: Final = 10.0  # a hex's radius in SVG units
_SQRT3: Final = math.sqrt(3)
_INSET: Final = 0.93 * _RADIUS  # a thin gap between cells, so outlines never overlap
CELL_SIZE: Final = _SQRT3 * _INSET  # a cell across its flat sides, in SVG units


@dataclass(frozen=True, slots=True)
class MapGeometry:
    """Where each cell of a map is drawn: centres, one hex outline, the viewBox.

    Maps are wider than tall; a portrait phone is taller than wide, so a map that is wider than
    tall is drawn turned a quarter clockwise (flat-top hexes): its cells come out 5-50% larger.
    """

    centres: tuple[tuple[float, float], ...]
    hexagon: str  # the corner offsets, for every cell's <polygon>
    cross: str  # the X of a crossed cell, as a path
    view_box: str
    width: float
    height: float
    turned: bool


@lru_cache(maxsize=32)
def map_geometry(m: DicelandMap) -> MapGeometry:
    pointy = [(_SQRT3 * (q + r / 2), 1.5 * r) for q, r in m.positions]
    width = max(x for x, _ in pointy) - min(x for x, _ in pointy) + _SQRT3
    height = max(y for _, y in pointy) - min(y for _, y in pointy) + 2
    turned = width > height
    if turned:  # a quarter turn clockwise: (x, y) -> (-y, x)
        centres = [(-y * _RADIUS, x * _RADIUS) for x, y in pointy]
        first_corner = 0.0
        half_w, half_h = _RADIUS, _SQRT3 / 2 * _RADIUS
    else:
        centres = [(x * _RADIUS, y * _RADIUS) for x, y in pointy]
        first_corner = 30.0
        half_w, half_h = _SQRT3 / 2 * _RADIUS, _RADIUS
    left = min(x for x, _ in centres) - half_w
    top = min(y for _, y in centres) - half_h
    pad = 1.0
    shifted = tuple((round(x - left + pad, 1), round(y - top + pad, 1)) for x, y in centres)
    w = round(max(x for x, _ in centres) - left + half_w + 2 * pad, 1)
    h = round(max(y for _, y in centres) - top + half_h + 2 * pad, 1)
    corners = " ".join(
        f"{_INSET * math.cos(math.radians(first_corner + 60 * k)):.2f},"
        f"{_INSET * math.sin(math.radians(first_corner + 60 * k)):.2f}"
        for k in range(6)
    )
    arm = 0.45 * _RADIUS
    return MapGeometry(
        centres=shifted,
        hexagon=corners,
        cross=f"M{-arm} {-arm}L{arm} {arm}M{arm} {-arm}L{-arm} {arm}",
        view_box=f"0 0 {w} {h}",
        width=w,
        height=h,
        turned=turned,
    )


_PATH_TOKENS: Final = re.compile(r"[MLHVZa]|-?(?:\d+\.?\d*|\.\d+)")
_RING: Final = "M-6.2 0a6.2 6.2 0 1 0 12.4 0a6.2 6.2 0 1 0-12.4 0Z"  # around a prize's symbol
_PICK_DOT: Final = "M-4.2 0a4.2 4.2 0 1 0 8.4 0a4.2 4.2 0 1 0-8.4 0Z"  # a choice not confirmed
# White symbols and rings on the darker colours (red, green, blue), dark ones on the others.
_LIGHT_ON: Final = frozenset(COLOURS.index(name) for name in ("red", "green", "blue"))


def _moved(shape: str, x: float, y: float) -> str:
    """``shape`` (a path drawn around 0, 0: absolute M, L, H, V and Z, relative arcs) drawn
    around ``x``, ``y``."""
    out: list[str] = []
    command = ""
    index = 0  # of the number within its command's parameters
    for token in _PATH_TOKENS.findall(shape):
        if token.isalpha():
            command, index = token, 0
            out.append(token)
            continue
        value = float(token)
        if command in "ML":
            value += x if index % 2 == 0 else y
        elif command == "H":
            value += x
        elif command == "V":
            value += y
        index += 1
        number = f"{round(value, 2):g}"
        if out and not out[-1].isalpha() and not number.startswith("-"):
            out.append(" ")
        out.append(number)
    return "".join(out)


def _paths(by_class: Mapping[str, Sequence[str]]) -> str:
    """A ``<path>`` for each class that has shapes, all of them in its ``d``."""
    return "".join(
        f'<path class="{name}" d="{"".join(shapes)}"/>'
        for name, shapes in by_class.items()
        if shapes
    )


def _hexagon(geometry: MapGeometry) -> str:
    corners = geometry.hexagon.replace(",", " ").split(" ")
    pairs = [f"{corners[k]} {corners[k + 1]}" for k in range(0, len(corners), 2)]
    return f"M{pairs[0]}L{'L'.join(pairs[1:])}Z"


@lru_cache(maxsize=32)
def _cell_shapes(m: DicelandMap) -> tuple[tuple[str, str, str], ...]:
    """Each cell's hex, cross and choice dot, where the map draws them: a tap draws the marks
    of every crossed cell again."""
    geometry = map_geometry(m)
    hexagon = _hexagon(geometry)
    return tuple(
        (_moved(hexagon, x, y), _moved(geometry.cross, x, y), _moved(_PICK_DOT, x, y))
        for x, y in geometry.centres
    )


@lru_cache(maxsize=32)
def map_art(m: DicelandMap) -> tuple[str, str]:
    """What never changes on a map's drawing: the cells' fills (a path per colour, the start
    and the obstacles), then the symbols and prize rings, drawn over the dimming of crossed
    cells (:func:`map_marks`)."""
    geometry = map_geometry(m)
    shapes = _cell_shapes(m)
    fills: dict[str, list[str]] = {}
    over: dict[str, list[str]] = {"sym": [], "sym light": [], "ring": [], "ring light": []}
    for cell, (x, y) in enumerate(geometry.centres):
        kind = m.kinds[cell]
        light = ""
        if kind == Kind.START:
            paint = "start"
        elif kind == Kind.OBSTACLE:
            paint = "obstacle"
        else:
            colour = m.colours[cell]
            paint = f"c-{COLOURS[colour]}"
            light = " light" if colour in _LIGHT_ON else ""
            over[f"sym{light}"].append(_moved(SYMBOL_PATHS[colour], x, y))
        if m.is_prize(cell):
            over[f"ring{light}"].append(_moved(_RING, x, y))
        fills.setdefault(paint, []).append(shapes[cell][0])
    # The start last: its dark outline over its neighbours' edges.
    fills["start"] = fills.pop("start", [])
    return f'<g class="fills">{_paths(fills)}</g>', _paths(over)


CellLook = tuple[bool, bool, bool, bool]  # crossed, selected, legal, refused


@lru_cache(maxsize=32)
def _edges(m: DicelandMap) -> tuple[tuple[tuple[int | None, str], ...], ...]:
    """Each cell's six edges: the cell across it (None: the map's edge) and the edge as a path,
    drawn in the gap between the hexes (at their full radius, not inset)."""
    geometry = map_geometry(m)
    first = 0.0 if geometry.turned else 30.0  # the first corner's angle, as the hexes are drawn
    corners = [
        (
            _RADIUS * math.cos(math.radians(first + 60 * k)),
            _RADIUS * math.sin(math.radians(first + 60 * k)),
        )
        for k in range(7)
    ]
    edges = []
    for cell, (x, y) in enumerate(geometry.centres):
        across: list[int | None] = [None] * 6
        for other in range(m.cell_count):
            if m.neighbours[cell] >> other & 1:
                ox, oy = geometry.centres[other]
                angle = math.degrees(math.atan2(oy - y, ox - x))
                across[round((angle - first - 30) / 60) % 6] = other
        edges.append(
            tuple(
                (
                    across[k],
                    f"M{x + corners[k][0]:.2f} {y + corners[k][1]:.2f}"
                    f"L{x + corners[k + 1][0]:.2f} {y + corners[k + 1][1]:.2f}",
                )
                for k in range(6)
            )
        )
    return tuple(edges)


def _open_area_outlines(m: DicelandMap, looks: Sequence[CellLook]) -> list[str]:
    """The outline of every area in play (crossed in part: the one of its colour that the next
    crosses of that colour must go into, ruling DICELAND_ONE_AREA), along its edges."""
    crossed = {cell for cell, look in enumerate(looks) if look[0]}
    open_areas = {
        m.areas[cell] for cell in range(m.cell_count) if m.areas[cell] >= 0 and cell not in crossed
    } & {m.areas[cell] for cell in crossed if m.areas[cell] >= 0}
    edges = _edges(m)
    return [
        path
        for cell in range(m.cell_count)
        if m.areas[cell] in open_areas
        for other, path in edges[cell]
        if other is None or m.areas[other] != m.areas[cell]
    ]


def map_marks(m: DicelandMap, looks: Sequence[CellLook]) -> tuple[str, str, str, str]:
    """What the play has put on a map, by each cell's look, in four layers: under the symbols,
    the dimming of crossed cells, then the stripes of playable ones (a fill, unlike a prize's
    ring); over them, the crosses and the outlines of the areas in play, then the cells' outlines
    (refused, chosen, playable) and the dots of cells chosen but not confirmed. A tap changes
    the second and the fourth alone, which stay small; the crosses and areas in play change
    when a mark is played."""
    shapes = _cell_shapes(m)
    dim: list[str] = []
    stripes: list[str] = []
    crosses: list[str] = []
    over: dict[str, list[str]] = {"playable": [], "picked": [], "refused": [], "pick": []}
    for cell, (crossed, selected, legal, refused) in enumerate(looks):
        if not (crossed or selected or legal or refused):
            continue
        outline, cross, dot = shapes[cell]
        if crossed:
            dim.append(outline)
            if m.kinds[cell] != Kind.OBSTACLE:
                crosses.append(cross)
        if legal and not selected:
            stripes.append(outline)
        if selected:
            over["picked"].append(outline)
        elif legal:
            over["playable"].append(outline)
        if refused:  # a moment's: over the rest, gone at the next change
            over["refused"].append(outline)
        if selected and not crossed:
            over["pick"].append(dot)
    return (
        _paths({"dim": dim}),
        _paths({"stripes": stripes}),
        _paths({"x": crosses, "in-play": _open_area_outlines(m, looks)}),
        _paths(over),
    )


# Playable cells are striped, a fill: unlike a prize's ring, and plain at a glance. Defined
# once, beside the maps, for whichever map is the asked player's.
LEGAL_STRIPES: Final = (
    '<svg class="dl-defs" aria-hidden="true" focusable="false"><defs>'
    '<pattern id="dl-legal" width="3.4" height="3.4" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="1.5" height="3.4"/></pattern></defs></svg>'
)
