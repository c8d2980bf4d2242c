"""The app as the player sees it: screens, taps, messages. No DOM here.

The page (``assets/page/table/``, through :mod:`dadoteca_web.session`) turns every tap into
:meth:`App.handle` with the tapped element's ``data-act`` and data, then paints the regions of
:meth:`App.regions` that changed and tells the table :meth:`App.take_events`. Everything below
is plain Python, so the whole app can be driven, and tested, without a browser.

The App holds what is on screen, answers taps and saves; each of its helpers has its own
module: what it shows (``app_view``), the setup's answers (``new_game``), a day's game
(``day_game``), the computer players (``computers``), the coach (``coach``), a finished game
opened again (``review_view``), finished games kept and records in and out (``records``).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import UTC, date, datetime
from typing import Final

from dadoteca.commands import Command, Redo, Undo
from dadoteca.core import Action, AnyState, Event, RuleError
from dadoteca.daily import Day
from dadoteca.match import APP_DICE, DAILY_DICE, Match
from dadoteca.table import Group, Table

from .app_view import RESULT, STARTS_CHOSEN, STARTS_DRAWN, AppView, Confirm
from .coach import Coach
from .computers import Computers
from .day_game import DayGames, shared_words
from .game_ui import GameUI, tapped_number
from .guide import AGAIN, DISMISS, Guide
from .history import History
from .i18n import Translator
from .new_game import new_game, seats_asked, setup_problem, turned
from .records import (
    Keeping,
    history_added,
    levels_changed,
    make_room_question,
    not_importable,
    read_record,
)
from .review_view import Viewer, Viewing
from .screens import GAME_UIS, solo_results, ui_for
from .storage import GameStore
from .today import Experts

__all__ = ["MAKE_ROOM", "App"]


# Yes to an imported history that cuts games of this device to make room: the session downloads
# the history first, then imports it (App.import_history, making room).
MAKE_ROOM: Final = "import-history-make-room"


class App:
    """The current screen (``setup``, ``play`` or ``over``) and the game in play.

    ``randbelow(n)`` draws uniformly from ``range(n)`` (who starts, the maps dealt): the
    system's secure generator unless a test gives its own.
    """

    def __init__(
        self,
        store: GameStore,
        t: Translator,
        new_seed: Callable[[], int],
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
        randbelow: Callable[[int], int] = secrets.randbelow,
        *,
        watching: bool = False,
    ) -> None:
        self.store = store
        # The game is being played in another window: this one shows it and writes nothing.
        self.watching = watching
        self.history = History(store.store)
        self.keeping = Keeping(store, self.history)  # finished games kept, and what was not
        self.experts = Experts(store.store)
        self.guide = Guide(store.store)  # a first game's guide, told once per device
        self.now = now
        # The page's local date (it says it with every message): the day of today's game.
        self.today: date = now().date()
        self.day = DayGames(self.history, self.experts)  # a day's game: who plays it next
        self._t = t
        self.new_seed = new_seed
        self.randbelow = randbelow
        self.confirm: Confirm | None = None
        self.notice = ""
        self.notice_kind = "info"
        self.table: Table | None = None  # the game in play, as its table plays it
        self.ui: GameUI | None = None
        self._pending_import: str | None = None
        self.events: list[Event] = []  # what the steps played made happen, for the page to say
        # A finished game opened again (from its end, or from the history), over the screen
        # it was opened from; None when none is open.
        self.viewer: Viewer | None = None
        # Where each player sits around the device lying in the middle of the table, in seat
        # order (game_ui.EDGES); empty when the device is handed from one player to the next.
        self.seating: tuple[str, ...] = ()
        self.view = AppView(self)
        self.computers = Computers(self)
        self.coach = Coach(self)
        self.viewing = Viewing(self)
        self.load_saved()

    def load_saved(self) -> None:
        """Show the game saved in the store (a window watching another's play calls this at
        every save the other makes), with the answers given so far."""
        saved = self.store.load(writing=not self.watching)
        match, problem, levels = saved.match, saved.problem, saved.levels
        self._set_match(match, saved.answers, saved.redo, saved.seating)
        self.day.waiting = saved.waiting
        if self._caught_up():  # a save from before the roll came with the move
            self.save()
        if levels:
            assert self.ui is not None
            self.tell(levels_changed(self.t, self.ui, levels), "warning")
        if problem is not None:
            # Where it went is the warnings' to say: set aside, or (storage full) still in
            # place, as the page may only report later; or left to the window playing.
            reason = self.t.rule(problem)
            self.tell(self.t("The saved game could not be read: {reason}", reason=reason), "error")

    @property
    def t(self) -> Translator:
        return self._t

    @t.setter
    def t(self, translator: Translator) -> None:
        """A new language, for the app and the game on screen alike."""
        self._t = translator
        if self.ui is not None:
            self.ui.t = translator
        if self.viewer is not None:
            self.viewer.ui.t = translator

    # -- what is shown ----------------------------------------------------------------------

    @property
    def screen(self) -> str:
        if self.viewer is not None:
            return "review"
        if self.match is None:
            return "setup"
        return "over" if self.match.state.is_terminal else "play"

    @property
    def match(self) -> Match | None:
        return None if self.table is None else self.table.match

    @property
    def state(self) -> AnyState:
        assert self.table is not None
        return self.table.state

    @property
    def game_id(self) -> str | None:
        return None if self.match is None else self.match.game.id

    @property
    def answers(self) -> dict[int, Action]:
        """Decisions given for the present moment by players deciding together (see
        :class:`~dadoteca.table.Table`)."""
        return {} if self.table is None else self.table.answers

    @property
    def moment(self) -> int:
        """The moment on screen (Table.moment): a tap made on the screen of another moment acts
        on nothing (the page sends the moment it painted)."""
        if self.viewer is not None:
            return self.viewer.moment
        return 0 if self.table is None else self.table.moment

    @property
    def hands(self) -> str:
        """Whose screen this is, as the page compares it from one paint to the next: when it
        changes hands, the page shows it and ignores taps for a moment."""
        if self.viewer is not None or self.table is None or self.state.is_terminal:
            return self.screen
        if self.seating:  # nobody hands the device over: each person's place has its turns
            return "table"
        if self.shared:
            return f"everyone {len(self.table.match.actions)}"
        return f"player {self.table.asked}"

    @property
    def shared(self) -> bool:
        """This moment of the game is everyone's at once, on one screen."""
        return self.viewer is None and self.table is not None and self.table.together

    def regions(self) -> dict[str, str]:
        """The HTML of every region of the page, for the glue to paint where it changed."""
        return self.view.regions()

    def seat_moment(self, seat: object) -> int | None:
        """The moment ``seat``'s place around the table-top shows (Table.seat_moment); None
        when there is no such place."""
        table = self.table
        if table is None or self.viewer is not None or not self.seating:
            return None
        if type(seat) is not int or not 0 <= seat < len(self.seating):
            return None
        return table.seat_moment(seat)

    def handle_at(self, seat: int, act: str, data: Mapping[str, str]) -> None:
        """A tap on ``seat``'s own place around the table-top: it acts for that person alone
        (the game's view is told whose place it was; a tap that names another person does
        nothing)."""
        named = [data[key] for key in ("seat", "player") if key in data]
        if all(name == str(seat) for name in named):
            self.handle(act, {**data, "seat": str(seat)})

    def before_the_first_roll(self) -> bool:
        """Who starts may still change (see Table.before_the_first_roll), in the window
        playing the game."""
        return (
            self.table is not None
            and not self.watching
            and self.viewer is None
            and self.table.before_the_first_roll
        )

    def change_starter(self, data: Mapping[str, str]) -> None:
        """Before the first roll, the seat ``data`` names starts instead: the seats turn so it
        sits first, each with what is theirs (Diceland's map); the same dice to come."""
        match = self.match
        if match is None or not self.before_the_first_roll() or self.ui is None:
            return
        by = tapped_number(data, "player", range(1, len(match.seats)))
        if by is None:
            return
        seating = self.seating[by:] + self.seating[:by]
        self._set_match(turned(match, type(self.ui), by), seating=seating)
        self._caught_up()
        self.save()
        self.events.append(Event(STARTS_CHOSEN, (0,)))

    # -- taps -------------------------------------------------------------------------------

    def handle(self, act: str, data: Mapping[str, str]) -> None:
        """One tap. Bad input of any kind becomes a message; nothing played is ever lost."""
        if self.watching:
            return  # the game is played in another window; this one only shows it
        self.notice = ""
        self.confirm = None
        pending_import, self._pending_import = self._pending_import, None
        if self.viewer is not None:
            self.viewing.tap(act, data)
            return
        try:
            if act == "review" and self.match is not None and self.state.is_terminal:
                self.viewing.open(self.match, "over")
            elif act == "new-game":
                self._new_game(confirmed=False)
            elif act == "new-game-confirmed":
                self._new_game(confirmed=True)
            elif act == "import-confirmed" and pending_import is not None:
                self.import_record(pending_import, confirmed=True)
            elif act == "take-back":
                self.take_back(confirmed=False)
            elif act == "take-back-confirmed":
                self.take_back(confirmed=True)
            elif act == "redo":
                self.play([Redo()])
            elif act == "hint":
                self.coach.hint(data)
            elif act == "starter":
                self.change_starter(data)
            elif act == "share":
                self._share()
            elif act == "day-next":
                self._next_on_the_day()
            elif act == DISMISS:
                self.guide.dismiss(data.get("kind", ""))
            elif act == AGAIN and self.game_id is not None:
                self.guide.again(self.game_id)
            elif self.table is not None and self.ui is not None:
                if self.computers.to_move() is not None:
                    return  # a computer player's turn: taps wait for it
                self.play(self.ui.handle(self.state, self.answers, act, data))
        except RuleError as error:
            self.tell(self.t.rule(error), "error")

    def start(
        self,
        names: Sequence[str],
        seed: int | None = None,
        *,
        game: str = "qwixx",
        choices: Sequence[Mapping[str, str]] = (),
        first: int | None = 0,
        variant: str = "",
        dice: str = APP_DICE,
        coach: bool = False,
        day: Day | None = None,
    ) -> None:
        """A new game of ``game``, one seat per name, in seat order, rolled by the app or with
        the table's own ``dice`` (one of :data:`~dadoteca.match.DICE_KINDS`), with the coach's
        hints on offer if ``coach`` (never with sheets only: the expert needs the dice).

        ``choices`` holds each seat's setup choices (e.g. Diceland's map), in the same order;
        choice ``player`` makes the seat a computer player of that level. An empty name plays
        as "Player N" (a computer's as "Computer N"). ``first`` is the seat that starts, or
        None to draw it at random, as every rule book does (the setup's default); the seats
        turn so that it sits first, the order around the table unchanged. ``variant`` is
        Qwixx's score pad, a variant's id (option ``variant``); "" for the game's own.

        With the day's dice (DAILY_DICE), each name plays the day's game alone, in seat
        order: today's, or ``day`` if it is one of ``game`` (a shared link's).
        """
        if self.watching:
            return
        self.notice = ""
        ui_class = GAME_UIS.get(game)
        if ui_class is None:
            return  # a forged request: the picker only offers the shelf
        seats = seats_asked(self.t, names, choices)
        # The day's game is played alone, in turn: no places at a table-top (a forged one).
        problem = setup_problem(self.t, ui_class.game, seats, table_top=dice != DAILY_DICE)
        if problem is not None:
            self.tell(problem, "error")
            return
        if dice == DAILY_DICE:
            self.day.waiting = tuple(seat.name for seat in seats)
            linked = day is not None and day.game == game
            self._play_the_day(day if linked and day is not None else Day(game, self.today))
            return
        self.day.waiting = ()
        try:
            new = new_game(
                ui_class,
                seats,
                first=first,
                seed=seed,
                new_seed=self.new_seed,
                variant=variant,
                dice=dice,
                coach=coach,
                randbelow=self.randbelow,
            )
        except RuleError as error:
            self.tell(self.t.rule(error), "error")
            return
        self._set_match(new.match, seating=new.seating)
        self._caught_up()
        self.save()
        if len(seats) > 1:  # alone, nobody else could have started
            self.events.append(Event(STARTS_DRAWN if new.drawn else STARTS_CHOSEN, (0,)))

    # -- a day's game --------------------------------------------------------------------

    def _play_the_day(self, day: Day) -> None:
        """The first name waiting plays ``day``'s game, alone; the others after them."""
        try:
            match = self.day.next_match(day, self.today)
        except RuleError as error:  # a day to come
            self.tell(self.t.rule(error), "error")
            return
        self._set_match(match)
        self.save()

    def _next_on_the_day(self) -> None:
        """The next name waiting plays the day's game just finished."""
        match = self.match
        if match is None or match.day is None or not self.state.is_terminal or not self.day.waiting:
            return
        self._play_the_day(match.day)

    def _share(self) -> None:
        """Ask the page to share the day's game just finished (the Share API, or the
        clipboard: it says which, see :meth:`line_shared`)."""
        match = self.match
        if match is not None and match.day is not None and self.state.is_terminal:
            assert self.ui is not None
            self.day.share = self.day.view(self.t, self.ui, self.today).share(match)

    def line_shared(self, how: str) -> None:
        """The page shared the line (``share``), copied it (``clipboard``), or could not."""
        self.tell(*shared_words(self.t, how))

    def expert_to_run(self) -> bool:
        """A day's game is on screen whose expert result this device has not worked out (in
        the window playing it)."""
        return self.match is not None and not self.watching and self.day.expert_to_run(self.match)

    def expert_steps(self) -> Iterator[None]:
        """The expert plays the day's dice on screen, in slices (the page's taps answered in
        between), and its result is kept; stops if another day comes on screen."""
        match = self.match
        if match is None or match.day is None:
            return
        day = match.day
        yield from self.day.expert_steps(
            day, self.t, lambda: self.match is not None and self.match.day == day
        )

    # -- playing --------------------------------------------------------------------------

    def play(self, commands: Sequence[Command]) -> None:
        """Carry out what a tap (or a computer) asked for, one command after the other (see
        :class:`~dadoteca.table.Table`); then what follows every change: the choice shown
        goes, the game is saved, and enters the history at its end. Raises the RuleError of
        an answer the rules refuse (the commands before it stand)."""
        for command in commands:
            self.do(command)

    def do(self, command: Command) -> None:
        """One command to the table (a tap's, or a computer's), and what follows it (see
        :meth:`play`)."""
        table, ui = self.table, self.ui
        assert table is not None and ui is not None
        changes, was_over = table.changes, table.state.is_terminal
        self.events.extend(table.do(command))
        if table.changes == changes:
            return  # nothing happened: a tap from a screen that has moved on
        ui.forget()
        self.save()
        if table.state.is_terminal and not was_over:
            self._ended()

    def _ended(self) -> None:
        """The game just ended: it enters the history, and the table is told who won."""
        match, ui = self.match, self.ui
        assert match is not None and ui is not None
        self._set_best()
        result = ui.solo_score(match.state) if len(match.seats) == 1 else None
        counts = match.day is None or self.day.view(self.t, ui, self.today).counts(match)
        self.keeping.enter(match, self.now(), result, practice=not counts)
        outcome = self.state.outcome
        assert outcome is not None
        self.events.append(Event(RESULT, () if outcome.solo else outcome.winners))

    def _caught_up(self) -> bool:
        """With sheets only, the table's unseen roll where the rules call for dice (see
        Table.catch_up), in the window playing the game; whether it rolled."""
        if self.table is None or self.watching:
            return False
        events = self.table.catch_up()
        self.events.extend(events)
        return bool(events)

    def save(self) -> None:
        """Save the game on screen, with what the table holds of it (none: the setup)."""
        table = self.table
        if table is None:
            self.store.save(None)
        else:
            self.store.save(
                table.match, table.answers, table.redo_groups, self.seating, self.day.waiting
            )

    def take_events(self) -> list[Event]:
        """The events since the last call, oldest first (the page tells and shows them)."""
        events, self.events = self.events, []
        return events

    # -- taking back ------------------------------------------------------------------------

    @property
    def table_rolls(self) -> bool:
        """The game is played with the table's own dice, entered here (see Table)."""
        return self.table is not None and self.table.table_rolls

    def take_back(self, *, confirmed: bool) -> None:
        """Undo what the table says Undo takes back (Table.undoable), asking first when it is
        another person's move than the one whose screen it is, or several people's answers.
        The dice are the game's own: a roll taken back rolls the same dice; a roll the table
        entered is entered again, to be corrected."""
        table, ui = self.table, self.ui
        if table is None or ui is None:
            return
        undoable = table.undoable
        if undoable is None:
            return
        if undoable.asks and not confirmed:
            names = ", ".join(ui.plain_name(p) for p in undoable.movers)  # a dialog's text
            if undoable.together:
                question = self.t("Take back the answers of {names}?", names=names)
            else:
                question = self.t("Take back {name}'s move?", name=names)
            self.confirm = Confirm(
                question, "take-back-confirmed", self.t("Yes, take it back"), self.t("No, keep it")
            )
            return
        self.do(Undo())
        if undoable.actions and table.table_rolls:
            rolled, roll = table.redo_groups[-1][0]
            if rolled is None:
                ui.enter_again(table.state, roll)

    # -- records ----------------------------------------------------------------------------

    def import_record(self, text: str | None, *, confirmed: bool = False) -> None:
        """Replace the current game by an imported record, if it is a valid one (validated as
        a save is, :func:`~dadoteca_web.storage.read_game`); a game still in play is only
        replaced after a confirmation. ``text`` None: the file is not UTF-8 text (the page
        decodes it strictly, never guessing at characters)."""
        if self.watching:
            return
        self.notice = ""
        try:
            match, _, levels = read_record(text)
        except ValueError as error:  # RuleError is a ValueError too, with words for the player
            self.tell(not_importable(self.t, error), "error")
            return
        if self.screen == "play" and not confirmed:
            self._pending_import = text
            self._ask_before_leaving_play(
                self.t("Replace the game in progress with the imported one?"),
                "import-confirmed",
                self.t("Yes, replace it"),
            )
            return
        self._set_match(match)
        self._caught_up()
        self.save()
        if levels:
            assert self.ui is not None
            changed = levels_changed(self.t, self.ui, levels)
            self.tell(f"{self.t('Game imported.')} {changed}", "warning")
        else:
            self.tell(self.t("Game imported."), "info")

    def import_history(
        self, text: str | None, *, make_room: bool = False
    ) -> tuple[str, str] | None:
        """Merge an exported history into this device's (history.History.import_games): what to
        tell the player and how (``info`` or ``error``). A refused file adds nothing. One that
        would cut games of this device to make room is asked about first (None: ``confirm``
        asks; its Yes, MAKE_ROOM, is the session's: the history downloaded, then imported
        ``make_room``)."""
        t = self.t
        try:
            imported = self.keeping.import_history(
                text, self.now(), solo_results(self.t), make_room=make_room
            )
        except RuleError as error:
            return not_importable(t, error), "error"
        if imported.dropping and not make_room:
            self.confirm = Confirm(
                make_room_question(t, imported.dropping),
                MAKE_ROOM,
                t("Download it, then add them"),
                t("No, keep the history as it is"),
            )
            return None
        return history_added(t, imported), "info"

    def export_record(self) -> str:
        return json.dumps(self.match.record() if self.match else None, indent=1)

    def _set_match(
        self,
        match: Match | None,
        answers: Sequence[tuple[int, Action]] = (),
        redo: Sequence[Group] = (),
        seating: Sequence[str] = (),
    ) -> None:
        """Put ``match`` on screen with its game's UI, with the ``answers`` and ``redo`` a save
        kept, its players seated around a table-top as ``seating`` says (None: back to the
        setup)."""
        self.table = None if match is None else Table(match, answers, redo)
        self.seating = () if match is None else tuple(seating)
        self.keeping.another_game()
        self.ui = None if match is None else ui_for(self.t, match)
        if match is not None and match.state.is_terminal:
            self._set_best()

    def not_stored(self, keys: set[str]) -> tuple[str, str] | None:
        """The page could not write ``keys`` (storage full or refused): what to say in the
        History dialog (text, kind) if they were an imported history's (see
        :meth:`.records.Keeping.not_stored`)."""
        over = self.match is not None and self.state.is_terminal
        return self.keeping.not_stored(self.t, keys, over=over)

    def _set_best(self) -> None:
        """A solo game's end shows the player's best on this device before this game."""
        assert self.match is not None and self.ui is not None
        if len(self.match.seats) == 1:
            self.ui.best = self.history.best(self.match, lower_is_better=self.ui.lower_is_better)

    def _new_game(self, *, confirmed: bool) -> None:
        """Back to the setup; a game still in play is only abandoned after a confirmation."""
        if self.match is not None and not self.state.is_terminal and not confirmed:
            self._ask_before_leaving_play(
                self.t("Abandon this game?"), "new-game-confirmed", self.t("Yes, start a new game")
            )
            return
        self._set_match(None)
        self.save()

    def _ask_before_leaving_play(self, question: str, yes: str, yes_label: str) -> None:
        """Ask ``question`` before the game in play is left: ``yes`` is the act that leaves
        it; No keeps playing."""
        self.confirm = Confirm(question, yes, yes_label, self.t("No, keep playing"))

    def tell(self, text: str, kind: str) -> None:
        """Say ``text`` in the notice (``kind``: ``info``, ``warning``, ``error``, ``coach``)."""
        self.notice = text
        self.notice_kind = kind
