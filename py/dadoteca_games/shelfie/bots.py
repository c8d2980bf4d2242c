"""My Shelfie computer players: one way of valuing a sheet (:mod:`.appraisal`), three ways of
playing the dice.

- **easy** values a sheet as if one turn were left (points now, not lines that need patience),
  ignores the other players, takes the best marks on those terms, and rerolls once at most: the
  dice its best marks do not use.
- **normal** values a sheet with the whole game's horizon, still ignoring the other players; it
  rerolls, twice at most, the dice its best marks leave unused, which can only improve on what it
  holds, and never gambles a mark it has for a better one.
- **expert** plays for the win with the rivals in view, and searches the dice exactly. With the
  six dice of a roll as a multiset (462 of them), it values the best marks of every roll; then, by
  one pass over the 924 multisets of up to six dice, the expected value of keeping each of them
  and rolling the rest (the expectation of keeping k dice is the mean, over the six faces, of
  keeping one more), and by another pass the best it can keep from each roll — so the value of
  every reroll of every roll, with one or two rerolls left, is exact expectimax over the dice.
  Keeping all is marking now; it keeps the dice with the highest expected value.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product
from math import inf
from typing import ClassVar, Final

from dadoteca.bots.base import (
    POINTS,
    WIN_CHANCE,
    Appraisal,
    Appraising,
    Bot,
    Expert,
    Thinking,
    Weighed,
    ordered,
)
from dadoteca.core import Action, AnyState
from dadoteca_games.shelfie.appraisal import WHOLE_GAME, PositionValues
from dadoteca_games.shelfie.rules import (
    DICE_COUNT,
    FACES,
    REROLLS_PER_TURN,
    UNUSED,
    Mark,
    Phase,
    Reroll,
    Sheet,
    ShelfieState,
    Strike,
    cell_bit,
)

__all__ = [
    "BOTS",
    "EasyShelfieBot",
    "ExpertShelfieBot",
    "NormalShelfieBot",
]

# --- Dice as multisets ---------------------------------------------------------------------------
# Positions do not matter to what dice can mark, so the search works on multisets: counts per
# face, of up to six dice (924 of them; the 462 of exactly six are the rolls).


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


_KEPT: Final = tuple(
    counts for size in range(DICE_COUNT + 1) for counts in _compositions(size, len(FACES))
)  # smallest first, so one pass each way visits a multiset after or before all its subsets
_INDEX: Final = {counts: index for index, counts in enumerate(_KEPT)}
_ONE_MORE: Final = tuple(
    tuple(
        _INDEX[(*counts[:face], counts[face] + 1, *counts[face + 1 :])]
        for face in range(len(FACES))
    )
    if sum(counts) < DICE_COUNT
    else ()
    for counts in _KEPT
)
_ONE_LESS: Final = tuple(
    tuple(
        _INDEX[(*counts[:face], counts[face] - 1, *counts[face + 1 :])]
        for face in range(len(FACES))
        if counts[face]
    )
    for counts in _KEPT
)
_ROLLS: Final = tuple(index for index, counts in enumerate(_KEPT) if sum(counts) == DICE_COUNT)

# The cells of every distinct legal mark of each roll on an empty sheet, by roll index; filled by
# the expert's first search (the rule module caches the marks themselves).
_CELL_SETS: dict[int, tuple[int, ...]] = {}
_TABLES_PER_PAUSE: Final = 8  # rolls whose marks are listed between pauses (a few ms of CPython)


def _mark_cells(mark: Mark) -> int:
    return sum(cell_bit(combo.shelf, combo.column) for combo in mark.combos)


def _list_marks() -> Iterator[None]:
    """Fill ``_CELL_SETS``, pausing now and then; nothing to do once it is full."""
    for roll in _ROLLS:
        if roll not in _CELL_SETS:
            dice = tuple(face for face, count in enumerate(_KEPT[roll]) for _ in range(count))
            alone = ShelfieState(sheets=(Sheet(),), generator=0, phase=Phase.DECIDE, dice=dice)
            _CELL_SETS[roll] = tuple(dict.fromkeys(map(_mark_cells, alone.legal_marks(0))))
            if not len(_CELL_SETS) % _TABLES_PER_PAUSE:
                yield


def _counts(dice: Sequence[int]) -> tuple[int, ...]:
    return tuple(dice.count(face) for face in range(len(FACES)))


# --- The players ---------------------------------------------------------------------------------


class ShelfieBot(Bot):
    """What every level shares: the appraisal of the turn's end."""

    horizon: ClassVar[float]  # at most this many turns left are seen
    rivals: ClassVar[bool]  # the other players' sheets count
    for_the_win: ClassVar[bool] = False  # values chances of winning, not the expected lead

    def appraisal_of(self, state: ShelfieState, player: int) -> PositionValues:
        return PositionValues(state, player, self.horizon, self.rivals, self.for_the_win)


def _endings(legal: Sequence[Action], appraisal: PositionValues) -> list[Weighed]:
    """The ways to end the turn now (a mark, a strike or a pass), valued."""
    return [
        Weighed(action, _ending_value(action, appraisal))
        for action in legal
        if not isinstance(action, Reroll)
    ]


def _ending_value(action: Action, appraisal: PositionValues) -> float:
    if isinstance(action, Mark):
        return appraisal[_mark_cells(action)]
    if isinstance(action, Strike):
        return appraisal.strikes[action.shelf]
    return appraisal[0]  # passing: nothing circled


def _best_ending(endings: Sequence[Weighed]) -> Weighed:
    """The best marks, the first of equals; the best strike where nothing can be marked."""
    marks = [weighed for weighed in endings if isinstance(weighed.action, Mark)]
    strikes = [weighed for weighed in endings if isinstance(weighed.action, Strike)]
    return max(marks or strikes or endings, key=lambda weighed: weighed.value)


def _reroll(legal: Sequence[Action], positions: Sequence[int]) -> Reroll:
    wanted = tuple(sorted(positions))
    return next(
        action for action in legal if isinstance(action, Reroll) and action.positions == wanted
    )


class _KeepUsed(ShelfieBot):
    """Rerolls the dice its best marks leave unused (all six on a failed roll), so the marks it
    holds stay open and the rest of the dice get another chance; marks when all are used, or
    when it has used its ``rerolls`` of the turn."""

    rerolls: ClassVar[int] = REROLLS_PER_TURN

    def _think(self, state: AnyState, player: int, seed: int) -> Thinking:
        assert isinstance(state, ShelfieState)
        legal = state.legal_actions(player)
        if len(legal) == 1:  # nothing free: pass
            return legal[0]
        appraisal = self.appraisal_of(state, player)
        yield
        best = _best_ending(_endings(legal, appraisal)).action
        if state.rerolls_left <= REROLLS_PER_TURN - self.rerolls:
            return best
        if isinstance(best, Strike):
            return _reroll(legal, range(DICE_COUNT))
        assert isinstance(best, Mark)  # more than a pass is legal: marks, or strikes
        owners = state.dice_for(best.combos)
        assert owners is not None
        unused = [position for position, owner in enumerate(owners) if owner == UNUSED]
        return _reroll(legal, unused) if unused else best


class EasyShelfieBot(_KeepUsed):
    level = "easy"
    horizon = 1.0
    rivals = False
    rerolls = 1


class NormalShelfieBot(_KeepUsed):
    level = "normal"
    horizon = WHOLE_GAME
    rivals = False


# Rounding error in expectations: a reroll must gain more than this, so that dice which cannot
# change anything are not rolled for nothing.
_NOISE: Final = 1e-9


class ExpertShelfieBot(Expert, ShelfieBot):
    level = "expert"
    horizon = WHOLE_GAME
    rivals = True
    for_the_win = True
    ROLLS_PER_PAUSE: Final = 48  # rolls valued between pauses (a millisecond or two of CPython)

    def alike(self, state: AnyState, player: int, action: Action, other: Action) -> bool:
        """Rerolls keeping the same faces come to the same, whichever dice show them."""
        if isinstance(action, Reroll) and isinstance(other, Reroll):
            assert isinstance(state, ShelfieState)
            return _kept(state.shown_dice, action) == _kept(state.shown_dice, other)
        return super().alike(state, player, action, other)

    def appraise(self, state: AnyState, player: int, seed: int) -> Appraising:
        """Every choice valued as the expert decides (unit WIN_CHANCE with rivals, POINTS
        solo): a mark by the cells it circles, a strike by the shelf, a reroll by the exact
        expectation of the dice it keeps (with the rerolls after it played as well). It
        rerolls only for a gain over marking the best now, keeping the first best dice."""
        assert isinstance(state, ShelfieState)
        legal = state.legal_actions(player)
        appraisal = self.appraisal_of(state, player)
        yield
        unit = WIN_CHANCE if self.rivals and state.num_players > 1 else POINTS
        endings = _endings(legal, appraisal)
        if len(legal) == 1 or not state.rerolls_left:
            return Appraisal(unit, ordered(_best_ending(endings), endings))
        dice = state.shown_dice
        yield from _list_marks()
        # The value of marking the best of each roll (or striking the best shelf) ...
        failed = max(appraisal.strikes.values(), default=0.0)
        values = [0.0] * len(_KEPT)
        value_of = appraisal.__getitem__
        for done, roll in enumerate(_ROLLS, 1):
            best = max(map(value_of, _CELL_SETS[roll]))
            values[roll] = failed if best == -inf else best
            if not done % self.ROLLS_PER_PAUSE:
                yield
        # ... then of keeping each multiset, with the rerolls after this one played as well.
        keeping = _expectations(values)
        for _ in range(state.rerolls_left - 1):
            yield
            keeping = _expectations(_best_kept(keeping))
        yield
        held = _counts(dice)
        best_value, best_kept = values[_INDEX[held]], held
        for kept in _sub_multisets(held):
            if kept != held and keeping[_INDEX[kept]] > best_value + _NOISE:
                best_value, best_kept = keeping[_INDEX[kept]], kept
        rerolls = _rerolls(dice, legal, keeping)
        if best_kept == held:
            return Appraisal(unit, ordered(_best_ending(endings), [*endings, *rerolls]))
        left = list(best_kept)
        rerolled = []
        for position, face in enumerate(dice):
            if left[face]:
                left[face] -= 1
            else:
                rerolled.append(position)
        choice = Weighed(_reroll(legal, rerolled), best_value)
        return Appraisal(unit, ordered(choice, [*endings, *rerolls]))


def _rerolls(
    dice: Sequence[int], legal: Sequence[Action], keeping: Sequence[float]
) -> list[Weighed]:
    """The rerolls, valued by the dice they keep, one for each set of dice kept: rerolling one
    3 or another is the same choice."""
    by_kept: dict[tuple[int, ...], Weighed] = {}
    for action in legal:
        if isinstance(action, Reroll):
            kept = _kept(dice, action)
            by_kept.setdefault(kept, Weighed(action, keeping[_INDEX[kept]]))
    return list(by_kept.values())


def _kept(dice: Sequence[int], reroll: Reroll) -> tuple[int, ...]:
    """The dice a reroll keeps, as counts by face."""
    return _counts([face for at, face in enumerate(dice) if at not in reroll.positions])


def _expectations(values: Sequence[float]) -> list[float]:
    """For each multiset of kept dice, the mean value of the rolls completing it (``values`` of
    the rolls; the rest is overwritten): the mean, over the faces, of keeping one die more."""
    expected = list(values)
    for index in range(len(_KEPT) - 1, -1, -1):
        more = _ONE_MORE[index]
        if more:
            expected[index] = sum([expected[bigger] for bigger in more]) / len(more)
    return expected


def _best_kept(expected: Sequence[float]) -> list[float]:
    """For each multiset, the best expectation of keeping it or any part of it."""
    best = list(expected)
    for index in range(len(_KEPT)):
        for smaller in _ONE_LESS[index]:
            best[index] = max(best[index], best[smaller])
    return best


def _sub_multisets(counts: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every multiset of dice that can be kept from ``counts``."""
    return product(*(range(count + 1) for count in counts))


class ReviewingShelfieBot(ExpertShelfieBot):
    """The expert as a game's review weighs every decision: its exact search of the dice, each
    choice valued in the player's own expected final points (the race with the rivals aside),
    so that every game's review is counted in points, as the table scores it."""

    rivals = False
    for_the_win = False


BOTS: Final[dict[str, Bot]] = {
    "easy": EasyShelfieBot(),
    "normal": NormalShelfieBot(),
    "expert": ExpertShelfieBot(),
}
REVIEWER: Final = ReviewingShelfieBot()
