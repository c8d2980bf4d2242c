"""Random legal Qwixx games (2,000 of them, 1-5 players) checked after every single action."""

from __future__ import annotations

import json

import pytest

from dadoteca.match import Match
from dadoteca.playout import random_match
from dadoteca.qwixx import (
    LAST_POSITION,
    LOCK_BIT,
    PENALTY_BOXES,
    Phase,
    QwixxState,
    Roll,
    row_points,
)

GAMES = 2000


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
        for row, colour in enumerate(after.dice.colours):
            assert (colour is None) == bool(after.closed >> row & 1)
    # The game is over exactly when the rule book says (ruling QWIXX_GAME_END).
    ended = after.closed.bit_count() >= 2 or any(s.penalties == 4 for s in after.sheets)
    assert after.is_terminal == ended
    if not after.is_terminal:
        assert after.is_chance != bool(after.deciders)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_games_keep_every_invariant_and_replay_from_their_records(players: int) -> None:
    lengths: list[int] = []
    games_with_a_lock = 0
    for seed in range(GAMES // 5):
        match = random_match("qwixx", players, seed * 31 + players)
        replay = Match(match.game, match.seats, match.seed)
        before = replay.state
        assert isinstance(before, QwixxState)
        for player, action in match.actions:
            if player is None:
                assert isinstance(action, Roll)
                replay.roll(action)
            else:
                assert action in before.legal_actions(player)
                replay.play(player, action)
            after = replay.state
            assert isinstance(after, QwixxState)
            check_invariants(before, after, player)
            before = after
        assert before.is_terminal
        lengths.append(before.turn)
        games_with_a_lock += before.closed != 0
        # The record, through JSON text, replays to the identical state.
        assert Match.from_record(json.loads(json.dumps(match.record()))).state == match.state
    assert min(lengths) >= 2  # games end by the rules, not by an accident of the loop
    assert games_with_a_lock > 0  # the lock paths were exercised too
