"""Today's game: the day's dice (dadoteca.daily, docs/records.md "Today's game")."""

from __future__ import annotations

from datetime import date

import pytest

from dadoteca.bots import finish
from dadoteca.bots.play import play_day
from dadoteca.core import Action, Options, RuleError
from dadoteca.daily import DAILY_DERIVATION, Day, daily_face, daily_seed
from dadoteca.games import get_game
from dadoteca.match import DAILY_DICE, Match, Seat
from dadoteca_games.diceland.rules import COLOURS, DicelandState
from dadoteca_games.shelfie.rules import ShelfieState

DAY = Day("qwixx", date(2026, 11, 28))


def days_match(day: Day, options: Options | None = None) -> Match:
    return Match(get_game(day.game), [Seat("Anna")], daily_seed(day), options, DAILY_DICE, day=day)


def test_the_derivation_is_pinned() -> None:
    """Version 1 of the derivation, as docs/records.md writes it out: any change to it changes
    every day's dice, so it needs a new version number."""
    assert DAILY_DERIVATION == 1
    faces = [daily_face(DAY, 1, 0, slot) for slot in range(6)]
    assert faces == [3, 0, 5, 4, 2, 1]
    assert daily_seed(DAY) == 6549492956452155


@pytest.mark.parametrize("game", ["qwixx", "diceland", "shelfie"])
def test_a_day_rolls_the_same_dice_every_time_and_another_day_others(game: str) -> None:
    options = {"maps": "A"} if game == "diceland" else None
    day = Day(game, date(2026, 11, 28))
    first, again = days_match(day, options), days_match(day, options)
    first.roll()
    again.roll()
    assert str(first.actions[0][1]) == str(again.actions[0][1])
    other = days_match(Day(game, date(2026, 11, 29)), options)
    rolls = [str(other.roll() and other.actions[-1][1])]
    assert rolls != [str(first.actions[0][1])]


def test_a_days_record_names_its_day_and_replays_only_with_its_dice() -> None:
    match = finish(play_day(DAY))
    record = match.record()
    assert record["dice"] == DAILY_DICE and record["day"] == "2026-11-28"
    assert record["derivation"] == DAILY_DERIVATION
    assert Match.from_record(record).state == match.state
    actions = record["actions"]
    assert isinstance(actions, list)
    forged = [*actions]
    forged[0] = [None, "roll w1 w1 r1 y1 g1 b1"]
    with pytest.raises(RuleError, match="not the dice of qwixx-2026-11-28"):
        Match.from_record({**record, "actions": forged})
    with pytest.raises(RuleError, match="derivation 2"):
        Match.from_record({**record, "derivation": 2})
    with pytest.raises(RuleError, match=r"\[daily.not_a_day\]"):
        Match.from_record({**record, "day": None})


def test_a_day_is_named_by_its_game_and_date() -> None:
    assert Day.parse("shelfie-2026-02-28") == Day("shelfie", date(2026, 2, 28))
    assert str(Day.parse("qwixx-2026-11-28")) == "qwixx-2026-11-28"
    for text in ("qwixx-2026-02-30", "chess-2026-11-28", "QWIXX-2026-11-28", "qwixx-26-11-28"):
        with pytest.raises(RuleError, match=r"\[daily.not_a_day\]"):
            Day.parse(text)


def test_a_day_is_played_alone() -> None:
    with pytest.raises(RuleError, match=r"\[daily.solo\]"):
        Match(get_game("qwixx"), [Seat("A"), Seat("B")], 1, None, DAILY_DICE, day=DAY)


def dice(match: Match) -> tuple[int, ...]:
    """The dice a Diceland or My Shelfie match shows."""
    state = match.state
    assert isinstance(state, DicelandState | ShelfieState)
    shown = state.dice
    assert isinstance(shown, tuple)
    return shown


def play(match: Match, *texts: str) -> None:
    for text in texts:
        match.play(0, match.state.parse_action(text))


def end_turn(match: Match) -> None:
    """Whatever ends the turn under way, up to the next turn's first roll."""
    turn = match.state.turn
    while match.state.turn == turn:
        if match.state.is_chance:
            match.roll()
            continue
        actions: list[Action] = list(match.state.legal_actions(0))
        ending = [a for a in actions if not str(a).startswith(("reroll", "choose"))]
        play(match, str((ending or actions)[0]))


def test_rerolling_fewer_shelfie_dice_leaves_the_other_slots_dice_as_they_were() -> None:
    day = Day("shelfie", date(2026, 11, 28))
    many, few = days_match(day), days_match(day)
    many.roll()
    few.roll()
    play(many, "reroll 1 2 3 4")
    play(few, "reroll 2")
    many.roll()
    few.roll()
    assert dice(many)[1] == dice(few)[1]  # position 2, rerolled in both
    assert dice(many) != dice(few)
    end_turn(many)
    end_turn(few)
    many.roll()
    few.roll()
    assert dice(many) == dice(few)  # the next turn, untouched


def test_rerolling_fewer_diceland_dice_leaves_the_first_slots_as_they_were() -> None:
    day = Day("diceland", date(2026, 11, 28))
    rerolls: list[tuple[int, ...]] = []
    for searched in range(1, 40):  # a day whose first roll has colours in different numbers
        day = Day("diceland", date(2026, 11, searched % 28 + 1))
        rolled = days_match(day, {"maps": "A"})
        rolled.roll()
        counts = {colour: dice(rolled).count(colour) for colour in set(dice(rolled))}
        if len(set(counts.values())) > 1:
            break
    most = max(counts, key=counts.__getitem__)
    least = min(counts, key=counts.__getitem__)
    matches = []
    for colour in (most, least):
        match = days_match(day, {"maps": "A"})
        match.roll()
        play(match, f"choose {COLOURS[colour]}", "reroll")
        match.roll()
        rerolls.append(dice(match))
        matches.append(match)
    fewer, more = rerolls
    assert len(fewer) < len(more) and more[: len(fewer)] == fewer
    for match in matches:
        end_turn(match)
        match.roll()
    assert dice(matches[0]) == dice(matches[1])
