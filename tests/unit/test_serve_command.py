"""build/serve.py started the ways a person starts it: as a file, from anywhere, and as a module
from the repository's root (which build/serve does)."""

from __future__ import annotations

import select
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVE = ROOT / "build" / "serve.py"
STARTED = "Dadoteca is being served at "


@pytest.mark.parametrize(
    ("command", "in_root"),
    [([str(SERVE)], False), (["-m", "build.serve"], True)],
    ids=["python build/serve.py", "python -m build.serve"],
)
def test_the_server_serves_a_site(tmp_path: Path, command: list[str], in_root: bool) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>Dadoteca</p>")
    server = subprocess.Popen(
        [sys.executable, *command, "--port", "0", "--root", str(site)],
        cwd=ROOT if in_root else tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None and server.stderr is not None
    try:
        readable, _, _ = select.select([server.stdout], [], [], 30)
        line = server.stdout.readline() if readable else ""
        if not line.startswith(STARTED):
            server.kill()
            pytest.fail(f"the server did not start: {line}{server.stderr.read()}")
        with urllib.request.urlopen(line.removeprefix(STARTED).strip(), timeout=10) as response:
            assert response.read() == b"<p>Dadoteca</p>"
            assert response.headers["Cache-Control"] == "no-cache"
    finally:
        server.terminate()
        server.wait(timeout=10)
