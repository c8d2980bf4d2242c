"""A first game's guide: which line shows at which moment, once per device, gone for good with
one tap, back on request; the kinds of decision as each game's rules name them."""

from __future__ import annotations

import json
import re

import pytest
from app_support import active, new_app
from diceland_support import SMALL, match_from, sheet_with, to_phase2
from diceland_support import roll as diceland_roll
from diceland_support import state_of as diceland_state
from qwixx_support import roll as qwixx_roll
from shelfie_support import decide, sheet
from test_diceland_app import started, tap_step, to_phase
from test_diceland_app import state_of as app_state

from dadoteca.core import PASS
from dadoteca.match import Match, Seat
from dadoteca.table import Table
from dadoteca_games.diceland.rules import (
    BONUS_MOMENT,
    CHOOSE,
    COLOURS,
    CROSS_OTHER_MOMENT,
    CROSS_OWN_MOMENT,
    REROLL_MOMENT,
    SET_ASIDE_MOMENT,
    Phase,
)
from dadoteca_games.qwixx.rules import (
    BONUS_BOX_MOMENT,
    COLOUR_SUM_MOMENT,
    QWIXX,
    RED,
    WHITE_SUM_MOMENT,
    QwixxState,
)
from dadoteca_games.qwixx.variants import BIG_POINTS, BigPointsSheet
from dadoteca_games.shelfie.rules import COMBINATION_MOMENT, FAILED_ROLL_MOMENT, JOLLY_MOMENT
from dadoteca_web.app import App
from dadoteca_web.guide import GUIDE_KEY
from dadoteca_web.storage import MemoryStore


def shown_kinds(app: App) -> list[str]:
    """The kinds whose lines the screen shows: the guide's region, and each place's."""
    regions = app.regions()
    return re.findall(
        r'data-act="guide-seen" data-kind="([^"]+)"', regions["guide"] + regions["board"]
    )


def told(store: MemoryStore) -> list[str]:
    return list(json.loads(store.items.get(GUIDE_KEY, "[]")))


def roll(app: App) -> None:
    app.handle("roll", {})


def nobody_crosses_white_sum(app: App) -> None:
    app.handle("answer", {"player": str(active(app)), "row": "none"})
    app.handle("done", {})


# --- The kinds, as each game's rules name them ----------------------------------------------------


def test_qwixx_the_white_sum_is_everyones_the_coloured_sum_the_active_players() -> None:
    match = Match(QWIXX, [Seat("A"), Seat("B")], seed=7)
    assert match.state.moment_kinds(0) == ()  # the dice are to be rolled: nobody decides
    qwixx_roll(match, 3, 4)
    assert [match.state.moment_kinds(p) for p in (0, 1)] == [(WHITE_SUM_MOMENT,)] * 2
    match.play(0, QWIXX.parse_action("pass"))
    assert match.state.moment_kinds(0) == ()  # answered: the others' moment still
    match.play(1, QWIXX.parse_action("pass"))
    assert match.state.moment_kinds(0) == (COLOUR_SUM_MOMENT,)
    assert match.state.moment_kinds(1) == ()


def test_big_points_a_bonus_box_within_reach_is_a_kind_of_its_own() -> None:
    big = {"variant": BIG_POINTS.id}
    match = Match(QWIXX, [Seat("A"), Seat("B")], seed=7, options=big)
    crossed = BigPointsSheet.empty().cross(RED, 7)
    match._states[-1] = QwixxState((crossed, BigPointsSheet.empty()), generator=7)
    qwixx_roll(match, 3, 4)  # white 7: red 7 is crossed, so the bonus 7 beside it is open
    assert match.state.moment_kinds(0) == (WHITE_SUM_MOMENT, BONUS_BOX_MOMENT)
    assert match.state.moment_kinds(1) == (WHITE_SUM_MOMENT,)


def test_diceland_set_aside_reroll_then_cross_own_and_others_colours() -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL))
    diceland_roll(match, "red red yellow green blue grey")
    assert diceland_state(match).moment_kinds(0) == (SET_ASIDE_MOMENT,)
    assert diceland_state(match).moment_kinds(1) == ()
    match.play(0, CHOOSE[0])
    assert diceland_state(match).moment_kinds(0) == (REROLL_MOMENT,)
    match = match_from(sheet_with(SMALL), sheet_with(SMALL))
    to_phase2(match, "red red yellow green blue grey", 0)
    assert diceland_state(match).phase == Phase.MARK
    assert diceland_state(match).moment_kinds(0) == (CROSS_OWN_MOMENT,)
    assert diceland_state(match).moment_kinds(1) == (CROSS_OTHER_MOMENT,)
    # Three orange dice for an orange area of two cells: nothing fits, a pass with no line.
    nothing = match_from(sheet_with(SMALL), sheet_with(SMALL))
    to_phase2(nothing, "orange orange orange red yellow green", COLOURS.index("orange"))
    assert diceland_state(nothing).legal_actions(0) == [PASS]
    assert diceland_state(nothing).moment_kinds(0) == ()
    assert diceland_state(nothing).moment_kinds(1) == (CROSS_OTHER_MOMENT,)
    bonus = diceland_state(match)._replace(phase=Phase.BONUS, bonus_player=1)
    assert bonus.moment_kinds(1) == (BONUS_MOMENT,)
    assert bonus.moment_kinds(0) == ()


def test_shelfie_combinations_then_the_jolly_or_a_failed_roll() -> None:
    assert decide(dice_text="cat cat book plant trophy game").moment_kinds(0) == (
        COMBINATION_MOMENT,
    )
    with_jolly = decide(dice_text="cat jolly book plant trophy game")
    assert with_jolly.moment_kinds(0) == (COMBINATION_MOMENT, JOLLY_MOMENT)
    assert with_jolly.moment_kinds(1) == ()
    # Every cat and book circled or crossed: cats and books make nothing free.
    full = sheet("OOOOO", "XXXXX", ".....", ".....", ".....")
    failed = decide(dice_text="cat cat book book cat book", sheet_of_player=full)
    assert failed.moment_kinds(0) == (FAILED_ROLL_MOMENT,)


def test_a_computer_has_no_kinds_nobody_reads_its_screen() -> None:
    match = Match(QWIXX, [Seat("A"), Seat("Bot", "bot")], seed=7)
    qwixx_roll(match, 3, 4)
    table = Table(match)
    assert table.moment_kinds(0) == (WHITE_SUM_MOMENT,)
    assert table.moment_kinds(1) == ()


# --- The guide on screen --------------------------------------------------------------------------


def test_each_kind_shows_during_its_first_moment_then_never_again_on_this_device() -> None:
    store = MemoryStore()
    app = new_app(store)
    app.start(["Ann", "Bob"])
    assert shown_kinds(app) == []  # the roll: nothing to say
    roll(app)
    assert shown_kinds(app) == [WHITE_SUM_MOMENT]
    assert told(store) == []  # still on screen: told once its moment has passed
    app.handle("answer", {"player": "0", "row": "none"})
    assert shown_kinds(app) == [WHITE_SUM_MOMENT]  # the same moment, still answered
    app.handle("done", {})
    assert shown_kinds(app) == [COLOUR_SUM_MOMENT]
    assert told(store) == [WHITE_SUM_MOMENT]
    app.handle("pass", {"seat": "0"})
    assert shown_kinds(app) == []
    assert told(store) == [COLOUR_SUM_MOMENT, WHITE_SUM_MOMENT]
    roll(app)
    assert shown_kinds(app) == []  # the second white sum: told already
    # Another game on the same device: nothing told again.
    again = new_app(store)
    again.start(["Cid", "Dee"])
    roll(again)
    assert shown_kinds(again) == []


def test_one_tap_takes_a_line_away_for_good_a_forged_kind_changes_nothing() -> None:
    store = MemoryStore()
    app = new_app(store)
    app.start(["Ann", "Bob"])
    roll(app)
    app.handle("guide-seen", {"kind": "qwixx.nothing"})
    app.handle("guide-seen", {"kind": COLOUR_SUM_MOMENT})  # not on screen
    assert shown_kinds(app) == [WHITE_SUM_MOMENT] and told(store) == []
    moment = app.moment
    app.handle("guide-seen", {"kind": WHITE_SUM_MOMENT})
    assert shown_kinds(app) == [] and told(store) == [WHITE_SUM_MOMENT]
    assert app.moment == moment  # the game did not move: the tap was the guide's alone
    assert new_app(store).guide.told() == {WHITE_SUM_MOMENT}


def test_the_rules_ask_for_the_games_lines_again_and_only_that_games() -> None:
    store = MemoryStore()
    store.items[GUIDE_KEY] = json.dumps([WHITE_SUM_MOMENT, COLOUR_SUM_MOMENT, SET_ASIDE_MOMENT])
    app = new_app(store)
    app.start(["Ann", "Bob"])
    roll(app)
    assert shown_kinds(app) == []
    app.handle("guide-again", {})
    assert shown_kinds(app) == [WHITE_SUM_MOMENT]
    assert told(store) == [SET_ASIDE_MOMENT]  # Diceland's stays told
    nobody_crosses_white_sum(app)
    assert shown_kinds(app) == [COLOUR_SUM_MOMENT]


@pytest.mark.parametrize(
    "stored", ["{", "42", '{"qwixx.white_sum": 1}', '["qwixx.colour_sum", 3, null]', "x" * 20_000]
)
def test_a_stored_value_that_cannot_be_read_is_none_told(stored: str) -> None:
    store = MemoryStore()
    store.items[GUIDE_KEY] = stored
    app = new_app(store)
    app.start(["Ann", "Bob"])
    roll(app)
    assert shown_kinds(app) == [WHITE_SUM_MOMENT]
    nobody_crosses_white_sum(app)
    assert app.notice == ""
    readable = [COLOUR_SUM_MOMENT] if stored.startswith('["qwixx.colour_sum"') else []
    assert shown_kinds(app) == ([] if readable else [COLOUR_SUM_MOMENT])
    assert told(store) == [*readable, WHITE_SUM_MOMENT]  # written whole again, readable


class RefusingStore(MemoryStore):
    """Storage that refuses the guide's writes (full): the guide only says its lines again."""

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 - the Web Storage API's
        if key == GUIDE_KEY:
            raise OSError("QuotaExceededError")
        super().setItem(key, value)


def test_storage_that_refuses_the_guide_loses_nothing_else() -> None:
    store = RefusingStore()
    app = new_app(store)
    app.start(["Ann", "Bob"])
    roll(app)
    app.handle("guide-seen", {"kind": WHITE_SUM_MOMENT})
    assert shown_kinds(app) == [WHITE_SUM_MOMENT]  # not kept: said again
    nobody_crosses_white_sum(app)
    assert app.notice == "" and shown_kinds(app) == [COLOUR_SUM_MOMENT]


def test_pass_and_play_each_person_handed_the_first_phase_two_reads_their_line() -> None:
    app = started(("Ann", "Bo", "Cy"))
    assert shown_kinds(app) == []
    roll(app)
    assert shown_kinds(app) == [SET_ASIDE_MOMENT]
    to_phase(app, Phase.MARK)
    mover = app_state(app).active
    seen: dict[int, list[str]] = {}
    while app.screen == "play" and app_state(app).phase == Phase.MARK:
        assert app.table is not None
        seen.setdefault(app.table.asked, shown_kinds(app))
        tap_step(app)
    assert seen == {p: [CROSS_OWN_MOMENT if p == mover else CROSS_OTHER_MOMENT] for p in range(3)}
    app.regions()  # the screen after phase 2: its lines are gone, told for good
    assert {CROSS_OWN_MOMENT, CROSS_OTHER_MOMENT} <= app.guide.told()


def test_around_a_table_top_each_acting_place_shows_its_own_line() -> None:
    store = MemoryStore()
    app = new_app(store)
    app.start(["Ann", "Bob"], choices=[{"edge": "bottom"}, {"edge": "top"}])
    assert app.seating == ("bottom", "top")
    roll(app)
    regions = app.regions()
    assert regions["guide"] == ""
    for seat in (0, 1):
        place = regions["board"].split(f'data-place="{seat}"', 1)[1].split("data-place=")[0]
        assert f'data-kind="{WHITE_SUM_MOMENT}"' in place
    app.handle_at(1, "guide-seen", {"kind": WHITE_SUM_MOMENT})
    assert shown_kinds(app) == []  # told for good: the other place's line goes too


def test_a_window_watching_another_play_shows_no_line_and_writes_nothing() -> None:
    store = MemoryStore()
    app = new_app(store)
    app.start(["Ann", "Bot"], choices=[{}, {"player": "bot"}])
    roll(app)
    assert shown_kinds(app) == [WHITE_SUM_MOMENT]
    app.watching = True  # another window took the game: this one shows it, writes nothing
    assert shown_kinds(app) == [] and GUIDE_KEY not in store.items
