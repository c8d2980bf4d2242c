"""Random legal play: the baseline player, the CLI's ``random`` command, tests and benchmarks."""

from __future__ import annotations

from .core import Action, AnyState, draw, seed_generator
from .drive import Decide, play_out
from .games import get_game
from .match import Match, Seat

__all__ = ["random_decider", "random_match", "random_playout"]


def random_decider(seed: int) -> Decide:
    """Uniformly random legal choices from their own SplitMix64 stream (seeded from ``seed``
    + 1), so a seed plays the same game on every Python."""
    chooser = seed_generator(seed + 1)

    def decide(state: AnyState, player: int) -> Action:
        nonlocal chooser
        legal = state.legal_actions(player)
        chooser, value = draw(chooser)
        action: Action = legal[value % len(legal)]
        return action

    return decide


def random_playout(state: AnyState, seed: int) -> AnyState:
    """Play ``state`` to the end with random choices (:func:`random_decider`); the final state.

    States only, no history: the loop simulations and benchmarks run.
    """
    return play_out(state, random_decider(seed))


def random_match(game_id: str, num_players: int, seed: int) -> Match:
    """A whole random game as a match (with its record), dice and choices following ``seed``."""
    seats = [Seat(f"Player {n}", "bot:random") for n in range(1, num_players + 1)]
    match = Match(get_game(game_id), seats, seed)
    play_out(match, random_decider(seed))
    return match
