"""Translations, gettext style: extract the English strings, check the catalogs, compile them.

The English text is the key (msgid). Catalogs are ``assets/i18n/LANG.po``, one per language
other than English; the browser reads them compiled to ``i18n/LANG.json`` (the layout is in
``dadoteca_web/i18n.py``, which reads it).

    python -m build.i18n extract          update assets/i18n/*.po from the sources
    python -m build.i18n check            exit 1 if a catalog is incomplete, stale or wrong
    python -m build.i18n compile OUTDIR   write OUTDIR/LANG.json ({msgid: msgstr})
    python -m build.i18n fill FILE.json   set translations: {LANG: {msgid: msgstr or [forms]}}

Where msgids come from, in this order (then file order, then line order):

1. ``t("...")`` and ``self.t("...")`` calls in ``py/dadoteca_web/**/*.py`` and
   ``py/dadoteca_games/**/*.py`` whose first argument is a string literal (``t(variable)`` is
   a look-up of a msgid extracted elsewhere), and the
   plural ones, ``t.n("... {count} die", "... {count} dice", count)`` (ngettext style);
2. the rule messages, event announcements and a first game's guide: module-level dicts named
   ``*RULES``, ``*EVENTS`` or ``*GUIDE`` in ``py/dadoteca``, ``py/dadoteca_web`` and
   ``py/dadoteca_games`` (id -> English template, a string or
   ``Plural("singular", "plural")``); the words
   the UI passes through ``t`` (module-level tuples named in ``WORD_LISTS``, e.g. Qwixx's
   ``ROW_NAMES``, and the class attributes in ``CLASS_WORDS``, e.g. a game screen's
   ``about``, the setup's words on it); and the string
   literals passed as keyword parameters to a rule error (``RuleError(...)`` or a module-level
   helper that builds one), because the front end translates every string parameter of a
   rule error before filling in its template;
3. ``index.html``: the text of elements marked ``data-i18n`` (stripped, whitespace collapsed)
   and the values of the attributes listed in ``data-i18n-attr``.

The extraction is the project's own (Babel's extractors see calls, not rule tables, word lists
or marked HTML); the ``.po`` files, their plural entries and each language's plural rule are
Babel's (a build and test tool, never shipped to the page): reading and writing gettext's
format, plural forms included, is what it is maintained for.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import string
import sys
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from gettext import c2py
from html.parser import HTMLParser
from pathlib import Path
from typing import Final

from babel import Locale
from babel.messages import pofile
from babel.messages.catalog import Catalog
from babel.messages.catalog import Message as Entry
from babel.numbers import get_decimal_symbol

from dadoteca_web.i18n import (
    DECIMAL_SYMBOL,
    LIST_PATTERNS,
    PLURAL_RULE,
    SEPARATOR,
    SOURCE_LANGUAGE,
    plural_key,
)

__all__ = [
    "LANGUAGES",
    "Message",
    "check",
    "compile_catalogs",
    "extract",
    "fill_catalogs",
    "parse_po",
    "placeholders",
    "po_text",
    "translations",
    "update_catalogs",
]

ROOT: Final = Path(__file__).resolve().parent.parent
LANGUAGES: Final = ("it", "es")
LANGUAGE_NAMES: Final = {"it": "Italian", "es": "Spanish"}
CATALOG_DIR: Final = "assets/i18n"
# The games' screens (py/dadoteca_games/<id>/view.py and its helpers) call ``t`` as the app does.
FRONT_END: Final = ("py/dadoteca_web", "py/dadoteca_games")
RULE_PACKAGES: Final = ("py/dadoteca", "py/dadoteca_web", "py/dadoteca_games")
SHELL: Final = "index.html"
# Module-level tuples of words that the UI shows through ``t(word)``.
WORD_LISTS: Final = frozenset({"ROW_NAMES", "BONUS_ROW_NAMES", "COLOURS", "FACES"})
# Class attributes the UI passes through ``t``: a game screen's ``about`` (the setup's words).
CLASS_WORDS: Final = frozenset({"about", "variant_label"})
TRANSLATE_CALLS: Final = frozenset({"t"})
PLURAL_METHOD: Final = "n"  # t.n(singular, plural, count)
PLURAL: Final = "Plural"  # Plural(singular, plural) in a RULES/EVENTS dict
RULE_ERROR: Final = "RuleError"
RULE_BREAKER: Final = "rule_breaker"  # dadoteca.core: a RuleError builder for a dict of rules
PO_WIDTH: Final = 79
# Counts up to this give every form of a plural rule its say when the rule is checked.
RULE_CHECK_COUNTS: Final = range(1000)
VOID_ELEMENTS: Final = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)


class CatalogError(ValueError):
    """A source or a catalog that cannot be read the way this tool expects."""


# --- extraction ------------------------------------------------------------------------------


@dataclass(slots=True)
class Message:
    """A msgid found in the sources, with every place (``file:line``) it was found; ``plural``
    is the English plural of a plural message (``msgid`` is then its singular)."""

    msgid: str
    references: list[str] = field(default_factory=list)
    plural: str | None = None


class _Collector:
    """Msgids in first-seen order; a msgid seen again only gains a reference."""

    def __init__(self) -> None:
        self.messages: dict[str, Message] = {}

    def add(self, msgid: str, reference: str, plural: str | None = None) -> None:
        if not msgid:
            return
        message = self.messages.setdefault(msgid, Message(msgid, plural=plural))
        if message.plural != plural:
            # One msgid is one catalog entry (gettext's rule, and Babel's key).
            raise CatalogError(
                f"{reference}: {msgid!r} has the plural {plural!r} here and {message.plural!r} "
                f"at {message.references[0]}"
            )
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


def _plural_pair(call: ast.Call) -> tuple[str, str] | None:
    """The two msgids of ``t.n("…", "…", …)`` / ``Plural("…", "…")``, if both are literals."""
    if len(call.args) < 2:
        return None
    singular, plural = _string(call.args[0]), _string(call.args[1])
    return None if singular is None or plural is None else (singular, plural)


def _is_plural_call(call: ast.Call) -> bool:
    """``t.n(…)`` or ``self.t.n(…)``: the translator's ngettext."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr != PLURAL_METHOD:
        return False
    owner = func.value
    name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", None)
    return name in TRANSLATE_CALLS


def _calls_in_order(tree: ast.AST) -> list[ast.Call]:
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    return sorted(calls, key=lambda call: (call.lineno, call.col_offset))


def _module_assignments(tree: ast.Module | ast.ClassDef) -> Iterator[tuple[str, ast.expr, int]]:
    """``(name, value, line)`` of every ``NAME = value`` / ``NAME: T = value`` at the top
    level of a module (or of a class's body)."""
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
    for path in (path for folder in FRONT_END for path in _python_files(root, folder)):
        name = _relative(root, path)
        for call in _calls_in_order(_parse_python(path)):
            reference = f"{name}:{call.lineno}"
            if _is_plural_call(call):
                pair = _plural_pair(call)
                if pair is None:
                    raise CatalogError(f"{reference}: t.n needs two string literals")
                found.add(pair[0], reference, pair[1])
            elif _callee(call) in TRANSLATE_CALLS and call.args:
                msgid = _string(call.args[0])
                if msgid is not None:
                    found.add(msgid, reference)


def _rule_error_builders(trees: Iterable[ast.Module]) -> set[str]:
    """``RuleError`` and the module-level functions that build one: defined so, or made by
    ``rule_breaker`` (``_broken = rule_breaker(RULES)``)."""
    builders = {RULE_ERROR}
    for tree in trees:
        for statement in tree.body:
            if isinstance(statement, ast.FunctionDef) and any(
                isinstance(node, ast.Call) and _callee(node) == RULE_ERROR
                for node in ast.walk(statement)
            ):
                builders.add(statement.name)
        for variable, value, _ in _module_assignments(tree):
            if isinstance(value, ast.Call) and _callee(value) == RULE_BREAKER:
                builders.add(variable)
    return builders


def _rule_messages(root: Path, found: _Collector) -> None:
    paths = [path for folder in RULE_PACKAGES for path in _python_files(root, folder)]
    trees = {path: _parse_python(path) for path in paths}
    builders = _rule_error_builders(trees.values())
    for path, tree in trees.items():
        name = _relative(root, path)
        for variable, value, line in _module_assignments(tree):
            if variable.endswith(("RULES", "EVENTS", "GUIDE")) and isinstance(value, ast.Dict):
                for key, item in zip(value.keys, value.values, strict=True):
                    if key is None:
                        continue  # **OTHER_RULES: extracted where they are written
                    reference = f"{name}:{item.lineno}"
                    message = _string(item)
                    pair = (
                        _plural_pair(item)
                        if isinstance(item, ast.Call) and _callee(item) == PLURAL
                        else None
                    )
                    if message is not None:
                        found.add(message, reference)
                    elif pair is not None:
                        found.add(pair[0], reference, pair[1])
                    else:
                        raise CatalogError(
                            f"{reference}: {variable} holds a message that is neither a string "
                            "literal nor a Plural of two"
                        )
            elif variable in WORD_LISTS and isinstance(value, ast.Tuple | ast.List):
                for element in value.elts:
                    word = _string(element)
                    if word is not None:
                        found.add(word, f"{name}:{line}")
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for variable, value, line in _module_assignments(node):
                    word = _string(value) if variable in CLASS_WORDS else None
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


# --- .po files (Babel) -----------------------------------------------------------------------

# The header's comment, for translators; Babel writes the rest of the header.
HEADER_COMMENT: Final = """\
# {language} translations of Dadoteca; the msgids are the English texts.
# Translate the msgstr lines only, and keep every {{placeholder}} as it is.
# A plural entry (msgid_plural) has a msgstr[N] for each form of the
# Plural-Forms rule; every form keeps the placeholders of msgid_plural.
# `python -m build.i18n extract` adds and removes entries as the sources
# change."""


def _version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as file:
        version: str = tomllib.load(file)["project"]["version"]
    return version


def parse_po(text: str, language: str | None = None) -> Catalog:
    """A ``.po`` file's catalog; :class:`CatalogError` for what Babel refuses (a stray line, a
    msgid without msgstr, more forms than the plural rule has)."""
    try:
        return pofile.read_po(io.StringIO(text), locale=language, abort_invalid=True)
    except pofile.PoFileError as error:
        raise CatalogError(str(error)) from error


def po_text(catalog: Catalog) -> str:
    """The text of ``catalog`` as a ``.po`` file, in its own order."""
    out = io.BytesIO()
    # Files without line numbers: a change elsewhere in a file leaves its catalogs alone.
    pofile.write_po(out, catalog, width=PO_WIDTH, include_lineno=False)
    return out.getvalue().decode("utf-8")


def _read(path: Path, language: str) -> Catalog:
    try:
        return parse_po(path.read_text(encoding="utf-8"), language)
    except CatalogError as error:
        raise CatalogError(f"{path.name}: {error}") from error


def _catalog_path(root: Path, language: str) -> Path:
    return root / CATALOG_DIR / f"{language}.po"


def _entries(catalog: Catalog) -> Iterator[Entry]:
    """The catalog's entries, the header left out."""
    return (entry for entry in catalog if entry.id)


def _key(entry: Entry) -> tuple[str, str | None]:
    """``(msgid, plural)`` as :class:`Message` has them."""
    if isinstance(entry.id, str):
        return entry.id, None
    return entry.id[0], entry.id[1]


def _forms(entry: Entry, catalog: Catalog) -> list[str]:
    """The translation: one string, or a plural entry's forms (as many as its rule has)."""
    if isinstance(entry.string, str):
        return [entry.string]
    forms = list(entry.string or ())
    return forms + [""] * (catalog.num_plurals - len(forms))


def _new_catalog(language: str, old: Catalog | None) -> Catalog:
    """An empty catalog for ``language``, keeping the header facts of the ``old`` one."""
    catalog = Catalog(
        locale=language,
        header_comment=HEADER_COMMENT.format(language=LANGUAGE_NAMES[language]),
        project="Dadoteca",
        version=_version(),
        fuzzy=False,
    )
    if old is not None:
        catalog.creation_date = old.creation_date
        catalog.revision_date = old.revision_date
        catalog.last_translator = old.last_translator
        catalog.language_team = old.language_team
        catalog.msgid_bugs_address = old.msgid_bugs_address
    return catalog


def update_catalogs(root: Path = ROOT) -> dict[str, tuple[list[str], list[str]]]:
    """Bring every catalog in step with the sources: ``{language: (added, obsolete)}``.

    Translations, flags and comments of msgids still in use are kept; their references are
    regenerated; obsolete entries are removed; entries follow the sources' order. A msgid that
    became plural (or the other way round) is a new entry.
    """
    messages = extract(root)
    report: dict[str, tuple[list[str], list[str]]] = {}
    for language in LANGUAGES:
        path = _catalog_path(root, language)
        old = _read(path, language) if path.exists() else None
        previous = {_key(entry): entry for entry in _entries(old)} if old is not None else {}
        catalog = _new_catalog(language, old)
        added: list[str] = []
        for message in messages:
            entry = previous.pop((message.msgid, message.plural), None)
            if entry is None:
                added.append(message.msgid)
            catalog.add(
                message.msgid if message.plural is None else (message.msgid, message.plural),
                entry.string if entry is not None else "",
                locations=[
                    (file, int(line))
                    for file, _, line in (ref.rpartition(":") for ref in message.references)
                ],
                flags=entry.flags if entry is not None else (),
                user_comments=entry.user_comments if entry is not None else (),
            )
        path.parent.mkdir(parents=True, exist_ok=True)
        text = po_text(catalog)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        report[language] = (added, [msgid for msgid, _ in previous])
    return report


def fill_catalogs(
    translations: Mapping[str, Mapping[str, str | list[str]]], root: Path = ROOT
) -> list[str]:
    """Set the msgstr of msgids already in the catalogs; the msgids that were not found.

    Translations arrive in batches (a new screen, a new game): one JSON file, no hand-editing
    of .po quoting. A plural entry, named by its singular msgid, takes the list of its forms.
    Run ``extract`` first, so the msgids exist.
    """
    unknown: list[str] = []
    for language, texts in translations.items():
        if language not in LANGUAGES:
            raise CatalogError(f"no catalog for language {language!r}")
        path = _catalog_path(root, language)
        catalog = _read(path, language)
        for msgid, msgstr in texts.items():
            entry = catalog.get(msgid) if msgid else None
            if entry is None:
                unknown.append(f"{language}: {msgid!r}")
            elif entry.pluralizable != isinstance(msgstr, list):
                raise CatalogError(
                    f"{language}: {msgid!r} takes "
                    + ("a list of forms" if entry.pluralizable else "one string")
                )
            else:
                entry.string = tuple(msgstr) if isinstance(msgstr, list) else msgstr
        path.write_text(po_text(catalog), encoding="utf-8")
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


def _placeholder_problems(entry: Entry, catalog: Catalog) -> Iterator[str]:
    """A translation whose placeholders are not the English ones (for a plural entry, those
    of msgid_plural, in every form): it would break the screen that shows it."""
    msgid, plural = _key(entry)
    for index, form in enumerate(_forms(entry, catalog)):
        problem = _placeholder_problem(plural or msgid, form) if form else None
        if problem:
            which = f" (form {index})" if plural is not None else ""
            yield f"translation of {msgid!r}{which} {problem}: {form!r}"


def check(root: Path = ROOT) -> list[str]:
    """Every problem of the catalogs: missing or obsolete entries, untranslated ones (a plural
    entry with any form missing), placeholders that differ."""
    problems: list[str] = []
    messages = extract(root)
    wanted = {(message.msgid, message.plural) for message in messages}
    for language in LANGUAGES:
        path = _catalog_path(root, language)
        name = _relative(root, path)
        if not path.exists():
            problems.append(f"{name}: missing (run: python -m build.i18n extract)")
            continue
        try:
            catalog = parse_po(path.read_text(encoding="utf-8"), language)
        except CatalogError as error:
            problems.append(f"{name}: {error}")
            continue
        entries = {_key(entry): entry for entry in _entries(catalog)}
        for message in messages:
            entry = entries.get((message.msgid, message.plural))
            if entry is None:
                problems.append(f"{name}: not extracted yet: {message.msgid!r}")
            elif not all(_forms(entry, catalog)):
                problems.append(f"{name}: untranslated: {message.msgid!r}")
        for key, entry in entries.items():
            if key not in wanted:
                problems.append(f"{name}: obsolete: {key[0]!r}")
            else:
                problems.extend(f"{name}: {p}" for p in _placeholder_problems(entry, catalog))
    return problems


def translations(catalog: Catalog) -> dict[str, str]:
    """The translated entries, keyed as the page reads them (``dadoteca_web/i18n.py``); a
    plural entry with a form missing is left out whole, to fall back to English."""
    compiled: dict[str, str] = {}
    for entry in _entries(catalog):
        msgid, plural = _key(entry)
        forms = _forms(entry, catalog)
        if all(forms):
            key = msgid if plural is None else plural_key(msgid, plural)
            compiled[key] = SEPARATOR.join(forms)
    return compiled


def _plural_rule(catalog: Catalog, name: str) -> str:
    """The catalog's plural rule (Plural-Forms, else Babel's for its language), checked with
    the parser the page uses: it parses, and it never picks a form the entries lack."""
    expression = catalog.plural_expr
    try:
        rule = c2py(expression)
    except ValueError as error:
        raise CatalogError(f"{name}: Plural-Forms {expression!r}: {error}") from error
    if not all(0 <= rule(count) < catalog.num_plurals for count in RULE_CHECK_COUNTS):
        raise CatalogError(f"{name}: Plural-Forms picks forms beyond its {catalog.num_plurals}")
    return expression


def list_patterns(language: str) -> str:
    """The language's patterns for a list of names, as Translator.names reads them (CLDR's,
    through Babel; the app's English is British)."""
    locale = Locale.parse("en_GB" if language == SOURCE_LANGUAGE else language)
    patterns = locale.list_patterns["standard"]
    return SEPARATOR.join(patterns[key] for key in ("2", "start", "middle", "end"))


def compile_catalogs(out_dir: Path, root: Path = ROOT) -> list[Path]:
    """Write ``out_dir/LANG.json`` (translated entries, the plural rule, the decimal symbol
    and the list patterns, compact, sorted keys) for each language.

    Raises :class:`CatalogError` for a translation whose placeholders differ from the
    English: it would break the screen that shows it. Missing translations are left out (the
    app falls back to English).
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for language in LANGUAGES:
        path = _catalog_path(root, language)
        catalog = _read(path, language)
        for entry in _entries(catalog):
            for problem in _placeholder_problems(entry, catalog):
                raise CatalogError(f"{path.name}: {problem}")
        compiled = translations(catalog)
        compiled[PLURAL_RULE] = _plural_rule(catalog, path.name)
        compiled[DECIMAL_SYMBOL] = get_decimal_symbol(language)
        compiled[LIST_PATTERNS] = list_patterns(language)
        target = out_dir / f"{language}.json"
        target.write_text(
            json.dumps(compiled, ensure_ascii=False, separators=(",", ":"), sort_keys=True),
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
