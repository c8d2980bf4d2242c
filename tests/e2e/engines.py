"""The app in the other engines families use: WebKit (every browser on an iPhone or iPad) and
Firefox, each as Debian packages it (WebKitGTK's MiniBrowser, Firefox ESR), driven over the
engine's own remote protocol.

Playwright drives only its own patched WebKit and Firefox, which cannot be downloaded here, and
its WebDriver BiDi path for Firefox needs commands Firefox ESR does not have yet
(emulation.setMediaFeaturesOverride). WebKitGTK's WebDriver speaks only classic WebDriver,
which cannot hear the console. So: WebKit through its Web Inspector server (the protocol of
Safari's Web Inspector; WEBKIT_INSPECTOR_HTTP_SERVER), Firefox through WebDriver BiDi, each a
few commands over a WebSocket. Both give the same small page: go to a URL, reload, evaluate an
async function in the page, and every error the console showed, the engine's own included
(a CSP directive it does not know, a file that failed to load). Both accept the throwaway
certificate of a test's https server (build.serve.self_signed_tls); both tell the peak resident
memory of their processes for web pages, and can start it again.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args

from websockets.sync.client import ClientConnection, connect

MINI_BROWSER = next(iter(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser")), None)
FIREFOX = shutil.which("firefox-esr")
IPHONE_USER_AGENT = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15"
    " (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1"
)
START_TIMEOUT_S = 60.0
LAUNCHES = 2  # of MiniBrowser, at most (WebKitPage)
ENGINES = ("webkit", "webkit-iphone", "firefox")
# Where WebKitGTK paints the page's layers: "cpu", Skia into memory, as an iPhone's WebKit
# paints them with CoreGraphics before its GPU composites them; or "gpu", WebKitGTK's default,
# Skia on OpenGL, which on a machine without a GPU (these) is Mesa's llvmpipe, a software
# OpenGL whose caches an iPhone has not: over a Diceland game they grew 0.3 MiB a tap, the
# app's peak 272-309 MiB over bare Pyodide's (docs/benchmarks.md).
Painting = Literal["cpu", "gpu"]
PAINTING: tuple[Painting, ...] = get_args(Painting)


@dataclass(frozen=True)
class WebKitSetup:
    """How WebKitGTK draws the page: where it paints its layers (PAINTING), and whether it
    composites them in the page's own process, its default. There its compositor's threads and
    Mesa's composite on OpenGL, in software on these machines: over a Diceland game their memory
    grew 30-60 MiB (docs/benchmarks.md), where an iPhone composites outside the tab's process.

    And the memory JavaScriptCore sizes its heaps by (ram_mib; None: this machine's). On an
    iPhone that is the smaller of the device's memory and the tab's own memory limit
    (WTF's AvailableMemory.cpp); here it is the machine's 24 GiB, and heaps sized for that grew
    more over a game than heaps sized for an older iPhone's 2 GiB (docs/benchmarks.md)."""

    painting: Painting = "cpu"
    compositing: bool = True
    ram_mib: int | None = None


READY = "['ready', 'failed'].includes(document.documentElement.dataset.appState)"
SAVED_GAME = "async () => localStorage.getItem('dadoteca.game')"
# The setup as a person fills it in: the game, two seats with their names, the first starts.
SET_UP_JS = """async ({ game, names }) => {
  document.querySelector(`#setup input[name=game][value=${game}]`).click();
  const field = (id, value) => {
    const element = document.getElementById(id);
    element.value = value;
    element.dispatchEvent(new Event("change", { bubbles: true }));
  };
  field("player-count", String(names.length));
  const seats = document.querySelectorAll("#setup .players li:not([hidden]) input[name=player]");
  names.forEach((name, index) => { seats[index].value = name; });
  field("first-player", "0");
  document.querySelector("#setup button[type=submit]").click();
}"""
TOTALS_JS = """async () => [...document.querySelectorAll(
  "#region-scores table.scores tbody tr td strong")].map((cell) => Number(cell.textContent))"""


class EngineError(AssertionError):
    """The engine or the page did not do what was asked (a script threw, a wait timed out)."""


# Runs ``function`` (an async function's source) with ``arg`` and answers JSON: both protocols
# carry a string whole, whatever it holds.
_CALL = "(async () => JSON.stringify((await ({function})({arg})) ?? null))()"


def _discard(lines: Iterable[str]) -> None:
    for _ in lines:
        pass


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class RemotePage:
    """One page of an engine: what the tests need, whichever protocol carries it."""

    name = ""
    content_process = ""  # the name (/proc/PID/comm) of the engine's process for web pages
    process: subprocess.Popen[Any]

    def __init__(self) -> None:
        self.errors: list[str] = []  # the console's errors, in the order they came
        self._socket: ClientConnection | None = None
        self._next_id = 0

    # --- what the tests use -------------------------------------------------------------

    def evaluate(self, function: str, arg: object = None, timeout: float = 120.0) -> Any:
        expression = _CALL.format(function=function, arg=json.dumps(arg))
        return json.loads(self._evaluate(expression, timeout))

    def wait_for(self, expression: str, timeout: float = START_TIMEOUT_S) -> None:
        """Until ``expression`` is true in the page; across navigations, as a page comes and
        goes while it loads."""
        deadline = time.monotonic() + timeout
        last: Exception | None = None
        while time.monotonic() < deadline:
            try:
                if self.evaluate(f"async () => Boolean({expression})", timeout=10.0):
                    return
            except (EngineError, TimeoutError) as error:
                last = error  # the page is between documents
            time.sleep(0.2)
        raise EngineError(f"{self.name}: still not {expression!r} after {timeout} s ({last})")

    def peak_memory_mib(self) -> float:
        """The largest peak resident size of the engine's web page processes so far: the page,
        its workers (Python's) and all they allocated (Pyodide's WebAssembly memory)."""
        return max([0.0, *(self._status_mib(status, "VmHWM") for status in self._statuses())])

    def resident_memory_mib(self) -> float:
        """The largest resident size of the engine's web page processes now."""
        return max([0.0, *(self._status_mib(status, "VmRSS") for status in self._statuses())])

    def dirty_memory_mib(self) -> float:
        """The largest dirty private memory of the engine's web page processes now: what an
        iPhone counts against a tab (its footprint), which only the process can give back. The
        resident size also counts pages the process's allocator has freed lazily (MADV_FREE):
        still mapped, but the kernel's to take back whenever it needs them."""

        def dirty(rollup: Path) -> float:
            return sum(self._status_mib(rollup, field) for field in ("Private_Dirty", "Swap"))

        return max([0.0, *(dirty(status.parent / "smaps_rollup") for status in self._statuses())])

    def reset_peak_memory(self) -> None:
        """Start the peak resident sizes of the engine's web page processes again from what
        each holds now (Linux's clear_refs), so the next peak_memory_mib is the peak since."""
        for status in self._statuses():
            try:
                (status.parent / "clear_refs").write_text("5")
            except OSError:
                continue  # a process that ended meanwhile

    def _statuses(self) -> list[Path]:
        """/proc/PID/status of each of the engine's web page processes."""
        found = []
        for status in Path("/proc").glob("[0-9]*/status"):
            try:
                text = status.read_text()
                if text.startswith(f"Name:\t{self.content_process}") and self._ours(status.parent):
                    found.append(status)
            except OSError:
                continue  # a process that ended meanwhile
        return found

    @staticmethod
    def _status_mib(status: Path, field: str) -> float:
        """A field in kB of a /proc file (status, smaps_rollup), in MiB."""
        try:
            found = re.search(rf"{field}:\s+(\d+) kB", status.read_text())
        except OSError:
            return 0.0  # ended meanwhile
        return int(found.group(1)) / 1024 if found else 0.0

    def _ours(self, process: Path) -> bool:
        while True:
            found = re.search(r"PPid:\s+(\d+)", (process / "status").read_text())
            parent = int(found.group(1)) if found else 0
            if parent == self.process.pid:
                return True
            if parent <= 1:
                return False
            process = Path(f"/proc/{parent}")

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    # --- the protocol underneath --------------------------------------------------------

    def _evaluate(self, expression: str, timeout: float) -> str:
        raise NotImplementedError

    def _event(self, message: dict[str, Any]) -> None:
        raise NotImplementedError

    def _command(self, method: str, params: dict[str, Any], timeout: float = 30.0) -> Any:
        """Send a command; hear events until its answer comes."""
        assert self._socket is not None
        self._next_id += 1
        number = self._next_id
        self._socket.send(json.dumps({"id": number, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: no answer to {method} in {timeout} s")
            message = json.loads(self._socket.recv(timeout=left))
            if message.get("id") == number:
                if "error" in message:
                    raise EngineError(f"{self.name}: {method}: {message}")
                return message.get("result")
            self._event(message)

    def drain(self) -> None:
        """Hear the events that came while no command was waiting (console errors)."""
        assert self._socket is not None
        try:
            while True:
                self._event(json.loads(self._socket.recv(timeout=0.05)))
        except TimeoutError:
            pass


class WebKitPage(RemotePage):
    """WebKitGTK's MiniBrowser, its Web Inspector server on a local port. Commands for the page
    go to its current target, which changes when a navigation swaps the web process."""

    name = "webkit"
    content_process = "WebKitWebProces"

    def __init__(
        self,
        folder: Path,
        display: str,
        user_agent: str | None = None,
        setup: WebKitSetup = WebKitSetup(),
    ) -> None:
        super().__init__()
        assert MINI_BROWSER is not None
        port = _free_port()
        # A profile of its own: storage, caches and the service worker live under these.
        env = {
            **os.environ,
            "DISPLAY": display,
            "HOME": str(folder),
            "XDG_DATA_HOME": str(folder / "data"),
            "XDG_CACHE_HOME": str(folder / "cache"),
            "XDG_CONFIG_HOME": str(folder / "config"),
            "WEBKIT_INSPECTOR_HTTP_SERVER": f"127.0.0.1:{port}",
        }
        if setup.painting == "cpu":
            env["WEBKIT_SKIA_ENABLE_CPU_RENDERING"] = "1"
        if not setup.compositing:
            env["WEBKIT_DISABLE_COMPOSITING_MODE"] = "1"
        if setup.ram_mib is not None:
            env["JSC_forceRAMSize"] = str(setup.ram_mib * 2**20)
        # The tests' https servers have a throwaway self-signed certificate (build.serve).
        args = [str(MINI_BROWSER), "--ignore-tls-errors"]
        if user_agent:
            args.append(f"--user-agent={user_agent}")
        # On a loaded machine MiniBrowser now and then never brings up its inspector server
        # (its page not listed within a minute): launched once more, what it said kept.
        folder.mkdir(parents=True, exist_ok=True)
        said = folder / "minibrowser.log"
        for attempt in range(LAUNCHES):
            with said.open("wb") as log:
                self.process = subprocess.Popen(
                    [*args, "about:blank"], env=env, stdout=subprocess.DEVNULL, stderr=log
                )
            try:
                socket_url = self._inspector_socket(port)
                break
            except EngineError:
                self.process.kill()
                self.process.wait(timeout=10)
                if attempt == LAUNCHES - 1:
                    tail = said.read_text(errors="replace")[-2000:]
                    raise EngineError(
                        f"webkit: its inspector server never listed the page; it said: {tail}"
                    ) from None
        self._target: str | None = None
        self._socket = connect(socket_url, max_size=None, legacy=True)
        self._command_id = 0
        self._awaited: set[int] = set()  # the page's answers a command waits for
        self._answers: dict[int, dict[str, Any]] = {}
        deadline = time.monotonic() + START_TIMEOUT_S
        while self._target is None:
            if time.monotonic() > deadline:
                raise EngineError("webkit: the page never appeared to the inspector")
            self.drain()

    def _inspector_socket(self, port: int) -> str:
        deadline = time.monotonic() + START_TIMEOUT_S / LAUNCHES
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    found = re.search(r"/socket/\d+/\d+/WebPage", response.read().decode())
                if found:
                    return f"ws://127.0.0.1:{port}{found.group(0)}"
            except OSError:
                pass  # not listening yet
            time.sleep(0.2)
        raise EngineError("webkit: its inspector server never listed the page")

    def _event(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        params = message.get("params", {})
        if method == "Target.targetCreated" and params["targetInfo"]["type"] == "page":
            target = params["targetInfo"]["targetId"]
            if not params["targetInfo"].get("isProvisional"):
                self._target = target
            self._enable_console(target)
        elif method == "Target.didCommitProvisionalTarget":
            self._target = params["newTargetId"]
        elif method == "Target.dispatchMessageFromTarget":
            inner = json.loads(params["message"])
            if inner.get("id") in self._awaited:
                self._answers[inner["id"]] = inner
            elif inner.get("method") == "Console.messageAdded":
                console = inner["params"]["message"]
                if console["level"] == "error":
                    self.errors.append(f"{console.get('url', '')}: {console['text']}")

    def _enable_console(self, target: str) -> None:
        # Console.enable also replays what the target said before: errors of the load too.
        assert self._socket is not None
        self._command_id += 1
        message = json.dumps({"id": self._command_id, "method": "Console.enable", "params": {}})
        self._socket.send(
            json.dumps(
                {
                    "id": 0,
                    "method": "Target.sendMessageToTarget",
                    "params": {"targetId": target, "message": message},
                }
            )
        )

    def _page_command(self, method: str, params: dict[str, Any], timeout: float) -> Any:
        assert self._target is not None
        self._command_id += 1
        number = self._command_id
        inner = json.dumps({"id": number, "method": method, "params": params})
        self._awaited.add(number)
        try:
            message = {"targetId": self._target, "message": inner}
            self._command("Target.sendMessageToTarget", message)
            deadline = time.monotonic() + timeout
            while number not in self._answers:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"webkit: no answer to {method} in {timeout} s")
                assert self._socket is not None
                self._event(json.loads(self._socket.recv(timeout=left)))
        finally:
            self._awaited.discard(number)
        answer = self._answers.pop(number)
        if "error" in answer:
            raise EngineError(f"webkit: {method}: {answer['error']}")
        return answer.get("result")

    def _evaluate(self, expression: str, timeout: float) -> str:
        # WebKit's Runtime.evaluate answers the promise itself: awaited by a second command.
        promise = self._page_command("Runtime.evaluate", {"expression": expression}, timeout)
        params = {"promiseObjectId": promise["result"]["objectId"], "returnByValue": True}
        result = self._page_command("Runtime.awaitPromise", params, timeout)
        if result.get("wasThrown"):
            raise EngineError(f"webkit: the page threw {result['result'].get('description')}")
        value: str = result["result"]["value"]
        return value

    def goto(self, url: str) -> None:
        self._page_command("Page.navigate", {"url": url}, 30.0)
        self.wait_for(f"location.href === {json.dumps(url)} && document.readyState === 'complete'")

    def reload(self) -> None:
        self.evaluate("async () => { window.beforeReload = true; }")
        self._page_command("Page.reload", {}, 30.0)
        self.wait_for("!window.beforeReload && document.readyState === 'complete'")

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
        self.process.terminate()
        self.process.wait(timeout=10)


class FirefoxPage(RemotePage):
    """Firefox ESR headless, over WebDriver BiDi: one browsing context."""

    name = "firefox"
    content_process = "Isolated Web Co"

    def __init__(self, folder: Path, width: int, height: int) -> None:
        super().__init__()
        assert FIREFOX is not None
        folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", str(folder),
             "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        address = self._bidi_address()
        self._socket = connect(f"{address}/session", max_size=None, legacy=True)
        # The tests' https servers have a throwaway self-signed certificate (build.serve).
        capabilities = {"alwaysMatch": {"acceptInsecureCerts": True}}
        self._command("session.new", {"capabilities": capabilities})
        tree = self._command("browsingContext.getTree", {})
        self._context: str = tree["contexts"][0]["context"]
        self._command("session.subscribe", {"events": ["log.entryAdded"]})
        viewport = {"width": width, "height": height}
        self._command(
            "browsingContext.setViewport", {"context": self._context, "viewport": viewport}
        )

    def _bidi_address(self) -> str:
        assert self.process.stderr is not None
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line and self.process.poll() is not None:
                break
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                # What Firefox says next is read and dropped: a full pipe would stop it.
                threading.Thread(target=_discard, args=(self.process.stderr,), daemon=True).start()
                return found.group(1)
        raise EngineError("firefox: WebDriver BiDi never started")

    def _event(self, message: dict[str, Any]) -> None:
        if message.get("method") == "log.entryAdded":
            entry = message["params"]
            if entry.get("level") == "error":
                self.errors.append(str(entry.get("text")))

    def _evaluate(self, expression: str, timeout: float) -> str:
        params = {
            "expression": expression,
            "target": {"context": self._context},
            "awaitPromise": True,
        }
        result = self._command("script.evaluate", params, timeout)
        if result["type"] == "exception":
            raise EngineError(f"firefox: the page threw {result['exceptionDetails']['text']}")
        value: str = result["result"]["value"]
        return value

    def goto(self, url: str) -> None:
        self._command(
            "browsingContext.navigate", {"context": self._context, "url": url, "wait": "complete"}
        )

    def reload(self) -> None:
        self._command("browsingContext.reload", {"context": self._context, "wait": "complete"})

    def close(self) -> None:
        try:
            self._command("browser.close", {}, timeout=10)
        except (EngineError, TimeoutError, OSError):
            self.process.terminate()
        if self._socket is not None:
            self._socket.close()
        self.process.wait(timeout=10)


@contextmanager
def virtual_screen() -> Iterator[str]:
    """An X display for WebKitGTK, which has no headless mode: Xvfb picks a free number."""
    read, write = os.pipe()
    process = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    os.close(write)
    with os.fdopen(read) as numbers:
        display = numbers.readline().strip()
    try:
        yield f":{display}"
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextmanager
def engine_page(
    engine: str, folder: Path, display: str, *, webkit: WebKitSetup = WebKitSetup()
) -> Iterator[RemotePage]:
    """A page of ``engine`` (one of ENGINES), its profile in ``folder``; ``webkit``: how WebKit
    draws it."""
    if engine.startswith("webkit"):
        assert MINI_BROWSER is not None, "WebKitGTK's MiniBrowser is missing: run build/setup"
        user_agent = IPHONE_USER_AGENT if engine == "webkit-iphone" else None
        page: WebKitPage | FirefoxPage = WebKitPage(folder, display, user_agent, webkit)
    else:
        assert FIREFOX is not None, "Firefox ESR is missing: run build/setup"
        page = FirefoxPage(folder, width=360, height=640)
    try:
        yield page
    finally:
        page.close()


def wait_ready(page: RemotePage) -> None:
    """Until Python has taken over the page; the page's words if it says it could not."""
    page.wait_for(READY)
    state = page.evaluate("async () => document.documentElement.dataset.appState")
    if state != "ready":  # what the console said is why (the page only says that it failed)
        page.drain()
        said = page.evaluate("async () => document.body.innerText")
        raise AssertionError(f"{said}\nconsole errors: {page.errors}")
