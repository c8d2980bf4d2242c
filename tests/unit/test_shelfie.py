"""Every My Shelfie rule of the rule book and every ruling, one test (or a few) each; what a roll
can mark: test_shelfie_marks.py."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from rules_support import broken_rule
from shelfie_support import (
    BOOK,
    CAT,
    GAME,
    PLANT,
    TROPHY,
    decide,
    dice,
    mark,
    match_with,
    new_match,
    reroll_positions,
    roll,
    rows,
    rule_of,
    sheet,
    state_of,
)

from dadoteca.core import ROLLED, Event, Plural, RuleError
from dadoteca.match import Match
from dadoteca_games.shelfie.moment import (
    CIRCLED,
    COLUMN_BLOCKED,
    FULL_SHELVES,
    LAST_ROUND,
    SHELF_BLOCKED,
    STRUCK,
)
from dadoteca_games.shelfie.rules import (
    COLUMN_VALUES,
    DICE_COUNT,
    FACES,
    JOLLY,
    PASS,
    RULES,
    SHELFIE,
    SHELFIE_BLOCKING,
    SHELFIE_DICE,
    SHELFIE_END_ROUND,
    SHELFIE_FAILED_ROLL,
    SHELFIE_MUST_MARK,
    SHELFIE_NOTHING_FREE,
    SHELFIE_REROLLS,
    SHELFIE_SCORE,
    SHELFIE_SHEET_VALUES,
    SHELFIE_SOLO,
    SHELVES,
    CellState,
    Combo,
    Mark,
    Pass,
    Phase,
    Reroll,
    Roll,
    Sheet,
    ShelfieState,
    Strike,
    cell_bit,
)

# --- Dice and sheet (rulings SHELFIE_DICE, SHELFIE_SHEET_VALUES) -------------------------------


def test_ruling_dice_six_dice_with_the_five_items_and_a_jolly() -> None:
    assert "jolly" in SHELFIE_DICE
    assert FACES == ("cat", "book", "plant", "trophy", "game", "jolly") and FACES[JOLLY] == "jolly"
    first = SHELFIE.new_game(2, seed=1).roll()
    assert len(first.faces) == DICE_COUNT and all(face in range(6) for face in first.faces)
    seen: set[int] = set()
    for seed in range(200):
        seen.update(SHELFIE.new_game(1, seed).roll().faces)
    assert seen == set(range(6))


def test_ruling_sheet_values_shelves_and_columns_are_data() -> None:
    assert "1, 2, 3, 5, 8" in SHELFIE_SHEET_VALUES
    assert SHELVES == ("cat", "book", "plant", "trophy", "game")
    assert COLUMN_VALUES == (1, 2, 3, 5, 8)
    assert [Combo(CAT, column).dice_needed() for column in range(5)] == [1, 2, 3, 4, 5]
    assert Combo(BOOK, 2, jolly=True).dice_needed() == 3  # the jolly is one of the three
    assert Combo(PLANT, 3, six_jollies=True).dice_needed() == 6
    assert Combo(TROPHY, 1).item == "trophy"
    assert [cell_bit(CAT, 0), cell_bit(CAT, 4), cell_bit(BOOK, 0), cell_bit(GAME, 4)] == [
        1,
        1 << 4,
        1 << 5,
        1 << 24,
    ]


# --- Rolling (ruling SHELFIE_REROLLS) ----------------------------------------------------------


def test_rule_a_turn_starts_with_a_roll_of_the_six_dice() -> None:
    match = new_match(2)
    state = state_of(match)
    assert state.phase == Phase.ROLL and state.is_chance and state.deciders == ()
    assert state.dice is None and state.legal_actions(0) == []
    with pytest.raises(RuleError) as error:
        match.play(0, PASS)
    assert rule_of(error) == "shelfie.roll_first"
    state = roll(match, "cat book plant trophy game jolly")
    assert state.phase == Phase.DECIDE and state.deciders == (0,) and not state.is_chance
    assert state.dice == (0, 1, 2, 3, 4, 5) and state.rerolls_left == 2
    assert state.legal_actions(1) == []


def test_ruling_rerolls_two_of_any_dice_kept_ones_included() -> None:
    """Giuliano's rolls: he rerolls three dice, then two, one of them kept the first time."""
    assert "two rerolls" in SHELFIE_REROLLS
    match = new_match(2)
    roll(match, "cat jolly book game game trophy")
    assert set(state_of(match).legal_actions(0)) >= {Reroll(p) for p in combinations(range(6), 3)}
    match.play(0, Reroll((3, 4, 5)))
    state = state_of(match)
    assert state.phase == Phase.REROLL and state.is_chance and state.rerolling == 0b111000
    assert state.rerolls_left == 1 and state.deciders == ()
    state = roll(match, "cat jolly book cat cat plant")
    match.play(0, Reroll((2, 5)))  # the book was kept in the first reroll
    state = roll(match, "cat jolly cat cat cat cat")
    assert state.rerolls_left == 0
    assert not any(isinstance(action, Reroll) for action in state.legal_actions(0))
    with pytest.raises(RuleError) as error:
        match.play(0, Reroll((0,)))
    assert rule_of(error) == "shelfie.no_rerolls_left"
    match.play(0, mark("cat5"))
    assert state_of(match).sheets[0].cell_state(CAT, 4) == CellState.CIRCLED


def test_a_reroll_rolls_only_the_chosen_positions_from_the_generator() -> None:
    match = new_match(1)
    roll(match, "cat book plant trophy game jolly")
    match.play(0, Reroll((1, 4)))
    rolled = state_of(match).roll()
    assert [rolled.faces[p] for p in (0, 2, 3, 5)] == [0, 2, 3, 5]
    again = state_of(match).roll()
    assert rolled == again  # the state's own generator: the same state rolls the same dice
    match.roll()
    assert state_of(match).dice == rolled.faces


def test_a_hostile_roll_may_not_change_a_kept_die() -> None:
    match = new_match(2)
    roll(match, "cat book plant trophy game jolly")
    match.play(0, Reroll((0,)))
    for text in ("jolly jolly plant trophy game jolly", "book cat plant trophy game jolly"):
        with pytest.raises(RuleError) as error:
            roll(match, text)
        assert rule_of(error) == "shelfie.kept_die"
    roll(match, "jolly book plant trophy game jolly")  # only position 1 changed


@pytest.mark.parametrize(
    "outcome",
    [Roll((0, 1, 2)), Roll((0, 1, 2, 3, 4, 6)), Roll((0, 1, 2, 3, 4, -1)), Reroll((0,)), PASS],
)
def test_impossible_dice_are_refused(outcome: Roll | Reroll | Pass) -> None:
    with pytest.raises(RuleError) as error:
        new_match(2).roll(outcome)
    assert rule_of(error) == "shelfie.bad_dice"


def test_dice_are_rolled_only_when_the_rules_say() -> None:
    match = new_match(2)
    roll(match, "cat book plant trophy game jolly")
    with pytest.raises(RuleError) as error:
        match.roll()
    assert rule_of(error) == "shelfie.no_roll_now"
    with pytest.raises(RuleError) as error:
        match.play(0, Roll(dice("cat cat cat cat cat cat")))
    assert rule_of(error) == "shelfie.no_roll_now"


def test_the_same_seed_rolls_the_same_dice() -> None:
    assert SHELFIE.new_game(2, seed=42).roll() == SHELFIE.new_game(2, seed=42).roll()
    assert str(SHELFIE.new_game(2, seed=42).roll()) == "roll book cat jolly plant trophy game"


# --- Must mark, failed roll, nothing free ------------------------------------------------------


def test_ruling_must_mark_when_an_item_can_be_marked_rerolls_allowed_meanwhile() -> None:
    assert "must mark" in SHELFIE_MUST_MARK
    state = decide(dice_text="cat book plant trophy game jolly", rerolls=2)
    assert state.can_mark
    legal = state.legal_actions(0)
    assert not any(isinstance(action, (Strike, Pass)) for action in legal)
    assert sum(isinstance(action, Reroll) for action in legal) == 63
    for refused in (Strike(CAT), PASS):
        with pytest.raises(RuleError) as error:
            state.apply(0, refused)
        assert rule_of(error) == "shelfie.must_mark"
    last = state._replace(rerolls_left=0)
    assert set(last.legal_actions(0)) == set(last.legal_marks(0))


def test_ruling_failed_roll_the_rule_books_giuliano_strikes_his_book_shelf() -> None:
    """No combination fits a free item after three rolls; the book shelf already scores."""
    assert "one shelf" in SHELFIE_FAILED_ROLL
    giuliano = sheet("XXXXX", "OOO..", "", "", "OOOO.")
    match = match_with(giuliano, Sheet())
    roll(match, "cat cat cat game cat cat")
    match.play(0, Reroll((0, 1, 2, 4, 5)))
    roll(match, "game game cat game game cat")
    match.play(0, Reroll((0, 1, 4)))
    state = roll(match, "cat cat cat game cat cat")
    assert not state.can_mark and state.legal_marks(0) == []
    assert state.legal_actions(0) == [Strike(BOOK), Strike(PLANT), Strike(TROPHY), Strike(GAME)]
    with pytest.raises(RuleError) as error:
        match.play(0, Strike(CAT))
    assert rule_of(error) == "shelfie.strike_needs_free"
    assert error.value.params == {"item": "cat"}
    with pytest.raises(RuleError) as error:
        match.play(0, mark("cat1"))
    assert rule_of(error) == "shelfie.cell_taken"
    match.play(0, Strike(BOOK))
    after = state_of(match).sheets[0]
    assert rows(after)[BOOK] == "OOOXX"  # the circled items stay, and still score
    assert after.shelf_points(BOOK) == 1 + 2 + 3
    assert state_of(match).sheets[1] == Sheet()  # a strike blocks nobody


def test_a_failed_roll_may_strike_at_once_or_reroll_first() -> None:
    state = decide(dice_text="cat cat cat cat cat cat", sheet_of_player=sheet("OXOXO"), rerolls=1)
    legal = state.legal_actions(0)
    strikes = map(Strike, (BOOK, PLANT, TROPHY, GAME))
    assert set(legal) == {*strikes, *map(Reroll, reroll_positions())}
    after = state.apply(0, Strike(GAME))
    assert rows(after.sheets[0])[GAME] == "XXXXX"


def test_ruling_nothing_free_only_pass() -> None:
    assert "only pass" in SHELFIE_NOTHING_FREE
    full = sheet("XXXXX", "XXXXX", "OOOOO", "XXXXX", "XXXXX")
    match = match_with(Sheet(), full, active=1, last_round=True)
    state = roll(match, "cat book plant trophy game jolly")
    assert state.legal_actions(1) == [PASS] and not state.can_mark
    for refused in (Reroll((0,)), Strike(CAT), mark("cat1")):
        with pytest.raises(RuleError) as error:
            match.play(1, refused)
        assert rule_of(error) == "shelfie.only_pass"
    match.play(1, PASS)
    assert state_of(match).is_terminal


def test_pass_only_when_nothing_is_free() -> None:
    state = decide(dice_text="cat cat cat cat cat cat", sheet_of_player=sheet("XXXXX"))
    with pytest.raises(RuleError) as error:
        state.apply(0, PASS)
    assert rule_of(error) == "shelfie.pass_when_full"


# --- Completing a line (ruling SHELFIE_BLOCKING) -----------------------------------------------


def test_rule_book_giuliano_completes_the_cat_shelf_and_blocks_ariannas() -> None:
    assert "every other player" in SHELFIE_BLOCKING
    giuliano = sheet("OOO.O")
    arianna = sheet("O.X..", "OO...")
    matteo = sheet("", "O....")
    match = match_with(giuliano, arianna, matteo)
    roll(match, "cat cat jolly cat book book")
    match.play(0, mark("cat4+j", "book2"))
    state = state_of(match)
    assert rows(state.sheets[0])[CAT] == "OOOOO"
    assert rows(state.sheets[1])[CAT] == "OXXXX"  # her circled cat stays
    assert rows(state.sheets[1])[BOOK] == "OO..."  # nothing else changes
    assert rows(state.sheets[2])[CAT] == "XXXXX"
    assert state.sheets[2].circled == sheet("", "O....").circled
    assert state.active == 1  # before Arianna's turn: at once
    roll(match, "cat cat cat cat cat cat")
    with pytest.raises(RuleError) as error:
        match.play(1, mark("cat2"))
    assert rule_of(error) == "shelfie.cell_taken"


def test_ruling_blocking_columns_too_and_both_lines_of_one_mark() -> None:
    player = sheet("OOOO.", "....O", "....O", "....O", "....O")
    other = sheet("O....", "", "", "", "....O")
    state = ShelfieState(
        (player, other), generator=1, phase=Phase.DECIDE, dice=dice("cat cat cat cat cat book")
    )
    after = state.apply(0, mark("cat5"))
    assert rows(after.sheets[0]) == ["OOOOO", "....O", "....O", "....O", "....O"]
    assert rows(after.sheets[1]) == ["OXXXX", "....X", "....X", "....X", "....O"]


def test_crossed_out_items_never_complete_a_line() -> None:
    player = sheet("OOOX.")
    state = decide(dice_text="cat cat cat cat cat book", sheet_of_player=player)
    after = state.apply(0, mark("cat5"))
    assert after.sheets[1] == Sheet()


# --- End of the game (ruling SHELFIE_END_ROUND) ------------------------------------------------


def test_ruling_end_round_is_played_out_to_the_last_seat() -> None:
    assert "seat n-1" in SHELFIE_END_ROUND
    nearly = sheet("OOOOX", ".XXXX")
    match = match_with(nearly, Sheet(), Sheet())
    roll(match, "book cat trophy trophy trophy trophy")
    assert not state_of(match).last_round
    match.play(0, mark("book1"))  # a second shelf with no free item
    state = state_of(match)
    assert state.last_round and not state.is_terminal and state.active == 1
    for seat in (1, 2):
        roll(match, "trophy trophy trophy trophy trophy jolly")
        match.play(seat, mark("trophy5"))
    state = state_of(match)
    assert state.is_terminal and state.phase == Phase.OVER
    assert state.turn == 3 and state.round == 1  # everyone had the same number of turns
    assert state.legal_actions(0) == state.legal_actions(1) == []
    assert broken_rule(match.play, 0, PASS) == broken_rule(match.roll) == "shelfie.game_over"


def test_ruling_end_triggered_by_the_last_seat_ends_the_game_at_once() -> None:
    match = match_with(Sheet(), sheet("OOOOO", "OX...", "XX..."), active=1)
    roll(match, "cat cat cat cat cat cat")
    match.play(1, Strike(PLANT))
    state = state_of(match)
    assert state.is_terminal and state.last_round
    assert state.turn == 2 and state.sheets[1].full_shelves() == 2


def test_ruling_end_may_be_triggered_on_another_sheet_by_blocking() -> None:
    match = match_with(sheet("OOOO.", "O...."), sheet("", "", "", "", "XXXXX"), Sheet())
    roll(match, "cat cat cat cat cat plant")
    match.play(0, mark("cat5"))  # player 2's cat shelf is crossed out: two full shelves
    state = state_of(match)
    assert state.sheets[1].full_shelves() == 2 and state.last_round and state.active == 1


def test_ruling_end_is_triggered_by_shelves_not_columns() -> None:
    columns = sheet("XX...", "XX...", "XX...", "XX...", "XX...")
    match = match_with(columns, Sheet())
    roll(match, "cat cat cat cat cat cat")
    match.play(0, mark("cat3"))
    assert not state_of(match).last_round


# --- Score (ruling SHELFIE_SCORE) --------------------------------------------------------------


def test_ruling_score_only_lines_with_three_circled_items() -> None:
    assert "3+" in SHELFIE_SCORE
    two = sheet("OO...")
    assert two.shelf_points(CAT) == 0 and two.score() == 0
    giuliano = sheet("OO.O.")  # the rule book's first shelf: three items, 8 points
    assert giuliano.shelf_points(CAT) == 8 and giuliano.score() == 8
    crossed = sheet("OOXXX")  # crossed-out items score nothing
    assert crossed.score() == 0


def test_a_cell_counts_in_its_shelf_and_in_its_column() -> None:
    cross_shape = sheet("....O", "....O", "OOOOO", "....O")
    assert cross_shape.shelf_points(PLANT) == 1 + 2 + 3 + 5 + 8
    assert cross_shape.column_points(4) == 4 * 8
    assert [cross_shape.column_points(c) for c in range(4)] == [0, 0, 0, 0]
    assert cross_shape.score() == 19 + 32  # the plant 8 counts twice


def test_rule_book_final_count_sums_every_scoring_shelf_and_column() -> None:
    final = sheet("OOO..", "OO.O.", "O.O.O", "O....", "XXXXX")
    assert [final.shelf_points(s) for s in range(5)] == [6, 8, 12, 0, 0]
    assert [final.column_points(c) for c in range(5)] == [4, 0, 0, 0, 0]
    assert final.score() == 30


def test_ties_share_the_win() -> None:
    state = ShelfieState(
        (sheet("OOO.."), sheet("", "OOO.."), sheet("OO...")), generator=1, phase=Phase.OVER
    )
    assert state.scores() == (6, 6, 0) and state.winners() == (0, 1)


# --- Seats, solo, counts -----------------------------------------------------------------------


def test_turns_go_clockwise_seat_0_first() -> None:
    match = new_match(3)
    for turn, seat in enumerate([0, 1, 2, 0], 1):
        state = state_of(match)
        assert state.active == seat and state.turn == turn and state.round == (turn - 1) // 3 + 1
        state = roll(match, "cat book plant trophy game jolly")
        assert state.deciders == (seat,)
        with pytest.raises(RuleError) as error:
            match.play((seat + 1) % 3, mark("cat1"))
        assert rule_of(error) == "shelfie.not_your_decision"
        match.play(seat, Mark((Combo(turn - 1, 0),)))


def test_ruling_solo_the_one_player_takes_every_turn_and_the_trigger_ends_at_once() -> None:
    assert "every turn" in SHELFIE_SOLO
    match = match_with(sheet("XXXXX", "OOOO."))
    roll(match, "book jolly book book cat book")
    match.play(0, mark("book5+j"))
    assert state_of(match).is_terminal
    match = new_match(1)
    for turn in (1, 2):
        roll(match, "cat book plant trophy game jolly")
        match.play(0, Mark((Combo(turn, 0),)))
        assert state_of(match).active == 0 and state_of(match).turn == turn + 1


def test_no_options() -> None:
    assert broken_rule(SHELFIE.new_game, 2, seed=1, options={"variant": 1}) == "core.bad_options"


# --- Hostile input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        Mark((Combo(5, 0),)),
        Mark((Combo(0, 5),)),
        Mark((Combo(-1, 0),)),
        Strike(5),
        Strike(-1),
        Reroll(()),
        Reroll((6,)),
        Reroll((0, 0)),
    ],
)
def test_hostile_actions_are_bad_actions(action: Mark | Strike | Reroll) -> None:
    state = decide(dice_text="cat cat cat cat cat cat", sheet_of_player=sheet("OOOOO"), rerolls=2)
    with pytest.raises(RuleError) as error:
        state.apply(0, action)
    assert rule_of(error) == "shelfie.bad_action"


def test_a_tampered_record_is_refused_with_the_broken_rule() -> None:
    match = new_match(2)
    roll(match, "cat book plant trophy game jolly")
    match.play(0, Reroll((0,)))
    record = match.record()
    actions = record["actions"]
    assert isinstance(actions, list)
    actions.append([None, "roll cat cat cat cat cat cat"])  # kept dice changed
    with pytest.raises(RuleError) as error:
        Match.from_record(json.loads(json.dumps(record)))
    assert error.value.rule == "record.bad_action"
    assert "Die 2 was kept" in error.value.message


# --- Text --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "pass",
        "strike book",
        "strike game",
        "reroll 1 3 4",
        "reroll 1 2 3 4 5 6",
        "mark cat3 book2+j",
        "mark game5",
        "mark cat1 cat2 cat3",
        "mark plant4+jjjjjj",
        "roll cat book jolly plant cat game",
    ],
)
def test_actions_read_back_from_their_text(text: str) -> None:
    action = SHELFIE.parse_action(text)
    assert str(action) == text
    assert SHELFIE.parse_action(str(action)) == action


def test_text_is_read_only_as_it_is_written() -> None:
    assert str(SHELFIE.parse_action("reroll 1 4")) == "reroll 1 4"
    assert str(SHELFIE.parse_action("mark cat2 trophy1")) == "mark cat2 trophy1"
    for written in ("  REROLL 4 1 ", "reroll 4 1", "mark trophy1 cat2", "Pass", "reroll 1  4"):
        with pytest.raises(RuleError) as error:
            SHELFIE.parse_action(written)
        assert rule_of(error) == "shelfie.bad_action"
    assert SHELFIE.parse_action("mark cat1+j") == Mark((Combo(CAT, 0, jolly=True),))  # apply says


@pytest.mark.parametrize(
    "text",
    [
        "",
        "mark",
        "mark cat",
        "mark cat0",
        "mark cat6",
        "mark dog1",
        "mark cat2+jj",
        "mark jolly1",
        "reroll",
        "reroll 0",
        "reroll 7",
        "reroll 1 1",
        "reroll x",
        "reroll +1",
        "strike",
        "strike jolly",
        "strike cat book",
        "pass now",
        "roll cat book plant trophy game",
        "roll cat book plant trophy game dog",
        "roll cat book plant trophy game jolly cat",
        "cross cat",
    ],
)
def test_bad_action_text_is_refused(text: str) -> None:
    assert broken_rule(SHELFIE.parse_action, text) == "shelfie.bad_action"


def test_every_rule_message_fills_its_parameters() -> None:
    for rule, template in RULES.items():
        english = template.singular if isinstance(template, Plural) else template
        assert rule.startswith("shelfie.") and english[0].isupper()
    errors: list[RuleError] = []
    for state, action in [
        (decide(dice_text="cat cat cat cat cat cat"), mark("book1")),
        (decide(dice_text="cat cat cat cat cat cat", sheet_of_player=sheet("O")), mark("cat1")),
    ]:
        with pytest.raises(RuleError) as error:
            state.apply(0, action)
        errors.append(error.value)
    assert errors[0].message == "Not enough book dice: that item takes 1"
    assert errors[1].message == "The cat of the 1-die column is already circled or crossed out"


# --- Helpers for the front end -----------------------------------------------------------------


def test_sheet_helpers() -> None:
    some = sheet("O.X..", "", "", "", "XXXXX")
    assert some.cell_state(CAT, 0) == CellState.CIRCLED
    assert some.cell_state(CAT, 2) == CellState.CROSSED
    assert some.cell_state(CAT, 1) == CellState.FREE
    free = some.free_cells()
    assert len(free) == 25 - 7 and free[0] == (CAT, 1) and (GAME, 0) not in free
    assert some.full_shelves() == 1


def test_helpers_are_empty_for_players_not_deciding() -> None:
    state = decide(dice_text="cat book plant trophy game jolly")
    assert state.combinations(1) == [] and state.legal_marks(1) == []
    error = state.check(1, Mark((Combo(CAT, 0),)))
    assert error is not None and error.rule == "shelfie.not_your_decision"
    assert not state_of(new_match()).can_mark


def test_to_json_describes_the_state() -> None:
    match = match_with(sheet("O.X.."), Sheet())
    roll(match, "cat book plant trophy game jolly")
    match.play(0, Reroll((1, 2)))
    described = json.loads(json.dumps(state_of(match).to_json()))
    assert described["game"] == "shelfie" and described["phase"] == "reroll"
    assert described["dice"] == ["cat", "book", "plant", "trophy", "game", "jolly"]
    assert described["rerolling"] == [2, 3] and described["rerolls_left"] == 1
    assert described["sheets"][0]["shelves"]["cat"] == "O.X.."
    assert described["scores"] == [0, 0] and described["winners"] is None


# --- What the engine answers: who rolls, which ways circle a cell, what happened, the end ---


def test_the_active_player_rolls_and_rerolls() -> None:
    match = match_with(Sheet(), Sheet(), active=1)
    assert state_of(match).roller == 1
    roll(match, "cat cat cat cat cat cat")
    assert state_of(match).roller is None
    assert list(match.last_events()) == [
        Event(ROLLED, (1,), {"dice": "roll cat cat cat cat cat cat"})
    ]
    match.play(1, Reroll((0,)))
    assert state_of(match).roller == 1


def test_ways_to_circle_a_cell_put_the_one_keeping_the_jolly_first() -> None:
    state = decide(dice_text="cat cat cat jolly book plant")
    ways = state.ways_to_circle(0, [], CAT, 2)
    assert ways == [Combo(CAT, 2), Combo(CAT, 2, jolly=True)]
    assert state.ways_to_circle(0, [Combo(CAT, 2)], CAT, 2) == []  # once only
    assert state.ways_to_circle(0, [], CAT, 3) == [Combo(CAT, 3, jolly=True)]


def test_circle_error_tells_what_the_jolly_runs_into() -> None:
    state = decide(dice_text="cat jolly jolly book plant game")
    error = state.circle_error(0, [], CAT, 2)  # one cat and one jolly at most: not 3 dice
    assert error is not None and error.rule == "shelfie.one_jolly"
    assert state.circle_error(0, [], CAT, 1) is None
    alone = state.circle_error(0, [], TROPHY, 0)
    assert alone is not None and alone.rule == "shelfie.jolly_alone"


def test_blocking_is_an_event_and_the_blocked_players_sheet_says_by_whom() -> None:
    giuliano = sheet("OOO.O")
    match = match_with(giuliano, sheet("O.X..", "OO..."))
    roll(match, "cat cat jolly cat book book")
    match.play(0, mark("cat4+j", "book2"))
    assert list(match.last_events()) == [
        Event(CIRCLED, (0,), {"combos": "cat4+j book2"}),
        Event(SHELF_BLOCKED, (0,), {"item": "cat"}),
    ]
    assert state_of(match).blocked_lines(1) == (Event(SHELF_BLOCKED, (0,), {"item": "cat"}),)
    assert state_of(match).blocked_lines(0) == ()


def test_a_completed_column_is_an_event_too() -> None:
    player = sheet("....O", "....O", "....O", "....O", "")
    five_games = dice("game game game game game cat")
    state = ShelfieState((player, Sheet()), generator=1, phase=Phase.DECIDE, dice=five_games)
    after = state.apply(0, mark("game5"))
    kinds = [(e.kind, dict(e.params)) for e in after.events(state, 0, mark("game5"))]
    assert (COLUMN_BLOCKED, {"count": 5}) in kinds
    assert (SHELF_BLOCKED, {"item": "game"}) not in kinds


def test_a_strike_the_last_round_and_the_end_are_events_and_the_outcome_says_who() -> None:
    match = match_with(Sheet(), sheet("OOOOO", "OX...", "XX..."), active=1)
    roll(match, "cat cat cat cat cat cat")
    assert state_of(match).outcome is None
    match.play(1, Strike(PLANT))
    events = list(match.last_events())
    assert events[0] == Event(STRUCK, (1,), {"item": "plant"})
    assert events[1] == Event(LAST_ROUND, (1,))
    outcome = state_of(match).outcome
    assert outcome is not None and outcome.termination == FULL_SHELVES
    assert outcome.players == (1,) and events[-1] == outcome.event()
