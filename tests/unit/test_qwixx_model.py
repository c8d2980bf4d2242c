"""The bots' fast model of Qwixx (dadoteca_games.qwixx.model) against the engine (its rules).

Positions come from random legal games the engine plays (1-5 players, seeded, the players
crossing steadily enough to lock rows); the dice are drawn by hypothesis among the rolls the rule
book allows, the ends of the dice often. From each position, what the model allows is compared
with what the engine's legal actions reach through ``apply``, as whole tables of row codes and
penalties (a lock closes its row on every sheet) together with whether the game is over: each
player's action 1, the actions 1 of all players at once, the active player's action 2 after
them, and the active player's whole turn. The points of every sheet met are its score.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st
from properties_support import SEEDS, examples

from dadoteca.core import draw, seed_generator
from dadoteca_games.qwixx.bots import ExpertQwixxBot
from dadoteca_games.qwixx.model import (
    CLOSED_CODES,
    Dice,
    action1_sheets,
    action2_sheets,
    crosses_in,
    game_over,
    model_dice,
    model_sheet,
    points,
    shut,
    turn_options,
    with_penalty,
)
from dadoteca_games.qwixx.rules import (
    CROSSES_BEFORE_LAST,
    LAST_POSITION,
    PASS,
    PENALTY_BOXES,
    QWIXX,
    Cross,
    Pass,
    QwixxState,
    Roll,
    number_at,
)
from dadoteca_games.qwixx.values import expected_after_next_roll, solo_total

EXAMPLES: Final = 500
PLAYERS: Final = st.integers(min_value=1, max_value=5)
STEPS: Final = st.integers(min_value=0, max_value=400)
# Any face, the 1 and the 6 more often: they make the last numbers, so rows lock.
DIE: Final = st.sampled_from((1, 6)) | st.integers(min_value=1, max_value=6)

Sheets = tuple[tuple[int, ...], ...]  # every player's sheet in the model
Outcome = tuple[Sheets, bool]  # the sheets after an action, and whether the game is over


def model_sheets(state: QwixxState) -> Sheets:
    """The engine's sheets in the model, rows locked by anyone closed on every sheet; the points
    of each are its score."""
    sheets = tuple(tuple(model_sheet(sheet, state.closed)) for sheet in state.sheets)
    assert [points(sheet) for sheet in sheets] == [sheet.score() for sheet in state.sheets]
    return sheets


def engine_outcome(state: QwixxState) -> Outcome:
    return model_sheets(state), state.is_terminal


def model_outcome(sheets: list[list[int]], known: int, active: int) -> Outcome:
    """The model's sheets once an action that left ``sheets`` (rows ``known`` shut on every
    one before it) resolves, and whether the game is over."""
    resolved = [sheet.copy() for sheet in sheets]
    shut(resolved, known)
    return tuple(tuple(sheet) for sheet in resolved), game_over(resolved[active])


def steady_action(state: QwixxState, player: int, value: int) -> Cross | Pass:
    """A legal action, by ``value``: one in eight any, else the cross skipping the fewest numbers
    if it skips at most one or crossing nothing would cost a penalty, else nothing (so that rows
    fill up and lock, as at the table)."""
    legal = state.legal_actions(player)
    crosses = [action for action in legal if isinstance(action, Cross)]
    if value % 8 == 0 or not crosses:
        return legal[value % len(legal)]
    sheet = state.sheets[player]
    best = min(crosses, key=lambda cross: len(sheet.skipping(cross.row, cross.number)))
    if len(sheet.skipping(best.row, best.number)) <= 1 or state.passing_costs_a_penalty:
        return best
    return PASS


def turn_start(players: int, seed: int, steps: int) -> QwixxState:
    """The start of the turn after ``steps`` actions of a random game (the last turn's start
    if the game ends before)."""
    state = QWIXX.new_game(players, seed)
    chooser = seed_generator(seed)
    start = state
    while not state.is_terminal:
        if state.is_chance:
            start = state
            if steps <= 0:
                break
            state = state.apply_chance(state.roll())
            continue
        player = state.deciders[0]
        chooser, value = draw(chooser)
        state = state.apply(player, steady_action(state, player, value))
        steps -= 1
    return start


def rolls(state: QwixxState) -> st.SearchStrategy[Roll]:
    """The rolls the rule book allows: no die for a locked row."""
    colours = [st.none() if state.is_closed(row) else DIE for row in range(4)]
    return st.builds(Roll, st.tuples(DIE, DIE), st.tuples(*colours))


def resolve_action1(state: QwixxState, decisions: dict[int, Cross | Pass]) -> QwixxState:
    """The engine's action 1 with these decisions, the other players crossing nothing."""
    for player in range(state.num_players):
        state = state.apply(player, decisions.get(player, PASS))
    return state


def own_sheet(state: QwixxState, player: int) -> tuple[int, ...]:
    return tuple(model_sheet(state.sheets[player], state.closed))


def check_each_action1(
    rolled: QwixxState, sheets: list[list[int]]
) -> list[dict[tuple[int, ...], Cross | Pass]]:
    """Each player's action 1, the others crossing nothing, reaches the same outcomes in both;
    by player, the engine's action that leaves each of the player's sheets."""
    assert rolled.dice is not None
    white_sum = sum(rolled.shown_dice.white)
    actions = []
    for player, sheet in enumerate(sheets):
        by_sheet: dict[tuple[int, ...], Cross | Pass] = {}
        engine = set()
        for action in rolled.legal_actions(player):
            after = resolve_action1(rolled, {player: action})
            by_sheet[own_sheet(after, player)] = action
            engine.add(engine_outcome(after))
        model = {
            model_outcome(
                [option if k == player else other for k, other in enumerate(sheets)],
                rolled.closed,
                rolled.active,
            )
            for option in [sheet, *action1_sheets(sheet, white_sum)]
        }
        assert model == engine, f"player {player + 1}'s action 1"
        actions.append(by_sheet)
    return actions


def check_action2(
    after1: QwixxState, sheets: list[list[int]], crossed_in_action1: bool, dice: Dice
) -> set[Outcome]:
    """The active player's action 2 reaches the same outcomes in both, from the sheets action 1
    left (``sheets``, as the model resolved them); those outcomes."""
    active = after1.active
    sheet = sheets[active]
    engine = {
        engine_outcome(after1.apply(active, action)) for action in after1.legal_actions(active)
    }
    passing = sheet if crossed_in_action1 else with_penalty(sheet)
    model = {
        model_outcome(
            [end if k == active else other for k, other in enumerate(sheets)],
            after1.closed,
            active,
        )
        for end in [passing, *action2_sheets(sheet, dice)]
    }
    assert model == engine, "action 2"
    return engine


def check_turn(rolled: QwixxState, sheet: list[int], dice: Dice) -> None:
    """The active player's whole turn, the others crossing nothing, as the model's
    turn_options: the same (sheet after action 1, sheet at the end, game over) in both."""
    active = rolled.active
    engine = set()
    for action1 in rolled.legal_actions(active):
        after1 = resolve_action1(rolled, {active: action1})
        if after1.is_terminal:
            engine.add((own_sheet(after1, active), own_sheet(after1, active), True))
            continue
        for action2 in after1.legal_actions(active):
            end = after1.apply(active, action2)
            engine.add((own_sheet(after1, active), own_sheet(end, active), end.is_terminal))
    model = {
        (tuple(after), tuple(end), game_over(end))
        for after, end_if_passing, ends in turn_options(sheet, dice)
        for end in (end_if_passing, *ends)
    }
    assert model == engine, "the active player's turn"


def last_number_too_early(sheets: list[list[int]], numbers: list[int]) -> bool:
    """Some open row of ``sheets`` could cross its last number with one of ``numbers`` but for
    having too few crosses."""
    return any(
        code < CLOSED_CODES
        and number_at(row, LAST_POSITION) in numbers
        and crosses_in(code) < CROSSES_BEFORE_LAST
        for sheet in sheets
        for row, code in enumerate(sheet[:4])
    )


def test_the_model_allows_exactly_what_the_engine_allows() -> None:
    seen: Counter[str] = Counter()  # what the examples met: each case must be met

    @examples(EXAMPLES)
    @given(data=st.data(), players=PLAYERS, seed=SEEDS, steps=STEPS)
    def a_turn(data: st.DataObject, players: int, seed: int, steps: int) -> None:
        state = turn_start(players, seed, steps)
        roll = data.draw(rolls(state), label="dice")
        rolled = state.apply_chance(roll)
        dice = model_dice(roll)
        sheets = [list(sheet) for sheet in model_sheets(state)]
        assert not any(game_over(sheet) for sheet in sheets)
        seen["a locked row's die out of the game"] += None in roll.colours
        white1, white2, *colours = dice
        seen["last number too early in action 1"] += last_number_too_early(
            sheets, [white1 + white2]
        )
        seen["last number too early in action 2"] += last_number_too_early(
            sheets[state.active : state.active + 1],
            [white + colour for white in (white1, white2) for colour in colours],
        )

        check_turn(rolled, sheets[state.active], dice)
        actions = check_each_action1(rolled, sheets)
        # Every player's action 1 at once: a sheet each player's options allow (crosses listed
        # first, as hypothesis leans to the first).
        after = [
            list(
                data.draw(
                    st.sampled_from(sorted(by_sheet, reverse=True)), label=f"player {player + 1}"
                )
            )
            for player, by_sheet in enumerate(actions)
        ]
        decisions = {player: actions[player][tuple(sheet)] for player, sheet in enumerate(after)}
        after1 = resolve_action1(rolled, decisions)
        assert model_outcome(after, state.closed, state.active) == engine_outcome(after1)
        new_locks = after1.closed & ~state.closed
        seen["locks in action 1"] += bool(new_locks)
        if after1.is_terminal:
            seen["the game ends in action 1"] += 1
            return
        own_locks = sum(1 << row for row in range(4) if after1.sheets[state.active].is_locked(row))
        seen["a rival's lock closes a row before action 2"] += bool(new_locks & ~own_locks)
        crossed = after[state.active] != sheets[state.active]
        shut(after, state.closed)
        outcomes = check_action2(after1, after, crossed, dice)
        seen["no cross in either action: a penalty"] += not crossed
        seen["locks in action 2"] += any(
            sum(code >= CLOSED_CODES for code in sheets_after[0][:4]) > after1.closed.bit_count()
            for sheets_after, _ in outcomes
        )
        seen["a fourth penalty ends the game"] += any(
            sheets_after[state.active][4] >= PENALTY_BOXES for sheets_after, _ in outcomes
        )
        seen[f"{players} players"] += 1

    a_turn()
    cases = [
        "a locked row's die out of the game",
        "last number too early in action 1",
        "last number too early in action 2",
        "locks in action 1",
        "the game ends in action 1",
        "a rival's lock closes a row before action 2",
        "no cross in either action: a penalty",
        "locks in action 2",
        "a fourth penalty ends the game",
        *(f"{players} players" for players in range(1, 6)),
    ]
    assert all(seen[case] for case in cases), seen


@pytest.mark.parametrize("steps", [12, 40])
def test_the_experts_look_ahead_expects_the_best_turn_the_model_allows(steps: int) -> None:
    """Solo, the closed form of expected_after_next_roll (which knows the turn's rules in its
    own way) equals the mean over every roll of the best end of the turn the model allows."""
    values = ExpertQwixxBot().values
    state = turn_start(1, 7, steps)
    sheet = model_sheet(state.sheets[0], state.closed)
    # A closed row's die is out of the game: one face stands for all.
    faces = [(1,) if code >= CLOSED_CODES else range(1, 7) for code in sheet[:4]]
    total = weights = 0.0
    for white1, white2 in product(range(1, 7), repeat=2):
        if white1 > white2:
            continue  # counted twice as (white2, white1)
        weight = 1 if white1 == white2 else 2
        for red, yellow, green, blue in product(*faces):
            dice = (white1, white2, red, yellow, green, blue)
            best = max(
                solo_total(values, end)
                for _, end_if_passing, ends in turn_options(sheet, dice)
                for end in (end_if_passing, *ends)
            )
            total += weight * best
            weights += weight
    assert expected_after_next_roll(values, sheet.copy()) == pytest.approx(total / weights)
