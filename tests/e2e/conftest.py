"""Browser tests: the built site (dist/, made by build/test) in Debian's headless Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from appdriver import CHROMIUM, CHROMIUM_ARGS, PHONE, PageWatch
from build.serve import BackgroundServer

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"


@pytest.hookimpl(trylast=True)  # after pytest-playwright's grouping by browser
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests of the whole suite (marked ``long``: unit and browser ones) first.
    pytest-xdist hands tests to its workers in the order collected: a test of a minute or more
    collected last kept one core busy after the other had finished. (Here, not in a
    tests/conftest.py that mypy would take for this one: pytest calls this hook once, with
    every item collected.)"""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable


@pytest.fixture(scope="session")
def dist() -> Path:
    if not (DIST / "index.html").is_file() or not (DIST / "service-worker.js").is_file():
        pytest.fail("dist/ is not built: run build/test (it builds first)")
    return DIST


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright has no executable-path option: Debian's Chromium, set here."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": PHONE, "locale": "en-GB"}


@pytest.fixture(scope="session")
def server(dist: Path) -> Iterator[BackgroundServer]:
    with BackgroundServer(dist) as running:
        yield running


@pytest.fixture
def watch(page: Page) -> PageWatch:
    return PageWatch().attach(page)
