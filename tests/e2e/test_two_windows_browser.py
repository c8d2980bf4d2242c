"""The app open in two windows of one browser profile: one plays the saved game, the other
watches it and may take it over; nothing either does loses what the other played. The profile
is the warm touch context (conftest.py: its windows share localStorage, Web Locks and channels
as a profile's do), but for an update's, which needs a server of its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright

from appdriver import (
    PageWatch,
    nobody_crosses,
    on_screen,
    open_app,
    profile,
    saved_record,
    settled,
    start_game,
    tap,
    two_versions,
    wait_ready,
)
from build.serve import BackgroundServer
from dadoteca.match import Match

SHOWN_WITHIN_MS = 1_000  # a save in one window shows in the other within a second
WATCHING = "body[data-watching=yes]"
NO_WEB_LOCKS = "delete Navigator.prototype.locks;"
PLAYING = "body[data-watching=no]"
# A window that misses the others' storage events, as a frozen or discarded tab may: it acts
# on the game it last saw.
DEAF_TO_OTHER_WINDOWS = """window.addEventListener("storage", (event) => {
  event.stopImmediatePropagation();
}, true);
const Channel = window.BroadcastChannel;  // the app's own channel hears no other window
window.BroadcastChannel = class extends Channel {
  constructor(name) { super(name === "dadoteca.game" ? `${name} ${Math.random()}` : name); }
};"""


def window(context: BrowserContext, url: str, script: str = "") -> tuple[Page, PageWatch]:
    """A window of the profile opening ``url``, ``script`` run before the page's own."""
    page = context.new_page()
    if script:
        page.add_init_script(script)
    watch = PageWatch().attach(page)
    open_app(page, url)
    return page, watch


def actions(page: Page) -> int:
    record = saved_record(page)
    assert record is not None
    replayed = Match.from_record(record)  # every action through the rules: all legal
    return len(replayed.actions)


def moment(page: Page) -> str | None:
    return page.get_attribute("body", "data-moment")


def shows_the_same_moment(watching: Page, playing: Page) -> None:
    watching.wait_for_function(
        "(moment) => document.body.dataset.moment === moment",
        arg=moment(playing),
        timeout=SHOWN_WITHIN_MS,
    )


def play_taps(page: Page, count: int) -> None:
    """Roll, and nobody crosses anything: a turn of a two-person Qwixx game is four actions (the
    roll, the two answers to the white sum, the active player's pass)."""
    for _ in range(count):
        tap(page, "#play [data-act=roll]")
        nobody_crosses(page)
        tap(page, "#play [data-act=pass]")


def test_a_window_watches_the_game_played_in_another_and_never_overwrites_it(
    touch_context: BrowserContext, server: BackgroundServer
) -> None:
    playing, playing_watch = window(touch_context, f"{server.url}?seed=8&pace=0")
    start_game(playing, ["Anna", "Bo"])
    play_taps(playing, 1)
    watching, watching_watch = window(touch_context, server.url)
    watching.wait_for_selector(WATCHING)
    assert "being played in another window" in watching.inner_text("#region-warnings")
    shows_the_same_moment(watching, playing)
    for _ in range(3):
        play_taps(playing, 1)
        shows_the_same_moment(watching, playing)  # each save, within a second
    assert actions(playing) == 16
    # Taps on what the watching window shows reach nothing: its game is inert.
    for selector in ("#region-board .cell", "#region-prompt", "#region-scores"):
        box = watching.locator(selector).first.bounding_box()
        assert box is not None
        watching.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert actions(playing) == 16 and watching.is_visible(WATCHING)
    assert playing_watch.errors == watching_watch.errors == []


def test_a_window_that_missed_the_saves_of_another_never_writes_an_older_game(
    touch_context: BrowserContext, server: BackgroundServer
) -> None:
    """Without Web Locks, and deaf to the other windows (storage events, the app's channel):
    its tap finds a newer save than the one it knew, writes nothing, and shows the newer game
    instead."""
    deaf = NO_WEB_LOCKS + DEAF_TO_OTHER_WINDOWS
    first, _ = window(touch_context, f"{server.url}?seed=8&pace=0", deaf)
    start_game(first, ["Anna", "Bo"])
    play_taps(first, 1)
    stale, watch = window(touch_context, server.url, deaf)
    stale.wait_for_selector(PLAYING)  # no lock to say otherwise: it thinks it plays
    play_taps(first, 3)
    newer = saved_record(first)
    stale_moment = moment(stale)
    tap(stale, "#play [data-act=roll]")
    stale.wait_for_selector(WATCHING, timeout=SHOWN_WITHIN_MS)
    assert saved_record(first) == newer and moment(stale) == moment(first) != stale_moment
    assert watch.errors == []


def test_a_save_deleted_with_the_browsers_data_is_saved_again_not_taken_for_another_window(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """The browser's data deleted under a game in play: the window holding the game's Web Lock
    knows no other window removed the save, so its next move saves the whole game again and it
    plays on (it used to say another window played, and drop its game)."""
    open_app(page, f"{server.url}?seed=8")
    start_game(page, ["Anna", "Bo"])
    play_taps(page, 1)
    page.evaluate("localStorage.clear()")
    play_taps(page, 1)
    assert page.is_visible(PLAYING)
    assert "another window" not in page.inner_text("body")
    assert actions(page) == 8  # both turns, the one before the deletion included
    assert watch.errors == []


@pytest.mark.parametrize("locks", [True, False], ids=["web-locks", "broadcast-channel"])
def test_playing_can_be_taken_over_both_ways(
    touch_context: BrowserContext, server: BackgroundServer, locks: bool
) -> None:
    """With Web Locks, or where a browser lacks them, agreed on a BroadcastChannel."""
    script = "" if locks else NO_WEB_LOCKS
    first, _ = window(touch_context, f"{server.url}?seed=8&pace=0", script)
    start_game(first, ["Anna", "Bo"])
    second, _ = window(touch_context, server.url, script)
    second.wait_for_selector(WATCHING)
    assert "being played in another window" in second.inner_text("#region-warnings")
    for taking, giving in ((second, first), (first, second)):
        taking.click("#region-warnings [data-act=take-over]")
        taking.wait_for_selector(PLAYING)
        giving.wait_for_selector(WATCHING, timeout=SHOWN_WITHIN_MS)
        before = actions(taking)
        play_taps(taking, 1)
        assert actions(taking) == before + 4
        shows_the_same_moment(giving, taking)


# "Play here" tapped as news of other windows' writes comes in (storage events fired by hand,
# carrying the save as it is): Python answers them as the window it still is, watching, and
# those answers are painted after the lock is taken.
TAKE_OVER_AS_NEWS_COMES = """() => {
  document.querySelector("#region-warnings [data-act=take-over]").click();
  const key = "dadoteca.game";
  for (let news = 0; news < 10; news += 1) {
    window.dispatchEvent(new StorageEvent("storage", { key, newValue: localStorage.getItem(key) }));
  }
}"""


def held_locks(page: Page) -> int:
    return int(page.evaluate("navigator.locks.query().then((locks) => locks.held.length)"))


def test_playing_taken_over_as_news_comes_in_is_kept(
    touch_context: BrowserContext, server: BackgroundServer
) -> None:
    """An answer Python gave while this window still watched never lets go of the game it has
    just taken over: it keeps the lock, and its next move is saved."""
    first, _ = window(touch_context, f"{server.url}?seed=8&pace=0")
    start_game(first, ["Anna", "Bo"])
    second, watch = window(touch_context, server.url)
    second.wait_for_selector(WATCHING)
    second.evaluate(TAKE_OVER_AS_NEWS_COMES)
    second.wait_for_selector(PLAYING)
    first.wait_for_selector(WATCHING)
    settled(second)
    assert held_locks(second) == 1
    before = actions(second)
    play_taps(second, 1)
    assert actions(second) == before + 4 and second.is_visible(PLAYING)
    assert watch.errors == []


def finish_against_computers(page: Page) -> None:
    """A game of two computers, played at once (pace 0), to its end screen."""
    page.select_option("#player-count", "2")
    for seat in range(2):
        page.select_option(f"#setup .seat-kind >> nth={seat}", "easy")
    page.click("#setup button[type=submit]")
    on_screen(page, "over", timeout=60_000)


def test_two_games_finished_in_two_windows_both_reach_the_history(
    touch_context: BrowserContext, server: BackgroundServer
) -> None:
    first, _ = window(touch_context, f"{server.url}?pace=0")
    second, _ = window(touch_context, f"{server.url}?pace=0")
    finish_against_computers(first)
    second.wait_for_selector(WATCHING)
    second.click("#region-warnings [data-act=take-over]")
    second.wait_for_selector(PLAYING)
    tap(second, "#region-controls [data-act=new-game]")
    on_screen(second, "setup")
    finish_against_computers(second)
    for page in (first, second):
        page.click("#history-open")
        page.wait_for_function(
            "document.querySelectorAll('#history .history-list > li').length === 2",
            timeout=SHOWN_WITHIN_MS,
        )


def test_a_language_chosen_in_one_window_reaches_the_other(
    touch_context: BrowserContext, server: BackgroundServer
) -> None:
    first, _ = window(touch_context, server.url)
    second, _ = window(touch_context, server.url)
    first.select_option("#language", "it")
    second.wait_for_function("document.documentElement.lang === 'it'", timeout=5_000)
    assert second.input_value("#language") == "it"


def look_for_the_new_version(context: BrowserContext, page: Page) -> None:
    """The browser's check for a new service worker, as an hour later (the HTTP cache's copy
    stale). Again until it finds it: the windows' own checks at start-up may still be putting
    the old copy in the HTTP cache."""
    for _ in range(20):
        context.new_cdp_session(page).send("Network.clearBrowserCache")
        if page.evaluate(
            "navigator.serviceWorker.getRegistration()"
            ".then((r) => r.update().then(() => Boolean(r.installing || r.waiting)))"
        ):
            return
        page.wait_for_timeout(500)
    raise AssertionError("the new version was never found")


def test_a_new_version_offered_with_two_windows_open_keeps_the_game_in_both(
    playwright: Playwright, dist: Path, tmp_path: Path
) -> None:
    old, new, _, new_version = two_versions(dist, tmp_path)
    with BackgroundServer(old) as host, profile(playwright, tmp_path / "profile") as context:
        playing, _ = window(context, f"{host.url}?seed=8&pace=0")
        playing.wait_for_function("navigator.serviceWorker.ready.then(r => !!r.active)")
        start_game(playing, ["Anna", "Bo"])
        play_taps(playing, 2)
        watching, _ = window(context, host.url)
        watching.wait_for_selector(WATCHING)
        record = saved_record(playing)
        for page in (playing, watching):
            page.evaluate("window.stillTheSamePage = true")
        host.root = new  # version 2 is deployed while the game is in play
        look_for_the_new_version(context, playing)
        for page in (playing, watching):
            page.wait_for_selector("#update:not([hidden])", timeout=60_000)
        playing.click("#update-accept")
        for page in (playing, watching):
            page.wait_for_function("window.stillTheSamePage === undefined", timeout=60_000)
            wait_ready(page)
            assert page.get_attribute("body", "data-screen") == "play"
            assert new_version in page.evaluate("caches.keys().then(k => k.join(' '))")
        assert saved_record(playing) == record
        playing.wait_for_selector(PLAYING)  # the window that played plays on
        watching.wait_for_selector(WATCHING)
        play_taps(playing, 1)
        shows_the_same_moment(watching, playing)
        assert json.dumps(saved_record(watching)) == json.dumps(saved_record(playing))


def test_one_window_abandoning_a_game_and_starting_the_next_at_once_plays_it(
    page: Page, server: BackgroundServer
) -> None:
    """The lock let go when a game is abandoned is freed a moment later: a Start within that
    moment must find it free, not leave the only window watching its own game."""
    open_app(page, f"{server.url}?seed=3&pace=0")
    start_game(page, ["Anna", "Bo"])
    for _ in range(3):
        page.evaluate(
            """async () => {
              document.querySelector('[data-act=new-game]').click();
              await window.dadotecaTable.settled();
              document.getElementById('confirm-yes').click();
              await window.dadotecaTable.settled();
              document.querySelector('#setup button[type=submit]').click();
            }"""
        )
        page.wait_for_function("() => document.body.dataset.screen === 'play'")
        page.wait_for_timeout(100)
        assert page.is_visible(PLAYING), page.inner_text("#region-warnings")
        tap(page, "#play [data-act=roll]")
        assert saved_record(page) is not None
