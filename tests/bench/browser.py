"""Browser benchmark: start-up against bare Pyodide, tap-to-DOM latency, rules engine in Pyodide.

    .venv/bin/python -m build.build --dist dist            # the site to measure (any build)
    PYTHONPATH=py:.:tests/e2e .venv/bin/python tests/bench/browser.py  # --runs, --dist, --out

Writes ``bench-results/browser.json`` (``--out``) and prints a summary. About 6.5 minutes with
the default ``--runs 5`` on a 2-core machine; ``--runs 2`` takes about 3. Timings on a shared
machine are noisy: every figure is a median over ``--runs``, and every comparison is a ratio
against a baseline measured in the same browser, alternating with the app run by run.

What is measured, on Debian's Chromium (``/usr/bin/chromium``, headless, 360x640 viewport):

1. **Start-up**: time from navigation start until ``<html data-app-state="ready">``, for the
   app (``index.html``) and for a *bare Pyodide* page written at benchmark time into a temporary
   copy of the site (never into dist/), with npm's Pyodide files as published (the site ships
   its stdlib compiled) beside the site's lock file and wheels, in ``bare/``:
   ``loadPyodide({indexURL: "pyodide/"})``, then, as
   PyScript does it, ``loadPackage("micropip")`` and ``micropip.install(["dadoteca"])``, which
   resolves the same wheel through our pyodide-lock.json. The ratio app/bare is the price of
   PyScript and of the app itself. Both are served by build/serve.py's server (brotli, content
   ETags, ``Cache-Control: no-cache`` but for ``service-worker.js``, fresh for an hour).
   *Cold*: a fresh origin (its own server on a new port):
   no HTTP cache, no service worker, no storage. *Warm*: a second load of the same origin in a
   new tab; for the app, once its service worker is active and controls the page (everything
   comes from the precache), with its Python snapshot dropped (a normal start); the bare page
   has no service worker, so its warm load is served by the HTTP cache (revalidated, 304s).
   *Snapshot*: a third app load, restoring the Python snapshot the warm one made
   (assets/python-start.mjs), against bare Pyodide's warm load. For each load, the main-thread
   tasks over 50 ms until ready; for the cold app, everything the first visit moved until it
   was offline-ready. Then cold app loads again while typing a name into the setup, ten keys a
   second: how long each key waited for the main thread (``performance.now() - event.timeStamp``
   in a keydown listener). At 1x only: a first visit with and without compression, and which
   Python modules the ready app has imported, against the stdlib archive. The summary's
   columns, all from navigation start: FP and FCP, the page's first paint and first contentful
   paint (for the app, the shell); *scripts*, DOMContentLoaded, once the page's scripts (the
   app's deferred and module scripts, or bare Pyodide's module) have run; *wasm in*,
   ``pyodide.asm.wasm`` (for the app, asked for by its Python worker, which says when each file
   arrived: ``dadoteca:arrived`` events) has arrived; *wheel in*, the dadoteca wheel has arrived
   (Pyodide and micropip are up: what comes before is mostly Pyodide's own start, what comes
   after is installing the wheel and, for the app, starting it); *ready*. Also when a cold app
   became offline-ready (its service worker took control) and what the server sent. Then the
   same again in a second browser with 4x CPU throttling (CDP
   ``Emulation.setCPUThrottlingRate``, set before navigation; it slows the page's main thread
   only, not the service worker nor the browser's compile threads).

   One browser per variant, with a persistent profile in a new temporary directory, as a
   phone has: its HTTP cache is on disk, and Chromium's code cache keeps compiled WebAssembly
   beside it (a warm bare page compiles ~0.5 s less). Incognito contexts (Playwright's
   ``browser.new_context()``) cache in memory and do not keep the 9.6 MB
   ``pyodide.asm.wasm``: it is downloaded and compiled again on every "warm" load, which
   flatters the app. ``--incognito`` measures that way all the same (a new context per run).

2. **Tap-to-DOM latency** (``taps``, ``real-dice``, ``table-top``) over scripted 2-player games
   of each game (``?seed=1..runs``, one per run; ``--taps N``, as ``--quick`` does: each game's
   first N taps only): every seat rolls when asked, confirms a complete choice, else takes the
   first highlighted (legal) tap, else stops rolling, else passes. Each tap is timed inside the
   page: from ``el.click()`` until Python, in its worker, has answered and the page has painted
   the update (``dom``: the message's round trip included, ``dadotecaTable.settled()``), then
   until the next frame (``requestAnimationFrame`` then ``setTimeout 0``: ``frame``). p50/p95/max
   over all taps of a game, in both browsers (normal and throttled). ``performance.now()`` is
   coarsened to 0.1 ms on a page that is not cross-origin isolated. ``real-dice``: the same games
   with the table's own dice, each roll entered as a person does (a face for each die in turn,
   drawn from a seeded stream, then Use): how many taps each roll took, and the latency of the
   entry's taps (``entry``, ``use``) beside the others'. ``table-top``: Qwixx games of four at a
   1024x768 tablet, handed round, then lying in the middle of the table, each person tapping
   their own place (laid out again and turned as the next frame is drawn).

3. **Rules engine in Pyodide**: My Shelfie's legal-mark enumeration for every multiset of six
   dice (engine.py's ``shelfie_enumeration_ms``: worst and median, first time and cached), and
   random games per second of each game, by tests/bench/engine.py's own
   ``games_per_second`` (the module is copied into Pyodide's file system and imported there),
   run for 1, 2 and 4 players on the bare page, alternating with the same function in this
   CPython; medians of ``--runs`` and the ratio CPython/Pyodide.

4. **Peak memory** (``memory``, at 1x): the peak resident size (``VmHWM``) of the renderer
   process holding the page, whose JS heaps and WebAssembly memories, its workers' included,
   live in it; each start in a browser of its own on one profile: a first visit (until the
   Python snapshot for the next one is stored), then a visit restoring that snapshot.

About CPU throttling and the app's Python worker: CDP's ``Emulation.setCPUThrottlingRate``,
set on the page, slows the page's thread by the rate but a dedicated worker only about 2.2x at
4x, and set on the worker's own target it leaves the worker unthrottled: the throttled figures
are faithful for the page's thread (long tasks, key waits, paints) and flatter Python's share.

Parts 2 and 3 live in browser_taps.py and browser_engine.py; this file runs them all.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from browser_engine import measure_engine, print_engine
from browser_taps import installed_origin, measure_taps, print_taps
from harness import (
    APP_PAGE,
    BARE_PAGE,
    GAMES,
    LOCALE,
    READY_JS,
    ROOT,
    SW_CONTROL_JS,
    VIEWPORT,
    BootError,
    Chromium,
    Site,
    SiteServer,
    browser,
    log,
    median,
    ms,
    rates,
    ratio,
    spread,
    times,
)
from playwright.sync_api import (
    Playwright,
    sync_playwright,
)
from quick import parse_args

# tests/e2e: one home for the browser flags, and for reaching the app's Python
from appdriver import CHROMIUM, CHROMIUM_ARGS, run_python
from build.serve import SERVICE_WORKER_FRESH_SECONDS

# What --only may pick.
PARTS = (
    "startup",
    "typing",
    "taps",
    "real-dice",
    "table-top",
    "first-visit",
    "engine",
    "memory",
)


# The app's Python snapshot (assets/python-snapshot.mjs): wait until the page has stored it.
SNAPSHOT_STORED_JS = """async () => {
  const root = document.documentElement;
  const deadline = performance.now() + 180000;
  while (!root.dataset.pythonSnapshot) {
    if (performance.now() > deadline) throw new Error("no snapshot after 180 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (root.dataset.pythonSnapshot !== "stored") throw new Error("the snapshot was not made");
}"""

DROP_SNAPSHOT_JS = """async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith("dadoteca python snapshot")) await caches.delete(name);
  }
}"""

# What Python has imported once the app is ready, run in the app's own interpreter, in its worker:
# which of them come from the stdlib archive, and how much of the archive that is.
IMPORTS_PY = """
import json, sys, zipfile
archive = next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile(archive) as stdlib:
    members = {info.filename: info for info in stdlib.infolist()}
used = {
    module.__file__.removeprefix(archive + "/")
    for module in list(sys.modules.values())
    if (getattr(module, "__file__", None) or "").startswith(archive + "/")
}
modules = [m for m in members if m.endswith(".py") or m.endswith(".pyc")]
json.dumps({
    "modules_imported": sorted(sys.modules),
    "stdlib_modules_in_archive": len(modules),
    "stdlib_modules_imported": len(used),
    "archive_bytes": sum(i.compress_size for i in members.values()),
    "imported_bytes": sum(members[m].compress_size for m in used if m in members),
})
"""
# -- 1. start-up ----------------------------------------------------------------------------


def startup_run(chromium: Chromium, kind: str) -> dict[str, dict[str, Any]]:
    """A cold load of a new origin, then a warm one in a new tab. The app: warm once its
    service worker controls the page, with its Python snapshot dropped first (a normal start);
    then a third load restores the snapshot that the warm one made."""
    origin = chromium.new_origin()
    path = APP_PAGE if kind == "app" else BARE_PAGE
    page, cold = chromium.open(origin, path)
    if kind == "app":
        cold["offline_ready_ms"] = page.evaluate(SW_CONTROL_JS)
        precache = origin.server.traffic.take()
        cold["first_visit"] = {key: cold["served"][key] + precache[key] for key in precache}
        page.evaluate(SNAPSHOT_STORED_JS)  # before dropping it: no worker may store it later
        page.evaluate(DROP_SNAPSHOT_JS)
    page.close()
    page, warm = chromium.open(origin, path)
    loads = {"cold": cold, "warm": warm}
    if kind == "app":
        if not warm["controlled"] or warm["python_start"] != "fresh":
            raise BootError(f"the warm app load was not a normal start from the cache: {warm}")
        page.evaluate(SNAPSHOT_STORED_JS)
        page.close()
        page, loads["snapshot"] = chromium.open(origin, path)
        if loads["snapshot"]["python_start"] != "snapshot":
            raise BootError("the app did not restore its snapshot")
    page.close()
    return loads


def long_task_figures(loads: list[dict[str, Any]]) -> dict[str, float | None]:
    """Main-thread tasks over 50 ms until ready: medians per load, and the longest of all."""
    return {
        "count": median([len(load["long_tasks"]) for load in loads]),
        "total_ms": median([sum(load["long_tasks"]) for load in loads]),
        "max_ms": max((max(load["long_tasks"], default=0) for load in loads), default=None),
    }


def summarise_loads(loads: list[dict[str, Any]]) -> dict[str, Any]:
    keys = (
        "ready_ms",
        "first_paint_ms",
        "first_contentful_paint_ms",
        "scripts_ms",
        "wasm_ms",
        "wheel_ms",
        "offline_ready_ms",
    )
    summary: dict[str, Any] = {
        key: median([load.get(key) for load in loads]) for key in keys if key in loads[0]
    }
    for key in ("requests", "not_modified", "body_bytes"):
        summary[f"served_{key}"] = median([load["served"][key] for load in loads])
        if "first_visit" in loads[0]:
            summary[f"first_visit_{key}"] = median([load["first_visit"][key] for load in loads])
    summary["long_tasks"] = long_task_figures(loads)
    summary["loads"] = loads
    return summary


APP_LOADS = ("cold", "warm", "snapshot")
BARE_LOADS = ("cold", "warm")


def measure_startup(chromium: Chromium, runs: int) -> dict[str, Any]:
    loads: dict[str, dict[str, list[dict[str, Any]]]] = {
        "app": {state: [] for state in APP_LOADS},
        "bare": {state: [] for state in BARE_LOADS},
    }
    for run in range(runs):
        order = ("app", "bare") if run % 2 == 0 else ("bare", "app")
        for kind in order:
            for state, metrics in startup_run(chromium, kind).items():
                loads[kind][state].append(metrics)
        log(
            f"  start-up run {run + 1}/{runs}: "
            + ", ".join(
                f"{kind} {state} {loads[kind][state][-1]['ready_ms']:.0f} ms"
                for kind, states in (("app", APP_LOADS), ("bare", BARE_LOADS))
                for state in states
            )
        )
    result: dict[str, Any] = {}
    for state in APP_LOADS:
        app = summarise_loads(loads["app"][state])
        # A snapshot start is compared with bare Pyodide's warm start: both have everything
        # cached, and bare Pyodide has no snapshot to restore.
        bare = summarise_loads(loads["bare"]["warm" if state == "snapshot" else state])
        result[state] = {
            "ratio_app_to_bare": ratio(app["ready_ms"], bare["ready_ms"]),
            "app": app,
            "bare": bare,
        }
    return result


def measure_typing(chromium: Chromium, runs: int) -> dict[str, Any]:
    """Typing a name into the setup while the app starts (cold): how long each key waited."""
    loads = []
    for _ in range(runs):
        page, load = chromium.open(chromium.new_origin(), APP_PAGE, typing=True)
        page.close()
        loads.append(load)
    delays = [delay for load in loads for delay in load["key_delays"]]
    return {
        "keys": len(delays),
        "key_delay_ms": spread(delays) if delays else None,
        "long_tasks": long_task_figures(loads),
        "ready_ms": median([load["ready_ms"] for load in loads]),
    }


def measure_first_visit(chromium: Chromium) -> tuple[dict[str, Any], dict[str, Any]]:
    """Everything a first visit downloads until the app works offline, with the server sending
    compressed copies and without; and what Python has imported once the app is ready, against
    the stdlib archive shipped (asked of the first of those pages, once its bytes are counted:
    a visit of its own cost a cold start more)."""
    figures: dict[str, Any] = {}
    imports: dict[str, Any] = {}
    for compress in (True, False):
        origin = chromium.new_origin(compress=compress)
        page, load = chromium.open(origin, APP_PAGE)
        page.evaluate(SW_CONTROL_JS)
        precache = origin.server.traffic.take()
        if not imports:
            imports = json.loads(run_python(page, IMPORTS_PY))
        page.close()
        figures["compressed" if compress else "uncompressed"] = {
            key: load["served"][key] + precache[key] for key in precache
        }
    return figures, imports


# -- peak memory ------------------------------------------------------------------------------


def renderer_peak_bytes(profile: Path) -> int:
    """The largest peak resident size (VmHWM) among the renderer processes of the browser whose
    profile is ``profile``: the page's, whose JS heaps and WebAssembly memories, its workers'
    included, live in it (Chromium's own UI renderers left out)."""
    peaks = []
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().decode(errors="replace")
            status = (entry / "status").read_text()
        except OSError:
            continue  # not a process, or gone
        if "--type=renderer" not in command or "--top-chrome-webui" in command:
            continue
        if f"--user-data-dir={profile}" in command:
            (line,) = [line for line in status.splitlines() if line.startswith("VmHWM:")]
            peaks.append(int(line.split()[1]) * 1024)
    return max(peaks)


def measure_memory(playwright: Playwright, site: Site, runs: int) -> dict[str, Any]:
    """Peak memory of the page's renderer process from navigation to ready (and, on a first
    visit, until the Python snapshot for the next one is stored), each start in a browser of its
    own so the peak is that start's: a first visit, then a visit restoring the snapshot."""
    launch: dict[str, Any] = {
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
        "viewport": VIEWPORT,
        "locale": LOCALE,
    }
    peaks: dict[str, list[int]] = {"first_visit": [], "snapshot": []}
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="dadoteca-memory-") as folder:
            profile = Path(folder)
            server = SiteServer(site.root)
            try:
                for kind, kept in peaks.items():
                    context = playwright.chromium.launch_persistent_context(str(profile), **launch)
                    page = context.new_page()
                    page.goto(server.url + APP_PAGE)
                    page.wait_for_function(READY_JS, timeout=120_000)
                    if kind == "first_visit":
                        page.evaluate(SNAPSHOT_STORED_JS)
                    else:
                        assert page.get_attribute("html", "data-python-start") == "snapshot"
                    kept.append(renderer_peak_bytes(profile))
                    context.close()
            finally:
                server.stop()
    return {kind: {"peak_mib": spread([n / 2**20 for n in kept])} for kind, kept in peaks.items()}


def print_memory(memory: dict[str, Any]) -> None:
    for kind, figures in memory.items():
        peak = figures["peak_mib"]
        log(
            f"peak memory of the page's renderer process, {kind.replace('_', ' ')}: "
            f"median {peak['p50']:.0f} MiB (max {peak['max']:.0f})"
        )


# -- the report -----------------------------------------------------------------------------


def print_summary(report: dict[str, Any]) -> None:
    runs = report["settings"]["runs"]
    log(f"\n== Dadoteca in {report['environment']['chromium']}, medians of {runs} runs ==")
    for variant in report["variants"]:
        rate = variant["cpu_throttling"]
        log(f"\n-- CPU throttling {rate:g}x --")
        if "startup" in variant:
            print_startup(variant["startup"])
        if "typing" in variant:
            typing = variant["typing"]
            delays = typing["key_delay_ms"]
            log(
                f"typing a name while the app starts cold ({typing['keys']} keys, ready at "
                f"{ms(typing['ready_ms'])}): each key waited p50 {delays['p50']:.0f} ms, "
                f"p95 {delays['p95']:.0f} ms, max {delays['max']:.0f} ms"
            )
        if "taps" in variant:
            print_taps(variant["taps"])
        if "real_dice" in variant:
            print_taps(variant["real_dice"])
        for key in ("table_top_passed", "table_top"):
            if key in variant:
                print_taps(variant[key])
    if report["first_visit"]:
        print_first_visit(report["first_visit"], report["imports"])
    if report["engine"]:
        print_engine(report["engine"])
    if report["memory"]:
        print_memory(report["memory"])
    environment = report["environment"]
    log(
        f"\n{report['elapsed_seconds']:.0f} s in all; load average "
        f"{environment['load_average_before'][0]:.1f} before, "
        f"{environment['load_average_after'][0]:.1f} after, on {environment['cpus']} CPUs"
    )


def print_startup(startup: dict[str, Any]) -> None:
    columns = (
        "first_paint_ms",
        "first_contentful_paint_ms",
        "scripts_ms",
        "wasm_ms",
        "wheel_ms",
        "ready_ms",
    )
    log("start-up, medians in ms from navigation start")
    headings = ("FP", "FCP", "scripts", "wasm in", "wheel in", "ready", "app/bare")
    log(" " * 13 + "".join(f"{heading:>10}" for heading in headings))
    for state in APP_LOADS:
        for kind in ("app", "bare"):
            figures = startup[state][kind]
            cells = "".join(f"{ms(figures[key]).removesuffix(' ms'):>10}" for key in columns)
            share = times(startup[state]["ratio_app_to_bare"]) if kind == "app" else ""
            name = "(warm)" if state == "snapshot" and kind == "bare" else state
            label = f"{state:<9}{kind}" if kind == "app" else f"{name:>8} {kind}"
            log(f"  {label:<14}{cells}{share:>10}".rstrip())
    cold_app = startup["cold"]["app"]
    log(
        f"  the cold app was offline-ready (its service worker in control) at "
        f"{ms(cold_app['offline_ready_ms'])}; the first visit, to then, moved "
        f"{cold_app['first_visit_body_bytes'] / 1e6:.1f} MB in "
        f"{cold_app['first_visit_requests']:.0f} responses "
        f"({cold_app['first_visit_not_modified']:.0f} x 304)"
    )
    for state, note in (
        ("cold", ""),
        ("warm", "  (app: service worker; bare: HTTP cache)"),
        ("snapshot", ""),
    ):
        log(
            f"  served per {state} load: "
            + ", ".join(
                f"{kind} {startup[state][kind]['served_body_bytes'] / 1e6:.1f} MB "
                f"({startup[state][kind]['served_requests']:.0f} requests, "
                f"{startup[state][kind]['served_not_modified']:.0f} x 304)"
                for kind in ("app", "bare")
            )
            + note
        )
    log("  main-thread tasks over 50 ms until ready (median count / total, longest)")
    for state in APP_LOADS:
        for kind in ("app", "bare"):
            if state == "snapshot" and kind == "bare":
                continue
            tasks = startup[state][kind]["long_tasks"]
            log(
                f"    {state:<9}{kind:<5} {tasks['count']:4.0f} / {ms(tasks['total_ms'])}, "
                f"longest {ms(tasks['max_ms'])}"
            )


def print_first_visit(first_visit: dict[str, Any], imports: dict[str, Any]) -> None:
    log(
        "\nfirst visit until offline-ready, bytes on the wire: "
        + ", ".join(
            f"{how} {figures['body_bytes'] / 1e6:.1f} MB ({figures['requests']} responses, "
            f"{figures['not_modified']} x 304)"
            for how, figures in first_visit.items()
        )
    )
    log(
        f"Python modules imported once the app is ready: {len(imports['modules_imported'])}, of "
        f"which {imports['stdlib_modules_imported']} of the stdlib archive's "
        f"{imports['stdlib_modules_in_archive']} files: "
        f"{imports['imported_bytes'] / 1e3:,.0f} kB of its {imports['archive_bytes'] / 1e3:,.0f} kB"
    )


def measure_tap_parts(chromium: Chromium, args: argparse.Namespace) -> dict[str, Any]:
    """The tap measures ``args.only`` names, all on one origin with the app installed."""
    origin = installed_origin(chromium)

    def taps(games: list[str], dice: str = "app", table_top: bool | None = None) -> dict[str, Any]:
        return measure_taps(
            chromium, origin, args.runs, games, dice, table_top=table_top, cut_at=args.taps
        )

    parts: dict[str, Any] = {}
    if "taps" in args.only:
        parts["taps"] = taps(args.games)
    if "real-dice" in args.only:
        parts["real_dice"] = taps(args.games, "real")
    if "table-top" in args.only:  # against the same four handing the tablet round
        parts["table_top_passed"] = taps(["qwixx"], table_top=False)
        parts["table_top"] = taps(["qwixx"], table_top=True)
    return parts


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site")
    parser.add_argument("--out", type=Path, default=Path("bench-results/browser.json"))
    parser.add_argument(
        "--cpu-throttling",
        type=float,
        default=4.0,
        help="the slowed-down variant's rate (default 4, a mid-range phone; 1: none)",
    )
    parser.add_argument(
        "--engine-seconds", type=float, default=1.0, help="length of one engine run (default 1 s)"
    )
    parser.add_argument("--engine-players", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument(
        "--games", nargs="+", default=list(GAMES), choices=GAMES, help="games to measure"
    )
    parser.add_argument(
        "--taps",
        type=int,
        help="tap measures: each game's first TAPS taps only (default: whole games)",
    )
    parser.add_argument(
        "--only",
        nargs="+",
        choices=PARTS,
        default=list(PARTS),
        help="measure only these parts (default: all)",
    )
    parser.add_argument(
        "--incognito",
        action="store_true",
        help="a fresh incognito context per run instead of a persistent profile",
    )
    # Quick: Qwixx, the game of fewest taps, its first 30 taps (real dice: four rolls entered),
    # and no throttled variant (the same code again, for as much time again).
    quick = {
        "runs": 1,
        "games": ["qwixx"],
        "taps": 30,
        "engine_seconds": 0.05,
        "engine_players": [1],
        "cpu_throttling": 1.0,
    }
    args = parse_args(parser, quick)
    if not (args.dist / "index.html").is_file():
        parser.exit(
            1,
            f"{args.dist}/index.html is missing: build first "
            f"(.venv/bin/python -m build.build --dist {args.dist})\n",
        )
    started, load_before = time.monotonic(), os.getloadavg()
    with (
        tempfile.TemporaryDirectory(prefix="dadoteca-bench-") as tmp,
        sync_playwright() as playwright,
    ):
        site = Site.copy_of(args.dist, Path(tmp))
        variants = []
        engine_report: dict[str, Any] = {}
        first_visit: dict[str, Any] = {}
        imports: dict[str, Any] = {}
        version = "?"
        for throttling in rates(args.cpu_throttling):
            log(f"CPU throttling {throttling:g}x")
            variant: dict[str, Any] = {"cpu_throttling": throttling}
            with browser(playwright, site, throttling, args.incognito) as chromium:
                version = chromium.version
                if "startup" in args.only:
                    variant["startup"] = measure_startup(chromium, args.runs)
                if "typing" in args.only:
                    variant["typing"] = measure_typing(chromium, args.runs)
                if {"taps", "real-dice", "table-top"} & set(args.only):
                    variant.update(measure_tap_parts(chromium, args))
                if throttling == 1 and "first-visit" in args.only:
                    first_visit, imports = measure_first_visit(chromium)
                if throttling == 1 and "engine" in args.only:
                    engine_report = measure_engine(
                        chromium, args.runs, args.engine_seconds, args.engine_players, args.games
                    )
            variants.append(variant)
        memory = measure_memory(playwright, site, args.runs) if "memory" in args.only else {}
    report = {
        "environment": {
            "chromium": f"Chromium {version}",
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": len(os.sched_getaffinity(0)),
            "load_average_before": load_before,
            "load_average_after": os.getloadavg(),
            "dist": {
                "path": str(args.dist),
                "size_bytes": site.size_bytes,
                "wheel": site.wheel,
                "wheel_sha256": site.wheel_sha256,
            },
        },
        "settings": {
            "runs": args.runs,
            "profile": "incognito context per run"
            if args.incognito
            else "persistent profile, a new origin (port) per cold run",
            "cache_control": f"no-cache; service-worker.js max-age={SERVICE_WORKER_FRESH_SECONDS}",
            "viewport": VIEWPORT,
            "app_page": APP_PAGE,
            "argv": sys.argv[1:],
        },
        "variants": variants,
        "first_visit": first_visit,
        "imports": imports,
        "engine": engine_report,
        "memory": memory,
        "elapsed_seconds": time.monotonic() - started,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1))
    print_summary(report)
    log(f"written to {args.out}")


if __name__ == "__main__":
    main()
