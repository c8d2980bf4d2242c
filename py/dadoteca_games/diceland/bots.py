"""Diceland computer players: a value for a map, a one-ply choice of crosses, and the dice.

There is no interaction but the race (each player crosses on their own map), so every level
values only its own map, and decides the same way with that value:

- **crossing** (phase 2 and bonus rolls): the dice are known, so every legal mark, and passing
  when allowed, is tried, and the one leaving the map with the best value is taken (one ply);
- **choosing a colour** (phase 1): each colour shown is valued by the best map a mark of its
  dice can leave (the map as it is if they cannot be placed: ruling DICELAND_EXCESS_DICE), or,
  for the expert, by the expectimax below;
- **stop or reroll**: the level's rule for rerolling.

The levels:

- **easy** values a map by its progress (:class:`ProgressValue`: prizes, crosses, finished
  areas, its best colour's share crossed), adds noise to every choice, and rerolls only while
  it holds a single die.
- **normal** values a map by the same progress, without noise, and rerolls while one more roll
  is expected to leave more dice it can place (blind to which cells they would cross).
- **expert** values a map by an estimate of the actions still needed to win
  (:class:`RaceValue`: the colour cheapest to complete, the prizes still missing, the ways to
  them over free cells, and the open areas that hold back their colour's dice and the prizes
  behind them). In phase 1 it searches over the dice: how many more dice of the chosen colour a
  reroll shows is binomial, so it takes the exact expectimax over those counts (stop or reroll
  at every count, a reroll showing none ending the rolling), both to stop or reroll and to
  choose the colour. Against normal it wins about nine games in ten.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Generator
from dataclasses import dataclass
from functools import lru_cache
from math import comb, exp, inf, log
from typing import Final

from dadoteca.bots.base import TURNS, Appraisal, Appraising, Bot, Expert, Thinking, Weighed, ordered
from dadoteca.core import Action, AnyState, draw, seed_generator
from dadoteca_games.diceland.maps import PRIZES_TO_WIN, DicelandMap, cells_of
from dadoteca_games.diceland.rules import (
    COLOURS,
    DICE,
    REROLL,
    STOP,
    Choose,
    DicelandState,
    Mark,
    Phase,
    Sheet,
)

__all__ = [
    "BOTS",
    "DicelandBot",
    "EasyDicelandBot",
    "ExpertDicelandBot",
    "NormalDicelandBot",
    "ProgressValue",
    "RaceValue",
    "SheetValue",
]

WON: Final = 1e9  # the value of a map that meets the goal: above any other
PAUSE_EVERY: Final = 40  # maps valued between pauses: 1-5 ms of CPython
_FACE: Final = 1 / len(COLOURS)  # the chance that a die shows a given colour


@lru_cache(maxsize=DICE + 1)
def _reroll_counts(rolled: int) -> tuple[float, ...]:
    """P(j of ``rolled`` dice show the chosen colour), j = 0..rolled (binomial)."""
    return tuple(
        comb(rolled, j) * _FACE**j * (1 - _FACE) ** (rolled - j) for j in range(rolled + 1)
    )


# --- Values of a map ---------------------------------------------------------------------------


class SheetValue(ABC):
    """How good a map is for its player (higher is better); :data:`WON` once the goal is met."""

    @abstractmethod
    def value(self, sheet: Sheet) -> float: ...


@dataclass(frozen=True, slots=True)
class ProgressValue(SheetValue):
    """Progress counted: prizes (up to the 9 needed), crosses, finished areas, and the share
    crossed of the colour nearest to complete."""

    prize: float = 10.0
    cross: float = 1.0
    area_done: float = 2.0
    best_colour: float = 20.0

    def value(self, sheet: Sheet) -> float:
        if sheet.has_won():
            return WON
        m, crossed = sheet.map, sheet.crossed
        done = sum(1 for mask in m.area_masks if crossed & mask == mask)
        share = max((crossed & mask).bit_count() / mask.bit_count() for mask in m.colour_masks)
        return (
            self.prize * min(sheet.prizes(), PRIZES_TO_WIN)
            + self.cross * crossed.bit_count()
            + self.area_done * done
            + self.best_colour * share
        )


class _Tables:
    """A map's tables for :class:`RaceValue`, built once per map.

    ``around[i][byte]`` is every cell next to the cells of ``byte`` at bits 8i..8i+7, so
    growing a set of cells by one step costs a lookup per byte rather than one per cell.
    """

    __slots__ = ("around", "colour_areas", "passable", "prizes")

    def __init__(self, m: DicelandMap) -> None:
        around = []
        for first in range(0, m.cell_count, 8):
            table = [0] * 256
            for byte in range(1, 256):
                low = byte & -byte  # the byte's lowest cell, added to the rest's table
                cell = first + low.bit_length() - 1
                table[byte] = table[byte ^ low] | (m.neighbours[cell] if cell < m.cell_count else 0)
            around.append(tuple(table))
        self.around = tuple(around)
        self.passable = ((1 << m.cell_count) - 1) & ~m.obstacle_mask
        # (cell, colour, its area's mask) of every prize
        self.prizes = tuple(
            (cell, m.colours[cell], m.area_masks[m.areas[cell]]) for cell in cells_of(m.prize_mask)
        )
        self.colour_areas = tuple(
            tuple(m.area_masks[area] for area in areas) for areas in m.colour_areas
        )

    def grown(self, mask: int) -> int:
        """Every cell next to a cell of ``mask``."""
        result = 0
        for table in self.around:
            if not mask:
                break
            result |= table[mask & 255]
            mask >>= 8
        return result


@lru_cache(maxsize=16)
def _tables(m: DicelandMap) -> _Tables:
    return _Tables(m)


@dataclass(frozen=True, slots=True)
class RaceValue(SheetValue):
    """Minus an estimate of the actions still needed to win, in units of about a turn.

    For each colour taken as the one to complete: each of its unfinished areas costs ``area``
    plus ``cell`` per free cell, plus ``way`` per cell on the way to it if it is out of reach;
    the prizes still missing beyond the colour's own cost ``prize`` each, plus ``way`` per cell
    on the way to the nearest ones, plus ``blocked`` if another area of the prize's colour is
    open (ruling DICELAND_ONE_AREA: it must be finished first); and every open area of another
    colour costs ``open`` (its colour's dice may go nowhere else). The colours' costs combine by
    a soft minimum (a colour nearly as cheap as the cheapest keeps some weight, at ``softness``),
    less ``cross`` per cell crossed (crosses open the map). Distances count free cells from the
    crossed ones outwards around the obstacles; farther than ``horizon`` counts as
    ``horizon`` + 1. The weights were tuned in games against the other levels and itself.
    """

    cell: float = 0.4
    area: float = 0.5
    way: float = 0.3
    prize: float = 0.6
    blocked: float = 0.5
    open: float = 0.3
    cross: float = 0.2
    softness: float = 1.0
    horizon: int = 12

    def value(self, sheet: Sheet) -> float:
        if sheet.has_won():
            return WON
        tables = _tables(sheet.map)
        crossed = sheet.crossed
        layers = self._layers(tables, sheet)
        far = self.horizon + 1
        cell, area, way = self.cell, self.area, self.way
        touching = layers[0] if layers else 0
        finishing: list[float] = []  # per colour, the cost of its own areas
        opened: list[int] = []  # per colour, its open area's mask (0: none)
        for masks in tables.colour_areas:
            cost = 0.0
            open_mask = 0
            for mask in masks:
                left = mask & ~crossed
                if left:
                    cost += area + cell * left.bit_count()
                    if mask & crossed:
                        open_mask = mask
                    elif not mask & touching:
                        cost += way * next(
                            (d for d, layer in enumerate(layers) if layer & mask), far - 1
                        )
            finishing.append(cost)
            opened.append(open_mask)
        open_areas = sum(1 for mask in opened if mask)
        prizes: list[tuple[float, int]] = []  # (cost, colour) of each prize left, cheapest first
        for prize, colour, mask in tables.prizes:
            bit = 1 << prize
            if not crossed & bit:
                distance = next((d for d, layer in enumerate(layers, 1) if layer & bit), far)
                cost = self.prize + way * (distance - 1)
                if opened[colour] and opened[colour] != mask:
                    cost += self.blocked
                prizes.append((cost, colour))
        prizes.sort()
        missing = PRIZES_TO_WIN - (len(tables.prizes) - len(prizes))
        costs = []
        for colour, own in enumerate(finishing):
            cost = own + self.open * (open_areas - (opened[colour] != 0))
            needed = missing - sum(1 for _, c in prizes if c == colour)  # its own come with it
            for prize_cost, c in prizes:
                if needed <= 0:
                    break
                if c != colour:
                    cost += prize_cost
                    needed -= 1
            costs.append(cost)
        cheapest, softness = min(costs), self.softness
        total = cheapest - softness * log(sum(exp((cheapest - c) / softness) for c in costs))
        return self.cross * crossed.bit_count() - total

    def _layers(self, tables: _Tables, sheet: Sheet) -> list[int]:
        """The free cells 1, 2, ... (up to ``horizon``) steps from the crossed ones."""
        free = tables.passable & ~sheet.crossed
        frontier = sheet.touch & free
        reached = sheet.crossed | frontier
        layers: list[int] = []
        while frontier and len(layers) < self.horizon:
            layers.append(frontier)
            frontier = tables.grown(frontier) & free & ~reached
            reached |= frontier
        return layers


# --- Deciding ----------------------------------------------------------------------------------

Valuing = Generator[None, None, float]


class _Pacer:
    """Values maps for one decision, and pauses it after every :data:`PAUSE_EVERY` of them."""

    __slots__ = ("sheet_value", "since")

    def __init__(self, sheet_value: SheetValue) -> None:
        self.sheet_value = sheet_value
        self.since = 0

    def value(self, sheet: Sheet) -> float:
        self.since += 1
        return self.sheet_value.value(sheet)

    def pause(self) -> Generator[None, None, None]:
        if self.since >= PAUSE_EVERY:
            self.since = 0
            yield


class _Rolling:
    """Phase 1 with one colour chosen: the values of holding its dice, memoised."""

    __slots__ = ("colour", "expected_memo", "pacer", "sheet", "stopping_memo")

    def __init__(self, sheet: Sheet, colour: int, pacer: _Pacer) -> None:
        self.sheet, self.colour, self.pacer = sheet, colour, pacer
        self.stopping_memo: dict[int, float] = {}
        self.expected_memo: dict[int, float] = {}

    def stopping(self, held: int) -> Valuing:
        """The value of ending the rolling with ``held`` dice: the best map a mark leaves, or
        the map as it is if they cannot be placed (ruling DICELAND_EXCESS_DICE)."""
        value = self.stopping_memo.get(held)
        if value is None:
            sheet, pacer = self.sheet, self.pacer
            marks = sheet.marks(self.colour, held)
            value = -WON if marks else pacer.value(sheet)
            for mark in marks:
                value = max(value, pacer.value(sheet.crossing(mark)))
                yield from pacer.pause()
            self.stopping_memo[held] = value
        return value

    def expected(self, held: int) -> Valuing:
        """The value of holding ``held`` dice, stopping or rerolling for the better."""
        value = self.expected_memo.get(held)
        if value is None:
            value = yield from self.stopping(held)
            if held < DICE:
                value = max(value, (yield from self.rerolling(held)))
            self.expected_memo[held] = value
        return value

    def rerolling(self, held: int) -> Valuing:
        """The expected value of one more roll, exact over how many dice show the colour:
        none ends the rolling (ruling DICELAND_UNLIMITED_REROLLS), more are played on."""
        chances = _reroll_counts(DICE - held)
        total = chances[0] * (yield from self.stopping(held))
        for extra in range(1, len(chances)):
            total += chances[extra] * (yield from self.expected(held + extra))
        return total

    def placeable(self, held: int) -> int:
        """The most dice of the colour one mark could take now, if at least ``held``, else 0."""
        return max(
            (count for count in range(held, DICE + 1) if self.sheet.marks(self.colour, count)),
            default=0,
        )

    def more_placed(self, held: int) -> bool:
        """One more roll, then stopping, is expected to leave more dice placed than now."""
        most = self.placeable(held)
        chances = _reroll_counts(DICE - held)
        expected = sum(
            chance * (held + extra if held + extra <= most else 0)
            for extra, chance in enumerate(chances)
        )
        return expected > held


class _Noise:
    """Uniform noise in [-scale, scale) drawn from the decision's seed (none for scale 0)."""

    __slots__ = ("generator", "scale")

    def __init__(self, seed: int, scale: float) -> None:
        self.generator = seed_generator(seed)
        self.scale = scale

    def next(self) -> float:
        if not self.scale:
            return 0.0
        self.generator, value = draw(self.generator)
        return self.scale * (2 * value / 2**64 - 1)


class DicelandBot(Bot):
    """The decisions every level shares (see the module docstring): a level brings a value of
    a map, noise, and its rules for valuing a colour and for rerolling."""

    def __init__(self, sheet_value: SheetValue, noise: float = 0.0) -> None:
        self.sheet_value = sheet_value
        self.noise = noise

    def _think(self, state: AnyState, player: int, seed: int) -> Thinking:
        assert isinstance(state, DicelandState)
        pacer = _Pacer(self.sheet_value)
        if state.phase == Phase.STOP_OR_REROLL:
            rolling = _Rolling(state.sheets[player], state.chosen, pacer)
            again = yield from self._rerolls(rolling, state.set_aside)
            return REROLL if again else STOP
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        noise = _Noise(seed, self.noise)
        best_value, best = -2 * WON, legal[0]
        for action in legal:
            value = (yield from self._action_value(state, player, action, pacer)) + noise.next()
            if value > best_value:
                best_value, best = value, action
        return best

    def _action_value(
        self, state: DicelandState, player: int, action: Action, pacer: _Pacer
    ) -> Valuing:
        """The value of ``action`` where a colour is chosen, or crosses are made."""
        sheet = state.sheets[player]
        if isinstance(action, Choose):
            rolling = _Rolling(sheet, action.colour, pacer)
            return (yield from self._colour_value(rolling, state.shown_dice.count(action.colour)))
        value = pacer.value(sheet.crossing(action) if isinstance(action, Mark) else sheet)
        yield from pacer.pause()
        return value

    def _colour_value(self, rolling: _Rolling, held: int) -> Valuing:
        """The value of choosing a colour that shows ``held`` dice: the best mark they make."""
        return (yield from rolling.stopping(held))

    def _rerolls(self, rolling: _Rolling, held: int) -> Generator[None, None, bool]:
        """Whether to reroll, holding ``held`` dice of the chosen colour."""
        yield from ()
        return rolling.more_placed(held)


class EasyDicelandBot(DicelandBot):
    level = "easy"

    def _rerolls(self, rolling: _Rolling, held: int) -> Generator[None, None, bool]:
        yield from ()
        return held == 1 and rolling.placeable(held) > 1


class NormalDicelandBot(DicelandBot):
    level = "normal"


class ExpertDicelandBot(Expert, DicelandBot):
    level = "expert"

    def _colour_value(self, rolling: _Rolling, held: int) -> Valuing:
        return (yield from rolling.expected(held))

    def appraise(self, state: AnyState, player: int, seed: int) -> Appraising:
        """The values of the decision's choices (a won map's is infinite), as it decides:
        rolling again only if it is expected to do better than stopping, and else the first
        of the best."""
        assert isinstance(state, DicelandState)
        pacer = _Pacer(self.sheet_value)
        if state.phase == Phase.STOP_OR_REROLL:
            rolling = _Rolling(state.sheets[player], state.chosen, pacer)
            stop = Weighed(STOP, _turns((yield from rolling.stopping(state.set_aside))))
            again = Weighed(REROLL, _turns((yield from rolling.rerolling(state.set_aside))))
            return Appraisal(TURNS, (again, stop) if again.value > stop.value else (stop, again))
        weighed = []
        for action in state.legal_actions(player):
            value = yield from self._action_value(state, player, action, pacer)
            weighed.append(Weighed(action, _turns(value)))
        return Appraisal(TURNS, ordered(max(weighed, key=lambda w: w.value), weighed))


def _turns(value: float) -> float:
    """A map's value as the coach reads it (unit TURNS): a won map is infinitely good."""
    return inf if value >= WON else value


_EXPERT: Final = ExpertDicelandBot(RaceValue())
BOTS: Final[dict[str, Bot]] = {
    "easy": EasyDicelandBot(ProgressValue(), noise=3.0),
    "normal": NormalDicelandBot(ProgressValue()),
    "expert": _EXPERT,
}
REVIEWER: Final = _EXPERT  # the expert values every choice already, in turns
