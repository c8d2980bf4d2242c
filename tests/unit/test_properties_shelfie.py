"""Property tests of the My Shelfie rules (hypothesis): random legal games checked after every
action, record round trips, and every illegal action refused naming the broken rule.

Games per run: 120 drawn by hypothesis (their dice too: six jollies come up) + 1,000 seeded
(250 per table size, 1-4 players): 1,120 (10,000 ran in earlier versions and found nothing
more; the suite must stay within CI's time). The sheets are checked cell by cell, recomputing
what the rules say independently of the engine's bit tricks and tables
(:func:`check_invariants`); the marks by an oracle that reads the rule book's combinations off
the dice.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st
from properties_support import SEEDS, drawn_game, examples, play_seeded_games, reach, try_actions

from dadoteca.core import Action, AnyState, RuleError
from dadoteca_games.shelfie.rules import (
    COLUMN_VALUES,
    FACES,
    PASS,
    RULES,
    SHELFIE,
    SHELVES,
    Combo,
    Mark,
    Pass,
    Phase,
    Reroll,
    Roll,
    Sheet,
    ShelfieState,
    Strike,
)

DRAWN_GAMES: Final = 120
SEEDED_GAMES: Final = 1_000
PLAYERS: Final = st.integers(min_value=1, max_value=4)
TABLE_SIZES: Final = range(1, 5)
FACE: Final = st.integers(min_value=0, max_value=len(FACES) - 1)
JOLLY: Final = FACES.index("jolly")
ITEM_FACE: Final = tuple(FACES.index(item) for item in SHELVES)  # the die face of each shelf


def rolls(state: AnyState) -> st.SearchStrategy[Action]:
    """Six dice on a turn's first roll; after a reroll, new faces only where it rerolled."""
    assert isinstance(state, ShelfieState)
    if state.phase == Phase.ROLL:
        return st.tuples(*[FACE] * 6).map(Roll)
    assert state.dice is not None
    kept = [st.just(face) for face in state.shown_dice]
    dice = [FACE if state.rerolling >> p & 1 else kept[p] for p in range(6)]
    return st.tuples(*dice).map(Roll)


def taken_cells(state: ShelfieState, player: int) -> frozenset[tuple[int, int]]:
    sheet = state.sheets[player]
    taken = sheet.circled | sheet.crossed
    return frozenset((s, c) for s in range(5) for c in range(5) if taken >> (s * 5 + c) & 1)


# --- The rule book's combinations, read off the dice -------------------------------------------


@cache
def singles(dice: tuple[int, ...]) -> tuple[Combo, ...]:
    """Every combination the dice make: column c takes c + 1 dice of the shelf's item, one of
    them a jolly at most, never a jolly alone; six jollies make any one item."""
    count = Counter(dice)
    if count[JOLLY] == 6:
        return tuple(Combo(s, c, six_jollies=True) for s in range(5) for c in range(5))
    found = []
    for shelf in range(5):
        have = count[ITEM_FACE[shelf]]
        for column in range(5):
            if have >= column + 1:
                found.append(Combo(shelf, column))
            if column and have >= column and count[JOLLY]:
                found.append(Combo(shelf, column, jolly=True))
    return tuple(found)


def dice_suffice(dice: tuple[int, ...], combos: tuple[Combo, ...]) -> bool:
    """The dice make every one of ``combos`` at once, each die used once."""
    if Counter(dice)[JOLLY] == 6:
        return len(combos) == 1
    needed: Counter[int] = Counter()
    for combo in combos:
        needed[ITEM_FACE[combo.shelf]] += combo.column + 1 - combo.jolly
        needed[JOLLY] += combo.jolly
    return not needed - Counter(dice)


@cache
def legal_marks(dice: tuple[int, ...], taken: frozenset[tuple[int, int]]) -> frozenset[Mark]:
    """Every set of 1 to 3 combinations on distinct free cells that the dice make together."""
    free = [c for c in singles(dice) if (c.shelf, c.column) not in taken]
    marks = set()
    for size in (1, 2, 3):
        for group in combinations(free, size):
            cells = {(c.shelf, c.column) for c in group}
            if len(cells) == size and dice_suffice(dice, group):
                marks.add(Mark(group))
    return frozenset(marks)


def mark_allowed(dice: tuple[int, ...], taken: frozenset[tuple[int, int]], mark: Mark) -> bool:
    """1 to 3 combinations the dice make, on distinct free cells, each die used once."""
    combos = mark.combos
    cells = {(c.shelf, c.column) for c in combos}
    return (
        1 <= len(combos) <= 3
        and len(cells) == len(combos)
        and not cells & taken
        and all(combo in singles(dice) for combo in combos)
        and dice_suffice(dice, combos)
    )


def can_mark(state: ShelfieState) -> bool:
    assert state.dice is not None
    taken = taken_cells(state, state.active)
    return any((c.shelf, c.column) not in taken for c in singles(state.dice))


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
        assert len(after.shown_dice) == 6
        if before.phase == Phase.REROLL:
            assert before.dice is not None
            for position in range(6):
                if not before.rerolling >> position & 1:
                    assert after.shown_dice[position] == before.shown_dice[position]
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


def check_the_end(final: ShelfieState) -> None:
    """Ruling SHELFIE_END_ROUND: two shelves filled, and everyone had the same number of turns."""
    assert final.is_terminal and final.last_round
    assert final.turn % final.num_players == 0
    assert any(full_shelves(sheet) >= 2 for sheet in final.sheets)
    best = max(final.scores())
    assert final.winners() == tuple(p for p, s in enumerate(final.scores()) if s == best)


def check_step(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
    assert isinstance(before, ShelfieState) and isinstance(after, ShelfieState)
    check_invariants(before, after, player, action)
    assert after.deciders == ((after.active,) if after.phase == Phase.DECIDE else ())
    if player is None:
        return
    assert before.dice is not None
    taken = taken_cells(before, player)
    if isinstance(action, Mark):
        assert mark_allowed(before.shown_dice, taken, action)
    elif isinstance(action, Strike):  # a failed roll: no combination on a free cell
        assert not can_mark(before)
    elif isinstance(action, Reroll):
        assert after.rerolling == sum(1 << p for p in action.positions)
    else:
        assert isinstance(action, Pass) and len(taken) == 25


def check_lean_step(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
    """The checks of a transition but the sheets' cell-by-cell ones (they cost more than the
    game): who decides, and each decision allowed by the rule book's combinations."""
    assert isinstance(before, ShelfieState) and isinstance(after, ShelfieState)
    assert after.deciders == ((after.active,) if after.phase == Phase.DECIDE else ())
    if player is not None and isinstance(action, Mark):
        assert before.dice is not None
        assert mark_allowed(before.shown_dice, taken_cells(before, player), action)
    elif player is not None and isinstance(action, Strike):
        assert not can_mark(before)


@examples(DRAWN_GAMES)
@given(data=st.data(), players=PLAYERS, seed=SEEDS)
def test_games_drawn_by_hypothesis_keep_every_rule_and_replay_from_their_records(
    data: st.DataObject, players: int, seed: int
) -> None:
    drawn_game("shelfie", players, seed, check_step, data=data, outcomes=rolls, drawn=200)


@pytest.mark.long
@pytest.mark.parametrize("players", TABLE_SIZES)
def test_seeded_games_keep_every_rule_and_replay_from_their_records(players: int) -> None:
    seen: Counter[str] = Counter()

    def count(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
        assert isinstance(before, ShelfieState) and isinstance(after, ShelfieState)
        if player is None:
            return
        seen[type(action).__name__] += 1
        seen["ended at once"] += after.is_terminal and not before.last_round
        others = (seat for seat in range(players) if seat != player)
        seen["blocking"] += any(before.sheets[o] != after.sheets[o] for o in others)

    games = SEEDED_GAMES // len(TABLE_SIZES)
    finals = play_seeded_games("shelfie", players, games, check_step, check_lean_step, watch=count)
    for final in finals:
        assert isinstance(final, ShelfieState)
        check_the_end(final)
    # Every kind of decision was exercised, and the rarer paths of the rules too.
    assert {"Mark", "Reroll", "Strike", "ended at once"} <= set(+seen)  # counts above 0
    assert players == 1 or seen["blocking"] > 0


# --- Illegal actions ---------------------------------------------------------------------------


def combo_rule(
    dice: tuple[int, ...], taken: frozenset[tuple[int, int]], combo: Combo
) -> str | None:
    """The rule one combination breaks alone, for the classic cases (None: legal, or unclear)."""
    count = Counter(dice)
    if not (0 <= combo.shelf < 5 and 0 <= combo.column < 5):
        return "shelfie.bad_action"
    if count[JOLLY] == 6:
        if not combo.six_jollies or combo.jolly:
            return "shelfie.six_jollies"
        return "shelfie.cell_taken" if (combo.shelf, combo.column) in taken else None
    if combo.six_jollies:
        return "shelfie.not_six_jollies"
    if (combo.shelf, combo.column) in taken:
        return "shelfie.cell_taken"
    if combo.jolly and not combo.column:
        return "shelfie.jolly_alone"
    need, have, jollies = combo.column + 1, count[ITEM_FACE[combo.shelf]], count[JOLLY]
    if combo.jolly:
        if have >= need - 1:
            return None if jollies else "shelfie.not_enough_dice"
        return "shelfie.one_jolly" if have > 0 and have + jollies >= need else None
    if have >= need:
        return None
    if need == 1 and jollies:
        return "shelfie.jolly_alone"
    if have + 1 < need <= have + jollies and have:
        return "shelfie.one_jolly"
    return "shelfie.not_enough_dice" if have + jollies < need else None


def mark_rule(state: ShelfieState, mark: Mark) -> str | None:
    assert state.dice is not None
    taken = taken_cells(state, state.active)
    if mark in legal_marks(state.dice, taken):
        return None
    combos = mark.combos
    if not 1 <= len(combos) <= 3:
        return "shelfie.three_at_most"
    if len(combos) == 1:
        return combo_rule(state.shown_dice, taken, combos[0])
    if not all(Mark((combo,)) in legal_marks(state.dice, taken) for combo in combos):
        return None  # several things may be wrong: the engine names the first it meets
    if len({(c.shelf, c.column) for c in combos}) < len(combos):
        return "shelfie.same_item"
    return "shelfie.dice_shared"  # each combination alone fits the dice, not all of them


def expected_rule(state: ShelfieState, player: int, action: Action) -> str | None:
    """The rule the rule book says ``action`` by ``player`` breaks now, for the classic cases
    (None: legal, or a case this oracle leaves to the engine's order of checks)."""
    if isinstance(action, Roll):
        return "shelfie.no_roll_now"
    if state.is_terminal:
        return "shelfie.game_over"
    if state.is_chance:
        return "shelfie.roll_first"
    if player != state.active:
        return "shelfie.not_your_decision"
    nothing_free = len(taken_cells(state, player)) == 25
    if isinstance(action, Pass):
        if nothing_free:
            return None
        return "shelfie.must_mark" if can_mark(state) else "shelfie.pass_when_full"
    if nothing_free:
        return "shelfie.only_pass"
    if isinstance(action, Reroll):
        if not state.rerolls_left:
            return "shelfie.no_rerolls_left"
        positions = action.positions
        valid = positions and len(set(positions)) == len(positions)
        return None if valid and all(0 <= p < 6 for p in positions) else "shelfie.bad_action"
    if isinstance(action, Strike):
        if not 0 <= action.shelf < 5:
            return "shelfie.bad_action"
        if can_mark(state):
            return "shelfie.must_mark"
        full = all((action.shelf, c) in taken_cells(state, player) for c in range(5))
        return "shelfie.strike_needs_free" if full else None
    assert isinstance(action, Mark)
    return mark_rule(state, action)


COMBOS: Final = st.builds(
    Combo,
    st.integers(min_value=-1, max_value=5),
    st.integers(min_value=-1, max_value=5),
    st.booleans(),
    st.booleans(),
)
ALL_COMBOS: Final = [
    Combo(s, c, jolly, six)
    for s in range(5)
    for c in range(5)
    for jolly in (False, True)
    for six in (False, True)
]


COLUMN_STEPS: Final = st.integers(min_value=-1, max_value=1)


def changed(mark: Mark, step: int, flip_jolly: bool) -> list[Combo]:
    """The one combination of ``mark`` a column along, its jolly flag flipped if asked."""
    (combo,) = mark.combos
    return [Combo(combo.shelf, combo.column + step, combo.jolly != flip_jolly, combo.six_jollies)]


def actions(state: ShelfieState) -> st.SearchStrategy[Action]:
    """Any My Shelfie action: marks of any combinations, rerolls of any positions, strikes."""
    in_range = st.sampled_from(ALL_COMBOS)
    legal = [Mark((combo,)) for combo in singles(state.dice)] if state.dice else []
    marks = [st.lists(in_range, min_size=1, max_size=3), st.lists(COMBOS, max_size=4)]
    if legal:  # near the legal: a legal combination with another, or changed a little
        marks.append(
            st.tuples(st.sampled_from(legal), in_range).map(lambda p: [*p[0].combos, p[1]])
        )
        marks.append(st.builds(changed, st.sampled_from(legal), COLUMN_STEPS, st.booleans()))
    mark = st.one_of(marks).map(lambda combos: Mark(tuple(combos)))
    return st.one_of(
        st.just(PASS),
        mark,
        mark,  # the marks have the most rules: they are drawn most
        mark,
        st.lists(st.integers(min_value=-1, max_value=6), max_size=7).map(
            lambda positions: Reroll(tuple(positions))
        ),
        st.builds(Strike, st.integers(min_value=-1, max_value=5)),
        st.lists(st.integers(min_value=-1, max_value=6), max_size=7).map(
            lambda faces: Roll(tuple(faces))
        ),
    )


@examples(300)
@given(data=st.data(), players=PLAYERS, seed=SEEDS, steps=st.integers(min_value=0, max_value=300))
def test_illegal_actions_are_refused_naming_the_rule_and_legal_ones_accepted(
    data: st.DataObject, players: int, seed: int, steps: int
) -> None:
    state = reach(SHELFIE.new_game(players, seed), seed, steps)
    assert isinstance(state, ShelfieState)
    if state.deciders:
        assert state.dice is not None
        legal = set(state.legal_marks(state.active))
        assert legal == legal_marks(state.dice, taken_cells(state, state.active))
    try_actions(state, data, actions, expected_rule, valid_roll, rules=list(RULES))


def valid_roll(state: ShelfieState, outcome: Action) -> bool:
    """Six faces, each a face of the die, the kept dice showing what they showed."""
    if not isinstance(outcome, Roll):
        return False
    faces = outcome.faces
    kept = [p for p in range(6) if not (state.phase == Phase.ROLL or state.rerolling >> p & 1)]
    valid = len(faces) == 6 and all(0 <= f < 6 for f in faces)
    return valid and all(
        state.shown_dice is not None and faces[p] == state.shown_dice[p] for p in kept
    )


def test_rule_not_enough_dice_a_jolly_combination_needs_a_rolled_jolly() -> None:
    """Found by the property above: with no jolly rolled, a combination using one was refused
    as dice shared by two combinations."""
    state = SHELFIE.new_game(1, 1).apply_chance(Roll((0, 0, 1, 1, 2, 3)))
    with pytest.raises(RuleError) as error:
        state.apply(0, Mark((Combo(0, 2, jolly=True),)))
    assert error.value.rule == "shelfie.not_enough_dice"
