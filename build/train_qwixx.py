"""Learn the expert Qwixx bot's solo table by self-play: ``python build/train_qwixx.py``.

Temporal-difference learning on afterstates (as TD-Gammon and the 2048 players do): solo games
are played by the expert's own decision rule with the table being learned (one-ply greedy, no
look-ahead), and once a game is over the value of every sheet it left at the end of a turn is
moved toward its lambda-return (the points gained later, blended with the values of the sheets
that followed). A sheet's value is the sum of its four rows' entries in its context
(``qwixx_bot.features``: penalties, rows closed, tempo), so each update spreads over those four.

Solo Qwixx is simulated here in position space (a row is its row code: last crossed position and
crosses) rather than through the engine: it is the same game, many times faster, and training
plays a million games. The defaults made the committed ``py/dadoteca/bots/qwixx_values.bin``
(about 10 minutes on one core); the seed makes it reproducible.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from dadoteca.bots.qwixx_bot import (
    CLOSED_CODES,
    CODE_POINTS,
    CROSSED_CODE,
    FEATURES,
    NUMBER_POSITIONS,
    VALUES_FILE,
    features,
    row_code,
    save_values,
    solo_total,
)
from dadoteca.qwixx import LOCKS_TO_END, PENALTY_BOXES, PENALTY_POINTS

START = row_code(-1, 0)
Trace = list[tuple[tuple[int, int, int, int], int]]  # (features, points) of each afterstate


def points(codes: Sequence[int], penalties: int) -> int:
    return sum(CODE_POINTS[code] for code in codes) - PENALTY_POINTS * penalties


def closed_rows(codes: Sequence[int]) -> int:
    return sum(code >= CLOSED_CODES for code in codes)


def action1_options(codes: list[int], white_sum: int) -> Iterator[tuple[list[int], bool]]:
    """The rows after action 1 (nothing, or the white sum in a row), and whether it crossed."""
    yield codes, False
    for row in range(4):
        code = CROSSED_CODE[codes[row]][NUMBER_POSITIONS[row][white_sum]]
        if code >= 0:
            yield [*codes[:row], code, *codes[row + 1 :]], True


def action2_options(
    codes: list[int], white: tuple[int, int], colours: list[int]
) -> Iterator[list[int]]:
    """The rows after each cross action 2 allows (a white die plus a colour die)."""
    whites = white[:1] if white[0] == white[1] else white
    for row in range(4):
        for die in whites:
            code = CROSSED_CODE[codes[row]][NUMBER_POSITIONS[row][colours[row] + die]]
            if code >= 0:
                yield [*codes[:row], code, *codes[row + 1 :]]


def roll(dice: Callable[[], float]) -> tuple[tuple[int, int], list[int]]:
    white = (int(dice() * 6) + 1, int(dice() * 6) + 1)
    return white, [int(dice() * 6) + 1 for _ in range(4)]


def learn_from(values: list[float], trace: Trace, final: int, step: float, lam: float) -> None:
    """Offline TD(lambda): each afterstate of a finished game moves toward its lambda-return."""
    target = float(final)
    for entries, at in reversed(trace):
        a, b, c, d = entries
        estimate = at + values[a] + values[b] + values[c] + values[d]
        error = (target - estimate) * step
        for index in entries:
            values[index] += error
        target = (1 - lam) * estimate + lam * target


def solo_game(values: list[float], dice: Callable[[], float], step: float, lam: float) -> int:
    """One solo game played on ``values`` (learning from it if ``step``); its score."""
    codes, penalties = [START] * 4, 0
    trace: Trace = []
    while penalties < PENALTY_BOXES and closed_rows(codes) < LOCKS_TO_END:
        trace.append((features(codes, penalties), points(codes, penalties)))
        white, colours = roll(dice)
        best, best_codes, best_penalties = -1e9, codes, penalties
        for after1, crossed in action1_options(codes, white[0] + white[1]):
            after1_penalties = penalties if crossed else penalties + 1
            total = solo_total(values, after1, after1_penalties)
            if total > best:
                best, best_codes, best_penalties = total, after1, after1_penalties
            if closed_rows(after1) >= LOCKS_TO_END:
                continue  # the game ended in action 1
            for after2 in action2_options(after1, white, colours):
                total = solo_total(values, after2, penalties)
                if total > best:
                    best, best_codes, best_penalties = total, after2, penalties
        codes, penalties = best_codes, best_penalties
    final = points(codes, penalties)
    if step:
        learn_from(values, trace, final, step, lam)
    return final


def step_at(game: int, games: int, rate: float) -> float:
    """The learning rate, lowered as the policy settles."""
    share = game / games
    return rate * (1.0 if share < 0.5 else 0.5 if share < 0.75 else 0.25)


def train(games: int, seed: int, rate: float, lam: float) -> list[float]:
    values = [0.0] * FEATURES
    generator = random.Random(seed)
    for game in range(games):
        solo_game(values, generator.random, step_at(game, games, rate), lam)
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--out", type=Path, default=VALUES_FILE)
    parser.add_argument("--measure", type=int, default=10_000, help="games to measure it on")
    args = parser.parse_args()
    started = time.perf_counter()
    values = train(args.games, args.seed, args.rate, args.lam)
    save_values(values, args.out)
    print(f"{args.games} games in {time.perf_counter() - started:.0f} s -> {args.out}")
    generator = random.Random(1)
    total = sum(solo_game(values, generator.random, 0.0, 0.0) for _ in range(args.measure))
    print(f"solo mean {total / args.measure:.2f} over {args.measure} games (no look-ahead)")


if __name__ == "__main__":
    main()
