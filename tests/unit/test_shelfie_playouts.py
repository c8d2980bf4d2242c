"""Random legal My Shelfie games (2,000 of them, 1-4 players) checked after every single action.

The checks recompute what the rules say from the sheets' cells, one by one, independently of the
engine's bit tricks and tables.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from dadoteca.core import Action
from dadoteca.match import Match
from dadoteca.playout import random_match
from dadoteca.shelfie import (
    COLUMN_VALUES,
    Mark,
    Pass,
    Phase,
    Reroll,
    Roll,
    Sheet,
    ShelfieState,
    Strike,
)

GAMES = 2000
CELLS = [(shelf, column) for shelf in range(5) for column in range(5)]
LINES = [[(s, c) for c in range(5)] for s in range(5)] + [
    [(s, c) for s in range(5)] for c in range(5)
]


def cells_of(mask: int) -> set[tuple[int, int]]:
    return {(shelf, column) for shelf, column in CELLS if mask >> (shelf * 5 + column) & 1}


def full_shelves(sheet: Sheet) -> int:
    taken = cells_of(sheet.circled) | cells_of(sheet.crossed)
    return sum(all((shelf, c) in taken for c in range(5)) for shelf in range(5))


def score(sheet: Sheet) -> int:
    circled = cells_of(sheet.circled)
    total = 0
    for line in LINES:
        items = [cell for cell in line if cell in circled]
        if len(items) >= 3:
            total += sum(COLUMN_VALUES[column] for _, column in items)
    return total


def completed_lines(sheet: Sheet) -> set[frozenset[tuple[int, int]]]:
    circled = cells_of(sheet.circled)
    return {frozenset(line) for line in LINES if all(cell in circled for cell in line)}


def check_invariants(
    before: ShelfieState, after: ShelfieState, player: int | None, action: Action
) -> None:
    """What must hold across every transition, whatever the players chose."""
    for sheet in after.sheets:
        assert sheet.circled & sheet.crossed == 0
        assert 0 <= sheet.circled < 1 << 25 and 0 <= sheet.crossed < 1 << 25
        assert sheet.score() == score(sheet)
    # Cells are never un-marked, and a circled cell never becomes crossed (or the reverse).
    for old, new in zip(before.sheets, after.sheets, strict=True):
        assert new.circled & old.circled == old.circled
        assert new.crossed & old.crossed == old.crossed
    active = before.active
    if player is None:  # a roll: only the rolled dice change, nothing else
        assert isinstance(action, Roll) and after.phase == Phase.DECIDE
        assert after.sheets == before.sheets and after.rerolls_left == before.rerolls_left
        assert after.dice is not None and len(after.dice) == 6
        if before.phase == Phase.REROLL:
            assert before.dice is not None
            for position in range(6):
                if not before.rerolling >> position & 1:
                    assert after.dice[position] == before.dice[position]
        return
    assert player == active and before.phase == Phase.DECIDE
    if isinstance(action, Reroll):
        assert after.rerolls_left == before.rerolls_left - 1 >= 0
        assert after.sheets == before.sheets and after.phase == Phase.REROLL
        return
    old, new = before.sheets[active], after.sheets[active]
    added_circles = cells_of(new.circled) - cells_of(old.circled)
    added_crosses = cells_of(new.crossed) - cells_of(old.crossed)
    blocking: set[tuple[int, int]] = set()
    if isinstance(action, Mark):
        assert added_circles == {(c.shelf, c.column) for c in action.combos}
        assert 1 <= len(added_circles) <= 3 and not added_crosses
        assert before.check(player, action) is None  # the UI's check agrees with apply
        for line in completed_lines(new) - completed_lines(old):
            blocking |= line  # ruling SHELFIE_BLOCKING
    elif isinstance(action, Strike):
        assert not before.can_mark and not added_circles
        shelf = {(action.shelf, c) for c in range(5)}
        assert added_crosses and added_crosses == shelf - cells_of(old.circled | old.crossed)
    else:
        assert isinstance(action, Pass) and new == old
        assert not new.free_cells()
    # Every other sheet loses exactly the free cells of the lines just completed, all at once.
    for seat, (other_old, other_new) in enumerate(zip(before.sheets, after.sheets, strict=True)):
        if seat != active:
            assert other_new.circled == other_old.circled
            free = cells_of(other_old.free)
            assert cells_of(other_new.crossed) == cells_of(other_old.crossed) | (blocking & free)
    # Ruling SHELFIE_END_ROUND: the end comes with the round in which two shelves filled up.
    triggered = any(full_shelves(sheet) >= 2 for sheet in after.sheets)
    assert after.last_round == (before.last_round or triggered)
    if after.last_round and active == before.num_players - 1:
        assert after.is_terminal and after.turn == before.turn
    else:
        assert not after.is_terminal and after.phase == Phase.ROLL
        assert after.active == (active + 1) % before.num_players and after.turn == before.turn + 1
        assert after.rerolls_left == 2 and after.dice is None


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_keep_every_invariant_and_replay_from_their_records(players: int) -> None:
    outcomes: Counter[str] = Counter()
    for seed in range(GAMES // 4):
        match = random_match("shelfie", players, seed * 31 + players)
        replay = Match(match.game, match.seats, match.seed)
        before = replay.state
        assert isinstance(before, ShelfieState)
        turns: Counter[int] = Counter()
        for player, action in match.actions:
            if player is None:
                assert before.is_chance
                replay.roll(action)
            else:
                legal = before.legal_actions(player)
                assert action in legal
                if seed % 20 == 0:  # (hashing every list would double the file's time)
                    assert len(set(legal)) == len(legal)
                    marks = [a for a in legal if isinstance(a, Mark)]
                    assert marks == before.legal_marks(player)
                replay.play(player, action)
                turns[player] += not isinstance(action, Reroll)
                outcomes[type(action).__name__] += 1
            after = replay.state
            assert isinstance(after, ShelfieState)
            check_invariants(before, after, player, action)
            if player is not None:
                others = [seat for seat in range(players) if seat != player]
                outcomes["blocking"] += any(before.sheets[o] != after.sheets[o] for o in others)
                outcomes["ended at once"] += after.is_terminal and not before.last_round
            if not after.is_terminal:
                assert after.is_chance != bool(after.deciders)
            before = after
        assert before.is_terminal and before.last_round
        # Everyone had the same number of turns.
        assert set(turns.values()) == {before.turn // players} and before.turn % players == 0
        assert any(full_shelves(sheet) >= 2 for sheet in before.sheets)
        assert before.winners() == tuple(
            p for p, s in enumerate(before.scores()) if s == max(before.scores())
        )
        # The record, through JSON text, replays to the identical state.
        assert Match.from_record(json.loads(json.dumps(match.record()))).state == match.state
    # Every kind of decision was exercised, and the rarer paths of the rules too.
    assert {"Mark", "Reroll", "Strike", "ended at once"} <= set(+outcomes)  # counts above 0
    assert players == 1 or outcomes["blocking"] > 0
