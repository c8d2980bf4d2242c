"""What every computer player is: a level of play that thinks in slices and then acts.

A bot sees only what a person at the table sees: the state's public interface (deciders, legal
actions, apply) and the dice already rolled. Searches that look ahead roll their own dice from a
reseeded copy of the state (``State.reseeded``), never the match's generator, which would tell
them the dice to come.

Thinking is a generator that yields every few milliseconds of work: CPython runs it straight
through (:meth:`Bot.decide`), the browser runs one slice per animation frame, so a bot that
thinks for a second still never freezes the page.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Generator
from time import perf_counter
from typing import ClassVar, Final

from ..core import Action, AnyState, RuleError, draw, seed_generator

__all__ = [
    "BOT_RULES",
    "LEVELS",
    "Bot",
    "RandomBot",
    "Thinking",
    "decision_seed",
    "finish",
    "think_until",
]

LEVELS: Final = ("easy", "normal", "expert")  # strong bots of every game, weakest first

BOT_RULES: Final[dict[str, str]] = {
    "bots.unknown_level": "There is no {level} computer player for {game} (known: {known})",
    "bots.no_decision": "Computer player {player} has no decision to make now",
}

Thinking = Generator[None, None, Action]
"""A decision being made: yields at pause points and returns the action."""


def decision_seed(match_seed: int, action_index: int, player: int) -> int:
    """The seed of a bot's decision: fixed by the match and the moment, so replays agree."""
    _, value = draw(seed_generator(match_seed * 1_000_003 + action_index * 8 + player))
    return value


def think_until(thinking: Thinking, deadline: float) -> Action | None:
    """Run a decision until it ends (its action) or ``perf_counter()`` passes ``deadline``
    at a pause (None: call again to go on)."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            action: Action = done.value
            return action
        if perf_counter() > deadline:
            return None


def finish(thinking: Thinking) -> Action:
    """Run a decision to its end, without pauses (simulations, tests, the CLI)."""
    action = think_until(thinking, math.inf)
    assert action is not None
    return action


class Bot(ABC):
    """A computer player of one game at one level. Bots hold settings only, never game state."""

    level: ClassVar[str]

    def decide(self, state: AnyState, player: int, seed: int) -> Action:
        """``player``'s action in ``state``; ``seed`` drives any randomness of the decision."""
        return finish(self.think(state, player, seed))

    def think(self, state: AnyState, player: int, seed: int) -> Thinking:
        """:meth:`decide` in slices: a generator that pauses now and then, returning the action."""
        if player not in state.deciders:
            raise RuleError("bots.no_decision", BOT_RULES["bots.no_decision"], player=player + 1)
        return self._think(state, player, seed)

    @abstractmethod
    def _think(self, state: AnyState, player: int, seed: int) -> Thinking: ...


class RandomBot(Bot):
    """The baseline: any legal action, uniformly at random. It plays every game."""

    level = "random"

    def _think(self, state: AnyState, player: int, seed: int) -> Thinking:
        yield from ()  # one draw needs no pause
        legal = state.legal_actions(player)
        _, value = draw(seed_generator(seed))
        action: Action = legal[value % len(legal)]
        return action
