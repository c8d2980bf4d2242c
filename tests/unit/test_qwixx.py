"""Every Qwixx rule of the rule book and every ruling, one test (or a few) each."""

from __future__ import annotations

import pytest
from qwixx_support import roll, state_of
from rules_support import broken_rule

from dadoteca.core import ROLLED, Event, RuleError
from dadoteca.match import Match, Seat
from dadoteca_games.qwixx.rules import (
    BLUE,
    CROSSED,
    FOUR_PENALTIES,
    GREEN,
    PASS,
    PENALTY,
    QWIXX,
    RED,
    ROW_LOCKED,
    TWO_LOCKS,
    YELLOW,
    Cross,
    Phase,
    QwixxState,
    Sheet,
    position_of,
    row_points,
)


def new_match(players: int = 2) -> Match:
    return Match(QWIXX, [Seat(f"P{n}") for n in range(players)], seed=7)


def sheet_with(crossed: dict[int, list[int]], penalties: int = 0) -> Sheet:
    sheet = Sheet(penalties=penalties)
    for row, numbers in crossed.items():
        for number in numbers:
            sheet = sheet.cross(row, number)
    return sheet


def match_with_sheets(*sheets: Sheet, closed: int = 0) -> Match:
    """A match whose state starts from the given sheets (rows locked in ``closed``)."""
    match = new_match(len(sheets))
    match._states[-1] = QwixxState(tuple(sheets), generator=7, closed=closed)
    return match


def rule_of(error: pytest.ExceptionInfo[RuleError]) -> str:
    return error.value.rule


# --- The sheet (ruling QWIXX_SHEET) ------------------------------------------------------------


def test_ruling_sheet_red_and_yellow_ascend_green_and_blue_descend() -> None:
    assert [position_of(RED, n) for n in (2, 7, 12)] == [0, 5, 10]
    assert [position_of(YELLOW, n) for n in (2, 12)] == [0, 10]
    assert [position_of(GREEN, n) for n in (12, 7, 2)] == [0, 5, 10]
    assert [position_of(BLUE, n) for n in (12, 2)] == [0, 10]


def test_ruling_row_score_table() -> None:
    assert [row_points(n) for n in range(13)] == [
        0,
        1,
        3,
        6,
        10,
        15,
        21,
        28,
        36,
        45,
        55,
        66,
        78,
    ]


def test_rule_book_scoring_example_roberta_scores_70() -> None:
    """Red 4 crosses (10), yellow 3 (6), green 7 (28), blue 8 (36), two penalties (-10)."""
    roberta = sheet_with(
        {
            RED: [3, 5, 6, 9],
            YELLOW: [4, 8, 10],
            GREEN: [12, 11, 9, 8, 6, 5, 4],
            BLUE: [12, 11, 10, 9, 8, 7, 5, 3],
        },
        penalties=2,
    )
    assert [roberta.row_score(row) for row in range(4)] == [10, 6, 28, 36]
    assert roberta.score() == 70


# --- Crossing left to right --------------------------------------------------------------------


def test_rule_numbers_are_crossed_left_to_right_and_skipped_ones_are_lost() -> None:
    """The rule book's example: red 5 then 7 crossed; red 2, 3, 4 and 6 can no longer be."""
    match = match_with_sheets(sheet_with({RED: [5, 7]}), Sheet())
    roll(match, 3, 3)  # white sum 6
    with pytest.raises(RuleError) as error:
        match.play(0, Cross(RED, 6))
    assert rule_of(error) == "qwixx.left_to_right"
    assert Cross(RED, 6) not in state_of(match).legal_actions(0)
    assert Cross(YELLOW, 6) in state_of(match).legal_actions(0)


def test_rule_a_number_may_not_be_crossed_twice() -> None:
    match = match_with_sheets(sheet_with({GREEN: [6]}), Sheet())
    roll(match, 3, 3)
    with pytest.raises(RuleError) as error:
        match.play(0, Cross(GREEN, 6))
    assert rule_of(error) == "qwixx.left_to_right"


# --- Action 1 ----------------------------------------------------------------------------------


def test_rule_action1_is_the_white_sum_for_every_player() -> None:
    match = new_match(3)
    roll(match, 1, 4, r=6)
    state = state_of(match)
    assert state.deciders == (0, 1, 2)
    for player in range(3):
        assert set(state.legal_actions(player)) == {
            PASS,
            Cross(RED, 5),
            Cross(YELLOW, 5),
            Cross(GREEN, 5),
            Cross(BLUE, 5),
        }
    with pytest.raises(RuleError) as error:
        match.play(1, Cross(RED, 7))  # white 1 + red 6: action 2 only, and not player 2's
    assert rule_of(error) == "qwixx.white_sum"


def test_ruling_action1_simultaneous_decisions_apply_together() -> None:
    """The rule book's example: Sabrina crosses yellow 5, Giacomo and Roberta red 5."""
    match = new_match(4)
    roll(match, 1, 4)
    match.play(1, Cross(YELLOW, 5))
    match.play(0, Cross(RED, 5))
    assert state_of(match).deciders == (2, 3)
    assert state_of(match).sheets[1] == Sheet()  # nothing applies before everyone decided
    match.play(3, Cross(RED, 5))
    match.play(2, PASS)
    state = state_of(match)
    assert state.phase == Phase.ACTION2
    assert [s.crossed_numbers(RED) for s in state.sheets] == [(5,), (), (), (5,)]
    assert state.sheets[1].crossed_numbers(YELLOW) == (5,)


def test_a_player_may_not_decide_action1_twice() -> None:
    match = new_match(2)
    roll(match, 1, 4)
    match.play(0, PASS)
    with pytest.raises(RuleError) as error:
        match.play(0, Cross(RED, 5))
    assert rule_of(error) == "qwixx.already_decided"


def test_ruling_several_players_may_lock_one_row_in_action1() -> None:
    five_red = sheet_with({RED: [2, 3, 4, 5, 6]})
    match = match_with_sheets(five_red, five_red)
    roll(match, 6, 6)
    match.play(0, Cross(RED, 12))
    match.play(1, Cross(RED, 12))
    state = state_of(match)
    assert all(sheet.is_locked(RED) and sheet.crosses(RED) == 7 for sheet in state.sheets)
    assert state.closed == 1 << RED


def test_rule_fewer_than_five_crosses_cannot_cross_the_last_number_even_when_others_lock() -> None:
    match = match_with_sheets(sheet_with({RED: [2, 3, 4, 5, 6]}), sheet_with({RED: [2, 3, 4, 5]}))
    roll(match, 6, 6)
    assert Cross(RED, 12) in state_of(match).legal_actions(0)
    assert Cross(RED, 12) not in state_of(match).legal_actions(1)
    with pytest.raises(RuleError) as error:
        match.play(1, Cross(RED, 12))
    assert rule_of(error) == "qwixx.five_before_last"


# --- Action 2 ----------------------------------------------------------------------------------


def test_rule_action2_is_one_white_plus_one_colour_for_the_active_player_only() -> None:
    """The rule book's example: Giacomo adds white 4 and blue 6 and crosses blue 10."""
    match = new_match(2)
    roll(match, 1, 4, r=2, y=3, g=5, b=6)
    match.play(0, PASS)
    match.play(1, PASS)
    state = state_of(match)
    assert state.deciders == (0,)
    assert state.legal_actions(1) == []
    assert set(state.legal_actions(0)) == {
        PASS,
        Cross(RED, 3),
        Cross(RED, 6),
        Cross(YELLOW, 4),
        Cross(YELLOW, 7),
        Cross(GREEN, 6),
        Cross(GREEN, 9),
        Cross(BLUE, 7),
        Cross(BLUE, 10),
    }
    with pytest.raises(RuleError) as error:
        match.play(1, Cross(BLUE, 10))
    assert rule_of(error) == "qwixx.not_your_decision"
    with pytest.raises(RuleError) as error:
        match.play(0, Cross(BLUE, 5))  # white 4 + red 1? no: blue needs the blue die
    assert rule_of(error) == "qwixx.white_and_colour"
    match.play(0, Cross(BLUE, 10))
    assert state_of(match).sheets[0].crossed_numbers(BLUE) == (10,)


def test_ruling_action2_same_row_after_action1_only_to_its_right() -> None:
    match = new_match(2)
    roll(match, 3, 4, r=1, y=6)  # white sum 7; red 1 + 3 = 4 (left of 7); yellow 6 + 4 = 10
    match.play(0, Cross(RED, 7))
    match.play(1, PASS)
    legal = state_of(match).legal_actions(0)
    assert Cross(RED, 4) not in legal and Cross(RED, 5) not in legal
    assert Cross(YELLOW, 10) in legal
    with pytest.raises(RuleError) as error:
        match.play(0, Cross(RED, 4))
    assert rule_of(error) == "qwixx.left_to_right"


def test_ruling_action2_in_the_row_crossed_in_action1() -> None:
    match = new_match(2)
    roll(match, 2, 3, r=6)  # white sum 5; red 6 + 3 = 9
    match.play(0, Cross(RED, 5))
    match.play(1, PASS)
    match.play(0, Cross(RED, 9))
    assert state_of(match).sheets[0].crossed_numbers(RED) == (5, 9)


# --- Penalties (ruling QWIXX_PENALTY_ACTIVE_ONLY) ----------------------------------------------


def test_rule_the_active_player_crossing_nothing_takes_a_penalty() -> None:
    match = new_match(2)
    roll(match, 2, 3)
    match.play(0, PASS)
    match.play(1, PASS)
    assert state_of(match).passing_costs_a_penalty
    match.play(0, PASS)
    state = state_of(match)
    assert [sheet.penalties for sheet in state.sheets] == [1, 0]
    assert state.scores() == (-5, 0)


def test_rule_no_penalty_for_crossing_in_action1_only_or_for_others() -> None:
    match = new_match(2)
    roll(match, 2, 3)
    match.play(0, Cross(GREEN, 5))
    match.play(1, PASS)
    assert not state_of(match).passing_costs_a_penalty
    match.play(0, PASS)
    assert [sheet.penalties for sheet in state_of(match).sheets] == [0, 0]


# --- Locks (rulings QWIXX_LOCK_CLOSES_FOR_ALL, QWIXX_DICE) -------------------------------------


def test_rule_locking_crosses_the_lock_closes_the_row_and_removes_its_die() -> None:
    """The rule book's example: Sabrina crosses green 2, then the lock; the green die goes."""
    match = match_with_sheets(Sheet(), sheet_with({GREEN: [12, 10, 8, 6, 4]}))
    roll(match, 1, 1)
    match.play(0, PASS)
    match.play(1, Cross(GREEN, 2))
    state = state_of(match)
    assert state.sheets[1].is_locked(GREEN)
    assert state.sheets[1].crosses(GREEN) == 7  # ruling QWIXX_ROW_SCORE: the lock counts
    assert state.sheets[1].row_score(GREEN) == 28
    assert state.closed == 1 << GREEN
    # Closed from that moment on: the active player's action 2 cannot use the green row.
    assert all(getattr(a, "row", None) != GREEN for a in state.legal_actions(0))
    match.play(0, PASS)
    next_roll = state_of(match).roll()
    assert next_roll.colours[GREEN] is None and None not in next_roll.colours[:2]
    with pytest.raises(RuleError) as error:
        roll(match, 1, 1, g=3)
    assert rule_of(error) == "qwixx.locked_die"
    roll(match, 3, 4, g=None)
    with pytest.raises(RuleError) as error:
        match.play(0, Cross(GREEN, 7))
    assert rule_of(error) == "qwixx.row_locked"


def test_the_lock_cannot_be_crossed_before_the_last_number() -> None:
    sheet = sheet_with({RED: [2, 3, 4, 5, 6]})
    assert not sheet.is_locked(RED)
    assert sheet.cross(RED, 12).is_locked(RED)


# --- End of the game (ruling QWIXX_GAME_END) ---------------------------------------------------


def test_rule_the_fourth_penalty_ends_the_game_at_once() -> None:
    match = match_with_sheets(Sheet(penalties=3), Sheet())
    roll(match, 2, 3)
    match.play(0, PASS)
    match.play(1, Cross(RED, 5))
    match.play(0, PASS)
    state = state_of(match)
    assert state.is_terminal and state.phase == Phase.OVER
    assert state.sheets[0].penalties == 4
    assert state.scores() == (-20, 1) and state.winners() == (1,)
    with pytest.raises(RuleError) as error:
        match.roll()
    assert rule_of(error) == "qwixx.game_over"


def test_rule_the_second_lock_ends_the_game_after_action1_without_action2_or_penalty() -> None:
    five_yellow = sheet_with({YELLOW: [2, 3, 4, 5, 6]})
    match = match_with_sheets(Sheet(), five_yellow, closed=1 << BLUE)
    roll(match, 6, 6, b=None)
    match.play(0, PASS)  # the active player crosses nothing ...
    match.play(1, Cross(YELLOW, 12))
    state = state_of(match)
    assert state.is_terminal
    assert state.sheets[0].penalties == 0  # ... but there is no action 2, so no penalty
    assert state.legal_actions(0) == []


def test_rule_book_triple_lock_example() -> None:
    """Blue already locked; Sabrina rolls double 6; Giacomo locks red and Matteo yellow at once."""
    ready = {RED: [2, 3, 4, 5, 6]}
    giacomo = sheet_with(ready)
    matteo = sheet_with({YELLOW: [2, 3, 4, 5, 6]})
    sabrina = Sheet()
    match = match_with_sheets(sabrina, giacomo, matteo, closed=1 << BLUE)
    roll(match, 6, 6, b=None)
    match.play(0, PASS)
    match.play(1, Cross(RED, 12))
    match.play(2, Cross(YELLOW, 12))
    state = state_of(match)
    assert state.is_terminal
    assert state.closed == (1 << BLUE) | (1 << RED) | (1 << YELLOW)
    assert state.sheets[1].row_score(RED) == 28 and state.sheets[2].row_score(YELLOW) == 28


def test_ties_share_the_win() -> None:
    match = match_with_sheets(Sheet(penalties=3), Sheet(), Sheet())
    roll(match, 2, 3)
    match.play(0, PASS)
    match.play(1, Cross(RED, 5))
    match.play(2, Cross(BLUE, 5))
    match.play(0, PASS)
    assert state_of(match).winners() == (1, 2)


# --- Solo and player counts (ruling QWIXX_SOLO) ------------------------------------------------


def test_ruling_solo_the_one_player_is_active_every_turn() -> None:
    match = new_match(1)
    for turn in range(3):
        roll(match, 1, 1)
        assert state_of(match).deciders == (0,)
        match.play(0, PASS)
        assert state_of(match).deciders == (0,)  # action 2, the same player
        match.play(0, PASS)
        assert state_of(match).active == 0 and state_of(match).turn == turn + 2
    assert state_of(match).sheets[0].penalties == 3


def test_turns_go_clockwise() -> None:
    match = new_match(3)
    for expected in (0, 1, 2, 0):
        assert state_of(match).active == expected
        roll(match, 1, 2)
        for player in (0, 1, 2):
            match.play(player, PASS)
        assert state_of(match).deciders == (expected,)
        match.play(expected, PASS)


# --- Text --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["pass", "red 7", "green 12", "blue 2", "roll w3 w5 r2 y6 g1 b4", "roll w1 w6 y2 b5"]
)
def test_actions_read_back_from_their_text(text: str) -> None:
    assert str(QWIXX.parse_action(text)) == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "red",
        "red 13",
        "purple 5",
        "roll w1",
        "roll w1 w2 r3 r4",
        # Read only as the app writes it: int() reads every one of these as 8.
        "red \u0668",  # an Arabic-Indic digit
        "red \uff18",  # a fullwidth one
        "red 0_8",
        "red 08",
        "red +8",
        " RED 8 ",
        "red  8",
        "roll w3 w5 y6 r2",  # the colours in another order than the rows'
        "roll w3 w5 r0",
    ],
)
def test_bad_action_text_names_the_problem(text: str) -> None:
    assert broken_rule(QWIXX.parse_action, text) == "qwixx.bad_action"


def test_the_same_seed_rolls_the_same_dice() -> None:
    assert QWIXX.new_game(2, seed=42).roll() == QWIXX.new_game(2, seed=42).roll()
    assert str(QWIXX.new_game(2, seed=42).roll()) == "roll w2 w1 r6 y3 g4 b5"  # golden


# --- What the engine answers: who rolls, why a move is illegal, what happened, the end ------


def step_events(match: Match) -> list[Event]:
    return list(match.last_events())


def test_the_active_player_rolls_and_nobody_else() -> None:
    match = new_match(3)
    assert state_of(match).roller == 0
    roll(match, 2, 3)
    assert state_of(match).roller is None
    assert step_events(match) == [Event(ROLLED, (0,), {"dice": "roll w2 w3 r1 y1 g1 b1"})]


def test_check_names_the_rule_apply_would_raise_and_changes_nothing() -> None:
    match = match_with_sheets(sheet_with({RED: [2, 3, 4]}), Sheet())
    roll(match, 1, 1)  # white sum 2
    state = state_of(match)
    assert state.check(0, Cross(YELLOW, 2)) is None
    refused = state.check(0, Cross(RED, 2))
    assert refused is not None and refused.rule == "qwixx.left_to_right"
    wrong_sum = state.check(1, Cross(RED, 5))
    assert wrong_sum is not None and wrong_sum.rule == "qwixx.white_sum"
    assert state_of(match) == state


def test_skipped_numbers_and_closed_rows_are_the_engines_to_say() -> None:
    sheet = sheet_with({RED: [2, 5, 6], GREEN: [11]})
    assert sheet.skipped(RED) == (3, 4) and sheet.skipped(GREEN) == (12,)
    assert sheet.skipped(YELLOW) == () and sheet.penalty_points() == 0
    assert Sheet(penalties=3).penalty_points() == 15
    state = QwixxState((sheet,), generator=1, closed=1 << BLUE)
    assert state.is_closed(BLUE) and not state.is_closed(RED)


def test_a_lock_is_an_event_naming_who_locked_which_row() -> None:
    match = match_with_sheets(Sheet(), sheet_with({GREEN: [12, 10, 8, 6, 4]}))
    roll(match, 1, 1)
    match.play(0, PASS)
    assert step_events(match) == []  # a decision waiting for the others: nothing yet
    match.play(1, Cross(GREEN, 2))
    assert step_events(match) == [
        Event(CROSSED, (1,), {"row": "green", "number": 2}),
        Event(ROW_LOCKED, (1,), {"row": "green"}),
    ]


def test_a_penalty_is_an_event_with_its_count() -> None:
    match = match_with_sheets(Sheet(penalties=1), Sheet())
    roll(match, 2, 3)
    match.play(0, PASS)
    match.play(1, PASS)
    match.play(0, PASS)
    assert step_events(match) == [Event(PENALTY, (0,), {"count": 2, "boxes": 4})]


def test_the_fourth_penalty_ends_the_game_with_that_reason() -> None:
    match = match_with_sheets(Sheet(penalties=3), Sheet())
    assert state_of(match).outcome is None
    roll(match, 2, 3)
    match.play(0, PASS)
    match.play(1, Cross(RED, 5))
    match.play(0, PASS)
    outcome = state_of(match).outcome
    assert outcome is not None and outcome.termination == FOUR_PENALTIES
    assert outcome.players == (0,) and outcome.winners == (1,) and outcome.scores == (-20, 1)
    assert step_events(match)[-1] == outcome.event()


def test_two_locks_end_the_game_with_that_reason_and_the_lockers() -> None:
    match = match_with_sheets(Sheet(), sheet_with({YELLOW: [2, 3, 4, 5, 6]}), closed=1 << BLUE)
    match._states[-1] = state_of(match)._replace(
        sheets=(sheet_with({BLUE: [12, 11, 10, 9, 8, 2]}), state_of(match).sheets[1])
    )
    roll(match, 6, 6, b=None)
    match.play(0, PASS)
    match.play(1, Cross(YELLOW, 12))
    outcome = state_of(match).outcome
    assert outcome is not None and outcome.termination == TWO_LOCKS
    assert outcome.players == (0, 1)
    assert [e.kind for e in step_events(match)] == [CROSSED, ROW_LOCKED, TWO_LOCKS]
