"""Today's game in headless Chromium: the day's dice from the page's own clock and time zone
(Chromium's time zone and Playwright's clock), on devices of their own (conftest.py's
``devices``); a shared line's link; streaks across days; practice; offline; in it/es/en."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from appdriver import (
    choose_language,
    fill_seats,
    new_game,
    offline_page,
    on_screen,
    open_app,
    saved_record,
    settled,
    simple_taps,
    tap,
)
from build.serve import BackgroundServer
from dadoteca.daily import Day, daily_seed
from dadoteca.games import get_game
from dadoteca.match import DAILY_DICE, Match, Seat
from dadoteca_web.storage import HISTORY_KEY
from dadoteca_web.today import parse_share_line

pytestmark = pytest.mark.long
Device = Callable[..., Page]  # conftest.py's devices


def start_today(page: Page, game: str, names: list[str]) -> None:
    """Today's game of ``game`` from the setup, for ``names`` in turn."""
    page.check(f"#setup input[name=game][value={game}]")
    page.check("#setup input[name=dice][value=day]")
    fill_seats(page, names)
    page.click("#setup button[type=submit]")
    on_screen(page, "play")


def play_to_the_end(page: Page) -> None:
    """The simple player's taps to the end screen, then the expert's result awaited."""
    simple_taps(page, 3000)
    on_screen(page, "over")
    page.wait_for_selector("#region-today .today-expert:not(:has-text('…'))", timeout=120_000)


def rolls(page: Page) -> list[str]:
    record = saved_record(page)
    assert record is not None and record["dice"] == DAILY_DICE
    actions = record["actions"]
    assert isinstance(actions, list)
    return [text for seat, text in actions if seat is None]


def first_roll(page: Page) -> tuple[str, object]:
    """The first roll of the day's game on screen, and what the day dealt (its options)."""
    tap(page, "[data-act=roll]")
    record = saved_record(page)
    assert record is not None
    return rolls(page)[0], record["options"]


ROME_MORNING = datetime(2026, 11, 28, 9, tzinfo=UTC)
DAY_DICE = "#setup input[name=dice][value=day]"
COACH = "#setup input[name=coach]"
PAD = "#setup select[name=variant]"


def test_todays_game_rules_out_computers_hints_and_pads_and_is_ruled_out_by_them_in_words(
    page: Page, server: BackgroundServer
) -> None:
    """Today's game is for people, each alone, on the game's own pad: while a computer plays
    or hints are asked for it is not on offer, said beside it; chosen, neither the computers,
    nor hints, nor Qwixx's pads are, each said beside it."""
    open_app(page, server.url)
    day = page.locator(".dice-choice", has=page.locator("input[value=day]"))
    page.select_option("#setup .seat-kind >> nth=1", "normal")
    expect(page.locator(DAY_DICE)).to_be_disabled()
    expect(day.locator("[data-because=computer]")).to_have_text(
        "Not while a computer plays: today's game is for people, each alone."
    )
    page.select_option("#setup .seat-kind >> nth=1", "human")
    page.check(COACH)
    expect(page.locator(DAY_DICE)).to_be_disabled()
    expect(day.locator("[data-because=computer]")).to_be_hidden()
    expect(day.locator("[data-because=coach]")).to_have_text(
        "Not with Hints on request: today's game is played without hints."
    )
    page.uncheck(COACH)
    page.check(DAY_DICE)
    expect(page.locator(".players ~ [data-because=day]")).to_have_text(
        "Computers do not play today's game: each person plays the day's dice alone."
    )
    levels = page.eval_on_selector_all(
        "#setup .seat-kind >> nth=1 >> option", "all => all.map((o) => [o.value, o.disabled])"
    )
    assert levels == [["human", False], ["easy", True], ["normal", True], ["expert", True]]
    expect(page.locator(COACH)).to_be_disabled()
    expect(page.locator(".coach [data-because=day]")).to_be_visible()
    expect(page.locator(PAD)).to_be_disabled()
    expect(page.locator(".setup-line [data-because=day]")).to_have_text(
        "Today's game is played on the game's own pad."
    )
    page.check("#setup input[name=dice][value=app]")
    expect(page.locator(PAD)).to_be_enabled()
    expect(page.locator(COACH)).to_be_enabled()
    expect(page.locator("#setup [data-because=day] >> visible=true")).to_have_count(0)


@pytest.mark.parametrize("game", ["diceland", "shelfie"])
def test_two_devices_on_one_day_roll_its_dice_and_another_day_others(
    devices: Device, server: BackgroundServer, game: str
) -> None:
    rome = devices("Europe/Rome", ROME_MORNING)
    open_app(rome, f"{server.url}?pace=0")
    start_today(rome, game, ["Anna"])
    seen = first_roll(rome)
    record = saved_record(rome)
    assert record is not None and record["day"] == "2026-11-28"
    tokyo = devices("Asia/Tokyo", datetime(2026, 11, 28, 2, tzinfo=UTC))  # 11:00 there
    open_app(tokyo, f"{server.url}?pace=0")
    start_today(tokyo, game, ["Kenji"])
    assert first_roll(tokyo) == seen
    later = devices("Europe/Rome", datetime(2026, 11, 29, 9, tzinfo=UTC))
    open_app(later, f"{server.url}?pace=0")
    start_today(later, game, ["Anna"])
    assert first_roll(later)[0] != seen[0]


def test_local_midnight_is_the_boundary(devices: Device, server: BackgroundServer) -> None:
    """One instant, 23:30 UTC: still the 28th in New York, already the 29th in Rome; and in
    Rome, a minute before and after its midnight."""
    instant = datetime(2026, 11, 28, 23, 30, tzinfo=UTC)
    days = {}
    for zone, at in (
        ("America/New_York", instant),
        ("Europe/Rome", instant),
        ("Europe/Rome", datetime(2026, 11, 28, 22, 59, tzinfo=UTC)),  # 23:59 in Rome
    ):
        page = devices(zone, at)
        open_app(page, f"{server.url}?pace=0")
        start_today(page, "qwixx", ["Anna"])
        record = saved_record(page)
        assert record is not None
        days[zone, at] = (record["day"], first_roll(page)[0])
    assert days["America/New_York", instant][0] == "2026-11-28"
    assert days["Europe/Rome", instant][0] == "2026-11-29"
    before_midnight = days["Europe/Rome", datetime(2026, 11, 28, 22, 59, tzinfo=UTC)]
    assert before_midnight == days["America/New_York", instant]  # the same day, the same dice
    assert days["Europe/Rome", instant][1] != before_midnight[1]


def test_a_shared_line_opens_the_same_dice_on_another_device(
    devices: Device, server: BackgroundServer
) -> None:
    """Anna shares her game (no Share API here: the clipboard, said so); Bo opens the link on
    the next day, in Italian, on another device with the Share API, and plays the same dice."""
    anna = devices("Europe/Rome", ROME_MORNING, permissions=["clipboard-read", "clipboard-write"])
    open_app(anna, f"{server.url}?pace=0")
    anna.evaluate("delete Navigator.prototype.share")
    start_today(anna, "qwixx", ["Anna"])
    play_to_the_end(anna)
    assert "This game counts for the day." in anna.inner_text("#region-today")
    tap(anna, "[data-act=share]")
    anna.wait_for_selector("#region-notice :text('The line is copied')")
    line = anna.evaluate("navigator.clipboard.readText()")
    shared = parse_share_line(line)
    assert str(shared.day) == "qwixx-2026-11-28"
    record = saved_record(anna)
    assert record is not None
    link = line.rsplit(" ", 1)[1]
    assert link == f"{server.url}?day=qwixx-2026-11-28"

    annas_rolls = rolls(anna)
    bo = devices("Europe/Rome", datetime(2026, 11, 29, 9, tzinfo=UTC))
    bo.add_init_script("navigator.share = async (data) => { window.sharedLine = data.text; };")
    open_app(bo, f"{server.url}?pace=0")
    choose_language(bo, "it")
    open_app(bo, f"{link}&pace=0")
    assert "Qwixx del 2026-11-28" in bo.inner_text("#region-notice")
    assert bo.is_checked("#setup input[name=game][value=qwixx]")
    assert bo.is_checked("#setup input[name=dice][value=day]")
    fill_seats(bo, ["Bo"])
    bo.click("#setup button[type=submit]")
    on_screen(bo, "play")
    play_to_the_end(bo)
    assert rolls(bo) == annas_rolls  # the same dice, roll for roll (the same simple play)
    today = bo.inner_text("#region-today")
    assert "La partita del 2026-11-28" in today
    assert "Allenamento" in today  # played a day late: it does not count
    tap(bo, "[data-act=share]")
    bo.wait_for_selector("#region-notice :text('Condiviso.')")
    assert parse_share_line(bo.evaluate("window.sharedLine")).result == shared.result


def test_streaks_run_across_days_and_practice_is_not_counted(
    devices: Device, server: BackgroundServer
) -> None:
    page = devices("Europe/Madrid", datetime(2026, 11, 27, 9, tzinfo=UTC))
    open_app(page, f"{server.url}?pace=0")
    choose_language(page, "es")
    start_today(page, "shelfie", ["Ana"])
    play_to_the_end(page)
    assert "Racha: 1 día seguido" in page.inner_text("#region-today")
    page.clock.set_system_time(datetime(2026, 11, 28, 9, tzinfo=UTC))
    new_game(page)
    start_today(page, "shelfie", ["Ana"])
    play_to_the_end(page)
    today = page.inner_text("#region-today")
    assert "Esta partida cuenta para el día." in today
    assert "Racha: 2 días seguidos" in today
    new_game(page)
    start_today(page, "shelfie", ["Ana"])
    tap(page, "[data-act=roll]")
    tap(page, "#play .legal[data-act] >> nth=-1")  # not the first choice, as before: another game
    play_to_the_end(page)
    assert "Práctica" in page.inner_text("#region-today")
    history = page.evaluate(f"JSON.parse(localStorage.getItem('{HISTORY_KEY}')).games")
    assert [game.get("practice", False) for game in history] == [False, False, True]
    page.click("#history-open")
    assert page.inner_text("#history").count("partida del día, práctica") == 1
    stats = page.inner_text("#region-stats")
    assert "Partidas del día: My Shelfie" in stats
    row = page.inner_text("#region-stats table.days tbody tr").split("\t")
    assert row[:4] == ["Ana", "2", "2", "2"]  # two days counted, the practice game left out


def test_todays_game_plays_offline_with_cpythons_dice(browser: Browser, dist: Path) -> None:
    """With no server left, today's game starts and rolls the day's dice, those CPython 3.11
    works out: Pyodide's Python gives the same."""
    with offline_page(browser, dist, "?pace=0") as page:
        today = date.fromisoformat(page.evaluate("new Date().toLocaleDateString('sv')"))
        start_today(page, "shelfie", ["Anna"])
        tap(page, "[data-act=roll]")
        settled(page)
        day = Day("shelfie", today)
        match = Match(get_game("shelfie"), [Seat("Anna")], daily_seed(day), {}, "day", day=day)
        match.roll()
        assert rolls(page) == [str(match.actions[0][1])]
