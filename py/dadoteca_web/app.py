"""The app as the player sees it: screens, taps, messages. No DOM here (see ``main``).

The browser glue turns every tap into :meth:`App.handle` with the tapped element's ``data-act``
and data, then paints the regions of :meth:`App.regions` that changed. Everything below is
plain Python, so the whole app can be driven, and tested, without a browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from html import escape
from typing import Final

from dadoteca.bots import LEVELS, Thinking, bot_for, decision_seed, finish
from dadoteca.core import Action, AnyState, RuleError
from dadoteca.match import MAX_NAME_LENGTH, Match, Seat

from .diceland_view import DicelandUI
from .game_ui import PLAY_REGIONS, GameUI
from .i18n import Translator
from .qwixx_view import QwixxUI
from .shelfie_view import ShelfieUI
from .storage import GameStore, History, read_record_json

__all__ = ["GAME_UIS", "REGIONS", "App"]

REGIONS: Final = ("notice", *PLAY_REGIONS)
SEAT_KIND_CHOICE: Final = "player"  # the setup's per-seat choice: "human" or a bot level
BOT_SEAT: Final = "bot:"
DEFAULT_LEVEL: Final = "normal"  # a record's seat of kind plain "bot"


def bot_level(seat: Seat) -> str | None:
    """The level of the computer playing ``seat``, None for a person."""
    if seat.kind == "bot":
        return DEFAULT_LEVEL
    return seat.kind.removeprefix(BOT_SEAT) if seat.kind.startswith(BOT_SEAT) else None


# The shelf as the app shows it: every game's screen, by game id, in picker order.
GAME_UIS: Final[dict[str, type[GameUI]]] = {
    QwixxUI.game.id: QwixxUI,
    DicelandUI.game.id: DicelandUI,
    ShelfieUI.game.id: ShelfieUI,
}


class App:
    """The current screen (``setup``, ``play`` or ``over``) and the game in play."""

    def __init__(
        self,
        store: GameStore,
        t: Translator,
        new_seed: Callable[[], int],
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.store = store
        self.history = History(store.store)
        self.now = now
        self._t = t
        self.new_seed = new_seed
        self.confirming_new_game = False
        self.notice = ""
        self.notice_kind = "info"
        self.match: Match | None = None
        self.ui: GameUI | None = None
        match, problem = store.load()
        self._set_match(match)
        if problem is not None:
            self._say(
                t(
                    "The saved game could not be read and was set aside: {reason}",
                    reason=t.rule(problem),
                ),
                "error",
            )

    @property
    def t(self) -> Translator:
        return self._t

    @t.setter
    def t(self, translator: Translator) -> None:
        """A new language, for the app and the game on screen alike."""
        self._t = translator
        if self.ui is not None:
            self.ui.t = translator

    # -- what is shown ----------------------------------------------------------------------

    @property
    def screen(self) -> str:
        if self.match is None:
            return "setup"
        return "over" if self.match.state.is_terminal else "play"

    @property
    def state(self) -> AnyState:
        assert self.match is not None
        return self.match.state

    @property
    def game_id(self) -> str | None:
        return None if self.match is None else self.match.game.id

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
        if self.match is None and self.store.damaged is not None:
            notice += (
                f'<p class="notice warning">{t("The damaged save is kept on this device.")} '
                f'<button data-act="export-damaged">{t("Download it")}</button></p>'
            )
        regions = dict.fromkeys(REGIONS, "")
        regions["notice"] = notice
        if self.match is None or self.ui is None:
            return regions
        regions.update(self.ui.regions(self.match.state))
        bot = self.bot_to_move()
        if bot is not None:  # the table watches: nothing to tap while a computer plays
            regions["prompt"] = (
                '<h2 class="prompt bot-turn" aria-live="polite">'
                + t("{name} (computer) is playing…", name=self.ui.name(bot))
                + "</h2>"
            )
            regions["controls"] = ""
        return regions

    # -- taps -------------------------------------------------------------------------------

    def handle(self, act: str, data: Mapping[str, str]) -> None:
        """One tap. Bad input of any kind becomes a message; nothing played is ever lost."""
        self.notice = ""
        self.confirming_new_game = False
        try:
            if act == "new-game":
                self._new_game(confirmed=False)
            elif act == "new-game-confirmed":
                self._new_game(confirmed=True)
            elif self.match is not None and self.ui is not None:
                if self.bot_to_move() is not None:
                    return  # a computer player's turn: taps wait for it
                played = len(self.match.actions)
                self.ui.handle(self.match, act, data)
                if len(self.match.actions) != played:
                    self._played()
        except RuleError as error:
            self._say(self.t.rule(error), "error")

    def start(
        self,
        names: Sequence[str],
        seed: int | None = None,
        *,
        game: str = "qwixx",
        choices: Sequence[Mapping[str, str]] = (),
    ) -> None:
        """A new game of ``game`` for the names given (empty ones skipped), in seat order.

        ``choices`` holds each name's setup choices (e.g. Diceland's map), in the same order;
        choice ``player`` makes the seat a computer player of that level (a computer needs no
        name: an empty one becomes "Computer N").
        """
        self.notice = ""
        ui_class = GAME_UIS.get(game)
        if ui_class is None:
            return  # a forged request: the picker only offers the shelf
        seated: list[tuple[str, str, Mapping[str, str]]] = []
        for index, written in enumerate(names):
            choice = dict(choices[index]) if index < len(choices) else {}
            level = choice.pop(SEAT_KIND_CHOICE, "human")
            kind = BOT_SEAT + level if level in LEVELS else "human"
            name = written.strip()
            if kind != "human" and not name:
                name = self.t("Computer {number}", number=index + 1)
            if name:
                seated.append((name[:MAX_NAME_LENGTH], kind, choice))
        if not seated:
            self._say(self.t("Write at least one name to play."), "error")
            return
        most = ui_class.game.max_players
        if len(seated) > most:
            self._say(self.t("At most {count} players.", count=most), "error")
            return
        try:
            options = ui_class.options([choice for _, _, choice in seated], self.new_seed)
            match = Match(
                ui_class.game,
                [Seat(name, kind) for name, kind, _ in seated],
                self.new_seed() if seed is None else seed,
                options,
            )
        except RuleError as error:
            self._say(self.t.rule(error), "error")
            return
        self._set_match(match)
        self.store.save(match)

    # -- computer players -------------------------------------------------------------------
    # The browser plays a computer's move in steps, with pauses the table can follow: roll, or
    # think in slices (bot_thinking), show the choice (bot_show), then play it (bot_play).

    def bot_to_move(self) -> int | None:
        """The computer player the table waits for now (to roll or to decide), or None."""
        if self.match is None or self.ui is None or self.match.state.is_terminal:
            return None
        player = self.ui.waiting_for(self.match.state)
        return None if bot_level(self.match.seats[player]) is None else player

    def bot_thinking(self, player: int) -> Thinking:
        """``player``'s decision now, as slices of thinking (see dadoteca.bots.base)."""
        assert self.match is not None
        level = bot_level(self.match.seats[player]) or DEFAULT_LEVEL
        seed = decision_seed(self.match.seed, len(self.match.actions), player)
        return bot_for(self.match.game.id, level).think(self.match.state, player, seed)

    def bot_show(self, action: Action) -> None:
        assert self.match is not None and self.ui is not None
        self.ui.show_choice(self.match.state, action)

    def bot_play(self, player: int, action: Action | None) -> None:
        """Play a computer's decision (None: roll its dice) and save; the choice shown goes."""
        assert self.match is not None and self.ui is not None
        if action is None:
            self.match.roll()
        else:
            self.match.play(player, action)
        self.ui.forget()
        self._played()

    def _played(self) -> None:
        """After every action: the game is saved, and enters the history once it is over."""
        assert self.match is not None
        self.store.save(self.match)
        if self.match.state.is_terminal:
            self.history.add(self.match, self.now())

    def play_bots(self) -> None:
        """Let the computer players move, without pauses, until a person must (or the end)."""
        while (player := self.bot_to_move()) is not None:
            chance = self.state.is_chance
            self.bot_play(player, None if chance else finish(self.bot_thinking(player)))

    def import_record(self, text: str) -> None:
        """Replace the current game by an imported record, if it is a valid one."""
        self.notice = ""
        try:
            match = Match.from_record(read_record_json(text, "import"))
            for seat in match.seats:  # every computer seat must be one this app has
                level = bot_level(seat)
                if level is not None:
                    bot_for(match.game.id, level)
        except ValueError as error:  # RuleError is a ValueError too, with words for the player
            reason = self.t.rule(error) if isinstance(error, RuleError) else str(error)
            self._say(self.t("This file cannot be imported: {reason}", reason=reason), "error")
            return
        self._set_match(match)
        self.store.save(match)
        self._say(self.t("Game imported."), "info")

    def export_record(self) -> str:
        return json.dumps(self.match.record() if self.match else None, indent=1)

    def _set_match(self, match: Match | None) -> None:
        """Put ``match`` on screen with its game's UI (None: back to the setup)."""
        self.match = match
        self.ui = (
            None
            if match is None
            else GAME_UIS[match.game.id](self.t, tuple(seat.name for seat in match.seats))
        )

    def _new_game(self, *, confirmed: bool) -> None:
        """Back to the setup; a game still in play is only abandoned after a second tap."""
        if self.match is not None and not self.state.is_terminal and not confirmed:
            self.confirming_new_game = True
            return
        self._set_match(None)
        self.store.save(None)

    def _say(self, text: str, kind: str) -> None:
        self.notice = text
        self.notice_kind = kind
