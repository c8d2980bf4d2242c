"""Qwixx Double A: each of its rulings, the published examples, and random games read the way
the sources say (property tests: invariants after every step; check() agreeing with apply(),
records and the computer players are test_qwixx_mixx.py's, parametrised by pad)."""

from __future__ import annotations

from itertools import product
from typing import Final

import pytest
from properties_support import play_seeded_games
from qwixx_support import check_row_die_cross, pad_match, pad_sheet, refused, roll, state_of

from dadoteca.core import Action, AnyState
from dadoteca_games.qwixx.rules import (
    COLOUR_SUM_MOMENT,
    CROSSED,
    EXTRA_BOX_MOMENT,
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
    row_points,
)
from dadoteca_games.qwixx.variants import DOUBLE_A, DoubleASheet

PAD: Final = {"variant": DOUBLE_A.id}


def double(crossed: dict[int, list[int]], penalties: int = 0) -> Sheet:
    """A Double A sheet: each number listed crossed in turn (a number listed twice running
    crosses its extra box)."""
    return pad_sheet(DoubleASheet, crossed, penalties)


# --- The sheet (ruling QWIXX_DOUBLE_A_SHEET) ------------------------------------------------


def test_ruling_double_a_sheet_base_qwixxs_rows_with_extra_boxes() -> None:
    assert DOUBLE_A.rows == BASE_VARIANT.rows
    assert DOUBLE_A.extra_boxes and not BASE_VARIANT.extra_boxes
    state = QWIXX.new_game(2, 1, PAD)
    assert isinstance(state, QwixxState) and state.variant is DOUBLE_A
    assert all(type(sheet) is DoubleASheet for sheet in state.sheets)


# --- Extra boxes (ruling QWIXX_DOUBLE_A_EXTRA_BOX) -------------------------------------------


def test_ruling_extra_box_the_rightmost_crossed_number_crossed_again_counts_a_cross() -> None:
    match = pad_match(DOUBLE_A, double({RED: [4, 6]}), double({}))
    roll(match, 2, 4)  # white 6, rolled by the other player: anyone may take it
    assert Cross(RED, 6) in state_of(match).legal_actions(0)
    match.play(0, Cross(RED, 6))
    match.play(1, PASS)
    sheet = state_of(match).sheets[0]
    assert sheet.crossed_numbers(RED) == (4, 6) and sheet.extra_crossed(RED) == (6,)
    assert sheet.crosses(RED) == 3 and sheet.score() == row_points(3)


def test_ruling_extra_box_does_not_move_the_rows_rightmost_cross() -> None:
    sheet = double({GREEN: [9, 9]})
    assert sheet.broken_rule(GREEN, 8, 0) is None  # right of the 9: free as before
    assert sheet.broken_rule(GREEN, 10, 0) == "qwixx.left_to_right"
    assert sheet.cross(GREEN, 8).extra_crossed(GREEN) == (9,)


def test_published_example_red_3_4_6_7_only_the_7s_extra_box() -> None:
    """boardgamemonkeys.com's example: red 3, 4, 6 and 7 crossed. Its reading (any crossed
    number, the small boxes left to right) is not followed: only the 7, the rightmost, may take
    its extra box (spielkultisten.de, the note on the leaflet)."""
    match = pad_match(DOUBLE_A, double({RED: [3, 4, 6, 7]}), double({}))
    roll(match, 1, 2, r=2)  # white 3; white 1 + red 2 = red 3, white 2 + red 2 = red 4
    assert refused(match, 0, Cross(RED, 3)) == "qwixx.extra_box_rightmost"
    match.play(0, PASS)
    match.play(1, PASS)
    assert refused(match, 0, Cross(RED, 4)) == "qwixx.extra_box_rightmost"
    match.play(0, PASS)
    roll(match, 3, 4)  # white 7: the other player's roll
    match.play(0, Cross(RED, 7))
    match.play(1, PASS)
    assert state_of(match).sheets[0].extra_crossed(RED) == (7,)


def test_ruling_extra_box_each_number_takes_two_crosses_at_most() -> None:
    match = pad_match(DOUBLE_A, double({YELLOW: [5, 5]}), double({}))
    roll(match, 1, 4)
    assert Cross(YELLOW, 5) not in state_of(match).legal_actions(0)
    assert refused(match, 0, Cross(YELLOW, 5)) == "qwixx.extra_box_crossed"


def test_ruling_extra_box_of_the_active_player_by_a_white_and_a_colour_die() -> None:
    """Also a kind of decision of its own, for a first game's guide."""
    match = pad_match(DOUBLE_A, double({BLUE: [10]}), double({}))
    roll(match, 6, 6, b=4)  # white 12; white 6 + blue 4 = blue 10
    assert state_of(match).moment_kinds(0) == (WHITE_SUM_MOMENT,)
    match.play(0, PASS)
    match.play(1, PASS)
    assert Cross(BLUE, 10) in state_of(match).legal_actions(0)
    assert state_of(match).moment_kinds(0) == (COLOUR_SUM_MOMENT, EXTRA_BOX_MOMENT)
    match.play(0, Cross(BLUE, 10))
    assert state_of(match).sheets[0].extra_crossed(BLUE) == (10,)


def test_ruling_extra_box_not_in_a_locked_row() -> None:
    locked = double({RED: [2, 3, 4, 5, 6, 7, 8, 12]})
    match = pad_match(DOUBLE_A, double({RED: [8]}), locked, closed=1 << RED)
    roll(match, 4, 4, r=None)
    assert refused(match, 0, Cross(RED, 8)) == "qwixx.row_locked"


def test_ruling_extra_box_is_a_cross_an_event_and_no_penalty() -> None:
    match = pad_match(DOUBLE_A, double({GREEN: [7]}), double({}))
    roll(match, 3, 4)
    before = match.play(0, Cross(GREEN, 7))
    after = match.play(1, PASS)
    assert isinstance(before, QwixxState) and isinstance(after, QwixxState)
    events = after.events(before, 1, PASS)
    assert [(e.kind, e.params) for e in events if e.kind == CROSSED] == [
        (CROSSED, {"row": "green", "number": 7})
    ]
    match.play(0, PASS)  # the active player's only cross of the turn: an extra box
    assert state_of(match).sheets[0].penalties == 0


# --- The same turn (ruling QWIXX_DOUBLE_A_SAME_TURN) -----------------------------------------


def test_ruling_same_turn_the_extra_box_of_action_1s_number_waits_for_a_later_roll() -> None:
    """spielkultisten.de: "in einem der nächsten Spielzüge"; the note on the leaflet: when the
    number is rolled again. Action 2's white die plus a colour die is the same roll."""
    match = pad_match(DOUBLE_A, double({}), double({}))
    roll(match, 2, 3, y=3)  # white 5; white 2 + yellow 3 = yellow 5
    match.play(0, Cross(YELLOW, 5))
    match.play(1, PASS)
    assert Cross(YELLOW, 5) not in state_of(match).legal_actions(0)
    assert refused(match, 0, Cross(YELLOW, 5)) == "qwixx.extra_box_later"
    match.play(0, PASS)  # no penalty: action 1 crossed
    assert state_of(match).sheets[0].penalties == 0
    roll(match, 3, 2, y=3)  # the other player's roll, white 5 again: now its extra box
    assert Cross(YELLOW, 5) in state_of(match).legal_actions(0)
    match.play(0, Cross(YELLOW, 5))
    match.play(1, PASS)
    assert state_of(match).sheets[0].crosses(YELLOW) == 2


# --- Locking (ruling QWIXX_DOUBLE_LOCK) -----------------------------------------------------


def test_ruling_double_lock_needs_seven_crosses_before_the_last_number() -> None:
    six = double({RED: [2, 3, 4, 5, 6, 7]})
    match = pad_match(DOUBLE_A, six, double({}))
    roll(match, 6, 6)
    assert refused(match, 0, Cross(RED, 12)) == "qwixx.seven_before_last"
    seven = six.cross(RED, 8)
    assert seven.broken_rule(RED, 12, 0) is None
    locked = seven.cross(RED, 12)
    assert locked.is_locked(RED) and locked.crosses(RED) == 9


def test_ruling_double_lock_counts_the_extra_boxes() -> None:
    sheet = double({BLUE: [12, 11, 11, 10, 9, 9, 8]})
    assert sheet.crosses(BLUE) == 7
    assert sheet.broken_rule(BLUE, 2, 0) is None
    assert double({BLUE: [12, 11, 10, 9, 8, 7]}).broken_rule(BLUE, 2, 0) == (
        "qwixx.seven_before_last"
    )


# --- Scoring (ruling QWIXX_DOUBLE_SCORE) ----------------------------------------------------


def test_ruling_double_score_the_table_ends_at_16_crosses_136_points() -> None:
    every = [n for n in range(2, 12) for _ in range(2)] + [12]  # 21 crosses and the lock
    sheet = double({RED: every, YELLOW: every[:15]})
    assert sheet.crosses(RED) == 22 and sheet.row_score(RED) == 136
    assert sheet.crosses(YELLOW) == 15 and sheet.row_score(YELLOW) == 120
    assert sheet.score() == 256
    assert QWIXX.score_range.stop - 1 == 4 * 136


# --- Random games read the way the sources say -----------------------------------------------


def sources_objection(sheet: Sheet, row: int, number: int, closed: int) -> str | None:
    """What the sources forbid of crossing ``number`` in ``row``, read from the crossed
    numbers: a number right of the last cross, the last needing 7 crosses, extra ones counted;
    or the rightmost crossed number's extra box, once."""
    numbers = DOUBLE_A.rows[row].numbers
    crossed, twice = sheet.crossed_numbers(row), sheet.extra_crossed(row)
    where = numbers.index(number)
    rightmost = numbers.index(crossed[-1]) if crossed else -1
    objections = {
        "locked": bool(closed >> row & 1) or sheet.is_locked(row),
        "extra box": number in crossed and (where != rightmost or number in twice),
        "left to right": where < rightmost and number not in crossed,
        "seven before last": number == numbers[-1] and len(crossed) + len(twice) < 7,
    }
    return next((name for name, broken in objections.items() if broken), None)


def check_step(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
    assert isinstance(before, QwixxState) and isinstance(after, QwixxState)
    assert {type(sheet) for sheet in after.sheets} == {DoubleASheet}
    for sheet, row in product(after.sheets, range(4)):
        twice = sheet.extra_crossed(row)
        assert set(twice) <= set(sheet.crossed_numbers(row))
        assert DOUBLE_A.rows[row].numbers[-1] not in twice  # the last has no extra box
        count = len(sheet.crossed_numbers(row)) + len(twice) + sheet.is_locked(row)
        assert sheet.row_score(row) == row_points(min(count, 16))
    if isinstance(action, Cross):
        check_row_die_cross(before, player, action, sources_objection)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_seeded_double_a_games_keep_the_sources_rules_and_replay(players: int) -> None:
    ended = play_seeded_games("qwixx", players, 40, check_step, check_step, options=lambda *_: PAD)
    assert any(
        sheet.extra_crossed(row)
        for state in ended
        if isinstance(state, QwixxState)
        for sheet in state.sheets
        for row in range(4)
    )
