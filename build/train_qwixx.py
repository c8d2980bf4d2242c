"""Solve solo Qwixx exactly and fit the expert's table to it: ``python -m build.train_qwixx``.

Solo Qwixx is small enough to solve. ``build/qwixx_solo.c``, compiled here with gcc (only this
trainer and its test need a C compiler; the app and the bots never run it), computes by dynamic
programming the expected final score of best play from every sheet at the start of a turn
(62 row codes per row, 0-3 penalties: 14.8 million sheets, 1.8 million up to the game's
symmetries), exactly over the dice: best play scores 115.48 on average. Its rules are those of
``dadoteca_games.qwixx.model``, and ``tests/unit/test_qwixx_solo_trainer.py`` checks it against
that model: the sheets each turn can end on, and the values as the expectation over every roll.

The app cannot carry those values (236 MB), so the expert's table approximates them: the value
of a sheet is its points plus one entry per pair of its rows in a context (penalties taken, a
row locked or not; ``dadoteca_games.qwixx.values.features``), two tables of 62 x 62 row codes
by the symmetries.
The program plays ``--games`` games by the exact values and fits the table, by weighted least
squares, to the exact values of every sheet any of their turns could end on, so the table is
right where the expert's choices are made. It is then measured: ``--measure`` games played as
the expert plays (the best end of each turn by the table, the two best looked at one roll
further if within ``ExpertQwixxBot.LOOKAHEAD_MARGIN``), with the points a game its choices lose
to best play by the exact values. The defaults wrote the committed
``py/dadoteca_games/qwixx/values.bin`` (62 KB) in about 4 minutes on one core of a shared
machine (the solve and the fit take most of it) and 750 MB of memory. The exact values are kept in
``--work`` (``build/.cache``, not committed) and reused while the C source is unchanged.
Everything is deterministic: the same source, games and seed write the same file.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import time
from pathlib import Path
from typing import Final

from dadoteca_games.qwixx.bots import ExpertQwixxBot
from dadoteca_games.qwixx.values import VALUES_FILE

SOURCE: Final = Path(__file__).with_name("qwixx_solo.c")
CFLAGS: Final = ("-O2", "-ffp-contract=off")  # no fused multiply-adds: the same sums everywhere
WORK: Final = Path(__file__).with_name(".cache") / "qwixx-solo"


def compile_solver(directory: Path) -> Path:
    """``qwixx_solo.c`` compiled into ``directory``: the program's path."""
    gcc = shutil.which("gcc")
    if gcc is None:
        raise SystemExit("build.train_qwixx needs gcc to compile build/qwixx_solo.c")
    directory.mkdir(parents=True, exist_ok=True)
    program = directory / "qwixx_solo"
    subprocess.run([gcc, *CFLAGS, "-o", str(program), str(SOURCE), "-lm"], check=True)
    return program


def run(program: Path, *arguments: object, given: str = "") -> str:
    """Run the C program on ``given`` as its input; what it printed (its progress goes to
    stderr, shown as it comes)."""
    done = subprocess.run(
        [str(program), *map(str, arguments)],
        check=True,
        input=given,
        stdout=subprocess.PIPE,
        text=True,
    )
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games the fit learns from")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=VALUES_FILE)
    parser.add_argument("--measure", type=int, default=10_000, help="games to measure it on")
    parser.add_argument("--work", type=Path, default=WORK, help="where the exact values stay")
    args = parser.parse_args()
    started = time.perf_counter()
    program = compile_solver(args.work)
    source_hash = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:12]
    values = args.work / f"values-{source_hash}.f32"
    if not values.exists():
        for stale in args.work.glob("values-*.f32"):
            stale.unlink()
        partial = values.with_suffix(".partial")
        run(program, "solve", partial)
        partial.rename(values)
    optimum = float(run(program, "values", values, given="0 0 0 0 0\n"))
    print(f"solved: best play scores {optimum:.3f} on average ({values})")
    run(program, "fit", values, args.out, args.games, args.seed)
    print(f"table fitted on {args.games} games -> {args.out}")
    margin = ExpertQwixxBot.LOOKAHEAD_MARGIN
    print(run(program, "play", args.out, args.measure, 1, margin, values))
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
