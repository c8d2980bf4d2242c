"""Build the static site into dist/ from pinned inputs only.

Inputs:
- Pyodide and PyScript from node_modules/ (pinned in package.json + package-lock.json, `npm ci`);
- micropip from PyPI, pinned by version and sha256 below, kept in build/.cache/wheels/;
- the project wheel, built from pyproject.toml with a fixed SOURCE_DATE_EPOCH (same source,
  same bytes, so an unchanged app keeps its service-worker version).

Output (every URL inside is relative, so the site works under any path of any static host):
    dist/index.html, dist/assets/**           copied from the repository (index.html with its
                                               wheel preloads filled in)
    dist/assets/page.js                        the page's modules (assets/page.js and
                                               assets/page/), bundled into one by esbuild
    dist/assets/maps.svg                       a game's setup's files (GameSetup.site_files:
                                               Diceland's maps, drawn from their data)
    dist/pyscript/*                            @pyscript/core/dist minus source maps and its own SW
    dist/pyodide/{runtime files, wheels, pyodide-lock.json}, the stdlib and the wheels with
                                               bytecode added (build/compile_wheels.mjs)
    dist/service-worker.js                     with its precache list and content-hash version
    dist/**.br, dist/**.gz                      brotli and gzip copies of every file they shrink,
                                               for servers that negotiate Content-Encoding

A test build (``--with-games tests/games``, into dist-test/ unless ``--dist`` says where, never
dist/) also shelves the game packages of that folder: their setup cards, effects, styles and
rules pages as the shelf's own, and their modules added to the project wheel.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.parser import HeaderParser
from pathlib import Path

import brotli

from build.i18n import compile_catalogs
from dadoteca.games import GAMES, game_folder, reshelve
from dadoteca_web.shell import (
    FACTS_ID,
    GAME_STYLE,
    dice_choices,
    game_cards,
    game_setups,
    game_styles,
    language_options,
    player_count_options,
    seat_rows,
    setup_parts,
    shell_facts_json,
    starter_options,
)

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
TEST_DIST = ROOT / "dist-test"  # a test build's (--with-games): dist/ never holds test games
NODE_MODULES = ROOT / "node_modules"
WHEEL_CACHE = ROOT / "build" / ".cache" / "wheels"
COMPRESSED_CACHE = ROOT / "build" / ".cache" / "compressed"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
# What pyodide.mjs fetches to start (the lock file is written by us): verified against the
# browser's network log in tests/e2e/test_platform.py.
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# A stable wheel timestamp: hatchling stamps every zip entry with it.
SOURCE_DATE_EPOCH = "1577836800"  # 2020-01-01T00:00:00Z
WHEEL_ENTRY_TIME = (2020, 1, 1, 0, 0, 0)  # the same moment, as a zip entry's time
# What the project wheel leaves out of a game's package (pyproject.toml's exclude): the page's.
NOT_IN_WHEEL = ("*.css", "*.html")

# V8 compiles every function of a file starting with it eagerly, off the main thread
# (https://v8.dev/blog/explicit-compile-hints); other engines read a comment.
COMPILE_ALL_HINT = "//# allFunctionsCalledOnLoad\n"
# The page's scripts: an ES module importing the modules under assets/page/, which the page
# loads as one file bundled by esbuild (pinned in package.json): one request and one module to
# evaluate instead of 37 (see bundle_page_scripts).
PAGE_ENTRY = "page.js"
PAGE_MODULES = "page"
ESBUILD = NODE_MODULES / ".bin" / "esbuild"
SW_SOURCE = ROOT / "service-worker.js"
SW_NAME = "service-worker.js"
SW_VERSION_PLACEHOLDER = '"{{VERSION}}"'
SW_PRECACHE_PLACEHOLDER = "/* {{PRECACHE}} */ []"
INDEX_SEATS_PLACEHOLDER = "{{SEAT_ROWS}}"
INDEX_FACTS_PLACEHOLDER = "{{SHELL_FACTS}}"
INDEX_LANGUAGES_PLACEHOLDER = "{{LANGUAGE_OPTIONS}}"
INDEX_SETUP_PARTS_PLACEHOLDER = "{{SETUP_PARTS}}"
INDEX_DICE_PLACEHOLDER = "{{DICE_CHOICES}}"
INDEX_COUNT_PLACEHOLDER = "{{PLAYER_COUNT_OPTIONS}}"
INDEX_STARTERS_PLACEHOLDER = "{{STARTER_OPTIONS}}"
INDEX_GAME_CARDS_PLACEHOLDER = "{{GAME_CARDS}}"
INDEX_GAME_STYLES_PLACEHOLDER = "{{GAME_STYLES}}"

# Encodings the build pre-compresses, best first (build/serve.py negotiates in this order).
ENCODINGS = {".br": "br", ".gz": "gzip"}
# A variant is kept only if it saves this share of the file: the stdlib zip and the wheels are
# zips already, and a few saved bytes are not worth a second copy.
MIN_SAVING = 0.05


@dataclass(frozen=True, slots=True)
class PinnedWheel:
    """A wheel from PyPI, pinned by version and sha256."""

    name: str
    version: str
    sha256: str

    @property
    def file_name(self) -> str:
        return f"{self.name}-{self.version}-py3-none-any.whl"


# micropip vendors `packaging` (micropip/_vendored/packaging), so it needs no other wheel.
# Its hash differs from the one in Pyodide's shipped lock file: PyPI's build is not Pyodide's.
MICROPIP = PinnedWheel(
    "micropip", "0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
)


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check_npm_versions() -> None:
    """Refuse to build from a node_modules that does not match the pins (run `npm ci`)."""
    for package, version in (("pyodide", PYODIDE_VERSION), ("@pyscript/core", PYSCRIPT_VERSION)):
        manifest = NODE_MODULES / package / "package.json"
        if not manifest.is_file():
            sys.exit(f"{manifest} is missing: run `npm ci` first")
        found = json.loads(manifest.read_text())["version"]
        if found != version:
            sys.exit(f"node_modules has {package} {found}, expected {version}: run `npm ci`")


def fetch_pinned_wheel(wheel: PinnedWheel) -> Path:
    """The wheel from the cache, downloading it from PyPI first if needed; hash-checked."""
    path = WHEEL_CACHE / wheel.file_name
    if not path.is_file():
        WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--python-version",
                "3.14",
                "--only-binary=:all:",
                "--dest",
                str(WHEEL_CACHE),
                f"{wheel.name}=={wheel.version}",
            ],
            check=True,
        )
    digest = sha256_of(path)
    if digest != wheel.sha256:
        path.unlink()
        sys.exit(f"{wheel.file_name}: sha256 {digest} does not match the pin {wheel.sha256}")
    return path


def build_project_wheel(out_dir: Path) -> Path:
    """Build the dadoteca wheel (both packages) from pyproject.toml, reproducibly."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--quiet",
                "--no-deps",
                "--no-build-isolation",
                "--wheel-dir",
                tmp,
                str(ROOT),
            ],
            check=True,
            env=env,
        )
        (built,) = Path(tmp).glob("*.whl")
        return Path(shutil.copy2(built, out_dir / built.name))


def shelve_games(folder: Path) -> None:
    """Put the game packages of ``folder`` (``folder/dadoteca_games/<id>``, a namespace
    package's portion) on this process's shelf, after its own games."""
    sys.path.insert(0, str(folder.resolve()))
    reshelve()


def add_games_to_wheel(wheel: Path, folder: Path) -> None:
    """Add the game packages of ``folder`` to ``wheel``, in place, as the wheel holds the
    shelf's own (the page's style and rules pages left out), each file listed in its RECORD:
    Pyodide installs them into the same ``dadoteca_games`` as the shelf's games."""
    added = {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted((folder / "dadoteca_games").rglob("*"))
        if path.is_file()
        and "__pycache__" not in path.parts
        and not any(path.match(pattern) for pattern in NOT_IN_WHEEL)
    }
    if not added:
        sys.exit(f"{folder} has no game package (dadoteca_games/<id>/) to add")
    with zipfile.ZipFile(wheel) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    (record_at,) = [i for i, (info, _) in enumerate(entries) if info.filename.endswith("/RECORD")]
    record_info, record = entries.pop(record_at)
    lines = record.decode().splitlines()
    lines[-1:-1] = [wheel_record_line(name, data) for name, data in added.items()]  # RECORD last
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in added.items():
            info = zipfile.ZipInfo(name, WHEEL_ENTRY_TIME)
            info.external_attr = 0o644 << 16
            target.writestr(info, data, zipfile.ZIP_DEFLATED)
        for info, data in entries:
            target.writestr(info, data)
        target.writestr(record_info, "\n".join(lines) + "\n")


def wheel_record_line(name: str, data: bytes) -> str:
    """A wheel's RECORD line for a file: its name, sha256 (urlsafe base64, unpadded), size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


@dataclass(frozen=True, slots=True)
class WheelInfo:
    """What pyodide-lock.json needs to know about a wheel, read from the wheel itself."""

    name: str
    version: str
    imports: tuple[str, ...]
    requires: tuple[str, ...]

    @classmethod
    def read(cls, path: Path) -> WheelInfo:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            (metadata_name,) = (n for n in names if n.endswith(".dist-info/METADATA"))
            metadata = HeaderParser().parsestr(archive.read(metadata_name).decode())
        imports = sorted(
            {n.split("/")[0] for n in names if n.count("/") == 1 and n.endswith("/__init__.py")}
        )
        return cls(
            name=metadata["Name"].lower(),
            version=metadata["Version"],
            imports=tuple(imports),
            requires=tuple(r for r in metadata.get_all("Requires-Dist", []) if "extra ==" not in r),
        )


def write_lock_file(pyodide_dir: Path, wheels: list[Path]) -> None:
    """Our own pyodide-lock.json: Pyodide's `info` block plus exactly the wheels we ship."""
    shipped = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    packages: dict[str, object] = {}
    for wheel in wheels:
        info = WheelInfo.read(wheel)
        if info.requires:
            # Every dependency must be vendored here, pinned and hashed: nothing comes from PyPI
            # at run time.
            sys.exit(f"{wheel.name} requires {info.requires}; pin and ship them in build.py")
        packages[info.name] = {
            "name": info.name,
            "version": info.version,
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": sha256_of(wheel),
            "package_type": "package",
            "imports": list(info.imports),
            "depends": [],
            "unvendored_tests": False,
        }
    lock = {"info": shipped["info"], "packages": packages}
    (pyodide_dir / "pyodide-lock.json").write_text(
        json.dumps(lock, indent=2, sort_keys=True) + "\n"
    )


def write_index(target: Path) -> None:
    """index.html with what the shell shares with Python: its facts, the languages, the
    setup's seat rows (as the shell shows them at first), dice and the games' own setup parts."""
    html = (ROOT / "index.html").read_text()
    facts = f'<script type="application/json" id="{FACTS_ID}">{shell_facts_json()}</script>'
    for placeholder, filling in (
        (INDEX_GAME_CARDS_PLACEHOLDER, game_cards()),
        (INDEX_GAME_STYLES_PLACEHOLDER, game_styles()),
        (INDEX_SEATS_PLACEHOLDER, seat_rows()),
        (INDEX_COUNT_PLACEHOLDER, player_count_options()),
        (INDEX_STARTERS_PLACEHOLDER, starter_options()),
        (INDEX_FACTS_PLACEHOLDER, facts),
        (INDEX_LANGUAGES_PLACEHOLDER, language_options()),
        (INDEX_SETUP_PARTS_PLACEHOLDER, setup_parts()),
        (INDEX_DICE_PLACEHOLDER, dice_choices()),
    ):
        html = replace_placeholder_comment(html, placeholder, filling)
    target.write_text(html)


def replace_placeholder_comment(html: str, placeholder: str, filling: str) -> str:
    """``html`` with the comment naming ``placeholder`` (which may span lines) replaced."""
    at = html.find(placeholder)
    if at < 0 or html.count(placeholder) != 1:
        sys.exit(f"index.html must contain {placeholder} exactly once")
    start = html.rindex("<!--", 0, at)
    end = html.index("-->", at) + len("-->")
    return html[:start] + filling + html[end:]


def copy_game_files(assets: Path) -> None:
    """Each game's style and rules pages, from its package, where the page asks for them:
    assets/ID.css and assets/rules/ID.LANGUAGE.html."""
    (assets / "rules").mkdir(exist_ok=True)
    for game_id in GAMES:
        folder = game_folder(game_id)
        if (folder / GAME_STYLE).is_file():
            shutil.copy2(folder / GAME_STYLE, assets / f"{game_id}.css")
        for page in sorted(folder.glob("rules.*.html")):
            language = page.name.removeprefix("rules.").removesuffix(".html")
            shutil.copy2(page, assets / "rules" / f"{game_id}.{language}.html")


def copy_pyscript(target: Path) -> None:
    """All of PyScript's dist/: core.js imports its editor/terminal/game chunks at start-up.
    The module core.js stands for starts with V8's explicit compile hint: PyScript's evaluation
    on the page's thread calls most of its functions at once, and the hint has V8 compile them
    all while the file streams in, on another thread (at 4x CPU, a median evaluation of 43-49
    ms instead of 52-53, in runs of twelve starts: one task that must stay under 50 ms)."""
    source = NODE_MODULES / "@pyscript" / "core" / "dist"
    target.mkdir()
    for path in sorted(source.iterdir()):
        if path.is_file() and path.suffix != ".map" and path.name != SW_NAME:
            shutil.copy2(path, target / path.name)
    entry = target / pyscript_core_module((source / "core.js").read_text(encoding="utf-8"))
    entry.write_text(COMPILE_ALL_HINT + entry.read_text(encoding="utf-8"), encoding="utf-8")


def pyscript_core_module(core_js: str) -> str:
    """The file name of the one module PyScript's core.js re-exports."""
    found = re.fullmatch(r'export\{[^}]*\}from"\./(core-[\w-]+\.js)";?\s*(//.*)?\s*', core_js)
    if not found:
        sys.exit("PyScript's dist/core.js no longer re-exports one core-*.js module")
    return found.group(1)


def bundle_page_scripts(assets: Path) -> None:
    """The page's modules bundled into ``assets/page.js``, as they are: no syntax lowered (the
    browsers the app supports run them as written), nothing minified (brotli makes up for it:
    17.8 KB, where the four scripts before were 28.1 KB with their comments; and a console's
    stack trace names the sources' functions), no source map shipped. Served as the 37 modules
    themselves, each preloaded from <head>, a start at 4x CPU ran the page's scripts 130-390 ms
    later (DOMContentLoaded; medians of 6 starts of tests/bench/browser.py and of 10 loads,
    alternating, on a loaded 2-core machine); bundled, as soon as the four classic scripts did."""
    if not ESBUILD.is_file():
        sys.exit(f"{ESBUILD} is missing: run `npm ci` first")
    subprocess.run(
        [
            str(ESBUILD),
            str(ROOT / "assets" / PAGE_ENTRY),
            "--bundle",
            "--format=esm",
            "--charset=utf8",
            "--log-level=warning",
            f"--banner:js=// Built by build/build.py from assets/{PAGE_ENTRY} and "
            f"assets/{PAGE_MODULES}/ (esbuild): edit those.",
            f"--outfile={assets / PAGE_ENTRY}",
        ],
        check=True,
    )


def precache_list(dist: Path) -> list[tuple[str, str]]:
    """(relative URL, sha256) of every file in dist except the service worker itself and the
    compressed variants (the browser decodes those into the file they stand for)."""
    return [
        (path.relative_to(dist).as_posix(), sha256_of(path))
        for path in sorted(p for p in dist.rglob("*") if p.is_file())
        if path.relative_to(dist).as_posix() != SW_NAME and path.suffix not in ENCODINGS
    ]


def compress(data: bytes, suffix: str) -> bytes:
    """`data` brotli- (best quality: 30 s for the wasm, hence the cache) or gzip-compressed;
    gzip without a timestamp, so the same input gives the same bytes."""
    digest = hashlib.sha256(data).hexdigest()
    cached = COMPRESSED_CACHE / f"{digest}.q11w24{suffix}"  # named by the settings too
    if cached.is_file():
        return cached.read_bytes()
    packed: bytes
    if suffix == ".br":
        packed = brotli.compress(data, quality=11, lgwin=24)  # the largest window browsers take
    else:
        packed = gzip.compress(data, compresslevel=9, mtime=0)
    COMPRESSED_CACHE.mkdir(parents=True, exist_ok=True)
    # Whole or not at all: the same bytes may be compressed meanwhile on another thread, or in
    # another process (a benchmark compressing its copy of the site while a build runs).
    with tempfile.NamedTemporaryFile(dir=COMPRESSED_CACHE, prefix=cached.name, delete=False) as out:
        out.write(packed)
    Path(out.name).replace(cached)
    return packed


def write_compressed_variants(dist: Path) -> None:
    """FILE.br and FILE.gz beside every file of dist that they make smaller (and no stale ones).
    On every core: brotli and zlib let go of the GIL while they compress, and a fresh clone
    (no cache) spends a minute of one core here, half of it on the wasm alone, which starts
    first (largest first) so the others fill the other cores meanwhile."""
    files = sorted(p for p in dist.rglob("*") if p.is_file())
    for path in files:
        if path.suffix in ENCODINGS:
            path.unlink()
    originals = sorted(
        (p for p in files if p.suffix not in ENCODINGS), key=lambda p: -p.stat().st_size
    )

    def write_variants(path: Path) -> None:
        data = path.read_bytes()
        for suffix in ENCODINGS:
            packed = compress(data, suffix)
            if len(packed) <= len(data) * (1 - MIN_SAVING):
                path.with_name(path.name + suffix).write_bytes(packed)

    with ThreadPoolExecutor(len(os.sched_getaffinity(0))) as pool:
        list(pool.map(write_variants, originals))  # list(): a failure raises here


def write_service_worker(dist: Path) -> str:
    """Fill service-worker.js with the precache list and its content-hash version; return it."""
    entries = precache_list(dist)
    version = hashlib.sha256(json.dumps(entries).encode()).hexdigest()[:16]
    source = SW_SOURCE.read_text()
    for placeholder in (SW_VERSION_PLACEHOLDER, SW_PRECACHE_PLACEHOLDER):
        if source.count(placeholder) != 1:
            sys.exit(f"{SW_SOURCE.name} must contain {placeholder} exactly once")
    source = source.replace(SW_VERSION_PLACEHOLDER, json.dumps(version)).replace(
        SW_PRECACHE_PLACEHOLDER, json.dumps([list(e) for e in entries], indent=1)
    )
    (dist / SW_NAME).write_text(source)
    return version


def build(dist: Path, games: Path | None = None) -> str:
    """Write the whole site into `dist` (replacing it); return the service-worker version.
    ``games``: a folder of more game packages (tests/games), shelved by this process and
    shipped in the wheel, for a test build."""
    if games is not None:
        if dist.resolve() == DIST:
            sys.exit(f"a build with the games of {games} goes elsewhere than {DIST}")
        shelve_games(games)
    check_npm_versions()
    micropip = fetch_pinned_wheel(MICROPIP)
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    # The .po sources are compiled to i18n/*.json below; notes (*.md) stay in the repository;
    # so do the page's modules, bundled below.
    shutil.copytree(
        ROOT / "assets",
        dist / "assets",
        ignore=shutil.ignore_patterns(".*", "*.po", "*.md", PAGE_ENTRY, PAGE_MODULES),
    )
    bundle_page_scripts(dist / "assets")
    copy_game_files(dist / "assets")
    copy_pyscript(dist / "pyscript")
    pyodide_dir = dist / "pyodide"
    pyodide_dir.mkdir()
    for name in PYODIDE_RUNTIME:
        shutil.copy2(NODE_MODULES / "pyodide" / name, pyodide_dir / name)
    project = build_project_wheel(pyodide_dir)
    if games is not None:
        add_games_to_wheel(project, games)
    wheels = [Path(shutil.copy2(micropip, pyodide_dir / micropip.name)), project]
    # Bytecode for Pyodide's Python, so the browser does not compile every module at each start.
    compiler = ROOT / "build" / "compile_wheels.mjs"
    stdlib = pyodide_dir / "python_stdlib.zip"
    subprocess.run(["node", str(compiler), "--stdlib", str(stdlib), *map(str, wheels)], check=True)
    write_lock_file(pyodide_dir, wheels)
    write_index(dist / "index.html")
    for setup in game_setups().values():
        for path, text in setup.site_files().items():
            (dist / path).write_text(text, encoding="utf-8")
    compile_catalogs(dist / "i18n")
    return finish_site(dist)


def finish_site(dist: Path) -> str:
    """The last steps once every file is in `dist`: the service worker, then the compressed
    copies (of it too); return the service-worker version."""
    version = write_service_worker(dist)
    write_compressed_variants(dist)
    return version


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--dist", type=Path, help="output directory (default: dist/, or dist-test/ with games)"
    )
    parser.add_argument(
        "--with-games",
        type=Path,
        metavar="FOLDER",
        help="a test build: also the game packages of FOLDER/dadoteca_games (tests/games)",
    )
    args = parser.parse_args()
    dist: Path = args.dist or (DIST if args.with_games is None else TEST_DIST)
    version = build(dist, args.with_games)
    files = [p for p in dist.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files if p.suffix not in ENCODINGS)
    brotli_size = sum(
        (p.with_name(p.name + ".br") if p.with_name(p.name + ".br").is_file() else p).stat().st_size
        for p in files
        if p.suffix not in ENCODINGS
    )
    print(
        f"Built {dist} ({size / 1e6:.1f} MB, {brotli_size / 1e6:.1f} MB with brotli), "
        f"service-worker version {version}"
    )


if __name__ == "__main__":
    main()
