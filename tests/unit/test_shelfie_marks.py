"""What a My Shelfie roll can mark: combinations of an item's dice, one jolly at most
(rulings SHELFIE_JOLLY, SHELFIE_SIX_JOLLIES), one to three of them, each die used once; the
legal marks and dice the engine lists for them (the dice tables), and every action it accepts
listed legal."""

from __future__ import annotations

from itertools import combinations

import pytest
from shelfie_support import (
    BOOK,
    CAT,
    GAME,
    PLANT,
    TROPHY,
    broken_mark,
    decide,
    mark,
    new_match,
    reroll_positions,
    rows,
    rule_of,
    sheet,
    state_of,
)

from dadoteca.core import RuleError
from dadoteca_games.shelfie.rules import (
    PASS,
    RULES,
    SHELFIE_JOLLY,
    SHELFIE_SIX_JOLLIES,
    UNUSED,
    CellState,
    Combo,
    Mark,
    Pass,
    Reroll,
    Sheet,
    Strike,
)

ALL_COMBOS = [
    Combo(shelf, column, jolly, six)
    for shelf in range(5)
    for column in range(5)
    for jolly, six in ((False, False), (True, False), (False, True))
]


# --- Marking -----------------------------------------------------------------------------------


def test_rule_book_giuliano_splits_his_dice_into_three_combinations() -> None:
    """The 3-point cat with three dice, the 1-point cat and the 1-point trophy, one die unused."""
    state = decide(dice_text="cat cat jolly cat trophy game")
    giuliano = mark("cat3+j", "cat1", "trophy1")
    assert giuliano in state.legal_actions(0)
    # Combinations cat1, cat3+j, trophy1 (a mark keeps them sorted); the game die is unused.
    assert state.dice_for(giuliano.combos) == (0, 1, 1, 1, 2, UNUSED)
    assert mark("cat3", "trophy1") in state.legal_actions(0)  # or without the jolly
    after = state.apply(0, giuliano).sheets[0]
    assert rows(after)[CAT] == "O.O.." and rows(after)[TROPHY] == "O...."
    assert after.circled.bit_count() == 3 and after.crossed == 0


def test_rule_one_to_three_items_a_turn() -> None:
    state = decide(dice_text="cat book plant trophy game jolly")
    assert broken_mark(state, "cat1", "book1", "plant1", "trophy1") == "shelfie.three_at_most"
    with pytest.raises(RuleError) as error:
        state.apply(0, Mark(()))
    assert rule_of(error) == "shelfie.three_at_most"
    assert all(1 <= len(m.combos) <= 3 for m in state.legal_marks(0))


def test_rule_a_die_serves_one_combination_only() -> None:
    state = decide(dice_text="cat cat book plant trophy jolly")
    assert broken_mark(state, "cat2", "cat1") == "shelfie.dice_shared"
    assert broken_mark(state, "book2+j", "plant2+j") == "shelfie.dice_shared"  # one jolly
    assert mark("cat2", "book2+j") in state.legal_actions(0)


def test_ruling_jolly_the_rule_books_valid_and_invalid_jolly_combinations() -> None:
    """Ruling SHELFIE_JOLLY: one jolly in a combination, and never a jolly alone."""
    assert "never a jolly alone" in SHELFIE_JOLLY
    state = decide(dice_text="book book jolly cat jolly plant")
    for valid in ("book3+j", "book2+j", "book2", "cat2+j", "plant2+j", "plant1", "cat1"):
        assert mark(valid) in state.legal_actions(0), valid
    assert broken_mark(state, "book4+j") == "shelfie.one_jolly"  # two books and two jollies
    assert broken_mark(state, "cat3+j") == "shelfie.one_jolly"
    assert broken_mark(state, "trophy1+j") == "shelfie.jolly_alone"
    assert broken_mark(state, "trophy1") == "shelfie.jolly_alone"  # only a jolly would make it
    assert broken_mark(state, "trophy2+j") == "shelfie.one_jolly"  # two jollies, no trophy
    assert broken_mark(state, "book3") == "shelfie.not_enough_dice"  # two books (and a jolly)
    assert broken_mark(state, "cat4+j") == "shelfie.not_enough_dice"
    combos = state.combinations(0)
    assert Combo(TROPHY, 0, jolly=True) not in combos and Combo(TROPHY, 1, jolly=True) not in combos
    assert all(not (combo.jolly and combo.column == 0) for combo in combos)


def test_not_enough_dice_names_the_item() -> None:
    with pytest.raises(RuleError) as error:
        decide(dice_text="cat cat book plant trophy game").apply(0, mark("game3"))
    assert error.value.rule == "shelfie.not_enough_dice"
    assert error.value.params == {"item": "game", "dice": 3}


def test_rule_only_free_items_are_marked_each_once() -> None:
    taken = sheet("O....", ".X...")
    state = decide(dice_text="cat cat book book plant trophy", sheet_of_player=taken)
    assert broken_mark(state, "cat1") == "shelfie.cell_taken"  # circled before
    assert broken_mark(state, "book2") == "shelfie.cell_taken"  # crossed out
    assert broken_mark(state, "plant1", "plant1") == "shelfie.same_item"
    assert broken_mark(state, "cat2", "cat2+j") == "shelfie.same_item"
    assert mark("cat2", "book1") in state.legal_actions(0)
    with pytest.raises(RuleError) as error:
        state.apply(0, mark("cat1"))
    assert error.value.params == {"item": "cat", "count": 1}


def test_ruling_six_jollies_mark_exactly_one_free_item_of_any_kind() -> None:
    assert "exactly one" in SHELFIE_SIX_JOLLIES
    taken = sheet("O....", "", "", "", "XXXXX")
    state = decide(dice_text="jolly jolly jolly jolly jolly jolly", sheet_of_player=taken)
    marks = state.legal_marks(0)
    assert len(marks) == 25 - 6
    assert all(len(m.combos) == 1 and m.combos[0].six_jollies for m in marks)
    assert mark("plant4+jjjjjj") in marks and str(mark("plant4+jjjjjj")) == "mark plant4+jjjjjj"
    assert state.combinations(0) == [m.combos[0] for m in marks]
    assert state.dice_for(mark("plant4+jjjjjj").combos) == (0,) * 6
    assert broken_mark(state, "cat1+jjjjjj") == "shelfie.cell_taken"
    assert broken_mark(state, "cat2+jjjjjj", "book1+jjjjjj") == "shelfie.six_jollies"
    assert broken_mark(state, "book2+j") == "shelfie.six_jollies"
    after = state.apply(0, mark("trophy5+jjjjjj")).sheets[0]
    assert after.cell_state(TROPHY, 4) == CellState.CIRCLED
    # Anything short of six jollies marks by the dice, not by this ruling.
    five = decide(dice_text="jolly jolly jolly jolly jolly cat")
    assert broken_mark(five, "plant4+jjjjjj") == "shelfie.not_six_jollies"


def test_a_mark_is_a_set_the_order_of_its_combinations_does_not_matter() -> None:
    state = decide(dice_text="cat cat book plant trophy jolly")
    backwards = Mark((Combo(PLANT, 0), Combo(CAT, 1)))
    assert backwards == mark("cat2", "plant1") and str(backwards) == "mark cat2 plant1"
    assert backwards in state.legal_actions(0)


def test_legal_marks_are_every_legal_set_of_combinations_once() -> None:
    """Brute force: every set of 1-3 combinations there are, asked of check, on some rolls."""
    cases = [
        ("cat book plant trophy game jolly", Sheet()),
        ("cat cat cat cat cat cat", Sheet()),
        ("book book jolly book jolly plant", sheet("", "O.O..", "X....")),
        ("game game trophy trophy jolly jolly", sheet("", "", "", ".O...", "XXO..")),
        ("jolly jolly jolly jolly jolly jolly", sheet("OOOOO", "XXXXX", "OX.X.")),
    ]
    for text, taken in cases:
        state = decide(dice_text=text, sheet_of_player=taken)
        legal = state.legal_marks(0)
        assert len(set(legal)) == len(legal)
        expected = set()
        for size in (1, 2, 3):
            for combos in combinations(ALL_COMBOS, size):
                if state.check(0, Mark(combos)) is None:
                    expected.add(Mark(combos))
        assert set(legal) == expected, text
        assert set(state.combinations(0)) == {m.combos[0] for m in legal if len(m.combos) == 1}
        for action in legal:
            owners = state.dice_for(action.combos)
            assert owners is not None
            for index, combo in enumerate(action.combos):
                assert owners.count(index) == combo.dice_needed()


def test_dice_for_says_none_when_the_dice_cannot_make_the_combinations() -> None:
    state = decide(dice_text="cat book cat jolly game game")
    assert state.dice_for([Combo(CAT, 2, jolly=True), Combo(GAME, 1)]) == (0, UNUSED, 0, 0, 1, 1)
    assert state.dice_for([Combo(CAT, 2)]) is None
    assert state.dice_for([Combo(CAT, 1, True), Combo(BOOK, 1, True)]) is None  # one jolly
    assert state.dice_for([Combo(9, 0)]) is None
    assert state_of(new_match()).dice_for([Combo(CAT, 0)]) is None


# --- Legal actions are exactly what apply accepts ----------------------------------------------


def every_action() -> list[Mark | Reroll | Strike | Pass]:
    marks = [Mark(c) for size in (1, 2, 3) for c in combinations(ALL_COMBOS, size)]
    return [*marks, *map(Reroll, reroll_positions()), *map(Strike, range(5)), PASS]


def test_apply_accepts_exactly_the_legal_actions() -> None:
    candidates = every_action()
    states = [
        decide(dice_text="cat book book jolly game trophy", rerolls=1),
        decide(dice_text="cat cat cat cat cat cat", sheet_of_player=sheet("XXXXX")),
        decide(dice_text="jolly jolly jolly jolly jolly jolly", sheet_of_player=sheet("OOOOO")),
    ]
    for state in states:
        legal = state.legal_actions(0)
        assert len(set(legal)) == len(legal)
        accepted = []
        for action in candidates:
            try:
                state.apply(0, action)
            except RuleError as error:
                assert error.rule in RULES
                continue
            accepted.append(action)
        assert set(accepted) == set(legal)
