"""Random legal play: the baseline player, the CLI's ``random`` command and the invariant tests."""

from __future__ import annotations

from collections.abc import Sequence

from .core import draw, seed_generator
from .games import get_game
from .match import Match, Seat

__all__ = ["random_match"]


def random_match(game_id: str, num_players: int, seed: int, max_actions: int = 10_000) -> Match:
    """Play a whole game with uniformly random legal choices; dice and choices follow ``seed``.

    Choices come from their own SplitMix64 stream (seeded from ``seed`` + 1), so the same seed
    gives the same game on every Python.
    """
    seats: Sequence[Seat] = [Seat(f"Player {n}", "bot:random") for n in range(1, num_players + 1)]
    match = Match(get_game(game_id), seats, seed)
    chooser = seed_generator(seed + 1)
    while not match.state.is_terminal and len(match.actions) < max_actions:
        state = match.state
        if state.is_chance:
            match.roll()
            continue
        for player in state.deciders:
            legal = match.state.legal_actions(player)
            chooser, value = draw(chooser)
            match.play(player, legal[value % len(legal)])
    return match
