"""Diceland's panels around the maps: the prompt (whose decision, what to do, why the rolling
ended), the dice (rolled, set aside, left over) and the controls (the colours to set aside, a
decision's buttons, where each colour could go on the map), as HTML.

Apart from the view (:mod:`.view`), which keeps the asked player's choice in the making, takes
the taps and lays out the regions, and from the maps (:mod:`.sheets`, :mod:`.svg`): this draws
what the view's choice and the engine say, and decides nothing.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from dadoteca.core import Unseen
from dadoteca_games.diceland.moment import CROSSING_PHASES, EVENTS
from dadoteca_games.diceland.rules import COLOURS, DICE, PASS, DicelandState, Mark, Phase
from dadoteca_games.diceland.svg import COLOUR_SYMBOLS
from dadoteca_web.i18n import Translator

if TYPE_CHECKING:
    from dadoteca_games.diceland.view import DicelandUI

__all__ = ["Panels", "Reach"]


def _unseen(state: DicelandState) -> bool:
    """The table rolled without showing the app (Sheets only): no dice to show, and a mark
    crosses any one colour, up to the dice the player could hold (ruling DICELAND_SHEETS_ONLY)."""
    return isinstance(state.dice, Unseen)


@dataclass(frozen=True, slots=True)
class Reach:
    """Where a colour option could go on its player's map (cells of the engine's placements),
    and that in words, for the option's line."""

    cells: frozenset[int]
    words: str

    def attributes(self, key: str) -> str:
        """The option's data: its cells, for the map's preview (map-preview.js); its line's id
        (``key``: the player's and the colour's, unique around a table-top too)."""
        cells = " ".join(map(str, sorted(self.cells)))
        return f' data-preview="{cells}" aria-describedby="dl-says-{key}"'

    def line(self, key: str) -> str:
        return f'<small class="dl-says" id="dl-says-{key}">{escape(self.words)}</small>'


class Panels:
    """The prompt, dice and controls of ``ui``'s game, in its language (``ui.t``, which the App
    may change)."""

    def __init__(self, ui: DicelandUI) -> None:
        self.ui = ui

    @property
    def t(self) -> Translator:
        return self.ui.t

    def prompt(
        self, state: DicelandState, asked: int, placements: Collection[tuple[int, frozenset[int]]]
    ) -> str:
        t = self.t
        name = self.ui.name(asked)
        phase = state.phase
        hint = ""
        if phase == Phase.ROLL:
            text = t("{name}, roll the six dice", name=name)
        elif phase == Phase.CHOOSE:
            text = t("{name}, choose a colour to set aside", name=name)
            hint = t("All its dice are set aside; then stop, or reroll the others.")
        elif phase == Phase.STOP_OR_REROLL:
            text = t("{name}, stop or reroll?", name=name)
            hint = t.n(
                "Set aside: {count} {colour} die. A reroll with no {colour} ends the rolling.",
                "Set aside: {count} {colour} dice. A reroll with no {colour} ends the rolling.",
                state.set_aside,
                colour=self.ui.colour_name(state.chosen),
            )
        elif phase == Phase.REROLL:
            text = t("{name}, reroll the dice", name=name)
        elif phase in CROSSING_PHASES and _unseen(state):
            text, hint = self._unseen_prompt(state, asked, name, bool(placements))
        elif phase == Phase.MARK:
            text, hint = self._phase2_prompt(state, asked, name, bool(placements))
        elif phase == Phase.BONUS_ROLL:
            text = t("{name}: bonus roll!", name=name)
            hint = t("Roll the five dice.")
        else:  # Phase.BONUS
            text = (
                t("{name}, use one colour of the bonus roll, or pass", name=name)
                if placements
                else t("{name}, no colour of the bonus roll fits your map: pass", name=name)
            )
        if phase in (Phase.BONUS_ROLL, Phase.BONUS) and state.bonus[asked] > 1:
            owed = t("Bonus rolls owed: {count}", count=state.bonus[asked])
            hint = f"{hint} {owed}" if hint else owed
        return self.said(state, text, hint)

    def said(self, state: DicelandState, text: str, hint: str) -> str:
        turn = self.t(
            "Turn {turn} · round {round} · {name} rolls",
            turn=state.turn,
            round=state.round,
            name=self.ui.name(state.active),
        )
        return f'<p class="turn-count">{turn}</p><h2 class="prompt">{text}</h2>' + (
            f'<p class="hint">{hint}</p>' if hint else ""
        )

    def rolling_ended(self, state: DicelandState) -> str:
        """Phase 2's line under the prompt: why the rolling ended."""
        ended = state.rolling_ended
        assert ended is not None  # phase 2
        colour = self.ui.colour_name(state.chosen)
        return self.t(EVENTS[ended], colour=colour, name=self.ui.name(state.active))

    def _phase2_prompt(
        self, state: DicelandState, asked: int, name: str, can_mark: bool
    ) -> tuple[str, str]:
        t = self.t
        colour = self.ui.colour_name(state.chosen)
        why = self.rolling_ended(state)
        if asked == state.active:
            if can_mark:
                text = t.n(
                    "{name}, cross {count} {colour} cell",
                    "{name}, cross {count} {colour} cells",
                    state.set_aside,
                    name=name,
                    colour=colour,
                )
            else:
                text = t.n(
                    "{name}, your {count} {colour} die fits nowhere: pass",
                    "{name}, your {count} {colour} dice fit nowhere: pass",
                    state.set_aside,
                    name=name,
                    colour=colour,
                )
        elif can_mark:
            text = t("{name}, use one colour of the remaining dice, or pass", name=name)
        else:
            text = t("{name}, no remaining colour fits your map: pass", name=name)
        return text, why

    def _unseen_prompt(
        self, state: DicelandState, asked: int, name: str, can_mark: bool
    ) -> tuple[str, str]:
        """Sheets only: the dice are on the table, not on screen, so the prompt says in words
        whose dice to use (how many cells at most: the controls, beside the selection)."""
        t = self.t
        checks = t("The app checks your map, not the dice.")
        if not can_mark:
            text = t("{name}, nothing on your map can be crossed now: pass", name=name)
        elif state.phase == Phase.BONUS:
            text = t.n(
                "{name}: bonus roll! Cross the cells of one colour your {count} die shows, or pass",
                "{name}: bonus roll! Cross the cells of one colour your {count} dice show, or pass",
                max(state.usable_dice(asked)),
                name=name,
            )
        elif asked == state.active:
            text = t("{name}, cross the cells your dice allow, or pass", name=name)
        else:
            text = t("{name}, cross the cells the dice left over allow, or pass", name=name)
        return text, checks

    def die(self, colour: int, extra: str = "") -> str:
        return (
            f'<span class="dl-die c-{COLOURS[colour]}{extra}" role="img" '
            f'aria-label="{self.ui.colour_name(colour)}">{COLOUR_SYMBOLS[colour]}</span>'
        )

    def dice(self, state: DicelandState) -> str:
        t = self.t
        if state.is_chance:
            return self.ui.entry_picker(state)
        if not state.dice or _unseen(state):
            return ""
        remaining = state.remaining_dice()
        rolled = "".join(self.die(c) for c in range(len(COLOURS)) for _ in range(remaining[c]))
        rolled_label = (
            t("Bonus roll")
            if state.phase == Phase.BONUS
            else t("Left over")
            if state.phase == Phase.MARK
            else t("Rolled")
        )
        groups = [
            f'<div class="dl-dice-group"><span class="dl-dice-label">{rolled_label}</span>'
            f'<div class="dice">{rolled or "—"}</div></div>'
        ]
        if state.set_aside:
            aside = "".join(self.die(state.chosen, " aside") for _ in range(state.set_aside))
            groups.insert(
                0,
                f'<div class="dl-dice-group aside"><span class="dl-dice-label">'
                f'{t("Set aside")}</span><div class="dice">{aside}</div></div>',
            )
        return f'<div class="dl-dice">{"".join(groups)}</div>'

    def controls(
        self,
        state: DicelandState,
        asked: int,
        colour: int | None,
        selection: frozenset[int],
        *,
        complete: bool,
    ) -> str:
        t = self.t
        phase = state.phase
        if state.is_chance:
            label = t("Roll the five dice") if phase == Phase.BONUS_ROLL else t("Roll the dice")
            return self.ui.roll_control(state, label)
        if phase == Phase.STOP_OR_REROLL:
            left = DICE - state.set_aside
            return (
                '<div class="buttons">'
                f'<button data-act="stop">{t("Stop")}</button>'
                f'<button class="primary" data-act="reroll">'
                f"{t.n('Reroll {count} die', 'Reroll {count} dice', left)}</button></div>"
            )
        if phase == Phase.CHOOSE:
            counts = [state.shown_dice.count(c) for c in range(len(COLOURS))]
            buttons = []
            for c, count in enumerate(counts):
                if not count:
                    continue
                pressed = c == colour
                state_class = "selected" if pressed else "legal"
                # What this colour's dice could cross if the rolling stopped now (the engine's
                # placements for as many dice as it shows), previewed on the map (map-preview.js).
                reach = self._reach(state, asked, c, state.placements(asked, c, count))
                buttons.append(
                    f'<button class="dl-colour c-{COLOURS[c]} {state_class}"'
                    f' data-act="colour" data-colour="{c}"{reach.attributes(f"{asked}-{c}")}'
                    f' aria-pressed="{str(pressed).lower()}"'
                    f' aria-label="{escape(self._dice_label(c, count))}">'
                    f"{self._option_face(c, count)}{reach.line(f'{asked}-{c}')}</button>"
                )
            chosen = (
                t("Chosen: {colour}", colour=self.ui.colour_name(colour))
                if colour is not None
                else t("Tap a colour")
            )
            disabled = "" if colour is not None else " disabled"
            return (
                f'<div class="dl-colours">{"".join(buttons)}</div>'
                f'<p class="chosen" aria-live="polite">{chosen}</p>'
                f'<div class="buttons"><button data-act="clear"{disabled}>{t("Clear")}</button>'
                f'<button class="primary" data-act="confirm"{disabled}>{t("Confirm")}</button>'
                "</div>"
            )
        # Phase 2 or a bonus decision: cells.
        m = state.map(asked)
        unseen = _unseen(state)
        options = "" if unseen else self._colour_options(state, asked)
        if unseen:
            chosen = self._unseen_chosen(state, asked, selection, complete=complete)
        elif selection:
            sel_colour = m.colours[min(selection)]
            need = state.usable_dice(asked)[sel_colour] if sel_colour >= 0 else 0
            chosen = t(
                "Chosen: {chosen} of {count} {colour}",
                chosen=len(selection),
                count=need,
                colour=self.ui.colour_name(sel_colour),
            )
        else:
            chosen = t("Tap highlighted cells")
        undo = "" if selection else " disabled"
        confirm = "" if complete else " disabled"
        # Pass only where the rules allow it: the active player who can cross must (ruling
        # DICELAND_ACTIVE_MUST_MARK); offered, it was refused once tapped.
        may_pass = state.check(asked, PASS) is None
        pass_button = f'<button data-act="pass">{t("Pass")}</button>' if may_pass else ""
        # The colour options after Confirm: they only preview, and a landscape phone's decision
        # column keeps Confirm in view above them.
        return (
            f'<p class="chosen{" dl-two-lines" if unseen else ""}" aria-live="polite">'
            f"{chosen}</p>"
            f'<div class="buttons">{pass_button}'
            f'<button data-act="clear"{undo}>{t("Clear")}</button>'
            f'<button class="primary" data-act="confirm"{confirm}>{t("Confirm")}</button></div>'
            f"{options}"
        )

    def _dice_label(self, colour: int, count: int) -> str:
        return self.t.n(
            "{colour}: {count} die",
            "{colour}: {count} dice",
            count,
            colour=self.ui.colour_name(colour),
        )

    @staticmethod
    def _option_face(colour: int, count: int) -> str:
        """A colour option's face: its symbol and how many dice, for the eye only."""
        return f'<span aria-hidden="true">{COLOUR_SYMBOLS[colour]} ×{count}</span>'  # noqa: RUF001

    def _colour_options(self, state: DicelandState, asked: int) -> str:
        """Phase 2 and bonus rolls: each colour ``asked`` may cross with, and where on the map
        (the engine's legal marks of that colour), previewed there as the option is pressed,
        focused or hovered (map-preview.js). They only show: the cells are tapped on the map."""
        usable = state.usable_dice(asked)
        marks: dict[int, list[tuple[int, ...]]] = {}
        for action in state.legal_actions(asked):
            if isinstance(action, Mark):
                marks.setdefault(action.colour, []).append(action.cells)
        options = []
        for c, count in enumerate(usable):
            if not count:
                continue
            reach = self._reach(state, asked, c, marks.get(c, []))
            options.append(
                f'<button type="button" class="dl-colour dl-option c-{COLOURS[c]}"'
                f'{reach.attributes(f"{asked}-{c}")} aria-pressed="false"'
                f' aria-label="{escape(self._dice_label(c, count))}">'
                f"{self._option_face(c, count)}{reach.line(f'{asked}-{c}')}</button>"
            )
        if not options:
            return ""
        label = escape(self.t("Where each colour could go"))
        return f'<div class="dl-colours" role="group" aria-label="{label}">{"".join(options)}</div>'

    def _reach(
        self,
        state: DicelandState,
        player: int,
        colour: int,
        placements: Collection[tuple[int, ...]],
    ) -> Reach:
        """Where ``placements`` (the engine's, of one colour) lie on ``player``'s map, and in
        words: how many cells they could cross, whether one closes an area, reaches a prize."""
        t = self.t
        m = state.map(player)
        crossed = set(state.crossed_cells(player))
        cells = frozenset(cell for cells in placements for cell in cells)
        closes = any(
            len(cells) == sum(1 for cell in m.area_cells(m.areas[cells[0]]) if cell not in crossed)
            for cells in placements
        )
        prize = any(m.is_prize(cell) for cell in cells)
        if not cells:
            return Reach(cells, t("fits nowhere now"))
        words = [t.n("{count} cell in reach", "{count} cells in reach", len(cells))]
        if closes:
            words.append(t("closes an area"))
        if prize:
            words.append(t("reaches a prize"))
        return Reach(cells, ", ".join(words))

    def _unseen_chosen(
        self, state: DicelandState, asked: int, selection: frozenset[int], *, complete: bool
    ) -> str:
        """Sheets only: the cells chosen against the most the player may cross; while Confirm
        waits, why, in the engine's words (any number of cells up to the most may do, so a
        selection falls short for the map's reasons, not a count's)."""
        t = self.t
        usable = state.usable_dice(asked)
        if not selection:  # any colour: the first cell tapped sets it
            return t("Tap highlighted cells of one colour, up to {count}", count=max(usable))
        colour = state.map(asked).colours[min(selection)]
        chosen = t.n(
            "Chosen: {count} {colour} cell, at most {most}",
            "Chosen: {count} {colour} cells, at most {most}",
            len(selection),
            colour=self.ui.colour_name(colour),
            most=usable[colour],
        )
        error = None if complete else state.check(asked, Mark(colour, tuple(selection)))
        return chosen if error is None else f"{chosen}<br>{escape(t.rule(error))}"
