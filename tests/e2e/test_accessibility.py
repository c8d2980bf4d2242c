"""Accessibility in headless Chromium, on every screen of every game (a 360 x 640 phone).

Accessible names (Chromium's own accessibility tree), a whole start and some moves of each game
by keyboard alone with the focus always visible, WCAG AA contrast of every text in light and
dark mode, reduced motion, and 44 px touch targets.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

import pytest
from playwright.sync_api import Page, ViewportSize

from appdriver import PHONE, TARGET_BOX, on_screen, open_app
from build.serve import BackgroundServer
from dadoteca.playout import random_match
from test_security import GAMES, import_record, play_some, start

# Roles that need a name; and roles a name is not allowed on (ARIA 1.2), so screen readers skip
# an aria-label put there.
NAMED_ROLES = {"button", "checkbox", "radio", "textbox", "combobox", "image", "link", "dialog"}
UNNAMED_ROLES = {"generic", "paragraph", "strong", "emphasis", "sectionfooter"}

# Every visible text against what is painted behind it: (ratio, needed, text, class) of each
# failure.
# Disabled controls are exempt (WCAG 1.4.3); opacity is folded into the text's colour.
CONTRAST_FAILURES = """() => {
  const rgba = (css) => {
    const [r, g, b, a = 1] = css.match(/[\\d.]+/g).map(Number);
    return [r, g, b, a];
  };
  const over = ([r, g, b, a], under) => [r, g, b].map((v, i) => v * a + under[i] * (1 - a));
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const background = (element) => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const colour = rgba(getComputedStyle(e).backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] === 1) break;
    }
    let painted = rgba(getComputedStyle(document.body).backgroundColor);
    for (const layer of layers.reverse()) painted = over(layer, painted);
    return painted;
  };
  const failures = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim() || element.closest("svg, :disabled, option")) continue;
    // Text nobody sees (a sheet drawn ahead at opacity 0, assets/page/table/ahead.js) has no
    // contrast.
    if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const style = getComputedStyle(element);
    let opacity = 1;
    for (let e = element; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const colour = rgba(style.color);
    const behind = background(element);
    const text = over([colour[0], colour[1], colour[2], colour[3] * opacity], behind);
    const [light, dark] = [luminance(text), luminance(behind)].sort((x, y) => y - x);
    const ratio = (light + 0.05) / (dark + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    if (ratio < needed) {
      const shown = Math.round(ratio * 100) / 100;
      failures.push([shown, needed, node.textContent.trim(), element.className]);
    }
  }
  return failures;
}"""

# Whatever keyboard focus lands on shows an outline of at least 2 px.
FOCUS_SHOWN = """() => {
  if (document.activeElement === document.body) return true; // past the last control: nowhere
  const style = getComputedStyle(document.activeElement);
  return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
}"""
RUNNING_ANIMATIONS = """() => document.getAnimations()
  .filter((a) => a.playState === "running").map((a) => a.animationName)"""
# The animations that move on for more than 5 s (WCAG 2.2.2 asks a way to stop those): an
# endless one ends at Infinity.
LONG_ANIMATIONS = """() => document.getAnimations()
  .filter((a) => a.effect.getComputedTiming().endTime > 5000).map((a) => a.animationName)"""
TRANSITIONS = """() => [...document.querySelectorAll("*")]
  .filter((e) => getComputedStyle(e).transitionDuration.split(",").some((d) => parseFloat(d) > 0))
  .map((e) => e.className)"""
# The next control of the simple player that a keyboard can reach (the sheets' numbers are for
# fingers: the answer lines and the options are the same choices as buttons).
KEY_NEXT_TAP = """() => document.querySelector("#region-prompt .bot-turn") ? null : [
  "#region-controls [data-act=roll]",
  "#region-controls [data-act=confirm]:not([disabled])",
  "#play button.legal[data-act]",
  "#region-controls .answer-line:not(.answered) .pick:not(.unavailable):not([disabled])",
  "#region-controls .options .pick",
  "#region-controls [data-act=stop]",
  "#region-controls [data-act=done]",
  "#region-controls [data-act=pass]",
].map((selector) => document.querySelector(selector)).find((element) => element) ?? null"""
# What a finger taps. Diceland's map cells are measured where a finger marks them: a map of
# 40-odd hexes across a 360 px screen is first shown whole at about 25 px a cell, and a tap zooms
# it in (tests/e2e/test_diceland_browser.py checks every cell marked in a game at >= 44 px). A
# radio or a checkbox is tapped through its card, the label around it.
TAP_TARGETS = (
    "button:not(.dl-cell), select, input:not([type=radio], [type=checkbox], [type=file]),"
    " .game-card, .dice-choice"
)
# Each colour scheme, light last (as the other checks see the page), and its paper's colour.
SCHEMES: list[tuple[Literal["dark", "light"], str]] = [
    ("dark", "rgb(27, 26, 24)"),
    ("light", "rgb(255, 253, 248)"),
]
# Tab presses to reach the next control, at most: it may be far along a Diceland map (up to
# ~150 cells).
KEYBOARD_STEPS = 400


def screens(page: Page, server: BackgroundServer, game: str) -> Iterator[str]:
    """Stop on the setup, on play after some moves, and on the end of an imported game."""
    open_app(page, f"{server.url}?seed=5&pace=0")
    page.check(f"#setup input[name=game][value={game}]")
    yield "setup"
    start(page, game, ["Ann", "Bo"], ["human", "human"])
    play_some(page, 8)
    for _ in range(10):  # on to a decision, with its highlighted choices
        if page.locator("#play .legal").count():
            break
        play_some(page, 1)
    yield "play"
    record = random_match(game, 2, 3).record()
    import_record(page, record, replacing=True)
    on_screen(page, "over")
    yield "over"


def beckoning(page: Page) -> list[str]:
    """The animations running once the play is on to cells that beckon (Diceland: a map to
    mark)."""
    for _ in range(30):
        if page.locator("#play .cell.legal, #play .playable").count():
            break
        play_some(page, 1)
    running: list[str] = page.evaluate(RUNNING_ANIMATIONS)
    return running


def unnamed(page: Page) -> list[tuple[str, str]]:
    """(role, name) of the accessibility nodes that lack a needed name or carry a banned one."""
    tree: dict[str, Any] = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")
    found = []
    for node in tree["nodes"]:
        if node.get("ignored"):
            continue
        role = node.get("role", {}).get("value", "")
        name = node.get("name", {}).get("value", "")
        if (role in NAMED_ROLES and not name.strip()) or (role in UNNAMED_ROLES and name):
            found.append((role, name))
    return found


@pytest.mark.motion
@pytest.mark.parametrize("game", GAMES)
def test_every_screen_names_its_controls_reads_in_both_schemes_and_has_44_px_targets(
    page: Page, server: BackgroundServer, game: str
) -> None:
    """On each screen (one walk through them, not one per check: the checks only read it):
    every control and image has an accessible name; every text has AA contrast in light and
    dark mode; every control is a 44 px target on a phone; and, moves on, the play beckons,
    nothing moving for more than 5 s."""
    for screen in screens(page, server, game):
        assert unnamed(page) == [], screen
        for scheme, paper in SCHEMES:
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate(CONTRAST_FAILURES) == [], (screen, scheme)
            assert page.evaluate("getComputedStyle(document.body).backgroundColor") == paper
        for box in page.locator(TAP_TARGETS).evaluate_all(
            f"(all) => all.filter((e) => e.checkVisibility()).map({TARGET_BOX})"
        ):
            assert box[0] >= 44 and box[1] >= 44, (screen, box)
        if screen == "play":  # last: it moves on, to cells that beckon
            assert beckoning(page)
        assert page.evaluate(LONG_ANIMATIONS) == [], screen


def tab_to(page: Page, target: str) -> None:
    """Press Tab until ``target`` (a JS function returning an element) has the focus; every
    element the focus passes on the way shows it."""
    for _ in range(KEYBOARD_STEPS):
        page.keyboard.press("Tab")
        # One look a press: a Diceland map's cell may be a hundred presses or more away.
        shown, reached = page.evaluate(
            f"() => [({FOCUS_SHOWN})(), document.activeElement === ({target})()]"
        )
        assert shown, page.evaluate("document.activeElement.outerHTML")
        if reached:
            return
    raise AssertionError(f"Tab never reached {target}")


@pytest.mark.parametrize("game", GAMES)
def test_a_game_is_played_by_keyboard_alone_with_the_focus_always_visible(
    page: Page, server: BackgroundServer, game: str
) -> None:
    open_app(page, f"{server.url}?seed=5&pace=0")
    tab_to(page, "() => document.querySelector('#setup input[name=game]:checked')")
    for _ in range(GAMES.index(game)):  # a radio group: the arrow keys pick within it
        page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.value") == game
    for index, name in enumerate(["Ann", "Bo"]):  # two seats: the setup's first count
        tab_to(page, f"() => document.querySelectorAll('#setup input[name=player]')[{index}]")
        page.keyboard.type(name)
    tab_to(page, "() => document.querySelector('#setup button[type=submit]')")
    page.keyboard.press("Enter")
    on_screen(page, "play")
    for move in range(12):
        tab_to(page, KEY_NEXT_TAP)
        page.keyboard.press("Enter" if move % 2 else " ")
        # The repaint keeps the keyboard player's place: the focus is not dropped to the page.
        focused = page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
        assert page.evaluate("document.activeElement.closest('#play') !== null"), (move, focused)
    moves = page.evaluate("JSON.parse(localStorage.getItem('dadoteca.game')).actions.length")
    assert moves >= 6  # rolls and decisions, every one by keyboard


@pytest.mark.parametrize("game", GAMES)
def test_reduced_motion_stills_every_animation(
    page: Page, server: BackgroundServer, game: str
) -> None:
    """With motion (the default) the play's cells beckon: the screen-walk test above."""
    page.emulate_media(reduced_motion="reduce")
    for screen in screens(page, server, game):
        running = beckoning(page) if screen == "play" else page.evaluate(RUNNING_ANIMATIONS)
        assert running == [] and page.evaluate(TRANSITIONS) == [], screen


# --- Names, read whole ---------------------------------------------------------------------------

# The words of the names shown (Python's <bdi>s, Diceland's tabs, the sheets' owners) that a line
# break cuts in two, with where they are. The white sum's answer lines are left out: they show a
# name on one line, cut short if it must be (issue 54's compact answer lines).
BROKEN_WORDS_JS = """() => {
  const broken = [];
  const names = document.querySelectorAll("#app :is(bdi, .dl-tab, .owner)");
  for (const name of [...names].filter((e) => e.checkVisibility())) {
    if (name.closest(".answer-line")) continue;
    const texts = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      for (const word of text.data.matchAll(/[^\\s\\u2068\\u2069]+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0)
          .map((box) => Math.round(box.top)));
        if (lines.size > 1) broken.push(`${name.outerHTML.slice(0, 40)}: ${word[0]}`);
      }
    }
  }
  return broken;
}"""
FAMILY = ["Papà", "Mamma", "Massimiliano", "Alessandra"]
LANDSCAPE: ViewportSize = {"width": 640, "height": 360}


def finished(game: str, names: list[str]) -> dict[str, object]:
    """The record of a finished game of ``game`` whose seats are called ``names``."""
    record = random_match(game, len(names), 3).record()
    seats = record["seats"]
    assert isinstance(seats, list)
    record["seats"] = [{**seat, "name": name} for seat, name in zip(seats, names, strict=True)]
    return record


@pytest.mark.parametrize("size", [PHONE, LANDSCAPE], ids=["portrait", "landscape"])
@pytest.mark.parametrize("game", GAMES)
def test_names_break_between_their_words_never_inside_one(
    page: Page, server: BackgroundServer, game: str, size: ViewportSize
) -> None:
    """Four at the table (the last a computer, "Computer 4"), through a game's screens and its
    end: "Massimilian o" and "Compute r 3" were cut in Diceland's tabs."""
    page.set_viewport_size(size)
    open_app(page, f"{server.url}?seed=5&pace=0")
    count = 4
    start(page, game, [*FAMILY[: count - 1], ""], ["human"] * (count - 1) + ["normal"])
    broken: set[str] = set()
    for _ in range(40):
        broken |= set(page.evaluate(BROKEN_WORDS_JS))
        play_some(page, 1)
    import_record(page, finished(game, [*FAMILY[: count - 1], "Computer 4"]), replacing=True)
    on_screen(page, "over")
    broken |= set(page.evaluate(BROKEN_WORDS_JS))
    assert broken == set()


@pytest.mark.parametrize("game", GAMES)
def test_a_forty_letter_name_leaves_the_end_table_on_a_phones_screen(
    page: Page, server: BackgroundServer, game: str
) -> None:
    """The longest name the setup takes, in one word: cut where it must be, beside whole
    words of the others' names (Qwixx's table was 369 px wide, the page scrolled sideways);
    the game's screens never scroll sideways for it either."""
    open_app(page, f"{server.url}?seed=5&pace=0")
    names = ["Bartolomeo" * 4, "Massimiliano", "Computer 3"]
    start(page, game, names, ["human", "human", "normal"])
    for _ in range(12):
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        play_some(page, 1)
    import_record(page, finished(game, names), replacing=True)
    on_screen(page, "over")
    width = page.evaluate("document.documentElement.scrollWidth")
    table = page.locator("#region-scores table").bounding_box()
    assert table is not None
    assert width <= PHONE["width"] and table["x"] + table["width"] <= PHONE["width"], table
    cut = page.evaluate(BROKEN_WORDS_JS)
    assert all(word.endswith(": " + "Bartolomeo" * 4) for word in cut), cut
