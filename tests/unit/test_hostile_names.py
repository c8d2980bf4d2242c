"""Player names are untrusted: every region the app paints shows them as text, never as markup,
isolated from the text around them; and a name is kept normalised, its length limited after.

The names carry tags and event handlers; the regions are parsed as the browser would parse
them, so a name that escaped its escaping (or was escaped twice) shows up as a tag, an
attribute or a wrong text.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from html.parser import HTMLParser

import pytest
from app_support import active

from dadoteca.match import MAX_NAME_LENGTH, Match, normalise_name
from dadoteca.playout import random_match
from dadoteca_web.app import App
from dadoteca_web.history import History
from dadoteca_web.i18n import Translator
from dadoteca_web.screens import GAME_UIS
from dadoteca_web.storage import HISTORY_KEY, MAX_SAVE_CHARS, SAVE_KEY, GameStore, MemoryStore

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


def new_app(store: MemoryStore | None = None) -> App:
    return App(GameStore(store or MemoryStore()), Translator("en", {}), lambda: 5)


@pytest.mark.parametrize("game", list(GAME_UIS))
def test_hostile_names_are_text_in_play_on_a_computers_turn_and_at_the_end(game: str) -> None:
    app = new_app()
    # The computer sits first, so the table starts by watching it play.
    seats = [(HOSTILE[2], "easy"), (HOSTILE[0], "human"), (HOSTILE[1], "human")]
    app.start([n for n, _ in seats], 3, game=game, choices=[{"player": k} for _, k in seats])
    assert app.computers.to_move() == 0
    assert shown_as_text(painted(app), f"{HOSTILE[2]} (computer) is playing…")
    app.computers.play_all()
    for _ in range(20):  # a few turns of the people, passing, and of the computer
        markup = painted(app)
        for name in HOSTILE:  # each on its sheet, by name, as text
            assert shown_as_text(markup, name)
            assert any(name in value for value in markup.attribute_values)  # its sheet's label
        app.handle("roll", {})
        app.handle("stop", {})
        app.handle("answer", {"player": str(active(app)), "row": "none"})  # Qwixx's roller
        app.handle("done", {})
        app.handle("pass", {})
        app.computers.play_all()

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


# --- Normalised names ---------------------------------------------------------------------------

PADDING = "\u3000" * 175_000  # ideographic spaces: a file of 175,000 characters, a save of 1 MiB


def test_a_name_is_normalised_text_its_length_counted_after() -> None:
    assert normalise_name(" \u3000Anna\t\u00a0\n Bo\u2028") == "Anna Bo"
    assert normalise_name("Zoe\u0308") == "Zo\u00eb"  # NFC
    assert normalise_name("\u202eAnna\u202c\u2066x\u2069\u200f\x00\x7f\ud800") == "Annax"
    assert normalise_name("\u05d3\u05e0\u05d4 \u0644") == "\u05d3\u05e0\u05d4 \u0644"
    name = "An" + "\u00a0" * 9_999 + "na"
    app = new_app()
    app.start([name, "x" * 39 + " y" + PADDING], 1)  # typed at the setup (a forged message)
    assert app.match is not None
    assert [seat.name for seat in app.match.seats] == ["An na", "x" * 39]  # cut, trimmed


def test_a_padded_name_cannot_carry_a_save_past_what_the_app_reads_back() -> None:
    """An imported name of a few letters and 175,000 ideographic spaces used to be saved as it
    was: over 1 MiB of JSON escapes, refused at the next reload. A record's names are read
    normalised."""
    store = MemoryStore()
    app = new_app(store)
    record = random_match("qwixx", 2, 4).record()
    record["seats"][0]["name"] = "Anna" + PADDING  # type: ignore[index]
    app.import_record(json.dumps(record, ensure_ascii=False))  # a file of UTF-8 text
    assert app.match is not None and app.match.seats[0].name == "Anna"
    assert len(store.items[SAVE_KEY]) < 10_000
    resumed = new_app(store)
    assert resumed.match is not None and resumed.match.record() == app.match.record()
    record["seats"][0]["name"] = PADDING  # type: ignore[index]  # nothing but padding
    app.import_record(json.dumps(record, ensure_ascii=False))
    assert "seat name is not valid" in app.notice


def test_the_longest_names_cannot_push_the_history_past_what_it_reads_back() -> None:
    """200 finished five-player games, every name of 40 characters that JSON writes longest
    (12 characters each), each once padded in its record: the history keeps all 200."""
    store = MemoryStore()
    history = History(store)
    record = random_match("qwixx", 5, 8).record()
    for game in range(200):
        names = [f"{game:03}{seat}" + "\U0001f3b2" * (MAX_NAME_LENGTH - 4) for seat in range(5)]
        record["seats"] = [{"name": name + PADDING[:5_000], "kind": "human"} for name in names]
        history.add(Match.from_record(record), datetime(2026, 1, 1, tzinfo=UTC))
    assert len(store.items[HISTORY_KEY]) <= MAX_SAVE_CHARS
    assert len(history.games()) == 200


# --- Isolated names -------------------------------------------------------------------------------

ISOLATE, POP = "\u2068", "\u2069"
# A name written with a right-to-left override (gone once normalised) and a Hebrew one: each
# must be isolated wherever it is shown, or the sentence around it can be reordered.
RIGHT_TO_LEFT = ("Anna\u202e", "\u05d3\u05e0\u05d4 2", "Bo")


class Isolation(HTMLParser):
    """Where each name occurs in an HTML fragment: in text, each must be the whole content of
    a <bdi>; in an attribute, between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE."""

    def __init__(self, names: tuple[str, ...], html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.names = names
        self.open: list[str] = []
        self.loose: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open.append(tag)
        for _, value in attrs:
            for name in self.names:
                if value and name in value.replace(f"{ISOLATE}{name}{POP}", ""):
                    self.loose.append(value)

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop() != tag:
            pass

    def handle_data(self, data: str) -> None:
        inside = bool(self.open) and self.open[-1] == "bdi"
        if any(name in data for name in self.names) and not (inside and data in self.names):
            self.loose.append(data)


@pytest.mark.parametrize("game", list(GAME_UIS))
def test_names_are_isolated_from_the_text_around_them(game: str) -> None:
    app = new_app()
    app.start(list(RIGHT_TO_LEFT), 3, game=game, choices=[{}, {}, {"player": "easy"}])
    assert app.match is not None
    names = tuple(seat.name for seat in app.match.seats)
    assert names == ("Anna", *RIGHT_TO_LEFT[1:])  # the override is gone, too
    for _ in range(30):  # turns of the people and of the computer, with its prompt
        regions = app.regions()
        events = [app.view.say(event) or "" for event in app.take_events()]
        html = "".join([*regions.values(), *events])
        assert Isolation(names, html).loose == [], game
        assert "\u202e" not in html
        for act in ("roll", "stop", "done", "pass"):
            app.handle(act, {})
        for _ in app.computers.moves():
            break  # the table watches: "(computer) is playing…"
    record = random_match(game, 3, 11).record()
    record["seats"] = [{"name": name, "kind": "human"} for name in RIGHT_TO_LEFT]
    app.import_record(json.dumps(record))
    app.handle("import-confirmed", {})
    assert app.screen == "over"
    assert Isolation(names, "".join(app.regions().values())).loose == []
