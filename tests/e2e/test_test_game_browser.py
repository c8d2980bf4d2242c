"""A game is one package (issue 53), in the browser: a test build (build/build.py --with-games
tests/games, into dist-test/) puts Two dice, a game defined only under tests/games, on the
shelf; its setup card is there, and a whole game plays by taps to its end screen."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from appdriver import PageWatch, choose_game, choose_language, on_screen, open_app, tap
from build.serve import BackgroundServer

ROOT = Path(__file__).resolve().parents[2]
TEST_DIST = ROOT / "dist-test"


@pytest.fixture(scope="session")
def test_build() -> Iterator[BackgroundServer]:
    """The test build, made once a session, served as the suite serves dist/."""
    subprocess.run(
        [sys.executable, "-m", "build.build", "--with-games", "tests/games", "--dist", TEST_DIST],
        cwd=ROOT,
        check=True,  # what the build said is in the test's report (pytest captures it)
    )
    with BackgroundServer(TEST_DIST) as running:
        yield running


@pytest.fixture
def test_build_page(
    browser: Browser, browser_context_args: dict[str, Any], test_build: BackgroundServer
) -> Iterator[Page]:
    context = browser.new_context(**browser_context_args)
    yield context.new_page()
    context.close()


@pytest.mark.long
def test_a_game_defined_only_under_tests_plays_to_its_end_in_the_browser(
    test_build_page: Page, test_build: BackgroundServer
) -> None:
    page = test_build_page
    watch = PageWatch().attach(page)
    open_app(page, test_build.url)
    cards = page.locator("#setup .game-card .game-name").all_inner_texts()
    assert cards == ["Qwixx", "Diceland", "My Shelfie: The Dice Game", "Two dice"]
    # Its words are in no catalog (build/i18n.py reads py/ only): in Italian, its English.
    choose_language(page, "it")
    about = page.locator("#setup .game-card .game-about").all_inner_texts()
    assert about[0].startswith("Segna i numeri con le crocette")  # Qwixx's, translated
    assert about[3] == "Roll two dice, keep one: three rounds. 1 to 4 players."
    choose_language(page, "en")
    choose_game(page, "two_dice", ["Ann", "Bo"])
    taken = {"Ann": 0, "Bo": 0}
    for turn in range(6):  # three rounds of two turns
        player = "Ann" if turn % 2 == 0 else "Bo"
        assert f"{player}, roll the dice" in page.inner_text("#region-prompt")
        tap(page, "#play [data-act=roll]")
        dice = page.locator("#region-dice .die").count()
        assert dice == 2, f"turn {turn + 1}: {dice} dice shown"
        take = page.locator("#play [data-act=take]").first
        taken[player] += int(take.get_attribute("data-pips") or "")
        tap(page, "#play [data-act=take] >> nth=0")
    on_screen(page, "over")
    scores = page.inner_text("#region-scores")
    assert "3 rounds are played: the game is over" in scores
    rows = page.locator("#region-scores tbody tr").all_inner_texts()
    assert [row.split("\t")[-1].strip() for row in rows] == [str(taken["Ann"]), str(taken["Bo"])]
    assert not watch.errors, watch.errors
    assert not watch.foreign_requests(test_build.origin)
