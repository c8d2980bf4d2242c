"""Browser tests: the built site (dist/, made by build/test) in Debian's headless Chromium."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from appdriver import BOOT_TIMEOUT_MS, CHROMIUM_ARGS, HEADLESS_SHELL, PHONE, PageWatch, open_app
from build.serve import BackgroundServer

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"


@pytest.hookimpl(trylast=True)  # after pytest-playwright's grouping by browser
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests of the whole suite (marked ``long``: unit and browser ones) first.
    pytest-xdist hands tests to its workers in the order collected: a test of a minute or more
    collected last kept one core busy after the other had finished. (Here, not in a
    tests/conftest.py that mypy would take for this one: pytest calls this hook once, with
    every item collected.)"""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable


@pytest.fixture(scope="session")
def dist() -> Path:
    if not (DIST / "index.html").is_file() or not (DIST / "service-worker.js").is_file():
        pytest.fail("dist/ is not built: run build/test (it builds first)")
    return DIST


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright has no executable-path option: Debian's Chromium, set here."""
    return {
        **browser_type_launch_args,
        "executable_path": HEADLESS_SHELL,
        # One renderer process for a context's pages of the app's site, so that they share
        # the WebAssembly code a kept page holds (WarmContexts).
        "args": [*CHROMIUM_ARGS, "--process-per-site"],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": PHONE, "locale": "en-GB"}


@pytest.fixture(scope="session")
def server(dist: Path) -> Iterator[BackgroundServer]:
    with BackgroundServer(dist) as running:
        yield running


# Opened, and kept open, in each warm context: a page of the app's origin that runs none of the
# app (a JSON file: no script, no channel, no lock), holding Pyodide's compiled WebAssembly.
# V8 shares a module's compiled code between every page and worker of a renderer process that
# compiles the same bytes while one holds it: each later app page then compiles 0.1 CPU s of
# Pyodide, not 1.2, and finds its hot functions already optimised (1.1 CPU s an app page
# opened, not 2.6, measured here).
KEEPER_PATH = "pyodide/pyodide-lock.json"
KEEP_PYODIDE_CODE_JS = """async () => {
  window.pyodideCode = await WebAssembly.compileStreaming(fetch("pyodide.asm.wasm"));
}"""


class WarmContexts:
    """Browser contexts that have visited the app once, one for each set of context options a
    test asks for (beyond the session's), made at the first ask: their service worker
    installed, the app's files cached, Python's snapshot stored. A page there opens the app
    as a person's later visit does, for half the processor time of a first visit (5 CPU
    seconds, not 11, measured here): most of the suite's time, when every test paid a first
    visit. Tests of the first visit itself (marked ``first_visit``) get a new context."""

    def __init__(self, browser: Browser, args: dict[str, Any], server: BackgroundServer) -> None:
        self.browser, self.args, self.server = browser, args, server
        self.made: dict[str, tuple[BrowserContext, Page]] = {}

    def __call__(self, **options: Any) -> BrowserContext:
        key = json.dumps(options, sort_keys=True)
        if key not in self.made:
            context = self.browser.new_context(**{**self.args, **options})
            page = context.new_page()
            open_app(page, self.server.url)
            page.wait_for_function(
                "() => document.documentElement.dataset.pythonSnapshot === 'stored'"
                " && navigator.serviceWorker.controller",
                timeout=BOOT_TIMEOUT_MS,
            )
            page.goto(self.server.url + KEEPER_PATH)  # the app's page becomes the keeper
            page.evaluate(KEEP_PYODIDE_CODE_JS)
            self.made[key] = (context, page)
        return self.made[key][0]

    def leave_as_found(self, context: BrowserContext) -> None:
        """What a test left in a warm context goes: its pages (and with them their channels,
        locks and session storage) and the app's local storage. The caches and the keeper
        stay."""
        (keeper,) = [kept for made, kept in self.made.values() if made is context]
        for page in context.pages:
            if page is not keeper:
                page.close()
        blank = context.new_page()
        blank.context.new_cdp_session(blank).send(
            "Storage.clearDataForOrigin",
            {"origin": self.server.origin, "storageTypes": "local_storage"},
        )
        blank.close()

    def close(self) -> None:
        for context, _ in self.made.values():
            context.close()


@pytest.fixture(scope="session")
def warm_contexts(
    browser: Browser, browser_context_args: dict[str, Any], server: BackgroundServer
) -> Iterator[WarmContexts]:
    contexts = WarmContexts(browser, browser_context_args, server)
    yield contexts
    contexts.close()


@pytest.fixture
def page(request: pytest.FixtureRequest) -> Iterator[Page]:
    """The test's page: in a new context for a test of the first visit, else in the warm one
    (a later visit)."""
    if request.node.get_closest_marker("first_visit"):
        context: BrowserContext = request.getfixturevalue("context")
        yield context.new_page()
        return
    warm: WarmContexts = request.getfixturevalue("warm_contexts")
    context = warm()
    yield context.new_page()
    warm.leave_as_found(context)


@pytest.fixture
def touch_page(warm_contexts: WarmContexts) -> Iterator[Page]:
    """A page on a touch screen, a phone's size (a test may turn or resize it), in its warm
    context: its taps are a finger's."""
    context = warm_contexts(has_touch=True)
    yield context.new_page()
    warm_contexts.leave_as_found(context)


@pytest.fixture
def watch(page: Page) -> PageWatch:
    return PageWatch().attach(page)
