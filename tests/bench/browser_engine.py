"""browser.py's rules engine in Pyodide (part 3 of its docstring): tests/bench/engine.py's own
measures run on the bare page's Pyodide, alternating with the same functions in this CPython."""

from __future__ import annotations

import json
import platform
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import engine
from harness import BARE_PAGE, Chromium, log, median, ratio, times

ENGINE_SETUP_JS = """(source) => {
  pyodide.FS.mkdirTree("/bench");
  pyodide.FS.writeFile("/bench/bench_engine.py", source);
  pyodide.runPython("import sys; sys.path.insert(0, '/bench'); import bench_engine");
  return pyodide.version;
}"""

ENUMERATION_JS = """() => pyodide.runPython(
  "import json; json.dumps(bench_engine.shelfie_enumeration_ms())")"""

ENGINE_RUN_JS = """([game, players, seconds, seed]) => pyodide.runPython(
  `bench_engine.games_per_second(${JSON.stringify(game)}, ${players}, ${seconds}, ${seed})`)"""


def measure_engine(
    chromium: Chromium,
    runs: int,
    seconds: float,
    players: Sequence[int],
    game_ids: Sequence[str],
) -> dict[str, Any]:
    origin = chromium.new_origin()
    page, _ = chromium.open(origin, BARE_PAGE)
    pyodide_version = page.evaluate(ENGINE_SETUP_JS, Path(engine.__file__).read_text())
    cases = [(game, count) for game in game_ids for count in players]
    figures: dict[tuple[str, int], dict[str, list[float]]] = {
        case: {"pyodide": [], "cpython": []} for case in cases
    }
    for run in range(runs):
        for game, count in cases:
            seed = run * 100_000  # the seeds engine.py uses
            figures[game, count]["pyodide"].append(
                float(page.evaluate(ENGINE_RUN_JS, [game, count, seconds, seed]))
            )
            figures[game, count]["cpython"].append(
                engine.games_per_second(game, count, seconds, seed)
            )
        log(
            f"  engine run {run + 1}/{runs}: "
            + ", ".join(
                f"{game} {count}p {figures[game, count]['pyodide'][-1]:,.0f} vs "
                f"{figures[game, count]['cpython'][-1]:,.0f} games/s"
                for game, count in cases
            )
        )
    enumeration = {
        "pyodide": json.loads(page.evaluate(ENUMERATION_JS)),
        "cpython": engine.shelfie_enumeration_ms(),
    }
    page.close()
    results = []
    for (game, count), runs_of in figures.items():
        in_pyodide = median(runs_of["pyodide"])
        in_cpython = median(runs_of["cpython"])
        results.append(
            {
                "game": game,
                "players": count,
                "pyodide_games_per_second": in_pyodide,
                "cpython_games_per_second": in_cpython,
                "ratio_cpython_to_pyodide": ratio(in_cpython, in_pyodide),
                "pyodide_runs": runs_of["pyodide"],
                "cpython_runs": runs_of["cpython"],
            }
        )
    return {
        "pyodide": pyodide_version,
        "python": platform.python_version(),
        "seconds_per_run": seconds,
        "results": results,
        "shelfie_enumeration": enumeration,
    }


def print_engine(engine_report: dict[str, Any]) -> None:
    log(
        f"\nrules engine, random games/s        Pyodide {engine_report['pyodide']:<9}"
        f" CPython {engine_report['python']:<8} CPython/Pyodide"
    )
    for result in engine_report["results"]:
        log(
            f"  {result['game']:<9} {result['players']} players"
            f" {result['pyodide_games_per_second']:>16,.0f}"
            f" {result['cpython_games_per_second']:>16,.0f} "
            f"{times(result['ratio_cpython_to_pyodide']):>15}"
        )
    for where, figures in engine_report["shelfie_enumeration"].items():
        log(
            f"  shelfie legal marks (6 dice, empty sheet) in {where}: first enumeration worst "
            f"{figures['first_max_ms']:.2f} ms ({' '.join(figures['first_worst_dice'])}), "
            f"median {figures['first_median_ms']:.2f} ms; cached worst "
            f"{figures['cached_max_ms']:.4f} ms"
        )
