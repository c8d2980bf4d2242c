"""Every Diceland rule of the rule book and every ruling of a turn, the actions' text, and what
the engine answers (the maps and where crosses may go: test_diceland_maps.py)."""

from __future__ import annotations

import json

import pytest
from diceland_support import (
    BLUE,
    GREEN,
    GREY,
    RED,
    SMALL,
    YELLOW,
    mark,
    match_from,
    roll,
    rule_of,
    sheet_with,
    state_of,
    to_phase2,
)
from rules_support import broken_rule

from dadoteca.core import ROLLED, Event, Plural, RuleError, advance, roll_dice, seed_generator
from dadoteca.match import Match
from dadoteca_games.diceland.maps import COLOURS, DicelandMap, cells_of, map_by_id
from dadoteca_games.diceland.moment import (
    ALL_SET_ASIDE,
    BONUS_ROLL,
    COLOUR_COMPLETED,
    GOAL,
    MARKED,
    NONE_OF_COLOUR,
    PRIZE,
    STOPPED,
)
from dadoteca_games.diceland.rules import (
    BONUS_DICE,
    CHOOSE,
    DICELAND,
    PASS,
    REROLL,
    RULES,
    STOP,
    Choose,
    DicelandState,
    Mark,
    Phase,
    Reroll,
    Roll,
    Sheet,
    Stop,
)
from dadoteca_games.diceland.sheet import board_of

# --- Options and player counts -----------------------------------------------------------------


def test_without_options_seat_i_plays_map_a_b_c_d() -> None:
    state = DICELAND.new_game(4, seed=1)
    assert [state.map(p).id for p in range(4)] == ["A", "B", "C", "D"]
    assert all(state.crossed_cells(p) == (0,) for p in range(4))  # the start is crossed


def test_the_maps_option_names_one_map_per_player() -> None:
    state = DICELAND.new_game(3, seed=1, options={"maps": "H,R9,H"})
    assert [state.map(p).id for p in range(3)] == ["H", "R9", "H"]


@pytest.mark.parametrize(
    ("options", "rule"),
    [
        ({"colours": "all"}, "core.bad_options"),
        ({"maps": "A,B", "speed": 2}, "core.bad_options"),
        ({"maps": "A,Z"}, "diceland.bad_map"),
        ({"maps": "A,R-5"}, "diceland.bad_map"),
        ({"maps": 3}, "diceland.bad_map"),
        ({"maps": True}, "diceland.bad_map"),
        ({"maps": "A"}, "diceland.map_count"),
        ({"maps": "A,B,C"}, "diceland.map_count"),
        ({"maps": ""}, "diceland.map_count"),
        # Only the ids, as the app writes them: no padding carries a save past its size.
        ({"maps": "A, B"}, "diceland.bad_map"),
        ({"maps": "A," + " " * 200_000 + "B"}, "diceland.bad_map"),
        ({"maps": "A,R08"}, "diceland.bad_map"),
    ],
)
def test_bad_options_are_refused(options: dict[str, str | int | bool], rule: str) -> None:
    assert broken_rule(DICELAND.new_game, 2, seed=1, options=options) == rule


# --- Dice (ruling DICELAND_DICE) ---------------------------------------------------------------


def test_ruling_dice_six_dice_with_one_face_per_colour() -> None:
    state = DICELAND.new_game(2, seed=42)
    outcome = state.roll()
    _, faces = roll_dice(seed_generator(42), 6)
    assert outcome.faces == tuple(face - 1 for face in faces)
    assert str(outcome) == "roll yellow red grey green blue orange"  # golden: seeds replay
    after = state.apply_chance(outcome)
    assert after.generator == advance(state.generator)  # as far as the roll drawn
    assert after.phase == Phase.CHOOSE and after.dice == outcome.faces


def test_a_roll_read_from_a_record_replays_like_a_drawn_one() -> None:
    state = DICELAND.new_game(2, seed=3)
    read = state.apply_chance(Roll((0, 0, 0, 1, 1, 1)))
    assert read.generator == state.apply_chance(state.roll()).generator


@pytest.mark.parametrize(
    ("phase_setup", "count"),
    [("first", 6), ("reroll", 4), ("bonus", BONUS_DICE)],
)
def test_rolls_with_the_wrong_number_of_dice_are_refused(phase_setup: str, count: int) -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL))
    if phase_setup == "reroll":
        roll(match, "red red yellow green blue orange")
        match.play(0, CHOOSE[RED])
        match.play(0, REROLL)
    elif phase_setup == "bonus":
        to_phase2(match, "red red red green blue orange", RED)
        match.play(0, mark(RED, 1, 2, 3))  # the prize: a bonus roll
        match.play(1, PASS)
    state = state_of(match)
    assert len(state.roll().faces) == count
    for faces in ((0,) * (count - 1), (0,) * (count + 1), (0,) * (count - 1) + (6,)):
        with pytest.raises(RuleError) as error:
            state.apply_chance(Roll(faces))
        assert rule_of(error) == "diceland.bad_dice"
    with pytest.raises(RuleError) as error:
        state.apply_chance(PASS)
    assert rule_of(error) == "diceland.bad_dice"


# --- Phase 1: rolling (ruling DICELAND_UNLIMITED_REROLLS) --------------------------------------


def test_rule_book_federico_turn() -> None:
    """3 red, 2 green, 1 yellow: green, reroll 4 (1 green, 3 blue), reroll 3 (2 yellow,
    1 orange): no green, so 3 green dice; the others may use yellow or orange. (Federico has
    crossed yellow 7, next to the green area.)"""
    match = match_from(sheet_with(SMALL, 7), *(sheet_with(SMALL) for _ in range(3)))
    roll(match, "red red red green green yellow")
    state = state_of(match)
    assert state.deciders == (0,)
    assert state.legal_actions(0) == [CHOOSE[RED], CHOOSE[YELLOW], CHOOSE[GREEN]]
    match.play(0, CHOOSE[GREEN])
    state = state_of(match)
    assert (state.phase, state.chosen, state.set_aside) == (Phase.STOP_OR_REROLL, GREEN, 2)
    assert state.last_roll()[3:5] == ((GREEN, True), (GREEN, True))
    assert state.legal_actions(0) == [STOP, REROLL]
    match.play(0, REROLL)
    assert len(state_of(match).roll().faces) == 4
    roll(match, "green blue blue blue")
    assert (state_of(match).phase, state_of(match).set_aside) == (Phase.STOP_OR_REROLL, 3)
    match.play(0, REROLL)
    roll(match, "yellow yellow orange")
    state = state_of(match)
    assert (state.phase, state.set_aside) == (Phase.MARK, 3)  # ended by itself
    assert state.remaining_dice() == (0, 2, 0, 0, 1, 0)
    assert state.deciders == (0, 1, 2, 3)
    assert state.usable_dice(0) == (0, 0, 3, 0, 0, 0)
    assert state.usable_dice(1) == (0, 2, 0, 0, 1, 0)
    # Federico must use all 3 green dice: the whole green area, from 9 next to his 7.
    assert state.legal_actions(0) == [mark(GREEN, 8, 9, 10)]
    # Maria and Luigi cross two yellow cells; Caterina's orange cell would not touch a cross.
    assert state.legal_actions(3) == [PASS, mark(YELLOW, 5, 7)]
    match.play(1, mark(YELLOW, 5, 7))
    match.play(2, mark(YELLOW, 5, 7))
    match.play(3, PASS)
    match.play(0, mark(GREEN, 8, 9, 10))
    state = state_of(match)
    assert state.crossed_cells(0) == (0, 7, 8, 9, 10)
    assert state.crossed_cells(1) == state.crossed_cells(2) == (0, 5, 7)
    assert state.crossed_cells(3) == (0,)


def test_choosing_a_colour_not_rolled_is_refused() -> None:
    match = match_from(sheet_with(SMALL))
    roll(match, "red red red green green yellow")
    with pytest.raises(RuleError) as error:
        match.play(0, CHOOSE[BLUE])
    assert rule_of(error) == "diceland.colour_not_shown"
    with pytest.raises(RuleError) as error:
        match.play(0, STOP)
    assert rule_of(error) == "diceland.choose_first"


def test_ruling_unlimited_rerolls_while_the_colour_shows() -> None:
    match = match_from(sheet_with(SMALL))
    roll(match, "red yellow green blue orange grey")
    match.play(0, CHOOSE[RED])
    for set_aside, colours in ((2, "red blue green blue orange"), (3, "red grey blue orange")):
        match.play(0, REROLL)
        roll(match, colours)
        assert (state_of(match).phase, state_of(match).set_aside) == (
            Phase.STOP_OR_REROLL,
            set_aside,
        )
    match.play(0, STOP)
    state = state_of(match)
    assert state.phase == Phase.MARK and state.set_aside == 3
    assert state.remaining_dice() == (0, 0, 0, 1, 1, 1)  # the last roll's other dice


def test_ruling_unlimited_rerolls_end_when_all_six_are_set_aside() -> None:
    match = match_from(sheet_with(SMALL))
    roll(match, "red red red red green yellow")
    match.play(0, CHOOSE[RED])
    match.play(0, REROLL)
    roll(match, "red red")
    state = state_of(match)
    assert (state.phase, state.set_aside, state.remaining_dice()) == (Phase.MARK, 6, (0,) * 6)


def test_six_of_one_colour_on_the_first_roll_end_the_rolling_at_once() -> None:
    match = match_from(sheet_with(SMALL))
    roll(match, "blue blue blue blue blue blue")
    match.play(0, CHOOSE[BLUE])
    assert (state_of(match).phase, state_of(match).set_aside) == (Phase.MARK, 6)


def test_stop_or_reroll_only_then() -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL))
    roll(match, "red red red green green yellow")
    match.play(0, CHOOSE[RED])
    for action in (PASS, CHOOSE[GREEN], mark(RED, 3)):
        with pytest.raises(RuleError) as error:
            match.play(0, action)
        assert rule_of(error) == "diceland.stop_or_reroll"
    with pytest.raises(RuleError) as error:
        match.play(1, STOP)
    assert rule_of(error) == "diceland.not_your_decision"
    assert state_of(match).legal_actions(1) == []


# --- Phase 2 (rulings DICELAND_ACTIVE_MUST_MARK, DICELAND_PHASE2_TOGETHER) --------------------


def test_ruling_active_must_mark_when_they_can() -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL))
    to_phase2(match, "red red yellow green blue orange", RED)
    state = state_of(match)
    assert PASS not in state.legal_actions(0)
    assert state.legal_actions(0) == [
        mark(RED, 2, 3),
        mark(RED, 15, 16),
        mark(RED, 15, 17),
        mark(RED, 16, 17),
    ]
    with pytest.raises(RuleError) as error:
        match.play(0, PASS)
    assert rule_of(error) == "diceland.must_mark"
    assert error.value.params == {"count": 2, "colour": "red"}


def test_ruling_active_must_mark_but_may_pass_when_they_cannot() -> None:
    match = match_from(sheet_with(SMALL, 3, 2), sheet_with(SMALL))
    roll(match, "red red red yellow blue orange")  # 3 red, 2 free cells: excess dice
    match.play(0, CHOOSE[RED])
    match.play(0, STOP)
    assert state_of(match).legal_actions(0) == [PASS]
    match.play(0, PASS)


def test_ruling_others_use_all_dice_of_one_leftover_colour_or_pass() -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL), sheet_with(SMALL))
    to_phase2(match, "green green red red yellow yellow", GREEN)
    state = state_of(match)
    assert state.legal_actions(1)[0] == PASS
    assert {action.colour for action in state.legal_actions(1) if isinstance(action, Mark)} == {
        RED,
        YELLOW,
    }
    with pytest.raises(RuleError) as error:
        match.play(1, mark(GREEN, 8))  # the active player's colour is not left over
    assert rule_of(error) == "diceland.colour_not_shown"
    with pytest.raises(RuleError) as error:
        match.play(1, mark(RED, 3))  # two red dice: both must be used
    assert rule_of(error) == "diceland.wrong_count"
    match.play(1, mark(RED, 15, 16))
    match.play(2, mark(RED, 15, 16))  # several players may pick the same colour
    match.play(0, PASS)  # green is out of reach
    assert state_of(match).crossed_cells(1) == state_of(match).crossed_cells(2) == (0, 15, 16)


def test_ruling_phase2_together_decisions_apply_once_all_decided() -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL), sheet_with(SMALL), active=1)
    to_phase2(match, "red red yellow yellow blue orange", RED)
    match.play(2, mark(YELLOW, 5, 7))
    match.play(0, mark(YELLOW, 5, 7))
    state = state_of(match)
    assert state.deciders == (1,)
    assert all(sheet == sheet_with(SMALL) for sheet in state.sheets)  # nothing applied yet
    with pytest.raises(RuleError) as error:
        match.play(0, PASS)
    assert rule_of(error) == "diceland.already_decided"
    assert state.legal_actions(0) == []
    match.play(1, mark(RED, 2, 3))
    state = state_of(match)
    assert [state.crossed_cells(p) for p in range(3)] == [(0, 5, 7), (0, 2, 3), (0, 5, 7)]


def test_phase2_wants_a_mark_or_a_pass() -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL))
    to_phase2(match, "red red yellow yellow blue orange", RED)
    for action, rule in (
        (STOP, "diceland.mark_or_pass"),
        (CHOOSE[RED], "diceland.mark_or_pass"),
        (Roll((1, 1, 1, 1, 1, 1)), "diceland.no_roll_now"),
    ):
        with pytest.raises(RuleError) as error:
            match.play(1, action)
        assert rule_of(error) == rule
    with pytest.raises(RuleError) as error:
        match.play(2, PASS)
    assert rule_of(error) == "diceland.not_your_decision"


# --- Bonus rolls (ruling DICELAND_BONUS_ROLLS) --------------------------------------------------


def test_ruling_bonus_rolls_a_prize_earns_five_dice_after_phase2() -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL))
    to_phase2(match, "red red red yellow blue orange", RED)
    match.play(1, PASS)
    match.play(0, mark(RED, 1, 2, 3))  # prize 1
    state = state_of(match)
    assert (state.phase, state.bonus_player, state.bonus_queue) == (Phase.BONUS_ROLL, 0, (0,))
    assert state.prizes(0) == 1 and state.scores() == (1, 0)
    assert len(state.roll().faces) == BONUS_DICE
    roll(match, "yellow yellow blue blue orange")
    state = state_of(match)
    assert (state.phase, state.deciders, state.remaining_dice()) == (
        Phase.BONUS,
        (0,),
        (0, 2, 0, 2, 1, 0),
    )
    assert state.usable_dice(0) == (0, 2, 0, 2, 1, 0) and state.usable_dice(1) == (0,) * 6
    assert state.legal_actions(0) == [PASS, mark(YELLOW, 5, 7)]
    with pytest.raises(RuleError) as error:
        match.play(0, mark(YELLOW, 7))
    assert rule_of(error) == "diceland.wrong_count"
    with pytest.raises(RuleError) as error:
        match.play(1, PASS)
    assert rule_of(error) == "diceland.not_your_decision"
    match.play(0, PASS)  # a bonus roll may always be passed
    state = state_of(match)
    assert (state.phase, state.active, state.turn) == (Phase.ROLL, 1, 2)


def test_ruling_bonus_rolls_clockwise_from_the_active_player_with_chains() -> None:
    """Player 2 is active; 0 and 2 cross prizes; 2 rolls first, crosses another prize in the
    bonus roll and rolls again at once, before 0."""
    sheets = [sheet_with(SMALL, 3, 2), sheet_with(SMALL), sheet_with(SMALL, 7)]
    match = match_from(*sheets, active=2)
    to_phase2(match, "yellow yellow red orange blue grey", YELLOW)
    match.play(0, mark(RED, 1))  # prize 1
    match.play(1, PASS)
    match.play(2, mark(YELLOW, 5, 6))  # prize 6
    state = state_of(match)
    assert (state.bonus_player, state.bonus_queue) == (2, (2, 0))
    roll(match, "blue blue red red green")
    match.play(2, mark(RED, 15, 16))
    assert state_of(match).bonus_queue == (0,)  # no prize: 2's bonus rolls are over
    roll(match, "blue grey grey orange orange")
    state = state_of(match)
    assert state.bonus_player == 0
    match.play(0, PASS)
    assert state_of(match).phase == Phase.ROLL and state_of(match).active == 0


def test_ruling_bonus_rolls_a_prize_in_a_bonus_roll_earns_the_next_at_once() -> None:
    match = match_from(sheet_with(SMALL, 2, 3), sheet_with(SMALL, 7))
    to_phase2(match, "red yellow yellow blue orange grey", RED)
    match.play(0, mark(RED, 1))  # prize 1
    match.play(1, mark(YELLOW, 5, 6))  # prize 6
    assert state_of(match).bonus_queue == (0, 1)
    roll(match, "yellow yellow yellow grey blue")
    match.play(0, mark(YELLOW, 5, 6, 7))  # prize 6 again: player 0 rolls again, before 1
    state = state_of(match)
    assert (state.phase, state.bonus_player, state.bonus_queue) == (Phase.BONUS_ROLL, 0, (0, 1))
    roll(match, "green green green green green")
    assert state_of(match).legal_actions(0) == [PASS]  # five green dice, a 3-cell area
    match.play(0, PASS)
    assert (state_of(match).bonus_player, state_of(match).bonus_queue) == (1, (1,))
    roll(match, "blue blue blue blue blue")
    match.play(1, PASS)
    state = state_of(match)
    assert (state.phase, state.active, state.bonus_queue) == (Phase.ROLL, 1, ())
    assert state.scores() == (2, 1)


# --- Winning (ruling DICELAND_WIN) --------------------------------------------------------------

MAP_A = map_by_id("A")


def prize_area(m: DicelandMap, colour: int, size: int, other_than: int = -1) -> int:
    return next(
        a
        for a in m.colour_areas[colour]
        if m.area_size[a] == size and m.area_masks[a] & m.prize_mask and a != other_than
    )


def nearly_winning(m: DicelandMap, area: int, spare_prizes: int = 3) -> Sheet:
    """Every coloured cell crossed but ``area`` (which holds a prize) and one prize cell of each
    of ``spare_prizes`` other colours (one open area each): 11 - ``spare_prizes`` prizes, and
    crossing ``area`` completes its colour."""
    colour = m.area_colours[area]
    spares: dict[int, int] = {}
    for cell in cells_of(m.prize_mask):
        if m.colours[cell] != colour and len(spares) < spare_prizes:
            spares.setdefault(m.colours[cell], cell)
    left = set(m.area_cells(area)) | set(spares.values())
    return sheet_with(m, *(c for c in cells_of(sum(m.area_masks)) if c not in left))


def spare_prize_cells(m: DicelandMap, sheet: Sheet) -> list[int]:
    """The prize cells ``sheet`` has not crossed, outside wholly free areas."""
    return [
        cell
        for cell in cells_of(m.prize_mask & ~sheet.crossed)
        if sheet.crossed & m.area_masks[m.areas[cell]]
    ]


def test_ruling_win_nine_prizes_and_one_whole_colour() -> None:
    grey = prize_area(MAP_A, GREY, 3)
    sheet = nearly_winning(MAP_A, grey)
    assert sheet.prizes() == 8 and GREY not in sheet.completed_colours()
    done = sheet.crossing(Mark(GREY, MAP_A.area_cells(grey)))
    assert done.prizes() == 9 and GREY in done.completed_colours() and done.has_won()
    board = board_of(MAP_A)
    prizes = cells_of(MAP_A.prize_mask)
    nine_prizes = Sheet(board, sum(1 << cell for cell in prizes[:9]), 0)
    assert nine_prizes.prizes() == 9 and not nine_prizes.has_won()  # no whole colour
    grey_cells = MAP_A.colour_masks[GREY]
    others = [cell for cell in prizes if MAP_A.colours[cell] != GREY]
    eight = Sheet(board, grey_cells | sum(1 << cell for cell in others[:6]), 0)
    assert eight.prizes() == 8 and not eight.has_won()  # a whole colour, 8 prizes
    nine = Sheet(board, grey_cells | sum(1 << cell for cell in others[:7]), 0)
    assert nine.has_won()


def won_together() -> Match:
    """Three players a whole colour short of the goal: in one phase 2, player 0 crosses grey's
    last area and player 1 red's, each with a 9th prize; player 2 passes."""
    grey = prize_area(MAP_A, GREY, 3)
    red = prize_area(MAP_A, RED, 3)
    match = match_from(
        nearly_winning(MAP_A, grey), nearly_winning(MAP_A, red), nearly_winning(MAP_A, red)
    )
    to_phase2(match, "grey grey grey red red red", GREY)
    match.play(0, Mark(GREY, MAP_A.area_cells(grey)))
    match.play(1, Mark(RED, MAP_A.area_cells(red)))
    match.play(2, PASS)
    return match


def test_ruling_win_several_players_may_win_together_after_phase2() -> None:
    match = won_together()
    state = state_of(match)
    assert state.is_terminal and state.phase == Phase.OVER
    assert state.winners() == (0, 1)
    assert state.bonus_queue == ()  # the prizes' bonus rolls are not taken: the game is over
    assert state.deciders == () and state.legal_actions(0) == []
    assert broken_rule(match.play, 2, PASS) == broken_rule(match.roll) == "diceland.game_over"


def test_ruling_win_a_bonus_roll_ends_the_game_at_once_dropping_pending_bonus_rolls() -> None:
    """Both players cross a prize in phase 2 (8 prizes, no win); player 0's bonus roll
    completes grey with the 9th prize: over at once, player 1's bonus roll never comes."""
    grey = prize_area(MAP_A, GREY, 3)
    sheet = nearly_winning(MAP_A, grey, spare_prizes=4)
    assert sheet.prizes() == 7
    first, second = spare_prize_cells(MAP_A, sheet)[:2]
    colour1, colour2 = MAP_A.colours[first], MAP_A.colours[second]
    filler = next(c for c in range(6) if c not in (colour1, colour2, GREY))
    match = match_from(sheet, sheet)
    roll(match, " ".join(COLOURS[c] for c in (colour1, colour2, filler, filler, filler, filler)))
    match.play(0, CHOOSE[colour1])
    match.play(0, STOP)
    match.play(0, Mark(colour1, (first,)))
    match.play(1, Mark(colour2, (second,)))
    state = state_of(match)
    assert state.phase == Phase.BONUS_ROLL and state.bonus_queue == (0, 1)
    assert state.prizes(0) == state.prizes(1) == 8 and not state.is_terminal
    roll(match, f"grey grey grey {COLOURS[filler]} {COLOURS[filler]}")
    match.play(0, Mark(GREY, MAP_A.area_cells(grey)))
    state = state_of(match)
    assert state.is_terminal and state.winners() == (0,)
    assert state.bonus_queue == () and state.deciders == ()


def test_winners_before_the_end_are_the_players_leading_on_prizes() -> None:
    match = match_from(sheet_with(SMALL, 3, 2), sheet_with(SMALL, 7), sheet_with(SMALL))
    assert state_of(match).winners() == (0, 1, 2)
    match._states[-1] = state_of(match)._replace(
        sheets=(sheet_with(SMALL, 3, 2, 1), sheet_with(SMALL, 7, 6), sheet_with(SMALL))
    )
    assert state_of(match).scores() == (1, 1, 0)
    assert state_of(match).winners() == (0, 1)


# --- Turns, rounds and solo (ruling DICELAND_SOLO) ---------------------------------------------


def play_quiet_turn(match: Match) -> None:
    """A turn in which nobody can cross (all six dice green, out of reach on SMALL)."""
    roll(match, "green green green green green green")
    match.play(state_of(match).active, CHOOSE[GREEN])
    for player in state_of(match).deciders:
        match.play(player, PASS)


def test_turns_go_clockwise_and_rounds_count() -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL), sheet_with(SMALL))
    seen = []
    for _ in range(7):
        seen.append((state_of(match).active, state_of(match).turn, state_of(match).round))
        play_quiet_turn(match)
    assert seen == [(0, 1, 1), (1, 2, 1), (2, 3, 1), (0, 4, 2), (1, 5, 2), (2, 6, 2), (0, 7, 3)]


def test_ruling_solo_the_one_player_is_active_every_turn() -> None:
    match = match_from(sheet_with(SMALL))
    for turn in (1, 2, 3):
        state = state_of(match)
        assert (state.active, state.turn, state.round) == (0, turn, turn)
        play_quiet_turn(match)
    assert DICELAND.min_players == 1 and DICELAND.max_players == 4


# --- Text, JSON --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "choose red",
        "choose grey",
        "stop",
        "reroll",
        "pass",
        "mark orange 5",
        "mark red 12 13 14",
        "mark blue 0 1 2 3 4 5",
        "roll red red blue green orange grey",
        "roll yellow",
    ],
)
def test_actions_read_back_from_their_text(text: str) -> None:
    assert str(DICELAND.parse_action(text)) == text


def test_action_text_is_read_only_as_it_is_written() -> None:
    assert DICELAND.parse_action("mark red 12 13 14") == Mark(RED, (12, 13, 14))
    assert DICELAND.parse_action("choose grey") == Choose(GREY)
    for written in ("  MARK Red 14 12 13 ", "mark red 14 12 13", "Choose GREY", "choose  grey"):
        with pytest.raises(RuleError) as error:
            DICELAND.parse_action(written)
        assert rule_of(error) == "diceland.bad_action"
    assert DICELAND.parse_action("stop") is STOP and DICELAND.parse_action("reroll") is REROLL
    assert isinstance(DICELAND.parse_action("stop"), Stop)
    assert isinstance(DICELAND.parse_action("reroll"), Reroll)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "red",
        "choose",
        "choose purple",
        "choose red blue",
        "mark red",
        "mark red 1 1",
        "mark red 1 2 3 4 5 6 7",
        "mark red -1",
        "mark red +1",
        "mark red 01",
        "mark red 1.5",
        "mark red 12345",
        "mark red \u0661",  # an Arabic-Indic digit: int() would read it
        "mark 3 4",
        "roll",
        "roll red red red red red red red",
        "roll red 3",
        "roll purple",
        "pass pass",
        "stop now",
        "\x00",
        "mark red " + "9" * 5000,
    ],
)
def test_bad_action_text_is_refused(text: str) -> None:
    with pytest.raises(RuleError) as error:
        DICELAND.parse_action(text)
    assert rule_of(error) == "diceland.bad_action"


def test_rolls_out_of_turn_and_actions_at_the_roll_are_refused() -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL))
    with pytest.raises(RuleError) as error:
        match.play(0, CHOOSE[RED])
    assert rule_of(error) == "diceland.roll_first"
    roll(match, "red red red green green yellow")
    with pytest.raises(RuleError) as error:
        match.roll()
    assert rule_of(error) == "diceland.no_roll_now"
    with pytest.raises(RuleError) as error:
        match.play(0, Roll((0, 0, 0, 0, 0, 0)))
    assert rule_of(error) == "diceland.no_roll_now"
    with pytest.raises(RuleError) as error:
        match.play(1, CHOOSE[RED])
    assert rule_of(error) == "diceland.not_your_decision"
    with pytest.raises(RuleError) as error:
        match.play(0, Choose(7))
    assert rule_of(error) == "diceland.bad_action"


def test_every_rule_id_is_in_rules_with_a_short_template() -> None:
    assert all(rule.startswith("diceland.") for rule in RULES)
    texts = [
        text
        for template in RULES.values()
        for text in (template if isinstance(template, Plural) else (template,))
    ]
    assert all(len(text) <= 80 for text in texts)
    assert DICELAND.rules is RULES


def test_to_json_describes_the_whole_state() -> None:
    match = match_from(sheet_with(SMALL, 3), sheet_with(SMALL))
    to_phase2(match, "red red yellow yellow green blue", RED)
    data = state_of(match).to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["phase"] == "mark" and data["chosen"] == "red" and data["set_aside"] == 2
    assert data["remaining"] == {"yellow": 2, "green": 1, "blue": 1}
    assert data["dice"] == ["red", "red", "yellow", "yellow", "green", "blue"]
    sheets = data["sheets"]
    assert isinstance(sheets, list)
    assert sheets[0]["map"] == "small" and sheets[0]["crossed"] == [0, 3]
    assert sheets[0]["open_areas"] == {"red": [1, 2, 3, 4]}
    assert data["winners"] is None and data["deciders"] == [0, 1]


# --- What the engine answers: who rolls, why the rolling ended, what happened, the end -----


def test_the_roller_is_the_active_player_then_whoever_is_owed_a_bonus_roll() -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL), active=1)
    assert state_of(match).roller == 1
    to_phase2(match, "red red red yellow blue orange", RED)
    assert state_of(match).roller is None
    match.play(0, PASS)
    match.play(1, mark(RED, 1, 2, 3))  # prize 1: player 1 rolls five dice
    assert state_of(match).roller == 1 and state_of(match).phase == Phase.BONUS_ROLL


def test_why_the_rolling_ended_is_the_engines_to_say() -> None:
    stopped = match_from(sheet_with(SMALL), sheet_with(SMALL))
    to_phase2(stopped, "red red red yellow blue orange", RED)
    assert state_of(stopped).rolling_ended == STOPPED
    assert [e.kind for e in stopped.last_events()] == [STOPPED]
    all_six = match_from(sheet_with(SMALL), sheet_with(SMALL))
    to_phase2(all_six, "red red red red red red", RED)
    assert state_of(all_six).rolling_ended == ALL_SET_ASIDE
    none = match_from(sheet_with(SMALL), sheet_with(SMALL))
    roll(none, "red red yellow yellow blue orange")
    none.play(0, CHOOSE[RED])
    none.play(0, REROLL)
    roll(none, "blue blue grey grey")
    assert state_of(none).rolling_ended == NONE_OF_COLOUR
    events = list(none.last_events())
    assert events == [
        Event(ROLLED, (0,), {"dice": "roll blue blue grey grey"}),
        Event(NONE_OF_COLOUR, (0,), {"colour": "red"}),
    ]
    assert state_of(match_from(sheet_with(SMALL))).rolling_ended is None


def test_a_prize_is_an_event_and_its_bonus_roll_another() -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL))
    to_phase2(match, "red red red yellow blue orange", RED)
    match.play(1, PASS)
    assert list(match.last_events()) == []  # waiting for player 0
    match.play(0, mark(RED, 1, 2, 3))
    assert list(match.last_events()) == [
        Event(MARKED, (0,), {"colour": "red", "cells": "1 2 3"}),
        Event(PRIZE, (0,), {"colour": "red"}),
        Event(BONUS_ROLL, (0,)),
    ]


def test_a_whole_colour_and_the_goal_are_events_and_the_outcome_names_the_winners() -> None:
    match = won_together()
    assert match.states[-2].outcome is None  # until the last decision of phase 2
    outcome = state_of(match).outcome
    assert outcome is not None and outcome.termination == GOAL
    assert outcome.winners == outcome.players == (0, 1)
    kinds = [(e.kind, e.players) for e in match.last_events()]
    assert (COLOUR_COMPLETED, (0,)) in kinds and (COLOUR_COMPLETED, (1,)) in kinds
    assert kinds[-1] == (GOAL, (0, 1))


def test_rounds_played_count_each_players_turns() -> None:
    state = DicelandState(
        (sheet_with(SMALL),) * 3, seed_generator(1), active=1, bonus=(0, 0, 0), turn=5
    )
    assert [state.rounds_played(p) for p in range(3)] == [2, 2, 1]
