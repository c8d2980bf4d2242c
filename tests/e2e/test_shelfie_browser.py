"""My Shelfie played by taps in headless Chromium (a 360 px phone), checked against the engine."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, ViewportSize, expect
from shelfie_support import expected_game

from appdriver import (
    PAINTED_REGIONS_JS,
    TARGET_BOX,
    PageWatch,
    choose_game,
    choose_language,
    guides_told,
    new_game,
    open_app,
    saved_record,
    settled,
    start_game,
    tap,
)
from build.serve import BackgroundServer
from dadoteca.match import Match
from dadoteca_games.shelfie.rules import (
    COLUMNS,
    SHELVES,
    ShelfieState,
)
from test_accessibility import CONTRAST_FAILURES, tab_to, unnamed

# on Bo's sheet), Bo cannot mark on turn 14 and crosses out a shelf, Bo ends it on turn 16.
SEED = 7
NAMES = ["Anna", "Bo"]
# The sheets shown: every player's sheet is drawn in both regions, those not shown hidden.
BOARD = "#region-board .sheet:not([aria-hidden])"
OTHERS = "#region-others .sheet:not([aria-hidden])"


def tap_one_decision(page: Page) -> None:
    """One step of the policy, by taps on what the screen shows."""
    if page.locator("#region-controls [data-act=roll]").count():
        tap(page, "#region-controls [data-act=roll]")
        return
    if page.locator("#region-controls [data-act=pass]").count():
        tap(page, "#region-controls [data-act=pass]")
        return
    if page.locator("#region-board .cell.legal").count():
        tap(page, "#region-board .cell.legal >> nth=0")
    else:
        tap(page, "#region-board .shelf-head.legal >> nth=0")
    tap(page, "#region-controls [data-act=confirm]:not([disabled])")


def play_until(page: Page, done: str, limit: int = 300) -> None:
    """Tap the policy until the selector ``done`` is on the page."""
    for _ in range(limit):
        if page.locator(done).count():
            return
        tap_one_decision(page)
    raise AssertionError(f"never saw {done}")


def saved_state(page: Page) -> ShelfieState:
    state = Match.from_record(saved_record(page)).state
    assert isinstance(state, ShelfieState)
    return state


def shown_cells(page: Page, kind: str) -> set[tuple[int, int]]:
    cells = page.locator(f"{BOARD} .cell.{kind}")
    return {
        (
            int(cells.nth(i).get_attribute("data-shelf") or ""),
            int(cells.nth(i).get_attribute("data-column") or ""),
        )
        for i in range(cells.count())
    }


def engine_cells(state: ShelfieState, player: int, kind: str) -> set[tuple[int, int]]:
    sheet = state.sheets[player]
    return {
        (shelf, column)
        for shelf in range(len(SHELVES))
        for column in range(COLUMNS)
        if sheet.cell_state(shelf, column) == kind
    }


def begin(page: Page, server: BackgroundServer, seed: int = SEED, until: str | None = None) -> None:
    """A game of NAMES begun on ``seed``; then, given ``until``, played by the policy until
    that selector is on the page."""
    open_app(page, f"{server.url}?seed={seed}")
    page.click("#setup input[value=shelfie]")
    start_game(page, NAMES)
    if until is not None:
        play_until(page, until)


# Which regions each batch of the page's changes filled (added elements to), in which frame
# (counted by requestAnimationFrame) it came, and how many elements the board held then.
WATCH_REGIONS_JS = """() => {
  window.regionBatches = [];
  let frame = 0;
  const count = () => {
    frame += 1;
    requestAnimationFrame(count);
  };
  requestAnimationFrame(count);
  const board = document.getElementById("region-board");
  new MutationObserver((records) => {
    const filled = records.filter((r) => r.addedNodes.length > 0);
    const regions = new Set(filled.map((r) => r.target.closest("[id^='region-']")?.id));
    window.regionBatches.push({
      frame, regions: [...regions].filter(Boolean), board: board.childElementCount,
    });
  }).observe(document.getElementById("play"), { childList: true, subtree: true });
}"""

REGIONS = ("region-prompt", "region-board", "region-others")


def test_a_screen_drawn_whole_comes_in_three_frames(page: Page, server: BackgroundServer) -> None:
    """The decision, then the board, then the others' sheets, each in a frame of its own
    (together, they made one frame of 110-130 ms on a phone 4x slower than a laptop); and a
    new game's decision is never shown over the board of the game before."""
    begin(page, server)
    new_game(page)
    page.evaluate(WATCH_REGIONS_JS)
    start_game(page, NAMES)
    batches = page.evaluate("window.regionBatches")
    first = {region: next(b for b in batches if region in b["regions"]) for region in REGIONS}
    decision, board, others = (first[region] for region in REGIONS)
    assert "region-board" not in decision["regions"], batches
    assert decision["board"] == 0, batches  # the last game's board, emptied at the setup
    assert board["regions"] == ["region-board"], batches
    assert others["regions"] == ["region-others"], batches
    assert decision["frame"] < board["frame"] < others["frame"], batches
    assert page.locator(OTHERS).count() == 1  # Bo's sheet, small, as Python drew it


# How many hidden sheets the page has drawn ahead, unseen (assets/page/table/ahead.js names each
# one's seat on #play while it draws it).
COUNT_DRAWN_AHEAD = """document.addEventListener("DOMContentLoaded", () => {
  window.drawnAhead = 0;
  const play = document.getElementById("play");
  new MutationObserver(() => {
    if ("drawingAhead" in play.dataset) window.drawnAhead += 1;
  }).observe(play, { attributes: true, attributeFilter: ["data-drawing-ahead"] });
});"""
# The regions each update painted from now on drew or patched, in order.
WATCH_PAINTED_REGIONS = (
    "() => {"
    + PAINTED_REGIONS_JS
    + """
  window.painted = [];
  addEventListener("dadoteca:painted", ({ detail: update }) => {
    window.painted.push(paintedRegions(update));
  });
}"""
)


def test_a_hand_over_shows_both_sheets_drawn_ahead_in_one_paint(
    page: Page, server: BackgroundServer
) -> None:
    """The tap that hands over shows Bo's bookcase and Anna's small sheet in one paint once both
    were drawn ahead while the page was idle: held a frame apart (as the sheets of computers
    playing at pace 0 are, never drawn ahead), the tap waited a frame more for its answer."""
    page.add_init_script(COUNT_DRAWN_AHEAD)
    begin(page, server)
    page.wait_for_function("window.drawnAhead >= 2", timeout=10_000)  # the two hidden sheets
    page.wait_for_function("!('drawingAhead' in document.getElementById('play').dataset)")
    tap(page, "#region-controls [data-act=roll]")
    tap(page, "#region-board .cell.legal >> nth=0")
    page.evaluate(WATCH_PAINTED_REGIONS)
    tap(page, "#region-controls [data-act=confirm]:not([disabled])")
    assert page.get_attribute(BOARD, "data-seat") == "1"
    assert page.get_attribute(OTHERS, "data-seat") == "0"
    painted = page.evaluate("window.painted")
    assert {"board", "others"} <= set(painted[0]), painted


def scored_right(page: Page) -> None:
    """The end's table gives the scores of the engine's own game, which the record replays."""
    expected = expected_game(SEED, len(NAMES))
    assert saved_state(page) == expected  # the record replays to the engine's own game
    rows = page.locator("#region-scores tbody tr")
    assert [int(rows.nth(i).locator("td strong").inner_text()) for i in range(2)] == list(
        expected.scores()
    )
    first = [int(td) for td in rows.nth(0).locator("td").all_inner_texts()]
    sheet = expected.sheets[0]
    assert first[:5] == [sheet.shelf_points(s) for s in range(len(SHELVES))]
    assert first[5:10] == [sheet.column_points(c) for c in range(COLUMNS)]
    winners = page.inner_text("#region-scores h2.winners")
    assert all(NAMES[p] in winners for p in expected.winners())


def completed_line_crossed_out(page: Page) -> None:
    """The line Anna completed is crossed out on Bo's sheet, and all circled on her small one."""
    state = saved_state(page)
    assert state.active == 1 and "Anna completed the" in page.inner_text("#region-prompt .blocked")
    crossed = engine_cells(state, 1, "crossed")
    assert crossed and shown_cells(page, "crossed") == crossed
    assert page.locator(f"{OTHERS} .cell.circled").count() == len(engine_cells(state, 0, "circled"))


def test_a_failed_roll_crosses_out_a_shelf_by_taps(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    begin(page, server, until="#region-board .shelf-head.legal")
    assert "no item can be marked" in page.inner_text("#region-prompt")
    assert page.locator("#region-board .cell.legal").count() == 0
    assert page.locator("#region-controls [data-act=confirm]").is_disabled()
    heads = page.locator("#region-board .shelf-head.legal")
    shelf = int(heads.last.get_attribute("data-shelf") or "")
    heads.last.click()
    settled(page)
    assert (
        page.get_attribute(f'{BOARD} [data-shelf="{shelf}"].shelf-head', "aria-pressed") == "true"
    )
    tap(page, "#region-controls [data-act=confirm]")
    record = saved_record(page)
    assert record is not None
    actions = record["actions"]
    assert isinstance(actions, list) and actions[-1] == [1, f"strike {SHELVES[shelf]}"]
    state = saved_state(page)
    assert all(state.sheets[1].cell_state(shelf, c) != "free" for c in range(COLUMNS))
    assert watch.errors == []


# Every width of issue 21, each with the other side a phone or a tablet held that way has.
VIEWPORTS = [
    ViewportSize(width=width, height=height)
    for width, height in ((320, 568), (360, 640), (640, 360), (768, 1024), (1024, 768))
]


@pytest.mark.motion
def test_a_whole_game_by_taps_has_44_px_targets_no_sideways_scroll_and_the_right_scores(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """At every step of a game (roll, decide, cross out a shelf, the end), at every width, in
    every language: every control shown at least 44 px, and nothing wider than the screen. On
    the way, a completed line is crossed out on the other sheet; at the end, the scores are
    right. (One game for all: the checks only read the screen, in English again before a tap.)"""
    begin(page, server)
    checked = set()
    for _ in range(200):
        if "blocked" not in checked and page.locator("#region-prompt .blocked").count():
            checked.add("blocked")
            completed_line_crossed_out(page)
        if page.locator("#region-scores table").count():
            state = "over"
        elif page.locator("#region-board .shelf-head.legal").count():
            state = "strike"
        elif page.locator("#region-dice .sdie").count():
            state = "decide"
        else:
            state = "roll"
        if state not in checked:
            checked.add(state)
            for language in ("it", "es", "en"):  # English again last: the game goes on in it
                choose_language(page, language)
                for viewport in VIEWPORTS:
                    page.set_viewport_size(viewport)
                    # Those shown: the others' sheets are drawn too, hidden (aria-hidden).
                    targets = page.locator("#play :is(button, [data-act]):not([aria-hidden] *)")
                    for box in targets.evaluate_all(BOXES_SHOWN):
                        assert box[0] >= 44 and box[1] >= 44, (state, language, viewport, box)
                    width = page.evaluate("document.documentElement.scrollWidth")
                    assert width <= viewport["width"], (state, language, viewport, width)
            page.set_viewport_size(ViewportSize(width=360, height=640))
        if state == "over":
            break
        tap_one_decision(page)
    assert checked == {"roll", "decide", "strike", "blocked", "over"}
    scored_right(page)
    assert watch.errors == []
    assert watch.foreign_requests(server.origin) == []


# The width, height and start of each element's box (one round trip for all of them).
BOXES_SHOWN = f"(all) => all.map({TARGET_BOX})"


def cell(shelf: int, column: int) -> str:
    return f'{BOARD} .cell[data-shelf="{shelf}"][data-column="{column}"]'


# Anna's first roll: cat, cat, jolly, book, cat, cat. Found by searching seeds in CPython.
BADGES_SEED = 20
# Each chosen cell's badge and value, and whether they meet.
CHOSEN_CELLS_JS = """() => [...document.querySelectorAll('#region-board .cell.selected')].map(
  (cell) => {
    const box = (name) => cell.querySelector(name).getBoundingClientRect();
    const [badge, value, whole] = [box('.badge'), box('.value'), cell.getBoundingClientRect()];
    const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom
      && b.top < a.bottom;
    const inside = (a) => a.left >= whole.left && a.right <= whole.right
      && a.top >= whole.top && a.bottom <= whole.bottom;
    return { mark: cell.dataset.mark, badge: cell.querySelector('.badge').textContent,
      covers: meet(badge, value), inside: inside(badge) && inside(value) };
  })"""


def test_badges_never_cover_a_value(page: Page, server: BackgroundServer) -> None:
    """At a phone's size and a landscape tablet's, in every language: a chosen cell's badge
    (its choice, +J with the jolly) beside its value, never over it."""
    begin(page, server, BADGES_SEED)
    tap(page, "#region-controls [data-act=roll]")
    for shelf, column in ((0, 2), (0, 1), (1, 0)):  # 3 cats; 1 cat + the jolly; 1 book
        tap(page, cell(shelf, column))
    for language in ("en", "it", "es"):
        choose_language(page, language)
        for viewport in (
            ViewportSize(width=360, height=640),
            ViewportSize(width=1024, height=768),
        ):
            page.set_viewport_size(viewport)
            chosen = page.evaluate(CHOSEN_CELLS_JS)
            assert [(c["mark"], c["badge"]) for c in chosen] == [
                ("cat2", "2+J"),
                ("cat3", "1"),
                ("book1", "3"),
            ]
            for found in chosen:
                assert not found["covers"] and found["inside"], (language, viewport, found)


# Scroll the cell ``selector`` to just below the decision bar (stuck at the top of the screen
# while the sheet scrolls under it); where the bar then is.
SCROLL_TO_JUST_BELOW_THE_BAR = """(selector) => {
  const bar = document.querySelector('.table-top');
  const cell = document.querySelector(selector).getBoundingClientRect();
  window.scrollBy(0, cell.top - bar.getBoundingClientRect().height - 8);
  return bar.getBoundingClientRect().top;
}"""
# Anna's first roll: game, game, game and three jollies: the 3-dice game is three game dice or
# two and a jolly; only with the jolly are there game dice left for the 2-dice game too.
JOLLY_SEED = 15


def test_the_jolly_is_chosen_explicitly_on_a_phone(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    begin(page, server, JOLLY_SEED)
    tap(page, "#region-controls [data-act=roll]")
    game3 = cell(len(SHELVES) - 1, 2)
    tap(page, game3)
    assert page.inner_text(f"{game3} .badge") == "1"
    # The page scrolled down to the cell, just below the decision bar stuck at the top.
    assert page.evaluate(SCROLL_TO_JUST_BELOW_THE_BAR, game3) == 0
    tap(page, game3)  # again: the ways to use the dice, nothing changed yet
    ways = page.get_by_role("group", name="Which dice for choice 1, game ×3?")  # noqa: RUF001
    three = ways.get_by_role("button", name="3 game dice", exact=True)
    jolly = ways.get_by_role("button", name="2 game dice + the jolly", exact=True)
    remove = ways.get_by_role("button", name="Remove this choice", exact=True)
    viewport = page.viewport_size
    assert viewport is not None
    for shown in (ways, three, jolly, remove):
        box = shown.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
        if shown is not ways:
            assert box["width"] >= 44 and box["height"] >= 44, box
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert three.get_attribute("aria-pressed") == "true"
    assert jolly.get_attribute("aria-pressed") == "false"
    assert page.evaluate("document.activeElement.dataset.way") == "0"  # the focus on the way used
    assert page.inner_text(f"{game3} .badge") == "1"
    assert unnamed(page) == []
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate(CONTRAST_FAILURES) == [], scheme
    # The keyboard reaches the jolly's way and chooses it.
    tab_to(page, "() => document.querySelector('#region-controls [data-way=\"1\"]')")
    page.keyboard.press("Enter")
    page.wait_for_selector("#region-controls .ways", state="detached")
    assert page.inner_text(f"{game3} .badge") == "1+J"
    assert "game ×3 with a jolly" in page.inner_text("#region-controls .chosen")  # noqa: RUF001
    game2 = cell(len(SHELVES) - 1, 1)
    tap(page, game2)  # a game die and a jolly are left for it
    assert page.inner_text(f"{game2} .badge") == "2+J"
    tap(page, "#region-controls [data-act=confirm]:not([disabled])")
    record = saved_record(page)
    assert record is not None
    actions = record["actions"]
    assert isinstance(actions, list) and actions[-1] == [0, "mark game2+j game3+j"]
    assert watch.errors == []


# A finger's second tap at x, y the moment the page paints the first one's answer: what it
# landed on (window.secondTap settles with it).
SECOND_TAP_ONCE_PAINTED_JS = """([x, y]) => {
  window.secondTap = new Promise((resolve) => {
    addEventListener("dadoteca:painted", () => {
      const under = document.elementFromPoint(x, y);
      under.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, detail: 1,
        clientX: x, clientY: y, view: window }));
      resolve(under.closest("[data-act]")?.dataset.act ?? null);
    }, { once: true });
  });
}"""


def test_a_double_tap_on_roll_rolls_once_and_marks_no_die(
    touch_page: Page, server: BackgroundServer
) -> None:
    """The dice are drawn where Roll was: a double tap's second tap, on the die drawn there or
    made while the roll is on its way, is not taken, and says so ("Wait")."""
    page = touch_page
    guides_told(page)  # a first game's line would lie where Roll was, not a die
    open_app(page, f"{server.url}?seed={SEED}&pace=0")
    choose_game(page, "shelfie", NAMES)
    for once_painted in (True, False):
        page.wait_for_selector("body:not([data-handover])", state="attached")
        box = page.locator("#play [data-act=roll]").bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if once_painted:
            page.evaluate(SECOND_TAP_ONCE_PAINTED_JS, [x, y])
            page.touchscreen.tap(x, y)
            assert page.evaluate("window.secondTap") == "die"
        else:
            page.touchscreen.tap(x, y)
            page.touchscreen.tap(x, y)
        settled(page)
        expect(page.locator("#tap-wait")).to_be_visible()
        record = saved_record(page)
        assert record is not None and isinstance(record["actions"], list)
        rolls = [player for player, _ in record["actions"] if player is None]
        assert len(rolls) == (1 if once_painted else 2), record["actions"]
        assert record["actions"][-1][0] is None  # the roll, and nothing after it
        assert page.locator("#region-dice [aria-pressed=true]").count() == 0
        if once_painted:  # Anna marks, and it is Bo's roll
            tap(page, "#play .legal[data-act]")
            tap(page, "#play [data-act=confirm]:not([disabled])")
