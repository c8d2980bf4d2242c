"""What the shell shares with Python is written into it by the build, from Python's constants."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest

from build.build import write_index
from dadoteca.bots import BOT_SEAT
from dadoteca.bots.base import LEVELS
from dadoteca.games import GAMES, game_folder, game_part
from dadoteca.match import MAX_NAME_LENGTH
from dadoteca.playout import random_playout
from dadoteca_games.diceland.maps import (
    COLOURS,
    DEALT_MAP,
    FIXED_MAP_IDS,
    RANDOM_MAP,
    Kind,
    map_by_id,
)
from dadoteca_games.diceland.pictures import MAP_SPRITE, map_sprite
from dadoteca_games.diceland.svg import map_geometry
from dadoteca_web.i18n import LANGUAGES, SOURCE_LANGUAGE
from dadoteca_web.shell import FACTS_ID, GAME_STYLE, shell_facts

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))


def built_index(tmp_path: Path) -> str:
    target = tmp_path / "index.html"
    write_index(target)
    return target.read_text("utf-8")


def test_the_built_shell_holds_pythons_facts(tmp_path: Path) -> None:
    html = built_index(tmp_path)
    found = re.search(rf'<script type="application/json" id="{FACTS_ID}">(.*?)</script>', html)
    assert found is not None
    facts = json.loads(found.group(1))
    assert facts == shell_facts()
    # As every player's browser holds them: a key renamed would lose what was stored under it.
    assert facts["storageKeys"] == {
        "prefix": "dadoteca.",
        "language": "dadoteca.language",
        "game": "dadoteca.game",
        "history": "dadoteca.history",
        "sound": "dadoteca.sound",
        "layout": "dadoteca.layout",
        "homeScreenTold": "dadoteca.home-screen-told",
        "brokenPrefix": "dadoteca.broken.",
        "recordPrefix": "dadoteca.record.",
    }
    assert facts["languages"] == list(LANGUAGES) and facts["botSeat"] == BOT_SEAT
    assert facts["games"]["qwixx"]["maxPlayers"] == GAMES["qwixx"].max_players
    assert "{{" not in html  # every placeholder filled


def test_the_seat_rows_offer_every_level_and_map_with_the_name_limit(tmp_path: Path) -> None:
    parser = _Elements()
    parser.feed(built_index(tmp_path))
    names = [attrs for tag, attrs in parser.elements if attrs.get("name") == "player"]
    assert len(names) == max(game.max_players for game in GAMES.values())
    assert {attrs["maxlength"] for attrs in names} == {str(MAX_NAME_LENGTH)}
    kinds = [
        attrs["value"]
        for tag, attrs in parser.elements
        if tag == "option" and attrs.get("value") in (*LEVELS, "human")
    ]
    assert kinds == ["human", *LEVELS] * len(names)
    html = built_index(tmp_path)
    switch = re.search(r'<select id="language".*?</select>', html, re.S)
    assert switch is not None
    assert re.findall(r'<option value="(\w+)"', switch.group(0)) == list(LANGUAGES)
    # The page's own language is chosen until the shell has run: its words are in it.
    assert re.findall(r'<option value="(\w+)" selected>', switch.group(0)) == [SOURCE_LANGUAGE]
    # The box deals the boards: so does the setup, unless a seat picks a map.
    maps = [attrs for tag, attrs in parser.elements if attrs.get("data-choice") == "map"]
    assert maps == [{"type": "hidden", "data-choice": "map", "value": DEALT_MAP}] * len(names)
    # Each game's own choices in their own box, shown for the first game only (the setup's
    # first): Diceland's maps, Qwixx's pads.
    own = [
        (attrs["data-game"], "hidden" in attrs)
        for tag, attrs in parser.elements
        if "game-choices" in (attrs.get("class") or "").split()
    ]
    first = next(iter(GAMES))
    assert sorted(set(own)) == sorted(
        {("diceland", first != "diceland"), ("qwixx", first != "qwixx")}
    )
    assert own.count(("diceland", first != "diceland")) == len(names)
    shown = [attrs["href"] for tag, attrs in parser.elements if tag == "use" and "href" in attrs]
    assert shown == [f"#map-{DEALT_MAP}"] * len(names)  # each seat's map button, its picture


def test_the_map_chooser_offers_a_picture_of_every_map_and_the_random_ways(
    tmp_path: Path,
) -> None:
    parser = _Elements()
    parser.feed(built_index(tmp_path))
    options = [attrs for tag, attrs in parser.elements if attrs.get("data-picture")]
    assert [attrs["data-map"] for attrs in options] == [DEALT_MAP, RANDOM_MAP, *FIXED_MAP_IDS]
    symbols = {attrs["id"] for tag, attrs in parser.elements if tag == "symbol"}
    sprite = sprite_symbols()
    for attrs in options:
        page, _, symbol = (attrs["data-picture"] or "").partition("#")
        assert symbol in (sprite if page == MAP_SPRITE else symbols), attrs
    html = built_index(tmp_path)
    assert "Board 2, side C" in html  # the box's second board, its C side


# The page's scripts: its entry module and every module under assets/page/ (bundled by the build).
PAGE_SCRIPTS = sorted(
    path.relative_to(ROOT / "assets").as_posix()
    for path in [ROOT / "assets" / "page.js", *(ROOT / "assets" / "page").rglob("*.js")]
)


def test_the_page_scripts_are_found() -> None:
    assert {"page.js", "page/shell/main.js", "page/table/main.js", "page/effects.js"} <= set(
        PAGE_SCRIPTS
    )


@pytest.mark.parametrize("script", PAGE_SCRIPTS)
def test_the_page_scripts_name_no_fact_of_their_own(script: str) -> None:
    """Keys, formats and languages come from the facts block, not from literals in the scripts
    the page runs beside Python."""
    text = (ROOT / "assets" / script).read_text("utf-8")
    stored = shell_facts()["storageKeys"]
    assert isinstance(stored, dict)
    keys: dict[str, str] = dict(stored)  # the prefix begins every key: alone, it is quoted
    for literal in (
        f'"{keys.pop("prefix")}"',
        *keys.values(),
        '"dadoteca-history"',
        BOT_SEAT,
        '"it"',
    ):
        assert literal not in text, literal


def sprite_symbols() -> dict[str, ElementTree.Element]:
    """The symbols of the map sprite the build writes, by id."""
    svg = ElementTree.fromstring(map_sprite())
    return {symbol.attrib["id"]: symbol for symbol in svg.iter(f"{SVG}symbol")}


def drawn_hexes(d: str) -> list[tuple[int, int]]:
    """The first corner of every hex of a sprite path (each ``m`` moves on from the last one);
    every hex has the same outline."""
    hexes = re.findall(r"m(-?\d+) ?(-?\d+)([^mz]+)z", d)
    assert "".join(f"m{x} {y}{outline}z" for x, y, outline in hexes).replace(" -", "-") == d
    assert len({outline for _, _, outline in hexes}) == 1
    corners = []
    x = y = 0
    for dx, dy, _ in hexes:
        x, y = x + int(dx), y + int(dy)
        corners.append((x, y))
    return corners


def test_the_sprite_draws_every_cell_of_every_map_in_its_colour() -> None:
    symbols = sprite_symbols()
    assert list(symbols) == [f"map-{map_id}" for map_id in FIXED_MAP_IDS]
    style = (game_folder("diceland") / GAME_STYLE).read_text()
    defined = set(re.findall(r"(--dl-[a-z]+):", style))
    for map_id in FIXED_MAP_IDS:
        m = map_by_id(map_id)
        geometry = map_geometry(m)
        expected: dict[str, list[tuple[float, float]]] = {}
        for cell, centre in enumerate(geometry.centres):
            kind = COLOURS[m.colours[cell]] if m.kinds[cell] == Kind.COLOUR else m.kinds[cell]
            expected.setdefault(f"--dl-{kind}", []).append(centre)
        first_x, first_y = (float(v) for v in geometry.hexagon.split()[0].split(","))
        drawn: dict[str, list[tuple[int, int]]] = {}
        for path in symbols[f"map-{map_id}"].iter(f"{SVG}path"):
            fill = re.fullmatch(r"fill:var\((--dl-[a-z]+)\)", path.attrib["style"])
            assert fill is not None and fill.group(1) in defined  # Diceland's style's colours
            drawn[fill.group(1)] = drawn_hexes(path.attrib["d"])
        assert drawn.keys() == expected.keys()
        for paint, centres in expected.items():
            # As many hexes as cells, each where the game draws a cell, to a unit's rounding
            # (a hex is 19 units across).
            corners = sorted(drawn[paint])
            wanted = sorted((x + first_x, y + first_y) for x, y in centres)
            assert len(corners) == len(wanted), (map_id, paint)
            for (x, y), (wanted_x, wanted_y) in zip(corners, wanted, strict=True):
                assert abs(x - wanted_x) <= 1 and abs(y - wanted_y) <= 1, (map_id, paint, x, y)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_effect_is_of_an_event_its_game_makes_and_every_end_sounds(game_id: str) -> None:
    """The page's effects come from the game's screen (its ``effects``): each names a kind its
    rules define, and each way the game can end plays the end's sound."""
    # The kinds are the rules' constants: in rules.py, or moment.py where a game split it out.
    parts = [part for name in ("rules", "moment") if (part := game_part(game_id, name))]
    kinds = {value for part in parts for value in vars(part).values() if isinstance(value, str)}
    effects = shell_facts()["effects"]
    assert isinstance(effects, dict)
    ours = {kind: effect for kind, effect in effects.items() if kind.startswith(f"{game_id}.")}
    assert ours and set(ours) <= kinds
    for seed in range(6):
        state = random_playout(GAMES[game_id].new_game(2, seed), seed)
        outcome = state.outcome
        assert outcome is not None and ours[outcome.termination].get("end") is True
