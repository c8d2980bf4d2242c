"""Game records (docs/records.md) and the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dadoteca.__main__ import main
from dadoteca.core import RuleError
from dadoteca.match import MAX_ACTIONS, RECORD_VERSION, Match, Seat
from dadoteca.playout import random_match
from dadoteca_games.qwixx.rules import QWIXX, RED, Cross, Roll

ROOT = Path(__file__).resolve().parents[2]


def a_record() -> dict[str, object]:
    return random_match("qwixx", 3, seed=11).record()


def test_a_record_names_everything_needed_to_replay() -> None:
    record = a_record()
    assert record["format"] == "dadoteca-record" and record["version"] == RECORD_VERSION
    assert record["game"] == "qwixx" and record["seed"] == 11 and record["options"] == {}
    assert record["seats"] == [{"name": f"Player {n}", "kind": "bot:random"} for n in (1, 2, 3)]
    actions = record["actions"]
    assert isinstance(actions, list)
    assert actions[0][0] is None and actions[0][1].startswith("roll w")
    assert Match.from_record(record).state == random_match("qwixx", 3, seed=11).state


def test_undo_steps_back_one_action() -> None:
    match = Match(QWIXX, [Seat("Ann"), Seat("Bo")], seed=3)
    start = match.state
    match.roll(Roll((3, 4), (1, 2, 3, 4)))
    rolled = match.state
    match.play(0, Cross(RED, 7))
    match.undo()
    assert match.state == rolled and len(match.actions) == 1
    match.undo()
    assert match.state == start
    with pytest.raises(IndexError):
        match.undo()


def test_an_illegal_action_leaves_the_match_untouched() -> None:
    match = Match(QWIXX, [Seat("Ann"), Seat("Bo")], seed=3)
    match.roll(Roll((3, 4), (1, 2, 3, 4)))
    before = (match.state, list(match.actions))
    with pytest.raises(RuleError):
        match.play(0, Cross(RED, 9))
    assert (match.state, match.actions) == before


def broken(**changes: object) -> dict[str, object]:
    return {**a_record(), **changes}


@pytest.mark.parametrize(
    ("record", "rule", "words"),
    [
        ([], "record.not_a_record", "not a JSON object"),
        ({"format": "something-else"}, "record.not_a_record", "format"),
        (broken(version=RECORD_VERSION + 1), "record.future_version", "newer Dadoteca"),
        (broken(version="1"), "record.bad_field", "version"),
        (broken(game="chess"), "core.unknown_game", "chess"),
        (broken(seats=[]), "record.bad_field", "seats"),
        (broken(seats=[{"name": "x" * 41}]), "record.bad_field", "seat name"),
        (broken(seats=[{"name": "Ann", "kind": "robot"}]), "record.bad_field", "seat kind"),
        # A level this version lacks is played at the nearest, but is a word, not a payload.
        (broken(seats=[{"name": "A", "kind": "bot:" + "x" * 21}]), "record.bad_field", "kind"),
        (
            broken(actions=[[None, "roll w1 w2 r3 y4 g5 b6"], [0, "red \u0663"]]),  # ٣
            "record.bad_action",
            "Not a Qwixx action",
        ),
        (broken(seats=[{"name": f"P{n}"} for n in range(6)]), "core.player_count", "6"),
        (broken(seed="7"), "record.bad_field", "seed"),
        (broken(options={"turbo": True}), "core.bad_options", "turbo"),
        (broken(actions="all of them"), "record.bad_field", "actions"),
        (broken(actions=[[None, "pass"]]), "record.bad_action", "Action 1"),
        (
            broken(actions=[[None, "roll w1 w2 r3 y4 g5 b6"], [7, "pass"]]),
            "record.bad_action",
            "Action 2",
        ),
        (
            broken(actions=[[None, "roll w1 w2 r3 y4 g5 b6"], [0, "red 9"]]),
            "record.bad_action",
            "sum of the two white dice",
        ),
        (broken(actions=[["0", "pass"]]), "record.bad_field", "action 1"),
        (broken(actions=[[None, "pass"]] * (MAX_ACTIONS + 1)), "record.bad_field", "more than"),
    ],
)
def test_bad_records_are_refused_naming_the_problem(record: object, rule: str, words: str) -> None:
    with pytest.raises(RuleError) as error:
        Match.from_record(record)
    assert error.value.rule == rule
    assert words in error.value.message


def test_hostile_names_are_kept_as_text() -> None:
    name = '<img src=x onerror="alert(1)">'
    record = broken(seats=[{"name": name}, {"name": "Bo"}, {"name": "Cy"}])
    assert Match.from_record(record).seats[0].name == name


# --- The command line ----------------------------------------------------------------------


def test_cli_random_prints_a_record_that_replay_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["random", "qwixx", "--players", "2", "--seed", "5"]) == 0
    record_text = capsys.readouterr().out
    path = tmp_path / "game.json"
    path.write_text(record_text)
    assert main(["replay", str(path)]) == 0
    result = json.loads(capsys.readouterr().out)
    expected = random_match("qwixx", 2, seed=5).state
    assert result["terminal"] is True
    assert result["scores"] == list(expected.scores())
    assert result["winners"] == list(expected.winners())
    assert result["state"] == expected.to_json()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not JSON"),
        ('{"format": "dadoteca-record", "version": 99}', "newer Dadoteca"),
        ("[]", "not a Dadoteca game record"),
    ],
)
def test_cli_bad_records_give_one_error_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err and err.startswith("error: ")


def test_cli_missing_file_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "/nonexistent/game.json"]) == 2
    assert capsys.readouterr().err.startswith("error: cannot read")


def test_cli_runs_with_pythonpath_and_no_install(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dadoteca", "random", "qwixx", "--players", "1", "--seed", "2"],
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(result.stdout)["game"] == "qwixx"
    bad = subprocess.run(
        [sys.executable, "-m", "dadoteca", "random", "chess"],
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2
