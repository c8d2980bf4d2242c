"""What the shell (``index.html`` and ``assets/page/shell/``, which work before Python has started)
shares with Python: one source for each fact, written into the shell by the build.

:func:`shell_facts` becomes a JSON block the shell reads (``#dadoteca-facts``); :func:`seat_rows`
becomes the setup form's seat rows. Run at build time only, never in the browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from html import escape
from typing import Final

from dadoteca.bots import BOT_SEAT, LEVELS
from dadoteca.core import ROLLED
from dadoteca.games import GAMES, game_folder
from dadoteca.match import APP_DICE, DICE_KINDS, MAX_NAME_LENGTH, REAL_DICE, SHEETS_ONLY
from dadoteca_games.diceland.maps import FIXED_MAP_IDS
from dadoteca_games.diceland.pictures import map_picture_href, random_choice_symbols
from dadoteca_games.diceland.view import DEALT_MAP, RANDOM_MAP, map_board

from .app import GAME_UIS, SEAT_KIND_CHOICE, level_names
from .game_ui import Effect, GameUI
from .i18n import LANGUAGES, SOURCE_LANGUAGE
from .storage import (
    BROKEN_PREFIX,
    HISTORY_FORMAT,
    HISTORY_KEY,
    HISTORY_VERSION,
    HOME_SCREEN_KEY,
    LANGUAGE_KEY,
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
    "map_chooser",
    "player_count_options",
    "seat_rows",
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


def _unmarked(text: str) -> str:
    return text


def _translatable(attribute: str, template: str, params: dict[str, int]) -> str:
    """An attribute in English whose translation the shell fills from ``template`` (its msgid)
    and ``params`` (``data-i18n-params``, shared by the element's attributes)."""
    text = escape(template.format(**params))
    return f'{attribute}="{text}" data-msgid-{attribute}="{escape(template)}"'


def _span(css_class: str, template: str, params: Mapping[str, int | str] | None = None) -> str:
    """A ``<span>`` of English text that the shell translates: ``template`` is its msgid, with
    ``params`` (``data-i18n-params``) filled in."""
    marks = "data-i18n"
    if params:
        marks += f' data-msgid="{escape(template)}" data-i18n-params="{escape(json.dumps(params))}"'
    text = escape(template.format(**params) if params else template)
    return f'<span class="{css_class}" {marks}>{text}</span>'


def _map_choices(t: Callable[[str], str]) -> list[tuple[str, str, str]]:
    """Each map a seat can choose, in the chooser's order: (value, name, about), the texts as
    :func:`_span` writes them."""
    fixed = [
        (
            map_id,
            _span("map-name", t("Map {map}"), {"map": map_id}),
            _span(
                "map-about",
                t("Board {board}, side {side}"),
                {"board": map_board(map_id) + 1, "side": map_id},
            ),
        )
        for map_id in FIXED_MAP_IDS
    ]
    return [
        (
            DEALT_MAP,
            _span("map-name", t("Dealt at random")),
            _span("map-about", t("A board nobody else has")),
        ),
        (
            RANDOM_MAP,
            _span("map-name", t("A new random map")),
            _span("map-about", t("Made for this game")),
        ),
        *fixed,
    ]


def _map_picture(value: str, *, shown: bool) -> str:
    """The picture of a map choice; not ``shown``, it waits for the shell to set its ``href``
    (the maps' sprite loads when the chooser first opens)."""
    href = f' href="{map_picture_href(value)}"' if shown else ""
    return f'<svg class="dl-pic" aria-hidden="true"><use{href}/></svg>'


def map_chooser(t: Callable[[str], str] = _unmarked) -> str:
    """The dialog in which a seat chooses its Diceland map from a picture of each, and the
    pictures of the random choices (the page's own; the maps' are in the sprite)."""
    options = "".join(
        f'<button type="button" class="map-option{"" if value in FIXED_MAP_IDS else " chance"}" '
        f'data-map="{value}" '
        f'data-picture="{map_picture_href(value)}" aria-pressed="false">'
        f"{_map_picture(value, shown=False)}{name}{about}</button>"
        for value, name, about in _map_choices(t)
    )
    # The symbols' sprite takes no room: ``hidden``, an HTML attribute, does not hide an SVG
    # element (this one was a blank 300x150 under every screen).
    sprite = "position:absolute;width:0;height:0;overflow:hidden"
    return (
        f'<svg aria-hidden="true" style="{sprite}">{random_choice_symbols()}</svg>'
        '<dialog id="map-chooser" aria-labelledby="map-chooser-title">'
        f'<h2 id="map-chooser-title" data-i18n>{escape(t("Choose a map"))}</h2>'
        f'<p class="map-for"></p><div class="map-options">{options}</div>'
        '<div class="buttons"><button type="button" id="map-chooser-close" class="primary" '
        f"data-i18n>{escape(t('Close'))}</button></div></dialog>"
    )


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
    # Ruling DICELAND_BOARDS_DEALT: the setup deals the maps, unless a seat picks one. The
    # seat's button shows its choice (the chooser's picture and name) and opens the chooser.
    _, dealt, _ = _map_choices(t)[0]
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
        map_of = _span("visually-hidden", t("Map of player {number}"), number)
        shown = "" if seat <= DEFAULT_PLAYERS else " hidden"
        rows.append(
            f'<li data-seat="{seat}"{shown}><input name="player" maxlength="{MAX_NAME_LENGTH}" '
            f"{_translatable('placeholder', name, number)} "
            f"{_translatable('aria-label', name, number)} "
            f'data-i18n-attr="placeholder,aria-label" data-i18n-params="{params}">'
            f'<select class="seat-choice seat-kind" data-choice="{SEAT_KIND_CHOICE}" '
            f"{_translatable('aria-label', t('Who plays seat {number}'), number)} "
            f'data-i18n-attr="aria-label" data-i18n-params="{params}">{kind_options}</select>'
            f'<input type="hidden" data-game="diceland" data-choice="map" value="{DEALT_MAP}">'
            '<button type="button" class="seat-choice seat-map" data-game="diceland" '
            f'aria-haspopup="dialog">{map_of}'
            f'<span class="map-face">{_map_picture(DEALT_MAP, shown=True)}{dealt}</span>'
            f"</button>{move_up}</li>"
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
            f"{_span('game-about', ui.about)}</label>{_variant_choice(game_id, ui)}"
        )
    return "".join(cards)


def _variant_choice(game_id: str, ui: type[GameUI]) -> str:
    """A game's variants (Qwixx's score pads), shown under it: the game's own (no option) or
    a variant's, by its name (a product's: not translated). The setup remembers it as it does
    every field."""
    if not ui.variants:
        return ""
    own = next(iter(ui.variants))
    options = "".join(
        f'<option value="{"" if variant == own else variant}">{escape(name)}</option>'
        for variant, name in ui.variants.items()
    )
    return (
        f'<label class="setup-line" data-game="{game_id}">'
        f"<span data-i18n>{escape(ui.variant_label)}</span>"
        f'<select name="variant" class="seat-choice">{options}</select></label>'
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


def starter_options(t: Callable[[str], str] = _unmarked) -> str:
    """Who starts, after "Drawn at random" (ruling FIRST_PLAYER_DRAWN): the seats shown at
    first, by the names their empty fields show, each isolated as the shell writes a name."""
    name = t("Player {number}")
    return "".join(
        f'<option value="{index}">\u2068{escape(name.format(number=index + 1))}\u2069</option>'
        for index in range(DEFAULT_PLAYERS)
    )


def dice_choices(t: Callable[[str], str] = _unmarked) -> str:
    """The setup's choice of dice: the app rolls, or the table rolls its own and enters them, or
    only crosses (marked for translation as :func:`seat_rows` is). Sheets only is for people
    (the computers and the coach need the dice): its card says why, when a choice made rules
    it out (the shell shows each reason that holds: ``data-because``)."""
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
    }
    assert set(said) == set(DICE_KINDS)
    ruled_out = {
        "computer": t("Not while a computer plays: computers need to see the dice."),
        "coach": t("Not with Hints on request: the coach needs to see the dice."),
    }
    why_not = "".join(
        f'<span class="choice-why" data-because="{because}" data-i18n>{escape(text)}</span>'
        for because, text in ruled_out.items()
    )
    return "".join(
        f'<label class="dice-choice"><input type="radio" name="dice" value="{kind}"'
        f"{' checked' if kind == APP_DICE else ''}>"
        f'<span class="choice-name" data-i18n>{escape(said[kind][0])}</span>'
        f'<span class="choice-about" data-i18n>{escape(said[kind][1])}</span>'
        f"{why_not if kind == SHEETS_ONLY else ''}</label>"
        for kind in DICE_KINDS
    )


