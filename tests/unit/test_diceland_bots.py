"""Diceland computer players: legal and reproducible anywhere, blind to the dice to come, and
sensible where the right move is plain."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from bots_support import moments, thought_through, varied_maps

from dadoteca.bots import LEVELS, bot_for
from dadoteca_games.diceland.bots import WON, ProgressValue, RaceValue
from dadoteca_games.diceland.maps import FIXED_MAP_IDS, PRIZES_TO_WIN, cells_of
from dadoteca_games.diceland.rules import (
    COLOURS,
    DICE,
    DICELAND,
    REROLL,
    STOP,
    Choose,
    DicelandState,
    Mark,
    Phase,
    Sheet,
)

RED, YELLOW, GREEN, BLUE, ORANGE, GREY = range(len(COLOURS))


def winning(action: object, state: DicelandState, player: int) -> bool:
    return isinstance(action, Mark) and state.sheets[player].crossing(action).has_won()


def test_the_expert_pauses_while_it_searches_the_dice() -> None:
    # Red and yellow free everywhere else crossed: hundreds of marks of 1-6 dice to value.
    sheet = DICELAND.new_game(1, 1).sheets[0]
    m = sheet.map
    state = DICELAND.new_game(1, 1)._replace(
        sheets=(crossed_but(sheet, m.colour_masks[RED] | m.colour_masks[YELLOW]),),
        phase=Phase.CHOOSE,
        dice=(RED, YELLOW, GREEN, BLUE, ORANGE, GREY),
    )
    action, pauses = thought_through(bot_for("diceland", "expert"), state, 0, 1)
    assert action in (Choose(RED), Choose(YELLOW))
    assert pauses > 1


def crossed_but(sheet: Sheet, left: int) -> Sheet:
    """``sheet`` with every cell crossed but those of ``left`` (a mask)."""
    m = sheet.map
    crossed = ((1 << m.cell_count) - 1) & ~m.obstacle_mask & ~left
    touch = 0
    for cell in cells_of(crossed):
        touch |= m.neighbours[cell]
    return Sheet(sheet.board, crossed, touch)


def near_the_goal(sheet: Sheet) -> Sheet:
    """``sheet`` one area short of the goal: every cell crossed but one area of each colour,
    without prizes where possible; crossing the smallest of them all completes its colour."""
    m = sheet.map
    left = 0
    for areas in m.colour_areas:
        spare = [a for a in areas if not m.area_masks[a] & m.prize_mask] or list(areas)
        left |= m.area_masks[min(spare, key=lambda a: m.area_size[a])]
    return crossed_but(sheet, left)


def rolled_near_the_goal(players: int) -> Iterator[tuple[int, DicelandState]]:
    """Games of seeds 0-39 whose last player is one area short of the goal (:func:`near_the_goal`),
    each with its seed, after the first roll."""
    for seed in range(40):
        state = DICELAND.new_game(players, seed)
        state = state._replace(sheets=(*state.sheets[:-1], near_the_goal(state.sheets[-1])))
        yield seed, state.apply_chance(state.roll())


def test_the_helper_leaves_one_area_to_win() -> None:
    for map_id in FIXED_MAP_IDS:
        sheet = near_the_goal(DICELAND.new_game(1, 1, {"maps": map_id}).sheets[0])
        assert not sheet.has_won() and sheet.prizes() >= PRIZES_TO_WIN
        assert RaceValue().value(sheet) < WON and ProgressValue().value(sheet) < WON
        wins = [
            mark
            for colour in range(len(COLOURS))
            for count in range(1, DICE + 1)
            for mark in sheet.marks(colour, count)
            if sheet.crossing(mark).has_won()
        ]
        assert wins
        assert RaceValue().value(sheet.crossing(wins[0])) == WON


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_the_cross_that_wins(level: str) -> None:
    # Player 1 is not active and one of the leftover colours finishes its map; passing, or
    # any other colour, does not.
    bot = bot_for("diceland", level)
    checked = 0
    for seed, rolled in rolled_near_the_goal(2):
        state = rolled.apply(0, rolled.legal_actions(0)[0])
        if state.phase == Phase.STOP_OR_REROLL:
            state = state.apply(0, STOP)
        legal = state.legal_actions(1)
        if not any(winning(action, state, 1) for action in legal):
            continue
        assert not all(winning(action, state, 1) for action in legal)
        assert winning(bot.decide(state, 1, seed), state, 1)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_chooses_the_colour_that_wins(level: str) -> None:
    bot = bot_for("diceland", level)
    checked = 0
    for seed, state in rolled_near_the_goal(1):
        sheet = state.sheets[0]
        winners = {
            action
            for action in state.legal_actions(0)
            if isinstance(action, Choose)
            and any(
                sheet.crossing(mark).has_won()
                for mark in sheet.marks(action.colour, state.shown_dice.count(action.colour))
            )
        }
        if not winners or len(winners) == len(state.legal_actions(0)):
            continue
        assert bot.decide(state, 0, seed) in winners
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_rolling_stops_when_one_more_die_could_not_be_placed(level: str) -> None:
    # Holding as many dice as the colour can take, and a mark that helps: a reroll could only
    # add dice that make the whole lot unplaceable (ruling DICELAND_EXCESS_DICE).
    bot = bot_for("diceland", level)
    value = RaceValue() if level == "expert" else ProgressValue()
    checked = 0
    for number, (state, player) in enumerate(moments("diceland", 1, 6, 1, varied_maps)):
        assert isinstance(state, DicelandState)
        if state.phase != Phase.STOP_OR_REROLL:
            continue
        sheet, colour, held = state.sheets[player], state.chosen, state.set_aside
        marks = sheet.marks(colour, held)
        if any(sheet.marks(colour, count) for count in range(held + 1, DICE + 1)) or not marks:
            continue
        if max(value.value(sheet.crossing(mark)) for mark in marks) <= value.value(sheet):
            continue
        assert bot.decide(state, player, number) == STOP
        checked += 1
    assert checked >= 5


def test_the_expert_rerolls_a_single_die_with_a_big_area_to_fill() -> None:
    # One die of a colour whose big area touches the start: more dice are likely, and none
    # lost if the reroll shows none of it (ruling DICELAND_UNLIMITED_REROLLS).
    bot = bot_for("diceland", "expert")
    checked = 0
    for number, (state, player) in enumerate(moments("diceland", 1, 3, 1, varied_maps)):
        assert isinstance(state, DicelandState)
        if state.phase != Phase.STOP_OR_REROLL or state.set_aside != 1 or state.turn > 3:
            continue
        if all(state.sheets[player].marks(state.chosen, count) for count in range(1, 5)):
            assert bot.decide(state, player, number) == REROLL
            checked += 1
    assert checked >= 1
