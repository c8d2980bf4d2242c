"""The history of finished games: written when a game ends, shown by the shell even when
Python never starts, names as text, cleared only after a second tap."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, FilePayload, Page, Route, expect

from appdriver import (
    PHONE,
    PageWatch,
    hold_back,
    new_game,
    on_screen,
    open_app,
    routable_page,
    settled,
    start_game,
    stored_before_the_app,
    wait_ready,
)
from build.serve import BackgroundServer
from dadoteca.playout import random_match
from engines import IPHONE_USER_AGENT

HOSTILE = "<img src=x onerror=pwned=1><b>Zoë</b>"  # within the 40 characters of a name


def history(page: Page) -> dict[str, object]:
    text = page.evaluate("localStorage.getItem('dadoteca.history')")
    assert isinstance(text, str)
    value = json.loads(text)
    assert isinstance(value, dict)
    return value


def test_a_finished_game_is_in_the_history_the_shell_shows_before_python(
    browser: Browser, server: BackgroundServer
) -> None:
    # No service worker: page.route then sees every request, so Python can be kept out below.
    with routable_page(browser) as page:
        open_app(page, f"{server.url}?seed=3&pace=0")
        page.fill("#setup input[name=player] >> nth=0", HOSTILE)
        page.select_option("#setup .seat-kind >> nth=0", "easy")
        page.select_option("#setup .seat-kind >> nth=1", "normal")
        page.select_option("#first-player", "0")
        page.click("#setup button[type=submit]")
        on_screen(page, "over", timeout=60_000)
        games = history(page)["games"]
        assert isinstance(games, list) and len(games) == 1
        [entry] = games
        assert entry["game"] == "qwixx"
        assert [player["name"] for player in entry["players"]] == [HOSTILE, "Computer 2"]

        page.reload()  # on the end screen: the same game does not enter twice
        page.wait_for_selector("html[data-app-state=ready]")
        assert history(page)["games"] == games

        def refuse(route: Route) -> None:
            route.abort()

        page.route("**/pyodide.asm.wasm", refuse)  # Python never starts
        page.reload()
        page.click("#history-open")
        assert page.get_attribute("html", "data-app-state") != "ready"
        dialog = page.locator("#history")
        assert dialog.locator(".history-list > li").count() == 1
        text = dialog.inner_text()
        assert "Qwixx" in text and HOSTILE in text and "Computer 2 (Computer, normal)" in text
        assert dialog.locator(".history-list img, .history-list b").count() == 0
        assert page.evaluate("window.pwned") is None
        scores = [player["score"] for player in entry["players"]]
        for seat, score in enumerate(scores):
            line = dialog.locator(".history-list ul > li").nth(seat)
            assert line.inner_text().endswith(f": {score}")
            won = seat in entry["winners"]
            assert (line.get_attribute("class") == "winner") == won
        # Each winner marked as on the end screen: a star, in the page's own font.
        assert [
            mark.strip()
            for mark in dialog.locator("[role=img][aria-label=Winner]").all_inner_texts()
        ] == ["★"] * len(entry["winners"])
        page.click("#history-close")

        page.select_option("#language", "it")  # dates and words follow the language
        page.wait_for_selector("html[lang=it]")
        page.click("#history-open")
        assert "Partite finite" in dialog.inner_text()
        page.click("#history-clear")
        assert history(page)["games"] == games  # one tap asks; it does not clear
        page.click("#history-clear-yes")
        assert page.evaluate("localStorage.getItem('dadoteca.history')") is None
        assert dialog.locator(".history-list > li").count() == 0
        assert dialog.locator(".history-empty").is_visible()


def test_an_unreadable_history_is_said_and_the_app_still_starts(
    page: Page, server: BackgroundServer
) -> None:
    stored_before_the_app(page, {"dadoteca.history": '{"games": 5'})
    open_app(page, server.url)
    page.click("#history-open")
    assert page.locator("#history .history-unreadable").is_visible()
    assert not page.locator("#history .history-empty").is_visible()


# Where each piece of an element's text is drawn, in reading order: a name (<bdi>) as one
# piece, every other character as its own. Text laid out in order has them left to right.
LEFTS_JS = """(selector) => {
  const lefts = [];
  const visit = (node) => {
    for (const child of node.childNodes) {
      if (child.localName === "bdi") {
        lefts.push(child.getBoundingClientRect().left);
      } else if (child.nodeType === Node.TEXT_NODE) {
        let at = 0;
        for (const char of child.data) {
          if (/\\p{L}|\\p{N}|\\p{P}/u.test(char)) {
            const range = document.createRange();
            range.setStart(child, at);
            range.setEnd(child, at + char.length);
            lefts.push(range.getBoundingClientRect().left);
          }
          at += char.length;
        }
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        visit(child);
      }
    }
  };
  visit(document.querySelector(selector));
  return lefts;
}"""
OVERRIDE = "Anna\u202e"  # a right-to-left override, as a name of an earlier version kept it


def test_a_name_written_right_to_left_cannot_reorder_the_shell_s_sentences(
    browser: Browser, server: BackgroundServer
) -> None:
    """The history and the game coming back, shown before Python starts, from what an
    earlier version stored: the text after the name still reads left to right."""
    record = random_match("qwixx", 2, 5).record()
    record["seats"] = [{"name": OVERRIDE, "kind": "human"}, {"name": "Bo", "kind": "bot:easy"}]
    players = [{"name": OVERRIDE, "kind": "human", "score": 12}, {"name": "Bo", "score": 7}]
    entry = {
        "id": "1",
        "ended": "2026-01-02T10:00:00+00:00",
        "game": "qwixx",
        "players": players,
        "winners": [0],
    }
    stored = {"format": "dadoteca-history", "version": 1, "games": [entry]}
    with routable_page(browser) as page:
        stored_before_the_app(
            page, {"dadoteca.game": json.dumps(record), "dadoteca.history": json.dumps(stored)}
        )
        hold_back(page, "**/pyodide.asm.wasm")  # Python never starts: the shell alone is on show
        page.goto(server.url)
        page.wait_for_selector("#resume .resume-players bdi")
        lefts = page.evaluate(LEFTS_JS, "#resume .resume-players")
        assert len(lefts) == 3 and lefts == sorted(lefts), lefts  # Anna · Bo
        page.click("#history-open")
        line = "#history .history-list ul > li"
        assert page.inner_text(line).endswith(": 12")
        lefts = page.evaluate(LEFTS_JS, line)
        assert len(lefts) > 3 and lefts == sorted(lefts), lefts  # Anna: 12


def test_who_starts_offers_each_name_isolated(page: Page, server: BackgroundServer) -> None:
    page.goto(server.url)
    page.fill("#setup input[name=player] >> nth=0", OVERRIDE)
    options = page.eval_on_selector_all("#first-player option", "(all) => all.map((o) => o.text)")
    assert options[1:] == ["\u2068" + OVERRIDE + "\u2069", "\u2068Player 2\u2069"]


def finish_a_computers_game(page: Page) -> None:
    """A Qwixx game of two computers, to its end."""
    page.select_option("#setup .seat-kind >> nth=0", "easy")
    page.select_option("#setup .seat-kind >> nth=1", "normal")
    page.click("#setup button[type=submit]")
    on_screen(page, "over", timeout=60_000)


# The browser's answer on persistent storage, as a test sets it: not kept until asked.
PERSISTENCE_JS = """
window.persistAsked = 0;
let kept = false;
Object.defineProperty(StorageManager.prototype, "persisted", { value: async () => kept });
Object.defineProperty(StorageManager.prototype, "persist", {
  value: async () => { window.persistAsked += 1; kept = true; return true; },
});
"""


def test_lasting_storage_is_asked_for_once_a_game_is_finished_and_history_says_so(
    page: Page, server: BackgroundServer
) -> None:
    page.add_init_script(PERSISTENCE_JS)
    open_app(page, f"{server.url}?seed=3&pace=0")
    page.click("#history-open")
    expect(page.locator("#history .history-kept")).to_contain_text("may clear your games")
    page.click("#history-close")
    assert page.evaluate("window.persistAsked") == 0  # not installed, nothing finished: not yet
    finish_a_computers_game(page)
    page.wait_for_function("window.persistAsked === 1")
    page.click("#history-open")
    expect(page.locator("#history .history-kept")).to_contain_text("keeps your games")
    assert page.evaluate("window.persistAsked") == 1  # once: Firefox asks the player each time


def test_safari_on_an_iphone_is_told_once_that_the_home_screen_keeps_the_games(
    browser: Browser, server: BackgroundServer
) -> None:
    context = browser.new_context(viewport=PHONE, user_agent=IPHONE_USER_AGENT, locale="it-IT")
    # Safari's own flag: false in a tab (true when opened from the Home Screen).
    context.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'standalone', { get: () => false })"
    )
    page = context.new_page()
    open_app(page, server.url)
    hint = page.locator("#home-screen")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("schermata Home")  # in the player's language
    page.click("#home-screen-ok")
    expect(hint).to_be_hidden()
    page.reload()
    page.wait_for_selector("html[data-app-state=ready]")
    expect(hint).to_be_hidden()  # once
    context.close()


# No other browser is told of the Home Screen: test_app_shell.py's
# test_the_setup_comes_built_as_the_shell_shows_it_with_start_in_view_and_no_home_screen_hint.


def game_ids(page: Page) -> set[str]:
    games = history(page)["games"]
    assert isinstance(games, list)
    return {str(game["id"]) for game in games}


def test_the_whole_history_is_exported_and_imported_on_another_device(
    page: Page, touch_page: Page, server: BackgroundServer, tmp_path: Path
) -> None:
    """Two devices: two browser profiles (the warm contexts, each its own storage)."""
    first, second = page, touch_page
    for device, seed in ((first, 3), (second, 4)):
        open_app(device, f"{server.url}?seed={seed}&pace=0")
        finish_a_computers_game(device)
    watch = PageWatch().attach(second)

    first.click("#history-open")
    with first.expect_download() as download:
        first.click("#history-export")
    today = first.evaluate("new Date().toLocaleDateString('sv')")
    assert download.value.suggested_filename == f"dadoteca-history-{today}.json"
    exported = tmp_path / "history.json"
    download.value.save_as(exported)
    carried = json.loads(exported.read_text())
    # Each game with its record, so it opens again on the other device.
    assert all(game.pop("record")["format"] == "dadoteca-record" for game in carried["games"])
    assert carried == history(first)

    before = game_ids(second)
    second.click("#history-open")
    dialog = second.locator("#history")
    news = dialog.locator(".history-news")
    with second.expect_file_chooser() as chooser:
        second.click("#history-import")
    chooser.value.set_files(str(exported))
    expect(news).to_have_text("1 finished game added to the history.")
    assert dialog.locator(".history-list > li").count() == 2  # painted again, open
    assert game_ids(second) == game_ids(first) | before
    games = history(second)["games"]
    second.screenshot(path=tmp_path / "imported.png")

    damaged = json.loads(exported.read_text())
    damaged["games"][0]["players"][0]["name"] = HOSTILE * 3  # longer than a name can be
    payload = FilePayload(
        name="history.json", mimeType="application/json", buffer=json.dumps(damaged).encode()
    )
    second.set_input_files("#import-history-file", files=[payload])
    expect(news).to_have_text(
        "This file cannot be imported: Finished game 1 of the file is damaged"
    )
    assert news.get_attribute("data-kind") == "error" and news.is_visible()
    assert history(second)["games"] == games  # nothing lost, nothing added
    second.click("#history-close")
    second.click("#history-open")
    assert news.inner_text() == ""  # said once, in the dialog that asked
    assert watch.errors == []


# --- Imports that never cost a game (issue 55) -------------------------------------------------


def history_file(games: list[dict[str, object]]) -> FilePayload:
    text = json.dumps({"format": "dadoteca-history", "version": 1, "games": games})
    return FilePayload(name="history.json", mimeType="application/json", buffer=text.encode())


def another_s_game(
    number: int, ended: str, kind: str = "human", score: int = 30
) -> dict[str, object]:
    """A Qwixx game of another device, as its history keeps it once its record is gone."""
    return {
        "id": f"{number:016x}",
        "ended": ended,
        "game": "qwixx",
        "players": [
            {"name": "Cy", "kind": kind, "score": score},
            {"name": "Di", "kind": "human", "score": 20},
        ],
        "winners": [0],
    }


def stored_games(page: Page) -> list[dict[str, object]]:
    games = history(page)["games"]
    assert isinstance(games, list)
    return games


def import_history(page: Page, games: list[dict[str, object]]) -> None:
    if not page.evaluate("document.getElementById('history').open"):
        page.click("#history-open")
    page.set_input_files("#import-history-file", files=[history_file(games)])


def test_games_of_a_wrong_clock_never_push_out_this_device_s_games(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """200 games that ended in the year 9999 pushed out the device's own, and every game
    finished after them, while the import said they were added."""
    open_app(page, f"{server.url}?pace=0")
    finish_a_computers_game(page)
    own = game_ids(page)
    future = [another_s_game(number, "9999-06-01T00:00:00+00:00") for number in range(200)]
    import_history(page, future)
    question = page.locator("#confirm")
    expect(question).to_be_visible()  # over the History dialog
    expect(question).to_contain_text(
        "adding these removes 1 game of this device, the oldest. Download the history first?"
    )
    page.click("#confirm-no")
    settled(page)
    assert game_ids(page) == own
    assert page.locator("#history .history-list > li").count() == 1

    import_history(page, future)
    expect(question).to_be_visible()
    with page.expect_download() as download:
        page.click("#confirm-yes")
    assert download.value.suggested_filename.startswith("dadoteca-history-")
    kept = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert {game["id"] for game in kept["games"]} == own  # downloaded before anything went
    news = page.locator("#history .history-news")
    expect(news).to_contain_text(
        "200 finished games added to the history. 200 of them ended later than this device's "
        "clock says it is now: they are listed as ending now. 1 game of this device, the "
        "oldest, was removed to make room."
    )
    games = stored_games(page)
    assert not any(str(game["ended"]).startswith("9999") for game in games)
    page.click("#history-close")

    new_game(page)
    page.fill("#setup input[name=player] >> nth=0", "Robo")  # another game than the first
    finish_a_computers_game(page)
    games = stored_games(page)
    assert len(games) == 200 and "Robo" in json.dumps(games)  # the game finished after them
    assert watch.errors == []


def test_files_that_would_hide_the_history_are_refused_in_words(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """A seat kind of bot: and 600,000 letters passed; a second such file pushed the history
    past what the app reads back, and it was set aside with no word (the import said its
    games were in the history already)."""
    open_app(page, f"{server.url}?pace=0")
    finish_a_computers_game(page)
    stored = page.evaluate("localStorage.getItem('dadoteca.history')")
    news = page.locator("#history .history-news")
    for number in (1, 2):
        import_history(
            page, [another_s_game(number, "2026-01-01T10:00:00+00:00", "bot:" + "x" * 600_000)]
        )
        expect(news).to_have_text(
            "This file cannot be imported: Finished game 1 of the file is damaged"
        )
        assert news.get_attribute("data-kind") == "error"
    assert page.evaluate("localStorage.getItem('dadoteca.history')") == stored
    assert page.locator("#history .history-list > li").count() == 1  # still listed
    broken = "Object.keys(localStorage).filter((key) => key.startsWith('dadoteca.broken.'))"
    assert page.evaluate(broken) == []
    assert watch.errors == []


def test_a_score_no_game_can_give_is_said_and_the_window_answers(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    """A 401-digit score: the import never answered, and Start did nothing until a reload."""
    open_app(page, server.url)
    import_history(page, [another_s_game(1, "2026-01-01T10:00:00+00:00", score=10**400)])
    expect(page.locator("#history .history-news")).to_have_text(
        "This file cannot be imported: Finished game 1 of the file gives a score its game "
        "cannot end with: 100000000000…"
    )
    page.click("#history-close")
    start_game(page, ["Anna"])  # Start answers
    # A history an earlier version let such a game into: read, its statistics shown without it.
    games = [another_s_game(1, "2026-01-01T10:00:00+00:00", score=10**400)]
    games.append(another_s_game(2, "2026-01-02T10:00:00+00:00"))
    page.evaluate(
        "(text) => localStorage.setItem('dadoteca.history', text)",
        json.dumps({"format": "dadoteca-history", "version": 1, "games": games}),
    )
    page.reload()
    wait_ready(page)
    page.click("#history-open")
    stats = page.locator("#region-stats")
    expect(stats).to_contain_text("Cy")
    assert "1000000000" not in stats.inner_text()
    page.click("#history-close")
    new_game(page)
    start_game(page, ["Bo"])
    assert watch.errors == []
