"""A person plays every game against computer players in headless Chromium, to the end screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from appdriver import (
    PAINTED_REGIONS_JS,
    PageWatch,
    assert_the_page_shows_the_saved_game,
    on_screen,
    open_app,
)
from build.serve import BackgroundServer
from dadoteca.match import Match

# computer plays, the prompt says so and the person waits.
PERSON_VERSUS_BOTS_JS = """async ({ maxSteps }) => {
  const find = (selector) => document.querySelector(selector);
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const choices = [
    "[data-act=roll]",
    "[data-act=confirm]:not([disabled])",
    "#play .legal[data-act]:not(.answered *)",
    "[data-act=stop]",
    "[data-act=done]",
    ".answer-line:not(.answered) [data-act=answer][data-row=none]",
    "[data-act=pass]",
  ];
  let taps = 0, botSteps = 0;
  for (let step = 0; !find("#region-scores table"); step++) {
    if (step > maxSteps) throw new Error(`no end screen after ${maxSteps} steps`);
    if (find("#region-prompt .bot-turn")) {
      botSteps++;
      await pause(5);
      continue;
    }
    const element = choices.map((selector) => find(selector)).find((found) => found);
    if (element) {
      element.click();
      await window.dadotecaTable.settled();
      taps++;
    }
    await pause(0);
  }
  return { taps, botSteps };
}"""

LINEUPS = {
    "qwixx": ["expert", "normal"],
    "diceland": ["expert"],
    "shelfie": ["expert", "easy"],
}


def start_against_bots(page: Page, game: str, levels: list[str]) -> None:
    page.check(f"#setup input[name=game][value={game}]")
    page.select_option("#player-count", str(1 + len(levels)))
    page.fill("#setup input[name=player] >> nth=0", "Ann")
    for seat, level in enumerate(levels, 1):
        page.select_option(f"#setup .seat-kind >> nth={seat}", level)
    page.select_option("#first-player", "0")
    page.click("#setup button[type=submit]")
    on_screen(page, "play")


@pytest.mark.motion
@pytest.mark.parametrize("game", sorted(LINEUPS))
def test_a_person_plays_against_computers_to_the_end(
    page: Page, server: BackgroundServer, watch: PageWatch, game: str
) -> None:
    open_app(page, f"{server.url}?seed=21&pace=0")
    start_against_bots(page, game, LINEUPS[game])
    page.set_default_timeout(300_000)
    steps = page.evaluate(PERSON_VERSUS_BOTS_JS, {"maxSteps": 200_000})
    assert steps["taps"] > 0 and steps["botSteps"] > 0
    page.wait_for_selector("#region-scores h2.winners")
    text = page.evaluate("localStorage.getItem('dadoteca.game')")
    match = Match.from_record(json.loads(text))
    assert match.state.is_terminal
    assert [seat.kind for seat in match.seats] == ["human"] + [f"bot:{x}" for x in LINEUPS[game]]
    assert {player for player, _ in match.actions if player is not None} == set(
        range(len(match.seats))
    )
    assert watch.errors == []


def test_the_table_sees_a_computer_choice_before_it_is_played(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """At the normal pace a computer's cross shows as the selection, then is crossed."""
    open_app(page, f"{server.url}?seed=3")
    page.check("#setup input[name=game][value=qwixx]")
    page.select_option("#player-count", "1")
    page.select_option("#setup .seat-kind >> nth=0", "expert")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#region-prompt .bot-turn")
    page.wait_for_selector("#region-board .cell.selected", timeout=20_000)
    page.wait_for_selector("#region-board .cell.crossed", timeout=20_000)
    assert watch.errors == []


# Computers alone at pace 0: how many updates the page painted in each animation frame, and
# how many pieces each painted.
PAINTS_PER_FRAME_JS = (
    """async () => {"""
    + PAINTED_REGIONS_JS
    + """
  const frames = [0];
  const pieces = [];
  const regions = new Set(); // those painted since the last frame, drawn or patched
  window.addEventListener("dadoteca:painted", ({ detail: update }) => {
    frames[frames.length - 1] += 1;
    pieces.push(Object.values(update.patches ?? {}).reduce((n, p) => n + Object.keys(p).length, 0));
    paintedRegions(update).forEach((name) => regions.add(name));
  });
  const seen = new WeakSet(); // the sheets shown in a frame so far
  const sheetsShownFirst = []; // in each frame of play, how many it showed for the first time
  let ending = null; // the regions painted in the frame that showed the scores
  const count = () => requestAnimationFrame(() => {
    if (!ending && document.querySelector("#region-scores table")) ending = [...regions];
    regions.clear();
    frames.push(0);
    const shown = document.querySelectorAll("#play section[data-seat]:not([aria-hidden='true'])");
    if (document.body.dataset.screen === "play") { // (the end shows every sheet, with the scores)
      sheetsShownFirst.push([...shown].filter((sheet) => !seen.has(sheet)).length);
    }
    shown.forEach((sheet) => seen.add(sheet));
    count();
  });
  count();
  document.querySelector("#setup button[type=submit]").click();
  while (!ending) await new Promise((resolve) => setTimeout(resolve, 20));
  return { frames, pieces, sheetsShownFirst, ending };
}"""
)
PIECES_PER_FRAME = 32  # assets/page/table/staging.js: merged moves bring more; the rest wait


@pytest.mark.parametrize("game", sorted(LINEUPS))
def test_computers_playing_at_once_paint_once_a_frame_and_end_as_the_record_says(
    page: Page, server: BackgroundServer, watch: PageWatch, dist: Path, game: str
) -> None:
    """Moves coming faster than frames are painted merged, once a frame (the reply to Start
    aside), at most PIECES_PER_FRAME pieces a frame, no frame showing two sheets never shown
    before (each is hundreds of elements to style and lay out), the end's scores a frame
    before its sheets, and the merged paints add up to the saved game, every region as
    CPython paints it."""
    open_app(page, f"{server.url}?seed=8&pace=0")
    page.check(f"#setup input[name=game][value={game}]")
    page.select_option("#player-count", "2")
    for seat, level in enumerate(["expert", "normal"]):
        page.select_option(f"#setup .seat-kind >> nth={seat}", level)
    page.set_default_timeout(300_000)
    painted = page.evaluate(PAINTS_PER_FRAME_JS)
    frames = painted["frames"]
    started = next(index for index, paints in enumerate(frames) if paints)
    assert max(frames[started + 1 :]) == 1, frames  # the reply and a first move may share one
    assert max(painted["pieces"]) <= PIECES_PER_FRAME, painted["pieces"]
    if game != "qwixx":  # (whose moments for everyone show everyone's sheets at once, small)
        assert max(painted["sheetsShownFirst"]) == 1, painted["sheetsShownFirst"]
    assert "scores" in painted["ending"], painted["ending"]
    assert not {"board", "others"} & set(painted["ending"]), painted["ending"]
    assert_the_page_shows_the_saved_game(page, dist)
    assert watch.errors == []
