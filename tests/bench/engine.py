"""Rules-engine benchmark in CPython: random games per second (median of several runs).

    PYTHONPATH=py python tests/bench/engine.py --out bench-results/engine.json

Each run plays random legal games (states only, as simulations and bots do) for about
``--seconds`` seconds; the figure is the median over ``--runs`` runs, on one core.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from pathlib import Path

from dadoteca.games import get_game
from dadoteca.playout import random_playout


def games_per_second(game_id: str, players: int, seconds: float, first_seed: int) -> float:
    game = get_game(game_id)
    games, seed = 0, first_seed
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        random_playout(game.new_game(players, seed), seed)
        games += 1
        seed += 1
    return games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="qwixx")
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--out", type=Path, default=Path("bench-results/engine.json"))
    args = parser.parse_args()
    results = []
    for players in args.players:
        runs = [
            games_per_second(args.game, players, args.seconds, run * 100_000)
            for run in range(args.runs)
        ]
        median = statistics.median(runs)
        results.append(
            {"game": args.game, "players": players, "games_per_second": median, "runs": runs}
        )
        print(f"{args.game} {players}p: {median:,.0f} random games/s (median of {args.runs})")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    report = {"python": platform.python_version(), "engine": results}
    args.out.write_text(json.dumps(report, indent=1))
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
