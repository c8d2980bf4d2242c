"""Qwixx rollouts: the rest of a game with rivals, played fast on the model's sheets.

The expert with rivals weighs its close calls by playing each out to the end of the game, a few
hundred times a decision (:meth:`.bots.ExpertQwixxBot.play_out`). A player in a rollout is
a sheet of :mod:`.model`, ``[red, yellow, green, blue, penalties]`` in row codes (rows shut
by anyone are closed codes on every sheet), played by the model's rules; each player takes the
turn's best by a value of sheets it is given (the expert's own lead, the normal level's value
for the rivals: both in :mod:`.bots`).

Apart from the bots' decision rule: this is the machinery of playing a game out, on lists and
tables rather than the engine's states, and it knows no way of valuing a sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

from dadoteca.core import draw
from dadoteca_games.qwixx.model import (
    Dice,
    action1_sheets,
    game_over,
    locks_end_game,
    model_dice,
    model_sheet,
    points,
    shut,
    turn_options,
    with_penalty,
)
from dadoteca_games.qwixx.rules import Phase, QwixxState, Sheet

__all__ = [
    "LeadValue",
    "RolloutDice",
    "SheetValue",
    "play_out",
    "rollout_action1",
    "rollout_start",
    "rollout_turn",
]

SheetValue = Callable[[list[int]], float]
"""A player's value of a rollout sheet: the rivals' in a rollout."""


class LeadValue(Protocol):
    """A player's value of a rollout sheet beside the rivals' sheets: the rollout's own
    player's."""

    def __call__(self, sheet: list[int], rivals: list[list[int]]) -> float: ...


def rollout_action1(sheet: list[int], white_sum: int, value: SheetValue) -> list[int]:
    """A non-active player's action 1 (the white sum in a row, or nothing): the sheet it
    leaves, the best by ``value``."""
    best, chosen = value(sheet), sheet
    for after in action1_sheets(sheet, white_sum):
        after_value = value(after)
        if after_value > best:
            best, chosen = after_value, after
    return chosen


def rollout_turn(sheet: list[int], dice: Dice, value: SheetValue) -> tuple[list[int], list[int]]:
    """The active player's turn, the best by ``value``: the sheets after action 1 and at the
    end of the turn."""
    options = turn_options(sheet, dice)
    chosen_action1, chosen = sheet, options[0][1]
    best = value(chosen)
    for after, end, _ in options[1:]:
        after_value = value(end)
        if after_value > best:
            best, chosen_action1, chosen = after_value, after, end
    for after, _, ends in options:
        for end in ends:
            after_value = value(end)
            if after_value > best:
                best, chosen_action1, chosen = after_value, after, end
    return chosen_action1, chosen


class RolloutDice:
    """The dice of one rollout, turn by turn, drawn from a generator as far as they are needed;
    kept so that every candidate is played out on the same dice."""

    def __init__(self, generator: int) -> None:
        self.generator = generator
        self.turns: list[Dice] = []

    def __getitem__(self, turn: int) -> Dice:
        while turn >= len(self.turns):
            self.generator, value = draw(self.generator)
            faces = []
            for _ in range(6):
                value, face = divmod(value, 6)
                faces.append(face + 1)
            a, b, c, d, e, f = faces
            self.turns.append((a, b, c, d, e, f))
        return self.turns[turn]


def play_out(
    sheets: list[list[int]],
    active: int,
    closed: int,
    dice: RolloutDice,
    player: int,
    *,
    lead_value: LeadValue,
    rival_value: SheetValue,
) -> list[int]:
    """Play the game on from the start of ``active``'s turn, ``player`` choosing by
    ``lead_value`` (beside the others' sheets) and the others by ``rival_value``; the final
    scores."""
    turn = 0
    while True:
        rolled = dice[turn]
        turn += 1
        values = [
            partial(lead_value, rivals=sheets[:k] + sheets[k + 1 :]) if k == player else rival_value
            for k in range(len(sheets))
        ]
        before = sheets[active]
        action1, end = rollout_turn(before, rolled, values[active])
        for k, sheet in enumerate(sheets):
            sheets[k] = (
                action1 if k == active else rollout_action1(sheet, rolled[0] + rolled[1], values[k])
            )
        known = closed
        closed = shut(sheets, known)
        if locks_end_game(sheets[active]):
            break  # no action 2
        if end is not action1:
            if closed != known and any(
                end[row] != action1[row] and closed >> row & 1 for row in range(4)
            ):  # a rival locked the row of the planned action 2: it crosses nothing instead
                end = sheets[active] if action1 is not before else with_penalty(sheets[active])
            sheets[active] = end
            closed = shut(sheets, known)
            if game_over(sheets[active]):
                break
        active = (active + 1) % len(sheets)
    return [points(sheet) for sheet in sheets]


def rollout_start(
    state: QwixxState, player: int, sheet: Sheet, closed: int, rival_value: SheetValue
) -> tuple[list[list[int]], int, int, bool]:
    """Where a rollout starts once ``player``'s choice leaves ``sheet`` and rows ``closed``:
    the sheets once the turn is over (the rivals finishing it by ``rival_value``, on the dice
    rolled), who is active next, the rows closed and whether the game is over."""
    sheets = [
        model_sheet(sheet, closed) if k == player else model_sheet(other, state.closed)
        for k, other in enumerate(state.sheets)
    ]
    if state.phase == Phase.ACTION1:
        rolled = model_dice(state.shown_dice)
        for k, other in enumerate(sheets):
            if k == state.active != player:
                sheets[k] = rollout_turn(other, rolled, rival_value)[1]
            elif k != player:
                sheets[k] = rollout_action1(other, rolled[0] + rolled[1], rival_value)
    shut_now = shut(sheets, -1)
    return sheets, (state.active + 1) % len(sheets), shut_now, game_over(sheets[state.active])
