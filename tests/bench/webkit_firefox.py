"""What the first visit moves and how much memory the page takes, in WebKit and Firefox.

    .venv/bin/python -m build.build      # the site to measure (any build)
    PYTHONPATH=py:.:tests/e2e .venv/bin/python tests/bench/webkit_firefox.py  # --runs --dist
                                                                  # --out --engines --http

For each engine of tests/e2e/engines.py (WebKitGTK's MiniBrowser, with its own user agent and
with an iPhone's, for which Pyodide takes its iOS path; Firefox ESR headless), ``--runs`` times,
each in a fresh profile against a fresh server, over https as a real host serves the app (a
throwaway self-signed certificate, build.serve's; the engines are told to accept it; ``--http``
for plain http, where WebKit's network library asks for no brotli):

1. **First visit**: the app opened until it is ready, offline-ready (its service worker has
   installed over that https and precached the site) and has stored its Python snapshot: the
   bytes the server sent (response bodies, compressed as served), against the 8 MB budget; and
   what the same responses would have been from a host that sends gzip at best (the build's
   .gz copies: WebKit over http, hosts without brotli).
2. **Snapshot**: a reload, which must restore that snapshot.
3. **A whole game**: Diceland, the heaviest screen (``--game``), two players, by the simple player
   of the browser tests, to its end.

Then the peak resident memory (VmHWM) of the engine's process for web pages, which holds the
page, Python's worker and Pyodide's WebAssembly memory, through all of the above, and of each
step (the peak is started again from the current size between steps, Linux's clear_refs):
against the 300 MB budget of an older iPhone's tab (in WebKit with the iPhone user agent). The
engine's own floor comes first: its process showing a page of the site without scripts, a
rules summary (WebKitGTK's, on an X display, takes far more than an iPhone's tab); the app's
share is the peak less that floor.
Chromium's figures are in tests/bench/browser.py. Writes ``bench-results/engines.json`` and
prints a summary.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from quick import parse_args

from appdriver import SIMPLE_PLAYER_JS, SIMPLE_TAPS
from build.serve import BackgroundServer, self_signed_tls
from dadoteca.games import GAMES
from engines import ENGINES, SET_UP_JS, engine_page, virtual_screen, wait_ready

ROOT = Path(__file__).resolve().parents[2]
FIRST_VISIT_BUDGET_MB = 8.0
PEAK_BUDGET_MIB = 300.0
SNAPSHOT_STORED = "document.documentElement.dataset.pythonSnapshot"
FLOOR_PAGE = "py/dadoteca_games/qwixx/rules.en.html"  # a page of the site with no script: the floor
FLOOR_WAIT_S = 3.0  # its process settles


def measure(engine: str, dist: Path, display: str, game: str, https: bool = True) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="dadoteca-engines-") as folder:
        tls = self_signed_tls(Path(folder)) if https else None
        server = BackgroundServer(dist, tls=tls)
        server.start()
        try:
            with engine_page(engine, Path(folder) / "profile", display) as page:
                page.goto(f"{server.url}{FLOOR_PAGE}")
                time.sleep(FLOOR_WAIT_S)
                floor = page.peak_memory_mib()
                server.traffic.take()
                page.drain()
                page.errors.clear()  # the floor page's own (WebKit asks it for a favicon.ico)
                page.reset_peak_memory()
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
                page.evaluate(SET_UP_JS, {"game": game, "names": ["Ann", "Bo"]})
                page.wait_for("document.body.dataset.screen === 'play'")
                taps = 0
                while done := page.evaluate(SIMPLE_PLAYER_JS, {"count": 100, "taps": SIMPLE_TAPS}):
                    taps += len(done)
                over = page.evaluate("async () => document.body.dataset.screen") == "over"
                page.drain()
                peaks["game"] = page.peak_memory_mib()
                return {
                    "scheme": "https" if https else "http",
                    "first_visit_bytes": first_visit["body_bytes"],
                    "first_visit_gzip_bytes": first_visit["gzip_body_bytes"],
                    "first_visit_requests": first_visit["requests"],
                    "snapshot": stored,
                    "second_start": start,
                    "game": game,
                    "game_taps": taps,
                    "game_over": over,
                    "floor_mib": floor,
                    "peak_mib": max(peaks.values()),
                    "peaks_mib": peaks,
                    "console_errors": page.errors,
                }
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per engine (default 3)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site")
    parser.add_argument("--out", type=Path, default=Path("bench-results/engines.json"))
    parser.add_argument("--engines", nargs="+", default=list(ENGINES), choices=ENGINES)
    parser.add_argument("--game", default="diceland", choices=list(GAMES), help="the game played")
    parser.add_argument(
        "--http", action="store_true", help="serve over plain http (default: https)"
    )
    # Quick: the quickest game, and WebKit with its own user agent only (the iPhone's is the
    # same page of the same engine, its process measured alike).
    args = parse_args(parser, {"runs": 1, "game": "qwixx", "engines": ["webkit", "firefox"]})
    results: dict[str, list[dict[str, Any]]] = {}
    with virtual_screen() as display:
        for _ in range(args.runs):  # engines alternate, run by run: the machine's load is shared
            for engine in args.engines:
                run = measure(engine, args.dist, display, args.game, https=not args.http)
                results.setdefault(engine, []).append(run)
                print(engine, json.dumps(run), flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(
        f"\n{'engine':<15}{'first visit MB':>16}{'gzip':>6}{'peak MiB':>10}{'floor':>7}{'app':>6}"
        f"{'visit':>7}{'start':>7}{'game':>6}  second start, game"
    )
    for engine, runs in results.items():
        megabytes = statistics.median(run["first_visit_bytes"] for run in runs) / 1e6
        gzip_only = statistics.median(run["first_visit_gzip_bytes"] for run in runs) / 1e6
        peak = statistics.median(run["peak_mib"] for run in runs)
        floor = statistics.median(run["floor_mib"] for run in runs)
        share = statistics.median(run["peak_mib"] - run["floor_mib"] for run in runs)
        phases = [
            statistics.median(run["peaks_mib"][phase] for run in runs)
            for phase in ("first_visit", "second_start", "game")
        ]
        fits = "within" if megabytes <= FIRST_VISIT_BUDGET_MB else "OVER"
        fits_memory = "within" if peak <= PEAK_BUDGET_MIB else "OVER"
        starts = sorted({run["second_start"] for run in runs})
        games = "ended" if all(run["game_over"] for run in runs) else "NOT ended"
        print(
            f"{engine:<15}{megabytes:>9.2f} {fits:>6}{gzip_only:>6.2f}{peak:>6.0f} {fits_memory:>6}"
            f"{floor:>6.0f}{share:>6.0f}{phases[0]:>7.0f}{phases[1]:>7.0f}{phases[2]:>6.0f}"
            f"  {'/'.join(starts)}, {games}"
        )
    scheme = "http" if args.http else "https"
    print(
        f"medians of {args.runs}, over {scheme}; budgets: {FIRST_VISIT_BUDGET_MB} MB, "
        f"{PEAK_BUDGET_MIB} MiB"
    )


if __name__ == "__main__":
    main()
