"""The app as the player sees it: screens, taps, messages. No DOM here (see ``main``).

The browser glue turns every tap into :meth:`App.handle` with the tapped element's ``data-act``
and data, then paints the regions of :meth:`App.regions` that changed. Everything below is
plain Python, so the whole app can be driven, and tested, without a browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from html import escape
from typing import Final, NamedTuple

from dadoteca.bots import LEVELS, bot_for, decision_seed
from dadoteca.core import Action, AnyState, Event, RuleError
from dadoteca.match import MAX_NAME_LENGTH, Match, Seat

from .diceland_view import DicelandUI
from .game_ui import PLAY_REGIONS, GameUI, SeatedState, Step, asked_player
from .i18n import Translator
from .qwixx_view import QwixxUI
from .shelfie_view import ShelfieUI
from .storage import GameStore, History, read_record_json

__all__ = ["GAME_UIS", "REGIONS", "THINKING", "App", "Pause"]

REGIONS: Final = ("notice", *PLAY_REGIONS)
SEAT_KIND_CHOICE: Final = "player"  # the setup's per-seat choice: "human" or a bot level
BOT_SEAT: Final = "bot:"
DEFAULT_LEVEL: Final = "normal"  # a record's seat of kind plain "bot"


def bot_level(seat: Seat) -> str | None:
    """The level of the computer playing ``seat``, None for a person."""
    if seat.kind == "bot":
        return DEFAULT_LEVEL
    return seat.kind.removeprefix(BOT_SEAT) if seat.kind.startswith(BOT_SEAT) else None


class Pause(NamedTuple):
    """A moment for the table to see what a computer does (scaled by the page's pace)."""

    seconds: float


THINKING: Final = None  # yielded by App.computer_moves between slices of a computer's thinking
# A computer's move at the table's pace: a pause after the last move, then its choice on screen
# for a moment before it is played.
BOT_PAUSE: Final = Pause(0.6)
BOT_SHOW: Final = Pause(0.9)

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
        self._answers: dict[int, Action] = {}
        self._answers_for: AnyState | None = None
        self.events: list[Event] = []  # what the steps played made happen, for the page to say
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

    @property
    def answers(self) -> dict[int, Action]:
        """Decisions given for the present moment by players deciding simultaneously: kept
        until every decider has answered, then played together (see :meth:`play`)."""
        if self.match is None or self._answers_for is not self.match.state:
            return {}
        return self._answers

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
        regions.update(self.ui.regions(self.match.state, self.answers))
        bot = self.computer_to_move()
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
                if self.computer_to_move() is not None:
                    return  # a computer player's turn: taps wait for it
                self.play(self.ui.handle(self.state, self.answers, act, data))
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

    # -- playing --------------------------------------------------------------------------

    def play(self, steps: Sequence[Step]) -> None:
        """Play what a tap or a computer asked for: rolls at once; a decision as an answer,
        the answers together once every decider has given one (the rule of
        :func:`dadoteca.drive.decide_together`: all decide on the same moment, then their
        decisions apply in seat order). Raises the RuleError of an illegal one."""
        for player, action in steps:
            if player is None:
                self._step(None, action)
            else:
                assert action is not None
                self._answer(player, action)

    def _answer(self, player: int, action: Action) -> None:
        state = self.state
        if player not in state.deciders:
            return  # a tap from a screen that has moved on: nothing to decide
        error = state.check(player, action)
        if error is not None:
            raise error
        answers = self.answers  # a player may change theirs until everyone has answered
        answers[player] = action
        self._answers, self._answers_for = answers, state
        assert self.ui is not None
        self.ui.forget()
        if all(decider in answers for decider in state.deciders):
            self._answers = {}
            for decider in sorted(answers):
                self._step(decider, answers[decider])

    def _step(self, player: int | None, action: Action | None) -> None:
        """One action on the match, then what follows every action: the choice shown goes,
        what it made happen is told, the game is saved, and enters the history at its end."""
        assert self.match is not None and self.ui is not None
        if player is None:
            self.match.roll(action)
        else:
            assert action is not None
            self.match.play(player, action)
        self.events.extend(self.match.last_events())
        self.ui.forget()
        self.store.save(self.match)
        if self.match.state.is_terminal:
            self.history.add(self.match, self.now())

    def take_events(self) -> list[Event]:
        """The events since the last call, oldest first (the page tells and shows them)."""
        events, self.events = self.events, []
        return events

    # -- computer players -------------------------------------------------------------------

    def computer_to_move(self) -> int | None:
        """The computer player the table waits for now (to roll or to decide), or None; a
        computer deciding alongside people does not stop their taps."""
        if self.match is None or self.state.is_terminal:
            return None
        state = self.state
        waiting = [p for p in state.deciders if p not in self.answers]
        if state.roller is not None:
            waiting = [state.roller]
        if waiting and all(bot_level(self.match.seats[p]) is not None for p in waiting):
            assert isinstance(state, SeatedState)
            return asked_player(state, self.answers)
        return None

    def computer_moves(self) -> Iterator[Pause | None]:
        """The computers' moves, until the table waits for a person or the game ends.

        A generator, so the page can run it at the table's pace: it yields a :class:`Pause`
        where the table should see what happens, and :data:`THINKING` between slices of a
        computer's thinking (the page hands the thread back now and then). Computers deciding
        together each decide on the same moment. Whatever the table does meanwhile (a tap, a
        new game, an import) wins: a move worked out for a moment that has passed is dropped.
        """
        while self.match is not None and not self.state.is_terminal:
            state, match = self.state, self.match
            roller = state.roller
            if roller is not None:
                if bot_level(match.seats[roller]) is None:
                    return
                yield BOT_PAUSE
                if self.match is match and self.state is state:
                    self.play([(None, None)])
                continue
            computers = [
                p
                for p in state.deciders
                if p not in self.answers and bot_level(match.seats[p]) is not None
            ]
            if not computers:
                return
            player = computers[0]
            yield BOT_PAUSE
            level = bot_level(match.seats[player]) or DEFAULT_LEVEL
            seed = decision_seed(match.seed, len(match.actions), player)
            thinking = bot_for(match.game.id, level).think(state, player, seed)
            try:
                while True:
                    next(thinking)
                    yield THINKING
            except StopIteration as done:
                action: Action = done.value
            if self.match is not match or self.state is not state:
                continue
            assert self.ui is not None
            self.ui.show_choice(state, action)
            yield BOT_SHOW
            if self.match is match and self.state is state:
                self.play([(player, action)])

    def play_bots(self) -> None:
        """Let the computer players move, without pauses, until a person must (or the end)."""
        for _ in self.computer_moves():
            pass

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
        self._answers, self._answers_for = {}, None
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
