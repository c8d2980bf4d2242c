"""Property tests of the Qwixx rules (hypothesis): random legal games checked after every action,
record round trips, and every illegal action refused naming the broken rule.

Games per run: 150 drawn by hypothesis + 7,850 seeded here, and 2,000 in test_qwixx_playouts.py:
10,000. The checks read the sheets the way the rule book does (crossed numbers, the score table,
who may act when), adding to the transition checks of test_qwixx_playouts.py.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from hypothesis import given
from hypothesis import strategies as st
from properties_support import (
    SEEDS,
    check_chance_refused,
    check_record_round_trip,
    check_refused,
    every_legal_action_is_accepted,
    examples,
    new_match,
    play,
    play_seeded_games,
    reach,
    someone,
)
from test_qwixx_playouts import check_invariants

from dadoteca.core import Action, AnyState
from dadoteca.qwixx import (
    PASS,
    QWIXX,
    RULES,
    Cross,
    Pass,
    Phase,
    QwixxState,
    Roll,
    Sheet,
)

DRAWN_GAMES: Final = 150
SEEDED_GAMES: Final = 7_850
PLAYERS: Final = st.integers(min_value=1, max_value=5)

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


def valid_roll(state: QwixxState, roll: Roll) -> bool:
    """Two white dice, and a die for each row nobody locked, each showing 1-6."""
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


def check_step(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
    assert isinstance(before, QwixxState) and isinstance(after, QwixxState)
    players = before.num_players
    if after.sheets != before.sheets or player is None:
        check_invariants(before, after, player)  # test_qwixx_playouts' transition checks
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
    white = before.dice.white
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
            assert after.active_crossed_in_action1 == isinstance(decisions[before.active], Cross)
        return
    # Action 2: the active player's alone; a white die plus the colour die of the row crossed.
    assert before.phase == Phase.ACTION2 and player == before.active
    sheet, new = before.sheets[player], after.sheets[player]
    if isinstance(action, Cross):
        colour = before.dice.colours[action.row]
        assert colour is not None and action.number - colour in white
        check_crosses(sheet, new, [action])
    else:  # a pass costs a penalty only if action 1 crossed nothing either
        assert new.rows == sheet.rows
        assert new.penalties == sheet.penalties + (not before.active_crossed_in_action1)
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
    match = new_match("qwixx", players, seed)
    final = play(match, seed, check_step, data=data, outcomes=rolls, drawn=120)
    assert final.is_terminal
    check_record_round_trip(match)


def test_seeded_games_keep_every_rule_and_replay_from_their_records() -> None:
    play_seeded_games("qwixx", range(1, 6), SEEDED_GAMES, check_step, check_step)


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
        if action.number != sum(state.dice.white):
            return "qwixx.white_sum"
        return crossing_rule(state.sheets[player], action.row, action.number, locked)
    if player != state.active:
        return "qwixx.not_your_decision"
    if not isinstance(action, Cross):
        return None
    if action.row in locked:
        return "qwixx.row_locked"
    colour = state.dice.colours[action.row]
    assert colour is not None
    if action.number - colour not in state.dice.white:
        return "qwixx.white_and_colour"
    return crossing_rule(state.sheets[player], action.row, action.number, locked)


def actions(state: QwixxState) -> st.SearchStrategy[Action]:
    """Any Qwixx action, mostly crosses near what the dice allow (to meet every rule)."""
    numbers = st.integers(min_value=2, max_value=12)
    near = [numbers]
    if state.dice is not None:
        white = state.dice.white
        near.append(
            st.sampled_from([sum(white), *(w + c for w in white for c in state.dice.colours if c)])
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
    every_legal_action_is_accepted(state)
    for _ in range(6):
        player = data.draw(someone(state), label="player")
        action = data.draw(actions(state), label="action")
        check_refused(state, player, action, list(RULES), expected_rule(state, player, action))
    outcome = data.draw(actions(state), label="outcome")
    valid = state.is_chance and isinstance(outcome, Roll) and valid_roll(state, outcome)
    check_chance_refused(state, outcome, valid, list(RULES))


def test_legal_actions_only_seated_players_deciding_have_any() -> None:
    """Found by the property above: seat -1 read the last player's actions, seat n raised."""
    state = QWIXX.new_game(2, 1).apply_chance(Roll((1, 2), (3, 4, 5, 6)))
    assert state.legal_actions(-1) == state.legal_actions(2) == []
    assert state.legal_actions(0) and state.legal_actions(1)
