"""Every Diceland rule of the rule book and every ruling, the maps and the map generator."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from dadoteca.core import (
    ROLLED,
    Event,
    Plural,
    RuleError,
    advance,
    draw,
    roll_dice,
    seed_generator,
)
from dadoteca.diceland import (
    ALL_SET_ASIDE,
    BONUS_DICE,
    BONUS_ROLL,
    CHOOSE,
    COLOUR_COMPLETED,
    DICELAND,
    GOAL,
    MARKED,
    NONE_OF_COLOUR,
    PASS,
    PRIZE,
    REROLL,
    RULES,
    STOP,
    STOPPED,
    Choose,
    DicelandAction,
    DicelandState,
    Mark,
    Phase,
    Reroll,
    Roll,
    Sheet,
    Stop,
    board_of,
)
from dadoteca.diceland_maps import (
    COLOURS,
    FIXED_MAP_IDS,
    MAP_TEXTS,
    DicelandMap,
    Kind,
    cells_of,
    generate_map,
    map_by_id,
    map_digest,
    parse_map,
    validate_map,
)
from dadoteca.match import Match, Seat

RED, YELLOW, GREEN, BLUE, ORANGE, GREY = range(6)

# A small map for the placement rules (not a whole Diceland map). Its cell ids:
#
#   R1  r2  r3  .   y5  Y6  g8          red area 1-4 (prize 1), yellow 5-7 (prize 6),
#     r4  #23 *0  y7  g9  g10 .         green 8-10, blue 11-14 (prize 14),
#   b11 b12 r15 r16 #24 k18 k19         red area 15-17, grey 18-20 (prize 20),
#     b13 B14 r17 o21 o22 K20 .         orange 21-22; the start 0 touches 3, 7, 15, 16.
SMALL = parse_map(
    "small",
    """
R r r . y Y g
 r # * y g g .
b b r r # k k
 b B r o o K .
""",
)


def rule_of(error: pytest.ExceptionInfo[RuleError]) -> str:
    return error.value.rule


def sheet_with(m: DicelandMap, *cells: int) -> Sheet:
    """A sheet of ``m`` with the start and ``cells`` crossed."""
    sheet = Sheet.new(m)
    crossed, touch = sheet.crossed, sheet.touch
    for cell in cells:
        crossed |= 1 << cell
        touch |= m.neighbours[cell]
    return Sheet(sheet.board, crossed, touch)


def match_from(*sheets: Sheet, active: int = 0) -> Match:
    """A match whose present state has the given sheets, before the active player's roll."""
    match = Match(DICELAND, [Seat(f"P{n}") for n in range(len(sheets))], seed=7)
    match._states[-1] = DicelandState(
        tuple(sheets), seed_generator(7), active=active, bonus=(0,) * len(sheets)
    )
    return match


def state_of(match: Match) -> DicelandState:
    state = match.state
    assert isinstance(state, DicelandState)
    return state


def roll(match: Match, colours: str) -> None:
    match.roll(Roll(tuple(COLOURS.index(word) for word in colours.split())))


def mark(colour: int, *cells: int) -> Mark:
    return Mark(colour, tuple(sorted(cells)))


def to_phase2(match: Match, colours: str, choose: int) -> None:
    """Roll ``colours``, choose ``choose`` and stop (unless all six were set aside)."""
    roll(match, colours)
    match.play(state_of(match).active, CHOOSE[choose])
    if state_of(match).phase == Phase.STOP_OR_REROLL:
        match.play(state_of(match).active, STOP)


# --- The maps (ruling DICELAND_MAPS) -----------------------------------------------------------

MAP_DIGESTS = {
    "A": "18b13760dd378974d8ab3fefcbb522f6ed4d953db4657d7753bea8f7605c0af9",
    "B": "803039bc4827af328498ff91fd706caeccc58fe94c79adb352ca4b5577d07296",
    "C": "1da56196a8c86414fcb2046e6e8c95a11efa1912046018251cf5ebeb3f132209",
    "D": "75e81be27cbf56a463ba3cbcc8f1855f936598044ec651593a3744cd85aac46f",
    "E": "f7b8a6796f13b0554f1b051d6299f7683519496f577edbfc968bdd7ae2212ef8",
    "F": "df644c5f827aff3369dad26880ef1b03204676d0a8b07d555157b224761e751b",
    "G": "b6b6050f4de44b1f8c938c6eed7cb7664755483f603272a58bef41ddffcbed6f",
    "H": "0a96aa261530b3d6a2417a62381c119529718ee9011f2dc29a93e0bdfcfe227f",
}


@pytest.mark.parametrize("map_id", FIXED_MAP_IDS)
def test_maps_a_to_h_are_fixed_forever(map_id: str) -> None:
    """Records name cells by id: an edit to a map (or to the numbering) must fail here."""
    assert map_digest(map_by_id(map_id)) == MAP_DIGESTS[map_id]


@pytest.mark.parametrize("map_id", FIXED_MAP_IDS)
def test_ruling_maps_a_to_h_are_valid_diceland_maps(map_id: str) -> None:
    m = map_by_id(map_id)
    assert validate_map(m) == []
    assert m.kinds.count(Kind.START) == 1 and m.start == 0
    assert m.obstacle_mask and m.prize_mask.bit_count() == 12
    assert sorted(m.areas[cell] for cell in cells_of(m.prize_mask)) == sorted(
        {m.areas[cell] for cell in cells_of(m.prize_mask)}
    )  # 12 prizes in 12 different areas
    for colour in range(6):
        assert (m.colour_masks[colour] & m.prize_mask).bit_count() == 2
    assert all(2 <= size <= 6 for size in m.area_size)
    # Two areas of one colour never touch (checked here directly, not only by the validator).
    for a, area_mask in enumerate(m.area_masks):
        around = 0
        for cell in cells_of(area_mask):
            around |= m.neighbours[cell]
        for b in m.colour_areas[m.area_colours[a]]:
            assert b == a or not around & m.area_masks[b]


def test_maps_a_to_h_are_eight_different_boards_of_about_150_cells() -> None:
    maps = [map_by_id(map_id) for map_id in FIXED_MAP_IDS]
    outlines = {frozenset(m.positions) for m in maps}
    obstacles = {frozenset(m.positions[c] for c in cells_of(m.obstacle_mask)) for m in maps}
    assert len(outlines) == len(obstacles) == 8
    assert all(145 <= m.cell_count <= 170 for m in maps)
    assert set(MAP_TEXTS) == set(FIXED_MAP_IDS)


def test_cells_are_numbered_start_then_area_by_area_then_obstacles() -> None:
    m = map_by_id("A")
    assert m.kinds[0] == Kind.START
    for area in range(len(m.area_first)):
        cells = m.area_cells(area)
        assert cells == tuple(range(cells[0], cells[0] + len(cells)))
        assert all(m.areas[cell] == area for cell in cells)
    first_obstacle = m.kinds.index(Kind.OBSTACLE)
    assert set(m.kinds[first_obstacle:]) == {Kind.OBSTACLE}
    assert m.areas[0] == m.colours[0] == -1


def test_hex_adjacency_has_the_six_neighbours() -> None:
    """Ruling DICELAND_ADJACENCY: neighbours are the cells one hex step away, up to six."""
    m = map_by_id("A")
    for cell, (q, r) in enumerate(m.positions):
        expected = {
            m.cell_at(q + dq, r + dr)
            for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
        } - {None}
        assert set(cells_of(m.neighbours[cell])) == expected
    assert max(mask.bit_count() for mask in m.neighbours) == 6


def test_the_small_test_map_reads_as_drawn() -> None:
    assert [(COLOURS[SMALL.area_colours[a]], SMALL.area_cells(a)) for a in range(7)] == [
        ("red", (1, 2, 3, 4)),
        ("yellow", (5, 6, 7)),
        ("green", (8, 9, 10)),
        ("blue", (11, 12, 13, 14)),
        ("red", (15, 16, 17)),
        ("grey", (18, 19, 20)),
        ("orange", (21, 22)),
    ]
    assert cells_of(SMALL.neighbours[0]) == [3, 7, 15, 16, 23]
    assert cells_of(SMALL.prize_mask) == [1, 6, 14, 20]
    assert cells_of(SMALL.obstacle_mask) == [23, 24]
    assert SMALL.cell_at(2, 1) == 0 and SMALL.cell_at(9, 9) is None


def recoloured(m: DicelandMap, area: int, colour: int) -> DicelandMap:
    """``m`` with one area's cells repainted, the areas kept as they were."""
    colours = list(m.colours)
    for cell in m.area_cells(area):
        colours[cell] = colour
    area_colours = list(m.area_colours)
    area_colours[area] = colour
    colour_areas = tuple(
        tuple(a for a, c in enumerate(area_colours) if c == each) for each in range(6)
    )
    return replace(
        m,
        id="repainted",
        colours=tuple(colours),
        area_colours=tuple(area_colours),
        colour_areas=colour_areas,
        colour_masks=tuple(sum(m.area_masks[a] for a in areas) for areas in colour_areas),
    )


def test_validator_finds_two_areas_of_one_colour_touching() -> None:
    m = map_by_id("A")
    a = 5
    around = 0
    for cell in m.area_cells(a):
        around |= m.neighbours[cell]
    b = next(b for b in range(len(m.area_first)) if b != a and around & m.area_masks[b])
    problems = validate_map(recoloured(m, b, m.area_colours[a]))
    assert any("touches area" in problem for problem in problems)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("r y y\n # * g g", "has 1 cells"),
        ("r r r r r r r\n # * y y", "has 7 cells"),
        ("r r # y y\n # * # g g", "cannot be reached"),
        ("r r\n # y y", "one start cell"),
        ("* * r r\n # y y", "one start cell"),
        ("R r y y\n # * g g", "prize cells, not 12"),
        ("R R y y\n # * g g", "has 2 prize cells"),
        ("r r y y\n . * g g", "no obstacle"),
        ("r r y y g g b b o o k k\n # * . . . . . . . . . .", "not near the centre"),
        ("r r y y g g\n # * b b o o", "no grey area"),
        ("r r y y g g\n # * b b o o", "nobody could win"),
    ],
)
def test_validator_names_each_problem(text: str, words: str) -> None:
    problems = validate_map(parse_map("bad", text))
    assert any(words in problem for problem in problems), problems


def test_a_map_drawing_with_a_stray_character_is_refused() -> None:
    with pytest.raises(ValueError, match="not a cell"):
        parse_map("bad", "r r x\n # * g")


# --- Random maps -------------------------------------------------------------------------------


def test_random_maps_are_valid_and_the_same_for_a_seed() -> None:
    for seed in (0, 1, 2, 77, 123, 2**32 - 1):
        m = generate_map(seed)
        assert validate_map(m) == [] and m.id == f"R{seed}"
        assert 140 <= m.cell_count <= 180
        assert parse_map(m.id, m.text()) == m
    assert generate_map(5).rows == generate_map(5).rows
    assert generate_map(5).rows != generate_map(6).rows


def test_random_maps_come_from_splitmix_so_every_python_draws_the_same() -> None:
    assert map_digest(generate_map(0)) == (
        "afc8d6d6e08ea1311d2f2ee2870ac5179ee56a100942c25e968168aee4dc1868"
    )
    assert map_digest(generate_map(123)) == (
        "a52dc6f18688e880a238b508f5a71d2be4d7c41c3ad7e0e18e00229742066de2"
    )


def test_map_by_id_gives_a_to_h_and_random_maps_once_each() -> None:
    assert [map_by_id(map_id).id for map_id in FIXED_MAP_IDS] == list("ABCDEFGH")
    assert map_by_id("R42") is map_by_id("R42")
    assert map_by_id("R42") == generate_map(42)


@pytest.mark.parametrize("map_id", ["", "I", "a", "R", "R-1", "R01", "R4294967296", "R1 ", "A,B"])
def test_unknown_map_ids_are_refused(map_id: str) -> None:
    with pytest.raises(RuleError) as error:
        map_by_id(map_id)
    assert rule_of(error) == "diceland.bad_map"


def test_a_map_seed_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="seed"):
        generate_map(2**32)


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
    with pytest.raises(RuleError) as error:
        DICELAND.new_game(2, seed=1, options=options)
    assert rule_of(error) == rule


@pytest.mark.parametrize("players", [0, 5])
def test_one_to_four_players(players: int) -> None:
    with pytest.raises(RuleError) as error:
        DICELAND.new_game(players, seed=1)
    assert rule_of(error) == "core.player_count"


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


# --- Placement (rulings DICELAND_ADJACENCY, DICELAND_ONE_AREA, DICELAND_EXCESS_DICE) ----------


def placement_rule(sheet: Sheet, colour: int, cells: tuple[int, ...], count: int) -> str | None:
    error = sheet.placement_error(colour, cells, count)
    return None if error is None else error.rule


def test_ruling_adjacency_a_cross_touches_a_crossed_cell() -> None:
    sheet = sheet_with(SMALL)
    assert placement_rule(sheet, RED, (3,), 1) is None  # next to the start
    assert placement_rule(sheet, RED, (2,), 1) == "diceland.not_touching"
    assert placement_rule(sheet, RED, (1, 3), 2) == "diceland.not_touching"  # 1 is apart


def test_ruling_adjacency_counts_crosses_of_the_same_action() -> None:
    sheet = sheet_with(SMALL)
    assert placement_rule(sheet, RED, (2, 3), 2) is None  # 2 touches 3, crossed with it
    assert placement_rule(sheet, RED, (1, 2, 3), 3) is None
    assert sheet.marks(RED, 3) == (mark(RED, 1, 2, 3), mark(RED, 2, 3, 4), mark(RED, 15, 16, 17))


def test_ruling_one_area_all_crosses_go_into_one_area() -> None:
    sheet = sheet_with(SMALL)
    assert placement_rule(sheet, RED, (3, 15), 2) == "diceland.one_area"


def test_ruling_one_area_finish_the_open_area_before_starting_another() -> None:
    """The rule book: a new area of a colour only once its open area is complete."""
    sheet = sheet_with(SMALL, 3)
    assert sheet.open_area(RED) == 0
    assert placement_rule(sheet, RED, (15,), 1) == "diceland.wrong_area"
    assert sheet.marks(RED, 1) == (mark(RED, 2),)  # 4 touches no cross yet
    finished = sheet_with(SMALL, 1, 2, 3, 4)
    assert finished.open_area(RED) is None
    assert placement_rule(finished, RED, (15,), 1) is None
    # Maria's example: colours without an open area may start anywhere that touches a cross.
    assert placement_rule(sheet, YELLOW, (7,), 1) is None


def test_ruling_one_area_a_new_area_must_touch_a_cross() -> None:
    sheet = sheet_with(SMALL)
    assert sheet.marks(GREEN, 1) == ()
    assert placement_rule(sheet, GREEN, (9,), 1) == "diceland.not_touching"
    assert sheet_with(SMALL, 7).marks(GREEN, 1) == (mark(GREEN, 9),)


def test_ruling_excess_dice_rule_book_maria() -> None:
    """Maria's red area has two free cells: one or two red dice she may use, three not."""
    sheet = sheet_with(SMALL, 3, 2)
    assert [len(sheet.marks(RED, n)) for n in (1, 2, 3)] == [2, 1, 0]
    assert placement_rule(sheet, RED, (1, 4), 3) == "diceland.excess_dice"
    error = sheet.placement_error(RED, (1, 4), 3)
    assert error is not None and error.params == {"count": 2, "colour": "red"}  # 2 free cells


def test_ruling_excess_dice_a_new_area_needs_as_many_cells() -> None:
    sheet = sheet_with(SMALL)
    assert sheet.marks(RED, 4) == (mark(RED, 1, 2, 3, 4),)  # the 3-cell area cannot take 4
    assert placement_rule(sheet, RED, (15, 16, 17), 4) == "diceland.excess_dice"
    assert sheet.marks(RED, 5) == ()


@pytest.mark.parametrize(
    ("colour", "cells", "count", "rule"),
    [
        (RED, (99,), 1, "diceland.not_a_cell"),
        (RED, (-1,), 1, "diceland.not_a_cell"),
        (RED, (23,), 1, "diceland.obstacle"),
        (RED, (0,), 1, "diceland.crossed"),
        (RED, (3, 3), 2, "diceland.twice"),
        (RED, (7,), 1, "diceland.wrong_colour"),
        (RED, (3,), 2, "diceland.wrong_count"),
        (RED, (2, 3), 1, "diceland.wrong_count"),
        (RED, (), 1, "diceland.wrong_count"),
    ],
)
def test_each_illegal_set_names_its_rule(
    colour: int, cells: tuple[int, ...], count: int, rule: str
) -> None:
    assert placement_rule(sheet_with(SMALL), colour, cells, count) == rule


def test_the_count_is_checked_last_so_a_selection_in_progress_passes_the_rest() -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL))
    to_phase2(match, "red red red green blue orange", RED)
    state = state_of(match)
    assert state.check(0, mark(RED, 1, 2, 3)) is None
    for partial in ((3,), (2, 3)):
        assert checked_rule(state, 0, mark(RED, *partial)) == "diceland.wrong_count"
    assert checked_rule(state, 0, mark(RED, 2)) == "diceland.not_touching"


def checked_rule(state: DicelandState, player: int, action: DicelandAction) -> str:
    """The rule ``check`` names, which is the one ``apply`` raises."""
    error = state.check(player, action)
    assert error is not None
    with pytest.raises(RuleError) as raised:
        state.apply(player, action)
    assert raised.value.rule == error.rule
    return error.rule


def test_check_explains_the_decision_too() -> None:
    match = match_from(sheet_with(SMALL), sheet_with(SMALL))
    to_phase2(match, "red red red yellow blue orange", RED)
    state = state_of(match)
    cases = [
        (0, YELLOW, (7,), "diceland.chosen_colour"),
        (1, RED, (3,), "diceland.colour_not_shown"),
        (1, GREEN, (8,), "diceland.colour_not_shown"),
        (2, YELLOW, (7,), "diceland.not_your_decision"),
        (1, 9, (7,), "diceland.bad_action"),
    ]
    for player, colour, cells, rule in cases:
        assert checked_rule(state, player, Mark(colour, cells)) == rule, (player, colour)
    assert state.check(1, mark(YELLOW, 7)) is None
    match.play(1, mark(YELLOW, 7))
    assert checked_rule(state_of(match), 1, mark(YELLOW, 7)) == "diceland.already_decided"


def test_placements_and_playable_cells_for_the_view() -> None:
    match = match_from(sheet_with(SMALL, 3), sheet_with(SMALL))
    to_phase2(match, "red red yellow yellow green blue", RED)
    state = state_of(match)
    assert state.placements(0, RED, 2) == [(1, 2), (2, 4)]
    assert state.placements(0, RED, 4) == []  # excess dice
    assert state.playable_cells(0) == (1, 2, 4)
    assert state.playable_cells(1) == (5, 7)  # two yellow dice; green and blue out of reach
    assert state.open_area(0, RED) == 0 and state.open_area(1, RED) is None


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


def test_ruling_win_several_players_may_win_together_after_phase2() -> None:
    grey = prize_area(MAP_A, GREY, 3)
    red = prize_area(MAP_A, RED, 3)
    match = match_from(
        nearly_winning(MAP_A, grey), nearly_winning(MAP_A, red), nearly_winning(MAP_A, red)
    )
    to_phase2(match, "grey grey grey red red red", GREY)
    match.play(0, Mark(GREY, MAP_A.area_cells(grey)))
    match.play(1, Mark(RED, MAP_A.area_cells(red)))
    match.play(2, PASS)
    state = state_of(match)
    assert state.is_terminal and state.phase == Phase.OVER
    assert state.winners() == (0, 1)
    assert state.bonus_queue == ()  # the prizes' bonus rolls are not taken: the game is over
    assert state.deciders == () and state.legal_actions(0) == []
    with pytest.raises(RuleError) as error:
        match.play(2, PASS)
    assert rule_of(error) == "diceland.game_over"
    with pytest.raises(RuleError) as error:
        match.roll()
    assert rule_of(error) == "diceland.game_over"


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


# --- Legal actions are exactly the accepted ones -----------------------------------------------


def candidate_actions(state: DicelandState, player: int) -> list[DicelandAction]:
    """Every action worth trying: all word actions, every set of cells within an area in its
    colour and in another, and sets across areas."""
    m = state.map(player)
    actions: list[DicelandAction] = [PASS, STOP, REROLL, *CHOOSE]
    for area in range(len(m.area_first)):
        cells = m.area_cells(area)
        colour = m.area_colours[area]
        for subset in range(1, 1 << len(cells)):
            chosen = tuple(cell for i, cell in enumerate(cells) if subset >> i & 1)
            actions.append(Mark(colour, chosen))
        actions.append(Mark((colour + 1) % 6, cells[:1]))
        if area:
            actions.append(Mark(colour, (m.area_first[area - 1], cells[0])))
    return actions


@pytest.mark.parametrize(
    ("m", "steps"), [(SMALL, 300), (map_by_id("A"), 120)], ids=["small map", "map A"]
)
def test_legal_actions_are_exactly_the_actions_apply_accepts(m: DicelandMap, steps: int) -> None:
    """Through a random game: every candidate action is accepted iff it is listed as legal."""
    state = DicelandState((sheet_with(m), sheet_with(m)), seed_generator(11), bonus=(0, 0))
    checked = 0
    chooser = seed_generator(3)
    for _ in range(steps):
        if state.is_terminal:
            break
        if state.is_chance:
            state = state.apply_chance(state.roll())
            continue
        for player in range(2):
            legal = state.legal_actions(player)
            assert len(set(legal)) == len(legal)
            for action in candidate_actions(state, player):
                try:
                    state.apply(player, action)
                except RuleError:
                    assert action not in legal, (state.phase, player, action)
                else:
                    assert action in legal, (state.phase, player, action)
                checked += 1
        player = state.deciders[0]
        legal = state.legal_actions(player)
        chooser, value = draw(chooser)
        state = state.apply(player, legal[value % len(legal)])
    assert checked > 10_000


def test_board_tables_are_shared_per_map() -> None:
    assert board_of(MAP_A) is Sheet.new(MAP_A).board
    assert Sheet.new(MAP_A).map is MAP_A


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
    grey = prize_area(MAP_A, GREY, 3)
    red = prize_area(MAP_A, RED, 3)
    match = match_from(
        nearly_winning(MAP_A, grey), nearly_winning(MAP_A, red), nearly_winning(MAP_A, red)
    )
    to_phase2(match, "grey grey grey red red red", GREY)
    assert state_of(match).outcome is None
    match.play(0, Mark(GREY, MAP_A.area_cells(grey)))
    match.play(1, Mark(RED, MAP_A.area_cells(red)))
    match.play(2, PASS)
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
