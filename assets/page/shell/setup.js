// The setup: the game, the players in seat order (a person or a computer at each seat, and in
// Diceland a map), who starts, the dice, the coach. It works before Python has loaded; a game
// asked for before is started as soon as Python is ready.

import { byId, one, targetOf } from "../dom.js";
import { FACTS } from "../facts.js";
import { openDialog } from "./dialogs.js";
import { followBootProgress } from "./progress.js";
import { session, storage } from "./storage.js";

/** @import { StartRequest } from "../protocol.js" */

const setup = byId("setup", HTMLFormElement);
const chosenGame = () => /** @type {HTMLInputElement} */ (
  setup.querySelector("input[name=game]:checked")
);

// The seats of the table: as many as the players chosen, within what the game allows. Each
// seat shows the choices of that game (Diceland: a map) and, in every game, whether a person
// or a computer plays it.
const countField = byId("player-count", HTMLSelectElement);
const firstField = byId("first-player", HTMLSelectElement);
const seatItems = () => /** @type {HTMLLIElement[]} */ ([...setup.querySelectorAll(".players li")]);
/** @param {Element} item */
const nameField = (item) => /** @type {HTMLInputElement} */ (
  item.querySelector("input[name=player]")
);

/** The game chosen on the setup. */
export function chosenGameId() {
  return chosenGame().value;
}

/**
 * Whether ``field`` is asked for ``game``: every game's, or that game's own (.game-choices).
 * @param {Element} field
 * @param {string} game
 */
function ownedBy(field, game) {
  const own = /** @type {HTMLElement | null} */ (field.closest(".game-choices"));
  return !own || own.dataset.game === game;
}

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

// The device lying in the middle of the table: offered on a tablet (from two players), and on
// a phone for two, face to face; remembered. Each person chooses their place among those that
// fit the screen: the two long edges for two (a phone's two halves), the four edges for three
// or four, and for five two along the bottom edge. Seat order follows the seating, clockwise.
const layoutChoice = one(".layout-choice", setup);
const tableField = /** @type {HTMLInputElement} */ (
  setup.querySelector("input[name=layout][value=table]")
);
const CLOCKWISE = ["bottom-right", "bottom", "bottom-left", "left", "top-left", "top",
  "top-right", "right"];
const edgeField = (/** @type {Element} */ item) => /** @type {HTMLSelectElement} */ (
  item.querySelector("select[data-choice=edge]")
);
const chosenLayout = () => /** @type {HTMLInputElement} */ (
  setup.querySelector("input[name=layout]:checked")
).value;

/** The places offered for ``count`` people, each seat's own by default in this order. */
function placesFor(/** @type {number} */ count) {
  const phone = Math.min(window.innerWidth, window.innerHeight) < 600;
  const landscape = window.innerWidth >= window.innerHeight;
  if (phone) return count === 2 ? ["bottom", "top"] : [];
  if (count === 2) return landscape ? ["bottom", "top"] : ["left", "right"];
  if (count <= 4 && count > 2) return ["bottom", "left", "top", "right"];
  if (count === 5) return ["bottom-left", "left", "top", "right", "bottom-right"];
  return [];
}

/** The places shown: each seat's own by default; ``keep``: as chosen, where they still fit. */
function showLayout({ keep = false } = {}) {
  const seats = seatItems().filter((item) => !item.hidden);
  const offered = placesFor(seats.length);
  // Only what differs is written: the setup as built (two players, the choice offered, the
  // device handed round) is what a first start shows, unchanged (tests/e2e/test_app_shell.py).
  if (layoutChoice.hidden !== !offered.length) layoutChoice.hidden = !offered.length;
  const layout = offered.length ? chosenLayout() : "";
  if ((setup.dataset.layout ?? "") !== layout) {
    if (layout) setup.dataset.layout = layout;
    else delete setup.dataset.layout;
  }
  if (!layout) return;
  /** @type {Set<string>} */
  const taken = new Set();
  seats.forEach((item, index) => {
    const field = edgeField(item);
    for (const option of field.options) option.hidden = !offered.includes(option.value);
    if (!keep) field.value = offered[index];
    if (!offered.includes(field.value) || taken.has(field.value)) {
      field.value = offered.find((edge) => !taken.has(edge)) ?? offered[index];
    }
    taken.add(field.value);
    field.dataset.was = field.value;
  });
}

/** A place chosen that another person had: they swap places. */
function placeSwapped(/** @type {HTMLInputElement | HTMLSelectElement} */ field) {
  const other = seatItems().filter((item) => !item.hidden).map(edgeField)
    .find((each) => each !== field && each.value === field.value);
  if (other) other.value = field.dataset.was ?? "";
  showLayout({ keep: true });
}

function layoutChosen() {
  try {
    storage?.setItem(FACTS.storageKeys.layout, chosenLayout());
  } catch {
    // Storage full: chosen for this game, not remembered.
  }
  showLayout();
  showRuledOut();
}

function rememberedLayout() {
  if (storage?.getItem(FACTS.storageKeys.layout) === "table") tableField.checked = true;
}

/**
 * A player's name, isolated from the text around it (a name written right to left must not
 * reorder it): an element for the page's text, between FIRST STRONG ISOLATE and POP
 * DIRECTIONAL ISOLATE where only text may go (an <option>).
 * @param {string} name
 */
export function nameElement(name) {
  const element = document.createElement("bdi");
  element.textContent = name; // the player's own text, never HTML
  return element;
}
const isolated = (/** @type {string} */ name) => `\u2068${name}\u2069`;

/** The name a seat plays under: the one typed, else the one shown in its field. */
function seatName(/** @type {Element} */ item) {
  const input = nameField(item);
  return input.value.trim() || input.placeholder;
}

// Who starts: drawn at random (every rule book draws the first player), or a seat chosen.
export function showStarters() {
  const seats = seatItems().filter((item) => !item.hidden);
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
const shownKinds = () => seatItems().filter((item) => !item.hidden)
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

// Python starts the game asked for: once it is ready, at once; before, as soon as it is.
/** @type {((request: StartRequest) => Promise<unknown>) | null} */
let starter = null;
/** @type {StartRequest | null} */
let pendingStart = null;

/**
 * From now on ``start`` starts the games asked for (settling once Python has answered), and
 * the one asked for before, if any, now, unless another screen has come meanwhile.
 * @param {(request: StartRequest) => Promise<unknown>} start
 */
export function startGamesWith(start) {
  starter = start;
  const pending = pendingStart;
  pendingStart = null;
  if (pending && document.body.dataset.screen === "setup") sendStart(pending);
  else startAnswered();
}

// Start answers its tap at once, in the tap's own frame: pressed, and "Starting…" (with the
// game engine's loading, while it loads) until Python has answered.
function showStarting() {
  setup.dataset.starting = "yes";
  followBootProgress(/** @type {HTMLProgressElement} */ (one(".start-progress", setup)));
}

function startAnswered() {
  delete setup.dataset.starting;
}

/** @param {StartRequest} request */
function sendStart(request) {
  Promise.resolve(/** @type {(request: StartRequest) => unknown} */ (starter)(request))
    .finally(startAnswered);
}

/** @param {SubmitEvent} event */
function startGame(event) {
  event.preventDefault();
  if (setup.dataset.starting) return; // a second tap on Start: the game is already coming
  showStarting();
  const game = chosenGame().value;
  let seats = seatItems().filter((item) => !item.hidden);
  const table = setup.dataset.layout === "table";
  const first = firstField.value === "" ? null : seats[Number(firstField.value)];
  if (table) { // seat order follows the seating, clockwise round the table
    const around = (/** @type {Element} */ item) => CLOCKWISE.indexOf(edgeField(item).value);
    seats = [...seats].sort((a, b) => around(a) - around(b));
  }
  /** @type {StartRequest} */
  const request = {
    game,
    names: seats.map((item) => nameField(item).value),
    choices: seats.map((item) => Object.fromEntries(
      [...item.querySelectorAll("[data-choice]")]
        .filter((element) => ownedBy(element, game))
        .filter((element) => table || !element.classList.contains("seat-edge"))
        .map((element) => {
          const field = /** @type {HTMLInputElement | HTMLSelectElement} */ (element);
          return [field.dataset.choice, field.value];
        }))),
    first: first ? seats.indexOf(first) : null,
    // The game's pad (Qwixx's): a variant's id, or "" for the game's own.
    variant: /** @type {HTMLSelectElement[]} */ ([...setup.querySelectorAll("select[name=variant]")])
      .find((element) => ownedBy(element, game))?.value ?? "",
    dice: /** @type {HTMLInputElement} */ (setup.querySelector("input[name=dice]:checked")).value,
    coach: setup.querySelector("input[name=coach]:enabled:checked") !== null,
  };
  if (starter) sendStart(request);
  else pendingStart = request; // Python starts it as soon as it is ready
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

// Diceland's maps: a seat's button shows its choice (the chooser's picture and name) and
// opens the chooser; the form sends the seat's hidden map field. The pictures of the maps (a
// sprite the build draws) load when the chooser first opens.
const mapChooser = byId("map-chooser", HTMLDialogElement);
const mapField = (/** @type {Element} */ item) => /** @type {HTMLInputElement} */ (
  item.querySelector("[data-choice=map]")
);
const mapOptions = () => /** @type {HTMLElement[]} */ (
  [...mapChooser.querySelectorAll(".map-option")]
);
/** @type {HTMLLIElement | null} */
let mapSeat = null; // the seat whose map is being chosen

/** @param {Element} item */
function showMap(item) {
  const option = /** @type {HTMLElement} */ (
    mapOptions().find((each) => each.dataset.map === mapField(item).value)
  );
  const [picture, name] = [".dl-pic", ".map-name"]
    .map((selector) => /** @type {Element} */ (option.querySelector(selector)).cloneNode(true));
  /** @type {Element} */ (/** @type {Element} */ (picture).querySelector("use"))
    .setAttribute("href", option.dataset.picture ?? "");
  /** @type {Element} */ (item.querySelector(".map-face")).replaceChildren(picture, name);
}

/** @param {MouseEvent} event */
function chooseMap(event) {
  const button = targetOf(event).closest(".seat-map");
  if (!button) return;
  const seat = /** @type {HTMLLIElement} */ (button.closest("li"));
  mapSeat = seat;
  /** @type {Element} */ (mapChooser.querySelector(".map-for")).textContent = seatName(seat);
  for (const option of mapOptions()) {
    /** @type {Element} */ (option.querySelector("use"))
      .setAttribute("href", option.dataset.picture ?? "");
    option.setAttribute("aria-pressed", String(option.dataset.map === mapField(seat).value));
  }
  openDialog(mapChooser);
  /** @type {HTMLElement} */ (mapChooser.querySelector(".map-option[aria-pressed=true]")).focus();
}

/** @param {MouseEvent} event */
function mapChosen(event) {
  const option = /** @type {HTMLElement | null} */ (targetOf(event).closest(".map-option"));
  const seat = /** @type {HTMLLIElement} */ (mapSeat);
  if (option) {
    mapField(seat).value = option.dataset.map ?? "";
    showMap(seat);
  }
  if (option || targetOf(event).closest("#map-chooser-close")) mapChooser.close();
}

// The setup as typed, kept in this window's sessionStorage across a reload (a new version
// reloads every window: assets/page/shell/service-worker.js).
const SETUP_KEPT = "dadoteca.setup-kept";
const setupFields = () => /** @type {(HTMLInputElement | HTMLSelectElement)[]} */ (
  [...setup.querySelectorAll("input, select")]
);

export function keepSetupForReload() {
  const values = setupFields().map((field) => (
    field instanceof HTMLInputElement && field.type === "radio" ? field.checked : field.value
  ));
  try {
    session?.setItem(SETUP_KEPT, JSON.stringify(values));
  } catch {
    // Storage full: the setup comes back empty, nothing else is lost.
  }
}

function restoreSetup() {
  const text = session?.getItem(SETUP_KEPT);
  session?.removeItem(SETUP_KEPT);
  let values = null;
  try {
    values = JSON.parse(/** @type {string} */ (text));
  } catch {
    return;
  }
  const fields = setupFields();
  if (!Array.isArray(values) || values.length !== fields.length) return; // another version's
  fields.forEach((field, index) => {
    if (field instanceof HTMLInputElement && field.type === "radio") {
      field.checked = values[index] === true;
    } else if (field.id !== "player-count" && field.id !== "first-player") {
      field.value = String(values[index]);
    }
  });
  showSeatsOf();
  countField.value = String(values[fields.indexOf(countField)]);
  showSeats();
  firstField.value = String(values[fields.indexOf(firstField)]);
}

/** The setup answers the player's choices, and starts the game asked for. */
export function listenToSetup() {
  setup.addEventListener("submit", startGame);
  setup.addEventListener("click", moveUp);
  setup.addEventListener("click", chooseMap);
  mapChooser.addEventListener("click", mapChosen);
  // A choice, Close, Escape or Back: the keyboard carries on from the seat's button.
  mapChooser.addEventListener("close", () => {
    /** @type {HTMLElement} */ (/** @type {HTMLLIElement} */ (mapSeat).querySelector(".seat-map"))
      .focus();
  });
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
