"""Translations, gettext style: the English text is the key (msgid) of every catalog.

Catalogs are ``assets/i18n/LANG.po``, compiled by the build to ``i18n/LANG.json``. A missing
translation falls back to English, so a half-translated catalog never breaks a screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from dadoteca.core import RuleError

__all__ = ["LANGUAGES", "SOURCE_LANGUAGE", "Translator"]

LANGUAGES: Final = {"it": "Italiano", "es": "Español", "en": "English"}
SOURCE_LANGUAGE: Final = "en"


class Translator:
    """``t("Hello {name}", name=…)`` in the current language."""

    def __init__(self, language: str, catalogs: Mapping[str, Mapping[str, str]]) -> None:
        self.catalogs = catalogs
        self.language = language if language in LANGUAGES else SOURCE_LANGUAGE

    def __call__(self, msgid: str, **params: str | int) -> str:
        text = self.catalogs.get(self.language, {}).get(msgid) or msgid
        return text.format(**params) if params else text

    def rule(self, error: RuleError) -> str:
        """A rule error in words: its rule's message, translated, with translated words in it.

        The error carries its English template, the msgid: no rule table is looked up, so
        translating an error imports nothing of the engine, the bots or the storage."""
        params = {
            name: self(value) if isinstance(value, str) else value
            for name, value in error.params.items()
        }
        return self(error.template, **params)
