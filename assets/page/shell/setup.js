// The setup: the game, the players in seat order (a person or a computer at each seat, and in
// Diceland a map), who starts, the dice, the coach. It works before Python has loaded; a game
// asked for before is started as soon as Python is ready (setup-start.js). Its other parts:
// the form's fields (setup-form.js), the places round a table-top (setup-places.js), Diceland's
// maps (setup-maps.js), the setup kept across a reload (setup-kept.js).

import { targetOf } from "../dom.js";
import { FACTS } from "../facts.js";
import {
  chosenGame, countField, firstField, isolated, seatItems, seatName, setup, shownSeats,
} from "./setup-form.js";
import { restoreKeptFields } from "./setup-kept.js";
import { listenToMapChooser, showMap } from "./setup-maps.js";
import {
  placeSwapped, rememberLayout, rememberedLayout, showLayout, tableField,
} from "./setup-places.js";
import { startAnswered, startGame } from "./setup-start.js";

// The seats of the table: as many as the players chosen, within what the game allows. Each
// seat shows the choices of that game (Diceland: a map) and, in every game, whether a person
// or a computer plays it.
// Each writes only what differs: the page comes built as these leave it at first (build/
// build.py), so the setup's first paint is never laid out again when they run.
function showSeatsOf() {
  const game = chosenGame();
  if (setup.dataset.game !== game.value) setup.dataset.game = game.value;
  // Each game's own choices (Diceland's maps, Qwixx's pads), shown under that game only.
  for (const own of /** @type {NodeListOf<HTMLElement>} */ (
    setup.querySelectorAll(".game-choices")
  )) {
    const hidden = own.dataset.game !== game.value;
    if (own.hidden !== hidden) own.hidden = hidden;
  }
  const { minPlayers, maxPlayers } = FACTS.games[game.value];
  const wanted = Number(countField.value);
  const counts = Array.from({ length: maxPlayers - minPlayers + 1 }, (_, index) =>
    String(minPlayers + index));
  if ([...countField.options].map((option) => option.value).join() !== counts.join()) {
    countField.replaceChildren(...counts.map((count) => new Option(count, count)));
  }
  const count = Math.min(Math.max(wanted, minPlayers), maxPlayers);
  countField.value = String(count);
  // Seats put away by the game chosen are said beside the count, until the next choice.
  setup.toggleAttribute("data-seats-cut", count < wanted);
  showSeats();
}

function showSeats() {
  const count = Number(countField.value);
  seatItems().forEach((item, index) => {
    if (item.hidden !== index >= count) item.hidden = index >= count;
  });
  // A seat shown again comes as a person while dice for people are chosen (it was a computer
  // before it was put away, or a day's link chose them): the line under the seats says why
  // computers are not on offer.
  if (peopleDice()) {
    for (const kind of shownKinds()) {
      if (FACTS.levels.includes(kind.value)) kind.selectedIndex = 0;
    }
  }
  showStarters();
  showLayout();
  showRuledOut();
}

function layoutChosen() {
  rememberLayout();
  showLayout();
  showRuledOut();
}

// Who starts: drawn at random (every rule book draws the first player), or a seat chosen.
export function showStarters() {
  const seats = shownSeats();
  const chosen = firstField.value;
  const names = seats.map((item) => isolated(seatName(item)));
  const shown = [...firstField.options].slice(1).map((option) => option.textContent);
  if (shown.join("\n") !== names.join("\n")) {
    // The player's own text, never HTML (an Option's text).
    firstField.replaceChildren(
      firstField.options[0],
      ...names.map((name, index) => new Option(name, String(index))),
    );
  }
  firstField.value = Number(chosen) < seats.length ? chosen : "";
}

// Sheets only is for people: a computer would need to see the dice, and so would the coach.
// So is today's game: each person plays the day's dice alone, and the expert's result on them
// is said at the end, in turn: not round the device lying in the middle of the table. No choice
// ever changes another behind the family's back: while a computer plays a seat or hints are
// asked for, these dice are not on offer, and while one is chosen, neither are the computers'
// levels nor hints (nor, with today's game, a variant's pad, nor the table-top; while the
// device lies on the table, today's game is not on offer); each control ruled out says why
// beside it (data-ruled-out names the reasons that hold, the shell's CSS shows their words).
/** @type {Record<string, string>} */
const peopleDiceReasons = { [FACTS.sheetsOnly]: "sheets-only", [FACTS.dayDice]: "day" };
const peopleDiceFields = Object.keys(peopleDiceReasons).map((kind) =>
  /** @type {HTMLInputElement} */ (setup.querySelector(`input[name=dice][value="${kind}"]`)));
const peopleDice = () => peopleDiceFields.find((field) => field.checked);
const coachField = /** @type {HTMLInputElement} */ (setup.querySelector("input[name=coach]"));
const dayField = /** @type {HTMLInputElement} */ (
  setup.querySelector(`input[name=dice][value="${FACTS.dayDice}"]`)
);
const shownKinds = () => shownSeats()
  .map((item) => /** @type {HTMLSelectElement} */ (item.querySelector(".seat-kind")));

function showRuledOut() {
  const chosen = peopleDice();
  const computer = shownKinds().some((kind) => FACTS.levels.includes(kind.value));
  for (const select of /** @type {NodeListOf<HTMLSelectElement>} */ (
    setup.querySelectorAll(".seat-kind")
  )) {
    for (const option of select.options) {
      option.disabled = chosen !== undefined && FACTS.levels.includes(option.value);
    }
  }
  coachField.disabled = chosen !== undefined;
  // Today's game is the game's own: its pad is not chosen (shell.py says so beside it).
  for (const pad of setup.querySelectorAll("select[name=variant]")) {
    /** @type {HTMLSelectElement} */ (pad).disabled = chosen?.value === FACTS.dayDice;
  }
  const table = setup.dataset.layout === "table";
  tableField.disabled = chosen === dayField;
  for (const field of peopleDiceFields) {
    field.disabled = (!chosen && (computer || coachField.checked)) || (field === dayField && table);
  }
  const reasons = [
    ...(chosen ? [peopleDiceReasons[chosen.value]] : []),
    ...(!chosen && computer ? ["computer"] : []),
    ...(!chosen && coachField.checked ? ["coach"] : []),
    ...(table ? ["table"] : []),
  ].join(" ");
  // Written only when it differs: the setup as built is not laid out again at the start.
  if ((setup.dataset.ruledOut ?? "") !== reasons) {
    if (reasons) setup.dataset.ruledOut = reasons;
    else delete setup.dataset.ruledOut;
  }
}

// Seat order is the order of the names; "move up" swaps a player (name and choices) with
// the one above.
/** @param {MouseEvent} event */
function moveUp(event) {
  const button = targetOf(event).closest(".move-up");
  if (!button) return;
  const item = /** @type {HTMLLIElement} */ (button.closest("li"));
  const above = item.previousElementSibling;
  if (!above) return;
  /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */
  const here = item.querySelectorAll("input, select");
  /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */
  const there = above.querySelectorAll("input, select");
  here.forEach((field, index) => {
    [field.value, there[index].value] = [there[index].value, field.value];
  });
  showMap(item);
  showMap(above);
  there[0].focus();
  // Who starts is a person, not a seat: the one chosen moves with them.
  const seats = seatItems();
  const [from, to] = [seats.indexOf(item), seats.indexOf(/** @type {HTMLLIElement} */ (above))];
  const first = firstField.value;
  if (first === String(from)) firstField.value = String(to);
  else if (first === String(to)) firstField.value = String(from);
  showStarters();
  showLayout({ keep: true }); // each keeps their place at the table, as a place they had
}

/** The setup as typed before a reload, if it was one, with its seats shown. */
function restoreSetup() {
  const kept = restoreKeptFields();
  if (!kept) return;
  showSeatsOf();
  countField.value = kept.count;
  showSeats();
  firstField.value = kept.first;
}

/** The setup answers the player's choices, and starts the game asked for. */
export function listenToSetup() {
  setup.addEventListener("submit", startGame);
  setup.addEventListener("click", moveUp);
  listenToMapChooser();
  setup.addEventListener("change", (event) => {
    const target = /** @type {HTMLInputElement | HTMLSelectElement} */ (targetOf(event));
    if (target.name === "game") showSeatsOf();
    else if (target === countField) {
      setup.removeAttribute("data-seats-cut");
      showSeats();
    }
    else if (target.name === "dice" || target.name === "coach") showRuledOut();
    else if (target.classList.contains("seat-kind")) showRuledOut();
    else if (target.name === "layout") layoutChosen();
    else if (target.classList.contains("seat-edge")) placeSwapped(target);
  });
  // Back at the setup from a game: who starts is drawn again (the last game's first seat may
  // be someone else now), and Start is ready for a tap.
  let screen = document.body.dataset.screen;
  window.addEventListener("dadoteca:painted", ({ detail: update }) => {
    if (update.screen === "setup" && screen !== "setup") {
      firstField.value = "";
      startAnswered();
    }
    screen = update.screen;
  });
  setup.addEventListener("input", (event) => {
    if (/** @type {HTMLInputElement} */ (targetOf(event)).name === "player") showStarters();
  });
}

/** The setup's seats and choices shown, as typed before a reload if it was one. */
export function showSetup() {
  rememberedLayout();
  showSeatsOf();
  restoreSetup();
  showRuledOut();
  window.addEventListener("resize", () => { // a keyboard opening, too
    showLayout({ keep: true });
    showRuledOut();
  });
}

/**
 * A link to a day's game (``?day=GAME-YYYY-MM-DD``, read by Python): the setup offers that
 * game with the day's dice, played in turn (the device handed round), the players still to
 * name.
 * @param {string} game
 */
export function offerDay(game) {
  for (const [name, value] of [["game", game], ["dice", FACTS.dayDice], ["layout", ""]]) {
    const input = setup.querySelector(`input[name=${name}][value="${value}"]`);
    if (input instanceof HTMLInputElement) input.checked = true;
  }
  showSeatsOf();
}
