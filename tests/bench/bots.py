"""Computer players: strength, decision time in CPython and in the browser, the page's long tasks.

    PYTHONPATH=py:.:tests/e2e .venv/bin/python tests/bench/bots.py [--games 400] [--solo 10000]
    ... tests/bench/bots.py --only long-tasks --game-ids diceland   # one part, one game

1. Strength, in CPython (``dadoteca.bots.simulate``, table positions rotating): expert against
   normal and normal against random, 2 players, in every game; Qwixx solo, expert, ``--solo``
   games (the issue's 10,000).
2. Decision time in the browser: the same simulation run inside bare Pyodide (the app's wheel),
   expert against normal, per game: mean, p95 and max per decision, beside CPython's.
3. Long tasks: in the app itself, expert against expert at ``?pace=0`` (no pauses, so thinking is
   the page's whole work), every main-thread task over 50 ms recorded by a PerformanceObserver
   while the game is played to its end screen. Those are wall-clock times: on a loaded machine
   a task the system set aside for another process looks long. So the same game is also
   traced (CDP, the ``toplevel`` category), and each of the page's main-thread tasks is counted
   by the CPU time its thread spent in it (``cpu_long_tasks``, over 50 ms; ``cpu_longest_ms``),
   which the CPU throttling's own waits are part of (at 4x a task takes about four times its
   1x CPU time) but other processes are not.
4. Hints: in the app itself, two people who ask the coach before every decision, after looking
   at the screen for each of ``--hint-look`` seconds (a person reads the dice before asking; the
   app works the hints out meanwhile), and at once (0: asked the moment the dice land, nothing
   worked out ahead), a whole game of each game (seeds 5 to 4 + ``--hint-games``): each Hint
   tap's time from the click to the hint painted, mean, p95 and max, by throttling and look
   (``"4x"``, ``"4x at once"``).
5. Reviews: ``--review-games`` finished 2-player games of each game (two people, played in
   CPython by the normal and easy levels, seeds from 31), imported as a history into the app and
   each opened again from History: the time from the Open tap to the review's summary painted
   (the whole review worked out in the worker, its progress shown on the way).

Parts 3 to 5 share one Chromium and origin per throttling rate, its service worker installed
before the first of them: each is measured on a person's later visits (until 2026-11-29, each
part had a fresh origin, whose first page was a first visit).

Writes ``bench-results/bots.json`` and prints a summary.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any, Final

from harness import (
    APP_PAGE,
    BARE_PAGE,
    GAMES,
    ROOT,
    SW_CONTROL_JS,
    Site,
    browser,
    log,
    percentile,
    rates,
)
from playwright.sync_api import Page, sync_playwright
from quick import parse_args

from appdriver import COACHED_PLAYER_JS, COACHED_TAPS, fill_seats
from dadoteca.bots import Bot, bot_for
from dadoteca.bots.simulate import simulate
from dadoteca.core import Action, AnyState
from dadoteca.drive import play_out
from dadoteca.games import get_game
from dadoteca.match import Match, Seat
from dadoteca_web.history import History
from dadoteca_web.storage import MemoryStore

SIMULATE_JS = """([game, levels, games, seed]) => pyodide.runPython(`
import json
from dadoteca.bots.simulate import simulate
json.dumps(simulate(${JSON.stringify(game)}, ${JSON.stringify(levels)}, ${games},
                    ${seed}).to_json())
`)"""

# Plays the app's own computer seats to the end screen, watching main-thread tasks over 50 ms.
LONG_TASKS_JS = """async ({ game, levels }) => {
  const tasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  }).observe({ type: "longtask" });
  // A person reads the setup a while before its first tap (the page makes its fonts meanwhile)
  await new Promise((resolve) => setTimeout(resolve, 2000));
  document.querySelector(`#setup input[name=game][value=${game}]`).click();
  // The next tap in a task of its own, after a frame, as a person's is (not one task of both)
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const kinds = document.querySelectorAll("#setup .seat-kind");
  levels.forEach((level, seat) => {
    kinds[seat].value = level;
  });
  const started = performance.now();
  document.querySelector("#setup button[type=submit]").click();
  while (!document.querySelector("#region-scores table")) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (performance.now() - started > 600000) throw new Error("no end screen in 10 minutes");
  }
  const record = JSON.parse(localStorage.getItem("dadoteca.game"));
  localStorage.clear();
  return { tasks, seconds: (performance.now() - started) / 1000, actions: record.actions.length };
}"""


def strength(games: int, solo: int, jobs: int, game_ids: Sequence[str]) -> dict[str, Any]:
    report: dict[str, Any] = {}
    for game in game_ids:
        for levels in (["expert", "normal"], ["normal", "random"]):
            log(f"  {game}: {' vs '.join(levels)}, {games} games")
            report[f"{game} {'-'.join(levels)}"] = simulate(
                game, levels, games, seed=1, jobs=jobs
            ).to_json()
    if solo and "qwixx" in game_ids:
        log(f"  qwixx solo expert, {solo} games")
        report["qwixx solo expert"] = simulate(
            "qwixx", ["expert"], solo, seed=1, jobs=jobs
        ).to_json()
    return report


def browser_decisions(site: Site, games: int, game_ids: Sequence[str]) -> dict[str, Any]:
    report: dict[str, Any] = {}
    with (
        sync_playwright() as playwright,
        browser(playwright, site, 1.0, incognito=True) as chromium,
    ):
        page, _ = chromium.open(chromium.new_origin(), BARE_PAGE)
        for game in game_ids:
            log(f"  {game}: expert vs normal in Pyodide, {games} games")
            levels = ["expert", "normal"]
            pyodide = json.loads(page.evaluate(SIMULATE_JS, [game, levels, games, 1]))
            cpython: dict[str, Any] = simulate(game, levels, games, seed=1).to_json()
            report[game] = {
                "pyodide": pyodide["players"][0]["decision_ms"],
                "cpython": cpython["players"][0]["decision_ms"],
                "decisions": pyodide["players"][0]["decisions"],
            }
    return report


PARTS: Final = ("strength", "decisions", "long-tasks", "hints", "reviews")  # what --only may pick
LONG_TASK_MS: Final = 50.0


OpenPage = Callable[[str], Page]


@contextmanager
def app_pages(site: Site, throttling: float) -> Iterator[OpenPage]:
    """Opens the app's pages, ready and given a whole game's time, at one origin of a Chromium
    throttled ``throttling`` times, its service worker installed first: each part measures a
    person's later visits (not one part the first visit, and the others not), in one browser
    and origin for all (not a first visit each)."""
    with (
        sync_playwright() as playwright,
        browser(playwright, site, throttling, incognito=True) as chromium,
    ):
        origin = chromium.new_origin()
        installing, _ = chromium.open(origin, APP_PAGE)
        installing.evaluate(SW_CONTROL_JS)
        installing.close()

        def open_page(path: str) -> Page:
            page, _ = chromium.open(origin, path)
            page.set_default_timeout(900_000)
            return page

        yield open_page


def main_thread_cpu_ms(trace: bytes) -> list[float]:
    """The CPU time (ms) of each task of the page's main thread in a Chromium trace: the
    renderer main thread that ran the most."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    mains = {
        (event["pid"], event["tid"])
        for event in events
        if event.get("ph") == "M" and event.get("args", {}).get("name") == "CrRendererMain"
    }
    tasks: dict[tuple[int, int], list[float]] = {thread: [] for thread in mains}
    for event in events:
        thread = (event.get("pid"), event.get("tid"))
        if (
            thread in tasks
            and event.get("ph") == "X"
            and event.get("name") == "ThreadControllerImpl::RunTask"
        ):
            tasks[thread].append(event.get("tdur", event.get("dur", 0)) / 1000)
    return max(tasks.values(), key=sum, default=[])


def long_tasks(open_page: OpenPage, throttling: float, game_ids: Sequence[str]) -> dict[str, Any]:
    report: dict[str, Any] = {}
    for game in game_ids:
        page = open_page("index.html?seed=5&pace=0")
        chromium = page.context.browser
        assert chromium is not None
        chromium.start_tracing(page=page, categories=["toplevel"])
        played = page.evaluate(LONG_TASKS_JS, {"game": game, "levels": ["expert", "expert"]})
        cpu = sorted(main_thread_cpu_ms(chromium.stop_tracing()))
        tasks = sorted(played["tasks"])
        report[game] = {
            "actions": played["actions"],
            "seconds": played["seconds"],
            "long_tasks": len(tasks),
            "longest_ms": tasks[-1] if tasks else 0.0,
            "long_task_ms_total": sum(tasks),
            "cpu_long_tasks": sum(ms > LONG_TASK_MS for ms in cpu),
            "cpu_longest_ms": cpu[-1] if cpu else 0.0,
            "cpu_over_100_ms": sum(ms > 100 for ms in cpu),
        }
        log(f"  {game} at {throttling:g}x: {report[game]}")
        page.close()
    return report


def hint_times(
    open_page: OpenPage, throttling: float, games: int, look: float, game_ids: Sequence[str]
) -> dict[str, Any]:
    report: dict[str, Any] = {}
    for game in game_ids:
        times: list[float] = []
        for seed in range(5, 5 + games):
            page = open_page(f"index.html?seed={seed}&pace=0")
            page.check(f"#setup input[name=game][value={game}]")
            fill_seats(page, ["Anna", "Bruno"])
            page.check("#setup input[name=coach]")
            page.click("#setup button[type=submit]")
            page.wait_for_selector("body[data-screen=play]")
            times += page.evaluate(
                COACHED_PLAYER_JS, {"count": 2000, "taps": COACHED_TAPS, "look": look * 1000}
            )
            page.evaluate("localStorage.clear()")
            page.close()
        report[game] = {
            "hints": len(times),
            "mean": sum(times) / len(times),
            "p95": percentile(times, 0.95),
            "max": max(times),
        }
        log(f"  {game} at {throttling:g}x: {report[game]}")
    return report


def _by_level(bots: Sequence[Bot], state: AnyState, player: int) -> Action:
    return bots[player].decide(state, player, 1)


def review_times(
    open_page: OpenPage, throttling: float, games: int, game_ids: Sequence[str]
) -> dict[str, Any]:
    report: dict[str, Any] = {}
    levels = {game: (bot_for(game, "normal"), bot_for(game, "easy")) for game in game_ids}
    with tempfile.TemporaryDirectory() as tmp:
        for game in game_ids:
            history = History(MemoryStore())
            for seed in range(31, 31 + games):
                match = Match(get_game(game), [Seat("Anna", "human"), Seat("Bo", "human")], seed)
                play_out(match, partial(_by_level, levels[game]))
                history.add(match, datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=seed))
            path = Path(tmp) / f"{game}.json"
            path.write_text(history.export(), encoding="utf-8")
            page = open_page("index.html?pace=0")
            page.click("#history-open")
            page.set_input_files("#import-history-file", str(path))
            page.wait_for_selector("#history .history-open-game:not([disabled])")
            seconds = []
            for index in range(games):
                if index:
                    page.click("#history-open")
                started = time.perf_counter()
                page.locator("#history .history-open-game").nth(index).click()
                page.wait_for_selector("body[data-screen=review] .review .behind")
                seconds.append(time.perf_counter() - started)
                page.click("#play [data-act=review-close]")
            page.evaluate("localStorage.clear()")
            page.close()
            report[game] = {
                "reviews": len(seconds),
                "mean_s": sum(seconds) / len(seconds),
                "max_s": max(seconds),
            }
            log(f"  {game} at {throttling:g}x: {report[game]}")
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="2-player games per pairing")
    parser.add_argument("--solo", type=int, default=10_000, help="Qwixx solo games (0: none)")
    parser.add_argument("--browser-games", type=int, default=20, help="games run in Pyodide")
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--cpu-throttling", type=float, default=4.0, help="4x by default; 1: none")
    parser.add_argument("--hint-games", type=int, default=2, help="coached games per game")
    parser.add_argument(
        "--hint-look", type=float, nargs="+", default=[1.0, 0.0], help="seconds before a Hint"
    )
    parser.add_argument("--review-games", type=int, default=3, help="reviews per game")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--out", type=Path, default=Path("bench-results/bots.json"))
    parser.add_argument("--game-ids", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument(
        "--only", nargs="+", choices=PARTS, default=list(PARTS), help="these parts (default: all)"
    )
    # Quick: My Shelfie, the game an expert plays quickest (Qwixx's solo games, part of the
    # strength, are run by --quick --only strength --game-ids qwixx), and no throttled variant
    # (the same code again, for as much time again).
    quick = {
        "games": 1,
        "solo": 1,
        "jobs": 1,
        "browser_games": 1,
        "hint_games": 1,
        "hint_look": [0.0],
        "review_games": 1,
        "game_ids": ["shelfie"],
        "cpu_throttling": 1.0,
    }
    args = parse_args(parser, quick)
    started = time.monotonic()
    report: dict[str, Any] = {}
    if "strength" in args.only:
        log("strength, CPython")
        report["strength"] = strength(args.games, args.solo, args.jobs, args.game_ids)
    with tempfile.TemporaryDirectory(prefix="dadoteca-bench-") as tmp:
        site = Site.copy_of(args.dist, Path(tmp))
        if "decisions" in args.only:
            log("decision time, Pyodide and CPython")
            report["decision_ms"] = browser_decisions(site, args.browser_games, args.game_ids)
        in_the_app = {"long-tasks", "hints", "reviews"} & set(args.only)
        for throttling in rates(args.cpu_throttling) if in_the_app else ():
            variant = f"{throttling:g}x"
            with app_pages(site, throttling) as open_page:
                if "long-tasks" in in_the_app:
                    report.setdefault("long_tasks", {})[variant] = long_tasks(
                        open_page, throttling, args.game_ids
                    )
                for look in args.hint_look if "hints" in in_the_app else ():
                    at_once = " at once" if not look else ""
                    report.setdefault("hint_ms", {})[f"{variant}{at_once}"] = hint_times(
                        open_page, throttling, args.hint_games, look, args.game_ids
                    )
                if "reviews" in in_the_app:
                    report.setdefault("review_s", {})[variant] = review_times(
                        open_page, throttling, args.review_games, args.game_ids
                    )
    report["environment"] = {
        "python": platform.python_version(),
        "cpus": len(os.sched_getaffinity(0)),
        "load_average_after": os.getloadavg(),
        "elapsed_seconds": round(time.monotonic() - started),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1))
    print_summary(report)


# The report's figures kept by variant, then by game: each table's title and row format.
BY_VARIANT_AND_GAME: Final = {
    "review_s": (
        "review of a finished 2-player game, Open tap to summary, s (mean / max):",
        "  {variant:>3} {game:<9} {mean_s:.2f} / {max_s:.2f}",
    ),
    "hint_ms": (
        "hint, tap to painted, ms (mean / p95 / max):",
        "  {variant:>10} {game:<9} {mean:.0f} / {p95:.0f} / {max:.0f}  ({hints} hints)",
    ),
    "long_tasks": (
        "long tasks (> 50 ms) while two experts play in the app at pace 0:",
        "  {variant:>3} {game:<9} {long_tasks} long tasks in {actions} actions, longest"
        " {longest_ms:.0f} ms; by CPU time {cpu_long_tasks} (over 100 ms: {cpu_over_100_ms}),"
        " longest {cpu_longest_ms:.0f} ms",
    ),
}


def print_summary(report: dict[str, Any]) -> None:
    for key, (title, row) in BY_VARIANT_AND_GAME.items():
        if key in report:
            print(f"\n{title}")
            for variant, games in report[key].items():
                for game, figures in games.items():
                    print(row.format(variant=variant, game=game, **figures))
    if "strength" in report:
        print("\nstrength (CPython, positions rotating):")
        for name, result in report["strength"].items():
            for player in result["players"]:
                interval = " - ".join(f"{100 * x:.1f}" for x in player["win_rate_95"])
                print(
                    f"  {name:<28} {player['level']:>6}: mean {player['score']['mean']:7.2f}"
                    f"  wins {100 * player['win_rate']:5.1f}% (95% CI {interval})"
                )
    if "decision_ms" in report:
        print("\nexpert decision time, ms (mean / p95 / max):")
        for game, times in report["decision_ms"].items():
            line = "  ".join(
                f"{engine} {t['mean']:.1f} / {t['p95']:.1f} / {t['max']:.1f}"
                for engine, t in (("Pyodide", times["pyodide"]), ("CPython", times["cpython"]))
            )
            print(f"  {game:<9} {line}  ({times['decisions']} decisions)")


if __name__ == "__main__":
    main()
