"""The setup's answers, read for a new game: each seat's name, who plays it (a person or a
computer of a level), where its person sits round a table-top and the game's own choices; what
makes them no table to start; who starts (drawn at random, chosen, or changed before the first
roll); the match they make. The setup's form itself is built by :mod:`dadoteca_web.shell` (from
these field names and words), and the App puts the game on screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, NamedTuple

from dadoteca.bots import BOT_SEAT, LEVELS
from dadoteca.core import Game, draw, seed_generator
from dadoteca.match import (
    APP_DICE,
    DICE_KINDS,
    MAX_NAME_LENGTH,
    SHEETS_ONLY,
    Match,
    Seat,
    normalise_name,
)

from .game_ui import EDGES, GameUI
from .i18n import Translator

__all__ = [
    "EDGE_CHOICE",
    "SEAT_KIND_CHOICE",
    "NewGame",
    "SeatAsked",
    "level_names",
    "new_game",
    "seats_asked",
    "seeded_draws",
    "setup_problem",
    "turned",
]

SEAT_KIND_CHOICE: Final = "player"  # the setup's per-seat choice: "human" or a bot level
EDGE_CHOICE: Final = "edge"  # the setup's per-seat choice: where the person sits (a table-top)


def level_names(t: Callable[[str], str]) -> dict[str, str]:
    """Each computer level as the setup offers it, in words (``t``: the translator)."""
    names = (t("Computer, easy"), t("Computer, normal"), t("Computer, expert"))
    return dict(zip(LEVELS, names, strict=True))


def seeded_draws(seed: int) -> Callable[[int], int]:
    """``randbelow`` from ``seed``'s own stream: with ``?seed=N`` who starts and the maps
    dealt come out the same too, so a shared seed replays the whole game; a day's game deals
    its map from the day's seed."""
    generator = seed_generator(seed)

    def randbelow(limit: int) -> int:
        nonlocal generator
        generator, value = draw(generator)
        return value % limit

    return randbelow


class SeatAsked(NamedTuple):
    """A seat as the setup asks for it: the name it plays under, its seat kind (a person, or a
    computer of a level), where its person sits round a table-top ("": nowhere, the device is
    handed round) and the game's own choices (Diceland's map)."""

    name: str
    kind: str
    edge: str
    choices: Mapping[str, str]


def seats_asked(
    t: Translator, names: Sequence[str], choices: Sequence[Mapping[str, str]]
) -> list[SeatAsked]:
    """The seats of ``names``, in seat order, each with its ``choices`` (the same order). An
    empty name plays as "Player N" (a computer's as "Computer N"); a level this version lacks
    (a forged request) makes the seat a person's."""
    seats = []
    for index, written in enumerate(names):
        choice = dict(choices[index]) if index < len(choices) else {}
        edge = choice.pop(EDGE_CHOICE, "")
        level = choice.pop(SEAT_KIND_CHOICE, "human")
        kind = BOT_SEAT + level if level in LEVELS else "human"
        # Cut once normalised, then normalised again: a cut may leave a trailing space.
        name = normalise_name(normalise_name(written)[:MAX_NAME_LENGTH]) or (
            t("Player {number}", number=index + 1)
            if kind == "human"
            else t("Computer {number}", number=index + 1)
        )
        seats.append(SeatAsked(name, kind, edge, choice))
    return seats


def setup_problem(
    t: Translator, game: Game[Any], seats: Sequence[SeatAsked], *, table_top: bool
) -> str | None:
    """Why ``seats`` cannot sit down to ``game``, in words; None when they can. ``table_top``:
    the places chosen round a table-top count (none chosen: the device is handed round), one
    each, never two people at one place."""
    if not seats:
        return t("Choose how many play.")
    most = game.max_players
    if len(seats) > most:
        return t.n("At most {count} player.", "At most {count} players.", most)
    edges = [seat.edge for seat in seats]
    if not table_top or not any(edges):
        return None
    if len(edges) < 2 or not all(edge in EDGES for edge in edges):
        return t("Choose a place at the table for everyone.")
    if len(set(edges)) != len(edges):
        return t("Two people cannot sit at the same place at the table.")
    return None


class NewGame(NamedTuple):
    """A new game as the setup made it: its match, where each player sits round a table-top
    (none: the device is handed round), and whether who starts was drawn at random."""

    match: Match
    seating: tuple[str, ...]
    drawn: bool


def new_game(
    ui_class: type[GameUI],
    seats: Sequence[SeatAsked],
    *,
    first: int | None,
    seed: int | None,
    new_seed: Callable[[], int],
    variant: str,
    dice: str,
    coach: bool,
    randbelow: Callable[[int], int],
) -> NewGame:
    """The match of ``seats`` at ``ui_class``'s game, the arguments as :meth:`.app.App.start`
    takes them: the seats turned so that ``first`` sits first (None, or no such seat: drawn with
    ``randbelow``), the options from their own choices. Raises the RuleError of options the game
    refuses (a variant it lacks: a forged request)."""
    drawn = first is None or not 0 <= first < len(seats)
    starter = randbelow(len(seats)) if drawn else first
    assert starter is not None
    seats = [*seats[starter:], *seats[:starter]]
    options = ui_class.options([seat.choices for seat in seats], randbelow)
    match = Match(
        ui_class.game,
        [Seat(seat.name, seat.kind) for seat in seats],
        new_seed() if seed is None else seed,
        {**options, "variant": variant} if variant else options,
        dice if dice in DICE_KINDS else APP_DICE,  # a forged request: the app rolls
        coach=coach and dice != SHEETS_ONLY,
    )
    edges = tuple(seat.edge for seat in seats)
    return NewGame(match, edges if any(edges) else (), drawn)


def turned(match: Match, ui_class: type[GameUI], by: int) -> Match:
    """``match``, not yet rolled, with its seats turned so that seat ``by`` sits first, each
    with what is theirs (Diceland's map); the same dice to come."""
    return Match(
        match.game,
        match.seats[by:] + match.seats[:by],
        match.seed,
        ui_class.options_turned(match.options, by),
        match.dice,
        coach=match.coach,
    )
