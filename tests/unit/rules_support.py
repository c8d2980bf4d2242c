"""What the rule tests of every game share: a match set up at a chosen state, the state of the
game a test plays, and the rule a refused call names."""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, Protocol, TypeVar

import pytest

from dadoteca.core import AnyState, Game, Options, RuleError
from dadoteca.match import Match, Seat

P = ParamSpec("P")
T = TypeVar("T")


class Playing(Protocol):
    """What holds a game in play: a Match, or the App."""

    @property
    def state(self) -> object: ...


def match_at(game: Game[AnyState], state: AnyState, options: Options | None = None) -> Match:
    """A match of ``game`` (seed 7, a seat for each of the state's players) whose present
    state is ``state``, set where a rule applies."""
    match = Match(game, [Seat(f"P{n}") for n in range(state.num_players)], 7, options)
    match._states[-1] = state
    return match


def state_as(playing: Playing, kind: type[T]) -> T:
    """The state of the game in play, of the game ``kind`` the test plays."""
    state = playing.state
    assert isinstance(state, kind)
    return state


def broken_rule(call: Callable[P, object], *args: P.args, **kwargs: P.kwargs) -> str:
    """The rule named by the RuleError that ``call(*args, **kwargs)`` must raise."""
    with pytest.raises(RuleError) as error:
        call(*args, **kwargs)
    return error.value.rule
