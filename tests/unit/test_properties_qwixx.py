"""Property tests of the Qwixx rules (hypothesis): random legal games checked after every action,
record round trips, and every illegal action refused naming the broken rule.

Games per run: 150 drawn by hypothesis + 1,000 seeded (200 per table size, 1-5 players):
1,150 (10,000 ran in earlier versions and found nothing more; the suite must stay within CI's
time). The checks read the sheets two ways: as bits, transition by transition
(:func:`check_invariants`), and the way the rule book does (crossed numbers, the score table,
who may act when).
"""

from __future__ import annotations

from functools import cache
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st
from properties_support import SEEDS, drawn_game, examples, play_seeded_games, reach, try_actions

from dadoteca.core import Action, AnyState
from dadoteca_games.qwixx.rules import (
    LAST_POSITION,
    LOCK_BIT,
    PASS,
    PENALTY_BOXES,
    QWIXX,
    RULES,
    Cross,
    Pass,
    Phase,
    QwixxState,
    Roll,
    Sheet,
    row_points,
)

DRAWN_GAMES: Final = 150
SEEDED_GAMES: Final = 1_000
PLAYERS: Final = st.integers(min_value=1, max_value=5)
TABLE_SIZES: Final = range(1, 6)

# The rule book's score table: n crosses in a row (the lock counts as one) score ROW_SCORES[n].
ROW_SCORES: Final = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78)
ASCENDING: Final = (True, True, False, False)  # red and yellow run 2 → 12, green and blue 12 → 2
DIE: Final = st.integers(min_value=1, max_value=6)


def last_number(row: int) -> int:
    return 12 if ASCENDING[row] else 2


def locked_rows(state: QwixxState) -> set[int]:
    """Rows whose lock somebody crossed: closed for everyone, their die out of the game."""
    return {row for row in range(4) for sheet in state.sheets if sheet.is_locked(row)}


@cache  # sheets are values that repeat from one action to the next
def score(sheet: Sheet) -> int:
    crosses = (len(sheet.crossed_numbers(row)) + sheet.is_locked(row) for row in range(4))
    return sum(ROW_SCORES[count] for count in crosses) - 5 * sheet.penalties


def crossing_rule(sheet: Sheet, row: int, number: int, locked: set[int]) -> str | None:
    """The rule book's objection to ``sheet`` crossing ``number`` in ``row``, if any."""
    if row in locked:
        return "qwixx.row_locked"
    crossed = sheet.crossed_numbers(row)
    if any((n >= number) if ASCENDING[row] else (n <= number) for n in crossed):
        return "qwixx.left_to_right"
    if number == last_number(row) and len(crossed) < 5:
        return "qwixx.five_before_last"
    return None


def valid_roll(state: QwixxState, roll: Action) -> bool:
    """Two white dice, and a die for each row nobody locked, each showing 1-6."""
    if not isinstance(roll, Roll):
        return False
    locked = locked_rows(state)
    return all(1 <= die <= 6 for die in roll.white) and all(
        (die is None) if row in locked else (die is not None and 1 <= die <= 6)
        for row, die in enumerate(roll.colours)
    )


def rolls(state: AnyState) -> st.SearchStrategy[Action]:
    """The rolls the rule book allows now."""
    assert isinstance(state, QwixxState)
    locked = locked_rows(state)
    colours = [st.none() if row in locked else DIE for row in range(4)]
    return st.builds(Roll, st.tuples(DIE, DIE), st.tuples(*colours))


def check_crosses(old: Sheet, new: Sheet, crosses: list[Cross]) -> None:
    """``new`` is ``old`` with exactly ``crosses`` added (one per row at most), the lock with
    the last number, nothing else."""
    rows = {cross.row: cross.number for cross in crosses}
    assert len(rows) == len(crosses) and new.penalties == old.penalties
    for row in range(4):
        numbers = old.crossed_numbers(row)
        if row in rows:
            numbers = (*numbers, rows[row])  # right of every cross: the new last one
            locks = rows[row] == last_number(row)
            assert new.is_locked(row) == locks and not old.is_locked(row)
        else:
            assert new.is_locked(row) == old.is_locked(row)
        assert new.crossed_numbers(row) == tuple(sorted(numbers, reverse=not ASCENDING[row]))


def check_invariants(before: QwixxState, after: QwixxState, player: int | None) -> None:
    """What must hold across every transition, whatever the players chose."""
    for sheet in after.sheets:
        assert sheet.penalties <= PENALTY_BOXES
        assert sheet.score() == sum(row_points(m.bit_count()) for m in sheet.rows) - (
            5 * sheet.penalties
        )
        for row, mask in enumerate(sheet.rows):
            if mask & LOCK_BIT:  # a lock only after the last number and 5 crosses before it
                assert mask >> LAST_POSITION & 1 and mask.bit_count() >= 7
                assert after.closed >> row & 1
    # A row is closed exactly when somebody crossed its lock.
    locked_by_someone = 0
    for sheet in after.sheets:
        for row, mask in enumerate(sheet.rows):
            if mask & LOCK_BIT:
                locked_by_someone |= 1 << row
    assert after.closed == locked_by_someone
    # Crosses never disappear, and only move right within a row.
    for old, new in zip(before.sheets, after.sheets, strict=True):
        for old_mask, new_mask in zip(old.rows, new.rows, strict=True):
            assert new_mask & old_mask == old_mask
            added = new_mask & ~old_mask & ~LOCK_BIT
            assert added == 0 or added > (old_mask & ~LOCK_BIT)
        assert new.penalties - old.penalties in (0, 1)
    # Only the active player takes a penalty (ruling QWIXX_PENALTY_ACTIVE_ONLY).
    for seat, (old, new) in enumerate(zip(before.sheets, after.sheets, strict=True)):
        if new.penalties > old.penalties:
            assert seat == before.active and before.phase == Phase.ACTION2
    # The dice of locked rows are out of the game (ruling QWIXX_DICE).
    if after.dice is not None and player is None:
        for row, colour in enumerate(after.shown_dice.colours):
            assert (colour is None) == bool(after.closed >> row & 1)
    # The game is over exactly when the rule book says (ruling QWIXX_GAME_END).
    ended = after.closed.bit_count() >= 2 or any(s.penalties == 4 for s in after.sheets)
    assert after.is_terminal == ended
    if not after.is_terminal:
        assert after.is_chance != bool(after.deciders)


def check_step(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
    assert isinstance(before, QwixxState) and isinstance(after, QwixxState)
    players = before.num_players
    if after.sheets != before.sheets or player is None:
        check_invariants(before, after, player)
        assert after.scores() == tuple(score(sheet) for sheet in after.sheets)
    else:
        assert not after.is_terminal  # only a sheet that changes can end the game
    if player is None:  # the active player rolled: everyone decides action 1
        assert isinstance(action, Roll) and valid_roll(before, action)
        assert after.phase == Phase.ACTION1 and after.deciders == tuple(range(players))
        assert (after.active, after.turn, after.sheets) == (
            before.active,
            before.turn,
            before.sheets,
        )
        return
    assert before.dice is not None and isinstance(action, Cross | Pass)
    white = before.shown_dice.white
    locked = locked_rows(before)
    if isinstance(action, Cross):  # a number nobody may cross twice, left to right
        assert crossing_rule(before.sheets[player], action.row, action.number, locked) is None
    if before.phase == Phase.ACTION1:
        if isinstance(action, Cross):
            assert action.number == sum(white)
        decisions = list(before.pending)
        decisions[player] = action
        if after.phase == Phase.ACTION1:  # decisions wait until everyone has made one
            assert after.sheets == before.sheets and list(after.pending) == decisions
            assert after.deciders == tuple(p for p, d in enumerate(decisions) if d is None)
            return
        # Everyone decided: every cross applies at once, on the sheets as they were.
        for seat, decision in enumerate(decisions):
            crosses = [decision] if isinstance(decision, Cross) else []
            check_crosses(before.sheets[seat], after.sheets[seat], crosses)
        if not after.is_terminal:
            assert after.phase == Phase.ACTION2 and after.deciders == (before.active,)
            active = decisions[before.active]
            assert after.active_action1 == (active if isinstance(active, Cross) else None)
        return
    # Action 2: the active player's alone; a white die plus the colour die of the row crossed.
    assert before.phase == Phase.ACTION2 and player == before.active
    sheet, new = before.sheets[player], after.sheets[player]
    if isinstance(action, Cross):
        colour = before.shown_dice.colours[action.row]
        assert colour is not None and action.number - colour in white
        check_crosses(sheet, new, [action])
    else:  # a pass costs a penalty only if action 1 crossed nothing either
        assert new.rows == sheet.rows
        assert new.penalties == sheet.penalties + (before.active_action1 is None)
    assert all(after.sheets[s] == before.sheets[s] for s in range(players) if s != player)
    if after.is_terminal:
        best = max(score(s) for s in after.sheets)
        assert after.winners() == tuple(p for p, s in enumerate(after.sheets) if score(s) == best)
    else:  # the turn passes clockwise (solo: the one player again)
        assert after.phase == Phase.ROLL and after.turn == before.turn + 1
        assert after.active == (before.active + 1) % players


@examples(DRAWN_GAMES)
@given(data=st.data(), players=PLAYERS, seed=SEEDS)
def test_games_drawn_by_hypothesis_keep_every_rule_and_replay_from_their_records(
    data: st.DataObject, players: int, seed: int
) -> None:
    drawn_game("qwixx", players, seed, check_step, data=data, outcomes=rolls, drawn=120)


@pytest.mark.long
@pytest.mark.parametrize("players", TABLE_SIZES)
def test_seeded_games_keep_every_rule_and_replay_from_their_records(players: int) -> None:
    games = SEEDED_GAMES // len(TABLE_SIZES)
    finals = play_seeded_games("qwixx", players, games, check_step, check_step)
    qwixx_finals = [final for final in finals if isinstance(final, QwixxState)]
    assert len(qwixx_finals) == len(finals)
    assert min(final.turn for final in qwixx_finals) >= 2  # ended by the rules, not the loop
    assert any(final.closed for final in qwixx_finals)  # the lock paths were exercised too


# --- Illegal actions ---------------------------------------------------------------------------


def expected_rule(state: QwixxState, player: int, action: Action) -> str | None:
    """The rule the rule book says ``action`` by ``player`` breaks now, for the classic cases
    (None: legal, or a case this oracle leaves to the engine's order of checks)."""
    if isinstance(action, Cross) and not (0 <= action.row < 4 and 2 <= action.number <= 12):
        return "qwixx.bad_action"
    if isinstance(action, Roll):
        return "qwixx.no_roll_now"
    if state.is_terminal:
        return "qwixx.game_over"
    if state.is_chance:
        return "qwixx.roll_first"
    assert state.dice is not None
    locked = locked_rows(state)
    if state.phase == Phase.ACTION1:
        if not 0 <= player < state.num_players:
            return "qwixx.not_your_decision"
        if state.pending[player] is not None:
            return "qwixx.already_decided"
        if not isinstance(action, Cross):
            return None
        if action.number != sum(state.shown_dice.white):
            return "qwixx.white_sum"
        return crossing_rule(state.sheets[player], action.row, action.number, locked)
    if player != state.active:
        return "qwixx.not_your_decision"
    if not isinstance(action, Cross):
        return None
    if action.row in locked:
        return "qwixx.row_locked"
    colour = state.shown_dice.colours[action.row]
    assert colour is not None
    if action.number - colour not in state.shown_dice.white:
        return "qwixx.white_and_colour"
    return crossing_rule(state.sheets[player], action.row, action.number, locked)


def actions(state: QwixxState) -> st.SearchStrategy[Action]:
    """Any Qwixx action, mostly crosses near what the dice allow (to meet every rule)."""
    numbers = st.integers(min_value=2, max_value=12)
    near = [numbers]
    if state.dice is not None:
        white = state.shown_dice.white
        near.append(
            st.sampled_from(
                [sum(white), *(w + c for w in white for c in state.shown_dice.colours if c)]
            )
        )
    faces = st.integers(min_value=0, max_value=7)
    return st.one_of(
        st.just(PASS),
        st.builds(Cross, st.integers(min_value=0, max_value=3), st.one_of(near)),
        st.builds(
            Cross, st.integers(min_value=-1, max_value=4), st.integers(min_value=0, max_value=13)
        ),
        st.builds(Roll, st.tuples(faces, faces), st.tuples(*[st.none() | faces] * 4)),
    )


@examples(400)
@given(data=st.data(), players=PLAYERS, seed=SEEDS, steps=st.integers(min_value=0, max_value=250))
def test_illegal_actions_are_refused_naming_the_rule_and_legal_ones_accepted(
    data: st.DataObject, players: int, seed: int, steps: int
) -> None:
    state = reach(QWIXX.new_game(players, seed), seed, steps)
    assert isinstance(state, QwixxState)
    try_actions(state, data, actions, expected_rule, valid_roll, rules=list(RULES))


def test_legal_actions_only_seated_players_deciding_have_any() -> None:
    """Found by the property above: seat -1 read the last player's actions, seat n raised."""
    state = QWIXX.new_game(2, 1).apply_chance(Roll((1, 2), (3, 4, 5, 6)))
    assert state.legal_actions(-1) == state.legal_actions(2) == []
    assert state.legal_actions(0) and state.legal_actions(1)
