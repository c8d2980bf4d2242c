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
from collections.abc import Generator, Iterable
from time import perf_counter
from typing import ClassVar, Final, NamedTuple, TypeVar

from ..core import Action, AnyState, RuleError, draw, seed_generator

__all__ = [
    "BOT_RULES",
    "LEAD",
    "LEVELS",
    "POINTS",
    "TURNS",
    "UNITS",
    "WIN_CHANCE",
    "WIN_IN_SIGHT",
    "Appraisal",
    "Appraising",
    "Bot",
    "Expert",
    "RandomBot",
    "Thinking",
    "Weighed",
    "decision_seed",
    "finish",
    "ordered",
    "think_until",
]

LEVELS: Final = ("easy", "normal", "expert")  # strong bots of every game, weakest first

BOT_RULES: Final[dict[str, str]] = {
    "bots.unknown_level": "There is no {level} computer player for {game} (known: {known})",
    "bots.no_decision": "Computer player {player} has no decision to make now",
}

T = TypeVar("T")  # what a slice-by-slice computation returns: an action, an appraisal

Thinking = Generator[None, None, Action]
"""A decision being made: yields at pause points and returns the action."""

# What an expert's values of a decision's choices measure (the coach says them in words):
POINTS: Final = "points"  # the player's expected final score
LEAD: Final = "lead"  # the player's expected final lead over the best (or mean) rival, in points
WIN_CHANCE: Final = "win chance"  # the chance of winning, 0 to 1
TURNS: Final = "turns"  # minus the turns still needed to win, about (inf: the game is won)
UNITS: Final = (POINTS, LEAD, WIN_CHANCE, TURNS)
# A value in TURNS this high carries a chance of winning at once (a won map is worth far more
# than any count of turns, so an expectation over the dice takes it in proportion).
WIN_IN_SIGHT: Final = 1e6


class Weighed(NamedTuple):
    """One choice of a decision and its value (higher is better, in the appraisal's unit)."""

    action: Action
    value: float


class Appraisal(NamedTuple):
    """An expert's look at one decision: its choices with their values, the expert's choice
    first, then the others best first. Choices that come to the same (the same cells circled
    with other dice, say) appear once; ``unit`` is one of :data:`UNITS`."""

    unit: str
    options: tuple[Weighed, ...]

    @property
    def choice(self) -> Action:
        return self.options[0].action


Appraising = Generator[None, None, Appraisal]
"""An appraisal being made, in slices like :data:`Thinking`."""


def decision_seed(match_seed: int, action_index: int, player: int) -> int:
    """The seed of a bot's decision: fixed by the match and the moment, so replays agree."""
    _, value = draw(seed_generator(match_seed * 1_000_003 + action_index * 8 + player))
    return value


def think_until(thinking: Generator[None, None, T], deadline: float) -> T | None:
    """Run a decision (or an appraisal) until it ends (its result) or ``perf_counter()``
    passes ``deadline`` at a pause (None: call again to go on)."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            result: T = done.value
            return result
        if perf_counter() > deadline:
            return None


def finish(thinking: Generator[None, None, T]) -> T:
    """Run a decision (or an appraisal) to its end, without pauses (simulations, tests, the
    CLI, the coach)."""
    result = think_until(thinking, math.inf)
    assert result is not None
    return result


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


class Expert(Bot):
    """A level that can say what its choices are worth: the coach's hints and reviews ask it.
    It plays :meth:`appraise`'s choice, so a hint is exactly what it would play."""

    def _think(self, state: AnyState, player: int, seed: int) -> Thinking:
        return (yield from self.appraise(state, player, seed)).choice

    def appraisal(self, state: AnyState, player: int, seed: int) -> Appraising:
        """:meth:`appraise` for ``player``, who must be deciding now."""
        if player not in state.deciders:
            raise RuleError("bots.no_decision", BOT_RULES["bots.no_decision"], player=player + 1)
        return self.appraise(state, player, seed)

    @abstractmethod
    def appraise(self, state: AnyState, player: int, seed: int) -> Appraising:
        """The appraisal of ``player``'s present decision; ``seed`` drives its own dice."""

    def might_choose(
        self, state: AnyState, player: int, valued: Appraisal, action: Action
    ) -> bool:
        """Whether this expert's searches could choose ``action``, given every choice's value
        by the game's reviewer (``valued``): a review runs them only where they could. True
        unless the expert is sure."""
        return True

    def alike(self, state: AnyState, player: int, action: Action, other: Action) -> bool:
        """Whether two of ``player``'s choices come to the same (an appraisal lists such
        choices once): by default, when they leave the same state."""
        return action == other or state.apply(player, action) == state.apply(player, other)


def ordered(choice: Weighed, others: Iterable[Weighed]) -> tuple[Weighed, ...]:
    """``choice`` first, then ``others`` best first (ties in their given order), each action
    once."""
    best_first = sorted(others, key=lambda weighed: -weighed.value)
    seen = {choice.action}
    kept = [choice]
    for weighed in best_first:
        if weighed.action not in seen:
            seen.add(weighed.action)
            kept.append(weighed)
    return tuple(kept)


class RandomBot(Bot):
    """The baseline: any legal action, uniformly at random. It plays every game."""

    level = "random"

    def _think(self, state: AnyState, player: int, seed: int) -> Thinking:
        yield from ()  # one draw needs no pause
        legal = state.legal_actions(player)
        _, value = draw(seed_generator(seed))
        action: Action = legal[value % len(legal)]
        return action
