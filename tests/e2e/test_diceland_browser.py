"""Diceland played by taps in headless Chromium (phone, 360 x 640), checked against CPython.

The simple player (the benchmark's): roll when asked; confirm a complete choice; else tap the
first highlighted thing (a colour, a cell); else stop rolling; else pass. The same taps on the
same app in CPython (tests/unit/test_diceland_app.py's ``tap_step``) predict the whole game.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import FloatRect, Page, ViewportSize
from test_diceland_app import tap_step

from appdriver import (
    DICELAND_FINGER_JS,
    MAP_FRAMED_JS,
    PHONE,
    SIMPLE_NEXT_JS,
    SIMPLE_TAPS,
    PageWatch,
    choose_language,
    choose_map,
    fill_seats,
    guides_told,
    next_frame,
    on_screen,
    open_app,
    saved_record,
    settled,
)
from build.serve import BackgroundServer
from dadoteca.match import Match
from dadoteca_games.diceland.maps import FIXED_MAP_IDS
from dadoteca_games.diceland.pictures import MAP_SPRITE
from dadoteca_games.diceland.rules import CHOOSE, COLOURS, STOP, DicelandState, Mark, Phase
from dadoteca_web.app import App
from dadoteca_web.game_ui import isolated
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import GameStore, MemoryStore
from test_accessibility import CONTRAST_FAILURES, unnamed
from test_security import LISTEN_FOR_VIOLATIONS

SEED = 21
FINGER_SEED = 55  # the shortest simple game of seeds 1-79 (421 taps; seed 21's: 491)
NAMES = ["Anna", "Bo"]
MAPS = ["A", "B"]  # chosen, not dealt: the game in CPython must be the same
LANDSCAPE_PHONE: ViewportSize = {"width": 640, "height": 360}
WIDTHS = (320, 360, 640, 768, 1024)
# The asked player's map: every player's big map is drawn, the others' hidden (aria-hidden).
MAP = "#region-board .dl-sheet:not([aria-hidden])"

# What the simple player (appdriver's SIMPLE_TAPS) taps next, in the page.
NEXT_TAP_JS = SIMPLE_NEXT_JS + f"const NEXT = () => simpleNext({json.dumps(SIMPLE_TAPS)});\n"

# One tap of the simple player, inside the page; returns what it tapped ("" at the end).
TAP = (
    """async (count) => {
  """
    + NEXT_TAP_JS
    + """
  const done = [];
  for (let i = 0; i < count; i++) {
    if (document.querySelector("#region-scores table")) break;
    const el = NEXT();
    done.push(el.dataset.act);
    el.click();
    await window.dadotecaTable.settled();
    const notice = document.querySelector("#region-notice .notice.error");
    if (notice) { done.push("error: " + notice.textContent); break; }
  }
  return done;
}"""
)


# Every picture of the map chooser shows something (the maps' once the sprite has arrived).
PICTURES_DRAWN = """() => [...document.querySelectorAll("#map-chooser .dl-pic use")]
  .every((use) => use.getBBox().width > 0)"""


def new_app() -> App:
    return App(GameStore(MemoryStore()), Translator("en", {}), lambda: 0)


@cache
def cpython_game(seed: int) -> tuple[DicelandState, tuple[str, ...]]:
    """The final state and the prompt after every tap, of the same taps in CPython."""
    app = new_app()
    app.start(NAMES, seed, game="diceland", choices=[{"map": m} for m in MAPS])
    prompts = []
    while app.screen == "play":
        tap_step(app)
        prompts.append(app.regions()["prompt"])
        assert len(prompts) < 20_000
    state = app.state
    assert isinstance(state, DicelandState)
    return state, tuple(prompts)


def start_diceland(page: Page, server: BackgroundServer, seed: int) -> None:
    open_app(page, f"{server.url}?seed={seed}")
    page.check("#setup input[name=game][value=diceland]")
    fill_seats(page, NAMES)
    for index, map_id in enumerate(MAPS):
        choose_map(page, index, map_id)
    page.click("#setup button[type=submit]")
    on_screen(page, "play")


def tap(page: Page, count: int) -> list[str]:
    done: list[str] = page.evaluate(TAP, count)
    assert not any(act.startswith("error") for act in done), done
    return done


def ends_as_the_engine_replays_it(page: Page, seed: int) -> None:
    """The game over on the page is the simple player's game of ``seed`` in CPython: in its
    export and its save, its winners and each player's prizes."""
    expected, _ = cpython_game(seed)
    assert expected.is_terminal
    with page.expect_download() as download:
        page.click("[data-act=export]")
    path = download.value.path()
    record = json.loads(Path(path).read_text())
    assert Match.from_record(record).state == expected
    assert Match.from_record(saved_record(page)).state == expected
    winners = page.inner_text("#region-scores h2.winners")
    for player, name in enumerate(NAMES):
        assert (name in winners) == (player in expected.winners())
    rows = page.locator("#region-scores table.scores tbody tr")
    assert rows.count() == 2
    for player in range(2):
        assert rows.nth(player).locator("td strong").inner_text() == str(expected.prizes(player))
    assert page.get_attribute("body", "data-screen") == "over"


# The turn after which the finger game's phone is turned on its side: half way (of 44).
TURNED_AFTER = 22


@pytest.mark.motion
@pytest.mark.long
def test_a_whole_seeded_game_by_finger_taps_crosses_at_the_first_tap_either_way_up(
    touch_page: Page, server: BackgroundServer
) -> None:
    """A phone's whole game by a finger (appdriver's DICELAND_FINGER_JS), held upright and then,
    from the middle of the game, turned on its side as a phone is at the table (one game for
    both ways: a whole game each took a minute of a core): the map opens framed on the playable
    cells, so no tap only zooms (the playable cells fit: none ever had to), no cell is tapped
    under 44 px, none is taken for a double tap; the game the same as the simple player's in
    CPython."""
    page = touch_page
    page.set_viewport_size(PHONE)
    watch = PageWatch().attach(page)
    start_diceland(page, server, FINGER_SEED)
    for viewport, turns in [(PHONE, TURNED_AFTER), (LANDSCAPE_PHONE, 10_000)]:
        page.set_viewport_size(viewport)
        played = page.evaluate(DICELAND_FINGER_JS, {"limit": turns, "taps": SIMPLE_TAPS})
        assert "error" not in played, played.get("error")
        kinds = Counter(tap["kind"] for tap in played["taps"])
        assert kinds["cell"] > 50 and kinds["zoom"] == kinds["dropped"] == 0, (viewport, kinds)
        assert min(tap["px"] for tap in played["taps"] if tap["kind"] == "cell") >= 44, viewport
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    ends_as_the_engine_replays_it(page, FINGER_SEED)
    assert watch.errors == []
    assert watch.foreign_requests(server.origin) == []


# The cells each colour option previews on the shown map, as it is focused (a key, a screen
# reader), hovered (a mouse) and pressed (a finger's pointerdown; a phase-2 option's tap pins it
# until tapped again); what its line says, and that it describes the option.
PREVIEWS_JS = """async () => {
  const map = "#play .dl-sheet:not([aria-hidden]) .dl-view";
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const marked = () => [...document.querySelectorAll(`${map} .dl-cell.preview`)]
    .map((cell) => Number(cell.dataset.cell)).sort((a, b) => a - b);
  const options = [...document.querySelectorAll("#region-controls [data-preview]")];
  // A colour chosen in phase 1 (not confirmed yet) keeps its preview when none is looked at.
  const chosen = document.querySelector("#region-controls [data-preview][aria-pressed=true]");
  const seen = [];
  for (const option of options) {
    const colour = [...option.classList].find((name) => name.startsWith("c-")).slice(2);
    option.focus();
    await frame();
    const focused = marked();
    const faded = document.querySelector(map).dataset.preview;
    option.blur();
    await frame();
    const none = marked();
    option.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    const hovered = marked();
    option.dispatchEvent(new PointerEvent("pointerout", { bubbles: true }));
    option.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    const pressed = marked();
    option.dispatchEvent(new PointerEvent("pointerout", { bubbles: true })); // the finger lifts
    let pinned = null;
    if (!option.dataset.act) {
      option.click();
      option.dispatchEvent(new PointerEvent("pointerout", { bubbles: true }));
      pinned = [option.getAttribute("aria-pressed"), marked()];
      option.click();
    }
    const line = document.getElementById(option.getAttribute("aria-describedby"));
    seen.push({ colour, focused, faded, none, hovered, pressed, pinned, chosen: chosen === option,
      line: option.contains(line) ? line.textContent : null });
  }
  return { seen, rest: marked() };
}"""


def previewed(page: Page) -> tuple[DicelandState, list[dict[str, Any]]]:
    record = saved_record(page)
    assert record is not None
    state = Match.from_record(record).state
    assert isinstance(state, DicelandState)
    page.mouse.move(1, 1)  # off the options: a mouse over one previews it
    shown = page.evaluate(PREVIEWS_JS)
    chosen = [option["focused"] for option in shown["seen"] if option["chosen"]]
    for option in shown["seen"]:  # at rest, the map shows the colour chosen, else no preview
        assert option["none"] == shown["rest"] == (chosen[0] if chosen else []), option
    seen: list[dict[str, Any]] = shown["seen"]
    return state, seen


def engine_cells(state: DicelandState, player: int, colour: int) -> list[int]:
    """The cells of ``player``'s legal marks of ``colour``, each checked by the engine."""
    marks = [
        action
        for action in state.legal_actions(player)
        if isinstance(action, Mark) and action.colour == colour
    ]
    assert all(state.check(player, mark) is None for mark in marks)
    return sorted({cell for mark in marks for cell in mark.cells})


@pytest.mark.parametrize("viewport", [PHONE, LANDSCAPE_PHONE], ids=["portrait", "landscape"])
def test_each_colour_option_previews_exactly_the_cells_the_engine_allows(
    page: Page, server: BackgroundServer, viewport: ViewportSize
) -> None:
    """Phase 1: each colour to set aside shows where its dice could go once the rolling stops
    (the engine's legal marks after choosing it and stopping); phase 2: each colour's legal
    marks for the player asked. Focused, hovered or pressed alike; a line says it in words."""
    page.set_viewport_size(viewport)
    start_diceland(page, server, SEED)
    checked = {Phase.CHOOSE: 0, Phase.MARK: 0}
    for _ in range(400):
        if min(checked.values()) >= 2:
            break
        if page.locator("#region-controls [data-preview]").count():
            state, shown = previewed(page)
            assert state.phase in checked
            player = int(page.get_attribute(MAP, "data-seat") or "")
            for option in shown:
                colour = COLOURS.index(option["colour"])
                if state.phase == Phase.CHOOSE:
                    after = state.apply(player, CHOOSE[colour])
                    if after.phase == Phase.STOP_OR_REROLL:
                        after = after.apply(player, STOP)
                    cells = engine_cells(after, player, colour)
                else:
                    cells = engine_cells(state, player, colour)
                assert option["focused"] == option["hovered"] == option["pressed"] == cells
                assert option["faded"] == option["colour"]
                assert option["line"] and (str(len(cells)) in option["line"]) == bool(cells)
                if state.phase == Phase.MARK:
                    assert option["pinned"] == ["true", cells]
            checked[state.phase] += 1
        tap(page, 1)
    assert min(checked.values()) >= 2, checked


def chain_seed() -> tuple[int, int, int]:
    """A seed whose simple game has a bonus roll that earns the same player the next one at
    once; the taps after which the first and the second are announced."""
    for seed in range(SEED, SEED + 100):
        _, prompts = cpython_game(seed)
        for first, prompt in enumerate(prompts):
            if ": bonus roll!" not in prompt:
                continue
            second = first + 1
            while second < len(prompts) and "of the bonus roll" in prompts[second]:
                second += 1
            if second < len(prompts) and prompts[second] == prompt and second > first + 1:
                return seed, first + 1, second + 1
    raise AssertionError("no bonus chain")


def tap_to(page: Page, done: int, target: int) -> int:
    while done < target:
        step = min(100, target - done)
        assert len(tap(page, step)) == step
        done += step
    return done


def test_a_chain_of_bonus_rolls_is_announced(page: Page, server: BackgroundServer) -> None:
    seed, first, second = chain_seed()
    start_diceland(page, server, seed)
    done = tap_to(page, 0, first)
    announced = page.inner_text("#region-prompt .prompt")
    name = announced.removesuffix(": bonus roll!")
    assert name in NAMES and announced == f"{name}: bonus roll!"
    assert page.locator("#region-controls [data-act=roll]").count() == 1
    tap(page, 1)  # the five dice
    assert len(page.locator("#region-dice .dl-die").all()) == 5
    tap_to(page, done + 1, second)  # a prize crossed in the bonus roll: the next one at once
    assert page.inner_text("#region-prompt .prompt") == announced
    assert page.locator("#region-controls [data-act=roll]").count() == 1


# Each time a hidden big map is drawn ahead of its first showing (assets/page/table/ahead.js names
# its seat on #play): its seat, whether it was still hidden, whether it was styled then (not skipped
# as hidden content), whether computers were playing, and whether a finger at the middle of each
# thing to tap in view (the map shown, the dice, the buttons) would touch that thing then.
WATCH_DRAWING_AHEAD = """document.addEventListener("DOMContentLoaded", () => {
  window.drawnAhead = [];
  const play = document.getElementById("play");
  new MutationObserver(() => {
    const seat = play.dataset.drawingAhead;
    if (seat === undefined) return;
    const sheet = document.querySelector(`#play section[data-seat="${seat}"][aria-hidden=true]`);
    const tappable = [
      document.querySelector("#region-board .dl-sheet:not([aria-hidden]) .dl-view"),
      ...document.querySelectorAll("#region-dice .dl-die, #region-controls button"),
    ];
    const missed = tappable.filter((element) => {
      const box = element.getBoundingClientRect();
      const top = Math.max(box.top, 0);
      const bottom = Math.min(box.bottom, innerHeight);
      if (bottom <= top) return false; // out of view
      const x = box.left + box.width / 2;
      return !element.contains(document.elementFromPoint(x, top + (bottom - top) / 2));
    });
    window.drawnAhead.push({
      seat,
      hidden: sheet !== null,
      drawn: sheet !== null && getComputedStyle(sheet).contentVisibility === "visible",
      busy: document.body.dataset.busy === "yes",
      tapsMissed: missed.map((element) => element.outerHTML.slice(0, 80)),
    });
  }).observe(play, { attributes: true, attributeFilter: ["data-drawing-ahead"] });
});"""
# The cells' buttons of each hidden big map that are not shown yet (data-later,
# assets/page/table/sheets.js).
BUTTONS_NOT_SHOWN_IN_HIDDEN_MAPS = """() => [
  ...document.querySelectorAll("#region-board .dl-sheet[aria-hidden='true'] .dl-cells"),
].filter((cells) => getComputedStyle(cells).display === "none").length"""


def test_hidden_maps_are_drawn_ahead_unseen_and_untouchable(
    page: Page, server: BackgroundServer
) -> None:
    """The other players' big maps are drawn once while the page is idle, so that showing one
    at the change of hands is quick; meanwhile a tap still lands on the map shown."""
    page.add_init_script(WATCH_DRAWING_AHEAD)
    start_diceland(page, server, 3)
    hidden_seats = page.eval_on_selector_all(
        "#region-board .dl-sheet[aria-hidden='true']",
        "(sheets) => sheets.map((s) => s.dataset.seat)",
    )
    assert hidden_seats
    page.wait_for_function(
        "(count) => window.drawnAhead.length >= count", arg=len(hidden_seats), timeout=5_000
    )
    drawn = page.evaluate("window.drawnAhead")
    assert set(hidden_seats) <= {entry["seat"] for entry in drawn}, drawn
    assert all(entry["hidden"] and entry["drawn"] and not entry["tapsMissed"] for entry in drawn), (
        drawn
    )
    page.wait_for_function("!('drawingAhead' in document.getElementById('play').dataset)")
    # Their buttons too, a frame after the drawing, so the change of hands shows them at once.
    assert page.evaluate(BUTTONS_NOT_SHOWN_IN_HIDDEN_MAPS) == 0
    tap(page, 2)  # and play goes on
    assert not page.locator("#region-notice .notice.error").count()


def test_no_map_is_drawn_ahead_while_computers_play(page: Page, server: BackgroundServer) -> None:
    """Drawing ahead is for a person taking the phone: computers' moves at pace 0 come first,
    never held up by it."""
    page.add_init_script(WATCH_DRAWING_AHEAD)
    open_app(page, f"{server.url}?seed=5&pace=0")
    page.check("#setup input[name=game][value=diceland]")
    for seat in range(2):
        page.select_option(f"#setup .seat-kind >> nth={seat}", "easy")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#region-scores table", timeout=120_000)
    drawn = page.evaluate("window.drawnAhead")
    assert not [entry for entry in drawn if entry["busy"]], drawn


# What each frame shows of the big map shown (recorded at its animation frame callbacks, when
# the page has made its changes for that frame): its seat, and whether its cells' buttons are
# shown; null while no map is shown.
WATCH_MAP_FRAMES = """document.addEventListener("DOMContentLoaded", () => {
  window.mapFrames = [];
  const look = () => {
    const sheet = document.querySelector("#region-board .dl-sheet:not([aria-hidden])");
    const cells = sheet?.querySelector(".dl-cells");
    window.mapFrames.push(cells
      ? [sheet.dataset.seat, getComputedStyle(cells).display !== "none"]
      : null);
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
});"""


@pytest.mark.parametrize("players", ["people", "computers"])
def test_a_maps_buttons_are_shown_a_frame_after_its_drawing(
    page: Page, server: BackgroundServer, players: str
) -> None:
    """A map and its 160 buttons, styled and laid out together, made one frame too long for a
    slow phone: the buttons come in a frame after the map's first showing, for each map (the
    computers' at pace 0 show both, one after the other; a person's other map is drawn ahead,
    buttons included, while the page is idle), and stay."""
    page.add_init_script(WATCH_MAP_FRAMES)
    open_app(page, f"{server.url}?seed=5&pace=0")
    page.check("#setup input[name=game][value=diceland]")
    if players == "computers":
        for seat in range(2):
            page.select_option(f"#setup .seat-kind >> nth={seat}", "easy")
    page.click("#setup button[type=submit]")
    if players == "computers":
        page.wait_for_selector("#region-scores table", timeout=120_000)
    else:
        on_screen(page, "play")
        settled(page)
    frames: list[tuple[str, bool] | None] = [
        None if frame is None else (frame[0], frame[1]) for frame in page.evaluate("mapFrames")
    ]
    for owner in ["0", "1"] if players == "computers" else ["0"]:
        shown = [frame[1] for frame in frames if frame and frame[0] == owner]
        assert shown[0] is False, f"map {owner}: its buttons came in the map's first frame"
        assert True in shown[1:5], f"map {owner}: its buttons did not come soon: {shown[:6]}"
        assert all(shown[shown.index(True) :]), f"map {owner}: its buttons went away"


# The shown map framed for this decision (and scrolled into view): appdriver's MAP_FRAMED_JS.
MAP_FITTED_JS = f"(map) => ({MAP_FRAMED_JS})(document.querySelector(`${{map}} .dl-view`))"


def to_the_first_mark(page: Page) -> None:
    """The simple player's taps until a cell of the map is highlighted, and the map fitted (at
    the next frame)."""
    for _ in range(40):
        if page.locator("#region-board .dl-cell.legal").count():
            page.wait_for_function(MAP_FITTED_JS, arg=MAP)
            return
        tap(page, 1)
    raise AssertionError("no cell to mark")


def finger_tap(page: Page, box: FloatRect) -> None:
    page.wait_for_selector("body:not([data-handover])", state="attached")
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    settled(page)


def boxes(page: Page, selector: str) -> list[FloatRect]:
    found = [
        page.locator(selector).nth(i).bounding_box() for i in range(page.locator(selector).count())
    ]
    assert found and all(box is not None for box in found)
    return [box for box in found if box is not None]


# Where the zoomed view is, as the overview in "Whole map" frames it: its frame's box and the
# part of the map in view, each as shares of the whole map (x, y, width, height).
OVERVIEW_JS = """(map) => {
  const view = document.querySelector(`${map} .dl-view`);
  const [scroller, wrap] = [view.querySelector(".dl-scroller"), view.querySelector(".dl-map-wrap")];
  const overview = view.querySelector("[data-zoom=out] svg.dl-overview");
  const { width, height } = overview.viewBox.baseVal;
  const rect = overview.querySelector("rect");
  const framed = ["x", "y", "width", "height"].map((name) => Number(rect.getAttribute(name)));
  return {
    framed: [framed[0] / width, framed[1] / height, framed[2] / width, framed[3] / height],
    inView: [(scroller.scrollLeft - wrap.offsetLeft) / wrap.clientWidth,
      (scroller.scrollTop - wrap.offsetTop) / wrap.clientHeight,
      scroller.clientWidth / wrap.clientWidth, scroller.clientHeight / wrap.clientHeight],
    colours: overview.querySelectorAll(".fills path").length,
  };
}"""


@pytest.mark.parametrize("viewport", [PHONE, LANDSCAPE_PHONE], ids=["portrait", "landscape"])
def test_the_map_opens_framed_on_the_play_whole_map_one_tap_away(
    touch_page: Page, server: BackgroundServer, viewport: ViewportSize
) -> None:
    """A person's turn to cross on a phone: the map opens zoomed on the playable cells (each in
    view, 44 px at least: the first tap crosses), "Whole map" shows the whole map small with
    where the view is; one tap on it shows the whole map, a tap there zooms where it lands."""
    page = touch_page
    page.set_viewport_size(viewport)
    # A first game's guide line makes a landscape phone's decision column taller than the
    # screen: the page scrolls to its Confirm, "Whole map" with it (left for a later change).
    guides_told(page)
    start_diceland(page, server, SEED)
    to_the_first_mark(page)
    view = page.locator(f"{MAP} .dl-view")
    assert view.get_attribute("data-zoom") == "in"
    frame = view.bounding_box()
    assert frame is not None
    for box in boxes(page, "#region-board .dl-cell.legal"):
        assert box["width"] >= 44 and box["height"] >= 44, box
        assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"]
        assert frame["y"] <= box["y"] and box["y"] + box["height"] <= frame["y"] + frame["height"]
    overview = page.evaluate(OVERVIEW_JS, MAP)
    assert overview["colours"] >= 5  # the whole map's colours, small
    assert overview["framed"] == pytest.approx(overview["inView"], abs=0.01)
    whole_map = page.locator(f"{MAP} [data-zoom=out]")
    assert whole_map.inner_text().strip() == "Whole map"
    [target, *_] = boxes(page, "#region-board .dl-cell.legal")
    finger_tap(page, target)  # the first tap crosses
    assert page.locator("#region-board .dl-cell.selected").count() == 1
    next_frame(page)
    assert view.get_attribute("data-zoom") == "in"  # the zoom stays while the player chooses
    finger_tap(page, boxes(page, f"{MAP} [data-zoom=out]")[0])
    page.wait_for_selector(f"{MAP} .dl-view[data-zoom=whole]")
    whole = view.bounding_box()
    assert whole is not None  # in view (the page may have scrolled a pixel or two: the tap's focus)
    assert whole["y"] >= -2 and whole["y"] + whole["height"] <= viewport["height"] + 2
    assert whole["x"] >= 0 and whole["x"] + whole["width"] <= viewport["width"]
    chosen = page.locator("#region-board .dl-cell.selected").count()
    [small, *_] = boxes(page, f"{MAP} .dl-cell.selected")
    assert small["width"] < 44
    finger_tap(page, small)  # on the whole map too small for a finger: zooms, chooses nothing
    assert view.get_attribute("data-zoom") == "in"
    assert page.locator("#region-board .dl-cell.selected").count() == chosen
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]


# Each cell's button, centred on its hex: its place (style left/top, a share of the map) against
# the middle of its box, in px; the largest gap over every cell of the map shown. The transform
# that centres it is exact (0.02 px); negative margins, tried for fewer paint property nodes,
# were up to 0.6 px off whole and 1.4 px zoomed (laid out in whole layout units).
CELLS_OFF_CENTRE_JS = """() => {
  const wrap = document.querySelector("#region-board .dl-sheet:not([aria-hidden]) .dl-map-wrap");
  const frame = wrap.getBoundingClientRect();
  return Math.max(...[...wrap.querySelectorAll(".dl-cell")].map((cell) => {
    const box = cell.getBoundingClientRect();
    const x = frame.left + (frame.width * parseFloat(cell.style.left)) / 100;
    const y = frame.top + (frame.height * parseFloat(cell.style.top)) / 100;
    return Math.max(Math.abs(box.left + box.width / 2 - x), Math.abs(box.top + box.height / 2 - y));
  }));
}"""


def test_every_cells_button_is_centred_on_its_hex_whole_and_zoomed(
    touch_page: Page, server: BackgroundServer
) -> None:
    page = touch_page
    page.set_viewport_size(PHONE)
    start_diceland(page, server, SEED)
    to_the_first_mark(page)
    assert page.evaluate(CELLS_OFF_CENTRE_JS) < 0.5
    whole = page.locator(f"{MAP} .dl-view").bounding_box()
    assert whole is not None
    finger_tap(page, whole)  # zoomed in around the middle
    assert page.get_attribute(f"{MAP} .dl-view", "data-zoom") == "in"
    assert page.evaluate(CELLS_OFF_CENTRE_JS) < 0.5


@pytest.mark.parametrize("language", ["en", "it", "es"])
def test_nothing_overflows_sideways_at_any_width(
    page: Page, server: BackgroundServer, language: str, tmp_path: Path
) -> None:
    start_diceland(page, server, SEED)
    choose_language(page, language)
    to_the_first_mark(page)
    for width in WIDTHS:
        for height in {640, 360, 1024, 768} - {width}:
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=tmp_path / f"diceland-{language}-{width}x{height}.png")
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (width, height)
            view = page.locator(f"{MAP} .dl-view").bounding_box()
            assert view is not None and view["x"] >= 0 and view["x"] + view["width"] <= width


def test_the_map_is_beside_the_dice_on_a_landscape_tablet(
    page: Page, server: BackgroundServer
) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    start_diceland(page, server, SEED)
    to_the_first_mark(page)
    dice = page.locator("#region-dice").bounding_box()
    view = page.locator(f"{MAP} .dl-view").bounding_box()
    assert dice is not None and view is not None
    assert view["x"] >= dice["x"] + dice["width"] and view["y"] < 100  # beside, at the top
    assert view["y"] + view["height"] <= 768


def test_a_seat_chooses_its_map_by_tapping_its_picture_on_a_phone(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    page.add_init_script(LISTEN_FOR_VIOLATIONS)
    open_app(page, f"{server.url}?seed={SEED}")
    page.check("#setup input[name=game][value=diceland]")
    fill_seats(page, NAMES)
    seat = page.get_by_role("button", name="Map of player 2 Dealt at random")
    assert seat.count() == 1  # the box's way, unless a seat chooses
    assert not any(url.endswith(MAP_SPRITE) for url in watch.requests)  # not needed yet
    seat.click()
    chooser = page.locator("#map-chooser")
    assert chooser.evaluate("(dialog) => dialog.open")
    assert chooser.locator(".map-for").inner_text() == NAMES[1]
    # Every picture drawn (the sprite has arrived), each a finger's target in the screen.
    page.wait_for_function(PICTURES_DRAWN)
    boxes = chooser.locator(".map-option").evaluate_all(
        "(all) => all.map((e) => [e.dataset.map, e.getBoundingClientRect().toJSON()])"
    )
    assert [value for value, _ in boxes] == ["deal", "random", *FIXED_MAP_IDS]
    for value, box in boxes:
        assert box["width"] >= 44 and box["height"] >= 44, value
        assert box["left"] >= 0 and box["top"] >= 0, value
        assert box["right"] <= PHONE["width"] and box["bottom"] <= PHONE["height"], value
    assert page.get_by_role("button", name="Map C Board 2, side C").count() == 1
    assert unnamed(page) == [] and page.evaluate(CONTRAST_FAILURES) == []

    chooser.locator(".map-option[data-map=C] .dl-pic").click()  # a tap on its picture
    assert not chooser.evaluate("(dialog) => dialog.open")
    seat = page.get_by_role("button", name="Map of player 2 Map C")
    assert seat.evaluate("(button) => button === document.activeElement")
    # By keyboard: the chooser opens on the seat's map; Escape, or Back, puts it away.
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.map") == "C"
    page.keyboard.press("Escape")
    assert seat.evaluate("(button) => button === document.activeElement")
    seat.click()
    page.go_back()
    page.wait_for_selector("#map-chooser:not([open])", state="attached")
    assert page.get_attribute("body", "data-screen") == "setup" and seat.count() == 1

    page.click("#setup button[type=submit]")
    on_screen(page, "play")
    record = saved_record(page)
    assert record is not None
    options = record["options"]
    assert isinstance(options, dict)
    maps = options["maps"].split(",")
    assert maps[1] == "C" and maps[0] in FIXED_MAP_IDS
    assert page.get_by_role("group", name=f"Map C of {isolated(NAMES[1])}", exact=True).count() == 1
    assert page.evaluate("window.cspViolations") == []
    assert watch.errors == []


def test_the_map_is_as_wide_as_the_height_allows_on_a_portrait_tablet(
    page: Page, server: BackgroundServer
) -> None:
    """The decision in two columns above it, the map takes most of the width, whole in view,
    with cells a finger can tap at once."""
    page.set_viewport_size({"width": 768, "height": 1024})
    start_diceland(page, server, SEED)
    to_the_first_mark(page)
    view = page.locator(f"{MAP} .dl-view")
    box = view.bounding_box()
    assert box is not None
    assert box["width"] >= 0.8 * 768, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= 1024
    assert view.get_attribute("data-zoom") == "none"  # big enough: a tap marks
    for cell in boxes(page, "#region-board .dl-cell.legal"):
        assert cell["width"] >= 44 and cell["height"] >= 44, cell
