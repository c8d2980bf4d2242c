"""What the app tests share: an App on a store in memory, in English, that seeds every game
with 9 (the tests that need another seed, language or clock make their own)."""

from __future__ import annotations

import re
from typing import TypeVar

from dadoteca.commands import SeatedState
from dadoteca_web.app import App
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import GameStore, MemoryStore

T = TypeVar("T")


def new_app(store: MemoryStore | None = None) -> App:
    return App(GameStore(store or MemoryStore()), Translator("en", {}), lambda: 9)


def ui_as(app: App, kind: type[T]) -> T:
    """The view of the game in play, of the game ``kind`` the test plays."""
    assert isinstance(app.ui, kind)
    return app.ui


def shown_sheets(region: str) -> list[str]:
    """The sheets of a region that are shown, in its order: every game draws every player's
    sheet in both regions, those not shown hidden (aria-hidden) until their player is asked."""
    sheets = re.findall(r"<section .*?</section>", region)
    return [sheet for sheet in sheets if 'aria-hidden="true">' not in sheet.split(">", 1)[0] + ">"]


def active(app: App) -> int:
    """The active player of the game in play (the one who rolls this turn)."""
    state = app.state
    assert isinstance(state, SeatedState)
    return state.active


def nobody_crosses(app: App) -> None:
    """Qwixx's white sum on the shared screen: the roller crosses nothing, then "Done" for
    the rest (it never answers for the roller)."""
    app.handle("answer", {"player": str(active(app)), "row": "none"})
    app.handle("done", {})
