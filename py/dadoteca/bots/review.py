"""The coach's review of a finished game: every decision a person made, beside the expert's.

Each decision is weighed where it was made, by the game's reviewer (``REVIEWER`` of its bots
module): the expert's own valuation of every choice, in points (Qwixx with rivals: points of
lead; Diceland: turns still needed to win), without the searches that make its play slow where
a close call is played out again (Qwixx's play-outs) or turned into a chance of winning
(My Shelfie with rivals). A choice the reviewer finds as good as its best loses nothing. Any
other that the expert's searches might choose (:meth:`~.base.Expert.might_choose`: Qwixx plays
out only the close calls) is put to the expert itself, searches and all; one made after asking
a hint, to the coach that gave it (the expert, its searches bounded: ``coach_for``) on the same
seed as the hint (so its choice is the hint's): that choice is the one shown, and the loss is
what it is worth more than the choice played, zero when they come to the same. So a person who
plays as the expert would, or as the hint said, loses nothing, and the slow searches run only
where the reviewer's quick look finds a loss they might undo.

Decisions made together (Qwixx's white sum, answered by everyone on the same sheets) are each
weighed on the moment they were made, before any of them applied, as at the table. The review
sees only what the table saw at each moment: the reviewer rolls its own dice to look ahead.
"""

from __future__ import annotations

from collections.abc import Collection, Generator, Iterator
from math import inf
from typing import NamedTuple

from ..core import Action, AnyState
from ..match import Match
from . import coach_for, expert_for, reviewer_for
from .base import WIN_IN_SIGHT, Appraisal, Expert, decision_seed

__all__ = ["Decision", "Review", "decisions_of", "reviewing", "scores_by_turn"]


class Decision(NamedTuple):
    """One decision of a person, reviewed: made on ``match.states[position]``, played as
    action ``step`` of the match; ``loss`` is in the review's unit, 0 or more."""

    step: int
    position: int
    player: int
    played: Action
    choice: Action
    loss: float
    hinted: bool


class Review(NamedTuple):
    """A finished game's review: ``unit`` (one of the experts' units) and each decision of the
    people reviewed, in the order played."""

    unit: str
    decisions: tuple[Decision, ...]

    def lost(self, player: int) -> float:
        """What ``player``'s decisions lost, all told."""
        return sum(decision.loss for decision in self.decisions if decision.player == player)

    def costliest(self, count: int = 3) -> tuple[Decision, ...]:
        """The ``count`` decisions that lost most, costliest first (the earlier of equals)."""
        costly = [decision for decision in self.decisions if decision.loss > 0]
        return tuple(sorted(costly, key=lambda decision: -decision.loss)[:count])


def decisions_of(match: Match) -> Iterator[tuple[int, int, int, Action]]:
    """Each decision of ``match`` as (its action's index, the position it was made on, the
    player, the action). The answers of players deciding together follow the moment they
    were asked on, in seat order (:func:`dadoteca.drive.decide_together`)."""
    states, actions = match.states, match.actions
    index = 0
    while index < len(actions):
        position = index
        deciders = states[position].deciders
        if not deciders:  # a roll
            index += 1
            continue
        answered: set[int] = set()
        while index < len(actions):
            player, action = actions[index]
            if player is None or player not in deciders or player in answered:
                break
            answered.add(player)
            yield index, position, player, action
            index += 1
        if not answered:  # not a decision of this moment (a record never has one)
            index += 1


def reviewing(match: Match, people: Collection[int]) -> Generator[float, None, Review]:
    """Review the decisions of the players ``people`` in finished ``match``, in slices: yields
    the share of the decisions reviewed so far (0 to 1) now and then; returns the review."""
    game = match.game.id
    reviewer, expert, coach = reviewer_for(game), expert_for(game), coach_for(game)
    hinted = set(match.hints)
    states = match.states
    moments = [moment for moment in decisions_of(match) if moment[2] in people]
    decisions = []
    unit = ""
    for done, (step, position, player, played) in enumerate(moments):
        share = done / len(moments)
        yield share
        state = states[position]
        seed = decision_seed(match.seed, position, player)
        appraisal = yield from _progress(reviewer.appraisal(state, player, seed), share)
        unit = appraisal.unit
        choice = appraisal.choice
        loss = _loss(reviewer, state, player, appraisal, played, choice=choice)
        was_hinted = (position, player) in hinted
        if (
            loss > 0
            and expert is not reviewer
            and (was_hinted or expert.might_choose(state, player, appraisal, played))
        ):
            # A hinted decision is put to the coach, which gave the hint on that seed.
            asked = coach if was_hinted else expert
            choice = (yield from _progress(asked.appraisal(state, player, seed), share)).choice
            loss = _loss(reviewer, state, player, appraisal, played, choice=choice)
        decisions.append(Decision(step, position, player, played, choice, loss, was_hinted))
    yield 1.0
    return Review(unit, tuple(decisions))


def _progress(
    appraising: Generator[None, None, Appraisal], share: float
) -> Generator[float, None, Appraisal]:
    """An appraisal's pauses, each saying the review's progress so far."""
    while True:
        try:
            next(appraising)
        except StopIteration as done:
            appraisal: Appraisal = done.value
            return appraisal
        yield share


def _loss(
    reviewer: Expert,
    state: AnyState,
    player: int,
    appraisal: Appraisal,
    played: Action,
    *,
    choice: Action,
) -> float:
    """What ``choice`` is worth more than ``played`` by the appraisal (0 when they come to the
    same, or ``played`` is worth as much).

    Where the choice may win at once (Diceland's won map is worth more than any count of
    turns, :data:`WIN_IN_SIGHT`), missing the win is counted as one turn, in proportion to the
    chance of winning missed: the player needs at least one more turn."""
    if reviewer.alike(state, player, choice, played):
        return 0.0
    best = _value_of(reviewer, state, player, appraisal, choice)
    value = _value_of(reviewer, state, player, appraisal, played)
    if best >= WIN_IN_SIGHT:
        return 0.0 if value >= best else 1.0 if best == inf else (best - value) / best
    return max(0.0, best - value)


def _value_of(
    reviewer: Expert, state: AnyState, player: int, appraisal: Appraisal, played: Action
) -> float:
    """The value of ``played`` among the appraisal's choices: its own, or that of the choice
    it comes to (an appraisal lists choices that come to the same state once)."""
    for weighed in appraisal.options:
        if weighed.action == played:
            return weighed.value
    for weighed in appraisal.options:
        if reviewer.alike(state, player, weighed.action, played):
            return weighed.value
    raise ValueError(f"{played} is not among the choices of the moment")


def scores_by_turn(match: Match) -> list[tuple[int, ...]]:
    """Each player's score at the start, after every turn, and at the end of ``match``."""
    points = []
    turn = shown = 0
    for index, state in enumerate(match.states):
        if state.turn != turn:  # a turn begins: the one before it is over
            turn, shown = state.turn, index
            points.append(state.scores())
    if shown != len(match.states) - 1:
        points.append(match.state.scores())  # as the last turn left it
    return points
