"""What the Diceland rule tests share (test_diceland.py, test_diceland_maps.py and the property
tests): a small map where every placement rule shows, and sheets and matches set up where a rule
applies."""

from __future__ import annotations

import pytest
from rules_support import match_at, state_as

from dadoteca.core import RuleError, seed_generator
from dadoteca.match import Match
from dadoteca_games.diceland.maps import COLOURS, DicelandMap, parse_map
from dadoteca_games.diceland.rules import (
    CHOOSE,
    DICELAND,
    STOP,
    DicelandState,
    Mark,
    Phase,
    Roll,
    Sheet,
)

RED, YELLOW, GREEN, BLUE, ORANGE, GREY = range(6)

# A small map for the placement rules (not a whole Diceland map). Its cell ids:
#
#   R1  r2  r3  .   y5  Y6  g8          red area 1-4 (prize 1), yellow 5-7 (prize 6),
#     r4  #23 *0  y7  g9  g10 .         green 8-10, blue 11-14 (prize 14),
#   b11 b12 r15 r16 #24 k18 k19         red area 15-17, grey 18-20 (prize 20),
#     b13 B14 r17 o21 o22 K20 .         orange 21-22; the start 0 touches 3, 7, 15, 16.
SMALL = parse_map(
    "small",
    """
R r r . y Y g
 r # * y g g .
b b r r # k k
 b B r o o K .
""",
)


def rule_of(error: pytest.ExceptionInfo[RuleError]) -> str:
    return error.value.rule


def sheet_with(m: DicelandMap, *cells: int) -> Sheet:
    """A sheet of ``m`` with the start and ``cells`` crossed."""
    sheet = Sheet.new(m)
    crossed, touch = sheet.crossed, sheet.touch
    for cell in cells:
        crossed |= 1 << cell
        touch |= m.neighbours[cell]
    return Sheet(sheet.board, crossed, touch)


def match_from(*sheets: Sheet, active: int = 0) -> Match:
    """A match whose present state has the given sheets, before the active player's roll."""
    state = DicelandState(tuple(sheets), seed_generator(7), active=active, bonus=(0,) * len(sheets))
    return match_at(DICELAND, state)


def state_of(match: Match) -> DicelandState:
    return state_as(match, DicelandState)


def roll(match: Match, colours: str) -> None:
    match.roll(Roll(tuple(COLOURS.index(word) for word in colours.split())))


def mark(colour: int, *cells: int) -> Mark:
    return Mark(colour, tuple(sorted(cells)))


def to_phase2(match: Match, colours: str, choose: int) -> None:
    """Roll ``colours``, choose ``choose`` and stop (unless all six were set aside)."""
    roll(match, colours)
    match.play(state_of(match).active, CHOOSE[choose])
    if state_of(match).phase == Phase.STOP_OR_REROLL:
        match.play(state_of(match).active, STOP)
