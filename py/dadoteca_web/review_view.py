"""A finished game opened again: its positions step by step, and the coach's review of it.

The :class:`Viewer` shows ``match.states[at]`` with the game's own view (nothing to tap on the
board), the move made from it and, once the review (:mod:`dadoteca.bots.review`) is worked out,
how far each person played from the expert, the three costliest moments (a tap shows the
position) and a chart of every player's score turn by turn, drawn here as SVG. :class:`Viewing`
opens one over the App's screen (from a game's end, or from the history), passes it its taps and
works its review out in slices.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Final

from dadoteca.bots import LEAD, POINTS, TURNS, bot_level
from dadoteca.bots.review import Decision, Review, decisions_of, reviewing, scores_by_turn
from dadoteca.commands import Pause
from dadoteca.match import SHEETS_ONLY, Match

from .game_ui import GameUI, tapped_number
from .screens import ui_for

if TYPE_CHECKING:
    from .app import App

__all__ = ["CHART_HEIGHT", "CHART_WIDTH", "Viewer", "Viewing"]

CHART_WIDTH: Final = 320  # the score chart's drawing units; it scales to the screen's width
CHART_HEIGHT: Final = 160
_MARGIN: Final = 28  # room for the axes' numbers
SEAT_LINES: Final = 5  # line styles (app.css .seat-line-N), one per seat of the largest game
LOSS_SHOWN: Final = 0.05  # points or turns: less is said as no loss at all
REVIEW_PROGRESS_SHOWN: Final = 0.05  # the review's progress is painted again at each such share
# The steps' icons (24 x 24): to the first move, one back, one on, to the end.
_STEP_ICONS: Final = (
    "M5 5h2.5v14H5zM19 5v14L8.5 12z",
    "M17 5v14L6 12z",
    "M7 5v14l11-7z",
    "M16.5 5H19v14h-2.5zM5 5v14l10.5-7z",
)


class Viewing:
    """The finished game ``app`` has opened again (its ``viewer``), over the screen it was
    opened from."""

    def __init__(self, app: App) -> None:
        self.app = app

    def open(self, match: Match, back: str) -> None:
        """Open ``match``, finished, over the screen ``back``."""
        ui = ui_for(self.app.t, match)
        ui.hints_used = tuple(match.hints_by_player())
        self.app.viewer = Viewer(match, ui, back)

    def open_finished(self, entry_id: str) -> None:
        """Open a finished game of the history again, by its entry's id, if its record is
        kept; said in words if it is not."""
        app = self.app
        app.notice = ""
        match = app.history.record(entry_id)
        if match is None:
            app.tell(app.t("This game's moves are no longer kept on this device."), "error")
            return
        self.open(match, app.screen)

    def tap(self, act: str, data: Mapping[str, str]) -> None:
        """A tap on the game opened again: a step to show, or back to where it was opened
        from; nothing else (the board only shows)."""
        viewer = self.app.viewer
        assert viewer is not None
        if act == "review-step":
            viewer.step(data)
        elif act == "review-close":
            self.app.viewer = None

    def to_review(self) -> bool:
        """The game opened again has its review still to work out."""
        viewer = self.app.viewer
        return viewer is not None and viewer.to_review()

    def review_steps(self) -> Iterator[Pause | None]:
        """Work out the review of the game opened again, in slices; its progress is painted
        at every REVIEW_PROGRESS_SHOWN of it, and when it is done. Stops if it is closed."""
        viewer = self.app.viewer
        if viewer is None:
            return
        shown = 0.0
        for progress in viewer.review_steps():
            if self.app.viewer is not viewer:
                return
            if progress >= shown + REVIEW_PROGRESS_SHOWN:
                shown = progress
                yield Pause(0.0)
            else:
                yield None
        yield Pause(0.0)


class Viewer:
    """``match``, finished, shown at ``at`` actions played; its review once worked out.
    ``back`` is the screen it was opened from (``over``: the game just finished)."""

    def __init__(self, match: Match, ui: GameUI, back: str) -> None:
        self.match = match
        self.ui = ui
        self.back = back
        self.at = len(match.actions)
        self.people = tuple(
            player for player, seat in enumerate(match.seats) if bot_level(seat) is None
        )
        self.review: Review | None = None
        self.progress = 0.0
        self.failed = False  # the review broke off: said, and not tried again
        # The expert weighs choices on the dice; a game played with sheets only never showed them.
        self.unseen_dice = match.dice == SHEETS_ONLY
        self._reviewing: Generator[float, None, Review] | None = (
            reviewing(match, self.people) if self.people and not self.unseen_dice else None
        )
        self._by_step: dict[int, Decision] = {}
        # The actions decided on each position: several where players decided together.
        self._decided_on: dict[int, list[int]] = {}
        for step, position, _, _ in decisions_of(match):
            self._decided_on.setdefault(position, []).append(step)

    # -- the review, worked out in slices ---------------------------------------------------

    def to_review(self) -> bool:
        return self._reviewing is not None

    def review_steps(self) -> Generator[float, None, None]:
        """Work the review out, yielding its progress (0 to 1) now and then."""
        reviewing_ = self._reviewing
        if reviewing_ is None:
            return
        while True:
            try:
                self.progress = next(reviewing_)
            except StopIteration as done:
                review: Review = done.value
                self.review, self._reviewing = review, None
                self._by_step = {decision.step: decision for decision in review.decisions}
                return
            except Exception:
                self._reviewing, self.failed = None, True
                raise
            yield self.progress

    # -- taps -------------------------------------------------------------------------------

    def step(self, data: Mapping[str, str]) -> None:
        """Show the position after the number of actions ``data`` names."""
        at = tapped_number(data, "step", range(len(self.match.actions) + 1))
        if at is not None:
            self.at = at

    # -- what is shown ----------------------------------------------------------------------

    @property
    def moment(self) -> int:
        return -1 - self.at  # never a game's moment: a tap on the game is not taken here

    def regions(self) -> dict[str, str]:
        state = self.match.states[self.at]
        regions = dict(self.ui.regions(state, {}))
        regions["controls"] = ""
        regions["tools"] = self._tools()
        regions["prompt"] = self._prompt()
        regions["review"] = self._review()
        return regions

    def _tools(self) -> str:
        t, at, last = self.ui.t, self.at, len(self.match.actions)
        buttons = (
            (t("First move"), 0),
            (t("Previous move"), max(0, at - 1)),
            (t("Next move"), min(last, at + 1)),
            (t("Last move"), last),
        )
        steps = "".join(
            f'<button class="tool step" data-act="review-step" data-step="{step}" '
            f'aria-label="{label}"{" disabled" if step == at else ""}>'
            f'<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">'
            f'<path d="{icon}" fill="currentColor"/></svg></button>'
            for (label, step), icon in zip(buttons, _STEP_ICONS, strict=True)
        )
        close, label = t("Close"), t("Close the review")
        return (
            f'{steps}<button class="tool" data-act="review-close" aria-label="{label}">'
            f"{close}</button>"
        )

    def _prompt(self) -> str:
        """The move made from the position shown: every decision made on it, where players
        decided together, each with the expert's verdict once the review is worked out."""
        t, ui, match, at = self.ui.t, self.ui, self.match, self.at
        total = len(match.actions)
        if at == total:
            return f'<h2 class="prompt">{t("The end of the game")}</h2>'
        state = match.states[at]
        # Turns, as the chart counts them; the move, as the steps go.
        heading = t(
            "Turn {turn} · move {number} of {total}", turn=state.turn, number=at + 1, total=total
        )
        moves = []
        for step in self._decided_on.get(at, [at]):
            player, action = match.actions[step]
            if player is None:
                moves.append(f'<p class="move">{t("The dice are rolled.")}</p>')
                continue
            said = t(
                "{name}: {choice}.", name=ui.name(player), choice=escape(ui.describe(state, action))
            )
            decision = self._by_step.get(step)
            if decision is not None:
                said += f' <span class="verdict">{self._verdict(decision)}</span>'
            moves.append(f'<p class="move">{said}</p>')
        return f'<h2 class="prompt">{heading}</h2>{"".join(moves)}'

    def _verdict(self, decision: Decision) -> str:
        """What the expert made of a decision, in words (HTML)."""
        t, ui, review = self.ui.t, self.ui, self.review
        assert review is not None
        state = self.match.states[decision.position]
        if decision.loss < LOSS_SHOWN:
            return t("As good as the expert's choice.")
        return t(
            "The expert: {choice}, {loss} more.",
            choice=escape(ui.describe(state, decision.choice)),
            loss=self._amount(decision.loss, review.unit),
        )

    def _amount(self, value: float, unit: str) -> str:
        """``value`` in the review's unit, in words."""
        t = self.ui.t
        if unit in (POINTS, LEAD):
            return t("{amount} points", amount=t.decimal(value))
        assert unit == TURNS
        return t("{amount} turns", amount=t.decimal(value))

    def _review(self) -> str:
        t = self.ui.t
        parts = [f'<h2 id="review-title">{t("Review")}</h2>']
        if not self.people:
            nobody = t("Only computers played this game: there is nothing to review.")
            parts.append(f"<p>{nobody}</p>")
        elif self.unseen_dice:
            unseen = t(
                "This game was played with sheets only: the expert never saw the dice, "
                "so it cannot review the choices."
            )
            parts.append(f"<p>{unseen}</p>")
        elif self.failed:
            parts.append(f"<p>{t('The review could not be worked out.')}</p>")
        elif self.review is None:
            percent = round(100 * self.progress)
            parts.append(
                f'<p class="reviewing">{t("The expert is reviewing the game…")} '
                f'<progress max="100" value="{percent}">{percent}%</progress></p>'
            )
        else:
            parts.append(self._summary(self.review))
        parts.append(self._chart())
        return f'<section class="review" aria-labelledby="review-title">{"".join(parts)}</section>'

    def _summary(self, review: Review) -> str:
        t, ui = self.ui.t, self.ui
        lines = []
        for player in self.people:
            lost = review.lost(player)
            if lost < LOSS_SHOWN:
                said = t("{name} played as the expert would.", name=ui.name(player))
            else:
                said = t(
                    "{name}: {amount} behind the expert.",
                    name=ui.name(player),
                    amount=self._amount(lost, review.unit),
                )
                area, in_area = self._costliest_area(review, player)
                if area is not None and in_area >= LOSS_SHOWN:
                    said += " " + t(
                        "{amount} of them in {area}.",
                        amount=self._amount(in_area, review.unit),
                        area=area,
                    )
            lines.append(f"<li>{said}</li>")
        costly = review.costliest()
        moments = "".join(
            f'<li><button class="moment" data-act="review-step" data-step="{decision.position}">'
            f"{self._moment(decision)}</button></li>"
            for decision in costly
        )
        heading = f'<h3>{t("The costliest moments")}</h3><ol class="costly">{moments}</ol>'
        return f'<ul class="behind">{"".join(lines)}</ul>{heading if costly else ""}'

    def _costliest_area(self, review: Review, player: int) -> tuple[str | None, float]:
        """Where ``player`` lost most (a Qwixx row, say) and how much, if the game says."""
        by_area: dict[str, float] = {}
        for decision in review.decisions:
            if decision.player != player or decision.loss <= 0:
                continue
            state = self.match.states[decision.position]
            area = self.ui.review_area(state, decision.choice, decision.played)
            if area is not None:
                by_area[area] = by_area.get(area, 0.0) + decision.loss
        if not by_area:
            return None, 0.0
        area = max(by_area, key=lambda name: by_area[name])
        return area, by_area[area]

    def _moment(self, decision: Decision) -> str:
        t, ui, review = self.ui.t, self.ui, self.review
        assert review is not None
        state = self.match.states[decision.position]
        return t(
            "Turn {turn}, {name}: {played}; the expert: {choice} ({loss}).",
            turn=state.turn,
            name=ui.name(decision.player),
            played=escape(ui.describe(state, decision.played)),
            choice=escape(ui.describe(state, decision.choice)),
            loss=self._amount(decision.loss, review.unit),
        )

    def _chart(self) -> str:
        """Every player's score turn by turn: one line per seat, in its own style."""
        t, ui = self.ui.t, self.ui
        points = scores_by_turn(self.match)
        return score_chart(
            points,
            [ui.name(player) for player in range(len(self.match.seats))],
            t("Score turn by turn"),
            t("Turn"),
        )


def score_chart(
    points: Sequence[tuple[int, ...]], names: Sequence[str], title: str, x_label: str
) -> str:
    """An SVG line chart of ``points`` (each a tuple of scores by seat), with a legend of
    ``names`` (HTML) in the lines' styles."""
    lowest = min(min(scores) for scores in points)
    highest = max(max(scores) for scores in points)
    low = min(0, lowest)
    high = max(highest, low + 1)
    width, height = CHART_WIDTH - _MARGIN - 6, CHART_HEIGHT - _MARGIN - 6
    steps = max(1, len(points) - 1)

    def x(index: int) -> float:
        return _MARGIN + width * index / steps

    def y(score: int) -> float:
        return 6 + height * (high - score) / (high - low)

    lines = []
    for seat in range(len(names)):
        path = " ".join(f"{x(i):.1f},{y(scores[seat]):.1f}" for i, scores in enumerate(points))
        lines.append(f'<polyline class="seat-line-{seat % SEAT_LINES}" points="{path}"/>')
    axes = (
        f'<line class="axis" x1="{_MARGIN}" y1="{y(low):.1f}" x2="{CHART_WIDTH - 6}" '
        f'y2="{y(low):.1f}"/>'
        f'<line class="axis" x1="{_MARGIN}" y1="6" x2="{_MARGIN}" y2="{y(low):.1f}"/>'
        f'<text x="{_MARGIN - 4}" y="{y(high) + 4:.1f}" text-anchor="end">{high}</text>'
        f'<text x="{_MARGIN - 4}" y="{y(low):.1f}" text-anchor="end">{low}</text>'
        f'<text x="{CHART_WIDTH - 6}" y="{CHART_HEIGHT - 8}" text-anchor="end">'
        f"{escape(x_label)} {steps}</text>"
    )
    if low < 0:  # the zero line, where penalties take a score below it
        axes += (
            f'<line class="zero" x1="{_MARGIN}" y1="{y(0):.1f}" x2="{CHART_WIDTH - 6}" '
            f'y2="{y(0):.1f}"/>'
        )
    legend = "".join(
        f'<li><svg class="swatch" viewBox="0 0 24 8" aria-hidden="true"><line '
        f'class="seat-line-{seat % SEAT_LINES}" x1="0" y1="4" x2="24" y2="4"/></svg>'
        f"{name} {points[-1][seat]}</li>"
        for seat, name in enumerate(names)
    )
    return (
        f'<figure class="score-chart"><figcaption>{escape(title)}</figcaption>'
        f'<svg viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" role="img" '
        f'aria-label="{escape(title)}">{axes}{"".join(lines)}</svg>'
        f'<ul class="legend">{legend}</ul></figure>'
    )
