"""Rules-engine benchmark in CPython: random games per second (median of several runs).

    PYTHONPATH=py python tests/bench/engine.py --out bench-results/engine.json
    PYTHONPATH=py python tests/bench/engine.py --game shelfie --against HEAD~3

Each run plays random legal games (states only, as simulations and bots do) for about
``--seconds`` seconds; the figure is the median over ``--runs`` runs, on one core.

``--against REF`` measures the engine of git revision REF too, on the same seeds, its runs
alternating with this engine's (a shared machine's load then weighs on both alike), and reports
the ratio: whether a change made the engine slower. Each engine then runs in its own process,
its ``py/`` first on the path: the games' packages import the rules package by its name.

``--instructions`` (with ``--against``; needs ``valgrind``) counts instead the processor
instructions each engine spends per random game, under callgrind, on the same seeds. On a machine
shared with other jobs, games per second wander by 10-20% from run to run while a count does not
move: this says whether a change of a few percent made the engine slower. Each engine plays
``--games`` games after as many to warm its caches (My Shelfie's dice tables), and the count
of the first batch alone is subtracted, start-up included.
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dadoteca.games import get_game
from dadoteca.playout import random_playout
from dadoteca_games.shelfie import rules as shelfie


def checkout() -> Path:
    """The checkout this script is in (its git history, its py/). Asked when needed, never at
    import: browser.py imports this module inside Pyodide too, as /bench/bench_engine.py, two
    folders short of a checkout."""
    return Path(__file__).resolve().parents[2]


def unpack(ref: str, path: str, folder: Path) -> Path:
    """``path`` (of this checkout) as git revision ``ref`` has it, written into ``folder``."""
    archive = subprocess.run(
        ["git", "-C", str(checkout()), "archive", ref, path], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder / path


def engine_at(ref: str, folder: Path) -> Path:
    """The ``py/`` folder of git revision ``ref``, written into ``folder``."""
    return unpack(ref, "py", folder)


def games_per_second(game_id: str, players: int, seconds: float, first_seed: int) -> float:
    game = get_game(game_id)
    games, seed = 0, first_seed
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        random_playout(game.new_game(players, seed), seed)
        games += 1
        seed += 1
    return float(games / elapsed)


REPEATS = 5


def best_ms(function: Callable[..., object], *args: object) -> float:
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        function(*args)
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def shelfie_enumeration_ms() -> dict[str, Any]:
    """My Shelfie's legal marks for six dice on an empty sheet, every one of the 462 multisets.

    Each time is the best of ``REPEATS`` (a busy machine only ever adds time). ``first``: the
    first time a multiset is rolled, its marks are enumerated from scratch (the engine's
    ``combinations._dice_table``, private: it is what this measures); ``cached``: every later
    ``legal_marks`` call for it, a filter of that table by the sheet's taken cells.
    """
    # Not imported with the rules: a revision measured --against runs this script on its own
    # package, which may have no such module.
    from dadoteca_games.shelfie import combinations  # noqa: PLC0415

    state = shelfie.SHELFIE.new_game(1, 0)
    first: dict[tuple[int, ...], float] = {}
    cached: list[float] = []
    for dice in itertools.combinations_with_replacement(range(len(shelfie.FACES)), 6):
        counts = tuple(dice.count(face) for face in range(len(shelfie.FACES)))
        first[dice] = best_ms(combinations._dice_table, counts)
        rolled = state._replace(phase=shelfie.Phase.DECIDE, dice=dice)
        rolled.legal_marks(0)  # fills the engine's table for these dice
        cached.append(best_ms(rolled.legal_marks, 0))
    worst = max(first, key=first.__getitem__)
    return {
        "multisets": len(first),
        "first_max_ms": first[worst],
        "first_worst_dice": [shelfie.FACES[face] for face in worst],
        "first_median_ms": statistics.median(first.values()),
        "cached_max_ms": max(cached),
        "cached_median_ms": statistics.median(cached),
    }


def games_per_second_of(
    py: Path, game_id: str, players: int, seconds: float, first_seed: int
) -> float:
    """:func:`games_per_second` of the engine in the folder ``py``, in a process of its own."""
    run = subprocess.run(
        [sys.executable, __file__, "--rate", game_id, str(players), str(seconds), str(first_seed)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(py)},
    )
    return float(run.stdout)


def measure(
    game_id: str, players: int, *, runs: int, seconds: float, before: Path | None
) -> dict[str, Any]:
    """Games per second of this engine (and of the one in ``before``'s folder, alternating, on
    the same seeds, each in a process of its own)."""
    now: list[float] = []
    then: list[float] = []
    for run in range(runs):
        seed = run * 100_000
        if before is None:
            now.append(games_per_second(game_id, players, seconds, seed))
            continue
        then.append(games_per_second_of(before, game_id, players, seconds, seed))
        now.append(games_per_second_of(checkout() / "py", game_id, players, seconds, seed))
    median = statistics.median(now)
    result: dict[str, Any] = {
        "game": game_id,
        "players": players,
        "games_per_second": median,
        "runs": now,
    }
    line = f"{game_id} {players}p: {median:,.0f} random games/s (median of {runs})"
    if then:
        result["before"] = {"games_per_second": statistics.median(then), "runs": then}
        ratio = median / statistics.median(then)
        result["ratio"] = ratio
        line += f"; before: {statistics.median(then):,.0f}, now / before {ratio:.3f}"
    print(line)
    return result


def play_games(game_id: str, players: int, count: int) -> None:
    """Random games 0..count-1 of the engine on the path (what --instructions counts)."""
    game = get_game(game_id)
    for seed in range(count):
        random_playout(game.new_game(players, seed), seed)


def instructions_per_game(py: Path, game_id: str, players: int, games: int) -> float:
    """Instructions per random game of the engine in the folder ``py``, under callgrind:
    the count of games ``games``..2*``games``-1, caches warmed by the first ``games``."""

    def collected(count: int) -> int:
        run = subprocess.run(
            [
                *("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"),
                *(sys.executable, __file__, "--play", game_id, str(players), str(count)),
            ],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONPATH": str(py)},
        )
        found = re.search(r"Collected : (\d+)", run.stderr)
        assert found, run.stderr[-2000:]
        return int(found.group(1))

    return (collected(2 * games) - collected(games)) / games


def count_instructions(args: argparse.Namespace, folder: Path) -> None:
    before = engine_at(args.against, folder)
    results = []
    for players in args.players:
        now = instructions_per_game(checkout() / "py", args.game, players, args.games)
        then = instructions_per_game(before, args.game, players, args.games)
        print(
            f"{args.game} {players}p: {now:,.0f} instructions per random game; "
            f"{args.against}: {then:,.0f}; now / before {now / then:.3f} (lower is faster)"
        )
        results.append({"game": args.game, "players": players, "now": now, "before": then})
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"instructions": results, "against": args.against}, indent=1))
    print(f"written to {args.out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="qwixx")
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--out", type=Path, default=Path("bench-results/engine.json"))
    parser.add_argument("--against", metavar="REF", help="also measure git revision REF")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions (valgrind), with --against"
    )
    parser.add_argument("--games", type=int, default=100, help="games counted, --instructions")
    parser.add_argument("--play", nargs=3, help=argparse.SUPPRESS)  # a counted child's games
    parser.add_argument("--rate", nargs=4, help=argparse.SUPPRESS)  # a timed child's games/s
    # Imported here: browser.py copies this module alone into Pyodide, and imports it there.
    from quick import parse_args  # noqa: PLC0415

    args = parse_args(parser, {"players": [1], "runs": 1, "seconds": 0.05, "games": 1})
    if args.play:
        game_id, players, count = args.play
        play_games(game_id, int(players), int(count))
        return
    if args.rate:
        game_id, players, seconds, seed = args.rate
        print(games_per_second(game_id, int(players), float(seconds), int(seed)))
        return
    if args.instructions:
        if not args.against:
            parser.error("--instructions compares with --against REF")
        with tempfile.TemporaryDirectory() as folder:
            count_instructions(args, Path(folder))
        return
    with tempfile.TemporaryDirectory() as folder:
        before = engine_at(args.against, Path(folder)) if args.against else None
        results = [
            measure(args.game, players, runs=args.runs, seconds=args.seconds, before=before)
            for players in args.players
        ]
    enumeration = shelfie_enumeration_ms()
    worst = " ".join(enumeration["first_worst_dice"])
    print(
        "shelfie legal marks, 6 dice, empty sheet: first enumeration worst "
        f"{enumeration['first_max_ms']:.2f} ms ({worst}), median "
        f"{enumeration['first_median_ms']:.2f} ms; cached worst "
        f"{enumeration['cached_max_ms']:.4f} ms"
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    report = {
        "python": platform.python_version(),
        "engine": results,
        "shelfie_enumeration": enumeration,
    }
    args.out.write_text(json.dumps(report, indent=1))
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
