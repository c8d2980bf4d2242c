"""Driving the app in a browser page: waiting for it, starting games, watching what it does."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    Route,
    ViewportSize,
    Worker,
)

from build.build import finish_site
from build.serve import BackgroundServer
from dadoteca.match import Match
from dadoteca_games.diceland.view import DicelandUI
from dadoteca_web.app import App
from dadoteca_web.game_ui import PLAY_REGIONS
from dadoteca_web.guide import GUIDE_KEY
from dadoteca_web.i18n import Translator
from dadoteca_web.screens import GAME_UIS
from dadoteca_web.storage import HISTORY_KEY, SAVE_KEY, GameStore, MemoryStore

CHROMIUM = "/usr/bin/chromium"  # the benchmarks': the browser a person runs
# The tests': Chromium's headless shell, as Playwright's own headless tests run (the same
# engine without the browser's windowing; a third less processor time for the suite).
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
PHONE: ViewportSize = {"width": 360, "height": 640}  # every test's viewport unless it says
# Without these, Chromium tries Google's services, which this closed network refuses.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BOOT_TIMEOUT_MS = 90_000  # Pyodide boots in 3-15 s here; far more on a loaded CI machine


@dataclass
class PageWatch:
    """Everything a page said and asked for: errors must stay empty, requests same-origin."""

    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> PageWatch:
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("request", self._request)
        return self

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def _request(self, request: Request) -> None:
        self.requests.append(request.url)

    def foreign_requests(self, origin: str) -> list[str]:
        return [url for url in self.requests if not url.startswith((origin, "data:", "blob:"))]


def wait_ready(page: Page) -> None:
    """Wait for Python to take over the page; fail at once if the app says it could not."""
    page.wait_for_selector(
        "html[data-app-state=ready], html[data-app-state=failed]",
        state="attached",
        timeout=BOOT_TIMEOUT_MS,
    )
    assert page.get_attribute("html", "data-app-state") == "ready", page.inner_text("body")


PYTHON_RUNTIME = "**/pyodide/pyodide.asm.wasm"


def hold_back(page: Page, pattern: str) -> list[Route]:
    """The requests for ``pattern``, held: neither answered nor failed until released."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(pattern, hold)
    return held


def release_once_asked(page: Page, held: list[Route]) -> None:
    """Let the held requests go on, once there are any: Python's worker asks for its runtime
    only once it has started, which may be after the page said the start is slow; and a
    request reaches the test through Playwright's driver, on a busy machine after what the page
    did next."""
    while not held:
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()


def guides_told(page: Page) -> None:
    """The page's device has told every game's first-game guide (dadoteca_web.guide), from its
    next load on: for a test of something else, where a first game's line would move what it
    taps or measures (the guide's own tests: test_guide_browser.py)."""
    told = json.dumps(sorted({kind for ui in GAME_UIS.values() for kind in ui.guide}))
    page.add_init_script(f"localStorage.setItem({json.dumps(GUIDE_KEY)}, {json.dumps(told)})")


def stored_before_the_app(page: Page, items: dict[str, str]) -> None:
    """The page's local storage holds ``items`` when the app's first script runs: set by an
    init script, before the page's one load (no load thrown away), and only at the first (an
    init script runs at every navigation: a reload finds what the app made of them)."""
    page.add_init_script(f"""if (!sessionStorage.getItem("test.stored")) {{
      sessionStorage.setItem("test.stored", "yes");
      for (const [key, value] of Object.entries({json.dumps(items)})) {{
        localStorage.setItem(key, value);
      }}
    }}""")


def open_app(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)


def fill_seats(page: Page, names: list[str]) -> None:
    """As many seats as names, each name in its seat (the first player: the first name)."""
    page.select_option("#player-count", str(len(names)))
    for index, name in enumerate(names):
        page.fill(f"#setup input[name=player] >> nth={index}", name)
    page.select_option("#first-player", "0")


def choose_map(page: Page, seat: int, map_id: str) -> None:
    """Diceland: choose the map of seat ``seat`` (from 0) as a finger does, its picture in the
    chooser that the seat's map button opens."""
    page.click(f"#setup .seat-map >> nth={seat}")
    page.click(f"#map-chooser .map-option[data-map='{map_id}'] .dl-pic")
    page.wait_for_selector("#map-chooser:not([open])", state="attached")


def start_game(page: Page, names: list[str]) -> None:
    fill_seats(page, names)
    page.click("#setup button[type=submit]")
    on_screen(page, "play")


def on_screen(page: Page, screen: str, timeout: float | None = None) -> None:
    """Wait for ``screen`` (setup, play, over) drawn whole: the page paints a new screen in
    frames (what is above the board, the board, the others' sheets) once it has said which."""
    page.wait_for_selector(f"body[data-screen={screen}]", timeout=timeout)
    settled(page)


def choose_language(page: Page, language: str) -> None:
    """Switch the app to ``language`` as the shell's menu does, and wait until it is painted."""
    page.select_option("#language", language)
    page.wait_for_function("(chosen) => document.body.dataset.language === chosen", arg=language)
    settled(page)


def new_game(page: Page) -> None:
    """Back to the setup: New game, and yes when a game in play makes the app ask first.
    Activated as a key does it: a finger's tap where the game's last tap landed, in the moment
    after, would be taken for a second tap and dropped (assets/page/table/taps.js)."""
    page.locator("[data-act=new-game]:visible").first.evaluate("(e) => e.click()")
    settled(page)
    if page.evaluate("document.getElementById('confirm').open"):
        tap(page, "#confirm-yes")
    on_screen(page, "setup")


def press(page: Page, selector: str) -> None:
    """Activate a control as a keyboard or a screen reader does (no pointer: the page never
    holds these back after a change of hands, so a scripted game needs no waits)."""
    page.wait_for_selector(selector, state="attached")
    page.eval_on_selector(selector, CLICK_AND_SETTLE_JS)


# Click, then wait until Python (in its worker) has answered, the page has painted and what the
# paint left for the next frame is done (settled, below).
CLICK_AND_SETTLE_JS = "(element) => { element.click(); return window.dadotecaTable.drawn(); }"


def python_worker(page: Page) -> Worker:
    """The app's Python worker (PyScript's, started from a blob: URL)."""
    page.wait_for_function("() => document.documentElement.dataset.pythonStart")
    (worker,) = [w for w in page.workers if w.url.startswith("blob:")]
    return worker


def run_python(page: Page, code: str) -> str:
    """Run ``code`` in the app's own Python, in its worker; the value of its last line."""
    answer: str = python_worker(page).evaluate("(code) => String(pyodide.runPython(code))", code)
    return answer


# A tap target's width and height, to layout's precision (1/64 px: a control moved by a
# transform mid-animation, a guide line sliding in, measures 43.999996 px for its 44), and the
# start of its HTML.
TARGET_BOX = """(e) => {
  const box = e.getBoundingClientRect();
  const layout = (px) => Math.round(px * 64) / 64;
  return [layout(box.width), layout(box.height), e.outerHTML.slice(0, 80)];
}"""


def settled(page: Page) -> None:
    """Wait until every message the page sent to Python is answered and painted, and what the
    paint left for the next frame is done (the table-top laid out, the page scrolled to the new
    player): a test measures the screen as a person sees it. (Before, a test that measured the
    table-top's middle right after a roll measured it before its layout: a fresh run of cbf6583.)"""
    page.evaluate("window.dadotecaTable.drawn()")


def next_frame(page: Page) -> None:
    """Wait until the next frame is drawn: what the page does in it (a scroll after a change
    of hands, a notice scrolled into view) is done."""
    page.evaluate("new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn)))")


def tap(page: Page, selector: str) -> None:
    """A finger's tap on the game, once the screen is the new player's (the page ignores taps
    for a moment after it changes hands, as a person only taps once they have seen it)."""
    page.wait_for_selector("body:not([data-handover])", state="attached")
    page.click(selector)
    settled(page)


# Qwixx's white sum with nobody crossing: "Done" answers for everyone it names, never for the
# roller, whose own "no cross" closes the moment.
NOBODY_CROSSES = (
    "#region-controls [data-act=done]",
    "#region-controls .answer-line:not(.answered) [data-act=answer][data-row=none]",
)


def nobody_crosses(page: Page, by: Callable[[Page, str], None] = tap) -> None:
    """Nobody crosses the white sum, the way the table taps it (``by``: tap or press)."""
    for selector in NOBODY_CROSSES:
        by(page, selector)


def saved_record(page: Page) -> dict[str, object] | None:
    """The game record the app saved in localStorage (None: no game in progress)."""
    return parsed_record(page.evaluate("localStorage.getItem('dadoteca.game')"))


def parsed_record(text: str | None) -> dict[str, object] | None:
    """A saved game record read from its stored text (None: none stored)."""
    if text is None:
        return None
    record = json.loads(text)
    assert isinstance(record, dict)
    return record


def choose_game(page: Page, game: str, names: list[str]) -> None:
    """Start ``game`` from the setup form for ``names`` (people, in seat order)."""
    page.check(f"#setup input[name=game][value={game}]")
    start_game(page, names)


# The simple player of the browser tests, by what the screen offers: roll, confirm a complete
# choice, tap the first highlighted thing (a colour, a shelf; a Diceland cell toward the goal:
# SIMPLE_NEXT_JS), stop rolling, pass. It plays every game to its end.
SIMPLE_TAPS = [
    "#play [data-act=roll]",
    "#play [data-act=confirm]:not([disabled])",
    "#play .legal[data-act]:not(.answered *)",
    "#play [data-act=stop]",
    *NOBODY_CROSSES,
    "#play [data-act=pass]",
    "#play .dl-tab.to-answer",  # from a computer's map, read-only, to a person's
]
# What the simple player taps next, a statement for a page script: ``simpleNext(taps)``, the first
# element of the first of ``taps`` (selectors) the page shows; of a Diceland map's highlighted
# cells, the one toward the goal (9 prizes and a colour whole), as a person plays: a prize, else
# a cell of the colour with the fewest cells left uncrossed on that map, the first such, read
# from the cells' names (en-GB). With the first cell instead, the shortest two-player game of
# seeds 1-79 took 686 taps, not 421 (seed 21's: 808, not 491). tests/unit/test_diceland_app.py's
# tap_step makes the same choice in CPython.
SIMPLE_NEXT_JS = """const simpleNext = (taps) => {
  const towardTheGoal = (cells) => {
    const sheet = cells[0].closest(".dl-sheet");
    const named = (cell) => cell.getAttribute("aria-label").split(", ");
    const left = new Map();
    for (const cell of sheet.querySelectorAll(".dl-cell")) {
      const [colour, ...said] = named(cell);
      if (!said.includes("crossed")) left.set(colour, (left.get(colour) ?? 0) + 1);
    }
    const rank = (cell) => {
      const [colour, ...said] = named(cell);
      return (said.includes("prize") ? 0 : 1000) + left.get(colour);
    };
    return cells.filter((cell) => cell.closest(".dl-sheet") === sheet)
      .reduce((best, cell) => (rank(cell) < rank(best) ? cell : best));
  };
  for (const selector of taps) {
    const shown = [...document.querySelectorAll(selector)];
    if (shown.length) return shown[0].matches(".dl-cell") ? towardTheGoal(shown) : shown[0];
  }
  return null;
};
"""
# Up to ``count`` taps of the simple player, in the page, until the end screen; what it tapped.
SIMPLE_PLAYER_JS = (
    """async ({ count, taps }) => {
"""
    + SIMPLE_NEXT_JS
    + """
  const done = [];
  while (done.length < count && !document.querySelector("#region-scores table")) {
    const element = simpleNext(taps);
    if (!element) break;
    done.push(element.dataset.act);
    element.click();
    await window.dadotecaTable.settled();
  }
  return done;
}"""
)


# Whether a Diceland map (its .dl-view) shows the decision in play framed for it: at the frame
# after the paint, or the one after that for a new decision to cross (it is shown fitted first),
# assets/page/map-zoom.js frames it and marks it with the decision's key (moment and seat).
MAP_FRAMED_JS = """(view) => Boolean(view) && view.dataset.shown
  === `${document.body.dataset.moment}|${view.closest("[data-seat]").dataset.seat}`"""


# Diceland by a finger, inside the page (a tap from Python costs round trips: hundreds of seconds
# a game): the simple player's taps (``taps``: SIMPLE_TAPS), each timed from the tap until its
# answer is painted (ms). Buttons are clicked; a map cell is tapped where it shows, as a finger
# does: a click (detail 1, a tap's) on whatever is under the finger, once the screen has changed
# hands; a cell out of the zoomed view is panned to first (not a tap). A tap on the map shown
# whole (too small for a finger) only zooms (kind "zoom"; ``fits``: the playable cells would
# have fitted the frame zoomed), and the cell is tapped again. Each tap's kind (a cell chosen,
# "zoom", "dropped": taken for a double tap's second, "confirm-colour": phase 1's Confirm, or the
# control's act), the turn it was in,
# and a chosen cell's size (px) where it was tapped.
# Until the end or ``limit`` turns; or an error.
DICELAND_FINGER_JS = (
    """async ({ limit, taps }) => {
"""
    + SIMPLE_NEXT_JS
    + """
  const NEXT = () => simpleNext(taps);
  const settled = () => window.dadotecaTable.settled();
  const handedOver = () => new Promise((resolve) => {
    const check = () => (document.body.dataset.handover ? setTimeout(check, 20) : resolve());
    check();
  });
  const nextFrame = () => new Promise((resolve) =>
    requestAnimationFrame(() => setTimeout(resolve, 0)));
  // A person looks at the map as it is shown: framed on the play, then a frame more.
  const isFramed = """
    + MAP_FRAMED_JS
    + """;
  const framed = async (cell) => {
    const view = cell.closest(".dl-view");
    for (let frames = 0; frames < 10 && !isFramed(view); frames += 1) await nextFrame();
    await nextFrame();
  };
  // Where a finger taps a cell: its middle, or the middle of its part in its frame's view and
  // not under the decision bar (which stays in view over the page: app.css).
  const middle = (cell) => {
    const { left, top, right, bottom, width, height } = cell.getBoundingClientRect();
    const frame = cell.closest(".dl-scroller").getBoundingClientRect();
    const bar = document.querySelector("#play .table-top").getBoundingClientRect();
    const below = bar.right > left && bar.left < right ? bar.bottom : 0;
    const [x0, x1] = [Math.max(left, frame.left, 0), Math.min(right, frame.right, innerWidth)];
    const [y0, y1] = [Math.max(top, frame.top, below), Math.min(bottom, frame.bottom, innerHeight)];
    return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, width, height,
      seen: y1 - y0 >= height / 2 && x1 - x0 >= width / 2, below };
  };
  // A finger's pan of the map in its frame (on the whole map too: the page's scroll), until
  // the cell is in the frame's middle.
  const pan = (cell) => {
    const scroller = cell.closest(".dl-scroller");
    const box = cell.getBoundingClientRect();
    const frame = scroller.getBoundingClientRect();
    scroller.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
    scroller.scrollTop += box.top + box.height / 2 - (frame.top + frame.height / 2);
  };
  const under = ({ x, y }) => document.elementFromPoint(x, y);
  // Whose map is open: the person a cell, a Confirm or a Pass is tapped for.
  const shownSeat = () =>
    document.querySelector("#region-board .dl-sheet:not([aria-hidden])")?.dataset.seat;
  const turnNow = () => Number(
    document.querySelector("#region-prompt .turn-count")?.textContent.match(/\\d+/)?.[0] ?? 0);
  // Would the playable cells, zoomed to 48 px, fit the map's frame as wide as its column?
  const wouldFit = (view) => {
    const cells = [...view.querySelectorAll(".dl-cell.legal")];
    const wrap = view.querySelector(".dl-map-wrap");
    const fitted = wrap.clientWidth * Number(view.dataset.cell) / Number(view.dataset.width);
    const scale = 48 / fitted;
    const span = (values) => (Math.max(...values) - Math.min(...values)) / 100;
    const across = span(cells.map((c) => parseFloat(c.style.left))) * wrap.clientWidth * scale;
    const down = span(cells.map((c) => parseFloat(c.style.top))) * wrap.clientHeight * scale;
    return across + 48 <= view.parentElement.clientWidth && down + 48 <= view.clientHeight;
  };
  const done = [];
  let last = { x: -100, y: -100, at: 0 }; // where and when the finger last tapped a cell
  for (let i = 0; i < 20000; i++) try {
    const turn = turnNow();
    if (document.querySelector("#region-scores table") || turn > limit) return { taps: done };
    const el = NEXT();
    if (!el) return { error: "nothing to tap", taps: done };
    let tap = { kind: el.dataset.act, turn, seat: shownSeat() ?? null };
    let start = performance.now();
    if (el.matches(".dl-cell")) {
      await handedOver();
      await framed(el);
      if (under(middle(el))?.closest(".dl-cell") !== el || !middle(el).seen) {
        pan(el);
        const { top, bottom } = el.getBoundingClientRect();
        const { seen, below } = middle(el);
        if (!seen) window.scrollBy(0, (top + bottom) / 2 - (below + innerHeight) / 2); // the page
      }
      let point = middle(el);
      // A person's next tap on the spot of the last comes after a moment, not as a double
      // tap's second (which the page drops: assets/page/pure/taps.js).
      if (Math.hypot(point.x - last.x, point.y - last.y) < 30) {
        await new Promise((resolve) => setTimeout(resolve, last.at + 500 - performance.now()));
        point = middle(el);
      }
      const touched = under(point);
      if (touched?.closest(".dl-cell") !== el) {
        return { error: `no finger reaches cell ${el.dataset.cell} at ${JSON.stringify(point)}:`
          + ` ${touched?.outerHTML.slice(0, 120)}`, taps: done };
      }
      const view = el.closest(".dl-view");
      const zoom = view.dataset.zoom;
      const fits = zoom === "whole" && wouldFit(view);
      start = performance.now();
      touched.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true,
        detail: 1, clientX: point.x, clientY: point.y, view: window }));
      await settled();
      last = { ...point, at: performance.now() };
      const crossed = `#play .dl-sheet:not([aria-hidden]) .dl-cell.selected[data-cell="${
        el.dataset.cell}"]`;
      if (zoom !== "whole" && !document.querySelector(crossed)) tap = { ...tap, kind: "dropped" };
      else if (zoom !== "whole") tap = { ...tap, px: Math.min(point.width, point.height) };
      else if (view.dataset.zoom === "in") tap = { ...tap, kind: "zoom", fits };
      else return { error: "a tap on the whole map did not zoom in", taps: done };
    } else {
      // Confirm of a colour (phase 1) apart from Confirm of the cells chosen on the map.
      if (tap.kind === "confirm" && !document.querySelector(
        "#play .dl-sheet:not([aria-hidden]) .dl-cell.selected")) tap.kind = "confirm-colour";
      el.click();
      await settled();
    }
    done.push({ ...tap, ms: performance.now() - start });
    const notice = document.querySelector("#region-notice .notice.error");
    if (notice) return { error: notice.textContent, taps: done };
  } catch (e) { return { error: e.stack, taps: done }; }
  return { error: "no end", taps: done };
}"""
)

# A seeded stream of numbers in [0, 1) (mulberry32), for the page scripts that play at random:
# the first statement of the script's function, then ``const random = seededRandom(seed);``
# (Playwright calls a script with its argument only if its text is a function).
SEEDED_RANDOM_JS = """const seededRandom = (seed) => {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
"""


# The regions a painted update (the detail of a ``dadoteca:painted`` event) drew whole or patched
# pieces of, as assets/page/pure/frames.js's touches() counts them: a statement for a page script.
PAINTED_REGIONS_JS = """const paintedRegions = (update) => [
  ...Object.keys(update.regions),
  ...Object.entries(update.patches ?? {})
    .filter(([, pieces]) => Object.keys(pieces).length > 0).map(([name]) => name),
];
"""


def seeded_table_js(body: str) -> str:
    """A page function ``({ seed, maxTaps }) => …`` running ``body`` with a seeded ``random``,
    ``find`` (querySelector), ``pick`` (a random item) and ``tap`` (click, then wait until
    Python has answered and the page has painted): a table of people tapping at random."""
    return (
        "async ({ seed, maxTaps }) => {"
        + SEEDED_RANDOM_JS
        + """
  const random = seededRandom(seed);
  const find = (selector) => document.querySelector(selector);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const tap = async (element) => {
    element.click();
    await window.dadotecaTable.settled();
  };
"""
        + body
        + "}"
    )


# A table that asks the coach before every decision it can, after looking at the screen for
# ``look`` ms: the Hint button's tap (on a shared screen, each person's own, on their line),
# timed from the click to the hint painted; then the simple player's taps, the choice the hint
# suggests first (Qwixx rings it; My Shelfie's dice to reroll are chosen), until the next hint
# or the end.
COACHED_PLAYER_JS = """async ({ count, taps, look }) => {
  const hints = [];
  let played = 0;
  const find = (selector) => document.querySelector(selector);
  const said = () => document.querySelectorAll(".notice.coach, .line-hint").length;
  const toAsk = () =>
    find("#play .answer-line:not(.answered):not(:has(.line-hint)) [data-act=hint]")
    ?? (find(".notice.coach") ? null : find("#region-tools [data-act=hint]:not([disabled])"));
  while (played < count && !find("#region-scores table")) {
    const ask = toAsk();
    if (ask) {
      await new Promise((resolve) => setTimeout(resolve, look));
      const before = said();
      const started = performance.now();
      ask.click();
      await window.dadotecaTable.settled();
      if (said() <= before) throw new Error("a Hint tap showed no hint");
      hints.push(performance.now() - started);
      continue;
    }
    const element = taps.map(find).find((e) => e);
    if (!element) break;
    element.click();
    await window.dadotecaTable.settled();
    played += 1;
  }
  return hints;
}"""
COACHED_TAPS = [
    "#play .suggested:not([disabled]):not(.chosen):not(.answered *)",
    "#play [data-act=reroll]:not([disabled]):not(.primary)",
    *SIMPLE_TAPS,
]


def coached_taps(page: Page, count: int) -> list[float]:
    """Up to ``count`` taps of a coached table (COACHED_PLAYER_JS); each hint's time in ms."""
    hints: list[float] = page.evaluate(
        COACHED_PLAYER_JS, {"count": count, "taps": COACHED_TAPS, "look": 0}
    )
    return hints


def simple_taps(page: Page, count: int) -> list[str]:
    done: list[str] = page.evaluate(SIMPLE_PLAYER_JS, {"count": count, "taps": SIMPLE_TAPS})
    return done


SERVICE_WORKER_ACTIVATED_JS = (
    "navigator.serviceWorker.ready.then(r => r.active && r.active.state === 'activated')"
)
OFFLINE_READY = "#offline[data-state=ready]"  # the service worker found its cache complete
# Take the files whose path (in dist/) ends with ``path`` out of the service worker's cache.
REMOVE_CACHED_JS = """async (path) => {
  const name = (await caches.keys()).find((key) => key.startsWith("dadoteca http"));
  const cache = await caches.open(name);
  const removed = (await cache.keys()).filter((request) => request.url.endsWith(path));
  await Promise.all(removed.map((request) => cache.delete(request)));
  return removed.length;
}"""
# Said when a file the service worker's cache should hold is missing, by the failed start
# (#boot-failed) or by the offline status (#offline).
OPEN_ONLINE_ONCE = "Open Dadoteca once with an internet connection to get them back."


def offline_ready(page: Page, url: str) -> None:
    """Open the app and wait until it says it can be played offline."""
    open_app(page, url)
    page.wait_for_function(SERVICE_WORKER_ACTIVATED_JS)
    page.wait_for_selector(OFFLINE_READY, state="attached")


@contextmanager
def routable_page(browser: Browser, **options: Any) -> Iterator[Page]:
    """A phone page in a context of its own (``options``: the context's, such as its locale)
    with no service worker, so that ``page.route`` sees every request the page makes."""
    context = browser.new_context(service_workers="block", viewport=PHONE, **options)
    try:
        yield context.new_page()
    finally:
        context.close()


@contextmanager
def first_visited(
    browser: Browser, dist: Path, query: str = ""
) -> Iterator[tuple[Page, BackgroundServer]]:
    """A phone page in a new profile that opened the app once, until it said it can be played
    offline; and its server, running until the profile is closed."""
    server = BackgroundServer(dist)
    server.start()
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        offline_ready(page, f"{server.url}{query}")
        yield page, server
    finally:
        context.close()
        server.stop()


@contextmanager
def offline_page(
    browser: Browser, dist: Path, query: str, missing: str | None = None
) -> Iterator[Page]:
    """A phone page that opened the app once (offline-ready), then lost the server: only the
    service worker's cache is left. The app is ready on it; or, with a file ``missing`` from
    that cache (its path in dist/), the page is as it came back."""
    with first_visited(browser, dist, query) as (page, server):
        if missing is not None:
            assert page.evaluate(REMOVE_CACHED_JS, missing) == 1, missing
        server.stop()
        page.reload()
        if missing is None:
            wait_ready(page)
        yield page


@contextmanager
def profile(playwright: Playwright, folder: Path) -> Iterator[BrowserContext]:
    """One persistent browser profile: its windows share localStorage and Web Locks."""
    context = playwright.chromium.launch_persistent_context(
        str(folder),
        executable_path=HEADLESS_SHELL,
        args=CHROMIUM_ARGS,
        viewport=PHONE,
        locale="en-GB",
        has_touch=True,
    )
    try:
        yield context
    finally:
        context.close()


# The classes assets/page/effects.js puts on an element for the length of its CSS animation.
ANIMATIONS = ("rolled", "marked-now", "locked-now", "penalised-now", "handed-over")
# Whether an animation (of document.getAnimations()) is one a test waits out before it measures
# or taps: running, and one that ends; not a playable cell's beckoning ring (its ::before,
# assets/app.css), which fades in and out for 4.8 s and moves nothing.
MOVING_JS = """(animation) => animation.playState === "running"
  && !animation.effect?.pseudoElement
  && Number.isFinite(animation.effect?.getComputedTiming().endTime)"""


# The page's regions next to the HTML the app in CPython paints for the same record, both as
# the browser parses and serializes them. Diceland's mark on the last refused tap is left out:
# like the notice, it lasts until the next tap and is not part of the game; so are the classes
# of the animations the page's effects play for a moment, and how far the map is zoomed.
PAINTED_JS = """([expected, animations]) => {
  const moments = ["refused", ...animations];
  const parse = (html) => {
    const parsed = document.createElement("div");
    parsed.innerHTML = html;
    // A refused tap's outline on Diceland's map, drawn over the rest: a moment's too.
    parsed.querySelectorAll(".dl-map path.refused").forEach((e) => e.remove());
    for (const name of moments) {
      parsed.querySelectorAll(`.${name}`).forEach((e) => e.classList.remove(name));
    }
    // Where Diceland's map is zoomed and fitted (assets/page/map-zoom.js): the page's, not the
    // game's.
    for (const e of parsed.querySelectorAll(".dl-view, .dl-view .dl-map-wrap")) {
      for (const property of ["--room", "width", "height"]) e.style.removeProperty(property);
      e.style.cssText = e.style.cssText; // one way of writing the rest, in both
      delete e.dataset.zoom;
      delete e.dataset.shown;
    }
    parsed.querySelectorAll(".dl-whole").forEach((e) => { e.hidden = true; });
    // Its overview in "Whole map", in the icon's place (map-zoom.js), and a colour option's
    // preview of its cells (map-preview.js): the page's.
    parsed.querySelectorAll(".dl-whole > svg").forEach((e) => e.remove());
    parsed.querySelectorAll(".dl-view").forEach((e) => { delete e.dataset.preview; });
    parsed.querySelectorAll(".dl-cell.preview").forEach((e) => e.classList.remove("preview"));
    parsed.querySelectorAll(".dl-option:not([data-act])").forEach((e) => {
      e.setAttribute("aria-pressed", "false");
    });
    // When a part drawn a frame later (assets/page/table/sheets.js) is shown: the page's too.
    parsed.querySelectorAll("[data-later]").forEach((e) => e.removeAttribute("data-later"));
    return parsed.innerHTML;
  };
  return Object.fromEntries(Object.entries(expected).map(([name, html]) => [
    name, [parse(document.getElementById(`region-${name}`).innerHTML), parse(html)],
  ]));
}"""


def two_versions(dist: Path, into: Path) -> tuple[Path, Path, str, str]:
    """Two builds of the site in ``into``, v1 and v2 (its stylesheet changed): their roots and
    their versions, to serve one and then the other as an update."""
    old, new = into / "v1", into / "v2"
    shutil.copytree(dist, old)
    shutil.copytree(dist, new)
    with (new / "assets" / "app.css").open("a") as css:
        css.write("\n/* version 2 */\n")
    return old, new, finish_site(old), finish_site(new)


def cpython_regions(
    record: dict[str, object],
    language: str,
    dist: Path,
    *,
    viewing: int | None = None,
    guide: str | None = None,
    history: str | None = None,
) -> tuple[str, dict[str, str]]:
    """The screen and play regions of the app resumed, in CPython, from ``record`` (with the
    map of player ``viewing`` open, where the screen is Diceland's phase 2, everyone's), on a
    device whose first game's guide has told what ``guide`` (its stored value) says and whose
    history is ``history`` (its stored value: a solo end says the device's best)."""
    store = MemoryStore()
    store.setItem(SAVE_KEY, json.dumps(record))
    for key, value in ((GUIDE_KEY, guide), (HISTORY_KEY, history)):
        if value is not None:
            store.setItem(key, value)
    catalog: dict[str, str] = {}
    if language != "en":
        catalog = json.loads((dist / "i18n" / f"{language}.json").read_text(encoding="utf-8"))
    app = App(GameStore(store), Translator(language, {language: catalog}), lambda: 0)
    if isinstance(app.ui, DicelandUI):
        app.ui.viewing = viewing
    regions = app.regions()
    return app.screen, {name: regions[name] for name in PLAY_REGIONS}


# The screen and the saved game, read together once nothing more will come (every message
# answered and painted, no computer left to move: a computer's move is saved as it comes and
# painted at the next frame, and a key that woke the computers is answered before their moves),
# as a reload would show them: a finished game opened again (its review) closed, a choice not
# yet confirmed (not in the record) dropped.
SCREEN_AND_SAVE_AS_A_RELOAD_SHOWS_JS = """async () => {
  const still = async () => {
    for (;;) {
      await window.dadotecaTable.settled();
      if (document.body.dataset.busy !== "yes") return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await still();
  document.querySelector("#play [data-act=review-close]")?.click();
  await still();
  document.querySelector("#play [data-act=clear]:not([disabled])")?.click();
  await still();
  return [document.body.dataset.screen, localStorage.getItem("dadoteca.game"),
    localStorage.getItem("dadoteca.guide"), localStorage.getItem("dadoteca.history")];
}"""


def assert_the_page_shows_the_saved_game(page: Page, dist: Path) -> None:
    """The saved record is a legal game, and the page shows exactly what it holds."""
    # A language switch first loads its catalog: wait until the app has painted in it.
    page.wait_for_function(
        """() => document.body.dataset.language === document.getElementById('language').value
          && document.documentElement.lang === document.body.dataset.language""",
        polling=100,  # not animation frames: an open file picker (a key on "Import") stops them
    )
    assert page.get_attribute("html", "data-app-state") == "ready"
    screen, text, guide, history = page.evaluate(SCREEN_AND_SAVE_AS_A_RELOAD_SHOWS_JS)
    record = parsed_record(text)
    if record is None:
        assert screen == "setup"
        return
    Match.from_record(record)  # replays every action through the rules: all of them legal
    language = page.get_attribute("body", "data-language") or "en"
    viewing = page.evaluate("document.querySelector('.dl-tab[aria-pressed=true]')?.dataset.player")
    expected_screen, regions = cpython_regions(
        record,
        language,
        dist,
        viewing=None if viewing is None else int(viewing),
        guide=guide,
        history=history,
    )
    assert screen == expected_screen, (screen, expected_screen, json.dumps(record))
    painted = page.evaluate(PAINTED_JS, [regions, ANIMATIONS])
    for name, (shown, expected) in painted.items():
        at = next((i for i, (a, b) in enumerate(zip(shown, expected, strict=False)) if a != b), 0)
        differs = f"page: …{shown[at - 80 : at + 80]}… CPython: …{expected[at - 80 : at + 80]}…"
        assert shown == expected, (name, differs, json.dumps(record))
