"""What the property tests of every game share (test_properties_*.py).

A game is played through a :class:`Match`, action by action, and every action is checked by the
invariants every game shares (:func:`check_common`) and by the game's own. The first actions of a
game may be drawn by hypothesis — the dice among the valid rolls, which of several simultaneous
players goes first, each decision among the legal actions — so that a failure shrinks to a short
list of draws; the rest follow a seeded stream, as :func:`dadoteca.playout.random_playout` plays.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Final, TypeVar

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from dadoteca.core import ROLLED, Action, AnyState, RuleError, draw, seed_generator
from dadoteca.games import get_game
from dadoteca.match import Match, Seat

# A check of one transition: (state before, state after, the player or None for dice, action).
Check = Callable[[AnyState, AnyState, int | None, Action], None]
# The dice a chance state may show, as a strategy of outcomes (each game's own rule book).
Outcomes = Callable[[AnyState], st.SearchStrategy[Action]]

SEEDS: Final = st.integers(min_value=0, max_value=2**64 - 1)

S = TypeVar("S", bound=AnyState)

# Derandomized, so a CI run tries the same examples every time and a failure reproduces; no
# deadline (a whole game is one example, and the CPU is shared); no example database, so a run
# writes nothing. Every property test runs under it, with its own number of examples.
settings.register_profile(
    "dadoteca",
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=False,
    suppress_health_check=[HealthCheck.too_slow],
)


def examples(count: int) -> settings:
    """The settings of a property test: the project's profile, ``count`` examples."""
    return settings(settings.get_profile("dadoteca"), max_examples=count)


def new_match(
    game_id: str, players: int, seed: int, options: dict[str, str] | None = None
) -> Match:
    seats = [Seat(f"Player {n}", "bot:random") for n in range(1, players + 1)]
    return Match(get_game(game_id), seats, seed, options)


def play_seeded_games(
    game_id: str,
    players: int,
    games: int,
    check: Check,
    lean_check: Check,
    *,
    options: Callable[[int, int], dict[str, str] | None] = lambda seed, players: None,
    watch: Check | None = None,
) -> list[AnyState]:
    """``games`` seeded games of ``players`` players, checked after every action: 1 in 8 with
    ``check`` and a record round trip (those checks cost as much as a game), the rest with
    ``lean_check``; their final states. ``options(seed, players)``: the game's options;
    ``watch``: shown every step after its check (to count how often the rarer paths ran).

    Each table size is a test of its own, so that pytest-xdist spreads them over the cores."""
    finals: dict[int, AnyState] = {}
    if watch is not None:
        check, lean_check = watched(check, watch), watched(lean_check, watch)

    @examples(games)
    @given(seed=SEEDS)
    def seeded(seed: int) -> None:
        game_options = options(seed, players)
        note(f"{players} players, options {game_options}")
        match = new_match(game_id, players, seed, game_options)
        thorough = seed % 8 == 0
        final = play(match, seed, check if thorough else lean_check, thorough=thorough)
        assert final.is_terminal
        if thorough:
            check_record_round_trip(match)
        finals[seed] = final

    seeded()
    assert len(finals) >= games
    return list(finals.values())


def watched(check: Check, watch: Check) -> Check:
    """``check``, then ``watch`` shown the same step."""

    def checked(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
        check(before, after, player, action)
        watch(before, after, player, action)

    return checked


def drawn_game(
    game_id: str,
    players: int,
    seed: int,
    check: Check,
    *,
    data: st.DataObject,
    outcomes: Outcomes,
    drawn: int,
    options: dict[str, str] | None = None,
) -> None:
    """A game whose first ``drawn`` actions hypothesis draws (see :func:`play`) ends, keeping
    ``check`` at every action, and its record replays."""
    match = new_match(game_id, players, seed, options)
    assert play(match, seed, check, data=data, outcomes=outcomes, drawn=drawn).is_terminal
    check_record_round_trip(match)


def play(
    match: Match,
    seed: int,
    check: Check,
    *,
    data: st.DataObject | None = None,
    outcomes: Outcomes | None = None,
    drawn: int = 0,
    thorough: bool = True,
) -> AnyState:
    """Play ``match`` to its end, checking every action; the final state.

    With ``data``, its first ``drawn`` actions are drawn by hypothesis (dice from ``outcomes``);
    the others, and all of them without ``data``, are chosen by the SplitMix stream of ``seed``
    and the state's own dice. Not ``thorough``: the shared checks skip the ones that cost as much
    as the game (every seat's legal actions), for the many seeded games.
    """
    chooser = seed_generator(seed)
    state = match.state
    while not state.is_terminal:
        drawing = data is not None and len(match.actions) < drawn
        player: int | None
        if state.is_chance:
            player = None
            if drawing:
                assert data is not None and outcomes is not None
                action = data.draw(outcomes(state), label="dice")
            else:
                action = state.roll()
            after = match.roll(action)
        else:
            deciders = state.deciders
            if drawing:
                assert data is not None
                player = data.draw(st.sampled_from(deciders), label="player")
                action = data.draw(st.sampled_from(state.legal_actions(player)), label="action")
            else:
                player = deciders[0]
                legal = state.legal_actions(player)
                chooser, value = draw(chooser)
                action = legal[value % len(legal)]
            after = match.play(player, action)
        check_common(state, after, player, action, thorough)
        check(state, after, player, action)
        state = after
    check_claims(match)
    return state


def check_claims(match: Match) -> None:
    """A finished game's scores and winners are ones its game says it can end with: what an
    entry of the history whose record is gone is checked against."""
    state, game = match.state, match.game
    scores = state.scores()
    assert all(score in game.score_range for score in scores), scores
    if len(scores) > 1:
        assert game.could_have_won(scores, state.winners())


def check_common(
    before: AnyState, after: AnyState, player: int | None, action: Action, thorough: bool
) -> None:
    """What holds for every game: who decides, what they may do, and how actions read."""
    players = before.num_players
    if player is None:
        assert before.is_chance and not before.deciders
    else:
        assert player in before.deciders and not before.is_chance
    deciders = after.deciders
    assert list(deciders) == sorted(set(deciders)) and all(0 <= p < players for p in deciders)
    if after.is_terminal:
        assert not after.is_chance and not deciders
        assert set(after.winners()) <= set(range(players))
    else:
        assert after.is_chance != bool(deciders)  # dice to roll, or somebody to decide
    check_queries(before, after, player, action)
    if thorough:
        # The record text of the action, and of every other the player could have played,
        # reads back as that action: the reader accepts exactly what the writer writes.
        assert before.parse_action(str(action)) == action
        if player is not None:
            assert all(before.parse_action(str(a)) == a for a in before.legal_actions(player))
        assert after.num_players == players and len(after.scores()) == players
        # Exactly the players deciding have legal actions (none once the game is over).
        for seat in range(players):
            assert bool(after.legal_actions(seat)) == (seat in deciders)


def check_queries(before: AnyState, after: AnyState, player: int | None, action: Action) -> None:
    """The engine's answers about a step agree with the state: who rolls, how it ended, and
    what happened (the events the table is told)."""
    players = range(after.num_players)
    assert (after.roller is not None) == after.is_chance
    assert after.roller is None or after.roller in players
    if player is None:
        assert before.roller is not None
    outcome = after.outcome
    assert (outcome is not None) == after.is_terminal
    events = after.events(before, player, action)
    assert all(set(event.players) <= set(players) for event in events)
    assert ([e.kind for e in events[:1]] == [ROLLED]) == (player is None)
    if outcome is not None:
        assert outcome.winners == after.winners() and outcome.scores == after.scores()
        assert set(outcome.players) <= set(players)
        assert events[-1] == outcome.event() and before.outcome is None


def someone(state: AnyState) -> st.SearchStrategy[int]:
    """A player to try an action: often one deciding now, else any seat or none (-1, n)."""
    anyone = st.integers(min_value=-1, max_value=state.num_players)
    return st.sampled_from(state.deciders) | anyone if state.deciders else anyone


def check_record_round_trip(match: Match) -> None:
    """The match's record, through JSON text, replays to an equal state with equal actions."""
    replay = Match.from_record(json.loads(json.dumps(match.record())))
    assert replay.state == match.state
    assert replay.actions == match.actions


def reach(
    state: AnyState,
    seed: int,
    steps: int,
    before_deciding: Callable[[AnyState], None] | None = None,
) -> AnyState:
    """The state after up to ``steps`` random legal actions from ``state`` (fewer if it ends);
    ``before_deciding`` is shown every state a player decides in, before the decision."""
    chooser = seed_generator(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        if state.is_chance:
            state = state.apply_chance(state.roll())
            continue
        if before_deciding is not None:
            before_deciding(state)
        player = state.deciders[0]
        legal = state.legal_actions(player)
        chooser, value = draw(chooser)
        state = state.apply(player, legal[value % len(legal)])
    return state


def every_legal_action_is_accepted(state: AnyState) -> None:
    """Each decider's legal actions are distinct and ``apply`` takes every one of them."""
    for player in state.deciders:
        legal = state.legal_actions(player)
        assert len(set(legal)) == len(legal), "no action listed twice"
        for action in legal:
            assert state.check(player, action) is None
            state.apply(player, action)


def check_refused(
    state: AnyState,
    player: int,
    action: Action,
    rules: Sequence[str],
    expected: str | None = None,
) -> None:
    """``apply`` takes ``action`` exactly when it is legal; else it raises a RuleError naming a
    rule of ``rules`` (``expected``, if the test's oracle knows which), and nothing else.

    Either way the state is unchanged: states are immutable values.
    """
    before = state.to_json()
    legal = state.legal_actions(player)
    if not 0 <= player < state.num_players:
        assert legal == [], "only seated players have legal actions"
    checked = state.check(player, action)
    if action in legal:
        assert expected is None, f"the oracle expected {expected} for the legal {action}"
        assert checked is None
        state.apply(player, action)
    else:
        with pytest.raises(RuleError) as error:
            state.apply(player, action)
        assert error.value.rule in rules
        assert checked is not None and checked.rule == error.value.rule  # the one way to ask
        if expected is not None:
            assert error.value.rule == expected, f"{action} by {player}: {error.value}"
    assert state.to_json() == before


def try_actions(
    state: S,
    data: st.DataObject,
    actions: Callable[[S], st.SearchStrategy[Action]],
    expected_rule: Callable[[S, int, Action], str | None],
    valid_outcome: Callable[[S, Action], bool],
    *,
    rules: Sequence[str],
) -> None:
    """At ``state``: every legal action is accepted; six actions drawn from ``actions``, by
    players drawn from :func:`someone`, are refused exactly when illegal, naming a rule of
    ``rules`` (the ``expected_rule`` where that oracle knows it); and an outcome drawn from
    ``actions`` is taken as dice exactly when the state is rolling and ``valid_outcome``."""
    every_legal_action_is_accepted(state)
    for _ in range(6):
        player = data.draw(someone(state), label="player")
        action = data.draw(actions(state), label="action")
        check_refused(state, player, action, rules, expected_rule(state, player, action))
    outcome = data.draw(actions(state), label="outcome")
    valid = state.is_chance and valid_outcome(state, outcome)
    check_chance_refused(state, outcome, valid, rules)


def check_chance_refused(
    state: AnyState, outcome: Action, valid: bool, rules: Sequence[str]
) -> None:
    """``apply_chance`` takes exactly the outcomes the rule book allows (``valid``)."""
    before = state.to_json()
    if valid:
        state.apply_chance(outcome)
    else:
        with pytest.raises(RuleError) as error:
            state.apply_chance(outcome)
        assert error.value.rule in rules
    assert state.to_json() == before
