"""One loop drives every match, people's, computers' and play-outs' alike.

Who acts next is the state's to say: :attr:`~dadoteca.core.State.roller` rolls at a chance
node, else every one of :attr:`~dadoteca.core.State.deciders` decides. Simultaneous decisions
follow one rule, as at the table: every decider decides on the same moment, nobody seeing
another's choice first, and then the decisions are applied in seat order
(:func:`decide_together`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .core import Action, AnyState

__all__ = ["Decide", "Playout", "Table", "decide_together", "play_out"]

Decide = Callable[[AnyState, int], Action]
"""``decide(state, player)``: ``player``'s action in ``state``."""


class Table(Protocol):
    """Where a game is played out: a :class:`~dadoteca.match.Match` (which keeps every state
    and its record), or a :class:`Playout` (only the present, for simulations). ``roll`` and
    ``play`` return the table's new state, which :func:`play_out` goes on from."""

    @property
    def state(self) -> AnyState: ...

    def roll(self, outcome: Action | None = None) -> AnyState: ...

    def play(self, player: int, action: Action) -> AnyState: ...


def decide_together(state: AnyState, decide: Decide) -> list[tuple[int, Action]]:
    """Every decider's action, all decided on ``state`` itself, in seat order."""
    return [(player, decide(state, player)) for player in state.deciders]


def play_out(table: Table, decide: Decide) -> AnyState:
    """Play ``table``'s game to its end: dice from the state's own generator, decisions by
    ``decide`` (see :func:`decide_together`); the final state."""
    roll, play = table.roll, table.play  # the loop of every simulation: no lookups in it
    state = table.state
    while not state.is_terminal:
        if state.is_chance:
            state = roll()
            continue
        deciders = state.deciders
        if len(deciders) == 1:  # most moments: no one to decide together with
            player = deciders[0]
            state = play(player, decide(state, player))
            continue
        for player, action in decide_together(state, decide):
            state = play(player, action)
    return state


class Playout:
    """A :class:`Table` holding only the present state: the fast loop of simulations and
    benchmarks."""

    __slots__ = ("state",)

    def __init__(self, state: AnyState) -> None:
        self.state = state

    def roll(self, outcome: Action | None = None) -> AnyState:
        state = self.state
        self.state = state = state.apply_chance(state.roll() if outcome is None else outcome)
        return state

    def play(self, player: int, action: Action) -> AnyState:
        self.state = state = self.state.apply(player, action)
        return state
