"""Qwixx Mixx A and B: each of their rulings, the leaflet's examples, and random games read the
way the leaflet says (property tests: invariants, check() agreeing with apply(), records). The
records, check() and the computer players are tested on Double A's pad too (its rulings:
test_qwixx_double.py)."""

from __future__ import annotations

import json
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st
from properties_support import (
    SEEDS,
    check_refused,
    every_legal_action_is_accepted,
    examples,
    play_seeded_games,
    reach,
)
from qwixx_support import roll, state_of

from dadoteca.bots import bot_for, coach_for, decision_seed, finish, reviewer_for
from dadoteca.core import Action, AnyState, RuleError
from dadoteca.match import Match, Seat
from dadoteca_games.qwixx.rules import (
    BLUE,
    GREEN,
    PASS,
    QWIXX,
    RED,
    RULES,
    YELLOW,
    Cross,
    Phase,
    QwixxState,
    Sheet,
    Variant,
    row_points,
)
from dadoteca_games.qwixx.variants import DOUBLE_A, MIXX_A, MIXX_B, MixxASheet, MixxBSheet

PAD_A: Final = {"variant": MIXX_A.id}
PAD_B: Final = {"variant": MIXX_B.id}
# The pads played on base Qwixx's dice rules, each box crossed by its own colour's die.
PADS: Final = [PAD_A, PAD_B, {"variant": DOUBLE_A.id}]
SHEETS: Final = {MIXX_A.id: MixxASheet, MIXX_B.id: MixxBSheet}


def sheet_with(pad: type[Sheet], crossed: dict[int, list[int]], penalties: int = 0) -> Sheet:
    sheet = pad.empty()
    for _ in range(penalties):
        sheet = sheet.with_penalty()
    for row, numbers in crossed.items():
        for number in numbers:
            sheet = sheet.cross(row, number)
    return sheet


def match_with_sheets(variant: Variant, *sheets: Sheet, closed: int = 0) -> Match:
    options = {"variant": variant.id}
    match = Match(QWIXX, [Seat(f"P{n}") for n in range(len(sheets))], seed=7, options=options)
    match._states[-1] = QwixxState(tuple(sheets), generator=7, closed=closed)
    return match


def refused(match: Match, player: int, action: Cross) -> str:
    with pytest.raises(RuleError) as error:
        match.play(player, action)
    return error.value.rule


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
    match = match_with_sheets(MIXX_A, MixxASheet.empty(), MixxASheet.empty())
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
    match = match_with_sheets(MIXX_A, MixxASheet.empty(), MixxASheet.empty())
    roll(match, 5, 5, r=6, y=1, g=1, b=1)  # red 6 + white 5 = 11
    match.play(0, PASS)
    match.play(1, PASS)
    assert [a for a in state_of(match).legal_actions(0) if isinstance(a, Cross)][:1] == [
        Cross(RED, 11)
    ]


def test_ruling_mixx_a_sheet_a_colour_die_crosses_only_its_colours_boxes() -> None:
    match = match_with_sheets(MIXX_A, MixxASheet.empty(), MixxASheet.empty())
    roll(match, 1, 1, r=6, y=6, g=6, b=4)  # blue 4 + white 1 = 5: the second row's 5 is green
    match.play(0, PASS)
    match.play(1, PASS)
    assert Cross(YELLOW, 5) not in state_of(match).legal_actions(0)
    assert refused(match, 0, Cross(YELLOW, 5)) == "qwixx.box_colour_die"
    match.play(0, Cross(RED, 5))  # the top row's 5 is blue


def test_ruling_mixx_a_sheet_the_white_sum_crosses_any_box() -> None:
    match = match_with_sheets(MIXX_A, MixxASheet.empty(), MixxASheet.empty())
    roll(match, 3, 4)
    legal = state_of(match).legal_actions(1)
    assert [a for a in legal if isinstance(a, Cross)] == [Cross(row, 7) for row in range(4)]


# --- Mixx A's locks (ruling QWIXX_MIXX_A_LOCK) ----------------------------------------------------


def test_leaflet_example_the_red_12_locks_the_top_row_and_takes_the_red_die_out() -> None:
    """The leaflet: the top row closed by its red 12, with at least the 6th cross in the row,
    takes the red die out at once; the other rows' red boxes still take the white sum."""
    top_five = sheet_with(MixxASheet, {RED: [2, 3, 5, 8, 11]})  # yellow, yellow, blue, ... red
    match = match_with_sheets(MIXX_A, top_five, MixxASheet.empty())
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
    four = sheet_with(MixxASheet, {GREEN: [12, 9, 6, 4]})  # blue, yellow, red, red
    match = match_with_sheets(MIXX_A, four, MixxASheet.empty())
    roll(match, 1, 1)
    assert refused(match, 0, Cross(GREEN, 2)) == "qwixx.five_before_last"
    match = match_with_sheets(MIXX_A, four.cross(GREEN, 3), MixxASheet.empty())
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
        five = sheet_with(MixxBSheet, {row: list(MIXX_B.rows[row].numbers[:5])})
        assert five.cross(row, last).is_locked(row)
        assert not five.cross(row, MIXX_B.rows[row].numbers[5]).is_locked(row)
    match = match_with_sheets(
        MIXX_B, sheet_with(MixxBSheet, {RED: [10, 6, 2, 8, 3]}), MixxBSheet.empty()
    )
    roll(match, 5, 6)
    assert refused(match, 1, Cross(RED, 11)) == "qwixx.five_before_last"
    match.play(0, Cross(RED, 11))
    match.play(1, PASS)
    assert state_of(match).closed == 1 << RED
    # The red die is out: action 2 crosses nothing in red.
    assert all(a.row != RED for a in state_of(match).legal_actions(0) if isinstance(a, Cross))


def test_ruling_mixx_b_sheet_numbers_are_crossed_left_to_right_as_printed() -> None:
    match = match_with_sheets(MIXX_B, sheet_with(MixxBSheet, {RED: [2]}), MixxBSheet.empty())
    roll(match, 4, 4)  # 8 is right of red's 2
    assert Cross(RED, 8) in state_of(match).legal_actions(0)
    match = match_with_sheets(MIXX_B, sheet_with(MixxBSheet, {RED: [2]}), MixxBSheet.empty())
    roll(match, 3, 3)  # 6 is left of red's 2
    assert refused(match, 0, Cross(RED, 6)) == "qwixx.left_to_right"
    assert MixxBSheet.empty().cross(RED, 8).skipping(RED, 12) == (3, 4)


def test_ruling_mixx_b_sheet_a_colour_die_crosses_its_own_row() -> None:
    match = match_with_sheets(MIXX_B, MixxBSheet.empty(), MixxBSheet.empty())
    roll(match, 2, 3, r=5, y=6, g=6, b=6)  # red 5 + white 2 = 7, + white 3 = 8
    match.play(0, PASS)
    match.play(1, PASS)
    crosses = [a for a in state_of(match).legal_actions(0) if isinstance(a, Cross)]
    assert Cross(RED, 7) in crosses and Cross(RED, 8) in crosses
    assert refused(match, 0, Cross(YELLOW, 7)) == "qwixx.white_and_colour"


# --- Scoring (ruling QWIXX_MIXX_SCORE) ------------------------------------------------------------


def test_ruling_mixx_score_each_row_its_own_crosses_whatever_the_colours() -> None:
    sheet = sheet_with(MixxASheet, {RED: [2, 3, 5, 8, 11, 12], YELLOW: [2, 4]}, penalties=1)
    assert sheet.crosses(RED) == 7  # yellow, yellow, blue, green, red, red and the lock
    assert sheet.score() == row_points(7) + row_points(2) - 5
    sheet = sheet_with(MixxBSheet, {BLUE: [5, 7, 11]})
    assert sheet.score() == row_points(3)


# --- Records ----------------------------------------------------------------------------------


@pytest.mark.parametrize("pad", PADS)
def test_a_record_names_its_pad_and_replays(pad: dict[str, str]) -> None:
    match = Match(QWIXX, [Seat("A"), Seat("B")], seed=3, options=pad)
    while not match.state.is_terminal:
        state = match.state
        if state.is_chance:
            match.roll(state.roll())
        else:
            player = state.deciders[0]
            legal = state.legal_actions(player)
            match.play(player, legal[len(match.actions) % len(legal)])
    record = match.record()
    assert record["options"] == pad
    replay = Match.from_record(json.loads(json.dumps(record)))
    assert replay.state == match.state
    assert isinstance(replay.state, QwixxState) and replay.state.variant.id == pad["variant"]


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
        assert player is not None
        objection = leaflet_objection(
            before.sheets[player], action.row, action.number, before.closed
        )
        assert objection is None
        if before.phase == Phase.ACTION1:
            assert action.number == sum(before.shown_dice.white)
        else:  # a white die plus the die of the box's colour, still in the game
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


@examples(60)
@given(
    seed=SEEDS,
    steps=st.integers(min_value=0, max_value=120),
    pad=st.sampled_from(PADS),
    data=st.data(),
)
def test_check_agrees_with_apply_and_refuses_in_the_rules_words(
    seed: int, steps: int, pad: dict[str, str], data: st.DataObject
) -> None:
    state = reach(QWIXX.new_game(3, seed, pad), seed, steps)
    assert isinstance(state, QwixxState)
    if state.is_chance or state.is_terminal:
        return
    every_legal_action_is_accepted(state)
    player = data.draw(st.sampled_from(state.deciders))
    row = data.draw(st.integers(min_value=0, max_value=3))
    number = data.draw(st.integers(min_value=2, max_value=12))
    check_refused(state, player, Cross(row, number), list(RULES))


# --- Computer players ---------------------------------------------------------------------------


@pytest.mark.parametrize("pad", PADS)
@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "expert")])
def test_every_level_plays_each_pad_to_its_end_and_the_coach_hints(
    levels: tuple[str, ...], pad: dict[str, str]
) -> None:
    """Each level plays only legal moves (Match refuses any other) to the end; the coach's
    hint and the reviewer's values are the one-step choice its model allows."""
    seats = [Seat(f"P{n}", f"bot:{level}") for n, level in enumerate(levels)]
    match = Match(QWIXX, seats, seed=11, options=pad)
    state = match.state
    while not state.is_terminal:
        if state.is_chance:
            state = match.roll(state.roll())
            continue
        player = state.deciders[0]
        seed = decision_seed(11, len(match.actions), player)
        if player == 0:
            hint = finish(coach_for("qwixx").appraisal(state, player, seed))
            assert hint.choice in state.legal_actions(player)
        state = match.play(player, bot_for("qwixx", levels[player]).decide(state, player, seed))
    assert any(sheet.score() > 0 for sheet in state_of(match).sheets)
    valued = finish(reviewer_for("qwixx").appraisal(reach(QWIXX.new_game(2, 5, pad), 5, 9), 0, 1))
    assert valued.options


def test_the_normal_player_beats_the_easy_one_on_each_pad_over_a_few_games() -> None:
    """The normal player's outlook reads a Mixx row by its positions, as printed, and a Double
    row by its numbers' crosses (its score counts the extra boxes): it should still outscore the
    easy player over a handful of seeded games."""
    totals = [0, 0]
    for seed in range(6):
        for pad in PADS:
            seats = [Seat("E", "bot:easy"), Seat("N", "bot:normal")]
            match = Match(QWIXX, seats, seed=seed, options=pad)
            state = match.state
            while not state.is_terminal:
                if state.is_chance:
                    state = match.roll(state.roll())
                    continue
                player = state.deciders[0]
                level = ("easy", "normal")[player]
                choice = bot_for("qwixx", level).decide(
                    state, player, decision_seed(seed, len(match.actions), player)
                )
                state = match.play(player, choice)
            totals[0] += state.scores()[0]
            totals[1] += state.scores()[1]
    assert totals[1] > totals[0]
