"""One table playing one match: whose move it is, the answers to a decision taken together,
undo and redo, and when the computers and the coach work.

The rules say what is legal; this module says how a table of people (and computers) around one
match takes turns at it. It knows no screen and no words: typed commands come in
(:meth:`Table.do`), the events they made happen go out, and what a screen needs to show the
moment is read off the table (:attr:`Table.answers`, :attr:`Table.asked`,
:attr:`Table.undoable`, …). The app (``dadoteca_web.app``) presents it and saves it; a test,
a command line or a table-top layout can drive it just the same.

How a table plays a decision taken together (Qwixx's white sum, Diceland's phase 2), the rule
of :func:`dadoteca.drive.decide_together` as people live it:

- every decider answers on the same moment, in any order, and each answer is that person's
  alone: they may change it, or take it back, until the moment closes;
- the moment closes when every decider has answered; the answers then apply one after the
  other, in the order they were given (the rules apply them together either way), so the
  record says who answered last;
- "the rest pass" (:class:`PassTheRest`) answers only for the people it names
  (:attr:`Table.passing_for`): never the active player, whose own answer the rules need
  before the turn goes on, and never a computer, which answers for itself;
- Undo takes back the last answer while the moment is open; once it has closed, the whole
  moment as one step: it opens again with the answers as they were, but for the last person's,
  the answer that closed it.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator, Sequence
from typing import Final, NamedTuple

from .bots import (
    DEFAULT_LEVEL,
    Appraisal,
    Appraising,
    bot_for,
    bot_level,
    coach_for,
    decision_seed,
)
from .commands import (
    BOT_PAUSE,
    BOT_SHOW,
    THINKING,
    Answer,
    Command,
    PassTheRest,
    Pause,
    Redo,
    RollDice,
    SeatedState,
    Show,
    Undo,
    Withdraw,
    asked_player,
)
from .core import PASS, Action, AnyState, Event, RuleError
from .match import REAL_DICE, SHEETS_ONLY, Match

__all__ = [
    "ANSWERS_TAKEN_BACK",
    "TAKEN_BACK",
    "Group",
    "Table",
    "Undoable",
]

# What the table is told that no game's rules say: a move, or a moment's answers, taken back.
TAKEN_BACK: Final = "table.taken_back"
ANSWERS_TAKEN_BACK: Final = "table.answers_taken_back"

# A moment's number: the count of actions played, then a digest of the answers given (a
# JavaScript number holds it exactly: MAX_ACTIONS << 20 is below 2**53).
MOMENT_BITS: Final = 20
MOMENT_MASK: Final = (1 << MOMENT_BITS) - 1

Group = tuple[tuple[int | None, Action], ...]
"""Actions of a match as one step of Undo and Redo: ``(player, action)``, None for a roll."""


# -- what a screen reads ----------------------------------------------------------------------


class Undoable(NamedTuple):
    """What Undo would take back now.

    ``movers`` are the people whose move it is (one; every person who answered, for a moment
    decided together); ``actions`` how many of the match's actions go (0: an answer not yet
    applied, ``movers[0]``'s); ``together`` says it is a closed moment's answers;
    ``correcting``: the roll the table entered, nothing acted on it yet, to be entered again;
    ``asks``: the table is asked first (another person's move than the one the screen is for,
    or several people's).
    """

    movers: tuple[int, ...]
    actions: int
    together: bool
    correcting: bool
    asks: bool


def collected(before: AnyState, after: AnyState, player: int) -> bool:
    """``player``'s decision on ``before`` was one answer of a moment decided together that
    the rules hold until the others answer: the moment is still open after it."""
    deciders = before.deciders
    return len(deciders) > 1 and after.deciders == tuple(p for p in deciders if p != player)


def replayed(state: AnyState, group: Group) -> AnyState:
    """The state after ``group`` is played again on ``state`` (a roll where the rules no
    longer call for dice came with the move before it: sheets only); raises RuleError if it
    cannot be (a saved Redo that no longer fits)."""
    for player, action in group:
        if player is not None:
            state = state.apply(player, action)
        elif state.is_chance:
            state = state.apply_chance(action)
    return state


class Table:
    """``match`` as a table plays it. ``answers`` (to the present moment, in the order given)
    and ``redo`` (groups taken back, the next to play again last) come from a save: anything
    in them that no longer fits the match is dropped, the match kept."""

    def __init__(
        self,
        match: Match,
        answers: Sequence[tuple[int, Action]] = (),
        redo: Sequence[Group] = (),
    ) -> None:
        self.match = match
        self._answers: dict[int, Action] = {}
        self._answers_for: AnyState | None = None
        # Groups taken back, newest last: Redo plays the last again while nothing else was.
        self._redo: list[Group] = []
        # Counts the commands that changed something (a caller sees whether one did).
        self.changes = 0
        # The expert's appraisals of the decisions on ``_foreseen_for``, by player: each hint
        # of a moment is worked out once, ahead or when asked.
        self._foreseen: dict[int, Appraisal] = {}
        self._foreseen_for: AnyState | None = None
        self._open_the_moment_again()
        for player, action in answers:
            self._keep_answer(player, action)
        self._keep_redo(redo)

    def _open_the_moment_again(self) -> None:
        """A match saved in the middle of a moment decided together (an earlier version took
        its answers back one by one): its answers given so far become answers again."""
        match = self.match
        given: list[tuple[int, Action]] = []
        while match.actions and match.actions[-1][0] is not None:
            player, action = match.actions[-1]
            assert player is not None
            if not collected(match.states[-2], match.state, player):
                break
            given.append((player, action))
            match.undo()
        for player, action in reversed(given):
            self._keep_answer(player, action)

    def _keep_answer(self, player: int, action: Action) -> None:
        """A saved answer, if it is still one the rules allow now (else dropped)."""
        state = self.state
        deciders = state.deciders
        if len(deciders) > 1 and player in deciders and state.check(player, action) is None:
            answers = self.answers
            answers[player] = action
            self._answers, self._answers_for = answers, state

    def _keep_redo(self, redo: Sequence[Group]) -> None:
        """Saved Redo groups, if every one plays again, newest first, from where the match is
        (else none: a Redo that does not fit is not offered)."""
        state = self.state
        try:
            for group in reversed(redo):
                state = replayed(state, group)
        except RuleError:
            return
        self._redo = [tuple(group) for group in redo]

    # -- what a screen reads ----------------------------------------------------------------

    @property
    def state(self) -> AnyState:
        return self.match.state

    @property
    def answers(self) -> dict[int, Action]:
        """The answers given to the present moment, by player, in the order given (the last
        given is the last key); empty when nobody has answered, or nobody decides together."""
        if self._answers_for is not self.match.state:
            return {}
        return self._answers

    @property
    def moment(self) -> int:
        """Names the present moment of the game: the actions played and the answers given, in
        the order given (the same in every window, and after a reload). A screen sends it with
        a tap: a tap made on the screen of another moment acts on nothing."""
        given = ";".join(f"{player}:{action}" for player, action in self.answers.items())
        return len(self.match.actions) << MOMENT_BITS | zlib.crc32(given.encode()) & MOMENT_MASK

    def seat_moment(self, player: int) -> int:
        """The present moment as ``player``'s own place at the table sees it: the actions
        played and ``player``'s own answer. Another person's answer, given meanwhile, leaves it
        as it is: around a table-top, people deciding together tap their own sheets at the
        same instant, and every tap is taken (a tap made before an action was played is not)."""
        given = str(self.answers.get(player, ""))
        return len(self.match.actions) << MOMENT_BITS | zlib.crc32(given.encode()) & MOMENT_MASK

    @property
    def acting(self) -> tuple[int, ...]:
        """The people who have something to do now, each on their own sheet: the person who
        rolls (the app's dice), else every person deciding, answered or not (an answer may
        change until the moment closes). Around a table-top they all act at once."""
        state = self.state
        if state.is_terminal:
            return ()
        roller = state.roller
        if roller is not None:
            return () if self.table_rolls or self.is_computer(roller) else (roller,)
        return tuple(p for p in state.deciders if not self.is_computer(p))

    def moment_kinds(self, player: int) -> tuple[str, ...]:
        """The kinds of decision ``player`` faces now (State.moment_kinds), for a first game's
        guide: none for a computer, whose screen nobody reads."""
        if self.is_computer(player) or self.state.is_terminal:
            return ()
        kinds: tuple[str, ...] = self.state.moment_kinds(player)
        return kinds

    def turn_of(self, player: int) -> int | None:
        """When ``player`` was last given something to do (the count of actions played then),
        or None while they have nothing to do. It changes only when that person is handed a
        new decision: another person's answer or move leaves it as it is, so a guard against
        a tap meant for the decision before holds for that person alone."""
        return len(self.match.actions) if player in self.acting else None

    @property
    def redo_groups(self) -> tuple[Group, ...]:
        """What Redo would play again, the next group last (a save keeps them)."""
        return tuple(self._redo)

    @property
    def together(self) -> bool:
        """The present moment is decided together: several players answer it."""
        state = self.state
        return not state.is_terminal and len(state.deciders) > 1

    @property
    def asked(self) -> int:
        """Whom the device is handed to now (see :func:`asked_player`)."""
        state = self.state
        assert isinstance(state, SeatedState)
        return asked_player(state, self.answers)

    def is_computer(self, player: int) -> bool:
        return bot_level(self.match.seats[player]) is not None

    @property
    def table_rolls(self) -> bool:
        """The game is played with the table's own dice, entered here: nobody rolls in the app
        (a computer's roll too is the table's to roll and enter)."""
        return self.match.dice == REAL_DICE

    @property
    def waiting_for(self) -> tuple[int, ...]:
        """The people whose answer the present moment still needs, in seat order."""
        return tuple(
            p for p in self.state.deciders if p not in self.answers and not self.is_computer(p)
        )

    @property
    def passing_for(self) -> tuple[int, ...]:
        """Whom "the rest pass" answers for: the people still to answer who may pass, except
        the active player, whose own answer the rules need before the turn goes on."""
        state = self.state
        if not self.together:
            return ()
        assert isinstance(state, SeatedState)
        return tuple(
            p for p in self.waiting_for if p != state.active and state.check(p, PASS) is None
        )

    @property
    def before_the_first_roll(self) -> bool:
        """Nothing seen or played yet: who starts may still change (with sheets only, the
        table's roll is made at once but shown to nobody)."""
        match = self.match
        if self.answers:
            return False
        if match.dice == SHEETS_ONLY:
            return all(player is None for player, _ in match.actions)
        return not match.actions

    # -- commands -----------------------------------------------------------------------------

    def do(self, command: Command) -> list[Event]:
        """Carry ``command`` out; the events it made happen, oldest first. Raises the
        RuleError of an answer the rules refuse (nothing changes then)."""
        events: list[Event] = []
        match command:
            case RollDice(outcome):
                if outcome is None and self.table_rolls:
                    return events  # the table rolls its own dice and enters them
                self._play(None, outcome, events)
            case Answer(player, action, computer):
                self._answer(player, action, computer, events)
            case Withdraw(player):
                if self._withdraw(player):
                    self._redo.clear()
            case PassTheRest():
                for player in self.passing_for:
                    self._answer(player, PASS, False, events)
            case Undo():
                self._undo(events)
            case Redo():
                self._redo_group(events)
        return events

    def catch_up(self) -> list[Event]:
        """With sheets only, the table's unseen roll wherever the rules call for dice (a save
        from before the roll came with the move); the events it made."""
        events: list[Event] = []
        self._roll_unseen(events)
        return events

    def _answer(self, player: int, action: Action, computer: bool, events: list[Event]) -> None:
        state = self.state
        if player not in state.deciders:
            return  # a tap from a screen that has moved on: nothing to decide
        if not computer and self.is_computer(player):
            return  # a computer decides for itself: no tap answers for it
        error = state.check(player, action)
        if error is not None:
            raise error
        if not self.together:
            self._play(player, action, events)
            return
        answers = self.answers
        if list(answers.items())[-1:] == [(player, action)]:
            return  # the same answer again, and still the last given: nothing changes
        answers.pop(player, None)
        answers[player] = action  # insertion order: the last answer given is the last key
        self._answers, self._answers_for = answers, state
        self._redo.clear()
        self._changed()
        if all(decider in answers for decider in state.deciders):
            self._answers = {}
            for decider, given in list(answers.items()):
                self._play(decider, given, events)

    def _withdraw(self, player: int) -> bool:
        """``player``'s answer taken back; whether they had one."""
        answers = self.answers
        if player not in answers or self.is_computer(player):
            return False
        del answers[player]
        self._changed()
        return True

    def _play(self, player: int | None, action: Action | None, events: list[Event]) -> None:
        """One action on the match, and what follows every action."""
        if player is None:
            self.match.roll(action)
        else:
            assert action is not None
            self.match.play(player, action)
        self._redo.clear()
        self._after_action(events)

    def _after_action(self, events: list[Event]) -> None:
        events.extend(self.match.last_events())
        self._roll_unseen(events)
        self._changed()

    def _roll_unseen(self, events: list[Event]) -> None:
        """Sheets only: wherever the rules call for dice, the table has rolled its own, unseen;
        the game goes on to the decisions at once."""
        match = self.match
        if match.dice == SHEETS_ONLY and match.state.is_chance:
            match.roll()  # never the end of a game: a decision always follows
            events.extend(match.last_events())
            self._changed()

    def _changed(self) -> None:
        self.changes += 1

    # -- taking back --------------------------------------------------------------------------

    def _by_person(self, index: int) -> bool:
        """Action ``index`` was a person's: theirs, or a roll the table entered (a roll the
        table did not show goes with the move before it)."""
        match = self.match
        if match.actions[index][0] is None and match.dice in (REAL_DICE, SHEETS_ONLY):
            return self.table_rolls
        return not self.is_computer(match.mover(index))

    def _moment_start(self, index: int) -> int:
        """The first action of the moment decided together that action ``index`` closed (or
        ``index`` itself, for a decision of one)."""
        match = self.match
        states, actions = match.states, match.actions
        start = index
        while start > 0:
            player = actions[start - 1][0]
            if player is None or not collected(states[start - 1], states[start], player):
                break
            start -= 1
        return start

    def _last_person_move(self) -> tuple[int, int] | None:
        """Where the last move a person made starts and ends, as action indexes: one action, or
        a whole moment decided together that ended with it; None if no person moved yet."""
        for index in range(len(self.match.actions) - 1, -1, -1):
            if self._by_person(index):
                return self._moment_start(index), index
        return None

    @property
    def undoable(self) -> Undoable | None:
        """What Undo would take back now (None: nothing a person did)."""
        people_answered = [p for p in self.answers if not self.is_computer(p)]
        if people_answered:
            return Undoable((people_answered[-1],), 0, together=False, correcting=False, asks=False)
        move = self._last_person_move()
        if move is None:
            return None
        match = self.match
        start, end = move
        count = len(match.actions) - start
        if start < end:
            moment = match.actions[start : end + 1]
            people = tuple(p for p, _ in moment if p is not None and not self.is_computer(p))
            return Undoable(people, count, together=True, correcting=False, asks=True)
        mover = match.mover(end)
        correcting = self.table_rolls and count == 1 and match.actions[end][0] is None
        asks = self._asks_before_taking_back(mover)
        return Undoable((mover,), count, together=False, correcting=correcting, asks=asks)

    def _asks_before_taking_back(self, mover: int) -> bool:
        """The move is another person's than the one the screen is for (a moment decided
        together is everyone's, and a computer's turn is watched by all)."""
        if self.state.is_terminal or self.together:
            return False
        asked = self.asked
        return asked != mover and not self.is_computer(asked)

    def _undo(self, events: list[Event]) -> None:
        undoable = self.undoable
        if undoable is None:
            return
        if not undoable.actions:  # an answer: what Redo would play again still stands
            self._withdraw(undoable.movers[0])
            return
        match = self.match
        start, end = self._last_person_move() or (0, 0)
        moment = match.actions[start : end + 1]
        group = tuple(match.actions[start:])
        for _ in group:
            match.undo()
        self._redo.append(group)
        self._changed()
        if not undoable.together:
            events.append(Event(TAKEN_BACK, undoable.movers))
            return
        # The moment opens again with its answers as given, but for the last person's: the
        # answer that closed it.
        last = max(
            i for i, (p, _) in enumerate(moment) if p is not None and not self.is_computer(p)
        )
        self._answers = {p: a for i, (p, a) in enumerate(moment) if p is not None and i != last}
        self._answers_for = self.state
        events.append(Event(ANSWERS_TAKEN_BACK, undoable.movers))

    def _redo_group(self, events: list[Event]) -> None:
        if not self._redo:
            return
        group = self._redo.pop()
        redo, self._redo = self._redo, []
        self._answers = {}
        for player, action in group:
            if player is not None:
                self.match.play(player, action)
            elif self.match.state.is_chance:  # else it came with the move before (sheets only)
                self.match.roll(action)
            else:
                continue
            self._after_action(events)
        self._redo = redo

    # -- computer players ---------------------------------------------------------------------

    @property
    def computer_to_move(self) -> int | None:
        """The computer player the table waits for now (to roll or to decide), or None; a
        computer deciding alongside people does not stop their taps."""
        state = self.state
        if state.is_terminal:
            return None
        waiting = [p for p in state.deciders if p not in self.answers]
        if state.roller is not None:
            waiting = [] if self.table_rolls else [state.roller]
        if waiting and all(self.is_computer(p) for p in waiting):
            return self.asked
        return None

    @property
    def computers_to_act(self) -> bool:
        """A computer is to roll, or to answer the present moment: its move will come."""
        state = self.state
        if state.is_terminal:
            return False
        if state.roller is not None:
            return not self.table_rolls and self.is_computer(state.roller)
        return any(p not in self.answers and self.is_computer(p) for p in state.deciders)

    def computer_moves(self) -> Iterator[Pause | Show | Command | None]:
        """The computers' moves, until the table waits for a person or the game ends.

        Yields a :class:`Pause` where the table should see what happens, :data:`THINKING`
        between slices of a computer's thinking, a :class:`Show` of a choice before it is
        played, and each move as a command for the caller to :meth:`do` (a caller that may not
        play it now stops here). Computers deciding together each decide on the same moment.
        Whatever the table does meanwhile wins: a move worked out for a moment that has passed
        is dropped.
        """
        match = self.match
        while not self.state.is_terminal:
            state = self.state
            roller = state.roller
            if roller is not None:
                if self.table_rolls or not self.is_computer(roller):
                    return
                yield BOT_PAUSE
                if self.state is state:
                    yield RollDice()
                    if self.state is state:
                        return  # not rolled: the caller stopped here
                continue
            computers = [p for p in state.deciders if p not in self.answers and self.is_computer(p)]
            if not computers:
                return
            player = computers[0]
            # Beside people deciding on the same moment, a computer fills its line at once:
            # nobody waits for it, and its answer shows on the shared screen.
            beside_people = any(not self.is_computer(p) for p in state.deciders)
            if not beside_people:
                yield BOT_PAUSE
            level = bot_level(match.seats[player]) or DEFAULT_LEVEL
            seed = decision_seed(match.seed, len(match.actions), player)
            thinking = bot_for(match.game.id, level).think(state, player, seed)
            try:
                while True:
                    next(thinking)
                    yield THINKING
            except StopIteration as done:
                action: Action = done.value
            if self.state is not state:
                continue
            if not beside_people:
                yield Show(player, action)
                yield BOT_SHOW
            if self.state is state:
                yield Answer(player, action, computer=True)
                if self.state is state and player not in self.answers:
                    return  # not played: the caller stopped here

    # -- the coach ----------------------------------------------------------------------------

    def hinted_player(self, named: int | None) -> int | None:
        """Whom a hint is for: the person ``named``, else the one the screen asks; None when
        no person is deciding (the dice are to roll, a computer plays, the game is over)."""
        state = self.state
        if state.is_terminal or state.roller is not None:
            return None
        player = self.asked if named is None else named
        if player not in state.deciders or self.is_computer(player):
            return None
        return player

    def appraising(self, player: int) -> Appraising:
        """The coach's appraisal of ``player``'s present decision (the expert's, its searches
        bounded: dadoteca.bots.coach_for), on the decision's seed, worked out once per moment:
        asked for, or ahead (:meth:`foresee_hints`)."""
        match = self.match
        state = match.state
        if self._foreseen_for is not state:
            self._foreseen_for, self._foreseen = state, {}
        known = self._foreseen.get(player)
        if known is None:
            seed = decision_seed(match.seed, len(match.actions), player)
            known = yield from coach_for(match.game.id).appraisal(state, player, seed)
            self._foreseen[player] = known
        return known

    @property
    def to_foresee(self) -> list[int]:
        """The people deciding now whose hints are not worked out yet (none without hints)."""
        match = self.match
        state = match.state
        if not match.coach or state.is_terminal or state.roller is not None:
            return []
        known = self._foreseen if self._foreseen_for is state else {}
        return [p for p in state.deciders if not self.is_computer(p) and p not in known]

    def foresee_hints(self) -> Iterator[None]:
        """Work out, in slices, the hints the people deciding now may ask for, while they look
        at the dice, so that a Hint tap finds its answer ready. Stops as soon as the game
        moves on."""
        state = self.state
        for player in self.to_foresee:
            appraising = self.appraising(player)
            try:
                while True:
                    next(appraising)
                    yield THINKING
                    if self.state is not state:
                        return
            except StopIteration:
                pass
