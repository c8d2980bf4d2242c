"""My Shelfie computer players: legal and reproducible anywhere, blind to the dice to come, and
sensible where the right move is plain."""

from __future__ import annotations

import pytest
from bots_support import moments, thought_through
from shelfie_support import dice, sheet

from dadoteca.bots import LEVELS, bot_for
from dadoteca.core import seed_generator
from dadoteca_games.shelfie.appraisal import chances_of, turns_left
from dadoteca_games.shelfie.rules import (
    FACES,
    REROLLS_PER_TURN,
    SHELVES,
    UNUSED,
    Mark,
    Phase,
    Reroll,
    Sheet,
    ShelfieState,
    Strike,
)

CAT, BOOK, PLANT, TROPHY, GAME = range(5)  # shelves, in the order of SHELVES


def deciding(
    sheets: tuple[Sheet, ...],
    rolled: str,
    active: int = 0,
    rerolls_left: int = 0,
    last_round: bool = False,
) -> ShelfieState:
    return ShelfieState(
        sheets=sheets,
        generator=seed_generator(5),
        active=active,
        phase=Phase.DECIDE,
        dice=dice(rolled),
        rerolls_left=rerolls_left,
        last_round=last_round,
    )


def test_the_expert_pauses_while_it_searches_the_dice() -> None:
    state = deciding((Sheet(), Sheet()), "cat book plant trophy game jolly", rerolls_left=2)
    action, pauses = thought_through(bot_for("shelfie", "expert"), state, 0, 1)
    assert action in state.legal_actions(0)
    assert pauses > 3


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_completes_the_shelf_that_wins_the_last_turn(level: str) -> None:
    # The end is triggered (two full shelves) and seat 1 plays last, 11 points to 14: cat5, four
    # cats and the jolly, completes the cat shelf and wins 19 to 14; the jolly could make game2.
    mine = sheet("OOOO.", "X....", "XXXXX", "XXXXX", ".....")
    theirs = sheet("OOOO.", "O....", "O....", ".....", "XXXXX")
    state = deciding((theirs, mine), "cat cat cat cat jolly game", active=1, last_round=True)
    assert (mine.score(), theirs.score()) == (11, 14)
    action = bot_for("shelfie", level).decide(state, 1, 3)
    assert isinstance(action, Mark)
    assert (CAT, 4) in {(combo.shelf, combo.column) for combo in action.combos}


def test_the_expert_rerolls_for_the_die_that_completes_its_best_shelf() -> None:
    # Four cats kept, two dice rolled twice for a fifth cat or a jolly: a full cat shelf, whose
    # free cat5 the rival has too. Marking the book and plant now would be worth much less.
    mine = sheet("OOOO.", ".....", ".....", ".....", ".....")
    theirs = sheet("OOOO.", "O....", ".....", ".....", ".....")
    state = deciding((mine, theirs), "cat book cat plant cat cat", rerolls_left=2)
    action = bot_for("shelfie", "expert").decide(state, 0, 1)
    assert action == Reroll((1, 3))


@pytest.mark.parametrize(("level", "rerolls"), [("easy", 1), ("normal", 2)])
def test_easy_and_normal_reroll_the_dice_their_best_marks_leave_unused(
    level: str, rerolls: int
) -> None:
    bot = bot_for("shelfie", level)
    rerolled = 0
    for number, (state, _) in enumerate(moments("shelfie", 2, 6, 1)):
        assert isinstance(state, ShelfieState)
        if not state.rerolls_left or len(state.legal_actions(state.active)) == 1:
            continue
        action = bot.decide(state, state.active, number)
        best = bot.decide(state._replace(rerolls_left=0), state.active, number)
        if state.rerolls_left <= REROLLS_PER_TURN - rerolls:  # it has had its rerolls
            assert action == best
            continue
        if isinstance(best, Strike):
            assert action == Reroll(tuple(range(len(FACES))))
            continue
        assert isinstance(best, Mark)
        owners = state.dice_for(best.combos)
        assert owners is not None
        unused = tuple(position for position, owner in enumerate(owners) if owner == UNUSED)
        assert action == (Reroll(unused) if unused else best)
        rerolled += bool(unused)
    assert rerolled > 10


@pytest.mark.parametrize("level", LEVELS)
def test_a_failed_roll_strikes_the_shelf_with_least_to_lose(level: str) -> None:
    # Three plants and three trophies mark nothing here; crossing out the cat shelf loses one
    # cell (cat5), any other shelf two or five.
    mine = sheet("OOOO.", ".....", "OOO..", "OOO..", ".....")
    state = deciding((mine, Sheet()), "plant plant trophy trophy plant trophy")
    assert not state.legal_marks(0)
    action = bot_for("shelfie", level).decide(state, 0, 2)
    assert action == Strike(CAT)


def test_the_outlook_grows_with_the_turns_left_and_shrinks_as_sheets_fill() -> None:
    assert chances_of(0) == (0.0,) * len(SHELVES)
    assert all(a <= b for a, b in zip(chances_of(2), chances_of(6), strict=True))
    empty = turns_left([Sheet(), Sheet()])
    half = turns_left([sheet("OOOOO", "XXXXX", "O....", ".....", "....."), Sheet()])
    assert empty > half >= 0.0
