"""The coach of a game started with hints: the expert's choice for a person's decision, shown
as their pending choice, and one line of why; worked out ahead, while people look at the dice.

The expert (:mod:`dadoteca.bots`) appraises the decision; :func:`hint_text` says its choice and
how it compares with the best other choice, in the appraisal's unit: expected points (or lead),
the chance of winning, or the turns still needed to win. Plain text: the App escapes notices
whole. Apart from the App because the coach only advises: what is played is the person's tap.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from math import inf
from typing import TYPE_CHECKING, Final

from dadoteca.bots import LEAD, POINTS, TURNS, WIN_CHANCE, WIN_IN_SIGHT, Appraisal, finish
from dadoteca.core import AnyState

from .game_ui import GameUI, tapped_number

if TYPE_CHECKING:
    from .app import App

__all__ = ["Coach", "hint_text"]

AS_GOOD: Final = 0.05  # points or turns: a smaller gain over the next choice is no gain
ROUNDED: Final = 0.5  # points or turns: a smaller gain is "a little", a larger one a number


def hint_text(ui: GameUI, state: AnyState, player: int, appraisal: Appraisal) -> str:
    """``player``'s hint: the expert's choice, and why, in plain words: how many points more
    than the next best choice (or how many turns sooner to the goal, or how many games in ten
    won), rounded to what a player can weigh; the player's language."""
    t = ui.t
    best, *others = appraisal.options
    said = {"name": ui.plain_name(player), "choice": ui.describe(state, best.action)}
    if not others:
        return t("Hint for {name}: {choice}. It is the only choice.", **said)
    if best.value == inf:
        return t("Hint for {name}: {choice}. It wins the game.", **said)
    if best.value >= WIN_IN_SIGHT:  # an expectation taking in a chance of winning at once
        return t("Hint for {name}: {choice}. It may win the game now.", **said)
    other = ui.describe(state, others[0].action)
    if other == said["choice"]:  # the same words for other crosses or dice: the board shows
        other = t("the next best choice")
    said["other"] = other
    if appraisal.unit == WIN_CHANCE:  # games won in ten, as a table counts them
        tens, other_tens = round(10 * best.value), round(10 * others[0].value)
        if tens > other_tens:
            return t(
                "Hint for {name}: {choice}, a win more often than {other}: about {chance} "
                "games in 10, against {other_chance}.",
                **said,
                chance=tens,
                other_chance=other_tens,
            )
        gain = best.value - others[0].value
        if gain * 100 < 1:
            return t("Hint for {name}: {choice}, about as good as {other}.", **said)
        return t("Hint for {name}: {choice}, a win a little more often than {other}.", **said)
    gain = best.value - others[0].value
    if gain < AS_GOOD:
        return t("Hint for {name}: {choice}, about as good as {other}.", **said)
    if appraisal.unit in (POINTS, LEAD):
        if gain < ROUNDED:
            return t("Hint for {name}: {choice}, a little better than {other}.", **said)
        return t.n(
            "Hint for {name}: {choice}, about {count} point more than {other}.",
            "Hint for {name}: {choice}, about {count} points more than {other}.",
            round(gain),
            **said,
        )
    assert appraisal.unit == TURNS
    if gain < ROUNDED:
        return t(
            "Hint for {name}: {choice}, to reach the goal a little sooner than with {other}.",
            **said,
        )
    return t.n(
        "Hint for {name}: {choice}, to reach the goal about {count} turn sooner than with "
        "{other}.",
        "Hint for {name}: {choice}, to reach the goal about {count} turns sooner than with "
        "{other}.",
        round(gain),
        **said,
    )


class Coach:
    """The coach of the game ``app`` has on screen (none in a game started without hints)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def hint(self, data: Mapping[str, str]) -> None:
        """The expert's choice for a person's decision (the person ``data`` names, else the
        one the screen asks), shown as their pending choice and said with one line of why;
        noted in the record (a game without hints offers none). The expert looks only at
        what the table sees: it rolls its own dice to look ahead."""
        app = self.app
        table, ui = app.table, app.ui
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
            app.tell(words, "coach")
        app.save()

    def to_foresee(self) -> bool:
        """Hints are to be worked out ahead for the people deciding now, in the window
        playing the game (none while a finished game is opened again)."""
        app = self.app
        return (
            app.table is not None
            and not app.watching
            and app.viewer is None
            and bool(app.table.to_foresee)
        )

    def foresee(self) -> Iterator[None]:
        """Work out, in slices, the hints the people deciding now may ask for, while they look
        at the dice, so that a Hint tap finds its answer ready (a Qwixx expert's rollouts take
        a phone a few hundred milliseconds). Stops as soon as the game moves on."""
        table = self.app.table
        if table is None or not self.to_foresee():
            return
        for _ in table.foresee_hints():
            if self.app.table is not table:
                return
            yield None
