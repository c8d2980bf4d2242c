"""Sheets only: the table rolls its own dice and tells the app nothing; the rules check the
sheets (CPython). The screens of each game have their own tests (test_sheets_only_*.py)."""

from __future__ import annotations

import json
import random
from typing import Final

import pytest
from app_support import new_app
from hypothesis import given
from properties_support import SEEDS, examples

from dadoteca.commands import Answer
from dadoteca.core import PASS, UNSEEN, Action, AnyState, RuleError, Unseen
from dadoteca.games import GAMES, get_game
from dadoteca.match import Match, Seat
from dadoteca_games.diceland.rules import DICELAND, DicelandState
from dadoteca_games.diceland.rules import Mark as DicelandMark
from dadoteca_games.diceland.rules import Phase as DicelandPhase
from dadoteca_games.qwixx.rules import QWIXX, Cross, QwixxState, Sheet
from dadoteca_games.qwixx.rules import Phase as QwixxPhase
from dadoteca_games.qwixx.variants import VARIANTS
from dadoteca_games.shelfie.rules import SHELFIE, Combo, Reroll, ShelfieState, Strike
from dadoteca_games.shelfie.rules import Mark as ShelfieMark
from dadoteca_web.app import App
from dadoteca_web.history import History
from dadoteca_web.storage import SAVE_KEY, GameStore, MemoryStore

GAME_IDS: Final = sorted(GAMES)


def people(count: int) -> list[Seat]:
    return [Seat(f"P{n}") for n in range(count)]


def sheets_match(
    game: str, players: int = 3, seed: int = 5, options: dict[str, str] | None = None
) -> Match:
    return Match(get_game(game), people(players), seed, options, dice="sheets")


def some_illegal(state: AnyState, player: int, rng: random.Random) -> list[Action]:
    """Actions of ``player``'s kind that may or may not be legal: the check must agree with the
    legal list on each."""
    if isinstance(state, QwixxState):
        return [Cross(row, number) for row in range(4) for number in range(2, 13)]
    if isinstance(state, DicelandState):
        m = state.map(player)
        colour = rng.randrange(6)
        cells = [c for c in range(m.cell_count) if m.colours[c] == colour]
        return [
            DicelandMark(colour, tuple(rng.sample(cells, rng.randint(1, min(7, len(cells))))))
            for _ in range(12)
        ]
    assert isinstance(state, ShelfieState)
    singles = [Combo(shelf, column) for shelf in range(5) for column in range(5)]
    marks: list[Action] = [ShelfieMark(tuple(rng.sample(singles, rng.randint(1, 4))))]
    marks += [ShelfieMark(tuple(rng.sample(singles, rng.randint(1, 3)))) for _ in range(12)]
    return [*marks, *(Strike(shelf) for shelf in range(5)), Reroll((0,)), PASS]


def play_unseen(game: str, players: int, seed: int, options: dict[str, str] | None = None) -> Match:
    """A whole sheets-only game of random decisions, the check agreeing with the legal list on
    every decision's legal actions and on a sample of others."""
    match = sheets_match(game, players, seed, options)
    rng = random.Random(seed)
    while not match.state.is_terminal:
        state = match.state
        if state.is_chance:
            match.roll()
            assert match.actions[-1] == (None, UNSEEN)
            continue
        player = rng.choice(state.deciders)
        legal = state.legal_actions(player)
        assert legal
        for action in rng.sample(legal, min(len(legal), 8)):
            assert state.check(player, action) is None, action
        for action in some_illegal(state, player, rng):
            error = state.check(player, action)
            assert (error is None) == (action in legal), (action, error)
            assert error is None or error.rule.startswith(f"{game}.")
        match.play(player, rng.choice(legal))
    return match


@pytest.mark.parametrize("game", GAME_IDS)
@examples(12)
@given(seed=SEEDS)
def test_a_sheets_only_game_checks_only_the_sheets_and_replays_from_its_record(
    game: str, seed: int
) -> None:
    match = play_unseen(game, 3, seed)
    rolls = [action for player, action in match.actions if player is None]
    assert rolls and all(isinstance(roll, Unseen) for roll in rolls)
    record = json.loads(json.dumps(match.record()))
    assert record["dice"] == "sheets"
    assert all(text == "roll unseen" for seat, text in record["actions"] if seat is None)
    replayed = Match.from_record(record)
    assert replayed.state == match.state and replayed.dice == "sheets"
    assert replayed.state.outcome == match.state.outcome is not None


@pytest.mark.parametrize("variant", [variant.id for variant in VARIANTS])
@examples(6)
@given(seed=SEEDS)
def test_every_qwixx_pad_plays_with_sheets_only_and_replays_from_its_record(
    variant: str, seed: int
) -> None:
    match = play_unseen("qwixx", 3, seed, {"variant": variant})
    record = json.loads(json.dumps(match.record()))
    assert record["dice"] == "sheets" and record["options"] == {"variant": variant}
    replayed = Match.from_record(record)
    assert replayed.state == match.state and replayed.state.outcome is not None


# --- What each game still checks ---------------------------------------------------------------


def qwixx_unseen(sheets: tuple[Sheet, ...], active: int = 0) -> QwixxState:
    state = QWIXX.new_game(len(sheets), 1)._replace(sheets=sheets, active=active)
    return state.apply_chance(UNSEEN)


def test_qwixx_unseen_any_number_the_sheet_allows_in_either_action() -> None:
    state = qwixx_unseen((Sheet(), Sheet()))
    assert state.phase == QwixxPhase.ACTION1 and not state.dice_seen
    # Any number in any row, not just a white sum; both players, different numbers.
    state = state.apply(0, Cross(0, 9)).apply(1, Cross(3, 4))
    assert state.sheets[0].crossed_numbers(0) == (9,)
    assert state.sheets[1].crossed_numbers(3) == (4,)
    # Action 2: the same row, further right, whatever the dice.
    assert state.check(0, Cross(0, 8)).rule == "qwixx.left_to_right"  # type: ignore[union-attr]
    assert state.check(0, Cross(0, 12)).rule == "qwixx.five_before_last"  # type: ignore[union-attr]
    state = state.apply(0, Cross(0, 11))
    assert state.sheets[0].crossed_numbers(0) == (9, 11) and state.active == 1


def test_qwixx_unseen_still_counts_penalties_locks_and_the_end() -> None:
    five = Sheet((0b11111, 0, 0, 0), 3)  # red 2-6 crossed, three penalties
    state = qwixx_unseen((five, Sheet()))
    state = state.apply(0, PASS).apply(1, PASS).apply(0, PASS)
    assert state.is_terminal and state.outcome is not None
    assert state.outcome.termination == "qwixx.four_penalties"
    # Locking closes the row for everyone, as ever.
    state = qwixx_unseen((five, Sheet()))
    state = state.apply(0, Cross(0, 12)).apply(1, PASS)
    assert state.is_closed(0)
    state = state.apply(0, PASS)  # crossed in action 1: no penalty
    assert state.sheets[0].penalties == 3
    state = state.apply_chance(UNSEEN)
    assert state.check(1, Cross(0, 2)).rule == "qwixx.row_locked"  # type: ignore[union-attr]


def test_diceland_unseen_skips_the_rolling_and_caps_the_cells_at_the_dice() -> None:
    state = DICELAND.new_game(2, 3).apply_chance(UNSEEN)
    assert state.phase == DicelandPhase.MARK and state.deciders == (0, 1)
    assert state.rolling_ended is None and state.last_roll() == ()
    assert state.usable_dice(0) == (6,) * 6 and state.usable_dice(1) == (5,) * 6
    # The active player may pass: only the table knows whether a mark was possible.
    assert state.check(0, PASS) is None
    marks = [a for a in state.legal_actions(1) if isinstance(a, DicelandMark)]
    assert {len(mark.cells) for mark in marks} <= set(range(1, 6))
    assert len({mark.colour for mark in marks}) > 1  # any colour: the dice are not known
    # Adjacency and areas still hold; more cells than dice are refused in words.
    m = state.map(1)
    far = max(
        (cell for cell in range(m.cell_count) if m.colours[cell] >= 0),
        key=lambda cell: abs(cell - m.start),
    )
    error = state.check(1, DicelandMark(m.colours[far], (far,)))
    assert error is not None and error.rule in {"diceland.not_touching", "diceland.wrong_area"}
    six = DicelandMark(0, tuple(range(6)))
    assert state.check(1, six).rule == "diceland.unseen_count"  # type: ignore[union-attr]
    assert state.check(1, DicelandMark(0, ())).rule == "diceland.mark_or_pass"  # type: ignore[union-attr]


def test_diceland_unseen_bonus_rolls_follow_prizes() -> None:
    match = sheets_match("diceland", 2, 7)
    rng = random.Random(2)
    while not match.state.is_terminal:
        state = match.state
        assert isinstance(state, DicelandState)
        if state.is_chance:
            bonus = state.phase == DicelandPhase.BONUS_ROLL
            after = match.roll()
            assert isinstance(after, DicelandState)
            if bonus:
                assert after.phase == DicelandPhase.BONUS
                assert after.usable_dice(after.bonus_player) == (5,) * 6
                return
            continue
        player = state.deciders[0]
        marks = [a for a in state.legal_actions(player) if isinstance(a, DicelandMark)]
        prized = [a for a in marks if any(state.map(player).prize_mask >> c & 1 for c in a.cells)]
        choices: list[Action] = [*prized, *marks, PASS]
        match.play(player, choices[0] if rng.random() < 0.9 else PASS)
    pytest.fail("no bonus roll in a whole game")


def shelfie_unseen(circled: int = 0, crossed: int = 0) -> ShelfieState:
    state = SHELFIE.new_game(2, 1).apply_chance(UNSEEN)
    sheets = (state.sheets[0]._replace(circled=circled, crossed=crossed), state.sheets[1])
    return state._replace(sheets=sheets)


def test_my_shelfie_unseen_circles_any_free_items_up_to_six_dice() -> None:
    state = shelfie_unseen()
    assert state.rerolls_left == 0 and state.dice_for([Combo(0, 0)]) is None
    ok = ShelfieMark((Combo(0, 4), Combo(1, 0)))  # 5 + 1 dice
    assert state.check(0, ok) is None
    seven = ShelfieMark((Combo(0, 4), Combo(1, 1)))  # 5 + 2 dice
    assert state.check(0, seven).rule == "shelfie.six_dice"  # type: ignore[union-attr]
    four = ShelfieMark(tuple(Combo(shelf, 0) for shelf in range(4)))
    assert state.check(0, four).rule == "shelfie.three_at_most"  # type: ignore[union-attr]
    jolly = ShelfieMark((Combo(0, 2, jolly=True),))
    assert state.check(0, jolly) is not None  # no jolly can be told apart in unseen dice
    assert state.check(0, Reroll((0, 1))).rule == "shelfie.reroll_at_table"  # type: ignore[union-attr]
    # Striking is the table's call: open although items are free; passing is not.
    assert state.check(0, Strike(2)) is None
    assert state.check(0, PASS).rule == "shelfie.pass_when_full"  # type: ignore[union-attr]
    # Circled and crossed-out cells stay taken.
    taken = shelfie_unseen(circled=1)
    assert taken.check(0, ShelfieMark((Combo(0, 0),))).rule == "shelfie.cell_taken"  # type: ignore[union-attr]


def test_my_shelfie_unseen_blocking_crosses_out_the_others_line() -> None:
    cat_line = 0b1111  # the cat shelf, columns 1-4 circled
    state = shelfie_unseen(circled=cat_line)
    after = state.apply(0, ShelfieMark((Combo(0, 4),)))
    assert after.sheets[1].crossed & 0b11111 == 0b11111
    assert after.active == 1 and after.is_chance  # the turn passed, as after any mark


# --- The match keeps seen and unseen rolls apart ------------------------------------------------


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_sheets_only_match_takes_no_dice_and_an_other_no_unseen_roll(game: str) -> None:
    match = sheets_match(game)
    seen = get_game(game).new_game(3, 5).roll()
    with pytest.raises(RuleError) as refused:
        match.roll(seen)
    assert refused.value.rule == "record.sheets_only" and match.actions == []
    rolled = Match(get_game(game), people(3), 5, dice="real")
    with pytest.raises(RuleError) as refused:
        rolled.roll(UNSEEN)
    assert refused.value.rule == "record.dice_unseen" and rolled.actions == []
    # A record that mixes them is refused naming the action, however it was written.
    record = match.record()
    record["actions"] = [[None, str(seen)]]
    with pytest.raises(RuleError) as refused:
        Match.from_record(record)
    assert refused.value.rule == "record.bad_action"
    record = {**Match(get_game(game), people(3), 5).record(), "actions": [[None, "roll unseen"]]}
    with pytest.raises(RuleError):
        Match.from_record(record)


def test_computers_cannot_sit_at_a_sheets_only_table() -> None:
    with pytest.raises(RuleError) as refused:
        Match(QWIXX, [Seat("Ann"), Seat("Bot", "bot:easy")], 1, dice="sheets")
    assert refused.value.rule == "record.computer_needs_dice"
    app = new_app()
    app.start(["Ann", ""], 5, dice="sheets", choices=[{}, {"player": "easy"}])
    assert app.match is None and "computer player needs to see the dice" in app.notice


# --- The app: no roll to tap, and a move's roll goes with it -------------------------------------


def qwixx_of(app: App) -> QwixxState:
    assert isinstance(app.state, QwixxState)
    return app.state


def test_the_app_rolls_nothing_the_table_rolls_unseen_at_once() -> None:
    store = MemoryStore()
    app = new_app(store)
    app.start(["Ann", "Bo", "Cy"], 5, game="qwixx", dice="sheets")
    assert app.match is not None and app.match.actions == [(None, UNSEEN)]
    assert app.state.deciders == (0, 1, 2)
    app.handle("cell", {"seat": "1", "row": "0", "number": "7"})
    app.handle("done", {})  # Cy crosses nothing; Ann, who rolled, answers for herself
    assert app.answers == {1: Cross(0, 7), 2: PASS}
    app.handle("answer", {"player": "0", "row": "none"})
    app.handle("pass", {})  # Ann's second action: nothing crossed at all, a penalty
    assert qwixx_of(app).sheets[0].penalties == 1
    assert app.match.actions[-1] == (None, UNSEEN) and qwixx_of(app).active == 1
    # Undo takes back Ann's move and the roll that came with it; Redo plays both again.
    app.handle("take-back", {})
    assert qwixx_of(app).phase == QwixxPhase.ACTION2 and qwixx_of(app).sheets[0].penalties == 0
    app.handle("redo", {})
    assert qwixx_of(app).active == 1 and app.match.actions[-1] == (None, UNSEEN)
    # Reloaded, the game is the same, and still one the table rolls unseen.
    again = new_app(store)
    assert again.match is not None and again.match.dice == "sheets"
    assert again.state == app.state


class SavesWatched(MemoryStore):
    """A store that keeps every save of the game, as a window watching would read them."""

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[str] = []

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        super().setItem(key, value)
        if key == SAVE_KEY:
            self.saves.append(value)


def test_every_save_holds_the_roll_with_the_move_so_no_window_sees_a_roll_to_make() -> None:
    store = SavesWatched()
    app = new_app(store)
    app.start(["Ann", "Bo"], 5, game="diceland", dice="sheets")
    rng = random.Random(4)
    for _ in range(12):
        state = app.state
        player = state.deciders[0]
        app.play([Answer(player, rng.choice(state.legal_actions(player)))])
    assert len(store.saves) > 12
    for save in store.saves:
        saved = Match.from_record(json.loads(save))
        assert not saved.state.is_chance


def test_a_save_cut_between_a_move_and_its_roll_rolls_on_when_loaded() -> None:
    store = MemoryStore()
    match = sheets_match("shelfie", 2)
    match.roll()
    match.play(0, Strike(0))  # the roll after it never saved
    GameStore(store).save(match)
    app = new_app(store)
    assert app.match is not None and not app.state.is_chance
    assert app.match.actions[-1] == (None, UNSEEN)


def test_the_history_says_sheets_only() -> None:
    store = MemoryStore()
    app = new_app(store)
    app.start(["Ann"], 5, game="qwixx", dice="sheets")
    rng = random.Random(1)
    while app.match is not None and not app.state.is_terminal:
        state = app.state
        assert isinstance(state, QwixxState)
        action = rng.choice(state.legal_actions(0))
        if isinstance(action, Cross):
            app.handle("cell", {"seat": "0", "row": str(action.row), "number": str(action.number)})
        elif state.phase == QwixxPhase.ACTION1:
            app.handle("answer", {"player": "0", "row": "none"})
        else:
            app.handle("pass", {})
        assert app.notice == ""
    (entry,) = History(store).games()
    assert entry["dice"] == "sheets"
