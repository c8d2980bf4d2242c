"""What the app tests share: an App on a store in memory, in English, that seeds every game
with 9 (the tests that need another seed, language or clock make their own)."""

from __future__ import annotations

from dadoteca_web.app import App
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import GameStore, MemoryStore


def new_app(store: MemoryStore | None = None) -> App:
    return App(GameStore(store or MemoryStore()), Translator("en", {}), lambda: 9)
