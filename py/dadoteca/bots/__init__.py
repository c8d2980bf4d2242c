"""Computer players: a random baseline for every game, and easy, normal and expert per game.

``bot_for(game, level)`` is the one way in; each game's bots live in their own module and
explain their idea in its docstring.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ..core import RuleError
from . import diceland_bot, qwixx_bot, shelfie_bot
from .base import BOT_RULES, LEVELS, Bot, RandomBot, Thinking, decision_seed, finish, think_until

__all__ = [
    "BOT_LEVELS",
    "BOT_RULES",
    "LEVELS",
    "Bot",
    "RandomBot",
    "Thinking",
    "bot_for",
    "decision_seed",
    "finish",
    "think_until",
]

_RANDOM: Final = RandomBot()
_STRONG: Final[dict[str, Mapping[str, Bot]]] = {
    "qwixx": qwixx_bot.BOTS,
    "diceland": diceland_bot.BOTS,
    "shelfie": shelfie_bot.BOTS,
}
BOT_LEVELS: Final = ("random", *LEVELS)  # what a seat may be set to, weakest first


def bot_for(game_id: str, level: str) -> Bot:
    """The computer player of ``game_id`` at ``level`` (``random`` plays every game)."""
    if level == _RANDOM.level:
        return _RANDOM
    bot = _STRONG.get(game_id, {}).get(level)
    if bot is None:
        raise RuleError(
            "bots.unknown_level",
            BOT_RULES["bots.unknown_level"],
            level=level[:20],
            game=game_id[:20],
            known=", ".join(BOT_LEVELS),
        )
    return bot
