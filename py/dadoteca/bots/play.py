"""Bots playing a whole match: the loop of simulations, tests and the CLI."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from time import perf_counter

from ..core import Action, AnyState, Options
from ..drive import play_out
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

    Simultaneous decisions follow :func:`dadoteca.drive.decide_together`: every bot decides on
    the same moment, as at the table.
    """
    seats = [Seat(f"{bot.level.title()} {n}", f"bot:{bot.level}") for n, bot in enumerate(bots, 1)]
    match = Match(get_game(game_id), seats, seed, options)

    def decide(state: AnyState, player: int) -> Action:
        started = perf_counter()
        action = bots[player].decide(state, player, decision_seed(seed, len(match.actions), player))
        if on_decision is not None:
            on_decision(player, perf_counter() - started)
        return action

    play_out(match, decide)
    return match
