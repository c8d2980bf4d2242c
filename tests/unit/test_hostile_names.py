"""Player names are untrusted: every region the app paints shows them as text, never as markup.

The names carry tags and event handlers; the regions are parsed as the browser would parse
them, so a name that escaped its escaping (or was escaped twice) shows up as a tag, an
attribute or a wrong text.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from dadoteca.playout import random_match
from dadoteca_web.app import GAME_UIS, App
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import GameStore, MemoryStore

# At most 40 characters each (the setup form's and the records' limit); the third is a computer.
HOSTILE = (
    '"><img src=x onerror=alert(1)>',
    "<script>alert(2)</script>&amp;",
    "<iframe onload=alert(3)>'",
)
SEAT_KINDS = ("human", "human", "bot:easy")  # the seats of an imported record
INJECTED_TAGS = {"img", "script", "iframe"}


class Markup(HTMLParser):
    """The tags, attributes and text of an HTML fragment, as a browser reads them."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.handlers: list[str] = []
        self.text: list[str] = []
        self.attribute_values: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.handlers += [name for name, _ in attrs if name.startswith("on")]
        self.attribute_values += [value for _, value in attrs if value]

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def painted(app: App) -> Markup:
    regions = app.regions()
    markup = Markup("".join(regions.values()))
    assert not markup.tags & INJECTED_TAGS, markup.tags & INJECTED_TAGS
    assert markup.handlers == []
    return markup


def shown_as_text(markup: Markup, name: str) -> bool:
    return name in "".join(markup.text)


def new_app() -> App:
    return App(GameStore(MemoryStore()), Translator("en", {}), lambda: 5)


@pytest.mark.parametrize("game", list(GAME_UIS))
def test_hostile_names_are_text_in_play_on_a_computers_turn_and_at_the_end(game: str) -> None:
    app = new_app()
    # The computer sits first, so the table starts by watching it play.
    seats = [(HOSTILE[2], "easy"), (HOSTILE[0], "human"), (HOSTILE[1], "human")]
    app.start([n for n, _ in seats], 3, game=game, choices=[{"player": k} for _, k in seats])
    assert app.computer_to_move() == 0
    assert shown_as_text(painted(app), f"{HOSTILE[2]} (computer) is playing…")
    app.play_bots()
    for _ in range(20):  # a few turns of the people, passing, and of the computer
        markup = painted(app)
        for name in HOSTILE:  # each on its sheet, by name, as text
            assert shown_as_text(markup, name)
            assert any(name in value for value in markup.attribute_values)  # its sheet's label
        app.handle("roll", {})
        app.handle("stop", {})
        app.handle("done", {})
        app.handle("pass", {})
        app.play_bots()

    record = random_match(game, 3, 11).record()
    record["seats"] = [{"name": n, "kind": k} for n, k in zip(HOSTILE, SEAT_KINDS, strict=True)]
    app.import_record(json.dumps(record))
    app.handle(app.confirm.yes if app.confirm else "dismiss", {})  # replacing the game in play
    assert app.screen == "over"
    markup = painted(app)
    for name in HOSTILE:
        assert shown_as_text(markup, name)  # the scores table and, for the winners, the headline


def test_hostile_text_in_a_refused_record_is_reported_as_text() -> None:
    app = new_app()
    record = random_match("qwixx", 1, 11).record()
    record["actions"] = [[None, HOSTILE[0]]]
    app.import_record(json.dumps(record))
    assert app.notice_kind == "error" and app.screen == "setup"
    assert shown_as_text(painted(app), HOSTILE[0])
