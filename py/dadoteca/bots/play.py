"""Bots playing a whole match: the loop of simulations, tests and the CLI."""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from time import perf_counter

from ..core import Action, AnyState, Options
from ..daily import Day, daily_seed
from ..drive import play_out
from ..games import get_game
from ..match import DAILY_DICE, Match, Seat
from . import BOT_SEAT, expert_for
from .base import Bot, decision_seed

__all__ = ["play_bots", "play_day"]

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


def play_day(day: Day, options: Options | None = None) -> Generator[None, None, Match]:
    """The expert alone on ``day``'s dice (and ``options``, as the day deals them), played to
    the end in slices: a generator pausing as the expert's thinking does, returning the match.
    The end of a day's game says its score beside the player's."""
    expert = expert_for(day.game)
    seed = daily_seed(day)
    seats = [Seat(expert.level.title(), BOT_SEAT + expert.level)]
    match = Match(get_game(day.game), seats, seed, options, DAILY_DICE, day=day)
    while not match.state.is_terminal:
        state = match.state
        if state.is_chance:
            match.roll()
            continue
        (player,) = state.deciders  # alone: one decision at a time
        moment = decision_seed(seed, len(match.actions), player)
        match.play(player, (yield from expert.think(state, player, moment)))
    return match
