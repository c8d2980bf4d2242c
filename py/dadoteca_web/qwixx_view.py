"""Qwixx on screen: the sheets, the dice and the prompt, as HTML; taps as Qwixx actions.

Only presentation lives here: what is legal, what a cross scores and when the game ends all
come from :mod:`dadoteca.qwixx`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from html import escape
from typing import Final

from dadoteca.core import Action, AnyState
from dadoteca.qwixx import (
    LAST_POSITION,
    PASS,
    PENALTY_BOXES,
    QWIXX,
    ROW_NAMES,
    Cross,
    Phase,
    QwixxState,
    number_at,
)

from .game_ui import ROLL_DICE, GameUI, Step, asked_player, die_pips

__all__ = ["QwixxUI"]

# Colour is never the only cue: every row also has its own shape.
ROW_SYMBOLS: Final = ("◆", "●", "▲", "■")
# Drawn, not an emoji: emoji fonts are missing on some devices, and this must never be a box.
LOCK_ICON: Final = (
    '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">'
    '<path d="M4 7V5a4 4 0 0 1 8 0v2" fill="none" stroke="currentColor" stroke-width="2"/>'
    '<rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor"/></svg>'
)


def _die(value: int, colour: str, label: str) -> str:
    return (
        f'<span class="die die-{colour}" role="img" aria-label="{escape(label)}">'
        f"{die_pips(value)}</span>"
    )


class QwixxUI(GameUI):
    """Qwixx for the player being asked; ``selection`` is their cross not yet confirmed."""

    game = QWIXX
    selection: Cross | None = None

    def regions(self, state: AnyState, answers: Mapping[int, Action]) -> dict[str, str]:
        assert isinstance(state, QwixxState)
        asked = asked_player(state, answers)
        regions = {
            "prompt": self.prompt(state, asked),
            "dice": self.dice(state),
            "controls": self.controls(state, self.selection),
        }
        if state.is_terminal:
            regions["scores"] = self.scores(state)
            regions["board"] = "".join(self.sheet(state, p) for p in range(state.num_players))
            return regions
        legal = [a for a in state.legal_actions(asked) if isinstance(a, Cross)]
        regions["board"] = self.sheet(state, asked, legal, self.selection, interactive=True)
        regions["others"] = "".join(
            self.sheet(state, p) for p in range(state.num_players) if p != asked
        )
        return regions

    # -- taps -------------------------------------------------------------------------------

    def handle(
        self, state: AnyState, answers: Mapping[int, Action], act: str, data: Mapping[str, str]
    ) -> list[Step]:
        assert isinstance(state, QwixxState)
        if state.is_terminal:
            return []
        player = asked_player(state, answers)
        if act == "roll" and state.is_chance:
            return [ROLL_DICE]
        if act == "cell":
            self._tap_cell(state, player, data)
        elif act == "pass" and not state.is_chance:
            return [(player, PASS)]
        elif act == "confirm" and self.selection is not None:
            return [(player, self.selection)]
        elif act == "undo":  # the choice not yet confirmed; confirmed ones and rolls stay
            self.selection = None
        return []

    def forget(self) -> None:
        self.selection = None

    def show_choice(self, state: AnyState, action: Action) -> None:
        self.selection = action if isinstance(action, Cross) else None

    def _tap_cell(self, state: QwixxState, player: int, data: Mapping[str, str]) -> None:
        try:
            cross = Cross(int(data.get("row", "")), int(data.get("number", "")))
        except ValueError:
            return
        if cross.row not in range(len(ROW_NAMES)) or cross.number not in range(2, 13):
            return  # a forged tap: no such cell
        error = state.check(player, cross)
        if error is not None:
            raise error
        self.selection = None if cross == self.selection else cross

    # -- the prompt -------------------------------------------------------------------------

    def prompt(self, state: QwixxState, asked: int) -> str:
        t = self.t
        player = self.name(asked)
        if state.phase == Phase.ROLL:
            text = t("{name}, roll the dice", name=player)
        elif state.phase == Phase.ACTION1:
            text = t("{name}, do you use {sum}?", name=player, sum=state.white_sum)
        elif state.phase == Phase.ACTION2:
            text = t("{name}, one white die plus one colour die?", name=player)
        else:
            text = t("Game over")
        hint = ""
        if state.phase == Phase.ACTION1:
            hint = t("Any row, the sum of the two white dice — or pass.")
        elif state.passing_costs_a_penalty:
            hint = t("Crossing nothing now costs a penalty.")
        turn = t("Turn {turn}", turn=state.turn)
        return f'<p class="turn-count">{turn}</p><h2 class="prompt">{text}</h2>' + (
            f'<p class="hint">{hint}</p>' if hint else ""
        )

    def dice(self, state: QwixxState) -> str:
        if state.dice is None:
            return ""
        t = self.t
        white = "".join(_die(v, "white", t("white {value}", value=v)) for v in state.dice.white)
        colours = "".join(
            _die(value, ROW_NAMES[row], f"{t(ROW_NAMES[row])} {value}")
            for row, value in enumerate(state.dice.colours)
            if value is not None
        )
        return f'<div class="dice">{white}{colours}</div>'

    def controls(self, state: QwixxState, selection: Cross | None) -> str:
        t = self.t
        if state.is_terminal:
            return f'<button class="primary" data-act="new-game">{t("New game")}</button>'
        if state.is_chance:
            return f'<button class="primary big" data-act="roll">{t("Roll the dice")}</button>'
        chosen = (
            t("Chosen: {row} {number}", row=t(ROW_NAMES[selection.row]), number=selection.number)
            if selection
            else t("Tap a highlighted number")
        )
        disabled = "" if selection else " disabled"
        return (
            f'<p class="chosen" aria-live="polite">{chosen}</p>'
            f'<div class="buttons"><button data-act="pass">{t("Pass")}</button>'
            f'<button data-act="undo"{disabled}>{t("Undo")}</button>'
            f'<button class="primary" data-act="confirm"{disabled}>{t("Confirm")}</button></div>'
        )

    # -- sheets -----------------------------------------------------------------------------

    def sheet(
        self,
        state: QwixxState,
        player: int,
        legal: Collection[Cross] = (),
        selection: Cross | None = None,
        *,
        interactive: bool = False,
    ) -> str:
        """One player's sheet; the asked player's is large and tappable, legal cells marked.

        Tappable even with nothing legal: a tap on any number says which rule forbids it.
        """
        t = self.t
        sheet = state.sheets[player]
        rows = []
        for row, name in enumerate(ROW_NAMES):
            crossed = sheet.crossed_numbers(row)
            lost = sheet.skipped(row)
            closed = state.is_closed(row)
            cells = []
            for position in range(LAST_POSITION + 1):
                number = number_at(row, position)
                cross = Cross(row, number)
                classes = ["cell"]
                label = f"{t(name)} {number}"
                if number in crossed:
                    classes.append("crossed")
                    label = t("{cell}, crossed", cell=label)
                elif closed or number in lost:
                    classes.append("skipped")
                if cross == selection:
                    classes.append("selected")
                elif cross in legal:
                    classes.append("legal")
                attrs = f'class="{" ".join(classes)}" aria-label="{escape(label)}"'
                if interactive:
                    pressed = "true" if cross == selection else "false"
                    cells.append(
                        f'<button {attrs} data-act="cell" data-row="{row}" '
                        f'data-number="{number}" aria-pressed="{pressed}">{number}</button>'
                    )
                else:
                    cells.append(f'<span {attrs} role="img">{number}</span>')
            locked = sheet.is_locked(row)
            lock_label = t("lock, crossed") if locked else t("lock")
            cells.append(
                f'<span class="cell lock{" crossed" if locked else ""}" '
                f'role="img" aria-label="{lock_label}">{LOCK_ICON}</span>'
            )
            points = t("{points} pts", points=sheet.row_score(row))
            rows.append(
                f'<div class="row row-{name}{" closed" if closed else ""}" role="group" '
                f'aria-label="{t(name)}">'
                f'<span class="symbol" aria-hidden="true">{ROW_SYMBOLS[row]}</span>'
                f'{"".join(cells)}<span class="row-points">{points}</span></div>'
            )
        boxes = "".join(
            f'<span class="penalty{" crossed" if box < sheet.penalties else ""}"></span>'
            for box in range(PENALTY_BOXES)
        )
        penalties = t("Penalties")
        total = t("Total: {score}", score=sheet.score())
        size = "big" if interactive else "small"
        owner = escape(self.names[player])
        active = " active" if player == state.active else ""
        label = t("Sheet of {name}", name=owner)
        penalty_label = f"{penalties}: {sheet.penalties}/{PENALTY_BOXES}"
        return (
            f'<section class="sheet {size}{active}" aria-label="{label}">'
            f'<h3 class="owner">{owner}</h3><div class="rows">{"".join(rows)}</div>'
            f'<div class="sheet-foot">'
            f'<span class="penalties" role="img" aria-label="{penalty_label}">'
            f"{penalties} {boxes}</span>"
            f'<strong class="total">{total}</strong></div></section>'
        )

    # -- the end ----------------------------------------------------------------------------

    def scores(self, state: QwixxState) -> str:
        t = self.t
        outcome = state.outcome
        assert outcome is not None
        winners = outcome.winners
        head = "".join(
            f'<th scope="col" aria-label="{t(name)}" class="row-{name}">'
            f'<span aria-hidden="true">{symbol}</span></th>'
            for name, symbol in zip(ROW_NAMES, ROW_SYMBOLS, strict=True)
        )
        body = []
        for player, sheet in enumerate(state.sheets):
            crown = " ★" if player in winners else ""
            points = "".join(f"<td>{sheet.row_score(row)}</td>" for row in range(4))
            body.append(
                f'<tr class="{"winner" if crown else ""}"><th scope="row">'
                f"{escape(self.names[player])}{crown}</th>{points}"
                f"<td>{-sheet.penalty_points()}</td><td><strong>{sheet.score()}</strong></td></tr>"
            )
        return (
            f'{self.ending(state)}<table class="scores"><thead><tr>'
            f'<th scope="col">{t("Player")}</th>{head}<th scope="col">{t("Penalties")}</th>'
            f"<th>{t('Total')}</th></tr></thead><tbody>{''.join(body)}</tbody></table>"
        )
