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
  (:mod:`.values`: best play scores 115.48 on average, and choosing by the table loses
  0.03 points a game to it). Where the two best sheets a turn can end on are within half a
  point, it looks one roll further: the exact expectation, over the 21 white pairs and the
  colour dice, of the best turn after each (:func:`.values.expected_after_next_roll`),
  which brings the loss to about 0.01 points a game (mean 115.35 over 10,000 games,
  ``simulate qwixx --players expert --games 10000 --seed 1``).
  With rivals it plays for its lead instead: its points plus the normal level's outlook of its
  rows (a share of the free numbers that shrinks as rows close), less the best rival's, and a
  bonus for a game it ends ahead. So it locks a row a rival needs, ends the game when it is
  ahead, and keeps it going when behind. (The solo table does not transfer: rivals end the game
  sooner. Tables learned by two-player self-play won fewer games against the normal level than
  this outlook does.) Then it searches: the best few actions by that lead (within a margin of
  the best) are each played out to the end of the game on the same sampled dice (its own dice,
  never the game's), fast, on the model of the game in row codes (:mod:`.rollout`, by
  ``model``'s rules, those the engine applies, checked against it): itself by that
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
from abc import abstractmethod
from collections.abc import Iterator, Sequence
from typing import ClassVar, Final, NamedTuple

from dadoteca.bots.base import (
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
from dadoteca.core import Action, AnyState, draw, seed_generator
from dadoteca_games.qwixx.model import (
    CLOSED_CODES,
    FREE_NUMBERS,
    ROW_CODES,
    crosses_in,
    game_over,
    model_sheet,
    points,
    sheet_codes,
)
from dadoteca_games.qwixx.rollout import RolloutDice, play_out, rollout_start
from dadoteca_games.qwixx.rules import (
    BASE_VARIANT,
    LOCK_SHIFT,
    LOCKS_TO_END,
    Cross,
    Pass,
    Phase,
    QwixxState,
    Sheet,
    row_points,
)
from dadoteca_games.qwixx.values import expected_after_next_roll, features, load_values
from dadoteca_games.qwixx.variants import DoubleBSheet

__all__ = [
    "BOTS",
    "EasyQwixxBot",
    "ExpertQwixxBot",
    "NormalQwixxBot",
    "paired_gain",
]


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


def _firsts(choices: list[Choice]) -> list[Choice]:
    """The best plan of each action, best first: only the action is chosen now (action 2 is
    decided again once action 1 is known)."""
    firsts: dict[Action, Choice] = {}
    for choice in choices:
        firsts.setdefault(choice.action, choice)
    return list(firsts.values())


def _action2_ends(
    state: QwixxState, sheet: Sheet, closed: int, crossed_in_action1: bool
) -> Iterator[tuple[Sheet, int]]:
    """The sheets (and closed rows) action 2 can leave after action 1 left ``sheet``."""
    dice = state.shown_dice
    yield (sheet if crossed_in_action1 else sheet.with_penalty()), closed
    for cross in sheet.action2_crosses(dice, closed):
        yield _crossed(sheet, closed, cross)


def _crossed(sheet: Sheet, closed: int, action: Action) -> tuple[Sheet, int]:
    if not isinstance(action, Cross):
        return sheet, closed
    crossed = sheet.cross(action.row, action.number)
    # A crossed lock closes its row (whichever number the pad prints last in it).
    return crossed, closed | crossed.rows[action.row] >> LOCK_SHIFT << action.row


def _open_rows(sheet: Sheet, closed: int) -> list[tuple[int, int]]:
    """(crosses, numbers right of the last cross) of every row still open. On a Double B pad,
    the crosses as it counts them and each double box ahead as two numbers (ruling
    QWIXX_DOUBLE_B_DOUBLE_BOX): read as one, its rows' outlook undervalued long rows, and the
    normal level scored 119 points a game against the easy one's 101, not 143 against 106
    (100 seeded two-player games)."""
    codes = sheet_codes(sheet, closed)
    if sheet.__class__ is DoubleBSheet:
        return [
            (sheet.crosses(row), FREE_NUMBERS[code] + sheet.double_boxes_ahead(row))
            for row, code in enumerate(codes)
            if code < CLOSED_CODES
        ]
    return [(crosses_in(code), FREE_NUMBERS[code]) for code in codes if code < CLOSED_CODES]


class EasyQwixxBot(QwixxBot):
    level = "easy"

    def value(self, sheet: Sheet, closed: int) -> float:
        if sheet.__class__ is DoubleBSheet:
            return sum(free for _, free in _open_rows(sheet, closed))
        # Any other pad's rows looked up by their codes (a closed row's free numbers are 0):
        # faster than _open_rows, so base Qwixx's decisions do not pay for Double B's check.
        red, yellow, green, blue = sheet_codes(sheet, closed)
        return FREE_NUMBERS[red] + FREE_NUMBERS[yellow] + FREE_NUMBERS[green] + FREE_NUMBERS[blue]


class NormalQwixxBot(QwixxBot):
    level = "normal"
    SHARE_OF_FREE_NUMBERS: Final = 0.45

    def value(self, sheet: Sheet, closed: int) -> float:
        if sheet.__class__ is DoubleBSheet:
            return outlook(sheet, closed, self.SHARE_OF_FREE_NUMBERS)
        # Any other pad's rows looked up by their codes (NORMAL_OUTLOOK: outlook's own sums):
        # faster than outlook, so base Qwixx's decisions do not pay for Double B's check.
        red, yellow, green, blue = sheet_codes(sheet, closed)
        table = NORMAL_OUTLOOK
        return table[red] + table[yellow] + table[green] + table[blue]


def outlook(sheet: Sheet, closed: int, share: float) -> float:
    """The points ``sheet``'s open rows would add if each crossed ``share`` of its free numbers."""
    return sum(row_outlook(crosses, free, share) for crosses, free in _open_rows(sheet, closed))


def row_outlook(crosses: int, free: int, share: float) -> float:
    """The points a row of ``crosses`` would add if it crossed ``share`` of its ``free`` numbers."""
    reach = crosses + share * free
    return reach * (reach + 1) / 2 - row_points(crosses)


# --- Values of rollout sheets (rollout), in row codes ------------------------------------
# The rollout's own player plays by the expert's one-step rule with rivals (lead_value), the others
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
        if sheet.variant is not BASE_VARIANT:  # the table values base Qwixx's pad only
            return outlook(sheet, closed, NormalQwixxBot.SHARE_OF_FREE_NUMBERS)
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
        if state.variant is not BASE_VARIANT:
            # The look-ahead and the play-outs model base Qwixx's pad (qwixx_model), not a
            # variant's: there the expert plays its one-step choice.
            kind = POINTS if state.num_players == 1 else LEAD
            return Appraisal(kind, tuple(Weighed(c.action, c.value) for c in _firsts(choices)))
        if state.num_players == 1:
            return (yield from self._looked_ahead(choices))
        plans = _firsts(choices)
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
        starts = [
            rollout_start(state, player, choice.sheet, choice.closed, normal_value)
            for choice in contenders
        ]
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
                        else play_out(
                            copies,
                            active,
                            closed,
                            dice,
                            player,
                            lead_value=lead_value,
                            rival_value=normal_value,
                        )
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
