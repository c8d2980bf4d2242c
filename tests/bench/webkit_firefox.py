"""What the first visit moves and how much memory the app takes over bare Pyodide, in WebKit
and Firefox.

    .venv/bin/python -m build.build      # the site to measure (any build)
    PYTHONPATH=py:.:tests/e2e .venv/bin/python tests/bench/webkit_firefox.py  # --runs --dist
                                                                  # --out --engines --http

For each engine of tests/e2e/engines.py (WebKitGTK's MiniBrowser, with its own user agent and
with an iPhone's, for which Pyodide takes its iOS path; Firefox ESR headless), ``--runs`` times,
each in a fresh profile against a fresh server, over https as a real host serves the app (a
throwaway self-signed certificate, build.serve's; the engines are told to accept it; ``--http``
for plain http, where WebKit's network library asks for no brotli), the app and bare Pyodide in
turn (which comes first alternates run by run):

1. **First visit**: the app opened until it is ready, offline-ready (its service worker has
   installed over that https and precached the site) and has stored its Python snapshot: the
   bytes the server sent (response bodies, compressed as served), against the 8 MB budget; and
   what the same responses would have been from a host that sends gzip at best (the build's
   .gz copies: WebKit over http, hosts without brotli).
2. **Snapshot**: a reload, which must restore that snapshot.
3. **A whole game**: Diceland, the heaviest screen (``--game``), two players, by the simple player
   of the browser tests, to its end.
4. **Bare Pyodide**, in a browser of its own: a page whose module worker calls Pyodide's
   ``loadPyodide()`` and nothing else, with Pyodide's files as npm publishes them (its own lock
   file, its stdlib as sources), served from ``bare/`` of a temporary copy of the site (never
   written into dist/); measured until BARE_SETTLE_S after it is loaded.

The memory is the peak resident size (VmHWM) of the engine's process for web pages, which holds
the page, its workers (Python's; WebKit's service worker too) and Pyodide's WebAssembly memory,
through all of each (the peak is started again from the current size between steps, Linux's
clear_refs). Each starts from the engine's own floor: its process showing a page of the site
without scripts, a rules summary (WebKitGTK's, on an X display, takes far more than an iPhone's
tab). The figures, per run and as medians per engine:

- ``peak_over_bare_mib``: the app's peak through 1-3 less bare Pyodide's peak, in the same run:
  what the app costs over Pyodide itself (target, in WebKit with the iPhone user agent:
  PEAK_OVER_BARE_BUDGET_MIB);
- ``growth_per_tap_mib``: what the whole game leaves held: the process's dirty memory at rest
  after its end, less the same at rest on its first screen, over its taps (target
  GROWTH_PER_TAP_BUDGET_MIB). Dirty memory (private, dirty or swapped: Linux's smaps_rollup)
  is what an iPhone counts against a tab; the resident size also counts the pages an
  allocator freed lazily (MADV_FREE), which the kernel takes back when it needs them: in
  Firefox, 34 MiB of a game's 42 MiB of resident growth (``resident_growth_per_tap_mib`` keeps
  the resident figure). At rest, the page left alone ``--rest-seconds`` (REST_S), the engine
  has given back what it gives back when idle: read the moment the first screen was painted,
  the start's garbage swung that size by up to 80 MiB between runs, as much again as a game's
  growth;
- ``peak_mib``, ``floor_mib`` and each step's peak (``peaks_mib``).

``--hide SELECTOR`` plays the game with those elements hidden (``display: none``), to find
what of the page a figure comes from (docs/benchmarks.md: Diceland's map). The stylesheet is a
constructed one: the page's Content-Security-Policy refuses a ``<style>`` element added to it.
WebKit paints on the CPU, as an iPhone's does (``--webkit-painting gpu``: WebKitGTK's default,
OpenGL, here Mesa's software llvmpipe), and composites outside the page's process, as an
iPhone's does (``--webkit-compositing in``: WebKitGTK's default, in the page's process on
OpenGL in software; tests/e2e/engines.py's WebKitSetup says why), and its JavaScriptCore sizes
its heaps for an older iPhone's memory, OLDER_IPHONE_RAM_MIB (``--webkit-ram-mib 0``: this
machine's). On an iPhone, JavaScriptCore takes the smaller of the device's memory and the tab's
memory limit, which Apple does not publish: an older iPhone's whole memory is the most its heaps
can be sized for there. WebKitGTK's other settings come from the environment.

Chromium's figures are in tests/bench/browser.py. Writes ``bench-results/webkit_firefox.json``
and prints a summary.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

from quick import parse_args

from appdriver import SIMPLE_PLAYER_JS, SIMPLE_TAPS
from build.build import NODE_MODULES, PYODIDE_RUNTIME, write_compressed_variants
from build.serve import BackgroundServer, self_signed_tls
from dadoteca.games import GAMES
from engines import (
    ENGINES,
    PAINTING,
    SET_UP_JS,
    RemotePage,
    WebKitSetup,
    engine_page,
    virtual_screen,
    wait_ready,
)

ROOT = Path(__file__).resolve().parents[2]
FIRST_VISIT_BUDGET_MB = 8.0
PEAK_OVER_BARE_BUDGET_MIB = 150.0
GROWTH_PER_TAP_BUDGET_MIB = 0.05
BUDGETED_ENGINE = "webkit-iphone"  # an older iPhone's tab, whose memory the budgets are for
OLDER_IPHONE_RAM_MIB = 2048  # iPhone 6s to 8
SNAPSHOT_STORED = "document.documentElement.dataset.pythonSnapshot"
FLOOR_PAGE = "py/dadoteca_games/qwixx/rules.en.html"  # a page of the site with no script: the floor
FLOOR_WAIT_S = 3.0  # its process settles
BARE_PAGE = "bare/index.html"
BARE_SETTLE_S = 5.0  # after loadPyodide(): the engine compiles its WebAssembly on meanwhile
TAPS_PER_CALL = 100
# How long the page is left alone before its size at rest is read: WebKit gave back 35 MiB 28 s
# after a game's last tap, and 7 MiB of its first screen's 32 s after it was painted; Firefox
# gave back nothing in 60 s.
REST_S = 40.0
HIDE_JS = """async (selector) => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`${selector} { display: none !important; }`);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return sheet.cssRules.length;
}"""
BARE_HTML = """<!doctype html>
<html lang="en" data-app-state="loading">
<meta charset="utf-8">
<title>Bare Pyodide (benchmark baseline)</title>
<link rel="icon" href="data:,">
<p>Bare Pyodide: the memory baseline of tests/bench/webkit_firefox.py.</p>
<script type="module">
const worker = new Worker("worker.mjs", { type: "module" });
const failed = (error) => {
  console.error(`bare Pyodide: ${error}`);
  document.documentElement.dataset.appState = "failed";
};
worker.onmessage = ({ data }) => {
  if (data === "ready") document.documentElement.dataset.appState = data;
  else failed(data);
};
worker.onerror = (event) => failed(event.message);
</script>
"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";

try {
  self.pyodide = await loadPyodide({ indexURL: new URL("pyodide/", import.meta.url).href });
  postMessage("ready");
} catch (error) {
  postMessage(String(error?.stack ?? error)); // said by the page: its console is the one heard
}
"""


def site_with_bare_pyodide(dist: Path, folder: Path) -> Path:
    """A copy of the built site with the bare Pyodide page in ``bare/``, Pyodide's files as npm
    publishes them beside it, compressed as the build compresses the site's."""
    root = Path(shutil.copytree(dist, folder / "site"))
    bare = (root / BARE_PAGE).parent
    (bare / "pyodide").mkdir(parents=True)
    for name in (*PYODIDE_RUNTIME, "pyodide-lock.json"):
        shutil.copy2(NODE_MODULES / "pyodide" / name, bare / "pyodide" / name)
    (bare / "index.html").write_text(BARE_HTML)
    (bare / "worker.mjs").write_text(BARE_WORKER)
    write_compressed_variants(bare)
    return root


def floor_of(page: RemotePage, url: str) -> float:
    """The engine's own floor: its process showing a page without scripts. The peak is started
    again from there."""
    page.goto(f"{url}{FLOOR_PAGE}")
    time.sleep(FLOOR_WAIT_S)
    floor = page.peak_memory_mib()
    page.drain()
    page.errors.clear()  # the floor page's own (WebKit asks it for a favicon.ico)
    page.reset_peak_memory()
    return floor


@contextmanager
def served_page(
    engine: str, site: Path, display: str, https: bool, webkit: WebKitSetup
) -> Iterator[tuple[BackgroundServer, RemotePage, float]]:
    """``site`` served (over HTTPS, self-signed, if ``https``) to a page of ``engine`` in a new
    profile (WebKit drawing it as ``webkit`` says), and the engine's floor measured there (MiB:
    :func:`floor_of`)."""
    with tempfile.TemporaryDirectory(prefix="dadoteca-engines-") as folder:
        tls = self_signed_tls(Path(folder)) if https else None
        with (
            BackgroundServer(site, tls=tls) as server,
            engine_page(engine, Path(folder) / "profile", display, webkit=webkit) as page,
        ):
            yield server, page, floor_of(page, server.url)


def measure_bare(
    engine: str, site: Path, display: str, https: bool, webkit: WebKitSetup
) -> dict[str, Any]:
    with served_page(engine, site, display, https, webkit) as (server, page, floor):
        page.goto(f"{server.url}{BARE_PAGE}")
        wait_ready(page)
        time.sleep(BARE_SETTLE_S)
        page.drain()
        return {
            "floor_mib": floor,
            "peak_mib": page.peak_memory_mib(),
            "console_errors": page.errors,
        }


def at_rest_mib(page: RemotePage, rest_s: float) -> tuple[float, float]:
    """The resident size and the dirty memory of the page's process once the page has been left
    alone ``rest_s``."""
    time.sleep(rest_s)
    return page.resident_memory_mib(), page.dirty_memory_mib()


def play_whole_game(page: RemotePage) -> tuple[int, list[float]]:
    """The simple player's taps to the game's end: how many, and the resident size every
    TAPS_PER_CALL taps."""
    taps, resident = 0, []
    while done := page.evaluate(SIMPLE_PLAYER_JS, {"count": TAPS_PER_CALL, "taps": SIMPLE_TAPS}):
        taps += len(done)
        resident.append(page.resident_memory_mib())
    return taps, resident


def measure(
    engine: str,
    site: Path,
    display: str,
    game: str,
    https: bool,
    *,
    webkit: WebKitSetup,
    rest_s: float,
    hide: str | None = None,
) -> dict[str, Any]:
    webkit_page = engine.startswith("webkit")
    with served_page(engine, site, display, https, webkit) as (server, page, floor):
        server.traffic.take()
        page.goto(f"{server.url}?seed=5&pace=0")
        wait_ready(page)
        page.wait_for("document.getElementById('offline').dataset.state === 'ready'")
        page.wait_for(SNAPSHOT_STORED, timeout=180.0)
        stored = page.evaluate(f"async () => {SNAPSHOT_STORED}")
        first_visit = server.traffic.take()
        peaks = {"first_visit": page.peak_memory_mib()}
        page.reset_peak_memory()
        page.reload()
        wait_ready(page)
        start = page.evaluate("async () => document.documentElement.dataset.pythonStart")
        peaks["second_start"] = page.peak_memory_mib()
        page.reset_peak_memory()
        if hide and not page.evaluate(HIDE_JS, hide):
            raise ValueError(f"--hide {hide!r}: not a selector")
        page.evaluate(SET_UP_JS, {"game": game, "names": ["Ann", "Bo"]})
        page.wait_for("document.body.dataset.screen === 'play'")
        page.evaluate("async () => window.dadotecaTable.settled()")
        first_screen, first_screen_dirty = at_rest_mib(page, rest_s)
        set_up = page.peak_memory_mib()
        page.reset_peak_memory()
        taps, resident = play_whole_game(page)
        over = page.evaluate("async () => document.body.dataset.screen") == "over"
        page.drain()
        played = page.peak_memory_mib()
        end, end_dirty = at_rest_mib(page, rest_s)
        peaks["game"] = max(set_up, played)
        return {
            "scheme": "https" if https else "http",
            "first_visit_bytes": first_visit["body_bytes"],
            "first_visit_gzip_bytes": first_visit["gzip_body_bytes"],
            "first_visit_requests": first_visit["requests"],
            "snapshot": stored,
            "second_start": start,
            "game": game,
            "hidden": hide,
            "painting": webkit.painting if webkit_page else None,
            # of the page's process
            "compositing": ("in" if webkit.compositing else "outside") if webkit_page else None,
            "ram_mib": webkit.ram_mib if webkit_page else None,  # None: this machine's
            "rest_s": rest_s,
            "game_taps": taps,
            "game_over": over,
            "floor_mib": floor,
            "peak_mib": max(peaks.values()),
            "peaks_mib": peaks,
            "game_first_screen_mib": first_screen,  # at rest, as the end
            "game_resident_mib": resident,  # every TAPS_PER_CALL taps
            "game_end_mib": end,
            "game_first_screen_dirty_mib": first_screen_dirty,  # at rest, as the end
            "game_end_dirty_mib": end_dirty,
            "growth_per_tap_mib": (end_dirty - first_screen_dirty) / max(taps, 1),
            "resident_growth_per_tap_mib": (end - first_screen) / max(taps, 1),
            "console_errors": page.errors,
        }


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """An engine's medians over its runs, and the runs."""
    return {
        "peak_over_bare_mib": statistics.median(run["peak_over_bare_mib"] for run in runs),
        "growth_per_tap_mib": statistics.median(run["growth_per_tap_mib"] for run in runs),
        "peak_mib": statistics.median(run["peak_mib"] for run in runs),
        "bare_peak_mib": statistics.median(run["bare"]["peak_mib"] for run in runs),
        "floor_mib": statistics.median(run["floor_mib"] for run in runs),
        "runs": runs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per engine (default 3)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site")
    parser.add_argument("--out", type=Path, default=Path("bench-results/webkit_firefox.json"))
    parser.add_argument("--engines", nargs="+", default=list(ENGINES), choices=ENGINES)
    parser.add_argument("--game", default="diceland", choices=list(GAMES), help="the game played")
    parser.add_argument(
        "--http", action="store_true", help="serve over plain http (default: https)"
    )
    parser.add_argument(
        "--hide", metavar="SELECTOR", help="play the game with these elements hidden"
    )
    parser.add_argument(
        "--webkit-painting",
        default="cpu",
        choices=PAINTING,
        help="where WebKit paints (default cpu, as an iPhone: tests/e2e/engines.py)",
    )
    parser.add_argument(
        "--webkit-compositing",
        default="outside",
        choices=("outside", "in"),
        help="where WebKit composites: outside the page's process (default, as an iPhone) or in",
    )
    parser.add_argument(
        "--webkit-ram-mib",
        type=int,
        default=OLDER_IPHONE_RAM_MIB,
        help=f"the memory WebKit sizes its JavaScript heaps for (default {OLDER_IPHONE_RAM_MIB}, "
        "an older iPhone's; 0: this machine's)",
    )
    parser.add_argument(
        "--rest-seconds",
        type=float,
        default=REST_S,
        help=f"the page left alone before its size at rest is read (default {REST_S:g})",
    )
    # Quick: the quickest game, WebKit with its own user agent only (the iPhone's is the same
    # page of the same engine, its process measured alike), and rests of a moment.
    quick = {"runs": 1, "game": "qwixx", "engines": ["webkit", "firefox"], "rest_seconds": 1.0}
    args = parse_args(parser, quick)
    https = not args.http
    runs: dict[str, list[dict[str, Any]]] = {engine: [] for engine in args.engines}
    with tempfile.TemporaryDirectory(prefix="dadoteca-site-") as copy, virtual_screen() as display:
        site = site_with_bare_pyodide(args.dist, Path(copy))
        webkit = WebKitSetup(
            args.webkit_painting,
            compositing=args.webkit_compositing == "in",
            ram_mib=args.webkit_ram_mib or None,
        )
        bare_of = partial(measure_bare, site=site, display=display, https=https, webkit=webkit)
        app_of = partial(
            measure,
            site=site,
            display=display,
            game=args.game,
            https=https,
            webkit=webkit,
            rest_s=args.rest_seconds,
            hide=args.hide,
        )
        for number in range(args.runs):  # engines alternate, run by run: the load is shared
            for engine in args.engines:
                # The app and bare Pyodide alternate too, which comes first.
                if number % 2 == 0:
                    bare, run = bare_of(engine), app_of(engine)
                else:
                    run, bare = app_of(engine), bare_of(engine)
                run["bare"] = bare
                run["peak_over_bare_mib"] = run["peak_mib"] - bare["peak_mib"]
                runs[engine].append(run)
                print(engine, json.dumps(run), flush=True)
    results = {engine: summary(engine_runs) for engine, engine_runs in runs.items()}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(
        f"\n{'engine':<15}{'first visit MB':>16}{'gzip':>6}{'peak MiB':>9}{'floor':>6}"
        f"{'visit':>6}{'start':>6}{'game':>6}{'bare':>6}{'over bare':>11}{'MiB/tap':>14}"
        "  second start, game"
    )
    for engine, result in results.items():
        engine_runs = result["runs"]
        megabytes = statistics.median(run["first_visit_bytes"] for run in engine_runs) / 1e6
        gzip_only = statistics.median(run["first_visit_gzip_bytes"] for run in engine_runs) / 1e6
        phases = [
            statistics.median(run["peaks_mib"][phase] for run in engine_runs)
            for phase in ("first_visit", "second_start", "game")
        ]
        fits = "within" if megabytes <= FIRST_VISIT_BUDGET_MB else "OVER"
        over_bare, growth = result["peak_over_bare_mib"], result["growth_per_tap_mib"]
        budgeted = engine == BUDGETED_ENGINE
        fits_peak = ("within" if over_bare <= PEAK_OVER_BARE_BUDGET_MIB else "OVER") * budgeted
        fits_growth = ("within" if growth <= GROWTH_PER_TAP_BUDGET_MIB else "OVER") * budgeted
        starts = sorted({run["second_start"] for run in engine_runs})
        games = "ended" if all(run["game_over"] for run in engine_runs) else "NOT ended"
        print(
            f"{engine:<15}{megabytes:>9.2f} {fits:>6}{gzip_only:>6.2f}{result['peak_mib']:>9.0f}"
            f"{result['floor_mib']:>6.0f}{phases[0]:>6.0f}{phases[1]:>6.0f}{phases[2]:>6.0f}"
            f"{result['bare_peak_mib']:>6.0f}{over_bare:>4.0f} {fits_peak:<6}"
            f"{growth:>7.3f} {fits_growth:<6}  {'/'.join(starts)}, {games}"
        )
    heaps = f"{args.webkit_ram_mib} MiB" if args.webkit_ram_mib else "this machine's memory"
    print(
        f"medians of {args.runs}, over {'https' if https else 'http'}, WebKit painting on the "
        f"{args.webkit_painting.upper()}, compositing {args.webkit_compositing} the page's "
        f"process, its heaps sized for {heaps}; growth: dirty memory between rests of "
        f"{args.rest_seconds:g} s; "
        f"budgets: {FIRST_VISIT_BUDGET_MB} MB; in {BUDGETED_ENGINE}, "
        f"{PEAK_OVER_BARE_BUDGET_MIB:.0f} MiB over bare Pyodide, "
        f"{GROWTH_PER_TAP_BUDGET_MIB} MiB a tap"
    )


if __name__ == "__main__":
    main()
