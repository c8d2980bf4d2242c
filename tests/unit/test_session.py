"""The app behind its message protocol, as the page drives it: boot, taps, storage, language."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest
from test_diceland_app import tap_step
from test_shelfie_app import tap_policy

from dadoteca_games.qwixx.rules import QwixxState
from dadoteca_web.game_ui import Pieced
from dadoteca_web.session import Session
from dadoteca_web.storage import HISTORY_KEY, SAVE_KEY

ITALIAN = {"{name}, roll the dice": "{name}, lancia i dadi"}


def paint(painted: dict[str, Pieced], update: Mapping[str, Any]) -> None:
    """Paint ``update`` on ``painted`` as the page does: a region sent whole replaces what it
    showed; a piece sent alone replaces its element, the rest of its region left as it is."""
    for name, html in update["regions"].items():
        painted[name] = Pieced.concat(html)
    for name, pieces in update["patches"].items():
        region = painted[name]
        painted[name] = Pieced(
            region.skeleton, [(key, pieces.get(key, html)) for key, html in region.pieces]
        )


def booted(storage: dict[str, str] | None = None, **fields: Any) -> tuple[Session, dict[str, Any]]:
    session = Session(lambda: 7, randbelow=lambda n: 0)
    message = {"type": "boot", "storage": storage or {}, "language": "en", "catalog": {}}
    return session, session.receive({**message, **fields})


def start(session: Session, names: list[str]) -> dict[str, Any]:
    return session.receive({"type": "start", "game": "qwixx", "names": names, "choices": []})


def test_boot_paints_the_setup_with_every_region() -> None:
    _, update = booted()
    assert update["screen"] == "setup" and update["game"] == ""
    assert set(update["regions"]) >= {"notice", "prompt", "board"}
    assert update["writes"] == [] and update["events"] == [] and update["confirm"] is None


def test_a_start_sends_what_changed_and_asks_to_store_the_game() -> None:
    session, _ = booted()
    update = start(session, ["Anna", "Bo"])
    assert update["screen"] == "play" and update["game"] == "qwixx"
    assert "<bdi>Anna</bdi>, roll the dice" in update["regions"]["prompt"]
    [(key, text)] = update["writes"]
    assert key == SAVE_KEY and json.loads(text)["seats"][0]["name"] == "Anna"
    assert [event["kind"] for event in update["events"]] == ["table.starts_drawn"]
    again = session.receive({"type": "tap", "act": "no-such-act", "data": {}, "moment": 0})
    assert again["regions"] == {} and again["writes"] == []  # nothing changed, nothing sent


def test_a_tap_from_a_screen_gone_by_does_nothing() -> None:
    session, _ = booted()
    start(session, ["Anna", "Bo"])
    stale = session.receive({"type": "tap", "act": "roll", "data": {}, "moment": 99})
    assert stale["moment"] == 0 and session.app is not None and session.app.match is not None
    assert session.app.match.actions == []
    rolled = session.receive({"type": "tap", "act": "roll", "data": {}, "moment": 0})
    assert rolled["moment"] != 0 and rolled["hands"].startswith("everyone")
    assert [event["kind"] for event in rolled["events"]] == ["core.rolled"]


def test_a_saved_game_comes_back_at_boot() -> None:
    session, _ = booted()
    start(session, ["Anna", "Bo"])
    saved = session.store.items[SAVE_KEY]
    _, update = booted({SAVE_KEY: saved}, language="it", catalog=ITALIAN)
    assert update["screen"] == "play"
    assert "<bdi>Anna</bdi>, lancia i dadi" in update["regions"]["prompt"]


def test_a_write_the_page_could_not_make_is_said_in_words() -> None:
    session, _ = booted()
    start(session, ["Anna", "Bo"])
    update = session.receive({"type": "stored", "items": {SAVE_KEY: None}})
    assert "not saving the game" in update["regions"]["warnings"]


def test_a_new_language_paints_everything_again() -> None:
    session, _ = booted()
    start(session, ["Anna", "Bo"])
    update = session.receive({"type": "language", "language": "it", "catalog": ITALIAN})
    assert update["language"] == "it"
    assert "<bdi>Anna</bdi>, lancia i dadi" in update["regions"]["prompt"]
    assert set(update["regions"]) >= {"notice", "tools", "prompt", "board", "others"}


def test_export_is_a_download_of_the_record() -> None:
    session, _ = booted()
    start(session, ["Anna", "Bo"])
    update = session.receive({"type": "export"})
    assert update["download"]["kind"] == "game"
    assert json.loads(update["download"]["text"])["format"] == "dadoteca-record"
    assert "download" not in session.receive({"type": "tap", "act": "x", "moment": 0})


def test_forged_messages_are_ignored_and_nothing_comes_before_the_boot() -> None:
    session = Session(lambda: 7)
    assert session.receive({"type": "tap", "act": "roll"}) == {}
    session, _ = booted(storage={SAVE_KEY: 5, HISTORY_KEY: None})  # type: ignore[dict-item]
    for message in (
        {"type": "start", "game": "chess", "names": ["A"]},
        {"type": "start", "game": "qwixx", "names": "Anna", "choices": 3},
        {"type": "tap", "act": 5, "data": [1], "moment": 0},
        {"type": "import", "text": None},
        {"type": 12},
    ):
        update = session.receive(message)
        assert update["screen"] == "setup"


def test_the_answers_of_a_shared_screen_are_one_tap_each() -> None:
    session, _ = booted()
    start(session, ["Anna", "Bo"])
    rolled = session.receive({"type": "tap", "act": "roll", "data": {}, "moment": 0})
    answer = {"player": "1", "row": "none"}
    moment = rolled["moment"]
    update = session.receive({"type": "tap", "act": "answer", "data": answer, "moment": moment})
    assert update["moment"] not in (0, moment)  # an answer given: a new moment for the screen
    assert session.app is not None
    state = session.app.state
    assert isinstance(state, QwixxState) and session.app.answers.keys() == {1}


def shown_seat(board: str) -> str:
    """Whose big map Diceland's board shows (every player's is drawn, the others' hidden)."""
    found = re.search(
        r'<section class="dl-sheet big[^"]*"[^>]*data-seat="(\d+)"[^>]*data-shell>', board
    )
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize("names", [["Anna", "Bo"], ["Anna", "Bo", "Cy"]])
def test_a_diceland_game_repaints_only_the_cells_that_changed(names: list[str]) -> None:
    """Every update, painted as the page paints it (whole regions, or pieces replaced by key,
    a shell's start tag alone), leaves each region exactly as the app draws it. The maps are
    never sent whole during a game: a chosen cell sends a few pieces, and so does a tap that
    hands the turn to another player (Pass, Confirm in phase 2, everyone's, a change of hands),
    which hides one map and shows another with the cells that changed."""
    session, _ = booted()
    app = session.app
    assert app is not None
    choices = [{"map": m} for m in "ACE"[: len(names)]]
    session.receive({"type": "start", "game": "diceland", "names": names, "choices": choices})
    acts: list[str] = []
    handle = app.handle

    def recorded(act: str, data: Mapping[str, str]) -> None:
        acts.append(act)
        handle(act, data)

    app.handle = recorded  # type: ignore[method-assign]
    painted = {name: Pieced.concat(html) for name, html in app.regions().items()}
    patched_taps = 0
    handed: Counter[str] = Counter()
    while app.screen == "play":
        before = app.regions()["board"]
        seat, hands = shown_seat(before), app.hands
        tap_step(app)
        update = session.update()
        if app.screen == "play":  # the end shows every map small: painted whole, once
            assert {"board", "others"}.isdisjoint(update["regions"]), acts[-1]
        paint(painted, update)
        for name, pieces in update["patches"].items():
            region = painted[name]  # patched: its pieces and their keys as before
            keys = {key for key, _ in region.pieces}
            assert set(pieces) <= keys
            for key, html in pieces.items():
                assert html.count(f'data-piece="{key}"') == 1  # the element the page replaces
            if name == "board" and 'class="dl-cell selected' in app.regions()["board"]:
                # the cell, and those highlighted before or now: far fewer than the whole map
                assert len(pieces) < len(region.pieces) // 8 and before != app.regions()["board"]
                patched_taps += 1
        assert painted == app.regions()
        if app.screen == "play" and (
            shown_seat(app.regions()["board"]) != seat or app.hands != hands
        ):
            sent = sum(len(pieces) for pieces in update["patches"].values())
            assert sent < 80, (acts[-1], sent)  # of some 1,000 pieces: a map's changes at most
            handed[acts[-1]] += 1
    assert patched_taps > 20  # most choices of a cell were sent as a few pieces
    assert handed["pass"] and handed["confirm"] and handed["stop"], handed


def test_a_shelfie_game_repaints_only_what_changed() -> None:
    """My Shelfie likewise: every tap of a whole game, painted as the page paints it, leaves
    each region as the app draws it, and the sheets are never sent whole until the end: a cell
    chosen, a confirm that hands the turn over, sends a few pieces."""
    session, _ = booted()
    app = session.app
    assert app is not None
    session.receive({"type": "start", "game": "shelfie", "names": ["Anna", "Bo"], "choices": []})
    painted = {name: Pieced.concat(html) for name, html in app.regions().items()}
    handle = app.handle
    sent: list[int] = []

    def tapped(act: str, data: Mapping[str, str]) -> None:
        handle(act, data)
        update = session.update()
        if app.screen == "play":
            assert {"board", "others"}.isdisjoint(update["regions"]), act
            sent.append(sum(len(pieces) for pieces in update["patches"].values()))
        paint(painted, update)
        assert painted == app.regions()

    app.handle = tapped  # type: ignore[method-assign]
    while app.screen == "play":
        tap_policy(app)
    assert len(sent) > 30 and max(sent) < 60, sent  # of some 180 pieces


def active_player(session: Session) -> int:
    assert session.app is not None and session.app.match is not None
    state = session.app.match.state
    assert isinstance(state, QwixxState)
    return state.active


def qwixx_tap(session: Session) -> dict[str, Any]:
    """One tap of the simple player on a Qwixx screen: roll; confirm; else the first
    highlighted number or choice; else done; else the roller's "no cross"; else pass."""
    app = session.app
    assert app is not None
    regions = app.regions()
    html = regions["controls"] + regions["board"] + regions["others"]
    # What those who answered already show is not tapped again (it would change the answer).
    html = re.sub(r'<div class="answer-line answered".*?</div></div>', "", html)
    html = re.sub(r'<section class="sheet[^"]* answered".*?</section>', "", html)
    found = re.search(r'<(?:button|span) class="[^"]*\blegal\b[^"]*"([^>]*)>', html)
    data: dict[str, str] = {}
    if 'data-act="roll"' in html:
        act = "roll"
    elif re.search(r'data-act="confirm"(?! disabled)', html):
        act = "confirm"
    elif found:
        data = dict(re.findall(r'data-([\w-]+)="([^"]*)"', found.group(1)))
        act = data.pop("act")
    elif 'data-act="done"' in html:
        act = "done"
    elif none := re.search(r'data-act="answer" data-player="(\d)" data-row="none"', html):
        act, data = "answer", {"player": none.group(1), "row": "none"}  # the roller, no cross
    else:
        act = "pass"
    return session.receive({"type": "tap", "act": act, "data": data, "moment": app.moment})


def test_a_qwixx_game_repaints_in_pieces_while_the_same_sheets_show() -> None:
    """Qwixx's sheets are in pieces too (rows, the foot, the start tag), every player's in both
    regions on every screen, in seat order: a tap sends the rows it changed, and a change of
    hands (the roll handed on, the turn passed) or of screen (to and from the shared screen of
    a roll's white sum, every sheet in view) shows some sheets and hides others, never a
    region of sheets drawn again. The page, painting as it does, always shows what the app
    draws."""
    session, _ = booted()
    app = session.app
    assert app is not None
    start(session, ["Anna", "Bo", "Cy"])
    painted = {name: Pieced.concat(html) for name, html in app.regions().items()}
    patched = handed_on = shared_to_and_fro = 0
    for _ in range(3000):
        if app.screen != "play":
            break
        active, shared = active_player(session), app.shared
        update = qwixx_tap(session)
        paint(painted, update)
        if app.screen == "play":
            assert "board" not in update["regions"] and "others" not in update["regions"]
            handed_on += active_player(session) != active
            shared_to_and_fro += app.shared != shared
        patched += "board" in update["patches"]
        assert painted == app.regions()
    assert app.screen == "over" and patched > 5 and handed_on > 5 and shared_to_and_fro > 10


@pytest.mark.parametrize("seed", ["0", "42", "0042", "9007199254740991"])
def test_a_link_s_seed_deals_the_next_game(seed: str) -> None:
    session, update = booted(seed=seed)
    assert update["regions"]["notice"] == ""
    [(_, text)] = start(session, ["Anna"])["writes"]
    assert json.loads(text)["seed"] == int(seed)


@pytest.mark.parametrize(
    "seed", ["1e999", "0x10", "-5", " 5", "5.0", "", "٣", "9007199254740992", "9" * 400]
)
def test_a_link_s_seed_that_is_none_is_said_and_games_are_dealt_at_random(seed: str) -> None:
    """parseInt() made ?seed=1e999 seed 1 and ?seed=0x10 seed 0, without a word."""
    session, update = booted(seed=seed)
    assert "is no seed (a whole number below 9007199254740992)" in update["regions"]["notice"]
    [(_, text)] = start(session, ["Anna"])["writes"]
    assert json.loads(text)["seed"] == 7  # the session's own
