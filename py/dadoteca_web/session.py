"""The app behind a message protocol: what the page sends in, what it is sent back.

The page (``assets/page/table/``) owns the DOM and the browser's storage; Python owns the game.
They talk in plain JSON-ready messages, so Python can run on the page's thread or in a worker
alike, and the whole exchange can be driven and tested in CPython.

The page sends (``type`` and its fields):

Every message may carry ``today``: the page's local date, ``YYYY-MM-DD`` (the day of today's
game, whose midnight is the page's).

- ``boot``: ``storage`` (the app's localStorage items, key to text), ``lasting`` (false when the
  browser keeps nothing), ``language``, ``catalog`` (the shell already loaded it), ``seed``
  (the text of ``?seed=N``, or null: the next new game, if it is a seed, 0 to 2^53 - 1 in
  ASCII digits; anything else is said), ``day`` (the text of ``?day=GAME-YYYY-MM-DD``, or
  null: the day's game a shared line links to; anything else is said), ``pace`` (``?pace=F``:
  the computers' pauses scaled),
  ``writer`` (false when another window of the app is playing the saved game: this one
  watches it);
- ``writer``: ``writer``, ``storage``: this window now plays the saved game (it took it over)
  or only watches it (another took it over), with the storage as it is now;
- ``changed``: ``key``, ``value``, ``writer``: another window wrote (or, null, removed) a
  storage item; ``writer`` says whether this window plays the saved game;
- ``tap``: ``act``, ``data`` (the tapped element's data-*), ``moment`` (of the screen tapped);
  around a table-top, a tap on a person's own place says ``seat``, ``moment`` being the one
  that place showed (the others' answers meanwhile leave it as it is);
- ``start``: the setup form, ``game``, ``names``, ``choices``, ``first``, ``dice``, ``coach``
  (true: hints on offer);
- ``language``: ``language``, ``catalog``;
- ``import``: ``text`` (null when the file is not UTF-8 text); ``export``; ``export-damaged``;
- ``import-history``: ``text`` (as ``import``'s); one that would cut games of this device to
  make room is asked about first: Yes (a ``tap`` of act ``import-history-make-room``) downloads
  the history, then imports it; ``export-history``: the whole history;
- ``open``: ``id``: open the finished game of that history entry again, to replay and review;
- ``shared``: ``how``: the line asked to be shared was shared (``share``), copied
  (``clipboard``), not shared (``cancelled``) or neither (anything else);
- ``stored``: ``items``: the writes the page could not make (storage full or refused: the
  first that failed, and those after it, not tried), each key with what storage holds now;
  ``saved``: true once a save is stored again after one was not.

Each answer is an :func:`Session.update`: ``screen``, ``game``, ``language``, ``moment``,
``hands``, ``shared`` (the moment is everyone's at once), ``layout`` (``table``: the players
sit around the device lying in the middle of the table), ``busy`` (a computer's move is to
come), ``regions`` (only those that changed), ``patches`` (of a region whose pieces alone
changed: each changed piece's HTML, by its key, for the element carrying ``data-piece`` = key;
see :class:`~dadoteca_web.game_ui.Pieced`),
``events`` (what happened, each with its ``text`` when the table is told it in words),
``confirm`` (a question to ask in a dialog, or null), ``watching`` (the game is played in
another window: nothing here to tap but "Play here"), ``writes`` (``[key, text or null]`` to
store, in order) and, when asked, ``download`` (``{"kind", "text"}``) and ``history`` (what an
imported history did, ``{"text", "kind"}``: ``info`` or ``error``, said in the History dialog),
``share`` (a line to share, ``{"text", "link"}``: the link relative to the app's address, put
after the text) and ``linked`` (after the boot, the game of a ``?day`` link: the setup offers
that day's game).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, date, datetime
from typing import Any, Final

from dadoteca.core import RuleError
from dadoteca.daily import Day

from .app import MAKE_ROOM, App
from .game_ui import Pieced
from .i18n import Translator
from .new_game import seeded_draws
from .screens import GAME_UIS
from .storage import HISTORY_KEY, SAVE_KEY, GameStore

__all__ = ["MirrorStore", "Session"]

SEED_LIMIT: Final = 1 << 53  # seeds stay exact as JavaScript numbers: records survive JS


class MirrorStore:
    """A KeyValueStore over a copy of the page's storage: reads are the copy's, writes change
    the copy and are queued for the page to make (``take_writes``). A write the page could not
    make comes back as a ``stored`` message."""

    def __init__(self, items: Mapping[str, str]) -> None:
        self.items = dict(items)
        self.writes: list[tuple[str, str | None]] = []

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the Web Storage API's names
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = value
        self.writes.append((key, value))

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)
        self.writes.append((key, None))

    def changed(self, key: str, value: str | None) -> None:
        """An item as another window left it: the copy follows, no write is queued."""
        if value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = value

    def take_writes(self) -> list[tuple[str, str | None]]:
        writes, self.writes = self.writes, []
        return writes


def _is_seed(text: str) -> bool:
    """Whether ``text`` is a seed as a link writes it: ASCII digits, below SEED_LIMIT."""
    return text.isascii() and text.isdigit() and len(text) <= 16 and int(text) < SEED_LIMIT


def _date(value: object) -> date | None:
    """A date as the page writes it, YYYY-MM-DD; None for anything else."""
    if not (isinstance(value, str) and len(value) == len("2026-11-28") and value.isascii()):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _texts(value: object) -> dict[str, str]:
    """A JSON object of texts, as a page (or a forged message) sent it: anything else goes."""
    if not isinstance(value, Mapping):
        return {}
    return {str(key): item for key, item in value.items() if isinstance(item, str)}


class Session:
    """One page's app: messages in, updates out."""

    def __init__(
        self,
        new_seed: Callable[[], int],
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
        randbelow: Callable[[int], int] | None = None,
    ) -> None:
        self.new_seed = new_seed
        self.now = now
        self.randbelow = randbelow
        self.app: App | None = None
        self.store = MirrorStore({})
        self.seed: int | None = None  # ?seed=N: the next new game is that one
        self.day: Day | None = None  # ?day=GAME-YYYY-MM-DD: a day's game is that day's
        self._linked: str | None = None  # that day's game, for the setup to offer (once)
        self.pace = 1.0  # ?pace=F scales the computers' pauses (0: none, for tests)
        self._sent: dict[str, str] = {}
        self._download: dict[str, str] | None = None
        self._history_news: dict[str, str] | None = None
        # An imported history that would cut games of this device, while the player is asked.
        self._pending_history: str | None = None

    def receive(self, message: Mapping[str, Any]) -> dict[str, Any]:
        """Handle one message from the page; the update to paint (none before the boot)."""
        self.handle(message)
        return {} if self.app is None else self.update()

    def handle(self, message: Mapping[str, Any]) -> None:
        """Do what one message from the page asks, without working out what to paint (the
        worker's guard tells a failure here from one painting it: :mod:`dadoteca_web.main`)."""
        kind = message.get("type")
        if kind == "boot":
            self._boot(message)
        app = self.app
        if app is None:
            return  # nothing before the boot
        app.today = _date(message.get("today")) or app.today
        if kind == "boot":
            return
        if kind == "tap":
            self._tap(message)
        elif kind == "start":
            app.viewer = None  # a new game is shown, not the finished one opened again
            self._start(message)
        elif kind == "language":
            app.t = Translator(_text(message.get("language")), self._catalogs(message))
            self._sent.clear()  # everything is painted again, in the new language
        elif kind == "import":
            app.viewer = None
            text = message.get("text")
            app.import_record(text if isinstance(text, str) else None)
        elif kind == "export":
            self._download = {"kind": "game", "text": app.export_record()}
        elif kind == "import-history":
            text = message.get("text")
            self._import_history(text if isinstance(text, str) else None, make_room=False)
        elif kind == "open":
            app.viewing.open_finished(_text(message.get("id")))
        elif kind == "shared":
            app.line_shared(_text(message.get("how")))
        elif kind == "export-history":
            self._download = {"kind": "history", "text": app.history.export()}
        elif kind == "export-damaged" and app.store.damaged is not None:
            self._download = {"kind": "damaged", "text": app.store.damaged}
        elif kind == "stored":
            items = message.get("items")
            if isinstance(items, Mapping):
                for key, value in items.items():
                    self.store.changed(str(key), value if isinstance(value, str) else None)
                news = app.not_stored({str(key) for key in items})
                if news is not None:
                    self._history_news = {"text": news[0], "kind": news[1]}
            if message.get("saved") is True:
                app.store.refused = False
                app.store.working = app.store.lasting
        elif kind == "writer":
            for key, value in _texts(message.get("storage")).items():
                self.store.changed(key, value)
            app.watching = message.get("writer") is False
            app.load_saved()
        elif kind == "changed":
            writer = message.get("writer") is True
            self._changed_elsewhere(_text(message.get("key")), message.get("value"), writer)

    def _tap(self, message: Mapping[str, Any]) -> None:
        """A tap: the app's, unless it is Yes to an imported history that makes room (any
        other answers No)."""
        app = self.app
        assert app is not None
        act = _text(message.get("act"))
        pending_history, self._pending_history = self._pending_history, None
        if act == MAKE_ROOM and pending_history is not None:
            app.confirm = None
            self._download = {"kind": "history", "text": app.history.export()}
            self._import_history(pending_history, make_room=True)
        elif "seat" in message:  # a tap on a person's own place around a table-top
            seat = message.get("seat")
            moment = app.seat_moment(seat)
            if isinstance(seat, int) and moment is not None and message.get("moment") == moment:
                app.handle_at(seat, act, _texts(message.get("data")))
        elif message.get("moment") == app.moment:  # else a tap on a screen gone by
            app.handle(act, _texts(message.get("data")))

    def _import_history(self, text: str | None, *, make_room: bool) -> None:
        """An exported history imported: what it did said in the History dialog, or the
        question asked first (App.import_history), the file kept until it is answered."""
        assert self.app is not None
        news = self.app.import_history(text, make_room=make_room)
        if news is None:
            self._pending_history = text
        else:
            self._history_news = {"text": news[0], "kind": news[1]}

    def _changed_elsewhere(self, key: str, value: object, writer: bool) -> None:
        """Another window wrote ``key``. A save: that window's game, which this one now
        watches (removed, nobody plays: this one may start one); or, if this window plays the
        game (``writer``), the last save of the window it took the game from, made before that
        window knew: this one plays on from it. A history gets back the entries this window
        added, if that window wrote it from an older copy."""
        assert self.app is not None
        text = value if isinstance(value, str) else None
        if self.store.items.get(key) == text:
            return  # news of what this window already has (it read it when taking over)
        self.store.changed(key, text)
        if key == SAVE_KEY:
            self.app.watching = text is not None and not writer
            self.app.load_saved()
        elif key == HISTORY_KEY:
            self.app.history.changed_elsewhere(text)

    def _boot(self, message: Mapping[str, Any]) -> None:
        self.store = MirrorStore(_texts(message.get("storage")))
        lasting = message.get("lasting") is not False
        seed = message.get("seed")
        self.seed = int(seed) if isinstance(seed, str) and _is_seed(seed) else None
        pace = message.get("pace")
        self.pace = float(pace) if isinstance(pace, int | float) and 0 <= pace <= 10 else 1.0
        translator = Translator(_text(message.get("language")), self._catalogs(message))
        extra = {} if self.randbelow is None else {"randbelow": self.randbelow}
        self.app = App(
            GameStore(self.store, lasting=lasting),
            translator,
            self.new_seed,
            self.now,
            watching=message.get("writer") is False,
            **extra,
        )
        self._sent.clear()
        if seed is not None and self.seed is None:  # ?seed=1e999 and ?seed=0x10 were 1 and 0
            self._say_no_seed(str(seed)[:20])
        self._link_day(message.get("day"))

    def _link_day(self, text: object) -> None:
        """``?day=GAME-YYYY-MM-DD``: the setup offers that day's game (said in words), or
        says the link names no day."""
        app = self.app
        assert app is not None
        if text is None:
            return
        try:
            self.day = Day.parse(str(text)[:40])
        except RuleError as error:
            said, kind = app.t.rule(error), "warning"
        else:
            self._linked = self.day.game
            title = GAME_UIS[self.day.game].title
            said, kind = app.t(
                "This link is to {game} of {day}: choose the players and start, with the "
                "day's dice.",
                game=title,
                day=self.day.date.isoformat(),
            ), "info"
        if app.notice:  # a saved game that could not be read, or no seed, said first
            app.notice = f"{app.notice} {said}"
        else:
            app.notice, app.notice_kind = said, kind

    def _say_no_seed(self, seed: str) -> None:
        app = self.app
        assert app is not None
        said = app.t(
            "“{seed}” is no seed (a whole number below {limit}): new games are dealt at random.",
            seed=seed,
            limit=SEED_LIMIT,
        )
        if app.notice:  # a saved game that could not be read, said first
            app.notice = f"{app.notice} {said}"
        else:
            app.notice, app.notice_kind = said, "warning"

    @staticmethod
    def _catalogs(message: Mapping[str, Any]) -> dict[str, dict[str, str]]:
        return {_text(message.get("language")): _texts(message.get("catalog"))}

    def _start(self, message: Mapping[str, Any]) -> None:
        assert self.app is not None
        names = message.get("names")
        choices = message.get("choices")
        first = message.get("first")
        if self.seed is not None:
            self.app.randbelow = seeded_draws(self.seed)
        self.app.start(
            [_text(name) for name in names] if isinstance(names, list) else [],
            self.seed,
            game=_text(message.get("game")),
            choices=[_texts(choice) for choice in choices] if isinstance(choices, list) else [],
            first=first if isinstance(first, int) and not isinstance(first, bool) else None,
            variant=_text(message.get("variant")),
            dice=_text(message.get("dice")),
            coach=message.get("coach") is True,
            day=self.day,
        )

    def repaint(self) -> None:
        """Forget what the page was sent: the next update sends every region again (after
        one that could not be worked out, half sent, the page showing the failure instead)."""
        self._sent.clear()

    def update(self) -> dict[str, Any]:
        """What changed since the last update, for the page to paint, say and store."""
        app = self.app
        assert app is not None
        regions = app.regions()
        changed: dict[str, str] = {}
        patches: dict[str, dict[str, str]] = {}
        for name, html in regions.items():
            before = self._sent.get(name)
            if before == html:
                continue
            pieces = html.changed_since(before) if isinstance(html, Pieced) else None
            if pieces is None:
                changed[name] = html
            else:
                patches[name] = pieces
            self._sent[name] = html
        confirm = app.confirm
        events = [{**event.to_json(), "text": app.view.say(event)} for event in app.take_events()]
        update: dict[str, Any] = {
            "screen": app.screen,
            "game": app.game_id or "",
            "language": app.t.language,
            "moment": app.moment,
            "hands": app.hands,
            "shared": app.shared,
            "layout": "table" if app.seating and app.viewer is None else "",
            "busy": app.computers.to_act(),
            "regions": changed,
            "patches": patches,
            "events": events,
            "confirm": confirm._asdict() if confirm is not None else None,
            "watching": app.watching,
            "writes": self.store.take_writes(),
        }
        if self._download is not None:
            update["download"], self._download = self._download, None
        if self._history_news is not None:
            update["history"], self._history_news = self._history_news, None
        if app.day.share is not None:
            (text, link), app.day.share = app.day.share, None
            update["share"] = {"text": text, "link": link}
        if self._linked is not None:
            update["linked"], self._linked = self._linked, None
        return update
