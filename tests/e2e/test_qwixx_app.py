"""Qwixx played by taps in headless Chromium, checked against the rules engine in CPython."""

from __future__ import annotations

import re

from playwright.sync_api import Page, ViewportSize

from appdriver import PageWatch, open_app, saved_record, start_game
from build.serve import BackgroundServer
from dadoteca.match import Match
from dadoteca.qwixx import PASS, QWIXX, Cross, QwixxState, position_of
from dadoteca_web.game_ui import asked_player

SEED = 21
NAMES = ["Anna", "Bo"]


def policy(state: QwixxState, player: int) -> Cross | None:
    """Anna takes the leftmost legal cross of the topmost row, as the test taps it; Bo passes."""
    crosses = [a for a in state.legal_actions(player) if isinstance(a, Cross)]
    if player != 0 or not crosses:
        return None
    return min(crosses, key=lambda c: (c.row, position_of(c.row, c.number)))


def expected_game(seed: int) -> QwixxState:
    """The same game, played by the same policy, in CPython."""
    state = QWIXX.new_game(len(NAMES), seed)
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply_chance(state.roll())
            continue
        player = asked_player(state)
        state = state.apply(player, policy(state, player) or PASS)
    return state


def tap_one_decision(page: Page) -> None:
    """One step of the policy, by taps on what the screen shows."""
    if page.locator("#region-controls [data-act=roll]").count():
        page.click("#region-controls [data-act=roll]")
        return
    prompt = page.inner_text("#region-prompt .prompt")
    legal = page.locator("#region-board .cell.legal")
    if prompt.startswith(NAMES[0]) and legal.count():
        legal.first.click()
        page.click("#region-controls [data-act=confirm]")
    else:
        page.click("#region-controls [data-act=pass]")


def play_to_the_end(page: Page, limit: int = 400) -> None:
    for _ in range(limit):
        if page.locator("#region-scores table").count():
            return
        tap_one_decision(page)
    raise AssertionError("the game did not end")


def shown_totals(page: Page) -> list[int]:
    rows = page.locator("#region-scores tbody tr")
    return [int(rows.nth(i).locator("td strong").inner_text()) for i in range(rows.count())]


def test_a_whole_two_player_game_by_taps_ends_with_the_right_scores(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    open_app(page, f"{server.url}?seed={SEED}")
    start_game(page, NAMES)
    play_to_the_end(page)
    expected = expected_game(SEED)
    assert shown_totals(page) == list(expected.scores())
    winner_names = [NAMES[p] for p in expected.winners()]
    assert all(name in page.inner_text("#region-scores .winners") for name in winner_names)
    # The saved record replays, in CPython, to exactly the game the engine predicts.
    assert Match.from_record(saved_record(page)).state == expected
    assert watch.errors == []
    assert watch.foreign_requests(server.origin) == []


def test_an_illegal_tap_explains_the_rule(page: Page, server: BackgroundServer) -> None:
    open_app(page, f"{server.url}?seed={SEED}")
    start_game(page, NAMES)
    page.click("[data-act=roll]")
    total = int(re.findall(r"\d+", page.inner_text("#region-prompt .prompt"))[-1])
    wrong = 3 if total != 3 else 4
    page.click(f'#region-board .cell[data-row="0"][data-number="{wrong}"]')
    notice = page.inner_text("#region-notice")
    assert f"only cross the sum of the two white dice ({total})" in notice
    assert page.locator("#region-board .cell.selected").count() == 0


def test_every_tappable_thing_is_a_44_px_target_on_phone_and_tablet(
    page: Page, server: BackgroundServer
) -> None:
    open_app(page, f"{server.url}?seed={SEED}")
    start_game(page, NAMES)
    page.click("[data-act=roll]")
    for viewport in (ViewportSize(width=360, height=640), ViewportSize(width=1024, height=768)):
        page.set_viewport_size(viewport)
        targets = page.locator("#region-board .cell[data-act], #region-controls button")
        assert targets.count() >= 44 + 3  # 44 numbers, pass, undo, confirm
        for index in range(targets.count()):
            box = targets.nth(index).bounding_box()
            assert box is not None and box["width"] >= 44 and box["height"] >= 44, (viewport, box)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"]  # nothing sticks out sideways
