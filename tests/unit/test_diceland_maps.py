"""The Diceland maps and the map generator (ruling DICELAND_MAPS), the tables the rules build from
a map, and where crosses may go on it (rulings DICELAND_ADJACENCY, DICELAND_ONE_AREA,
DICELAND_EXCESS_DICE)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from diceland_support import (
    GREEN,
    RED,
    SMALL,
    YELLOW,
    mark,
    match_from,
    rule_of,
    sheet_with,
    state_of,
    to_phase2,
)

from dadoteca.core import RuleError
from dadoteca_games.diceland.maps import (
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
from dadoteca_games.diceland.rules import DicelandAction, DicelandState, Mark, Sheet
from dadoteca_games.diceland.sheet import board_of

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


# --- The board tables (diceland_board) ------------------------------------------------------------


def test_board_tables_are_shared_per_map() -> None:
    m = map_by_id("A")
    assert board_of(m) is Sheet.new(m).board
    assert Sheet.new(m).map is m
