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


def hint_text(ui: GameUI, state: AnyState, player: int, appraisal: Appraisal) -> str:
    """``player``'s hint: the expert's choice, and why, in the player's language."""
    t = ui.t
    best, *others = appraisal.options
    choice = ui.describe(state, best.action)
    said = t("Hint for {name}: {choice}.", name=ui.plain_name(player), choice=choice)
    if not others:
        return f"{said} {t('It is the only choice.')}"
    other = others[0]
    alternative = ui.describe(state, other.action)
    if alternative == choice:  # the same words for other crosses or dice: the board shows which
        alternative = t("the next best choice")
    if appraisal.unit == WIN_CHANCE:
        chance, other_chance = round(100 * best.value), round(100 * other.value)
        if chance <= other_chance:
            why = t("It wins about as often as {other}.", other=alternative)
        else:
            why = t(
                "It wins about {chance}% of the time, {other} {other_chance}%.",
                chance=chance,
                other=alternative,
                other_chance=other_chance,
            )
        return f"{said} {why}"
    if best.value == inf:
        return f"{said} {t('It wins the game.')}"
    if best.value >= WIN_IN_SIGHT:  # an expectation taking in a chance of winning at once
        return f"{said} {t('It may win the game now.')}"
    gain = best.value - other.value
    if gain < AS_GOOD:
        why = t("It is about as good as {other}.", other=alternative)
    elif appraisal.unit in (POINTS, LEAD):
        why = t(
            "About {gain} more points expected than {other}.",
            gain=t.decimal(gain),
            other=alternative,
        )
    else:
        assert appraisal.unit == TURNS
        why = t(
            "About {gain} turns nearer the goal than {other}.",
            gain=t.decimal(gain),
            other=alternative,
        )
    return f"{said} {why}"
