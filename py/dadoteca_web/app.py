"""The app as the player sees it: screens, taps, messages. No DOM here (see ``main``).

The browser glue turns every tap into :meth:`App.handle` with the tapped element's ``data-act``
and data, then paints the regions of :meth:`App.regions` that changed. Everything below is
plain Python, so the whole app can be driven, and tested, without a browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Final

from dadoteca.core import RuleError
from dadoteca.match import MAX_NAME_LENGTH, Match, Seat
from dadoteca.qwixx import PASS, QWIXX, ROW_NAMES, Cross, Pass, QwixxState

from .i18n import Translator
from .qwixx_view import QwixxView, asked_player
from .storage import GameStore

__all__ = ["REGIONS", "App"]

REGIONS: Final = ("notice", "prompt", "dice", "controls", "board", "others", "scores")
MAX_PLAYERS: Final = QWIXX.max_players


class App:
    """The current screen (``setup``, ``play`` or ``over``) and the game in play."""

    def __init__(self, store: GameStore, t: Translator, new_seed: Callable[[], int]) -> None:
        self.store = store
        self.t = t
        self.new_seed = new_seed
        self.selection: Cross | None = None
        self.confirming_new_game = False
        self.notice = ""
        self.notice_kind = "info"
        self.match, problem = store.load()
        if problem is not None:
            self._say(
                t(
                    "The saved game could not be read and was set aside: {reason}",
                    reason=t.rule(problem),
                ),
                "error",
            )

    # -- what is shown ----------------------------------------------------------------------

    @property
    def screen(self) -> str:
        if self.match is None:
            return "setup"
        return "over" if self.match.state.is_terminal else "play"

    @property
    def state(self) -> QwixxState:
        assert self.match is not None
        state = self.match.state
        assert isinstance(state, QwixxState)
        return state

    def regions(self) -> dict[str, str]:
        """The HTML of every region of the page, for the glue to paint where it changed."""
        t = self.t
        notice = (
            f'<p class="notice {self.notice_kind}" role="alert">{escape(self.notice)}</p>'
            if self.notice
            else ""
        )
        if self.confirming_new_game:
            notice += (
                f'<div class="notice confirm" role="alertdialog"><p>{t("Abandon this game?")}</p>'
                f'<button data-act="new-game-confirmed">{t("Yes, start a new game")}</button>'
                f'<button class="primary" data-act="dismiss">{t("No, keep playing")}</button></div>'
            )
        if not self.store.working:
            notice += (
                '<p class="notice warning">'
                + t("This device is not saving the game: it will be lost if you close it.")
                + "</p>"
            )
        regions = dict.fromkeys(REGIONS, "")
        regions["notice"] = notice
        if self.match is None:
            return regions
        state = self.state
        view = QwixxView(t, tuple(seat.name for seat in self.match.seats))
        asked = asked_player(state)
        legal = [a for a in state.legal_actions(asked) if isinstance(a, Cross)]
        regions["prompt"] = view.prompt(state)
        regions["dice"] = view.dice(state)
        regions["controls"] = view.controls(state, self.selection)
        if state.is_terminal:
            regions["scores"] = view.scores(state)
            regions["board"] = "".join(view.sheet(state, p) for p in range(state.num_players))
            return regions
        regions["board"] = view.sheet(state, asked, legal, self.selection, interactive=True)
        regions["others"] = "".join(
            view.sheet(state, p) for p in range(state.num_players) if p != asked
        )
        return regions

    # -- taps -------------------------------------------------------------------------------

    def handle(self, act: str, data: Mapping[str, str]) -> None:
        """One tap. Bad input of any kind becomes a message; nothing played is ever lost."""
        self.notice = ""
        self.confirming_new_game = False
        handler = self._handlers().get(act)
        if handler is None:
            return
        try:
            handler(data)
        except RuleError as error:
            self._say(self.t.rule(error), "error")

    def _handlers(self) -> dict[str, Callable[[Mapping[str, str]], None]]:
        return {
            "cell": self._tap_cell,
            "roll": lambda _: self._roll(),
            "pass": lambda _: self._play(PASS),
            "undo": lambda _: self._undo(),
            "confirm": lambda _: self._confirm(),
            "new-game": lambda _: self._new_game(confirmed=False),
            "new-game-confirmed": lambda _: self._new_game(confirmed=True),
            "dismiss": lambda _: None,
        }

    def start(self, names: Sequence[str], seed: int | None = None) -> None:
        """A new game for the names given (empty ones skipped), in seat order."""
        self.notice = ""
        players = [name.strip()[:MAX_NAME_LENGTH] for name in names if name.strip()]
        if not players:
            self._say(self.t("Write at least one name to play."), "error")
            return
        if len(players) > MAX_PLAYERS:
            self._say(self.t("At most {count} players.", count=MAX_PLAYERS), "error")
            return
        seats = [Seat(name) for name in players]
        self.match = Match(QWIXX, seats, self.new_seed() if seed is None else seed)
        self.selection = None
        self.store.save(self.match)

    def import_record(self, text: str) -> None:
        """Replace the current game by an imported record, if it is a valid one."""
        self.notice = ""
        try:
            match = Match.from_record(json.loads(text))
        except ValueError as error:  # RuleError is a ValueError too, with words for the player
            reason = self.t.rule(error) if isinstance(error, RuleError) else str(error)
            self._say(self.t("This file cannot be imported: {reason}", reason=reason), "error")
            return
        self.match = match
        self.selection = None
        self.store.save(match)
        self._say(self.t("Game imported."), "info")

    def export_record(self) -> str:
        return json.dumps(self.match.record() if self.match else None, indent=1)

    def _tap_cell(self, data: Mapping[str, str]) -> None:
        if self.match is None or self.state.is_terminal:
            return
        try:
            cross = Cross(int(data.get("row", "")), int(data.get("number", "")))
        except ValueError:
            return
        if cross.row not in range(len(ROW_NAMES)) or cross.number not in range(2, 13):
            return  # a forged tap: no such cell
        state = self.state
        if state.is_chance:
            self._say(self.t("Roll the dice first"), "error")
            return
        player = asked_player(state)
        if cross in state.legal_actions(player):
            self.selection = None if cross == self.selection else cross
            return
        state.apply(player, cross)  # raises the RuleError that says which rule forbids it
        raise AssertionError("a legal cross was missing from legal_actions")

    def _roll(self) -> None:
        if self.match is not None and self.state.is_chance:
            self.match.roll()
            self.store.save(self.match)

    def _play(self, action: Cross | Pass) -> None:
        if self.match is None or self.state.is_terminal or self.state.is_chance:
            return
        player = asked_player(self.state)
        self.match.play(player, action)
        self.selection = None
        self.store.save(self.match)

    def _confirm(self) -> None:
        if self.selection is not None:
            self._play(self.selection)

    def _undo(self) -> None:
        """Undo the choice not yet confirmed; confirmed ones and rolls stay (the design)."""
        self.selection = None

    def _new_game(self, *, confirmed: bool) -> None:
        """Back to the setup; a game still in play is only abandoned after a second tap."""
        if self.match is not None and not self.state.is_terminal and not confirmed:
            self.confirming_new_game = True
            return
        self.match = None
        self.selection = None
        self.store.save(None)

    def _say(self, text: str, kind: str) -> None:
        self.notice = text
        self.notice_kind = kind
