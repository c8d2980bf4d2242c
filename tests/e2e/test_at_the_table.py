"""One phone passed around a table (360 x 640, touch): taps that never carry over to the next
player, Undo of played moves, notices where the eyes are, big moments said, a screen that stays
awake, and a reload that never shows an empty setup."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, FilePayload, Page, ViewportSize, expect

from appdriver import (
    ANIMATIONS,
    PHONE,
    PYTHON_RUNTIME,
    PageWatch,
    choose_game,
    hold_back,
    next_frame,
    nobody_crosses,
    on_screen,
    open_app,
    press,
    release_once_asked,
    run_python,
    saved_record,
    settled,
    simple_taps,
    start_game,
    tap,
    wait_ready,
)
from build.serve import BackgroundServer
from dadoteca.core import Action
from dadoteca.match import Match
from dadoteca.playout import random_match
from dadoteca_games.qwixx.rules import FOUR_PENALTIES, PENALTY, ROW_LOCKED, TWO_LOCKS, Cross, Phase
from dadoteca_web.game_ui import isolated

NAMES = ["Anna", "Bruno"]


def imported(page: Page, record: dict[str, Any]) -> None:
    payload = FilePayload(
        name="game.json", mimeType="application/json", buffer=json.dumps(record).encode()
    )
    page.set_input_files("#import-file", files=[payload])
    # A record cut in the middle of a moment decided together is saved with that moment open:
    # the answers already given, answers again.
    page.wait_for_function(
        """(n) => {
          const saved = JSON.parse(localStorage.getItem('dadoteca.game') || 'null');
          return saved && saved.actions.length + (saved.answers ?? []).length === n;
        }""",
        arg=len(record["actions"]),
    )


def actions_saved(page: Page) -> list[list[object]]:
    record = saved_record(page)
    assert record is not None
    actions = record["actions"]
    assert isinstance(actions, list)
    return actions


# --- Taps never carry over ---------------------------------------------------------------------


def test_a_double_tap_across_a_change_of_hands_acts_once(
    touch_page: Page, server: BackgroundServer
) -> None:
    """Anna double-taps "No cross" (a penalty) 120 ms apart: the second tap lands on Bruno's
    roll, and is not taken."""
    page = touch_page
    open_app(page, f"{server.url}?seed=4&pace=0")
    start_game(page, NAMES)
    tap(page, "[data-act=roll]")
    nobody_crosses(page)  # Anna's second action
    page.wait_for_selector("body:not([data-handover])", state="attached")  # she has seen it
    box = page.locator("#region-controls [data-act=pass]").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(120)
    page.touchscreen.tap(x, y)  # on whatever Bruno's screen shows there now
    page.wait_for_timeout(600)
    assert page.get_attribute("body", "data-handover") is None  # the guard is over
    actions = actions_saved(page)
    assert actions[-1] == [0, "pass"] and len(actions) == 4  # roll, two answers, Anna's pass
    assert "Bruno, roll the dice" in page.inner_text("#region-prompt")


# A finger's tap on Bruno's Roll the moment his screen is painted: where it landed.
TAP_ROLL_ONCE_HANDED_OVER_JS = """() => {
  window.tapped = new Promise((resolve) => {
    addEventListener("dadoteca:painted", () => {
      const roll = document.querySelector("#play [data-act=roll]");
      if (!document.body.dataset.handover || !roll) return;
      const box = roll.getBoundingClientRect();
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      roll.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, detail: 1,
        clientX: x, clientY: y, view: window }));
      resolve([x, y]);
    });
  });
}"""


def test_a_tap_the_guard_drops_after_a_change_of_hands_says_wait(
    touch_page: Page, server: BackgroundServer
) -> None:
    page = touch_page
    open_app(page, f"{server.url}?seed=4&pace=0")
    start_game(page, NAMES)
    tap(page, "[data-act=roll]")
    nobody_crosses(page)
    page.evaluate(TAP_ROLL_ONCE_HANDED_OVER_JS)
    tap(page, "#region-controls [data-act=pass]")
    x, y = page.evaluate("window.tapped")
    waits_here(page, x, y)
    assert len(actions_saved(page)) == 4  # roll, two answers, Anna's pass: not Bruno's roll


# At every frame for 0.5 s after the screen changes hands: whether the prompt is animated, and
# how far inside its region each side of its box is (negative: past the region's edge, cut).
PROMPT_FRAMES_JS = """() => {
  window.promptFrames = new Promise((resolve) => {
    const frames = [];
    const look = (start) => {
      const prompt = document.querySelector("#region-prompt .prompt");
      const box = prompt.getBoundingClientRect();
      const region = document.getElementById("region-prompt").getBoundingClientRect();
      frames.push([prompt.classList.contains("handed-over"), box.left - region.left,
        region.right - box.right]);
      if (performance.now() - start < 500) requestAnimationFrame(() => look(start));
      else resolve(frames);
    };
    addEventListener("dadoteca:painted", () => {
      if (document.body.dataset.handover && !frames.length) look(performance.now());
    });
  });
}"""


@pytest.mark.motion
def test_whose_screen_it_is_comes_in_whole(page: Page, server: BackgroundServer) -> None:
    """The prompt of the player handed the phone is animated into place, never cut at the
    screen's edge (it slid in from the side, clipped by its region)."""
    open_app(page, f"{server.url}?seed=4&pace=0")
    start_game(page, NAMES)
    press(page, "[data-act=roll]")
    nobody_crosses(page, press)
    page.evaluate(PROMPT_FRAMES_JS)
    press(page, "#region-controls [data-act=pass]")
    frames = page.evaluate("window.promptFrames")
    assert frames[0][0], frames  # animated
    assert all(left >= -0.5 and right >= -0.5 for _, left, right in frames), frames


def waits_here(page: Page, x: float, y: float) -> None:
    """A finger's tap at x, y was not taken, and the page says "Wait" there."""
    sign = page.locator("#tap-wait")
    expect(sign).to_be_visible()
    assert sign.inner_text() == "Wait"
    box = sign.bounding_box()
    assert box is not None
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert abs(middle[0] - x) < 40 and abs(middle[1] - y) < 30, (middle, x, y)


def test_a_quick_second_tap_on_an_answer_does_not_take_it_back(
    touch_page: Page, server: BackgroundServer
) -> None:
    """A tap on one's answer again takes it back (Qwixx's white sum), but not the second tap
    of a double tap: that one is not taken, and says so."""
    page = touch_page
    open_app(page, f"{server.url}?seed=4&pace=0")
    start_game(page, NAMES)
    tap(page, "[data-act=roll]")
    page.wait_for_selector("body:not([data-handover])", state="attached")  # everyone's screen
    answer = '#region-controls [data-act=answer][data-player="1"][data-row="none"]'
    box = page.locator(answer).bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.touchscreen.tap(x, y)
    settled(page)
    waits_here(page, x, y)
    record = saved_record(page)
    assert record is not None and record.get("answers") == [[1, "pass"]], record
    page.wait_for_timeout(500)  # a later tap on one's answer takes it back, as it should
    page.touchscreen.tap(x, y)
    settled(page)
    record = saved_record(page)
    assert record is not None and not record.get("answers"), record


# --- Undo and Redo -------------------------------------------------------------------------------


def test_undo_takes_back_a_played_cross_and_a_roll_brings_back_the_same_dice(
    page: Page, server: BackgroundServer
) -> None:
    open_app(page, f"{server.url}?seed=4&pace=0")
    start_game(page, NAMES)
    press(page, "[data-act=roll]")
    dice = page.inner_html("#region-dice")
    nobody_crosses(page, press)
    press(page, ".options [data-act=cell]")  # Anna's second action: a cross, played
    played = actions_saved(page)
    assert played[-1][0] == 0 and str(played[-1][1]).split()[0] in {"red", "yellow", "green"}
    press(page, "[data-act=take-back]")  # Anna's move, on Bruno's roll: asked first
    assert f"Take back {isolated('Anna')}'s move?" in page.inner_text("#confirm")
    tap(page, "#confirm-yes")
    assert actions_saved(page) == played[:-1]
    press(page, "[data-act=redo]")
    assert actions_saved(page) == played
    for _ in range(4):  # the cross, the two answers, the roll
        press(page, "[data-act=take-back]")
        if page.evaluate("document.getElementById('confirm').open"):
            tap(page, "#confirm-yes")  # Bruno's answer, on Anna's screen: asked first
    assert actions_saved(page) == []
    press(page, "[data-act=roll]")
    assert page.inner_html("#region-dice") == dice  # the game's own dice: the same roll


# The question closed with no value, as Safari's and Firefox's Escape close it; resolved once
# its close event (which comes a task later, and sends the No) has been heard.
CLOSED_AS_SAFARIS_ESCAPE_DOES_JS = """() => new Promise((resolve) => {
  const dialog = document.getElementById("confirm");
  dialog.addEventListener("close", resolve, { once: true });
  dialog.close();
})"""


def test_escape_answers_no_to_a_question_asked_after_one_answered_yes(
    page: Page, server: BackgroundServer
) -> None:
    """Python hears the No, or it would still wait on the question (computers do not move
    meanwhile). Safari's and Firefox's Escape close the dialog with no value of its own,
    leaving the last one (mdn/content#42975), as ``close()`` does; Chromium's sets ""."""
    open_app(page, f"{server.url}?seed=4&pace=0")
    start_game(page, NAMES)
    press(page, "[data-act=roll]")
    nobody_crosses(page, press)
    press(page, ".options [data-act=cell]")
    press(page, "[data-act=take-back]")
    tap(page, "#confirm-yes")  # the first question: Yes
    run_python(
        page,
        "from dadoteca_web.app import App\n"
        "acts, handle = [], App.handle\n"
        "def heard(self, act, data):\n"
        "    acts.append(act)\n"
        "    handle(self, act, data)\n"
        "App.handle = heard",
    )
    press(page, "[data-act=new-game]")
    assert "Abandon this game?" in page.inner_text("#confirm")
    page.evaluate(CLOSED_AS_SAFARIS_ESCAPE_DOES_JS)
    settled(page)
    assert run_python(page, "acts") == "['new-game', 'dismiss']"
    assert page.evaluate("document.body.dataset.screen") == "play"


@pytest.mark.parametrize("game", ["diceland", "shelfie"])
def test_undo_and_redo_take_back_and_play_again_the_moves_of_every_game(
    page: Page, server: BackgroundServer, game: str
) -> None:
    open_app(page, f"{server.url}?seed=4&pace=0")
    choose_game(page, game, NAMES)
    simple_taps(page, 40)
    # On to a move just played: Undo takes back a choice in the making (a cell chosen), or an
    # answer held until everyone has answered, before any move.
    for _ in range(10):
        if (
            not (saved_record(page) or {}).get("answers")
            and not page.locator("#play .selected").count()
        ):
            break
        simple_taps(page, 1)
    played = actions_saved(page)
    assert sum(player is not None for player, _ in played) >= 3, played  # moves, not only rolls
    for undone in range(1, 6):
        press(page, "[data-act=take-back]")
        if page.evaluate("document.getElementById('confirm').open"):
            tap(page, "#confirm-yes")  # another player's move: asked first
        now = actions_saved(page)
        assert now == played[: len(now)] and len(now) < len(played), undone
    for _ in range(5):
        press(page, "[data-act=redo]")
    assert actions_saved(page) == played


# --- Notices where the eyes are -------------------------------------------------------------------


def inside_the_viewport(page: Page, selector: str) -> None:
    """Once shown (Python answers from its worker, a moment after the tap): inside the screen."""
    expect(page.locator(selector)).to_be_visible()
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (selector, box)


def test_every_notice_and_question_shows_inside_the_screen(
    page: Page, server: BackgroundServer
) -> None:
    open_app(page, f"{server.url}?seed=4&pace=0")
    start_game(page, NAMES)
    press(page, "[data-act=roll]")
    page.mouse.wheel(0, 2000)  # the family scrolled down to the last sheet
    total = int(page.inner_text("#region-prompt .prompt").split()[2].rstrip(":"))
    wrong = 3 if total != 3 else 4
    bos_sheet = '.sheet:not([aria-hidden])[data-seat="1"]'
    press(page, f'{bos_sheet} .cell[data-row="0"][data-number="{wrong}"]')
    inside_the_viewport(page, "#region-notice .notice.error")
    page.mouse.wheel(0, 2000)
    press(page, ".tools [data-act=new-game]")
    inside_the_viewport(page, "#confirm")
    assert "Abandon this game?" in page.inner_text("#confirm")
    tap(page, "#confirm-no")
    record = random_match("qwixx", 2, 3).record()
    imported_record = {**record, "actions": record["actions"][:1]}  # type: ignore[index]
    page.set_input_files(
        "#import-file",
        files=[
            FilePayload(
                name="g.json",
                mimeType="application/json",
                buffer=json.dumps(imported_record).encode(),
            )
        ],
    )
    inside_the_viewport(page, "#confirm")  # a game in play: replacing it is asked first
    tap(page, "#confirm-yes")
    expect(page.locator("#region-notice")).to_contain_text("Game imported.")
    inside_the_viewport(page, "#region-notice .notice")


LANDSCAPE: ViewportSize = {"width": 640, "height": 360}
# The messages shown, and each one's overlaps with a control (a button, a field, a cell) or the
# board (the sheet on show) that is on screen: what it covers.
COVERED_JS = """() => {
  const seen = (e) => e.checkVisibility();
  const messages = [...document.querySelectorAll(".messages :is(.notice, .announced)")]
    .filter(seen);
  const under = [...document.querySelectorAll(
    "#app :is(button, select, input, [data-act]), #region-board section[data-seat]"
    + ":not([aria-hidden])")].filter((e) => seen(e) && !e.closest(".messages"));
  const onScreen = (box) => box.bottom > 0 && box.top < innerHeight && box.width > 0;
  const covered = [];
  for (const message of messages) {
    const a = message.getBoundingClientRect();
    for (const element of under) {
      const b = element.getBoundingClientRect();
      if (onScreen(b) && a.left < b.right && b.left < a.right && a.top < b.bottom
          && b.top < a.bottom) covered.push(element.outerHTML.slice(0, 80));
    }
  }
  return { shown: messages.map((m) => m.textContent), covered };
}"""


def refused_notice_shows(page: Page, game: str) -> None:
    """A tap the rules refuse, on the board: Diceland's map before a colour is chosen, Qwixx's
    sheet with a number that is not the white sum. Its notice is said, in view."""
    if game == "diceland":
        press(page, "#region-board .dl-sheet:not([aria-hidden]) .dl-cell:not(.legal)")
    else:
        total = int(page.inner_text("#region-prompt .prompt").split()[2].rstrip(":"))
        wrong = 3 if total != 3 else 4
        sheet = '.sheet:not([aria-hidden])[data-seat="1"]'
        press(page, f'{sheet} [data-row="0"][data-number="{wrong}"]')
    notice = page.locator("#region-notice .notice.error")
    expect(notice).to_be_visible()
    next_frame(page)
    box = notice.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5, box  # (rounding)


@pytest.mark.parametrize("size", [PHONE, LANDSCAPE], ids=["portrait", "landscape"])
@pytest.mark.parametrize("game", ["diceland", "qwixx"])
def test_a_notice_covers_no_control_and_not_the_board(
    page: Page, server: BackgroundServer, game: str, size: ViewportSize
) -> None:
    """An error lasts until the next action: in the page's flow, it never hides the map, the
    sheets, Pass, Clear or Confirm (it was over Diceland's map for as long, and over the
    controls of a landscape phone)."""
    page.set_viewport_size(size)
    open_app(page, f"{server.url}?seed=5&pace=0")
    choose_game(page, game, NAMES)
    press(page, "[data-act=roll]")
    refused_notice_shows(page, game)
    said = page.evaluate(COVERED_JS)
    assert len(said["shown"]) == 1 and said["covered"] == [], said


def test_notices_never_stack_and_go_when_the_next_action_starts(
    page: Page, server: BackgroundServer
) -> None:
    open_app(page, f"{server.url}?seed=5&pace=0")
    start_game(page, NAMES)
    expect(page.locator(".messages .announced")).to_have_text("Anna starts")
    press(page, "[data-act=roll]")  # the next action: the banner goes
    expect(page.locator(".messages .announced")).to_be_hidden()
    refused_notice_shows(page, "qwixx")
    assert len(page.evaluate(COVERED_JS)["shown"]) == 1
    refused_notice_shows(page, "qwixx")  # the same words again: said again
    # Gone as the next tap is made, before Python has answered it.
    assert not page.evaluate(
        """() => {
          document.querySelector('[data-act=answer][data-player="0"][data-row="none"]').click();
          return document.querySelector("#region-notice .notice").checkVisibility();
        }"""
    )
    settled(page)
    assert page.evaluate(COVERED_JS)["shown"] == []


# The decision bar's bottom and the top of the sheet on show under it, on screen (null: the
# board shows no sheet, as on Qwixx's shared screen, where every sheet is in the others' region).
SHEET_UNDER_THE_BAR_JS = """() => {
  const sheet = document.querySelector("#region-board section[data-seat]:not([aria-hidden])");
  const bar = document.querySelector("#play .table-top").getBoundingClientRect();
  return sheet ? [bar.bottom, sheet.getBoundingClientRect().top] : null;
}"""


@pytest.mark.parametrize("game", ["qwixx", "diceland", "shelfie"])
def test_the_decision_bar_never_covers_the_top_of_the_sheet_under_it(
    page: Page, server: BackgroundServer, game: str
) -> None:
    """The bar grows with a decision (dice rolled, options offered) once a change of hands has
    scrolled the game to the top: the sheet under it moves down with it, its owner and first
    row in view."""
    open_app(page, f"{server.url}?seed=21")
    choose_game(page, game, NAMES)
    heights: set[int] = set()
    for _ in range(12):
        simple_taps(page, 1)
        where = page.evaluate(SHEET_UNDER_THE_BAR_JS)
        if where is not None:
            bar, sheet = where
            assert sheet >= bar, (bar, sheet)
            heights.add(round(bar))
    assert len(heights) > 1  # the bar did grow and shrink


# --- Big moments, said ---------------------------------------------------------------------------


def a_step_before(kind: str, seed_range: range) -> tuple[dict[str, Any], int, Action]:
    """A record of a random 2-player Qwixx game cut just before the step that makes ``kind``
    happen, with that step's player and action."""
    for seed in seed_range:
        match = random_match("qwixx", 2, seed)
        replay = Match(match.game, match.seats, match.seed)
        for index, (player, action) in enumerate(match.actions):
            if player is None:
                replay.roll(action)
                continue
            replay.play(player, action)
            if any(event.kind == kind for event in replay.last_events()):
                record = match.record()
                record["actions"] = record["actions"][:index]  # type: ignore[index]
                record["seats"] = [{"name": name, "kind": "human"} for name in NAMES]
                return record, player, action
    raise AssertionError(f"no {kind} in these games")


def play_step(page: Page, player: int, action: Action) -> None:
    """The step on the screen: an answer to the white sum, or the active player's option."""
    record = saved_record(page)
    assert record is not None
    state = Match.from_record(record).state
    if state.phase == Phase.ACTION1:  # type: ignore[attr-defined]
        row = str(action.row) if isinstance(action, Cross) else "none"
        press(page, f'[data-act=answer][data-player="{player}"][data-row="{row}"]')
        given = record.get("answers", [])  # the moment's answers given before this one
        answered = {entry[0] for entry in given} if isinstance(given, list) else set()
        for other in set(state.deciders) - {player} - answered:  # the other's: no cross
            press(page, f'[data-act=answer][data-player="{other}"][data-row="none"]')
    elif isinstance(action, Cross):
        press(page, f'.options [data-row="{action.row}"][data-number="{action.number}"]')
    else:
        press(page, "#region-controls [data-act=pass]")


# Whether the announcement's banner is shown just before the language is switched to Italian,
# and once the page has switched (this listener runs after the page's own).
SWITCHED_TO_ITALIAN_JS = """() => new Promise((resolve) => {
  const banner = document.querySelector(".messages .announced");
  const before = banner.classList.contains("shown");
  window.addEventListener("dadoteca:language", () => {
    resolve({ before, after: banner.classList.contains("shown") });
  }, { once: true });
  const choice = document.getElementById("language");
  choice.value = "it";
  choice.dispatchEvent(new Event("change", { bubbles: true }));
})"""


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        (ROW_LOCKED, "row: its die leaves the game"),
        (PENALTY, "takes a penalty"),
        (TWO_LOCKS, "Two rows are locked: the game is over"),
        (FOUR_PENALTIES, "took a fourth penalty: the game is over"),
    ],
)
def test_locks_penalties_and_the_end_are_said_in_a_status(
    page: Page, server: BackgroundServer, watch: PageWatch, kind: str, words: str
) -> None:
    record, player, action = a_step_before(kind, range(2000))
    open_app(page, f"{server.url}?pace=0")
    imported(page, record)
    play_step(page, player, action)
    status = page.locator("#announce[role=status]")
    assert words in status.inner_text()
    if kind in (TWO_LOCKS, FOUR_PENALTIES):  # then who won
        said = status.inner_text()
        assert said.index(words) < max(said.find("wins!"), said.find("share the win!"))
    inside_the_viewport(page, ".messages .announced")  # shown, and said to screen readers
    assert page.evaluate(SWITCHED_TO_ITALIAN_JS) == {"before": True, "after": False}
    assert watch.errors == []


# The marks the latest update made pop ("marked-now", for 2 s): whether each is on a hidden
# sheet (drawn for when its player is asked), and whether it is crossed or circled.
POPPED_JS = """() => [...document.querySelectorAll("#play .marked-now")].map((element) => ({
  hidden: Boolean(element.closest("section[aria-hidden='true']")),
  marked: element.matches(".crossed, .circled"),
}))"""


@pytest.mark.motion
@pytest.mark.parametrize("game", ["qwixx", "shelfie"])
def test_a_new_mark_pops_where_it_is_seen_and_never_on_a_hidden_sheet(
    page: Page, server: BackgroundServer, watch: PageWatch, game: str
) -> None:
    open_app(page, f"{server.url}?seed=3&pace=0")
    choose_game(page, game, NAMES)
    popped: list[dict[str, bool]] = []
    for _ in range(40):
        simple_taps(page, 1)
        popped = page.evaluate(POPPED_JS)
        if popped:
            break
    assert popped, "no mark popped in 40 taps"
    assert all(mark["marked"] and not mark["hidden"] for mark in popped), popped
    assert watch.errors == []


# Two computers play; for each update painted, whether it came faster than frames (hurried)
# and the animations it started (one of ANIMATIONS added to an element's classes), until the
# end screen or `updates` updates. Easy ones: their pace is what counts, not their play (two
# experts' Qwixx game took 13 s here, two easy computers' 1.9 s, with more updates hurried).
ANIMATIONS_OF_COMPUTERS_JS = """async ([updates, ANIMATIONS]) => {
  const painted = [];
  addEventListener("dadoteca:painted", ({ detail }) => {
    painted.push({ hurried: Boolean(detail.hurried), started: [] });
  });
  new MutationObserver((changes) => {
    for (const change of changes) {
      const before = (change.oldValue ?? "").split(" ");
      const now = ANIMATIONS.filter((name) => change.target.classList.contains(name)
        && !before.includes(name));
      painted.at(-1)?.started.push(...now);
    }
  }).observe(document.getElementById("play"),
    { subtree: true, attributeFilter: ["class"], attributeOldValue: true });
  for (const kind of document.querySelectorAll("#setup .seat-kind")) kind.value = "easy";
  document.querySelector("#setup button[type=submit]").click();
  while (!document.querySelector("#region-scores table") && painted.length < updates) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return painted;
}"""


@pytest.mark.motion
@pytest.mark.parametrize("game", ["qwixx", "shelfie"])
def test_moves_faster_than_frames_start_no_animations_and_moves_at_a_pace_do(
    page: Page, server: BackgroundServer, watch: PageWatch, game: str
) -> None:
    """Computers at pace 0 move faster than frames: an update of two or more moves merged for
    one frame is hurried, and its animations, started again by the next frame's, are left out
    (the dice stayed in their tumble's first pose). At a pace a person can follow, every roll
    tumbles."""
    open_app(page, f"{server.url}?seed=6&pace=0")
    page.check(f"#setup input[name=game][value={game}]")
    page.set_default_timeout(120_000)
    painted = page.evaluate(ANIMATIONS_OF_COMPUTERS_JS, [10_000, ANIMATIONS])
    hurried = [update for update in painted if update["hurried"]]
    assert len(hurried) >= 5, painted
    assert all(update["started"] == [] for update in hurried), hurried

    page.evaluate("localStorage.clear()")  # the game over, not shown again
    # Half a second between moves: a frame late by less than that (a loaded machine) merges none.
    open_app(page, f"{server.url}?seed=6&pace=0.5")
    page.check(f"#setup input[name=game][value={game}]")
    painted = page.evaluate(ANIMATIONS_OF_COMPUTERS_JS, [12, ANIMATIONS])
    assert not any(update["hurried"] for update in painted), painted
    assert sum("rolled" in update["started"] for update in painted) >= 2, painted
    assert watch.errors == []


# --- Sound rests between sounds ----------------------------------------------------------------

RECORD_AUDIO = """
window.audioCalls = [];
for (const name of ["resume", "suspend"]) {
  const own = AudioContext.prototype[name];
  AudioContext.prototype[name] = function () {
    window.audioCalls.push(name);
    return own.call(this);
  };
}
"""


def test_the_sound_is_suspended_between_sounds_and_the_next_resumes_it(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """A running AudioContext keeps a phone's audio output awake, and a thread rendering
    silence, for as long as the page is open: it is suspended a moment after a sound, and the
    next sound resumes it."""
    page.add_init_script(RECORD_AUDIO)
    open_app(page, f"{server.url}?seed=4&pace=0")
    start_game(page, NAMES)
    press(page, "[data-act=roll]")  # the first gesture makes the context; the roll rattles
    page.wait_for_function("window.audioCalls.at(-1) === 'suspend'", timeout=10_000)
    assert "resume" not in page.evaluate("window.audioCalls")  # running until then
    for _ in range(20):  # taps until one sounds again
        simple_taps(page, 1)
        if "resume" in page.evaluate("window.audioCalls"):
            break
    first, *then = page.evaluate("window.audioCalls")
    assert first == "suspend" and set(then) == {"resume"}  # (asked again while it resumes)
    page.wait_for_function("window.audioCalls.at(-1) === 'suspend'", timeout=10_000)
    assert watch.errors == []


# --- The screen stays awake --------------------------------------------------------------------

RECORD_WAKE_LOCKS = """
window.wakeLocks = [];
Object.defineProperty(navigator, "wakeLock", { value: {
  request: async (type) => {
    const sentinel = new EventTarget();
    sentinel.released = false;
    sentinel.release = async () => { sentinel.released = true; };
    window.wakeLocks.push({ type, sentinel });
    return sentinel;
  },
}});
"""


def test_the_screen_stays_awake_while_a_game_is_played(
    page: Page, server: BackgroundServer
) -> None:
    page.add_init_script(RECORD_WAKE_LOCKS)
    open_app(page, f"{server.url}?seed=4&pace=0")
    assert page.evaluate("window.wakeLocks.length") == 0  # the setup may dim
    start_game(page, NAMES)
    press(page, "[data-act=roll]")
    assert page.evaluate("window.wakeLocks.map((lock) => lock.type)") == ["screen"]
    press(page, ".tools [data-act=new-game]")
    tap(page, "#confirm-yes")
    on_screen(page, "setup")
    assert page.evaluate("window.wakeLocks[0].sentinel.released")


SEEN_OR_HIDDEN = """(state) => {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  if (state === "hidden") {  // as a browser does: the lock goes with the page out of sight
    const { sentinel } = window.wakeLocks.at(-1);
    sentinel.released = true;
    sentinel.dispatchEvent(new Event("release"));
  }
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_the_screen_is_kept_awake_again_when_the_page_comes_back_into_view(
    page: Page, server: BackgroundServer
) -> None:
    page.add_init_script(RECORD_WAKE_LOCKS)
    open_app(page, f"{server.url}?seed=4&pace=0")
    start_game(page, NAMES)
    press(page, "[data-act=roll]")
    assert page.evaluate("window.wakeLocks.length") == 1
    page.evaluate(SEEN_OR_HIDDEN, "hidden")
    assert page.evaluate("window.wakeLocks.length") == 1  # nothing asked while hidden
    page.evaluate(SEEN_OR_HIDDEN, "visible")
    page.wait_for_function("window.wakeLocks.length === 2")
    assert not page.evaluate("window.wakeLocks[1].sentinel.released")


def test_no_wake_lock_no_problem(page: Page, server: BackgroundServer, watch: PageWatch) -> None:
    page.add_init_script("delete Navigator.prototype.wakeLock")
    open_app(page, f"{server.url}?seed=4&pace=0")
    start_game(page, NAMES)
    press(page, "[data-act=roll]")
    assert watch.errors == []


# --- Resuming ------------------------------------------------------------------------------------


def test_a_reload_shows_resuming_at_once_never_an_empty_setup(
    browser: Browser, server: BackgroundServer
) -> None:
    # No service worker: its cache would answer Python's files before the route could hold them.
    page = browser.new_context(viewport=PHONE, service_workers="block").new_page()
    open_app(page, f"{server.url}?seed=4&pace=0")
    start_game(page, NAMES)
    press(page, "[data-act=roll]")
    held = hold_back(page, PYTHON_RUNTIME)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("#resume", state="visible")
    assert not page.locator("#setup").is_visible()
    # Said once, with the start's progress: not also the line that offers the setup.
    assert page.locator("#resume .resume-progress").is_visible()
    assert not page.locator(".boot").is_visible()
    assert page.inner_text("#resume .resume-players") == "Anna · Bruno"
    assert page.inner_text("#resume .resume-game") == "Qwixx"
    release_once_asked(page, held)
    page.unroute(PYTHON_RUNTIME)
    wait_ready(page)
    on_screen(page, "play")
    assert not page.locator("#resume").is_visible()
