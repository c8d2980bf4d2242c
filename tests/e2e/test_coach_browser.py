"""The coach in headless Chromium on a 360 by 640 phone: hints chosen at setup, asked with the
Hint button, shown on the board and in words where the eyes are, and counted at the end; the
review of a finished game, from its end or from the History; the statistics."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from playwright.sync_api import Page

from appdriver import PageWatch, coached_taps, fill_seats, on_screen, open_app, saved_record, tap
from build.serve import BackgroundServer
from dadoteca.bots import bot_for
from dadoteca.drive import play_out
from dadoteca.games import get_game
from dadoteca.match import Match, Seat
from dadoteca_web.history import History
from dadoteca_web.storage import MemoryStore


def test_hints_are_off_unless_chosen_and_never_with_sheets_only(
    page: Page, server: BackgroundServer
) -> None:
    open_app(page, f"{server.url}?seed=8&pace=0")
    assert not page.is_checked("#setup input[name=coach]")
    page.check("#setup input[name=coach]")
    # Hints never go off unseen: Sheets only is not on offer while they are asked for.
    assert page.is_disabled("#setup input[name=dice][value=sheets]")
    page.uncheck("#setup input[name=coach]")
    page.check("#setup input[name=dice][value=sheets]")
    assert page.is_disabled("#setup input[name=coach]")
    page.check("#setup input[name=dice][value=app]")
    assert page.is_enabled("#setup input[name=coach]")
    fill_seats(page, ["Anna", "Bruno"])
    page.uncheck("#setup input[name=coach]")
    page.click("#setup button[type=submit]")
    on_screen(page, "play")
    assert page.locator("#play [data-act=hint]").count() == 0


@pytest.mark.parametrize("game", ["qwixx", "shelfie"])
def test_two_people_play_a_whole_game_asking_a_hint_at_every_decision(
    page: Page, server: BackgroundServer, watch: PageWatch, game: str
) -> None:
    open_app(page, f"{server.url}?seed=8&pace=0")
    page.check(f"#setup input[name=game][value={game}]")
    fill_seats(page, ["Anna", "Bruno"])
    page.check("#setup input[name=coach]")
    page.click("#setup button[type=submit]")
    on_screen(page, "play")
    tap(page, "#play [data-act=roll]")
    tap(page, "#play [data-act=hint]")
    # Said in words, in view on the phone (on the white sum's shared screen, on Anna's own
    # line); the choice it suggests is on the board to play.
    notice = page.locator(
        ".answer-line[data-seat='0'] .line-hint" if game == "qwixx" else ".notice.coach"
    )
    assert notice.inner_text().startswith("Hint for \u2068Anna\u2069: ")
    box = notice.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 640
    record = saved_record(page)
    assert record is not None and record["coach"] is True and record["hints"] == [[1, 0]]
    hints = coached_taps(page, 400)
    page.wait_for_selector("#region-scores table")
    assert len(hints) > 10
    record = saved_record(page)
    assert record is not None
    asked = record["hints"]
    assert isinstance(asked, list)
    players = {player for _, player in asked}
    assert players == {0, 1}
    # The end table marks the hints each player was shown.
    for player, name in enumerate(["Anna", "Bruno"]):
        used = sum(1 for _, seat in asked if seat == player)
        row = page.locator("#region-scores tbody tr", has_text=name)
        assert row.locator(".hints-used").inner_text().endswith(f"{used} hints")
    # The review, from the end: worked out with its progress shown, then the chart.
    tap(page, "#play [data-act=review]")
    page.wait_for_selector("body[data-screen=review] .review .behind", timeout=20_000)
    assert page.locator(".score-chart polyline").count() == 2
    tap(page, "#play [data-act=review-close]")
    on_screen(page, "over")
    assert watch.errors == []


LEVELS = (bot_for("qwixx", "normal"), bot_for("qwixx", "easy"))  # Anna's and Bruno's play


def three_seeded_games(folder: Path) -> Path:
    """A history file of three seeded 2-player Qwixx games of Anna and Bruno, played in
    CPython by the normal and easy levels for them, with their records."""
    store = MemoryStore()
    history = History(store)
    for number, seed in enumerate((21, 22, 23)):
        match = Match(get_game("qwixx"), [Seat("Anna", "human"), Seat("Bruno", "human")], seed)
        play_out(match, lambda state, player: LEVELS[player].decide(state, player, 1))
        history.add(match, datetime(2026, 11, 1 + number, 20, tzinfo=UTC))
    path = folder / "history.json"
    path.write_text(history.export(), encoding="utf-8")
    return path


def test_statistics_of_three_games_and_a_review_opened_from_the_history(
    page: Page, server: BackgroundServer, watch: PageWatch, tmp_path: Path
) -> None:
    path = three_seeded_games(tmp_path)
    exported = json.loads(path.read_text(encoding="utf-8"))["games"]
    anna = [game["players"][0]["score"] for game in exported]
    anna_wins = sum(0 in game["winners"] for game in exported)
    open_app(page, f"{server.url}?pace=0")
    page.click("#history-open")
    page.set_input_files("#import-history-file", str(path))
    page.wait_for_selector("#history .history-news:has-text('3 finished games')")
    row = page.locator("#region-stats table tbody tr", has_text="Anna")
    cells = row.locator("td").all_inner_texts()
    assert cells[:4] == ["3", str(anna_wins), f"{sum(anna) / 3:.1f}", str(max(anna))]
    assert row.locator("svg.trend polyline").count() == 1
    # The oldest game opened again: reviewed, its costliest moments shown on the board.
    page.locator("#history .history-open-game").last.click()
    page.wait_for_selector("body[data-screen=review] .review .moment", timeout=20_000)
    assert not page.locator("#history").evaluate("dialog => dialog.open")
    summary = page.locator(".review .behind").inner_text()
    assert "Bruno: " in summary and "behind the expert" in summary
    moment = page.locator(".review .moment").first
    turn = moment.inner_text().split(",")[0]  # "Turn 12", as the chart counts turns
    step = int(moment.get_attribute("data-step") or "")
    moment.click()
    page.wait_for_selector(f"#region-prompt h2:has-text('{turn} · move {step + 1} of')")
    assert "The expert: " in page.locator("#region-prompt").inner_text()
    top = page.locator("#play .table-top").bounding_box()
    assert top is not None and 0 <= top["y"] < 640  # the position in view, under the steps
    tap(page, "#play [data-act=review-step][aria-label='Next move']")
    page.wait_for_selector(f"#region-prompt h2:has-text('move {step + 2} of')")
    tap(page, "#play [data-act=review-close]")
    on_screen(page, "setup")
    assert watch.errors == []
