"""Taps per Diceland turn for people playing by hand on a phone (360x640), against an earlier build.

    .venv/bin/python -m build.build                                   # this build, into dist/
    PYTHONPATH=py:.:tests/e2e .venv/bin/python tests/bench/diceland_taps.py --against ff83ca5

Seeded 2-player games (``?seed=1..--games``, maps A and B) are played by a finger in Debian's
Chromium, the same games on this build (``--dist``) and on git revision REF's (built into a
temporary folder: its sources as REF has them, this checkout's node_modules), one after the
other in the same browser, at ``--throttling`` (4x CPU by default, as a slow phone). Every
person plays as the simple player of the browser tests (appdriver's SIMPLE_TAPS, its finger as
DICELAND_FINGER_JS), so both builds play the same game: only the taps the screen costs differ.

Per person's turn (a person's crossing of a turn's rolls: phase 2 and the bonus rolls, each
with a Confirm or a Pass of its own): the cells crossed
(a tap each), and apart the taps on Confirm (of the cells; phase 1's Confirm of a colour is not
crossing), on Pass, that only zoomed the map, on "Whole map" (the simple player never needs
it), and dropped as a double tap's second; the goal is at most the cells crossed + 2 taps a
turn (issue 57): turns over it are counted. And the time from each tap until its
answer is painted (tap-to-DOM), p50 and p95 over every tap of a game, medians over the games,
each build's as a ratio of the other's measured in the same run (the machine is noisy); and the
main thread's tasks over 50 ms while the games are played (the Long Tasks API), all the games'.
Writes ``--out`` (JSON) and prints a summary.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from engine import unpack
from harness import (
    APP_PAGE,
    ROOT,
    SW_CONTROL_JS,
    Chromium,
    Origin,
    Site,
    browser,
    log,
    percentile,
)
from playwright.sync_api import sync_playwright
from quick import parse_args

from appdriver import DICELAND_FINGER_JS, SIMPLE_TAPS, choose_map, fill_seats

NAMES = ("Ana", "Ben")
MAPS = ("A", "B")
# The taps crossing a turn besides a tap per cell: each decision's (Confirm of the cells, or
# Pass) and those spent on the map's view (zooming in, "Whole map", a tap dropped as a double
# tap's second: appdriver.DICELAND_FINGER_JS); the goal: 2 at most (issue 57).
DECIDING = ("confirm", "pass")
VIEW_KINDS = ("zoom", "whole", "dropped")
GOAL_BEYOND_CELLS = 2
TIMED_KINDS = ("roll", "colour", "confirm-colour", "stop", "cell", "confirm")  # each apart too


def built_at(ref: str, folder: Path) -> Path:
    """The site of git revision ``ref``, built into ``folder``/dist from its own sources."""
    source = unpack(ref, ".", folder / "source")
    (source / "node_modules").symlink_to(ROOT / "node_modules")
    (source / "build" / ".cache").symlink_to(ROOT / "build" / ".cache")
    dist = folder / "dist"
    subprocess.run(
        [sys.executable, "-m", "build.build", "--dist", str(dist)],
        cwd=source,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(source / "py"), str(source)])},
        check=True,
        capture_output=True,
    )
    return dist


# The main thread's tasks over 50 ms from here on (the Long Tasks API), each one's duration.
OBSERVE_LONG_TASKS_JS = """() => {
  window.dadotecaLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.dadotecaLongTasks.push(entry.duration);
  }).observe({ type: "longtask" });
}"""


def play(
    chromium: Chromium, origin: Origin, seed: int, turns: int
) -> tuple[list[dict[str, Any]], list[float]]:
    """One seeded game by a finger, up to ``turns`` turns: its taps, and the main thread's
    tasks over 50 ms while it was played (from its first roll)."""
    page, _ = chromium.open(origin, f"index.html?seed={seed}")
    page.check("#setup input[name=game][value=diceland]")
    fill_seats(page, list(NAMES))
    for seat, map_id in enumerate(MAPS):
        choose_map(page, seat, map_id)
    page.click("#setup button[type=submit]")
    page.wait_for_selector("[data-act=roll]", state="attached")
    page.evaluate(OBSERVE_LONG_TASKS_JS)
    played = page.evaluate(DICELAND_FINGER_JS, {"limit": turns, "taps": SIMPLE_TAPS})
    long_tasks: list[float] = page.evaluate("window.dadotecaLongTasks")
    page.evaluate("localStorage.clear()")  # the next game must not resume this one
    page.close()
    if "error" in played:
        raise RuntimeError(f"seed {seed}: {played['error']}")
    taps: list[dict[str, Any]] = played["taps"]
    return taps, long_tasks


def p95(values: list[float]) -> float | None:
    return percentile(values, 0.95) if values else None


def per_turn(taps: list[dict[str, Any]]) -> dict[str, Any]:
    """A game's taps per person's turn, by kind; the taps crossing (the cells, their Confirm or
    a Pass, and the taps on the map's view) beyond the cells crossed; the turns over the goal."""
    by_turn: dict[tuple[int, str], Counter[str]] = {}
    for tap in taps:
        by_turn.setdefault((tap["turn"], str(tap["seat"])), Counter())[tap["kind"]] += 1
    crossing = ("cell", *DECIDING, *VIEW_KINDS)
    turns = [
        counts
        for (turn, _), counts in sorted(by_turn.items())
        if turn > 0 and any(counts[kind] for kind in crossing)
    ]
    beyond = [sum(counts[kind] for kind in (*DECIDING, *VIEW_KINDS)) for counts in turns]
    return {
        "turns": len(turns),
        **{
            f"{kind}_per_turn": statistics.fmean(counts[kind] for counts in turns)
            for kind in ("cell", *DECIDING, *VIEW_KINDS)
        },
        "crossing_taps_per_turn": statistics.fmean(
            counts["cell"] + more for counts, more in zip(turns, beyond, strict=True)
        ),
        "turns_over_goal": sum(more > GOAL_BEYOND_CELLS for more in beyond),
        "zooms_while_fitting": sum(1 for tap in taps if tap["kind"] == "zoom" and tap["fits"]),
        "smallest_cell_px": min((tap["px"] for tap in taps if "px" in tap), default=None),
        "dom_p50_ms": percentile([tap["ms"] for tap in taps], 0.5),
        "dom_p95_ms": percentile([tap["ms"] for tap in taps], 0.95),
        **{
            f"dom_p95_ms_{kind}": p95([tap["ms"] for tap in taps if tap["kind"] == kind])
            for kind in TIMED_KINDS
        },
    }


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians over the games of each figure (the smallest cell: the smallest of all)."""
    figures: dict[str, Any] = {"games": len(games)}
    for name in games[0]:
        values = [game[name] for game in games if game[name] is not None]
        if name == "smallest_cell_px":
            figures[name] = min(values, default=None)
        elif name == "longest_task_ms":
            figures[name] = max(values, default=None)
        elif name in ("turns", "turns_over_goal", "zooms_while_fitting", "long_tasks"):
            figures[name] = sum(values)
        else:
            figures[name] = statistics.median(values) if values else None
    return figures


def measure(dists: dict[str, Path], games: int, turns: int, throttling: float) -> dict[str, Any]:
    """Each build's games, alternating build by build, game by game, in one browser each."""
    played: dict[str, list[dict[str, Any]]] = {name: [] for name in dists}
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as folder:
        sites = {name: Site.copy_of(dist, Path(folder) / name) for name, dist in dists.items()}
        for seed in range(1, games + 1):
            for name, site in sites.items():
                with browser(playwright, site, throttling, incognito=False) as chromium:
                    origin = chromium.new_origin()
                    page, _ = chromium.open(origin, APP_PAGE)  # its service worker: loads warm
                    page.evaluate(SW_CONTROL_JS)
                    page.close()
                    taps, long_tasks = play(chromium, origin, seed, turns)
                figures = {
                    **per_turn(taps),
                    "long_tasks": len(long_tasks),
                    "longest_task_ms": max(long_tasks, default=0.0),
                }
                log(
                    f"  {name} seed {seed}: {figures['turns']} turns, "
                    f"{figures['crossing_taps_per_turn']:.2f} taps crossing a turn for "
                    f"{figures['cell_per_turn']:.2f} cells, p95 {figures['dom_p95_ms']:.0f} ms"
                )
                played[name].append(figures)
    return {name: summary(games_played) for name, games_played in played.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games (default 3)")
    parser.add_argument("--turns", type=int, default=1000, help="at most, per game")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="this build")
    parser.add_argument("--against", metavar="REF", help="also git revision REF's build")
    parser.add_argument("--throttling", type=float, default=4.0, help="CPU slowdown (4)")
    parser.add_argument("--out", type=Path, default=Path("bench-results/diceland_taps.json"))
    args = parse_args(parser, {"games": 1, "turns": 3, "against": "HEAD", "throttling": 1.0})
    with tempfile.TemporaryDirectory(prefix="dadoteca-ref-") as folder:
        dists = {"this": args.dist}
        if args.against:
            log(f"building {args.against}")
            dists[args.against] = built_at(args.against, Path(folder))
        report = measure(dists, args.games, args.turns, args.throttling)
    report = {"throttling": args.throttling, "viewport": "360x640", "builds": report}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2))
    for name, figures in report["builds"].items():
        print(
            f"{name}: {figures['crossing_taps_per_turn']:.2f} taps crossing a turn "
            f"({figures['cell_per_turn']:.2f} cells, {figures['confirm_per_turn']:.2f} Confirm, "
            f"{figures['pass_per_turn']:.2f} Pass, {figures['zoom_per_turn']:.2f} zoom, "
            f"{figures['whole_per_turn']:.2f} whole map, {figures['dropped_per_turn']:.2f} "
            f"dropped); {figures['turns_over_goal']} of {figures['turns']} turns over cells + "
            f"{GOAL_BEYOND_CELLS}; {figures['zooms_while_fitting']} zooms while the playable "
            f"cells fit; smallest cell tapped {figures['smallest_cell_px']:.0f} px; tap-to-DOM "
            f"p50 {figures['dom_p50_ms']:.0f} ms, p95 {figures['dom_p95_ms']:.0f} ms at "
            f"{args.throttling:g}x CPU; {figures['long_tasks']} main-thread tasks over 50 ms "
            f"(the longest {figures['longest_task_ms']:.0f} ms)"
        )
    if args.against:
        now, before = report["builds"]["this"], report["builds"][args.against]
        print(
            f"this / {args.against}: taps crossing a turn "
            f"{now['crossing_taps_per_turn'] / before['crossing_taps_per_turn']:.2f}, "
            f"tap-to-DOM p95 {now['dom_p95_ms'] / before['dom_p95_ms']:.2f} "
            "(the same seeded games, in the same run)"
        )


if __name__ == "__main__":
    main()
