"""Translations, gettext style: extract the English strings, check the catalogs, compile them.

The English text is the key (msgid). Catalogs are ``assets/i18n/LANG.po``, one per language
other than English; the browser reads them compiled to ``i18n/LANG.json``.

    python -m build.i18n extract          update assets/i18n/*.po from the sources
    python -m build.i18n check            exit 1 if a catalog is incomplete, stale or wrong
    python -m build.i18n compile OUTDIR   write OUTDIR/LANG.json ({msgid: msgstr})
    python -m build.i18n fill FILE.json   set translations: {LANG: {msgid: msgstr}}

Where msgids come from, in this order (then file order, then line order):

1. ``t("...")`` and ``self.t("...")`` calls in ``py/dadoteca_web/**/*.py`` whose first argument
   is a string literal (``t(variable)`` is a look-up of a msgid extracted elsewhere);
2. the rule messages and event announcements: module-level dicts named ``*RULES`` or
   ``*EVENTS`` in ``py/dadoteca`` and ``py/dadoteca_web`` (id -> English template); the words
   the UI passes through ``t`` (module-level tuples named in ``WORD_LISTS``, e.g. Qwixx's
   ``ROW_NAMES``); and the string
   literals passed as keyword parameters to a rule error (``RuleError(...)`` or a module-level
   helper that builds one), because the front end translates every string parameter of a
   rule error before filling in its template;
3. ``index.html``: the text of elements marked ``data-i18n`` (stripped, whitespace collapsed)
   and the values of the attributes listed in ``data-i18n-attr``.

Standard library only: the build and the tests run it without installing anything.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import string
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Final

__all__ = [
    "LANGUAGES",
    "Entry",
    "Message",
    "check",
    "compile_catalogs",
    "extract",
    "fill_catalogs",
    "parse_po",
    "placeholders",
    "read_po",
    "update_catalogs",
    "write_po",
]

ROOT: Final = Path(__file__).resolve().parent.parent
LANGUAGES: Final = ("it", "es")
LANGUAGE_NAMES: Final = {"it": "Italian", "es": "Spanish"}
CATALOG_DIR: Final = "assets/i18n"
FRONT_END: Final = "py/dadoteca_web"
RULE_PACKAGES: Final = ("py/dadoteca", "py/dadoteca_web")
SHELL: Final = "index.html"
# Module-level tuples of words that the UI shows through ``t(word)``.
WORD_LISTS: Final = frozenset({"ROW_NAMES", "COLOURS", "FACES"})
TRANSLATE_CALLS: Final = frozenset({"t"})
RULE_ERROR: Final = "RuleError"
PO_WIDTH: Final = 79
VOID_ELEMENTS: Final = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)


class CatalogError(ValueError):
    """A source or a catalog that cannot be read the way this tool expects."""


# --- extraction ------------------------------------------------------------------------------


@dataclass(slots=True)
class Message:
    """A msgid found in the sources, with every place (``file:line``) it was found."""

    msgid: str
    references: list[str] = field(default_factory=list)


class _Collector:
    """Msgids in first-seen order; a msgid seen again only gains a reference."""

    def __init__(self) -> None:
        self.messages: dict[str, Message] = {}

    def add(self, msgid: str, reference: str) -> None:
        if not msgid:
            return
        message = self.messages.setdefault(msgid, Message(msgid))
        if reference not in message.references:
            message.references.append(reference)


def _python_files(root: Path, folder: str) -> list[Path]:
    base = root / folder
    return sorted(base.rglob("*.py")) if base.is_dir() else []


def _relative(root: Path, path: Path) -> str:
    return path.relative_to(root).as_posix()


def _parse_python(path: Path) -> ast.Module:
    try:
        return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except SyntaxError as error:
        raise CatalogError(f"{path}: cannot parse: {error}") from error


def _string(node: ast.expr | None) -> str | None:
    """The value of a string literal (implicit concatenation is one literal to ``ast``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _callee(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _calls_in_order(tree: ast.AST) -> list[ast.Call]:
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    return sorted(calls, key=lambda call: (call.lineno, call.col_offset))


def _module_assignments(tree: ast.Module) -> Iterator[tuple[str, ast.expr, int]]:
    """``(name, value, line)`` of every module-level ``NAME = value`` / ``NAME: T = value``."""
    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    yield target.id, statement.value, statement.lineno
        elif (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and statement.value is not None
        ):
            yield statement.target.id, statement.value, statement.lineno


def _front_end_messages(root: Path, found: _Collector) -> None:
    for path in _python_files(root, FRONT_END):
        name = _relative(root, path)
        for call in _calls_in_order(_parse_python(path)):
            if _callee(call) in TRANSLATE_CALLS and call.args:
                msgid = _string(call.args[0])
                if msgid is not None:
                    found.add(msgid, f"{name}:{call.lineno}")


def _rule_error_builders(trees: Iterable[ast.Module]) -> set[str]:
    """``RuleError`` and the module-level functions that build one (``core_error``, …)."""
    builders = {RULE_ERROR}
    for tree in trees:
        for statement in tree.body:
            if isinstance(statement, ast.FunctionDef) and any(
                isinstance(node, ast.Call) and _callee(node) == RULE_ERROR
                for node in ast.walk(statement)
            ):
                builders.add(statement.name)
    return builders


def _rule_messages(root: Path, found: _Collector) -> None:
    paths = [path for folder in RULE_PACKAGES for path in _python_files(root, folder)]
    trees = {path: _parse_python(path) for path in paths}
    builders = _rule_error_builders(trees.values())
    for path, tree in trees.items():
        name = _relative(root, path)
        for variable, value, line in _module_assignments(tree):
            if variable.endswith(("RULES", "EVENTS")) and isinstance(value, ast.Dict):
                for item in value.values:
                    message = _string(item)
                    if message is None:
                        raise CatalogError(
                            f"{name}:{item.lineno}: {variable} holds a message that is not "
                            "a string literal"
                        )
                    found.add(message, f"{name}:{item.lineno}")
            elif variable in WORD_LISTS and isinstance(value, ast.Tuple | ast.List):
                for element in value.elts:
                    word = _string(element)
                    if word is not None:
                        found.add(word, f"{name}:{line}")
        for call in _calls_in_order(tree):
            if _callee(call) in builders:
                for keyword in call.keywords:
                    word = _string(keyword.value)
                    if word is not None:
                        found.add(word, f"{name}:{keyword.value.lineno}")


class _ShellParser(HTMLParser):
    """Collects the msgids of ``index.html``: marked elements' text and marked attributes."""

    def __init__(self, name: str) -> None:
        super().__init__(convert_charrefs=True)
        self.name = name
        self.found: list[tuple[str, int]] = []
        self.warnings: list[str] = []
        # Open elements: (tag, text collected if marked data-i18n, line, child elements seen).
        self.open: list[tuple[str, list[str] | None, int, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {key: value or "" for key, value in attrs}
        line = self.getpos()[0]
        for _, _, _, children in self.open:
            children.append(tag)
        marked = (name.strip() for name in values.get("data-i18n-attr", "").split(","))
        for attribute in filter(None, marked):
            if attribute not in values:
                self.warnings.append(
                    f"{self.name}:{line}: <{tag}> lists {attribute} in data-i18n-attr "
                    "but has no such attribute"
                )
            self._add(values.get(attribute, ""), line)
        if tag in VOID_ELEMENTS:
            if "data-i18n" in values:
                self.warnings.append(f"{self.name}:{line}: <{tag}> has no text for data-i18n")
            return
        self.open.append((tag, [] if "data-i18n" in values else None, line, []))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID_ELEMENTS:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if not any(open_tag == tag for open_tag, _, _, _ in self.open):
            return  # a stray end tag: the browser ignores it too
        while self.open:
            open_tag, text, line, children = self.open.pop()
            if text is not None:
                if children:
                    self.warnings.append(
                        f"{self.name}:{line}: <{open_tag} data-i18n> contains elements "
                        f"({', '.join(children)}) that translating its text would remove"
                    )
                self._add("".join(text), line)
            if open_tag == tag:
                return

    def close_all(self) -> None:
        """End of file: elements left open end here, as in the browser."""
        if self.open:
            self.handle_endtag(self.open[0][0])

    def handle_data(self, data: str) -> None:
        for _, text, _, _ in self.open:
            if text is not None:
                text.append(data)

    def _add(self, text: str, line: int) -> None:
        msgid = " ".join(text.split())
        if msgid:
            self.found.append((msgid, line))


def _shell_messages(root: Path, found: _Collector, warnings: list[str]) -> None:
    path = root / SHELL
    if not path.is_file():
        return
    parser = _ShellParser(SHELL)
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    parser.close_all()
    for msgid, line in sorted(parser.found, key=lambda item: item[1]):
        found.add(msgid, f"{SHELL}:{line}")
    warnings.extend(parser.warnings)


def extract(root: Path = ROOT, warnings: list[str] | None = None) -> list[Message]:
    """Every msgid of the sources, in source order; ``warnings`` collects markup problems."""
    found = _Collector()
    _front_end_messages(root, found)
    _rule_messages(root, found)
    _shell_messages(root, found, warnings if warnings is not None else [])
    return list(found.messages.values())


# --- .po files -------------------------------------------------------------------------------


@dataclass(slots=True)
class Entry:
    """One catalog entry. ``comments`` are the translator's own ``#`` lines, kept as written."""

    msgid: str
    msgstr: str = ""
    references: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


_ESCAPES: Final = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_ESCAPED: Final = {value: f"\\{key}" for key, value in _ESCAPES.items()}
_KEYWORD: Final = re.compile(r'(msgid|msgstr)\s+(".*)$')


def _unquote(text: str, line: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogError(f"line {line}: expected a quoted string, found {text!r}")
    body = text[1:-1]
    out: list[str] = []
    index = 0
    while index < len(body):
        char = body[index]
        if char == "\\":
            if index + 1 >= len(body) or body[index + 1] not in _ESCAPES:
                raise CatalogError(f"line {line}: unknown escape in {text!r}")
            out.append(_ESCAPES[body[index + 1]])
            index += 2
        elif char == '"':
            raise CatalogError(f"line {line}: unescaped quote in {text!r}")
        else:
            out.append(char)
            index += 1
    return "".join(out)


def _escape(text: str) -> str:
    return "".join(_ESCAPED.get(char, char) for char in text)


class _PoReader:
    """Reads a ``.po`` file line by line into entries."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.seen: set[str] = set()
        self.pending = Entry("")
        self.part: str | None = None  # "msgid" or "msgstr": where a continuation line goes
        self.parts: dict[str, list[str]] = {}

    def finish(self, line: int) -> None:
        if "msgid" in self.parts:
            if "msgstr" not in self.parts:
                raise CatalogError(f"line {line}: msgid without msgstr")
            entry = self.pending
            entry.msgid = "".join(self.parts["msgid"])
            entry.msgstr = "".join(self.parts["msgstr"])
            if entry.msgid in self.seen:
                raise CatalogError(f"line {line}: duplicate msgid {entry.msgid!r}")
            self.seen.add(entry.msgid)
            self.entries.append(entry)
        self.pending, self.part, self.parts = Entry(""), None, {}

    def comment(self, raw: str, number: int) -> None:
        line = raw.strip()
        if "msgstr" in self.parts:
            self.finish(number)
        if line.startswith("#:"):
            self.pending.references.extend(line[2:].split())
        elif line.startswith("#,"):
            self.pending.flags.extend(f.strip() for f in line[2:].split(",") if f.strip())
        elif not line.startswith(("#~", "#.", "#|")):
            # (obsolete entries, extracted comments and previous msgids are not kept)
            self.pending.comments.append(raw.rstrip())

    def feed(self, raw: str, number: int) -> None:
        line = raw.strip()
        if not line:
            if self.parts:
                self.finish(number)
        elif line.startswith("#"):
            self.comment(raw, number)
        elif line.startswith('"'):
            if self.part is None:
                raise CatalogError(f"line {number}: continuation line outside an entry")
            self.parts[self.part].append(_unquote(line, number))
        else:
            match = _KEYWORD.match(line)
            if match is None:
                raise CatalogError(f"line {number}: not supported: {line[:40]!r}")
            keyword, value = match.groups()
            if keyword == "msgid" and self.parts:
                self.finish(number)
            if keyword in self.parts or (keyword == "msgstr" and "msgid" not in self.parts):
                raise CatalogError(f"line {number}: {keyword} out of place")
            self.part = keyword
            self.parts[keyword] = [_unquote(value, number)]


def parse_po(text: str) -> list[Entry]:
    """The entries of a ``.po`` file, the header (msgid ``""``) included, in file order.

    Supports what this project writes: comments, ``#:`` references, ``#,`` flags, escapes
    ``\\" \\\\ \\n \\t \\r`` and continuation lines. Obsolete ``#~`` entries are dropped;
    plural forms and contexts are refused.
    """
    reader = _PoReader()
    lines = text.splitlines()
    for number, raw in enumerate(lines, 1):
        reader.feed(raw, number)
    reader.finish(len(lines) + 1)
    return reader.entries


def read_po(text: str) -> dict[str, str]:
    """``{msgid: msgstr}`` of a ``.po`` file, header left out; untranslated ones map to ``""``."""
    return {entry.msgid: entry.msgstr for entry in parse_po(text) if entry.msgid}


def _po_string(keyword: str, text: str) -> list[str]:
    """``msgid "…"`` lines: one if it fits, else ``""`` and a line per line / wrapped chunk."""
    single = f'{keyword} "{_escape(text)}"'
    if len(single) <= PO_WIDTH and "\n" not in text[:-1]:
        return [single]
    chunks: list[str] = []
    for piece in text.splitlines(keepends=True):
        chunk = ""
        for word in re.split(r"(?<= )", _escape(piece)):
            if chunk and len(chunk) + len(word) > PO_WIDTH - 2:
                chunks.append(chunk)
                chunk = ""
            chunk += word
        chunks.append(chunk)
    return [f'{keyword} ""', *(f'"{chunk}"' for chunk in chunks)]


def _references(references: Sequence[str]) -> list[str]:
    lines: list[str] = []
    line = "#:"
    for reference in references:
        if len(line) > 2 and len(line) + 1 + len(reference) > PO_WIDTH:
            lines.append(line)
            line = "#:"
        line += f" {reference}"
    return [*lines, line] if len(line) > 2 else lines


def write_po(entries: Sequence[Entry]) -> str:
    """The text of a ``.po`` file holding ``entries`` (the header first, if there is one)."""
    blocks: list[str] = []
    for entry in entries:
        lines = [*entry.comments, *_references(entry.references)]
        if entry.flags:
            lines.append(f"#, {', '.join(entry.flags)}")
        lines += _po_string("msgid", entry.msgid) + _po_string("msgstr", entry.msgstr)
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def _header(language: str) -> Entry:
    return Entry(
        "",
        "Project-Id-Version: Dadoteca\n"
        f"Language: {language}\n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: 8bit\n",
        comments=[
            f"# {LANGUAGE_NAMES[language]} translations of Dadoteca; "
            "the msgids are the English texts.",
            "# Translate the msgstr lines only, and keep every {placeholder} as it is.",
            "# `python -m build.i18n extract` adds and removes entries as the sources change.",
        ],
    )


def _catalog_path(root: Path, language: str) -> Path:
    return root / CATALOG_DIR / f"{language}.po"


def update_catalogs(root: Path = ROOT) -> dict[str, tuple[list[str], list[str]]]:
    """Bring every catalog in step with the sources: ``{language: (added, obsolete)}``.

    Translations, flags and comments of msgids still in use are kept; their references are
    regenerated; obsolete entries are removed; entries follow the sources' order.
    """
    messages = extract(root)
    report: dict[str, tuple[list[str], list[str]]] = {}
    for language in LANGUAGES:
        path = _catalog_path(root, language)
        old = parse_po(path.read_text(encoding="utf-8")) if path.exists() else []
        by_id = {entry.msgid: entry for entry in old}
        header = by_id.pop("", None) or _header(language)
        entries = [header]
        added: list[str] = []
        for message in messages:
            entry = by_id.pop(message.msgid, None)
            if entry is None:
                entry = Entry(message.msgid)
                added.append(message.msgid)
            entry.references = list(message.references)
            entries.append(entry)
        path.parent.mkdir(parents=True, exist_ok=True)
        text = write_po(entries)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        report[language] = (added, list(by_id))
    return report


def fill_catalogs(translations: dict[str, dict[str, str]], root: Path = ROOT) -> list[str]:
    """Set the msgstr of msgids already in the catalogs; the msgids that were not found.

    Translations arrive in batches (a new screen, a new game): one JSON file, no hand-editing
    of .po quoting. Run ``extract`` first, so the msgids exist.
    """
    unknown: list[str] = []
    for language, texts in translations.items():
        if language not in LANGUAGES:
            raise CatalogError(f"no catalog for language {language!r}")
        path = _catalog_path(root, language)
        entries = parse_po(path.read_text(encoding="utf-8"))
        by_id = {entry.msgid: entry for entry in entries}
        for msgid, msgstr in texts.items():
            if msgid in by_id and msgid:
                by_id[msgid].msgstr = msgstr
            else:
                unknown.append(f"{language}: {msgid!r}")
        path.write_text(write_po(entries), encoding="utf-8")
    return unknown


# --- checking and compiling ------------------------------------------------------------------


def placeholders(text: str) -> list[str] | None:
    """The ``{fields}`` of a str.format template, sorted; None if it is not a valid template."""
    try:
        fields = [
            "{"
            + name
            + (f"!{conversion}" if conversion else "")
            + (f":{spec}" if spec else "")
            + "}"
            for _, name, spec, conversion in string.Formatter().parse(text)
            if name is not None
        ]
    except ValueError:
        return None
    return sorted(fields)


def _placeholder_problem(msgid: str, msgstr: str) -> str | None:
    expected = placeholders(msgid)
    found = placeholders(msgstr)
    if expected is None:
        return None  # not a template: its braces are text, nothing to compare
    if found is None:
        return "is not a valid {placeholder} template"
    if found != expected:
        return f"has placeholders {found}, the English has {expected}"
    return None


def check(root: Path = ROOT) -> list[str]:
    """Every problem of the catalogs: missing or obsolete entries, placeholders that differ."""
    problems: list[str] = []
    msgids = [message.msgid for message in extract(root)]
    wanted = set(msgids)
    for language in LANGUAGES:
        path = _catalog_path(root, language)
        name = _relative(root, path)
        if not path.exists():
            problems.append(f"{name}: missing (run: python -m build.i18n extract)")
            continue
        try:
            catalog = read_po(path.read_text(encoding="utf-8"))
        except CatalogError as error:
            problems.append(f"{name}: {error}")
            continue
        for msgid in msgids:
            if msgid not in catalog:
                problems.append(f"{name}: not extracted yet: {msgid!r}")
            elif not catalog[msgid]:
                problems.append(f"{name}: untranslated: {msgid!r}")
        for msgid, msgstr in catalog.items():
            if msgid not in wanted:
                problems.append(f"{name}: obsolete: {msgid!r}")
            elif msgstr and (problem := _placeholder_problem(msgid, msgstr)):
                problems.append(f"{name}: translation of {msgid!r} {problem}: {msgstr!r}")
    return problems


def compile_catalogs(out_dir: Path, root: Path = ROOT) -> list[Path]:
    """Write ``out_dir/LANG.json`` (translated entries, compact, sorted keys) for each language.

    Raises :class:`CatalogError` for a translation whose placeholders differ from the
    English: it would break the screen that shows it. Missing translations are left out (the
    app falls back to English).
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for language in LANGUAGES:
        path = _catalog_path(root, language)
        catalog = read_po(path.read_text(encoding="utf-8"))
        translated = {msgid: msgstr for msgid, msgstr in catalog.items() if msgstr}
        for msgid, msgstr in translated.items():
            problem = _placeholder_problem(msgid, msgstr)
            if problem:
                raise CatalogError(f"{path.name}: translation of {msgid!r} {problem}")
        target = out_dir / f"{language}.json"
        target.write_text(
            json.dumps(translated, ensure_ascii=False, separators=(",", ":"), sort_keys=True),
            encoding="utf-8",
        )
        written.append(target)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    summary = __doc__.split("\n")[0]
    parser = argparse.ArgumentParser(prog="python -m build.i18n", description=summary)
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository (default: ours)")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("extract", help="update assets/i18n/*.po from the sources")
    commands.add_parser("check", help="exit 1 if a catalog is incomplete, stale or wrong")
    compile_command = commands.add_parser("compile", help="write OUTDIR/LANG.json")
    compile_command.add_argument("out_dir", type=Path, metavar="OUTDIR")
    fill_command = commands.add_parser("fill", help="set translations from a JSON file")
    fill_command.add_argument("translations", type=Path, metavar="FILE.json")
    args = parser.parse_args(argv)
    root: Path = args.root.resolve()
    try:
        if args.command == "extract":
            warnings: list[str] = []
            total = len(extract(root, warnings))
            for warning in warnings:
                print(f"warning: {warning}", file=sys.stderr)
            for language, (added, obsolete) in update_catalogs(root).items():
                print(f"{language}.po: {total} msgids, {len(added)} new, {len(obsolete)} removed")
                for msgid in added:
                    print(f"  + {msgid!r}")
                for msgid in obsolete:
                    print(f"  - {msgid!r} (obsolete, removed)")
            return 0
        if args.command == "check":
            warnings = []
            extract(root, warnings)
            for warning in warnings:
                print(f"warning: {warning}", file=sys.stderr)
            problems = check(root)
            for problem in problems:
                print(problem)
            if problems:
                print(
                    f"{len(problems)} problem(s); run `python -m build.i18n extract`, then "
                    "translate the empty msgstr lines",
                    file=sys.stderr,
                )
                return 1
            print("catalogs complete: " + ", ".join(f"{lang}.po" for lang in LANGUAGES))
            return 0
        if args.command == "fill":
            unknown = fill_catalogs(json.loads(args.translations.read_text(encoding="utf-8")), root)
            for msgid in unknown:
                print(f"not in the catalog (run extract first?): {msgid}", file=sys.stderr)
            return 1 if unknown else 0
        for path in compile_catalogs(args.out_dir, root):
            print(path)
        return 0
    except CatalogError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
