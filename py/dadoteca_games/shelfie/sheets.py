"""My Shelfie's bookcases on screen: each player's sheet as HTML, in pieces, kept per look.

A sheet is drawn in pieces (its start tag, a shell; its heading with the total; each shelf's
head; each cell; each column's points), so that a tap sends only the pieces that changed, and
each is kept with what it was drawn from: a tap changes one sheet at most, and every sheet is
drawn twice (big for its player, small for the others). Also what the sheets say besides:
the lines another player's circles crossed out on a sheet, in words, and the scores table.

Apart from the view (:mod:`.view`), which keeps the asked player's choice and takes the
taps: this draws what the view and the engine say is on a sheet, and decides nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from html import escape
from typing import Final

from dadoteca_games.shelfie.icons import icon
from dadoteca_games.shelfie.moment import SHELF_BLOCKED
from dadoteca_games.shelfie.rules import (
    COLUMN_VALUES,
    COLUMNS,
    SHELVES,
    CellState,
    Combo,
    ShelfieState,
    Strike,
)
from dadoteca_web.game_ui import GameUI, Pieced, remembered
from dadoteca_web.i18n import Translator

__all__ = ["TIMES", "Bookcases", "Cell", "cell_of", "column_name"]

Cell = tuple[int, int]  # (shelf, column)
TIMES: Final = "\N{MULTIPLICATION SIGN}"  # column heads: times 2 = two dice


def cell_of(combo: Combo) -> Cell:
    return combo.shelf, combo.column


def column_name(t: Translator, column: int) -> str:
    return t.n("{count}-die column", "{count}-dice column", column + 1)


def _worth(t: Translator, line: str, points: int) -> str:
    """A shelf, a column or a cell with its points; one count per message (ngettext)."""
    return t.n("{line}: {count} point", "{line}: {count} points", points, line=line)


class Bookcases:
    """The bookcases of ``ui``'s players, in its language (``ui.t``, which the App may change)."""

    def __init__(self, ui: GameUI) -> None:
        self.ui = ui
        # drawn from: a tap changes one sheet at most, and every sheet is drawn twice.
        self._sheets: dict[tuple[int, bool], tuple[tuple[object, ...], Pieced]] = {}
        # Each cell as drawn for a look (its state, legal, its pick, big or small, language).
        self._cells: dict[tuple[object, ...], Pieced] = {}

    def sheet(
        self,
        state: ShelfieState,
        player: int,
        legal: Collection[Cell] = (),
        picks: Sequence[Combo] = (),
        *,
        interactive: bool = False,
        striking: bool = False,
        strike: int | None = None,
        shown: bool = True,
    ) -> Pieced:
        """One player's bookcase; a big one (``interactive``) is tappable, and the asked
        player's has its ``legal`` cells marked and its ``picks`` numbered, or, ``striking``,
        its shelves on offer to cross out (``strike``: the one chosen). One not ``shown`` is
        hidden, drawn all the same, ready for its player's turn. A piece each: the sheet's start
        tag (a shell), its heading with the total, each shelf's head, each cell, each column's
        points.

        Tappable even with nothing legal: a tap on any cell says which rule forbids it.
        """
        look = (
            state.sheets[player],
            frozenset(legal),
            tuple(picks),
            (strike, tuple(state.legal_actions(player))) if striking else None,
            state.is_terminal,
            self.ui.names[player],
            self.ui.t.language,
        )
        kept = self._sheets.get((player, interactive))
        if kept is not None and kept[0] == look:
            drawn = kept[1]
        else:
            drawn = self._bookcase(
                state,
                player,
                legal,
                picks,
                interactive=interactive,
                striking=striking,
                strike=strike,
            )
            self._sheets[(player, interactive)] = (look, drawn)
        size = "big" if interactive or state.is_terminal else "small"
        active = " active" if player == state.active and not state.is_terminal else ""
        hidden = "" if shown else ' aria-hidden="true"'
        return Pieced.concat(
            Pieced.piece(
                f"s{player}",
                f'<section class="sheet shelfie-sheet {size}{active}" '
                f'aria-label="{self.ui.sheet_label(player)}" data-seat="{player}" '
                f'data-piece="s{player}" data-shell{hidden}>',
            ),
            drawn,
            "</section>",
        )

    def _bookcase(
        self,
        state: ShelfieState,
        player: int,
        legal: Collection[Cell],
        picks: Sequence[Combo],
        *,
        interactive: bool,
        striking: bool,
        strike: int | None,
    ) -> Pieced:
        """A sheet's heading and bookcase, in pieces."""
        t = self.ui.t
        sheet = state.sheets[player]
        picked = {cell_of(combo): (number, combo) for number, combo in enumerate(picks, 1)}
        strikes = state.legal_actions(player) if striking else []
        parts: list[str] = ['<span class="corner"></span>']
        for column in range(COLUMNS):
            label = column_name(t, column)
            parts.append(
                f'<span class="column-head" role="img" aria-label="{label}">'
                f"{TIMES}{column + 1}</span>"
            )
        for shelf, item in enumerate(SHELVES):
            name = t(item)
            points = sheet.shelf_points(shelf)
            head_text = f'{icon(item)}<span class="line-points">{points}</span>'
            head_label = _worth(t, t("{item} shelf", item=name), points)
            head = f"h{player}.{shelf}"
            if striking:
                legal_strike = Strike(shelf) in strikes
                chosen = strike == shelf
                classes = "shelf-head shelf-" + item
                classes += " selected" if chosen else " legal" if legal_strike else ""
                parts.append(
                    Pieced.piece(
                        head,
                        f'<button class="{classes}" data-act="strike" data-shelf="{shelf}" '
                        f'aria-pressed="{"true" if chosen else "false"}" '
                        f'aria-label="{escape(t("Cross out the {item} shelf", item=name))}" '
                        f'data-piece="{head}">{head_text}</button>',
                    )
                )
            else:
                parts.append(
                    Pieced.piece(
                        head,
                        f'<span class="shelf-head shelf-{item}" role="img" '
                        f'aria-label="{escape(head_label)}" data-piece="{head}">'
                        f"{head_text}</span>",
                    )
                )
            for column in range(COLUMNS):
                parts.append(
                    self._cell(
                        sheet.cell_state(shelf, column),
                        shelf,
                        column,
                        legal,
                        picked,
                        interactive=interactive,
                        piece=f"c{player}.{shelf}.{column}",
                    )
                )
        parts.append('<span class="corner"></span>')
        for column in range(COLUMNS):
            points = sheet.column_points(column)
            label = _worth(t, column_name(t, column), points)
            key = f"p{player}.{column}"
            parts.append(
                Pieced.piece(
                    key,
                    f'<span class="line-points column-points" role="img" aria-label="{label}" '
                    f'data-piece="{key}">{points}</span>',
                )
            )
        total = t("Total: {score}", score=sheet.score())
        owner = f"o{player}"
        return Pieced.concat(
            Pieced.piece(
                owner,
                f'<h3 class="owner" data-piece="{owner}">{self.ui.name(player)} '
                f'<strong class="total">{total}</strong></h3>',
            ),
            '<div class="bookcase">',
            *parts,
            "</div>",
        )

    def _cell(
        self,
        cell_state: str,
        shelf: int,
        column: int,
        legal: Collection[Cell],
        picked: Mapping[Cell, tuple[int, Combo]],
        *,
        interactive: bool,
        piece: str,
    ) -> Pieced:
        pick = picked.get((shelf, column))
        is_legal = (shelf, column) in legal
        return remembered(
            self._cells,
            (cell_state, is_legal, pick, interactive, piece, self.ui.t.language),
            lambda: self._drawn_cell(
                shelf,
                column,
                cell_state=cell_state,
                pick=pick,
                legal=is_legal,
                interactive=interactive,
                piece=piece,
            ),
        )

    def _drawn_cell(
        self,
        shelf: int,
        column: int,
        *,
        cell_state: str,
        pick: tuple[int, Combo] | None,
        legal: bool,
        interactive: bool,
        piece: str,
    ) -> Pieced:
        t = self.ui.t
        item = SHELVES[shelf]
        value = COLUMN_VALUES[column]
        classes = ["cell", f"shelf-{item}"]
        label = _worth(
            t, t.n("{item}, {count} die", "{item}, {count} dice", column + 1, item=t(item)), value
        )
        badge = ""
        if cell_state == CellState.CIRCLED:
            classes.append("circled")
            label = t("{cell}, circled", cell=label)
        elif cell_state == CellState.CROSSED:
            classes.append("crossed")
            label = t("{cell}, crossed out", cell=label)
        if pick is not None:
            number, combo = pick
            classes.append("selected")
            jolly = "+J" if combo.jolly else ""
            badge = f'<span class="badge" aria-hidden="true">{number}{jolly}</span>'
            label = t("{cell}, choice {number}", cell=label, number=number)
            if combo.jolly:
                label = t("{combination} with a jolly", combination=label)
        elif legal:
            classes.append("legal")
        attrs = (
            f'class="{" ".join(classes)}" aria-label="{escape(label)}" '
            f'data-mark="{item}{column + 1}"'
        )
        # The item's icon heads its shelf, not each cell: 30 icons more a bookcase were 60 of its
        # 142 elements, and the frame that first showed it took 42-63 ms on a phone 4x slower
        # than a laptop (35-49 without them).
        inner = f'<span class="value">{value}</span>{badge}'
        if not interactive:
            return Pieced.piece(
                piece, f'<span {attrs} role="img" data-piece="{piece}">{inner}</span>'
            )
        pressed = "true" if pick is not None else "false"
        return Pieced.piece(
            piece,
            f'<button {attrs} data-act="cell" data-shelf="{shelf}" data-column="{column}" '
            f'aria-pressed="{pressed}" data-piece="{piece}">{inner}</button>',
        )

    def blocked_lines(self, state: ShelfieState, player: int) -> str:
        """Lines someone else completed, crossed out on ``player``'s sheet, said in words."""
        t = self.ui.t
        said = []
        for event in state.blocked_lines(player):
            name = self.ui.name(event.players[0])
            if event.kind == SHELF_BLOCKED:
                item = t(str(event.params["item"]))
                said.append(
                    t(
                        "{name} completed the {item} shelf: it is crossed out on your sheet",
                        name=name,
                        item=item,
                    )
                )
            else:
                dice = event.params["count"]
                assert isinstance(dice, int)
                said.append(
                    t.n(
                        "{name} completed the {count}-die column: it is crossed out on your sheet",
                        "{name} completed the {count}-dice column: it is crossed out on your sheet",
                        dice,
                        name=name,
                    )
                )
        return "".join(f'<p class="blocked">{text}</p>' for text in said)

    def scores(self, state: ShelfieState) -> str:
        t = self.ui.t
        winners = self.ui.crowned(state)
        head = "".join(
            f'<th scope="col" aria-label="{t("{item} shelf", item=t(item))}" '
            f'class="shelf-{item}">{icon(item)}</th>'
            for item in SHELVES
        ) + "".join(
            f'<th scope="col" aria-label="{column_name(t, column)}">{TIMES}{column + 1}</th>'
            for column in range(COLUMNS)
        )
        body = []
        for player, sheet in enumerate(state.sheets):
            shelves = "".join(f"<td>{sheet.shelf_points(s)}</td>" for s in range(len(SHELVES)))
            columns = "".join(f"<td>{sheet.column_points(c)}</td>" for c in range(COLUMNS))
            body.append(
                f"{self.ui.score_row(player, winners)}{shelves}{columns}"
                f"<td><strong>{sheet.score()}</strong></td></tr>"
            )
        return (
            f'{self.ui.ending(state)}<table class="scores shelfie-scores"><thead>'
            f'<tr><td></td><th scope="colgroup" colspan="{len(SHELVES)}">{t("Shelves")}</th>'
            f'<th scope="colgroup" colspan="{COLUMNS}">{t("Columns")}</th><td></td></tr>'
            f'<tr><th scope="col">{t("Player")}</th>{head}<th scope="col">{t("Total")}</th></tr>'
            f"</thead><tbody>{''.join(body)}</tbody></table>"
        )
