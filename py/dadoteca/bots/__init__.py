"""Computer players: a random baseline for every game, and easy, normal and expert per game.

``bot_for(game, level)`` is the one way in; each game's bots live in their own module and
explain their idea in its docstring.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import ModuleType
from typing import Final

from ..core import RuleError
from ..games import game_part
from ..match import Seat
from .base import (
    BOT_RULES,
    LEAD,
    LEVELS,
    POINTS,
    TURNS,
    WIN_CHANCE,
    WIN_IN_SIGHT,
    Appraisal,
    Appraising,
    Bot,
    Expert,
    RandomBot,
    Thinking,
    Weighed,
    decision_seed,
    finish,
    think_until,
)

__all__ = [
    "BOT_LEVELS",
    "BOT_RULES",
    "BOT_SEAT",
    "DEFAULT_LEVEL",
    "LEAD",
    "LEVELS",
    "NEAREST_LEVELS",
    "POINTS",
    "TURNS",
    "WIN_CHANCE",
    "WIN_IN_SIGHT",
    "Appraisal",
    "Appraising",
    "Bot",
    "Expert",
    "RandomBot",
    "Thinking",
    "Weighed",
    "bot_for",
    "bot_level",
    "coach_for",
    "decision_seed",
    "expert_for",
    "finish",
    "nearest_level",
    "reviewer_for",
    "think_until",
]

_RANDOM: Final = RandomBot()


@cache
def _players(game_id: str) -> ModuleType | None:
    """The game package's computer players (``bots``: ``BOTS`` by level, the ``REVIEWER``, a
    ``COACH`` if any), imported at the first game that needs them; None: it has only
    :class:`RandomBot`."""
    return game_part(game_id, "bots")

BOT_LEVELS: Final = ("random", *LEVELS)  # what a seat may be set to, weakest first
BOT_SEAT: Final = "bot:"  # a computer seat's kind: "bot:LEVEL" (or plain "bot")
DEFAULT_LEVEL: Final = "normal"  # a seat of kind plain "bot", and an unknown level's nearest
# Levels a record may name that this version lacks (another version's, or a hand-edited
# record's), by the level of LEVELS nearest in strength: the words other games use for their
# levels, weakest first; any other name plays at DEFAULT_LEVEL, the middle one.
NEAREST_LEVELS: Final = {
    **dict.fromkeys(("beginner", "novice", "easiest", "veryeasy", "weak"), "easy"),
    **dict.fromkeys(("medium", "intermediate", "average", "moderate"), "normal"),
    **dict.fromkeys(
        ("hard", "harder", "hardest", "difficult", "advanced", "strong", "master", "insane"),
        "expert",
    ),
}


def expert_for(game_id: str) -> Expert:
    """The expert of ``game_id``: the coach's hints are its choices, and it says their worth."""
    expert = bot_for(game_id, "expert")
    assert isinstance(expert, Expert)
    return expert


def coach_for(game_id: str) -> Expert:
    """The expert as the coach's hints ask it: its choices, its searches bounded where a phone
    could not wait for them (Qwixx's play-outs)."""
    coach: Expert | None = getattr(_players(game_id), "COACH", None)
    return coach or expert_for(game_id)


def reviewer_for(game_id: str) -> Expert:
    """The expert's valuation a review of ``game_id`` weighs every decision by
    (:mod:`dadoteca.bots.review`): each choice's value, without the slow searches."""
    reviewer: Expert | None = getattr(_players(game_id), "REVIEWER", None)
    return reviewer or expert_for(game_id)


def bot_level(seat: Seat) -> str | None:
    """The level of the computer playing ``seat``, None for a person."""
    if seat.kind == "bot":
        return DEFAULT_LEVEL
    return seat.kind.removeprefix(BOT_SEAT) if seat.kind.startswith(BOT_SEAT) else None


def nearest_level(game_id: str, level: str) -> str:
    """``level`` if this version plays ``game_id`` at it, else the nearest level it has
    (:data:`NEAREST_LEVELS`): a save or a record naming a level this version lacks is still
    played, rather than stopping at the first move of that computer."""
    try:
        bot_for(game_id, level)
    except RuleError:
        return NEAREST_LEVELS.get(level, DEFAULT_LEVEL)
    return level


def bot_for(game_id: str, level: str) -> Bot:
    """The computer player of ``game_id`` at ``level`` (``random`` plays every game)."""
    if level == _RANDOM.level:
        return _RANDOM
    players = _players(game_id)
    strong: Mapping[str, Bot] = players.BOTS if players is not None else {}
    bot = strong.get(level)
    if bot is None:
        raise RuleError(
            "bots.unknown_level",
            BOT_RULES["bots.unknown_level"],
            level=level[:20],
            game=game_id[:20],
            known=", ".join(BOT_LEVELS),
        )
    return bot
