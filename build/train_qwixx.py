"""Learn the expert Qwixx bot's solo table by self-play: ``python -m build.train_qwixx``.

Temporal-difference learning on afterstates (as TD-Gammon and the 2048 players do): solo games
are played by the expert's own decision rule with the table being learned (one-ply greedy, no
look-ahead), and once a game is over the value of every sheet it left at the end of a turn is
moved toward its lambda-return (the points gained later, blended with the values of the sheets
that followed). A sheet's value is the sum of its four rows' entries in its context
(``qwixx_bot.features``: penalties, rows closed, tempo), so each update spreads over those four.

Solo Qwixx is played on the bots' model of the game (``dadoteca.bots.qwixx_model``: a row is its
last crossed position and crosses) rather than through the engine: it is the same game, many
times faster, and training plays a million games. The defaults made the committed
``py/dadoteca/bots/qwixx_values.bin`` (about 10 minutes on one core); the seed makes it
reproducible.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from pathlib import Path

from dadoteca.bots.qwixx_bot import FEATURES, VALUES_FILE, features, save_values, solo_total
from dadoteca.bots.qwixx_model import START, Dice, game_over, points, turn_options

Trace = list[tuple[tuple[int, int, int, int], int]]  # (features, points) of each afterstate


def roll(dice: Callable[[], float]) -> Dice:
    white1, white2, red, yellow, green, blue = (int(dice() * 6) + 1 for _ in range(6))
    return white1, white2, red, yellow, green, blue


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
    sheet = [START, START, START, START, 0]
    trace: Trace = []
    while not game_over(sheet):
        trace.append((features(sheet), points(sheet)))
        best, best_sheet = -1e9, sheet
        for _, end_if_passing, ends in turn_options(sheet, roll(dice)):
            for end in (end_if_passing, *ends):
                total = solo_total(values, end)
                if total > best:
                    best, best_sheet = total, end
        sheet = best_sheet
    final = points(sheet)
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
