"""What the shell (``index.html`` and ``assets/shell.js``, which work before Python has started)
shares with Python: one source for each fact, written into the shell by the build.

:func:`shell_facts` becomes a JSON block the shell reads (``#dadoteca-facts``); :func:`seat_rows`
becomes the setup form's seat rows. Run at build time only, never in the browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from typing import Final

from dadoteca.bots import BOT_SEAT, LEVELS
from dadoteca.diceland_maps import FIXED_MAP_IDS
from dadoteca.games import GAMES
from dadoteca.match import MAX_NAME_LENGTH

from .app import SEAT_KIND_CHOICE, level_names
from .diceland_view import DEALT_MAP, RANDOM_MAP
from .i18n import LANGUAGES, SOURCE_LANGUAGE
from .storage import (
    BROKEN_PREFIX,
    HISTORY_FORMAT,
    HISTORY_KEY,
    HISTORY_VERSION,
    LANGUAGE_KEY,
    SAVE_KEY,
    SOUND_KEY,
)

__all__ = ["FACTS_ID", "language_options", "seat_rows", "shell_facts", "shell_facts_json"]

FACTS_ID: Final = "dadoteca-facts"
HUMAN: Final = "human"


def shell_facts() -> dict[str, object]:
    """Every fact the shell's JavaScript needs of Python's, by name."""
    return {
        "storageKeys": {
            "language": LANGUAGE_KEY,
            "game": SAVE_KEY,
            "history": HISTORY_KEY,
            "sound": SOUND_KEY,
            "brokenPrefix": BROKEN_PREFIX,
        },
        "history": {"format": HISTORY_FORMAT, "version": HISTORY_VERSION},
        "languages": list(LANGUAGES),
        "sourceLanguage": SOURCE_LANGUAGE,
        "botSeat": BOT_SEAT,
        "levels": list(LEVELS),
        "maxNameLength": MAX_NAME_LENGTH,
        "games": {
            game_id: {"minPlayers": game.min_players, "maxPlayers": game.max_players}
            for game_id, game in GAMES.items()
        },
    }


def shell_facts_json() -> str:
    """:func:`shell_facts` as the text of a ``<script type="application/json">`` element."""
    return json.dumps(shell_facts(), separators=(",", ":")).replace("</", "<\\/")


def language_options() -> str:
    """The language switch's options, each language named in itself."""
    return "".join(f'<option value="{code}">{name}</option>' for code, name in LANGUAGES.items())


def _unmarked(text: str) -> str:
    return text


def _translatable(attribute: str, template: str, params: dict[str, int]) -> str:
    """An attribute in English whose translation the shell fills from ``template`` (its msgid)
    and ``params`` (``data-i18n-params``, shared by the element's attributes)."""
    text = escape(template.format(**params))
    return f'{attribute}="{text}" data-msgid-{attribute}="{escape(template)}"'


def seat_rows(t: Callable[[str], str] = _unmarked) -> str:
    """The setup's seat rows, one per seat of the largest table: a name, who plays it (a person
    or a computer level), Diceland's map; every seat but the first can move up.

    English, marked for the shell to translate (``data-i18n``); ``t`` marks the texts for
    ``build/i18n.py`` to extract, and returns them unchanged.
    """
    seats = max(game.max_players for game in GAMES.values())
    kinds = [(HUMAN, t("Person")), *level_names(t).items()]
    kind_options = "".join(
        f'<option value="{value}" data-i18n>{escape(label)}</option>' for value, label in kinds
    )
    # The box deals the boards at random: so does the setup, unless a seat picks a map.
    dealt = escape(t("Dealt at random"))
    dealt = f'<option value="{DEALT_MAP}" selected data-i18n>{dealt}</option>'
    maps = "".join(f"<option>{map_id}</option>" for map_id in FIXED_MAP_IDS)
    new_map = escape(t("A new random map"))
    random_map = f'<option value="{RANDOM_MAP}" data-i18n>{new_map}</option>'
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
        rows.append(
            f'<li data-seat="{seat}"><input name="player" maxlength="{MAX_NAME_LENGTH}" '
            f"{_translatable('placeholder', name, number)} "
            f"{_translatable('aria-label', name, number)} "
            f'data-i18n-attr="placeholder,aria-label" data-i18n-params="{params}">'
            f'<select class="seat-choice seat-kind" data-choice="{SEAT_KIND_CHOICE}" '
            f"{_translatable('aria-label', t('Who plays seat {number}'), number)} "
            f'data-i18n-attr="aria-label" data-i18n-params="{params}">{kind_options}</select>'
            f'<select class="seat-choice" data-game="diceland" data-choice="map" '
            f"{_translatable('aria-label', t('Map of player {number}'), number)} "
            f'data-i18n-attr="aria-label" data-i18n-params="{params}">'
            f"{dealt}{maps}{random_map}</select>{move_up}</li>"
        )
    return "\n".join(rows)
