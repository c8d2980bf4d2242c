"""The expert's trainer (build/train_qwixx.py) solves solo Qwixx in C (build/qwixx_solo.c) by
the rules of the bots' model (dadoteca_games.qwixx.model), which test_qwixx_model.py checks
against the engine. Here the C program is compiled (build/setup installs gcc) and checked
against the model on sheets of seeded solo games that cross steadily enough to lock rows:
every sheet a turn can end on, in the same order, and whether the game is then over; the exact
value of a sheet as the mean over every roll of the best end of its turn, each end worth its
exact value (its points once over); and the committed table read the same by the expert and by
the fit.
"""

from __future__ import annotations

import random
import subprocess
from collections.abc import Iterable, Sequence
from itertools import product
from pathlib import Path
from typing import Final

import pytest

from build.train_qwixx import compile_solver
from dadoteca_games.qwixx.model import (
    CLOSED_CODES,
    FREE_NUMBERS,
    START,
    Dice,
    action1_sheets,
    action2_sheets,
    game_over,
    locks_end_game,
    points,
    turn_options,
)
from dadoteca_games.qwixx.values import VALUES_FILE, load_values, solo_total

GAMES: Final = 60
Sheet = tuple[int, ...]  # a solo sheet of the model: four row codes and the penalties


@pytest.fixture(scope="module")
def solver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    try:
        return compile_solver(tmp_path_factory.mktemp("qwixx_solo"))
    except SystemExit:  # a skip would hide a solver drifting from the rules
        pytest.fail("no gcc to compile build/qwixx_solo.c: run build/setup")


def ask(solver: Path, command: Sequence[str], lines: Iterable[str]) -> list[str]:
    """What the C program prints for ``command`` given ``lines``, line by line."""
    given = "".join(f"{line}\n" for line in lines)
    done = subprocess.run(
        [str(solver), *command], input=given, capture_output=True, text=True, check=True
    )
    return done.stdout.splitlines()


def text(sheet: Sequence[int]) -> str:
    return " ".join(map(str, sheet))


def ends_of(sheet: Sheet, dice: Dice) -> list[Sheet]:
    """The model's ends of a solo turn, in its order: each action 1, then each action 2 after it."""
    return [
        tuple(end)
        for _, end_if_passing, ends in turn_options(list(sheet), dice)
        for end in (end_if_passing, *ends)
    ]


def steady_games(seed: int) -> list[tuple[Sheet, Dice]]:
    """The start of every turn of GAMES solo games, with its dice (the 1 and the 6 more often,
    as they make the last numbers): one end in four at random, else the cross that moves the
    least along its rows (a penalty if none), so rows fill up and lock."""
    chooser = random.Random(seed)
    turns = []
    for _ in range(GAMES):
        sheet: Sheet = (START, START, START, START, 0)
        while not game_over(sheet):
            white1, white2, red, yellow, green, blue = (
                chooser.choice((1, 6, *range(1, 7))) for _ in range(6)
            )
            dice = (white1, white2, red, yellow, green, blue)
            turns.append((sheet, dice))
            ends = ends_of(sheet, dice)  # the first crosses nothing: a penalty
            if chooser.random() < 0.25:
                sheet = chooser.choice(ends)
            else:
                moves = [sum(end[:4]) - sum(sheet[:4]) or 1000 for end in ends]
                sheet = ends[moves.index(min(moves))]
    return turns


TURNS: Final = steady_games(5)


def test_the_games_reach_every_case() -> None:
    ends = [end for sheet, dice in TURNS for end in ends_of(sheet, dice)]
    assert any(any(code >= CLOSED_CODES for code in sheet[:4]) for sheet, _ in TURNS)
    assert any(sheet[4] == 3 for sheet, _ in TURNS)
    assert any(locks_end_game(end) for end in ends)
    assert any(end[4] == 4 for end in ends)


def test_each_turn_ends_on_the_sheets_the_model_allows(solver: Path) -> None:
    printed = ask(solver, ["turns"], (f"{text(sheet)} {text(dice)}" for sheet, dice in TURNS))
    expected = []
    for sheet, dice in TURNS:
        expected += [f"{text(end)} {int(game_over(end))}" for end in ends_of(sheet, dice)]
        expected.append(".")
    assert printed == expected


def ends_in_action1_before_action2(sheet: Sheet) -> bool:
    """Some roll's action 1 makes the second lock where its dice would allow an action 2."""
    return any(
        locks_end_game(after) and action2_sheets(after, (low, high, die, die, die, die))
        for low, high in product(range(1, 7), repeat=2)
        for after in action1_sheets(list(sheet), low + high)
        for die in range(1, 7)  # each row's action 2 needs its own die only
    )


def late_sheets() -> list[Sheet]:
    """Sheets of the games with few numbers left (their values are quick to compute): one
    with a row locked whose game can end in action 1 before an action 2 it could have had, one
    with three penalties, one with neither."""
    late = [
        sheet
        for sheet, _ in TURNS
        if sum(FREE_NUMBERS[code] for code in sheet[:4]) <= 12 and not game_over(sheet)
    ]
    locked = [sheet for sheet in late if ends_in_action1_before_action2(sheet)]
    penalties = [sheet for sheet in late if sheet[4] == 3]
    plain = [sheet for sheet in late if max(sheet[:4]) < CLOSED_CODES and sheet[4] < 3]
    return [locked[0], penalties[0], plain[0]]


@pytest.mark.parametrize("sheet", late_sheets())
def test_the_exact_value_is_the_mean_of_the_best_turn_over_every_roll(
    solver: Path, sheet: Sheet
) -> None:
    # A closed row's die is out of the game: one face stands for all.
    faces = [(1,) if code >= CLOSED_CODES else range(1, 7) for code in sheet[:4]]
    turns = []
    for white1, white2 in product(range(1, 7), repeat=2):
        if white1 <= white2:  # (white2, white1) counted as twice this
            for red, yellow, green, blue in product(*faces):
                ends = ends_of(sheet, (white1, white2, red, yellow, green, blue))
                turns.append((1 if white1 == white2 else 2, ends))
    going_on = sorted({end for _, ends in turns for end in ends if not game_over(end)})
    printed = ask(solver, ["lazy"], map(text, [sheet, *going_on]))
    values = dict(zip(going_on, map(float, printed[1:]), strict=True))
    total = weights = 0.0
    for weight, ends in turns:
        total += weight * max(points(end) if game_over(end) else values[end] for end in ends)
        weights += weight
    assert float(printed[0]) == pytest.approx(total / weights, abs=1e-4)


def test_the_fit_and_the_expert_read_the_table_alike(solver: Path) -> None:
    sheets = [sheet for sheet, _ in TURNS[::7]]
    printed = ask(solver, ["table", str(VALUES_FILE)], map(text, sheets))
    values = load_values()
    for sheet, value in zip(sheets, printed, strict=True):
        assert float(value) == pytest.approx(solo_total(values, sheet), abs=1e-3)
