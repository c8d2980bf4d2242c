"""Diceland's sheets on screen: each player's map and prizes as HTML, in pieces, kept per look.

A map is its fixed drawing (:mod:`.svg`) and what the play put on it in four pieces;
a big one, its player's, has a button over each cell, a piece each, in a frame the page zooms
where cells are too small for a finger. Each map, button and prize bar is kept with what it was
drawn from: a tap changes one map at most, and every map is drawn twice (big and small).

Apart from the view (:mod:`.view`), which keeps the asked player's choice and takes the
taps: this draws what the view and the engine say is on a sheet, and decides nothing.
"""

from __future__ import annotations

from collections.abc import Collection
from html import escape

from dadoteca_games.diceland.maps import PRIZES_PER_COLOUR, PRIZES_TO_WIN, DicelandMap, Kind
from dadoteca_games.diceland.rules import COLOURS, DicelandState
from dadoteca_games.diceland.svg import (
    CELL_SIZE,
    COLOUR_SYMBOLS,
    WHOLE_MAP_ICON,
    CellLook,
    MapGeometry,
    map_art,
    map_geometry,
    map_marks,
)
from dadoteca_web.game_ui import PIECE_PLACE, GameUI, Pieced, remembered

__all__ = ["MapSheets"]


class MapSheets:
    """The sheets of ``ui``'s players, in its language (``ui.t``, which the App may change)."""

    def __init__(self, ui: GameUI) -> None:
        self.ui = ui
        # Each cell's button, by look: most of a map stays as it was from tap to tap.
        self._buttons: dict[tuple[str, str, CellLook, str], str] = {}
        # Each map as last drawn, big and small, with what it was drawn from: a tap changes one
        # map at most, and every map is drawn twice (see DicelandUI.regions).
        self._maps: dict[tuple[int, bool], tuple[tuple[object, ...], Pieced]] = {}
        self._infos: dict[int, tuple[tuple[object, ...], str]] = {}

    def sheet(
        self,
        state: DicelandState,
        player: int,
        legal: Collection[int] = (),
        selection: Collection[int] = (),
        refused: int | None = None,
        *,
        interactive: bool = False,
        shown: bool = True,
    ) -> Pieced:
        """``player``'s map and prizes: big (``interactive``) or small; one not ``shown`` is
        hidden, drawn all the same, ready to be shown when its player is asked. Its start tag
        is a shell piece: hiding it, showing it or making it the active player's sends that
        tag alone."""
        size = "big" if interactive else "small"
        active = " active" if player == state.active and not state.is_terminal else ""
        hidden = "" if shown else ' aria-hidden="true"'
        owner = self.ui.name(player)
        label = self.ui.sheet_label(player)
        return Pieced.concat(
            Pieced.piece(
                f"s{player}",
                f'<section class="dl-sheet {size}{active}" aria-label="{label}" '
                f'data-seat="{player}" data-piece="s{player}" data-shell{hidden}>',
            ),
            f'<h3 class="owner">{owner}</h3>',
            self._map(state, player, legal, selection, refused, interactive=interactive),
            Pieced.piece(f"i{player}", self._info_bar(state, player)),
            "</section>",
        )

    def _cell_label(self, m: DicelandMap, cell: int, crossed: bool, selected: bool) -> str:
        t = self.ui.t
        kind = m.kinds[cell]
        if kind == Kind.START:
            label = t("start")
        elif kind == Kind.OBSTACLE:
            label = t("obstacle")
        else:
            label = t(COLOURS[m.colours[cell]])
            if m.is_prize(cell):
                label = t("{cell}, prize", cell=label)
        if crossed and kind != Kind.START:
            label = t("{cell}, crossed", cell=label)
        elif selected:
            label = t("{cell}, chosen", cell=label)
        return label

    def _map(
        self,
        state: DicelandState,
        player: int,
        legal: Collection[int],
        selection: Collection[int],
        refused: int | None,
        *,
        interactive: bool,
    ) -> Pieced:
        """``player``'s map: its fixed picture, and what the play put on it in four pieces, two
        under the symbols and two over them; a big one (``interactive``) has a tappable button
        per cell, a piece each, in a frame the page zooms (assets/page/map-zoom.js) where cells are
        too small for a finger."""
        t = self.ui.t
        m = state.map(player)
        look = (
            m.id,
            state.sheets[player].crossed,
            frozenset(legal),
            frozenset(selection),
            refused,
            self.ui.names[player],
            t.language,
        )
        kept = self._maps.get((player, interactive))
        if kept is not None and kept[0] == look:
            return kept[1]
        geometry = map_geometry(m)
        crossed_cells = frozenset(state.crossed_cells(player))
        looks: list[CellLook] = [
            (cell in crossed_cells, cell in selection, cell in legal, cell == refused)
            for cell in range(len(geometry.centres))
        ]
        buttons = (
            [self._cell_button(m, geometry, player, cell, look) for cell, look in enumerate(looks)]
            if interactive
            else []
        )
        fills, symbols = map_art(m)
        layers = zip("dlxo", map_marks(m, looks), strict=True)  # dimmed, legal, crosses, outlines
        marks = [(f"{k}{player}", f'<g data-piece="{k}{player}">{html}</g>') for k, html in layers]
        label = escape(t("Map {map} of {name}", map=m.id, name=self.ui.plain_name(player)))
        # The taps land on HTML buttons laid over the drawing (the glue reads ``disabled`` off
        # the tapped element, which SVG elements lack; buttons also take the keyboard).
        style = (
            f"--cell-w:{round(100 * CELL_SIZE / geometry.width, 2)}%;"
            f"--cell-h:{round(100 * CELL_SIZE / geometry.height, 2)}%"
        )
        svg = (
            f'<svg class="dl-map{" turned" if geometry.turned else ""}" '
            f'viewBox="{geometry.view_box}" aria-hidden="true" xmlns="http://www.w3.org/2000/svg">'
        )
        wrap = f'<div class="dl-map-wrap" style="{style}" role="group" aria-label="{label}">'
        skeleton = wrap + svg + fills + 2 * PIECE_PLACE + symbols + 2 * PIECE_PLACE + "</svg>"
        if buttons:
            # Shown a frame after the drawing (data-later, assets/page/table/sheets.js): the map
            # and its 160 buttons styled and laid out in one frame took 50-65 ms on a phone 4x
            # slower than a laptop, the buttons half of it.
            skeleton += f'<div class="dl-cells" data-later>{PIECE_PLACE * len(buttons)}</div>'
        skeleton += "</div>"
        if interactive:
            # The frame keeps the map's proportions (--ratio) to fit the screen; zoomed, the
            # map inside it grows and pans. "Whole map" zooms back out.
            ratio = round(geometry.width / geometry.height, 4)
            whole = escape(t("Whole map"))
            skeleton = (
                f'<div class="dl-view" style="--ratio:{ratio}" data-zoom="whole" '
                f'data-cell="{round(CELL_SIZE, 2)}" '
                f'data-width="{geometry.width}"><div class="dl-scroller">{skeleton}</div>'
                f'<button type="button" class="dl-whole" data-zoom="out" hidden>'
                f"{WHOLE_MAP_ICON} {whole}</button></div>"
            )
        made = Pieced(skeleton, marks + buttons)
        self._maps[(player, interactive)] = (look, made)
        return made

    def _cell_button(
        self,
        m: DicelandMap,
        geometry: MapGeometry,
        player: int,
        cell: int,
        flags: CellLook,
    ) -> tuple[str, str]:
        """A cell's tappable button as a piece, over its drawing, made once per look and
        language."""
        piece = f"b{player}.{cell}"

        def made() -> str:
            crossed, selected, legal, _ = flags
            x, y = geometry.centres[cell]
            label = escape(self._cell_label(m, cell, crossed, selected))
            pressed = "true" if selected else "false"
            state_class = " selected" if selected else " legal" if legal else ""
            left = round(100 * x / geometry.width, 2)
            top = round(100 * y / geometry.height, 2)
            return (
                f'<button class="dl-cell{state_class}" data-act="cell" data-cell="{cell}" '
                f'data-piece="{piece}" aria-label="{label}" aria-pressed="{pressed}" '
                f'style="left:{left}%;top:{top}%"></button>'
            )

        return piece, remembered(self._buttons, (m.id, piece, flags, self.ui.t.language), made)

    def _info_bar(self, state: DicelandState, player: int) -> str:
        """Prizes per colour (two each) and completed colours, and the prizes toward 9: a piece
        of its sheet."""
        t = self.ui.t
        look = (state.map(player).id, state.sheets[player].crossed, t.language)
        kept = self._infos.get(player)
        if kept is not None and kept[0] == look:
            return kept[1]
        per_colour = state.prizes_per_colour(player)
        completed = set(state.completed_colours(player))
        chips = []
        for c, won in enumerate(per_colour):
            done = c in completed
            boxes = "".join(
                f'<i class="box{" won" if box < won else ""}"></i>'
                for box in range(PRIZES_PER_COLOUR)
            )
            label = t.n(
                "{colour}: {won} of {count} prize",
                "{colour}: {won} of {count} prizes",
                PRIZES_PER_COLOUR,
                colour=t(COLOURS[c]),
                won=won,
            )
            if done:
                label = t("{colour}, complete", colour=label)
            chips.append(
                f'<li class="chip c-{COLOURS[c]}{" done" if done else ""}" '
                f'aria-label="{escape(label)}"><span class="sym" aria-hidden="true">'
                f'{COLOUR_SYMBOLS[c]}</span><span aria-hidden="true">{boxes}'
                f"{'✓' if done else ''}</span></li>"
            )
        total = t("Prizes: {count}/{goal}", count=state.prizes(player), goal=PRIZES_TO_WIN)
        made = (
            f'<div class="dl-info" data-piece="i{player}"><ul class="chips">{"".join(chips)}</ul>'
            f'<strong class="dl-total">{total}</strong></div>'
        )
        self._infos[player] = (look, made)
        return made
