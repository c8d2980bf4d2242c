"""Qwixx Big Points: each of its rulings, the published examples, and random games read the way
the leaflet says (property tests: invariants, check() agreeing with apply(), records)."""

from __future__ import annotations

from typing import Final

import pytest
from properties_support import (
    play_seeded_games,
)
from qwixx_support import check_leaflet_cross, pad_match, pad_sheet, refused, roll, state_of

from dadoteca.core import Action, AnyState, RuleError
from dadoteca.match import Match
from dadoteca_games.qwixx.rules import (
    BLUE,
    GREEN,
    GREEN_BLUE,
    PASS,
    QWIXX,
    RED,
    RED_YELLOW,
    YELLOW,
    Cross,
    QwixxState,
    Sheet,
    row_points,
)
from dadoteca_games.qwixx.variants import BIG_POINTS, BigPointsSheet

BIG: Final = {"variant": BIG_POINTS.id}
BESIDE: Final = {RED_YELLOW: (RED, YELLOW), GREEN_BLUE: (GREEN, BLUE)}
BONUS_BESIDE: Final = {RED: RED_YELLOW, YELLOW: RED_YELLOW, GREEN: GREEN_BLUE, BLUE: GREEN_BLUE}


def sheet_with(crossed: dict[int, list[int]], penalties: int = 0) -> Sheet:
    return pad_sheet(BigPointsSheet, crossed, penalties)


def match_with_sheets(*sheets: Sheet, closed: int = 0) -> Match:
    return pad_match(BIG_POINTS, *sheets, closed=closed)


# --- The sheet (ruling QWIXX_BIG_POINTS_SHEET) --------------------------------------------------


def test_ruling_big_points_sheet_six_rows_the_bonus_rows_between_their_colours() -> None:
    state = QWIXX.new_game(2, 1, BIG)
    assert [row.name for row in state.variant.rows] == [
        "red",
        "red-yellow",
        "yellow",
        "green",
        "green-blue",
        "blue",
    ]
    numbers = {row.row: row.numbers for row in BIG_POINTS.rows}
    assert numbers[RED_YELLOW] == numbers[RED] == tuple(range(2, 13))
    assert numbers[GREEN_BLUE] == numbers[BLUE] == tuple(range(12, 1, -1))
    assert [row.lock for row in BIG_POINTS.rows] == [True, False, True, True, False, True]
    assert all(len(sheet.rows) == 6 for sheet in state.sheets)


def test_a_game_without_the_option_is_base_qwixx_and_an_unknown_variant_is_refused() -> None:
    assert type(QWIXX.new_game(2, 1).sheets[0]) is Sheet
    with pytest.raises(RuleError) as error:
        QWIXX.new_game(2, 1, {"variant": "mixx_z"})
    assert error.value.rule == "core.bad_options"


# --- Bonus boxes (ruling QWIXX_BIG_POINTS_BONUS_BOX) -------------------------------------------


def test_leaflet_example_sarah_yellow_3_and_red_5_open_their_bonus_boxes() -> None:
    """The leaflet's example: Sarah crossed yellow 3 and red 5; another yellow 3 or red 5, or a
    white 3 or 5 (hers or another player's), crosses the bonus box between."""
    sarah = sheet_with({YELLOW: [3], RED: [5]})
    match = match_with_sheets(sheet_with({}), sarah)
    roll(match, 1, 2)  # white 3, rolled by the other player
    assert Cross(RED_YELLOW, 3) in state_of(match).legal_actions(1)
    match.play(0, PASS)
    match.play(1, Cross(RED_YELLOW, 3))
    assert state_of(match).sheets[1].crossed_numbers(RED_YELLOW) == (3,)
    # Her own roll: white 1 + red 4 = red 5, the bonus 5 right of the bonus 3.
    match.play(0, PASS)  # the other player's action 2
    roll(match, 1, 6, r=4)
    match.play(0, PASS)
    match.play(1, PASS)
    match.play(1, Cross(RED_YELLOW, 5))
    assert state_of(match).sheets[1].crossed_numbers(RED_YELLOW) == (3, 5)


def test_ruling_bonus_box_needs_its_number_crossed_beside_it() -> None:
    match = match_with_sheets(sheet_with({RED: [5], GREEN: [9]}), sheet_with({}))
    roll(match, 3, 3)  # white 6: crossed in neither colour row beside the red-yellow row
    assert refused(match, 0, Cross(RED_YELLOW, 6)) == "qwixx.bonus_needs_colour"
    assert Cross(RED_YELLOW, 6) not in state_of(match).legal_actions(0)
    assert refused(match, 1, Cross(GREEN_BLUE, 6)) == "qwixx.bonus_needs_colour"


def test_ruling_bonus_rows_are_crossed_left_to_right() -> None:
    sheet = sheet_with({RED: [4, 6], RED_YELLOW: [6]})
    match = match_with_sheets(sheet, sheet_with({}))
    roll(match, 2, 2)  # white 4: red 4 is crossed, but the bonus 4 is left of the bonus 6
    assert refused(match, 0, Cross(RED_YELLOW, 4)) == "qwixx.left_to_right"


def test_ruling_a_locked_colour_leaves_its_bonus_row_open() -> None:
    """Green locked by someone: the green-blue boxes are still crossed, and count for green."""
    locked_green = sheet_with({GREEN: [12, 11, 10, 9, 8, 2]})
    match = match_with_sheets(sheet_with({GREEN: [9]}), locked_green, closed=1 << GREEN)
    roll(match, 4, 5, g=None)
    assert Cross(GREEN, 9) not in state_of(match).legal_actions(0)
    match.play(0, Cross(GREEN_BLUE, 9))
    match.play(1, PASS)
    sheet = state_of(match).sheets[0]
    assert sheet.crosses(GREEN) == 2 and sheet.crosses(BLUE) == 1


def test_ruling_only_a_bonus_cross_is_a_cross_no_penalty() -> None:
    match = match_with_sheets(sheet_with({BLUE: [7]}), sheet_with({}))
    roll(match, 3, 4)
    match.play(0, Cross(GREEN_BLUE, 7))
    match.play(1, PASS)
    match.play(0, PASS)
    assert state_of(match).sheets[0].penalties == 0


def test_a_bonus_row_has_no_lock_and_its_last_box_needs_no_five_crosses() -> None:
    red_locked = sheet_with({RED: [3, 4, 5, 6, 7, 12]})
    match = match_with_sheets(red_locked, sheet_with({}), closed=1 << RED)
    roll(match, 6, 6, r=None)
    match.play(0, Cross(RED_YELLOW, 12))
    match.play(1, PASS)
    state = state_of(match)
    assert state.closed == 1 << RED  # the red 12 locked red before; nothing new
    assert not state.sheets[0].is_locked(RED_YELLOW)


# --- The dice (ruling QWIXX_BIG_POINTS_DICE) ----------------------------------------------------


def test_ruling_big_points_dice_a_colour_die_needs_its_own_row_crossed() -> None:
    """Yellow 3 crossed, red 3 not: a red 3 (white + red die) does not cross the bonus 3, a
    yellow 3 does."""
    match = match_with_sheets(sheet_with({YELLOW: [3]}), sheet_with({}))
    roll(match, 1, 5, r=2, y=6)  # white 1 + red 2 = red 3; no yellow 3
    match.play(0, PASS)
    match.play(1, PASS)
    assert Cross(RED_YELLOW, 3) not in state_of(match).legal_actions(0)
    assert refused(match, 0, Cross(RED_YELLOW, 3)) == "qwixx.bonus_dice"
    match = match_with_sheets(sheet_with({YELLOW: [3]}), sheet_with({}))
    roll(match, 1, 5, r=6, y=2)  # yellow 2 + white 1 = yellow 3
    match.play(0, PASS)
    match.play(1, PASS)
    assert Cross(RED_YELLOW, 3) in state_of(match).legal_actions(0)
    match.play(0, Cross(RED_YELLOW, 3))


def test_ruling_big_points_dice_a_die_locked_in_action1_is_out_for_action2() -> None:
    """Red locked in action 1: the red die is gone before action 2, even for the bonus row."""
    red_ready = sheet_with({RED: [2, 3, 4, 5, 6, 7]})
    match = match_with_sheets(red_ready, sheet_with({}))
    roll(match, 6, 6, r=1)  # white 12 locks red; white 6 + red 1 = red 7, crossed in red
    match.play(0, Cross(RED, 12))
    match.play(1, PASS)
    assert state_of(match).closed == 1 << RED
    assert Cross(RED_YELLOW, 7) not in state_of(match).legal_actions(0)
    assert refused(match, 0, Cross(RED_YELLOW, 7)) == "qwixx.bonus_dice"


# --- Scoring (ruling QWIXX_BIG_POINTS_SCORE) and locking (ruling QWIXX_BIG_POINTS_LOCK) --------


def test_published_example_3_red_and_2_red_yellow_crosses_score_as_5_red() -> None:
    """blogspiele.de: three red crosses and two red-yellow ones are five red crosses."""
    sheet = sheet_with({RED: [3, 5, 8], RED_YELLOW: [3, 5]})
    assert sheet.crosses(RED) == 5 and sheet.row_score(RED) == 15
    assert sheet.crosses(YELLOW) == 2 and sheet.row_score(YELLOW) == 3
    assert sheet.row_score(RED_YELLOW) == 0  # bonus rows score nothing of themselves
    assert sheet.score() == 15 + 3


def test_ruling_big_points_score_the_table_ends_at_15_crosses_120_points() -> None:
    every_red = list(range(2, 13))
    sheet = sheet_with({RED: every_red, RED_YELLOW: every_red})  # 11 + lock + 11 = 23 crosses
    assert sheet.crosses(RED) == 23
    assert sheet.row_score(RED) == 120 == row_points(15)
    assert sheet.row_score(YELLOW) == row_points(11)
    assert 4 * 120 in QWIXX.score_range  # the range covers every pad (Double A's 4 * 136)


def test_ruling_big_points_lock_bonus_crosses_do_not_count_toward_the_five() -> None:
    sheet = sheet_with({RED: [2, 3, 4, 5], RED_YELLOW: [2, 3, 4, 5]})  # 8 red crosses in all
    match = match_with_sheets(sheet, sheet_with({}))
    roll(match, 6, 6)
    assert refused(match, 0, Cross(RED, 12)) == "qwixx.five_before_last"
    match = match_with_sheets(sheet.cross(RED, 6), sheet_with({}))
    roll(match, 6, 6)
    match.play(0, Cross(RED, 12))
    match.play(1, PASS)
    assert state_of(match).closed == 1 << RED


# --- Random games read the way the leaflet says ---------------------------------------------------


def leaflet_objection(sheet: Sheet, row: int, number: int, closed: int) -> str | None:
    """The leaflet's objection to crossing ``number`` in ``row``, read from crossed numbers."""
    ascending = row in (RED, YELLOW, RED_YELLOW)
    crossed = sheet.crossed_numbers(row)
    if any((n >= number) if ascending else (n <= number) for n in crossed):
        return "qwixx.left_to_right"
    if row in BESIDE:
        if not any(number in sheet.crossed_numbers(colour) for colour in BESIDE[row]):
            return "qwixx.bonus_needs_colour"
        return None
    if closed >> row & 1:
        return "qwixx.row_locked"
    if number == (12 if ascending else 2) and len(crossed) < 5:
        return "qwixx.five_before_last"
    return None


def check_step(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
    assert isinstance(before, QwixxState) and isinstance(after, QwixxState)
    for sheet in after.sheets:
        assert type(sheet) is BigPointsSheet
        colour_points = 0
        for colour, bonus in BONUS_BESIDE.items():
            crosses = (
                len(sheet.crossed_numbers(colour))
                + sheet.is_locked(colour)
                + len(sheet.crossed_numbers(bonus))
            )
            colour_points += min(crosses, 15) * (min(crosses, 15) + 1) // 2
        assert sheet.score() == colour_points - 5 * sheet.penalties
        assert not sheet.is_locked(RED_YELLOW) and not sheet.is_locked(GREEN_BLUE)
    assert after.closed < 1 << 4  # only colour rows close
    if isinstance(action, Cross):
        check_leaflet_cross(before, player, action, leaflet_objection)


@pytest.mark.parametrize("players", range(1, 5))
def test_seeded_big_points_games_keep_the_leaflets_rules_and_replay(players: int) -> None:
    play_seeded_games("qwixx", players, 60, check_step, check_step, options=lambda *_: BIG)
