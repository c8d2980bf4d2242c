"""Security in headless Chromium: hostile player names stay text, and the app runs under its
Content-Security-Policy (index.html) without a single violation.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Dialog, FilePayload, Page

from appdriver import PageWatch, on_screen, open_app, tap
from build.serve import BackgroundServer
from dadoteca.playout import random_match
from dadoteca_web.screens import GAME_UIS

GAMES = list(GAME_UIS)
# At most 40 characters each (the form's and the records' limit). The first plays as a computer.
HOSTILE = (
    "<iframe onload=alert(3)>'",
    '"><img src=x onerror=alert(1)>',
    "<script>alert(2)</script>&amp;",
)
KINDS = ("easy", "human", "human")

# The simple player of every game: the first of these that the screen offers, in this order
# (none while a computer plays: its sheet is on show, legal cells and all).
NEXT_TAP = """() => document.querySelector("#region-prompt .bot-turn") ? null : (
  document.querySelector("#region-controls [data-act=roll]") ||
  document.querySelector("#region-controls [data-act=confirm]:not([disabled])") ||
  document.querySelector("#play .legal[data-act]:not(.answered *)") ||
  document.querySelector("#region-controls [data-act=stop]") ||
  document.querySelector("#region-controls [data-act=done]") ||
  document.querySelector("#region-controls .answer-line:not(.answered) [data-row=none]") ||
  document.querySelector("#region-controls [data-act=pass]"))
"""
TAP_NEXT = f"""async () => {{
  const el = ({NEXT_TAP})();
  if (el) {{ el.click(); await window.dadotecaTable.settled(); }}
  return el !== null;
}}"""
# Anything a name could have smuggled into the page: elements, handlers, a new script.
INJECTED = """(scripts) =>
  document.querySelectorAll("img, iframe").length +
  [...document.querySelectorAll("*")]
    .filter((e) => [...e.attributes].some((a) => a.name.startsWith("on"))).length +
  (document.scripts.length - scripts)
"""
# Every text the prompt shows, as it comes (a computer's turn can be over before a test looks).
KEEP_PROMPTS = """
window.promptsShown = [];
document.addEventListener("DOMContentLoaded", () => {
  const prompt = document.getElementById("region-prompt");
  new MutationObserver(() => window.promptsShown.push(prompt.innerText.trim()))
    .observe(prompt, { childList: true, subtree: true, characterData: true });
});
"""
# Recorded from the first byte of the page on.
LISTEN_FOR_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}`);
});
"""


def start(page: Page, game: str, names: list[str], kinds: list[str]) -> None:
    page.check(f"#setup input[name=game][value={game}]")
    page.select_option("#player-count", str(len(names)))
    for index, (name, kind) in enumerate(zip(names, kinds, strict=True)):
        page.fill(f"#setup input[name=player] >> nth={index}", name)
        page.select_option(f"#setup .seat-kind >> nth={index}", kind)
    page.select_option("#first-player", "0")
    page.click("#setup button[type=submit]")
    on_screen(page, "play")


def next_tap(page: Page) -> None:
    """Wait until the table waits for a person (not a computer), then for the next tap."""
    page.wait_for_function(f"({NEXT_TAP})() !== null || !!document.querySelector('.winners')")


def play_some(page: Page, taps: int) -> None:
    """``taps`` taps of the simple player (fewer if the game ends first)."""
    for _ in range(taps):
        next_tap(page)
        if not page.evaluate(TAP_NEXT):
            return


def import_record(page: Page, record: dict[str, object], *, replacing: bool = False) -> None:
    """Import ``record``; ``replacing`` a game in play, say yes when the app asks first."""
    text = json.dumps(record).encode()
    payload = FilePayload(name="game.json", mimeType="application/json", buffer=text)
    page.set_input_files("#import-file", files=[payload])
    if replacing:
        tap(page, "#confirm-yes")


@pytest.mark.parametrize("game", GAMES)
def test_hostile_names_are_shown_as_text_everywhere(
    page: Page, server: BackgroundServer, watch: PageWatch, game: str
) -> None:
    dialogs: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    page.add_init_script(KEEP_PROMPTS)
    open_app(page, f"{server.url}?seed=5&pace=0.3")
    scripts = page.evaluate("document.scripts.length")
    start(page, game, list(HOSTILE), list(KINDS))
    for index, name in enumerate(HOSTILE):  # the setup keeps them as typed
        assert page.input_value(f"#setup input[name=player] >> nth={index}") == name
    # The computer sits first: the table watches it play, named as written (its turn may be
    # over by now: the prompts shown were kept as they came; before its first roll the others
    # are offered to start instead, on the prompt's next line).
    page.wait_for_function(
        "(text) => window.promptsShown.some((shown) => shown.split('\\n')[0] === text)",
        arg=f"{HOSTILE[0]} (computer) is playing…",
    )
    next_tap(page)
    asked = page.inner_text("#region-prompt") + page.inner_text("#region-controls")
    assert any(name in asked for name in HOSTILE[1:])
    play_some(page, 12)
    # Their text, not as laid out: a sheet not shown is under content-visibility: hidden, whose
    # innerText is empty until the page has drawn it ahead in an idle moment (on a busy machine,
    # not yet after 12 taps).
    owners = page.locator("#play .owner").all_text_contents()
    for name in HOSTILE:  # every sheet, the computer's too
        assert any(owner.startswith(name) for owner in owners), (name, owners)
    assert page.evaluate(INJECTED, scripts) == 0

    # The end screen of an imported finished game: scores and headline.
    record = random_match(game, 3, 11).record()
    kinds = ["bot:easy", "human", "human"]
    record["seats"] = [{"name": n, "kind": k} for n, k in zip(HOSTILE, kinds, strict=True)]
    import_record(page, record, replacing=True)
    on_screen(page, "over")
    rows = page.locator("#region-scores tbody th[scope=row]").all_inner_texts()
    assert [row.removesuffix(" ★") for row in rows] == list(HOSTILE)
    winners = page.inner_text("#region-scores .winners")
    assert any(name in winners for name in HOSTILE)
    assert page.evaluate(INJECTED, scripts) == 0
    assert dialogs == []
    assert watch.errors == []


def test_the_app_runs_with_zero_csp_violations(
    page: Page, server: BackgroundServer, watch: PageWatch
) -> None:
    page.add_init_script(LISTEN_FOR_VIOLATIONS)
    open_app(page, f"{server.url}?seed=5&pace=0")
    assert "Content-Security-Policy" in page.content()  # the policy really is on
    # The service worker registers and the manifest loads under the policy.
    page.wait_for_function("navigator.serviceWorker.ready.then((r) => !!r.active)")
    manifest = page.context.new_cdp_session(page).send("Page.getAppManifest")
    assert manifest["errors"] == [] and "Dadoteca" in manifest["data"]
    for game in GAMES:
        start(page, game, ["Ann", "Bo"], ["human", "easy"])
        play_some(page, 10)
        page.click("[data-show-rules]")
        page.wait_for_selector("#rules .rules-text :first-child")
        page.click("#rules-close")
        with page.expect_download():
            page.click("[data-act=export]")
        page.click("[data-act=new-game]")
        tap(page, "#confirm-yes")
        on_screen(page, "setup")
    assert page.evaluate("window.cspViolations") == []
    assert watch.errors == []
    assert watch.foreign_requests(server.origin) == []
