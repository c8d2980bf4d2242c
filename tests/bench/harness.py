"""The benchmarks' Chromium: a temporary copy of the built site with bare Pyodide beside it,
each origin served fresh on a port of its own by build/serve.py's server, and pages loaded
until ready, throttled from their start, with what their load measured. Used by browser.py,
diceland_taps.py and bots.py (their docstrings say what each measures).

One browser per variant (CPU throttling rate), with a persistent profile in a new temporary
directory, as a phone has: its HTTP cache is on disk, and Chromium's code cache keeps compiled
WebAssembly beside it. ``incognito`` measures with a new in-memory context per origin instead.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser as PlaywrightBrowser
from playwright.sync_api import BrowserContext, CDPSession, Page, Playwright

# tests/e2e: one home for the browser flags
from appdriver import CHROMIUM, CHROMIUM_ARGS
from build.build import NODE_MODULES, PYODIDE_RUNTIME, write_compressed_variants
from build.serve import DistServer

ROOT = Path(__file__).resolve().parents[2]
VIEWPORT = {"width": 360, "height": 640}
LOCALE = "en-US"  # the game's prompts start with the asked player's name in every language
BOOT_TIMEOUT_S = 300.0  # a throttled cold start is ~15 s here; far more on a loaded machine
APP_PAGE = "index.html?seed=1"
BARE_PAGE = "bare/index.html"
GAMES = ("qwixx", "diceland", "shelfie")


BARE_HTML = """<!doctype html>
<html lang="en" data-app-state="loading">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bare Pyodide (benchmark baseline)</title>
<link rel="icon" href="data:,">
</head>
<body>
<p>Bare Pyodide: the start-up baseline of tests/bench/browser.py.</p>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
// What PyScript does with {"packages": ["dadoteca"]}, minus PyScript.
const pyodide = await loadPyodide({ indexURL: "pyodide/" });
await pyodide.loadPackage("micropip");
const micropip = pyodide.pyimport("micropip");
await micropip.install(["dadoteca"], { keep_going: true });
micropip.destroy();
window.pyodide = pyodide;
document.documentElement.setAttribute("data-app-state", "ready");
</script>
</body>
</html>
"""

# Runs in every page before its own scripts: when it became ready, when a service worker
# took control of it.
INIT_SCRIPT = """
new MutationObserver((mutations, observer) => {
  const state = document.documentElement.getAttribute("data-app-state");
  if (state === "ready" || state === "failed") {
    window.__benchReady = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-app-state"] });
navigator.serviceWorker?.addEventListener("controllerchange", () => {
  window.__benchControlled = performance.now();
});
// Main-thread tasks over 50 ms, and how long each key press waited for the main thread (from
// the browser receiving it to its first handler): what a player typing names feels.
window.__benchLongTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
  }
}).observe({ type: "longtask" });
window.__benchArrived = {};
addEventListener("dadoteca:arrived", ({ detail: { file, at } }) => {
  window.__benchArrived[file] = at - performance.timeOrigin;
});
window.__benchKeyDelays = [];
addEventListener("keydown", (event) => {
  if (window.__benchReady === undefined) {
    window.__benchKeyDelays.push(performance.now() - event.timeStamp);
  }
}, { capture: true });
"""

READY_JS = 'document.documentElement?.matches("[data-app-state=ready], [data-app-state=failed]")'
# The first name of the setup, focused once it is there (typing; it never loses the focus).
FOCUS_FIRST_NAME_JS = """(() => {
  const name = document.querySelector("#setup input[name=player]");
  name?.focus();
  return Boolean(name) && document.activeElement === name;
})()"""

LOAD_METRICS_JS = """() => {
  const paints = Object.fromEntries(
    performance.getEntriesByType("paint").map((entry) => [entry.name, entry.startTime]));
  // Asked for by the page (bare Pyodide), or by the app's Python worker, which says so.
  const arrived = (pattern) => {
    const entry = performance.getEntriesByType("resource").find((e) => pattern.test(e.name));
    const inWorker = Object.entries(window.__benchArrived).find(([file]) => pattern.test(file));
    return entry ? entry.responseEnd : inWorker ? inWorker[1] : null;
  };
  return {
    state: document.documentElement.getAttribute("data-app-state"),
    ready_ms: window.__benchReady ?? null,
    first_paint_ms: paints["first-paint"] ?? null,
    first_contentful_paint_ms: paints["first-contentful-paint"] ?? null,
    // The page's deferred and module scripts have all run just before DOMContentLoaded.
    scripts_ms: performance.getEntriesByType("navigation")[0]?.domContentLoadedEventStart ?? null,
    wasm_ms: arrived(/pyodide\\.asm\\.wasm$/),
    wheel_ms: arrived(/dadoteca-[^/]*\\.whl$/),
    controlled: Boolean(navigator.serviceWorker?.controller),
    python_start: document.documentElement.dataset.pythonStart ?? null,
    long_tasks: window.__benchLongTasks
      .filter((task) => task.start < (window.__benchReady ?? Infinity))
      .map((task) => task.duration),
    key_delays: window.__benchKeyDelays,
  };
}"""

SW_CONTROL_JS = """async () => {
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error("no service worker after 120 s")), 120000));
  const controlled = (async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    }
    return window.__benchControlled ?? null;
  })();
  return Promise.race([controlled, timeout]);
}"""


def log(message: str) -> None:
    print(message, flush=True)


# -- statistics -----------------------------------------------------------------------------


def median(values: Sequence[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def percentile(values: Sequence[float], fraction: float) -> float:
    """Linear interpolation between closest ranks (numpy's default, Excel's PERCENTILE.INC)."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * fraction
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def spread(values: Sequence[float]) -> dict[str, float]:
    return {
        "p50": percentile(values, 0.5),
        "p95": percentile(values, 0.95),
        "max": max(values),
    }


def rates(throttled: float) -> tuple[float, ...]:
    """The CPU throttling rates of a run: unthrottled, then ``throttled`` unless that is 1."""
    return (1.0,) if throttled == 1 else (1.0, throttled)


def ratio(numerator: float | None, denominator: float | None) -> float | None:
    return numerator / denominator if numerator is not None and denominator else None


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f} ms"


def times(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}x"


# -- the site and its servers ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Site:
    """A temporary copy of the built site, plus the bare Pyodide page."""

    root: Path
    wheel: str
    wheel_sha256: str
    size_bytes: int

    @classmethod
    def copy_of(cls, dist: Path, into: Path) -> Site:
        root = Path(shutil.copytree(dist, into / "site"))
        # Bare Pyodide as npm publishes it (its stdlib as sources, where the site ships
        # bytecode), with the site's lock file and wheels, compressed alike by the server.
        bare = root / BARE_PAGE
        (bare.parent / "pyodide").mkdir(parents=True)
        for name in PYODIDE_RUNTIME:
            shutil.copy2(NODE_MODULES / "pyodide" / name, bare.parent / "pyodide" / name)
        for shipped in (root / "pyodide").iterdir():
            if shipped.suffix == ".whl" or shipped.name == "pyodide-lock.json":
                shutil.copy2(shipped, bare.parent / "pyodide" / shipped.name)
        bare.write_text(BARE_HTML)
        write_compressed_variants(bare.parent)
        lock = json.loads((root / "pyodide" / "pyodide-lock.json").read_text())
        wheel = lock["packages"]["dadoteca"]["file_name"]
        digest = hashlib.sha256((root / "pyodide" / wheel).read_bytes()).hexdigest()
        size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
        return cls(root, wheel, digest, size)


class SiteServer(DistServer):
    """build/serve.py's server (compression, ETags) on its own port, in a thread: a new origin
    (cold caches) every time."""

    def __init__(self, root: Path, compress: bool = True) -> None:
        super().__init__(root, quiet=True, compress=compress)
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.shutdown()
        self.server_close()
        self.thread.join()


# -- one browser ----------------------------------------------------------------------------


class BootError(RuntimeError):
    """A page did not become ready: what it said on the way."""


@dataclass
class Origin:
    server: SiteServer
    context: BrowserContext

    @property
    def url(self) -> str:
        return self.server.url


class Chromium:
    """One Chromium for one variant (CPU throttling rate); every page in it throttled alike."""

    def __init__(
        self,
        playwright: Playwright,
        site: Site,
        throttling: float,
        incognito: bool,
        profile_dir: Path,
    ) -> None:
        self.site = site
        self.throttling = throttling
        self.servers: list[SiteServer] = []  # kept open: a port is never reused for a new origin
        self.contexts: list[BrowserContext] = []
        self._options: dict[str, Any] = {"viewport": VIEWPORT, "locale": LOCALE}
        launch: dict[str, Any] = {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS}
        self._incognito: PlaywrightBrowser | None = None
        if incognito:
            self._incognito = playwright.chromium.launch(**launch)
            self.version = self._incognito.version
        else:
            persistent = playwright.chromium.launch_persistent_context(
                str(profile_dir), **launch, **self._options
            )
            persistent.add_init_script(INIT_SCRIPT)
            self.contexts.append(persistent)
            self.version = persistent.browser.version if persistent.browser else "?"

    def new_origin(self, compress: bool = True) -> Origin:
        """A site origin this browser has never seen."""
        server = SiteServer(self.site.root, compress)
        self.servers.append(server)
        if self._incognito is None:
            return Origin(server, self.contexts[0])
        context = self._incognito.new_context(**self._options)
        context.add_init_script(INIT_SCRIPT)
        self.contexts.append(context)
        return Origin(server, context)

    def open(
        self, origin: Origin, path: str, *, typing: bool = False
    ) -> tuple[Page, dict[str, Any]]:
        """Load a page (throttled from the start) until it is ready; its load metrics. `typing`:
        meanwhile, type into the first name of the setup, ten keys a second."""
        page = origin.context.new_page()
        # Watched over the DevTools protocol alone until ready: Playwright's own selector engine
        # (its injected script, ~45 ms of the page's main thread at 4x) would otherwise run in
        # the middle of the load it measures, before its first paint. The session is kept for
        # the page's life: detached, it would take its CPU throttling with it.
        cdp = origin.context.new_cdp_session(page)
        if self.throttling != 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.throttling})
        said: list[str] = []
        page.on("pageerror", lambda error: said.append(f"page error: {error}"))
        page.on("console", lambda message: said.append(f"console.{message.type}: {message.text}"))
        origin.server.traffic.take()
        page.goto(origin.url + path, wait_until="commit")
        self._wait_ready(page, cdp, said, typing)
        metrics: dict[str, Any] = page.evaluate(LOAD_METRICS_JS)
        if metrics["state"] != "ready":
            raise BootError(f"{path}: data-app-state={metrics['state']}\n" + "\n".join(said))
        metrics["served"] = origin.server.traffic.take()
        return page, metrics

    @staticmethod
    def _wait_ready(page: Page, cdp: CDPSession, said: list[str], typing: bool) -> None:
        def evaluate(expression: str) -> Any:
            reply = cdp.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
            return reply["result"].get("value")

        deadline = time.monotonic() + BOOT_TIMEOUT_S
        focused = False
        while not evaluate(READY_JS):
            if typing:
                focused = focused or evaluate(FOCUS_FIRST_NAME_JS)
                if focused:
                    page.keyboard.press("a")
            failed = [line for line in said if "Traceback" in line or "page error" in line]
            if failed or time.monotonic() > deadline:
                raise BootError("\n".join(failed or said[-20:] or ["no ready page"]))
            time.sleep(0.1)

    def close(self) -> None:
        for context in reversed(self.contexts):
            context.close()
        if self._incognito is not None:
            self._incognito.close()
        for server in self.servers:
            server.stop()


@contextmanager
def browser(
    playwright: Playwright, site: Site, throttling: float, incognito: bool
) -> Iterator[Chromium]:
    with tempfile.TemporaryDirectory(prefix="dadoteca-profile-") as profile:
        opened = Chromium(playwright, site, throttling, incognito, Path(profile))
        try:
            yield opened
        finally:
            opened.close()
