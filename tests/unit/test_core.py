"""The shared core: seeded dice, errors, winners."""

from __future__ import annotations

from collections import Counter

import pytest
from rules_support import broken_rule

from dadoteca.core import (
    Action,
    RuleError,
    advance,
    draw,
    name_in,
    roll_dice,
    seed_generator,
    winners_of,
)
from dadoteca.games import get_game
from dadoteca_games.diceland import rules as diceland
from dadoteca_games.qwixx import rules as qwixx
from dadoteca_games.shelfie import rules as shelfie


def test_splitmix64_matches_the_reference_sequence() -> None:
    """Seed 0's first outputs in the reference SplitMix64 (Steele, Lea, Flood 2014)."""
    generator, first = draw(seed_generator(0))
    _, second = draw(generator)
    assert (first, second) == (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4)


def test_a_roll_takes_one_step_whatever_it_shows() -> None:
    generator = seed_generator(123)
    assert roll_dice(generator, 6)[0] == advance(generator) == draw(generator)[0]


def test_negative_and_huge_seeds_fold_into_64_bits() -> None:
    assert seed_generator(-1) == (1 << 64) - 1
    assert seed_generator(1 << 70) == 0


def test_dice_are_fair() -> None:
    generator, counts = seed_generator(5), Counter[int]()
    for _ in range(6000):
        generator, faces = roll_dice(generator, 6)
        counts.update(faces)
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(5400 < count < 6600 for count in counts.values())  # 36,000 faces: ±10% is 8 sigma


def test_winners_share_ties() -> None:
    assert winners_of([3, 7, 7, -2]) == (1, 2)
    assert winners_of([0]) == (0,)


def test_rule_error_names_the_rule_and_fills_the_message() -> None:
    error = RuleError("x.rule", "row {row} is {state}", row="red", state="locked")
    assert (error.rule, error.message, error.params) == (
        "x.rule",
        "row red is locked",
        {"row": "red", "state": "locked"},
    )
    with pytest.raises(ValueError, match=r"row red is locked \[x.rule\]"):
        raise error


def test_names_out_of_range_are_marked_not_wrapped() -> None:
    indexes: list[object] = [0, 1, 2, -1, "x"]
    assert [name_in("ab", index) for index in indexes] == ["a", "b", "?2", "?-1", "?'x'"]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("game_id", "outcome", "text"),
    [
        ("qwixx", qwixx.Cross(6, 0), "?6 0"),  # rows 4 and 5: Big Points' bonus rows
        ("qwixx", qwixx.Roll((1, 2), (3, 4, 5, 6, 1)), "roll w1 w2 r3 y4 g5 b6 ?41"),  # type: ignore[arg-type]
        ("diceland", diceland.Choose(-1), "choose ?-1"),
        ("diceland", diceland.Roll((0, 9)), "roll red ?9"),
        ("shelfie", shelfie.Strike(7), "strike ?7"),
        ("shelfie", shelfie.Roll((0, -2)), "?-2"),
    ],
)
def test_malformed_outcomes_are_refused_in_words(game_id: str, outcome: Action, text: str) -> None:
    """A corrupted record can hold any value: its text and the error naming it never crash."""
    assert text in str(outcome)
    state = get_game(game_id).new_game(2, seed=1)
    with pytest.raises(RuleError) as error:
        state.apply_chance(outcome)
    assert text in error.value.message


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("qwixx", 0), ("qwixx", 6), ("diceland", 0), ("diceland", 5), ("shelfie", 0), ("shelfie", 5)],
)
def test_each_game_refuses_a_table_its_rule_book_does_not_seat(game_id: str, players: int) -> None:
    """Qwixx seats 2-5 players or one alone; Diceland and My Shelfie 1-4."""
    assert broken_rule(get_game(game_id).new_game, players, seed=1) == "core.player_count"
