"""Qwixx Mixx A and B: each of their rulings, the leaflet's examples, and random games read the
way the leaflet says (property tests: invariants, check() agreeing with apply(), records). The
records, check() and the computer players are tested on Double A's and B's pads too (their
rulings: test_qwixx_double.py, test_qwixx_double_b.py)."""

from __future__ import annotations

from typing import Final

import pytest
from properties_support import (
    play_seeded_games,
)
from qwixx_support import check_leaflet_cross, pad_match, pad_sheet, refused, roll, state_of

from dadoteca.bots import bot_for
from dadoteca.bots.play import play_bots
from dadoteca.core import Action, AnyState
from dadoteca_games.qwixx.rules import (
    BLUE,
    GREEN,
    PASS,
    QWIXX,
    RED,
    YELLOW,
    Cross,
    Phase,
    QwixxState,
    Sheet,
    Variant,
    row_points,
)
from dadoteca_games.qwixx.variants import (
    DOUBLE_A,
    DOUBLE_B,
    MIXX_A,
    MIXX_B,
    MixxASheet,
    MixxBSheet,
)

PAD_A: Final = {"variant": MIXX_A.id}
PAD_B: Final = {"variant": MIXX_B.id}
# The pads played on base Qwixx's dice rules, each box crossed by its own colour's die.
PADS: Final = [PAD_A, PAD_B, {"variant": DOUBLE_A.id}, {"variant": DOUBLE_B.id}]
SHEETS: Final = {MIXX_A.id: MixxASheet, MIXX_B.id: MixxBSheet}


def printed(variant: Variant) -> list[list[tuple[int, str]]]:
    names = ("red", "yellow", "green", "blue")
    return [
        [(number, names[colour]) for number, colour in zip(r.numbers, r.box_colours, strict=True)]
        for r in variant.rows
    ]


# --- Mixx A's sheet (ruling QWIXX_MIXX_A_SHEET) ---------------------------------------------------


def segments(*runs: tuple[str, list[int]]) -> list[tuple[int, str]]:
    return [(number, colour) for colour, numbers in runs for number in numbers]


def test_ruling_mixx_a_sheet_as_the_leaflet_and_the_pads_print_it() -> None:
    assert printed(MIXX_A) == [
        segments(
            ("yellow", [2, 3, 4]), ("blue", [5, 6, 7]), ("green", [8, 9, 10]), ("red", [11, 12])
        ),
        segments(
            ("red", [2, 3]), ("green", [4, 5, 6, 7]), ("blue", [8, 9]), ("yellow", [10, 11, 12])
        ),
        segments(
            ("blue", [12, 11, 10]), ("yellow", [9, 8, 7]), ("red", [6, 5, 4]), ("green", [3, 2])
        ),
        segments(
            ("green", [12, 11]), ("red", [10, 9, 8, 7]), ("yellow", [6, 5]), ("blue", [4, 3, 2])
        ),
    ]
    # Each row named by its lock's colour, its last box's; every number once in each colour.
    assert [(r.name, r.box_colours[-1]) for r in MIXX_A.rows] == [
        ("red", RED),
        ("yellow", YELLOW),
        ("green", GREEN),
        ("blue", BLUE),
    ]
    for number in range(2, 13):
        assert sorted(MIXX_A.box_colour(row, number) for row in range(4)) == [0, 1, 2, 3]
    state = QWIXX.new_game(2, 1, PAD_A)
    assert state.variant is MIXX_A and type(state.sheets[0]) is MixxASheet


def test_leaflet_example_tim_red_3_in_the_second_row_red_8_in_the_fourth() -> None:
    """The leaflet's example (its card game's, the pad the same): a red 3 is crossed in the
    second row, a red 8 in the fourth, a red 11 would be the first row's: a colour die crosses
    a box of its colour, in whichever row prints it."""
    match = pad_match(MIXX_A, MixxASheet.empty(), MixxASheet.empty())
    roll(match, 1, 6, r=2, y=6, g=6, b=6)  # red 2 + white 1 = 3, + white 6 = 8
    match.play(0, PASS)
    match.play(1, PASS)
    red_crosses = [
        a
        for a in state_of(match).legal_actions(0)
        if isinstance(a, Cross) and MIXX_A.box_colour(a.row, a.number) == RED
    ]
    assert red_crosses == [Cross(YELLOW, 3), Cross(BLUE, 8)]
    match.play(0, Cross(BLUE, 8))
    assert state_of(match).sheets[0].crossed_numbers(BLUE) == (8,)
    match = pad_match(MIXX_A, MixxASheet.empty(), MixxASheet.empty())
    roll(match, 5, 5, r=6, y=1, g=1, b=1)  # red 6 + white 5 = 11
    match.play(0, PASS)
    match.play(1, PASS)
    assert [a for a in state_of(match).legal_actions(0) if isinstance(a, Cross)][:1] == [
        Cross(RED, 11)
    ]


def test_ruling_mixx_a_sheet_a_colour_die_crosses_only_its_colours_boxes() -> None:
    match = pad_match(MIXX_A, MixxASheet.empty(), MixxASheet.empty())
    roll(match, 1, 1, r=6, y=6, g=6, b=4)  # blue 4 + white 1 = 5: the second row's 5 is green
    match.play(0, PASS)
    match.play(1, PASS)
    assert Cross(YELLOW, 5) not in state_of(match).legal_actions(0)
    assert refused(match, 0, Cross(YELLOW, 5)) == "qwixx.box_colour_die"
    match.play(0, Cross(RED, 5))  # the top row's 5 is blue


def test_ruling_mixx_a_sheet_the_white_sum_crosses_any_box() -> None:
    match = pad_match(MIXX_A, MixxASheet.empty(), MixxASheet.empty())
    roll(match, 3, 4)
    legal = state_of(match).legal_actions(1)
    assert [a for a in legal if isinstance(a, Cross)] == [Cross(row, 7) for row in range(4)]


# --- Mixx A's locks (ruling QWIXX_MIXX_A_LOCK) ----------------------------------------------------


def test_leaflet_example_the_red_12_locks_the_top_row_and_takes_the_red_die_out() -> None:
    """The leaflet: the top row closed by its red 12, with at least the 6th cross in the row,
    takes the red die out at once; the other rows' red boxes still take the white sum."""
    top_five = pad_sheet(MixxASheet, {RED: [2, 3, 5, 8, 11]})  # yellow, yellow, blue, ... red
    match = pad_match(MIXX_A, top_five, MixxASheet.empty())
    roll(match, 6, 6, r=1, y=1, g=1, b=1)
    match.play(0, Cross(RED, 12))
    assert refused(match, 1, Cross(RED, 12)) == "qwixx.five_before_last"
    match.play(1, PASS)
    state = state_of(match)
    assert state.closed == 1 << RED and state.sheets[0].crosses(RED) == 7  # 6 and the lock
    # Action 2 now: the red die is gone, even for a red box of another row.
    assert refused(match, 0, Cross(YELLOW, 2)) == "qwixx.box_die_gone"  # red 1 + white 1
    match.play(0, PASS)
    roll(match, 1, 2, r=None)
    assert Cross(RED, 3) not in state_of(match).legal_actions(1)  # the top row: locked
    assert refused(match, 1, Cross(RED, 3)) == "qwixx.row_locked"
    match.play(1, Cross(YELLOW, 3))  # the second row's red 3, with the white sum
    match.play(0, PASS)
    assert state_of(match).sheets[1].crossed_numbers(YELLOW) == (3,)


def test_ruling_mixx_a_lock_counts_the_rows_crosses_whatever_their_colours() -> None:
    four = pad_sheet(MixxASheet, {GREEN: [12, 9, 6, 4]})  # blue, yellow, red, red
    match = pad_match(MIXX_A, four, MixxASheet.empty())
    roll(match, 1, 1)
    assert refused(match, 0, Cross(GREEN, 2)) == "qwixx.five_before_last"
    match = pad_match(MIXX_A, four.cross(GREEN, 3), MixxASheet.empty())
    roll(match, 1, 1)
    match.play(0, Cross(GREEN, 2))
    match.play(1, PASS)
    assert state_of(match).closed == 1 << GREEN


# --- Mixx B's sheet (ruling QWIXX_MIXX_B_SHEET) ---------------------------------------------------


def test_ruling_mixx_b_sheet_as_the_leaflet_and_the_pads_print_it() -> None:
    assert [r.numbers for r in MIXX_B.rows] == [
        (10, 6, 2, 8, 3, 4, 12, 5, 9, 7, 11),
        (9, 12, 4, 6, 7, 2, 5, 8, 11, 3, 10),
        (8, 2, 10, 12, 6, 9, 7, 4, 5, 11, 3),
        (5, 7, 11, 9, 12, 3, 8, 10, 2, 6, 4),
    ]
    assert all(set(r.box_colours) == {r.row} for r in MIXX_B.rows)  # one colour a row


def test_leaflet_example_mixx_b_rows_lock_with_red_11_yellow_10_green_3_blue_4() -> None:
    """The leaflet: red is locked with an 11, yellow with a 10, green with a 3, blue with a 4."""
    lasts = {RED: 11, YELLOW: 10, GREEN: 3, BLUE: 4}
    for row, last in lasts.items():
        five = pad_sheet(MixxBSheet, {row: list(MIXX_B.rows[row].numbers[:5])})
        assert five.cross(row, last).is_locked(row)
        assert not five.cross(row, MIXX_B.rows[row].numbers[5]).is_locked(row)
    match = pad_match(MIXX_B, pad_sheet(MixxBSheet, {RED: [10, 6, 2, 8, 3]}), MixxBSheet.empty())
    roll(match, 5, 6)
    assert refused(match, 1, Cross(RED, 11)) == "qwixx.five_before_last"
    match.play(0, Cross(RED, 11))
    match.play(1, PASS)
    assert state_of(match).closed == 1 << RED
    # The red die is out: action 2 crosses nothing in red.
    assert all(a.row != RED for a in state_of(match).legal_actions(0) if isinstance(a, Cross))


def test_ruling_mixx_b_sheet_numbers_are_crossed_left_to_right_as_printed() -> None:
    match = pad_match(MIXX_B, pad_sheet(MixxBSheet, {RED: [2]}), MixxBSheet.empty())
    roll(match, 4, 4)  # 8 is right of red's 2
    assert Cross(RED, 8) in state_of(match).legal_actions(0)
    match = pad_match(MIXX_B, pad_sheet(MixxBSheet, {RED: [2]}), MixxBSheet.empty())
    roll(match, 3, 3)  # 6 is left of red's 2
    assert refused(match, 0, Cross(RED, 6)) == "qwixx.left_to_right"
    assert MixxBSheet.empty().cross(RED, 8).skipping(RED, 12) == (3, 4)


def test_ruling_mixx_b_sheet_a_colour_die_crosses_its_own_row() -> None:
    match = pad_match(MIXX_B, MixxBSheet.empty(), MixxBSheet.empty())
    roll(match, 2, 3, r=5, y=6, g=6, b=6)  # red 5 + white 2 = 7, + white 3 = 8
    match.play(0, PASS)
    match.play(1, PASS)
    crosses = [a for a in state_of(match).legal_actions(0) if isinstance(a, Cross)]
    assert Cross(RED, 7) in crosses and Cross(RED, 8) in crosses
    assert refused(match, 0, Cross(YELLOW, 7)) == "qwixx.white_and_colour"


# --- Scoring (ruling QWIXX_MIXX_SCORE) ------------------------------------------------------------


def test_ruling_mixx_score_each_row_its_own_crosses_whatever_the_colours() -> None:
    sheet = pad_sheet(MixxASheet, {RED: [2, 3, 5, 8, 11, 12], YELLOW: [2, 4]}, penalties=1)
    assert sheet.crosses(RED) == 7  # yellow, yellow, blue, green, red, red and the lock
    assert sheet.score() == row_points(7) + row_points(2) - 5
    sheet = pad_sheet(MixxBSheet, {BLUE: [5, 7, 11]})
    assert sheet.score() == row_points(3)


# --- Random games read the way the leaflet says ---------------------------------------------------


def leaflet_objection(sheet: Sheet, row: int, number: int, closed: int) -> str | None:
    """The leaflet's objection to crossing ``number`` in ``row``, read from the printed row."""
    numbers = sheet.variant.rows[row].numbers
    crossed = sheet.crossed_numbers(row)
    if closed >> row & 1:
        return "qwixx.row_locked"
    if crossed and numbers.index(number) <= numbers.index(crossed[-1]):
        return "qwixx.left_to_right"
    if number == numbers[-1] and len(crossed) < 5:
        return "qwixx.five_before_last"
    return None


def check_step(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
    assert isinstance(before, QwixxState) and isinstance(after, QwixxState)
    variant = after.variant
    for sheet in after.sheets:
        assert type(sheet) is SHEETS[variant.id]
        rows = [len(sheet.crossed_numbers(row)) + sheet.is_locked(row) for row in range(4)]
        assert sheet.score() == sum(map(row_points, rows)) - 5 * sheet.penalties
        for row in range(4):  # a lock is crossed with its row's last number, and only then
            last = variant.rows[row].numbers[-1]
            assert sheet.is_locked(row) == (last in sheet.crossed_numbers(row))
    locked = {row for sheet in after.sheets for row in range(4) if sheet.is_locked(row)}
    assert after.closed == sum(1 << row for row in locked)
    if isinstance(action, Cross):
        check_leaflet_cross(before, player, action, leaflet_objection)
        if before.phase != Phase.ACTION1:  # a white die plus the die of the box's colour, in play
            colour = variant.box_colour(action.row, action.number)
            die = before.shown_dice.colours[colour]
            assert die is not None and action.number - die in before.shown_dice.white
            assert not before.closed >> colour & 1


@pytest.mark.parametrize("pad", [PAD_A, PAD_B])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_seeded_mixx_games_keep_the_leaflets_rules_and_replay(
    players: int, pad: dict[str, str]
) -> None:
    play_seeded_games("qwixx", players, 40, check_step, check_step, options=lambda *_: pad)


# --- Computer players ---------------------------------------------------------------------------


def test_the_normal_player_beats_the_easy_one_on_each_pad_over_a_few_games() -> None:
    """The normal player's outlook reads a Mixx row by its positions, as printed, and a Double
    row by its numbers' crosses (its score counts Double A's extra boxes and Double B's double
    boxes twice): it should still outscore the easy player over a handful of seeded games."""
    table = [bot_for("qwixx", "easy"), bot_for("qwixx", "normal")]
    totals = [0, 0]
    for seed in range(6):
        for pad in PADS:
            scores = play_bots("qwixx", table, seed, pad).state.scores()
            totals[0] += scores[0]
            totals[1] += scores[1]
    assert totals[1] > totals[0]
