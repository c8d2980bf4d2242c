"""Qwixx's variant pads on screen, in CPython: chosen at the setup, drawn as printed, named by
the record, the history and the statistics (each pad its own)."""

from __future__ import annotations

import json
import re

from app_support import active, new_app, nobody_crosses

from dadoteca_games.qwixx.rules import RED, RED_YELLOW, Phase, QwixxState
from dadoteca_games.qwixx.variants import BIG_POINTS
from dadoteca_web.app import GAME_UIS, App
from dadoteca_web.i18n import Translator
from dadoteca_web.stats import player_stats, stats_html
from dadoteca_web.storage import MemoryStore


def big_points(names: tuple[str, ...] = ("Ann", "Bo")) -> App:
    app = new_app()
    app.start(list(names), 4, variant=BIG_POINTS.id)
    return app


def state_of(app: App) -> QwixxState:
    state = app.state
    assert isinstance(state, QwixxState)
    return state


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


def test_the_big_points_pad_is_drawn_as_printed_bonus_rows_between_their_colours() -> None:
    app = big_points()
    board = app.regions()["board"]
    first_sheet = board.split("</section>")[0]
    rows = re.findall(r'<div class="(row(?: bonus)? row-[a-z-]+)', first_sheet)
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
