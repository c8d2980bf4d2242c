"""The browser glue, run by PyScript: DOM events in, painted regions out.

The shell (index.html) works before Python arrives: language, setup form and rules summary.
Once Python is here this module takes over the page; it decides nothing about the games itself
(see :mod:`dadoteca_web.app`). When the app is ready, ``<html data-app-state="ready">``.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import traceback
from time import perf_counter
from typing import Any
from urllib.parse import parse_qs

import js  # type: ignore[import-not-found]
from pyodide.ffi import JsNull, create_proxy, to_js  # type: ignore[import-not-found]

from .app import App, Pause
from .i18n import LANGUAGES, Translator
from .storage import LANGUAGE_KEY, GameStore, KeyValueStore, MemoryStore

__all__ = ["start"]

SEED_LIMIT = 1 << 53  # seeds stay exact as JavaScript numbers, so records survive a JS round trip
# Computers think in slices this long, the page handling taps and painting in between.
THINKING_SLICE_SECONDS = 0.012


def _py(value: Any) -> Any:
    """A JS value with ``null`` and ``undefined`` as None (Pyodide gives a JsNull for null)."""
    return None if isinstance(value, JsNull) else value


class BrowserStore:
    """``localStorage`` as a KeyValueStore."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the Web Storage API's names
        value = _py(self.storage.getItem(key))
        return None if value is None else str(value)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.storage.setItem(key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.storage.removeItem(key)


def _local_storage() -> tuple[KeyValueStore, bool]:
    """``localStorage`` (True: it lasts), or memory where the browser refuses it (some private
    modes)."""
    try:
        storage = BrowserStore(js.window.localStorage)
        storage.getItem(LANGUAGE_KEY)
        return storage, True
    except Exception:  # a SecurityError or a missing API: the same answer
        return MemoryStore(), False


async def _catalog(language: str) -> dict[str, str]:
    """The catalog of ``language``, as the shell loaded it (assets/shell.js): the shell
    translates the page before Python starts, so the catalog is already there."""
    catalog = await js.window.dadotecaShell.catalog(language)
    return {str(msgid): str(text) for msgid, text in js.Object.entries(catalog)}


class Page:
    """The DOM side: paints the app's regions and feeds it the taps."""

    def __init__(self, app: App, seed: int | None, pace: float) -> None:
        self.app = app
        self.seed = seed
        self.pace = pace
        self.bots_moving = False
        self.bot_task: asyncio.Future[None] | None = None
        self.painted: dict[str, str] = {}
        self.document: Any = js.document
        self.wanted_language = app.t.language
        self._proxies = [  # kept alive for as long as the page lives
            self._listen("app", "click", self.on_click),
            self._listen("import-file", "change", self.on_import),
        ]

    def _listen(self, element_id: str, event: str, handler: Any) -> Any:
        proxy = create_proxy(handler)
        self.document.getElementById(element_id).addEventListener(event, proxy)
        return proxy

    def listen_to_window(self, event: str, handler: Any) -> None:
        self._proxies.append(create_proxy(handler))
        js.window.addEventListener(event, self._proxies[-1])

    def paint(self) -> None:
        app = self.app
        body = self.document.body
        if body.dataset.screen != app.screen:
            body.dataset.screen = app.screen
        game = app.game_id or ""
        if self.painted.get("game") != game:
            body.dataset.game = game  # the shell's rules button shows this game's summary
            self.painted["game"] = game
        # The regions' language, which lags the shell's switch while a catalog loads.
        body.dataset.language = app.t.language
        focused = self._focused_control()
        for name, html in app.regions().items():
            if self.painted.get(name) != html:
                self.document.getElementById(f"region-{name}").innerHTML = html
                self.painted[name] = html
        self._keep_focus(focused)
        if not self.bots_moving and app.computer_to_move() is not None:
            self.bots_moving = True
            self.bot_task = asyncio.ensure_future(self.move_bots())

    def _focused_control(self) -> tuple[str, str] | None:
        """The region holding the keyboard focus, and a selector for the same control in its
        next HTML (its tag and data-* attributes), before a repaint replaces it."""
        element = _py(self.document.activeElement)
        region = None if element is None else _py(element.closest("[id^='region-']"))
        if region is None:
            return None
        names = [str(n) for n in element.getAttributeNames() if str(n).startswith("data-")]
        attributes = "".join(f'[{n}="{js.CSS.escape(element.getAttribute(n))}"]' for n in names)
        return str(region.id), f"{str(element.tagName).lower()}{attributes}"

    def _keep_focus(self, focused: tuple[str, str] | None) -> None:
        """Give the focus back after a repaint dropped it: to the same control if it is still
        there, else to the region's first control, else to the game's, so a keyboard player
        keeps their place."""
        # JsProxy == compares the JavaScript objects themselves.
        if focused is None or _py(self.document.activeElement) != self.document.body:
            return
        region_id, selector = focused
        region = self.document.getElementById(region_id)
        control = "button:not([disabled]), [tabindex='0']"
        options = to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries)
        for target in (
            *region.querySelectorAll(selector),
            *region.querySelectorAll(control),
            *self.document.querySelectorAll(f"#play :is({control})"),
        ):
            target.focus(options)
            if self.document.activeElement == target:  # shown, so it took the focus
                return

    async def move_bots(self) -> None:
        """Run the computers' moves (App.computer_moves) at the table's pace: its pauses
        scaled by ``pace`` (``?pace=0``: none, for tests), its thinking in slices."""
        try:
            deadline = perf_counter() + THINKING_SLICE_SECONDS
            for pause in self.app.computer_moves():
                if isinstance(pause, Pause):
                    self.paint()
                    await asyncio.sleep(pause.seconds * self.pace)
                elif perf_counter() > deadline:
                    await asyncio.sleep(0)
                else:
                    continue
                deadline = perf_counter() + THINKING_SLICE_SECONDS
        except Exception:  # reported like a tap's error: the saved game stays intact
            self.report_failure()
        finally:
            self.bots_moving = False
        self.paint()

    def guarded(self, action: Any) -> None:
        """Run a UI action; an unexpected error is reported and the saved game is left intact."""
        try:
            action()
        except Exception:  # the app must survive anything
            self.report_failure()
        self.paint()

    def report_failure(self) -> None:
        js.console.error(traceback.format_exc())
        self.app.notice = self.app.t("Something went wrong; your game is saved.")
        self.app.notice_kind = "error"

    def on_click(self, event: Any) -> None:
        element = _py(event.target.closest("[data-act]"))
        if element is None or getattr(element, "disabled", False):  # SVG targets have none
            return
        act = str(element.getAttribute("data-act"))
        if act == "export":
            self.guarded(lambda: self.download(self.app.export_record(), "dadoteca-game.json"))
            return
        if act == "export-damaged":
            damaged = self.app.store.damaged or ""
            self.guarded(lambda: self.download(damaged, "dadoteca-damaged-save.json"))
            return
        if act == "import":
            self.document.getElementById("import-file").click()
            return
        data = {str(key): str(value) for key, value in js.Object.entries(element.dataset)}
        self.guarded(lambda: self.app.handle(act, data))

    def start_game(self, request: Any) -> None:
        """The shell's setup form: ``{game, names: [...], choices: [{field: value}, ...]}``."""
        game = str(request.game)
        names = [str(name) for name in request.names]
        choices = [
            {str(key): str(value) for key, value in js.Object.entries(choice)}
            for choice in request.choices
        ]
        self.guarded(lambda: self.app.start(names, self.seed, game=game, choices=choices))

    def download(self, text: str, filename: str) -> None:
        options = to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
        blob = js.Blob.new([text], options)
        link = self.document.createElement("a")
        link.href = js.URL.createObjectURL(blob)
        link.download = filename
        link.click()
        js.URL.revokeObjectURL(link.href)

    async def on_import(self, event: Any) -> None:
        files = event.target.files
        if files.length:
            text = await files.item(0).text()
            self.guarded(lambda: self.app.import_record(str(text)))
        event.target.value = ""

    async def set_language(self, language: str) -> None:
        self.wanted_language = language
        catalog = await _catalog(language)
        if language != self.wanted_language:
            return  # switched again while this catalog loaded: the last choice wins
        self.app.t = Translator(language, {language: catalog})
        self.painted.clear()
        self.paint()


def _from_url(name: str) -> str:
    values = parse_qs(str(js.location.search).lstrip("?")).get(name, [])
    return values[0] if values else ""


def _seed_from_url() -> int | None:
    """``?seed=N`` makes the next new game reproducible (shared seeds, and the tests)."""
    try:
        return int(_from_url("seed")) % SEED_LIMIT
    except ValueError:
        return None


def _pace_from_url() -> float:
    """``?pace=F`` scales the computers' pauses (0: no pauses, for tests and benchmarks)."""
    try:
        pace = float(_from_url("pace"))
    except ValueError:
        return 1.0
    return pace if 0 <= pace <= 10 else 1.0


async def start() -> None:
    """Take over the page; if that fails, say so on the page rather than load forever."""
    try:
        await _start()
    except Exception:  # the player must see something, whatever broke
        js.console.error(traceback.format_exc())
        js.document.getElementById("boot-failed").hidden = False  # translated by the shell
        js.document.documentElement.setAttribute("data-app-state", "failed")


async def _start() -> None:
    storage, lasting = _local_storage()
    if _py(getattr(js.window, "dadotecaShell", None)) is None:
        raise RuntimeError("the shell (assets/shell.js) did not start")
    language = str(js.window.dadotecaShell.language())
    translator = Translator(language, {language: await _catalog(language)})
    app = App(
        GameStore(storage, lasting=lasting), translator, lambda: secrets.randbelow(SEED_LIMIT)
    )
    page = Page(app, _seed_from_url(), _pace_from_url())
    # The shell hands over: its form starts games, its language switch changes ours.
    js.window.dadotecaStart = create_proxy(page.start_game)

    async def on_language(event: Any) -> None:
        chosen = str(event.detail)
        if chosen in LANGUAGES:
            await page.set_language(chosen)

    page.listen_to_window("dadoteca:language", on_language)
    page.paint()
    pending = _py(getattr(js.window, "dadotecaPendingStart", None))
    if pending is not None and app.match is None:
        page.start_game(pending)
    js.window.dadotecaPendingStart = None
    js.document.documentElement.setAttribute("data-app-state", "ready")
    js.console.info(json.dumps({"dadoteca": "ready", "language": language}))
