"""What the App shows, read from its state: the HTML of every region of the page (its own parts
around the game's, which its GameUI paints: the warnings that last above the game, the notice a
tap brought, the tools, who else may start, the computer playing, a first game's guide, the
statistics, a day's end), what happened in words, and the questions asked in a dialog. Apart
from the App so that what it decides (:mod:`dadoteca_web.app`) reads without its markup;
nothing here changes a game.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Final, NamedTuple

from dadoteca.commands import SeatedState
from dadoteca.core import Event
from dadoteca.table import ANSWERS_TAKEN_BACK, TAKEN_BACK, Table

from .game_ui import BULB_ICON, PLAY_REGIONS, GameUI, TableSeat
from .guide import Guide
from .i18n import Translator
from .screens import GAME_UIS, lower_is_better
from .stats import stats_html
from .today import day_stats

if TYPE_CHECKING:
    from .app import App

__all__ = [
    "REGIONS",
    "RESULT",
    "STARTS_CHOSEN",
    "STARTS_DRAWN",
    "TABLE_EVENTS",
    "AppView",
    "Confirm",
    "WorkedOut",
]

REGIONS: Final = ("notice", "warnings", "tools", "review", "stats", "today", "guide", *PLAY_REGIONS)

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


class Confirm(NamedTuple):
    """A question the page asks in a dialog before an act that cannot be taken back easily:
    ``yes`` is the act that goes ahead; anything else keeps things as they are."""

    text: str
    yes: str
    yes_label: str
    no_label: str


def _warnings_html(
    t: Translator,
    *,
    saving: bool,
    watching: bool,
    record_failed: bool,
    history_failed: bool,
    damaged_kept: bool,
) -> str:
    """What lasts, in the page's flow above the game: the game not saved, played in another
    window, its record or its history entry not kept (with the record's download), a damaged
    save kept on the device (with its download)."""
    download_record = f' <button data-act="export">{t("Download its record")}</button></p>'
    warnings = []
    if not saving:
        warnings.append(
            '<p class="notice warning" role="status">'
            + t("This device is not saving the game: it will be lost if you close it.")
            + "</p>"
        )
    if watching:
        warnings.append(
            '<p class="notice watching" role="status">'
            f"{t('This game is being played in another window.')} "
            f'<button data-act="take-over">{t("Play here")}</button></p>'
        )
    if record_failed:
        warnings.append(
            '<p class="notice warning" role="alert">'
            + t(
                "This game's moves could not be kept on this device (its storage is full), "
                "so it cannot be opened again later."
            )
            + download_record
        )
    if history_failed:
        warnings.append(
            '<p class="notice warning" role="alert">'
            + t(
                "This game could not be added to the history: this device's storage is "
                "full or refuses it."
            )
            + download_record
        )
    if damaged_kept:
        warnings.append(
            f'<p class="notice warning" role="status">'
            f"{t('The damaged save is kept on this device.')} "
            f'<button data-act="export-damaged">{t("Download it")}</button></p>'
        )
    return "".join(warnings)


def _notice_html(notice: str, kind: str) -> str:
    """What a tap brought (``kind``: ``info``, ``warning``, ``error``, ``coach``): where the
    eyes are, until the next tap; none without one."""
    if not notice:
        return ""
    role = "alert" if kind == "error" else "status"
    return f'<p class="notice {kind}" role="{role}">{escape(notice)}</p>'


def _computer_playing_html(t: Translator, name: str) -> str:
    """The prompt while a computer player (``name``, as HTML) plays: nothing to tap."""
    return (
        '<h2 class="prompt bot-turn" aria-live="polite">'
        + t("{name} (computer) is playing…", name=name)
        + "</h2>"
    )


def _tools_html(t: Translator, table: Table, ui: GameUI) -> str:
    """Undo and Redo, the game's own, one step at a time; Review once it is over; and the
    coach's Hint when the game was started with hints (on the lines themselves instead where
    everyone decides at once and the game's screen shows hints there)."""
    undoable = table.undoable
    undo = "" if undoable else " disabled"
    redo = "" if table.redo_groups else " disabled"
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
    if table.state.is_terminal:
        tools += f'<button class="tool" data-act="review">{t("Review the game")}</button>'
    if table.match.coach and not (table.together and ui.hints_on_lines):
        hinted = table.hinted_player(None)
        if hinted is None:
            label, off = t("Hint"), " disabled"
        else:
            label, off = t("Hint for {name}", name=ui.plain_name(hinted)), ""
        tools += (
            f'<button class="tool hint-tool" data-act="hint" aria-label="{escape(label)}"'
            f"{off}>{BULB_ICON} {t('Hint')}</button>"
        )
    return tools


def _starters_html(t: Translator, ui: GameUI, seats: int) -> str:
    """Before the first roll, the others of the ``seats`` the table may let start instead of
    the one drawn (or chosen), one tap each."""
    buttons = "".join(
        f'<button class="starter" data-act="starter" data-player="{player}" '
        f'aria-label="{escape(t("{name} starts instead", name=ui.plain_name(player)))}">'
        f"{ui.name(player)}</button>"
        for player in range(1, seats)
    )
    return f'<p class="starters">{t("Someone else starts:")} {buttons}</p>' if buttons else ""


class WorkedOut:
    """A part of the page that takes long to work out (the statistics, a day's end), worked out
    again only when what it is worked out from changed."""

    def __init__(self) -> None:
        self.source: tuple[object, ...] | None = None
        self.html = ""

    def of(self, source: tuple[object, ...], work: Callable[[], str]) -> str:
        """The part worked out from ``source`` (all it depends on): ``work``'s, unless it was
        already worked out from the same."""
        if source != self.source:
            self.source, self.html = source, work()
        return self.html


class AppView:
    """The page as ``app`` shows it now."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._stats = WorkedOut()  # the History dialog's statistics

    def regions(self) -> dict[str, str]:
        """The HTML of every region of the page, for the glue to paint where it changed."""
        app, t = self.app, self.app.t
        store, match, table, ui = app.store, app.match, app.table, app.ui
        regions = dict.fromkeys(REGIONS, "")
        regions["warnings"] = _warnings_html(
            t,
            saving=store.working,
            watching=app.watching,
            record_failed=app.keeping.record_failed,
            history_failed=app.keeping.history_failed,
            damaged_kept=store.damaged is not None and (match is None or store.keeping_damaged),
        )
        regions["stats"] = self._statistics()
        regions["notice"] = _notice_html(app.notice, app.notice_kind)
        if app.viewer is not None:
            regions.update(app.viewer.regions())
            return regions
        if table is None or match is None or ui is None:
            return regions
        if match.day is not None and match.state.is_terminal:
            regions["today"] = app.day.end_html(t, ui, match, app.today)
        ui.hints_used = tuple(match.hints_by_player())
        ui.passing_for = table.passing_for
        ui.seated = self._seated(table)
        guiding = self._guide_lines(table, ui)
        # Around a table-top each line lies in its person's place, turned to face them.
        ui.guiding = guiding if app.seating else {}
        regions.update(ui.regions(match.state, table.answers))
        if not app.seating:
            regions["guide"] = "".join(guiding.values())
        if app.watching:  # shown as it is, nothing to tap
            regions["controls"] = ""
            return regions
        regions["tools"] = _tools_html(t, table, ui)
        bot = app.computers.to_move()
        if bot is not None:  # the table watches: nothing to tap while a computer plays
            regions["prompt"] = _computer_playing_html(t, ui.name(bot))
            regions["controls"] = ""
        if app.before_the_first_roll():
            regions["prompt"] += _starters_html(t, ui, len(match.seats))
        return regions

    def say(self, event: Event) -> str | None:
        """``event`` in words (None: a kind the table is not told in words)."""
        ui = self.app.ui
        if ui is None:
            return None
        if event.kind == RESULT:
            state = self.app.state
            return ui.result(state) if state.is_terminal else None
        template = TABLE_EVENTS.get(event.kind)
        if template is None:
            return ui.say(event)
        names = [ui.name(player) for player in event.players]
        return self.app.t(template, name=names[0] if names else "", names=", ".join(names))

    def _guide_lines(self, table: Table, ui: GameUI) -> dict[int, str]:
        """A first game's guide: for each person acting now (the one the screen is for, or
        every place around a table-top), the line of the first kind of their decision this
        device has not told yet; none while a computer plays or another window does."""
        app = self.app
        if app.watching:
            return {}  # the window playing tells the guide, and keeps what it told
        kinds: dict[int, str] = {}
        told = app.guide.told()
        # Once every line of the game is told, its kinds are not even asked for.
        if not told.issuperset(ui.guide) and app.computers.to_move() is None:
            for player in table.acting if app.seating else (table.asked,):
                kind = Guide.kind_to_tell(table.moment_kinds(player), ui.guide, told)
                if kind is not None:
                    kinds[player] = kind
        app.guide.shown(set(kinds.values()))
        return {player: Guide.line(app.t, kind, ui.guide[kind]) for player, kind in kinds.items()}

    def _seated(self, table: Table) -> tuple[TableSeat, ...]:
        """Each player's place around the table-top, as the table says who acts now (a window
        watching another's play shows the places, nobody acting)."""
        seating = self.app.seating
        if not seating:
            return ()
        acting = () if self.app.watching else table.acting
        state = table.state
        assert isinstance(state, SeatedState)
        active = None if state.is_terminal else state.active
        answers = table.answers
        return tuple(
            TableSeat(
                edge, p == active, p in acting, p in answers, table.turn_of(p), table.seat_moment(p)
            )
            for p, edge in enumerate(seating)
        )

    def _statistics(self) -> str:
        """The History dialog's statistics, worked out again only when the history, the
        language, the day or the expert's results changed."""
        app = self.app
        experts = app.experts.results()

        def worked_out() -> str:
            entries = app.history.readable() or []
            days = day_stats(entries, lower_is_better(), experts, app.today)
            return stats_html(entries, app.t, GAME_UIS, days)

        source = (app.history.stored_text(), app.t.language, app.today, experts)
        return self._stats.of(source, worked_out)
