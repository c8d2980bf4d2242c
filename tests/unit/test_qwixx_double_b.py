"""Qwixx Double B: each of its rulings, the published example, and random games read the way
the sources say (property tests: invariants after every step; check() agreeing with apply(),
records and the computer players are test_qwixx_variant_games.py's, parametrised by pad).
The lock at 7 and the 16-cross table it shares with Double A: test_qwixx_double.py too."""

from __future__ import annotations

from itertools import product
from typing import Final

import pytest
from properties_support import play_seeded_games
from qwixx_support import check_row_die_cross, pad_match, pad_sheet, refused, roll, state_of

from dadoteca.core import Action, AnyState
from dadoteca_games.qwixx.bots import NormalQwixxBot, row_outlook
from dadoteca_games.qwixx.rules import (
    COLOUR_SUM_MOMENT,
    CROSSED,
    DOUBLE_BOX_MOMENT,
    PASS,
    QWIXX,
    WHITE_SUM_MOMENT,
    QwixxState,
)
from dadoteca_games.qwixx.sheet import (
    BASE_VARIANT,
    BLUE,
    GREEN,
    RED,
    YELLOW,
    Cross,
    Sheet,
    SheetRow,
    row_points,
)
from dadoteca_games.qwixx.variants import DOUBLE_A, DOUBLE_B, DoubleBSheet

PAD: Final = {"variant": DOUBLE_B.id}
# Ruling QWIXX_DOUBLE_B_SHEET: the research note on the leaflet's places, by row.
PLACES: Final = {
    RED: (3, 5, 9, 11),
    YELLOW: (3, 5, 9, 11),
    GREEN: (10, 8, 6, 4),
    BLUE: (10, 8, 6, 4),
}
EVERY_DOUBLE_BOX: Final = [(row, number) for row, numbers in PLACES.items() for number in numbers]


def double_b(crossed: dict[int, list[int]], penalties: int = 0) -> DoubleBSheet:
    """A Double B sheet: each number listed crossed in turn."""
    sheet = pad_sheet(DoubleBSheet, crossed, penalties)
    assert isinstance(sheet, DoubleBSheet)
    return sheet


# --- The sheet (ruling QWIXX_DOUBLE_B_SHEET) ------------------------------------------------


def test_ruling_double_b_sheet_base_qwixxs_rows_with_four_double_boxes_each() -> None:
    assert [printed.numbers for printed in DOUBLE_B.rows] == [
        printed.numbers for printed in BASE_VARIANT.rows
    ]
    assert {printed.row: printed.doubles for printed in DOUBLE_B.rows} == PLACES
    assert not DOUBLE_B.extra_boxes  # Double A's extra boxes are not printed on B
    assert all(not printed.doubles for printed in (*BASE_VARIANT.rows, *DOUBLE_A.rows))
    state = QWIXX.new_game(2, 1, PAD)
    assert isinstance(state, QwixxState) and state.variant is DOUBLE_B
    assert all(type(sheet) is DoubleBSheet for sheet in state.sheets)


def test_published_example_the_3_is_a_double_box_in_red_and_yellow() -> None:
    """boardgamemonkeys.com: "eine Zahl (z.B. die 3 bei rot und gelb) doppelt im Kästchen"."""
    assert 3 in DOUBLE_B.printed_row(RED).doubles
    assert 3 in DOUBLE_B.printed_row(YELLOW).doubles


def test_ruling_double_b_sheet_no_rows_last_number_is_a_double_box() -> None:
    """So a lock box is never one; a printed row refuses a double box on its last number."""
    assert all(printed.numbers[-1] not in printed.doubles for printed in DOUBLE_B.rows)
    with pytest.raises(ValueError, match="double box"):
        SheetRow(RED, (RED,), lock=True, doubles=(3, 12))


# --- A double box (ruling QWIXX_DOUBLE_B_DOUBLE_BOX) ------------------------------------------


@pytest.mark.parametrize(("row", "number"), EVERY_DOUBLE_BOX)
def test_ruling_double_box_each_one_scores_two_crosses(row: int, number: int) -> None:
    sheet = double_b({row: [number]})
    assert sheet.crossed_numbers(row) == (number,)
    assert sheet.crosses(row) == 2 and sheet.row_score(row) == row_points(2) == sheet.score()


def test_ruling_double_box_a_single_box_scores_one_cross() -> None:
    singles = {RED: [2], YELLOW: [4], GREEN: [12], BLUE: [7]}
    sheet = double_b(singles)
    assert [sheet.crosses(row) for row in singles] == [1, 1, 1, 1] and sheet.score() == 4


def test_ruling_double_box_crossed_by_the_white_sum_is_one_event_and_two_crosses() -> None:
    """Also a kind of decision of its own, for a first game's guide."""
    match = pad_match(DOUBLE_B, double_b({}), double_b({}))
    roll(match, 4, 5)  # white 9: red and yellow 9 are double boxes, green and blue 9 are not
    assert state_of(match).moment_kinds(1) == (WHITE_SUM_MOMENT, DOUBLE_BOX_MOMENT)
    before = match.play(0, Cross(RED, 9))
    after = match.play(1, Cross(GREEN, 9))
    assert isinstance(before, QwixxState) and isinstance(after, QwixxState)
    crossed = [(e.players, e.params) for e in after.events(before, 1, PASS) if e.kind == CROSSED]
    assert crossed == [((0,), {"row": "red", "number": 9}), ((1,), {"row": "green", "number": 9})]
    ann, bo = after.sheets
    assert (ann.crosses(RED), ann.score()) == (2, 3)
    assert (bo.crosses(GREEN), bo.score()) == (1, 1)


def test_ruling_double_box_of_the_active_player_by_a_white_and_a_colour_die() -> None:
    match = pad_match(DOUBLE_B, double_b({}), double_b({}))
    roll(match, 1, 1, b=5)  # white 2; white 1 + blue 5 = blue 6, a double box
    assert state_of(match).moment_kinds(0) == (WHITE_SUM_MOMENT,)
    match.play(0, PASS)
    match.play(1, PASS)
    assert state_of(match).moment_kinds(0) == (COLOUR_SUM_MOMENT, DOUBLE_BOX_MOMENT)
    match.play(0, Cross(BLUE, 6))  # the active player's only cross: no penalty
    sheet = state_of(match).sheets[0]
    assert (sheet.crosses(BLUE), sheet.penalties) == (2, 0)


def test_ruling_double_box_is_crossed_once_left_to_right() -> None:
    match = pad_match(DOUBLE_B, double_b({YELLOW: [5]}), double_b({}))
    roll(match, 2, 3)
    assert Cross(YELLOW, 5) not in state_of(match).legal_actions(0)
    assert refused(match, 0, Cross(YELLOW, 5)) == "qwixx.left_to_right"
    assert double_b({YELLOW: [5]}).broken_rule(YELLOW, 3, 0) == "qwixx.left_to_right"


# --- Locking after 7 crosses, double boxes counted (rulings QWIXX_DOUBLE_LOCK and ---------------
# QWIXX_DOUBLE_B_DOUBLE_BOX)


def test_ruling_double_box_counts_two_toward_the_locks_seven() -> None:
    """Red 3, 5 and 9 are six crosses: the 12 is refused; a red 10 makes seven, from four
    numbers, and the 12 locks the row."""
    six = double_b({RED: [3, 5, 9]})
    assert six.crosses(RED) == 6
    match = pad_match(DOUBLE_B, six, double_b({}))
    roll(match, 6, 6)
    assert refused(match, 0, Cross(RED, 12)) == "qwixx.seven_before_last"
    seven = six.cross(RED, 10)
    assert seven.crosses(RED) == 7 and seven.broken_rule(RED, 12, 0) is None
    match = pad_match(DOUBLE_B, seven, double_b({}))
    roll(match, 6, 6)
    match.play(0, Cross(RED, 12))
    match.play(1, PASS)
    state = state_of(match)
    assert state.closed == 1 << RED and state.sheets[0].crosses(RED) == 9  # 7, the 12, the lock


def test_ruling_double_lock_the_four_double_boxes_alone_are_enough() -> None:
    sheet = double_b({GREEN: [10, 8, 6, 4]})
    assert sheet.crosses(GREEN) == 8 and sheet.broken_rule(GREEN, 2, 0) is None
    assert double_b({GREEN: [12, 11, 9, 7, 5, 3]}).broken_rule(GREEN, 2, 0) == (
        "qwixx.seven_before_last"
    )


def test_ruling_double_lock_seven_crosses_by_action_2() -> None:
    match = pad_match(DOUBLE_B, double_b({BLUE: [10, 8, 6]}), double_b({}))
    roll(match, 1, 6, b=1)  # white 7; white 1 + blue 1 = blue 2
    match.play(0, PASS)
    match.play(1, PASS)
    assert Cross(BLUE, 2) not in state_of(match).legal_actions(0)
    assert refused(match, 0, Cross(BLUE, 2)) == "qwixx.seven_before_last"
    match = pad_match(DOUBLE_B, double_b({BLUE: [10, 8, 6, 5]}), double_b({}))
    roll(match, 1, 6, b=1)
    match.play(0, PASS)
    match.play(1, PASS)
    match.play(0, Cross(BLUE, 2))
    assert state_of(match).closed == 1 << BLUE


# --- Scoring (rulings QWIXX_DOUBLE_SCORE and QWIXX_DOUBLE_B_DOUBLE_BOX) --------------------------


def test_ruling_double_b_score_a_whole_row_is_the_tables_16_crosses_136_points() -> None:
    """11 numbers, 4 second crosses and the lock: the table's end, never passed on this pad."""
    whole = {row: list(printed.numbers) for row, printed in enumerate(DOUBLE_B.rows)}
    sheet = double_b(whole, penalties=2)
    assert [sheet.crosses(row) for row in range(4)] == [16] * 4
    assert [sheet.row_score(row) for row in range(4)] == [136] * 4
    assert sheet.score() == 4 * 136 - 10


# --- Random games read the way the sources say -----------------------------------------------


def sources_objection(sheet: Sheet, row: int, number: int, closed: int) -> str | None:
    """What the sources forbid of crossing ``number`` in ``row``, read from the crossed numbers
    and the printed places: a number right of the last cross; the last needing 7 crosses, each
    double box two."""
    printed = DOUBLE_B.rows[row]
    crossed = sheet.crossed_numbers(row)
    where = printed.numbers.index(number)
    rightmost = printed.numbers.index(crossed[-1]) if crossed else -1
    crosses = len(crossed) + len(set(crossed) & set(printed.doubles))
    objections = {
        "locked": bool(closed >> row & 1) or sheet.is_locked(row),
        "left to right": where <= rightmost,
        "seven before last": number == printed.numbers[-1] and crosses < 7,
    }
    return next((name for name, broken in objections.items() if broken), None)


def check_step(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
    assert isinstance(before, QwixxState) and isinstance(after, QwixxState)
    assert {type(sheet) for sheet in after.sheets} == {DoubleBSheet}
    for sheet, row in product(after.sheets, range(4)):
        crossed = sheet.crossed_numbers(row)
        doubled = set(crossed) & set(DOUBLE_B.rows[row].doubles)
        count = len(crossed) + len(doubled) + sheet.is_locked(row)
        assert sheet.crosses(row) == count <= 16
        assert sheet.row_score(row) == row_points(count)
    if isinstance(action, Cross):
        check_row_die_cross(before, player, action, sources_objection)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_seeded_double_b_games_keep_the_sources_rules_and_replay(players: int) -> None:
    ended = play_seeded_games("qwixx", players, 40, check_step, check_step, options=lambda *_: PAD)
    assert any(
        set(sheet.crossed_numbers(printed.row)) & set(printed.doubles)
        for state in ended
        if isinstance(state, QwixxState)
        for sheet in state.sheets
        for printed in DOUBLE_B.rows
    )


# --- Computer players --------------------------------------------------------------------------


def test_the_normal_players_outlook_counts_double_boxes_as_the_pad_does() -> None:
    """A crossed double box is two crosses of its row, one ahead two numbers to come: red 3
    crossed leaves 9 numbers and 3 double boxes; an empty row 11 numbers and 4 double boxes
    (the pad's score alone would not teach the bot a row's long-run worth)."""
    share = NormalQwixxBot.SHARE_OF_FREE_NUMBERS
    sheet = double_b({RED: [3]})
    assert sheet.double_boxes_ahead(RED) == 3 and sheet.double_boxes_ahead(YELLOW) == 4
    expected = row_outlook(2, 9 + 3, share) + 3 * row_outlook(0, 11 + 4, share)
    assert NormalQwixxBot().value(sheet, 0) == pytest.approx(expected)
    locked = double_b({GREEN: [10, 8, 6, 4, 2]})
    assert locked.double_boxes_ahead(GREEN) == 0
