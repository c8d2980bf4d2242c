"""My Shelfie's item icons: the five items and the jolly, drawn as inline SVG.

Apart from the view (:mod:`.view`) and the bookcases (:mod:`.sheets`), which put
them on the dice, the shelves' heads and the end table: this is art, the same in every language.
"""

from __future__ import annotations

from typing import Final

__all__ = ["ICONS", "icon"]

# The items' icons, drawn on a 24-unit square in the current colour: our own drawings, made for
# Dadoteca's My Shelfie dice faces (no existing art copied), released under CC0 1.0. Inline SVG:
# as images (CSS masks), each one on a screen was its own small document to lay out and paint,
# and a game's first screen painted again once they had loaded.
ICONS: Final = {
    "cat": (
        '<path fill-rule="evenodd" d="M12 21.5C6.6 21.5 3.3 18.4 3.3 13.8V2.8l5 4.4c1.2-.4 '
        '2.4-.6 3.7-.6s2.5.2 3.7.6l5-4.4v11c0 4.6-3.3 7.7-8.7 7.7ZM7.6 13a1.4 1.8 0 1 0 2.8 '
        '0a1.4 1.8 0 1 0-2.8 0ZM13.6 13a1.4 1.8 0 1 0 2.8 0a1.4 1.8 0 1 0-2.8 0ZM10.6 '
        '16.2h2.8l-1.4 1.6Z"/>'
    ),
    "book": (
        '<path d="M1.8 5.2c3.6-1.3 7.2-.9 9.4 1.2v14.4c-2.4-1.7-5.9-2-9.4-.9ZM22.2 '
        '5.2c-3.6-1.3-7.2-.9-9.4 1.2v14.4c2.4-1.7 5.9-2 9.4-.9Z"/>'
    ),
    "plant": (
        '<path d="M5.5 13.5h13v2.8h-13ZM6.8 17h10.4l-1.4 5H8.2ZM11.2 13.5C10 9.8 10.2 5.6 12 '
        '1.8c1.8 3.8 2 8 .8 11.7ZM10.4 13.5C9.4 10 6.8 7.6 2.6 7.4c.4 3.8 3.6 6 7.8 6.1ZM13.6 '
        '13.5c1-3.5 3.6-5.9 7.8-6.1-.4 3.8-3.6 6-7.8 6.1Z"/>'
    ),
    "trophy": (
        '<path d="M6 2.5h12v6.6c0 3.6-2.6 6.2-6 6.2s-6-2.6-6-6.2ZM10.7 15h2.6v3.6h-2.6ZM7 '
        '18.3h10a.9.9 0 0 1 .9.9v2.4H6.1v-2.4a.9.9 0 0 1 .9-.9Z"/><path fill="none" '
        'stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M6 5H3.4v2.2c0 2.4 1.6 '
        '4.2 4 4.4M18 5h2.6v2.2c0 2.4-1.6 4.2-4 4.4"/>'
    ),
    "game": (
        '<path d="M12 2.3c2.2 0 3.7 1.6 3.7 3.6 0 1.3-.6 2.3-1.3 3 3.3.6 7.1 1.4 7.1 3.4 0 '
        '1.6-2.5 1.8-4.9 1.7 1 2.3 2.5 4.5 3.7 6.3.6.9.2 1.3-1 '
        '1.3h-4.9c-.6-1.9-1.3-3.3-2.4-3.3s-1.8 1.4-2.4 3.3H4.7c-1.2 0-1.6-.4-1-1.3 1.2-1.8 2.7-4 '
        '3.7-6.3-2.4.1-4.9-.1-4.9-1.7 0-2 3.8-2.8 7.1-3.4-.7-.7-1.3-1.7-1.3-3 0-2 1.5-3.6 '
        '3.7-3.6Z"/>'
    ),
    "jolly": (
        '<path stroke="currentColor" stroke-width="1.8" stroke-linejoin="round" d="M12.0 '
        '3.3L14.4 9.6L21.1 9.9L15.9 14.2L17.6 20.7L12.0 17.0L6.4 20.7L8.1 14.2L2.9 9.9L9.6 '
        '9.6Z"/>'
    ),
}


def icon(face: str) -> str:
    """An item's icon, painted in the current colour (py/dadoteca_games/shelfie/style.css)."""
    return (
        f'<svg class="icon icon-{face}" viewBox="0 0 24 24" aria-hidden="true">{ICONS[face]}</svg>'
    )
