"""A device lying in the middle of the table, as the page drives it: each person's place at
their edge, everyone tapping their own sheet at once, nobody handing the device over."""

from __future__ import annotations

import json
import re
from typing import Any

from test_diceland_app import highlighted, selected, state_of, to_phase
from test_diceland_app import new_app as diceland_app
from test_session import booted

from dadoteca.core import PASS
from dadoteca_games.diceland.rules import Phase as DicelandPhase
from dadoteca_games.qwixx.rules import Cross, Phase, QwixxState
from dadoteca_web.session import Session
from dadoteca_web.storage import SAVE_KEY

EDGES = ["bottom", "left", "top", "right"]


def seated(session: Session, people: int = 4, edges: list[str] | None = None) -> dict[str, Any]:
    edges = EDGES[:people] if edges is None else edges
    return session.receive(
        {
            "type": "start",
            "game": "qwixx",
            "names": [f"P{p}" for p in range(people)],
            "choices": [{"edge": edge} for edge in edges],
            "first": 0,
        }
    )


def qwixx(session: Session) -> QwixxState:
    assert session.app is not None
    state = session.app.state
    assert isinstance(state, QwixxState)
    return state


def place_moment(session: Session, seat: int) -> int:
    """The moment the place of ``seat`` shows, as the page reads it off its element."""
    assert session.app is not None
    board = session.app.regions()["board"]
    found = re.search(rf'data-place="{seat}"[^>]*data-moment="(\d+)"', board)
    assert found is not None
    return int(found[1])


def tap_at(session: Session, place: int, act: str, moment: int, **data: str) -> None:
    """A tap on the place of seat ``place``, made when it showed ``moment``."""
    session.receive({"type": "tap", "act": act, "data": data, "moment": moment, "seat": place})


def rolled(session: Session) -> None:
    assert session.app is not None
    session.receive({"type": "tap", "act": "roll", "data": {}, "moment": session.app.moment})


def test_each_place_is_at_its_edge_named_by_its_person_and_nobody_hands_over() -> None:
    session, _ = booted()
    update = seated(session)
    assert update["layout"] == "table" and update["hands"] == "table"
    board = update["regions"]["board"]
    places = re.findall(
        r'<section class="place[^"]*" role="region" aria-label="([^"]*)" '
        r'data-place="(\d)" data-edge="([a-z-]+)"',
        board,
    )
    assert [(name.strip("\u2068\u2069"), int(p), e) for name, p, e in places] == [
        (f"P{p}", p, EDGES[p]) for p in range(4)
    ]
    rolled(session)
    assert session.app is not None and session.app.hands == "table"


def test_people_tapping_their_own_sheets_at_once_are_all_taken() -> None:
    session, _ = booted()
    seated(session)
    rolled(session)
    total = qwixx(session).white_sum
    moments = [place_moment(session, p) for p in range(4)]  # all painted before any answer
    tap_at(session, 1, "cell", moments[1], seat="1", row="0", number=str(total))
    tap_at(session, 2, "cell", moments[2], seat="2", row="1", number=str(total))
    tap_at(session, 3, "answer", moments[3], player="3", row="none")
    assert session.app is not None
    assert list(session.app.answers.items()) == [
        (1, Cross(0, total)),
        (2, Cross(1, total)),
        (3, PASS),
    ]
    tap_at(session, 0, "answer", moments[0], player="0", row="none")  # the roller, last
    state = qwixx(session)
    assert state.phase == Phase.ACTION2
    assert [state.sheets[p].crossed_numbers(p - 1) for p in (1, 2)] == [(total,), (total,)]


def test_a_tap_for_another_place_or_a_decision_gone_by_does_nothing() -> None:
    session, _ = booted()
    seated(session, 2, ["bottom", "top"])
    rolled(session)
    total = qwixx(session).white_sum
    before = place_moment(session, 1)
    # Data naming another person than the place tapped: never an answer for them.
    tap_at(session, 1, "answer", before, player="0", row="none")
    assert session.app is not None and session.app.answers == {}
    tap_at(session, 1, "cell", before, seat="1", row="0", number=str(total))
    tap_at(session, 1, "cell", before, seat="1", row="1", number=str(total))  # stale: refused
    assert session.app.answers == {1: Cross(0, total)}
    mine = place_moment(session, 1)
    tap_at(session, 1, "cell", mine, seat="1", row="0", number=str(total))  # again: taken back
    assert session.app.answers == {}
    tap_at(session, 0, "answer", place_moment(session, 0), player="0", row="none")
    tap_at(session, 1, "answer", place_moment(session, 1), player="1", row="none")
    # The roller's coloured choice: the others' sheets do nothing.
    assert qwixx(session).phase == Phase.ACTION2
    board = session.app.regions()["board"]
    other = board.split('data-place="1"')[1]
    assert 'data-act="cell"' not in other
    actions = len(session.app.table.match.actions) if session.app.table else 0
    tap_at(session, 1, "pass", place_moment(session, 1))
    tap_at(session, 1, "pass", place_moment(session, 1), seat="1")
    assert session.app.table is not None and len(session.app.table.match.actions) == actions


def test_the_places_are_saved_follow_the_starter_and_are_refused_when_shared() -> None:
    session, _ = booted()
    update = seated(session, 3, ["bottom", "left", "top"])
    [(key, text)] = update["writes"]
    assert key == SAVE_KEY and json.loads(text)["seating"] == ["bottom", "left", "top"]
    assert session.app is not None
    session.receive(
        {"type": "tap", "act": "starter", "data": {"player": "2"}, "moment": session.app.moment}
    )
    assert session.app.seating == ("top", "bottom", "left")
    again, update = booted(dict(session.store.items))
    assert again.app is not None and again.app.seating == ("top", "bottom", "left")
    assert update["layout"] == "table"
    refused, _ = booted()
    update = seated(refused, 2, ["top", "top"])
    assert update["screen"] == "setup"
    assert "same place" in update["regions"]["notice"]


def test_dicelands_phase_two_everyone_builds_their_own_choice_at_once() -> None:
    app = diceland_app()
    app.start(
        ["Ann", "Bo", "Cy"],
        4,
        game="diceland",
        choices=[{"edge": edge} for edge in ("bottom", "left", "top")],
        first=0,
    )
    # Not yet around the table: to phase 2 as the device is handed round, then seated.
    seating, app.seating = app.seating, ()
    to_phase(app, DicelandPhase.MARK)
    app.seating = seating
    state = state_of(app)
    assert len(state.deciders) == 3
    board = app.regions()["board"]
    legal = {
        p: sorted(highlighted(board.split(f'data-place="{p}"')[1].split("data-place=")[0]))
        for p in state.deciders
    }
    people = [p for p, cells in legal.items() if cells][:2]
    assert len(people) == 2, legal
    first, second = people
    app.handle_at(first, "cell", {"cell": str(legal[first][0])})
    app.handle_at(second, "cell", {"cell": str(legal[second][0])})  # at the same time
    board = app.regions()["board"]
    for p in people:  # each person's own cell, neither taking the other's away
        place = board.split(f'data-place="{p}"')[1].split("data-place=")[0]
        assert selected(place) == {legal[p][0]}


def test_a_days_game_is_played_in_turn_never_round_a_table_top() -> None:
    """The setup does not offer both (a forged request): each person plays the day's dice
    alone, the device handed round, and a save's places for one seat are not read."""
    session, _ = booted()
    update = session.receive(
        {
            "type": "start",
            "game": "qwixx",
            "names": ["Ann", "Bea"],
            "choices": [{"edge": "bottom"}, {"edge": "top"}],
            "dice": "day",
        }
    )
    assert session.app is not None and session.app.match is not None
    assert [seat.name for seat in session.app.match.seats] == ["Ann"]
    assert session.app.seating == () and session.app.day.waiting == ("Bea",)
    assert update["layout"] == ""
    saved = json.loads(session.store.items[SAVE_KEY])
    assert "seating" not in saved
    again, update = booted({SAVE_KEY: json.dumps({**saved, "seating": ["bottom"]})})
    assert again.app is not None and again.app.seating == () and update["layout"] == ""
