"""What every game's screen shares: the regions it paints, its taps, whom it asks.

Each game has one :class:`GameUI` subclass (``UI`` in its package's ``view`` module) that turns
a state into HTML regions and taps into the commands to play. The screen never plays anything
itself and never works a rule out: it asks the state (``legal_actions``, ``check`` and each
game's queries), and the :class:`~dadoteca_web.app.App` around it plays what it returns, saves,
and owns everything common to all games: setup, notices, import/export, new game, computer
players.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from html import escape
from typing import Any, ClassVar, Final, NamedTuple, TypedDict, TypeVar

from dadoteca.commands import Command, RollDice, SeatedState, asked_player
from dadoteca.core import Action, AnyState, Event, Game, Options, Plural, RuleError

from .i18n import Translator

__all__ = [
    "BULB_ICON",
    "EDGES",
    "PIPS",
    "ROLL_ACTS",
    "GameUI",
    "Pieced",
    "SeatedState",
    "TableSeat",
    "asked_player",
    "die_pips",
    "isolated",
    "tapped_number",
]

# The regions of the play screen, in page order; a game paints the ones it needs.
PLAY_REGIONS: Final = ("prompt", "dice", "controls", "board", "others", "scores")

# Pip spots on a 3 by 3 grid (0 top left … 8 bottom right) for the faces 1-6.
PIPS: Final = {
    1: (4,),
    2: (0, 8),
    3: (0, 4, 8),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
}

# The coach's mark: drawn, not an emoji (emoji fonts are missing on some devices).
BULB_ICON: Final = (
    '<svg class="bulb" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">'
    '<path d="M8 1a5 5 0 0 0-3 9c.6.5 1 1.1 1 1.8V13h4v-1.2c0-.7.4-1.3 1-1.8A5 5 0 0 0 8 1z" '
    'fill="currentColor"/><rect x="6" y="14" width="4" height="1.5" rx=".75" '
    'fill="currentColor"/></svg>'
)
# The places around a device lying in the middle of the table: an edge, or one of two places
# along a long edge where sheets are too big for the short ones (the page lays them out).
EDGES: Final = (
    "bottom",
    "left",
    "top",
    "right",
    "bottom-left",
    "bottom-right",
    "top-left",
    "top-right",
)


class TableSeat(NamedTuple):
    """One person's place around a device lying in the middle of the table: the ``edge`` they
    sit at; whether it is ``whose_turn`` (the middle turns toward them), whether they are
    ``acting`` now (dadoteca.table.Table.acting) and have ``answered`` a moment decided
    together (they may change it), the ``turn`` they were given (Table.turn_of: the page
    guards each place's taps for a moment when it changes) and the ``moment`` their place
    sees (Table.seat_moment: its taps carry it)."""

    edge: str
    whose_turn: bool
    acting: bool
    answered: bool
    turn: int | None
    moment: int


PIECE_PLACE: Final = "\x00"  # never in the HTML: names and texts are stripped of controls


class Pieced(str):
    """A region's HTML that the page can repaint piece by piece: a tap that changes three cells
    of a 160-cell map sends and repaints those three, not the map (Diceland's repaint of its
    whole map was most of a tap's time on a phone).

    It is the whole HTML, as a ``str``; ``skeleton`` is that HTML with each piece's place
    marked, and ``pieces`` the ``(key, html)`` of each: one element carrying
    ``data-piece="key"``, keys unique in the region. A piece may be an element's start tag
    alone (a *shell*, carrying ``data-shell``), what the element holds being skeleton and
    pieces of its own: the page then sets the element's attributes and keeps what it holds, so
    a sheet can change hands (classes, ``aria-hidden``) without its map being made again.
    Attributes that come and go are written last, as the page adds them."""

    skeleton: str
    pieces: tuple[tuple[str, str], ...]

    def __new__(
        cls, skeleton: str, pieces: Sequence[tuple[str, str]], whole: str | None = None
    ) -> Pieced:
        """``whole``, when the caller has it already, is the skeleton with its pieces in
        place."""
        if whole is None:
            parts = skeleton.split(PIECE_PLACE)
            assert len(parts) == len(pieces) + 1, "one place in the skeleton per piece"
            joined = [parts[0]]
            for (_, html), after in zip(pieces, parts[1:], strict=True):
                joined += (html, after)
            whole = "".join(joined)
        made = super().__new__(cls, whole)
        made.skeleton = skeleton
        made.pieces = tuple(pieces)
        return made

    @classmethod
    def piece(cls, key: str, html: str) -> Pieced:
        """``html``, one element carrying ``data-piece="key"`` (or a shell's start tag), as a
        region of one piece."""
        return cls(PIECE_PLACE, [(key, html)])

    @classmethod
    def concat(cls, *parts: str) -> Pieced:
        """``parts`` one after the other, the pieces of those that have them kept."""
        skeleton: list[str] = []
        pieces: list[tuple[str, str]] = []
        for part in parts:
            if isinstance(part, Pieced):
                skeleton.append(part.skeleton)
                pieces += part.pieces
            else:
                skeleton.append(part)
        return cls("".join(skeleton), pieces, "".join(parts))

    def changed_since(self, before: str | None) -> dict[str, str] | None:
        """The pieces that differ from ``before`` (the region as last painted), by key; None
        when the rest of the region changed too, or its pieces are not the same ones."""
        if not isinstance(before, Pieced) or before.skeleton != self.skeleton:
            return None
        if [key for key, _ in before.pieces] != [key for key, _ in self.pieces]:
            return None
        return {
            key: html
            for (key, html), (_, old) in zip(self.pieces, before.pieces, strict=True)
            if html != old
        }


_Key = TypeVar("_Key")
_Made = TypeVar("_Made")
REMEMBERED: Final = 20_000  # pieces' HTML kept at most per kind: a few games' sheets


def remembered(kept: dict[_Key, _Made], key: _Key, make: Callable[[], _Made]) -> _Made:
    """What ``kept`` holds for ``key``, made (and kept, up to a bound) the first time: a
    sheet's cells are drawn again at every tap, and few of them change."""
    made = kept.get(key)
    if made is None:
        if len(kept) >= REMEMBERED:
            kept.clear()
        made = kept[key] = make()
    return made


ROLL_DICE: Final = RollDice()  # from the game's own generator
# The taps of a roll: the app's Roll, or the entry of the table's own dice (handle_roll).
ROLL_ACTS: Final = frozenset({"roll", "die-face", "add-die", "clear-die", "enter-dice"})

# Real dice: what the entry of the table's roll refuses before the engine sees a roll (the
# engine's own rules refuse the rest, in its words).
ENTRY_RULES: Final = {
    "dice.to_enter": Plural(
        "Enter every die rolled: {count} die is still to enter",
        "Enter every die rolled: {count} dice are still to enter",
    ),
    "dice.all_entered": Plural(
        "{count} die is rolled, and it is entered: tap it to take it out",
        "{count} dice are rolled, and all are entered: tap one to take it out",
    ),
}

# A shared screen's tap for a seat that is not a person's (issue 54: a computer's seat invited
# changes that did nothing).
SEAT_RULES: Final = {
    "seat.computer": "{name} is a computer and chooses for itself: its sheet shows what it chose",
}


def isolated(text: str) -> str:
    """``text`` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: plain text's <bdi>
    (an attribute's value or a dialog's text cannot hold an element)."""
    return f"\u2068{text}\u2069"


def die_pips(value: int) -> str:
    return "".join(f'<i class="pip p{spot}"></i>' for spot in PIPS[value])


def tapped_number(data: Mapping[str, str], key: str, values: range) -> int | None:
    """A tap's ``data[key]`` as one of ``values``; None for anything else (a forged tap):
    ASCII digits only, few enough that no text is too long to read as a number."""
    text = data.get(key, "")
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        return None
    value = int(text)
    return value if value in values else None


class Effect(TypedDict, total=False):
    """What the page does when an event of one kind happens (assets/page/effects.js): a sound,
    a vibration, and an animation (a CSS class for its length) on the event's players' sheets:
    on the ``mark`` it names (a template of its params, as a sheet's ``data-mark`` says it),
    on each mark ``listed`` in a param (space-separated, each up to a "+"), or on what the
    ``seats`` selector (a template) finds. ``end``: the game ended by it, said by the end's
    sound. A game's screen lists its kinds' effects (``GameUI.effects``); the build writes them
    into the shell's facts."""

    sound: str
    vibrate: int | list[int]
    animation: str
    mark: str
    listed: str
    seats: str
    end: bool


class GameUI(ABC):
    """One game on screen for the players ``names``; holds the choice not yet confirmed.

    ``answers`` are the decisions already given for the present moment by players deciding
    simultaneously, kept by the App until every decider has answered.
    """

    game: ClassVar[Game[Any]]
    title: ClassVar[str]  # the game's name, as its box says it in every language
    about: ClassVar[str]  # the setup's words under its title (translated)
    # What the page does at each kind of the game's events (the build writes it for the page).
    effects: ClassVar[Mapping[str, Effect]] = {}
    # Its variants (a record's option ``variant``), by id: their names, the game's own first;
    # the setup offers them under the game with ``variant_label``.
    variants: ClassVar[Mapping[str, str]] = {}
    variant_label: ClassVar[str] = ""
    # Options the setup form offers per seat (e.g. Diceland's map), by field name.
    seat_choices: ClassVar[tuple[str, ...]] = ()
    # The faces a die can show, in the order the real-dice entry offers them.
    die_faces: ClassVar[range] = range(6)
    # A first game's guide (dadoteca_web.guide): each kind of the game's decisions
    # (State.moment_kinds) and its line, where to tap and why, in English (translated): its
    # package's GUIDE. A game without one shows no guide.
    guide: ClassVar[Mapping[str, str]] = {}

    def __init__(
        self,
        t: Translator,
        names: tuple[str, ...],
        computers: frozenset[int] = frozenset(),
        *,
        real_dice: bool = False,
    ) -> None:
        self.t = t
        self.names = names
        self.computers = computers  # the seats computer players play
        # The table rolls its own dice and enters them: each roll is asked for, not drawn.
        self.real_dice = real_dice
        # A solo game's end: the player's best result on this device before it (App sets it).
        self.best: int | None = None
        # The coach's hints each player was shown (App sets it): the end table marks them.
        self.hints_used: tuple[int, ...] = ()
        # Whom "the rest pass" answers for now (App sets it, from Table.passing_for).
        self.passing_for: tuple[int, ...] = ()
        # The game offers the coach's hints (App sets it): each person may ask for theirs.
        self.coach = False
        # Each player's place around a device lying in the middle of the table (App sets it);
        # empty when the device is handed from one player to the next.
        self.seated: tuple[TableSeat, ...] = ()
        # Around a table-top, the guide's line in each person's place, by player (App sets it).
        self.guiding: Mapping[int, str] = {}
        # The faces entered so far for the roll of ``_entry_for`` (None: a die not yet entered).
        self._entry: list[int | None] = []
        self._entry_for: AnyState | None = None
        # No choice in the making yet: each game's forget() sets the fields of one.
        self.forget()

    @classmethod
    def options(
        cls, choices: Sequence[Mapping[str, str]], randbelow: Callable[[int], int]
    ) -> Options:
        """The game's options from each seat's setup choices (``randbelow(n)``: a uniform draw
        from ``range(n)``, for what is dealt at random); raises RuleError if invalid."""
        return {}

    @classmethod
    def options_turned(cls, options: Options, by: int) -> Options:
        """``options`` for the same seats turned ``by`` places (seat ``by`` now first): what
        is each seat's follows its player."""
        return options

    def shared(self, state: AnyState) -> bool:
        """This moment is everyone's at once on one screen (several players answering), not
        one player's: the page does not hand it over from one to the next."""
        return False

    def name(self, player: int) -> str:
        """A player's name for HTML text: escaped (names are untrusted text) and isolated, so
        a name written right to left cannot reorder the sentence around it."""
        return f"<bdi>{escape(self.names[player])}</bdi>"

    def plain_name(self, player: int) -> str:
        """A player's name for plain text (an attribute's value, a dialog's text, a notice),
        isolated likewise; not escaped, as that text is escaped whole."""
        return isolated(self.names[player])

    def sheet_label(self, player: int) -> str:
        """A sheet's accessible name, escaped for its attribute."""
        return escape(self.t("Sheet of {name}", name=self.plain_name(player)))

    def place(self, player: int, sheet: str, controls: str) -> Pieced:
        """``player``'s place around the table-top: their ``sheet`` and their own ``controls``,
        at their edge (the page turns it to face them), named by the person for a screen
        reader. In pieces: the place's start tag (a shell: its turn and moment change at every
        move), the sheet's own pieces, the controls."""
        seat = self.seated[player]
        kind = " computer" if player in self.computers else ""
        kind += " acting" if seat.acting else ""
        kind += " answered" if seat.answered else ""
        kind += " whose-turn" if seat.whose_turn else ""
        turn = "" if seat.turn is None else f' data-turn="{seat.turn}"'
        return Pieced.concat(
            Pieced.piece(
                f"p{player}",
                f'<section class="place{kind}" role="region" '
                f'aria-label="{escape(self.plain_name(player))}" data-place="{player}" '
                f'data-edge="{seat.edge}" data-piece="p{player}" data-shell '
                f'data-moment="{seat.moment}"{turn}>',
            ),
            sheet,
            Pieced.piece(
                f"c{player}",
                f'<div class="place-controls" data-piece="c{player}">'
                f"{self.guiding.get(player, '')}{controls}</div>",
            ),
            "</section>",
        )

    def say(self, event: Event) -> str | None:
        """``event`` in words, in the player's language (None: a kind the table is not told,
        such as a cross, which the sheet shows). HTML: names are escaped."""
        template = self.game.events.get(event.kind)
        if template is None:
            return None
        params = {
            key: self.t(value) if isinstance(value, str) else value
            for key, value in event.params.items()
        }
        names = [self.name(player) for player in event.players]
        return self.t(template, **params, name=names[0] if names else "", names=", ".join(names))

    def ending(self, state: AnyState) -> str:
        """The end screen's headline: why the game ended, and who won; solo, the score
        against the player's best on this device (a solo game has nobody to beat)."""
        outcome = state.outcome
        assert outcome is not None
        reason = self.say(outcome.event()) or ""
        return f'<p class="ending">{reason}</p><h2 class="winners">{self.result(state)}</h2>'

    def result(self, state: AnyState) -> str:
        """A finished game's result in words: who won, or a solo game's score."""
        outcome = state.outcome
        assert outcome is not None
        return self.solo_result(state) if outcome.solo else self.winners_title(outcome.winners)

    # A solo game's result is its score, the higher the better (Diceland: rounds, fewer).
    lower_is_better: ClassVar[bool] = False

    @staticmethod
    def score_columns(t: Translator) -> tuple[str, str]:
        """The statistics' headings of a person's mean and best score, in what the game
        counts (a bare "Mean" read as any number: Diceland's "9.0" was prizes)."""
        return t("Mean points"), t("Best points")

    @staticmethod
    def solo_result_words(t: Translator, result: int) -> str:
        """A solo game's result as the history keeps it (solo_score), in words."""
        return t.n("{count} point", "{count} points", result)

    def solo_score(self, state: AnyState) -> int:
        """A finished solo game's result, as the history keeps it."""
        score: int = state.scores()[0]
        return score

    def solo_result(self, state: AnyState) -> str:
        """A solo game's result in words, compared with the player's best before it."""
        score = self.solo_score(state)
        better = self.best is not None and (
            score < self.best if self.lower_is_better else score > self.best
        )
        if self.best is None:
            return self.t("Your score: {score}", score=score)
        if better:
            return self.t("Your score: {score}, a new best on this device!", score=score)
        return self.t(
            "Your score: {score} (your best on this device: {best})", score=score, best=self.best
        )

    @abstractmethod
    def sheet_line(self, state: AnyState, player: int) -> str:
        """``player``'s sheet in one line of plain text, for a line to share."""

    @staticmethod
    def crowned(state: AnyState) -> tuple[int, ...]:
        """The players the end table marks as winners: none in a solo game, nobody to beat."""
        outcome = state.outcome
        assert outcome is not None
        return () if outcome.solo else outcome.winners

    def score_row(self, player: int, winners: Collection[int]) -> str:
        """The start of a player's row of the end table, up to their name: a star for a
        winner, and the hints they were shown, if any."""
        crown = " ★" if player in winners else ""
        hints = self.hints_used[player] if player < len(self.hints_used) else 0
        mark = ""
        if hints:
            said = self.t.n("{count} hint", "{count} hints", hints)
            mark = (
                f' <span class="hints-used" title="{said}">'
                f'<span aria-hidden="true">{BULB_ICON}{hints}</span><span class="visually-hidden">'
                f"{said}</span></span>"
            )
        return (
            f'<tr class="{"winner" if crown else ""}"><th scope="row">'
            f"{self.name(player)}{crown}{mark}</th>"
        )

    def winners_title(self, winners: Sequence[int]) -> str:
        """The end screen's headline: one winner, or several sharing the win."""
        names = ", ".join(self.name(player) for player in winners)
        if len(winners) == 1:
            return self.t("{names} wins!", names=names)
        return self.t("{names} share the win!", names=names)

    # -- the table's own dice -------------------------------------------------------------------

    @abstractmethod
    def dice_to_enter(self, state: AnyState) -> tuple[str, ...]:
        """The dice rolled now, one name each ("white", "red"… or one name for dice that are
        alike, whose entry order does not matter): the real-dice entry asks for these."""

    @abstractmethod
    def entered_roll(self, state: AnyState, faces: Sequence[int]) -> Action:
        """The roll of ``faces``, one per die of :meth:`dice_to_enter`, in that order."""

    @abstractmethod
    def entered_faces(self, state: AnyState, roll: Action) -> list[int]:
        """The faces of ``roll`` as the entry holds them (a roll taken back is entered again
        as it was, to be corrected)."""

    @abstractmethod
    def entry_face(self, die: str, face: int) -> tuple[str, str, str]:
        """How the entry draws ``face`` of ``die``, like the die itself: its CSS classes, its
        inner HTML and its accessible name."""

    def die_label(self, die: str, number: int) -> str:
        """The accessible name of the ``number``-th die named ``die``, where dice differ."""
        return die

    def kept_dice(self, state: AnyState) -> str:
        """HTML of the dice kept, not rolled now, shown beside the entry (none by default)."""
        return ""

    def dice_alike(self, state: AnyState) -> bool:
        """The dice rolled now are alike: an entered face goes to any free place."""
        return len(set(self.dice_to_enter(state))) == 1

    def entry(self, state: AnyState) -> list[int | None]:
        """The faces entered so far for the roll of ``state``: empty for a roll not begun."""
        if self._entry_for is not state:
            self._entry_for, self._entry = state, [None] * len(self.dice_to_enter(state))
        return self._entry

    def enter_again(self, state: AnyState, roll: Action) -> None:
        """``roll``, just taken back, is entered again on ``state`` for the table to correct."""
        self._entry_for, self._entry = state, list(self.entered_faces(state, roll))

    def handle_roll(self, state: AnyState, act: str, data: Mapping[str, str]) -> list[Command]:
        """A tap while the dice are to be rolled: Roll, or (real dice) the entry of a die,
        and the roll entered once every die is."""
        if not self.real_dice:
            return [ROLL_DICE] if act == "roll" else []
        entry = self.entry(state)
        alike = self.dice_alike(state)
        slot = tapped_number(data, "slot", range(len(entry)))
        face = tapped_number(data, "face", self.die_faces)
        if act == "die-face" and not alike and slot is not None and face is not None:
            entry[slot] = None if entry[slot] == face else face  # a face of the die's own row
        elif act == "add-die" and alike and face is not None:  # into the first free place
            if None not in entry:
                raise RuleError(
                    "dice.all_entered", ENTRY_RULES["dice.all_entered"], count=len(entry)
                )
            entry[entry.index(None)] = face
        elif act == "clear-die" and slot is not None:
            entry[slot] = None
        elif act == "enter-dice":
            missing = entry.count(None)
            if missing:
                raise RuleError("dice.to_enter", ENTRY_RULES["dice.to_enter"], count=missing)
            return [RollDice(self.entered_roll(state, [f for f in entry if f is not None]))]
        return []

    def roll_control(self, state: AnyState, label: str) -> str:
        """The control of a roll: the app's Roll button, or (real dice) the entry's Use."""
        if not self.real_dice:
            return f'<button class="primary big" data-act="roll">{label}</button>'
        left = self.entry(state).count(None)
        note = (
            self.t.n("{count} die to enter", "{count} dice to enter", left)
            if left
            else self.t("Every die entered")
        )
        # Dimmed while dice are still to enter, yet a tap says how many (never a dead button).
        waiting = ' aria-disabled="true"' if left else ""
        return (
            f'<button class="primary big" data-act="enter-dice"{waiting}>'
            f'{self.t("Use these dice")}</button><p class="hint entry-left">{note}</p>'
        )

    def entry_picker(self, state: AnyState) -> str:
        """The dice the table rolled, entered one tap per die: a row of faces per die where
        the dice differ (Qwixx's white and coloured dice); where they are alike, one row of
        faces that fills the next free place, each place tapped to empty it again."""
        if not self.real_dice:
            return ""
        t = self.t
        dice, entry = self.dice_to_enter(state), self.entry(state)
        hint = f'<p class="hint">{t("Roll your dice, then tap what each one shows.")}</p>'
        if not self.dice_alike(state):
            rows = []
            for slot, (die, chosen) in enumerate(zip(dice, entry, strict=True)):
                faces = "".join(
                    self._face_button(die, face, "die-face", slot=slot, pressed=face == chosen)
                    for face in self.die_faces
                )
                label = self.die_label(die, sum(1 for other in dice[:slot] if other == die) + 1)
                rows.append(
                    f'<div class="entry-row" role="group" aria-label="{escape(label)}">'
                    f"{faces}</div>"
                )
            return f'<div class="dice-entry grid">{hint}{"".join(rows)}</div>'
        (die,) = set(dice)
        places = []
        for slot, face in enumerate(entry):
            if face is None:
                places.append('<span class="entry-place empty" aria-hidden="true"></span>')
            else:
                places.append(self._face_button(die, face, "clear-die", slot=slot, taken=True))
        counts = [entry.count(face) for face in self.die_faces]
        palette = "".join(
            self._face_button(die, face, "add-die", count=count)
            for face, count in zip(self.die_faces, counts, strict=True)
        )
        tray = t("Dice entered")
        return (
            f'<div class="dice-entry palette">{hint}'
            f'<div class="entry-tray" role="group" aria-label="{tray}">'
            f"{self.kept_dice(state)}{''.join(places)}</div>"
            f'<div class="entry-faces" role="group" aria-label="{t("Add a die")}">{palette}</div>'
            "</div>"
        )

    def _face_button(
        self,
        die: str,
        face: int,
        act: str,
        *,
        slot: int | None = None,
        pressed: bool | None = None,
        count: int = 0,
        taken: bool = False,
    ) -> str:
        classes, inner, label = self.entry_face(die, face)
        t = self.t
        if taken:
            label = t("{die}: take it out", die=label)
        elif count:
            label = t("{die}, entered {count}", die=label, count=count)
        badge = f'<span class="entry-count" aria-hidden="true">{count}</span>' if count else ""
        state = "" if pressed is None else f' aria-pressed="{str(pressed).lower()}"'
        place = "" if slot is None else f' data-slot="{slot}"'
        return (
            f'<button class="entry-face {classes}" data-act="{act}" data-face="{face}"{place}'
            f'{state} aria-label="{escape(label)}">{inner}{badge}</button>'
        )

    @abstractmethod
    def show_choice(self, state: AnyState, player: int, action: Action) -> None:
        """Show computer ``player``'s ``action`` as the pending choice it would be from taps
        (the cells it crosses, the dice it uses), before it is played."""

    def show_hint(self, state: AnyState, player: int, action: Action) -> None:
        """Show the coach's ``action`` for ``player`` as their pending choice: it is theirs to
        play, or to change."""
        self.show_choice(state, player, action)

    # A screen everyone answers at once that gives each person a line of their own, with their
    # own Hint (Qwixx's white sum): each hint stays on its person's line (show_hint_on_line).
    # Elsewhere the tools' Hint serves the person the screen is for, said in a notice.
    hints_on_lines: ClassVar[bool] = False

    def show_hint_on_line(
        self, state: AnyState, player: int, action: Action, words: str
    ) -> None:
        """Show ``player``'s hint on their own line, said in ``words``, beside the others'."""
        self.show_hint(state, player, action)

    @abstractmethod
    def describe(self, state: AnyState, action: Action) -> str:
        """``action``, a decision of ``state``, in a few words of plain text (a hint says it)."""

    def review_area(self, state: AnyState, choice: Action, played: Action) -> str | None:
        """Where a decision that played ``played`` instead of the expert's ``choice`` lost
        (a review sums the losses by area: "8 of them in red"); None where a game has none."""
        return None

    @abstractmethod
    def regions(self, state: AnyState, answers: Mapping[int, Action]) -> dict[str, str]:
        """HTML for the play regions (keys among PLAY_REGIONS; absent ones are painted empty)."""

    @abstractmethod
    def handle(
        self, state: AnyState, answers: Mapping[int, Action], act: str, data: Mapping[str, str]
    ) -> list[Command]:
        """One tap on the game: a change of the choice not yet confirmed (nothing to play),
        the commands for the table (dadoteca.table), or the RuleError the tap breaks, raised.

        Unknown acts and forged data are ignored: a tap can never corrupt the game.
        """

    @abstractmethod
    def forget(self) -> None:
        """Drop the choice not yet confirmed (a new match, an import, a reload)."""
