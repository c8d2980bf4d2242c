"""The shell and the app around a game: languages, rules summaries, saved games, import/export."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Browser, FilePayload, Page, ViewportSize, expect

from appdriver import (
    PHONE,
    PYTHON_RUNTIME,
    PageWatch,
    hold_back,
    nobody_crosses,
    on_screen,
    open_app,
    release_once_asked,
    routable_page,
    run_python,
    settled,
    start_game,
    tap,
    wait_ready,
)
from build.serve import BackgroundServer

APP_ROOT = Path(__file__).resolve().parents[2]


def test_the_language_follows_the_browser_and_can_be_switched(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    page.set_extra_http_headers({"Accept-Language": "es-AR"})
    page.add_init_script("Object.defineProperty(navigator, 'languages', {get: () => ['es-AR']})")
    open_app(page, f"{server.url}?seed=4")
    assert page.get_attribute("html", "lang") == "es"
    start_game(page, ["Ana", "Bo"])
    assert "Ana" in page.inner_text("#region-prompt") and "dados" in page.inner_text(
        "#region-prompt"
    )
    page.select_option("#language", "it")
    page.wait_for_function("document.querySelector('#region-prompt').innerText.includes('dadi')")
    assert page.get_attribute("html", "lang") == "it"
    page.reload()
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "it"  # the choice is remembered
    assert watch.errors == []


def changes_after_parsing_js(record: str, observed: str) -> str:
    """A script running ``record`` for each change made to the page once it was parsed (the
    shell's scripts run then), ``element`` the changed one (its change: ``type`` and
    ``attributeName``); ``observed``: the kinds of change watched besides nodes added."""
    return f"""
new MutationObserver((records) => {{
  if (document.readyState === "loading") return; // the parser's own
  for (const {{ target, type, attributeName }} of records) {{
    const element = target.nodeType === Node.ELEMENT_NODE ? target : target.parentElement;
    {record}
  }}
}}).observe(document, {{ subtree: true, childList: true, {observed} }});
"""


# The page's words rewritten once it has been parsed: each text or translated attribute
# written in an element the shell translates.
REWRITES_JS = "window.rewrites = [];" + changes_after_parsing_js(
    """const translated = type === "attributes"
      ? element.dataset.i18nAttr?.split(",").includes(attributeName)
      : element.closest("[data-i18n]");
    if (translated) window.rewrites.push(element.outerHTML.slice(0, 80));""",
    "characterData: true, attributes: true",
)
SHELL_WORDS_JS = """() => [...document.querySelectorAll("[data-i18n], [data-i18n-attr]")].map(
  (element) => [element.textContent, ...(element.dataset.i18nAttr ?? "").split(",")
    .filter(Boolean).map((name) => element.getAttribute(name))])"""


def shell_words(page: Page) -> list[list[str]]:
    """The translated texts and attributes, as shown (white space as HTML shows it)."""
    return [[" ".join(text.split()) for text in words] for words in page.evaluate(SHELL_WORDS_JS)]


def test_a_start_in_english_rewrites_none_of_the_pages_words_and_they_come_back(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """The page is written in English: a start in English leaves its words as they are (each
    write would have the first frame style and lay them out again); after Spanish, English
    shows them as they were."""
    page.add_init_script(REWRITES_JS)
    open_app(page, server.url)
    assert page.evaluate("window.rewrites") == []
    english = shell_words(page)
    page.select_option("#language", "es")
    page.wait_for_function("document.documentElement.lang === 'es'")
    assert page.evaluate("window.rewrites") != []
    assert shell_words(page) != english
    page.select_option("#language", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert shell_words(page) == english
    assert watch.errors == []


# What changed in the setup once the page had been parsed.
SETUP_CHANGES_JS = "window.setupChanges = [];" + changes_after_parsing_js(
    """if (element.closest("#setup")) {
      window.setupChanges.push(`${type} ${attributeName ?? ""} ${element.outerHTML.slice(0, 60)}`);
    }""",
    "attributes: true",
)


def start_stays_in_view(page: Page, size: ViewportSize) -> None:
    """However far the setup is scrolled, Start is whole on a screen of ``size``."""
    for scrolled in (0, 300, 100_000):
        page.evaluate("(y) => window.scrollTo(0, y)", scrolled)
        box = page.locator("#setup button[type=submit]").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def test_the_setup_comes_built_as_the_shell_shows_it_with_start_in_view_and_no_home_screen_hint(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """The seats shown, how many play and who may start are in the page as built: the shell,
    starting, changes nothing in the setup (each change would lay it out again, and hiding
    seats would move what is below them under a finger). On the phone every test has (PHONE),
    Start is in view however far the setup is scrolled (a phone turned sideways:
    test_start_is_always_in_view); and a browser other than Safari on an iPhone is not told
    of the Home Screen (that one is: test_history_shell.py)."""
    page.add_init_script(SETUP_CHANGES_JS)
    open_app(page, server.url)
    assert page.evaluate("window.setupChanges") == []
    assert page.locator("#setup .players li:visible").count() == 2
    assert page.eval_on_selector("#player-count", "select => select.value") == "2"
    starters = page.eval_on_selector_all("#first-player option", "all => all.map(o => o.text)")
    assert starters == ["Drawn at random", "\u2068Player 1\u2069", "\u2068Player 2\u2069"]
    expect(page.locator("#home-screen")).to_be_hidden()
    assert page.viewport_size == PHONE
    start_stays_in_view(page, PHONE)
    page.select_option("#player-count", "3")  # and the shell still answers the player
    assert page.locator("#setup .players li:visible").count() == 3
    assert page.locator("#first-player option").count() == 4
    assert watch.errors == []


PAGE_END_JS = """() => [
  document.documentElement.scrollHeight,
  document.querySelector("main").getBoundingClientRect().bottom + scrollY,
]"""


def page_ends_where_its_last_words_do(page: Page, screen: str) -> None:
    height, end = page.evaluate(PAGE_END_JS)
    assert height <= end + 24, (screen, height, end)  # a margin, not a blank


def test_the_page_ends_at_its_last_words_and_the_last_language_chosen_wins_over_late_catalogs(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """Scrolled to its end, a phone shows the page's last words, not a blank under them (the
    map chooser's sprite of symbols once took 150 px under every screen): in the setup and in
    play.

    Catalogs load in any order: English (none to load) chosen right after Spanish and
    Italian must not be overridden by theirs arriving later, in the shell or in the game."""
    open_app(page, f"{server.url}?seed=4")
    page_ends_where_its_last_words_do(page, "setup")
    start_game(page, ["Ana", "Bo"])
    page_ends_where_its_last_words_do(page, "play")
    page.evaluate("""() => {
      const select = document.getElementById("language");
      for (const language of ["es", "it", "en"]) {
        select.value = language;
        select.dispatchEvent(new Event("change"));
      }
    }""")
    page.wait_for_timeout(1_000)  # long enough for every catalog to have arrived
    assert page.get_attribute("html", "lang") == "en"
    assert page.get_attribute("body", "data-language") == "en"
    assert "roll the dice" in page.inner_text("#region-prompt")
    assert page.input_value("#language") == "en"
    assert watch.errors == []


# A word of the Qwixx rules summary in each language.
RULES_WORDS = [("en", "lock"), ("it", "lucchetto"), ("es", "candado")]


def test_the_rules_open_at_their_top_however_far_they_were_read_and_are_there_in_every_language(
    page: Page, server: BackgroundServer
) -> None:
    open_app(page, server.url)
    for _ in range(2):
        page.click("[data-show-rules]")
        page.wait_for_selector("#rules[open] .rules-text h2")
        assert page.evaluate("document.getElementById('rules').scrollTop") == 0
        heading = page.locator("#rules .rules-text h2").first.bounding_box()
        assert heading is not None and 0 <= heading["y"] < 640
        page.evaluate("document.getElementById('rules').scrollTop = 1e6")  # read to the end
        assert page.evaluate("document.getElementById('rules').scrollTop") > 0
        page.click("#rules-close")
    for language, word in RULES_WORDS:  # English first: the page's own, as it started
        page.select_option("#language", language)
        page.click("[data-show-rules]")
        page.wait_for_selector("#rules[open] .rules-text h2")
        text = page.inner_text("#rules .rules-text").lower()
        assert "qwixx" in text and word in text, language
        page.click("#rules-close")
        assert not page.is_visible("#rules"), language


# Quick taps on what opens and closes a dialog, some in one task, some a moment apart: each
# dialog's close event and each history.back() arrive later than the taps that caused them.
QUICK_DIALOG_TAPS = """async (count) => {
  let s = 7;
  const random = () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648; };
  const targets = ["[data-show-rules]", "#rules-close", "#history-open", "#history-close",
    ".tools [data-act=new-game]", "#confirm-no"];
  for (let tap = 0; tap < count; tap++) {
    const target = document.querySelector(targets[Math.floor(random() * targets.length)]);
    if (target && target.getClientRects().length) target.click();
    const pause = random();
    if (pause < 0.3) await new Promise((resolve) => setTimeout(resolve, 0));
    else if (pause < 0.5) await new Promise((resolve) => setTimeout(resolve, 15));
  }
}"""


def test_dialogs_opened_and_closed_quickly_take_one_step_of_history_and_never_leave(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """A phone's Back closes the dialogs open, and only they. However quickly dialogs open and
    close, the app keeps at most one step of history for them, and giving it back never leaves
    the page (before: quick taps left dozens of steps behind, each a Back press that did
    nothing, and each close gave back a step of its own)."""
    page.goto("about:blank")
    open_app(page, f"{server.url}?seed=4")
    start_game(page, ["Ana", "Bo"])
    page.evaluate("window.sameDocument = true")
    steps = page.evaluate("history.length")
    page.evaluate(QUICK_DIALOG_TAPS, 300)
    settled(page)  # a question Python was still asking is open by now
    # The rules, the history and a question may all be open (a script's clicks, unlike a
    # finger's, reach a page under a dialog): Escape closes the one on top.
    for _ in range(3):
        if not page.evaluate("document.querySelector('dialog[open]') !== null"):
            break
        page.keyboard.press("Escape")
        settled(page)
    page.wait_for_function("!document.querySelector('dialog[open]')")
    page.wait_for_function("history.state === null")  # the step is given back
    assert page.evaluate("window.sameDocument") and page.evaluate("history.length") <= steps + 1
    # Back closes what is open, and stays in the game.
    page.click("[data-show-rules]")
    page.wait_for_selector("#rules[open]")
    page.go_back()
    page.wait_for_selector("#rules:not([open])", state="attached")
    page.click(".tools [data-act=new-game]")
    page.wait_for_selector("#confirm[open]")
    page.go_back()
    page.wait_for_selector("#confirm:not([open])", state="attached")
    assert page.evaluate("window.sameDocument")
    assert page.get_attribute("body", "data-screen") == "play"
    assert watch.errors == []


def test_the_rules_come_in_the_language_chosen_while_its_catalog_loads(
    browser: Browser, server: BackgroundServer
) -> None:
    # No service worker: page.route then sees the catalog's request and can hold it back.
    with routable_page(browser, locale="en-GB") as page:
        held = hold_back(page, "**/i18n/es.json")
        open_app(page, server.url)
        page.select_option("#language", "es")
        page.click("[data-show-rules]")
        page.wait_for_selector("#rules[open] .rules-text h2")
        assert "candado" in page.inner_text("#rules .rules-text").lower()
        assert page.get_attribute("html", "lang") == "en"  # the catalog was still on the way
        page.click("#rules-close")
        release_once_asked(page, held)
        page.wait_for_selector("html[lang=es]")


def test_the_rules_open_with_the_tap_and_back_closes_them_while_their_text_is_on_the_way(
    browser: Browser, server: BackgroundServer
) -> None:
    """The rules dialog opens at the tap, so a phone's Back closes it and stays in the app, and
    the text arriving later does not open it again (before: it opened only once the text came,
    and a Back meanwhile left the app)."""
    with routable_page(browser) as page:
        held = hold_back(page, "**/assets/rules/*.html")
        open_app(page, server.url)
        page.evaluate("window.sameDocument = true")
        page.click("[data-show-rules]")
        page.wait_for_selector("#rules[open][aria-busy=true]", state="attached")
        page.go_back()
        page.wait_for_selector("#rules:not([open])", state="attached")
        # The request reaches this test through Playwright's driver, on a busy machine after
        # the page has closed the dialog (a fresh run of 1c2a46a: none held yet).
        release_once_asked(page, held)
        page.wait_for_selector("#rules[aria-busy=false] .rules-text h2", state="attached")
        assert not page.is_visible("#rules") and page.evaluate("window.sameDocument")
        # Read once, it shows at once: no second request.
        page.click("[data-show-rules]")
        expect(page.locator("#rules[open] .rules-text h2").first).to_be_visible()
        assert len(held) == 1


def rolled(page: Page, server: BackgroundServer) -> None:
    """Anna and Bo's Qwixx game on seed 6, its first roll made."""
    open_app(page, f"{server.url}?seed=6")
    start_game(page, ["Anna", "Bo"])
    tap(page, "[data-act=roll]")


def test_export_then_import_restores_the_game(
    page: Page, server: BackgroundServer, tmp_path: Path
) -> None:
    rolled(page, server)
    nobody_crosses(page)  # action 1 played
    with page.expect_download() as download:
        page.click("[data-act=export]")
    exported = tmp_path / "game.json"
    download.value.save_as(exported)
    today = page.evaluate("new Date().toLocaleDateString('sv')")  # the page's own day, ISO
    assert download.value.suggested_filename == f"qwixx-{today}.json"
    expect(page.locator("#region-notice .notice")).to_have_text(  # said, and where it went
        f"Saved as qwixx-{today}.json in this device's downloads."
    )
    record = json.loads(exported.read_text())
    assert record["format"] == "dadoteca-record" and len(record["actions"]) == 3
    page.click("[data-act=new-game]")
    tap(page, "#confirm-yes")
    on_screen(page, "setup")
    with page.expect_file_chooser() as chooser:
        page.click("[data-act=import]")
    chooser.value.set_files(str(exported))
    on_screen(page, "play")
    assert json.loads(page.evaluate("localStorage.getItem('dadoteca.game')")) == record
    assert "Anna, one white die" in page.inner_text("#region-prompt .prompt")


def test_a_file_that_is_not_utf8_is_refused_in_words_and_the_game_goes_on(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    rolled(page, server)
    before = page.evaluate("localStorage.getItem('dadoteca.game')")
    record = json.loads(before)
    record["seats"][0]["name"] = "Zoë"

    def choose(text: bytes) -> None:
        payload = FilePayload(name="game.json", mimeType="application/json", buffer=text)
        page.set_input_files("#import-file", files=[payload])

    choose(json.dumps(record, ensure_ascii=False).encode("latin-1"))  # "Zo\xeb": not UTF-8
    page.wait_for_selector("#region-notice .notice.error")
    assert "not UTF-8 text" in page.inner_text("#region-notice")
    assert page.evaluate("localStorage.getItem('dadoteca.game')") == before  # nothing lost
    choose(json.dumps(record, ensure_ascii=False).encode())  # the same record in UTF-8
    tap(page, "#confirm-yes")
    page.wait_for_function("document.querySelector('#region-prompt').innerText.includes('Zoë')")
    assert watch.errors == []


def test_an_error_python_catches_is_said_in_words_and_reaches_the_pages_console(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """Python lives in a worker, whose own console WebKit's and Firefox's test drivers do not
    hear: what it catches goes to the page's console, and the player is told in words."""
    open_app(page, f"{server.url}?seed=4&pace=0")
    start_game(page, ["Anna", "Bo"])
    run_python(
        page,
        "from dadoteca_web.app import App\n"
        "def broken(self, act, data):\n"
        "    raise RuntimeError('a bug in the app')\n"
        "App.handle = broken",
    )
    tap(page, "#play [data-act=roll]")
    expect(page.locator("#region-notice .notice.error")).to_contain_text(
        "Something went wrong; your game is saved."
    )
    (said,) = watch.errors
    assert said.startswith("console: Python: Traceback") and "a bug in the app" in said


# Every MutationObserver on the whole document and all it holds, and whether it still observes
# (Playwright's own watches the document's children only).
WATCH_DOCUMENT_OBSERVERS_JS = """
window.documentObservers = [];
window.MutationObserver = class extends window.MutationObserver {
  observe(target, options) {
    if (target === document && options?.subtree) window.documentObservers.push(this);
    this.observing = true;
    super.observe(target, options);
  }
  disconnect() {
    this.observing = false;
    super.disconnect();
  }
};
"""


def test_once_python_has_started_nothing_walks_every_node_the_game_paints(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """PyScript watches the whole document for Python elements added to it; the page adds
    none, and disconnects that watch once Python's worker is made (assets/page/table/python.js)."""
    page.add_init_script(WATCH_DOCUMENT_OBSERVERS_JS)
    open_app(page, f"{server.url}?seed=4")
    start_game(page, ["Ana", "Bo"])
    tap(page, "#play [data-act=roll]")
    observers = page.evaluate("window.documentObservers.map((observer) => observer.observing)")
    assert observers and not any(observers), observers  # PyScript's were there, and are off
    assert page.locator("#region-dice .die").count() == 6  # the game goes on without them
    assert watch.errors == []


def stylesheet_fonts() -> set[tuple[str, int]]:
    """Each font size (in rem or px) and weight the page's stylesheets name, with the bolder
    weight of a <strong> inside each (CSS Fonts: below 350, 400; below 550, 700; else 900)."""
    css = "".join(
        path.read_text()
        for path in [
            APP_ROOT / "index.html",
            *APP_ROOT.glob("assets/*.css"),
            *APP_ROOT.glob("py/dadoteca_games/*/style.css"),
        ]
    )
    sizes = set(re.findall(r"font-size:\s*([\d.]+(?:rem|px))", css))
    named = {400} | {int(weight) for weight in re.findall(r"font-weight:\s*(\d+)", css)}
    weights = named | {400 if w < 350 else 700 if w < 550 else 900 for w in named}
    return {(size, weight) for size in sizes for weight in weights}


def test_while_the_setup_waits_the_page_makes_the_fonts_a_game_needs(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """A font used for the first time cost a game's first frames 9-34 ms on a phone 4x slower:
    every size and weight of the stylesheets is laid out once while the setup waits, unseen,
    and the page is left as it was."""
    fonts = stylesheet_fonts()
    assert len(fonts) > 20  # the game screens' scale, in rem, and their weights
    open_app(page, server.url)
    page.wait_for_function(
        "(count) => document.documentElement.dataset.fontsAhead === String(count)"
        " && !document.querySelector('body > span[aria-hidden]')",
        arg=len(fonts),
    )
    start_game(page, ["Ann", "Bea"])
    tap(page, "#region-controls [data-act=roll]")  # and the game goes on
    assert page.locator("#region-dice .die").count() == 6
    assert not watch.errors


def test_a_game_resumed_at_start_up_makes_its_own_fonts(
    page: Page, server: BackgroundServer
) -> None:
    """Fonts are made ahead only while the setup waits: a game on screen makes its own, as it
    always did, with nothing laid out beside it."""
    open_app(page, server.url)
    start_game(page, ["Ann", "Bea"])
    page.reload()
    wait_ready(page)
    on_screen(page, "play")
    page.wait_for_timeout(500)  # idle moments, in which the setup's would have come
    assert page.get_attribute("html", "data-fonts-ahead") is None
    assert not page.locator("body > span[aria-hidden]").count()


# --- The setup: no choice changes another behind the family's back, and Start is at hand -------


def kinds(page: Page) -> list[str]:
    """Who plays each seat shown: person, or a computer's level."""
    kinds: list[str] = page.eval_on_selector_all(
        "#setup .players li:not([hidden]) .seat-kind", "all => all.map((kind) => kind.value)"
    )
    return kinds


SHEETS_ONLY = "#setup input[name=dice][value=sheets]"
COACH = "#setup input[name=coach]"


def test_sheets_only_is_not_on_offer_while_a_computer_plays_and_no_seat_changes_kind(
    page: Page, server: BackgroundServer
) -> None:
    """Sheets only needs people: with a computer at the table it is not on offer and says why
    beside it; chosen, the computers are not on offer, said under the seats. A seat a
    computer plays never becomes a person by itself."""
    open_app(page, server.url)
    page.select_option("#setup .seat-kind >> nth=1", "normal")
    sheets = page.locator(".dice-choice", has=page.locator("input[value=sheets]"))
    expect(page.locator(SHEETS_ONLY)).to_be_disabled()
    expect(sheets.locator("[data-because=computer]")).to_be_visible()
    expect(sheets.locator("[data-because=computer]")).to_have_text(
        "Not while a computer plays: computers need to see the dice."
    )
    sheets.click(force=True)  # a tap on the card chooses nothing
    assert kinds(page) == ["human", "normal"]
    assert not page.is_checked(SHEETS_ONLY)

    page.select_option("#setup .seat-kind >> nth=1", "human")
    expect(sheets.locator("[data-because=computer]")).to_be_hidden()
    page.check(SHEETS_ONLY)
    said = page.locator(".players ~ [data-because=sheets-only]")
    expect(said).to_have_text("Computers cannot play with Sheets only: they need to see the dice.")
    levels = page.eval_on_selector_all(
        "#setup .seat-kind >> nth=1 >> option", "all => all.map((o) => [o.value, o.disabled])"
    )
    assert levels == [["human", False], ["easy", True], ["normal", True], ["expert", True]]
    # A seat put away as a computer, shown again: a person, as the line under the seats says.
    page.check("#setup input[name=dice][value=app]")
    page.select_option("#player-count", "3")
    page.select_option("#setup .seat-kind >> nth=2", "easy")
    page.select_option("#player-count", "2")
    page.check(SHEETS_ONLY)
    page.select_option("#player-count", "3")
    assert kinds(page) == ["human", "human", "human"]
    expect(said).to_be_visible()


def test_hints_and_sheets_only_rule_each_other_out_in_words_and_hints_never_go_off_unseen(
    page: Page, server: BackgroundServer
) -> None:
    open_app(page, server.url)
    page.check(COACH)
    sheets = page.locator(".dice-choice", has=page.locator("input[value=sheets]"))
    expect(page.locator(SHEETS_ONLY)).to_be_disabled()
    expect(sheets.locator("[data-because=coach]")).to_have_text(
        "Not with Hints on request: the coach needs to see the dice."
    )
    page.uncheck(COACH)
    page.check(SHEETS_ONLY)
    coach = page.locator(".coach .dice-choice")
    expect(page.locator(COACH)).to_be_disabled()
    assert not page.is_checked(COACH)
    expect(coach.locator("[data-because=sheets-only]")).to_have_text(
        "Not with Sheets only: the coach needs to see the dice."
    )
    page.check("#setup input[name=dice][value=real]")
    expect(page.locator(COACH)).to_be_enabled()
    expect(coach.locator("[data-because=sheets-only]")).to_be_hidden()


def test_seats_a_game_cannot_take_are_said_to_be_put_away(
    page: Page, server: BackgroundServer
) -> None:
    """Five at Qwixx, then Diceland (1 to 4): the fifth seat goes, and the setup says so beside
    the count, until the count is chosen again."""
    open_app(page, server.url)
    page.select_option("#player-count", "5")
    said = page.locator("#setup [data-because=seats-cut]")
    expect(said).to_be_hidden()
    page.check("#setup input[name=game][value=diceland]")
    assert page.input_value("#player-count") == "4"
    expect(said).to_have_text("This game takes fewer players: the last seats were put away.")
    box = said.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]  # where the eyes are
    page.select_option("#player-count", "3")
    expect(said).to_be_hidden()


def test_who_starts_is_a_person_never_a_seat_carried_over(
    page: Page, server: BackgroundServer
) -> None:
    """Chosen, who starts moves with its person up the seats; after a game, the next setup
    draws the first player again (the last one's first seat may hold someone else now)."""
    open_app(page, f"{server.url}?seed=4&pace=0")
    page.fill("#setup input[name=player] >> nth=0", "Anna")
    page.fill("#setup input[name=player] >> nth=1", "Bruno")
    page.select_option("#first-player", "1")  # Bruno
    page.click("#setup .move-up")  # Bruno to the first seat
    assert page.eval_on_selector("#first-player", "s => s.selectedOptions[0].text") == (
        "\u2068Bruno\u2069"
    )
    page.click("#setup button[type=submit]")
    on_screen(page, "play")
    assert page.inner_text("#region-prompt .prompt") == "Bruno, roll the dice"
    page.click("[data-act=new-game]")
    tap(page, "#confirm-yes")
    on_screen(page, "setup")
    assert page.eval_on_selector("#first-player", "s => s.value") == ""
    assert page.eval_on_selector("#first-player", "s => s.selectedOptions[0].text") == (
        "Drawn at random"
    )


def test_start_is_always_in_view_on_a_phone_turned_sideways(
    page: Page, server: BackgroundServer
) -> None:
    """(Upright, PHONE, every test's viewport: in
    test_the_setup_comes_built_as_the_shell_shows_it_with_start_in_view_and_no_home_screen_hint.)"""
    sideways = ViewportSize(width=640, height=360)
    page.set_viewport_size(sideways)
    open_app(page, server.url)
    start_stays_in_view(page, sideways)


# Start tapped: the button's words and its progress bar as the next frame shows them, read in
# the tap's own task (so before Python can have answered anything).
TAP_START_JS = """() => {
  const start = document.querySelector("#setup button[type=submit]");
  start.click();
  const shown = (selector) => start.querySelector(selector).checkVisibility();
  return { words: start.innerText, progress: shown(".start-progress") };
}"""


def test_start_answers_a_tap_at_once_while_python_loads_and_once_it_has(
    browser: Browser, server: BackgroundServer
) -> None:
    # No service worker: its cache would answer Python's files before the route could hold them.
    context = browser.new_context(viewport=PHONE, has_touch=True, service_workers="block")
    page = context.new_page()
    held = hold_back(page, PYTHON_RUNTIME)
    page.goto(server.url)
    page.wait_for_selector("#setup button[type=submit]", state="visible")
    assert page.evaluate(TAP_START_JS) == {"words": "Starting…", "progress": True}
    page.tap("#setup button[type=submit]")  # again: the game is already coming
    release_once_asked(page, held)
    page.unroute(PYTHON_RUNTIME)
    wait_ready(page)
    on_screen(page, "play")
    page.click("[data-act=new-game]")
    tap(page, "#confirm-yes")
    on_screen(page, "setup")
    assert page.inner_text("#setup button[type=submit]") == "Start the game"
    assert page.evaluate(TAP_START_JS) == {"words": "Starting…", "progress": False}
    on_screen(page, "play")
    context.close()
