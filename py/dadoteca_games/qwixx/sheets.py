"""Qwixx's score pads on screen: each player's sheet as HTML, in pieces (its start tag, each
row, its foot), each row kept with what it was drawn from.

Apart from the view (:mod:`.view`), which asks the players, takes the taps and lays out the
regions: this draws what the engine and the choice on show say is on a sheet, and decides
nothing. Every sheet is drawn twice (big and small) at every update, and a tap changes a row
or two: the rows are kept per look.
"""

from __future__ import annotations

from functools import partial
from html import escape
from typing import TYPE_CHECKING, Final

from dadoteca.core import Action
from dadoteca_games.qwixx.rules import (
    LAST_POSITION,
    PENALTY_BOXES,
    ROW_NAMES,
    SHEET_ROW_NAMES,
    Cross,
    QwixxState,
    Sheet,
)
from dadoteca_web.game_ui import Pieced, remembered
from dadoteca_web.i18n import Translator

if TYPE_CHECKING:
    from dadoteca_games.qwixx.view import QwixxUI

__all__ = ["ROW_SYMBOLS", "ScorePads"]

# Colour is never the only cue: every row also has its own shape; a bonus row (Big Points) both
# of its colours'.
ROW_SYMBOLS: Final = ("◆", "●", "▲", "■", "◆●", "▲■")
# Drawn, not an emoji: emoji fonts are missing on some devices, and this must never be a box.
LOCK_ICON: Final = (
    '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">'
    '<path d="M4 7V5a4 4 0 0 1 8 0v2" fill="none" stroke="currentColor" stroke-width="2"/>'
    '<rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor"/></svg>'
)


class ScorePads:
    """The sheets of ``ui``'s players, in its language (``ui.t``, which the App may change)."""

    def __init__(self, ui: QwixxUI) -> None:
        self.ui = ui
        # Each row as drawn for a look (see _row): every sheet is drawn twice, big and small,
        # at every update, and a tap changes a row or two.
        self._rows: dict[tuple[object, ...], Pieced] = {}

    @property
    def t(self) -> Translator:
        return self.ui.t

    def sheet(
        self,
        state: QwixxState,
        player: int,
        *,
        interactive: bool = False,
        big: bool = False,
        answer: Action | None = None,
        shown: bool = True,
    ) -> Pieced:
        """One player's sheet, like the paper pad: its rows of numbers, top to bottom as printed
        (four, and their locks; Big Points' bonus rows between). One not ``shown`` is hidden,
        drawn all the same, ready for its player's turn.

        Its numbers can be tapped while it is its owner's decision (the answer lines and the
        options are the same choices, for keyboards and screen readers); a tap on a number
        that may not be crossed says which rule forbids it. The white sum's ``answer`` given
        (on the shared screen) stands out until the answers apply together.
        """
        t = self.t
        sheet = state.sheets[player]
        legal = (
            [a for a in state.legal_actions(player) if isinstance(a, Cross)]
            if interactive and shown
            else []
        )
        # The numbers on show: the white sum's answer given, a computer's choice or a hint (on a
        # sheet shown: a hidden one's rows stay as they are, not drawn again for nothing).
        hinted = self.ui._line_hint(state, player)
        chosen = [
            answer,
            self.ui.shown[1] if self.ui.shown and self.ui.shown[0] == player else None,
            hinted[0] if hinted else None,
        ]
        selected = [a for a in chosen if isinstance(a, Cross)] if shown else []
        rows = []
        for row in (printed.row for printed in state.variant.rows):
            closed = state.is_closed(row)
            in_row = frozenset(a.number for a in selected if a.row == row)
            legal_in_row = frozenset(a.number for a in legal if a.row == row)
            # Its crosses too: a row's points count a bonus row's crosses (Big Points).
            marks = (sheet.rows[row], sheet.crosses(row))
            look = (player, row, *marks, closed, interactive, in_row, legal_in_row)
            draw = partial(
                self._row,
                sheet,
                player,
                row,
                closed=closed,
                interactive=interactive,
                selected=in_row,
                legal=legal_in_row,
            )
            rows.append(remembered(self._rows, (*look, t.language), draw))
        boxes = "".join(
            f'<span class="penalty{" crossed" if box < sheet.penalties else ""}"></span>'
            for box in range(PENALTY_BOXES)
        )
        penalties = t("Penalties")
        total = t("Total: {score}", score=sheet.score())
        size = "big" if big or state.is_terminal else "small"
        owner = self.ui.name(player)
        active = " active" if player == state.active and not state.is_terminal else ""
        active += " answered" if answer is not None else ""  # the white sum, shared screen
        label = self.ui.sheet_label(player)
        penalty_label = f"{penalties}: {sheet.penalties}/{PENALTY_BOXES}"
        hidden = "" if shown else ' aria-hidden="true"'
        # In pieces (the start tag a shell, each row, the foot): a tap that changes a row or an
        # answer repaints those, not the sheets (while the sheets shown stay the same ones).
        return Pieced.concat(
            Pieced.piece(
                f"s{player}",
                f'<section class="sheet {size}{active}" aria-label="{label}" '
                f'data-seat="{player}" data-piece="s{player}" data-shell{hidden}>',
            ),
            f'<h3 class="owner">{owner}</h3><div class="rows">',
            *rows,
            "</div>",
            Pieced.piece(
                f"f{player}",
                f'<div class="sheet-foot" data-piece="f{player}">'
                f'<span class="penalties" role="img" aria-label="{penalty_label}">'
                f"{penalties} {boxes}</span>"
                f'<strong class="total">{total}</strong></div>',
            ),
            "</section>",
        )

    def _row(
        self,
        sheet: Sheet,
        player: int,
        row: int,
        *,
        closed: bool,
        interactive: bool,
        selected: frozenset[int],
        legal: frozenset[int],
    ) -> Pieced:
        """One row of a sheet: its numbers, its lock and its points; those ``selected`` on show,
        the ``legal`` ones highlighted."""
        t = self.t
        name = SHEET_ROW_NAMES[row]
        crossed = sheet.crossed_numbers(row)
        lost = sheet.skipped(row)
        printed = sheet.variant.printed_row(row)
        # Mixx A: boxes of the four colours along the row, the row named by its lock's colour.
        mixed = not printed.is_bonus and len(set(printed.box_colours)) > 1
        crossed_twice = sheet.extra_crossed(row)  # Double A's extra boxes
        cells = []
        for position, number in enumerate(printed.numbers):
            classes, label, shown = self._printed_box(sheet, row, position, mixed, crossed_twice)
            if number in crossed_twice:
                classes.append("crossed")
                label = t("{cell}, crossed twice", cell=label)
            elif number in crossed:
                classes.append("crossed")
                label = t("{cell}, crossed", cell=label)
            elif closed or number in lost:
                classes.append("skipped")
            if number in selected:
                classes.append("selected")
            elif number in legal:
                classes.append("legal")
            tap = (
                f' data-act="cell" data-seat="{player}" data-row="{row}" data-number="{number}"'
                if interactive
                else ""
            )
            cells.append(
                f'<span class="{" ".join(classes)}" role="img" aria-label="{escape(label)}"'
                f' data-mark="{name} {number}"{tap}>{shown}</span>'
            )
        key = f"r{player}.{row}"
        kind = "row mixed" if mixed else "row extras" if sheet.variant.extra_boxes else "row"
        if printed.doubles:
            kind = "row doubles"
        if row < len(ROW_NAMES):
            locked = sheet.is_locked(row)
            lock_label = t("lock, crossed") if locked else t("lock")
            cells.append(
                f'<span class="cell lock{" crossed" if locked else ""}" '
                f'role="img" aria-label="{lock_label}">{LOCK_ICON}</span>'
            )
            points = t.n("{count} pt", "{count} pts", sheet.row_score(row))
        else:  # a bonus row (Big Points): no lock, and its crosses score in its colours' rows
            kind = "row bonus"
            cells.append('<span class="cell no-lock" aria-hidden="true"></span>')
            points = ""
        return Pieced.piece(
            key,
            f'<div class="{kind} row-{name}{" closed" if closed else ""}" role="group" '
            f'aria-label="{t(name)}" data-piece="{key}">'
            f'<span class="symbol" aria-hidden="true">{ROW_SYMBOLS[row]}</span>'
            f'{"".join(cells)}<span class="row-points">{points}</span></div>',
        )

    def _printed_box(
        self,
        sheet: Sheet,
        row: int,
        position: int,
        mixed: bool,
        crossed_twice: tuple[int, ...],
    ) -> tuple[list[str], str, str]:
        """The box at ``position`` of ``row`` as its pad prints it: its classes, its name for
        screen readers and what it shows. Mixx A (``mixed``): each box in its own colour and
        symbol (colour is never the only cue), named by it. Double A: a small extra box under
        every number but the last, drawn under it (crossed: its number in ``crossed_twice``).
        Double B: a double box's number printed twice, in a frame of its own."""
        t = self.t
        printed = sheet.variant.printed_row(row)
        number, colour = printed.numbers[position], printed.box_colours[position]
        box_name = SHEET_ROW_NAMES[colour if mixed else row]
        classes = ["cell"]
        label = f"{t(box_name)} {number}"
        shown = f"{number}"
        if mixed:
            classes.append(f"box-{box_name}")
            shown += f'<small class="box-symbol" aria-hidden="true">{ROW_SYMBOLS[colour]}</small>'
        if sheet.variant.extra_boxes and position < LAST_POSITION:
            crossed = " crossed" if number in crossed_twice else ""
            shown += f'<small class="extra{crossed}" aria-hidden="true"></small>'
        if number in printed.doubles:
            classes.append("double")
            label = t("{cell}, double box: two crosses", cell=label)
            twice = f"<span>{number}</span>" * 2
            shown = f'<span class="double-pair" aria-hidden="true">{twice}</span>'
        return classes, label, shown
