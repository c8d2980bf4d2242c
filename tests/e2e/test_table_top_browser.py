"""A device lying in the middle of the table (touch): each person's sheet at their edge, turned
to face them; everyone tapping their own sheet at once, where the turned sheet shows each cell;
two fingers at the same instant both taken; a tap on another person's sheet changing nothing."""

from __future__ import annotations

import math
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from appdriver import (
    MOVING_JS,
    SIMPLE_NEXT_JS,
    fill_seats,
    next_frame,
    on_screen,
    open_app,
    saved_record,
    settled,
)
from build.serve import BackgroundServer

NAMES = ["Anna", "Bruno", "Carla", "Dario"]
# Each edge's turn (degrees), as the place faces the person sitting there.
TURNS = {"bottom": 0, "left": 90, "top": 180, "right": -90}
PHONE_FACE_TO_FACE = (390, 844)


def seated(
    page: Page,
    url: str,
    size: tuple[int, int],
    names: list[str],
    *,
    seed: int = 4,
    game: str = "qwixx",
) -> None:
    """A game around the device, each person at the edge the setup offers in seat order, the
    first name starting."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    open_app(page, f"{url}?seed={seed}&pace=0")
    page.check(f"#setup input[name=game][value={game}]")
    fill_seats(page, names)
    page.check("#setup input[name=layout][value=table]")
    page.click("#setup button[type=submit]")
    on_screen(page, "play")
    page.wait_for_selector("body[data-layout=table]")


def rolled_on_a_tablet(page: Page, url: str) -> None:
    """The four NAMES around a landscape tablet, the first roll made."""
    seated(page, url, (1024, 768), NAMES)
    finger(page, "#region-controls [data-act=roll]")


def places(page: Page) -> list[dict[str, Any]]:
    """Each place as the screen shows it, laid out (as the next frame is drawn): its edge, its
    box and its turn (from its computed transform's matrix)."""
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        return [...document.querySelectorAll('section.place')].map((place) => {
            const box = place.getBoundingClientRect();
            const m = new DOMMatrix(getComputedStyle(place).transform);
            return {seat: Number(place.dataset.place), edge: place.dataset.edge,
                    name: place.getAttribute('aria-label'), a: m.a, b: m.b,
                    left: box.left, top: box.top, right: box.right, bottom: box.bottom,
                    width: innerWidth, height: innerHeight};
        });
        }"""
    )
    return found


# Settles once no animation moves the element (the middle turning toward whose turn it is:
# appdriver's MOVING_JS) and its box is the same two frames running.
STILL = f"""(element) => new Promise((resolve) => {{
    let last = '';
    const moving = () => document.getAnimations().some((animation) =>
        animation.effect?.target?.contains(element) && ({MOVING_JS})(animation));
    const look = () => {{
        const box = JSON.stringify(element.getBoundingClientRect());
        if (box === last && !moving()) resolve(box);
        else {{ last = box; requestAnimationFrame(look); }}
    }};
    requestAnimationFrame(look);
}})"""


# A cell of a zoomed map (its place's own zoom, map-zoom.js) panned to the middle of its frame,
# as a finger would: only the map's frame scrolls, never the game area around the places.
PANNED_TO = """(element) => {
    const scroller = element.closest('.dl-view[data-zoom=in] .dl-scroller');
    if (!scroller) return;
    let [x, y] = [element.offsetWidth / 2, element.offsetHeight / 2];
    for (let e = element; e && scroller.contains(e); e = e.offsetParent) {
        x += e.offsetLeft;
        y += e.offsetTop;
    }
    scroller.scrollLeft = x - scroller.clientWidth / 2;
    scroller.scrollTop = y - scroller.clientHeight / 2;
}"""

# Where a finger reaches the element: its middle, else the first point of it in view (a cell
# at a zoomed map's corner, panned as far as it goes, may lie partly under "Whole map").
SEEN_AT = """(element) => {
    const box = element.getBoundingClientRect();
    for (const [u, v] of [[0.5, 0.5], [0.25, 0.75], [0.75, 0.75], [0.25, 0.25], [0.75, 0.25],
                          [0.5, 0.8], [0.5, 0.2], [0.2, 0.5], [0.8, 0.5]]) {
        const [x, y] = [box.left + box.width * u, box.top + box.height * v];
        if (document.elementFromPoint(x, y)?.closest('[data-act]') === element) return [x, y];
    }
    return null;
}"""


# A finger's way to an element, in one call (a game to its end taps hundreds of times): once
# its place takes taps (a place handed a new decision waits a moment, as a person looks; asked
# again by its seat, a repaint may have put a new place there), its map panned to it, and once
# still (the middle turns toward whose turn it is, unless motion is reduced): where it is seen.
REACHED_AT = f"""async (element) => {{
    const seat = element.closest('section.place')?.dataset.place;
    const guarded = () => seat !== undefined && document.querySelector(
        `section.place[data-place="${{seat}}"]`)?.hasAttribute('data-handover');
    while (guarded()) await new Promise((resolve) => setTimeout(resolve, 16));
    ({PANNED_TO})(element);
    await ({STILL})(element);
    return ({SEEN_AT})(element);
}}"""


# A tap this near the last one, this soon after it, is taken for a double tap's second and
# dropped (assets/page/pure/taps.js's SAME_SPOT_PX and SECOND_TAP_MS, 450 ms).
SAME_SPOT_PX = 20
SECOND_TAP_PASSED_MS = 500


def finger(page: Page, selector: str, *, after: list[float] | None = None) -> list[float]:
    """One finger's tap where the screen shows the element (turned with its place), once its
    place takes taps; the point tapped. ``after``, the last tap's point on a page on
    Playwright's clock: a tap on its spot comes a moment later, as a person's does, the clock
    moved on (a Diceland map frames the next cell where the last one was: a quick tap there was
    dropped, up to 8 times in a row, a quarter of a game's taps)."""
    point: list[float] | None = page.locator(selector).first.evaluate(REACHED_AT)
    assert point is not None, f"no finger reaches {selector}"
    if after is not None and math.dist(point, after) <= SAME_SPOT_PX:
        page.clock.fast_forward(SECOND_TAP_PASSED_MS)
    page.touchscreen.tap(*point)
    settled(page)
    return point


def taken_or_not(page: Page) -> dict[str, Any]:
    """What the screen says of the taps just made: each place's state, whether a tap was
    dropped ("Wait" shown), and the answers given so far."""
    record = saved_record(page)
    return {
        "places": page.evaluate(
            "[...document.querySelectorAll('section.place')].map((place) => ["
            "place.className, place.dataset.turn, place.dataset.moment, place.dataset.handover])"
        ),
        "wait shown": page.locator("#tap-wait.shown").count() > 0,
        "answers": None if record is None else record.get("answers"),
    }


def actions(page: Page) -> list[Any]:
    record = saved_record(page)
    assert record is not None
    played: list[Any] = record["actions"]  # type: ignore[assignment]
    return played


def assert_each_sheet_lies_at_its_edge_turned_to_face_its_person(
    page: Page, size: tuple[int, int], people: int
) -> None:
    """Right after ``seated`` at ``size`` with the first ``people`` NAMES: each place at its
    own edge, turned to face the person there, inside the screen, no two overlapping."""
    shown = places(page)
    assert [place["name"].strip("\u2068\u2069") for place in shown] == NAMES[:people]
    edges = [place["edge"] for place in shown]
    width, height = size
    if size == PHONE_FACE_TO_FACE:
        assert edges == ["bottom", "top"]  # a phone for two: face to face
    assert len(set(edges)) == people
    for place in shown:
        turn = round(math.degrees(math.atan2(place["b"], place["a"])))
        assert turn == TURNS[place["edge"]], place
        gap = {
            "bottom": height - place["bottom"],
            "top": place["top"],
            "left": place["left"],
            "right": width - place["right"],
        }[place["edge"]]
        assert abs(gap) <= 2, place  # at its edge
        assert place["left"] >= -1 and place["right"] <= width + 1, place
        assert place["top"] >= -1 and place["bottom"] <= height + 1, place
    # No two places overlap: each person's sheet is theirs alone.
    for one in shown:
        for other in shown:
            if one is not other:
                assert (
                    one["right"] <= other["left"] + 1
                    or other["right"] <= one["left"] + 1
                    or one["bottom"] <= other["top"] + 1
                    or other["bottom"] <= one["top"] + 1
                ), (one, other)


# Four at 1024x768 and at 768x1024 are checked where other tests seat them just so, on their
# pages (a boot each the fewer): the whole game's, and the middle's parts' of each game.
@pytest.mark.parametrize(("size", "people"), [((1366, 1024), 4), (PHONE_FACE_TO_FACE, 2)])
def test_each_sheet_lies_at_its_edge_turned_to_face_its_person(
    touch_page: Page, server: BackgroundServer, size: tuple[int, int], people: int
) -> None:
    seated(touch_page, server.url, size, NAMES[:people])
    assert_each_sheet_lies_at_its_edge_turned_to_face_its_person(touch_page, size, people)


@pytest.mark.motion
def test_each_sheet_faces_its_person_at_its_edge_and_four_play_a_whole_game_tapping_their_own_sheet(
    touch_page: Page, server: BackgroundServer
) -> None:
    """Four around a landscape tablet: each sheet lies at its edge, turned to face its person;
    then they play a whole game by taps, each on their own sheet, every tap taken."""
    page = touch_page
    seated(page, server.url, (1024, 768), NAMES)
    assert_each_sheet_lies_at_its_edge_turned_to_face_its_person(page, (1024, 768), len(NAMES))
    taps = 0
    for _ in range(400):
        if page.evaluate("document.body.dataset.screen") == "over":
            break
        before = len(actions(page))
        if page.locator("#region-controls [data-act=roll]").count():
            finger(page, "#region-controls [data-act=roll]")
            taps += 1
        else:
            # Everyone who decides now, each on their own place, in turn order: a number the
            # sheet highlights, else their own "no cross" (the white sum's line, or Pass).
            for seat in page.evaluate(
                "[...document.querySelectorAll('section.place.acting')]"
                ".map((place) => place.dataset.place)"
            ):
                own = f"section.place[data-place='{seat}']"
                legal = f"{own} .cell.legal[data-act=cell]"
                none = f"{own} :is([data-act=pass], [data-act=answer][data-row=none])"
                finger(page, legal if page.locator(legal).count() else none)
                taps += 1
        assert len(actions(page)) > before, ("every round of taps plays", taken_or_not(page))
    assert page.evaluate("document.body.dataset.screen") == "over"
    record = saved_record(page)
    assert record is not None and record["seating"] == ["bottom", "left", "top", "right"]
    # Every tap was taken (each move one tap: a roll, an answer or a coloured choice).
    assert len(actions(page)) == taps
    assert page.locator(".scores-mirror .scores").count() == 1  # the far long edge reads it


def test_two_fingers_at_the_same_instant_on_two_sheets_are_both_taken(
    touch_page: Page, server: BackgroundServer
) -> None:
    page = touch_page
    rolled_on_a_tablet(page, server.url)
    for seat in (1, 3):
        page.wait_for_selector(f"section.place[data-place='{seat}']:not([data-handover])")
    points = []
    for seat in (1, 3):
        box = page.locator(f"section.place[data-place='{seat}'] .cell.legal").first.bounding_box()
        assert box is not None
        points.append({"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2})
    cdp = page.context.new_cdp_session(page)
    touches = [{**point, "id": index} for index, point in enumerate(points)]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": touches})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    settled(page)
    record = saved_record(page)
    assert record is not None
    answered = {player for player, _ in record.get("answers", [])}  # type: ignore[attr-defined]
    assert answered == {1, 3}
    for seat in (1, 3):
        assert page.locator(f"section.place[data-place='{seat}'] .cell.selected").count() == 1


# The taps the page sends Python (seat, act), and each paint, in order; and Python's answers
# held back ``window.answersHeld`` ms (0: none), so that a second finger lands before the
# answer to a first finger's tap is painted, however fast the machine.
TAPS_LOGGED = """(() => {
    window.sent = []; window.answersHeld = 0;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (data, ...rest) {
        let message = null;
        try { message = JSON.parse(data).message; } catch { /* not the page's to Python */ }
        if (message?.type === 'tap') window.sent.push([message.seat ?? null, message.act]);
        return post.apply(this, [data, ...rest]);
    };
    const listen = EventTarget.prototype.addEventListener;
    Worker.prototype.addEventListener = function (type, listener, ...rest) {
        const held = (event) => window.answersHeld
            ? setTimeout(() => listener(event), window.answersHeld) : listener(event);
        const heard = type === 'message' && typeof listener === 'function' ? held : listener;
        return listen.apply(this, [type, heard, ...rest]);
    };
    addEventListener('dadoteca:painted', () => window.sent.push('painted'));
})()"""


def test_a_quick_second_tap_on_one_sheet_never_drops_or_delays_anothers(
    touch_page: Page, server: BackgroundServer
) -> None:
    """Right after Bruno's tap changed the game (his "no cross"), his finger's quick second
    tap on the same spot and Dario's tap on a cell of his own sheet come at the same instant:
    Bruno's is dropped ("Wait" on his place, turned to him), Dario's is sent at once, before
    Bruno's answer is painted, and taken (the second-tap guard is each place's own)."""
    page = touch_page
    page.add_init_script(TAPS_LOGGED)
    rolled_on_a_tablet(page, server.url)
    for seat in (1, 3):
        page.wait_for_selector(f"section.place[data-place='{seat}']:not([data-handover])")

    def centre(selector: str) -> dict[str, float]:
        box = page.locator(selector).first.bounding_box()
        assert box is not None, selector
        return {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}

    brunos = centre("section.place[data-place='1'] [data-act=answer][data-row=none]")
    darios = centre("section.place[data-place='3'] .cell.legal")
    page.evaluate("window.sent = []; window.answersHeld = 500")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [brunos]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    both = [{**brunos, "id": 0}, {**darios, "id": 1}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": both})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_selector("#tap-wait.shown")
    turn = page.evaluate("document.getElementById('tap-wait').style.getPropertyValue('--turn')")
    assert turn == f"{TURNS['left']}deg"  # faces Bruno, at the left edge
    page.evaluate("window.answersHeld = 0")
    settled(page)
    sent = page.evaluate("window.sent")
    # Dario's tap went to Python before anything was painted: it waited for nobody's answer.
    assert sent[:2] == [[1, "answer"], [3, "cell"]], sent
    assert [entry for entry in sent if entry != "painted"] == [[1, "answer"], [3, "cell"]]
    record = saved_record(page)
    assert record is not None
    answered = {player for player, _ in record.get("answers", [])}  # type: ignore[attr-defined]
    assert answered == {1, 3}
    assert page.locator("section.place[data-place='3'] .cell.selected").count() == 1


def test_a_tap_on_another_persons_sheet_changes_nothing(
    touch_page: Page, server: BackgroundServer
) -> None:
    page = touch_page
    rolled_on_a_tablet(page, server.url)
    for seat in range(4):  # nobody crosses the white sum: Anna's coloured choice is next
        finger(page, f"section.place[data-place='{seat}'] [data-act=answer][data-row=none]")
    saved = saved_record(page)
    for seat in (1, 2, 3):  # a sleeve on Bruno's, Carla's, Dario's sheet
        box = page.locator(f"section.place[data-place='{seat}'] .cell >> nth=3").bounding_box()
        assert box is not None
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        settled(page)
    assert saved_record(page) == saved
    assert page.locator(".messages .notice").count() == 0  # not even a word


# A simple table around the device: the roll in the middle; then, on the place of someone
# still to decide, a choice the map or bookcase offers, Confirm once it is whole, Stop, Pass.
TABLE_TAPS = [
    "#region-controls [data-act=roll]",
    "section.place.acting:not(.answered) [data-act=confirm]:not([disabled])",
    "section.place.acting:not(.answered) .legal[data-act]",
    "section.place.acting:not(.answered) [data-act=stop]",
    "section.place.acting:not(.answered) [data-act=pass]",
]


# The simple player's next of TABLE_TAPS (appdriver's SIMPLE_NEXT_JS), as a selector of it alone
# (a Diceland cell's: with its number), and whether its place is guarded after a change of hands
# ("" if none); null once the game is over.
NEXT_TABLE_TAP_JS = (
    "(taps) => {"
    + SIMPLE_NEXT_JS
    + """
  if (document.body.dataset.screen === "over") return null;
  const element = simpleNext(taps);
  if (!element) return ["", false];
  const cell = element.matches(".dl-cell") ? `[data-cell="${element.dataset.cell}"]` : "";
  const guarded = Boolean(element.closest("section.place")?.hasAttribute("data-handover"));
  return [taps.find((tap) => element.matches(tap)) + cell, guarded];
}"""
)
# Past a place's hand-over guard (assets/page/table/shown.js's HANDOVER_GUARD_MS, 450 ms, and
# the timer that lifts it a millisecond later). Were the guard longer, the finger would wait
# out the rest (REACHED_AT).
GUARD_PASSED_MS = 500


# Diceland on the smaller tablet: here every frame is painted on the processor, and its game, of
# the most taps, took 122 CPU s alone at 1366x1024; its game and My Shelfie's together 89 with
# the sizes swapped. Its seed: the shortest game of seeds 1-8 (644 taps; the others 667-855).
@pytest.mark.long
@pytest.mark.parametrize(
    ("game", "size", "seed"), [("diceland", (1024, 768), 4), ("shelfie", (1366, 1024), 5)]
)
def test_a_game_to_the_end_around_the_device(
    clocked_touch_page: Page,
    server: BackgroundServer,
    game: str,
    size: tuple[int, int],
    seed: int,
) -> None:
    """Two people play a whole game around a tablet. Each waits out their place's guard after
    a change of hands as the clock moved on (a game has hundreds: the test's wall time was
    more than half such waits)."""
    page = clocked_touch_page
    # Not marked motion: with motion reduced (conftest.py), the middle does not turn toward
    # whose turn it is, so a finger waits for no turning, hundreds of times (the four people's
    # game above taps with it turning), and the playable cells do not beckon.
    seated(page, server.url, size, NAMES[:2], seed=seed, game=game)
    last = None
    for _ in range(3000):
        # One look at the page a tap (not one for each kind of tap): a game is hundreds.
        next_tap = page.evaluate(NEXT_TABLE_TAP_JS, TABLE_TAPS)
        if next_tap is None:
            break
        selector, guarded = next_tap
        assert selector, "no tap on offer"
        if guarded:
            page.clock.fast_forward(GUARD_PASSED_MS)
        last = finger(page, selector, after=last)
    assert page.evaluate("document.body.dataset.screen") == "over"
    record = saved_record(page)
    assert record is not None and record["seating"] == ["bottom", "top"]


@pytest.mark.parametrize("game", ["qwixx", "diceland", "shelfie"])
def test_on_a_portrait_tablet_the_sheets_face_their_people_and_the_middle_s_parts_fill_its_width(
    touch_page: Page, server: BackgroundServer, game: str
) -> None:
    """At 768x1024 the middle is narrow: its prompt, dice and controls one under the other, each
    as wide as the middle (a game's own portrait-tablet decision bar, two columns, is not the
    table-top's: it squeezed Diceland's prompt to 83 of 182 px, a word broken in two). The four
    sheets, first, each lie at their edge turned to face their person."""
    page = touch_page
    seated(page, server.url, (768, 1024), NAMES, game=game)
    assert_each_sheet_lies_at_its_edge_turned_to_face_its_person(page, (768, 1024), len(NAMES))
    finger(page, "#region-controls [data-act=roll]")
    widths = page.evaluate(
        """() => {
          const middle = document.querySelector("#play .table-top");
          const inner = middle.clientWidth - parseFloat(getComputedStyle(middle).paddingLeft)
            - parseFloat(getComputedStyle(middle).paddingRight);
          return [inner, ...["#region-prompt", "#region-dice"].map(
            (part) => document.querySelector(part).offsetWidth)];
        }"""
    )
    inner, *parts = widths
    assert all(part >= inner - 1 for part in parts), widths


def test_offered_on_a_tablet_and_a_phone_for_two_remembered_seated_clockwise(
    touch_page: Page, server: BackgroundServer
) -> None:
    page = touch_page
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, f"{server.url}?seed=4&pace=0")
    layout = page.locator("#setup .layout-choice")
    page.select_option("#player-count", "3")
    assert layout.is_hidden()  # a phone: face to face, for two only
    page.select_option("#player-count", "2")
    assert layout.is_visible()
    page.set_viewport_size({"width": 1024, "height": 768})
    fill_seats(page, NAMES)
    page.check("#setup input[name=layout][value=table]")
    open_app(page, f"{server.url}?seed=4&pace=0")
    assert page.is_checked("#setup input[name=layout][value=table]")  # remembered
    fill_seats(page, NAMES)
    # Anna takes Carla's place at the bottom: they swap; seat order follows the seating.
    page.select_option("#setup select[data-choice=edge] >> nth=0", "top")
    edges = [
        page.input_value(f"#setup select[data-choice=edge] >> nth={seat}") for seat in range(4)
    ]
    assert edges == ["top", "left", "bottom", "right"]
    page.click("#setup button[type=submit]")
    on_screen(page, "play")
    record = saved_record(page)
    assert record is not None
    seated_record: list[dict[str, str]] = record["seats"]  # type: ignore[assignment]
    seats = [seat["name"] for seat in seated_record]
    assert seats == ["Anna", "Dario", "Carla", "Bruno"]  # clockwise, Anna first as chosen
    assert record["seating"] == ["top", "right", "bottom", "left"]


def check_excluding(page: Page, choice: str, excluded: str, because: str, said: str) -> None:
    """Checking ``choice`` disables ``excluded``, and the reason ``said`` shows ``because``."""
    page.check(choice)
    expect(page.locator(excluded)).to_be_disabled()
    expect(page.locator(because)).to_have_text(said)


def test_todays_game_is_played_in_turn_so_not_with_the_device_on_the_table_said_beside_each(
    touch_page: Page, server: BackgroundServer
) -> None:
    """A day's game is each person alone, in turn: while the device lies on the table today's
    game is not on offer, and while it is chosen the table-top is not, each said beside it;
    a day's link opens with the device handed round, even where the table-top is remembered."""
    page = touch_page
    page.set_viewport_size({"width": 1024, "height": 768})
    open_app(page, f"{server.url}?seed=4&pace=0")
    day_dice, table = "#setup input[name=dice][value=day]", "#setup input[name=layout][value=table]"
    because_table = ".dice-choice [data-because=table]"
    check_excluding(
        page,
        table,
        day_dice,
        because_table,
        "Not with the device in the middle of the table: today's game is played in turn, "
        "each person alone.",
    )
    page.check("#setup input[name=layout][value='']")
    expect(page.locator(because_table)).to_be_hidden()
    check_excluding(
        page,
        day_dice,
        table,
        ".layout-choice [data-because=day]",
        "Not in today's game: each person plays the day's dice alone, in turn, with the device "
        "in hand.",
    )
    page.check("#setup input[name=dice][value=app]")
    page.check(table)  # remembered
    open_app(page, f"{server.url}?day=qwixx-2000-01-01&pace=0")
    assert page.is_checked(day_dice) and not page.is_checked(table)
    expect(page.locator(table)).to_be_disabled()
    fill_seats(page, NAMES[:2])
    page.click("#setup button[type=submit]")
    on_screen(page, "play")
    assert page.evaluate("document.body.dataset.layout ?? ''") == ""
    record = saved_record(page)
    assert record is not None and "seating" not in record
    assert record["waiting"] == ["Bruno"]


def anna_rolls_diceland_at_the_left(page: Page, url: str) -> str:
    """Diceland for four at 1024x768, Anna at the left edge and starting: she rolls; her
    place's selector."""
    page.set_viewport_size({"width": 1024, "height": 768})
    open_app(page, f"{url}?seed=5&pace=0")
    page.check("#setup input[name=game][value=diceland]")
    fill_seats(page, NAMES)
    page.check("#setup input[name=layout][value=table]")
    page.select_option("#setup select[data-choice=edge] >> nth=1", "bottom")  # Anna: left
    page.select_option("#first-player", "0")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("body[data-layout=table]")
    annas = "section.place[data-place='0']"
    assert page.get_attribute(annas, "data-edge") == "left"
    finger(page, "#region-controls [data-act=roll]")
    return annas


def drag(page: Page, x: float, y: float, by: tuple[float, float]) -> None:
    """One finger put down at ``x``, ``y`` and moved ``by`` in ten steps, then lifted."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 11):
        point = {"x": x + by[0] * step / 10, "y": y + by[1] * step / 10}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    settled(page)


def test_a_turned_map_zooms_where_a_finger_taps_pans_and_takes_a_cross_there(
    touch_page: Page, server: BackgroundServer
) -> None:
    """Diceland for four at 1024x768, phase 2 (everyone marks at once): a finger's tap on the
    map of the person at the right edge (turned -90°), shown whole, zooms it where it tapped
    (that cell stays under the finger, big enough for it), the place keeps its size and place
    (its map's frame keeps its pixels), a finger's drag pans it, and a tap where the zoomed
    cell now shows crosses it."""
    page = touch_page
    annas = anna_rolls_diceland_at_the_left(page, server.url)
    page.wait_for_selector(f"{annas} .legal[data-act]")
    choices = [
        f"{annas} [data-act=confirm]:not([disabled])",
        f"{annas} .legal[data-act]",
        f"{annas} [data-act=stop]",
    ]
    place = "section.place[data-edge=right]"
    for _ in range(20):  # Anna sets dice aside and stops: everyone marks on their own map
        if page.locator(f"{place} .dl-cell.legal").count():
            break
        finger(page, next(choice for choice in choices if page.locator(choice).count()))
    view = page.locator(f"{place} .dl-view")
    assert view.get_attribute("data-zoom") == "whole"
    laid_out = page.eval_on_selector(place, "(p) => [p.style.transform, p.offsetWidth]")
    cell = page.locator(f"{place} .dl-cell.legal").first
    index = cell.get_attribute("data-cell")
    tapped = cell.bounding_box()
    assert tapped is not None
    x, y = tapped["x"] + tapped["width"] / 2, tapped["y"] + tapped["height"] / 2
    page.touchscreen.tap(x, y)
    page.wait_for_selector(f"{place} .dl-view[data-zoom=in]")
    next_frame(page)
    assert page.locator(f"{place} .dl-cell.selected").count() == 0  # a zoom, not a choice
    assert page.eval_on_selector(place, "(p) => [p.style.transform, p.offsetWidth]") == laid_out
    zoomed = page.locator(f"{place} .dl-cell[data-cell='{index}']").bounding_box()
    assert zoomed is not None
    assert min(zoomed["width"], zoomed["height"]) >= 40  # a finger's size on the screen
    centre = (zoomed["x"] + zoomed["width"] / 2, zoomed["y"] + zoomed["height"] / 2)
    assert math.dist(centre, (x, y)) < zoomed["width"] / 2  # still under the finger
    scroller = f"{place} .dl-scroller"
    panned_from = page.eval_on_selector(scroller, "(s) => [s.scrollLeft, s.scrollTop]")
    drag(page, x, y, (40, 60))
    assert page.eval_on_selector(scroller, "(s) => [s.scrollLeft, s.scrollTop]") != panned_from
    assert page.locator(f"{place} .dl-cell.selected").count() == 0  # a pan chooses nothing
    finger(page, f"{place} .dl-cell[data-cell='{index}']")  # where it shows, panned to
    page.wait_for_selector(f"{place} .dl-cell.selected[data-cell='{index}']")
    assert view.get_attribute("data-zoom") == "in"  # the zoom kept for the choice in the making
