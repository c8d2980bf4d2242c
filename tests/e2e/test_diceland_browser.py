"""Diceland played by taps in headless Chromium (phone, 360 x 640), checked against CPython.

The simple player (the benchmark's): roll when asked; confirm a complete choice; else tap the
first highlighted thing (a colour, a cell); else stop rolling; else pass. The same taps on the
same app in CPython (tests/unit/test_diceland_app.py's ``tap_step``) predict the whole game.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path

from playwright.sync_api import Page

from appdriver import PageWatch, fill_seats, open_app, saved_record
from build.serve import BackgroundServer
from dadoteca.diceland import DicelandState
from dadoteca.match import Match
from dadoteca_web.app import App
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import GameStore, MemoryStore

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))
from test_diceland_app import tap_step

SEED = 21
NAMES = ["Anna", "Bo"]
MAPS = ["A", "B"]  # chosen, not dealt: the game in CPython must be the same

# One tap of the simple player, inside the page; returns what it tapped ("" at the end).
TAP = """(count) => {
  const done = [];
  for (let i = 0; i < count; i++) {
    if (document.querySelector("#region-scores table")) break;
    const el =
      document.querySelector("#region-controls [data-act=roll]") ||
      document.querySelector("#region-controls [data-act=confirm]:not([disabled])") ||
      document.querySelector("#play .legal[data-act]:not(.answered *)") ||
      document.querySelector("#region-controls [data-act=stop]") ||
      document.querySelector("#region-controls [data-act=done]") ||
      document.querySelector("#region-controls [data-act=pass]");
    done.push(el.dataset.act);
    el.click();
    const notice = document.querySelector("#region-notice .notice.error");
    if (notice) { done.push("error: " + notice.textContent); break; }
  }
  return done;
}"""


def new_app() -> App:
    return App(GameStore(MemoryStore()), Translator("en", {}), lambda: 0)


@cache
def cpython_game(seed: int) -> tuple[DicelandState, tuple[str, ...]]:
    """The final state and the prompt after every tap, of the same taps in CPython."""
    app = new_app()
    app.start(NAMES, seed, game="diceland", choices=[{"map": m} for m in MAPS])
    prompts = []
    while app.screen == "play":
        tap_step(app)
        prompts.append(app.regions()["prompt"])
        assert len(prompts) < 20_000
    state = app.state
    assert isinstance(state, DicelandState)
    return state, tuple(prompts)


def start_diceland(page: Page, server: BackgroundServer, seed: int) -> None:
    open_app(page, f"{server.url}?seed={seed}")
    page.check("#setup input[name=game][value=diceland]")
    fill_seats(page, NAMES)
    for index, map_id in enumerate(MAPS):
        page.select_option(f"#setup select[data-choice=map] >> nth={index}", map_id)
    page.click("#setup button[type=submit]")
    page.wait_for_selector("body[data-screen=play]")


def tap(page: Page, count: int) -> list[str]:
    done: list[str] = page.evaluate(TAP, count)
    assert not any(act.startswith("error") for act in done), done
    return done


def test_a_whole_seeded_game_by_taps_ends_as_the_engine_replays_it(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    start_diceland(page, server, SEED)
    for _ in range(100):
        if page.locator("#region-scores table").count():
            break
        tap(page, 100)
    expected, _ = cpython_game(SEED)
    assert expected.is_terminal
    with page.expect_download() as download:
        page.click("[data-act=export]")
    path = download.value.path()
    record = json.loads(Path(path).read_text())
    assert Match.from_record(record).state == expected
    assert Match.from_record(saved_record(page)).state == expected
    winners = page.inner_text("#region-scores h2.winners")
    for player, name in enumerate(NAMES):
        assert (name in winners) == (player in expected.winners())
    rows = page.locator("#region-scores table.scores tbody tr")
    assert rows.count() == 2
    for player in range(2):
        assert rows.nth(player).locator("td strong").inner_text() == str(expected.prizes(player))
    assert page.get_attribute("body", "data-screen") == "over"
    assert watch.errors == []
    assert watch.foreign_requests(server.origin) == []


def chain_seed() -> tuple[int, int, int]:
    """A seed whose simple game has a bonus roll that earns the same player the next one at
    once; the taps after which the first and the second are announced."""
    for seed in range(SEED, SEED + 100):
        _, prompts = cpython_game(seed)
        for first, prompt in enumerate(prompts):
            if ": bonus roll!" not in prompt:
                continue
            second = first + 1
            while second < len(prompts) and "of the bonus roll" in prompts[second]:
                second += 1
            if second < len(prompts) and prompts[second] == prompt and second > first + 1:
                return seed, first + 1, second + 1
    raise AssertionError("no bonus chain")


def tap_to(page: Page, done: int, target: int) -> int:
    while done < target:
        step = min(100, target - done)
        assert len(tap(page, step)) == step
        done += step
    return done


def test_a_chain_of_bonus_rolls_is_announced(page: Page, server: BackgroundServer) -> None:
    seed, first, second = chain_seed()
    start_diceland(page, server, seed)
    done = tap_to(page, 0, first)
    announced = page.inner_text("#region-prompt .prompt")
    name = announced.removesuffix(": bonus roll!")
    assert name in NAMES and announced == f"{name}: bonus roll!"
    assert page.locator("#region-controls [data-act=roll]").count() == 1
    tap(page, 1)  # the five dice
    assert len(page.locator("#region-dice .dl-die").all()) == 5
    tap_to(page, done + 1, second)  # a prize crossed in the bonus roll: the next one at once
    assert page.inner_text("#region-prompt .prompt") == announced
    assert page.locator("#region-controls [data-act=roll]").count() == 1


def test_the_map_fits_a_phone_without_sideways_scrolling(
    page: Page, server: BackgroundServer
) -> None:
    start_diceland(page, server, SEED)
    tap(page, 6)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    wrap = page.locator("#region-board .dl-map-wrap").bounding_box()
    assert wrap is not None and wrap["x"] >= 0 and wrap["x"] + wrap["width"] <= 360
    cell = page.locator("#region-board .dl-cell >> nth=10").bounding_box()
    assert cell is not None
    print(f"map A at 360 px: cell targets {cell['width']:.1f} × {cell['height']:.1f} px")  # noqa: RUF001
    assert cell["width"] >= 24 and cell["height"] >= 24
