"""Bots playing a whole match: the loop of simulations, tests and the CLI."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from time import perf_counter

from ..core import Action, Options
from ..games import get_game
from ..match import Match, Seat
from .base import Bot, decision_seed

__all__ = ["play_bots"]

DecisionTimer = Callable[[int, float], None]
"""Told (player, seconds) after every bot decision."""


def play_bots(
    game_id: str,
    bots: Sequence[Bot],
    seed: int,
    options: Options | None = None,
    on_decision: DecisionTimer | None = None,
) -> Match:
    """A match of ``bots`` (seat order) played to the end; its record replays it exactly.

    Players deciding simultaneously all decide on the same moment before any decision is
    applied, as at the table: nobody sees the others' choices first.
    """
    seats = [Seat(f"{bot.level.title()} {n}", f"bot:{bot.level}") for n, bot in enumerate(bots, 1)]
    match = Match(get_game(game_id), seats, seed, options)
    while not match.state.is_terminal:
        state = match.state
        if state.is_chance:
            match.roll()
            continue
        decisions: list[tuple[int, Action]] = []
        for player in state.deciders:
            started = perf_counter()
            action = bots[player].decide(
                state, player, decision_seed(seed, len(match.actions), player)
            )
            if on_decision is not None:
                on_decision(player, perf_counter() - started)
            decisions.append((player, action))
        for player, action in decisions:
            match.play(player, action)
    return match
