"""One phone, several people, tapped by fingers at 360x640 and on a landscape phone (640x360):
each person's answer to the white sum is theirs alone ("Done" never answers for the roller; a
person changes or takes back their own after another answered; a closed moment is taken back in
one step, with one question), each asks for their own hint, and the lines and the sheets are in
view (issue 54)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, ViewportSize

from appdriver import fill_seats, guides_told, open_app, saved_record, settled, start_game
from build.serve import BackgroundServer

NAMES = ["Papà", "Mamma", "Nonna"]
SEED = 15  # the first roll's white sum is 11: two digits on every pick
SIZES = [ViewportSize(width=360, height=640), ViewportSize(width=640, height=360)]
# The seat whose line says it rolls.
ROLLER_JS = """() => Number(document.querySelector(
  "#region-controls .answer-line:has(.who-name small)").dataset.seat)"""


@pytest.fixture(params=SIZES, ids=["portrait", "landscape"])
def phone(touch_page: Page, request: pytest.FixtureRequest) -> Iterator[Page]:
    touch_page.set_viewport_size(request.param)
    yield touch_page


def finger(page: Page, selector: str) -> None:
    """A finger's tap, once the screen is the new player's (a tap in the moment after a change
    of hands is not taken)."""
    page.wait_for_selector("body:not([data-handover])", state="attached")
    page.tap(selector)
    settled(page)


def rolled(page: Page, server: BackgroundServer, *, coach: bool = False) -> tuple[int, list[int]]:
    """A 3-person Qwixx game, rolled, on a device that has played before (no first game's
    guide): the roller's seat and the others'."""
    guides_told(page)
    open_app(page, f"{server.url}?seed={SEED}&pace=0")
    if coach:
        page.check("#setup input[name=game][value=qwixx]")
        fill_seats(page, NAMES)
        page.check("#setup input[name=coach]")
        page.click("#setup button[type=submit]")
        page.wait_for_selector("body[data-screen=play]")
    else:
        start_game(page, NAMES)
    finger(page, "#play [data-act=roll]")
    roller: int = page.evaluate(ROLLER_JS)
    return roller, [seat for seat in range(3) if seat != roller]


def line(seat: int) -> str:
    return f"#region-controls .answer-line[data-seat='{seat}']"


def cross(seat: int) -> str:
    """The first row a seat may cross the white sum in, on its line."""
    return f"{line(seat)} [data-act=answer]:not(.unavailable):not([data-row=none])"


def no_cross(seat: int) -> str:
    return f"{line(seat)} [data-act=answer][data-row=none]"


def answers_saved(page: Page) -> list[list[object]]:
    record = saved_record(page)
    assert record is not None
    given = record.get("answers", [])
    assert isinstance(given, list)
    return given


def actions_saved(page: Page) -> list[list[object]]:
    record = saved_record(page)
    assert record is not None and isinstance(record["actions"], list)
    return record["actions"]


# Every answer line and Done, and the first sheet shown (the sheets the lines answer on), as
# boxes; whether the decision bar scrolls on its own.
IN_VIEW_JS = """() => {
  const box = (element) => element.getBoundingClientRect().toJSON();
  const bar = document.querySelector("#play .table-top");
  return {
    lines: [...document.querySelectorAll("#region-controls .answer-line")].map(box),
    done: box(document.querySelector("#region-controls [data-act=done]")),
    sheet: box(document.querySelector("#play section.sheet:not([aria-hidden]) .rows")),
    barScrolls: bar.scrollHeight > bar.clientHeight + 1,
    pageWide: document.documentElement.scrollWidth,
  };
}"""


def test_every_line_and_a_sheet_in_view_and_done_answers_only_for_those_it_names_never_the_roller(
    phone: Page, server: BackgroundServer
) -> None:
    """Three players and a two-digit sum: each line is one row, all of them and Done in view
    with the top of the first sheet (portrait: under them; landscape: beside them); nothing
    scrolls on its own, nothing sticks out sideways. Then "Done" answers only for those it
    names, never for the roller, whose own answer closes the moment."""
    roller, (mamma, nonna) = rolled(phone, server)
    scrolled = phone.evaluate("[scrollX, scrollY]")
    phone.evaluate("window.scrollTo(0, 0)")
    size = phone.viewport_size
    assert size is not None
    seen = phone.evaluate(IN_VIEW_JS)
    assert not seen["barScrolls"] and seen["pageWide"] <= size["width"]
    for box in [*seen["lines"], seen["done"]]:
        assert box["top"] >= 0 and box["bottom"] <= size["height"], (size, box)
    lines = seen["lines"]
    assert all(box["height"] < 60 for box in lines), lines  # one row each
    assert seen["sheet"]["top"] < size["height"] - 40, (size, seen["sheet"])
    # Scrolled back to where the roll left the page (a look changes nothing of the game): the
    # fingers below land where they would with no look first (a quick tap on the spot of the
    # last one may be taken for its second tap, and dropped).
    phone.evaluate("([x, y]) => window.scrollTo(x, y)", scrolled)
    finger(phone, cross(mamma))
    done = phone.inner_text("#region-controls [data-act=done]")
    assert NAMES[nonna] in done and NAMES[roller] not in done and NAMES[mamma] not in done
    finger(phone, "#region-controls [data-act=done]")
    assert {seat for seat, _ in answers_saved(phone)} == {mamma, nonna}
    assert "White sum" in phone.inner_text("#region-prompt")  # the roller has not answered
    assert phone.locator("#region-controls [data-act=done]").count() == 0
    assert phone.locator(f"{line(roller)}.answered").count() == 0
    finger(phone, no_cross(roller))  # the roller's own answer closes the moment
    assert actions_saved(phone)[-1] == [roller, "pass"] and answers_saved(phone) == []


def test_a_person_changes_or_takes_back_their_own_answer_after_another_answered(
    phone: Page, server: BackgroundServer
) -> None:
    _, (mamma, nonna) = rolled(phone, server)
    finger(phone, cross(mamma))
    finger(phone, no_cross(nonna))
    finger(phone, no_cross(mamma))  # Mamma changes her mind after Nonna answered
    assert answers_saved(phone) == [[nonna, "pass"], [mamma, "pass"]]
    finger(phone, no_cross(nonna))  # Nonna takes hers back, in one tap
    assert answers_saved(phone) == [[mamma, "pass"]]
    assert phone.locator(f"{line(nonna)}.answered").count() == 0


def test_undo_of_a_closed_moment_is_one_step_with_one_question(
    phone: Page, server: BackgroundServer
) -> None:
    roller, (mamma, nonna) = rolled(phone, server)
    finger(phone, cross(mamma))  # Mamma's mistake, then the others close the moment
    finger(phone, no_cross(nonna))
    finger(phone, no_cross(roller))
    assert len(actions_saved(phone)) == 4
    finger(phone, "#region-tools [data-act=take-back]")
    question = phone.inner_text("#confirm")
    assert all(name in question for name in NAMES)
    finger(phone, "#confirm-yes")
    assert len(actions_saved(phone)) == 1  # the roll: the moment open again, in one step
    assert [seat for seat, _ in answers_saved(phone)] == [mamma, nonna]  # but the last one
    finger(phone, no_cross(mamma))  # Mamma mends hers in one tap; the roller answers again
    finger(phone, no_cross(roller))
    assert [action for _, action in actions_saved(phone)[1:]] == ["pass", "pass", "pass"]


def test_two_people_ask_for_their_own_hints_on_one_screen(
    phone: Page, server: BackgroundServer
) -> None:
    _, (mamma, nonna) = rolled(phone, server, coach=True)
    finger(phone, f"{line(mamma)} [data-act=hint]")
    finger(phone, f"{line(nonna)} [data-act=hint]")
    for seat in (mamma, nonna):
        said = phone.locator(f"{line(seat)} .line-hint")
        assert said.inner_text().startswith(f"Hint for \u2068{NAMES[seat]}\u2069: ")
    assert phone.locator(".notice.coach").count() == 0
