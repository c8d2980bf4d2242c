"""The computer players at the App's table: whom the table waits for, and their moves at the
table's pace (a generator the page runs in slices, :mod:`dadoteca_web.main`). Apart from the
App, whose taps they never answer: they move between taps, and give way to whatever the table
does meanwhile.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from dadoteca.commands import Pause, Show

if TYPE_CHECKING:
    from .app import App

__all__ = ["Computers"]


class Computers:
    """The computer players of the game ``app`` has on screen."""

    def __init__(self, app: App) -> None:
        self.app = app

    def to_move(self) -> int | None:
        """The computer player the table waits for now (to roll or to decide), or None."""
        table = self.app.table
        return None if table is None else table.computer_to_move

    def to_act(self) -> bool:
        """A computer is to roll, or to answer the present decision: its move will come (in
        the window playing the game, not in one watching it, and not while the table is asked
        a question)."""
        table = self.app.table
        return self._may_move() and table is not None and table.computers_to_act

    def moves(self) -> Iterator[Pause | None]:
        """The computers' moves (Table.computer_moves), until the table waits for a person or
        the game ends: a generator, so the page can run it at the table's pace. It yields a
        :class:`~dadoteca.commands.Pause` where the table should see what happens, and None
        between slices of a computer's thinking (the page hands the thread back now and then).
        Whatever the table does meanwhile (a tap, a new game, an import, a question) wins: a
        move worked out for a moment that has passed is dropped."""
        app = self.app
        table = app.table
        if table is None:
            return
        for item in table.computer_moves():
            if app.table is not table or not self._may_move():
                return
            if item is None or isinstance(item, Pause):
                yield item
            elif isinstance(item, Show):
                assert app.ui is not None
                app.ui.show_choice(table.state, item.player, item.action)
            else:
                app.do(item)

    def _may_move(self) -> bool:
        """A game in play in this window, and no question open: a computer moving under
        "Replace the game in progress?" or "Take back Anna's move?" would change what is
        asked about, and the answer, sent for the moment it was asked in, would be lost."""
        app = self.app
        return (
            app.table is not None
            and not app.state.is_terminal
            and not app.watching
            and app.confirm is None
            and app.viewer is None
        )

    def play_all(self) -> None:
        """Let the computer players move, without pauses, until a person must (or the end)."""
        for _ in self.moves():
            pass
