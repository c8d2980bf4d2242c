"""Sheets only in headless Chromium on a 360 by 640 phone: three people roll their own dice,
tell the app nothing, and cross on their own sheets; the app checks the sheets alone."""

from __future__ import annotations

from playwright.sync_api import Page

from appdriver import PageWatch, fill_seats, on_screen, open_app, saved_record, seeded_table_js, tap
from build.serve import BackgroundServer
from dadoteca.bots import LEVELS
from dadoteca.match import Match
from dadoteca_games.qwixx.rules import QwixxState

# Three people at a Qwixx table: in action 1 each one who has not answered taps a number their
# sheet allows, or no cross; in action 2 the active player taps a number, or no cross. Returns
# the taps, and what the dice region showed (nothing, all game long, is the point).
SHEETS_ONLY_TABLE_JS = seeded_table_js(
    """
  let taps = 0;
  let diceShown = "";
  while (!find("#region-scores table")) {
    if (taps > maxTaps) throw new Error(`no end screen after ${maxTaps} taps`);
    diceShown += find("#region-dice").textContent.trim();
    const line = find("#play .answer-line:not(.answered)");
    const seat = line ? `[data-seat="${line.dataset.seat}"]` : "";
    const numbers = document.querySelectorAll(`#region-board .sheet${seat} .cell.legal`);
    const none = line ? line.querySelector("[data-row=none]") : find("#play [data-act=pass]");
    if (!none) throw new Error(`nothing to tap: ${find("#region-prompt").textContent}`);
    await tap(numbers.length && random() < 0.7 ? pick(numbers) : none);
    taps++;
  }
  return { taps, diceShown };
"""
)


def test_sheets_only_offers_no_computer_seat(page: Page, server: BackgroundServer) -> None:
    open_app(page, f"{server.url}?seed=8&pace=0")
    fill_seats(page, ["Anna", "Bruno"])
    seat = '#setup .players li[data-seat="2"] .seat-kind'
    page.select_option(seat, "easy")
    # Sheets only is not on offer while a computer plays (the computer stays one); once a
    # person has the seat, it is, and then no level is.
    assert page.is_disabled("#setup input[name=dice][value=sheets]")
    assert page.input_value(seat) == "easy"
    page.select_option(seat, "human")
    page.check("#setup input[name=dice][value=sheets]")
    assert page.locator(f"{seat} option:disabled").count() == len(LEVELS)
    page.check("#setup input[name=dice][value=real]")
    assert page.locator(f"{seat} option:disabled").count() == 0


def test_three_people_play_qwixx_with_sheets_only(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    open_app(page, f"{server.url}?seed=8&pace=0")
    page.check("#setup input[name=game][value=qwixx]")
    fill_seats(page, ["Anna", "Bruno", "Carla"])
    page.check("#setup input[name=dice][value=sheets]")
    page.click("#setup button[type=submit]")
    on_screen(page, "play")
    # No roll to tap: the table has rolled; every sheet is in view, full size, to cross on.
    assert "White sum" in page.inner_text("#region-prompt")
    assert page.locator("#region-board .sheet.big").count() == 3
    assert page.locator("#play [data-act=roll]").count() == 0
    # A number the sheet forbids is refused in words, and nothing is played.
    tap(page, '#region-board .sheet[data-seat="0"] .cell[data-row="0"][data-number="12"]')
    assert "at least 5 crosses" in page.inner_text("#region-notice")
    started = saved_record(page)
    assert started is not None and started["actions"] == [[None, "roll unseen"]]

    page.set_default_timeout(300_000)
    played = page.evaluate(SHEETS_ONLY_TABLE_JS, {"seed": 3, "maxTaps": 5_000})
    page.wait_for_selector("#region-scores h2.winners")
    assert watch.errors == []
    assert played["diceShown"] == ""  # never a die on screen
    assert played["taps"] > 3 * 4  # more than a round of answers: a real game

    record = saved_record(page)
    assert record is not None and record["dice"] == "sheets"
    actions = record["actions"]
    assert isinstance(actions, list)
    rolls = [text for seat, text in actions if seat is None]
    assert rolls and set(rolls) == {"roll unseen"}
    match = Match.from_record(record)
    state = match.state
    assert isinstance(state, QwixxState) and state.is_terminal
    # One roll a turn, and the scores on screen are the sheets' own.
    assert len(rolls) == state.turn
    totals = page.inner_text("#region-scores table")
    assert all(str(score) in totals for score in state.scores())
    # The history says how the game was played.
    page.click("#history-open")
    assert "sheets only" in page.inner_text("#history .history-list li >> nth=0")
