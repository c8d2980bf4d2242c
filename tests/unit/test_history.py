"""The history of finished games: one entry per game that ends here, kept across restarts."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, cast

import pytest

from dadoteca.core import RuleError
from dadoteca.match import Match
from dadoteca.playout import random_match
from dadoteca_web.app import App
from dadoteca_web.history import HISTORY_LIMIT, History, Imported
from dadoteca_web.i18n import Translator
from dadoteca_web.screens import solo_results
from dadoteca_web.stats import player_stats
from dadoteca_web.storage import (
    BROKEN_PREFIX,
    HISTORY_KEY,
    MAX_SAVE_CHARS,
    RECORD_PREFIX,
    SAVE_RULES,
    GameStore,
    MemoryStore,
)

ENDED = datetime(2026, 11, 22, 18, 30, tzinfo=UTC)


def new_app(store: MemoryStore, now: datetime = ENDED) -> App:
    return App(GameStore(store), Translator("en", {}), lambda: 9, now=lambda: now)


def said_of(store: MemoryStore, text: str | None) -> tuple[str, str]:
    """What the app says of an imported history (no question asked, here)."""
    said = new_app(store).import_history(text)
    assert said is not None
    return said


def import_games(store: MemoryStore, text: str, *, make_room: bool = False) -> Imported:
    """``History.import_games`` as the app calls it, at ENDED."""
    app = new_app(store)
    return app.history.import_games(text, ENDED, solo_results(app.t), make_room=make_room)


def finished_app(store: MemoryStore, game: str = "qwixx", seed: int = 5) -> App:
    """A game of two computers, played to its end by the app."""
    app = new_app(store)
    app.start(["", ""], seed, game=game, choices=[{"player": "easy"}, {"player": "normal"}])
    app.computers.play_all()
    assert app.screen == "over"
    return app


def stored(store: MemoryStore) -> dict[str, object]:
    text = store.getItem(HISTORY_KEY)
    assert text is not None
    value = json.loads(text)
    assert isinstance(value, dict)
    return value


@pytest.mark.parametrize("game", ["qwixx", "diceland", "shelfie"])
def test_a_game_that_ends_enters_the_history_with_its_players_and_scores(game: str) -> None:
    store = MemoryStore()
    app = finished_app(store, game)
    assert app.match is not None
    state = app.match.state
    history = stored(store)
    assert history["format"] == "dadoteca-history" and history["version"] == 1
    [entry] = History(store).games()
    assert entry["game"] == game
    assert entry["ended"] == "2026-11-22T18:30:00+00:00"
    assert entry["players"] == [
        {"name": "Computer 1", "kind": "bot:easy", "score": state.scores()[0]},
        {"name": "Computer 2", "kind": "bot:normal", "score": state.scores()[1]},
    ]
    assert entry["winners"] == list(state.winners())


def test_a_game_enters_once_whatever_reloads_and_repaints() -> None:
    store = MemoryStore()
    app = finished_app(store)
    assert app.match is not None
    resumed = new_app(store)  # a reload on the end screen
    assert resumed.screen == "over"
    resumed.handle("roll", {})  # taps on the end screen play nothing
    resumed.history.add(app.match, ENDED)
    assert len(History(store).games()) == 1
    finished_app(store, seed=6)  # another game is another entry
    assert len(History(store).games()) == 2


def test_an_unfinished_or_abandoned_game_stays_out() -> None:
    store = MemoryStore()
    app = new_app(store)
    app.start(["Ann", "Bo"], 5)
    app.handle("roll", {})
    app.handle("new-game", {})
    app.handle("new-game-confirmed", {})
    assert app.screen == "setup"
    assert store.getItem(HISTORY_KEY) is None


def test_the_history_keeps_the_latest_games_and_fields_it_does_not_know() -> None:
    store = MemoryStore()
    old = [
        {"id": f"old{n}", "game": "qwixx", "players": [], "note": n} for n in range(HISTORY_LIMIT)
    ]
    store.setItem(
        HISTORY_KEY, json.dumps({"format": "dadoteca-history", "version": 1, "games": old})
    )
    finished_app(store)
    games = History(store).games()
    assert len(games) == HISTORY_LIMIT
    assert games[0] == old[1]  # the oldest went; an unknown field stays as it was
    assert games[-1]["ended"] == ENDED.isoformat()


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        '{"format": "dadoteca-history", "version": 2, "games": []}',
        '{"format": "something else", "version": 1, "games": []}',
        '{"format": "dadoteca-history", "version": 1, "games": "none"}',
        "[" * 100_000,
    ],
)
def test_an_unreadable_history_is_set_aside_and_a_new_one_begun(text: str) -> None:
    store = MemoryStore()
    store.setItem(HISTORY_KEY, text)
    finished_app(store)
    assert len(History(store).games()) == 1
    assert [v for k, v in store.items.items() if k.startswith(f"{BROKEN_PREFIX}history.")] == [text]


class FullStore(MemoryStore):
    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise OSError("QuotaExceededError")


def test_a_full_storage_loses_the_entry_never_the_game() -> None:
    app = finished_app(FullStore())
    assert app.screen == "over"
    assert "not saving the game" in app.regions()["warnings"]


def two_devices() -> tuple[MemoryStore, MemoryStore]:
    """A history of three games on one device, one of them also on another."""
    first, second = MemoryStore(), MemoryStore()
    for seed in (5, 6, 7):
        finished_app(first, seed=seed)
    finished_app(second, seed=5)
    return first, second


def test_an_exported_history_imported_on_another_device_adds_the_games_it_lacks() -> None:
    first, second = two_devices()
    exported = new_app(first).history.export()
    games = json.loads(exported)["games"]
    assert [game.pop("record")["format"] for game in games] == ["dadoteca-record"] * 3
    assert games == History(first).games()
    app = new_app(second)
    assert app.import_history(exported) == ("2 finished games added to the history.", "info")
    assert History(second).games() == History(first).games()  # each game once
    said = app.import_history(exported)  # again: nothing new
    assert said == ("Every game of this file is in the history already.", "info")
    assert len(History(second).games()) == 3


def entry_changed(games: list[dict[str, object]], **fields: object) -> str:
    return json.dumps(
        {"format": "dadoteca-history", "version": 1, "games": [{**games[0], **fields}]}
    )


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"id": "not an id"}, "history.bad_game"),
        ({"ended": "yesterday"}, "history.bad_game"),
        ({"ended": "2026-11-22T18:30:00"}, "history.bad_game"),  # no time zone
        ({"game": "chess"}, "history.bad_game"),
        ({"players": []}, "history.bad_game"),
        ({"players": [{"name": "\u202e\u202c", "kind": "human", "score": 1}]}, "history.bad_game"),
        ({"players": [{"name": "x" * 99, "kind": "human", "score": 1}]}, "history.bad_game"),
        ({"players": [{"name": "Ann", "kind": "root", "score": 1}]}, "history.bad_game"),
        # Only the kinds this version plays, in a game without its record; and never
        # unbounded (it passed, and two such files hid the whole history).
        ({"players": [{"name": "Ann", "kind": "bot:hard", "score": 1}]}, "history.bad_game"),
        (
            {"players": [{"name": "Ann", "kind": "bot:" + "x" * 600_000, "score": 1}]},
            "history.bad_game",
        ),
        ({"winners": [0, 0]}, "history.bad_game"),
        ({"ended": "9999-12-31T23:59:59-23:59"}, "history.bad_game"),  # past UTC's calendar
        ({"players": [{"name": "Ann", "kind": "human", "score": "1"}]}, "history.bad_game"),
        ({"players": ["Ann"]}, "history.bad_game"),
        ({"winners": [5]}, "history.bad_game"),
        ({"winners": [True]}, "history.bad_game"),
        ({"result": 1.5}, "history.bad_game"),
    ],
)
def test_a_history_with_a_damaged_game_is_refused_whole_in_words(
    change: dict[str, object], rule: str
) -> None:
    first, second = two_devices()
    before = second.getItem(HISTORY_KEY)
    text = entry_changed(History(first).games(), **change)
    with pytest.raises(RuleError) as refused:
        import_games(second, text)
    assert refused.value.rule == rule and "game 1 of the file" in refused.value.message
    assert second.getItem(HISTORY_KEY) == before  # nothing of it entered
    said, kind = said_of(second, text)
    assert kind == "error" and said.startswith("This file cannot be imported: Finished game 1")


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        (None, "history.not_utf8"),
        ("{", "history.not_json"),
        ("x" * (1 << 21), "history.too_large"),
        ('{"format": "dadoteca-record", "games": []}', "history.not_history"),
        ('{"format": "dadoteca-history", "version": 2, "games": []}', "history.version"),
        ('{"format": "dadoteca-history", "version": 1, "games": {}}', "history.version"),
    ],
)
def test_a_file_that_is_not_a_history_of_this_version_is_refused_in_words(
    text: str | None, rule: str
) -> None:
    _, second = two_devices()
    before = second.getItem(HISTORY_KEY)
    said, kind = said_of(second, text)
    assert kind == "error" and said.startswith("This file cannot be imported: ")
    reason = said.removeprefix("This file cannot be imported: ")
    assert reason.startswith(SAVE_RULES[rule].removesuffix(": {problem}"))
    assert second.getItem(HISTORY_KEY) == before


def test_an_imported_history_keeps_only_what_this_version_knows_of_each_game() -> None:
    first, second = two_devices()
    games = History(first).games()
    named = cast(list[dict[str, object]], games[0]["players"])
    players = [{**player, "name": f"  {player['name']}\t"} for player in named]
    text = entry_changed(
        games, note="<script>x</script>", ended="2026-11-22T19:30:00+01:00", players=players
    )
    assert import_games(second, text).known == 1  # that game was there already
    third = MemoryStore()
    assert len(import_games(third, text).entered) == 1
    [entry] = History(third).games()
    # Without the unknown field, the names normalised as at the setup, the time in UTC.
    assert entry == {**games[0], "ended": "2026-11-22T18:30:00+00:00"}


def test_a_full_storage_refuses_the_import_and_keeps_the_history() -> None:
    first, _ = two_devices()
    full = FullStore()
    full.items[HISTORY_KEY] = json.dumps(
        {"format": "dadoteca-history", "version": 1, "games": History(first).games()[:1]}
    )
    app = new_app(full)
    with pytest.raises(RuleError) as refused:
        app.history.import_games(new_app(first).history.export(), ENDED, solo_results(app.t))
    assert refused.value.rule == "history.not_stored"
    assert app.history.added == {} and len(app.history.games()) == 1


# --- Imports that never cost a game, nor falsify one ------------------------------------------

LATER = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
FUTURE = "9999-06-01T00:00:00+00:00"


def history_file(games: list[dict[str, object]]) -> str:
    """A history of ``games``, written as the app writes it."""
    stored = {"format": "dadoteca-history", "version": 1, "games": games}
    return json.dumps(stored, separators=(",", ":"))


def thinned(number: int, ended: str = "2026-11-20T10:00:00+00:00") -> dict[str, object]:
    """A Qwixx game of two people, as a history keeps one whose record is no longer kept."""
    return {
        "id": f"{number:016x}",
        "ended": ended,
        "game": "qwixx",
        "players": [
            {"name": "Cy", "kind": "human", "score": 30},
            {"name": "Di", "kind": "human", "score": 20},
        ],
        "winners": [0],
    }


def test_games_that_ended_in_the_future_never_push_out_the_games_of_this_device() -> None:
    store = MemoryStore()
    finished_app(store)  # this device's own game
    own = History(store).games()
    app = new_app(store, now=LATER)
    text = history_file([thinned(number, FUTURE) for number in range(HISTORY_LIMIT)])
    assert app.import_history(text) is None  # not done: asked first, offering the download
    assert app.confirm is not None and app.confirm.yes == "import-history-make-room"
    assert "removes 1 game of this device, the oldest. Download the history first?" in (
        app.confirm.text
    )
    assert History(store).games() == own
    said = app.import_history(history_file([thinned(number, FUTURE) for number in range(3)]))
    assert said == (
        "3 finished games added to the history. 3 of them ended later than this device's "
        "clock says it is now: they are listed as ending now.",
        "info",
    )
    games = History(store).games()
    assert games[0] == own[0] and [game["ended"] for game in games[1:]] == [LATER.isoformat()] * 3


def test_games_made_room_for_are_said_and_a_game_finished_after_them_still_enters() -> None:
    store = MemoryStore()
    finished_app(store)
    app = new_app(store, now=LATER)
    text = history_file([thinned(number, FUTURE) for number in range(HISTORY_LIMIT)])
    said = app.import_history(text, make_room=True)
    assert said is not None
    assert "1 game of this device, the oldest, was removed to make room." in said[0]
    assert len(History(store).games()) == HISTORY_LIMIT
    later = finished_app(store, seed=6)  # ended before them all (ENDED): kept all the same
    assert not later.keeping.history_failed
    games = History(store).games()
    assert len(games) == HISTORY_LIMIT and games[0]["ended"] == ENDED.isoformat()
    assert store.getItem(RECORD_PREFIX + str(games[0]["id"])) is not None  # it opens again


def test_a_history_an_earlier_version_filled_with_future_games_still_takes_new_ones() -> None:
    store = MemoryStore()
    store.setItem(HISTORY_KEY, history_file([thinned(n, FUTURE) for n in range(HISTORY_LIMIT)]))
    app = finished_app(store)
    assert not app.keeping.history_failed
    games = History(store).games()
    assert len(games) == HISTORY_LIMIT and games[0]["ended"] == ENDED.isoformat()


def test_older_games_that_do_not_fit_are_said_not_added() -> None:
    store = MemoryStore()
    store.setItem(
        HISTORY_KEY,
        history_file([thinned(n, "2026-11-21T10:00:00+00:00") for n in range(HISTORY_LIMIT)]),
    )
    text = history_file([thinned(1000 + n, "2026-01-01T10:00:00+00:00") for n in range(2)])
    said = new_app(store).import_history(text)
    assert said == (
        "0 finished games added to the history. 2 games of the file were not added: the "
        "history keeps the latest 200, and they are older.",
        "info",
    )


def test_an_import_never_grows_the_history_past_what_the_app_reads_back() -> None:
    """Entries bounded as the app writes them cannot (200 of the largest fit); what the
    history already holds may (fields of another version): the import is refused in words,
    and a game finished then is said not to enter, the history kept readable."""
    store = MemoryStore()
    kept = [{**thinned(number), "note": "x" * 5_000} for number in range(HISTORY_LIMIT - 10)]
    room = MAX_SAVE_CHARS - len(history_file(kept)) - 100
    kept[0]["note"] = "x" * (5_000 + room)
    store.setItem(HISTORY_KEY, history_file(kept))
    before = store.getItem(HISTORY_KEY)
    said = new_app(store).import_history(history_file([thinned(1000 + n) for n in range(9)]))
    assert said == (
        "This file cannot be imported: With these games the history would be larger than this "
        "device can read back",
        "error",
    )
    assert store.getItem(HISTORY_KEY) == before
    assert finished_app(store).keeping.history_failed and store.getItem(HISTORY_KEY) == before


def test_a_score_no_game_can_give_is_refused_and_never_reaches_the_statistics() -> None:
    huge = [{**thinned(1), "players": [{"name": "Anna", "kind": "human", "score": 10**400}]}]
    said, kind = said_of(MemoryStore(), history_file(huge))
    assert kind == "error" and said == (
        "This file cannot be imported: Finished game 1 of the file gives a score its game "
        "cannot end with: 100000000000…"
    )
    store = MemoryStore()  # as an earlier version stored it
    store.setItem(HISTORY_KEY, history_file([*huge, thinned(2)]))
    assert [row.name for row in player_stats(History(store).games())] == ["Cy", "Di"]
    assert "<table" in new_app(store).regions()["stats"]


def people_game(seed: int = 5) -> dict[str, Any]:
    """A Qwixx game of Anna and Bo (not tied) as an export carries it: entry and record."""
    record = random_match("qwixx", 2, seed).record()
    record["seats"] = [{"name": "Anna", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    store = MemoryStore()
    History(store).add(Match.from_record(record), ENDED)
    [game] = json.loads(History(store).export())["games"]
    assert game["players"][0]["score"] != game["players"][1]["score"]
    return cast(dict[str, Any], game)


def test_an_imported_game_is_what_its_record_replays_to() -> None:
    game = people_game()
    store = MemoryStore()
    assert len(import_games(store, history_file([game])).entered) == 1
    assert History(store).games() == [{k: v for k, v in game.items() if k != "record"}]


def scores(game: dict[str, Any]) -> None:
    game["players"][0]["score"], game["players"][1]["score"] = 0, 999
    game["winners"] = [1]


def loser(game: dict[str, Any]) -> None:
    game["winners"] = [1 - game["winners"][0]]


def swapped(game: dict[str, Any]) -> None:
    game["players"].reverse()


def one_name(game: dict[str, Any]) -> None:
    game["players"][1]["name"] = "Anna"


def cut(game: dict[str, Any]) -> None:
    del game["record"]["actions"][-3:]


def digit(game: dict[str, Any]) -> None:
    game["record"]["actions"][1][1] = "red \u0668"  # int() reads it as 8


def field(**fields: object) -> Callable[[dict[str, Any]], None]:
    return lambda game: game.update(fields)


@pytest.mark.parametrize(
    ("claim", "said"),
    [
        (scores, "Finished game 2 of the file gives other scores than its record, which gives "),
        (loser, "Finished game 2 of the file names other winners than its record"),
        (swapped, "Finished game 2 of the file names other players than its record"),
        (one_name, "Finished game 2 of the file names other players than its record"),
        (field(game="shelfie"), "Finished game 2 of the file is not the game its record holds"),
        (field(dice="real"), "Finished game 2 of the file is not the game its record holds"),
        (field(result=40), "Finished game 2 of the file is not the game its record holds"),
        (field(id="0123456789abcdef"), "Finished game 2 of the file is not the game its record"),
        (cut, "Finished game 2 of the file is not the game its record holds"),
        (digit, "The record of finished game 2 of the file is damaged: Action 2 of the record"),
    ],
)
def test_a_game_that_says_otherwise_than_its_record_is_refused_naming_it(
    claim: Callable[[dict[str, Any]], None], said: str
) -> None:
    game = people_game()
    claim(game)
    store = MemoryStore()
    with pytest.raises(RuleError) as refused:
        import_games(store, history_file([thinned(1), game]))  # the first one could enter
    assert refused.value.message.startswith(said)
    assert store.getItem(HISTORY_KEY) is None  # nothing of the file entered


def test_the_real_scores_are_named_when_a_game_claims_others() -> None:
    game = people_game()
    truth = ", ".join(str(player["score"]) for player in game["players"])
    scores(game)
    assert said_of(MemoryStore(), history_file([game])) == (
        "This file cannot be imported: Finished game 1 of the file gives other scores than "
        f"its record, which gives {truth}",
        "error",
    )


def test_a_solo_game_of_an_earlier_version_takes_its_result_from_its_record() -> None:
    """Before solo results, an entry named its one player the winner and had no result."""
    record = random_match("diceland", 1, 3).record()
    record["seats"] = [{"name": "Anna", "kind": "human"}]
    store = MemoryStore()
    app = new_app(store)
    match = Match.from_record(record)
    rounds = solo_results(app.t).result(match)
    app.history.add(match, ENDED, rounds)
    [game] = json.loads(app.history.export())["games"]
    assert game["winners"] == [] and game["result"] == rounds
    game["winners"] = [0]
    del game["result"]
    elsewhere = MemoryStore()
    assert len(import_games(elsewhere, history_file([game])).entered) == 1
    [entry] = History(elsewhere).games()
    assert entry["winners"] == [] and entry["result"] == rounds


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"winners": [1]}, "names winners its scores cannot have"),
        ({"winners": []}, "names winners its scores cannot have"),
        ({"result": 30}, "is damaged"),  # only a solo game has a result
        ({"game": "diceland"}, "gives a score its game cannot end with: 30"),
        (
            {
                "game": "diceland",
                "players": [{"name": "Cy", "kind": "human", "score": 8}],
                "winners": [0],
                "result": 0,
            },
            "gives a solo result its game cannot have: 0",
        ),
        (
            {
                "game": "diceland",
                "players": [
                    {"name": "Cy", "kind": "human", "score": 8},
                    {"name": "Di", "kind": "human", "score": 3},
                ],
            },
            "names winners its scores cannot have",  # the goal takes 9 prizes
        ),
        (
            {"players": [{"name": "Cy", "kind": "human", "score": 30}], "result": 31},
            "gives a solo result its game cannot have: 31",  # a score game's result is its score
        ),
        (
            {"dice": "sheets", "players": [{"name": "Cy", "kind": "bot:easy", "score": 3}]},
            "is damaged",
        ),
    ],
)
def test_a_game_without_its_record_must_be_one_its_game_can_end_with(
    change: dict[str, object], said: str
) -> None:
    with pytest.raises(RuleError) as refused:
        import_games(MemoryStore(), history_file([{**thinned(1), **change}]))
    assert refused.value.message.startswith(f"Finished game 1 of the file {said}")


def test_games_without_their_record_that_can_be_are_imported() -> None:
    solo = {**thinned(2), "players": [{"name": "Cy", "kind": "human", "score": 30}]}
    games = [
        thinned(1),
        {**solo, "winners": [], "result": 30},
        {**solo, "id": f"{3:016x}", "winners": [0]},  # an earlier version's solo game
        {
            **thinned(4),
            "game": "diceland",
            "players": [
                {"name": "Cy", "kind": "bot", "score": 9},
                {"name": "Di", "kind": "bot:random", "score": 12},
            ],
            "winners": [0],  # the goal, not the most prizes
        },
    ]
    assert len(import_games(MemoryStore(), history_file(games)).entered) == 4


def test_a_solo_best_is_the_player_s_as_their_name_reads_and_one_a_game_can_give() -> None:
    record = random_match("qwixx", 1, 4).record()
    record["seats"] = [{"name": "Anna", "kind": "human"}]
    match = Match.from_record(record)
    solo = {**thinned(1), "players": [{"name": "Anna\u200b", "kind": "human", "score": 50}]}
    forged = {
        **solo,
        "id": f"{2:016x}",
        "players": [{"name": "Anna", "kind": "human", "score": 999}],
    }
    store = MemoryStore()
    store.setItem(
        HISTORY_KEY,
        history_file(
            [{**solo, "winners": [], "result": 50}, {**forged, "winners": [], "result": 999}]
        ),
    )
    assert History(store).best(match) == 50
