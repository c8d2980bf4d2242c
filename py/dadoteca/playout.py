"""Random legal play: the baseline player, the CLI's ``random`` command, tests and benchmarks."""

from __future__ import annotations

from .core import Action, AnyState, draw, seed_generator
from .games import get_game
from .match import Match, Seat

__all__ = ["random_match", "random_playout"]


def random_playout(
    state: AnyState, seed: int, actions: list[tuple[int | None, Action]] | None = None
) -> AnyState:
    """Play ``state`` to the end with uniformly random legal choices; the final state.

    States only, no history: the loop simulations and benchmarks run. Choices come from their
    own SplitMix64 stream (seeded from ``seed`` + 1), so a seed plays the same game on every
    Python; ``actions``, if given, receives every action taken, rolls included.
    """
    chooser = seed_generator(seed + 1)
    while not state.is_terminal:
        if state.is_chance:
            outcome = state.roll()
            state = state.apply_chance(outcome)
            if actions is not None:
                actions.append((None, outcome))
            continue
        for player in state.deciders:
            legal = state.legal_actions(player)
            chooser, value = draw(chooser)
            action = legal[value % len(legal)]
            state = state.apply(player, action)
            if actions is not None:
                actions.append((player, action))
    return state


def random_match(game_id: str, num_players: int, seed: int) -> Match:
    """A whole random game as a match (with its record), dice and choices following ``seed``."""
    seats = [Seat(f"Player {n}", "bot:random") for n in range(1, num_players + 1)]
    match = Match(get_game(game_id), seats, seed)
    actions: list[tuple[int | None, Action]] = []
    random_playout(match.state, seed, actions)
    for player, action in actions:
        if player is None:
            match.roll(action)
        else:
            match.play(player, action)
    return match
