"""Qwixx's variant pads on screen, in CPython: chosen at the setup, drawn as printed, named by
the record, the history and the statistics (each pad its own)."""

from __future__ import annotations

import json
import re

from app_support import active, new_app, nobody_crosses
from rules_support import state_as

from dadoteca_games.qwixx.rules import GREEN, RED, RED_YELLOW, ROW_NAMES, Phase, QwixxState
from dadoteca_games.qwixx.variants import BIG_POINTS, DOUBLE_A, DOUBLE_B, MIXX_A, MIXX_B
from dadoteca_games.qwixx.view import QwixxUI
from dadoteca_web.app import App
from dadoteca_web.i18n import Translator
from dadoteca_web.screens import GAME_UIS
from dadoteca_web.stats import player_stats, stats_html
from dadoteca_web.storage import MemoryStore


def big_points(names: tuple[str, ...] = ("Ann", "Bo")) -> App:
    app = new_app()
    app.start(list(names), 4, variant=BIG_POINTS.id)
    return app


def state_of(app: App) -> QwixxState:
    return state_as(app, QwixxState)


def to_the_end_by_penalties(app: App) -> None:
    """Everyone passes: each roller takes a penalty, and a fourth ends the game."""
    while app.screen == "play":
        state = state_of(app)
        if state.is_chance:
            app.handle("roll", {})
        elif state.phase == Phase.ACTION1:
            nobody_crosses(app)
        else:
            app.handle("pass", {})


def first_sheet_rows(variant: str) -> tuple[str, list[str]]:
    """The first sheet drawn in a new game on ``variant``'s pad, and the classes of its rows."""
    app = new_app()
    app.start(["Ann", "Bo"], 4, variant=variant)
    first_sheet = app.regions()["board"].split("</section>")[0]
    return first_sheet, re.findall(r'<div class="(row(?: bonus| mixed)? row-[a-z-]+)', first_sheet)


def test_the_big_points_pad_is_drawn_as_printed_bonus_rows_between_their_colours() -> None:
    first_sheet, rows = first_sheet_rows(BIG_POINTS.id)
    assert rows == [
        "row row-red",
        "row bonus row-red-yellow",
        "row row-yellow",
        "row row-green",
        "row bonus row-green-blue",
        "row row-blue",
    ]
    bonus = first_sheet.split("row-red-yellow")[1].split("</div>")[0]
    assert 'class="cell lock' not in bonus and "◆●" in bonus  # no lock; both colours' symbols


def test_a_bonus_cross_shows_in_the_points_of_both_colour_rows() -> None:
    app = big_points()
    app.handle("roll", {})
    state = state_of(app)
    total = state.white_sum
    sheets = list(state.sheets)
    sheets[0] = sheets[0].cross(RED, total)
    assert app.match is not None
    app.match._states[-1] = state._replace(sheets=tuple(sheets))  # red crossed before
    app.regions()  # drawn once: the red row is remembered with its one cross
    app.handle("answer", {"player": "0", "row": str(RED_YELLOW)})
    app.handle("answer", {"player": "1", "row": "none"})
    red = app.regions()["board"].split('data-piece="r0.0"')[1].split("</div>")[0]
    assert "3 pts" in red  # the red cross and the bonus cross: 2 crosses


def test_the_record_history_and_statistics_name_the_pad() -> None:
    app = big_points(("Ann",))
    to_the_end_by_penalties(app)
    assert app.match is not None
    assert app.match.record()["options"] == {"variant": BIG_POINTS.id}
    [entry] = app.history.games()
    assert entry["variant"] == BIG_POINTS.id
    plain = new_app()
    plain.start(["Ann"], 4)
    to_the_end_by_penalties(plain)
    [base_entry] = plain.history.games()
    assert "variant" not in base_entry  # base Qwixx's entries as before
    kinds = [row.game for row in player_stats([base_entry, entry])]
    assert kinds == ["qwixx", "qwixx:big_points"]  # statistics per pad
    html = stats_html([base_entry, entry], Translator("en", {}), GAME_UIS)
    assert "<caption>Qwixx</caption>" in html and "<caption>Qwixx Big Points</caption>" in html


def test_a_variant_for_a_game_without_variants_is_refused_in_words() -> None:
    app = new_app()
    app.start(["Ann", "Bo"], 4, game="diceland", variant=BIG_POINTS.id)
    assert app.screen == "setup"
    assert "has no option named" in app.notice


def test_a_saved_big_points_game_comes_back_on_its_pad() -> None:
    app = big_points()
    app.handle("roll", {})
    assert app.match is not None
    record = json.loads(json.dumps(app.match.record()))
    assert record["options"] == {"variant": BIG_POINTS.id}
    store = app.store.store
    assert isinstance(store, MemoryStore)
    again = new_app(store)
    assert state_of(again).variant is BIG_POINTS
    assert active(again) == active(app)


def test_the_setup_offers_every_pad_by_its_name() -> None:
    assert QwixxUI.variants == {
        "base": "Qwixx",
        BIG_POINTS.id: "Qwixx Big Points",
        MIXX_A.id: "Qwixx Mixx A",
        MIXX_B.id: "Qwixx Mixx B",
        DOUBLE_A.id: "Qwixx Double A",
        DOUBLE_B.id: "Qwixx Double B",
    }


def test_the_mixx_a_pad_is_drawn_as_printed_each_box_in_its_colour_and_symbol() -> None:
    first_sheet, rows = first_sheet_rows(MIXX_A.id)
    assert rows == [f"row mixed row-{colour}" for colour in ("red", "yellow", "green", "blue")]
    top = first_sheet.split('data-piece="r0.0"')[1].split("</div>")[0]
    boxes = re.findall(r'class="cell box-([a-z]+)[^"]*"[^>]*>(\d+)<small[^>]*>(.)</small>', top)
    assert boxes == [
        *((colour, str(n), "●") for colour, n in (("yellow", 2), ("yellow", 3), ("yellow", 4))),
        *((colour, str(n), "■") for colour, n in (("blue", 5), ("blue", 6), ("blue", 7))),
        *((colour, str(n), "▲") for colour, n in (("green", 8), ("green", 9), ("green", 10))),
        *((colour, str(n), "◆") for colour, n in (("red", 11), ("red", 12))),
    ]
    assert 'aria-label="yellow 2"' in top and 'class="cell lock' in top


def test_the_mixx_b_pad_prints_each_row_in_its_mixed_order() -> None:
    app = new_app()
    app.start(["Ann", "Bo"], 4, variant=MIXX_B.id)
    first_sheet = app.regions()["board"].split("</section>")[0]
    for printed in MIXX_B.rows:
        row = first_sheet.split(f'data-piece="r0.{printed.row}"')[1].split("</div>")[0]
        numbers = re.findall(r'class="cell[^"]*"[^>]*>(\d+)</span>', row)
        assert tuple(map(int, numbers)) == printed.numbers
        assert "box-" not in row  # one colour a row: drawn as base Qwixx's


def test_each_pad_has_its_own_statistics() -> None:
    entries = []
    for pad in (MIXX_A, MIXX_B, DOUBLE_A, DOUBLE_B):
        app = new_app()
        app.start(["Ann"], 4, variant=pad.id)
        to_the_end_by_penalties(app)
        [entry] = app.history.games()
        assert entry["variant"] == pad.id
        entries.append(entry)
    games = [row.game for row in player_stats(entries)]
    assert games == ["qwixx:double_a", "qwixx:double_b", "qwixx:mixx_a", "qwixx:mixx_b"]
    html = stats_html(entries, Translator("en", {}), GAME_UIS)
    assert "<caption>Qwixx Mixx A</caption>" in html
    assert "<caption>Qwixx Mixx B</caption>" in html
    assert "<caption>Qwixx Double A</caption>" in html
    assert "<caption>Qwixx Double B</caption>" in html


def test_the_double_a_pad_draws_an_extra_box_under_each_number_but_the_last() -> None:
    """Each number but the last has its small extra box; the white sum on the rightmost crossed
    number crosses it, drawn and counted in the row's points."""
    app = new_app()
    app.start(["Ann", "Bo"], 4, variant=DOUBLE_A.id)
    app.handle("roll", {})
    state = state_of(app)
    total = state.white_sum
    row = GREEN if total == 12 else RED  # a number that is not its row's last
    sheets = list(state.sheets)
    sheets[0] = sheets[0].cross(row, total)
    assert app.match is not None
    app.match._states[-1] = state._replace(sheets=tuple(sheets))  # crossed before
    first_sheet = app.regions()["board"].split("</section>")[0]
    rows = re.findall(r'<div class="(row(?: extras)? row-[a-z-]+)', first_sheet)
    assert rows == [f"row extras row-{name}" for name in ROW_NAMES]
    drawn = first_sheet.split(f'data-piece="r0.{row}"')[1].split("</div>")[0]
    assert drawn.count('<small class="extra"') == 10 and "1 pt" in drawn
    controls = app.regions()["controls"]
    button = controls.split(f'data-player="0" data-row="{row}"')[1].split("</button>")[0]
    assert f"{total}, its extra box" in button and "extra box</small>" in button
    app.handle("answer", {"player": "0", "row": str(row)})
    app.handle("answer", {"player": "1", "row": "none"})
    drawn = app.regions()["board"].split(f'data-piece="r0.{row}"')[1].split("</div>")[0]
    assert f'aria-label="{ROW_NAMES[row]} {total}, crossed twice"' in drawn
    assert drawn.count('<small class="extra crossed"') == 1 and "3 pts" in drawn


def test_the_double_b_pad_prints_four_double_boxes_a_row_each_read_as_two_crosses() -> None:
    """Each row's double boxes print their number twice, framed, and are read as two crosses;
    a choice that crosses one says so, and crossing it adds two crosses to the row's points."""
    app = new_app()
    app.start(["Ann", "Bo"], 4, variant=DOUBLE_B.id)
    first_sheet = app.regions()["board"].split("</section>")[0]
    rows = re.findall(r'<div class="(row(?: doubles)? row-[a-z-]+)', first_sheet)
    assert rows == [f"row doubles row-{name}" for name in ROW_NAMES]
    for printed in DOUBLE_B.rows:
        drawn = first_sheet.split(f'data-piece="r0.{printed.row}"')[1].split("</div>")[0]
        doubles = re.findall(
            r'class="cell double[^"]*"[^>]*aria-label="([^"]*)"[^>]*>'
            r'<span class="double-pair" aria-hidden="true"><span>(\d+)</span><span>(\d+)</span>',
            drawn,
        )
        name = ROW_NAMES[printed.row]
        assert doubles == [
            (f"{name} {number}, double box: two crosses", str(number), str(number))
            for number in printed.doubles
        ]
    app.handle("roll", {})
    total = state_of(app).white_sum
    assert total == 9  # the seeded roll: red's and yellow's double box
    row = RED
    controls = app.regions()["controls"]
    button = controls.split(f'data-player="0" data-row="{row}"')[1].split("</button>")[0]
    assert f"{total}, a double box: two crosses, leaving 7 numbers behind" in button
    assert "×2 · skips 7</small>" in button  # noqa: RUF001
    app.handle("answer", {"player": "0", "row": str(row)})
    app.handle("answer", {"player": "1", "row": "none"})
    drawn = app.regions()["board"].split(f'data-piece="r0.{row}"')[1].split("</div>")[0]
    assert f'aria-label="{ROW_NAMES[row]} {total}, double box: two crosses, crossed"' in drawn
    assert "3 pts" in drawn
