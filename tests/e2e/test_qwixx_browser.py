"""Qwixx played by taps in headless Chromium (a 360 x 640 phone), checked against the rules
engine in CPython: the white sum answered by everyone from one screen, in any order."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize

from appdriver import (
    PHONE,
    PageWatch,
    assert_the_page_shows_the_saved_game,
    nobody_crosses,
    open_app,
    press,
    saved_record,
    start_game,
    tap,
)
from build.serve import BackgroundServer
from dadoteca.match import Match
from dadoteca_games.qwixx.rules import PASS, QWIXX, Cross, Phase, QwixxState, position_of
from dadoteca_web.game_ui import isolated

SEED = 21
NAMES = ["Anna", "Bo"]
FAMILY = ["Anna", "Bruno", "Carla"]


def policy(state: QwixxState, player: int, crossing: set[int]) -> Cross | None:
    """The players of ``crossing`` take the leftmost legal cross of the topmost row; the
    others pass."""
    crosses = [a for a in state.legal_actions(player) if isinstance(a, Cross)]
    if player not in crossing or not crosses:
        return None
    return min(crosses, key=lambda c: (c.row, position_of(c.row, c.number)))


def expected_game(seed: int, players: int, crossing: set[int]) -> QwixxState:
    """The same game, played by the same policy, in CPython."""
    state = QWIXX.new_game(players, seed)
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply_chance(state.roll())
            continue
        for player in state.deciders:  # the answers of one screen, in seat order
            state = state.apply(player, policy(state, player, crossing) or PASS)
    return state


def state_of(page: Page, players: int) -> QwixxState:
    record = saved_record(page)
    assert record is not None
    state = Match.from_record(record).state
    assert isinstance(state, QwixxState)
    return state


def play_turn(page: Page, players: int, crossing: set[int], order: random.Random) -> None:
    """One turn by the policy, on what the screen shows: the roll; the answers of everyone,
    in a shuffled order; the active player's option."""
    if page.locator("#region-controls [data-act=roll]").count():
        press(page, "#region-controls [data-act=roll]")
    state = state_of(page, players)
    answers = list(range(players))
    order.shuffle(answers)
    for player in answers:
        cross = policy(state, player, crossing)
        row = "none" if cross is None else str(cross.row)
        press(page, f'[data-act=answer][data-player="{player}"][data-row="{row}"]')
    state = state_of(page, players)
    if state.is_terminal or state.phase != Phase.ACTION2:
        return
    cross = policy(state, state.active, crossing)
    if cross is None:
        press(page, "#region-controls [data-act=pass]")
    else:
        press(page, f'.options [data-row="{cross.row}"][data-number="{cross.number}"]')


def play_to_the_end(
    page: Page, players: int, crossing: set[int], order: random.Random, limit: int = 200
) -> None:
    for _ in range(limit):
        if page.locator("#region-scores table").count():
            return
        play_turn(page, players, crossing, order)
    raise AssertionError("the game did not end")


def shown_totals(page: Page) -> list[int]:
    rows = page.locator("#region-scores tbody tr")
    return [int(rows.nth(i).locator("td strong").inner_text()) for i in range(rows.count())]


@pytest.mark.motion
def test_a_whole_two_player_game_by_taps_ends_with_the_right_scores(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    open_app(page, f"{server.url}?seed={SEED}")
    start_game(page, NAMES)
    play_to_the_end(page, 2, {0}, random.Random(1))
    expected = expected_game(SEED, 2, {0})
    assert shown_totals(page) == list(expected.scores())
    winner_names = [NAMES[p] for p in expected.winners()]
    assert all(name in page.inner_text("#region-scores .winners") for name in winner_names)
    # The saved record replays, in CPython, to exactly the game the engine predicts.
    assert Match.from_record(saved_record(page)).state == expected
    assert watch.errors == []
    assert watch.foreign_requests(server.origin) == []


def test_three_people_answer_the_white_sum_from_one_screen_in_any_order(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    open_app(page, f"{server.url}?seed=8")
    start_game(page, FAMILY)
    press(page, "#region-controls [data-act=roll]")
    lines = page.locator("#region-controls .answer-line")
    assert lines.count() == 3  # everyone's line at once, nobody waits for anyone
    for name in FAMILY:
        assert page.get_by_role("button", name=f"{isolated(name)}: no cross").count() == 1
    play_to_the_end(page, 3, {0, 2}, random.Random(3))
    expected = expected_game(8, 3, {0, 2})
    assert Match.from_record(saved_record(page)).state == expected
    assert watch.errors == []


def test_44_px_targets_fit_an_illegal_tap_explains_the_rule_the_deciders_sheet_is_in_view_both_ways(
    page: Page, server: BackgroundServer
) -> None:
    """On one game, in an order where no check moves what the next one sees: at the white sum,
    the options and answers are 44 px targets and nothing sticks out sideways, on a phone and
    on a tablet; an illegal tap on Bo's sheet explains the rule and chooses nothing; then the
    active player's second action shows their whole sheet, locks and penalties included,
    without scrolling, in portrait and in landscape."""
    open_app(page, f"{server.url}?seed={SEED}")
    start_game(page, NAMES)
    tap(page, "[data-act=roll]")
    for viewport in (ViewportSize(width=360, height=640), ViewportSize(width=1024, height=768)):
        page.set_viewport_size(viewport)
        targets = page.locator("#region-controls button")
        assert targets.count() >= 2 * 5  # a line each: four rows and no cross
        for index in range(targets.count()):
            box = targets.nth(index).bounding_box()
            assert box is not None and box["width"] >= 44 and box["height"] >= 44, (viewport, box)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"]  # nothing sticks out sideways
    page.set_viewport_size(PHONE)  # the phone the game was started on, for the illegal tap
    total = int(re.findall(r"\d+", page.inner_text("#region-prompt .prompt"))[0])
    wrong = 3 if total != 3 else 4
    bos_sheet = '.sheet:not([aria-hidden])[data-seat="1"]'
    saved = saved_record(page)
    tap(page, f'{bos_sheet} .cell[data-row="0"][data-number="{wrong}"]')
    notice = page.locator("#region-notice .notice.error")
    assert f"only cross the sum of the two white dice ({total})" in notice.inner_text()
    assert page.locator("#region-controls .pick.chosen").count() == 0
    # The refused tap changed nothing of the game: the moment it closes and the sheet after
    # it are the ones a game with no such tap has (the notice goes at the next tap).
    assert saved_record(page) == saved
    nobody_crosses(page)
    for viewport in (ViewportSize(width=360, height=640), ViewportSize(width=640, height=360)):
        page.set_viewport_size(viewport)
        page.evaluate("document.getElementById('play').scrollIntoView()")  # as a hand-over does
        for part in (".lock", ".penalties", ".total"):
            for box in page.locator(
                f"#region-board .sheet.big:not([aria-hidden]) {part}"
            ).evaluate_all("(all) => all.map((e) => e.getBoundingClientRect().toJSON())"):
                inside = box["bottom"] <= viewport["height"] and box["right"] <= viewport["width"]
                assert inside and box["top"] >= 0, (viewport, part, box)


# Every element under a selector marked with a property of the page's own (never an attribute,
# which the app's HTML would have to say); then those under it that are not marked elements.
MARK_JS = "(under) => document.querySelectorAll(`${under} *`).forEach((e) => { e.kept = true; })"
UNMARKED_JS = """(under) => [...document.querySelectorAll(`${under} *`)]
  .filter((e) => !e.kept).map((e) => e.outerHTML)"""


def test_a_tap_changes_in_place_what_it_changes_and_the_page_still_shows_what_python_drew(
    page: Page, server: BackgroundServer, watch: PageWatch, dist: Path
) -> None:
    """A row whose one number changes keeps its elements: the browser styles and lays out again
    only what differs (remade, the row's every box was laid out again)."""
    open_app(page, f"{server.url}?seed={SEED}")
    start_game(page, NAMES)
    tap(page, "[data-act=roll]")
    annas = '#region-others .sheet:not([aria-hidden])[data-seat="0"]'
    page.evaluate(MARK_JS, annas)
    tap(page, f"{annas} .cell.legal >> nth=0")
    assert page.locator(f"{annas} .cell.selected").count() == 1  # her answer, on her sheet
    assert page.evaluate(UNMARKED_JS, annas) == []
    assert_the_page_shows_the_saved_game(page, dist)
    assert watch.errors == []


# Each cell of the seat's sheet on show: where it sits in its sheet and its size; and how many
# of them are highlighted (legal or chosen). Measured with the animations taken off: a mark that
# pops is scaled for half a second.
CELLS_JS = """(seat) => {
  for (const animation of document.getAnimations()) animation.cancel();
  const sheet = document.querySelector(`#play .sheet:not([aria-hidden])[data-seat="${seat}"]`);
  const at = sheet.getBoundingClientRect();
  const cells = [...sheet.querySelectorAll(".cell")];
  return {
    size: sheet.classList.contains("big") ? "big" : "small",
    boxes: cells.map((cell) => {
      const { x, y, width, height } = cell.getBoundingClientRect();
      return [x - at.x, y - at.y, width, height].map((n) => Math.round(n * 2) / 2);
    }),
    highlighted: cells.filter((cell) => cell.matches(".legal, .selected")).length,
  };
}"""

# A legal cell's beckoning ring: painted in the cell's own stacking context, under its text.
RING_JS = """() => {
  const cell = document.querySelector("#play .sheet:not([aria-hidden]) .cell.legal");
  const ring = getComputedStyle(cell, "::before");
  return {
    isolation: getComputedStyle(cell).isolation,
    zIndex: ring.zIndex,
    animated: ring.animationName === "beckon",
  };
}"""


@pytest.mark.motion
def test_a_highlighted_or_chosen_number_never_moves_the_sheet_under_a_finger(
    page: Page, server: BackgroundServer
) -> None:
    """Every cell of a sheet keeps its place and size when numbers light up as legal or as
    chosen: the sheet does not grow or shift while a finger moves to a number. The ring that
    beckons on a legal number lies under the number, never over its digits."""
    open_app(page, f"{server.url}?seed={SEED}")
    start_game(page, NAMES)
    plain = {seat: page.evaluate(CELLS_JS, seat) for seat in (0, 1)}  # Anna's big, Bo's small
    assert [plain[seat]["size"] for seat in (0, 1)] == ["big", "small"]
    assert plain[0]["highlighted"] == plain[1]["highlighted"] == 0
    tap(page, "[data-act=roll]")  # the white sum: everyone's sheet small, its sum legal
    tap(page, '#play .sheet:not([aria-hidden])[data-seat="0"] .cell.legal >> nth=0')
    chosen, legal = page.evaluate(CELLS_JS, 0), page.evaluate(CELLS_JS, 1)
    assert chosen["size"] == legal["size"] == "small"
    assert chosen["highlighted"] and legal["highlighted"]
    assert chosen["boxes"] == legal["boxes"] == plain[1]["boxes"]
    tap(page, "[data-act=done]")  # Anna's colours: her big sheet again, its options legal
    coloured = page.evaluate(CELLS_JS, 0)
    assert coloured["size"] == "big" and coloured["highlighted"]
    assert coloured["boxes"] == plain[0]["boxes"]
    ring = page.evaluate(RING_JS)
    assert ring == {"isolation": "isolate", "zIndex": "-1", "animated": True}, ring


# How many rows the buttons of each answer line take on screen.
ANSWER_ROWS_JS = """() => [...document.querySelectorAll("#region-controls .answer-line")].map(
  (line) => new Set([...line.querySelectorAll("button")].map(
    (button) => Math.round(button.getBoundingClientRect().top))).size)"""


def test_on_a_landscape_phone_each_answer_line_is_two_rows_of_cells_at_most(
    page: Page, server: BackgroundServer
) -> None:
    """Beside the sheet, in the decision's narrow column, a name sits over its cells: beside
    them it left room for one cell a row, five rows a player to scroll through."""
    page.set_viewport_size(ViewportSize(width=640, height=360))
    open_app(page, f"{server.url}?seed={SEED}")
    start_game(page, NAMES)
    tap(page, "[data-act=roll]")
    rows = page.evaluate(ANSWER_ROWS_JS)
    assert len(rows) == len(NAMES) and max(rows) <= 2, rows


def test_on_a_tablet_everyones_sheets_sit_where_one_players_big_sheet_does(
    page: Page, server: BackgroundServer
) -> None:
    """The shared screen of a roll's white sum on a tablet: everyone's sheet, small, in the
    wide column under the answer lines, where one player's big sheet is on their screens (not
    beside them, in the narrow column of the others' sheets)."""
    page.set_viewport_size(ViewportSize(width=1024, height=768))
    open_app(page, f"{server.url}?seed={SEED}")
    start_game(page, NAMES)
    tap(page, "[data-act=roll]")
    shown = "#play .sheet:not([aria-hidden])"
    everyones = page.locator(shown).evaluate_all(
        "(all) => all.map((e) => [e.className, e.getBoundingClientRect().toJSON()])"
    )
    nobody_crosses(page)
    big = page.locator(f"{shown}.big").bounding_box()
    assert len(everyones) == len(NAMES) and big is not None
    for classes, box in everyones:
        assert "small" in classes and abs(box["left"] - big["x"]) <= 1, (box, big)
        assert abs(box["width"] - big["width"]) <= 1, (box, big)
