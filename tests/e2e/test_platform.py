"""The platform: the built site, its lock file, offline caching, installability, updates."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import shutil
import zipfile
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from urllib.request import Request, urlopen

import brotli
import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

from appdriver import (
    CHROMIUM_ARGS,
    HEADLESS_SHELL,
    OFFLINE_READY,
    PHONE,
    REMOVE_CACHED_JS,
    SERVICE_WORKER_ACTIVATED_JS,
    PageWatch,
    offline_ready,
    on_screen,
    open_app,
    run_python,
    start_game,
    tap,
    two_versions,
    wait_ready,
)
from build.build import COMPILE_ALL_HINT, ENCODINGS, ROOT, pyscript_core_module
from build.serve import BackgroundServer
from dadoteca.bots import RandomBot
from dadoteca.bots.play import play_bots
from dadoteca_web.history import History
from dadoteca_web.storage import HISTORY_KEY, MemoryStore

# The service worker, its caches and the first visit: never a warm context (conftest.py).
pytestmark = pytest.mark.first_visit

UPDATE_CHECK_WAIT_MS = 3_000


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_lock_file_lists_exactly_the_shipped_wheels_with_their_hashes(dist: Path) -> None:
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    wheels = {p.name: p for p in (dist / "pyodide").glob("*.whl")}
    listed = {entry["file_name"]: entry for entry in lock["packages"].values()}
    assert set(listed) == set(wheels)
    assert {entry["name"] for entry in listed.values()} == {"micropip", "dadoteca"}
    for name, entry in listed.items():
        assert entry["sha256"] == sha256(wheels[name])
    assert lock["info"]["python"].startswith("3.14")


# Run in the app's own interpreter (PyScript runs any <script type="py"> added to the page).
BYTECODE_PY = """
import importlib.util, json, os, sys
import dadoteca.core
json.dumps({
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    "stdlib": sys.modules["json"].__file__,
    "ours": os.path.isfile(dadoteca.core.__spec__.cached),
})
"""


def shipped_magic(dist: Path) -> bytes:
    with zipfile.ZipFile(dist / "pyodide" / "python_stdlib.zip") as stdlib:
        names = stdlib.namelist()
        assert not [name for name in names if name.endswith(".py")], "sources left"
        return stdlib.read(next(name for name in names if name.endswith(".pyc")))[:4]


def test_the_wheels_carry_bytecode_listed_in_their_record(dist: Path) -> None:
    magic = shipped_magic(dist)
    for wheel in (dist / "pyodide").glob("*.whl"):
        with zipfile.ZipFile(wheel) as archive:
            files = {name: archive.read(name) for name in archive.namelist()}
        sources = [name for name in files if name.endswith(".py")]
        assert sources, wheel.name
        for source in sources:
            folder, _, module = source.rpartition("/")
            pyc = files[f"{folder}/__pycache__/{module[:-3]}.cpython-314.pyc"]
            assert pyc[:4] == magic, source
            assert int.from_bytes(pyc[4:8], "little") == 0b01, "hash-based, unchecked"
        (record,) = [name for name in files if name.endswith(".dist-info/RECORD")]
        listed = {line.split(",")[0]: line for line in files[record].decode().splitlines()}
        assert set(listed) == set(files), wheel.name
        for name, line in listed.items():
            if name != record:
                digest = base64.urlsafe_b64encode(hashlib.sha256(files[name]).digest())
                assert line == f"{name},sha256={digest.rstrip(b'=').decode()},{len(files[name])}"


def test_only_what_the_app_loads_is_shipped(dist: Path) -> None:
    shipped = [p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()]
    assert not [p for p in shipped if p.endswith((".map", ".md", ".d.ts"))]
    # Python comes in wheels, but for the worker's program, which PyScript fetches by URL.
    assert [p for p in shipped if p.endswith(".py")] == ["assets/python-worker.py"]
    assert not [p for p in shipped if p.startswith("pyodide/") and "console" in p]


def test_pyscript_is_shipped_as_published_but_for_v8s_compile_hint(dist: Path) -> None:
    published = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    core_module = pyscript_core_module((dist / "pyscript" / "core.js").read_text())
    for path in sorted((dist / "pyscript").iterdir()):
        if path.suffix in ENCODINGS:
            continue
        shipped = path.read_bytes()
        if path.name == core_module:  # the module PyScript evaluates on the page's thread
            assert shipped.startswith(COMPILE_ALL_HINT.encode())
            shipped = shipped.removeprefix(COMPILE_ALL_HINT.encode())
        assert shipped == (published / path.name).read_bytes(), path.name


def test_the_service_worker_precaches_every_file_under_one_content_version(dist: Path) -> None:
    source = (dist / "service-worker.js").read_text()
    assert "{{VERSION}}" not in source and "{{PRECACHE}}" not in source
    shipped = sorted(
        p.relative_to(dist).as_posix()
        for p in dist.rglob("*")
        if p.is_file() and p.name != "service-worker.js"
    )
    for path in shipped:
        # The browser decodes a compressed copy into the file it stands for: that is cached.
        compressed = path.endswith(tuple(ENCODINGS))
        assert (f'"{path}"' in source) != compressed, f"{path}: precached wrongly"


def test_the_server_sends_the_best_compressed_copy_the_browser_accepts(
    dist: Path, server: BackgroundServer
) -> None:
    wasm = (dist / "pyodide" / "pyodide.asm.wasm").read_bytes()
    cases = {"br, gzip": "br", "gzip, deflate": "gzip", "br;q=0, gzip": "gzip", "": None}
    for accepted, encoding in cases.items():
        request = Request(server.url + "pyodide/pyodide.asm.wasm")
        if accepted:
            request.add_header("Accept-Encoding", accepted)
        with urlopen(request) as response:
            body = response.read()
            assert response.headers["Content-Type"] == "application/wasm"
            assert response.headers["Content-Encoding"] == encoding, accepted
        decoded = {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[encoding](body)
        assert decoded == wasm
        if encoding:
            assert len(body) < len(wasm) / 2.5, f"{encoding} barely shrinks the wasm"


def test_the_app_boots_cleanly_without_leaving_its_origin_and_runs_the_shipped_bytecode(
    page: Page, server: BackgroundServer, watch: PageWatch, dist: Path
) -> None:
    """(One first visit for both: each costs twice a later one.)"""
    open_app(page, server.url)
    assert page.get_attribute("body", "data-screen") == "setup"
    assert watch.errors == []
    assert watch.foreign_requests(server.origin) == []
    requested = Counter(url.removeprefix(server.url) for url in watch.requests)
    # Asked for by Python's worker, each once (the lock file too: handed to Pyodide, and the
    # app's wheel, unpacked for the snapshot, is found installed by micropip).
    wheels = [wheel.name for wheel in (dist / "pyodide").glob("*.whl")]
    runtime = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
    for name in [*runtime, "pyodide-lock.json", *wheels]:
        assert requested[f"pyodide/{name}"] == 1, name
    found = json.loads(run_python(page, BYTECODE_PY))
    assert bytes.fromhex(found["magic"]) == shipped_magic(dist)
    assert found["stdlib"].endswith("python314.zip/json/__init__.pyc")
    assert found["ours"]


def test_where_no_service_worker_can_run_offline_play_is_said_to_be_unavailable(
    browser: Browser, server: BackgroundServer
) -> None:
    """Served over plain http on a home network, a browser gives the page no service worker:
    the game still plays, and the page says in words that it will not work offline."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script("delete Navigator.prototype.serviceWorker")
    page = context.new_page()
    watch = PageWatch().attach(page)
    open_app(page, f"{server.url}?seed=3")
    said = page.locator("#offline [data-state=unavailable]")
    expect(said).to_be_visible()
    assert "only over https" in said.inner_text()
    start_game(page, ["Anna"])
    tap(page, "[data-act=roll]")
    assert page.locator("#region-board .cell.legal").count() > 0
    assert watch.errors == []
    context.close()


def test_the_app_works_under_a_sub_path(page: Page, dist: Path, watch: PageWatch) -> None:
    with BackgroundServer(dist, prefix="/family/games/") as sub:
        open_app(page, f"{sub.url}?seed=3")
        start_game(page, ["Anna"])
        tap(page, "[data-act=roll]")
        assert page.locator("#region-board .cell.legal").count() > 0
        # (PyScript's worker starts from a blob: URL, made in the page's memory.)
        asked = [url for url in watch.requests if url.startswith("http")]
        assert all(url.startswith(sub.url) for url in asked), asked
    assert watch.errors == []


def test_a_game_starts_even_if_the_player_taps_start_before_python_is_ready(
    page: Page, server: BackgroundServer
) -> None:
    page.goto(server.url)
    page.fill("#setup input[name=player] >> nth=0", "Anna")
    page.select_option("#first-player", "0")
    page.click("#setup button[type=submit]")  # Python is still loading here
    wait_ready(page)
    on_screen(page, "play")
    assert "Anna" in page.inner_text("#region-prompt")


def test_chrome_finds_no_installability_errors(
    playwright: Playwright, server: BackgroundServer, tmp_path: Path
) -> None:
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=HEADLESS_SHELL, args=CHROMIUM_ARGS
    )
    try:
        page = context.new_page()
        open_app(page, server.url)
        page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
        session = context.new_cdp_session(page)
        result = session.send("Page.getInstallabilityErrors")
        assert result["installabilityErrors"] == []
        manifest = session.send("Page.getAppManifest")
        assert manifest["errors"] == []
    finally:
        context.close()


def a_history() -> str:
    """The stored history of one finished game, as the app writes it."""
    store = MemoryStore()
    History(store).add(play_bots("qwixx", [RandomBot(), RandomBot()], seed=1), datetime.now(UTC))
    text = store.getItem(HISTORY_KEY)
    assert text is not None
    return text


def test_a_repeat_visit_asks_the_network_for_nothing(browser: Browser, dist: Path) -> None:
    """The app comes from the service worker's cache, and the browser's check for a new
    service worker from the HTTP cache while its copy is fresh."""
    with BackgroundServer(dist) as host:
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        open_app(page, host.url)
        page.wait_for_function(SERVICE_WORKER_ACTIVATED_JS)
        host.traffic.take()
        page.reload()
        wait_ready(page)
        page.wait_for_timeout(UPDATE_CHECK_WAIT_MS)
        assert host.traffic.take()["requests"] == 0
        context.close()


def test_a_new_version_is_offered_and_never_forced_on_a_game_in_progress(
    browser: Browser, dist: Path, tmp_path: Path
) -> None:
    """And everything kept on the device, the game in play and the history, survives it."""
    old, new, old_version, new_version = two_versions(dist, tmp_path)
    assert old_version != new_version
    with BackgroundServer(old) as host:
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        open_app(page, f"{host.url}?seed=8")
        page.wait_for_function("navigator.serviceWorker.ready.then(r => !!r.active)")
        start_game(page, ["Anna", "Bo"])
        tap(page, "[data-act=roll]")
        record = page.evaluate("localStorage.getItem('dadoteca.game')")
        history = a_history()
        page.evaluate("(text) => localStorage.setItem('dadoteca.history', text)", history)
        page.evaluate("window.stillTheSamePage = true")
        host.root = new  # the host deploys version 2 while the game is in progress
        # ... and the HTTP cache's copy of service-worker.js has gone stale (an hour later).
        context.new_cdp_session(page).send("Network.clearBrowserCache")
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector("#update:not([hidden])", timeout=60_000)
        assert page.evaluate("window.stillTheSamePage") is True  # offered, not forced
        assert page.evaluate("localStorage.getItem('dadoteca.game')") == record
        page.click("#update-accept")
        page.wait_for_function("window.stillTheSamePage === undefined", timeout=60_000)
        wait_ready(page)
        assert page.get_attribute("body", "data-screen") == "play"
        assert page.evaluate("localStorage.getItem('dadoteca.game')") == record
        assert page.evaluate("localStorage.getItem('dadoteca.history')") == history
        page.click("#history-open")
        assert page.locator("#history .history-list > li").count() == 1
        assert new_version in page.evaluate("caches.keys().then(keys => keys.join(' '))")
        context.close()


def test_an_interrupted_install_is_said_and_tried_again_once_online(
    browser: Browser, dist: Path, tmp_path: Path
) -> None:
    """The service worker claims the app playable offline only with every file cached: a
    download that fails half-way through its install is said, and the install is tried
    again when the device is back online."""
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    stdlib = site / "pyodide" / "python_stdlib.zip"
    kept = stdlib.read_bytes()
    with BackgroundServer(site) as host:
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        with page.expect_response("**/python_stdlib.zip") as arrived:
            page.goto(host.url)
        arrived.value.finished()
        stdlib.unlink()  # the page has it; the service worker's download of it fails
        wait_ready(page)
        page.wait_for_selector("#offline[data-state=failed]")
        assert "the download was interrupted" in page.inner_text("#offline")
        assert page.evaluate("navigator.serviceWorker.getRegistration()") is None
        stdlib.write_bytes(kept)
        context.set_offline(True)
        context.set_offline(False)  # back online: the install starts again
        page.wait_for_selector(OFFLINE_READY, timeout=60_000)
        assert page.inner_text("#offline") == "Ready to play offline."
    page.reload()  # the host is gone: the app comes from the cache
    wait_ready(page)
    context.close()


def test_an_offline_visit_without_the_page_in_the_cache_says_so(
    browser: Browser, dist: Path
) -> None:
    host = BackgroundServer(dist)
    host.start()
    context = browser.new_context(viewport=PHONE, locale="it-IT")
    try:
        page = context.new_page()
        offline_ready(page, host.url)
        assert page.evaluate(REMOVE_CACHED_JS, "/index.html") == 1
        host.stop()
        page.reload()
        said = page.inner_text("body")
        assert "Apri Dadoteca una volta con una connessione a internet" in said
        assert page.get_by_role("link", name="Riprova").is_visible()
    finally:
        context.close()
        host.stop()
