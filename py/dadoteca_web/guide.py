"""A first game's guide: the first time a kind of decision comes up on this device, one line
says where to tap and why.

The kinds come from the rules (``State.moment_kinds``, through ``Table.moment_kinds``), most
general first; each game's screen holds its own lines (``GameUI.guide``, from its package's
``GUIDE``). A line shows while its kind is the first one this device has not been told, and
is told for good once the screen no longer shows it (the moment passed) or once tapped away.
It lies in the page's flow, never over a control, and asks nothing: the game is played as if
it were not there. The kinds told are kept under GUIDE_KEY; a value that cannot be read is
taken as none told (the guide says its lines again), never as an error.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping
from html import escape
from typing import Final

from .i18n import Translator
from .storage import STORAGE_PREFIX, KeyValueStore

__all__ = ["GUIDE_KEY", "Guide"]

GUIDE_KEY: Final = STORAGE_PREFIX + "guide"  # the kinds of decision told on this device
MAX_GUIDE_CHARS: Final = 1 << 14  # a few dozen kinds' ids: anything longer is not ours
DISMISS: Final = "guide-seen"  # the tap that takes a line away for good
AGAIN: Final = "guide-again"  # the rules dialog's request: the game's lines once more


class Guide:
    """The guide of this device: which kinds it has told, which lines the screen shows."""

    def __init__(self, store: KeyValueStore) -> None:
        self.store = store
        self.showing: frozenset[str] = frozenset()  # the kinds whose lines are on screen

    def told(self) -> frozenset[str]:
        """The kinds told on this device; none when storage holds nothing readable."""
        try:
            text = self.store.getItem(GUIDE_KEY)
            stored = json.loads(text) if text is not None and len(text) < MAX_GUIDE_CHARS else []
        except Exception:  # unreadable or unavailable: told again, which is harmless
            return frozenset()
        if not isinstance(stored, list):
            return frozenset()
        return frozenset(kind for kind in stored if isinstance(kind, str))

    def _keep(self, told: Iterable[str]) -> None:
        try:
            self.store.setItem(GUIDE_KEY, json.dumps(sorted(told), separators=(",", ":")))
        except Exception:  # storage full or refused: the lines come again next time
            return

    @staticmethod
    def kind_to_tell(
        kinds: Iterable[str], lines: Mapping[str, str], told: Collection[str]
    ) -> str | None:
        """The first of ``kinds`` with a line that has not been told."""
        return next((kind for kind in kinds if kind in lines and kind not in told), None)

    def shown(self, kinds: Collection[str]) -> None:
        """The screen now shows the lines of ``kinds``: those it showed before and no longer
        does (their moment passed) are told for good."""
        passed = self.showing.difference(kinds)
        if passed:
            self._keep(self.told() | passed)
        self.showing = frozenset(kinds)

    def dismiss(self, kind: str) -> None:
        """A tap took the line of ``kind`` away: told for good (a kind the screen does not
        show, from a forged tap, changes nothing)."""
        if kind in self.showing:
            self._keep(self.told() | {kind})
            self.showing -= {kind}

    def again(self, game_id: str) -> None:
        """Every line of the game ``game_id`` is to be told again, from the present moment."""
        prefix = game_id + "."
        self._keep(kind for kind in self.told() if not kind.startswith(prefix))
        self.showing = frozenset()

    @staticmethod
    def line(t: Translator, kind: str, text: str) -> str:
        """The line of ``kind``, ``text`` in English (translated here): one button, the whole
        line, that takes it away; in a polite live region, so a screen reader says it when it
        comes, and a key reaches it like any control."""
        return (
            '<div class="guide" role="status">'
            f'<button type="button" class="guide-line" data-act="{DISMISS}" '
            f'data-kind="{escape(kind)}"><span class="guide-text">{t(text)}</span> '
            f'<span class="guide-ok">{t("Got it")}</span></button></div>'
        )
