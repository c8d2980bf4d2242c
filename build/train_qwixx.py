"""Learn the expert Qwixx bot's row values by self-play: ``python build/train_qwixx.py``.

Temporal-difference learning on afterstates (as TD-Gammon and the 2048 players do): solo games
are played by the expert's own decision rule with the table being learned, and after every turn
the value of the sheet left behind the turn before is moved toward the points gained since plus
the value of the sheet left behind now. The value of a sheet is the sum of its four rows' entries
(``qwixx_bot.row_code`` in the context ``qwixx_bot.row_context``), so each update spreads over
those four entries.

Solo Qwixx is simulated here in position space (a row is its last crossed position and crosses)
rather than through the engine: it is the same game, forty times faster, and training plays
hundreds of thousands of games. The result is written to ``py/dadoteca/bots/qwixx_values.bin``
(the defaults here made the committed file); the seed makes it reproducible.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from dadoteca.bots.qwixx_bot import FEATURES, VALUES_FILE, row_code, save_values, sheet_features
from dadoteca.core import roll_dice, seed_generator
from dadoteca.qwixx import (
    CROSSES_BEFORE_LAST,
    LAST_POSITION,
    LOCKS_TO_END,
    PENALTY_BOXES,
    PENALTY_POINTS,
    row_points,
)

ASCENDING = (True, True, False, False)
Row = tuple[int, int]  # (last crossed position, -1 for none; crosses, the lock included)
Sheet = tuple[tuple[Row, ...], int]  # rows and penalties


def position(row: int, number: int) -> int:
    return number - 2 if ASCENDING[row] else 12 - number


def crossed(row: Row, at: int) -> Row | None:
    """The row with position ``at`` crossed, or None if the rules forbid it."""
    last, crosses = row
    if at <= last or (at == LAST_POSITION and crosses < CROSSES_BEFORE_LAST):
        return None
    return (at, crosses + (2 if at == LAST_POSITION else 1))  # the last number takes the lock


def closed_count(rows: tuple[Row, ...]) -> int:
    return sum(1 for last, _ in rows if last == LAST_POSITION)


def score(sheet: Sheet) -> int:
    rows, penalties = sheet
    return sum(row_points(crosses) for _, crosses in rows) - PENALTY_POINTS * penalties


def features(sheet: Sheet) -> list[int] | None:
    """The table entries valuing ``sheet``; None once the game is over."""
    rows, penalties = sheet
    closed = closed_count(rows)
    if penalties >= PENALTY_BOXES or closed >= LOCKS_TO_END:
        return None
    return sheet_features([row_code(last, crosses) for last, crosses in rows], penalties, closed)


def outcomes(sheet: Sheet, white: tuple[int, int], colours: list[int]) -> list[Sheet]:
    """Every sheet one turn of the active player can leave, as the engine allows them."""
    rows, penalties = sheet
    white_sum = white[0] + white[1]
    results: list[Sheet] = []
    after_action1: list[tuple[tuple[Row, ...], bool]] = [(rows, False)]
    for row in range(4):
        if rows[row][0] != LAST_POSITION:
            new = crossed(rows[row], position(row, white_sum))
            if new is not None:
                after_action1.append(((*rows[:row], new, *rows[row + 1 :]), True))
    for rows1, crossed1 in after_action1:
        results.append((rows1, penalties if crossed1 else penalties + 1))
        if closed_count(rows1) >= LOCKS_TO_END:
            continue  # the game ended in action 1
        for row in range(4):
            if rows1[row][0] == LAST_POSITION:
                continue
            for number in {colours[row] + white[0], colours[row] + white[1]}:
                new = crossed(rows1[row], position(row, number))
                if new is not None:
                    results.append(((*rows1[:row], new, *rows1[row + 1 :]), penalties))
    return results


def train(games: int, seed: int, rate: float) -> list[float]:
    values = [0.0] * FEATURES
    generator = seed_generator(seed)
    for game in range(games):
        step = rate * (1.0 if game < games // 2 else 0.25)  # settle once the policy has formed
        sheet: Sheet = (((-1, 0),) * 4, 0)
        before: list[int] | None = features(sheet)
        while before is not None:
            generator, faces = roll_dice(generator, 6)
            base = score(sheet)
            best_total, best_sheet = -1e9, sheet
            best_features: list[int] | None = before
            for candidate in outcomes(sheet, (faces[0], faces[1]), faces[2:]):
                found = features(candidate)
                total = score(candidate) - base + (sum(values[i] for i in found) if found else 0)
                if total > best_total:
                    best_total, best_sheet, best_features = total, candidate, found
            error = (best_total - sum(values[i] for i in before)) * step
            for index in before:
                values[index] += error
            sheet, before = best_sheet, best_features
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--out", type=Path, default=VALUES_FILE)
    args = parser.parse_args()
    started = time.perf_counter()
    save_values(train(args.games, args.seed, args.rate), args.out)
    print(f"{args.games} games in {time.perf_counter() - started:.0f} s -> {args.out}")


if __name__ == "__main__":
    main()
