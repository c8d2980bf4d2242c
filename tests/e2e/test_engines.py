"""A whole two-player game of each game in WebKit (every browser on an iPhone or iPad; also with
an iPhone's user agent, for which Pyodide takes a path of its own: Qwixx there) and in Firefox,
one visit per engine: the first visit makes the app ready offline, the server stops, a reload
resumes the game from the service worker's cache, the game is played to its end, the scores
shown are the engine's; the next games are played and reloaded offline likewise; the console
shows no error from start to end (engines.py says how each is driven). Served over https, as
any host that makes the app installable serves it (a throwaway certificate the engines are told
to accept): WebKit asks for the brotli copies only there.

A missing engine is a failure, not a skip: build/test installs them (build/setup).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from appdriver import SIMPLE_PLAYER_JS, SIMPLE_TAPS
from build.serve import BackgroundServer, self_signed_tls
from dadoteca.match import Match
from dadoteca_web.screens import GAME_UIS
from engines import (
    ENGINES,
    SAVED_GAME,
    SET_UP_JS,
    TOTALS_JS,
    RemotePage,
    engine_page,
    virtual_screen,
    wait_ready,
)

GAMES = list(GAME_UIS)
# Pyodide's iOS path (its WebAssembly call trampolines made in JavaScript) runs every line of
# Python the same way whatever the game: the quickest game to play covers it.
GAMES_PLAYED = {"webkit-iphone": ["qwixx"]}
NAMES = ["Ann", "Bo"]
TAPS_BEFORE_THE_RELOAD = 12


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    with virtual_screen() as name:
        yield name


# Back to the setup from the end screen (a finished game: nothing to confirm).
NEW_GAME_JS = """async () => {
  [...document.querySelectorAll("[data-act=new-game]")].find((b) => b.offsetParent).click();
}"""


@pytest.mark.long
@pytest.mark.parametrize("engine", ENGINES)
def test_a_whole_game_of_each_game_with_an_offline_reload_in_every_engine(
    dist: Path, tmp_path: Path, display: str, engine: str
) -> None:
    """One visit per engine, then each game in turn: the first one's reload is the first
    offline one (the server stops after its first taps), the next ones are played and reloaded
    with the server still stopped, as a family plays at a table without a network."""
    server = BackgroundServer(dist, tls=self_signed_tls(tmp_path))
    server.start()
    try:
        with engine_page(engine, tmp_path / "profile", display) as page:
            page.goto(f"{server.url}?seed=11&pace=0")
            wait_ready(page)
            page.wait_for("document.getElementById('offline').dataset.state === 'ready'")
            for index, game in enumerate(GAMES_PLAYED.get(engine, GAMES)):
                if index:
                    page.evaluate(NEW_GAME_JS)
                    page.wait_for("document.body.dataset.screen === 'setup'")
                play_with_an_offline_reload(page, server, game)
                page.drain()
                assert page.errors == [], game
    finally:
        server.stop()


def play_with_an_offline_reload(page: RemotePage, server: BackgroundServer, game: str) -> None:
    """A two-player game of ``game`` by the simple player, the page reloaded with the server
    stopped after its first taps; the scores shown must be the engine's."""
    page.evaluate(SET_UP_JS, {"game": game, "names": NAMES})
    page.wait_for("document.body.dataset.screen === 'play'")
    simple = {"count": TAPS_BEFORE_THE_RELOAD, "taps": SIMPLE_TAPS}
    assert len(page.evaluate(SIMPLE_PLAYER_JS, simple)) == TAPS_BEFORE_THE_RELOAD
    saved = page.evaluate(SAVED_GAME)
    server.stop()  # already, after the first game
    page.reload()
    wait_ready(page)
    assert page.evaluate("async () => document.body.dataset.screen") == "play"
    assert page.evaluate(SAVED_GAME) == saved  # the game came back as it was

    for _ in range(100):
        if not page.evaluate(SIMPLE_PLAYER_JS, {"count": 100, "taps": SIMPLE_TAPS}):
            break
    assert page.evaluate("async () => document.body.dataset.screen") == "over"
    record = json.loads(page.evaluate(SAVED_GAME))
    final = Match.from_record(record).state
    assert final.is_terminal
    assert page.evaluate(TOTALS_JS) == list(final.scores())
