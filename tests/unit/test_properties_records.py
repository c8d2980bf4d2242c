"""Property tests of imported records (hypothesis): a record is untrusted input, so whatever it
holds — fields of the wrong type, mutated or truncated actions, huge values — reading it either
refuses it with a RuleError naming the problem or gives a legal game; never another exception.

The rules a refusal may name: the record's own (``record.*``), and the ones a new game checks
(``core.*``: unknown game, player count, options; a Diceland map named in the options).
"""

from __future__ import annotations

import json
from typing import Any, Final, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st
from properties_support import examples

from dadoteca.core import CORE_RULES, RuleError
from dadoteca.match import MAX_ACTIONS, RECORD_RULES, Match
from dadoteca.playout import random_match
from dadoteca_games.diceland.maps import MAP_RULES

REFUSALS: Final = {*RECORD_RULES, *CORE_RULES, *MAP_RULES, "diceland.map_count"}
HUGE_INT: Final = 10**4300 - 1  # the longest int JSON text gives Python
# Whole games, one per game, whose records the tests break.
MATCHES: Final = [random_match("qwixx", 3, 1), random_match("diceland", 2, 2)]
MATCHES.append(random_match("shelfie", 2, 3))

JSON_SCALARS: Final = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([HUGE_INT, -HUGE_INT, 2**64, -1])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
)
JSON: Final = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS: Final = ["format", "version", "game", "options", "seats", "seed", "actions"]


def read(record: object) -> Match | None:
    """The match ``record`` gives (through JSON text, as a file gives it), or None if refused
    with a RuleError that names the problem; any other exception fails the test."""
    try:
        return Match.from_record(json.loads(json.dumps(record)))
    except RuleError as error:
        assert error.rule in REFUSALS, error
        assert error.message  # says what is wrong, in words
        return None


def check_legal(match: Match) -> None:
    """Every action of an accepted record was legal where it was played."""
    states = match._states  # every state the match went through, the first included
    for (player, action), state in zip(match.actions, states, strict=False):
        if player is None:
            assert state.is_chance
        else:
            assert action in state.legal_actions(player)


def words_changed(text: str, data: st.DataObject) -> str:
    """``text`` with a word replaced, dropped or repeated, or a character changed."""
    words = text.split()
    index = data.draw(st.integers(min_value=0, max_value=len(words) - 1), label="word")
    how = data.draw(st.sampled_from(["replace", "drop", "repeat", "char"]), label="how")
    if how == "replace":
        words[index] = data.draw(st.text(max_size=8) | st.sampled_from(text.split()), label="new")
    elif how == "drop":
        del words[index]
    elif how == "repeat":
        words.insert(index, words[index])
    else:
        word = words[index]
        at = data.draw(st.integers(min_value=0, max_value=len(word) - 1), label="at")
        words[index] = word[:at] + data.draw(st.characters(), label="char") + word[at + 1 :]
    return " ".join(words)


@examples(400)
@given(data=st.data(), which=st.integers(min_value=0, max_value=len(MATCHES) - 1))
def test_a_mutated_record_is_refused_naming_the_problem_or_replays_a_legal_game(
    data: st.DataObject, which: int
) -> None:
    original = MATCHES[which]
    record = original.record()
    actions = cast(list[Any], record["actions"])
    mutation = data.draw(
        st.sampled_from(["field", "drop field", "text", "seat", "entry", "truncate", "swap"]),
        label="mutation",
    )
    index = data.draw(st.integers(min_value=0, max_value=len(actions) - 1), label="index")
    if mutation == "field":
        record[data.draw(st.sampled_from(FIELDS), label="field")] = data.draw(JSON, label="value")
    elif mutation == "drop field":
        del record[data.draw(st.sampled_from(FIELDS), label="field")]
    elif mutation == "text":
        seat, text = actions[index]
        actions[index] = [seat, words_changed(text, data)]
    elif mutation == "seat":
        actions[index] = [data.draw(JSON_SCALARS, label="seat"), actions[index][1]]
    elif mutation == "entry":
        actions[index] = data.draw(JSON, label="entry")
    elif mutation == "truncate":  # a game cut short is a legal game, the same so far
        del actions[index:]
        match = read(record)
        assert match is not None and match.state == original._states[index]
        return
    else:
        other = data.draw(st.integers(min_value=0, max_value=len(actions) - 1), label="other")
        actions[index], actions[other] = actions[other], actions[index]
    match = read(record)
    if match is not None:
        check_legal(match)


@examples(200)
@given(record=JSON)
def test_any_json_value_is_refused_as_a_record(record: object) -> None:
    assert read(record) is None


@examples(200)
@given(data=st.data(), which=st.integers(min_value=0, max_value=len(MATCHES) - 1))
def test_a_truncated_record_file_is_not_json_or_is_refused_or_replays_a_legal_game(
    data: st.DataObject, which: int
) -> None:
    text = json.dumps(MATCHES[which].record())
    cut = data.draw(st.integers(min_value=0, max_value=len(text) - 1), label="cut")
    try:
        record = json.loads(text[:cut])
    except ValueError:
        return  # not JSON: the app says so before reading a record
    match = read(record)
    if match is not None:
        check_legal(match)


@examples(30)
@given(
    which=st.integers(min_value=0, max_value=len(MATCHES) - 1),
    field=st.sampled_from(FIELDS),
    size=st.sampled_from([MAX_ACTIONS + 1, 100_000]),
)
def test_oversize_records_are_refused(which: int, field: str, size: int) -> None:
    """Huge lists and strings in any field: refused, without replaying anything."""
    record = MATCHES[which].record()
    record[field] = {
        "actions": [[None, "pass"]] * size,
        "seats": [{"name": "x"}] * size,
        "options": {"maps": "A," * size},
    }.get(field, "x" * size)
    assert read(record) is None


def test_record_bad_field_an_action_by_a_seat_beyond_the_seats_is_refused() -> None:
    """Even one too huge to write in a message (a ValueError once, not a RuleError)."""
    for seat in (3, HUGE_INT):
        record = MATCHES[0].record()
        cast(list[list[Any]], record["actions"])[1] = [seat, "pass"]
        with pytest.raises(RuleError) as error:
            Match.from_record(json.loads(json.dumps(record)))
        assert error.value.rule == "record.bad_action" and "seat" in error.value.message
