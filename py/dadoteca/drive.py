"""One loop drives every match, people's, computers' and play-outs' alike.

Who acts next is the state's to say: :attr:`~dadoteca.core.State.roller` rolls at a chance
node, else every one of :attr:`~dadoteca.core.State.deciders` decides. Simultaneous decisions
follow one rule, as at the table: every decider decides on the same moment, nobody seeing
another's choice first, and then the decisions are applied in seat order
(:func:`decide_together`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .core import Action, AnyState
from .match import Match

__all__ = ["Decide", "decide_together", "play_out"]

Decide = Callable[[AnyState, int], Action]
"""``decide(state, player)``: ``player``'s action in ``state``."""


def decide_together(
    state: AnyState, deciders: Sequence[int], decide: Decide
) -> list[tuple[int, Action]]:
    """Every one of ``deciders``' actions (``state.deciders``), all decided on ``state``
    itself, in seat order."""
    return [(player, decide(state, player)) for player in deciders]


def play_out(start: Match | AnyState, decide: Decide) -> AnyState:
    """Play a game to its end: dice from the state's own generator, decisions by ``decide``
    (see :func:`decide_together`); the final state.

    ``start`` is a :class:`~dadoteca.match.Match`, which then keeps every state and the
    record, or a state alone: a simulation, which keeps only the present.
    """
    play: Callable[[AnyState, int, Action], AnyState]
    roll: Callable[[], AnyState] | None
    if isinstance(start, Match):
        match, state, roll = start, start.state, start.roll

        def play(_: AnyState, player: int, action: Action) -> AnyState:
            return match.play(player, action)

    else:
        # A simulation's steps are the state's own, with no call in between: this is the loop
        # of every simulation and benchmark, run millions of times.
        state, play, roll = start, type(start).apply, None
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply_chance(state.roll()) if roll is None else roll()
            continue
        deciders = state.deciders
        if len(deciders) == 1:  # most moments: no one to decide together with
            player = deciders[0]
            state = play(state, player, decide(state, player))
            continue
        for player, action in decide_together(state, deciders, decide):
            state = play(state, player, action)
    return state
