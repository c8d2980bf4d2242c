"""A day's game at this table (:mod:`dadoteca.daily`): the names waiting to play the day's dice
next, each alone, in turn; its end (:class:`~dadoteca_web.today_view.TodayView`), worked out
again only when what it says may change; the line to share; and the expert's play of the same
dice, once per device. Apart from the App, which starts the day's game from the setup and puts
each match on screen, because none of this concerns a game played together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date

from dadoteca.bots import has_expert
from dadoteca.bots.play import play_day
from dadoteca.core import Options
from dadoteca.daily import Day, daily_error, daily_seed
from dadoteca.match import DAILY_DICE, Match, Seat

from .app_view import WorkedOut
from .game_ui import GameUI
from .history import History
from .i18n import Translator
from .new_game import seeded_draws
from .screens import GAME_UIS, lower_is_better, ui_for
from .today import Experts
from .today_view import TodayView

__all__ = ["DayGames", "day_options", "shared_words"]


def day_options(day: Day) -> Options:
    """What ``day`` deals at the start, the same for everyone (Diceland's map)."""
    return GAME_UIS[day.game].options([{}], seeded_draws(daily_seed(day)))


def shared_words(t: Translator, how: str) -> tuple[str, str]:
    """What the page did with the line to share, in words, and how to say it: shared it
    (``share``), copied it (``clipboard``), not shared it (``cancelled``), or could not."""
    said = {
        "share": (t("Shared."), "info"),
        "clipboard": (t("The line is copied: paste it in a message."), "info"),
        "cancelled": (t("Not shared."), "info"),
    }
    return said.get(how, (t("This device could not share the line, nor copy it."), "error"))


class DayGames:
    """The day's games of this table, around the history of finished games and the expert's
    results on this device."""

    def __init__(self, history: History, experts: Experts) -> None:
        self.history = history
        self.experts = experts
        # The names to play the day's game next at this table, in turn (saved with the game).
        self.waiting: tuple[str, ...] = ()
        # The line a Share tap asks the page to share: (text, link relative to the app).
        self.share: tuple[str, str] | None = None
        self._end = WorkedOut()

    def next_match(self, day: Day, today: date) -> Match:
        """``day``'s game for the first name waiting, alone (the others play it after them);
        raises the RuleError ``daily.future`` for a day after ``today``."""
        if day.date > today:
            raise daily_error("daily.future", day=str(day))
        name, self.waiting = self.waiting[0], self.waiting[1:]
        game = GAME_UIS[day.game].game
        return Match(game, [Seat(name)], daily_seed(day), day_options(day), DAILY_DICE, day=day)

    def view(self, t: Translator, ui: GameUI, today: date) -> TodayView:
        """The end of the day's game on screen (``ui``), ``today`` being the page's date."""
        return TodayView(
            t,
            ui,
            self.history,
            experts=self.experts,
            today=today,
            lower_is_better=lower_is_better(),
            waiting=self.waiting,
            ui_for=lambda match: ui_for(t, match),
        )

    def end_html(self, t: Translator, ui: GameUI, match: Match, today: date) -> str:
        """The end of ``match``, a day's game, worked out again only when what it says may
        change (it replays the records of the day's games of the table)."""
        text = self.history.stored_text()
        source = (match, text, self.experts.results(), today, t.language, self.waiting)
        return self._end.of(source, lambda: self.view(t, ui, today).html(match))

    def expert_to_run(self, match: Match) -> bool:
        """``match`` is a day's game whose expert result this device has not worked out (a game
        without an expert has none to work out)."""
        return (
            match.day is not None
            and self.experts.get(match.day) is None
            and has_expert(match.game.id)
        )

    def expert_steps(
        self, day: Day, t: Translator, on_screen: Callable[[], bool]
    ) -> Iterator[None]:
        """The expert plays ``day``'s dice, in slices (the page's taps answered in between),
        and its result is kept; stops once the day is no longer ``on_screen``."""
        playing = play_day(day, day_options(day))
        while True:
            try:
                next(playing)
            except StopIteration as done:
                expert: Match = done.value
                break
            if not on_screen():
                return
            yield None
        self.experts.put(day, ui_for(t, expert).solo_score(expert.state))
