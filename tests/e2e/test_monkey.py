"""A seeded monkey plays every game on a phone and on a tablet: over a thousand random taps, clicks
and keys, legal or not, with no error on the page and a saved game that is always legal.

The taps run in a loop inside the page (one round trip per chunk); real keys go through
Playwright's keyboard between chunks. At every checkpoint the saved record replays in CPython,
and the app resumed from it in CPython paints the same regions as the page. Then the app open
in two windows of one profile: random taps in both, alternating, "Play here" among them; after
every tap the saved game replays and has lost nothing but what an Undo took back.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize

from appdriver import (
    SEEDED_RANDOM_JS,
    SIMPLE_TAPS,
    PageWatch,
    assert_the_page_shows_the_saved_game,
    open_app,
    saved_record,
)
from build.serve import BackgroundServer
from dadoteca.match import Match

# The monkeys tap through the animations most people see (tests/e2e/conftest.py).
pytestmark = pytest.mark.motion

SEED = 2026
VIEWPORTS = (ViewportSize(width=360, height=640), ViewportSize(width=768, height=1024))
ACTIONS_PER_VIEWPORT = 500
CHUNK_TAPS = 45  # taps in the page between two batches of keys
CHUNK_KEYS = 5
CHECKPOINT_EVERY = 200
KEYS = ["Tab", "Shift+Tab", "Enter", "Space", "Escape", "ArrowUp", "ArrowDown", "ArrowLeft"]
KEYS.append("ArrowRight")
# The share of the simple player's taps. A Diceland game takes the most taps: at half, 2,000
# actions ended one game, and none on a busy CI machine; at 0.7, four.
SIMPLE_SHARE = {"qwixx": 0.5, "diceland": 0.7, "shelfie": 0.5}
FINISHING_CHUNKS = 40  # of simple taps at most, to the end of the game in play

# ``count`` random actions in the page. Before each one the monkey waits for the computer
# players (so a seed always plays the same taps), keeps the record of a game that just ended,
# and sets up a new game (seeded names and seats) whenever the setup is on screen. Then:
# mostly the simple player's tap (so games reach their end) or a tap on any visible enabled
# control; some clicks at random points of the screen; rarely "New game".
MONKEY_JS = (
    "async ({ seed, count, game, taps, simple }) => {"
    + SEEDED_RANDOM_JS
    + """
  const random = seededRandom(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const find = (selector) => document.querySelector(selector);
  // On screen: not hidden (a sheet drawn for another player's turn is skipped, its boxes empty),
  // nor drawn ahead unseen at opacity 0 (assets/page/table/ahead.js), which a finger only finds in
  // the two frames it is drawn: what it taps then would depend on the machine's pace.
  const seen = (e) => e.checkVisibility({ opacityProperty: true });
  const shown = (e) => !e.disabled && e.getClientRects().length > 0 && seen(e);
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  const avoided = "#setup, [data-act=import], [data-act=new-game], #update-accept";
  const names = ["Ann", "Bo", "Zoë", "Łukasz", "<b>Kai</b>", "Mía ", "李"];
  const report = { actions: 0, setups: 0, finished: [], acts: [] };
  let kept = false;
  const setUp = () => {
    find(`#setup input[name=game][value=${game}]`).click();
    const count = find("#player-count");
    count.value = pick([...count.options].map((option) => option.value));
    count.dispatchEvent(new Event("change", { bubbles: true }));
    const seats = [...document.querySelectorAll("#setup .players li:not([hidden])")];
    seats.forEach((seat) => {
      seat.querySelector("input[name=player]").value = random() < 0.8 ? pick(names) : "";
      const computer = random() < 0.3;
      seat.querySelector(".seat-kind").value = computer ? pick(["easy", "normal"]) : "human";
      const map = seat.querySelector("[data-choice=map]");
      map.value = pick(["deal", ..."ABCDEFGH", "random"]);
    });
    find("#setup button[type=submit]").click();
    report.setups++;
    report.acts.push("start");
  };
  for (let waited = 0; report.actions < count; ) {
    await nextTask();
    if (document.body.dataset.busy === "yes") {
      if (++waited > 100000) throw new Error("the computers never finished their turn");
      continue;
    }
    const screen = document.body.dataset.screen;
    if (screen === "over" && !kept) {
      report.finished.push(localStorage.getItem("dadoteca.game"));
      kept = true;
    }
    if (screen === "setup") {
      setUp();
      await window.dadotecaTable.settled();
      kept = false;
      continue;
    }
    report.actions++;
    const r = random();
    let target = null;
    if (screen === "over" && r < 0.2) {
      target = find("#play [data-act=new-game]");
    } else if (r < simple) {
      // The simple player, but any of the highlighted cells: always the first one can leave a
      // solo Diceland game without a legal mark for ever.
      target = taps.map(find).find((e) => e);
      if (target && target.matches(".legal")) {
        target = pick([...document.querySelectorAll(taps[2])]);
      }
    } else if (r < 0.85) {
      const all = document.querySelectorAll(
        "#app button, #app [data-act], #play [tabindex], header button, #rules button");
      target = pick([...all].filter((e) => shown(e) && !e.closest(avoided)));
    } else if (r < 0.995) {
      const point = document.elementFromPoint(random() * innerWidth, random() * innerHeight);
      target = point && !point.closest(avoided) && seen(point) ? point : null;
    } else {
      target = find(".tools [data-act=new-game]");
    }
    const act = target?.dataset?.yes ?? target?.dataset?.act;  // Yes: the act it confirms
    report.acts.push(act ?? target?.id ?? target?.tagName ?? "nothing");
    if (target && target.click) target.click();
    else if (target) target.dispatchEvent(new MouseEvent("click", { bubbles: true }));  // SVG
    await window.dadotecaTable.settled();
  }
  return report;
}"""
)


@pytest.mark.long
@pytest.mark.parametrize("game", ["qwixx", "diceland", "shelfie"])
def test_a_monkey_finds_no_error_and_no_illegal_state(
    page: Page, server: BackgroundServer, watch: PageWatch, dist: Path, game: str
) -> None:
    rng = random.Random(f"{SEED}-{game}")
    page.on("filechooser", lambda chooser: None)  # Enter on "Import": the picker is dismissed
    open_app(page, f"{server.url}?seed={SEED}&pace=0")
    finished: list[str] = []
    setups = 0
    for viewport in VIEWPORTS:
        page.set_viewport_size(viewport)
        done = since_check = 0
        while done < ACTIONS_PER_VIEWPORT:
            report = page.evaluate(
                MONKEY_JS,
                {
                    "seed": rng.getrandbits(32),
                    "count": CHUNK_TAPS,
                    "game": game,
                    "taps": SIMPLE_TAPS,
                    "simple": SIMPLE_SHARE[game],
                },
            )
            for key in rng.choices(KEYS, k=CHUNK_KEYS):
                page.keyboard.press(key)
            finished += report["finished"]
            setups += report["setups"]
            done += report["actions"] + CHUNK_KEYS
            since_check += report["actions"] + CHUNK_KEYS
            if since_check >= CHECKPOINT_EVERY or done >= ACTIONS_PER_VIEWPORT:
                assert_the_page_shows_the_saved_game(page, dist)
                since_check = 0
            assert watch.errors == [], watch.errors
    # How far random taps get depends on the machine's pace (they land on what the screen
    # shows by then): where none reached an end, or the setup did not come back after it, the
    # simple player finishes the game in play and starts the next, after all those taps, so
    # every run goes through an end screen and back to the setup.
    last_acts: list[str] = []
    for _ in range(FINISHING_CHUNKS):
        if finished and setups >= 2:
            break
        finishing = {"seed": rng.getrandbits(32), "count": CHUNK_TAPS, "game": game}
        report = page.evaluate(MONKEY_JS, {**finishing, "taps": SIMPLE_TAPS, "simple": 1.0})
        finished += report["finished"]
        setups += report["setups"]
        last_acts = report["acts"]
    assert watch.errors == [], watch.errors
    for text in finished:
        assert Match.from_record(json.loads(text)).state.is_terminal
    print(
        f"{game}: {len(VIEWPORTS) * ACTIONS_PER_VIEWPORT}+ actions, {setups} games started, "
        f"{len(finished)} finished"
    )
    # Games end, and the setup comes back after them; if not, where the simple player stuck.
    stuck = (last_acts[-20:], page.evaluate("({ ...document.body.dataset })"))
    assert setups >= 2 and finished, (*stuck, page.inner_text("#app")[:2000])


TWO_WINDOW_TAPS = 150
TAKE_OVER_SHARE = 0.1  # of the taps in the window watching: "Play here" first
WATCHING = "body[data-watching=yes]"
PLAYING = "body[data-watching=no]"


def agreed_record(*pages: Page) -> dict[str, object] | None:
    """The saved game once every window reads the same (a window's copy of localStorage
    follows another window's write a moment later; computers may still be moving)."""
    for _ in range(250):
        texts = {page.evaluate("localStorage.getItem('dadoteca.game')") for page in pages}
        if len(texts) == 1:
            return saved_record(pages[0])
        pages[0].wait_for_timeout(20)
    raise AssertionError(f"the windows still disagree on the saved game: {texts}")


def actions_of(record: dict[str, object] | None) -> list[tuple[int | None, str]] | None:
    """The saved game's actions, replayed through the rules (None: no game saved)."""
    if record is None:
        return None
    match = Match.from_record(record)
    return [(player, str(action)) for player, action in match.actions]


@pytest.mark.long
@pytest.mark.parametrize("game", ["qwixx", "diceland", "shelfie"])
def test_two_windows_tapped_in_turn_never_lose_a_saved_action(
    touch_context: BrowserContext, server: BackgroundServer, game: str
) -> None:
    """Two windows of one profile (the warm touch context: they share its storage, Web Locks
    and channels)."""
    rng = random.Random(f"{SEED}-two-windows-{game}")
    context = touch_context
    windows = []
    for _ in range(2):
        page = context.new_page()
        page.emulate_media(reduced_motion="no-preference")  # pytestmark: the context's is reduced
        watch = PageWatch().attach(page)
        open_app(page, f"{server.url}?seed={SEED}&pace=0")
        windows.append((page, watch))
    saved = actions_of(saved_record(windows[0][0]))
    took_over = 0
    for tap_number in range(TWO_WINDOW_TAPS):
        page, watch = windows[tap_number % 2]
        if page.is_visible(WATCHING) and rng.random() < TAKE_OVER_SHARE:
            # As the monkey taps (a dialog it opened may cover the button).
            page.eval_on_selector("#region-warnings [data-act=take-over]", "(e) => e.click()")
            page.wait_for_selector(PLAYING)
            took_over += 1
        report = page.evaluate(
            MONKEY_JS,
            {
                "seed": rng.getrandbits(32),
                "count": 1,
                "game": game,
                "taps": SIMPLE_TAPS,
                "simple": SIMPLE_SHARE[game],
            },
        )
        acts = report["acts"]
        took_over += "take-over" in acts
        now = actions_of(agreed_record(*(window for window, _ in windows)))
        if saved is not None and "start" not in acts:  # the same game as before the tap
            if now is None:
                assert {"new-game", "new-game-confirmed"} & set(acts), acts
            elif {"take-back", "take-back-confirmed"} & set(acts):  # only what was played
                assert now == saved[: len(now)] or now[: len(saved)] == saved, acts
            else:
                assert now[: len(saved)] == saved, (acts, len(saved), len(now))
        saved = now
        assert watch.errors == [], watch.errors
    assert took_over > 0  # the game changed windows, and the checks held across
