"""Qwixx's variant pads in headless Chromium (a 360 x 640 phone): a whole game of each pad by
taps, checked against the engine in CPython; one with the table's own dice; the pad chosen at
the setup, kept for the next game, named in the History."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page

from appdriver import (
    PageWatch,
    fill_seats,
    new_game,
    on_screen,
    open_app,
    press,
    saved_record,
)
from build.serve import BackgroundServer
from dadoteca.match import Match
from dadoteca_games.qwixx.rules import PASS, QWIXX, Cross, Phase, QwixxState
from dadoteca_games.qwixx.variants import BIG_POINTS, DOUBLE_A, DOUBLE_B, MIXX_A, MIXX_B
from dadoteca_games.qwixx.view import PAD_NAMES
from test_real_dice_browser import REAL_DICE_TABLE_JS, faces_entered

SEED = 21
NAMES = ["Anna", "Bo"]
PAD = {"variant": BIG_POINTS.id}


def start_pad(
    page: Page, server: BackgroundServer, names: list[str], dice: str, pad: str = BIG_POINTS.id
) -> None:
    open_app(page, f"{server.url}?seed={SEED}&pace=0")
    page.check("#setup input[name=game][value=qwixx]")
    page.select_option("#setup select[name=variant]", pad)
    fill_seats(page, names)
    page.check(f"#setup input[name=dice][value={dice}]")
    page.click("#setup button[type=submit]")
    on_screen(page, "play")


def policy(state: QwixxState, player: int) -> Cross | None:
    """Everyone takes a bonus box when one is legal (Big Points), else the leftmost legal cross
    of the topmost row (on Double A, an extra box first); nothing when nothing is legal."""
    crosses = [a for a in state.legal_actions(player) if isinstance(a, Cross)]
    if not crosses:
        return None
    sheet = state.sheets[player]
    return min(crosses, key=lambda c: (c.row < 4, c.row, sheet.position(c.row, c.number)))


def expected_game(pad: str = BIG_POINTS.id) -> QwixxState:
    state = QWIXX.new_game(len(NAMES), SEED, {"variant": pad})
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply_chance(state.roll())
            continue
        for player in state.deciders:
            state = state.apply(player, policy(state, player) or PASS)
    return state


def state_of(page: Page) -> QwixxState:
    record = saved_record(page)
    assert record is not None
    state = Match.from_record(record).state
    assert isinstance(state, QwixxState)
    return state


def play_to_the_end(page: Page, order: random.Random) -> None:
    for _ in range(200):
        if page.locator("#region-scores table").count():
            return
        if page.locator("#region-controls [data-act=roll]").count():
            press(page, "#region-controls [data-act=roll]")
        state = state_of(page)
        answers = list(range(len(NAMES)))
        order.shuffle(answers)
        for player in answers:
            cross = policy(state, player)
            row = "none" if cross is None else str(cross.row)
            press(page, f'[data-act=answer][data-player="{player}"][data-row="{row}"]')
        state = state_of(page)
        if state.is_terminal or state.phase != Phase.ACTION2:
            continue
        cross = policy(state, state.active)
        if cross is None:
            press(page, "#region-controls [data-act=pass]")
        else:
            press(page, f'.options [data-row="{cross.row}"][data-number="{cross.number}"]')
    raise AssertionError("the game did not end")


def test_a_whole_big_points_game_by_taps_ends_with_the_engines_scores(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    start_pad(page, server, NAMES, "app")
    assert page.locator("#region-board .sheet >> nth=0").locator(".row.bonus").count() == 2
    play_to_the_end(page, random.Random(1))
    expected = expected_game()
    assert any(sheet.rows[4] or sheet.rows[5] for sheet in expected.sheets)  # bonus crosses
    rows = page.locator("#region-scores tbody tr")
    shown = [int(rows.nth(i).locator("td strong").inner_text()) for i in range(rows.count())]
    assert shown == list(expected.scores())
    record = saved_record(page)
    assert record is not None and record["options"] == PAD
    assert Match.from_record(record).state == expected
    # The History names the pad; the next game's setup still has it chosen.
    page.click("#history-open")
    assert "Qwixx Big Points" in page.inner_text("#history .history-list li >> nth=0")
    assert "Qwixx Big Points" in page.inner_text("#history caption >> nth=0")
    page.keyboard.press("Escape")
    new_game(page)
    assert page.input_value("#setup select[name=variant]") == BIG_POINTS.id
    assert watch.errors == []
    assert watch.foreign_requests(server.origin) == []


def test_a_big_points_game_with_the_tables_own_dice_is_the_record_entered(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    start_pad(page, server, ["Anna", "Bruno", "Carla"], "real")
    page.set_default_timeout(300_000)
    entered = page.evaluate(REAL_DICE_TABLE_JS, {"seed": 5, "maxTaps": 20_000})
    page.wait_for_selector("#region-scores h2.winners")
    assert watch.errors == []
    record = saved_record(page)
    assert record is not None and record["dice"] == "real" and record["options"] == PAD
    match = Match.from_record(record)
    assert match.state.is_terminal
    assert faces_entered(match) == [roll["faces"] for roll in entered]


@pytest.mark.parametrize("pad", [MIXX_A.id, MIXX_B.id, DOUBLE_A.id, DOUBLE_B.id])
def test_a_whole_mixx_or_double_game_by_taps_ends_with_the_engines_scores(
    page: Page, server: BackgroundServer, watch: PageWatch, pad: str
) -> None:
    start_pad(page, server, NAMES, "app", pad)
    sheet = page.locator("#region-board .sheet >> nth=0")
    assert sheet.locator(".row.mixed").count() == (4 if pad == MIXX_A.id else 0)
    assert sheet.locator(".row.extras .extra").count() == (40 if pad == DOUBLE_A.id else 0)
    assert sheet.locator(".row.doubles .cell.double").count() == (16 if pad == DOUBLE_B.id else 0)
    play_to_the_end(page, random.Random(2))
    expected = expected_game(pad)
    if pad == DOUBLE_A.id:  # the policy takes an extra box before a number right of it
        assert any(s.extra_crossed(row) for s in expected.sheets for row in range(4))
    if pad == DOUBLE_B.id:  # and double boxes, each two crosses
        assert any(
            set(s.crossed_numbers(printed.row)) & set(printed.doubles)
            for s in expected.sheets
            for printed in DOUBLE_B.rows
        )
    rows = page.locator("#region-scores tbody tr")
    shown = [int(rows.nth(i).locator("td strong").inner_text()) for i in range(rows.count())]
    assert shown == list(expected.scores())
    record = saved_record(page)
    assert record is not None and record["options"] == {"variant": pad}
    assert Match.from_record(record).state == expected
    page.click("#history-open")
    assert PAD_NAMES[pad] in page.inner_text("#history .history-list li >> nth=0")
    page.keyboard.press("Escape")
    new_game(page)
    assert page.input_value("#setup select[name=variant]") == pad
    assert watch.errors == []
    assert watch.foreign_requests(server.origin) == []
