"""The table's turns (dadoteca.table), with no screen: answers to a moment decided together,
"the rest pass", Undo and Redo by moments, saves, computers; and random tables that keep the
table's invariants."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dadoteca.bots import BOT_SEAT
from dadoteca.commands import (
    BOT_PAUSE,
    BOT_SHOW,
    Answer,
    Command,
    PassTheRest,
    Pause,
    Redo,
    RollDice,
    Show,
    Undo,
    Withdraw,
)
from dadoteca.core import PASS, Action, RuleError
from dadoteca.games import GAMES
from dadoteca.match import Match, Seat
from dadoteca.table import ANSWERS_TAKEN_BACK, TAKEN_BACK, Table
from dadoteca_games.diceland.rules import DICELAND, DicelandState
from dadoteca_games.diceland.rules import Phase as DicelandPhase
from dadoteca_games.qwixx.rules import QWIXX, RED, Cross, Phase, QwixxState

ANNA, BO, CY = 0, 1, 2


def qwixx_table(people: int = 3, seed: int = 4, computers: tuple[int, ...] = ()) -> Table:
    seats = [
        Seat(f"P{p}", BOT_SEAT + "normal" if p in computers else "human") for p in range(people)
    ]
    return Table(Match(QWIXX, seats, seed))


def qwixx(table: Table) -> QwixxState:
    state = table.state
    assert isinstance(state, QwixxState)
    return state


def rolled(people: int = 3) -> Table:
    table = qwixx_table(people)
    table.do(RollDice())
    return table


def white(table: Table) -> Cross:
    """A cross of the white sum in red, legal on a fresh sheet."""
    return Cross(RED, qwixx(table).white_sum)


# --- a moment decided together -------------------------------------------------------------


def test_answers_wait_for_everyone_then_apply_in_the_order_given() -> None:
    table = rolled()
    assert table.together and list(table.waiting_for) == [ANNA, BO, CY]
    table.do(Answer(CY, PASS))
    table.do(Answer(ANNA, white(table)))
    assert table.answers == {CY: PASS, ANNA: white(table)} and qwixx(table).phase == Phase.ACTION1
    assert list(table.waiting_for) == [BO]
    events = table.do(Answer(BO, PASS))
    assert qwixx(table).phase == Phase.ACTION2 and table.answers == {}
    assert [p for p, _ in table.match.actions[1:]] == [CY, ANNA, BO]
    assert events == list(table.match.state.events(table.match.states[-2], BO, PASS))


def test_an_answer_changed_or_withdrawn_is_the_persons_alone() -> None:
    table = rolled()
    table.do(Answer(ANNA, PASS))
    table.do(Answer(BO, white(table)))
    table.do(Answer(ANNA, white(table)))  # Anna changes her mind after Bo answered
    assert table.answers == {BO: white(table), ANNA: white(table)}
    table.do(Withdraw(BO))
    assert table.answers == {ANNA: white(table)} and table.waiting_for == (BO, CY)
    table.do(Withdraw(CY))  # nothing of Cy's to take back: nothing changes
    assert table.answers == {ANNA: white(table)}


def test_a_refused_answer_raises_its_rule_and_changes_nothing() -> None:
    table = rolled()
    changes = table.changes
    with pytest.raises(RuleError):
        table.do(Answer(BO, Cross(RED, 99)))
    assert table.answers == {} and table.changes == changes


def test_the_rest_pass_never_answers_for_the_active_player_or_a_computer() -> None:
    table = qwixx_table(4, computers=(CY,))
    table.do(RollDice())
    assert qwixx(table).active == ANNA
    assert table.passing_for == (BO, 3)  # Cy is a computer, Anna rolled
    table.do(PassTheRest())
    assert table.answers == {BO: PASS, 3: PASS} and qwixx(table).phase == Phase.ACTION1
    assert not table.passing_for


def test_the_rest_pass_names_only_those_who_may_pass() -> None:
    """Diceland's phase 2: the active player must cross where they can (ruling
    DICELAND_ACTIVE_MUST_MARK), so "the rest pass" never names them, whatever the seat."""
    seats = [Seat("A"), Seat("B"), Seat("C")]
    for seed in range(40):
        table = Table(Match(DICELAND, seats, seed, {"maps": "A,C,E"}))
        while not table.state.is_terminal:
            state = table.state
            assert isinstance(state, DicelandState)
            if state.phase == DicelandPhase.MARK:
                break
            if state.is_chance:
                table.do(RollDice())
            else:
                table.do(Answer(state.deciders[0], state.legal_actions(state.deciders[0])[0]))
        state = table.state
        assert isinstance(state, DicelandState)
        if state.phase != DicelandPhase.MARK:
            continue
        expected = tuple(p for p in state.deciders if p != state.active)
        assert table.passing_for == expected
        assert state.active not in table.passing_for
        return
    pytest.fail("no phase 2 reached")


def test_a_single_decision_plays_at_once() -> None:
    table = rolled(1)  # solo: the white sum is the one player's alone
    assert not table.together
    table.do(Answer(ANNA, PASS))
    assert qwixx(table).phase == Phase.ACTION2


def test_a_tap_on_a_moment_gone_by_or_for_a_computer_does_nothing() -> None:
    table = qwixx_table(2, computers=(BO,))
    table.do(RollDice())
    changes = table.changes
    table.do(Answer(BO, PASS))  # a person's tap answering for the computer
    table.do(Answer(ANNA, PASS, computer=True))  # no such thing, but harmless: Anna decides
    assert table.answers == {ANNA: PASS} and table.changes == changes + 1


# --- Undo and Redo -----------------------------------------------------------------------------


def test_undo_takes_back_the_last_answer_of_an_open_moment_without_a_question() -> None:
    table = rolled()
    table.do(Answer(BO, PASS))
    table.do(Answer(ANNA, PASS))
    undoable = table.undoable
    assert undoable is not None and undoable.movers == (ANNA,) and undoable.actions == 0
    assert not undoable.asks
    table.do(Undo())
    assert table.answers == {BO: PASS}


def test_undo_of_a_closed_moment_is_one_step_that_opens_it_again() -> None:
    table = rolled()
    table.do(Answer(BO, white(table)))
    table.do(Answer(ANNA, PASS))
    table.do(Answer(CY, PASS))  # closes it
    closed = table.state
    undoable = table.undoable
    assert undoable is not None and undoable.together and undoable.asks
    assert undoable.movers == (BO, ANNA, CY) and undoable.actions == 3
    events = table.do(Undo())
    assert [event.kind for event in events] == [ANSWERS_TAKEN_BACK]
    assert qwixx(table).phase == Phase.ACTION1 and len(table.match.actions) == 1
    assert table.answers == {BO: white(table), ANNA: PASS}  # but for Cy's, which closed it
    table.do(Redo())
    assert table.state == closed and table.answers == {}


def test_an_answer_after_undo_drops_redo() -> None:
    table = rolled()
    for player in (ANNA, BO, CY):
        table.do(Answer(player, PASS))
    table.do(Undo())
    assert table.redo_groups
    table.do(Answer(BO, white(table)))
    assert not table.redo_groups
    table.do(Answer(CY, PASS))
    assert [a for _, a in table.match.actions[1:]] == [PASS, white(table), PASS]


def test_undo_of_ones_own_move_asks_nothing_and_another_persons_asks() -> None:
    table = rolled(2)
    table.do(Answer(ANNA, PASS))
    table.do(Answer(BO, PASS))
    table.do(Answer(ANNA, PASS))  # Anna's second action: a penalty; Bo rolls next
    undoable = table.undoable
    assert undoable is not None and undoable.movers == (ANNA,) and undoable.asks
    events = table.do(Undo())
    assert [e.kind for e in events] == [TAKEN_BACK] and qwixx(table).phase == Phase.ACTION2
    undoable = table.undoable
    assert undoable is not None and undoable.together  # the white sum's moment next


def test_a_save_in_the_middle_of_a_moment_opens_it_again() -> None:
    """An earlier version took a closed moment's answers back one by one: a game saved then
    holds some of its answers as actions; they become answers again."""
    match = Match(QWIXX, [Seat("A"), Seat("B"), Seat("C")], 4)
    match.roll()
    match.play(ANNA, PASS)
    match.play(CY, PASS)
    assert match.state.deciders == (BO,)
    table = Table(match)
    assert len(table.match.actions) == 1 and table.answers == {ANNA: PASS, CY: PASS}
    assert table.together and table.waiting_for == (BO,)


def test_saved_answers_and_redo_come_back_unless_they_no_longer_fit() -> None:
    table = rolled()
    for player in (ANNA, BO, CY):
        table.do(Answer(player, PASS))
    table.do(Answer(ANNA, PASS))  # Anna's second action
    table.do(Undo())
    table.do(Undo())  # and the white sum: open again, Anna and Bo answered
    again = Table(table.match, list(table.answers.items()), table.redo_groups)
    assert again.answers == table.answers and again.redo_groups == table.redo_groups
    again.do(Redo())
    again.do(Redo())
    assert qwixx(again).active == BO
    stale = Table(table.match, [(CY, Cross(RED, 99))], ((((BO, PASS),)),))
    assert stale.answers == {} and stale.redo_groups == ()


# --- computers -----------------------------------------------------------------------------------


def test_computers_answer_at_once_beside_people_and_show_their_move_alone() -> None:
    table = qwixx_table(3, computers=(BO,))
    table.do(RollDice())
    moves = list(table.computer_moves())  # nothing played: it stops at its move
    commands = [m for m in moves if isinstance(m, Answer)]
    assert len(commands) == 1 and commands[0].player == BO and commands[0].computer
    assert not any(isinstance(m, Show) for m in moves)  # nobody waits for it: no show
    table.do(commands[0])
    assert table.answers.keys() == {BO} and not table.computers_to_act
    assert list(table.computer_moves()) == []  # the people's turn now


def test_a_computer_alone_shows_its_choice_then_plays_it() -> None:
    table = qwixx_table(2, computers=(ANNA,))

    def run() -> list[Pause | Show | Command | None]:
        moves = []
        for move in table.computer_moves():
            moves.append(move)
            if isinstance(move, RollDice | Answer):
                table.do(move)
        return moves

    first = run()  # Anna rolls, and answers the white sum at once beside Bo: no show
    assert first[:2] == [BOT_PAUSE, RollDice()] and not any(isinstance(m, Show) for m in first)
    assert table.answers.keys() == {ANNA} and table.waiting_for == (BO,)
    table.do(Answer(BO, PASS))
    second = run()  # her second action, hers alone: paused, shown, then played
    show = next(i for i, move in enumerate(second) if isinstance(move, Show))
    assert second[0] == BOT_PAUSE and second[show + 1] == BOT_SHOW
    played = second[show + 2]
    assert isinstance(played, Answer) and played.player == ANNA and played.computer


def play_randomly(table: Table, rng: random.Random, steps: int) -> None:
    """A table tapped at random: answers, withdrawals, "the rest pass", Undo and Redo."""
    for _ in range(steps):
        state = table.state
        if state.is_terminal:
            return
        choices: list[Command] = [Undo(), Redo()]
        if state.is_chance:
            choices.append(RollDice())
        else:
            for player in state.deciders:
                legal = state.legal_actions(player)
                choices += [Answer(player, rng.choice(legal)), Withdraw(player)]
            choices.append(PassTheRest())
        before = [a for a in table.match.actions], dict(table.answers), table.changes
        command = rng.choice(choices)
        table.do(command)
        check_invariants(table, before, command)


def check_invariants(
    table: Table,
    before: tuple[list[tuple[int | None, Action]], dict[int, Action], int],
    command: Command,
) -> None:
    actions, answers, changes = before
    state = table.state
    # Answers are held only for a moment decided together, by its deciders, each legal.
    assert set(table.answers) <= set(state.deciders)
    assert not table.answers or table.together
    assert all(state.check(p, a) is None for p, a in table.answers.items())
    assert len(table.answers) < max(len(state.deciders), 1)  # a full house closes at once
    # A screen's moment changes exactly when something did.
    same = table.match.actions == actions and list(table.answers.items()) == list(answers.items())
    assert (table.changes == changes) == same
    # The active player is never answered for by "the rest pass".
    if isinstance(command, PassTheRest) and isinstance(state, QwixxState) and table.together:
        assert state.active not in set(table.answers) - set(answers)


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(sorted(GAMES)),
    st.integers(1, 4),
    st.integers(0, 2**32),
)
def test_random_tables_keep_the_invariants_and_undo_redo_round_trips(
    game: str, people: int, seed: int
) -> None:
    rng = random.Random(seed)
    options = {"maps": ",".join("ACEG"[:people])} if game == "diceland" else {}
    table = Table(Match(GAMES[game], [Seat(f"P{p}") for p in range(people)], seed, options))
    play_randomly(table, rng, 80)
    # The match is its record: replayed, it is the same state.
    assert Match.from_record(table.match.record()).state == table.state
    # Undo as far as it goes, then Redo what that took back: the same game again.
    end, to_redo = table.state, len(table.redo_groups)
    while table.undoable is not None:
        table.do(Undo())
    while len(table.redo_groups) > to_redo:
        table.do(Redo())
    assert table.state == end


def test_a_moment_is_named_by_the_game_alone_the_same_in_every_window() -> None:
    """Two windows (or a reload) name the same moment alike; a moment whose answers changed,
    even back to as many as before, is another."""
    table = rolled()
    again = Table(table.match)
    assert again.moment == table.moment
    seen = {table.moment}
    table.do(Answer(ANNA, PASS))
    seen.add(table.moment)
    table.do(Withdraw(ANNA))
    assert table.moment == again.moment  # as it was: the same screen
    table.do(Answer(BO, PASS))  # as many answers as two steps ago, not the same ones
    assert table.moment not in seen
    assert Table(table.match, list(table.answers.items())).moment == table.moment


# --- a table-top: everyone acts at once, on their own sheet --------------------------------


def test_everyone_deciding_acts_at_once_and_the_roller_alone_rolls() -> None:
    table = qwixx_table(3, computers=(CY,))
    assert list(table.acting) == [ANNA]  # the roll: the active person's
    table.do(RollDice())
    assert list(table.acting) == [ANNA, BO]  # the white sum: every person, never the computer
    table.do(Answer(BO, PASS))
    assert list(table.acting) == [ANNA, BO]  # an answer may change until the moment closes
    for item in table.computer_moves():
        if isinstance(item, Answer):
            table.do(item)
    table.do(Answer(ANNA, PASS))
    assert qwixx(table).phase == Phase.ACTION2 and list(table.acting) == [ANNA]


def test_a_seats_moment_is_its_own_answer_and_the_actions_not_the_others_answers() -> None:
    table = rolled()
    anna, bo = table.seat_moment(ANNA), table.seat_moment(BO)
    table.do(Answer(ANNA, white(table)))
    assert table.seat_moment(BO) == bo  # Bo's tap, made at the same instant, is still taken
    assert table.seat_moment(ANNA) != anna
    table.do(Withdraw(ANNA))
    assert table.seat_moment(ANNA) == anna
    table.do(Answer(ANNA, PASS))
    table.do(Answer(BO, PASS))
    table.do(Answer(CY, PASS))  # the moment closes: every earlier tap acts on nothing
    assert table.seat_moment(BO) != bo


def test_a_persons_turn_changes_only_when_they_are_given_a_new_decision() -> None:
    table = qwixx_table(3)
    assert [table.turn_of(p) for p in (ANNA, BO, CY)] == [0, None, None]
    table.do(RollDice())
    turns = [table.turn_of(p) for p in (ANNA, BO, CY)]
    assert turns == [1, 1, 1]
    table.do(Answer(BO, PASS))
    table.do(Answer(CY, PASS))
    assert [table.turn_of(p) for p in (ANNA, BO, CY)] == turns  # others' answers: no guard
    table.do(Answer(ANNA, PASS))
    assert [table.turn_of(p) for p in (ANNA, BO, CY)] == [4, None, None]  # Anna's colours
