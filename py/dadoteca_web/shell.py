"""What the shell (``index.html`` and ``assets/page/shell/``, which work before Python has started)
shares with Python: one source for each fact, written into the shell by the build.

:func:`shell_facts` becomes a JSON block the shell reads (``#dadoteca-facts``); :func:`seat_rows`
becomes the setup form's seat rows. Run at build time only, never in the browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from html import escape
from typing import Final, Protocol, cast

from dadoteca.bots import BOT_SEAT, LEVELS
from dadoteca.core import ROLLED
from dadoteca.games import GAMES, game_folder, game_part
from dadoteca.match import (
    APP_DICE,
    DAILY_DICE,
    DICE_KINDS,
    MAX_NAME_LENGTH,
    REAL_DICE,
    SHEETS_ONLY,
)

from .game_ui import EDGES, Effect, GameUI
from .history_entries import HISTORY_FORMAT, HISTORY_VERSION
from .i18n import LANGUAGES, SOURCE_LANGUAGE
from .new_game import EDGE_CHOICE, SEAT_KIND_CHOICE, level_names
from .screens import GAME_UIS
from .shell_text import translatable, translated_span, unmarked
from .storage import (
    BROKEN_PREFIX,
    HISTORY_KEY,
    HOME_SCREEN_KEY,
    LANGUAGE_KEY,
    LAYOUT_KEY,
    RECORD_PREFIX,
    SAVE_KEY,
    SOUND_KEY,
    STORAGE_PREFIX,
)

__all__ = [
    "FACTS_ID",
    "dice_choices",
    "game_cards",
    "game_styles",
    "language_options",
    "player_count_options",
    "seat_rows",
    "setup_parts",
    "shell_facts",
    "shell_facts_json",
    "starter_options",
]

FACTS_ID: Final = "dadoteca-facts"
HUMAN: Final = "human"
# The setup at first, as the shell leaves it: the first game (checked in index.html), this many
# seats. Built so, its first paint is the one the player sees settle (no seats vanishing).
DEFAULT_PLAYERS: Final = 2


def shell_facts() -> dict[str, object]:
    """Every fact the shell's JavaScript needs of Python's, by name."""
    return {
        "storageKeys": {
            "prefix": STORAGE_PREFIX,
            "language": LANGUAGE_KEY,
            "game": SAVE_KEY,
            "history": HISTORY_KEY,
            "sound": SOUND_KEY,
            "layout": LAYOUT_KEY,
            "homeScreenTold": HOME_SCREEN_KEY,
            "brokenPrefix": BROKEN_PREFIX,
            "recordPrefix": RECORD_PREFIX,
        },
        "history": {"format": HISTORY_FORMAT, "version": HISTORY_VERSION},
        "languages": list(LANGUAGES),
        "sourceLanguage": SOURCE_LANGUAGE,
        "botSeat": BOT_SEAT,
        "levels": list(LEVELS),
        "maxNameLength": MAX_NAME_LENGTH,
        "realDice": REAL_DICE,
        "sheetsOnly": SHEETS_ONLY,
        "dayDice": DAILY_DICE,
        "games": {
            game_id: {"minPlayers": game.min_players, "maxPlayers": game.max_players}
            for game_id, game in GAMES.items()
        },
        "rolled": ROLLED,
        "effects": game_effects(),
    }


def game_effects() -> dict[str, Effect]:
    """What the page does at each kind of event, of every game (its screen's ``effects``)."""
    effects: dict[str, Effect] = {}
    for ui in GAME_UIS.values():
        effects.update(ui.effects)
    return effects


def shell_facts_json() -> str:
    """:func:`shell_facts` as the text of a ``<script type="application/json">`` element."""
    return json.dumps(shell_facts(), separators=(",", ":")).replace("</", "<\\/")


def language_options() -> str:
    """The language switch's options, each language named in itself. The page's own language
    (its texts before the shell translates them) is the one chosen: the bar paints before the
    shell has run."""
    return "".join(
        f'<option value="{code}"{" selected" if code == SOURCE_LANGUAGE else ""}>{name}</option>'
        for code, name in LANGUAGES.items()
    )


class GameSetup(Protocol):
    """A game's own part of the setup, its package's ``setup`` module if it has one (as
    Diceland's map for each seat): English marked for the shell to translate, as
    :func:`seat_rows` writes it."""

    def seat_choices(self, seat: int, t: Callable[[str], str]) -> str:
        """The game's fields of seat ``seat`` (from 1), each ``data-choice``: its option."""
        ...

    def setup_parts(self, t: Callable[[str], str]) -> str:
        """What the fields need beside them on the page (a dialog to choose in)."""
        ...

    def site_files(self) -> Mapping[str, str]:
        """The files the fields show from the site (pictures), by path from its root, each
        one's text: the build writes them."""
        ...


def game_setups() -> dict[str, GameSetup]:
    """Each game's own part of the setup, by game id, for the games that have one."""
    return {
        game_id: cast(GameSetup, module)
        for game_id in GAMES
        if (module := game_part(game_id, "setup")) is not None
    }


def _shown_first(game_id: str) -> str:
    """`` hidden`` for a game's own parts of the setup but the first game's: the page comes built
    as the shell leaves it at first (setup.js shows those of the game chosen)."""
    return "" if game_id == next(iter(GAMES)) else " hidden"


def setup_parts(t: Callable[[str], str] = unmarked) -> str:
    """The games' own parts of the setup that are not in a seat (Diceland's map chooser)."""
    return "".join(setup.setup_parts(t) for setup in game_setups().values())


def edge_names(t: Callable[[str], str] = unmarked) -> dict[str, str]:
    """Each place around a table-top (game_ui.EDGES), as the setup offers it, seen by the
    person holding the device."""
    names = {
        "bottom": t("Bottom edge"),
        "left": t("Left edge"),
        "top": t("Top edge"),
        "right": t("Right edge"),
        "bottom-left": t("Bottom edge, left"),
        "bottom-right": t("Bottom edge, right"),
        "top-left": t("Top edge, left"),
        "top-right": t("Top edge, right"),
    }
    assert tuple(names) == EDGES
    return names


def seat_rows(t: Callable[[str], str] = unmarked) -> str:
    """The setup's seat rows, one per seat of the largest table: a name, who plays it (a person
    or a computer level), where they sit round a table-top, the game's own choices (each
    game's in its own ``.game-choices``); every seat but the first can move up.

    English, marked for the shell to translate (``data-i18n``); ``t`` marks the texts for
    ``build/i18n.py`` to extract, and returns them unchanged.
    """
    seats = max(game.max_players for game in GAMES.values())
    kinds = [(HUMAN, t("Person")), *level_names(t).items()]
    kind_options = "".join(
        f'<option value="{value}" data-i18n>{escape(label)}</option>' for value, label in kinds
    )
    setups = game_setups()
    # Around a device lying in the middle of the table: where each person sits (the page
    # offers the places that fit the screen and the count, and shows these only then).
    edge_options = "".join(
        f'<option value="{edge}" data-i18n>{escape(label)}</option>'
        for edge, label in edge_names(t).items()
    )
    rows = []
    for seat in range(1, seats + 1):
        number = {"number": seat}
        params = escape(json.dumps(number))
        move_up = (
            f'<button type="button" class="move-up" aria-label="{escape(t("Move up"))}" '
            'data-i18n-attr="aria-label">↑</button>'
            if seat > 1
            else ""
        )
        name = t("Player {number}")
        own = "".join(
            f'<span class="game-choices" data-game="{game_id}"{_shown_first(game_id)}>'
            f"{setup.seat_choices(seat, t)}</span>"
            for game_id, setup in setups.items()
        )
        shown = "" if seat <= DEFAULT_PLAYERS else " hidden"
        rows.append(
            f'<li data-seat="{seat}"{shown}><input name="player" maxlength="{MAX_NAME_LENGTH}" '
            f"{translatable('placeholder', name, number)} "
            f"{translatable('aria-label', name, number)} "
            f'data-i18n-attr="placeholder,aria-label" data-i18n-params="{params}">'
            f'<select class="seat-choice seat-kind" data-choice="{SEAT_KIND_CHOICE}" '
            f"{translatable('aria-label', t('Who plays seat {number}'), number)} "
            f'data-i18n-attr="aria-label" data-i18n-params="{params}">{kind_options}</select>'
            f'<select class="seat-choice seat-edge" data-choice="{EDGE_CHOICE}" '
            f"{translatable('aria-label', t('Where player {number} sits'), number)} "
            f'data-i18n-attr="aria-label" data-i18n-params="{params}">{edge_options}</select>'
            f"{own}{move_up}</li>"
        )
    return "\n".join(rows)


def game_cards() -> str:
    """The setup's choice of game: a card per game on the shelf, in its order, the first
    chosen (the form's ``data-game`` in index.html)."""
    cards = []
    for index, (game_id, ui) in enumerate(GAME_UIS.items()):
        checked = " checked" if index == 0 else ""
        cards.append(
            f'<label class="game-card"><input type="radio" name="game" value="{game_id}"'
            f'{checked}><span class="game-name">{escape(ui.title)}</span>'
            f"{translated_span('game-about', ui.about)}</label>{_variant_choice(game_id, ui)}"
        )
    return "".join(cards)


def _variant_choice(game_id: str, ui: type[GameUI], t: Callable[[str], str] = unmarked) -> str:
    """A game's variants (Qwixx's score pads), shown under it: the game's own (no option) or
    a variant's, by its name (a product's: not translated). The setup remembers it as it does
    every field. Today's game is played on the game's own pad: the choice is not on offer then,
    said beside it."""
    if not ui.variants:
        return ""
    own = next(iter(ui.variants))
    why_not = t("Today's game is played on the game's own pad.")
    options = "".join(
        f'<option value="{"" if variant == own else variant}">{escape(name)}</option>'
        for variant, name in ui.variants.items()
    )
    return (
        f'<label class="setup-line game-choices" data-game="{game_id}"{_shown_first(game_id)}>'
        f"<span data-i18n>{escape(ui.variant_label)}</span>"
        f'<select name="variant" class="seat-choice">{options}</select>'
        f'<span class="choice-why" data-because="day" data-i18n>{escape(why_not)}</span></label>'
    )


GAME_STYLE: Final = "style.css"  # in a game's package; served as assets/<id>.css


def game_styles() -> str:
    """The stylesheets of the games that have one (the build serves each as assets/ID.css)."""
    return "".join(
        f'<link rel="stylesheet" href="assets/{game_id}.css">'
        for game_id in GAMES
        if (game_folder(game_id) / GAME_STYLE).is_file()
    )


def player_count_options() -> str:
    """How many play: the counts of the first game, the default chosen."""
    first = next(iter(GAMES.values()))
    return "".join(
        f'<option value="{count}"{" selected" if count == DEFAULT_PLAYERS else ""}>{count}</option>'
        for count in range(first.min_players, first.max_players + 1)
    )


def starter_options(t: Callable[[str], str] = unmarked) -> str:
    """Who starts, after "Drawn at random" (ruling FIRST_PLAYER_DRAWN): the seats shown at
    first, by the names their empty fields show, each isolated as the shell writes a name."""
    name = t("Player {number}")
    return "".join(
        f'<option value="{index}">\u2068{escape(name.format(number=index + 1))}\u2069</option>'
        for index in range(DEFAULT_PLAYERS)
    )


def dice_choices(t: Callable[[str], str] = unmarked) -> str:
    """The setup's choice of dice: the app rolls, or the table rolls its own and enters them, or
    only crosses, or plays today's game (marked for translation as :func:`seat_rows` is).
    Sheets only is for people (the computers and the coach need the dice), and so is today's
    game (each person plays the day's dice alone, in turn: not round a table-top): their
    cards say why, when a choice made rules them out (the shell shows each reason that holds:
    ``data-because``)."""
    said = {
        "app": (t("The app rolls"), t("Tap Roll: the app rolls for everyone.")),
        "real": (
            t("Real dice"),
            t("Roll your own dice and tap what they show: the app keeps the sheets."),
        ),
        "sheets": (
            t("Sheets only"),
            t("Roll your own dice and just cross: the app checks the sheets, not the dice."),
        ),
        "day": (
            t("Today's game"),
            t(
                "Today's dice, the same for everyone: each player plays them alone, in turn, "
                "then share your score."
            ),
        ),
    }
    assert set(said) == set(DICE_KINDS)
    # Why the dice for people are not on offer, by the choice that rules them out.
    ruled_out = {
        SHEETS_ONLY: {
            "computer": t("Not while a computer plays: computers need to see the dice."),
            "coach": t("Not with Hints on request: the coach needs to see the dice."),
        },
        DAILY_DICE: {
            "computer": t("Not while a computer plays: today's game is for people, each alone."),
            "coach": t("Not with Hints on request: today's game is played without hints."),
            "table": t(
                "Not with the device in the middle of the table: today's game is played in "
                "turn, each person alone."
            ),
        },
    }
    return "".join(
        f'<label class="dice-choice"><input type="radio" name="dice" value="{kind}"'
        f"{' checked' if kind == APP_DICE else ''}>"
        f'<span class="choice-name" data-i18n>{escape(said[kind][0])}</span>'
        f'<span class="choice-about" data-i18n>{escape(said[kind][1])}</span>'
        + "".join(
            f'<span class="choice-why" data-because="{because}" data-i18n>{escape(text)}</span>'
            for because, text in ruled_out.get(kind, {}).items()
        )
        + "</label>"
        for kind in DICE_KINDS
    )
