"""The translations: catalogs complete and well formed, the tool that keeps them, the summaries.

``test_catalogs_are_complete`` is the one that fails when someone adds an English string and
nobody translates it: run ``python -m build.i18n extract``, fill in the empty msgstr lines of
``assets/i18n/it.po`` and ``es.po``, and run ``python -m build.i18n check``.
"""

from __future__ import annotations

import json
import re
import string
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from build import i18n as tool
from dadoteca.bots import BOT_RULES
from dadoteca.core import CORE_RULES, RuleError
from dadoteca.games import GAMES
from dadoteca.match import RECORD_RULES
from dadoteca.qwixx import ROW_NAMES
from dadoteca.qwixx import RULES as QWIXX_RULES
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import SAVE_RULES

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("it", "es")


def _catalog(language: str) -> dict[str, str]:
    catalog: dict[str, str] = tool.read_po((ROOT / f"assets/i18n/{language}.po").read_text("utf-8"))
    return catalog


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


# --- the real catalogs -----------------------------------------------------------------------


def test_catalogs_are_complete() -> None:
    """Every msgid of the sources translated, nothing obsolete, placeholders kept."""
    problems = tool.check(ROOT)
    assert problems == [], "\n".join(
        ["run `python -m build.i18n extract`, then translate:", *problems]
    )


def test_the_service_worker_says_the_page_s_own_words() -> None:
    """The page a service worker serves when its cached index.html is gone says index.html's
    words, so the catalogs it reads translate them."""
    source = (ROOT / "service-worker.js").read_text("utf-8")
    words = []
    for name in ("MISSING_TEXT", "TRY_AGAIN"):
        found = re.search(rf"const {name} = ((?:\"[^\"]*\"\s*\+?\s*)+);", source)
        assert found, name
        words.append("".join(re.findall(r'"([^"]*)"', found.group(1))))
    msgids = {message.msgid for message in tool.extract(ROOT)}
    assert set(words) <= msgids, words


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_message_is_translated(language: str) -> None:
    catalog = _catalog(language)
    messages = [*CORE_RULES.values(), *RECORD_RULES.values(), *SAVE_RULES.values()]
    messages += [*BOT_RULES.values(), *ROW_NAMES]
    messages += [text for game in GAMES.values() for text in game.rules.values()]
    missing = [message for message in messages if not catalog.get(message)]
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders_and_format(language: str) -> None:
    for msgid, msgstr in _catalog(language).items():
        assert _fields(msgstr) == _fields(msgid), (msgid, msgstr)
        values = {name: f"<{name}>" for name in _fields(msgid)}
        filled = msgstr.format(**values)
        assert all(value in filled for value in values.values()), (msgid, msgstr)


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_are_not_left_in_english(language: str) -> None:
    """Some words are the same in both languages; whole English sentences are a slip."""
    same = [
        msgid
        for msgid, msgstr in _catalog(language).items()
        if msgstr == msgid and len(msgid.split()) > 2
    ]
    assert same == []


def test_compiled_catalogs(tmp_path: Path) -> None:
    written = tool.compile_catalogs(tmp_path / "i18n")
    assert [path.name for path in written] == [f"{language}.json" for language in LANGUAGES]
    for language, path in zip(LANGUAGES, written, strict=True):
        text = path.read_text("utf-8")
        compiled = json.loads(text)
        expected = {msgid: msgstr for msgid, msgstr in _catalog(language).items() if msgstr}
        assert compiled == expected
        assert list(compiled) == sorted(compiled)
        assert text == json.dumps(
            compiled, ensure_ascii=False, separators=(",", ":"), sort_keys=True
        )


def test_the_app_translates_a_rule_error_with_the_compiled_catalog(tmp_path: Path) -> None:
    (path,) = [p for p in tool.compile_catalogs(tmp_path) if p.name == "it.json"]
    t = Translator("it", {"it": json.loads(path.read_text("utf-8"))})
    error = RuleError("qwixx.row_locked", QWIXX_RULES["qwixx.row_locked"], row="green")
    assert "verde" in t.rule(error)
    assert "green" not in t.rule(error)


def test_translating_an_error_imports_no_engine() -> None:
    """A rule error carries its template: the translator needs no rule table, so importing it
    pulls in neither the games, nor the bots (whose import reads a values file), nor storage."""
    code = (
        "import sys, dadoteca_web.i18n; "
        "print(sorted(m for m in sys.modules if m.startswith('dadoteca')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT / "py")},
    ).stdout
    assert loaded.strip() == "['dadoteca', 'dadoteca.core', 'dadoteca_web', 'dadoteca_web.i18n']"


# --- the .po reader and writer ---------------------------------------------------------------


def test_po_round_trip_keeps_escapes_and_long_lines() -> None:
    tricky = [
        'Say "hello"',
        "a back\\slash, a \\n that is no newline",
        "two\nlines\n",
        "tab\there",
        "a long message " * 12 + "{placeholder}",
        "an accented città, ¿qué tal? — «sì»",
    ]
    entries = [tool.Entry("", "Language: it\n")]
    entries += [tool.Entry(msgid, msgid.upper(), [f"x.py:{n}"]) for n, msgid in enumerate(tricky)]
    text = tool.write_po(entries)
    assert all(len(line) <= 79 for line in text.splitlines())
    again = tool.parse_po(text)
    assert [(e.msgid, e.msgstr, e.references) for e in again] == [
        (e.msgid, e.msgstr, e.references) for e in entries
    ]
    assert tool.write_po(again) == text
    assert tool.read_po(text) == {msgid: msgid.upper() for msgid in tricky}


def test_po_reader_joins_continuation_lines_and_keeps_comments() -> None:
    text = (
        "# a translator's note\n"
        "#: a.py:1 b.py:2\n"
        "#, fuzzy\n"
        'msgid ""\n'
        '"first "\n'
        '"second \\"quoted\\"\\n"\n'
        'msgstr "uno "\n'
        '"due"\n'
        "\n"
        '#~ msgid "old"\n'
        '#~ msgstr "vecchio"\n'
        'msgid "empty"\n'
        'msgstr ""\n'
    )
    (entry, empty) = tool.parse_po(text)
    assert entry.msgid == 'first second "quoted"\n'
    assert entry.msgstr == "uno due"
    assert entry.references == ["a.py:1", "b.py:2"]
    assert entry.flags == ["fuzzy"]
    assert entry.comments == ["# a translator's note"]
    assert (empty.msgid, empty.msgstr) == ("empty", "")


@pytest.mark.parametrize(
    "text",
    [
        'msgid "a \\q"\nmsgstr ""\n',  # unknown escape
        'msgid "a" "b"\nmsgstr ""\n',  # unescaped quote
        'msgid "a"\nmsgstr "x"\n\nmsgid "a"\nmsgstr "y"\n',  # duplicate
        'msgid "a"\n\nmsgstr "x"\n',  # msgid without msgstr
        'msgid "a"\nmsgid_plural "as"\nmsgstr[0] ""\n',  # plurals: not ours
        '"stray"\n',
    ],
)
def test_po_reader_refuses_what_it_cannot_read_exactly(text: str) -> None:
    with pytest.raises(ValueError):
        tool.parse_po(text)


# --- extraction, check and compile on a made-up project --------------------------------------


def _project(root: Path) -> None:
    web = root / "py/dadoteca_web"
    rules = root / "py/dadoteca"
    web.mkdir(parents=True)
    rules.mkdir(parents=True)
    (web / "view.py").write_text(
        "def show(t, name):\n"
        "    a = f\"<p>{t('Hello {name}', name=name)}</p>\"\n"
        '    return a + self.t("Roll" " the dice") + t(name) + t("Hello {name}")\n',
        "utf-8",
    )
    (rules / "game.py").write_text(
        "from typing import Final\n"
        "ROW_NAMES: Final = ('red', 'blue')\n"
        "GAME_RULES: Final[dict[str, str]] = {\n"
        '    "g.one": "The {row} row is locked",\n'
        '    "g.two": ("Two "\n'
        '              "lines"),\n'
        "}\n"
        "def _broken(rule, **params):\n"
        "    return RuleError(rule, GAME_RULES[rule], **params)\n"
        "def play(n):\n"
        '    raise _broken("g.one", row="seat kind", count=n, text=f"{n}")\n',
        "utf-8",
    )
    (root / "index.html").write_text(
        "<!doctype html><html><body>\n"
        "<h1 data-i18n>Dice\n   games</h1>\n"
        '<input data-i18n-attr="placeholder,aria-label" placeholder="Name" aria-label="Player">\n'
        "<p data-i18n>Tap &amp; play</p>\n"
        "</body></html>\n",
        "utf-8",
    )


def test_extract_finds_every_kind_of_msgid_in_source_order(tmp_path: Path) -> None:
    _project(tmp_path)
    messages = tool.extract(tmp_path)
    assert [m.msgid for m in messages] == [
        "Hello {name}",
        "Roll the dice",
        "red",
        "blue",
        "The {row} row is locked",
        "Two lines",
        "seat kind",
        "Dice games",
        "Name",
        "Player",
        "Tap & play",
    ]
    assert messages[0].references == ["py/dadoteca_web/view.py:2", "py/dadoteca_web/view.py:3"]


def test_extract_check_and_compile_on_a_project(tmp_path: Path) -> None:
    _project(tmp_path)
    report = tool.update_catalogs(tmp_path)
    assert report["it"] == ([m.msgid for m in tool.extract(tmp_path)], [])
    problems = tool.check(tmp_path)
    assert any("untranslated: 'Roll the dice'" in problem for problem in problems)

    po = tmp_path / "assets/i18n/it.po"
    entries = tool.parse_po(po.read_text("utf-8"))
    for entry in entries[1:]:
        entry.msgstr = f"IT {entry.msgid}"
    entries.append(tool.Entry("Gone", "Andato"))
    entries[1].msgstr = "Ciao {nome}"
    po.write_text(tool.write_po(entries), "utf-8")
    (tmp_path / "assets/i18n/es.po").write_text(tool.write_po(entries), "utf-8")
    problems = tool.check(tmp_path)
    assert "assets/i18n/it.po: obsolete: 'Gone'" in problems
    assert any("'Hello {name}'" in p and "{nome}" in p for p in problems)
    with pytest.raises(ValueError, match="Hello"):
        tool.compile_catalogs(tmp_path / "out", tmp_path)

    entries[1].msgstr = "Ciao {name}"
    po.write_text(tool.write_po(entries), "utf-8")
    report = tool.update_catalogs(tmp_path)
    assert report["it"] == ([], ["Gone"])
    assert tool.read_po(po.read_text("utf-8"))["Hello {name}"] == "Ciao {name}"
    (tmp_path / "assets/i18n/es.po").write_text(po.read_text("utf-8"), "utf-8")
    assert tool.check(tmp_path) == []
    (it_json, _) = tool.compile_catalogs(tmp_path / "out", tmp_path)
    assert json.loads(it_json.read_text("utf-8"))["Tap & play"] == "IT Tap & play"


def test_the_command_line_check_exits_1_on_problems(tmp_path: Path) -> None:
    _project(tmp_path)
    assert tool.main(["--root", str(tmp_path), "extract"]) == 0
    assert tool.main(["--root", str(tmp_path), "check"]) == 1
    assert tool.main(["--root", str(ROOT), "check"]) == 0


# --- the rules summaries ---------------------------------------------------------------------

ALLOWED_TAGS = {"h2", "h3", "p", "ul", "ol", "li", "strong", "em"}
KEY_PHRASES = {
    ("qwixx", "en"): ["5 crosses", "4th penalty", "-5", "78", "action 1", "action 2", "lock"],
    ("qwixx", "it"): [
        "5 crocette",
        "4° lancio a vuoto",
        "-5",
        "78",
        "lucchetto",
        "giocatore di turno",
    ],
    ("qwixx", "es"): ["5 cruces", "4.ª tirada fallida", "-5", "78", "candado", "jugador activo"],
    ("diceland", "en"): ["9 prizes", "bonus roll", "Too many dice"],
    ("diceland", "it"): ["9 caselle premio", "lancio premio", "Dadi in eccesso"],
    ("diceland", "es"): ["9 casillas", "tirada comodín", "Sobretirada"],
    ("shelfie", "en"): ["1, 2, 3, 5 and 8", "at least 3", "jolly"],
    ("shelfie", "it"): ["1, 2, 3, 5 e 8", "almeno 3", "jolly"],
    ("shelfie", "es"): ["1, 2, 3, 5 y 8", "al menos 3", "comodín"],
}

APP_HEADING = {"en": "In the app", "it": "Nell'app", "es": "En la app"}
SAME_DICE = {"en": "the same dice", "it": "gli stessi dadi", "es": "los mismos dados"}


class _Summary(HTMLParser):
    """Records every tag, attribute and anything that is not plain markup or text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.open: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ALLOWED_TAGS:
            self.problems.append(f"tag <{tag}>")
        if attrs:
            self.problems.append(f"attributes on <{tag}>: {attrs}")
        self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.problems.append(f"self-closing <{tag}/>")

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open.pop() != tag:
            self.problems.append(f"unbalanced </{tag}>")

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def handle_comment(self, data: str) -> None:
        self.problems.append("comment")

    def handle_decl(self, decl: str) -> None:
        self.problems.append(f"declaration {decl}")

    def handle_pi(self, data: str) -> None:
        self.problems.append("processing instruction")


@pytest.mark.parametrize(("game", "language"), sorted(KEY_PHRASES))
def test_rules_summary_is_safe_short_and_says_the_key_rules(game: str, language: str) -> None:
    path = ROOT / f"assets/rules/{game}.{language}.html"
    html = path.read_text("utf-8")
    parser = _Summary()
    parser.feed(html)
    parser.close()
    assert parser.problems == []
    assert parser.open == []
    text = " ".join("".join(parser.text).split())
    # The last section is how the app is played; the rules before it stay a short read.
    rules, _, in_the_app = text.rpartition(APP_HEADING[language])
    assert 150 <= len(rules.split()) <= 320
    assert len(in_the_app.split()) <= 80
    assert SAME_DICE[language] in in_the_app  # Undo never rolls again (issue "At the table")
    missing = [phrase for phrase in KEY_PHRASES[game, language] if phrase not in rules]
    assert missing == []
    assert not re.search(r"https?:|javascript:|<script|style=", html, re.IGNORECASE)


def test_fill_sets_translations_and_names_unknown_msgids(tmp_path: Path) -> None:
    _project(tmp_path)
    tool.update_catalogs(tmp_path)
    unknown = tool.fill_catalogs(
        {"it": {"Roll the dice": "Lancia i dadi", "Not a msgid": "x"}}, tmp_path
    )
    assert unknown == ["it: 'Not a msgid'"]
    catalog = tool.read_po((tmp_path / "assets/i18n/it.po").read_text("utf-8"))
    assert catalog["Roll the dice"] == "Lancia i dadi" and "Not a msgid" not in catalog
    with pytest.raises(ValueError, match="fr"):
        tool.fill_catalogs({"fr": {}}, tmp_path)
