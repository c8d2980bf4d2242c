"""Helpers of the Qwixx rule tests, base game and variants alike."""

from __future__ import annotations

from collections.abc import Callable

from rules_support import broken_rule, match_at, state_as

from dadoteca.match import Match
from dadoteca_games.qwixx.rules import QWIXX, Cross, Phase, QwixxState, Roll, Sheet, Variant

# What a variant's leaflet objects to crossing a number in a row: (sheet, row, number, rows
# closed) -> the rule broken, or None.
Objection = Callable[[Sheet, int, int, int], str | None]


def state_of(match: Match) -> QwixxState:
    return state_as(match, QwixxState)


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


def pad_sheet(pad: type[Sheet], crossed: dict[int, list[int]], penalties: int = 0) -> Sheet:
    """An empty sheet of ``pad`` with ``crossed`` numbers in each row and ``penalties``."""
    sheet = pad.empty()
    for _ in range(penalties):
        sheet = sheet.with_penalty()
    for row, numbers in crossed.items():
        for number in numbers:
            sheet = sheet.cross(row, number)
    return sheet


def pad_match(variant: Variant | None, *sheets: Sheet, closed: int = 0) -> Match:
    """A match of ``variant`` (None: the base game) whose state starts from the given sheets
    (rows locked in ``closed``)."""
    options = None if variant is None else {"variant": variant.id}
    return match_at(QWIXX, QwixxState(tuple(sheets), generator=7, closed=closed), options)


def refused(match: Match, player: int, action: Cross) -> str:
    """The rule ``match`` names refusing ``action`` by ``player``."""
    return broken_rule(match.play, player, action)


def check_leaflet_cross(
    before: QwixxState, player: int | None, action: Cross, objection: Objection
) -> None:
    """A cross played from ``before`` is one the leaflet allows; in action 1, the white sum."""
    assert player is not None
    assert objection(before.sheets[player], action.row, action.number, before.closed) is None
    if before.phase == Phase.ACTION1:
        assert action.number == sum(before.shown_dice.white)


def check_row_die_cross(
    before: QwixxState, player: int | None, action: Cross, objection: Objection
) -> None:
    """As :func:`check_leaflet_cross`, on a pad of base Qwixx's rows (Qwixx Double A and B):
    in action 2, a white die plus the die of the row's colour, still in the game."""
    check_leaflet_cross(before, player, action, objection)
    if before.phase == Phase.ACTION2:
        die = before.shown_dice.colours[action.row]
        assert die is not None and action.number - die in before.shown_dice.white
