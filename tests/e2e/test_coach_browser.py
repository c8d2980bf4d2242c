"""The coach in headless Chromium on a 360 by 640 phone: hints chosen at setup, asked with the
Hint button, shown on the board and in words where the eyes are, and counted at the end."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from appdriver import PageWatch, coached_taps, fill_seats, open_app, saved_record, tap
from build.serve import BackgroundServer


def test_hints_are_off_unless_chosen_and_never_with_sheets_only(
    page: Page, server: BackgroundServer
) -> None:
    open_app(page, f"{server.url}?seed=8&pace=0")
    assert not page.is_checked("#setup input[name=coach]")
    page.check("#setup input[name=coach]")
    page.check("#setup input[name=dice][value=sheets]")
    assert page.is_disabled("#setup input[name=coach]")
    page.check("#setup input[name=dice][value=app]")
    assert page.is_enabled("#setup input[name=coach]")
    fill_seats(page, ["Anna", "Bruno"])
    page.uncheck("#setup input[name=coach]")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("body[data-screen=play]")
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
    page.wait_for_selector("body[data-screen=play]")
    tap(page, "#play [data-act=roll]")
    tap(page, "#play [data-act=hint]")
    # Said in words, in view on the phone; the choice it suggests is on the board to play.
    notice = page.locator(".notice.coach")
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
    assert watch.errors == []
