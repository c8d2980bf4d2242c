"""Helpers of the Qwixx rule tests, base game and variants alike."""

from __future__ import annotations

from dadoteca.match import Match
from dadoteca_games.qwixx.rules import QwixxState, Roll


def state_of(match: Match) -> QwixxState:
    state = match.state
    assert isinstance(state, QwixxState)
    return state


def roll(
    match: Match,
    w1: int,
    w2: int,
    *,
    r: int | None = 1,
    y: int | None = 1,
    g: int | None = 1,
    b: int | None = 1,
) -> None:
    match.roll(Roll((w1, w2), (r, y, g, b)))
