"""What the shell shares with Python is written into it by the build, from Python's constants."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

from build.build import write_index
from dadoteca.bots import BOT_SEAT
from dadoteca.bots.base import LEVELS
from dadoteca.diceland_maps import FIXED_MAP_IDS
from dadoteca.games import GAMES
from dadoteca.match import MAX_NAME_LENGTH
from dadoteca_web.i18n import LANGUAGES
from dadoteca_web.shell import FACTS_ID, shell_facts
from dadoteca_web.storage import HISTORY_KEY, LANGUAGE_KEY, SAVE_KEY, SOUND_KEY

ROOT = Path(__file__).resolve().parents[2]


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))


def built_index(tmp_path: Path) -> str:
    target = tmp_path / "index.html"
    write_index(target, [])
    return target.read_text("utf-8")


def test_the_built_shell_holds_pythons_facts(tmp_path: Path) -> None:
    html = built_index(tmp_path)
    found = re.search(rf'<script type="application/json" id="{FACTS_ID}">(.*?)</script>', html)
    assert found is not None
    facts = json.loads(found.group(1))
    assert facts == shell_facts()
    assert facts["storageKeys"] == {
        "language": LANGUAGE_KEY,
        "game": SAVE_KEY,
        "history": HISTORY_KEY,
        "sound": SOUND_KEY,
        "brokenPrefix": "dadoteca.broken.",
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
    assert re.findall(r'<option value="(\w+)">', switch.group(0)) == list(LANGUAGES)
    for map_id in FIXED_MAP_IDS:
        assert f"<option>{map_id}</option>" in html
    assert html.count('<option value="deal" selected data-i18n>Dealt at random</option>') == len(
        names
    )  # the box deals the boards: so does the setup, unless a seat picks one


def test_the_shell_script_names_no_fact_of_its_own() -> None:
    """Keys, formats and languages come from the facts block, not from literals in shell.js."""
    shell = (ROOT / "assets/shell.js").read_text("utf-8")
    for literal in (
        LANGUAGE_KEY,
        SAVE_KEY,
        HISTORY_KEY,
        SOUND_KEY,
        "dadoteca-history",
        BOT_SEAT,
        '"it"',
    ):
        assert literal not in shell, literal
