"""Driving the app in a browser page: waiting for it, starting games, watching what it does."""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import ConsoleMessage, Page, Request

CHROMIUM = "/usr/bin/chromium"
# Without these, Chromium tries Google's services, which this closed network refuses.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BOOT_TIMEOUT_MS = 90_000  # Pyodide boots in 3-15 s here; far more on a loaded CI machine


@dataclass
class PageWatch:
    """Everything a page said and asked for: errors must stay empty, requests same-origin."""

    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> PageWatch:
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("request", self._request)
        return self

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def _request(self, request: Request) -> None:
        self.requests.append(request.url)

    def foreign_requests(self, origin: str) -> list[str]:
        return [url for url in self.requests if not url.startswith((origin, "data:", "blob:"))]


def wait_ready(page: Page) -> None:
    """Wait for Python to take over the page; fail at once if the app says it could not."""
    page.wait_for_selector(
        "html[data-app-state=ready], html[data-app-state=failed]",
        state="attached",
        timeout=BOOT_TIMEOUT_MS,
    )
    assert page.get_attribute("html", "data-app-state") == "ready", page.inner_text("body")


def open_app(page: Page, url: str) -> None:
    page.goto(url)
    wait_ready(page)


def start_game(page: Page, names: list[str]) -> None:
    for index, name in enumerate(names):
        page.fill(f"#setup input[name=player] >> nth={index}", name)
    page.click("#setup button[type=submit]")
    page.wait_for_selector("body[data-screen=play]")
