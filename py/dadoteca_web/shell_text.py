"""The setup's words in English, marked for the shell to translate (``data-i18n``): shared by
the shell's own parts (:mod:`dadoteca_web.shell`) and the games' setup parts
(``dadoteca_games.<id>.setup``). Run at build time only, never in the browser."""

from __future__ import annotations

import json
from collections.abc import Mapping
from html import escape

__all__ = ["translatable", "translated_span", "unmarked"]


def unmarked(text: str) -> str:
    """The marker of a text for ``build/i18n.py`` to extract: the English, unchanged."""
    return text


def translatable(attribute: str, template: str, params: Mapping[str, int]) -> str:
    """An attribute in English whose translation the shell fills from ``template`` (its msgid)
    and ``params`` (``data-i18n-params``, shared by the element's attributes)."""
    text = escape(template.format(**params))
    return f'{attribute}="{text}" data-msgid-{attribute}="{escape(template)}"'


def translated_span(
    css_class: str, template: str, params: Mapping[str, int | str] | None = None
) -> str:
    """A ``<span>`` of English text that the shell translates: ``template`` is its msgid, with
    ``params`` (``data-i18n-params``) filled in."""
    marks = "data-i18n"
    if params:
        marks += f' data-msgid="{escape(template)}" data-i18n-params="{escape(json.dumps(params))}"'
    text = escape(template.format(**params) if params else template)
    return f'<span class="{css_class}" {marks}>{text}</span>'
