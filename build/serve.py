"""Serve the built site (dist/) on 127.0.0.1 with the MIME types and cache headers it needs, and
the build's brotli or gzip copy of a file (FILE.br, FILE.gz) to a browser that accepts it.

Also used by the browser tests and the start-up benchmark: `BackgroundServer` runs in a thread
and can be stopped and started again on the same port (to play "the network is gone"), over
http or, with a throwaway self-signed certificate (`self_signed_tls`), over https: as a real
host serves the app, and as engines that ask for brotli only over https (WebKit's) need.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import os
import ssl
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from socket import socket
from typing import Any
from urllib.parse import unquote, urlsplit

if not __package__:  # run as a file (python build/serve.py), not as build.serve: the folder
    # first on sys.path is then build/, whose build.py would hide the package; the root instead
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from build.build import ENCODINGS  # which pre-compressed copies exist, best first

DIST = Path(__file__).resolve().parent.parent / "dist"
HOST = "127.0.0.1"
SERVICE_WORKER = "service-worker.js"
# A repeat visit within this time makes no request at all; a new version reaches an installed
# game at its first visit after it (offered to the player, never forced).
SERVICE_WORKER_FRESH_SECONDS = 3600

# Pyodide silently fails to start if .wasm is not application/wasm; module scripts (.mjs) must
# be JavaScript.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
}


def normalise_prefix(prefix: str) -> str:
    """'/some/sub/path/' or 'some/sub/path' -> '/some/sub/path'; '' or '/' -> ''."""
    stripped = prefix.strip("/")
    return f"/{stripped}" if stripped else ""


@dataclass
class Traffic:
    """What a server has sent: responses, of which 304s, and body bytes (the benchmark's bytes
    on the wire; headers are a few hundred bytes a response); and what the same bodies would
    have been from a host that sends gzip at best (or to a browser that asks for no brotli)."""

    requests: int = 0
    not_modified: int = 0
    body_bytes: int = 0
    gzip_body_bytes: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def take(self) -> dict[str, int]:
        """What was sent since the last call."""
        with self.lock:
            taken = {
                "requests": self.requests,
                "not_modified": self.not_modified,
                "body_bytes": self.body_bytes,
                "gzip_body_bytes": self.gzip_body_bytes,
            }
            self.requests = self.not_modified = self.body_bytes = self.gzip_body_bytes = 0
        return taken


def self_signed_tls(folder: Path) -> ssl.SSLContext:
    """A server's TLS context with a certificate for 127.0.0.1 made now, in ``folder``, by
    Debian's openssl: for tests, whose browsers are told to accept it."""
    key, certificate = folder / "key.pem", folder / "certificate.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "2", "-subj", f"/CN={HOST}", "-addext", f"subjectAltName=IP:{HOST}",
         "-keyout", str(key), "-out", str(certificate)],
        check=True, capture_output=True,
    )  # fmt: skip
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    return context


class DistServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(
        self,
        root: Path,
        port: int = 0,
        prefix: str = "",
        quiet: bool = False,
        compress: bool = True,
        *,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.root = root
        self.prefix = normalise_prefix(prefix)
        self.quiet = quiet
        self.compress = compress
        self.tls = tls
        self.traffic = Traffic()
        super().__init__((HOST, port), DistHandler)

    def finish_request(self, request: Any, client_address: Any) -> None:
        if self.tls is None:
            super().finish_request(request, client_address)
            return
        # The handshake in the request's own thread: a client that never completes one holds
        # up no other.
        try:
            secured = self.tls.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError):
            return  # a client that gave up, or refused the certificate
        with secured:
            super().finish_request(secured, client_address)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that closes a connection mid-response (a page closed while the service
        # worker precaches) is no server error.
        if not isinstance(sys.exc_info()[1], ConnectionError | ssl.SSLError):
            super().handle_error(request, client_address)

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    @property
    def url(self) -> str:
        scheme = "https" if self.tls else "http"
        return f"{scheme}://{HOST}:{self.port}{self.prefix}/"


class DistHandler(SimpleHTTPRequestHandler):
    server: DistServer
    _gzip_size = 0  # the size of the body being sent, were it the gzip copy
    # HTTP/1.1, or Chromium ignores the ETag; one request per connection, so a stopped server
    # leaves no kept-alive connection behind (the offline tests stop it).
    protocol_version = "HTTP/1.1"

    def __init__(self, request: socket, client_address: Any, server: DistServer) -> None:
        # Read the root per request, so a test can switch the served version in place.
        super().__init__(request, client_address, server, directory=str(server.root))

    def _outside_prefix(self) -> bool:
        path = unquote(urlsplit(self.path).path)
        prefix = self.server.prefix
        return bool(prefix) and path != prefix and not path.startswith(prefix + "/")

    def send_head(self) -> Any:
        if self._outside_prefix():
            self.send_error(404)
            return None
        path = Path(self.translate_path(self.path))
        if path.is_dir() and urlsplit(self.path).path.endswith("/"):
            path /= "index.html"
        if not path.is_file():
            return super().send_head()  # redirects and 404s
        encoded = self._encoded_copy(path) if self.server.compress else None
        served, encoding = encoded or (path, None)
        # A content-hash ETag, not file times (one-second resolution: a build deployed within the
        # second of the last one would look unchanged). It makes the service worker's precache
        # of what the page has just loaded a 304 instead of a second download.
        etag = f'"{_sha256(served)}"'
        if etag in (tag.strip() for tag in self.headers.get("If-None-Match", "").split(",")):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return None
        body = served.open("rb")
        gzipped = path.with_name(path.name + ".gz")
        self._gzip_size = (gzipped if gzipped.is_file() else path).stat().st_size
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(served.stat().st_size))
        self.send_header("ETag", etag)
        self.end_headers()
        return body

    def _encoded_copy(self, path: Path) -> tuple[Path, str] | None:
        """The best pre-compressed copy of `path` that the browser accepts, if there is one."""
        accepted = {
            name.strip().lower()
            for name, _, params in (
                part.partition(";") for part in self.headers.get("Accept-Encoding", "").split(",")
            )
            if not _refused(params)
        }
        for suffix, encoding in ENCODINGS.items():
            copy = path.with_name(path.name + suffix)
            if encoding in accepted and copy.is_file():
                return copy, encoding
        return None

    def translate_path(self, path: str) -> str:
        return super().translate_path(path[len(self.server.prefix) :])

    def guess_type(self, path: str | Any) -> str:
        return MIME_TYPES.get(Path(str(path)).suffix.lower(), "application/octet-stream")

    def end_headers(self) -> None:
        # Revalidate everything but the service worker: it does the caching. Its own script is
        # fresh for a while, so the browser's update check at every visit is answered by the HTTP
        # cache (the page registers it with updateViaCache "all") until then.
        fresh = Path(unquote(urlsplit(self.path).path)).name == SERVICE_WORKER
        self.send_header(
            "Cache-Control", f"max-age={SERVICE_WORKER_FRESH_SECONDS}" if fresh else "no-cache"
        )
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Connection", "close")
        self.close_connection = True
        super().end_headers()

    def send_response(self, code: int, message: str | None = None) -> None:
        traffic = self.server.traffic
        with traffic.lock:
            traffic.requests += 1
            traffic.not_modified += code == HTTPStatus.NOT_MODIFIED
        super().send_response(code, message)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        traffic = self.server.traffic
        with traffic.lock:
            traffic.body_bytes += os.fstat(source.fileno()).st_size
            traffic.gzip_body_bytes += self._gzip_size
        super().copyfile(source, outputfile)

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.quiet:
            super().log_message(format, *args)


@functools.lru_cache(maxsize=512)
def _hash_of(path: Path, modified_ns: int, size: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:32]


def _sha256(path: Path) -> str:
    """The file's content hash, computed again only when the file changes."""
    status = path.stat()
    return _hash_of(path, status.st_mtime_ns, status.st_size)


def _refused(params: str) -> bool:
    """Whether Accept-Encoding parameters such as "q=0" refuse the encoding."""
    quality = params.replace(" ", "").removeprefix("q=")
    try:
        return quality != "" and float(quality) == 0
    except ValueError:
        return False


class BackgroundServer:
    """A DistServer in a background thread that can be stopped and restarted on the same port."""

    def __init__(
        self,
        root: Path,
        prefix: str = "",
        port: int = 0,
        compress: bool = True,
        *,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self._root = root
        self.prefix = normalise_prefix(prefix)
        self.port = port
        self.compress = compress
        self.tls = tls
        self._server: DistServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def root(self) -> Path:
        return self._root

    @root.setter
    def root(self, root: Path) -> None:
        """Serve another directory from the next request on (e.g. a new version of the app)."""
        self._root = root
        if self._server is not None:
            self._server.root = root

    @property
    def url(self) -> str:
        return f"{self.origin}{self.prefix}/"

    @property
    def origin(self) -> str:
        return f"{'https' if self.tls else 'http'}://{HOST}:{self.port}"

    @property
    def traffic(self) -> Traffic:
        """What this server has sent since it last started."""
        return Traffic() if self._server is None else self._server.traffic

    def start(self) -> None:
        if self._server is not None:
            return
        self._server = DistServer(
            self._root, self.port, self.prefix, quiet=True, compress=self.compress, tls=self.tls
        )
        self.port = self._server.port
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._server is None or self._thread is None:
            return
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()
        self._server = self._thread = None

    def __enter__(self) -> BackgroundServer:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the built Dadoteca site.")
    parser.add_argument("--port", type=int, default=8000, help="TCP port (0: any free port)")
    parser.add_argument("--prefix", default="", help="serve under this sub-path, e.g. /games/")
    parser.add_argument("--root", type=Path, default=DIST, help="directory to serve (dist/)")
    args = parser.parse_args()
    if not (args.root / "index.html").is_file():
        parser.exit(1, f"{args.root}/index.html is missing: build first (build/serve does)\n")
    with DistServer(args.root, args.port, args.prefix) as server:
        print(f"Dadoteca is being served at {server.url}", flush=True)
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is the way to stop it
            server.serve_forever()


if __name__ == "__main__":
    main()
