"""The end of a day's game: the result against the player's days and the expert's, the line
to share, the next player at the table, and the family's ranking on the same dice."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date
from html import escape

from dadoteca.bots import has_expert
from dadoteca.daily import Day
from dadoteca.match import Match, name_key

from .game_ui import GameUI
from .history import History
from .history_entries import entry_id_of
from .i18n import Translator
from .today import DayEntry, Experts, best_rolls, counted, day_entries, share_line, streaks

__all__ = ["TodayView"]


def _named(name: str) -> str:
    """A name for HTML text: escaped and isolated (see GameUI.name)."""
    return f"<bdi>{escape(name)}</bdi>"


class TodayView:
    """What the end screen of a day's game says beside the sheet (the ``today`` region)."""

    def __init__(
        self,
        t: Translator,
        ui: GameUI,
        history: History,
        *,
        experts: Experts,
        today: date,
        lower_is_better: Mapping[str, bool],
        waiting: Sequence[str],
        ui_for: Callable[[Match], GameUI],
    ) -> None:
        self.t = t
        self.ui = ui
        self.history = history
        self.experts = experts
        self.today = today
        self.lower_is_better = lower_is_better
        self.waiting = waiting
        self.ui_for = ui_for

    def _entries(self) -> list[DayEntry]:
        return day_entries(self.history.readable() or [], self.lower_is_better)

    def counts(self, match: Match) -> bool:
        """Whether ``match``, just finished, counts for its day: played on its day, and the
        first of that day its player finished on this device (the later ones are practice)."""
        day = match.day
        assert day is not None
        who = (day, name_key(match.seats[0].name))
        return day.date == self.today and who not in counted(self._entries())

    def result_words(self, day: Day, result: int) -> str:
        """A result of ``day``'s game in words: its points, or Diceland's rounds."""
        if self.lower_is_better[day.game]:
            return self.t.n("{count} round", "{count} rounds", result)
        return self.t.n("{count} point", "{count} points", result)

    def share(self, match: Match) -> tuple[str, str]:
        """The line to share for ``match`` and its link (see :func:`today.share_line`)."""
        assert match.day is not None
        result = self.ui.solo_score(match.state)
        picture = self.ui.sheet_line(match.state, 0)
        return share_line(self.ui.title, match.day, self.result_words(match.day, result), picture)

    def html(self, match: Match) -> str:
        day = match.day
        assert day is not None
        t = self.t
        entries = self._entries()
        firsts = counted(entries)
        who = name_key(match.seats[0].name)
        mine = firsts.get((day, who))
        this_one = mine is not None and mine.entry_id == entry_id_of(match)
        title = (
            t("Today's game, {day}", day=day.date.isoformat())
            if day.date == self.today
            else t("The game of {day}", day=day.date.isoformat())
        )
        parts = [f'<h2 id="today-title">{escape(title)}</h2>']
        if mine is None:
            said = t("Practice: this day's game counts when played on its day.")
        elif this_one:
            said = t("This game counts for the day.")
        else:
            said = t(
                "Practice: {name}'s game of this day that counts is already played ({result}).",
                name=_named(match.seats[0].name),
                result=self.result_words(day, mine.result),
            )
        parts.append(f'<p class="today-counts">{said}</p>')
        parts.append(self._days_of(day, match.seats[0].name, firsts))
        parts.append(self._expert(day))
        parts.append(
            f'<p class="today-share"><button class="primary" data-act="share">'
            f"{t('Share the result')}</button></p>"
        )
        if self.waiting:
            name = _named(self.waiting[0])
            parts.append(
                f'<p class="today-next"><button class="primary" data-act="day-next">'
                f"{t('Now {name} plays these dice', name=name)}</button></p>"
            )
        parts.append(self._ranking(day, firsts))
        return (
            f'<section class="today" aria-labelledby="today-title">{"".join(parts)}</section>'
        )

    def _days_of(self, day: Day, name: str, firsts: Mapping[tuple[Day, str], DayEntry]) -> str:
        """The player's best day and streak in this game."""
        t, who = self.t, name_key(name)
        theirs = [e for (d, w), e in firsts.items() if w == who and d.game == day.game]
        if not theirs:
            return ""
        results = [entry.result for entry in theirs]
        best = min(results) if self.lower_is_better[day.game] else max(results)
        runs = streaks((entry.day.date for entry in theirs), self.today)
        said = [
            t("Best day: {result}", result=self.result_words(day, best)),
            t.n("Streak: {count} day in a row", "Streak: {count} days in a row", runs.current),
            t.n("longest: {count} day", "longest: {count} days", runs.longest),
        ]
        return f'<p class="today-days">{escape(" · ".join(said))}</p>'

    def _expert(self, day: Day) -> str:
        """The expert's result on the same dice, or that it is still playing them (nothing in
        a game without an expert)."""
        t = self.t
        result = self.experts.get(day)
        if result is None and not has_expert(day.game):
            return ""
        if day.date == self.today:
            dice = t("on today's dice")
        else:
            dice = t("on the dice of {day}", day=day.date.isoformat())
        if result is None:
            said = t("The expert is playing these dice…")
        elif self.lower_is_better[day.game]:  # a race: how soon
            said = t.n(
                "The expert reached the goal in {count} round {dice}.",
                "The expert reached the goal in {count} rounds {dice}.",
                result,
                dice=dice,
            )
        else:
            said = t.n(
                "The expert scored {count} point {dice}.",
                "The expert scored {count} points {dice}.",
                result,
                dice=dice,
            )
        return f'<p class="today-expert" aria-live="polite">{escape(said)}</p>'

    def _ranking(self, day: Day, firsts: Mapping[tuple[Day, str], DayEntry]) -> str:
        """Everyone at this device who played ``day``'s game, best first, their sheets side
        by side, and who did best on which roll."""
        t = self.t
        players = sorted(
            (entry for (d, _), entry in firsts.items() if d == day),
            key=lambda entry: entry.result,
            reverse=not self.lower_is_better[day.game],
        )
        if len(players) < 2:
            return ""
        matches = [self.history.record(entry.entry_id) for entry in players]
        kept = [match for match in matches if match is not None]
        best = dict(zip((id(m) for m in kept), best_rolls(kept), strict=True))
        rows, sheets = [], []
        for rank, (entry, match) in enumerate(zip(players, matches, strict=True), 1):
            name = _named(entry.name)
            rolls = best.get(id(match), []) if match is not None else []
            on = ", ".join(map(str, rolls)) if rolls else "-"
            rows.append(
                f'<tr><td>{rank}</td><th scope="row">{name}</th>'
                f"<td>{escape(self.result_words(day, entry.result))}</td><td>{on}</td></tr>"
            )
            if match is not None:
                ui = self.ui_for(match)
                # The sheet as its game's end shows it, with its player's name.
                sheets.append(
                    f'<div class="today-sheet">{ui.regions(match.state, {}).get("board", "")}</div>'
                )
        head = (
            f"<tr><th scope=\"col\">#</th><th scope=\"col\">{t('Player')}</th>"
            f"<th scope=\"col\">{t('Result')}</th><th scope=\"col\">{t('Best on rolls')}</th></tr>"
        )
        return (
            f'<h3>{t("The table on these dice")}</h3>'
            f'<table class="today-ranking"><thead>{head}</thead><tbody>{"".join(rows)}</tbody>'
            f'</table><div class="today-sheets">{"".join(sheets)}</div>'
        )
