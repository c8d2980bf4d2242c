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
