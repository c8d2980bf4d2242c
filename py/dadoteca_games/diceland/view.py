"""Diceland on screen: the hex maps, the dice, the prompt; taps as Diceland actions.

Only presentation lives here: which cells may be crossed, when the rolling ends, who is owed a
bonus roll and who wins all come from :mod:`.rules`. The view asks the engine for
the legal placements and highlights the cells that extend the player's selection toward one of
them; any other tap is explained by the engine's own check (:meth:`DicelandState.check`).
The sheets are drawn by :mod:`.sheets`, the maps' pictures by :mod:`.svg`; the prompt, the
dice and the controls by :mod:`.panels`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import ClassVar, Final

from dadoteca.commands import Answer, Command
from dadoteca.core import Action, AnyState, Options, RuleError
from dadoteca_games.diceland.maps import (
    DEALT_MAP,
    FIXED_MAP_IDS,
    MAX_SEED,
    RANDOM_MAP,
    map_board,
    map_by_id,
)
from dadoteca_games.diceland.moment import BONUS_ROLL, CROSSING_PHASES, GOAL, MARKED, PRIZE
from dadoteca_games.diceland.panels import Panels
from dadoteca_games.diceland.rules import (
    BONUS_MOMENT,
    CHOOSE,
    COLOURS,
    CROSS_OTHER_MOMENT,
    CROSS_OWN_MOMENT,
    DICELAND,
    PASS,
    REROLL,
    REROLL_MOMENT,
    SET_ASIDE_MOMENT,
    STOP,
    Choose,
    DicelandState,
    Mark,
    Phase,
    Roll,
)
from dadoteca_games.diceland.sheets import MapSheets
from dadoteca_games.diceland.svg import COLOUR_SYMBOLS, LEGAL_STRIPES
from dadoteca_web.game_ui import (
    ROLL_ACTS,
    ROLL_DICE,
    SEAT_RULES,
    Effect,
    GameUI,
    Pieced,
    asked_player,
    tapped_number,
)
from dadoteca_web.i18n import Translator

__all__ = ["DicelandUI"]

DIE: Final = "die"  # Diceland's dice are alike: only how many show each colour matters
# A first game's guide: a line for each kind of decision (dadoteca_web.guide).
GUIDE: Final = {
    SET_ASIDE_MOMENT: (
        "Tap a colour of the dice to set its dice aside: you will cross that many cells of that "
        "colour, each touching a crossed cell."
    ),
    REROLL_MOMENT: (
        "Reroll the other dice to set aside more of your colour, or stop: a reroll without "
        "your colour ends the rolling."
    ),
    CROSS_OWN_MOMENT: (
        "Tap one cell per die of your colour, each touching a crossed cell, all in one area of "
        "that colour; then Confirm."
    ),
    CROSS_OTHER_MOMENT: (
        "You may use the dice of one other colour left on the table: tap that many touching "
        "cells of one area of it, then Confirm; or pass."
    ),
    BONUS_MOMENT: (
        "A prize's bonus roll: tap one cell per die of one colour, touching and in one area, "
        "then Confirm; or pass."
    ),
}


def _placements(state: DicelandState, player: int) -> list[tuple[int, frozenset[int]]]:
    """The engine's legal marks for ``player`` now, as (colour, cells)."""
    return [
        (action.colour, frozenset(action.cells))
        for action in state.legal_actions(player)
        if isinstance(action, Mark)
    ]


def _still_open(
    placements: list[tuple[int, frozenset[int]]], selection: frozenset[int]
) -> tuple[set[int], bool]:
    """The cells a choice in the making (``selection``) may still take, those of the legal
    marks that hold it, and whether it is a whole legal mark already."""
    legal = {
        cell
        for _, cells in placements
        if selection <= cells
        for cell in cells
        if cell not in selection
    }
    return legal, any(selection == cells for _, cells in placements)


class DicelandUI(GameUI):
    """Diceland for the player being asked.

    Not yet confirmed: ``colour`` (the colour to set aside, rolling) and ``selection`` (the cells
    to cross, phase 2 and bonus rolls); both belong to the state ``_for`` and die with it.
    """

    game = DICELAND
    title = "Diceland"
    about = "Race across a map of coloured areas: 9 prizes and a whole colour win. 1 to 4 players."
    guide = GUIDE
    # A map's cells are drawn in SVG, inside the element that transforms each into place: a cell's
    # "pop" would move it, and animating the drawing repaints the whole map at every frame
    # (style.css). Its X shows at once.
    effects: ClassVar[dict[str, Effect]] = {
        MARKED: {"sound": "tick"},
        PRIZE: {"sound": "prize"},
        BONUS_ROLL: {"vibrate": 40},
        GOAL: {"end": True},
    }
    seat_choices = ("map",)

    # The choice in the making, as forget() leaves it when the view is made and at each new
    # moment: the cell of the last illegal tap (``refused``), shown until a change; phase 2 is
    # everyone's at once: whose map is open (``viewing``; None: the next to answer). Around a
    # table-top, everyone builds their own choice at once: the fields hold ``_holder``'s, the
    # others' wait in ``_held`` (see _hold), all for the state ``_for``.
    colour: int | None
    selection: frozenset[int]
    refused: int | None
    viewing: int | None
    _holder: int | None
    _held: dict[int, tuple[int | None, frozenset[int], int | None]]
    _for: object

    @cached_property
    def maps(self) -> MapSheets:
        return MapSheets(self)

    @cached_property
    def panels(self) -> Panels:
        return Panels(self)

    @classmethod
    def options(
        cls, choices: Sequence[Mapping[str, str]], randbelow: Callable[[int], int]
    ) -> Options:
        """Each seat's map: A-H, ``random`` (a new generated map), or dealt at random (the
        default, as the rule book deals the boards): one side of a board nobody else has."""
        chosen = [choice.get("map", "").strip() for choice in choices]
        taken = {map_board(value) for value in chosen if value in set(FIXED_MAP_IDS)}
        boards = [board for board in range(len(FIXED_MAP_IDS) // 2) if board not in taken]
        ids = []
        for value in chosen:
            map_id = value
            if value == RANDOM_MAP:
                map_id = f"R{randbelow(MAX_SEED + 1)}"
            elif value in ("", DEALT_MAP):  # a board for each: four boards, four seats at most
                board = boards.pop(randbelow(len(boards)))
                map_id = FIXED_MAP_IDS[2 * board + randbelow(2)]
            map_by_id(map_id)  # raises the engine's diceland.bad_map
            ids.append(map_id)
        return {"maps": ",".join(ids)}

    @classmethod
    def options_turned(cls, options: Options, by: int) -> Options:
        maps = str(options["maps"]).split(",")
        return {**options, "maps": ",".join(maps[by:] + maps[:by])}

    # A solo game's result is the rounds it took to reach the goal (ruling DICELAND_SOLO).
    lower_is_better = True

    @staticmethod
    def score_columns(t: Translator) -> tuple[str, str]:
        """A player's score is their prizes (DicelandState.scores)."""
        return t("Mean prizes"), t("Most prizes")

    @staticmethod
    def solo_result_words(t: Translator, result: int) -> str:
        return t.n("{count} round", "{count} rounds", result)

    def solo_score(self, state: AnyState) -> int:
        assert isinstance(state, DicelandState)
        return state.rounds_played(0)

    def solo_result(self, state: AnyState) -> str:
        rounds = self.solo_score(state)
        if self.best is None:
            return self.t.n(
                "Goal reached in {count} round", "Goal reached in {count} rounds", rounds
            )
        if rounds < self.best:
            return self.t.n(
                "Goal reached in {count} round, a new best on this device!",
                "Goal reached in {count} rounds, a new best on this device!",
                rounds,
            )
        return self.t.n(
            "Goal reached in {count} round (your best on this device: {best})",
            "Goal reached in {count} rounds (your best on this device: {best})",
            rounds,
            best=self.best,
        )

    # -- the pending choice ---------------------------------------------------------------------

    def forget(self) -> None:
        if self.seated and self._holder is not None:
            # Around a table-top another person's answer (or a computer's) leaves each
            # person's choice in the making as it is; a new moment drops them all (_keep).
            return
        self.colour = None
        self.selection = frozenset()
        self.refused = None
        self.viewing = None
        self._holder = None
        self._held = {}
        self._for = None

    def _hold(self, state: DicelandState, player: int) -> None:
        """Around a table-top: ``player``'s own choice in the making becomes the one the taps
        change, the one before kept aside for its person."""
        self._keep(state)
        if self._holder == player:
            return
        if self._holder is not None:
            self._held[self._holder] = (self.colour, self.selection, self.refused)
        self.colour, self.selection, self.refused = self._held.pop(
            player, (None, frozenset(), None)
        )
        self._holder = player

    def _pending_of(
        self, state: DicelandState, player: int
    ) -> tuple[int | None, frozenset[int], int | None]:
        """``player``'s choice in the making around a table-top (if made on ``state``)."""
        if self._for is not state:
            return None, frozenset(), None
        if player == self._holder:
            return self.colour, self.selection, self.refused
        return self._held.get(player, (None, frozenset(), None))

    def shared(self, state: AnyState) -> bool:
        assert isinstance(state, DicelandState)
        return state.phase == Phase.MARK and state.num_players > 1

    def _viewed(self, state: DicelandState, answers: Mapping[int, Action]) -> int:
        """Whose decision the screen shows: the one chosen among those deciding in phase 2,
        else the next to answer."""
        if self.shared(state) and self.viewing in state.deciders:
            return self.viewing
        return asked_player(state, answers)

    def show_choice(self, state: AnyState, player: int, action: Action) -> None:
        assert isinstance(state, DicelandState)
        if self.shared(state):
            return  # others may be choosing on the map on screen: the tab says it answered
        self._show(state, action)

    def show_hint(self, state: AnyState, player: int, action: Action) -> None:
        """The hint is for the player who asked: their map opens with it chosen."""
        assert isinstance(state, DicelandState)
        self._show(state, action)
        if self.shared(state):
            self.viewing = player

    def _show(self, state: DicelandState, action: Action) -> None:
        self._keep(state)
        if isinstance(action, Choose):
            self.colour = action.colour
        elif isinstance(action, Mark):
            self.selection = frozenset(action.cells)

    def describe(self, state: AnyState, action: Action) -> str:
        t = self.t
        if isinstance(action, Choose):
            return t("choose {colour}", colour=self.colour_name(action.colour))
        if isinstance(action, Mark):
            return t.n(
                "cross {count} {colour} cell",
                "cross {count} {colour} cells",
                len(action.cells),
                colour=self.colour_name(action.colour),
            )
        if action == STOP:
            return t("stop rolling")
        if action == REROLL:
            return t("roll again")
        return t("pass")

    def _pending(self, state: DicelandState) -> tuple[int | None, frozenset[int], int | None]:
        """The choice not yet confirmed, if it was made on ``state`` (else nothing)."""
        if self._for is not state:
            return None, frozenset(), None
        return self.colour, self.selection, self.refused

    def _keep(self, state: DicelandState) -> None:
        if self._for is not state:
            viewing = self.viewing
            self._holder = None
            self.forget()
            self.viewing = viewing  # the map chosen stays open while its owner decides
            self._for = state

    # -- taps -----------------------------------------------------------------------------------

    def handle(
        self, state: AnyState, answers: Mapping[int, Action], act: str, data: Mapping[str, str]
    ) -> list[Command]:
        assert isinstance(state, DicelandState)
        if state.is_terminal:
            return []
        if state.is_chance and act in ROLL_ACTS:
            return self.handle_roll(state, act, data)
        player = self._viewed(state, answers)
        if self.seated:  # a tap on a person's own place: theirs, while they decide
            seat = tapped_number(data, "seat", range(state.num_players))
            if seat is None or seat not in state.deciders or act == "view":
                return []
            player = seat
            self._hold(state, player)
        if act == "view":
            self._view(state, data)
        elif player in self.computers:  # its map is open to see what it chose, not to change it
            name = self.plain_name(player)
            raise RuleError("seat.computer", SEAT_RULES["seat.computer"], name=name)
        elif act == "colour":
            self._tap_colour(state, player, data)
        elif act == "cell":
            self._tap_cell(state, player, data)
        elif act == "clear":  # the choice not yet confirmed; Undo takes back played ones
            self._keep(state)
            self.colour, self.selection, self.refused = None, frozenset(), None
        elif act == "confirm":
            return self._handed_on(self._confirm(state, player))
        elif act == "stop":
            return [Answer(player, STOP)]
        elif act == "reroll":
            return [Answer(player, REROLL), ROLL_DICE]  # the engine's decision, then its roll
        elif act == "pass":
            return self._handed_on([Answer(player, PASS)])
        return []

    def _handed_on(self, answer: list[Command]) -> list[Command]:
        """A person's answer given (or changed) in phase 2: the screen goes on to the next who
        has still to answer, as a paper sheet is handed on; their own map is a tab away."""
        if answer:
            self.viewing = None
        return answer

    def _view(self, state: DicelandState, data: Mapping[str, str]) -> None:
        player = tapped_number(data, "player", range(state.num_players))
        if player in state.deciders:  # else a forged tap, or a decision already played
            self._keep(state)
            self.viewing = player
            self.colour, self.selection, self.refused = None, frozenset(), None

    def _tap_colour(self, state: DicelandState, player: int, data: Mapping[str, str]) -> None:
        colour = tapped_number(data, "colour", range(len(COLOURS)))
        if colour is None:
            return  # a forged tap: no such colour
        error = state.check(player, CHOOSE[colour])
        if error is not None:
            raise error
        self._keep(state)
        self.colour = None if self.colour == colour else colour

    def _tap_cell(self, state: DicelandState, player: int, data: Mapping[str, str]) -> None:
        m = state.map(player)
        cell = tapped_number(data, "cell", range(m.cell_count))
        if cell is None:
            return  # a forged tap: no such cell
        self._keep(state)
        selection = self.selection
        if state.phase in CROSSING_PHASES:
            if cell in selection:
                self.selection = selection - {cell}
                self.refused = None
                return
            grown = selection | {cell}
            if any(grown <= cells for _, cells in _placements(state, player)):
                self.selection = grown
                self.refused = None
                return
        self.refused = cell
        colour = self._colour_to_check(state, player, cell)
        error = state.check(player, Mark(colour, tuple(selection | {cell})))
        if error is not None:
            raise error
        self.refused = None  # nothing broken after all (cannot happen): a tap without effect

    def _colour_to_check(self, state: DicelandState, player: int, cell: int) -> int:
        """The colour an illegal tap is checked with: the selection's, else the cell's if the
        player may use it, else one they may use (so the check names the cell's problem)."""
        m = state.map(player)
        if self.selection:
            return m.colours[min(self.selection)]
        usable = state.usable_dice(player)
        colour = m.colours[cell]
        if colour >= 0 and usable[colour]:
            return colour
        return next((c for c, count in enumerate(usable) if count), max(colour, 0))

    def _confirm(self, state: DicelandState, player: int) -> list[Command]:
        colour, selection, _ = self._pending(state)
        if state.phase == Phase.CHOOSE and colour is not None:
            return [Answer(player, CHOOSE[colour])]
        if state.phase in CROSSING_PHASES and selection:
            m = state.map(player)
            colours = {m.colours[cell] for cell in selection}
            if len(colours) == 1:
                return [Answer(player, Mark(colours.pop(), tuple(sorted(selection))))]
        return []

    # -- regions --------------------------------------------------------------------------------

    def regions(self, state: AnyState, answers: Mapping[int, Action]) -> dict[str, str]:
        assert isinstance(state, DicelandState)
        if self.seated:
            return self._table_top(state, answers)
        if state.is_terminal:
            maps = (self.maps.sheet(state, p) for p in range(state.num_players))
            return self._game_over(state, Pieced.concat(*maps))
        asked = self._viewed(state, answers)
        if asked in self.computers and self.shared(state):
            return self._computer_regions(state, asked, answers)
        colour, selection, refused = self._pending(state)
        placements = _placements(state, asked) if state.phase in CROSSING_PHASES else []
        legal, complete = _still_open(placements, selection)
        # Every player's map, in both regions, whoever is asked: the asked player's shown big
        # (the others' big ones hidden), everyone else's small. A change of hands hides one and
        # shows another, with the cells that changed: the page keeps the maps it has drawn.
        players = range(state.num_players)
        return {
            "prompt": self.panels.prompt(state, asked, placements),
            "dice": self.panels.dice(state),
            "controls": self.deciders(state, asked, answers)
            + self.panels.controls(state, asked, colour, selection, complete=complete),
            "board": Pieced.concat(
                LEGAL_STRIPES,
                *(
                    self.maps.sheet(state, p, legal, selection, refused, interactive=True)
                    if p == asked
                    else self.maps.sheet(state, p, interactive=True, shown=False)
                    for p in players
                ),
            ),
            "others": Pieced.concat(
                *(self.maps.sheet(state, p, shown=p != asked) for p in players if len(players) > 1)
            ),
        }

    def _table_top(self, state: DicelandState, answers: Mapping[int, Action]) -> dict[str, str]:
        """The device lies in the middle of the table: each person's map at their edge, theirs
        to tap while they decide, with what they are asked and their own Pass, Clear and
        Confirm (phase 2: everyone at once); the dice, whose turn and the roll in the middle."""
        places = []
        for p in range(state.num_players):
            deciding = self.seated[p].acting and not state.is_chance and p in state.deciders
            answer = answers.get(p)
            if deciding:
                colour, selection, refused = self._pending_of(state, p)
                if not selection and isinstance(answer, Mark):
                    selection = frozenset(answer.cells)  # the answer given, to change or not
                placements = _placements(state, p) if state.phase in CROSSING_PHASES else []
                legal, complete = _still_open(placements, selection)
                sheet = self.maps.sheet(state, p, legal, selection, refused, interactive=True)
                said = self.panels.prompt(state, p, placements)
                if p in answers:
                    said += f'<p class="hint">{self.t("answered: change it?")}</p>'
                controls = f'<div class="place-prompt">{said}</div>' + self.panels.controls(
                    state, p, colour, selection, complete=complete
                )
            else:
                chosen = answer.cells if isinstance(answer, Mark) else ()
                sheet = self.maps.sheet(state, p, (), chosen, interactive=p not in self.computers)
                controls = ""
            places.append(self.place(p, sheet, controls))
        board = Pieced.concat(LEGAL_STRIPES, *places)
        if state.is_terminal:
            return self._game_over(state, board)
        active = state.active
        placements = _placements(state, active) if state.phase in CROSSING_PHASES else []
        return {
            "prompt": self.panels.prompt(state, active, placements),
            "dice": self.panels.dice(state),
            "controls": self.panels.controls(state, active, None, frozenset(), complete=False)
            if state.is_chance
            else "",
            "board": board,
        }

    def _game_over(self, state: DicelandState, board: str) -> dict[str, str]:
        """The end: the scores, New game, and the maps (``board``) as they ended."""
        return {
            "prompt": f'<h2 class="prompt">{self.t("Game over")}</h2>',
            "controls": (
                f'<button class="primary" data-act="new-game">{self.t("New game")}</button>'
            ),
            "scores": self.scores(state),
            "board": board,
        }

    def _computer_regions(
        self, state: DicelandState, computer: int, answers: Mapping[int, Action]
    ) -> dict[str, str]:
        """Phase 2 with a computer's map open: read-only, its answer shown on it and in words
        (issue 54: a computer's seat invited changes that did nothing)."""
        t = self.t
        answer = answers.get(computer)
        name = self.name(computer)
        if answer is None:
            said = t("{name} is thinking…", name=name)
        else:
            said = t("{name} chose: {choice}", name=name, choice=self.describe(state, answer))
        why = self.panels.rolling_ended(state)
        chosen = answer.cells if isinstance(answer, Mark) else ()
        players = range(state.num_players)
        return {
            "prompt": self.panels.said(state, said, why),
            "dice": self.panels.dice(state),
            "controls": self.deciders(state, computer, answers),
            "board": Pieced.concat(
                LEGAL_STRIPES,
                *(
                    self.maps.sheet(state, p, (), chosen, interactive=True, shown=p == computer)
                    for p in players
                ),
            ),
            "others": Pieced.concat(
                *(self.maps.sheet(state, p, shown=p != computer) for p in players)
            ),
        }

    def deciders(self, state: DicelandState, asked: int, answers: Mapping[int, Action]) -> str:
        """Phase 2, everyone's at once: a tab per player, to open their map in any order."""
        if not self.shared(state):
            return ""
        t = self.t
        n = state.num_players
        tabs = []
        for player in ((state.active + offset) % n for offset in range(n)):
            name = self.name(player)
            waited = ""
            if player not in state.deciders:
                status, off = t("decided"), " disabled"
            elif player in self.computers:  # read-only: its map shows what it chose
                status, off = (t("answered") if player in answers else t("thinking…")), ""
            elif player in answers:
                status, off = t("answered: change it?"), ""
            else:
                status, off, waited = t("to answer"), "", " to-answer"
            pressed = str(player == asked).lower()
            tabs.append(
                f'<button class="dl-tab{waited}" data-act="view" data-player="{player}" '
                f'aria-pressed="{pressed}"{off}>{name} <small>{status}</small></button>'
            )
        label = t("Whose map")
        return f'<div class="dl-tabs" role="group" aria-label="{label}">{"".join(tabs)}</div>'

    def colour_name(self, colour: int) -> str:
        return self.t(COLOURS[colour])

    # -- the table's own dice: how many show each colour --------------------------------------

    def dice_to_enter(self, state: AnyState) -> tuple[str, ...]:
        assert isinstance(state, DicelandState)
        return (DIE,) * state.dice_to_roll()

    def entered_roll(self, state: AnyState, faces: Sequence[int]) -> Action:
        return Roll(tuple(faces))

    def entered_faces(self, state: AnyState, roll: Action) -> list[int]:
        assert isinstance(roll, Roll)
        return list(roll.faces)

    def entry_face(self, die: str, face: int) -> tuple[str, str, str]:
        return f"dl-die c-{COLOURS[face]}", COLOUR_SYMBOLS[face], self.colour_name(face)

    def kept_dice(self, state: AnyState) -> str:
        """The dice set aside before a reroll, beside the places of those rolled again."""
        assert isinstance(state, DicelandState)
        return "".join(self.panels.die(state.chosen, " aside") for _ in range(state.set_aside))

    # -- the end --------------------------------------------------------------------------------

    def sheet_line(self, state: AnyState, player: int) -> str:
        """The map in one line: the cells crossed in each colour, after its symbol."""
        assert isinstance(state, DicelandState)
        sheet = state.sheets[player]
        return " ".join(
            f"{symbol}{(sheet.crossed & mask).bit_count()}"
            for symbol, mask in zip(COLOUR_SYMBOLS, sheet.map.colour_masks, strict=True)
        )

    def scores(self, state: DicelandState) -> str:
        t = self.t
        winners = self.crowned(state)
        n = state.num_players
        body = []
        for player in range(n):
            completed = state.completed_colours(player)
            colours = (
                ", ".join(
                    f'<span class="c-{COLOURS[c]}-ink"><span aria-hidden="true">'
                    f"{COLOUR_SYMBOLS[c]}</span> {self.colour_name(c)}</span>"
                    for c in completed
                )
                or "—"
            )
            rounds = state.rounds_played(player)
            body.append(
                f"{self.score_row(player, winners)}"
                f"<td><strong>{state.prizes(player)}</strong></td>"
                f'<td class="colours">{colours}</td><td>{rounds}</td></tr>'
            )
        return (
            f'{self.ending(state)}<table class="scores dl-scores"><thead><tr>'
            f'<th scope="col">{t("Player")}</th><th scope="col">{t("Prizes")}</th>'
            f'<th scope="col">{t("Completed colours")}</th>'
            f'<th scope="col">{t("Rounds")}</th></tr></thead><tbody>{"".join(body)}</tbody></table>'
        )


UI: Final = DicelandUI  # what the app plays the game with (dadoteca.games)
