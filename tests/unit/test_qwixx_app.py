"""Qwixx's screen driven by taps, in CPython: the white sum answered on one screen, the active
player's second action, the sheets, and the rules said in words."""

from __future__ import annotations

import json
import re

from app_support import nobody_crosses, shown_sheets
from rules_support import state_as

from dadoteca.match import Match
from dadoteca_games.qwixx.rules import PASS, RED, YELLOW, Cross, Phase, QwixxState
from dadoteca_web.app import App
from dadoteca_web.game_ui import asked_player
from dadoteca_web.i18n import Translator
from dadoteca_web.storage import GameStore, MemoryStore

ITALIAN = {
    "In action 1 you may only cross the sum of the two white dice ({sum})": (
        "Nella prima operazione puoi segnare solo la somma dei dadi bianchi ({sum})"
    ),
}


def new_app() -> App:
    return App(GameStore(MemoryStore()), Translator("en", {}), lambda: 9)


def started(names: tuple[str, ...] = ("Ann", "Bo"), seed: int = 4) -> App:
    app = new_app()
    app.start(list(names), seed)
    return app


def state_of(app: App) -> QwixxState:
    return state_as(app, QwixxState)


def test_setup_then_roll_then_everyone_answers_the_white_sum_on_one_screen() -> None:
    app = new_app()
    assert app.screen == "setup" and app.regions()["board"] == ""
    app.start(["Ann", "Bo"], seed=4)
    assert app.screen == "play"
    assert "<bdi>Ann</bdi>, roll the dice" in app.regions()["prompt"]
    app.handle("roll", {})
    state = state_of(app)
    regions = app.regions()
    assert f"White sum {state.white_sum}: everyone crosses it" in regions["prompt"]
    assert 'aria-label="\u2068Ann\u2069: no cross"' in regions["controls"]
    assert 'aria-label="\u2068Bo\u2069: no cross"' in regions["controls"]
    app.handle("answer", {"player": "1", "row": "none"})  # in any order
    app.handle("answer", {"player": "0", "row": "none"})
    assert "<bdi>Ann</bdi>, one white die plus one colour die?" in app.regions()["prompt"]
    assert "costs a penalty" in app.regions()["prompt"]


def test_the_asked_players_sheet_stays_large_and_tappable_with_nothing_legal() -> None:
    app = started()
    board = app.regions()["board"]  # before the roll: no legal cross at all
    assert 'class="sheet big' in board and 'data-act="cell"' in board
    app.handle("cell", {"row": "0", "number": "7"})
    assert "Roll the dice first" in app.regions()["notice"]


def test_a_tap_on_a_legal_number_of_a_sheet_answers_for_its_owner() -> None:
    app = started()
    app.handle("roll", {})
    total = state_of(app).white_sum
    sheets = app.regions()["others"]  # the shared screen: everyone's sheet, small
    pattern = r'class="cell legal"[^>]*data-seat="0" data-row="(\d)" data-number="(\d+)"'
    legal = re.findall(pattern, sheets)
    assert {(int(r), int(n)) for r, n in legal} == {(row, total) for row in range(4)}
    app.handle("cell", {"seat": "0", "row": "0", "number": str(total)})
    assert app.answers == {0: Cross(RED, total)}  # kept until Bo has answered too
    assert 'class="pick chosen row-red"' in app.regions()["controls"]
    app.handle("answer", {"player": "1", "row": "none"})
    assert app.match is not None and app.match.actions[-2:] == [(0, Cross(RED, total)), (1, PASS)]
    assert app.answers == {}


def test_an_illegal_tap_says_the_rule_in_the_players_language() -> None:
    app = started()
    app.handle("roll", {})
    total = state_of(app).white_sum
    wrong = 2 if total != 2 else 3
    app.handle("cell", {"row": "0", "number": str(wrong)})
    assert app.answers == {}
    assert f"only cross the sum of the two white dice ({total})" in app.regions()["notice"]
    app.t = Translator("it", {"it": ITALIAN})
    app.handle("cell", {"row": "0", "number": str(wrong)})
    assert f"solo la somma dei dadi bianchi ({total})" in app.regions()["notice"]


def test_forged_taps_are_ignored() -> None:
    app = started()
    app.handle("roll", {})
    before = app.match.record() if app.match else None
    for data in ({"row": "9", "number": "5"}, {"row": "x"}, {}, {"row": "0", "number": "99"}):
        app.handle("cell", data)
    for data in ({"player": "7", "row": "0"}, {"player": "0", "row": "9"}, {"player": "x"}):
        app.handle("answer", data)
    app.handle("no-such-act", {})
    app.handle("confirm", {})  # nothing selected: nothing happens
    assert app.match is not None and app.match.record() == before and app.answers == {}


def test_a_whole_game_by_taps_ends_with_the_scores_of_the_rules() -> None:
    """Ann always takes the first legal cross; Bo always passes; the end screen agrees."""
    app = started(seed=21)
    taps = 0
    while app.screen == "play":
        state = state_of(app)
        if state.is_chance:
            app.handle("roll", {})
        else:
            player = asked_player(state, app.answers)
            crosses = [a for a in state.legal_actions(player) if isinstance(a, Cross)]
            if player == 0 and crosses:
                cross = {"row": str(crosses[0].row), "number": str(crosses[0].number)}
                app.handle("cell", {"seat": "0", **cross})
            elif state.phase == Phase.ACTION1:
                app.handle("answer", {"player": str(player), "row": "none"})
            else:
                app.handle("pass", {})
        taps += 1
        assert taps < 2000
    final = state_of(app)
    replayed = Match.from_record(json.loads(app.export_record())).state
    assert replayed == final and final.is_terminal
    scores = app.regions()["scores"]
    for player, score in enumerate(final.scores()):
        assert f"<strong>{score}</strong>" in scores
        assert ("★" in scores.split("</tr>")[player + 1]) == (player in final.winners())
    assert "New game" in app.regions()["controls"]


def test_other_players_sheets_are_shown_small_and_not_tappable() -> None:
    app = started(("Ann", "Bo", "Cy"))
    app.handle("roll", {})
    nobody_crosses(app)  # Ann's second action: her sheet, the others' small
    others = app.regions()["others"]
    assert "data-act" not in others
    tags = re.findall(r'<section class="sheet small[^>]*data-seat="(\d)"[^>]*>', others)
    assert tags == ["0", "1", "2"]
    # Ann's own small sheet is drawn too, hidden, for when the table hands it on.
    hidden = re.findall(r'<section class="sheet small[^>]*aria-hidden="true"[^>]*>', others)
    assert len(hidden) == 1 and 'data-seat="0"' in hidden[0]
    assert "Bo" in others and "Cy" in others


def seats(sheets: list[str]) -> list[str]:
    return [re.findall(r'data-seat="(\d)"', sheet)[0] for sheet in sheets]


def test_the_shared_screen_shows_the_same_sheets_each_its_owners_to_tap() -> None:
    """A roll's white sum, everyone's at once: every sheet shown small (drawn already, for the
    players' screens before and after it), each tappable by its owner; the big ones hidden.
    When the dice were not shown, the sheet is the only way to answer: the big ones."""
    app = started(("Ann", "Bo", "Cy"))
    app.handle("roll", {})
    nobody_crosses(app)
    app.handle("pass", {})  # Bo rolls next
    app.handle("roll", {})
    regions = app.regions()
    assert app.shared and shown_sheets(regions["board"]) == []
    small = shown_sheets(regions["others"])
    assert seats(small) == ["0", "1", "2"] and all('class="sheet small' in s for s in small)
    assert all('data-act="cell"' in sheet for sheet in small)
    nobody_crosses(app)  # Bo's second action: his sheet big, the others' small, untappable
    regions = app.regions()
    assert not app.shared and seats(shown_sheets(regions["board"])) == ["1"]
    assert seats(shown_sheets(regions["others"])) == ["0", "2"]
    assert "data-act" not in regions["others"]

    unseen = new_app()
    unseen.start(["Ann", "Bo"], 5, dice="sheets")
    regions = unseen.regions()
    assert unseen.shared and shown_sheets(regions["others"]) == []
    big = shown_sheets(regions["board"])
    assert seats(big) == ["0", "1"] and all('data-act="cell"' in sheet for sheet in big)


def test_every_row_has_a_symbol_besides_its_colour() -> None:
    board = started().regions()["board"]
    for symbol in "◆●▲■":
        assert symbol in board


def test_the_penalty_hint_follows_the_engine() -> None:
    app = started()
    app.handle("roll", {})
    app.handle("answer", {"player": "0", "row": str(YELLOW)})
    app.handle("answer", {"player": "1", "row": "none"})
    assert state_of(app).deciders == (0,)
    assert "costs a penalty" not in app.regions()["prompt"]
    app.handle("pass", {})
    assert state_of(app).sheets[0].penalties == 0 and state_of(app).active == 1
    assert PASS in state_of(app).legal_actions(1) or state_of(app).is_chance


def coached(names: tuple[str, ...] = ("Papà", "Mamma", "Nonna")) -> App:
    app = new_app()
    app.start(list(names), 4, coach=True)
    app.handle("roll", {})
    return app


def test_the_numbers_a_cross_skips_are_said_in_words_never_as_minus_points() -> None:
    """A cross leaving numbers behind says "skips N" under the number, on the white sum's lines
    and the second action's options alike, and nothing there reads as a negative."""
    app = started(seed=4)
    app.handle("roll", {})
    controls = app.regions()["controls"]
    state = state_of(app)
    skipped = len(state.sheets[0].skipping(RED, state.white_sum))
    assert (
        skipped and f'<small class="skips" aria-hidden="true">skips {skipped}</small>' in controls
    )
    assert "\N{MINUS SIGN}" not in controls and re.search(r">-\d", controls) is None
    nobody_crosses(app)
    options = app.regions()["controls"]
    assert "skips " in options and "\N{MINUS SIGN}" not in options


def line_hints(line: str) -> tuple[str, list[str]]:
    """An answer line's seat, and the hints said on it."""
    seat = re.match(r'[^>]*data-seat="(\d)"', line)
    assert seat is not None
    return seat.group(1), re.findall(r'<p class="line-hint" role="status">(.*?)</p>', line)


def test_two_people_ask_for_their_own_hints_on_one_screen() -> None:
    """On the white sum's shared screen each person's line has their own Hint: Mamma's and
    Nonna's are both shown, each on its line, beside the choice it suggests; the tools offer
    no Hint that would serve whoever comes first. Gone once the moment closes."""
    app = coached()
    regions = app.regions()
    assert 'data-act="hint"' not in regions["tools"]
    lines = regions["controls"]
    for seat in ("0", "1", "2"):
        assert f'data-act="hint" data-player="{seat}"' in lines
    app.handle("hint", {"player": "1"})
    app.handle("hint", {"player": "2"})
    assert app.notice == ""  # on the lines, not in a notice over the game
    lines = app.regions()["controls"]
    said = dict(line_hints(line) for line in lines.split('<div class="answer-line')[1:])
    assert said["0"] == [] and said["1"][0].startswith("Hint for \u2068Mamma\u2069: ")
    assert said["2"][0].startswith("Hint for \u2068Nonna\u2069: ")
    assert lines.count(" suggested") >= 2
    assert app.match is not None and {p for _, p in app.match.hints} == {1, 2}
    for seat in ("1", "2", "0"):
        app.handle("answer", {"player": seat, "row": "none"})
    assert 'class="line-hint"' not in app.regions()["controls"]


def test_a_name_on_its_line_leads_to_its_sheet() -> None:
    app = coached()
    lines = app.regions()["controls"]
    for seat, name in enumerate(("Papà", "Mamma", "Nonna")):
        assert re.search(
            rf'<button class="who-name" data-see-seat="{seat}" '
            rf'aria-label="See the sheet of \u2068{name}\u2069"',
            lines,
        )
