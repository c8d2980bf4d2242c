"""Translations, gettext style: the English text is the key (msgid) of every catalog.

Catalogs are ``assets/i18n/LANG.po``, compiled by the build to ``i18n/LANG.json``. A missing
translation falls back to English, so a half-translated catalog never breaks a screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from dadoteca.bots import BOT_RULES
from dadoteca.core import CORE_RULES, RuleError
from dadoteca.games import GAMES
from dadoteca.match import RECORD_RULES

from .storage import SAVE_RULES

__all__ = ["LANGUAGES", "Translator", "pick_language"]

LANGUAGES: Final = {"it": "Italiano", "es": "Español", "en": "English"}
SOURCE_LANGUAGE: Final = "en"

# The English text of every rule, by rule id: translations are keyed by that text.
RULE_MESSAGES: Final[dict[str, str]] = {
    **CORE_RULES,
    **RECORD_RULES,
    **SAVE_RULES,
    **BOT_RULES,
    **{rule: text for game in GAMES.values() for rule, text in game.rules.items()},
}


def pick_language(preferred: Iterable[str]) -> str:
    """The first supported language among the browser's preferences (``es-AR`` → ``es``)."""
    for tag in preferred:
        language = tag.split("-")[0].lower()
        if language in LANGUAGES:
            return language
    return SOURCE_LANGUAGE


class Translator:
    """``t("Hello {name}", name=…)`` in the current language."""

    def __init__(self, language: str, catalogs: Mapping[str, Mapping[str, str]]) -> None:
        self.catalogs = catalogs
        self.language = language if language in LANGUAGES else SOURCE_LANGUAGE

    def __call__(self, msgid: str, **params: str | int) -> str:
        text = self.catalogs.get(self.language, {}).get(msgid) or msgid
        return text.format(**params) if params else text

    def rule(self, error: RuleError) -> str:
        """A rule error in words: its rule's message, translated, with translated words in it."""
        template = RULE_MESSAGES.get(error.rule)
        if template is None:
            return error.message
        params = {
            name: self(value) if isinstance(value, str) else value
            for name, value in error.params.items()
        }
        return self(template, **params)
