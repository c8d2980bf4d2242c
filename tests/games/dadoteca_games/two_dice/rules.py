"""Two dice, a game of the tests (its whole rule book is here, it has no other):

- 1 to 4 players, 3 rounds; each round, every player has one turn, in seat order;
- on your turn you roll two dice, then take one of them: its pips add to your score;
- after the last turn of the third round the highest total wins, ties sharing the win.

With the table's dice unseen ("Sheets only") any face may be taken: only the sheet is checked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, NamedTuple

from dadoteca.core import (
    ROLLED,
    UNSEEN,
    Action,
    Event,
    Game,
    Options,
    Outcome,
    RuleError,
    Template,
    Unseen,
    advance,
    check_by_applying,
    core_error,
    ending_with,
    roll_dice,
    rule_breaker,
    seed_generator,
    turn_rules,
    winners_of,
)

__all__ = [
    "EVENTS",
    "GAME",
    "ROUNDS",
    "ROUNDS_PLAYED",
    "RULES",
    "TAKE_MOMENT",
    "TOOK",
    "Phase",
    "Roll",
    "Take",
    "TwoDice",
    "TwoDiceAction",
    "TwoDiceState",
]

ROUNDS: Final = 3
FACES: Final = range(1, 7)
FACE_WORDS: Final = frozenset(map(str, FACES))  # a record's faces: one ASCII digit each

# The rules, by the id a RuleError carries.
RULES: Final[dict[str, Template]] = {
    **turn_rules("two_dice"),
    "two_dice.not_rolled": "Take one of the dice you rolled: {pips} is not one of them",
    "two_dice.bad_dice": "A roll is two dice, each 1-6: {text}",
    "two_dice.bad_action": "Not a Two dice action: {text}",
}


_broken: Final = rule_breaker(RULES)


# What a step can make happen, by event kind: the templates the table hears.
TOOK: Final = "two_dice.took"
ROUNDS_PLAYED: Final = "two_dice.rounds_played"
EVENTS: Final[dict[str, str]] = {
    TOOK: "{name} takes {pips}",
    ROUNDS_PLAYED: "{rounds} rounds are played: the game is over",
}


# --- Actions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """The two dice as they fell."""

    dice: tuple[int, int]

    def __str__(self) -> str:
        return f"roll {self.dice[0]} {self.dice[1]}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the die showing ``pips``: they add to the score."""

    pips: int

    def __str__(self) -> str:
        return f"take {self.pips}"


TwoDiceAction = Roll | Take | Unseen
CHANCE_OUTCOMES: Final = (Roll, Unseen)


class Phase:
    ROLL: Final = "roll"
    TAKE: Final = "take"
    OVER: Final = "over"


TAKE_MOMENT: Final = "two_dice.take"  # the one kind of decision (State.moment_kinds)


# --- The state -------------------------------------------------------------------------------


class TwoDiceState(NamedTuple):
    """A moment of a game of Two dice: each player's total so far, whose turn, the dice."""

    totals: tuple[int, ...]
    generator: int
    active: int = 0
    phase: str = Phase.ROLL
    dice: Roll | Unseen | None = None
    turn: int = 1

    @property
    def num_players(self) -> int:
        return len(self.totals)

    @property
    def deciders(self) -> tuple[int, ...]:
        return (self.active,) if self.phase == Phase.TAKE else ()

    @property
    def is_chance(self) -> bool:
        return self.phase == Phase.ROLL

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def roller(self) -> int | None:
        return self.active if self.phase == Phase.ROLL else None

    def moment_kinds(self, player: int) -> tuple[str, ...]:
        return (TAKE_MOMENT,) if player in self.deciders else ()

    @property
    def outcome(self) -> Outcome | None:
        """The last turn of the last round is played: the highest total wins, ties share."""
        if self.phase != Phase.OVER:
            return None
        totals = self.totals
        return Outcome(ROUNDS_PLAYED, winners_of(totals), totals, params={"rounds": ROUNDS})

    def legal_actions(self, player: int) -> list[Take]:
        if self.phase != Phase.TAKE or player != self.active:
            return []
        faces = self.dice.dice if isinstance(self.dice, Roll) else FACES
        return [Take(pips) for pips in sorted(set(faces))]

    def check(self, player: int, action: TwoDiceAction) -> RuleError | None:
        return check_by_applying(self, player, action)

    def apply(self, player: int, action: TwoDiceAction) -> TwoDiceState:
        if isinstance(action, CHANCE_OUTCOMES):
            raise _broken("two_dice.no_roll_now")
        if self.phase == Phase.OVER:
            raise _broken("two_dice.game_over")
        if self.phase == Phase.ROLL:
            raise _broken("two_dice.roll_first")
        if player != self.active:
            raise _broken("two_dice.not_your_decision", player=player + 1)
        if not isinstance(action, Take) or action.pips not in FACES:
            raise _broken("two_dice.bad_action", text=repr(action)[:40])
        if isinstance(self.dice, Roll) and action.pips not in self.dice.dice:
            raise _broken("two_dice.not_rolled", pips=action.pips)
        totals = list(self.totals)
        totals[player] += action.pips
        if self.turn == ROUNDS * self.num_players:
            return self._replace(totals=tuple(totals), phase=Phase.OVER)
        return self._replace(
            totals=tuple(totals),
            active=(self.active + 1) % self.num_players,
            phase=Phase.ROLL,
            dice=None,
            turn=self.turn + 1,
        )

    def roll(self) -> Roll:
        _, faces = roll_dice(self.generator, 2)
        return Roll((faces[0], faces[1]))

    def roll_with(self, face: Callable[[int], int]) -> Roll:
        """The two dice of a day's game: slots 0 and 1."""
        return Roll((face(0) + 1, face(1) + 1))

    def apply_chance(self, outcome: TwoDiceAction) -> TwoDiceState:
        if self.phase != Phase.ROLL:
            raise _broken("two_dice.game_over" if self.is_terminal else "two_dice.no_roll_now")
        if not isinstance(outcome, CHANCE_OUTCOMES):
            raise _broken("two_dice.bad_dice", text=str(outcome)[:40])
        if isinstance(outcome, Roll) and not (
            len(outcome.dice) == 2 and all(face in FACES for face in outcome.dice)
        ):
            raise _broken("two_dice.bad_dice", text=str(outcome)[:40])
        # As far as a drawn roll would take the generator: replays agree.
        return self._replace(generator=advance(self.generator), phase=Phase.TAKE, dice=outcome)

    def reseeded(self, generator: int) -> TwoDiceState:
        return self._replace(generator=generator)

    def events(
        self, before: TwoDiceState, player: int | None, action: TwoDiceAction
    ) -> tuple[Event, ...]:
        """The roll; the die taken; the end."""
        if player is None:
            return (Event(ROLLED, (before.active,), {"dice": str(action)}),)
        assert isinstance(action, Take)
        events = [Event(TOOK, (player,), {"pips": action.pips})]
        return ending_with(events, self.outcome)

    def parse_action(self, text: str) -> TwoDiceAction:
        return TwoDice.parse_action(text)

    def scores(self) -> tuple[int, ...]:
        return self.totals

    def winners(self) -> tuple[int, ...]:
        return winners_of(self.totals)

    def to_json(self) -> dict[str, object]:
        return {
            "game": TwoDice.id,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "dice": str(self.dice) if self.dice else None,
            "scores": list(self.totals),
            "winners": list(self.winners()) if self.is_terminal else None,
        }


class TwoDice(Game[TwoDiceState]):
    id = "two_dice"
    min_players = 1
    max_players = 4
    rules = RULES
    events = EVENTS
    score_range = range(ROUNDS * FACES[0], ROUNDS * FACES[-1] + 1)  # a die a round, 1 to 6

    def new_game(self, num_players: int, seed: int, options: Options | None = None) -> TwoDiceState:
        self.check_players(num_players)
        if options:
            raise core_error("core.bad_options", game=self.id, options=", ".join(sorted(options)))
        return TwoDiceState(totals=(0,) * num_players, generator=seed_generator(seed))

    @staticmethod
    def parse_action(text: str) -> TwoDiceAction:
        """The action ``text`` writes, exactly as ``str`` writes it (no other spelling)."""
        action = TwoDice._read_action(text)
        if action is None or str(action) != text:
            raise _broken("two_dice.bad_action", text=text[:40])
        return action

    @staticmethod
    def _read_action(text: str) -> TwoDiceAction | None:
        if text == str(UNSEEN):
            return UNSEEN
        word, *numbers = text.split(" ")
        faces = [int(number) for number in numbers if number in FACE_WORDS]
        if len(faces) != len(numbers):
            return None
        if word == "take" and len(faces) == 1:
            return Take(faces[0])
        if word == "roll" and len(faces) == 2:
            return Roll((faces[0], faces[1]))
        return None


GAME: Final = TwoDice()  # what the shelf takes (dadoteca.games)
