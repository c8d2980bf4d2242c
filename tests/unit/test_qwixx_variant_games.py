"""What every Qwixx variant (Big Points, Mixx A and B, Double A and B) keeps, whole games of each:
records that replay, check() agreeing with apply() at random states, and every computer level
playing to the end with the coach's hints (each variant's own rulings: test_qwixx_big_points.py,
test_qwixx_mixx.py, test_qwixx_double.py and test_qwixx_double_b.py)."""

from __future__ import annotations

import json
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st
from properties_support import SEEDS, check_refused, every_legal_action_is_accepted, examples, reach
from qwixx_support import state_of

from dadoteca.bots import bot_for, coach_for, decision_seed, finish, reviewer_for
from dadoteca.match import Match, Seat
from dadoteca_games.qwixx.rules import GREEN_BLUE, QWIXX, RED_YELLOW, RULES, Cross, QwixxState
from dadoteca_games.qwixx.variants import BIG_POINTS, DOUBLE_A, DOUBLE_B, MIXX_A, MIXX_B

BIG: Final = {"variant": BIG_POINTS.id}
PAD_A: Final = {"variant": MIXX_A.id}
PAD_B: Final = {"variant": MIXX_B.id}
DOUBLE: Final = {"variant": DOUBLE_A.id}
DOUBLE_B_PAD: Final = {"variant": DOUBLE_B.id}
VARIANTS: Final = pytest.mark.parametrize(
    "options", [BIG, PAD_A, PAD_B, DOUBLE, DOUBLE_B_PAD], ids=lambda o: o["variant"]
)


@VARIANTS
def test_a_variants_record_names_it_and_replays(options: dict[str, str]) -> None:
    match = Match(QWIXX, [Seat("A"), Seat("B")], seed=3, options=options)
    while not match.state.is_terminal:
        state = match.state
        if state.is_chance:
            match.roll(state.roll())
        else:
            player = state.deciders[0]
            legal = state.legal_actions(player)
            match.play(player, legal[len(match.actions) % len(legal)])
    record = match.record()
    assert record["options"] == options
    replay = Match.from_record(json.loads(json.dumps(record)))
    assert replay.state == match.state
    assert isinstance(replay.state, QwixxState) and replay.state.variant.id == options["variant"]


@VARIANTS
@examples(40)
@given(seed=SEEDS, steps=st.integers(min_value=0, max_value=120), data=st.data())
def test_check_agrees_with_apply_and_refuses_in_the_leaflets_words(
    options: dict[str, str], seed: int, steps: int, data: st.DataObject
) -> None:
    state = reach(QWIXX.new_game(3, seed, options), seed, steps)
    assert isinstance(state, QwixxState)
    if state.is_chance or state.is_terminal:
        return
    every_legal_action_is_accepted(state)
    player = data.draw(st.sampled_from(state.deciders))
    row = data.draw(st.integers(min_value=0, max_value=len(state.variant.rows) - 1))
    number = data.draw(st.integers(min_value=2, max_value=12))
    check_refused(state, player, Cross(row, number), list(RULES))


@pytest.mark.parametrize(
    ("options", "levels"),
    [
        (BIG, ("easy", "normal")),
        (BIG, ("normal", "expert")),
        (BIG, ("expert",)),
        *[
            (pad, levels)
            for pad in (PAD_A, PAD_B, DOUBLE_B_PAD)
            for levels in [("easy", "normal"), ("normal", "expert")]
        ],
    ],
)
def test_every_level_plays_each_variant_to_its_end_and_the_coach_hints(
    options: dict[str, str], levels: tuple[str, ...]
) -> None:
    """Each level plays only legal moves of the variant (Match refuses any other) to the end;
    the coach's hint and the reviewer's values are the one-step choice its model allows."""
    seats = [Seat(f"P{n}", f"bot:{level}") for n, level in enumerate(levels)]
    match = Match(QWIXX, seats, seed=11, options=options)
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
    sheets = state_of(match).sheets
    assert any(sheet.score() > 0 for sheet in sheets)
    if options is BIG:  # the bots crossed bonus boxes too (ruling QWIXX_BIG_POINTS_BONUS_BOX)
        assert any(
            sheet.crossed_numbers(row) for sheet in sheets for row in (RED_YELLOW, GREEN_BLUE)
        )
    if options is DOUBLE_B_PAD:  # and double boxes (ruling QWIXX_DOUBLE_B_DOUBLE_BOX)
        assert any(
            set(sheet.crossed_numbers(printed.row)) & set(printed.doubles)
            for sheet in sheets
            for printed in DOUBLE_B.rows
        )
    start = reach(QWIXX.new_game(2, 5, options), 5, 9)
    assert finish(reviewer_for("qwixx").appraisal(start, 0, 1)).options
