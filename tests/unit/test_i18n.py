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
from babel.messages.catalog import Catalog

from build import i18n as tool
from dadoteca.bots import BOT_RULES
from dadoteca.core import CORE_RULES, Plural, RuleError, Template
from dadoteca.games import GAMES, game_folder
from dadoteca.match import RECORD_RULES
from dadoteca_games.diceland.rules import RULES as DICELAND_RULES
from dadoteca_games.qwixx.rules import ROW_NAMES
from dadoteca_games.qwixx.rules import RULES as QWIXX_RULES
from dadoteca_web.app import App
from dadoteca_web.i18n import (
    DECIMAL_SYMBOL,
    ENGLISH_RULE,
    LIST_PATTERNS,
    PLURAL_RULE,
    SEPARATOR,
    Translator,
    plural_key,
)
from dadoteca_web.storage import SAVE_RULES, GameStore, MemoryStore

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("it", "es")


def _catalog(language: str) -> dict[str, str]:
    """The translated entries of a real catalog, keyed as compiled."""
    text = (ROOT / f"assets/i18n/{language}.po").read_text("utf-8")
    return tool.translations(tool.parse_po(text, language))


def _key(template: Template) -> str:
    return plural_key(*template) if isinstance(template, Plural) else template


def _compiled(paths: list[Path]) -> dict[str, dict[str, str]]:
    """Compiled catalogs as the page gets them: ``tool.compile_catalogs(…)`` read back."""
    return {path.stem: json.loads(path.read_text("utf-8")) for path in paths}


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
    messages: list[Template] = [*CORE_RULES.values(), *RECORD_RULES.values(), *SAVE_RULES.values()]
    messages += [*BOT_RULES.values(), *ROW_NAMES]
    messages += [text for game in GAMES.values() for text in game.rules.values()]
    missing = [message for message in messages if not catalog.get(_key(message))]
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders_and_format(language: str) -> None:
    for msgid, msgstr in _catalog(language).items():
        english = msgid.split(SEPARATOR)[-1]  # a plural entry's forms have its plural's fields
        for form in msgstr.split(SEPARATOR):
            assert _fields(form) == _fields(english), (msgid, form)
            values = {name: f"<{name}>" for name in _fields(english)}
            filled = form.format(**values)
            assert all(value in filled for value in values.values()), (msgid, form)


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_are_not_left_in_english(language: str) -> None:
    """Some words are the same in both languages; whole English sentences are a slip."""
    same = [
        msgid
        for msgid, msgstr in _catalog(language).items()
        if msgstr == msgid and max(len(text.split()) for text in msgid.split(SEPARATOR)) > 2
    ]
    assert same == []


def test_compiled_catalogs(tmp_path: Path) -> None:
    written = tool.compile_catalogs(tmp_path / "i18n")
    assert [path.name for path in written] == [f"{language}.json" for language in LANGUAGES]
    for language, path in zip(LANGUAGES, written, strict=True):
        text = path.read_text("utf-8")
        compiled = json.loads(text)
        # Italian and Spanish have English's plural rule (Babel's): built into the page; and
        # write decimals with a comma (Babel's symbol).
        decimal = "." if language == "en" else ","
        # Lists of names the CLDR way ("Anna, Bo e Cy"): Babel's patterns.
        joined = {"it": "{0} e {1}", "es": "{0} y {1}", "en": "{0} and {1}"}[language]
        assert compiled == {
            **_catalog(language),
            PLURAL_RULE: ENGLISH_RULE,
            DECIMAL_SYMBOL: decimal,
            LIST_PATTERNS: SEPARATOR.join([joined, "{0}, {1}", "{0}, {1}", joined]),
        }
        names = Translator(language, {language: compiled}).names(["A", "B", "C"])
        assert names == joined.format("A, B", "C")
        assert Translator(language, {language: compiled}).decimal(3.14159) == f"3{decimal}1"
        assert (
            compiled[plural_key("Reroll {count} die", "Reroll {count} dice")].count(SEPARATOR) == 1
        )  # two forms
        assert list(compiled) == sorted(compiled)
        assert text == json.dumps(
            compiled, ensure_ascii=False, separators=(",", ":"), sort_keys=True
        )


def test_the_app_translates_a_rule_error_with_the_compiled_catalog(tmp_path: Path) -> None:
    t = Translator("it", _compiled(tool.compile_catalogs(tmp_path)))
    error = RuleError("qwixx.row_locked", QWIXX_RULES["qwixx.row_locked"], row="green")
    assert "verde" in t.rule(error)
    assert "green" not in t.rule(error)


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "Use your 1 red die: cross exactly 1 cell", "Use all 2 red dice: cross exactly 2"),
        ("it", "Usa 1 dado di colore rosso: segna esattamente 1 casella", "2 dadi di colore"),
        ("es", "Usa 1 dado de color rojo: marca exactamente 1 casilla", "2 dados de color"),
    ],
)
def test_a_rule_error_with_a_count_takes_the_form_of_its_count(
    tmp_path: Path, language: str, one: str, two: str
) -> None:
    t = Translator(language, _compiled(tool.compile_catalogs(tmp_path)))
    template = DICELAND_RULES["diceland.wrong_count"]
    assert t.rule(RuleError("diceland.wrong_count", template, count=1, colour="red")) == one
    assert two in t.rule(RuleError("diceland.wrong_count", template, count=2, colour="red"))
    english = RuleError("diceland.wrong_count", template, count=1, colour="red").message
    assert english == "Use your 1 red die: cross exactly 1 cell"


def test_translating_an_error_imports_no_engine() -> None:
    """A rule error carries its template: the translator needs no rule table, so importing it
    pulls in neither the games, nor the bots (whose import reads a values file), nor storage.
    Nor does a plural of Italian parse its rule: it is English's, built in."""
    code = (
        "import sys, dadoteca_web.i18n as i18n; "
        "t = i18n.Translator('it', {'it': {i18n.PLURAL_RULE: i18n.ENGLISH_RULE}}); "
        "assert t.n('{count} die', '{count} dice', 2) == '2 dice'; "
        "print(sorted(m for m in sys.modules if m.startswith(('dadoteca', 'gettext'))))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT / "py")},
    ).stdout
    assert loaded.strip() == "['dadoteca', 'dadoteca.core', 'dadoteca_web', 'dadoteca_web.i18n']"


# Reroll 1 die, reroll 2 dice, the first two columns' heads, the first cell.
SCREEN_PLURALS = {
    "en": ("Reroll 1 die", "Reroll 2 dice", "1-die column", "2-dice column", "cat, 1 die: 1 point"),
    "it": (
        "Rilancia 1 dado",
        "Rilancia 2 dadi",
        "colonna da 1 dado",
        "colonna da 2 dadi",
        "gatto, 1 dado: 1 punto",
    ),
    "es": (
        "Volver a tirar 1 dado",
        "Volver a tirar 2 dados",
        "columna de 1 dado",
        "columna de 2 dados",
        "gato, 1 dado: 1 punto",
    ),
}


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_a_screen_says_1_die_and_2_dice_in_every_language(tmp_path: Path, language: str) -> None:
    """My Shelfie's sheet and reroll button, rendered by the app with the compiled catalogs."""
    one_die, two_dice, one_column, two_column, first_cell = SCREEN_PLURALS[language]
    t = Translator(language, _compiled(tool.compile_catalogs(tmp_path)))
    app = App(GameStore(MemoryStore()), t, lambda: 9)
    app.start(["Ann", "Bo"], 7, game="shelfie")
    app.handle("roll", {})
    app.handle("die", {"die": "0"})
    regions = app.regions()
    assert f'aria-label="{one_die}"' in regions["controls"]
    board = regions["board"]
    assert f'aria-label="{one_column}"' in board and f'aria-label="{two_column}"' in board
    assert f'aria-label="{first_cell}"' in board
    app.handle("die", {"die": "1"})
    assert f'aria-label="{two_dice}"' in app.regions()["controls"]


# --- the translator's plurals ----------------------------------------------------------------


def test_plurals_fall_back_to_english_forms() -> None:
    for t in (Translator("en", {}), Translator("it", {"it": {"Roll": "Lancia"}})):
        assert t.n("{count} die", "{count} dice", 1) == "1 die"
        assert t.n("{count} die", "{count} dice", 0) == "0 dice"
        assert t.n("{name}: {count} die", "{name}: {count} dice", 2, name="Ann") == "Ann: 2 dice"


def test_plurals_follow_the_catalogs_rule_with_any_number_of_forms() -> None:
    """Three forms, by a rule of the kind Polish has: gettext's parser runs any such rule."""
    rule = "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"
    forms = SEPARATOR.join(["{count} kostka", "{count} kostki", "{count} kostek"])
    catalog = {PLURAL_RULE: rule, plural_key("{count} die", "{count} dice"): forms}
    t = Translator("it", {"it": catalog})
    said = [t.n("{count} die", "{count} dice", n) for n in (1, 2, 5, 22, 112)]
    assert said == ["1 kostka", "2 kostki", "5 kostek", "22 kostki", "112 kostek"]
    assert t(Plural("{count} die", "{count} dice"), count=3) == "3 kostki"


def test_a_damaged_plural_rule_falls_back_to_the_english_one() -> None:
    key = plural_key("{count} die", "{count} dice")
    t = Translator("it", {"it": {PLURAL_RULE: "import os", key: "{count} dado\0{count} dadi"}})
    assert [t.n("{count} die", "{count} dice", n) for n in (1, 2)] == ["1 dado", "2 dadi"]


# --- the .po files, through Babel ------------------------------------------------------------


def test_po_round_trip_keeps_escapes_plurals_and_comments() -> None:
    tricky = [
        'Say "hello"',
        "a back\\slash, a \\n that is no newline",
        "two\nlines\n",
        "tab\there",
        "a long message " * 12 + "{placeholder}",
        "an accented città, ¿qué tal? — «sì»",
    ]
    catalog = Catalog(locale="it")
    for n, msgid in enumerate(tricky):
        catalog.add(msgid, msgid.upper(), locations=[("x.py", n + 1)], user_comments=[f"note {n}"])
    catalog.add(("{count} die", "{count} dice"), ("{count} dado", "{count} dadi"), [("y.py", 1)])
    text = tool.po_text(catalog)
    assert 'msgid_plural "{count} dice"' in text and 'msgstr[1] "{count} dadi"' in text
    again = tool.parse_po(text, "it")
    # Files without line numbers: a change elsewhere in a file leaves its catalogs alone.
    assert [(m.id, m.string, [f for f, _ in m.locations], m.user_comments) for m in again] == [
        (m.id, m.string, [f for f, _ in m.locations], m.user_comments) for m in catalog
    ]
    assert all(line is None for m in again for _, line in m.locations)
    assert tool.po_text(again) == text
    assert tool.translations(again) == {
        **{msgid: msgid.upper() for msgid in tricky},
        plural_key("{count} die", "{count} dice"): "{count} dado\0{count} dadi",
    }


@pytest.mark.parametrize(
    "text",
    [
        'msgid "a"\nmsgid_plural "as"\nmsgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""\n',  # 3 forms
        'msgid "a"\nmsgstr "x"\nmsgfoo "y"\n',
        'msgid "a"\n',  # no msgstr
        '"stray"\n',
    ],
)
def test_po_reader_refuses_what_babel_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        tool.parse_po(text, "it")


# --- extraction, check and compile on a made-up project --------------------------------------


def _project(root: Path) -> None:
    web = root / "py/dadoteca_web"
    rules = root / "py/dadoteca"
    web.mkdir(parents=True)
    rules.mkdir(parents=True)
    (web / "view.py").write_text(
        "def show(t, name, n):\n"
        "    a = f\"<p>{t('Hello {name}', name=name)}</p>\"\n"
        '    return a + self.t("Roll" " the dice") + t(name) + t("Hello {name}")\n'
        "def dice(t, n):\n"
        '    return t.n("{count} die", "{count} dice", n)\n',
        "utf-8",
    )
    (rules / "game.py").write_text(
        "from typing import Final\n"
        "ROW_NAMES: Final = ('red', 'blue')\n"
        "GAME_RULES: Final[dict[str, str]] = {\n"
        '    "g.one": "The {row} row is locked",\n'
        '    "g.two": ("Two "\n'
        '              "lines"),\n'
        '    "g.three": Plural("{count} {row} cross", "{count} {row} crosses"),\n'
        "}\n"
        "ALL_RULES: Final = {**GAME_RULES}\n"
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


def _translate_all(root: Path, change: dict[str, str | list[str]] | None = None) -> None:
    """Every entry of both made-up catalogs translated ("IT …"), then ``change`` applied."""
    for language in LANGUAGES:
        path = root / f"assets/i18n/{language}.po"
        catalog = tool.parse_po(path.read_text("utf-8"), language)
        for entry in list(catalog)[1:]:
            ids = (entry.id,) if isinstance(entry.id, str) else entry.id
            texts = tuple(f"IT {msgid}" for msgid in ids)
            entry.string = texts if entry.pluralizable else texts[0]
        path.write_text(tool.po_text(catalog), "utf-8")
    if change:
        tool.fill_catalogs(dict.fromkeys(LANGUAGES, change), root)


def test_extract_finds_every_kind_of_msgid_in_source_order(tmp_path: Path) -> None:
    _project(tmp_path)
    messages = tool.extract(tmp_path)
    assert [(m.msgid, m.plural) for m in messages] == [
        ("Hello {name}", None),
        ("Roll the dice", None),
        ("{count} die", "{count} dice"),
        ("red", None),
        ("blue", None),
        ("The {row} row is locked", None),
        ("Two lines", None),
        ("{count} {row} cross", "{count} {row} crosses"),
        ("seat kind", None),
        ("Dice games", None),
        ("Name", None),
        ("Player", None),
        ("Tap & play", None),
    ]
    assert messages[0].references == ["py/dadoteca_web/view.py:2", "py/dadoteca_web/view.py:3"]


def test_extract_refuses_one_msgid_as_plain_and_plural(tmp_path: Path) -> None:
    _project(tmp_path)
    with (tmp_path / "py/dadoteca_web/view.py").open("a", encoding="utf-8") as view:
        view.write('def one(t):\n    return t("{count} die", count=1)\n')
    with pytest.raises(ValueError, match=re.escape("view.py:7: '{count} die'")):
        tool.extract(tmp_path)


def test_extract_check_and_compile_on_a_project(tmp_path: Path) -> None:
    _project(tmp_path)
    report = tool.update_catalogs(tmp_path)
    assert report["it"] == ([m.msgid for m in tool.extract(tmp_path)], [])
    problems = tool.check(tmp_path)
    assert any("untranslated: 'Roll the dice'" in problem for problem in problems)
    assert any("untranslated: '{count} die'" in problem for problem in problems)

    _translate_all(tmp_path, {"Hello {name}": "Ciao {nome}"})
    po = tmp_path / "assets/i18n/it.po"
    catalog = tool.parse_po(po.read_text("utf-8"), "it")
    catalog.add("Gone", "Andato")
    po.write_text(tool.po_text(catalog), "utf-8")
    problems = tool.check(tmp_path)
    assert "assets/i18n/it.po: obsolete: 'Gone'" in problems
    assert any("'Hello {name}'" in p and "{nome}" in p for p in problems)
    with pytest.raises(ValueError, match="Hello"):
        tool.compile_catalogs(tmp_path / "out", tmp_path)

    tool.fill_catalogs({"it": {"Hello {name}": "Ciao {name}"}}, tmp_path)
    report = tool.update_catalogs(tmp_path)
    assert report["it"] == ([], ["Gone"])
    assert tool.translations(tool.parse_po(po.read_text("utf-8")))["Hello {name}"] == "Ciao {name}"
    tool.fill_catalogs({"es": {"Hello {name}": "Hola {name}"}}, tmp_path)
    assert tool.check(tmp_path) == []
    (it_json, _) = tool.compile_catalogs(tmp_path / "out", tmp_path)
    compiled = json.loads(it_json.read_text("utf-8"))
    assert compiled["Tap & play"] == "IT Tap & play"
    assert compiled[PLURAL_RULE] == ENGLISH_RULE
    assert compiled["{count} die\0{count} dice"] == "IT {count} die\0IT {count} dice"


def test_check_refuses_a_plural_entry_with_a_missing_form_or_other_placeholders(
    tmp_path: Path,
) -> None:
    _project(tmp_path)
    tool.update_catalogs(tmp_path)
    _translate_all(tmp_path, {"{count} die": ["{count} dado", ""]})
    assert tool.check(tmp_path) == [
        "assets/i18n/it.po: untranslated: '{count} die'",
        "assets/i18n/es.po: untranslated: '{count} die'",
    ]
    (it_json, _) = tool.compile_catalogs(tmp_path / "out", tmp_path)
    assert "{count} die\0{count} dice" not in json.loads(it_json.read_text("utf-8"))  # English

    _translate_all(tmp_path, {"{count} {row} cross": ["{count} {row}", "{count} croci"]})
    problems = tool.check(tmp_path)
    assert len(problems) == 2
    assert (
        "translation of '{count} {row} cross' (form 1) has placeholders ['{count}']"
        in (problems[0])
    )
    with pytest.raises(ValueError, match="form 1"):
        tool.compile_catalogs(tmp_path / "out", tmp_path)
    with pytest.raises(ValueError, match="takes a list of forms"):
        tool.fill_catalogs({"it": {"{count} die": "{count} dadi"}}, tmp_path)


def test_the_compiled_plurals_are_what_the_translator_reads(tmp_path: Path) -> None:
    _project(tmp_path)
    tool.update_catalogs(tmp_path)
    _translate_all(tmp_path, {"{count} die": ["{count} dado", "{count} dadi"]})
    t = Translator("it", _compiled(tool.compile_catalogs(tmp_path / "out", tmp_path)))
    said = [t.n("{count} die", "{count} dice", n) for n in (0, 1, 2)]
    assert said == ["0 dadi", "1 dado", "2 dadi"]


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
OWN_DICE_HEADING = {"en": "Your own dice", "it": "I vostri dadi", "es": "Vuestros dados"}
# What "Sheets only" leaves to the table, said in every summary (issue "Real dice").
NOT_CHECKED = {
    "en": "not check the dice",
    "it": "Non controlla i dadi",
    "es": "No comprueba los dados",
}


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
    path = game_folder(game) / f"rules.{language}.html"
    html = path.read_text("utf-8")
    parser = _Summary()
    parser.feed(html)
    parser.close()
    assert parser.problems == []
    assert parser.open == []
    text = " ".join("".join(parser.text).split())
    # The last section is how the app is played; the rules before it stay a short read.
    rules, _, in_the_app = text.rpartition(APP_HEADING[language])
    in_the_app, _, own_dice = in_the_app.partition(OWN_DICE_HEADING[language])
    assert 150 <= len(rules.split()) <= 320
    assert len(in_the_app.split()) <= 80
    assert len(own_dice.split()) <= 90
    assert NOT_CHECKED[language] in own_dice
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
    catalog = tool.translations(tool.parse_po((tmp_path / "assets/i18n/it.po").read_text("utf-8")))
    assert catalog["Roll the dice"] == "Lancia i dadi" and "Not a msgid" not in catalog
    with pytest.raises(ValueError, match="fr"):
        tool.fill_catalogs({"fr": {}}, tmp_path)
