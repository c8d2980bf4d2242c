"""Browser tests: the built site (dist/, made by build/test) in Debian's headless Chromium."""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

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


# Every page of a site in one renderer process, where V8's WebAssembly engine shares one
# compiled module among the pages and workers that load the same bytes: with a page holding
# Pyodide's (KEEP_PYODIDE_COMPILED_JS), a load of the app costs 1.2-1.3 CPU s, not 1.6-1.7.
ONE_PROCESS_PER_SITE = "--process-per-site"


# What a failing test's page showed, in a few words: which screen, its state's attributes,
# the prompt and any notice or open dialog. A rare failure on a CI machine is read from its
# log alone, with no screenshot or trace to open.
PAGE_STATE_JS = """() => JSON.stringify({
  url: location.href,
  html: { ...document.documentElement.dataset },
  body: { ...document.body.dataset },
  prompt: document.getElementById("region-prompt")?.innerText.trim().slice(0, 200),
  notices: [...document.querySelectorAll(
    "#region-warnings .notice, .messages .notice, dialog[open]",
  )]
    .map((shown) => `${shown.id || shown.className}: ${shown.innerText.trim().slice(0, 200)}`),
}, null, 1)"""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.failed and call.when == "call":
        for name, value in getattr(item, "funcargs", {}).items():
            if isinstance(value, Page) and not value.is_closed():
                try:
                    state = value.evaluate(PAGE_STATE_JS)
                except Exception as error:  # a crashed page says why it could not answer
                    state = f"no answer: {error}"
                report.sections.append((f"page {name!r} at the failure", state))
    return report


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright has no executable-path option: Debian's Chromium headless shell, set
    here."""
    args = [*CHROMIUM_ARGS, ONE_PROCESS_PER_SITE]
    return {**browser_type_launch_args, "executable_path": HEADLESS_SHELL, "args": args}


# Motion reduced, as some people have it, in the session's contexts: here every frame of an
# animation is drawn on the processor, and reduced motion took 7.5% off the browser tests'
# processor time. Tests marked ``motion`` animate as most people see it: the whole games, the
# monkeys, and the tests of the animations themselves.
@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_context_args,
        "viewport": PHONE,
        "locale": "en-GB",
        "reduced_motion": "reduce",
    }


def moving_if_marked(request: pytest.FixtureRequest, page: Page) -> Page:
    """``page``, animating if the test is marked ``motion``."""
    if request.node.get_closest_marker("motion"):
        page.emulate_media(reduced_motion="no-preference")
    return page


@pytest.fixture(scope="session")
def server(dist: Path) -> Iterator[BackgroundServer]:
    with BackgroundServer(dist) as running:
        yield running


@pytest.fixture(scope="session")
def keeper_server(dist: Path) -> Iterator[BackgroundServer]:
    """The site again on another port: the same site as ``server``'s (the host, not the port,
    makes a site), another origin, where the app's service worker never runs."""
    with BackgroundServer(dist) as running:
        yield running


WarmContexts = Callable[..., BrowserContext]
KEEPER_PAGE = "not-in-the-site.html"  # the server's 404 page: of the origin, with no script
PYODIDE_KEEPERS: set[Page] = set()  # those pages, one per warm context
KEEP_PYODIDE_COMPILED_JS = """async () => {
  window.pyodideKept = await WebAssembly.compileStreaming(fetch("/pyodide/pyodide.asm.wasm"));
}"""


@pytest.fixture(scope="session")
def warm_contexts(
    browser: Browser,
    browser_context_args: dict[str, Any],
    server: BackgroundServer,
    keeper_server: BackgroundServer,
) -> Iterator[WarmContexts]:
    """Browser contexts that have visited the app once, one for each set of context options a
    test asks for (beyond the session's), made at the first ask: their service worker
    installed, the app's files cached, Python's snapshot stored. A page there opens the app
    as a person's later visit does, for half the processor time of a first visit (5 CPU
    seconds, not 11, measured here): most of the suite's time, when every test paid a first
    visit. Tests of the first visit itself (marked ``first_visit``) get a new context.
    ``clock``: the context's time is Playwright's clock, installed before that visit (it
    cannot be taken out again), which a test may move on instead of waiting. Each keeps a page
    of ``keeper_server`` open holding Pyodide's compiled module (ONE_PROCESS_PER_SITE): not the
    app, so no window of it, and no client of its service worker."""
    made: dict[str, BrowserContext] = {}

    def warm(*, clock: bool = False, **options: Any) -> BrowserContext:
        key = json.dumps({**options, "clock": clock}, sort_keys=True)
        if key not in made:
            context = browser.new_context(**{**browser_context_args, **options})
            if clock:
                context.clock.install()
            # The keeper first: the first visit's compiled code (what V8 compiled again, hotter
            # and faster, as it ran) stays for every later load, not closed with its page.
            keeper = context.new_page()
            keeper.goto(keeper_server.url + KEEPER_PAGE)
            keeper.evaluate(KEEP_PYODIDE_COMPILED_JS)
            PYODIDE_KEEPERS.add(keeper)
            page = context.new_page()
            open_app(page, server.url)
            page.wait_for_function(
                "() => document.documentElement.dataset.pythonSnapshot === 'stored'"
                " && navigator.serviceWorker.controller",
                timeout=BOOT_TIMEOUT_MS,
            )
            page.close()
            made[key] = context
        return made[key]

    yield warm
    for context in made.values():
        context.close()


def leave_as_found(context: BrowserContext, origin: str) -> None:
    """What a test left in a shared warm context goes: its pages (and with them their
    channels, locks and session storage) and the app's local storage. The caches stay, and the
    page keeping Pyodide compiled (warm_contexts), on another origin.

    The storage is cleared by a page of the origin, not by DevTools' Storage.clearDataForOrigin:
    the site's pages share a renderer process (ONE_PROCESS_PER_SITE), which keeps its own copy
    of the origin's storage. A page that wrote as it was closed left its writes in that copy
    past the DevTools clear in 12 of 400 tries (a page writing in a loop, closed, the clear, a
    new page reading): the next test's app found a game in play (CI's run of 7251cfd). A
    page's own clear acts on that copy: 0 of 1,350 tries. The test's last window makes that
    clear, its app's document gone with the navigation: as dear as the DevTools clear from a
    new page was (a test's page and its clear 0.28-0.29 CPU s, against 0.27-0.32), where a new
    page for it took 0.13 more, about 45 over the suite."""
    windows = [page for page in context.pages if page not in PYODIDE_KEEPERS]
    for page in windows[1:]:
        page.close()
    cleaner = windows[0] if windows else context.new_page()
    try:
        cleaner.goto(f"{origin}/{KEEPER_PAGE}")
    except PlaywrightError as error:
        # A navigation of the page's own took this one's place (a dialog just closed goes a
        # step back in history a moment later: a fresh run of cbf6583): once more, that one done.
        if "ERR_ABORTED" not in error.message:
            raise
        cleaner.goto(f"{origin}/{KEEPER_PAGE}")
    # In a world of its own: the window's init scripts may have broken its localStorage
    # (test_persistence.py's storage that is full or missing) in the page's world only.
    devtools = context.new_cdp_session(cleaner)
    frame = devtools.send("Page.getFrameTree")["frameTree"]["frame"]["id"]
    world = devtools.send("Page.createIsolatedWorld", {"frameId": frame})["executionContextId"]
    cleared = devtools.send(
        "Runtime.evaluate",
        {"expression": "localStorage.clear(); localStorage.length", "contextId": world},
    )
    assert cleared["result"].get("value") == 0, cleared
    cleaner.close()


@pytest.fixture
def page(request: pytest.FixtureRequest, server: BackgroundServer) -> Iterator[Page]:
    """The test's page: in a new context for a test of the first visit, else in the warm one
    (a later visit)."""
    if request.node.get_closest_marker("first_visit"):
        context: BrowserContext = request.getfixturevalue("context")
        yield moving_if_marked(request, context.new_page())
        return
    context = request.getfixturevalue("warm_contexts")()
    yield moving_if_marked(request, context.new_page())
    leave_as_found(context, server.origin)


@pytest.fixture
def touch_context(
    warm_contexts: WarmContexts, server: BackgroundServer
) -> Iterator[BrowserContext]:
    """The warm context of a touch screen, for a test that opens several windows of one browser
    profile (they share its storage, Web Locks and channels); left as found."""
    context = warm_contexts(has_touch=True)
    yield context
    leave_as_found(context, server.origin)


@pytest.fixture
def touch_page(request: pytest.FixtureRequest, touch_context: BrowserContext) -> Page:
    """A page on a touch screen, a phone's size (a test may turn or resize it), in its warm
    context: its taps are a finger's."""
    return moving_if_marked(request, touch_context.new_page())


@pytest.fixture
def clocked_touch_page(
    request: pytest.FixtureRequest, warm_contexts: WarmContexts, server: BackgroundServer
) -> Iterator[Page]:
    """A touch_page whose time runs on Playwright's clock (``page.clock``): a test moves it on
    past a wait a person would sit through, instead of sitting through it."""
    context = warm_contexts(has_touch=True, clock=True)
    yield moving_if_marked(request, context.new_page())
    leave_as_found(context, server.origin)


Device = Callable[..., Page]


@pytest.fixture
def devices(warm_contexts: WarmContexts, server: BackgroundServer) -> Iterator[Device]:
    """Devices of their own, one at a time, each in a time zone (the IANA name), its clock set
    to an instant (UTC), granted ``permissions``: each a later visit in the clocked touch
    context, the one before left as found (its windows, its storage) as a new profile would
    have it. One at a time since Chromium's time zone is its renderer process's, and the
    site's pages share one (ONE_PROCESS_PER_SITE). With a new profile each, the five tests of
    test_today_browser.py that use it took 113 CPU s; so, 41."""
    context = warm_contexts(has_touch=True, clock=True)

    def device(zone: str, instant: datetime, permissions: Sequence[str] = ()) -> Page:
        leave_as_found(context, server.origin)
        context.clear_permissions()
        if permissions:
            context.grant_permissions(list(permissions), origin=server.origin)
        context.clock.set_system_time(instant)
        page = context.new_page()
        context.new_cdp_session(page).send("Emulation.setTimezoneOverride", {"timezoneId": zone})
        return page

    yield device
    leave_as_found(context, server.origin)
    context.clear_permissions()
    context.clock.set_system_time(datetime.now(UTC))  # the time other tests find there


@pytest.fixture
def watch(page: Page) -> PageWatch:
    return PageWatch().attach(page)
