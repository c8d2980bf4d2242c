"""Qwixx in row codes: the same game as :mod:`dadoteca_games.qwixx.rules`, written for speed.

The expert's play-outs and look-ahead weigh thousands of turns a decision, too many for the
engine's states and actions. Here a row is one small integer, its *row code*: its last crossed
position and its number of crosses (:func:`row_code`), which is all the rules ask of it, as
numbers are crossed left to right. A sheet is a list
``[red, yellow, green, blue, penalties]`` of row codes and penalties; a row closed for good (locked
by this player or by anyone) has a closed code, at least :data:`CLOSED_CODES`, which keeps its
crosses. What a cross may be is a table (:data:`CROSSED`), so the inner loops of the play-outs are
table look-ups on lists.

This module holds every rule the bots play by, applying the rules' rulings (rules.py):

- what a cross may be, on the sheet of ruling QWIXX_SHEET: right of the row's last cross, the
  last number only after ``CROSSES_BEFORE_LAST`` crosses, and then with the lock; a row closed
  for good takes nothing, its die being out of the game (ruling QWIXX_DICE);
- action 1 is the white sum in any row, decided by every player on the sheets as they were
  (ruling QWIXX_ACTION1_SIMULTANEOUS); action 2, the active player's after it, is a white die
  plus a colour die in that colour's row, the same row allowed (ruling QWIXX_ACTION2_AFTER_ACTION1);
- the active player who crossed nothing in both actions takes a penalty, nobody else does
  (ruling QWIXX_PENALTY_ACTIVE_ONLY);
- a lock closes its row for everyone once the action resolves (ruling QWIXX_LOCK_CLOSES_FOR_ALL);
- the game ends once an action makes the second lock or the active player's fourth penalty, so a
  game ended in action 1 has no action 2 (ruling QWIXX_GAME_END);
- the points (ruling QWIXX_ROW_SCORE).

Every number comes from rules.py, and tests/unit/test_qwixx_model.py checks, on random games
played by the engine, that this model allows exactly the sheets the engine's legal actions reach.
How the bots value and choose stays in bots.py, the expert's table (its features and file)
in values.py and its play-outs in rollout.py: the table is the expert's way of
valuing a sheet, policy and not rules. Its trainer solves solo Qwixx in C
(``build/qwixx_solo.c``, run by ``build/train_qwixx.py``), by the rules of this model:
tests/unit/test_qwixx_solo_trainer.py checks that program's turns and values against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from dadoteca_games.qwixx.rules import (
    BLUE,
    CROSSES_BEFORE_LAST,
    GREEN,
    LAST_POSITION,
    LOCK_BIT,
    LOCKS_TO_END,
    PENALTY_BOXES,
    PENALTY_POINTS,
    RED,
    YELLOW,
    Roll,
    Sheet,
    number_at,
    row_points,
)

__all__ = [
    "CLOSED_CODES",
    "CODE_POINTS",
    "CROSSED",
    "FREE_NUMBERS",
    "ROW_CODES",
    "START",
    "Dice",
    "TurnOption",
    "action1_sheets",
    "action2_sheets",
    "crosses_in",
    "game_over",
    "locks_end_game",
    "model_dice",
    "model_sheet",
    "points",
    "row_code",
    "sheet_codes",
    "shut",
    "turn_options",
    "with_penalty",
]

CROSS_COUNTS: Final = LAST_POSITION + 3  # 0 crosses up to every number and the lock
ROW_CODES: Final = CROSS_COUNTS * CROSS_COUNTS  # (last crossed position + 1) x crosses
CLOSED_CODES: Final = (LAST_POSITION + 1) * CROSS_COUNTS  # codes from here on: a row shut for good
_POSITIONS_MASK: Final = (1 << (LAST_POSITION + 1)) - 1  # an engine row without its lock bit

Dice = tuple[int, int, int, int, int, int]  # white, white, then the red, yellow, green, blue dice


def row_code(last: int, crosses: int) -> int:
    """A row as its last position crossed (-1 for none; the last position once closed) and its
    crosses, the lock included."""
    return (last + 1) * CROSS_COUNTS + crosses


def crosses_in(code: int) -> int:
    """The crosses of a row (the lock counting as one, ruling QWIXX_ROW_SCORE)."""
    return code % CROSS_COUNTS


START: Final = row_code(-1, 0)
"""A row with nothing crossed."""
FREE_NUMBERS: Final = tuple(
    LAST_POSITION - (code // CROSS_COUNTS - 1) if code < CLOSED_CODES else 0
    for code in range(ROW_CODES)
)
"""By row code: the numbers right of the last cross, still to be crossed (none once closed)."""
CODE_POINTS: Final = tuple(row_points(crosses_in(code)) for code in range(ROW_CODES))
"""By row code: the row's points (ruling QWIXX_ROW_SCORE)."""
SHUT_CODE: Final = tuple(
    code if code >= CLOSED_CODES else row_code(LAST_POSITION, crosses_in(code))
    for code in range(ROW_CODES)
)
"""By row code: the row once someone else locked it, its crosses kept
(ruling QWIXX_LOCK_CLOSES_FOR_ALL)."""


def _crossed_code(code: int, position: int) -> int:
    """The row code after crossing ``position`` (the last one takes the lock), or -1 where the
    rules forbid it: not right of the last cross (a closed row's is the last position), or the
    last number too early."""
    last, crosses = code // CROSS_COUNTS - 1, crosses_in(code)
    if position <= last:
        return -1
    if position < LAST_POSITION:
        return row_code(position, crosses + 1)
    if crosses < CROSSES_BEFORE_LAST:
        return -1
    return row_code(LAST_POSITION, crosses + 2)  # the last number and the lock


def _crossed_by_number(row: int, code: int) -> tuple[int, ...]:
    """By number (a sum of dice, 0 up to the highest on the sheet): the row code after crossing
    it in ``row``, -1 where the rules forbid it or the sheet has no such number."""
    by_number = [-1] * (number_at(RED, LAST_POSITION) + 1)
    for position in range(LAST_POSITION + 1):
        by_number[number_at(row, position)] = _crossed_code(code, position)
    return tuple(by_number)


CROSSED: Final = tuple(
    tuple(_crossed_by_number(row, code) for code in range(ROW_CODES)) for row in range(4)
)
"""CROSSED[row][code][number]: the row code after crossing ``number`` in ``row``, -1 where the
rules forbid it."""


ENGINE_ROW_CODE: Final = tuple(
    row_code((mask & _POSITIONS_MASK).bit_length() - 1, mask.bit_count())
    for mask in range(LOCK_BIT << 1)
)
"""By engine row (its bit mask of crosses, the lock included): its row code."""


def sheet_codes(sheet: Sheet, closed: int) -> tuple[int, int, int, int]:
    """The row codes of an engine ``sheet``, rows ``closed`` (by anyone) shut for good."""
    masks, codes = sheet.rows, ENGINE_ROW_CODE
    red, yellow, green, blue = (
        codes[masks[RED]],
        codes[masks[YELLOW]],
        codes[masks[GREEN]],
        codes[masks[BLUE]],
    )
    if not closed:
        return red, yellow, green, blue
    return (
        SHUT_CODE[red] if closed >> RED & 1 else red,
        SHUT_CODE[yellow] if closed >> YELLOW & 1 else yellow,
        SHUT_CODE[green] if closed >> GREEN & 1 else green,
        SHUT_CODE[blue] if closed >> BLUE & 1 else blue,
    )


def model_sheet(sheet: Sheet, closed: int) -> list[int]:
    """An engine ``sheet`` in the model, rows ``closed`` (by anyone) shut for good."""
    return [*sheet_codes(sheet, closed), sheet.penalties]


def model_dice(roll: Roll) -> Dice:
    """An engine roll in the model: the die of a locked row, out of the game, shows a 1 that no
    row can use (ruling QWIXX_DICE), as a closed row crosses nothing."""
    white1, white2 = roll.white
    red, yellow, green, blue = (colour or 1 for colour in roll.colours)
    return white1, white2, red, yellow, green, blue


def points(sheet: Sequence[int]) -> int:
    """The sheet's score (ruling QWIXX_ROW_SCORE)."""
    a, b, c, d, penalties = sheet
    return (
        CODE_POINTS[a] + CODE_POINTS[b] + CODE_POINTS[c] + CODE_POINTS[d]
    ) - PENALTY_POINTS * penalties


def locks_end_game(sheet: Sequence[int]) -> bool:
    """Enough rows of ``sheet`` are closed to end the game (ruling QWIXX_GAME_END)."""
    a, b, c, d, _ = sheet
    closed = (a >= CLOSED_CODES) + (b >= CLOSED_CODES) + (c >= CLOSED_CODES) + (d >= CLOSED_CODES)
    return closed >= LOCKS_TO_END


def game_over(sheet: Sequence[int]) -> bool:
    """The game is over once an action left the active player's ``sheet`` so, the rows locked
    by anyone shut on it (ruling QWIXX_GAME_END); only the active player takes penalties."""
    a, b, c, d, penalties = sheet
    closed = (a >= CLOSED_CODES) + (b >= CLOSED_CODES) + (c >= CLOSED_CODES) + (d >= CLOSED_CODES)
    return penalties >= PENALTY_BOXES or closed >= LOCKS_TO_END


def with_penalty(sheet: list[int]) -> list[int]:
    """The active player's sheet after crossing nothing in either action
    (ruling QWIXX_PENALTY_ACTIVE_ONLY)."""
    return [sheet[0], sheet[1], sheet[2], sheet[3], sheet[4] + 1]


def action1_sheets(sheet: list[int], white_sum: int) -> list[list[int]]:
    """The sheets action 1 can leave by crossing ``white_sum`` in a row, row by row (crossing
    nothing leaves ``sheet`` as it is)."""
    sheets = []
    for row in range(4):
        code = CROSSED[row][sheet[row]][white_sum]
        if code >= 0:
            after = sheet.copy()
            after[row] = code
            sheets.append(after)
    return sheets


def action2_sheets(sheet: list[int], dice: Dice) -> list[list[int]]:
    """The sheets action 2 can leave ``sheet`` (as action 1 and the locks left it) by crossing a
    white die plus a colour die in that colour's row, row by row and white die by white die."""
    white1, white2 = dice[0], dice[1]
    sheets = []
    for row in range(4):
        crossed, colour = CROSSED[row][sheet[row]], dice[2 + row]
        code = crossed[colour + white1]
        if code >= 0:
            after = sheet.copy()
            after[row] = code
            sheets.append(after)
        if white2 != white1:
            code = crossed[colour + white2]
            if code >= 0:
                after = sheet.copy()
                after[row] = code
                sheets.append(after)
    return sheets


TurnOption = tuple[list[int], list[int], list[list[int]]]
"""An action 1 of the active player's turn: the sheet it leaves, the sheet at the end of the turn
if action 2 then crosses nothing, and the sheets each cross of action 2 leaves."""


def turn_options(sheet: list[int], dice: Dice) -> list[TurnOption]:
    """The active player's turn on ``sheet`` (a game not over), the others' crosses aside: each
    action 1 — crossing nothing first, then the white sum row by row — with what action 2 can add
    after it. Crossing nothing in both actions costs a penalty; a game ended in action 1 has no
    action 2."""
    options = [(sheet, with_penalty(sheet), action2_sheets(sheet, dice))]
    for after in action1_sheets(sheet, dice[0] + dice[1]):
        options.append((after, after, [] if locks_end_game(after) else action2_sheets(after, dice)))
    return options


def shut(sheets: list[list[int]], known: int) -> int:
    """Close on every sheet the rows someone locked (ruling QWIXX_LOCK_CLOSES_FOR_ALL); the mask
    of closed rows. ``known``: the closed rows every sheet already shows (-1 if not known)."""
    closed = 0
    for sheet in sheets:
        for row in range(4):
            if sheet[row] >= CLOSED_CODES:
                closed |= 1 << row
    if closed != known:
        for k, sheet in enumerate(sheets):
            sheets[k] = [
                *(
                    SHUT_CODE[code] if closed >> row & 1 else code
                    for row, code in enumerate(sheet[:4])
                ),
                sheet[4],
            ]
    return closed
