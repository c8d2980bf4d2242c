"""How a My Shelfie computer player values a position: the sheets' expected points, line by
line, against the rivals', and the chance of winning that makes.

**The value of a position.** What a sheet will score is estimated line by line (five shelves,
five columns): each free cell is given a chance of being circled before the game ends, read from
a table by column (a 5-dice cell is much harder than a 1-die one) and by the turns still to come,
and a line's expected points follow exactly from those chances (a line scores from three circled
items on, so the chance of each cell counting is the chance of it *and* of two more). The turns to
come are estimated from the free cells left on the sheets and the shelves already full, which is
what ends a game. The chance table was measured in self-play: the share of free cells, by column
and turns left, that ended up circled.

**Rivals.** A line another player completes crosses out one's own free cells in it. With rivals
in view, each line's value is weighed by the chance that someone else completes it first (the
product of their cells' chances), and completing a line is worth what it takes away from the
others. The position is then one's expected points minus the others' (on average), the players
seated later in the round counting one turn more. A move that ends the game (a second full shelf
on some sheet) is valued as the game will end: points as they stand, and one last turn for the
players still to play in the round. Playing for the win, that expected lead becomes a chance of
winning (a normal spread that narrows as the end nears, exact when nobody plays after): ahead,
it takes no needless risks with the dice; behind, it takes the ones it needs.

Apart from the players (:mod:`.bots`), which search the dice and choose by these values: this
reads sheets only, never the dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import erf, inf, sqrt
from typing import Final

from dadoteca_games.shelfie.rules import (
    ALL_CELLS,
    COLUMN_LINES,
    COLUMN_VALUES,
    COLUMNS,
    MIN_ITEMS_TO_SCORE,
    SHELF_LINES,
    SHELVES,
    SHELVES_TO_END,
    Sheet,
    ShelfieState,
)

__all__ = ["WHOLE_GAME", "PositionValues", "chances_of", "turns_left"]

# --- Lines ---------------------------------------------------------------------------------------
# Line l < 5 is shelf l, line 5 + c is column c; a line's cells are a 5-bit pattern, bit i being
# its i-th cell (column i of a shelf, shelf i of a column).

_LINES: Final = (*SHELF_LINES, *COLUMN_LINES)
_SHELF_COUNT: Final = len(SHELVES)
_PATTERNS: Final = 1 << COLUMNS
_WHOLE_LINE: Final = _PATTERNS - 1


def _pattern(mask: int, line: int) -> int:
    if line < _SHELF_COUNT:
        return mask >> line * COLUMNS & _WHOLE_LINE
    # A column's cells are COLUMNS bits apart: shift shelf s's down to bit s.
    column = mask >> line - _SHELF_COUNT
    return sum([column >> shelf * (COLUMNS - 1) & 1 << shelf for shelf in range(_SHELF_COUNT)])


def _line_kind(line: int) -> int:
    """0 for every shelf (they are alike: dice faces are), 1 + c for column c."""
    return 0 if line < _SHELF_COUNT else line - _SHELF_COUNT + 1


_TOUCHED: dict[int, tuple[int, ...]] = {}


def _touched(cells: int) -> tuple[int, ...]:
    """The (line, pattern) slots, as ``line * 32 + pattern``, of the lines ``cells`` fall in."""
    slots = _TOUCHED.get(cells)
    if slots is None:
        slots = _TOUCHED[cells] = tuple(
            line * _PATTERNS + pattern
            for line in range(len(_LINES))
            if (pattern := _pattern(cells, line))
        )
    return slots


def _cell_terms(kind: int, chances: tuple[float, ...]) -> tuple[tuple[int, float], ...]:
    """(value, chance of being circled) of each cell of a line of ``kind``."""
    if kind == 0:
        return tuple(zip(COLUMN_VALUES, chances, strict=True))
    return ((COLUMN_VALUES[kind - 1], chances[kind - 1]),) * len(SHELVES)


def _at_least(chances: Sequence[float], count: int) -> float:
    """The chance that ``count`` or more of independent events of ``chances`` happen."""
    if count <= 0:
        return 1.0
    spread = [1.0]  # spread[k]: the chance that exactly k happen
    for chance in chances:
        spread = [
            (spread[k] if k < len(spread) else 0.0) * (1 - chance)
            + (spread[k - 1] * chance if k else 0.0)
            for k in range(len(spread) + 1)
        ]
    return sum(spread[count:])


@lru_cache(maxsize=1 << 16)
def _line_points(kind: int, circled: int, crossed: int, chances: tuple[float, ...]) -> float:
    """The points a line is expected to score at the end: each cell counts (its value) if it is
    circled and two more are (ruling SHELFIE_SCORE), cells circled independently."""
    terms = _cell_terms(kind, chances)
    have, points = 0, 0
    free: list[tuple[int, float]] = []
    for cell, (value, chance) in enumerate(terms):
        if circled >> cell & 1:
            have += 1
            points += value
        elif not crossed >> cell & 1:
            free.append((value, chance))
    if have + len(free) < MIN_ITEMS_TO_SCORE:
        return 0.0
    odds = [chance for _, chance in free]
    expected = points * _at_least(odds, MIN_ITEMS_TO_SCORE - have)
    for index, (value, chance) in enumerate(free):
        others = odds[:index] + odds[index + 1 :]
        expected += value * chance * _at_least(others, MIN_ITEMS_TO_SCORE - 1 - have)
    return expected


def _completion(kind: int, circled: int, crossed: int, chances: tuple[float, ...]) -> float:
    """The chance that a line gets all its cells circled (none may be crossed out)."""
    if crossed:
        return 0.0
    chance = 1.0
    for cell, (_, cell_chance) in enumerate(_cell_terms(kind, chances)):
        if not circled >> cell & 1:
            chance *= cell_chance
    return chance


# --- The outlook: turns left and the chances of free cells ---------------------------------------

# Measured in self-play of an early expert (1,500 two-player games): of the cells free after a
# turn with t turns left (row t), the share circled by the end, by column. Cheap cells are often
# still free late only because they were not worth it, hence the dips. As a value of keeping a
# cell free, none of these played better head to head: the table re-measured without the cells
# lost to rivals' completed lines, read at 0.7 or 1.3 times the turns left, or with the cheap or
# the dear columns' chances a fifth higher or lower.
_CHANCES: Final = (
    (0.0, 0.0, 0.0, 0.0, 0.0),
    (0.125, 0.236, 0.210, 0.112, 0.033),
    (0.305, 0.368, 0.349, 0.219, 0.069),
    (0.412, 0.432, 0.450, 0.299, 0.107),
    (0.448, 0.474, 0.515, 0.368, 0.146),
    (0.486, 0.501, 0.567, 0.426, 0.185),
    (0.494, 0.536, 0.612, 0.480, 0.223),
    (0.509, 0.571, 0.651, 0.531, 0.258),
    (0.533, 0.595, 0.689, 0.588, 0.292),
    (0.556, 0.617, 0.729, 0.649, 0.325),
    (0.574, 0.638, 0.762, 0.688, 0.390),
    (0.579, 0.647, 0.776, 0.724, 0.520),
)
_LAST_ROW: Final = len(_CHANCES) - 1
WHOLE_GAME: Final = float(_LAST_ROW)  # the horizon of a whole game: the table's last row


def chances_of(turns: float) -> tuple[float, ...]:
    """The chance, by column, that a cell free now is circled within ``turns`` more turns.

    Read between the rows of the measured table."""
    turns = min(max(turns, 0.0), float(_LAST_ROW))
    row = min(int(turns), _LAST_ROW - 1)
    share = turns - row
    return tuple(
        low + (high - low) * share
        for low, high in zip(_CHANCES[row], _CHANCES[row + 1], strict=True)
    )


def _free_count(sheet: Sheet) -> int:
    return (ALL_CELLS & ~(sheet.circled | sheet.crossed)).bit_count()


def turns_left(sheets: Sequence[Sheet]) -> float:
    """The turns each player can still expect after this one (a least-squares fit on self-play:
    the emptiest and the fullest sheet's free cells, and the most full shelves of a sheet)."""
    free = [_free_count(sheet) for sheet in sheets]
    full = max(sheet.full_shelves() for sheet in sheets)
    return max(0.0, 0.242 * min(free) + 0.121 * max(free) - 0.997 * full - 0.158)


# --- Valuing the positions one turn can reach ----------------------------------------------------


def _expected_points(
    sheets: Sequence[Sheet],
    player: int,
    outlooks: Sequence[tuple[float, ...]],
    threats: Sequence[int],
) -> float:
    """What ``player``'s sheet is expected to score (cells' chances by player in ``outlooks``),
    each line's free cells lost if one of the ``threats`` (players) completes that line."""
    sheet, chances = sheets[player], outlooks[player]
    total = 0.0
    for line in range(len(_LINES)):
        lost = 1.0 - _survival(sheets, line, outlooks, threats)
        total += _threatened(
            _line_kind(line),
            _pattern(sheet.circled, line),
            _pattern(sheet.crossed, line),
            chances,
            lost,
        )
    return total


def _threatened(
    kind: int, circled: int, crossed: int, chances: tuple[float, ...], lost: float
) -> float:
    """A line's expected points when its free cells are crossed out with the chance ``lost``."""
    points = _line_points(kind, circled, crossed, chances)
    if lost:
        points -= lost * (points - _line_points(kind, circled, ~circled & _WHOLE_LINE, chances))
    return points


def _survival(
    sheets: Sequence[Sheet],
    line: int,
    outlooks: Sequence[tuple[float, ...]],
    threats: Sequence[int],
) -> float:
    """The chance that none of the ``threats`` completes ``line``."""
    kind, survival = _line_kind(line), 1.0
    for rival in threats:
        sheet = sheets[rival]
        survival *= 1.0 - _completion(
            kind, _pattern(sheet.circled, line), _pattern(sheet.crossed, line), outlooks[rival]
        )
    return survival


# How far the final lead may stray from the expected one (a variance, in points squared): one last
# turn's luck, and more for each turn the player has left. In self-play, final leads strayed from
# the expected ones by about 14 points with one turn left and 21 with five (errors of the estimate
# included). Halving these variances or doubling them played the same, within the noise of 400
# games.
_SPREAD_LAST_TURN: Final = 50.0
_SPREAD_PER_TURN: Final = 60.0


class PositionValues(dict[int, float]):
    """The value of every position ``player``'s turn can end in, from the state it starts in.

    A position is worth the player's expected final points, less the rivals' mean with ``rivals``
    on; the rivals seated after the player are expected to play one turn more. ``for_the_win``
    turns that lead into a chance of winning (normal spread, wider with more turns to come, and
    exact when nobody plays after the last turn), so that a player ahead takes no needless risks
    and one behind takes the risks it needs.

    As a dict, it maps the cells a mark circles to the value of circling them, worked out when
    first asked for. Most marks touch a few lines and end nothing, so their lead is the present
    one plus a per-line change looked up in a table built once (``_change``, by line and cells
    added); marks that fill a shelf or complete a line, and strikes, are valued from scratch,
    since they may cross out others' cells or end the game.
    """

    def __init__(
        self, state: ShelfieState, player: int, horizon: float, rivals: bool, for_the_win: bool
    ) -> None:
        super().__init__()
        self.state, self.player, self.for_the_win = state, player, for_the_win
        sheet = state.sheets[player]
        self.circled, self.crossed = sheet.circled, sheet.crossed
        others = range(state.num_players)
        self.rivals = tuple(other for other in others if other != player) if rivals else ()
        # In quarter turns, so that the same outlooks come back and their line values are cached.
        turns = 0.0 if state.last_round else min(turns_left(state.sheets), horizon)
        self.turns = round(turns * 4) / 4
        self.present = self._position(state.sheets, state.last_round)
        self._change = self._changes()
        self._wholes = self._fillable()
        free = ALL_CELLS & ~(self.circled | self.crossed)
        self.strikes = {
            shelf: self._from_scratch(self.circled, self.crossed | line & free)
            for shelf, line in enumerate(SHELF_LINES)
            if line & free
        }

    def _changes(self) -> list[float]:
        """For each line and each set of its free cells, what circling them changes."""
        sheets, rivals = self.state.sheets, self.rivals
        outlooks = self._outlooks(self.state.last_round)
        chances = outlooks[self.player]
        change = [0.0] * (len(_LINES) * _PATTERNS)
        for line in range(len(_LINES)):
            kind = _line_kind(line)
            circled, crossed = _pattern(self.circled, line), _pattern(self.crossed, line)
            lost = 1.0 - _survival(sheets, line, outlooks, rivals)
            # What the rivals lose, per unit of chance that this player completes the line.
            taken_away = 0.0
            for rival in rivals:
                theirs = sheets[rival]
                rival_circled = _pattern(theirs.circled, line)
                rival_points = _line_points(
                    kind, rival_circled, _pattern(theirs.crossed, line), outlooks[rival]
                ) - _line_points(kind, rival_circled, ~rival_circled & _WHOLE_LINE, outlooks[rival])
                others = [other for other in rivals if other != rival]
                taken_away += rival_points * _survival(sheets, line, outlooks, others)
            if rivals:
                taken_away /= len(rivals)
            before = _threatened(kind, circled, crossed, chances, lost)
            completing = _completion(kind, circled, crossed, chances)
            free = ~(circled | crossed) & _WHOLE_LINE
            added = free
            while added:
                change[line * _PATTERNS + added] = (
                    _threatened(kind, circled | added, crossed, chances, lost)
                    - before
                    + (_completion(kind, circled | added, crossed, chances) - completing)
                    * taken_away
                )
                added = (added - 1) & free
        return change

    def _fillable(self) -> tuple[int, ...]:
        """The free cells of each shelf, and of each column with nothing crossed out: circling
        all of one fills a shelf or completes a line, which the change table cannot value."""
        free = ALL_CELLS & ~(self.circled | self.crossed)
        wholes = [line & free for line in SHELF_LINES if line & free]
        wholes.extend(
            line & free for line in COLUMN_LINES if not line & self.crossed and line & free
        )
        return tuple(wholes)

    def __missing__(self, cells: int) -> float:
        """The value of circling ``cells``; minus infinity if one of them is not free."""
        if cells & (self.circled | self.crossed):
            value = -inf
        elif any(cells & whole == whole for whole in self._wholes):
            value = self._from_scratch(self.circled | cells, self.crossed)
        else:
            change = self._change
            lead = self.present + sum([change[slot] for slot in _touched(cells)])
            value = self._worth(lead, self.state.last_round)
        self[cells] = value
        return value

    def _from_scratch(self, circled: int, crossed: int) -> float:
        """The value of ending the turn with the player's sheet (``circled``, ``crossed``)."""
        state, player = self.state, self.player
        before = state.sheets[player].circled
        completed = 0
        for line in _LINES:
            if circled & line == line and before & line != line:
                completed |= line
        sheets = list(state.sheets)
        sheets[player] = Sheet(circled, crossed)
        for other, sheet in enumerate(sheets):
            if other != player:  # ruling SHELFIE_BLOCKING
                sheets[other] = Sheet(sheet.circled, sheet.crossed | completed & ~sheet.circled)
        ends = state.last_round or any(sheet.full_shelves() >= SHELVES_TO_END for sheet in sheets)
        return self._worth(self._position(sheets, ends), ends)

    def _settled(self, ends: bool) -> bool:
        """Whether the scores after this turn are the final ones (nobody plays after it)."""
        return ends and all(rival < self.player for rival in self.rivals)

    def _outlooks(self, ends: bool) -> tuple[tuple[float, ...], ...]:
        """The chances of free cells by player: the rivals seated after the player have one turn
        more, and once the end is triggered only they do (ruling SHELFIE_END_ROUND)."""
        return tuple(
            chances_of((0.0 if ends else self.turns) + (other > self.player))
            for other in range(self.state.num_players)
        )

    def _position(self, sheets: Sequence[Sheet], ends: bool) -> float:
        """The player's expected lead at the end of the game."""
        player, rivals = self.player, self.rivals
        if self._settled(ends) and rivals:
            return sheets[player].score() - max(sheets[rival].score() for rival in rivals)
        outlooks = self._outlooks(ends)
        everyone = (player, *rivals)
        mine = _expected_points(sheets, player, outlooks, rivals)
        if not rivals:
            return mine
        theirs = sum(
            _expected_points(sheets, rival, outlooks, [o for o in everyone if o != rival])
            for rival in rivals
        )
        return mine - theirs / len(rivals)

    def _worth(self, lead: float, ends: bool) -> float:
        if not self.for_the_win or not self.rivals:
            return lead
        if self._settled(ends):
            return 1.0 if lead > 0.5 else 0.5 if lead > -0.5 else 0.0  # leads are whole here
        spread = sqrt(_SPREAD_LAST_TURN + _SPREAD_PER_TURN * (0.0 if ends else self.turns))
        return 0.5 * (1.0 + erf(lead / (spread * sqrt(2.0))))
