"""Qwixx computer players: one decision rule, three ways of valuing a sheet.

Every level plays the same way once it has a value for a sheet: with the dice on the table it
tries every way of using them — action 1 (the white sum in any row, or nothing) followed, when it
is the active player, by action 2 (a white die plus a colour die, or nothing) — and takes the one
whose points gained now plus the value of the sheet left behind is largest; crossing nothing at
all as the active player costs the penalty's 5 points. The dice are known when deciding, so the
only expectation left is over future rolls, which is what the sheet value stands for.

- **easy** values a sheet by its points only, minus one point for every number it leaves behind:
  it crosses eagerly and learns nothing about when a skip is worth it.
- **normal** values each row as the points it would reach if it also crossed a fixed share of the
  numbers still open to it (more to come in a row with many free numbers, and more points per
  cross in a row that is already long), less the penalties.
- **expert** values a sheet with a table learned by temporal-difference self-play of solo games
  (``build/train_qwixx.py``): for each row, its last crossed position and its number of
  crosses, read in the context of the penalties taken and the rows locked. The four rows share one
  table: a row is a row in position space, whichever its colour and direction, since the dice sums
  are symmetric. The table is the expected points still to come from that row.
"""

from __future__ import annotations

import sys
from abc import abstractmethod
from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from ..core import Action, AnyState
from ..qwixx import (
    LAST_POSITION,
    LOCK_BIT,
    LOCKS_TO_END,
    PASS,
    PENALTY_BOXES,
    Cross,
    Pass,
    Phase,
    QwixxState,
    Sheet,
    action2_crosses,
    row_points,
)
from .base import Bot, Thinking

__all__ = [
    "BOTS",
    "FEATURES",
    "EasyQwixxBot",
    "ExpertQwixxBot",
    "NormalQwixxBot",
    "row_code",
    "sheet_features",
]

ROW_CODES: Final = 13 * 13  # (last crossed position + 1) x crosses, see row_code
CONTEXTS: Final = PENALTY_BOXES * LOCKS_TO_END  # penalties 0-3 x rows closed 0-1
FEATURES: Final = CONTEXTS * ROW_CODES
_POSITIONS_MASK: Final = (1 << (LAST_POSITION + 1)) - 1
VALUES_FILE: Final = Path(__file__).with_name("qwixx_values.bin")
VALUE_SCALE: Final = 100  # the file holds values in hundredths of a point, as 16-bit integers


def load_values(path: Path = VALUES_FILE) -> list[float]:
    """The expert's learned table (written by ``build/train_qwixx.py``)."""
    numbers = array("h")
    numbers.frombytes(path.read_bytes())
    if sys.byteorder == "big":
        numbers.byteswap()  # the file is little-endian
    if len(numbers) != FEATURES:
        raise ValueError(f"{path.name} holds {len(numbers)} values, not {FEATURES}")
    return [number / VALUE_SCALE for number in numbers]


def save_values(values: Sequence[float], path: Path = VALUES_FILE) -> None:
    limit = (1 << 15) - 1
    numbers = array("h", (max(-limit, min(limit, round(v * VALUE_SCALE))) for v in values))
    if sys.byteorder == "big":
        numbers.byteswap()
    path.write_bytes(numbers.tobytes())


def row_code(last: int, crosses: int) -> int:
    """A row as its last position crossed (-1 for none; 10 once closed) and its crosses."""
    return (last + 1) * 13 + crosses


def sheet_features(codes: Sequence[int], penalties: int, rows_closed: int) -> list[int]:
    """The value-table entries whose sum values a sheet of rows ``codes`` (see row_code): one
    per row, read in the context of the penalties taken and the rows closed."""
    offset = (penalties * LOCKS_TO_END + rows_closed) * ROW_CODES
    return [offset + code for code in codes]


class QwixxBot(Bot):
    """The shared decision rule; a level is a way of valuing a sheet (:meth:`value`)."""

    def _think(self, state: AnyState, player: int, seed: int) -> Thinking:
        yield from ()  # a few dozen sheets to value: no pause needed
        assert isinstance(state, QwixxState)
        return best_action(self, state, player)

    @abstractmethod
    def value(self, sheet: Sheet, closed: int) -> float:
        """The points ``sheet`` can still expect from future rolls, rows ``closed`` being shut."""


def best_action(bot: QwixxBot, state: QwixxState, player: int) -> Action:
    """The action whose best continuation this turn scores most now plus later."""
    sheet = state.sheets[player]
    best: Action = PASS
    best_total = -1e9
    deciding_action1 = state.phase == Phase.ACTION1
    active = player == state.active
    for action in state.legal_actions(player):
        after, closed = _crossed(sheet, state.closed, action)
        if deciding_action1 and active and closed.bit_count() < LOCKS_TO_END:
            total = _best_action2(bot, state, after, closed, isinstance(action, Cross))
        else:
            penalty = (
                not deciding_action1 and isinstance(action, Pass) and state.passing_costs_a_penalty
            )
            total = _outcome(bot, after.with_penalty() if penalty else after, closed)
        if total > best_total:
            best_total, best = total, action
    return best


def _best_action2(
    bot: QwixxBot, state: QwixxState, sheet: Sheet, closed: int, crossed_in_action1: bool
) -> float:
    """The best outcome of action 2 from ``sheet``, as the active player will play it."""
    dice = state.dice
    assert dice is not None
    best = _outcome(bot, sheet if crossed_in_action1 else sheet.with_penalty(), closed)
    for cross in action2_crosses(sheet, dice, closed):
        after, after_closed = _crossed(sheet, closed, cross)
        best = max(best, _outcome(bot, after, after_closed))
    return best


def _crossed(sheet: Sheet, closed: int, action: Action) -> tuple[Sheet, int]:
    if not isinstance(action, Cross):
        return sheet, closed
    after = sheet.cross(action.row, action.number)
    return after, closed | (1 << action.row if after.rows[action.row] & LOCK_BIT else 0)


def _outcome(bot: QwixxBot, sheet: Sheet, closed: int) -> float:
    """Points on ``sheet`` plus what it can still expect; an ended game expects nothing more."""
    if sheet.penalties >= PENALTY_BOXES or closed.bit_count() >= LOCKS_TO_END:
        return sheet.score()
    return sheet.score() + bot.value(sheet, closed)


def _open_rows(sheet: Sheet, closed: int) -> list[tuple[int, int]]:
    """(crosses, numbers right of the last cross) of every row still open."""
    return [
        (mask.bit_count(), LAST_POSITION + 1 - (mask & _POSITIONS_MASK).bit_length())
        for row, mask in enumerate(sheet.rows)
        if not closed >> row & 1
    ]


class EasyQwixxBot(QwixxBot):
    level = "easy"

    def value(self, sheet: Sheet, closed: int) -> float:
        return sum(free for _, free in _open_rows(sheet, closed))


class NormalQwixxBot(QwixxBot):
    level = "normal"
    SHARE_OF_FREE_NUMBERS: Final = 0.45

    def value(self, sheet: Sheet, closed: int) -> float:
        share = self.SHARE_OF_FREE_NUMBERS
        return sum(
            (crosses + share * free) * (crosses + share * free + 1) / 2 - row_points(crosses)
            for crosses, free in _open_rows(sheet, closed)
        )


class ExpertQwixxBot(QwixxBot):
    level = "expert"

    def __init__(self, values: Sequence[float] | None = None) -> None:
        self.values = load_values() if values is None else values

    def value(self, sheet: Sheet, closed: int) -> float:
        codes = [
            row_code(
                LAST_POSITION if closed >> row & 1 else (mask & _POSITIONS_MASK).bit_length() - 1,
                mask.bit_count(),
            )
            for row, mask in enumerate(sheet.rows)
        ]
        values = self.values
        return sum(values[i] for i in sheet_features(codes, sheet.penalties, closed.bit_count()))


BOTS: Final[dict[str, Bot]] = {
    "easy": EasyQwixxBot(),
    "normal": NormalQwixxBot(),
    "expert": ExpertQwixxBot(),
}
