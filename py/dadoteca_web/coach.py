"""The coach's hint in words: the expert's choice for a decision, and one line of why.

The expert (:mod:`dadoteca.bots`) appraises the decision; this says its choice and how it
compares with the best other choice, in the appraisal's unit: expected points (or lead), the
chance of winning, or the turns still needed to win. Plain text: the App escapes notices whole.
"""

from __future__ import annotations

from math import inf
from typing import Final

from dadoteca.bots import LEAD, POINTS, TURNS, WIN_CHANCE, WIN_IN_SIGHT, Appraisal
from dadoteca.core import AnyState

from .game_ui import GameUI

__all__ = ["hint_text"]

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
