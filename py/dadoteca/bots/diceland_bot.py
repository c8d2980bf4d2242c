"""Diceland computer players: a value for a map, a one-ply choice of crosses, and the dice.

Every level values a player's own map (there is no interaction but the race, so the map is all
that counts) and decides the same way with that value:

- **crossing** (phase 2 and bonus rolls): every legal mark, and passing when allowed, is tried
  and the map it leaves behind with the best value is taken (one ply: the dice are known);
- **rolling** (phase 1): the value of holding ``k`` dice of a colour is the best map a mark of
  ``k`` dice can leave (or the map as it is, if ``k`` dice cannot be placed). How many more dice
  of the colour a reroll shows is binomial, so the expected value of rerolling is an exact
  expectimax over those counts (a reroll showing none ends the rolling with the dice held); a
  colour is chosen for the best such value.

The levels differ in the value of a map and in how they roll:

- **easy** counts its progress (prizes, crosses, finished areas, its best colour's share) and
  adds noise to every choice; it rerolls only while it holds a single die.
- **normal** counts the same progress without noise and rerolls while one more roll is
  expected to leave more dice it can place (not seeing what those dice would do to its map).
- **expert** estimates the crosses still needed to win: the free cells on the shortest ways to
  the prizes still missing, plus, for the colour nearest to complete, its free cells and the
  cells on the way to its areas out of reach; less a credit for every prize (its bonus roll) and
  for the dice each colour can take now (open areas nearly full, or no area in reach, waste
  dice). It rolls by the exact expectimax with that estimate.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb, exp, log
from typing import Final

from ..core import AnyState, draw, seed_generator
from ..diceland import (
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
from ..diceland_maps import PRIZES_TO_WIN, DicelandMap, cells_of
from .base import Bot, Thinking

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
_FACE: Final = 1 / len(COLOURS)


@lru_cache(maxsize=DICE + 1)
def _reroll_counts(rolled: int) -> tuple[float, ...]:
    """P(j of ``rolled`` dice show the chosen colour), j = 0..rolled (binomial)."""
    return tuple(
        comb(rolled, j) * _FACE**j * (1 - _FACE) ** (rolled - j) for j in range(rolled + 1)
    )


# --- Values of a map ---------------------------------------------------------------------------


class SheetValue:
    """How good a map is for its player (higher is better); :data:`WON` once the goal is met."""

    def value(self, sheet: Sheet) -> float:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class ProgressValue(SheetValue):
    """Progress counted: prizes, crosses, finished areas, and the best colour's share crossed."""

    prize: float = 10.0
    cross: float = 1.0
    area_done: float = 2.0
    best_colour: float = 20.0

    def value(self, sheet: Sheet) -> float:
        if sheet.has_won():
            return WON
        m, crossed = sheet.map, sheet.crossed
        done = sum(1 for mask in m.area_masks if crossed & mask == mask)
        share = max(
            (crossed & mask).bit_count() / mask.bit_count() for mask in m.colour_masks if mask
        )
        return (
            self.prize * min(sheet.prizes(), PRIZES_TO_WIN)
            + self.cross * crossed.bit_count()
            + self.area_done * done
            + self.best_colour * share
        )


class _Tables:
    """A map's tables for :class:`RaceValue`, built once per map.

    ``spread[i][byte]`` is every cell next to the cells of ``byte`` at bits 8i..8i+7, so growing
    a cell set by one step costs one lookup per byte rather than one per cell.
    """

    __slots__ = ("colour_areas", "passable", "prizes", "spread")

    def __init__(self, m: DicelandMap) -> None:
        chunks = (m.cell_count + 7) // 8
        self.spread = tuple(
            tuple(
                _union_neighbours(m, [8 * chunk + bit for bit in range(8) if byte >> bit & 1])
                for byte in range(256)
            )
            for chunk in range(chunks)
        )
        self.passable = ((1 << m.cell_count) - 1) & ~m.obstacle_mask
        self.prizes = tuple(
            (cell, m.colours[cell], m.area_masks[m.areas[cell]]) for cell in cells_of(m.prize_mask)
        )
        self.colour_areas = tuple(
            tuple(m.area_masks[area] for area in areas) for areas in m.colour_areas
        )


def _union_neighbours(m: DicelandMap, cells: Sequence[int]) -> int:
    around = 0
    for cell in cells:
        if cell < m.cell_count:
            around |= m.neighbours[cell]
    return around


@lru_cache(maxsize=16)
def _tables(m: DicelandMap) -> _Tables:
    return _Tables(m)


def _grown(spread: tuple[tuple[int, ...], ...], mask: int) -> int:
    """Every cell next to a cell of ``mask``."""
    around = 0
    for table in spread:
        if not mask:
            break
        byte = mask & 255
        if byte:
            around |= table[byte]
        mask >>= 8
    return around


@dataclass(frozen=True, slots=True)
class RaceValue(SheetValue):
    """Minus an estimate of the actions still needed to win (see the module docstring).

    For each colour as the one to complete: every unfinished area of it costs ``area`` plus
    ``cell`` per free cell, and ``way`` per cell on the way to it when out of reach; the
    prizes still missing beyond that colour's own cost ``prize`` each plus ``way`` per cell on
    the way to the nearest ones. The colours' costs are combined by a soft minimum (a colour
    nearly as cheap as the cheapest still counts, at ``spread``), less ``cross`` per cell
    crossed (crosses open the map). Distances are counted in free cells from the crossed ones
    outwards around the obstacles; farther than ``horizon`` counts as ``horizon`` + 1.
    """

    cell: float = 0.4
    area: float = 0.5
    way: float = 0.3
    prize: float = 0.6
    cross: float = 0.4
    spread: float = 1.0
    bonus: float = 0.0
    blocked: float = 0.0
    open: float = 0.0
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
        # Per colour: the cost of finishing it, and its open area (0 if none).
        finishing = []
        opened = []
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
        # The prizes to cross, nearest first: (cost, colour).
        prizes = []
        for prize, colour, mask in tables.prizes:
            if not crossed >> prize & 1:
                bit = 1 << prize
                distance = next((d for d, layer in enumerate(layers, 1) if layer & bit), far)
                cost = self.prize + way * (distance - 1)
                if opened[colour] and opened[colour] != mask:
                    cost += self.blocked
                prizes.append((cost, colour))
        prizes.sort()
        missing = PRIZES_TO_WIN - (len(tables.prizes) - len(prizes))
        costs = []
        for colour, own_cost in enumerate(finishing):
            cost = own_cost
            needed = missing - sum(1 for _, c in prizes if c == colour)
            for prize_cost, c in prizes:
                if needed <= 0:
                    break
                if c != colour:
                    cost += prize_cost
                    needed -= 1
            costs.append(cost + self.open * (open_areas - (opened[colour] != 0)))
        cheapest = min(costs)
        spread = self.spread
        soft = cheapest - spread * log(sum(exp((cheapest - cost) / spread) for cost in costs))
        gained = self.cross * crossed.bit_count() + self.bonus * (len(tables.prizes) - len(prizes))
        return gained - soft

    def _layers(self, tables: _Tables, sheet: Sheet) -> list[int]:
        """The free cells at distance 1, 2, ... (up to ``horizon``) from the crossed cells."""
        spread, crossed = tables.spread, sheet.crossed
        free = tables.passable & ~crossed
        layers: list[int] = []
        frontier = sheet.touch & free
        reached = crossed | frontier
        while frontier and len(layers) < self.horizon:
            layers.append(frontier)
            frontier = _grown(spread, frontier) & free & ~reached
            reached |= frontier
        return layers


# --- Deciding ----------------------------------------------------------------------------------

Valuing = Generator[None, None, float]


class _Rolling:
    """One phase 1 decision's colour for one player: values of holding dice, memoised."""

    __slots__ = ("colour", "memo", "sheet", "sheet_value")

    def __init__(self, sheet: Sheet, colour: int, sheet_value: SheetValue) -> None:
        self.sheet, self.colour, self.sheet_value = sheet, colour, sheet_value
        self.memo: dict[int, float] = {}

    def stopping(self, held: int) -> Valuing:
        """The value of ending the rolling with ``held`` dice: the best map a mark leaves (or
        the map as it is, when ``held`` dice cannot be placed: ruling DICELAND_EXCESS_DICE)."""
        value = self.memo.get(held)
        if value is None:
            yield  # a few dozen maps valued: one slice
            sheet, rate = self.sheet, self.sheet_value.value
            marks = sheet.marks(self.colour, held)
            value = max((rate(sheet.crossing(mark)) for mark in marks), default=rate(sheet))
            self.memo[held] = value
        return value

    def placeable(self, held: int) -> int:
        """The most dice of the colour a mark could take now, if at least ``held``, else 0."""
        return max(
            (count for count in range(held, DICE + 1) if self.sheet.marks(self.colour, count)),
            default=0,
        )

    def expected(self, held: int) -> Valuing:
        """The value of holding ``held`` dice and rolling on while a reroll is worth more."""
        stop = yield from self.stopping(held)
        if held == DICE:
            return stop
        reroll = yield from self.rerolling(held)
        return max(stop, reroll)

    def rerolling(self, held: int) -> Valuing:
        """The exact expectation of one more roll over how many dice show the colour, each
        outcome played on as :meth:`expected` (none of the colour ends the rolling)."""
        chances = _reroll_counts(DICE - held)
        total = chances[0] * (yield from self.stopping(held))
        for extra in range(1, len(chances)):
            total += chances[extra] * (yield from self.expected(held + extra))
        return total

    def more_placed(self, held: int) -> bool:
        """One more roll (then stopping) is expected to leave more dice placed than now."""
        most = self.placeable(held)
        if not most:
            return False
        chances = _reroll_counts(DICE - held)
        expected = sum(
            chance * (held + extra if held + extra <= most else 0)
            for extra, chance in enumerate(chances)
        )
        return expected > held


class DicelandBot(Bot):
    """The shared decisions (see the module docstring); a level is a value and a way to roll."""

    def __init__(self, sheet_value: SheetValue, noise: float = 0.0) -> None:
        self.sheet_value = sheet_value
        self.noise = noise

    def _think(self, state: AnyState, player: int, seed: int) -> Thinking:
        assert isinstance(state, DicelandState)
        noise = _Noise(seed, self.noise)
        sheet = state.sheets[player]
        legal = state.legal_actions(player)
        phase = state.phase
        if phase == Phase.STOP_OR_REROLL:
            rolling = _Rolling(sheet, state.chosen, self.sheet_value)
            again = yield from self._rolls_again(rolling, state.set_aside)
            return REROLL if again else STOP
        best_value, best = -2 * WON, legal[0]
        for action in legal:
            if isinstance(action, Choose):
                rolling = _Rolling(sheet, action.colour, self.sheet_value)
                value = yield from self._choice_value(rolling, state.dice.count(action.colour))
            else:  # one ply: the dice are known
                after = sheet.crossing(action) if isinstance(action, Mark) else sheet
                value = self.sheet_value.value(after)
            value += noise.next()
            if value > best_value:
                best_value, best = value, action
        return best

    def _choice_value(self, rolling: _Rolling, held: int) -> Valuing:
        """The value of choosing a colour showing ``held`` dice: the best mark they make."""
        return (yield from rolling.stopping(held))

    def _rolls_again(self, rolling: _Rolling, held: int) -> Generator[None, None, bool]:
        yield from ()
        return rolling.more_placed(held)


class _Noise:
    """Uniform noise in [-scale, scale) from the decision's seed (none for scale 0)."""

    __slots__ = ("generator", "scale")

    def __init__(self, seed: int, scale: float) -> None:
        self.generator = seed_generator(seed)
        self.scale = scale

    def next(self) -> float:
        if not self.scale:
            return 0.0
        self.generator, value = draw(self.generator)
        return self.scale * (2 * value / 2**64 - 1)


class EasyDicelandBot(DicelandBot):
    level = "easy"

    def _rolls_again(self, rolling: _Rolling, held: int) -> Generator[None, None, bool]:
        yield from ()
        return held == 1 and rolling.placeable(held) > 1


class NormalDicelandBot(DicelandBot):
    level = "normal"


class ExpertDicelandBot(DicelandBot):
    level = "expert"

    def _choice_value(self, rolling: _Rolling, held: int) -> Valuing:
        return (yield from rolling.expected(held))

    def _rolls_again(self, rolling: _Rolling, held: int) -> Generator[None, None, bool]:
        stop = yield from rolling.stopping(held)
        reroll = yield from rolling.rerolling(held)
        return reroll > stop


BOTS: Final[dict[str, Bot]] = {
    "easy": EasyDicelandBot(ProgressValue(), noise=6.0),
    "normal": NormalDicelandBot(ProgressValue()),
    "expert": ExpertDicelandBot(RaceValue()),
}
