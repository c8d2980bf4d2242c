"""Random legal Diceland games (1,000 of them, 1-4 players) checked after every single action.

Random players are poor at finishing a colour, so their games run about two and a half times as
long as sensible ones: median 107 rounds solo, 51 with two players, 33 with three, 25 with four
(550-840 actions a game, at most about 1,100: far below a record's limit).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from dadoteca.core import Action
from dadoteca.diceland import (
    BONUS_DICE,
    DICE,
    DicelandState,
    Mark,
    Phase,
    Roll,
    Sheet,
)
from dadoteca.diceland_maps import PRIZES_TO_WIN, DicelandMap, cells_of
from dadoteca.match import Match
from dadoteca.playout import random_match

GAMES = 1000


def neighbours_of(m: DicelandMap, mask: int) -> int:
    around = 0
    for cell in cells_of(mask):
        around |= m.neighbours[cell]
    return around


def met_the_goal(sheet: Sheet) -> bool:
    """Ruling DICELAND_WIN, worked out afresh from the crosses."""
    m, crossed = sheet.map, sheet.crossed
    whole_colour = any(crossed & mask == mask for mask in m.colour_masks)
    return (crossed & m.prize_mask).bit_count() >= PRIZES_TO_WIN and whole_colour


def check_sheet(old: Sheet, new: Sheet, decision: Action | None, dice_for_it: int) -> None:
    """A sheet that changed did so by one legal mark: ``decision``, using ``dice_for_it``."""
    m = new.map
    added = new.crossed & ~old.crossed
    assert old.crossed & ~new.crossed == 0  # crosses never disappear
    assert isinstance(decision, Mark)
    assert added == sum(1 << cell for cell in decision.cells)
    assert len(decision.cells) == dice_for_it  # every die used, one cross each
    areas = {m.areas[cell] for cell in decision.cells}
    assert len(areas) == 1  # one area (ruling DICELAND_ONE_AREA) ...
    (area,) = areas
    assert m.area_colours[area] == decision.colour  # ... of the mark's colour
    assert added & (m.obstacle_mask | 1 << m.start) == 0
    # Each new cross touches an old one or one of the same action (ruling DICELAND_ADJACENCY).
    reached, frontier = 0, old.crossed
    while frontier:
        grown = added & ~reached & neighbours_of(m, frontier)
        reached |= grown
        frontier = grown
    assert reached == added
    assert new.touch == old.touch | neighbours_of(m, added)
    # At most one open area per colour (ruling DICELAND_ONE_AREA).
    open_areas = [
        a
        for a in m.colour_areas[decision.colour]
        if 0 < (new.crossed & m.area_masks[a]).bit_count() < m.area_size[a]
    ]
    assert len(open_areas) <= 1


def dice_used(before: DicelandState, player: int, colour: int) -> int:
    if before.phase == Phase.BONUS:
        return before.dice.count(colour)
    if player == before.active:
        return before.set_aside
    return before.dice.count(colour)


def check_transition(
    before: DicelandState, after: DicelandState, player: int | None, action: Action
) -> None:
    """What must hold across every transition, whatever the players chose."""
    changed = False
    for p, (old, new) in enumerate(zip(before.sheets, after.sheets, strict=True)):
        if old is not new:
            changed = True
            assert new.map == old.map
            decision = action if p == player else before.pending[p]
            assert isinstance(decision, Mark)
            check_sheet(old, new, decision, dice_used(before, p, decision.colour))
    if changed:
        # Prizes are the crossed prize cells, and they are the scores.
        assert after.scores() == tuple(
            (sheet.crossed & sheet.map.prize_mask).bit_count() for sheet in after.sheets
        )
        # Over exactly when someone met the goal (ruling DICELAND_WIN).
        assert after.is_terminal == any(met_the_goal(sheet) for sheet in after.sheets)
    else:
        assert not after.is_terminal  # nothing crossed, nobody can have met the goal now
    if after.is_terminal:
        assert after.winners() == tuple(
            p for p, sheet in enumerate(after.sheets) if met_the_goal(sheet)
        )
        return
    assert after.is_chance != bool(after.deciders)
    # The dice.
    if player is None:
        assert isinstance(action, Roll)
        expected = {Phase.ROLL: DICE, Phase.REROLL: DICE - before.set_aside}
        assert len(action.faces) == expected.get(before.phase, BONUS_DICE)
    if after.phase in (Phase.STOP_OR_REROLL, Phase.MARK):
        others = len(after.dice) - after.dice.count(after.chosen)
        assert after.set_aside + others == DICE and 1 <= after.set_aside <= DICE
    if after.phase in (Phase.BONUS_ROLL, Phase.BONUS):
        assert after.bonus[after.bonus_player] > 0
        assert after.bonus_queue[0] == after.bonus_player
    if after.phase == Phase.BONUS:
        assert len(after.dice) == BONUS_DICE and after.chosen == -1


def check_the_end(final: DicelandState) -> None:
    """Whole-sheet checks, once a game: every cross is connected to the start."""
    for sheet in final.sheets:
        m = sheet.map
        reached = frontier = 1 << m.start
        while frontier:
            frontier = neighbours_of(m, frontier) & sheet.crossed & ~reached
            reached |= frontier
        assert reached == sheet.crossed
        assert sheet.touch == neighbours_of(m, sheet.crossed)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_keep_every_invariant_and_replay_from_their_records(players: int) -> None:
    rounds: list[int] = []
    winners: Counter[int] = Counter()
    bonus_chains = 0
    for seed in range(GAMES // 4):
        match = random_match("diceland", players, seed * 31 + players)
        states = match._states  # every state the match went through, the first included
        assert len(states) == len(match.actions) + 1
        for (player, action), before, after in zip(
            match.actions, states[:-1], states[1:], strict=True
        ):
            assert isinstance(before, DicelandState) and isinstance(after, DicelandState)
            if player is not None:
                assert action in before.legal_actions(player)
            check_transition(before, after, player, action)
            bonus_chains += (
                before.phase == Phase.BONUS
                and after.phase == Phase.BONUS_ROLL
                and after.bonus_player == before.bonus_player
            )
        final = match.state
        assert isinstance(final, DicelandState) and final.is_terminal
        check_the_end(final)
        rounds.append(final.round)
        winners[len(final.winners())] += 1
        # The record, through JSON text, replays to the identical state.
        assert Match.from_record(json.loads(json.dumps(match.record()))).state == final
    assert min(rounds) >= 5  # games end by the rules, not by an accident of the loop
    assert bonus_chains > 0  # a prize crossed in a bonus roll earned the next one
    if players > 1:
        assert winners[2] > 0  # several players won together at least once
