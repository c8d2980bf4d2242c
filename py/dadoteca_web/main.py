"""Python's side of the page, run by PyScript in a Web Worker: the session's messages in, its
updates out.

The page (``assets/page/table/python.js``, which starts the worker) owns the DOM and the
browser's storage. It posts each message as JSON text, ``{"id": n, "message": {...}}``, and is
answered with ``{"reply": n, "update": {...}}`` (see :mod:`dadoteca_web.session`). Computer
players move on their own, at the table's pace: their updates come as ``{"push": {...}}``. An
update that could not be worked out is ``{"failed": words, "writes": [...]}``
(:meth:`Page.painted`).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import traceback
from collections.abc import Callable, Coroutine, Iterator
from time import perf_counter
from typing import Any

from dadoteca.commands import Pause

from .session import SEED_LIMIT, Session

__all__ = ["Page", "start"]

# Computers think in slices this long, the worker answering the page's messages in between.
THINKING_SLICE_SECONDS = 0.012


class Page:
    """The session, guarded: whatever breaks is reported, every message is answered, and the
    saved game stays intact."""

    def __init__(self, session: Session, post: Callable[[str], None]) -> None:
        self.session = session
        self.post = post  # to the page, JSON text
        self.computers: asyncio.Future[None] | None = None
        self.coach: asyncio.Future[None] | None = None
        self.reviewer: asyncio.Future[None] | None = None
        self.expert: asyncio.Future[None] | None = None

    def receive(self, request_json: str) -> None:
        request = json.loads(request_json)
        try:
            self.session.handle(request["message"])
        except Exception:  # the app must survive anything: said, and painted as it stands
            self.report_failure()
        self.post(json.dumps({"reply": request["id"], "update": self.painted()}))
        self.wake()

    def painted(self) -> dict[str, Any]:
        """The session's update; if working it out fails, one with the failure in words
        (``failed``) and the writes to make, and nothing of the app run again: what failed
        would fail again, and the page, never answered, would wait for ever."""
        if self.session.app is None:
            return {}
        try:
            return self.session.update()
        except Exception:
            self.report_failure()
            self.session.repaint()
            failed = self.session.app.notice  # what report_failure said
            return {"failed": failed, "writes": self.session.store.take_writes()}

    def report_failure(self) -> None:
        self.log_failure()
        app = self.session.app
        if app is not None:
            app.notice = app.t("Something went wrong; your game is saved.")
            app.notice_kind = "error"

    def log_failure(self) -> None:
        """The traceback of what just failed, to the page's console: a worker's own console is
        one that WebKit's and Firefox's test drivers do not hear."""
        self.post(json.dumps({"failure": traceback.format_exc()}))

    def push(self) -> None:
        self.post(json.dumps({"push": self.painted()}))

    def wake(self) -> None:
        """Start the work the app has to do between messages, each unless it is under way:
        the computers' moves, the hints to foresee, a review, the expert's play of the day's
        dice."""
        app = self.session.app
        if app is None:
            return
        self.computers = _started(self.computers, app.computers.to_act, self.move_computers)
        self.wake_coach()
        self.reviewer = _started(self.reviewer, app.viewing.to_review, self.review)
        self.expert = _started(self.expert, app.expert_to_run, self.play_expert)

    def wake_coach(self) -> None:
        app = self.session.app
        if app is not None:
            self.coach = _started(self.coach, app.coach.to_foresee, self.foresee_hints)

    async def play_expert(self) -> None:
        """The expert plays the day's dice on screen (App.expert_steps) in slices, while the
        player plays them; its result is painted once known. A failure only leaves it
        unsaid."""
        app = self.session.app
        assert app is not None
        try:
            await self.in_slices(app.expert_steps())
        except Exception:
            self.log_failure()
            return
        self.push()

    async def review(self) -> None:
        """Work out the review of a finished game opened again (Viewing.review_steps) in slices,
        its progress shown as it goes."""
        app = self.session.app
        assert app is not None
        try:
            await self.in_slices(app.viewing.review_steps())
        except Exception:  # reported like a tap's error: nothing of the games is touched
            self.report_failure()
            self.push()

    async def foresee_hints(self) -> None:
        """Work out the hints people may ask for (Coach.foresee) in slices, answering the
        page's messages in between; a failure only means a hint is worked out when asked."""
        app = self.session.app
        assert app is not None
        try:
            while app.coach.to_foresee():  # again if the game moved on meanwhile
                await self.in_slices(app.coach.foresee())
        except Exception:
            self.log_failure()

    async def move_computers(self) -> None:
        """Run the computers' moves (Computers.moves) at the table's pace: its pauses
        scaled by the page's ``pace`` (0: none, for tests), its thinking in slices."""
        app = self.session.app
        assert app is not None
        try:
            await self.in_slices(app.computers.moves())
        except Exception:  # reported like a tap's error: the saved game stays intact
            self.report_failure()
        self.push()
        self.wake_coach()

    async def in_slices(self, steps: Iterator[Pause | None]) -> None:
        """Run ``steps``, handing the worker back to the page's messages after every slice of
        work, and at each :class:`Pause` (shown to the page) for as long as it lasts at the
        table's pace."""
        deadline = perf_counter() + THINKING_SLICE_SECONDS
        for pause in steps:
            if isinstance(pause, Pause):
                self.push()
                await asyncio.sleep(pause.seconds * self.session.pace)
            elif perf_counter() > deadline:
                await asyncio.sleep(0)
            else:
                continue
            deadline = perf_counter() + THINKING_SLICE_SECONDS


def _started(
    task: asyncio.Future[None] | None,
    due: Callable[[], bool],
    work: Callable[[], Coroutine[Any, Any, None]],
) -> asyncio.Future[None] | None:
    """``task`` while it runs; else ``work``, started if it is ``due`` (else the task that
    ran, done)."""
    if (task is None or task.done()) and due():
        return asyncio.ensure_future(work())
    return task


def start(xworker: Any) -> None:
    """Answer the page's messages, which PyScript's ``xworker`` (polyscript's, in the worker)
    brings, from now on. Whatever fails here fails the worker's start, which the page says in
    words."""
    from pyodide.ffi import create_proxy  # type: ignore[import-not-found]  # noqa: PLC0415

    page = Page(Session(lambda: secrets.randbelow(SEED_LIMIT)), xworker.postMessage)
    xworker.onmessage = create_proxy(lambda event: page.receive(event.data))
    # Said last: PyScript only logs an error of this program, and the page must know it failed.
    page.post(json.dumps({"python": {"listening": True}}))
