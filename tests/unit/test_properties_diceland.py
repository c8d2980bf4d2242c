"""Property tests of the Diceland rules (hypothesis): random legal games checked after every
action, record round trips, every illegal action refused naming the broken rule, and every
action tried on a random game's way accepted exactly when it is listed legal.

Games per run: 60 drawn by hypothesis + 1,000 seeded (250 per table size, 1-4 players, on
every map, random ones too): 1,060 (10,000 ran in earlier versions and found nothing more; the
suite must stay within CI's time). Who decides, the dice and the bonus rolls are checked from
the rule book; each cross cell by cell from the map (:func:`check_sheet`); which marks are legal
by a brute-force placement oracle read from the map alone.

Random players are poor at finishing a colour, so their games run about two and a half times as
long as sensible ones: median 107 rounds solo, 51 with two players, 33 with three, 25 with four
(550-840 actions a game, at most about 1,100: far below a record's limit).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Final

import pytest
from diceland_support import SMALL, sheet_with
from hypothesis import given
from hypothesis import strategies as st
from properties_support import SEEDS, drawn_game, examples, play_seeded_games, reach, try_actions

from dadoteca.core import Action, AnyState, RuleError, draw, seed_generator
from dadoteca_games.diceland.maps import (
    COLOURS,
    FIXED_MAP_IDS,
    PRIZES_TO_WIN,
    DicelandMap,
    cells_of,
    map_by_id,
)
from dadoteca_games.diceland.rules import (
    BONUS_DICE,
    CHOOSE,
    DICE,
    DICELAND,
    PASS,
    REROLL,
    RULES,
    STOP,
    Choose,
    DicelandAction,
    DicelandState,
    Mark,
    Pass,
    Phase,
    Reroll,
    Roll,
    Sheet,
    Stop,
)

DRAWN_GAMES: Final = 60
SEEDED_GAMES: Final = 1_000
PLAYERS: Final = st.integers(min_value=1, max_value=4)
TABLE_SIZES: Final = range(1, 5)
# Maps A-H, and a few random ones (a map is made once per game, its tables once per run).
MAP_CHOICES: Final = [*FIXED_MAP_IDS, "R0", "R2026", "R4294967295"]
MAP_IDS: Final = st.sampled_from(MAP_CHOICES)
COLOUR: Final = st.integers(min_value=0, max_value=len(COLOURS) - 1)


def maps_option(maps: list[str]) -> dict[str, str]:
    return {"maps": ",".join(maps)}


def players_maps(players: int) -> st.SearchStrategy[list[str]]:
    return st.lists(MAP_IDS, min_size=players, max_size=players)


def dice_to_roll(state: DicelandState) -> int:
    """6 dice for a turn's first roll, the ones not set aside for a reroll, 5 for a bonus roll."""
    if state.phase == Phase.ROLL:
        return DICE
    if state.phase == Phase.REROLL:
        return DICE - state.set_aside
    assert state.phase == Phase.BONUS_ROLL
    return BONUS_DICE


def rolls(state: AnyState) -> st.SearchStrategy[Action]:
    assert isinstance(state, DicelandState)
    count = dice_to_roll(state)
    return st.lists(COLOUR, min_size=count, max_size=count).map(lambda faces: Roll(tuple(faces)))


def prizes(sheet: Sheet) -> int:
    return (sheet.crossed & sheet.map.prize_mask).bit_count()


def check_next(before: DicelandState, after: DicelandState, bonus: list[int]) -> None:
    """After phase 2 or a bonus roll: the next bonus roll clockwise from the active player, a
    player owed several taking them at once; else the next player's turn."""
    players = before.num_players
    assert list(after.bonus) == bonus and min(bonus) >= 0
    owed = [p for p in ((before.active + step) % players for step in range(players)) if bonus[p]]
    assert after.active == before.active or not owed
    if owed:
        assert after.phase == Phase.BONUS_ROLL and after.bonus_player == owed[0]
    else:
        assert after.phase == Phase.ROLL and after.turn == before.turn + 1
        assert after.active == (before.active + 1) % players


def deciders_by_the_rules(state: DicelandState) -> tuple[int, ...]:
    """Phase 1 is the active player's; phase 2 everyone's who has not decided; a bonus roll its
    player's; nobody's while dice are to be rolled."""
    phase = state.phase
    if phase == Phase.MARK:
        return tuple(p for p, decision in enumerate(state.pending) if decision is None)
    if phase == Phase.BONUS:
        return (state.bonus_player,)
    if phase in (Phase.CHOOSE, Phase.STOP_OR_REROLL):
        return (state.active,)
    return ()


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
        return before.shown_dice.count(colour)
    if player == before.active:
        return before.set_aside
    return before.shown_dice.count(colour)


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
        others = len(after.shown_dice) - after.shown_dice.count(after.chosen)
        assert after.set_aside + others == DICE and 1 <= after.set_aside <= DICE
    if after.phase in (Phase.BONUS_ROLL, Phase.BONUS):
        assert after.bonus[after.bonus_player] > 0
        assert after.bonus_queue[0] == after.bonus_player
    if after.phase == Phase.BONUS:
        assert len(after.shown_dice) == BONUS_DICE and after.chosen == -1


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


def check_step(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
    """Every check of a transition."""
    assert isinstance(before, DicelandState) and isinstance(after, DicelandState)
    check_transition(before, after, player, action)  # each cross where the rules allow
    if after.is_terminal:
        check_the_end(after)
    check_turn(before, after, player, action)


def check_lean_step(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
    """The checks that cost less than the game: the crosses only grow, by the marks decided, one
    per die; the goal; who decides. (Where crosses lie, the dice, the bonus rolls and the turn
    order are checked in the thorough games.)"""
    assert isinstance(before, DicelandState) and isinstance(after, DicelandState)
    if (after.sheets is not before.sheets and after.sheets != before.sheets) or after.is_terminal:
        for seat, (old, new) in enumerate(zip(before.sheets, after.sheets, strict=True)):
            if new.crossed != old.crossed:
                decision = action if seat == player else before.pending[seat]
                assert isinstance(decision, Mark) and old.crossed & ~new.crossed == 0
                assert new.crossed & ~old.crossed == sum(1 << cell for cell in decision.cells)
                count = usable_dice(before, seat).get(decision.colour)
                assert len(decision.cells) == count
        assert after.scores() == tuple(prizes(sheet) for sheet in after.sheets)
        assert after.is_terminal == any(met_the_goal(sheet) for sheet in after.sheets)
    assert after.deciders == deciders_by_the_rules(after)


def check_turn(
    before: DicelandState, after: DicelandState, player: int | None, action: Action
) -> None:
    """Who decides, the dice, the bonus rolls owed, whose turn is next."""
    if after.is_terminal:
        winners = tuple(p for p, sheet in enumerate(after.sheets) if met_the_goal(sheet))
        assert after.winners() == winners and winners
        return
    phase = after.phase
    assert after.deciders == deciders_by_the_rules(after)
    if player is None:  # dice: as many as the rules roll, each a colour
        assert isinstance(action, Roll) and len(action.faces) == dice_to_roll(before)
        assert after.dice == action.faces and after.active == before.active
        if before.phase == Phase.ROLL:
            assert phase == Phase.CHOOSE
        elif before.phase == Phase.BONUS_ROLL:
            assert phase == Phase.BONUS and after.bonus_player == before.bonus_player
        else:  # a reroll sets aside every die of the chosen colour; none of it ends the rolling
            chosen = action.faces.count(before.chosen)
            assert after.set_aside == before.set_aside + chosen
            ends = chosen == 0 or after.set_aside == DICE
            assert phase == (Phase.MARK if ends else Phase.STOP_OR_REROLL)
        return
    if isinstance(action, Choose):
        count = before.shown_dice.count(action.colour)
        assert count > 0 and after.chosen == action.colour and after.set_aside == count
        assert phase == (Phase.MARK if count == DICE else Phase.STOP_OR_REROLL)
    elif isinstance(action, Stop):
        assert phase == Phase.MARK and after.deciders == tuple(range(before.num_players))
    elif isinstance(action, Reroll):
        assert phase == Phase.REROLL and after.set_aside == before.set_aside < DICE
    elif before.phase == Phase.MARK:
        if phase == Phase.MARK:  # decisions wait until everyone has made one
            assert after.sheets == before.sheets
            return
        # Everyone decided: each prize crossed earns a bonus roll.
        bonus = [
            owed + prizes(new) - prizes(old)
            for owed, old, new in zip(before.bonus, before.sheets, after.sheets, strict=True)
        ]
        check_next(before, after, bonus)
    else:  # a bonus roll used: one roll fewer owed, one more per prize it crossed
        assert before.phase == Phase.BONUS and player == before.bonus_player
        bonus = list(before.bonus)
        bonus[player] += prizes(after.sheets[player]) - prizes(before.sheets[player]) - 1
        check_next(before, after, bonus)


@examples(DRAWN_GAMES)
@given(data=st.data(), players=PLAYERS, seed=SEEDS)
def test_games_drawn_by_hypothesis_keep_every_rule_and_replay_from_their_records(
    data: st.DataObject, players: int, seed: int
) -> None:
    maps = data.draw(players_maps(players), label="maps")
    options = maps_option(maps)
    drawn_game(
        "diceland", players, seed, check_step, data=data, outcomes=rolls, drawn=300, options=options
    )


def seeded_maps(seed: int, players: int) -> dict[str, str]:
    """Each seat's map follows the seed: one seed, one set of games."""
    generator = seed_generator(seed)
    maps = []
    for _ in range(players):
        generator, value = draw(generator)
        maps.append(MAP_CHOICES[value % len(MAP_CHOICES)])
    return maps_option(maps)


@pytest.mark.long
@pytest.mark.parametrize("players", TABLE_SIZES)
def test_seeded_games_keep_every_rule_and_replay_from_their_records(players: int) -> None:
    bonus_chains = 0

    def count_chains(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
        nonlocal bonus_chains
        assert isinstance(before, DicelandState) and isinstance(after, DicelandState)
        bonus_chains += (  # a prize crossed in a bonus roll earned the next one
            before.phase == Phase.BONUS
            and after.phase == Phase.BONUS_ROLL
            and after.bonus_player == before.bonus_player
        )

    games = SEEDED_GAMES // len(TABLE_SIZES)
    finals = play_seeded_games(
        "diceland",
        players,
        games,
        check_step,
        check_lean_step,
        options=seeded_maps,
        watch=count_chains,
    )
    diceland_finals = [final for final in finals if isinstance(final, DicelandState)]
    assert len(diceland_finals) == len(finals)
    assert min(final.round for final in diceland_finals) >= 5  # ended by the rules, not the loop
    assert bonus_chains > 0
    if players > 1:  # several players won together at least once
        assert any(len(final.winners()) > 1 for final in diceland_finals)


# --- Legal marks, by brute force from the map ------------------------------------------------


def touching_cells(m: DicelandMap, mask: int) -> int:
    around = 0
    for cell in cells_of(mask):
        around |= m.neighbours[cell]
    return around


def grows_from(m: DicelandMap, crossed: int, cells: int) -> bool:
    """Every cell of ``cells`` is linked to ``crossed`` through cells of ``cells``."""
    reached = 0
    while True:
        grown = cells & ~reached & touching_cells(m, crossed | reached)
        if not grown:
            return reached == cells
        reached |= grown


def open_area(m: DicelandMap, crossed: int, colour: int) -> int | None:
    for area in m.colour_areas[colour]:
        if 0 < (crossed & m.area_masks[area]).bit_count() < m.area_size[area]:
            return area
    return None


@cache  # sheets repeat from one decision to the next
def placements(sheet: Sheet, colour: int, count: int) -> frozenset[Mark]:
    """Every legal way to cross ``count`` cells of ``colour``: all in the colour's open area, or
    if none is open in one new area; each new cross touching a cross, old or of the same action;
    no area with fewer free cells than dice."""
    m, crossed = sheet.map, sheet.crossed
    area = open_area(m, crossed, colour)
    areas = m.colour_areas[colour] if area is None else (area,)
    marks = set()
    for area in areas:
        free = [cell for cell in m.area_cells(area) if not crossed >> cell & 1]
        for cells in combinations(free, count):
            if grows_from(m, crossed, sum(1 << cell for cell in cells)):
                marks.add(Mark(colour, cells))
    return frozenset(marks)


def usable_dice(state: DicelandState, player: int) -> dict[int, int]:
    """Per colour, the dice a mark of ``player``'s must use now: the active player's set-aside
    dice in phase 2, the others' leftover dice of one colour, a bonus roll's dice."""
    dice = state.shown_dice
    if state.phase == Phase.BONUS:
        return {colour: dice.count(colour) for colour in set(dice)}
    if player == state.active:
        return {state.chosen: state.set_aside}
    return {colour: dice.count(colour) for colour in set(dice) if colour != state.chosen}


def check_legal_marks(state: DicelandState) -> None:
    """A decider's legal actions are exactly the placements of the dice they may use, with a
    pass for everyone but the active player in phase 2 — and for them, when nothing fits."""
    if state.phase not in (Phase.MARK, Phase.BONUS):
        return
    for player in state.deciders:
        sheet = state.sheets[player]
        marks = set().union(
            *(placements(sheet, c, count) for c, count in usable_dice(state, player).items())
        )
        must_mark = state.phase == Phase.MARK and player == state.active
        expected: set[Action] = set(marks) if must_mark and marks else {PASS, *marks}
        assert set(state.legal_actions(player)) == expected


# --- Illegal actions ---------------------------------------------------------------------------


def cell_rule(m: DicelandMap, crossed: int, colour: int, cell: int) -> str | None:
    """What is wrong with crossing ``cell`` for ``colour``, the cell alone considered."""
    if not 0 <= cell < m.cell_count:
        return "diceland.not_a_cell"
    if m.obstacle_mask >> cell & 1:
        return "diceland.obstacle"
    if crossed >> cell & 1:
        return "diceland.crossed"
    if m.colours[cell] != colour:
        return "diceland.wrong_colour"
    return None


def mark_rule(state: DicelandState, player: int, mark: Mark) -> str | None:
    """The rule a mark by the deciding ``player`` breaks, for the classic cases."""
    if not 0 <= mark.colour < len(COLOURS):
        return "diceland.bad_action"
    count = usable_dice(state, player).get(mark.colour, 0)
    if not count:
        active_in_phase2 = state.phase == Phase.MARK and player == state.active
        return "diceland.chosen_colour" if active_in_phase2 else "diceland.colour_not_shown"
    sheet = state.sheets[player]
    m, crossed = sheet.map, sheet.crossed
    problems = [cell_rule(m, crossed, mark.colour, cell) for cell in mark.cells]
    if len(mark.cells) == 1:
        if problems[0] is not None:
            return problems[0]
    elif any(problems) or len(set(mark.cells)) != len(mark.cells) or not mark.cells:
        return None  # several things wrong: the engine names the first it meets
    areas = {m.areas[cell] for cell in mark.cells}
    if len(areas) > 1:
        return "diceland.one_area"
    (area,) = areas
    if open_area(m, crossed, mark.colour) not in (None, area):
        return "diceland.wrong_area"
    if count > m.area_size[area] - (crossed & m.area_masks[area]).bit_count():
        return "diceland.excess_dice"
    if not grows_from(m, crossed, sum(1 << cell for cell in mark.cells)):
        return "diceland.not_touching"
    if len(mark.cells) != count:
        return "diceland.wrong_count"
    return None


def expected_rule(state: DicelandState, player: int, action: Action) -> str | None:
    """The rule the rule book says ``action`` by ``player`` breaks now, for the classic cases
    (None: legal, or a case this oracle leaves to the engine's order of checks)."""
    if isinstance(action, Roll):
        return "diceland.no_roll_now"
    if state.is_terminal:
        return "diceland.game_over"
    if state.is_chance:
        return "diceland.roll_first"
    phase = state.phase
    if phase == Phase.MARK:
        if not 0 <= player < state.num_players:
            return "diceland.not_your_decision"
        if state.pending[player] is not None:
            return "diceland.already_decided"
    elif player != (state.bonus_player if phase == Phase.BONUS else state.active):
        return "diceland.not_your_decision"
    if phase == Phase.CHOOSE:
        if not isinstance(action, Choose):
            return "diceland.choose_first"
        if not 0 <= action.colour < len(COLOURS):
            return "diceland.bad_action"
        return None if action.colour in state.shown_dice else "diceland.colour_not_shown"
    if phase == Phase.STOP_OR_REROLL:
        return None if isinstance(action, Stop | Reroll) else "diceland.stop_or_reroll"
    if isinstance(action, Pass):
        must = phase == Phase.MARK and player == state.active
        can = placements(state.sheets[player], state.chosen, state.set_aside)
        return "diceland.must_mark" if must and can else None
    if isinstance(action, Mark):
        return mark_rule(state, player, action)
    return "diceland.mark_or_pass"


def marks_near(state: DicelandState) -> st.SearchStrategy[Mark]:
    """Marks a cell or a colour away from the legal ones, and cells anywhere on the map."""
    sheet = state.sheets[0]
    cells = st.integers(min_value=-1, max_value=sheet.map.cell_count)
    anywhere = st.builds(
        Mark,
        st.integers(min_value=-1, max_value=len(COLOURS)),
        st.lists(cells, min_size=0, max_size=7).map(tuple),
    )
    legal = [a for p in state.deciders for a in state.legal_actions(p) if isinstance(a, Mark)]
    if not legal:
        return anywhere

    def changed(mark: Mark, colour: int, drop: int, add: tuple[int, ...]) -> Mark:
        kept = mark.cells[:drop] + mark.cells[drop + 1 :] if drop < len(mark.cells) else mark.cells
        return Mark(colour, tuple(sorted({*kept, *add})))

    near = st.builds(
        changed,
        st.sampled_from(legal),
        COLOUR,
        st.integers(min_value=0, max_value=DICE),
        st.lists(cells, max_size=2).map(tuple),
    )
    return st.one_of(anywhere, near, near.map(lambda mark: Mark(mark.colour, mark.cells[:1])))


def actions(state: DicelandState) -> st.SearchStrategy[Action]:
    """Any Diceland action: the words, choices of any colour, marks, rolls."""
    return st.one_of(
        st.sampled_from([PASS, STOP, REROLL, *CHOOSE]),
        st.builds(Choose, st.integers(min_value=-1, max_value=len(COLOURS))),
        marks_near(state),
        st.lists(st.integers(min_value=-1, max_value=6), max_size=7).map(
            lambda faces: Roll(tuple(faces))
        ),
    )


@examples(300)
@given(
    data=st.data(),
    players=PLAYERS,
    seed=SEEDS,
    steps=st.integers(min_value=0, max_value=1_000),
)
def test_illegal_actions_are_refused_naming_the_rule_and_legal_ones_accepted(
    data: st.DataObject, players: int, seed: int, steps: int
) -> None:
    maps = data.draw(players_maps(players), label="maps")
    state = reach(DICELAND.new_game(players, seed, maps_option(maps)), seed, steps)
    assert isinstance(state, DicelandState)
    check_legal_marks(state)
    try_actions(state, data, actions, expected_rule, valid_roll, rules=list(RULES))


def valid_roll(state: DicelandState, outcome: Action) -> bool:
    """As many dice as are to be rolled now, each showing a colour."""
    return (
        isinstance(outcome, Roll)
        and len(outcome.faces) == dice_to_roll(state)
        and all(0 <= face < len(COLOURS) for face in outcome.faces)
    )


def test_a_mark_is_a_set_of_cells_whatever_their_order() -> None:
    """Found by the property above: a legal mark's cells in another order raised an
    AssertionError instead of being accepted (the legal marks list their cells ascending)."""
    mark = Mark(0, (9, 3, 5))
    assert mark == Mark(0, (3, 5, 9)) and str(mark) == "mark red 3 5 9"
    assert Mark(0, (4, 4)).cells == (4, 4)  # a cell named twice stays named twice
    state = reach(DICELAND.new_game(2, 7), 7, 40)
    for seed in range(200):
        state = reach(state, seed, 1)
        marks = [a for p in state.deciders for a in state.legal_actions(p) if isinstance(a, Mark)]
        if any(len(mark.cells) > 1 for mark in marks):
            break
    player = next(p for p in state.deciders for a in state.legal_actions(p) if a in marks)
    mark = next(a for a in state.legal_actions(player) if a in marks and len(a.cells) > 1)
    assert state.apply(player, Mark(mark.colour, mark.cells[::-1])) == state.apply(player, mark)


# --- Legal actions are exactly the accepted ones -----------------------------------------------


def candidate_actions(state: DicelandState, player: int) -> list[DicelandAction]:
    """Every action worth trying: all word actions, every set of cells within an area in its
    colour and in another, and sets across areas."""
    m = state.map(player)
    actions: list[DicelandAction] = [PASS, STOP, REROLL, *CHOOSE]
    for area in range(len(m.area_first)):
        cells = m.area_cells(area)
        colour = m.area_colours[area]
        for subset in range(1, 1 << len(cells)):
            chosen = tuple(cell for i, cell in enumerate(cells) if subset >> i & 1)
            actions.append(Mark(colour, chosen))
        actions.append(Mark((colour + 1) % 6, cells[:1]))
        if area:
            actions.append(Mark(colour, (m.area_first[area - 1], cells[0])))
    return actions


@pytest.mark.parametrize(
    ("m", "steps"), [(SMALL, 300), (map_by_id("A"), 120)], ids=["small map", "map A"]
)
def test_legal_actions_are_exactly_the_actions_apply_accepts(m: DicelandMap, steps: int) -> None:
    """Through a random game: every candidate action is accepted iff it is listed as legal."""
    checked = 0

    def check_candidates(state: AnyState) -> None:
        nonlocal checked
        assert isinstance(state, DicelandState)
        for player in range(2):
            legal = state.legal_actions(player)
            assert len(set(legal)) == len(legal)
            for action in candidate_actions(state, player):
                try:
                    state.apply(player, action)
                except RuleError:
                    assert action not in legal, (state.phase, player, action)
                else:
                    assert action in legal, (state.phase, player, action)
                checked += 1

    start = DicelandState((sheet_with(m), sheet_with(m)), seed_generator(11), bonus=(0, 0))
    reach(start, 3, steps, check_candidates)
    assert checked > 10_000
