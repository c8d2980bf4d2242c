"""Translations, gettext style: the English text is the key (msgid) of every catalog.

Catalogs are ``assets/i18n/LANG.po``, compiled by the build to ``i18n/LANG.json``: one flat
``{msgid: msgstr}`` object, which the shell reads too. Plural entries follow the layout of
gettext's ``.mo`` files: the key is the singular and the plural msgid joined by NUL, the value
the language's forms joined by NUL, in the order of its plural rule; the rule itself (the C
expression of the catalog's ``Plural-Forms``) is the value of the key NUL alone, which no
msgid can be, the language's decimal symbol (Babel's, at build time) that of NUL "decimal",
and its patterns for a list of names (Babel's, CLDR's: for two, then a list's start, middle
and end, joined by NUL) that of NUL "list". A missing translation falls back to English, so a
half-translated catalog never breaks a screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import Final

from dadoteca.core import Plural, RuleError, Template

__all__ = [
    "DECIMAL_SYMBOL",
    "ENGLISH_RULE",
    "LANGUAGES",
    "LIST_PATTERNS",
    "PLURAL_RULE",
    "SEPARATOR",
    "SOURCE_LANGUAGE",
    "Translator",
    "plural_key",
]

LANGUAGES: Final = {"it": "Italiano", "es": "Español", "en": "English"}
SOURCE_LANGUAGE: Final = "en"
SEPARATOR: Final = "\0"
PLURAL_RULE: Final = SEPARATOR
ENGLISH_RULE: Final = "(n != 1)"  # as Babel writes it in Plural-Forms
DECIMAL_SYMBOL: Final = SEPARATOR + "decimal"
LIST_PATTERNS: Final = SEPARATOR + "list"
# British English's, as Babel has them: the app's English is British.
ENGLISH_LIST: Final = ("{0} and {1}", "{0}, {1}", "{0}, {1}", "{0} and {1}")


def _english_index(count: int) -> int:
    return int(count != 1)


def plural_key(singular: str, plural: str) -> str:
    """The compiled catalog's key of a plural entry."""
    return f"{singular}{SEPARATOR}{plural}"


class Translator:
    """``t("Hello {name}", name=…)`` and ``t.n("{count} die", "{count} dice", count)`` in the
    current language."""

    def __init__(self, language: str, catalogs: Mapping[str, Mapping[str, str]]) -> None:
        self.language = language if language in LANGUAGES else SOURCE_LANGUAGE
        self.texts = catalogs.get(self.language, {})

    def __call__(self, msgid: Template, **params: str | int) -> str:
        """``msgid`` translated and filled in; a :class:`Plural` takes its form from
        ``params["count"]``."""
        if isinstance(msgid, Plural):
            text = self._form(msgid, params["count"])
        else:
            text = self.texts.get(msgid) or msgid
        return text.format(**params) if params else text

    def n(self, singular: str, plural: str, count: int, **params: str | int) -> str:
        """ngettext: the form of ``singular``/``plural`` for ``count``, which fills ``{count}``."""
        return self(Plural(singular, plural), count=count, **params)

    def decimal(self, value: float, digits: int = 1) -> str:
        """``value`` with ``digits`` decimals, written the language's way (3,1 in Italian)."""
        return f"{value:.{digits}f}".replace(".", self.texts.get(DECIMAL_SYMBOL, "."))

    def names(self, items: Sequence[str]) -> str:
        """``items`` as a list in words ("Anna, Bo and Cy"; "Anna, Bo e Cy"), the CLDR way."""
        patterns = self.texts.get(LIST_PATTERNS, "").split(SEPARATOR)
        two, start, middle, end = patterns if len(patterns) == 4 else ENGLISH_LIST
        if len(items) < 3:
            return two.format(*items) if len(items) == 2 else "".join(items)
        text = end.format(items[-2], items[-1])
        for item in reversed(items[1:-2]):
            text = middle.format(item, text)
        return start.format(items[0], text)

    def _form(self, msgid: Plural, count: str | int) -> str:
        forms = self.texts.get(plural_key(*msgid), "").split(SEPARATOR)
        index = self._plural_index(count) if isinstance(count, int) else -1
        return forms[index] if 0 <= index < len(forms) and forms[index] else msgid.english(count)

    @cached_property
    def _plural_index(self) -> Callable[[int], int]:
        """The catalog's plural rule. English's, which Italian and Spanish share, is built in;
        another is parsed by the standard library's gettext (a checked subset of C, never
        eval'd as given): no download (it is in Pyodide's stdlib), but its first parse costs
        a phone milliseconds, so only a language with another rule pays it."""
        expression = self.texts.get(PLURAL_RULE, ENGLISH_RULE)
        if expression != ENGLISH_RULE:
            from gettext import c2py  # noqa: PLC0415

            try:
                return c2py(expression)
            except ValueError:
                pass  # a damaged catalog: its forms are still better than English
        return _english_index

    def rule(self, error: RuleError) -> str:
        """A rule error in words: its rule's message, translated, with translated words in it.

        The error carries its English template, the msgid: no rule table is looked up, so
        translating an error imports nothing of the engine, the bots or the storage."""
        params = {
            name: self(value) if isinstance(value, str) else value
            for name, value in error.params.items()
        }
        return self(error.template, **params)
