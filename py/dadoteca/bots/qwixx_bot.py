"""Qwixx computer players: one decision rule, three ways of valuing a sheet.

Every level plays the same way once it has a value for a sheet: with the dice on the table it
tries every way of using them — action 1 (the white sum in any row, or nothing) followed, when it
is the active player, by action 2 (a white die plus a colour die, or nothing) — and takes the one
whose points gained now plus the value of the sheet left behind is largest; crossing nothing at
all as the active player costs the penalty's 5 points. The dice are known when deciding, so the
only expectation left is over future rolls, which is what the sheet value stands for.

- **easy** values a sheet by its points only, minus one point for every number it leaves behind:
  it crosses eagerly and learns nothing about when a skip is worth it.
- **normal** values each row as the points it would reach if it also crossed a fixed share of the
  numbers still open to it (more to come in a row with many free numbers, and more points per
  cross in a row that is already long), less the penalties.
- **expert**, solo, values a sheet with a table fitted to the exact solution of solo Qwixx
  (``build/train_qwixx.py`` solves it by dynamic programming, in C: best play scores 115.48 on
  average). A row is its last crossed position and its number of crosses
  (``qwixx_model.row_code``; 62 codes solo); the value of a sheet is its points plus one entry per
  pair of its rows (:func:`features`), read in a context: the penalties taken and whether a row is
  locked. Red-yellow and green-blue read one table, the four pairs of rows running opposite ways
  another, as solo Qwixx is the same game with red and yellow swapped, or green and blue, or every
  die d turned into 7 - d. Fitted where best play makes its choices (every sheet any turn of
  100,000 games played best could end on), it is within 0.15 points of the exact value there
  (root mean square), and choosing by it loses 0.03 points a game to best play. Where the two best
  sheets a turn can end on are within half a point, it looks one roll further: the exact
  expectation, over the 21 white pairs and the colour dice, of the best turn after each
  (:func:`expected_after_next_roll`), which brings the loss to about 0.01 points a game (mean
  115.35 over 10,000 games, ``simulate qwixx --players expert --games 10000 --seed 1``).
  With rivals it plays for its lead instead: its points plus the normal level's outlook of its
  rows (a share of the free numbers that shrinks as rows close), less the best rival's, and a
  bonus for a game it ends ahead. So it locks a row a rival needs, ends the game when it is
  ahead, and keeps it going when behind. (The solo table does not transfer: rivals end the game
  sooner. Tables learned by two-player self-play won fewer games against the normal level than
  this outlook does.) Then it searches: the best few
  actions by that lead (within a margin of the best) are each played out to the end of the game
  on the same sampled dice (its own dice, never the game's), fast, on the model of the game in
  row codes (``qwixx_model``, the rules the engine applies, checked against it): itself by that
  one-step lead rule, the rivals as the normal level. The play-outs race: they come in rounds of
  16, and from the second round on a contender losing to the first by more than a standard error
  is dropped, so the time goes to the close calls (up to 128 games each, 384 per decision). It
  leaves the one-step choice only for an action that wins clearly more of those games (by more
  than a standard error of the paired difference): rollouts are noisy, and following their noise
  would lose more games than the search wins. (Against the normal level in 400 two-player games,
  32 rollouts per contender won 63.7%, 64 won 66.0%, the race 69.2% (71.6% of another 400;
  71.0% of 2,000, 95% interval 69.0-72.9%) with a decision p95 of 167 ms in Pyodide.)
"""

from __future__ import annotations

import math
import statistics
import sys
from abc import abstractmethod
from array import array
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import ClassVar, Final, NamedTuple

from ..core import Action, AnyState, draw, seed_generator
from ..qwixx import (
    LOCK_BIT,
    LOCKS_TO_END,
    PENALTY_BOXES,
    RED,
    Cross,
    Pass,
    Phase,
    QwixxState,
    Sheet,
    action2_crosses,
    row_points,
)
from .base import (
    LEAD,
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
from .qwixx_model import (
    CLOSED_CODES,
    CROSSED,
    FREE_NUMBERS,
    ROW_CODES,
    START,
    Dice,
    action1_sheets,
    crosses_in,
    game_over,
    locks_end_game,
    model_dice,
    model_sheet,
    points,
    sheet_codes,
    shut,
    turn_options,
    with_penalty,
)

__all__ = [
    "BOTS",
    "FEATURES",
    "EasyQwixxBot",
    "ExpertQwixxBot",
    "NormalQwixxBot",
    "expected_after_next_roll",
    "features",
    "load_values",
    "paired_gain",
]

VALUE_SCALE: Final = 100  # the file holds values in hundredths of a point, as 16-bit integers
VALUES_FILE: Final = Path(__file__).with_name("qwixx_values.bin")


def _solo_codes() -> tuple[int, ...]:
    """The row codes a row of a solo game can have, in increasing order: every code crossing
    reaches from an empty row (a closed one is locked by the player: nobody else can)."""
    reached, frontier = {START}, [START]
    while frontier:
        for after in CROSSED[RED][frontier.pop()]:
            if after >= 0 and after not in reached:
                reached.add(after)
                frontier.append(after)
    return tuple(sorted(reached))


SOLO_CODES: Final = _solo_codes()
"""The 62 row codes of solo rows, which the expert's table is indexed by (position in this)."""
_CODES: Final = len(SOLO_CODES)
_LOCKED: Final = tuple(k for k, code in enumerate(SOLO_CODES) if code >= CLOSED_CODES)
PAIR_INDEX: Final = tuple(
    SOLO_CODES.index(code)
    if code in SOLO_CODES
    # A row another player locked, short of 5 crosses (never solo): a locked row of the table.
    else min(_LOCKED, key=lambda k: abs(crosses_in(SOLO_CODES[k]) - crosses_in(code)))
    if code >= CLOSED_CODES
    else -1  # no sheet has it
    for code in range(ROW_CODES)
)
"""By row code of the model: its index in :data:`SOLO_CODES`."""
_PAIR_ROW: Final = tuple(index * _CODES for index in PAIR_INDEX)
CONTEXTS: Final = PENALTY_BOXES * 2  # penalties taken (0-3) x a row locked or not
_PAIR_ENTRIES: Final = _CODES * _CODES
FEATURES: Final = 2 * CONTEXTS * _PAIR_ENTRIES
"""The entries of the table in memory: two tables of pairs of row codes in each context."""
STORED_VALUES: Final = 2 * CONTEXTS * _CODES * (_CODES + 1) // 2
"""The values in the file: each table holds the same value for (a, b) and (b, a), stored once."""


def features(sheet: Sequence[int]) -> tuple[int, int, int, int, int, int]:
    """The table entries whose sum (plus its points) values a solo sheet of the model
    (qwixx_model) not over: one per pair of its rows, in its context (the penalties taken and
    whether a row is locked). Red-yellow and green-blue read the table of rows running the same
    way, the other four pairs the table of rows running opposite ways, as solo Qwixx is the same
    game with red and yellow swapped, or green and blue, or every die d turned into 7 - d (the
    ascending rows swapped with the descending ones)."""
    a, b, c, d, penalties = sheet
    locked = a >= CLOSED_CODES or b >= CLOSED_CODES or c >= CLOSED_CODES or d >= CLOSED_CODES
    same = (penalties * 2 + locked) * _PAIR_ENTRIES
    opposite = same + CONTEXTS * _PAIR_ENTRIES
    index, row = PAIR_INDEX, _PAIR_ROW
    red, yellow = row[a], row[b]
    green, blue = index[c], index[d]
    return (
        same + red + index[b],
        same + row[c] + blue,
        opposite + red + green,
        opposite + red + blue,
        opposite + yellow + green,
        opposite + yellow + blue,
    )


def load_values(path: Path = VALUES_FILE) -> list[float]:
    """The expert's table (written by ``build/train_qwixx.py``), both halves of each pair table
    filled in."""
    numbers = array("h")
    numbers.frombytes(path.read_bytes())
    if sys.byteorder == "big":
        numbers.byteswap()  # the file is little-endian
    if len(numbers) != STORED_VALUES:
        raise ValueError(f"{path.name} holds {len(numbers)} values, not {STORED_VALUES}")
    values = [0.0] * FEATURES
    stored = iter(numbers)
    for table in range(0, FEATURES, _PAIR_ENTRIES):  # by kind of pair, then by context
        for low in range(_CODES):
            for high in range(low, _CODES):
                values[table + low * _CODES + high] = values[table + high * _CODES + low] = (
                    next(stored) / VALUE_SCALE
                )
    return values


class Choice(NamedTuple):
    """A way to play the dice: its value, the action to take now, and the sheet and closed
    rows it leaves at the end of the turn."""

    value: float
    action: Action
    sheet: Sheet
    closed: int


def is_over(sheet: Sheet, closed: int) -> bool:
    """The game is over once an action left ``sheet`` (the active player's) and rows ``closed``."""
    return game_over(model_sheet(sheet, closed))


class QwixxBot(Bot):
    """The shared decision rule; a level is a way of valuing an outcome (:meth:`outcome`)."""

    def _think(self, state: AnyState, player: int, seed: int) -> Thinking:
        assert isinstance(state, QwixxState)
        yield from ()  # a few dozen sheets valued: no pause needed
        return self.best_first(state, player)[0].action

    def best_first(self, state: QwixxState, player: int) -> list[Choice]:
        """:meth:`choices`, the best first (ties in the order they come)."""
        return sorted(self.choices(state, player), key=lambda choice: -choice.value)

    def choices(self, state: QwixxState, player: int) -> Iterator[Choice]:
        """Every way to play the dice, valued by :meth:`outcome`."""
        sheet = state.sheets[player]
        deciding_action1 = state.phase == Phase.ACTION1
        active = player == state.active
        for action in state.legal_actions(player):
            after, closed = _crossed(sheet, state.closed, action)
            if deciding_action1 and active and closed.bit_count() < LOCKS_TO_END:
                for end in _action2_ends(state, after, closed, isinstance(action, Cross)):
                    yield Choice(self.outcome(state, player, *end), action, *end)
            else:
                penalty = (
                    not deciding_action1
                    and isinstance(action, Pass)
                    and state.passing_costs_a_penalty
                )
                end_sheet = after.with_penalty() if penalty else after
                yield Choice(
                    self.outcome(state, player, end_sheet, closed), action, end_sheet, closed
                )

    def outcome(self, state: QwixxState, player: int, sheet: Sheet, closed: int) -> float:
        """Points on ``sheet`` plus what it can still expect; an ended game expects nothing."""
        if is_over(sheet, closed):
            return sheet.score()
        return sheet.score() + self.value(sheet, closed)

    @abstractmethod
    def value(self, sheet: Sheet, closed: int) -> float:
        """The points ``sheet`` can still expect from future rolls, rows ``closed`` being shut."""


def _action2_ends(
    state: QwixxState, sheet: Sheet, closed: int, crossed_in_action1: bool
) -> Iterator[tuple[Sheet, int]]:
    """The sheets (and closed rows) action 2 can leave after action 1 left ``sheet``."""
    dice = state.shown_dice
    yield (sheet if crossed_in_action1 else sheet.with_penalty()), closed
    for cross in action2_crosses(sheet, dice, closed):
        yield _crossed(sheet, closed, cross)


def _crossed(sheet: Sheet, closed: int, action: Action) -> tuple[Sheet, int]:
    if not isinstance(action, Cross):
        return sheet, closed
    after = sheet.cross(action.row, action.number)
    return after, closed | (1 << action.row if after.rows[action.row] & LOCK_BIT else 0)


def _open_rows(sheet: Sheet, closed: int) -> list[tuple[int, int]]:
    """(crosses, numbers right of the last cross) of every row still open."""
    return [
        (crosses_in(code), FREE_NUMBERS[code])
        for code in sheet_codes(sheet, closed)
        if code < CLOSED_CODES
    ]


class EasyQwixxBot(QwixxBot):
    level = "easy"

    def value(self, sheet: Sheet, closed: int) -> float:
        return sum(free for _, free in _open_rows(sheet, closed))


class NormalQwixxBot(QwixxBot):
    level = "normal"
    SHARE_OF_FREE_NUMBERS: Final = 0.45

    def value(self, sheet: Sheet, closed: int) -> float:
        return outlook(sheet, closed, self.SHARE_OF_FREE_NUMBERS)


def outlook(sheet: Sheet, closed: int, share: float) -> float:
    """The points ``sheet``'s open rows would add if each crossed ``share`` of its free numbers."""
    return sum(row_outlook(crosses, free, share) for crosses, free in _open_rows(sheet, closed))


def row_outlook(crosses: int, free: int, share: float) -> float:
    """The points a row of ``crosses`` would add if it crossed ``share`` of its ``free`` numbers."""
    reach = crosses + share * free
    return reach * (reach + 1) / 2 - row_points(crosses)


WHITE_PAIRS: Final = tuple(
    (low, high, (1 if low == high else 2) / 36) for low in range(1, 7) for high in range(low, 7)
)
_NEVER: Final = -1e9


def solo_total(values: Sequence[float], sheet: Sequence[int]) -> float:
    """Points of a solo sheet of the model plus what it can still expect."""
    total = points(sheet)
    if game_over(sheet):
        return total
    a, b, c, d, e, f = features(sheet)
    return total + values[a] + values[b] + values[c] + values[d] + values[e] + values[f]


def expected_after_next_roll(values: Sequence[float], sheet: list[int]) -> float:
    """Solo: the expected :func:`solo_total` after the next turn, played best on ``values``.

    Exact over the dice: for each white pair, the turn's best is the best of action 1 alone
    and, per open row, the best action 2 its colour die allows after any action 1; the colour
    dice are independent, so the expected best of those per-row values has a closed form.
    """
    if game_over(sheet):
        return solo_total(values, sheet)
    tables: dict[tuple[int, ...], list[list[float]]] = {}

    def action2_totals(start: list[int]) -> list[list[float]]:
        """[row][number]: the total after action 2 crosses ``number`` in ``row`` from start."""
        key = tuple(start)
        found = tables.get(key)
        if found is None:
            found = tables[key] = []
            for row in range(4):
                code, by_number = start[row], CROSSED[row][start[row]]
                totals = [_NEVER] * len(by_number)
                for number, crossed in enumerate(by_number):
                    if crossed >= 0:
                        start[row] = crossed
                        totals[number] = solo_total(values, start)
                start[row] = code
                found.append(totals)
        return found

    open_rows = [row for row in range(4) if sheet[row] < CLOSED_CODES]
    passing = solo_total(values, with_penalty(sheet))
    expected = 0.0
    for low, high, chance in WHITE_PAIRS:
        best_without_action2 = passing
        starts = [action2_totals(sheet)]
        for row in open_rows:
            code = sheet[row]
            sheet[row] = CROSSED[row][code][low + high]
            if sheet[row] >= 0:
                best_without_action2 = max(best_without_action2, solo_total(values, sheet))
                if not locks_end_game(sheet):
                    starts.append(action2_totals(sheet))
            sheet[row] = code
        per_row = []
        for row in open_rows:
            faces = [_NEVER] * 6  # by colour die: the best its two sums allow after any action 1
            for totals in starts:
                by_number = totals[row]
                faces = list(
                    map(max, faces, by_number[low + 1 : low + 7], by_number[high + 1 : high + 7])
                )
            per_row.append(faces)
        expected += chance * _expected_best(best_without_action2, per_row)
    return expected


def _expected_best(floor: float, per_row: list[list[float]]) -> float:
    """E[max(floor, per_row[r][die_r] for every r)], each die uniform over its six faces."""
    counts = [0] * len(per_row)  # faces of each row at most the value reached so far
    scale = 6.0 ** len(per_row)
    expected = below = floor
    for value, row in sorted((value, row) for row, faces in enumerate(per_row) for value in faces):
        if value > below:
            at_most = 1  # the chance (times scale) that no row beats ``below``
            for count in counts:
                at_most *= count
            expected += (value - below) * (1 - at_most / scale)
            below = value
        counts[row] += 1
    return expected


# --- Rollouts: the rest of a game with rivals, played fast on the model's sheets ---------------
# A player in a rollout is a sheet of qwixx_model, [red, yellow, green, blue, penalties] in row
# codes (rows shut by anyone are closed codes on every sheet), played by the model's rules. The
# rollout's own player plays by the expert's one-step rule with rivals (lead_value), the others
# as the normal level does (normal_value).


def outlook_by_code(share: float) -> tuple[float, ...]:
    """By row code: the points an open row would add crossing ``share`` of its free numbers."""
    return tuple(
        0.0 if code >= CLOSED_CODES else row_outlook(crosses_in(code), FREE_NUMBERS[code], share)
        for code in range(ROW_CODES)
    )


NORMAL_OUTLOOK: Final = outlook_by_code(NormalQwixxBot.SHARE_OF_FREE_NUMBERS)
LEAD_SHARE: Final = 0.45  # the expert's outlook with rivals: as the normal level's ...
LEAD_SHARE_LESS_PER_CLOSED_ROW: Final = 0.05  # ... less per closed row
LEAD_OUTLOOK: Final = tuple(
    outlook_by_code(LEAD_SHARE - LEAD_SHARE_LESS_PER_CLOSED_ROW * closed)
    for closed in range(LOCKS_TO_END)
)
WIN_BONUS: Final = 10.0  # with rivals: ending the game ahead is worth this much more
SheetValue = Callable[[list[int]], float]


def normal_value(sheet: list[int]) -> float:
    """The normal level's value of a rollout sheet: points, plus the outlook unless it is over."""
    total = points(sheet)
    if game_over(sheet):
        return total
    a, b, c, d, _ = sheet
    return total + NORMAL_OUTLOOK[a] + NORMAL_OUTLOOK[b] + NORMAL_OUTLOOK[c] + NORMAL_OUTLOOK[d]


def lead_value(sheet: list[int], rivals: list[list[int]]) -> float:
    """The expert's value of a rollout sheet with rivals (see ExpertQwixxBot.outcome): the lead
    over the best rival, outlooks included, or the final lead and the bonus if it ends the game.
    A row ``sheet`` has just locked counts as closed for the rivals too."""
    open_now, open_after_lock = LEAD_OUTLOOK
    over = game_over(sheet)  # rows are shut on every sheet at once: no rival has one open here
    own_points = points(sheet)
    value = math.inf
    for rival in rivals:
        closed = 0
        lead: float = own_points - points(rival)
        outlook = outlook_after_lock = 0.0
        for row in range(4):
            mine, theirs = sheet[row], rival[row]
            if mine >= CLOSED_CODES or theirs >= CLOSED_CODES:
                closed += 1
            else:
                outlook += open_now[mine] - open_now[theirs]
                outlook_after_lock += open_after_lock[mine] - open_after_lock[theirs]
        if over:
            lead += WIN_BONUS if lead > 0 else -WIN_BONUS if lead < 0 else 0
        else:
            lead += outlook_after_lock if closed else outlook
        value = min(value, lead)
    return value


def rollout_action1(sheet: list[int], white_sum: int, value: SheetValue) -> list[int]:
    """A non-active player's action 1 (the white sum in a row, or nothing): the sheet it
    leaves, the best by ``value``."""
    best, chosen = value(sheet), sheet
    for after in action1_sheets(sheet, white_sum):
        after_value = value(after)
        if after_value > best:
            best, chosen = after_value, after
    return chosen


def rollout_turn(sheet: list[int], dice: Dice, value: SheetValue) -> tuple[list[int], list[int]]:
    """The active player's turn, the best by ``value``: the sheets after action 1 and at the
    end of the turn."""
    options = turn_options(sheet, dice)
    chosen_action1, chosen = sheet, options[0][1]
    best = value(chosen)
    for after, end, _ in options[1:]:
        after_value = value(end)
        if after_value > best:
            best, chosen_action1, chosen = after_value, after, end
    for after, _, ends in options:
        for end in ends:
            after_value = value(end)
            if after_value > best:
                best, chosen_action1, chosen = after_value, after, end
    return chosen_action1, chosen


class RolloutDice:
    """The dice of one rollout, turn by turn, drawn from a generator as far as they are needed;
    kept so that every candidate is played out on the same dice."""

    def __init__(self, generator: int) -> None:
        self.generator = generator
        self.turns: list[Dice] = []

    def __getitem__(self, turn: int) -> Dice:
        while turn >= len(self.turns):
            self.generator, value = draw(self.generator)
            faces = []
            for _ in range(6):
                value, face = divmod(value, 6)
                faces.append(face + 1)
            a, b, c, d, e, f = faces
            self.turns.append((a, b, c, d, e, f))
        return self.turns[turn]


def play_out(
    sheets: list[list[int]], active: int, closed: int, dice: RolloutDice, player: int
) -> list[int]:
    """Play the game on from the start of ``active``'s turn, ``player`` as the expert plays
    with rivals and the others as the normal level; the final scores."""
    turn = 0
    while True:
        rolled = dice[turn]
        turn += 1
        values = [
            partial(lead_value, rivals=sheets[:k] + sheets[k + 1 :])
            if k == player
            else normal_value
            for k in range(len(sheets))
        ]
        before = sheets[active]
        action1, end = rollout_turn(before, rolled, values[active])
        for k, sheet in enumerate(sheets):
            sheets[k] = (
                action1 if k == active else rollout_action1(sheet, rolled[0] + rolled[1], values[k])
            )
        known = closed
        closed = shut(sheets, known)
        if locks_end_game(sheets[active]):
            break  # no action 2
        if end is not action1:
            if closed != known and any(
                end[row] != action1[row] and closed >> row & 1 for row in range(4)
            ):  # a rival locked the row of the planned action 2: it crosses nothing instead
                end = sheets[active] if action1 is not before else with_penalty(sheets[active])
            sheets[active] = end
            closed = shut(sheets, known)
            if game_over(sheets[active]):
                break
        active = (active + 1) % len(sheets)
    return [points(sheet) for sheet in sheets]


class ExpertQwixxBot(Expert, QwixxBot):
    level = "expert"
    # With rivals, whether close calls are played out; without, every choice keeps its lead.
    plays_out: ClassVar[bool] = True
    LOOKAHEAD_CHOICES: Final = 2  # solo: how many of the best choices look one roll further
    LOOKAHEAD_MARGIN: Final = 0.5  # ... if valued within this many points of the best

    ROLLOUT_CHOICES: ClassVar[int] = 6  # with rivals: how many best choices are played out
    ROLLOUT_MARGIN: Final = 8.0  # ... if valued within this many points of the best
    ROLLOUT_ROUND: Final = 16  # games played out per contender before they are weighed again
    MAX_ROLLOUTS: ClassVar[int] = 128  # games played out per contender at most ...
    ROLLOUT_BUDGET: ClassVar[int] = 384  # ... and per decision (the time a decision may take)
    DROP_Z: Final = 1.0  # standard errors of loss to the first contender that drop a contender
    LEAD_WEIGHT: Final = 0.03  # a point of lead in a played-out game, in wins
    SWITCH_Z: Final = 1.0  # standard errors of gain over the first contender needed to switch

    def __init__(self, values: Sequence[float] | None = None) -> None:
        self.values = load_values() if values is None else values

    def value(self, sheet: Sheet, closed: int) -> float:
        values = self.values
        return sum(values[i] for i in features(model_sheet(sheet, closed)))

    def outcome(self, state: QwixxState, player: int, sheet: Sheet, closed: int) -> float:
        """Solo, points plus expectation; with rivals, the lead over the best of them."""
        if state.num_players == 1:
            return super().outcome(state, player, sheet, closed)
        sheets = [*state.sheets[:player], sheet, *state.sheets[player + 1 :]]
        if is_over(sheet, closed):
            lead = sheet.score() - max(s.score() for k, s in enumerate(sheets) if k != player)
            return lead + (WIN_BONUS if lead > 0 else -WIN_BONUS if lead < 0 else 0)
        share = LEAD_SHARE - LEAD_SHARE_LESS_PER_CLOSED_ROW * closed.bit_count()
        totals = [s.score() + outlook(s, closed, share) for s in sheets]
        return totals[player] - max(totals[:player] + totals[player + 1 :])

    def appraise(self, state: AnyState, player: int, seed: int) -> Appraising:
        """The best choice by :meth:`outcome`, unless a close contender does better when weighed
        again: solo one roll further on (in expected points), with rivals by playing the game
        out (in games won, when the race is run; else in expected lead)."""
        assert isinstance(state, QwixxState)
        choices = self.best_first(state, player)
        if state.num_players == 1:
            return (yield from self._looked_ahead(choices))
        # Only the action is chosen now (action 2 is decided again once action 1 is known):
        # the rollouts weigh different actions, each with its best plan.
        firsts: dict[Action, Choice] = {}
        for choice in choices:
            firsts.setdefault(choice.action, choice)
        plans = list(firsts.values())
        best_value = plans[0].value
        contenders = [
            plan
            for plan in plans[: self.ROLLOUT_CHOICES]
            if plan.value >= best_value - self.ROLLOUT_MARGIN
        ]
        if len(contenders) < 2 or not self.plays_out:
            return Appraisal(LEAD, tuple(Weighed(plan.action, plan.value) for plan in plans))
        return (yield from self.play_out(state, player, contenders, seed))

    def might_choose(
        self, state: AnyState, player: int, valued: Appraisal, action: Action
    ) -> bool:
        """Solo, the reviewer's appraisal is this expert's own; with rivals, only a contender
        of :meth:`appraise` (a choice close to the best by the reviewer's lead) is played out."""
        assert isinstance(state, QwixxState)
        if state.num_players == 1:
            return False
        best = valued.options[0].value
        return any(
            weighed.action == action and weighed.value >= best - self.ROLLOUT_MARGIN
            for weighed in valued.options[: self.ROLLOUT_CHOICES]
        )

    def _looked_ahead(self, choices: list[Choice]) -> Appraising:
        """Solo: the best few sheets the choices end on, within a margin of the best, valued one
        roll further on (the exact expectation of the next turn played best), and so every
        choice ending on one of them (as actions 1 and 2 can reach one sheet either way); the
        first of the best of them."""
        best_value = choices[0].value
        ends: dict[tuple[Sheet, int], float] = {}
        for choice in choices:
            if (
                len(ends) == self.LOOKAHEAD_CHOICES
                or choice.value < best_value - self.LOOKAHEAD_MARGIN
            ):
                break
            ends[choice.sheet, choice.closed] = choice.value
        if len(ends) < 2:
            weighed = [Weighed(choice.action, choice.value) for choice in choices]
            return Appraisal(POINTS, ordered(weighed[0], weighed))
        for sheet, closed in ends:
            yield
            ends[sheet, closed] = expected_after_next_roll(self.values, model_sheet(sheet, closed))
        looked = [
            Weighed(choice.action, ends.get((choice.sheet, choice.closed), choice.value))
            for choice in choices
        ]
        best = max(
            (
                weighed
                for weighed, choice in zip(looked, choices, strict=True)
                if (choice.sheet, choice.closed) in ends
            ),
            key=lambda weighed: weighed.value,
        )  # the first of equals
        return Appraisal(POINTS, ordered(best, looked))

    def play_out(
        self, state: QwixxState, player: int, contenders: list[Choice], seed: int
    ) -> Appraising:
        """The contender that wins more often than the first (the best by :meth:`outcome`) when
        the game is played out from each on the same dice (this player by the one-step rule with
        rivals, the others as the normal level): the first unless a rival contender's mean gain
        over it exceeds SWITCH_Z standard errors (paired over the rollouts), as a few dozen
        rollouts are noisy and following their noise loses games. The rollouts come in rounds;
        from the second on, a contender losing to the first by more than DROP_Z standard errors
        is dropped, so the time goes to the close calls. The contenders are valued by the
        share of their played-out games won (a shared win counting half)."""
        starts = [rollout_start(state, player, choice) for choice in contenders]
        results: list[list[float]] = [[] for _ in contenders]
        wins: list[list[float]] = [[] for _ in contenders]
        racing = list(range(len(contenders)))
        generator = seed_generator(seed)
        played = 0
        while (
            len(racing) > 1
            and len(results[0]) < self.MAX_ROLLOUTS
            and played + self.ROLLOUT_ROUND * len(racing) <= self.ROLLOUT_BUDGET
        ):
            for _ in range(self.ROLLOUT_ROUND):
                generator, rollout_seed = draw(generator)
                dice = RolloutDice(seed_generator(rollout_seed))
                for index in racing:
                    yield  # one game played out per pause: a few ms at most on a slow phone
                    sheets, active, closed, over = starts[index]
                    copies = [sheet.copy() for sheet in sheets]
                    scores = (
                        [points(sheet) for sheet in copies]
                        if over
                        else play_out(copies, active, closed, dice, player)
                    )
                    results[index].append(self.result(scores, player))
                    wins[index].append(won(scores, player))
            played += self.ROLLOUT_ROUND * len(racing)
            if len(results[0]) > self.ROLLOUT_ROUND:
                racing = [0] + [
                    index
                    for index in racing[1:]
                    if paired_gain(results[index], results[0], self.DROP_Z) >= 0
                ]
        best, best_gain = 0, 0.0
        for index in range(1, len(contenders)):
            gain = paired_gain(results[index], results[0], 0.0)
            if gain > best_gain and paired_gain(results[index], results[0], -self.SWITCH_Z) > 0:
                best, best_gain = index, gain
        weighed = [
            Weighed(contender.action, statistics.fmean(won))
            for contender, won in zip(contenders, wins, strict=True)
        ]
        return Appraisal(WIN_CHANCE, ordered(weighed[best], weighed))

    def result(self, scores: list[int], player: int) -> float:
        """A played-out game for ``player``: 1 for a win, 1/2 for a shared one, 0 for a loss,
        and a little for the lead."""
        lead = scores[player] - max(scores[:player] + scores[player + 1 :])
        return won(scores, player) + self.LEAD_WEIGHT * lead


def won(scores: list[int], player: int) -> float:
    """A finished game for ``player``: 1 won, 1/2 a shared win, 0 lost."""
    best_rival = max(scores[:player] + scores[player + 1 :])
    return 1.0 if scores[player] > best_rival else 0.5 if scores[player] == best_rival else 0.0


def paired_gain(results: Sequence[float], first: Sequence[float], z: float) -> float:
    """The mean gain of a contender's ``results`` over the first contender's on the same
    rollouts (``first`` may have more), plus ``z`` standard errors of that mean."""
    differences = [a - b for a, b in zip(results, first[: len(results)], strict=True)]
    error = statistics.pstdev(differences) / math.sqrt(len(differences))
    return statistics.fmean(differences) + z * error


def rollout_start(
    state: QwixxState, player: int, choice: Choice
) -> tuple[list[list[int]], int, int, bool]:
    """Where a rollout of ``choice`` starts: the sheets once the turn is over (the rivals
    finishing it as the normal level would, on the dice rolled), who is active next, the rows
    closed and whether the game is over."""
    sheets = [
        model_sheet(choice.sheet, choice.closed)
        if k == player
        else model_sheet(sheet, state.closed)
        for k, sheet in enumerate(state.sheets)
    ]
    if state.phase == Phase.ACTION1:
        rolled = model_dice(state.shown_dice)
        for k, sheet in enumerate(sheets):
            if k == state.active != player:
                sheets[k] = rollout_turn(sheet, rolled, normal_value)[1]
            elif k != player:
                sheets[k] = rollout_action1(sheet, rolled[0] + rolled[1], normal_value)
    closed = shut(sheets, -1)
    return sheets, (state.active + 1) % len(sheets), closed, game_over(sheets[state.active])


class ReviewingQwixxBot(ExpertQwixxBot):
    """The expert as a game's review weighs every decision: its valuation without the
    play-outs, so each choice has a value in points (solo) or points of lead (with rivals),
    and a whole game is reviewed in seconds."""

    plays_out = False


class CoachingQwixxBot(ExpertQwixxBot):
    """The expert as the coach's hint asks it: the same close calls played out, on fewer games
    (a hint asked the moment the dice land is painted within 200 ms on a phone 4x slower than
    a laptop, where the expert's 384 games take a second). Bounded by work, not by time, so a
    hint is the same whether it was worked out ahead or when asked, and a review finds it
    again."""

    ROLLOUT_CHOICES = 3  # one round of each within the budget
    MAX_ROLLOUTS = 32
    ROLLOUT_BUDGET = 48


_EXPERT: Final = ExpertQwixxBot()
BOTS: Final[dict[str, Bot]] = {
    "easy": EasyQwixxBot(),
    "normal": NormalQwixxBot(),
    "expert": _EXPERT,
}
REVIEWER: Final = ReviewingQwixxBot(_EXPERT.values)
COACH: Final = CoachingQwixxBot(_EXPERT.values)
