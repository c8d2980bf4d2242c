"""Qwixx (Steffen Benndorf), as the Italian rule book says, with our rulings where it is silent.

The sheet: red and yellow rows 2 → 12, green and blue rows 12 → 2, each followed by a lock box;
four penalty boxes (ruling QWIXX_SHEET): its rows, what a box allows and how it scores are
sheet.py's (a variant's pad: variants.py), re-exported here with the rules of a turn.

A turn: the active player rolls all dice still in the game; then

1. every player may cross the sum of the two white dice in one row — all decide, then all
   decisions apply together (ruling QWIXX_ACTION1_SIMULTANEOUS);
2. the active player alone may cross one white die plus one colour die in that colour's row, in
   the same row as action 1 too, to its right (ruling QWIXX_ACTION2_AFTER_ACTION1);

and the active player who crossed nothing in either action crosses a penalty box.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from dadoteca.core import (
    PASS,
    ROLLED,
    UNSEEN,
    Event,
    Game,
    Options,
    Outcome,
    Pass,
    RuleError,
    Template,
    Unseen,
    advance,
    built_from_fields,
    check_by_applying,
    core_error,
    ending_with,
    roll_dice,
    rule_breaker,
    seed_generator,
    turn_rules,
    winners_of,
)

from .sheet import (
    _CROSSABLE,
    _CROSSES,
    _WHITE_SUM_CROSSES,
    BASE_VARIANT,
    BLUE,
    CROSSES_BEFORE_LAST,
    GREEN,
    GREEN_BLUE,
    LAST_POSITION,
    LOCK_BIT,
    LOCK_SHIFT,
    MOST_CROSSES_SCORED,
    PENALTY_BOXES,
    PENALTY_POINTS,
    RED,
    RED_YELLOW,
    ROW_LETTERS,
    ROW_NAMES,
    SHEET_ROW_NAMES,
    YELLOW,
    Cross,
    PrintedSheet,
    Roll,
    Sheet,
    SheetRow,
    Variant,
    closes,
    crossable_positions,
    number_at,
    position_of,
    row_points,
)

__all__ = [
    "BASE_VARIANT",
    "BLUE",
    "BONUS_BOX_MOMENT",
    "COLOUR_SUM_MOMENT",
    "CROSSES_BEFORE_LAST",
    "DOUBLE_BOX_MOMENT",
    "EVENTS",
    "EXTRA_BOX_MOMENT",
    "GREEN",
    "GREEN_BLUE",
    "LAST_POSITION",
    "LOCKS_TO_END",
    "LOCK_BIT",
    "LOCK_SHIFT",
    "MOST_CROSSES_SCORED",
    "PASS",
    "PENALTY_BOXES",
    "PENALTY_POINTS",
    "QWIXX",
    "RED",
    "RED_YELLOW",
    "ROW_NAMES",
    "RULES",
    "SHEET_ROW_NAMES",
    "WHITE_SUM_MOMENT",
    "YELLOW",
    "Cross",
    "Pass",
    "Phase",
    "PrintedSheet",
    "Qwixx",
    "QwixxAction",
    "QwixxState",
    "Roll",
    "Sheet",
    "SheetRow",
    "Variant",
    "closes",
    "crossable_positions",
    "number_at",
    "position_of",
    "row_points",
]

# --- Rulings (docs/rulings.md, "Qwixx"), named where they are applied -----------------------------
QWIXX_SHEET = "Red and yellow run 2 → 12, green and blue 12 → 2, each followed by a lock."
QWIXX_ROW_SCORE = "n crosses score n(n+1)/2; the lock counts as a cross; a penalty is -5."
QWIXX_DICE = "Two white dice and one per colour; a locked row's die leaves the game at once."
QWIXX_ACTION1_SIMULTANEOUS = "Action 1 is decided by every player, then applied together."
QWIXX_ACTION2_AFTER_ACTION1 = "Action 2 is the active player's, after action 1, same row allowed."
QWIXX_PENALTY_ACTIVE_ONLY = "Only the active player who crosses nothing takes a penalty."
QWIXX_LOCK_CLOSES_FOR_ALL = "A locked row is closed for everyone once that action resolves."
QWIXX_GAME_END = "The game ends once the action making the 4th penalty or 2nd lock resolves."
QWIXX_SOLO = "Solo (house variant): the one player is active every turn."
QWIXX_SHEETS_ONLY = "Unseen dice (Sheets only): any number the sheet allows, in either action."

LOCKS_TO_END: Final = 2  # ruling QWIXX_GAME_END

# The rule book's rules, by the id a RuleError carries; the UI translates them by id.
RULES: Final[dict[str, Template]] = {
    **turn_rules("qwixx"),
    "qwixx.left_to_right": "In the {row} row you may only cross numbers right of your last cross",
    "qwixx.five_before_last": (
        "To cross the last number of the {row} row you need at least 5 crosses in that row"
    ),
    "qwixx.seven_before_last": (
        "To cross the last number of the {row} row you need at least 7 crosses in that row"
    ),
    "qwixx.extra_box_rightmost": (
        "In the {row} row only your rightmost crossed number's extra box may be crossed"
    ),
    "qwixx.extra_box_crossed": "That number of the {row} row has both its crosses already",
    "qwixx.extra_box_later": (
        "The extra box of the number just crossed in the {row} row waits for a later roll"
    ),
    "qwixx.row_locked": "The {row} row is locked: nobody may cross in it any more",
    "qwixx.white_sum": "In action 1 you may only cross the sum of the two white dice ({sum})",
    "qwixx.white_and_colour": (
        "In action 2 you may only cross a white die plus the {row} die in the {row} row"
    ),
    "qwixx.box_colour_die": (
        "In action 2 you may only cross a box with a white die plus the die of that box's colour"
    ),
    "qwixx.box_die_gone": (
        "That box's colour die left the game with its row's lock: only the white sum crosses it"
    ),
    "qwixx.already_decided": "Player {player} has already decided for action 1",
    "qwixx.bad_dice": "A roll needs two white dice and one die per open row, each 1-6: {text}",
    "qwixx.locked_die": "The {row} die left the game when its row was locked: it is not rolled",
    "qwixx.missing_die": "The {row} row is open: its die is rolled too",
    "qwixx.bonus_needs_colour": (
        "A {row} box needs its number crossed first in a colour row beside it"
    ),
    "qwixx.bonus_dice": (
        "In action 2 a {row} box needs a white die plus the die of a colour beside it"
        " whose row has that number crossed"
    ),
    "qwixx.bad_action": "Not a Qwixx action: {text}",
}


_broken: Final = rule_breaker(RULES)


# What a step can make happen, by event kind (core.Event): the templates the table hears.
ROW_LOCKED: Final = "qwixx.row_locked"
PENALTY: Final = "qwixx.penalty"
TWO_LOCKS: Final = "qwixx.two_locks"
FOUR_PENALTIES: Final = "qwixx.four_penalties"
EVENTS: Final[dict[str, str]] = {
    ROW_LOCKED: "{name} locked the {row} row: its die leaves the game",
    PENALTY: "{name} takes a penalty ({count} of {boxes})",
    TWO_LOCKS: "Two rows are locked: the game is over",
    FOUR_PENALTIES: "{name} took a fourth penalty: the game is over",
}
# Crosses are shown on the sheets, not said: an event for animations only (row, number).
CROSSED: Final = "qwixx.crossed"


QwixxAction = Cross | Pass | Roll | Unseen
# The chance outcomes, which no player plays: a tuple, as isinstance() takes it twice as fast as
# a ``Roll | Unseen`` built at each call.
CHANCE_OUTCOMES: Final = (Roll, Unseen)

# --- The state -------------------------------------------------------------------------------


class Phase:
    ROLL: Final = "roll"
    ACTION1: Final = "action1"
    ACTION2: Final = "action2"
    OVER: Final = "over"


_DIE_FACES: Final = frozenset(range(1, 7))
# The kinds of decision (State.moment_kinds): a first game's guide says each once.
WHITE_SUM_MOMENT: Final = "qwixx.white_sum"
COLOUR_SUM_MOMENT: Final = "qwixx.colour_sum"
BONUS_BOX_MOMENT: Final = "qwixx.bonus_box"
EXTRA_BOX_MOMENT: Final = "qwixx.extra_box"
DOUBLE_BOX_MOMENT: Final = "qwixx.double_box"


class QwixxState(NamedTuple):
    """A moment of a Qwixx game (a NamedTuple: immutable and cheap to build, see core.State).

    ``closed`` is the mask of locked rows, whose dice are out of the game; ``pending`` holds the
    action 1 decisions made so far, applied together once everyone has decided; in action 2,
    ``active_action1`` is the active player's action 1 cross (None: they passed).
    """

    sheets: tuple[Sheet, ...]
    generator: int
    active: int = 0
    phase: str = Phase.ROLL
    dice: Roll | Unseen | None = None
    pending: tuple[Cross | Pass | None, ...] = ()
    active_action1: Cross | None = None
    closed: int = 0
    turn: int = 1

    # -- who decides ------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.sheets)

    @property
    def deciders(self) -> tuple[int, ...]:
        if self.phase == Phase.ACTION1:
            return tuple([p for p, decision in enumerate(self.pending) if decision is None])
        if self.phase == Phase.ACTION2:
            return (self.active,)
        return ()

    @property
    def is_chance(self) -> bool:
        return self.phase == Phase.ROLL

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def roller(self) -> int | None:
        """The active player rolls (ruling QWIXX_DICE: every die still in the game)."""
        return self.active if self.phase == Phase.ROLL else None

    def is_closed(self, row: int) -> bool:
        """``row`` is locked, by anyone: closed for everyone (ruling QWIXX_LOCK_CLOSES_FOR_ALL)."""
        return bool(self.closed >> row & 1)

    @property
    def outcome(self) -> Outcome | None:
        """Ruling QWIXX_GAME_END: two rows locked, or the active player's fourth penalty."""
        if self.phase != Phase.OVER:
            return None
        scores = self.scores()
        if self.closed.bit_count() >= LOCKS_TO_END:
            lockers = tuple(
                p for p, sheet in enumerate(self.sheets) if any(map(sheet.is_locked, range(4)))
            )
            return Outcome(TWO_LOCKS, winners_of(scores), scores, lockers)
        return Outcome(FOUR_PENALTIES, winners_of(scores), scores, (self.active,))

    @property
    def dice_seen(self) -> bool:
        """The dice of this turn were rolled by the app or entered; False for a roll made at
        the table and not shown (ruling QWIXX_SHEETS_ONLY), or before the roll."""
        return isinstance(self.dice, Roll)

    @property
    def shown_dice(self) -> Roll:
        """This turn's dice, where they must have been seen (a computer's look, say)."""
        dice = self.dice
        assert isinstance(dice, Roll), "a roll the table did not show, or none yet"
        return dice

    @property
    def white_sum(self) -> int:
        if not isinstance(self.dice, Roll):
            raise _broken("qwixx.roll_first")
        return self.dice.white[0] + self.dice.white[1]

    @property
    def passing_costs_a_penalty(self) -> bool:
        """The active player, deciding action 2, crossed nothing in action 1 (a pass = penalty)."""
        return self.phase == Phase.ACTION2 and self.active_action1 is None

    def moment_kinds(self, player: int) -> tuple[str, ...]:
        """The white sum, everyone's (ruling QWIXX_ACTION1_SIMULTANEOUS), or the active
        player's white and coloured die; then, on a Big Points pad, a bonus box a cross may
        bring now (ruling QWIXX_BIG_POINTS_BONUS_BOX), on a Double A pad an extra box (ruling
        QWIXX_DOUBLE_A_EXTRA_BOX), on a Double B pad a double box (ruling
        QWIXX_DOUBLE_B_DOUBLE_BOX)."""
        if player not in self.deciders:
            return ()
        kind = WHITE_SUM_MOMENT if self.phase == Phase.ACTION1 else COLOUR_SUM_MOMENT
        sheet = self.sheets[player]
        if sheet.__class__ is not Sheet:
            crosses = [a for a in self.legal_actions(player) if isinstance(a, Cross)]
            if any(cross.row in (RED_YELLOW, GREEN_BLUE) for cross in crosses):
                return kind, BONUS_BOX_MOMENT
            # A number crossed already and legal again: its extra box.
            if any(cross.number in sheet.crossed_numbers(cross.row) for cross in crosses):
                return kind, EXTRA_BOX_MOMENT
            variant = sheet.variant
            if any(cross.number in variant.printed_row(cross.row).doubles for cross in crosses):
                return kind, DOUBLE_BOX_MOMENT
        return (kind,)

    # -- legal actions ----------------------------------------------------------------------

    def legal_actions(self, player: int) -> list[Cross | Pass]:
        pending = self.pending
        if self.phase == Phase.ACTION1 and 0 <= player < len(pending) and pending[player] is None:
            dice = self.dice
            sheet = self.sheets[player]
            if not isinstance(dice, Roll):
                return [PASS, *sheet.allowed_crosses(self.closed)]
            if sheet.__class__ is not Sheet:  # a variant's pad: its rule hooks
                return sheet.white_sum_crosses(dice.white[0] + dice.white[1], self.closed)
            rows = sheet.rows
            closed = self.closed
            legal: list[Cross | Pass] = [PASS]
            for row, position_bit, cross in _WHITE_SUM_CROSSES[dice.white[0] + dice.white[1]]:
                if not closed >> row & 1 and _CROSSABLE[rows[row]] & position_bit:
                    legal.append(cross)
            return legal
        if self.phase == Phase.ACTION2 and player == self.active:
            sheet = self.sheets[player]
            if sheet.__class__ is not Sheet:  # a variant's pad: its rule hooks
                return self._variant_action2(sheet)
            if not isinstance(self.dice, Roll):
                return [PASS, *sheet.allowed_crosses(self.closed)]
            return [PASS, *sheet.action2_crosses(self.dice, self.closed)]
        return []

    def _variant_action2(self, sheet: Sheet) -> list[Cross | Pass]:
        """Action 2 on a variant's pad. Only a pad with a second cross for a number can offer
        action 1's again (an extra box), which waits for a later roll: ruling
        QWIXX_DOUBLE_A_SAME_TURN."""
        crosses = (
            sheet.action2_crosses(self.dice, self.closed)
            if isinstance(self.dice, Roll)
            else sheet.allowed_crosses(self.closed)
        )
        return [PASS, *(cross for cross in crosses if cross != self.active_action1)]

    # -- applying actions -------------------------------------------------------------------

    def check(self, player: int, action: QwixxAction) -> RuleError | None:
        return check_by_applying(self, player, action)

    def apply(self, player: int, action: QwixxAction) -> QwixxState:
        if isinstance(action, CHANCE_OUTCOMES):
            raise _broken("qwixx.no_roll_now")
        if isinstance(action, Cross) and not (
            2 <= action.number <= 12
            and (0 <= action.row < 4 or 4 <= action.row < len(self.sheets[0].rows))
        ):
            raise _broken("qwixx.bad_action", text=repr(action)[:40])
        phase = self.phase
        if phase == Phase.ACTION1:
            return self._decide_action1(player, action)
        if phase == Phase.ACTION2:
            if player != self.active:
                raise _broken("qwixx.not_your_decision", player=player + 1)
            return self._resolve_action2(action)
        raise _broken("qwixx.game_over" if phase == Phase.OVER else "qwixx.roll_first")

    def _decide_action1(self, player: int, action: Cross | Pass) -> QwixxState:
        """Ruling QWIXX_ACTION1_SIMULTANEOUS: collect each decision; the last one resolves all."""
        if not 0 <= player < self.num_players:
            raise _broken("qwixx.not_your_decision", player=player + 1)
        if self.pending[player] is not None:
            raise _broken("qwixx.already_decided", player=player + 1)
        if isinstance(action, Cross):
            if self.dice is not UNSEEN and action.number != self.white_sum:
                raise _broken("qwixx.white_sum", sum=self.white_sum)
            self._check_cross(player, action)
        pending = list(self.pending)
        pending[player] = action
        if None in pending:
            return _new_state(
                (
                    self.sheets,
                    self.generator,
                    self.active,
                    self.phase,
                    self.dice,
                    tuple(pending),
                    None,
                    self.closed,
                    self.turn,
                )
            )
        return self._resolve_action1(pending)

    def _resolve_action1(self, decisions: list[Cross | Pass | None]) -> QwixxState:
        sheets = list(self.sheets)
        closed = self.closed
        for player, decision in enumerate(decisions):
            if isinstance(decision, Cross):
                sheet = sheets[player] = sheets[player].cross(decision.row, decision.number)
                # A crossed lock closes its row (whichever number a pad prints last in it).
                closed |= sheet.rows[decision.row] >> LOCK_SHIFT << decision.row
        active = decisions[self.active]
        # Ruling QWIXX_GAME_END: ending in action 1 means no action 2, and so no penalty.
        return _new_state(
            (
                tuple(sheets),
                self.generator,
                self.active,
                Phase.OVER if closed.bit_count() >= LOCKS_TO_END else Phase.ACTION2,
                self.dice,
                (),
                active if isinstance(active, Cross) else None,
                closed,
                self.turn,
            )
        )

    def _resolve_action2(self, action: Cross | Pass) -> QwixxState:
        sheets = list(self.sheets)
        closed = self.closed
        sheet = sheets[self.active]
        if isinstance(action, Cross):
            if self.dice is not UNSEEN:
                self._check_action2_dice(action)
            self._check_cross(self.active, action)
            # Allowed by a pad with a second cross for a number, action 1's again (an extra
            # box): ruling QWIXX_DOUBLE_A_SAME_TURN.
            if sheet.__class__ is not Sheet and action == self.active_action1:
                raise _broken("qwixx.extra_box_later", row=SHEET_ROW_NAMES[action.row])
            sheet = sheet.cross(action.row, action.number)
            closed |= sheet.rows[action.row] >> LOCK_SHIFT << action.row
        elif self.active_action1 is None:
            sheet = sheet.with_penalty()  # ruling QWIXX_PENALTY_ACTIVE_ONLY
        sheets[self.active] = sheet
        # Ruling QWIXX_GAME_END; only the active player's penalties can have grown (ruling
        # QWIXX_PENALTY_ACTIVE_ONLY), so theirs are the only ones to count.
        if closed.bit_count() >= LOCKS_TO_END or sheet.penalties >= PENALTY_BOXES:
            return _new_state(
                (
                    tuple(sheets),
                    self.generator,
                    self.active,
                    Phase.OVER,
                    self.dice,
                    (),
                    self.active_action1,
                    closed,
                    self.turn,
                )
            )
        solo = len(sheets) == 1  # ruling QWIXX_SOLO
        next_active = 0 if solo else (self.active + 1) % len(sheets)
        return _new_state(
            (
                tuple(sheets),
                self.generator,
                next_active,
                Phase.ROLL,
                None,
                (),
                None,
                closed,
                self.turn + 1,
            )
        )

    def _check_cross(self, player: int, action: Cross) -> None:
        rule = self.sheets[player].broken_rule(action.row, action.number, self.closed)
        if rule is not None:
            raise _broken(rule, row=SHEET_ROW_NAMES[action.row])

    def _check_action2_dice(self, action: Cross) -> None:
        assert isinstance(self.dice, Roll)
        sheet = self.sheets[self.active]
        rule = sheet.dice_rule(self.dice, action.row, action.number, self.closed)
        if rule is not None:
            raise _broken(rule, row=SHEET_ROW_NAMES[action.row])

    # -- chance -----------------------------------------------------------------------------

    def roll(self) -> Roll:
        """Ruling QWIXX_DICE: two white dice, and one die per row that is not locked."""
        closed = self.closed
        _, faces = roll_dice(self.generator, 6 - closed.bit_count())
        white = (faces[0], faces[1])
        if not closed:
            return Roll(white, (faces[2], faces[3], faces[4], faces[5]))
        colours = iter(faces[2:])
        red, yellow, green, blue = (
            None if closed >> row & 1 else next(colours) for row in range(4)
        )
        return Roll(white, (red, yellow, green, blue))

    def roll_with(self, face: Callable[[int], int]) -> Roll:
        """Ruling QWIXX_DICE, each die from its slot: the white dice 0 and 1, then one slot per
        row (2 + row), a locked row's left out."""
        closed = self.closed
        red, yellow, green, blue = (
            None if closed >> row & 1 else face(2 + row) + 1 for row in range(4)
        )
        return Roll((face(0) + 1, face(1) + 1), (red, yellow, green, blue))

    def reseeded(self, generator: int) -> QwixxState:
        return self._replace(generator=generator)

    def apply_chance(self, outcome: QwixxAction) -> QwixxState:
        if self.phase != Phase.ROLL:
            raise _broken("qwixx.game_over" if self.is_terminal else "qwixx.no_roll_now")
        if not isinstance(outcome, CHANCE_OUTCOMES):
            raise _broken("qwixx.bad_dice", text=str(outcome))
        error = self._impossible(outcome) if isinstance(outcome, Roll) else None
        if error is not None:
            raise error
        return _new_state(
            (
                self.sheets,
                advance(self.generator),  # as far as a drawn roll would: replays agree
                self.active,
                Phase.ACTION1,
                outcome,
                (None,) * len(self.sheets),
                None,
                self.closed,
                self.turn,
            )
        )

    def _impossible(self, outcome: Roll) -> RuleError | None:
        """Ruling QWIXX_DICE: faces 1-6, and a die exactly for each row not locked (real dice
        entered at the table are refused in these words)."""
        if len(outcome.white) != 2 or len(outcome.colours) != len(ROW_NAMES):
            return _broken("qwixx.bad_dice", text=str(outcome))  # only a hostile record
        white1, white2 = outcome.white
        if white1 not in _DIE_FACES or white2 not in _DIE_FACES:
            return _broken("qwixx.bad_dice", text=str(outcome))
        closed = self.closed
        for row, colour in enumerate(outcome.colours):
            if closed >> row & 1:
                if colour is not None:
                    return _broken("qwixx.locked_die", row=ROW_NAMES[row])
            elif colour is None:
                return _broken("qwixx.missing_die", row=ROW_NAMES[row])
            elif colour not in _DIE_FACES:
                return _broken("qwixx.bad_dice", text=str(outcome))
        return None

    # -- what happened ----------------------------------------------------------------------

    def events(
        self, before: QwixxState, player: int | None, action: QwixxAction
    ) -> tuple[Event, ...]:
        """The roll; once a decision resolves, the crosses, locks and penalty it made; the end."""
        if player is None:
            return (Event(ROLLED, (before.active,), {"dice": str(action)}),)
        if self.phase == Phase.ACTION1:
            return ()  # a decision waiting for the others: nothing has happened yet
        events = []
        for seat, (old, new) in enumerate(zip(before.sheets, self.sheets, strict=True)):
            for row in range(len(new.rows)):
                crossed = set(new.crossed_numbers(row)) - set(old.crossed_numbers(row))
                crossed |= set(new.extra_crossed(row)) - set(old.extra_crossed(row))
                for number in crossed:
                    events.append(
                        Event(CROSSED, (seat,), {"row": SHEET_ROW_NAMES[row], "number": number})
                    )
                if new.is_locked(row) and not old.is_locked(row):
                    events.append(Event(ROW_LOCKED, (seat,), {"row": ROW_NAMES[row]}))
            if new.penalties > old.penalties:
                count = {"count": new.penalties, "boxes": PENALTY_BOXES}
                events.append(Event(PENALTY, (seat,), count))
        return ending_with(events, self.outcome)

    # -- text, scores, JSON -----------------------------------------------------------------

    def parse_action(self, text: str) -> QwixxAction:
        return Qwixx.parse_action(text)

    def scores(self) -> tuple[int, ...]:
        return tuple(sheet.score() for sheet in self.sheets)

    def winners(self) -> tuple[int, ...]:
        return winners_of(self.scores())

    @property
    def variant(self) -> Variant:
        """The pad everyone plays on (options ``variant``; base Qwixx's without)."""
        return self.sheets[0].variant

    def to_json(self) -> dict[str, object]:
        return {
            "game": Qwixx.id,
            "variant": self.variant.id,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "dice": str(self.dice) if self.dice else None,
            "deciders": list(self.deciders),
            "locked_rows": [ROW_NAMES[r] for r in range(4) if self.closed >> r & 1],
            "sheets": [
                {
                    **{
                        SHEET_ROW_NAMES[row]: {
                            "crossed": list(sheet.crossed_numbers(row)),
                            "lock": sheet.is_locked(row),
                            "points": sheet.row_score(row),
                        }
                        for row in range(len(sheet.rows))
                    },
                    "penalties": sheet.penalties,
                    "score": sheet.score(),
                }
                for sheet in self.sheets
            ],
            "scores": list(self.scores()),
            "winners": list(self.winners()) if self.is_terminal else None,
        }


_new_state: Final = built_from_fields(QwixxState)


class Qwixx(Game[QwixxState]):
    id = "qwixx"
    min_players = 1  # ruling QWIXX_SOLO; the rule book says 2-5
    max_players = 5
    rules = RULES
    events = EVENTS
    # Ruling QWIXX_ROW_SCORE: at worst every penalty; at best (never reached: two locks end
    # the game) every colour row scoring the most its pad's table counts (ruling
    # QWIXX_DOUBLE_SCORE: 16 crosses, the most of any pad).
    score_range = range(
        -PENALTY_BOXES * PENALTY_POINTS, len(ROW_NAMES) * row_points(MOST_CROSSES_SCORED) + 1
    )

    def new_game(self, num_players: int, seed: int, options: Options | None = None) -> QwixxState:
        """Options: ``variant``, the id of a variant's pad (variants.py); without it, base
        Qwixx's, as every record before the variants were played."""
        # The variants' pads build on this module's: imported once a game is made.
        from .variants import VARIANT_SHEETS  # noqa: PLC0415

        self.check_players(num_players)
        options = dict(options or {})
        variant = options.pop("variant", None)
        if options or (variant is not None and variant not in VARIANT_SHEETS):
            bad = sorted(options) or [f"variant={variant}"]
            raise core_error("core.bad_options", game=self.id, options=", ".join(bad))
        sheet = Sheet() if variant is None else VARIANT_SHEETS[str(variant)].empty()
        return QwixxState(sheets=(sheet,) * num_players, generator=seed_generator(seed))

    @staticmethod
    def parse_action(text: str) -> QwixxAction:
        """The action ``text`` writes, exactly as ``str`` writes it: a record's text is the
        app's own, so no other case, spacing, order or digits (``int`` reads ``٨`` and ``0_8``
        as 8) is read as an action."""
        action = Qwixx._read_action(text)
        if str(action) != text:
            raise _broken("qwixx.bad_action", text=text[:40])
        return action

    @staticmethod
    def _read_action(text: str) -> QwixxAction:
        words = text.split(" ")
        try:
            if words == ["pass"]:
                return PASS
            if text == str(UNSEEN):
                return UNSEEN
            if len(words) == 2 and words[0] in SHEET_ROW_NAMES:
                row, number = SHEET_ROW_NAMES.index(words[0]), int(words[1])
                if 2 <= number <= 12:
                    return _CROSSES[row][number]
            if words and words[0] == "roll":
                return _parse_roll(words[1:])
        except ValueError:
            pass
        raise _broken("qwixx.bad_action", text=text[:40])


def _parse_roll(words: list[str]) -> Roll:
    white = [int(w[1:]) for w in words if w[:1] == "w"]
    colours: list[int | None] = [None, None, None, None]
    for word in words:
        if word[:1] != "w":
            row = ROW_LETTERS.index(word[:1]) if word[:1] else -1
            if row < 0 or colours[row] is not None:
                raise ValueError(word)
            colours[row] = int(word[1:])
    if len(white) != 2:
        raise ValueError("two white dice")
    return Roll((white[0], white[1]), (colours[0], colours[1], colours[2], colours[3]))


QWIXX: Final = Qwixx()
GAME: Final = QWIXX  # what the shelf takes (dadoteca.games)
