"""What the My Shelfie rule tests share (test_shelfie.py, test_shelfie_marks.py): dice and
sheets written as text, and matches and states set up where a rule applies; and the simple
policy the App's and the browser's tests tap a whole game by."""

from __future__ import annotations

from itertools import combinations

import pytest
from rules_support import match_at, state_as

from dadoteca.core import RuleError
from dadoteca.match import Match, Seat
from dadoteca_games.shelfie.rules import (
    COLUMNS,
    FACES,
    PASS,
    RULES,
    SHELFIE,
    CellState,
    Combo,
    Mark,
    Phase,
    Roll,
    Sheet,
    ShelfieAction,
    ShelfieState,
    Strike,
    cell_bit,
)

CAT, BOOK, PLANT, TROPHY, GAME = range(5)  # shelves, in the order of SHELVES


def dice(text: str) -> tuple[int, ...]:
    return tuple(FACES.index(word) for word in text.split())


def sheet(*shelves: str) -> Sheet:
    """A sheet from one string per shelf (cat first), a character per column: O, X or '.'."""
    circled = crossed = 0
    for shelf, row in enumerate(shelves):
        for column, mark in enumerate(row):
            if mark == "O":
                circled |= cell_bit(shelf, column)
            elif mark == "X":
                crossed |= cell_bit(shelf, column)
    return Sheet(circled, crossed)


def rows(of: Sheet) -> list[str]:
    marks = {CellState.FREE: ".", CellState.CIRCLED: "O", CellState.CROSSED: "X"}
    return [
        "".join(marks[of.cell_state(shelf, column)] for column in range(COLUMNS))
        for shelf in range(5)
    ]


def policy(state: ShelfieState, player: int) -> ShelfieAction:
    """The first legal cell (shelf by shelf), without the jolly first; else the first shelf."""
    actions = state.legal_actions(player)
    if actions == [PASS]:
        return PASS
    combos = state.combinations(player)
    if combos:
        return Mark((min(combos),))
    return min((a for a in actions if isinstance(a, Strike)), key=lambda a: a.shelf)


def expected_game(seed: int, players: int = 2) -> ShelfieState:
    """The end of the game of ``seed`` played by :func:`policy`, as the engine plays it."""
    state = SHELFIE.new_game(players, seed)
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply_chance(state.roll())
        else:
            state = state.apply(state.active, policy(state, state.active))
    return state


def new_match(players: int = 2) -> Match:
    return Match(SHELFIE, [Seat(f"P{n}") for n in range(players)], seed=7)


def match_with(*sheets: Sheet, active: int = 0, last_round: bool = False) -> Match:
    """A match whose state starts from the given sheets, before ``active``'s roll."""
    state = ShelfieState(
        tuple(sheets), generator=7, active=active, turn=active + 1, last_round=last_round
    )
    return match_at(SHELFIE, state)


def state_of(match: Match) -> ShelfieState:
    return state_as(match, ShelfieState)


def roll(match: Match, text: str) -> ShelfieState:
    match.roll(Roll(dice(text)))
    return state_of(match)


def decide(
    *, dice_text: str, sheet_of_player: Sheet | None = None, rerolls: int = 0
) -> ShelfieState:
    """Player 1 of 2 deciding with ``dice_text`` on ``sheet_of_player`` (empty by default)."""
    return ShelfieState(
        (sheet_of_player or Sheet(), Sheet()),
        generator=7,
        phase=Phase.DECIDE,
        dice=dice(dice_text),
        rerolls_left=rerolls,
    )


def mark(*texts: str) -> Mark:
    """The mark of these combinations, given in any order (a mark's text sorts them)."""
    combos: list[Combo] = []
    for text in texts:
        action = SHELFIE.parse_action(f"mark {text}")
        assert isinstance(action, Mark)
        combos.extend(action.combos)
    return Mark(tuple(combos))


def rule_of(error: pytest.ExceptionInfo[RuleError]) -> str:
    assert error.value.rule in RULES or error.value.rule.startswith("core.")
    return error.value.rule


def broken_mark(state: ShelfieState, *texts: str) -> str:
    with pytest.raises(RuleError) as error:
        state.apply(0, mark(*texts))
    checked = state.check(0, mark(*texts))
    assert checked is not None and checked.rule == error.value.rule
    return rule_of(error)


def reroll_positions() -> list[tuple[int, ...]]:
    """Every set of positions a reroll may name."""
    return [p for size in range(1, 7) for p in combinations(range(6), size)]
