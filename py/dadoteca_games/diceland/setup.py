"""Diceland's part of the setup (ruling DICELAND_BOARDS_DEALT: the setup deals the maps,
unless a seat picks one): each seat's map, a button showing its choice (a picture and a name)
that opens the chooser, a dialog with a picture of every map. The shell's setup takes a game's
``setup`` module as it is (dadoteca_web.shell). Run at build time only, never in the browser.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from dadoteca_games.diceland.maps import DEALT_MAP, FIXED_MAP_IDS, RANDOM_MAP, map_board
from dadoteca_games.diceland.pictures import (
    MAP_SPRITE,
    map_picture_href,
    map_sprite,
    random_choice_symbols,
)
from dadoteca_web.shell_text import translated_span, unmarked

__all__ = ["seat_choices", "setup_parts", "site_files"]


def _map_choices(t: Callable[[str], str]) -> list[tuple[str, str, str]]:
    """Each map a seat can choose, in the chooser's order: (value, name, about), the texts as
    :func:`translated_span` writes them."""
    fixed = [
        (
            map_id,
            translated_span("map-name", t("Map {map}"), {"map": map_id}),
            translated_span(
                "map-about",
                t("Board {board}, side {side}"),
                {"board": map_board(map_id) + 1, "side": map_id},
            ),
        )
        for map_id in FIXED_MAP_IDS
    ]
    return [
        (
            DEALT_MAP,
            translated_span("map-name", t("Dealt at random")),
            translated_span("map-about", t("A board nobody else has")),
        ),
        (
            RANDOM_MAP,
            translated_span("map-name", t("A new random map")),
            translated_span("map-about", t("Made for this game")),
        ),
        *fixed,
    ]


def _map_picture(value: str, *, shown: bool) -> str:
    """The picture of a map choice; not ``shown``, it waits for the shell to set its ``href``
    (the maps' sprite loads when the chooser first opens)."""
    href = f' href="{map_picture_href(value)}"' if shown else ""
    return f'<svg class="dl-pic" aria-hidden="true"><use{href}/></svg>'


def seat_choices(seat: int, t: Callable[[str], str] = unmarked) -> str:
    """Seat ``seat``'s map (from 1): the form's field, dealt at first, and its button."""
    _, dealt, _ = _map_choices(t)[0]
    map_of = translated_span("visually-hidden", t("Map of player {number}"), {"number": seat})
    return (
        f'<input type="hidden" data-choice="map" value="{DEALT_MAP}">'
        f'<button type="button" class="seat-choice seat-map" aria-haspopup="dialog">{map_of}'
        f'<span class="map-face">{_map_picture(DEALT_MAP, shown=True)}{dealt}</span></button>'
    )


def setup_parts(t: Callable[[str], str] = unmarked) -> str:
    """The dialog in which a seat chooses its map from a picture of each, and the pictures of
    the random choices (the page's own; the maps' are in the sprite)."""
    options = "".join(
        f'<button type="button" class="map-option{"" if value in FIXED_MAP_IDS else " chance"}" '
        f'data-map="{value}" '
        f'data-picture="{map_picture_href(value)}" aria-pressed="false">'
        f"{_map_picture(value, shown=False)}{name}{about}</button>"
        for value, name, about in _map_choices(t)
    )
    # The symbols' sprite takes no room: ``hidden``, an HTML attribute, does not hide an SVG
    # element (this one was a blank 300x150 under every screen).
    sprite = "position:absolute;width:0;height:0;overflow:hidden"
    return (
        f'<svg aria-hidden="true" style="{sprite}">{random_choice_symbols()}</svg>'
        '<dialog id="map-chooser" aria-labelledby="map-chooser-title">'
        f'<h2 id="map-chooser-title" data-i18n>{escape(t("Choose a map"))}</h2>'
        f'<p class="map-for"></p><div class="map-options">{options}</div>'
        '<div class="buttons"><button type="button" id="map-chooser-close" class="primary" '
        f"data-i18n>{escape(t('Close'))}</button></div></dialog>"
    )


def site_files() -> dict[str, str]:
    """The maps' pictures, one sprite the chooser loads when it first opens."""
    return {MAP_SPRITE: map_sprite()}
