"""Nothing played is lost: reloads at any point, unreadable saves, storage the browser refuses,
whole games with the server gone; and a damaged cache or a network lost on the first visit is
said, never a page that hangs."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route

from appdriver import (
    BOOT_TIMEOUT_MS,
    OPEN_ONLINE_ONCE,
    PHONE,
    PageWatch,
    assert_the_page_shows_the_saved_game,
    choose_game,
    choose_language,
    first_visited,
    new_game,
    offline_page,
    on_screen,
    open_app,
    saved_record,
    simple_taps,
    start_game,
    stored_before_the_app,
    tap,
    wait_ready,
)
from build.build import precache_list
from build.serve import BackgroundServer
from dadoteca.match import Match

# Saves and storage are tested on the warm context's later visits (conftest.py: its local
# storage cleared after each test); first visits, stopped servers and removed cache files in
# browser contexts of their own (offline_page, offline_profile, new_context).
GAMES = ["qwixx", "diceland", "shelfie"]
NAMES = ["Anna", "Bo"]
GAMES_RELOADED = 4
LONGEST_WAIT = 150  # simple taps before a reload, at most: any point of the early and mid game
TAPS_AFTER = 5
FIRST_SEED = 100


@pytest.mark.long
@pytest.mark.parametrize("game", GAMES)
def test_a_reload_at_any_point_resumes_the_identical_game(
    page: Page, server: BackgroundServer, watch: PageWatch, dist: Path, game: str
) -> None:
    """Four seeded games, each reloaded after a random number of taps (a choice half made
    included). The reload is the visit of the next seed's address, so each game costs one load:
    the saved game must come back identical, and go on."""
    rng = random.Random(f"reload-{game}")
    open_app(page, f"{server.url}?seed={FIRST_SEED}")
    choose_game(page, game, NAMES)
    for seed in range(FIRST_SEED, FIRST_SEED + GAMES_RELOADED):
        simple_taps(page, rng.randint(1, LONGEST_WAIT))
        before = saved_record(page)
        assert before is not None and before["seed"] == seed
        open_app(page, f"{server.url}?seed={seed + 1}")
        assert saved_record(page) == before
        assert_the_page_shows_the_saved_game(page, dist)
        simple_taps(page, TAPS_AFTER)  # the resumed game goes on
        assert "error" not in page.inner_html("#region-notice")
        new_game(page)
        choose_game(page, game, NAMES)
    assert watch.errors == []


@pytest.mark.parametrize(
    ("saved", "reason"),
    [
        ('{"format": "dadoteca-record", "ver', "damaged"),
        ('{"format": "dadoteca-record", "version": 99, "game": "qwixx"}', "newer Dadoteca"),
    ],
    ids=["truncated", "future-version"],
)
def test_an_unreadable_save_is_reported_kept_aside_for_download_and_a_new_game_starts(
    page: Page, server: BackgroundServer, watch: PageWatch, saved: str, reason: str
) -> None:
    stored_before_the_app(page, {"dadoteca.game": saved})
    open_app(page, server.url)
    notice = page.inner_text("#region-notice")
    assert "The saved game could not be read: " in notice and reason in notice
    assert "The damaged save is kept on this device." in page.inner_text("#region-warnings")
    kept = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('dadoteca.broken.'))"
        ".map(k => localStorage.getItem(k))"
    )
    assert kept == [saved]
    with page.expect_download() as download:
        page.click("[data-act=export-damaged]")
    today = page.evaluate("new Date().toLocaleDateString('sv')")  # the page's own day, ISO
    assert download.value.suggested_filename == f"dadoteca-damaged-save-{today}.json"
    assert Path(download.value.path()).read_text(encoding="utf-8") == saved
    start_game(page, ["Anna"])
    tap(page, "[data-act=roll]")
    assert page.locator("#region-board .cell.legal").count() > 0
    assert watch.errors == []


# Private modes and full disks, as the page meets them: no localStorage at all, or one that
# refuses every write.
REFUSED_STORAGE = {
    "unavailable": """Object.defineProperty(window, "localStorage", {
      get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
    });""",
    "full": """Storage.prototype.setItem = function () {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };""",
}


@pytest.mark.parametrize("refusal", list(REFUSED_STORAGE))
def test_a_game_is_played_with_a_warning_when_the_browser_keeps_nothing(
    page: Page, server: BackgroundServer, watch: PageWatch, refusal: str
) -> None:
    page.add_init_script(REFUSED_STORAGE[refusal])
    open_app(page, f"{server.url}?seed=7")
    start_game(page, NAMES)
    simple_taps(page, 30)
    assert "not saving the game" in page.inner_text("#region-warnings")
    assert page.get_attribute("body", "data-screen") == "play"
    assert "error" not in page.inner_html("#region-notice")
    assert watch.errors == []


@pytest.fixture(scope="module")
def offline_profile(browser: Browser, dist: Path) -> Iterator[tuple[BrowserContext, str]]:
    """A profile that visited the app once (offline-ready), then lost the server for good; and
    the app's address there. Its games share that one first visit, each in a page of its own."""
    with first_visited(browser, dist) as (page, server):
        page.close()
        server.stop()
        yield page.context, server.url


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_is_played_with_the_server_stopped_after_the_first_visit(
    offline_profile: tuple[BrowserContext, str], game: str
) -> None:
    context, url = offline_profile
    page = context.new_page()
    try:
        open_app(page, f"{url}?seed=11")
        choose_game(page, game, NAMES)
        for _ in range(100):
            if page.locator("#region-scores table").count():
                break
            simple_taps(page, 100)
        assert page.get_attribute("body", "data-screen") == "over"
        record = saved_record(page)
        assert record is not None
        final = Match.from_record(record).state
        assert final.is_terminal
        totals = page.locator("#region-scores table.scores tbody tr td strong").all_inner_texts()
        assert [int(total) for total in totals] == list(final.scores())
    finally:
        page.evaluate("localStorage.clear()")  # the next game must not resume this one
        page.close()


# Storage that fills up at a moment of the game: writes of the keys starting with one of
# window.refusedKeys fail from then on, as a full localStorage's do.
FILLING_STORAGE = """(() => {
  const setItem = Storage.prototype.setItem;
  window.refusedKeys = JSON.parse(sessionStorage.getItem("refused-keys") || "[]");
  Storage.prototype.setItem = function (key, value) {
    if (this === localStorage && window.refusedKeys.some((prefix) => key.startsWith(prefix))) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();"""


def refuse(page: Page, *prefixes: str) -> None:
    """From now on, and after reloads, localStorage refuses writes of these keys."""
    page.evaluate(
        "(keys) => { window.refusedKeys = keys;"
        " sessionStorage.setItem('refused-keys', JSON.stringify(keys)); }",
        list(prefixes),
    )


def inside_the_screen(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    viewport = page.viewport_size
    assert box is not None and viewport is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box


def test_a_finished_game_the_history_cannot_take_is_said_and_its_record_offered(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    page.add_init_script(FILLING_STORAGE)
    open_app(page, f"{server.url}?pace=0")
    refuse(page, "dadoteca.history")
    page.select_option("#player-count", "2")
    for seat in range(2):
        page.select_option(f"#setup .seat-kind >> nth={seat}", "easy")
    page.click("#setup button[type=submit]")
    on_screen(page, "over", timeout=60_000)
    warning = "#region-warnings [role=alert]"
    assert "could not be added to the history" in page.inner_text(warning)
    page.evaluate("window.scrollTo(0, 0)")
    inside_the_screen(page, warning)
    with page.expect_download() as download:
        page.click(f"{warning} [data-act=export]")
    record = saved_record(page)
    assert record is not None
    assert json.loads(Path(download.value.path()).read_text("utf-8")) == record
    assert watch.errors == []


def test_a_damaged_save_is_kept_in_place_when_storage_is_too_full_to_set_it_aside(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    newer = '{"format": "dadoteca-record", "version": 2, "game": "qwixx"}'
    stored_before_the_app(page, {"dadoteca.game": newer})
    page.add_init_script("sessionStorage.setItem('refused-keys', '[\"dadoteca.broken.\"]')")
    page.add_init_script(FILLING_STORAGE)
    open_app(page, server.url)
    assert "kept on this device" in page.inner_text("#region-warnings")
    start_game(page, NAMES)
    tap(page, "[data-act=roll]")
    assert page.evaluate("localStorage.getItem('dadoteca.game')") == newer  # never overwritten
    warnings = page.inner_text("#region-warnings")
    assert "not saving the game" in warnings and "kept on this device" in warnings
    with page.expect_download() as download:
        page.click("[data-act=export-damaged]")
    assert Path(download.value.path()).read_text("utf-8") == newer
    assert watch.errors == []


def test_the_language_changes_when_storage_refuses_to_remember_it(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    page.add_init_script(FILLING_STORAGE)
    open_app(page, server.url)
    refuse(page, "dadoteca.")
    choose_language(page, "es")
    assert page.inner_text("#setup button[type=submit]") == "Empezar la partida"
    assert watch.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_storage_full_at_a_random_tap_loses_nothing_saved_before_it(
    page: Page, server: BackgroundServer, watch: PageWatch, dist: Path, game: str
) -> None:
    """The game goes on with a warning; a reload brings back the last game saved."""
    rng = random.Random(f"full-{game}")
    page.add_init_script(FILLING_STORAGE)
    open_app(page, f"{server.url}?seed=21")
    choose_game(page, game, NAMES)
    simple_taps(page, rng.randint(1, LONGEST_WAIT // 3))
    assert page.get_attribute("body", "data-screen") == "play"
    before = saved_record(page)
    refuse(page, "dadoteca.")
    simple_taps(page, TAPS_AFTER)
    assert "not saving the game" in page.inner_text("#region-warnings")
    assert "error" not in page.inner_html("#region-notice")
    refuse(page)  # room again: a reload finds the last game saved
    page.reload()
    wait_ready(page)
    assert saved_record(page) == before
    assert_the_page_shows_the_saved_game(page, dist)
    assert watch.errors == []


def test_a_cached_file_gone_is_said_with_what_to_do_never_a_page_that_hangs(
    browser: Browser, dist: Path
) -> None:
    """Any one file of the service worker's cache, drawn at random, gone before an offline
    visit: the app starts and says its offline copy is incomplete, or says it cannot start;
    either way, that it must be opened once online."""
    cached = [path for path, _ in precache_list(dist)]
    missing = random.Random().choice(cached)
    with offline_page(browser, dist, "?seed=3", missing=missing) as page:
        if missing != "index.html":  # else the service worker answers alone, in words
            page.wait_for_selector(
                "html:is([data-app-state=ready], [data-app-state=failed])",
                state="attached",
                timeout=BOOT_TIMEOUT_MS,
            )
            page.wait_for_selector(
                "#offline[data-state], html[data-app-state=failed]", state="attached"
            )
        assert OPEN_ONLINE_ONCE in page.inner_text("body"), missing


def test_a_network_lost_during_the_first_visit_is_said_and_try_again_recovers(
    browser: Browser, server: BackgroundServer
) -> None:
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()

    def lost(route: Route) -> None:
        route.abort("internetdisconnected")

    try:
        page.route("**/pyodide/**", lost)  # the page arrived, then the network went
        page.goto(server.url)
        page.wait_for_selector("html[data-app-state=failed]", state="attached")
        assert page.get_attribute("html", "data-boot-problem") == "network"
        assert "the connection was lost" in page.inner_text("#boot-failed")
        page.unroute("**/pyodide/**")  # the network is back
        page.click("#boot-failed a")
        wait_ready(page)
        start_game(page, NAMES)
    finally:
        context.close()
