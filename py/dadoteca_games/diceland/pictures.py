"""Small pictures of Diceland's maps for the setup's map chooser, drawn by the build.

Each map is a ``<symbol id="map-A">``: its cells where the game draws them
(:func:`~dadoteca_games.diceland.svg.map_geometry`), one path per colour, in whole units. The
paths are painted with diceland.css's own variables (``--dl-red`` … ``--dl-obstacle``,
``--dl-start``): custom properties inherit into a ``<use>``'s copy of a symbol (the page's
selectors do not reach it), so the pictures take the game's colours, dark mode included.

Run at build time only, never in the browser.
"""

from __future__ import annotations

import math
from itertools import pairwise
from typing import Final

from dadoteca_games.diceland.maps import (
    COLOURS,
    DEALT_MAP,
    FIXED_MAP_IDS,
    RANDOM_MAP,
    DicelandMap,
    map_by_id,
    parse_map,
)
from dadoteca_games.diceland.svg import map_geometry

__all__ = ["MAP_SPRITE", "map_picture_href", "map_sprite", "random_choice_symbols"]

MAP_SPRITE: Final = "assets/maps.svg"  # the sprite of maps A-H, relative to the site's root
SYMBOL_PREFIX: Final = "map-"
# "A new random map": a cluster of one cell of each colour around a start cell, drawn as a map.
_NEW_MAP_DRAWING: Final = """
. r y
 g * b
. o k
"""
# "Dealt at random": the box's boards in a pile, a question mark on the top one. Lines in the
# text's colour, the top board in the page's, so it suits light and dark mode alike.
_PILE_OF_BOARDS: Final = (
    '<g fill="none" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round">'
    '<path d="M4 14h24M4 20h24M4 8h24v30H4z" opacity=".45"/>'
    '<rect x="11" y="2" width="24" height="30" rx="3" style="fill:var(--paper)"/></g>'
    '<text x="23" y="25" text-anchor="middle" font-size="20" font-weight="700" '
    'fill="currentColor">?</text>'
)


def _paint(m: DicelandMap, cell: int) -> str:
    """The diceland.css variable a cell is painted with (``--dl-red``, ``--dl-start`` …)."""
    colour = m.colours[cell]
    return f"--dl-{COLOURS[colour] if colour >= 0 else m.kinds[cell]}"


def map_picture_href(value: str) -> str:
    """Where the picture of a seat's map choice is: the sprite's symbol of a fixed map, or the
    page's own of a random choice (``DEALT_MAP``, ``RANDOM_MAP``)."""
    return f"{MAP_SPRITE if value in FIXED_MAP_IDS else ''}#{SYMBOL_PREFIX}{value}"


def _pair(x: int, y: int) -> str:
    """Two path numbers, a minus sign enough to part them."""
    return f"{x}{'' if y < 0 else ' '}{y}"


def _step(dx: int, dy: int) -> str:
    """A relative line in the shortest of SVG's forms."""
    return f"h{dx}" if dy == 0 else f"v{dy}" if dx == 0 else f"l{_pair(dx, dy)}"


def _symbol(m: DicelandMap) -> str:
    """``m`` as a ``<symbol>``: one path per paint, each cell a hex drawn relative to the last
    (a repeated outline and short moves, which compress well)."""
    geometry = map_geometry(m)
    corners = [
        (round(float(x)), round(float(y)))
        for x, y in (corner.split(",") for corner in geometry.hexagon.split())
    ]
    outline = "".join(_step(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in pairwise(corners))
    first_x, first_y = corners[0]
    cells: dict[str, list[tuple[int, int]]] = {}
    for cell, (x, y) in enumerate(geometry.centres):
        cells.setdefault(_paint(m, cell), []).append((round(x), round(y)))
    paths = []
    for paint, centres in cells.items():
        pen_x = pen_y = 0  # a path's first "m" is absolute
        moves = []
        for x, y in sorted(centres, key=lambda centre: (centre[1], centre[0])):
            corner_x, corner_y = x + first_x, y + first_y
            moves.append(f"m{_pair(corner_x - pen_x, corner_y - pen_y)}{outline}z")
            pen_x, pen_y = corner_x, corner_y  # "z" brings the pen back to the first corner
        paths.append(f'<path style="fill:var({paint})" d="{"".join(moves)}"/>')
    view_box = f"0 0 {math.ceil(geometry.width)} {math.ceil(geometry.height)}"
    return f'<symbol id="{SYMBOL_PREFIX}{m.id}" viewBox="{view_box}">{"".join(paths)}</symbol>'


def map_sprite() -> str:
    """The sprite file of the fixed maps (:data:`MAP_SPRITE`)."""
    symbols = "\n".join(_symbol(map_by_id(map_id)) for map_id in FIXED_MAP_IDS)
    return f'<svg xmlns="http://www.w3.org/2000/svg">\n{symbols}\n</svg>\n'


def random_choice_symbols() -> str:
    """The pictures of the two random choices, small enough to live in the page itself (the
    seats show "dealt at random" from the start, without waiting for the sprite)."""
    new_map = _symbol(parse_map(RANDOM_MAP, _NEW_MAP_DRAWING))
    dealt = (
        f'<symbol id="{SYMBOL_PREFIX}{DEALT_MAP}" viewBox="0 0 40 40">{_PILE_OF_BOARDS}</symbol>'
    )
    return dealt + new_map
