"""The app as the player sees it: screens, taps, messages. No DOM here.

The page (``assets/page/table/``, through :mod:`dadoteca_web.session`) turns every tap into
:meth:`App.handle` with the tapped element's ``data-act`` and data, then paints the regions of
:meth:`App.regions` that changed and tells the table :meth:`App.take_events`. Everything below
is plain Python, so the whole app can be driven, and tested, without a browser.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import UTC, date, datetime
from html import escape
from typing import Final, NamedTuple

from dadoteca.bots import BOT_SEAT, LEVELS, bot_level, finish, has_expert
from dadoteca.bots.play import play_day
from dadoteca.commands import Command, Pause, Redo, SeatedState, Show, Undo
from dadoteca.core import Action, AnyState, Event, Options, RuleError, draw, seed_generator
from dadoteca.daily import Day, daily_error, daily_seed
from dadoteca.games import GAMES, game_part
from dadoteca.match import (
    APP_DICE,
    DAILY_DICE,
    DICE_KINDS,
    MAX_NAME_LENGTH,
    REAL_DICE,
    SHEETS_ONLY,
    Match,
    Seat,
    normalise_name,
)
from dadoteca.table import ANSWERS_TAKEN_BACK, TAKEN_BACK, Group, Table

from .coach import hint_text
from .game_ui import BULB_ICON, EDGES, PLAY_REGIONS, GameUI, TableSeat, tapped_number
from .guide import AGAIN, DISMISS, Guide
from .i18n import Translator
from .review_view import Viewer
from .stats import stats_html
from .storage import (
    BROKEN_HISTORY_PREFIX,
    BROKEN_PREFIX,
    HISTORY_KEY,
    HISTORY_LIMIT,
    RECORD_PREFIX,
    SAVE_KEY,
    SAVE_RULES,
    GameStore,
    History,
    LevelChange,
    SoloResults,
    read_game,
)
from .today import Experts, day_stats
from .today_view import TodayView

__all__ = [
    "GAME_UIS",
    "MAKE_ROOM",
    "REGIONS",
    "RESULT",
    "TABLE_EVENTS",
    "App",
    "Confirm",
    "level_names",
    "seeded_draws",
]

REGIONS: Final = ("notice", "warnings", "tools", "review", "stats", "today", "guide", *PLAY_REGIONS)
REVIEW_PROGRESS_SHOWN: Final = 0.05  # the review's progress is painted again at each such share
SEAT_KIND_CHOICE: Final = "player"  # the setup's per-seat choice: "human" or a bot level
EDGE_CHOICE: Final = "edge"  # the setup's per-seat choice: where the person sits (a table-top)


def level_names(t: Callable[[str], str]) -> dict[str, str]:
    """Each computer level as the setup offers it, in words (``t``: the translator)."""
    names = (t("Computer, easy"), t("Computer, normal"), t("Computer, expert"))
    return dict(zip(LEVELS, names, strict=True))


# What the table is told that no game's rules say: who starts, a move taken back (the
# table's own events, dadoteca.table's), the result.
STARTS_DRAWN: Final = "table.starts_drawn"
STARTS_CHOSEN: Final = "table.starts_chosen"
RESULT: Final = "table.result"  # after the end's reason: who won, or a solo game's score
TABLE_EVENTS: Final[dict[str, str]] = {
    STARTS_DRAWN: "{name} starts: drawn at random",
    STARTS_CHOSEN: "{name} starts",
    TAKEN_BACK: "Taken back: {name}'s move",
    ANSWERS_TAKEN_BACK: "Taken back: the answers of {names}",
}


def seeded_draws(seed: int) -> Callable[[int], int]:
    """``randbelow`` from ``seed``'s own stream: with ``?seed=N`` who starts and the maps
    dealt come out the same too, so a shared seed replays the whole game; a day's game deals
    its map from the day's seed."""
    generator = seed_generator(seed)

    def randbelow(limit: int) -> int:
        nonlocal generator
        generator, value = draw(generator)
        return value % limit

    return randbelow


class Confirm(NamedTuple):
    """A question the page asks in a dialog before an act that cannot be taken back easily:
    ``yes`` is the act that goes ahead; anything else keeps things as they are."""

    text: str
    yes: str
    yes_label: str
    no_label: str


# Yes to an imported history that cuts games of this device to make room: the session downloads
# the history first, then imports it (App.import_history, making room).
MAKE_ROOM: Final = "import-history-make-room"


class _Screens(Mapping[str, type[GameUI]]):
    """The shelf as the app shows it: every game's screen (its package's ``view.UI``), by game
    id, in picker order. Read from the shelf at each look, so that it follows
    :data:`~dadoteca.games.GAMES`, a test's too (dadoteca.games.reshelve)."""

    def __getitem__(self, game_id: str) -> type[GameUI]:
        if game_id not in GAMES:
            raise KeyError(game_id)
        view = game_part(game_id, "view")
        assert view is not None, f"the game {game_id} has no screen (its package's view.UI)"
        ui: type[GameUI] = view.UI
        return ui

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


GAME_UIS: Final[Mapping[str, type[GameUI]]] = _Screens()


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
        self.experts = Experts(store.store)
        self.guide = Guide(store.store)  # a first game's guide, told once per device
        self.now = now
        # The page's local date (it says it with every message): the day of today's game.
        self.today: date = now().date()
        # A day's game: the names to play it next at this table, in turn.
        self.waiting: tuple[str, ...] = ()
        # The line a Share tap asks the page to share: (text, link relative to the app).
        self.share: tuple[str, str] | None = None
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
        self.history_failed = False  # the game on screen ended, but its history entry is not kept
        self.record_failed = False  # …its entry is kept, but not its moves (its record)
        # The entries the last history import added, until another write of the history: if
        # the page could not store them, the import is said to have failed.
        self._imported: tuple[str, ...] = ()
        # A finished game opened again (from its end, or from the history), over the screen
        # it was opened from; None when none is open.
        self.viewer: Viewer | None = None
        # Where each player sits around the device lying in the middle of the table, in seat
        # order (game_ui.EDGES); empty when the device is handed from one player to the next.
        self.seating: tuple[str, ...] = ()
        # What the statistics were worked out from (the history, the language, the day, the
        # expert's results), and their HTML.
        self._stats: tuple[tuple[object, ...], str] = ((), "")
        self._day_end: tuple[tuple[object, ...], str] = ((), "")  # the same, of a day's end
        self.load_saved()

    def load_saved(self) -> None:
        """Show the game saved in the store (a window watching another's play calls this at
        every save the other makes), with the answers given so far."""
        saved = self.store.load(writing=not self.watching)
        match, problem, levels = saved.match, saved.problem, saved.levels
        self._set_match(match, saved.answers, saved.redo, saved.seating)
        self.waiting = saved.waiting
        if self._caught_up():  # a save from before the roll came with the move
            self._save()
        if levels:
            self._say(self._levels_changed(levels), "warning")
        if problem is not None:
            # Where it went is the warnings' to say: set aside, or (storage full) still in
            # place, as the page may only report later; or left to the window playing.
            reason = self.t.rule(problem)
            self._say(self.t("The saved game could not be read: {reason}", reason=reason), "error")

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
        t = self.t
        warnings = []  # what lasts: in the page's flow, above the game
        if not self.store.working:
            warnings.append(
                '<p class="notice warning" role="status">'
                + t("This device is not saving the game: it will be lost if you close it.")
                + "</p>"
            )
        if self.watching:
            warnings.append(
                '<p class="notice watching" role="status">'
                f"{t('This game is being played in another window.')} "
                f'<button data-act="take-over">{t("Play here")}</button></p>'
            )
        if self.record_failed:
            warnings.append(
                '<p class="notice warning" role="alert">'
                + t(
                    "This game's moves could not be kept on this device (its storage is full), "
                    "so it cannot be opened again later."
                )
                + f' <button data-act="export">{t("Download its record")}</button></p>'
            )
        if self.history_failed:
            warnings.append(
                '<p class="notice warning" role="alert">'
                + t(
                    "This game could not be added to the history: this device's storage is "
                    "full or refuses it."
                )
                + f' <button data-act="export">{t("Download its record")}</button></p>'
            )
        if self.store.damaged is not None and (self.match is None or self.store.keeping_damaged):
            warnings.append(
                f'<p class="notice warning" role="status">'
                f"{t('The damaged save is kept on this device.')} "
                f'<button data-act="export-damaged">{t("Download it")}</button></p>'
            )
        regions = dict.fromkeys(REGIONS, "")
        regions["warnings"] = "".join(warnings)
        regions["stats"] = self._statistics()
        if self.notice:  # what a tap brought: where the eyes are, until the next tap
            role = "alert" if self.notice_kind == "error" else "status"
            regions["notice"] = (
                f'<p class="notice {self.notice_kind}" role="{role}">{escape(self.notice)}</p>'
            )
        if self.viewer is not None:
            regions.update(self.viewer.regions())
            return regions
        if self.table is None or self.match is None or self.ui is None:
            return regions
        if self.match.day is not None and self.state.is_terminal:
            regions["today"] = self._end_of_the_day(self.match)
        self.ui.hints_used = tuple(self.match.hints_by_player())
        self.ui.passing_for = self.table.passing_for
        self.ui.seated = self._seated()
        guiding = self._guide_lines()
        # Around a table-top each line lies in its person's place, turned to face them.
        self.ui.guiding = guiding if self.seating else {}
        regions.update(self.ui.regions(self.match.state, self.answers))
        if not self.seating:
            regions["guide"] = "".join(guiding.values())
        if self.watching:  # shown as it is, nothing to tap
            regions["controls"] = ""
            return regions
        regions["tools"] = self._tools()
        bot = self.computer_to_move()
        if bot is not None:  # the table watches: nothing to tap while a computer plays
            regions["prompt"] = (
                '<h2 class="prompt bot-turn" aria-live="polite">'
                + t("{name} (computer) is playing…", name=self.ui.name(bot))
                + "</h2>"
            )
            regions["controls"] = ""
        regions["prompt"] += self._other_starters()
        return regions

    def _guide_lines(self) -> dict[int, str]:
        """A first game's guide: for each person acting now (the one the screen is for, or
        every place around a table-top), the line of the first kind of their decision this
        device has not told yet; none while a computer plays or another window does."""
        table, ui = self.table, self.ui
        assert table is not None and ui is not None
        if self.watching:
            return {}  # the window playing tells the guide, and keeps what it told
        kinds: dict[int, str] = {}
        told = self.guide.told()
        # Once every line of the game is told, its kinds are not even asked for.
        if not told.issuperset(ui.guide) and self.computer_to_move() is None:
            for player in table.acting if self.seating else (table.asked,):
                kind = Guide.kind_to_tell(table.moment_kinds(player), ui.guide, told)
                if kind is not None:
                    kinds[player] = kind
        self.guide.shown(set(kinds.values()))
        return {player: Guide.line(self.t, kind, ui.guide[kind]) for player, kind in kinds.items()}

    def _seated(self) -> tuple[TableSeat, ...]:
        """Each player's place around the table-top, as the table says who acts now (a window
        watching another's play shows the places, nobody acting)."""
        table = self.table
        if table is None or not self.seating:
            return ()
        acting = () if self.watching else table.acting
        state = table.state
        assert isinstance(state, SeatedState)
        active = None if state.is_terminal else state.active
        answers = table.answers
        return tuple(
            TableSeat(
                edge, p == active, p in acting, p in answers, table.turn_of(p), table.seat_moment(p)
            )
            for p, edge in enumerate(self.seating)
        )

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

    def _before_the_first_roll(self) -> bool:
        """Who starts may still change (see Table.before_the_first_roll), in the window
        playing the game."""
        return (
            self.table is not None
            and not self.watching
            and self.viewer is None
            and self.table.before_the_first_roll
        )

    def _other_starters(self) -> str:
        """Before the first roll, the others the table may let start instead of the one drawn
        (or chosen), one tap each."""
        if not self._before_the_first_roll() or self.match is None or self.ui is None:
            return ""
        t, ui = self.t, self.ui
        buttons = "".join(
            f'<button class="starter" data-act="starter" data-player="{player}" '
            f'aria-label="{escape(t("{name} starts instead", name=ui.plain_name(player)))}">'
            f"{ui.name(player)}</button>"
            for player in range(1, len(self.match.seats))
        )
        return f'<p class="starters">{t("Someone else starts:")} {buttons}</p>' if buttons else ""

    def change_starter(self, data: Mapping[str, str]) -> None:
        """Before the first roll, the seat ``data`` names starts instead: the seats turn so it
        sits first, each with what is theirs (Diceland's map); the same dice to come."""
        match = self.match
        if match is None or not self._before_the_first_roll() or self.ui is None:
            return
        by = tapped_number(data, "player", range(1, len(match.seats)))
        if by is None:
            return
        turned = Match(
            match.game,
            match.seats[by:] + match.seats[:by],
            match.seed,
            type(self.ui).options_turned(match.options, by),
            match.dice,
            coach=match.coach,
        )
        self._set_match(turned, seating=self.seating[by:] + self.seating[:by])
        self._caught_up()
        self._save()
        self.events.append(Event(STARTS_CHOSEN, (0,)))

    def _statistics(self) -> str:
        """The History dialog's statistics, worked out again only when the history, the
        language, the day or the expert's results changed."""
        try:
            text = self.store.store.getItem(HISTORY_KEY)
        except Exception:  # storage unavailable: no history, no statistics
            text = None
        experts = self.experts.results()
        source = (text, self.t.language, self.today, experts)
        worked_out, html = self._stats
        if source != worked_out:
            entries = self.history.readable() or []
            lower_is_better = {game: ui.lower_is_better for game, ui in GAME_UIS.items()}
            days = day_stats(entries, lower_is_better, experts, self.today)
            html = stats_html(entries, self.t, GAME_UIS, days)
            self._stats = (source, html)
        return html

    def _tools(self) -> str:
        """Undo and Redo, the game's own, one step at a time; and the coach's Hint when the
        game was started with hints."""
        t = self.t
        assert self.ui is not None and self.table is not None
        undoable = self.table.undoable
        undo = "" if undoable else " disabled"
        redo = "" if self.table.redo_groups else " disabled"
        if undoable is not None and undoable.correcting:
            take_back = t("Correct the dice")
            take_back_label = t("Correct the dice entered")
        else:
            take_back, take_back_label = t("Undo"), t("Undo the last move")
        tools = (
            f'<button class="tool" data-act="take-back" aria-label="{take_back_label}"'
            f'{undo}><span aria-hidden="true">↶</span> {take_back}</button>'
            f'<button class="tool" data-act="redo" aria-label="{t("Redo the move taken back")}"'
            f'{redo}><span aria-hidden="true">↷</span> {t("Redo")}</button>'
        )
        if self.state.is_terminal:
            tools += f'<button class="tool" data-act="review">{t("Review the game")}</button>'
        if self.table.match.coach and not (self.table.together and self.ui.hints_on_lines):
            hinted = self.table.hinted_player(None)
            if hinted is None:
                label, off = t("Hint"), " disabled"
            else:
                label, off = t("Hint for {name}", name=self.ui.plain_name(hinted)), ""
            tools += (
                f'<button class="tool hint-tool" data-act="hint" aria-label="{escape(label)}"'
                f"{off}>{BULB_ICON} {t('Hint')}</button>"
            )
        return tools

    def say(self, event: Event) -> str | None:
        """``event`` in words (None: a kind the table is not told in words)."""
        if self.ui is None:
            return None
        if event.kind == RESULT:
            return self.ui.result(self.state) if self.state.is_terminal else None
        template = TABLE_EVENTS.get(event.kind)
        if template is None:
            return self.ui.say(event)
        names = [self.ui.name(player) for player in event.players]
        return self.t(template, name=names[0] if names else "", names=", ".join(names))

    # -- taps -------------------------------------------------------------------------------

    def handle(self, act: str, data: Mapping[str, str]) -> None:
        """One tap. Bad input of any kind becomes a message; nothing played is ever lost."""
        if self.watching:
            return  # the game is played in another window; this one only shows it
        self.notice = ""
        self.confirm = None
        pending_import, self._pending_import = self._pending_import, None
        if self.viewer is not None:
            self._handle_viewer(act, data)
            return
        try:
            if act == "review" and self.match is not None and self.state.is_terminal:
                self._view(self.match, "over")
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
                self.hint(data)
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
                if self.computer_to_move() is not None:
                    return  # a computer player's turn: taps wait for it
                self.play(self.ui.handle(self.state, self.answers, act, data))
        except RuleError as error:
            self._say(self.t.rule(error), "error")

    # -- a finished game opened again ------------------------------------------------------

    def _handle_viewer(self, act: str, data: Mapping[str, str]) -> None:
        """A tap on a finished game opened again: a step to show, or back to where it was
        opened from; nothing else (the board only shows)."""
        assert self.viewer is not None
        if act == "review-step":
            self.viewer.step(data)
        elif act == "review-close":
            self.viewer = None

    def _view(self, match: Match, back: str) -> None:
        ui = self._ui_for(match)
        ui.hints_used = tuple(match.hints_by_player())
        self.viewer = Viewer(match, ui, back)

    def _ui_for(self, match: Match) -> GameUI:
        """``match``'s game on screen, for its players."""
        names = tuple(seat.name for seat in match.seats)
        computers = frozenset(
            p for p, seat in enumerate(match.seats) if bot_level(seat) is not None
        )
        ui = GAME_UIS[match.game.id](self.t, names, computers, real_dice=match.dice == REAL_DICE)
        ui.coach = match.coach
        return ui

    def open_finished(self, entry_id: str) -> None:
        """Open a finished game of the history again, by its entry's id, if its record is
        kept; said in words if it is not."""
        self.notice = ""
        match = self.history.record(entry_id)
        if match is None:
            self._say(self.t("This game's moves are no longer kept on this device."), "error")
            return
        self._view(match, self.screen)

    def review_to_run(self) -> bool:
        return self.viewer is not None and self.viewer.to_review()

    def review_steps(self) -> Iterator[Pause | None]:
        """Work out the review of the game opened again, in slices; its progress is painted
        at every REVIEW_PROGRESS_SHOWN of it, and when it is done. Stops if it is closed."""
        viewer = self.viewer
        if viewer is None:
            return
        shown = 0.0
        for progress in viewer.review_steps():
            if self.viewer is not viewer:
                return
            if progress >= shown + REVIEW_PROGRESS_SHOWN:
                shown = progress
                yield Pause(0.0)
            else:
                yield None
        yield Pause(0.0)

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
        if not names:
            self._say(self.t("Choose how many play."), "error")
            return
        most = ui_class.game.max_players
        if len(names) > most:
            self._say(
                self.t.n("At most {count} player.", "At most {count} players.", most), "error"
            )
            return
        seated: list[tuple[str, str, Mapping[str, str]]] = []
        edges: list[str] = []
        for index, written in enumerate(names):
            choice = dict(choices[index]) if index < len(choices) else {}
            edges.append(choice.pop(EDGE_CHOICE, ""))
            level = choice.pop(SEAT_KIND_CHOICE, "human")
            kind = BOT_SEAT + level if level in LEVELS else "human"
            # Cut once normalised, then normalised again: a cut may leave a trailing space.
            name = normalise_name(normalise_name(written)[:MAX_NAME_LENGTH]) or (
                self.t("Player {number}", number=index + 1)
                if kind == "human"
                else self.t("Computer {number}", number=index + 1)
            )
            seated.append((name, kind, choice))
        if dice == DAILY_DICE:  # played alone, in turn: no places at a table-top (a forged one)
            self.waiting = tuple(name for name, _, _ in seated)
            linked = day is not None and day.game == game
            self._play_the_day(day if linked and day is not None else Day(game, self.today))
            return
        seating = self._seating(edges)
        if seating is None:
            return
        self.waiting = ()
        drawn = first is None or not 0 <= first < len(seated)
        starter = self.randbelow(len(seated)) if drawn else first
        assert starter is not None
        seated = seated[starter:] + seated[:starter]
        seating = seating[starter:] + seating[:starter]
        try:
            options = ui_class.options([choice for _, _, choice in seated], self.randbelow)
            if variant:  # a game without variants refuses it (a forged request)
                options = {**options, "variant": variant}
            match = Match(
                ui_class.game,
                [Seat(name, kind) for name, kind, _ in seated],
                self.new_seed() if seed is None else seed,
                options,
                dice if dice in DICE_KINDS else APP_DICE,  # a forged request: the app rolls
                coach=coach and dice != SHEETS_ONLY,
            )
        except RuleError as error:
            self._say(self.t.rule(error), "error")
            return
        self._set_match(match, seating=seating)
        self._caught_up()
        self._save()
        if len(seated) > 1:  # alone, nobody else could have started
            self.events.append(Event(STARTS_DRAWN if drawn else STARTS_CHOSEN, (0,)))

    def _seating(self, edges: Sequence[str]) -> tuple[str, ...] | None:
        """The places chosen around a table-top, one per seat (none chosen: the device is
        handed round); None, said, when two people would sit at one place or a place is
        missing."""
        if not any(edges):
            return ()
        if len(edges) < 2 or not all(edge in EDGES for edge in edges):
            self._say(self.t("Choose a place at the table for everyone."), "error")
            return None
        if len(set(edges)) != len(edges):
            self._say(self.t("Two people cannot sit at the same place at the table."), "error")
            return None
        return tuple(edges)

    # -- a day's game --------------------------------------------------------------------

    def _play_the_day(self, day: Day) -> None:
        """The first name waiting plays ``day``'s game, alone; the others after them."""
        if day.date > self.today:
            self._say(self.t.rule(daily_error("daily.future", day=str(day))), "error")
            return
        name, self.waiting = self.waiting[0], self.waiting[1:]
        ui_class = GAME_UIS[day.game]
        seed, options = daily_seed(day), self._days_options(day)
        match = Match(ui_class.game, [Seat(name)], seed, options, DAILY_DICE, day=day)
        self._set_match(match)
        self._save()

    @staticmethod
    def _days_options(day: Day) -> Options:
        """What ``day`` deals at the start, the same for everyone (Diceland's map)."""
        return GAME_UIS[day.game].options([{}], seeded_draws(daily_seed(day)))

    def _next_on_the_day(self) -> None:
        """The next name waiting plays the day's game just finished."""
        match = self.match
        if match is None or match.day is None or not self.state.is_terminal or not self.waiting:
            return
        self._play_the_day(match.day)

    def _end_of_the_day(self, match: Match) -> str:
        """The end of a day's game, worked out again only when what it says may change (it
        replays the records of the day's games of the table)."""
        try:
            text = self.store.store.getItem(HISTORY_KEY)
        except Exception:  # storage unavailable: no history
            text = None
        source = (match, text, self.experts.results(), self.today, self.t.language, self.waiting)
        worked_out, html = self._day_end
        if source != worked_out:
            html = self._today_view().html(match)
            self._day_end = (source, html)
        return html

    def _today_view(self) -> TodayView:
        assert self.ui is not None
        return TodayView(
            self.t,
            self.ui,
            self.history,
            experts=self.experts,
            today=self.today,
            lower_is_better={game: ui.lower_is_better for game, ui in GAME_UIS.items()},
            waiting=self.waiting,
            ui_for=self._ui_for,
        )

    def _share(self) -> None:
        """Ask the page to share the day's game just finished (the Share API, or the
        clipboard: it says which, see :meth:`line_shared`)."""
        match = self.match
        if match is not None and match.day is not None and self.state.is_terminal:
            self.share = self._today_view().share(match)

    def line_shared(self, how: str) -> None:
        """The page shared the line (``share``), copied it (``clipboard``), or could not."""
        said = {
            "share": (self.t("Shared."), "info"),
            "clipboard": (self.t("The line is copied: paste it in a message."), "info"),
            "cancelled": (self.t("Not shared."), "info"),
        }
        failed = (self.t("This device could not share the line, nor copy it."), "error")
        text, kind = said.get(how, failed)
        self._say(text, kind)

    def expert_to_run(self) -> bool:
        """A day's game is on screen whose expert result this device has not worked out (a game
        without an expert has none to work out)."""
        match = self.match
        return (
            match is not None
            and match.day is not None
            and not self.watching
            and self.experts.get(match.day) is None
            and has_expert(match.game.id)
        )

    def expert_steps(self) -> Iterator[None]:
        """The expert plays the day's dice on screen, in slices (the page's taps answered in
        between), and its result is kept; stops if another day comes on screen."""
        match = self.match
        if match is None or match.day is None:
            return
        day = match.day
        playing = play_day(day, self._days_options(day))
        while True:
            try:
                next(playing)
            except StopIteration as done:
                expert: Match = done.value
                break
            if self.match is None or self.match.day != day:
                return
            yield None
        self.experts.put(day, self._ui_for(expert).solo_score(expert.state))

    # -- playing --------------------------------------------------------------------------

    def play(self, commands: Sequence[Command]) -> None:
        """Carry out what a tap (or a computer) asked for, one command after the other (see
        :class:`~dadoteca.table.Table`); then what follows every change: the choice shown
        goes, the game is saved, and enters the history at its end. Raises the RuleError of
        an answer the rules refuse (the commands before it stand)."""
        for command in commands:
            self._do(command)

    def _do(self, command: Command) -> None:
        table, ui = self.table, self.ui
        assert table is not None and ui is not None
        changes, was_over = table.changes, table.state.is_terminal
        self.events.extend(table.do(command))
        if table.changes == changes:
            return  # nothing happened: a tap from a screen that has moved on
        ui.forget()
        self._save()
        if table.state.is_terminal and not was_over:
            self._ended()

    def _ended(self) -> None:
        """The game just ended: it enters the history, and the table is told who won."""
        assert self.match is not None and self.ui is not None
        self._set_best()
        solo = len(self.match.seats) == 1
        result = self.ui.solo_score(self.match.state) if solo else None
        practice = self.match.day is not None and not self._today_view().counts(self.match)
        self.history_failed = not self.history.add(
            self.match, self.now(), result, practice=practice
        )
        self._imported = ()  # the history's last write is this game's
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

    def _save(self) -> None:
        table = self.table
        if table is None:
            self.store.save(None)
        else:
            self.store.save(
                table.match, table.answers, table.redo_groups, self.seating, self.waiting
            )

    # -- the coach --------------------------------------------------------------------------

    def hint(self, data: Mapping[str, str]) -> None:
        """The expert's choice for a person's decision (the person ``data`` names, else the
        one the screen asks), shown as their pending choice and said with one line of why;
        noted in the record (a game without hints offers none). The expert looks only at
        what the table sees: it rolls its own dice to look ahead."""
        table, ui = self.table, self.ui
        if table is None or ui is None or not table.match.coach:
            return
        named = tapped_number(data, "player", range(len(table.match.seats)))
        player = table.hinted_player(named)
        if player is None:
            return
        state = table.state
        appraisal = finish(table.appraising(player))
        table.match.hinted(player)
        words = hint_text(ui, state, player, appraisal)
        if table.together and ui.hints_on_lines:
            ui.show_hint_on_line(state, player, appraisal.choice, words)
        else:
            ui.show_hint(state, player, appraisal.choice)
            self._say(words, "coach")
        self._save()

    def hints_to_foresee(self) -> bool:
        return (
            self.table is not None
            and not self.watching
            and self.viewer is None
            and bool(self.table.to_foresee)
        )

    def foresee_hints(self) -> Iterator[None]:
        """Work out, in slices, the hints the people deciding now may ask for, while they look
        at the dice, so that a Hint tap finds its answer ready (a Qwixx expert's rollouts take
        a phone a few hundred milliseconds). Stops as soon as the game moves on."""
        table = self.table
        if table is None or not self.hints_to_foresee():
            return
        for _ in table.foresee_hints():
            if self.table is not table:
                return
            yield None

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
        self._do(Undo())
        if undoable.actions and table.table_rolls:
            rolled, roll = table.redo_groups[-1][0]
            if rolled is None:
                ui.enter_again(table.state, roll)

    # -- computer players -------------------------------------------------------------------

    def computer_to_move(self) -> int | None:
        """The computer player the table waits for now (to roll or to decide), or None."""
        return None if self.table is None else self.table.computer_to_move

    def computers_to_act(self) -> bool:
        """A computer is to roll, or to answer the present decision: its move will come (in
        the window playing the game, not in one watching it, and not while the table is asked
        a question)."""
        return self._computers_may_move() and self.table is not None and self.table.computers_to_act

    def computer_moves(self) -> Iterator[Pause | None]:
        """The computers' moves (Table.computer_moves), until the table waits for a person or
        the game ends: a generator, so the page can run it at the table's pace. It yields a
        :class:`~dadoteca.commands.Pause` where the table should see what happens, and None
        between slices of a computer's thinking (the page hands the thread back now and then).
        Whatever the table does meanwhile (a tap, a new game, an import, a question) wins: a
        move worked out for a moment that has passed is dropped."""
        table = self.table
        if table is None:
            return
        for item in table.computer_moves():
            if self.table is not table or not self._computers_may_move():
                return
            if item is None or isinstance(item, Pause):
                yield item
            elif isinstance(item, Show):
                assert self.ui is not None
                self.ui.show_choice(table.state, item.player, item.action)
            else:
                self._do(item)

    def _computers_may_move(self) -> bool:
        """A game in play in this window, and no question open: a computer moving under
        "Replace the game in progress?" or "Take back Anna's move?" would change what is
        asked about, and the answer, sent for the moment it was asked in, would be lost."""
        return (
            self.table is not None
            and not self.state.is_terminal
            and not self.watching
            and self.confirm is None
            and self.viewer is None
        )

    def play_bots(self) -> None:
        """Let the computer players move, without pauses, until a person must (or the end)."""
        for _ in self.computer_moves():
            pass

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
            if text is None:
                raise RuleError("import.not_utf8", SAVE_RULES["import.not_utf8"])
            match, _, levels = read_game(text, "import")
        except ValueError as error:  # RuleError is a ValueError too, with words for the player
            reason = self.t.rule(error) if isinstance(error, RuleError) else str(error)
            self._say(self.t("This file cannot be imported: {reason}", reason=reason), "error")
            return
        if self.screen == "play" and not confirmed:
            self._pending_import = text
            self.confirm = Confirm(
                self.t("Replace the game in progress with the imported one?"),
                "import-confirmed",
                self.t("Yes, replace it"),
                self.t("No, keep playing"),
            )
            return
        self._set_match(match)
        self._caught_up()
        self._save()
        if levels:
            self._say(f"{self.t('Game imported.')} {self._levels_changed(levels)}", "warning")
        else:
            self._say(self.t("Game imported."), "info")

    def _levels_changed(self, levels: Sequence[LevelChange]) -> str:
        """Which computers play at another level than their record's, in words."""
        assert self.ui is not None
        return " ".join(
            self.t(
                "{name} plays as “{played}”: this version has no “{level}” computer player.",
                name=self.ui.plain_name(change.seat),
                played=level_names(self.t)[change.played],
                level=change.level,
            )
            for change in levels
        )

    @property
    def solo_results(self) -> SoloResults:
        """How each game ranks its solo games (its GameUI says), for the history's import."""
        return SoloResults(
            lambda match: self._ui_for(match).solo_score(match.state),
            lambda game: GAME_UIS[game].lower_is_better,
        )

    def import_history(
        self, text: str | None, *, make_room: bool = False
    ) -> tuple[str, str] | None:
        """Merge an exported history into this device's (storage.History.import_games): what to
        tell the player and how (``info`` or ``error``). A refused file adds nothing. One that
        would cut games of this device to make room is asked about first (None: ``confirm``
        asks; its Yes, MAKE_ROOM, is the session's: the history downloaded, then imported
        ``make_room``)."""
        t = self.t
        try:
            if text is None:
                raise RuleError("history.not_utf8", SAVE_RULES["history.not_utf8"])
            imported = self.history.import_games(
                text, self.now(), self.solo_results, make_room=make_room
            )
        except RuleError as error:
            reason = t.rule(error)
            return t("This file cannot be imported: {reason}", reason=reason), "error"
        if imported.dropping and not make_room:
            self.confirm = Confirm(
                t.n(
                    "The history keeps the latest {limit} games: adding these removes "
                    "{count} game of this device, the oldest. Download the history first?",
                    "The history keeps the latest {limit} games: adding these removes "
                    "{count} games of this device, the oldest. Download the history first?",
                    imported.dropping,
                    limit=HISTORY_LIMIT,
                ),
                MAKE_ROOM,
                t("Download it, then add them"),
                t("No, keep the history as it is"),
            )
            return None
        self._imported = imported.entered
        count = len(imported.entered)
        if not count and not imported.too_old:
            return t("Every game of this file is in the history already."), "info"
        said = [
            t.n(
                "{count} finished game added to the history.",
                "{count} finished games added to the history.",
                count,
            )
        ]
        if imported.late:
            said.append(
                t.n(
                    "{count} of them ended later than this device's clock says it is now: it "
                    "is listed as ending now.",
                    "{count} of them ended later than this device's clock says it is now: "
                    "they are listed as ending now.",
                    imported.late,
                )
            )
        if imported.dropping:
            said.append(
                t.n(
                    "{count} game of this device, the oldest, was removed to make room.",
                    "{count} games of this device, the oldest, were removed to make room.",
                    imported.dropping,
                )
            )
        if imported.too_old:
            said.append(
                t.n(
                    "{count} game of the file was not added: the history keeps the latest "
                    "{limit}, and it is older.",
                    "{count} games of the file were not added: the history keeps the latest "
                    "{limit}, and they are older.",
                    imported.too_old,
                    limit=HISTORY_LIMIT,
                )
            )
        return " ".join(said), "info"

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
        self.history_failed = self.record_failed = False
        self.ui = None if match is None else self._ui_for(match)
        if match is not None and match.state.is_terminal:
            self._set_best()

    def not_stored(self, keys: set[str]) -> tuple[str, str] | None:
        """The page could not write ``keys`` (storage full or refused). The game's save: play
        goes on, with the warning. A copy of something unreadable: the original stays where it
        is, never overwritten. The history or a finished game's record: the player is told,
        and offered the record; an imported history's games: what to say in the History dialog
        (text, kind), the import undone where the history itself was refused."""
        if SAVE_KEY in keys:
            self.store.working, self.store.refused = False, True
        for key in keys:
            if key.startswith(BROKEN_HISTORY_PREFIX):
                self.history.writable = False
            elif key.startswith(BROKEN_PREFIX):
                self.store.keep_damaged()
        records = any(key.startswith(RECORD_PREFIX) for key in keys)
        if self._imported and (HISTORY_KEY in keys or records):
            imported, self._imported = self._imported, ()
            if HISTORY_KEY in keys:
                self.history.forget(imported)
                said = self.t(
                    "The games could not be added: this device's storage is full or refuses them."
                )
            else:
                said = self.t(
                    "The games were added, but this device's storage is full: the moves of "
                    "some are not kept, so they cannot be opened again."
                )
            return said, "error"
        if self.match is not None and self.state.is_terminal:
            if HISTORY_KEY in keys:
                self.history_failed = True
            elif records:
                self.record_failed = True
        return None

    def _set_best(self) -> None:
        """A solo game's end shows the player's best on this device before this game."""
        assert self.match is not None and self.ui is not None
        if len(self.match.seats) == 1:
            self.ui.best = self.history.best(self.match, lower_is_better=self.ui.lower_is_better)

    def _new_game(self, *, confirmed: bool) -> None:
        """Back to the setup; a game still in play is only abandoned after a confirmation."""
        if self.match is not None and not self.state.is_terminal and not confirmed:
            self.confirm = Confirm(
                self.t("Abandon this game?"),
                "new-game-confirmed",
                self.t("Yes, start a new game"),
                self.t("No, keep playing"),
            )
            return
        self._set_match(None)
        self._save()

    def _say(self, text: str, kind: str) -> None:
        self.notice = text
        self.notice_kind = kind
