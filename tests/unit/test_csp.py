"""index.html's Content-Security-Policy: same origin only, and in step with the page it guards.

The browser test (tests/e2e/test_security.py) plays the games under it with zero violations;
this one says at once, without a browser, what an edit to the page broke.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

INDEX = Path(__file__).resolve().parents[2] / "index.html"
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')
SAME_ORIGIN_SOURCES = {"'self'", "'none'", "'unsafe-eval'", "'unsafe-inline'"}


def page() -> str:
    """index.html without its comments (which talk about the tags)."""
    return re.sub(r"<!--.*?-->", "", INDEX.read_text(), flags=re.DOTALL)


def policy() -> dict[str, list[str]]:
    found = META.findall(page())
    assert len(found) == 1, "index.html must have exactly one CSP <meta>"
    directives = [part.split() for part in found[0].split(";") if part.strip()]
    return {name: sources for name, *sources in directives}


def test_every_inline_style_element_is_allowed_by_its_hash() -> None:
    styles = re.findall(r"<style>(.*?)</style>", page(), re.DOTALL)
    assert styles
    allowed = policy()["style-src"]
    for style in styles:
        digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in allowed, f"put 'sha256-{digest}' in style-src"


def test_nothing_comes_from_another_origin_and_no_inline_script_runs() -> None:
    directives = policy()
    # This origin by default (the web app manifest has no directive every engine knows), and
    # nothing at all for every other kind of file the page does not use.
    assert directives["default-src"] == ["'self'"]
    for unused in ("object-src", "frame-src", "font-src", "media-src"):
        assert directives[unused] == ["'none'"], unused
    for name, sources in directives.items():
        for source in sources:
            # A blob: URL is made by this origin's own scripts, and holds its origin: only
            # PyScript's worker starts from one.
            same_origin = source in SAME_ORIGIN_SOURCES or (name, source) == ("worker-src", "blob:")
            assert same_origin or source.startswith("'sha256-"), (name, source)
    assert "'unsafe-inline'" not in directives["script-src"]
    assert "'unsafe-inline'" not in directives["style-src"]  # attributes only: style-src-attr
    assert directives["base-uri"] == directives["form-action"] == ["'none'"]


def test_the_policy_comes_before_anything_it_governs() -> None:
    text = page()
    # A <meta> policy applies only to what the parser meets after it.
    first = min(text.index(tag) for tag in ("<link", "<style", "<script"))
    assert text.index("Content-Security-Policy") < first


# The directives Chromium, Firefox ESR and WebKit (2.50) all know: an unknown one is an error in
# the console of every load (WebKit's, for manifest-src).
KNOWN_EVERYWHERE = {
    "default-src", "script-src", "style-src", "style-src-attr", "img-src", "connect-src",
    "worker-src", "object-src", "frame-src", "font-src", "media-src", "base-uri", "form-action",
}  # fmt: skip


def test_every_directive_is_known_to_every_engine() -> None:
    assert set(policy()) <= KNOWN_EVERYWHERE, set(policy()) - KNOWN_EVERYWHERE
