"""The Qwixx expert's solo table: a value for every solo sheet, and the look one roll ahead.

``build/train_qwixx.py`` solves solo Qwixx exactly (``build/qwixx_solo.c``, by dynamic
programming: best play scores 115.48 on average) and fits this table to it. A row is its last
crossed position and its number of crosses (``model.row_code``; 62 codes solo); the value
of a sheet is its points plus one entry per pair of its rows (:func:`features`), read in a
context: the penalties taken and whether a row is locked. Red-yellow and green-blue read one
table, the four pairs of rows running opposite ways another, as solo Qwixx is the same game with
red and yellow swapped, or green and blue, or every die d turned into 7 - d. Fitted where best
play makes its choices (every sheet any turn of 100,000 games played best could end on), it is
within 0.15 points of the exact value there (root mean square), and choosing by it loses 0.03
points a game to best play. :func:`expected_after_next_roll` looks one roll further, exactly
over the dice, for the expert's close calls, which brings the loss to about 0.01 points a game.

Apart from the bots' decision rule (:mod:`.bots`): this is the expert's data and the
layout the trainer writes (``values.bin``, checked against the trainer by
``tests/unit/test_qwixx_solo_trainer.py``), not a way of choosing.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from dadoteca_games.qwixx.model import (
    CLOSED_CODES,
    CROSSED,
    ROW_CODES,
    START,
    crosses_in,
    game_over,
    locks_end_game,
    points,
    with_penalty,
)
from dadoteca_games.qwixx.rules import PENALTY_BOXES, RED

__all__ = [
    "FEATURES",
    "SOLO_CODES",
    "VALUES_FILE",
    "expected_after_next_roll",
    "features",
    "load_values",
    "solo_total",
]

VALUE_SCALE: Final = 100  # the file holds values in hundredths of a point, as 16-bit integers
VALUES_FILE: Final = Path(__file__).with_name("values.bin")


def _solo_codes() -> tuple[int, ...]:
    """The row codes a row of a solo game can have, in increasing order: every code crossing
    reaches from an empty row (a closed one is locked by the player: nobody else can)."""
    reached, frontier = {START}, [START]
    while frontier:
        for after in CROSSED[RED][frontier.pop()]:
            if after >= 0 and after not in reached:
                reached.add(after)
                frontier.append(after)
    return tuple(sorted(reached))


SOLO_CODES: Final = _solo_codes()
"""The 62 row codes of solo rows, which the expert's table is indexed by (position in this)."""
_CODES: Final = len(SOLO_CODES)
_LOCKED: Final = tuple(k for k, code in enumerate(SOLO_CODES) if code >= CLOSED_CODES)
PAIR_INDEX: Final = tuple(
    SOLO_CODES.index(code)
    if code in SOLO_CODES
    # A row another player locked, short of 5 crosses (never solo): a locked row of the table.
    else min(_LOCKED, key=lambda k: abs(crosses_in(SOLO_CODES[k]) - crosses_in(code)))
    if code >= CLOSED_CODES
    else -1  # no sheet has it
    for code in range(ROW_CODES)
)
"""By row code of the model: its index in :data:`SOLO_CODES`."""
_PAIR_ROW: Final = tuple(index * _CODES for index in PAIR_INDEX)
CONTEXTS: Final = PENALTY_BOXES * 2  # penalties taken (0-3) x a row locked or not
_PAIR_ENTRIES: Final = _CODES * _CODES
FEATURES: Final = 2 * CONTEXTS * _PAIR_ENTRIES
"""The entries of the table in memory: two tables of pairs of row codes in each context."""
STORED_VALUES: Final = 2 * CONTEXTS * _CODES * (_CODES + 1) // 2
"""The values in the file: each table holds the same value for (a, b) and (b, a), stored once."""


def features(sheet: Sequence[int]) -> tuple[int, int, int, int, int, int]:
    """The table entries whose sum (plus its points) values a solo sheet of the model
    (model) not over: one per pair of its rows, in its context (the penalties taken and
    whether a row is locked). Red-yellow and green-blue read the table of rows running the same
    way, the other four pairs the table of rows running opposite ways, as solo Qwixx is the same
    game with red and yellow swapped, or green and blue, or every die d turned into 7 - d (the
    ascending rows swapped with the descending ones)."""
    a, b, c, d, penalties = sheet
    locked = a >= CLOSED_CODES or b >= CLOSED_CODES or c >= CLOSED_CODES or d >= CLOSED_CODES
    same = (penalties * 2 + locked) * _PAIR_ENTRIES
    opposite = same + CONTEXTS * _PAIR_ENTRIES
    index, row = PAIR_INDEX, _PAIR_ROW
    red, yellow = row[a], row[b]
    green, blue = index[c], index[d]
    return (
        same + red + index[b],
        same + row[c] + blue,
        opposite + red + green,
        opposite + red + blue,
        opposite + yellow + green,
        opposite + yellow + blue,
    )


def load_values(path: Path = VALUES_FILE) -> list[float]:
    """The expert's table (written by ``build/train_qwixx.py``), both halves of each pair table
    filled in."""
    numbers = array("h")
    numbers.frombytes(path.read_bytes())
    if sys.byteorder == "big":
        numbers.byteswap()  # the file is little-endian
    if len(numbers) != STORED_VALUES:
        raise ValueError(f"{path.name} holds {len(numbers)} values, not {STORED_VALUES}")
    values = [0.0] * FEATURES
    stored = iter(numbers)
    for table in range(0, FEATURES, _PAIR_ENTRIES):  # by kind of pair, then by context
        for low in range(_CODES):
            for high in range(low, _CODES):
                values[table + low * _CODES + high] = values[table + high * _CODES + low] = (
                    next(stored) / VALUE_SCALE
                )
    return values


WHITE_PAIRS: Final = tuple(
    (low, high, (1 if low == high else 2) / 36) for low in range(1, 7) for high in range(low, 7)
)
_NEVER: Final = -1e9


def solo_total(values: Sequence[float], sheet: Sequence[int]) -> float:
    """Points of a solo sheet of the model plus what it can still expect."""
    total = points(sheet)
    if game_over(sheet):
        return total
    a, b, c, d, e, f = features(sheet)
    return total + values[a] + values[b] + values[c] + values[d] + values[e] + values[f]


def expected_after_next_roll(values: Sequence[float], sheet: list[int]) -> float:
    """Solo: the expected :func:`solo_total` after the next turn, played best on ``values``.

    Exact over the dice: for each white pair, the turn's best is the best of action 1 alone
    and, per open row, the best action 2 its colour die allows after any action 1; the colour
    dice are independent, so the expected best of those per-row values has a closed form.
    """
    if game_over(sheet):
        return solo_total(values, sheet)
    tables: dict[tuple[int, ...], list[list[float]]] = {}

    def action2_totals(start: list[int]) -> list[list[float]]:
        """[row][number]: the total after action 2 crosses ``number`` in ``row`` from start."""
        key = tuple(start)
        found = tables.get(key)
        if found is None:
            found = tables[key] = []
            for row in range(4):
                code, by_number = start[row], CROSSED[row][start[row]]
                totals = [_NEVER] * len(by_number)
                for number, crossed in enumerate(by_number):
                    if crossed >= 0:
                        start[row] = crossed
                        totals[number] = solo_total(values, start)
                start[row] = code
                found.append(totals)
        return found

    open_rows = [row for row in range(4) if sheet[row] < CLOSED_CODES]
    passing = solo_total(values, with_penalty(sheet))
    expected = 0.0
    for low, high, chance in WHITE_PAIRS:
        best_without_action2 = passing
        starts = [action2_totals(sheet)]
        for row in open_rows:
            code = sheet[row]
            sheet[row] = CROSSED[row][code][low + high]
            if sheet[row] >= 0:
                best_without_action2 = max(best_without_action2, solo_total(values, sheet))
                if not locks_end_game(sheet):
                    starts.append(action2_totals(sheet))
            sheet[row] = code
        per_row = []
        for row in open_rows:
            faces = [_NEVER] * 6  # by colour die: the best its two sums allow after any action 1
            for totals in starts:
                by_number = totals[row]
                faces = list(
                    map(max, faces, by_number[low + 1 : low + 7], by_number[high + 1 : high + 7])
                )
            per_row.append(faces)
        expected += chance * _expected_best(best_without_action2, per_row)
    return expected


def _expected_best(floor: float, per_row: list[list[float]]) -> float:
    """E[max(floor, per_row[r][die_r] for every r)], each die uniform over its six faces."""
    counts = [0] * len(per_row)  # faces of each row at most the value reached so far
    scale = 6.0 ** len(per_row)
    expected = below = floor
    for value, row in sorted((value, row) for row, faces in enumerate(per_row) for value in faces):
        if value > below:
            at_most = 1  # the chance (times scale) that no row beats ``below``
            for count in counts:
                at_most *= count
            expected += (value - below) * (1 - at_most / scale)
            below = value
        counts[row] += 1
    return expected
